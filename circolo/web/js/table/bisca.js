// Bisca Capixaba at the table: the copas/sorteio choice, the trump and the open card,
// the trump-2 exchange, the trick in progress and the last trick with its winner.
import { h } from "../dom.js";
import { t, cardList as cardNames } from "../i18n.js";
import { cardButton, cardImage, cardBack } from "../cardview.js";
import { hint } from "../hint.js";
import { row, cell } from "./sheet.js";
import { eventsOf, movesBox, autoTag } from "./lastmoves.js";
import { tellEvent } from "./narrate.js";

const SUIT_WORD = { H: "♥", D: "♦", C: "♣", S: "♠" };

export function render(ctx) {
  const v = ctx.view;
  const sel = ctx.selected[0] || null;
  const myTurn = ctx.myTurn;
  const trick = v.trick || { leader: null, cards: [] };
  // The trick on the table, else the last one: the view's (it has the leader and the
  // winner), else the table's last trick (only its cards and winner) between hands.
  const last = ctx.model.lastTrick;
  const shownTrick = trick.cards?.length ? trick : (v.tricks || []).at(-1) || (last && { cards: last.cards, winner: last.seat });
  const finished = shownTrick && shownTrick !== trick;
  // a card the clock played (yours or another's, since your last move) is marked as such
  const auto = new Set((ctx.recent || []).filter((m) => m.auto).flatMap((m) => eventsOf(m, "card_played").map((e) => e.card)));
  const slots = [];
  if (shownTrick && shownTrick.cards) {
    const known = Number.isInteger(shownTrick.leader);
    shownTrick.cards.forEach((c, i) => {
      const seat = known ? (shownTrick.leader + i) % v.players : null;
      const win = finished && seat !== null && shownTrick.winner === seat;
      slots.push(h("div", { class: `trick-slot${seat !== null ? ` pos-${ctx.where(seat)}` : ""}${win ? " winner" : ""}` },
        cardImage(c, ctx.faces), seat !== null ? h("span", { class: "who" }, ctx.seatName(seat)) : null, auto.has(c) ? autoTag() : null));
    });
  }
  const trumpBox = h("div", { class: "trump-box" },
    v.trump ? h("span", { class: "trump" }, `${t("web-trump")}: `, h("strong", {}, `${SUIT_WORD[v.trump]} ${ctx.suitName(v.trump)}`), v.copas ? ` · ${t("web-copas")}` : "") : h("span", {}, t("web-choose-trump")),
    h("div", { class: "stock-open" },
      v.stock ? h("span", { class: "stock-pile" }, cardBack("small"), h("span", { class: "count" }, `${t("web-stock", { game: "bisca" })}: ${v.stock}`)) : null,
      v.open_card && v.open_card_drawn_by === null ? h("span", { class: "open-card", "aria-label": t("web-open-card") }, cardImage(v.open_card, ctx.faces, "small"), h("span", { class: "count" }, t("web-open-card"))) : null));

  const playable = myTurn && v.phase === "play";
  const center = h("div", { class: "felt bisca-felt", dataset: playable ? { drop: "table" } : {} }, trumpBox,
    finished ? null : lastTrick(ctx, auto),
    h("div", { class: `trick${finished ? " done" : ""}`, dataset: { fly: "" }, role: "group", "aria-label": `${finished ? t("web-last-trick") : t("web-trick")}: ${cardNames(shownTrick?.cards || [], ctx.faces) || "—"}` },
      slots, finished && shownTrick.winner !== undefined ? h("p", { class: "trick-winner" }, t("web-won-trick", { who: shownTrick.winner === ctx.model.seat ? "you" : "other", name: ctx.seatName(shownTrick.winner) })) : null));

  const side = h("div", { class: "piles" }, (v.scores || []).map((p, s) => h("div", { class: "pile-box", dataset: { pile: s } },
    `${ctx.sideName(s)}: ${t("web-points", { count: p })}`, (v.relo || [])[s] ? h("span", { class: "tag" }, t("web-relo")) : null)));

  // Every move is one the server offered: a decision by its kind, a card by its card.
  const offered = (kind) => ctx.legal.find((m) => m.kind === kind);
  const cardMove = (c) => ctx.legal.find((m) => m.kind === "card" && m.card === c);
  const decision = (kind, cls = "primary") => offered(kind) ? h("button", { class: cls, type: "button", dataset: { move: kind }, onclick: () => ctx.play(offered(kind)) }, t(`web-${kind}`)) : null;
  let actions = [];
  if (myTurn && v.phase === "choose") {
    actions = [h("p", { class: "prompt" }, t("web-choose-trump"), hint("copas", "bisca", "copas")), decision("copas"), decision("sorteio")];
  } else if (myTurn && v.phase === "exchange") {
    const canExchange = !!offered("exchange");
    actions = [h("p", { class: "prompt" }, t(canExchange ? "web-exchange-prompt" : "web-exchange-waiting")),
      decision("exchange"), decision("pass", canExchange ? "" : "primary")];
  } else if (v.phase === "exchange") { // the same words at every seat, whoever holds the 2
    actions = [h("p", { class: "prompt exchange-waiting" }, t("web-exchange-waiting"))];
  } else if (myTurn && sel && cardMove(sel)) {
    actions = [h("button", { class: "primary", type: "button", onclick: () => ctx.play(cardMove(sel)) }, `▶ ${cardNames([sel], ctx.faces)}`)];
  }
  // A card the rules forbid now (the trump Ace before the 7) is shown but not offered.
  const held = playable && ctx.legal.length ? (v.hand || []).filter((c) => !cardMove(c)) : [];
  // why a card is dimmed: the trump Ace waits for the 7; in 2 v 2 the 7 may not close a trick
  if (held.length) actions.push(hint(held.some((c) => c[0] === "A") ? "trump-ace" : "trump-seven", "bisca", "trump-ace"));
  const hand = (v.hand || []).map((c) => {
    const forbidden = held.includes(c);
    return cardButton(c, ctx.faces, {
      selected: c === sel,
      cls: `in-hand${forbidden ? " forbidden" : ""}`,
      extraLabel: forbidden ? t("web-card-forbidden") : "",
      // a second tap plays the chosen card (one tap when confirmations are off in Settings)
      onclick: playable && !forbidden ? () => (c === sel || ctx.confirm === false ? ctx.play(cardMove(c)) : ctx.select([c])) : null,
    });
  });
  // the cards of a finished trick go to its winner's pile, when the next trick's first card comes
  const pile = finished || !(v.tricks || []).length ? undefined : ctx.model.sideOf(v.tricks.at(-1).winner);
  return { center, side, actions, hand, fly: true, pile };
}

