// The hand-end breakdown (every category per side; Scopa's primiera cards) and the
// match-end screen with every hand, the reason it ended and the rematch button.
import { h } from "../dom.js";
import { t, has } from "../i18n.js";
import { countdown } from "../clock.js";
import { factsOf, verifyHref } from "../verify.js";
import { TABLES } from "./games.js";
import { reportButton } from "../report.js";
import { pts, cell } from "./sheet.js";

// How the hand ended, when the game tells it (Burraco: a player went out, or the stock ran
// down to two cards): the game's table module's sheetEnded.
const sheetEnded = (screen, d) => TABLES[screen.model.game]?.sheetEnded?.(screen, d) ?? null;

export function breakdownTable(screen, data) {
  const b = data.breakdown || [];
  const rows = TABLES[screen.model.game]?.sheetRows;
  if (!rows || !b.length) return null;
  return h("table", { class: `breakdown sheet-${screen.model.game}` },
    h("thead", {}, h("tr", {}, h("th", {}, ""), b.map((_, s) => h("th", { scope: "col" }, screen.sideName(s))))),
    h("tbody", {}, rows(screen, b, data.details || {}),
      data.points ? h("tr", { class: "sum", dataset: { row: "total" } }, h("th", { scope: "row" }, t("sheet-hand-points", { game: screen.model.game })), data.points.map((p) => h("td", {}, pts(p)))) : null));
}

// The verify page for this hand: its seed, commitment, game and (when the view still
// shows this hand) its dealer, cut or trump choice.
function verifyLink(screen, data, view = null) {
  if (!data.seed) return null;
  const facts = view ? factsOf(view, screen.model.game) : {};
  const href = verifyHref({ game: screen.model.game, players: screen.model.players, ...facts,
    first: data.first ?? facts.first, seed: data.seed, commitment: data.commitment });
  return h("p", { class: "verify-line" }, `${t("web-seed")}: `, h("code", {}, data.seed.slice(0, 16) + "…"), " ",
    h("a", { href }, t("web-verify-link")));
}

export function handOver(screen, data, onContinue) {
  const until = screen.model.state.phase?.until;
  const game = screen.model.game;
  return h("div", { class: "dialog hand-over", role: "dialog", "aria-labelledby": "ho-h" },
    h("h2", { id: "ho-h" }, t("sheet-hand-title", { game, hand: data.hand })),
    sheetEnded(screen, data.details || {}),
    breakdownTable(screen, data),
    data.totals ? h("p", { class: "totals" }, `${t("sheet-match-totals")}: `, data.totals.map((p, s) => `${screen.sideName(s)} ${p}`).join(" · ")) : null,
    verifyLink(screen, data, screen.model.view),
    h("div", { class: "buttons" },
      onContinue ? h("button", { class: "primary continue", type: "button", onclick: onContinue }, t("web-continue")) : h("span", { class: "waiting" }, t("sheet-waiting")),
      until ? h("span", { class: "next-in" }, t("sheet-next-in"), " ", countdown(until, { total: 8, warnAt: -1, cls: "sheet-clock" })) : null));
}

// The next match against a person who also pressed Play now: accept or decline; once
// accepted, who we wait for; once declined by either, who will not come.
function nextMatchView(offer) {
  const name = offer.with;
  if (offer.off) return h("p", { class: "next-match" }, t("web-next-match-off", { name }));
  if (offer.accepted) return h("p", { class: "next-match", role: "status" }, t("web-next-match-waiting", { name }));
  return h("div", { class: "next-match" }, h("p", {}, t("web-next-match", { name })),
    h("button", { class: "primary", type: "button", onclick: () => offer.answer(true) }, t("web-next-match-accept", { name })), " ",
    h("button", { type: "button", onclick: () => offer.answer(false) }, t("web-next-match-decline")));
}

// Who, for a sentence about a seat: you, or a player named.
function whoSeat(screen, seat) {
  return { who: seat === screen.model.seat ? "you" : "other", name: screen.seatName(seat) };
}

// Who, for a sentence about a side: you, your team, the opponents (plural), or a name.
function whoSide(screen, side) {
  const me = screen.model.seat;
  const name = screen.sideName(side);
  if (screen.model.players === 4) return { who: me === null ? "they" : screen.model.sideOf(me) === side ? "we" : "they", name };
  return { who: side === me ? "you" : "other", name };
}

