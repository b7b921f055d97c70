// A tournament's notices (frame tournament.notice), wherever the player is in the room: a
// banner at the top of the page, in a polite live region (a new one is added, never the
// whole list said again), with "Go to the table" when the notice names one. At most three
// are kept; each stays until dismissed or followed, or its table is opened.
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { tourHref, rememberTable, chipsText, knownName } from "./tournaments.js";

let kept = [];
let box = null;
let go = null;

export function listenNotices(conn, navigate) {
  go = navigate;
  conn.on("tournament.notice", (m) => {
    if (m.data?.table_id) rememberTable(m.data.table_id, m.tournament);
    const notice = { ...m, key: `${Date.now()}.${Math.random()}` };
    kept = [...kept, notice].slice(-3);
    if (!box) return;
    while (box.children.length >= 3) box.firstElementChild.remove();
    box.append(view(notice));
  });
}

// The region, in a page drawn anew (a language switched): the kept notices in its words.
export function mountNotices(root = document.body) {
  box = h("div", { class: "tour-notices", role: "status", "aria-live": "polite" });
  root.append(box);
  replace(box, kept.map(view));
}

export function noticeText(m) {
  const d = m.data || {};
  return t(`tour-notice-${m.what}`, { name: m.name || knownName(m.tournament, m.game), round: d.round ?? "", amount: chipsText(d.amount ?? 0), place: d.place ?? "", opponent: d.opponent ?? "" });
}

// The player is at this table: its notices have done their work.
export function reachedTable(tableId) {
  kept.filter((n) => n.data?.table_id === tableId).forEach(dismiss);
}

function dismiss(notice) {
  kept = kept.filter((n) => n.key !== notice.key);
  box?.querySelector(`[data-key="${notice.key}"]`)?.remove();
}

function follow(e, notice, path) {
  e.preventDefault();
  dismiss(notice);
  go(path);
}

function view(m) {
  const table = m.data?.table_id;
  const tablePath = table ? `/t/${encodeURIComponent(table)}` : null;
  return h("div", { class: `tour-notice what-${m.what}`, dataset: { key: m.key, tournament: m.tournament } },
    h("p", {}, noticeText(m)),
    h("div", { class: "buttons" },
      table ? h("a", { class: "button primary", href: tablePath, onclick: (e) => follow(e, m, tablePath) }, t("tour-notice-go")) : null,
      h("a", { href: tourHref(m.tournament), onclick: () => dismiss(m) }, t("tour-notice-see")),
      h("button", { type: "button", class: "ghost", onclick: () => dismiss(m) }, t("tour-notice-dismiss"))));
}
