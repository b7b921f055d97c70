// A player's public profile (#/player/<id>): name, since when, per game and mode the
// matches won, lost and drawn with the rating, and the last finished public matches; and
// the record table the head-to-head of the history page shares. Routes (docs/records.md):
//   GET /api/players/<id>  -> {player: {id, name, kind, since}, me, records: [...], recent: [...],
//                             tournaments: [...]}
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { profileTournaments } from "./tournaments.js";

const when = (at) => new Date(at * 1000).toLocaleString(document.documentElement.lang, { dateStyle: "medium", timeStyle: "short" });
const day = (at) => new Date(at * 1000).toLocaleDateString(document.documentElement.lang, { dateStyle: "long" });

export const profileHref = (id) => `#/player/${encodeURIComponent(id)}`;
export const modeName = (mode) => t(`web-mode-${mode === "2v2" ? 4 : 2}`);

// One row per game and mode: matches, wins, losses, draws (and the rating, when asked).
export function recordTable(rows, caption, withRating = false) {
  const cols = ["matches", "wins", "losses", "draws", ...(withRating ? ["rating"] : [])];
  return h("table", { class: "leaderboard records" },
    h("caption", {}, caption),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("record-col-game")), cols.map((c) => h("th", { scope: "col", class: "num" }, t(`record-col-${c}`))))),
    h("tbody", {}, rows.map((r) => h("tr", {},
      h("th", { scope: "row" }, `${t(`web-game-${r.game}`)} · ${modeName(r.mode)}`),
      cols.map((c) => h("td", { class: "num" }, r[c] === null || r[c] === undefined ? "—" : String(r[c])))))));
}

// How a finished table ended for the seat `seat` (the profile's player): won, lost, draw.
function ended(row) {
  const winner = row.result?.winner;
  if (winner === null || winner === undefined) return t("web-draw");
  return row.my_seat % 2 === winner ? t("profile-won") : t("profile-lost");
}

function recentRow(row) {
  const seats = row.seats || [];
  const names = seats.map((s, i) => (s.player_id && i !== row.my_seat
    ? h("a", { href: profileHref(s.player_id) }, s.name)
    : (s.kind === "bot" ? t("web-bot") : s.name)));
  return h("li", { class: "history-row", dataset: { table: row.table_id } },
    h("span", { class: "tname" }, `${t(`web-game-${row.game}`)} · ${t(`web-mode-${seats.length || 2}`)}`),
    h("span", { class: "tseats" }, names.flatMap((n, i) => (i ? [" · ", n] : [n]))),
    h("strong", {}, ended(row), " ", (row.result?.totals || []).join(" – ")),
    h("time", { datetime: new Date((row.finished_at || row.created_at) * 1000).toISOString() }, when(row.finished_at || row.created_at)),
    h("a", { class: "button", href: `#/replay?t=${encodeURIComponent(row.table_id)}` }, t("web-replay")));
}

async function profileOf(id) {
  try {
    const res = await fetch(`/api/players/${encodeURIComponent(id)}`, { headers: { accept: "application/json" } });
    if (res.status === 404) return { missing: true };
    return res.ok ? await res.json() : null;
  } catch {
    return null;
  }
}

export async function renderPlayer(main, raw) {
  let id = raw;
  try { id = decodeURIComponent(raw); } catch { /* shown as typed: the server says it is nobody */ }
  const page = h("section", { class: "profile-page" }, h("h1", {}, t("profile-title")), h("p", {}, "…"));
  replace(main, page);
  const data = await profileOf(id);
  if (!main.contains(page)) return; // another page was opened meanwhile
  if (!data || data.missing) {
    return replace(page, h("h1", {}, t("profile-title")), h("p", { class: "empty" }, t(data ? "profile-unknown" : "profile-unavailable")));
  }
  const p = data.player;
  replace(page,
    h("h1", {}, p.name, data.me ? ` (${t("web-you")})` : ""),
    h("p", { class: "profile-facts" },
      h("span", { class: "badge" }, t(p.kind === "account" ? "profile-account" : "profile-guest")), " ",
      h("span", { class: "muted" }, t("profile-since", { date: day(p.since) }))),
    data.me ? null : h("p", {}, h("a", { class: "button", href: `#/history?opponent=${encodeURIComponent(p.id)}` }, t("profile-h2h", { name: p.name }))),
    data.records.length ? recordTable(data.records, t("profile-records"), true) : h("p", { class: "empty" }, t("profile-none")),
    data.recent.length ? [h("h2", {}, t("profile-recent")), h("ul", { class: "history-list" }, data.recent.map(recentRow))] : null,
    profileTournaments(data.tournaments));
}
