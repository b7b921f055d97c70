// Coming to a table one holds no seat at (an invite link, a shared address) and coming
// back to one after a disconnection. The server answers `table.open` with `not_seated`,
// its free seats and how the table looks (docs/protocol.md, "Invite links"): this draws
// the choice of seat (partners opposite in 2 v 2), the started table's offer to watch,
// the private table's refusal; the host's link to share; and the pause of a returning
// player, whose table waits for them for the return invitation's seconds.
import { h } from "../dom.js";
import { t, errorText } from "../i18n.js";
import { countdown } from "../clock.js";

// Seats around the felt as the table screen places them: 0 at the bottom, then to its
// right (the playing order), across, and left.
const PLACES = { 2: ["bottom", "top"], 4: ["bottom", "right", "top", "left"] };

function seatName(seat) {
  if (seat.kind === "open") return t("invite-free");
  if (seat.kind === "bot") return `${t("web-bot")}${seat.level ? ` · ${t(`web-level-${seat.level}`)}` : ""}`;
  return seat.name || "?";
}

// The answer `not_seated`: choose a free seat, or watch a table that has started.
// `gate` is {answer, busy, flash}; `sit(seat)`, `watch()` and `lobby()` act.
export function gateView(gate, { sit, watch, lobby, rate }) {
  const { answer } = gate;
  if (answer.code !== "not_seated") {
    return h("section", { class: "gate" }, h("p", { class: "banner gate-refused", role: "alert" }, errorText(answer)),
      h("div", { class: "buttons" }, h("button", { type: "button", onclick: lobby }, t("web-back-to-lobby"))));
  }
  const table = answer.table;
  const n = table.seats.length;
  const title = `${t(`web-game-${table.game}`)} · ${t(`web-mode-${n}`)} · ${t(`web-speed-${table.speed}`)}`;
  if (!answer.free.length) {
    return h("section", { class: "gate", "aria-labelledby": "gate-h" },
      h("h1", { id: "gate-h" }, title),
      h("p", { class: "banner gate-started", role: "alert" }, t("invite-started")),
      seatsView(table, [], sit, gate.busy),
      h("div", { class: "buttons" },
        h("button", { class: "primary", type: "button", onclick: watch }, t("web-watch")),
        h("button", { type: "button", onclick: lobby }, t("web-back-to-lobby"))));
  }
  return h("section", { class: "gate", "aria-labelledby": "gate-h" },
    h("h1", { id: "gate-h" }, title),
    h("p", { class: "gate-lead" }, gate.busy ? t("invite-joining") : t("invite-choose")),
    gate.flash ? h("p", { class: "flash", role: "alert" }, gate.flash) : null,
    seatsView(table, answer.free, sit, gate.busy),
    n === 4 ? h("p", { class: "gate-note" }, t("invite-opposite")) : null,
    table.private && table.rated ? ratedChoice(gate, rate) : null,
    h("div", { class: "buttons" },
      h("button", { type: "button", onclick: watch }, t("web-watch")),
      h("button", { type: "button", onclick: lobby }, t("web-back-to-lobby"))));
}

// A private table its host offers rated: the joiner accepts rated or not (checked at first;
// the match is rated only if every player accepts).
function ratedChoice(gate, rate) {
  const box = h("input", { type: "checkbox", id: "gate-rated", checked: gate.rated !== false, disabled: gate.busy, onchange: (e) => rate(e.target.checked) });
  return h("div", { class: "gate-rated" },
    h("p", { class: "gate-note" }, t("invite-rated-offer")),
    h("label", { class: "check", for: "gate-rated" }, box, t("invite-rated-accept")));
}

// The seats around a small felt: who sits where, and a button on each free one.
function seatsView(table, free, sit, busy) {
  const n = table.seats.length;
  const places = PLACES[n] || PLACES[2];
  return h("div", { class: `gate-seats players-${n}` },
    h("div", { class: "gate-felt", "aria-hidden": "true" }, "♣"),
    table.seats.map((seat) => {
      const i = seat.seat;
      const other = n === 4 ? table.seats[(i + 2) % 4] : table.seats[(i + 1) % 2];
      // who this seat plays with (2 v 2) or against (1 v 1), once someone sits there
      const with_ = other.kind === "open" ? null : t(n === 4 ? "invite-partner" : "invite-opponent", { name: seatName(other) });
      const open = free.includes(i);
      return h("div", { class: `gate-seat at-${places[i]}${open ? " open" : ""}${seat.kind === "bot" ? " bot" : ""}`, dataset: { seat: i } },
        h("span", { class: "gate-name" }, seatName(seat)),
        with_ ? h("span", { class: "gate-with" }, with_) : null,
        open ? h("button", { class: "primary", type: "button", disabled: busy, "aria-label": with_ ? `${t("invite-sit")}: ${with_}` : null, onclick: () => sit(i) }, t("invite-sit")) : null);
    }));
}

// The host's invite link while the table waits: copy it, or share it on a phone.
export function invitePanel(link, game) {
  const copy = h("button", { type: "button", onclick: async () => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      field.select(); // no clipboard (an insecure origin): selected, to copy by hand
      return;
    }
    copy.textContent = t("web-copied");
  } }, t("web-copy"));
  const field = h("input", { readonly: true, value: link, "aria-label": t("web-invite-link"), onfocus: (e) => e.target.select() });
  const share = navigator.share
    ? h("button", { class: "primary", type: "button", onclick: () => navigator.share({ title: t("web-app"), text: t("invite-share-text", { game: t(`web-game-${game}`) }), url: link }).catch(() => {}) }, t("invite-share"))
    : null;
  return h("div", { class: "invite-panel" },
    h("p", { class: "invite-hint" }, t("invite-share-hint")),
    h("div", { class: "invite-link" }, field, copy, share));
}

// The link as this page's address sees the room (the server's own may name another host).
export function inviteLink(tableId, serverLink) {
  const code = new URL(serverLink, location.href).searchParams.get("invite");
  return code ? `${location.origin}/t/${encodeURIComponent(tableId)}?invite=${encodeURIComponent(code)}` : serverLink;
}

// A player back after a disconnection: the match waits, paused, until they reopen the
// table (or the invitation's time runs out and the match is lost).
export function pauseView(deadline, { total, team, reopen }) {
  return h("div", { class: "dialog pause", role: "alertdialog", "aria-modal": "true", "aria-labelledby": "pause-h", "aria-describedby": "pause-p" },
    h("h2", { id: "pause-h" }, t("invite-paused-title")),
    h("p", { id: "pause-p" }, t("invite-paused-body", { team: team ? "yes" : "no" })),
    h("div", { class: "pause-clock" }, countdown(deadline, { total, warnAt: 10, cls: "big" })),
    h("div", { class: "buttons" }, h("button", { class: "primary", type: "button", onclick: reopen }, t("web-reopen"))));
}