// The trick taken since your last move, while the next one is on the felt: its cards, who
// played each and who took it, until you play (the felt shows it whole before that), and
// any other move the clock made (a choice, an exchange), told in words.
function lastTrick(ctx, auto) {
  const v = ctx.view;
  const lines = [];
  const done = (v.tricks || []).at(-1);
  if (done && (ctx.recent || []).some((m) => eventsOf(m, "trick_won").length)) {
    const known = Number.isInteger(done.leader);
    lines.push({ seat: done.winner, auto: false, body: [
      h("span", { class: "what" }, `${t("web-last-trick")}:`),
      h("span", { class: "cards" }, done.cards.map((c, i) => {
        const seat = known ? (done.leader + i) % v.players : null;
        const el = cardImage(c, "bisca", `mini${seat === done.winner ? " winner" : ""}`);
        if (seat !== null) el.title = ctx.seatName(seat);
        return el;
      })),
      h("span", { class: "what" }, t("web-won-trick", { who: done.winner === ctx.model.seat ? "you" : "other", name: ctx.seatName(done.winner) })),
      done.cards.some((c) => auto.has(c)) ? autoTag() : null] });
  }
  const seen = { name: (s) => ctx.model.name(s), players: v.players, you: ctx.model.seat, faces: ctx.faces };
  for (const m of ctx.recent || []) {
    if (!m.auto || !m.events.length || eventsOf(m, "card_played").length) continue;
    lines.push({ seat: m.seat, auto: true, body: h("span", { class: "what" }, tellEvent("bisca", m.events[0], seen)) });
  }
  return movesBox(lines);
}

// A hand card dropped on the felt is played, when the server offers it.
export function drop(ctx, card) {
  if (ctx.myTurn && ctx.view.phase === "play") ctx.play(ctx.legal.find((m) => m.kind === "card" && m.card === card));
}

// The verify page's "check it yourself" lines: the deck as the seed shuffles it, top first.
export const DEAL_DECK = { python: 'deck = [r + s for s in "HDCS" for r in "A234567JQK"]', size: 40 };

// Whether a deal (GET /api/deal) is the one a hand's view shows after the trump choice:
// the hands are compared by the history; here the open card, the turned card, the trump.
export const dealMatches = (deal, view) =>
  (view.open_card || null) === deal.open_card && (view.turned_back || null) === deal.turned && view.trump === deal.trump;

// The sheet: card points of 120, the win, copas, capote, relo (how many, and what they earned),
// the 4-point cap and the house rules when they are on.
export function sheetRows(screen, b, d) {
  const sides = [0, 1];
  const winner = d.winner ?? (b[0].win ? 0 : b[1].win ? 1 : null);
  const rows = [
    row("card_points", sides.map((s) => cell(b[s].card_points, null))),
    row("win", sides.map((s) => cell(winner === s ? t("sheet-won") : "", b[s].win))),
    row("copas", sides.map((s) => cell(d.copas && winner === s ? t("sheet-copas-hand") : "", b[s].copas))),
    row("capote", sides.map((s) => cell(b[s].capote ? t("sheet-capote-over", { name: screen.sideName(1 - s) }) : "", b[s].capote))),
    row("relo", sides.map((s) => cell(t("sheet-relos", { count: d.relos?.[s] ?? (b[s].relo ? b[s].relo / (d.copas ? 2 : 1) : 0) }), b[s].relo))),
  ];
  for (const key of ["seven_opening", "win_61_59"]) {
    if (key in b[0]) rows.push(row(key, sides.map((s) => cell("", b[s][key]))));
  }
  if (b.some((x) => x.cap)) rows.push(row("cap", sides.map((s) => cell("", b[s].cap))));
  return rows;
}
