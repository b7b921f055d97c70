// Scopa at the table: the cut, tap a card (played at once when the server offers it one
// move; else its captures are highlighted and offered, each showing the cards it takes);
// scope marked on the piles. Every move is one the server offered (ctx.legal).
import { h } from "../dom.js";
import { t, cardName, cardList as cardNames } from "../i18n.js";
import { cardButton, cardImage, cardBack } from "../cardview.js";
import { hint } from "../hint.js";
import { row, cell } from "./sheet.js";
import { eventsOf, movesBox } from "./lastmoves.js";

// The offered plays of one hand card: { id, card, takes } each.
const playsOf = (ctx, card) => ctx.legal.filter((m) => m.kind === "play" && m.card === card);

// A capture offered as a choice: the cards it takes, drawn, and named for screen readers.
function captureChoice(ctx, move) {
  const names = cardNames(move.takes, ctx.faces);
  return { move, aria: `${t("web-choose-capture")}: ${names}`, label: h("span", { class: "takes" }, move.takes.map((c) => cardImage(c, ctx.faces, "mini"))) };
}

// Tap a hand card: its one offered move is played, several are offered to choose from.
function tap(ctx, card) {
  const plays = playsOf(ctx, card);
  if (plays.length === 1) return ctx.play(plays[0]);
  if (plays.length > 1) ctx.select([card]);
}

export function render(ctx) {
  const v = ctx.view;
  const table = v.table || [];
  const sel = ctx.selected[0] || null;
  const options = sel ? playsOf(ctx, sel) : [];
  const highlight = new Set(options.flatMap((m) => m.takes));
  const myTurn = ctx.myTurn && v.phase === "play";

  const tableCards = table.map((c) => {
    const inOptions = options.filter((m) => m.takes.includes(c));
    if (myTurn && sel && inOptions.length) {
      const el = cardButton(c, ctx.faces, {
        cls: `on-table target${highlight.has(c) ? " highlight" : ""}`,
        extraLabel: t("web-choose-capture"),
        onclick: () => (inOptions.length === 1 ? ctx.play(inOptions[0]) : ctx.flash(inOptions.flatMap((m) => m.takes))),
      });
      el.dataset.drop = "capture";
      return el;
    }
    const el = cardImage(c, ctx.faces, "on-table");
    if (myTurn) el.dataset.drop = "capture";
    return el;
  });

  const center = h("div", { class: "felt scopa-felt", dataset: myTurn ? { drop: "table" } : {} },
    lastMoves(ctx),
    h("div", { class: "table-cards", dataset: { fly: "" }, role: "group", "aria-label": `${t("web-table")}: ${cardNames(table, ctx.faces) || "—"}` }, tableCards),
    h("div", { class: "stock-info" }, h("span", { class: "stock-pile" }, v.stock ? cardBack("small") : null, h("span", { class: "count" }, `${t("web-stock", { game: "scopa" })}: ${v.stock ?? 0}`))));

  const piles = h("div", { class: "piles" },
    (v.pile_sizes || [0, 0]).map((n, side) => h("div", { class: "pile-box", dataset: { side, pile: side } },
      h("span", {}, `${ctx.sideName(side)}: ${t("web-cards", { count: n })}`),
      h("span", { class: "scope-marks", role: "img", "aria-label": `${t("web-cat-scope")}: ${(v.scores || [])[side] || 0}` }, "✦".repeat((v.scores || [])[side] || 0)))));

  let actions = [];
  const cuts = ctx.legal.filter((m) => m.kind === "cut");
  if (ctx.myTurn && v.phase === "cut" && cuts.length) actions = [cutControl(ctx, cuts)];
  else if (myTurn && options.length > 1) {
    actions = [h("span", { class: "prompt" }, t("web-choose-capture")), ...options.map((m) => {
      const c = captureChoice(ctx, m);
      const b = h("button", { class: "primary capture-option", type: "button", "aria-label": c.aria, dataset: { move: m.id }, onclick: () => ctx.play(m) }, c.label);
      const mark = (on) => () => document.querySelectorAll(".table-cards .card").forEach((el) => el.classList.toggle("preview", on && m.takes.includes(el.dataset.card)));
      ["mouseenter", "focus"].forEach((e) => b.addEventListener(e, mark(true)));
      ["mouseleave", "blur"].forEach((e) => b.addEventListener(e, mark(false)));
      return b;
    })];
  }

  const hand = (v.hand || []).map((c) => cardButton(c, ctx.faces, {
    selected: c === sel,
    cls: "in-hand",
    onclick: myTurn ? () => tap(ctx, c) : null,
  }));
  return { center, side: piles, actions, hand, fly: true };
}