// Why the match ended, in a sentence: the target reached (by whom), every hand played, the
// seat whose clock ran out, who left or did not come back, the vote; never a raw reason.
export function whyEnded(screen, result) {
  const options = screen.model.state.table?.options || {};
  const game = screen.model.game;
  const seat = result.seat;
  const totals = (result.totals || []).join("–");
  switch (result.reason) {
    case "score":
      if ("hands" in options && !options.target) {
        return t("sheet-why-hands", { hands: (result.hands || []).length, score: totals });
      }
      if (result.winner === null || result.winner === undefined) return t("sheet-why-other");
      if (typeof options.target !== "number") return t("sheet-why-single", { ...whoSide(screen, result.winner), score: totals });
      return t("sheet-why-target", { ...whoSide(screen, result.winner), target: options.target ?? "", score: totals });
    case "vote":
      return t("sheet-why-vote", { target: options.target ?? "" });
    case "clock":
    case "abandonment":
    case "disconnection":
      if (seat !== null && seat !== undefined) return t(`sheet-why-${result.reason}`, whoSeat(screen, seat));
      break;
    default:
      break;
  }
  const key = `web-reason-${result.reason}`;
  return has(key) ? t(key) : t("sheet-why-other");
}

// How the match moved each player's rating: mine first, then my partner's (2 v 2: each
// partner has their own rating), then the other side's, in words (figures as figures: a
// rating is written 1000, not 1,000).
function ratingChanges(screen, rated) {
  const me = screen.model.seat;
  const delta = (c) => (c.after >= c.before ? `+${c.after - c.before}` : `${c.after - c.before}`);
  const side = (c) => (me !== null && screen.model.sideOf(c.seat) === screen.model.sideOf(me) ? 0 : 1);
  const changes = [...rated.changes].sort((a, b) => (b.seat === me) - (a.seat === me) || side(a) - side(b) || a.seat - b.seat);
  return h("ul", { class: "rating-changes" }, changes.map((c) => h("li", { class: c.seat === me ? "mine" : null },
    c.seat === me
      ? t("rating-change", { before: String(c.before), after: String(c.after), delta: delta(c) })
      : t("rating-change-of", { name: screen.seatName(c.seat), before: String(c.before), after: String(c.after), delta: delta(c) }))));
}

// The names of the other people (not bots) seated with me; none for a spectator.
export function otherPeople(screen) {
  const me = screen.model.seat;
  if (me === null) return [];
  return [...Array(screen.model.players).keys()]
    .filter((s) => s !== me && !screen.model.isBot(s) && screen.model.seatInfo(s).name)
    .map((s) => screen.model.seatInfo(s).name);
}

// For a player: each other person's name leads to the matches played with them (the
// history filtered by that name; a table's frames carry names, not player ids).
function withLinks(screen) {
  const names = otherPeople(screen);
  return names.length ? h("p", { class: "with-links" }, names.map((name) =>
    h("a", { href: `#/history?name=${encodeURIComponent(name)}` }, t("history-with", { name })))) : null;
}

export function matchOver(screen, result, rematchUntil, onRematch, onLobby, nextMatch = null, rated = null) {
  const me = screen.model.seat;
  const mySide = me === null ? null : screen.model.sideOf(me);
  let title = t("web-match-over");
  if (result.winner === null || result.winner === undefined) title = t("web-draw");
  else if (mySide !== null) title = result.winner === mySide ? t("web-you-won") : t("web-you-lost");
  else title = t("web-winner", { name: screen.sideName(result.winner), count: screen.model.players / 2 });
  return h("div", { class: "dialog match-over", role: "dialog", "aria-labelledby": "mo-h" },
    h("h2", { id: "mo-h" }, title),
    h("p", { class: "why" }, whyEnded(screen, result)),
    h("p", { class: "totals" }, (result.totals || []).map((p, s) => `${screen.sideName(s)} ${p}`).join(" · ")),
    rated ? ratingChanges(screen, rated) : null,
    withLinks(screen),
    (result.hands || []).map((hand) => h("details", {}, h("summary", {}, `${t("sheet-hand-title", { game: screen.model.game, hand: hand.hand })}: ${(hand.points || []).join(" – ")}`), breakdownTable(screen, hand), verifyLink(screen, hand))),
    nextMatch ? nextMatchView(nextMatch) : null,
    h("div", { class: "buttons" },
      me !== null && rematchUntil ? h("button", { class: "primary", type: "button", onclick: () => onRematch(true) }, t("web-rematch"), " ", countdown(rematchUntil, { total: 60 })) : null,
      h("button", { type: "button", onclick: onLobby }, t("web-back-to-lobby")),
      otherPeople(screen).length ? reportButton(screen.tableId) : null)); // a match with people
}
