// Bisca Capixaba at the table: the copas/sorteio choice, the trump and the open card,
// the trump-2 exchange, the trick in progress and the last trick with its winner.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { cardButton, cardImage, cardBack } from "../cardview.js";
import { cardNames } from "../names.js";
import { hint } from "../hint.js";

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
  const slots = [];
  if (shownTrick && shownTrick.cards) {
    const known = Number.isInteger(shownTrick.leader);
    shownTrick.cards.forEach((c, i) => {
      const seat = known ? (shownTrick.leader + i) % v.players : null;
      const win = finished && seat !== null && shownTrick.winner === seat;
      slots.push(h("div", { class: `trick-slot${seat !== null ? ` pos-${ctx.where(seat)}` : ""}${win ? " winner" : ""}` },
        cardImage(c, "bisca"), seat !== null ? h("span", { class: "who" }, ctx.seatName(seat)) : null));
    });
  }
  const trumpBox = h("div", { class: "trump-box" },
    v.trump ? h("span", { class: "trump" }, `${t("web-trump")}: `, h("strong", {}, `${SUIT_WORD[v.trump]} ${ctx.suitName(v.trump)}`), v.copas ? ` · ${t("web-copas")}` : "") : h("span", {}, t("web-choose-trump")),
    h("div", { class: "stock-open" },
      v.stock ? h("span", { class: "stock-pile" }, cardBack("small"), h("span", { class: "count" }, `${t("web-stock")}: ${v.stock}`)) : null,
      v.open_card && v.open_card_drawn_by === null ? h("span", { class: "open-card", "aria-label": t("web-open-card") }, cardImage(v.open_card, "bisca", "small"), h("span", { class: "count" }, t("web-open-card"))) : null));

  const playable = myTurn && v.phase === "play";
  const center = h("div", { class: "felt bisca-felt", dataset: playable ? { drop: "table" } : {} }, trumpBox,
    h("div", { class: `trick${finished ? " done" : ""}`, role: "group", "aria-label": `${finished ? t("web-last-trick") : t("web-trick")}: ${cardNames(shownTrick?.cards || [], ctx.faces) || "—"}` },
      slots, finished && shownTrick.winner !== undefined ? h("p", { class: "trick-winner" }, t("web-won-trick", { name: ctx.seatName(shownTrick.winner) })) : null));

  const side = h("div", { class: "piles" }, (v.card_points || v.scores || []).map((p, s) => h("div", { class: "pile-box" },
    `${ctx.sideName(s)}: ${t("web-points", { count: p })}`, (v.relo || [])[s] ? h("span", { class: "tag" }, t("web-relo")) : null)));

  let actions = [];
  if (myTurn && v.phase === "choose") {
    actions = [h("p", { class: "prompt" }, t("web-choose-trump"), hint("copas", "bisca", "copas")),
      h("button", { class: "primary", type: "button", dataset: { move: "copas" }, onclick: () => ctx.play("copas") }, t("web-copas")),
      h("button", { class: "primary", type: "button", dataset: { move: "sorteio" }, onclick: () => ctx.play("sorteio") }, t("web-sorteio"))];
  } else if (myTurn && v.phase === "exchange") {
    const canExchange = (v.hand || []).includes(`2${v.trump}`);
    actions = [h("p", { class: "prompt" }, t(canExchange ? "web-exchange-prompt" : "web-exchange-none")),
      canExchange ? h("button", { class: "primary", type: "button", dataset: { move: "exchange" }, onclick: () => ctx.play("exchange") }, t("web-exchange")) : null,
      h("button", { type: "button", class: canExchange ? "" : "primary", dataset: { move: "pass" }, onclick: () => ctx.play("pass") }, t("web-pass"))];
  } else if (myTurn && sel) {
    actions = [h("button", { class: "primary", type: "button", onclick: () => ctx.play(sel) }, `▶ ${cardNames([sel], ctx.faces)}`)];
  }
  // The seat to move is sent its legal moves: a card the rules forbid now (the trump Ace
  // before the 7) is shown but cannot be played.
  const legal = ctx.model.state.hand?.legal;
  const held = playable && Array.isArray(legal) ? (v.hand || []).filter((c) => !legal.includes(c)) : [];
  // why a card is dimmed: the trump Ace waits for the 7; in 2 v 2 the 7 may not close a trick
  if (held.length) actions.push(hint(held.some((c) => c[0] === "A") ? "trump-ace" : "trump-seven", "bisca", "trump-ace"));
  const hand = (v.hand || []).map((c) => {
    const forbidden = held.includes(c);
    return cardButton(c, "bisca", {
      selected: c === sel,
      cls: `in-hand${forbidden ? " forbidden" : ""}`,
      extraLabel: forbidden ? t("web-card-forbidden") : "",
      onclick: playable && !forbidden ? () => (c === sel ? ctx.play(c) : ctx.select([c])) : null,
    });
  });
  return { center, side, actions, hand };
}

// A hand card dropped on the felt is played.
export function drop(ctx, card) {
  if (ctx.myTurn && ctx.view.phase === "play") ctx.play(card);
}

// `who` is { name, you }: the mover's name, and "yes" when the mover is this screen's seat.
export function describeMove(msg, who, faces) {
  const move = msg.move || "";
  if (["copas", "sorteio", "exchange", "pass"].includes(move)) return t(`web-ev-${move}`, who);
  let text = t("web-ev-play", { ...who, card: cardNames([move], faces) });
  if ((msg.events || []).some((e) => e.kind === "relo")) text += ` — ${t("web-relo")}`;
  return text;
}
