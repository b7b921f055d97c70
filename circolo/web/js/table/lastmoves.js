// What the others did since your last move, kept on the felt until you move again: every
// other player's moves (and your own when the clock made it for you), from the move
// happenings the server sends (their `events`, as narrate.js reads them). Each game's table
// module draws the moves it keeps in its own way; this module names no game.
import { h } from "../dom.js";
import { t } from "../i18n.js";

// The moves to keep after happening `ev`, seen from seat `me` (null for a spectator): a new
// hand starts afresh; your own move clears them, unless the clock made it (then it is kept,
// to be shown as such); every other move is kept (a player may take a trick and lead
// the next before you play), the last KEEP of them for a spectator, whom no move clears.
const KEEP = 6;
export function track(moves, ev, me) {
  if (ev.type === "deal") return [];
  if (ev.type !== "move") return moves;
  if (ev.seat === me && !ev.auto) return [];
  return [...moves, { seat: ev.seat, auto: !!ev.auto, events: ev.events || [] }].slice(-KEEP);
}

// The events of one kind among a kept move's.
export const eventsOf = (move, kind) => move.events.filter((e) => e.kind === kind);

// The mark of a move the clock made.
export function autoTag() {
  return h("span", { class: "tag auto-tag" }, t("felt-auto-move"));
}

// The box of kept moves on the felt, one line each ({ seat, auto, body }), newest last;
// nothing when there is none. Labelled for screen readers; the live region has told them.
export function movesBox(lines) {
  if (!lines.length) return null;
  return h("ol", { class: "last-moves", "aria-label": t("web-recent") },
    lines.map((l) => h("li", { class: `last-move${l.auto ? " auto" : ""}`, dataset: { seat: l.seat } }, l.body, l.auto ? autoTag() : null)));
}