// The others' last moves, kept on the felt until yours: the card played and the cards it
// took ("Marco takes [3C][4D] with [7D]", and Scopa! when it swept the table), or the card
// laid on the table; your own too when the clock played it.
function lastMoves(ctx) {
  const lines = (ctx.recent || []).flatMap((move) => {
    const [played] = eventsOf(move, "card_played");
    if (!played) return []; // a cut: the deal shows it
    const [capture] = eventsOf(move, "capture");
    const who = { who: move.seat === ctx.model.seat ? "you" : "other", name: ctx.model.name(move.seat) };
    const card = (c) => cardImage(c, "scopa", "mini");
    const body = capture
      ? [h("span", { class: "what" }, t("felt-scopa-takes", who)), h("span", { class: "cards" }, capture.cards.map(card)),
        h("span", { class: "what" }, t("felt-scopa-with")), card(played.card)]
      : [h("span", { class: "what" }, t("felt-scopa-lays", who)), card(played.card)];
    if (eventsOf(move, "scopa").length) body.push(h("span", { class: "tag scopa-tag" }, t("felt-scopa-scopa")));
    return [{ seat: move.seat, auto: move.auto, body }];
  });
  return movesBox(lines);
}

// A scopa is called out on the felt (screen.js shows it big, for a moment, with a sound).
export const callout = (move) => ((move.events || []).some((e) => e.kind === "scopa") ? t("felt-scopa-scopa") : null);

// A hand card dropped on the felt plays its one offered move; on a table card, the one
// capture that takes that card. When the choice is still open the card is selected.
export function drop(ctx, card, key, target) {
  if (!ctx.myTurn || ctx.view.phase !== "play") return;
  const plays = playsOf(ctx, card);
  const on = target.dataset.drop === "capture" ? plays.filter((m) => m.takes.includes(target.dataset.card)) : [];
  const choice = on.length === 1 ? on[0] : plays.length === 1 ? plays[0] : null;
  if (choice) return ctx.play(choice);
  if (plays.length) ctx.select([card]);
}

// The cut: one tap on the button cuts at a random depth (or none: the room cuts for you
// when the short timer runs out); where to cut may be chosen on the slider, folded away.
function cutControl(ctx, cuts) {
  const counts = cuts.map((m) => m.cut);
  const low = Math.min(...counts);
  const high = Math.max(...counts);
  const input = h("input", { type: "range", min: low, max: high, value: low + Math.floor(Math.random() * (high - low + 1)), id: "cut-n", "aria-describedby": "cut-how" });
  const out = h("output", { for: "cut-n" }, input.value);
  input.addEventListener("input", () => (out.textContent = input.value));
  return h("div", { class: "cut" },
    h("button", { class: "primary cut-now", type: "button", onclick: () => ctx.play(cuts.find((m) => m.cut === Number(input.value))) }, t("web-cut")),
    hint("cut", "scopa", "cut"),
    h("span", { class: "cut-auto" }, t("web-cut-auto")),
    h("details", { class: "cut-choose" },
      h("summary", {}, t("web-cut-choose")),
      h("label", { for: "cut-n", id: "cut-how" }, t("web-cut-how")), input, out));
}

// The verify page's "check it yourself" lines: the deck as the seed shuffles it, top first.
export const DEAL_DECK = { python: 'deck = [r + s for s in "HDCS" for r in "A234567JQK"]', size: 40 };

// Whether a deal (GET /api/deal) is the one a hand's view shows once dealt: the hands are
// compared by the history; here the four table cards.
export const dealMatches = (deal, view) => sortedCards(deal.table) === sortedCards(view.table);
const sortedCards = (cards) => [...(cards || [])].sort().join(" ");

// The sheet: cards 22-18, denari 6-4, who took the settebello, primiera totals and the card of
// each suit that makes them, scope; the points each earned beside it.
export function sheetRows(screen, b, d) {
  const sides = [0, 1];
  const faces = screen.faces();
  const primieraCards = (s) => {
    const cards = d.primiera_cards?.[s] || [];
    const missing = 4 - cards.length;
    return h("span", { class: "primiera-cards" }, cards.map((c) => cardName(c, faces)).join(", "),
      missing > 0 ? h("span", { class: "missing" }, `${cards.length ? " · " : ""}${t("sheet-suits-missing", { count: missing })}`) : null);
  };
  return [
    row("carte", sides.map((s) => cell(d.cards?.[s], b[s].carte))),
    row("denari", sides.map((s) => cell(d.denari?.[s], b[s].denari))),
    row("settebello", sides.map((s) => cell(b[s].settebello ? t("sheet-taken") : "", b[s].settebello))),
    row("primiera", sides.map((s) => cell(d.primiera?.[s], b[s].primiera, primieraCards(s)))),
    row("scope", sides.map((s) => cell(d.scope?.[s] ?? b[s].scope, b[s].scope))),
  ];
}
