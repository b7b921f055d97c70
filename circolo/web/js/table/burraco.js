// Burraco at the table: draw or take the pile, select cards to meld or extend, discard;
// melds under each side, pozzetti, stock. Every move is one the server offered (ctx.legal):
// the selection picks the offered melds and extensions laying exactly those cards, and when
// several layouts do (where a wild goes) the player chooses among them, shown as cards.
// A wild is marked wherever it is (in a meld, with the card it stands for); the hand is in
// the player's own order (by suit, by rank, or as dragged), the cards just drawn or taken
// lit; and the felt keeps the last turn of every other player, told from the move events.
import { h } from "../dom.js";
import { t, cardName, cardList as cardNames } from "../i18n.js";
import { cardButton, cardImage, cardBack } from "../cardview.js";
import { hint } from "../hint.js";
import * as settings from "../settings.js";
import { row, cell } from "./sheet.js";

const split = (s) => (Array.isArray(s) ? s : (s || "").split(/\s+/).filter(Boolean));
const sameCards = (a, b) => a.length === b.length && a.slice().sort().join() === b.slice().sort().join();

// The offered melds (target undefined) or extensions (of meld `target`, or any) laying
// exactly these hand cards.
function placements(ctx, cards, target) {
  if (!cards.length) return [];
  return ctx.legal.filter((m) => (target === undefined ? m.kind === "meld" : m.kind === "extend" && (target === null || m.meld === target)) && sameCards(m.cards, cards));
}

// -- wilds --------------------------------------------------------------------------------

const RANKS = "A23456789TJQK";
const SUIT_MARK = { H: "♥", D: "♦", C: "♣", S: "♠" };
const rankMark = (r) => (r === "T" ? "10" : r);
// Any joker or 2 in a hand may be laid as a wild (a 2 also in its own place in a run).
const mayBeWild = (code) => code === "JK" || code[0] === "2";

// A meld's layout ("3H 2C=4H 5H", a set "7H 7C JK"): the rank of a set, else null (a run).
// A run names the card its wild stands for; a set's wild (a joker or any 2) needs no name.
function setRank(tokens) {
  if (tokens.some((tok) => tok.includes("="))) return null;
  const naturals = tokens.filter((tok) => !mayBeWild(tok));
  return naturals.length >= 2 && naturals.every((tok) => tok[0] === naturals[0][0]) ? naturals[0][0] : null;
}

// One card of a meld: a wild shows, on its visible edge, the card it stands for (a run) or
// the rank it joins (a set), and says so to a screen reader.
function meldCard(tok, rank) {
  const [own, stands] = tok.split("=");
  const wild = Boolean(stands) || (rank !== null && mayBeWild(own));
  const el = cardImage(tok, "french", `mini${wild ? " wild" : ""}`);
  if (!wild) return el;
  if (!stands && own !== "JK") el.setAttribute("aria-label", t("web-burraco-wild-card", { card: cardName(own, "french") })); // a joker's name says it
  const mark = stands ? `${rankMark(stands[0])}${SUIT_MARK[stands[1]]}` : rankMark(rank);
  const red = stands && (stands[1] === "H" || stands[1] === "D");
  el.append(h("span", { class: `stands-for${red ? " red" : ""}`, "aria-hidden": "true" }, mark));
  return el;
}

// A meld in words: a run's wild says what it stands for, a set's 2 that it is wild.
function meldName(tokens) {
  const rank = setRank(tokens);
  return tokens.map((tok) => (rank !== null && tok[0] === "2" ? t("web-burraco-wild-card", { card: cardName(tok, "french") }) : cardName(tok, "french"))).join(", ");
}

// A meld's cards (or some of them, `tokens`, read in the light of the whole `layout`).
function meldCards(tokens, layout = tokens) {
  const rank = setRank(layout);
  return h("span", { class: "meld-cards" }, tokens.map((tok) => meldCard(tok, rank)));
}

// One offered meld or extension as a choice: its whole layout drawn (a wild in the slot it
// stands for, marked with that card), and named for screen readers.
function layoutChoice(move) {
  const verb = t(move.kind === "meld" ? "web-meld" : "web-extend");
  return { move, aria: `${verb}: ${meldName(move.layout)}`, label: meldCards(move.layout) };
}

// Play the one placement, or offer the several (none: the cards make no offered move).
function place(ctx, options) {
  if (options.length === 1) return ctx.play(options[0]);
  if (options.length > 1) return ctx.choose(options.map((m) => layoutChoice(m)));
  ctx.error(t("error-illegal_move"));
}

export function render(ctx) {
  const v = ctx.view;
  const me = ctx.model.seat;
  const mySide = me === null ? null : me % (v.players === 4 ? 2 : v.players);
  const hand = split(v.hand);
  const pile = split(v.pile);
  const selected = ctx.selected; // hand cards, as "id:code" (an id kept while the card is held)
  const selCards = selected.map((k) => k.split(":")[1]);
  const drawing = ctx.myTurn && v.phase === "draw";
  const playing = ctx.myTurn && v.phase === "play";
  const offered = (kind) => ctx.legal.find((m) => m.kind === kind);

  const meldsView = (v.melds || []).map((list, side) => h("section", { class: `melds side-${side}`, "aria-label": `${t("web-melds")} · ${ctx.sideName(side)}`, dataset: playing && side === mySide ? { drop: "new-meld" } : {} },
    h("h3", {}, ctx.sideName(side), v.pozzetti ? h("span", { class: "tag" }, v.pozzetti[side] === null ? `${t("web-pozzetto")} ✓` : `${t("web-pozzetto")}: ${v.pozzetti[side]}`) : null),
    h("div", { class: "meld-list" }, list.map((layout, i) => {
      const kind = burracoKind(layout);
      const label = `${meldName(split(layout))}${kind ? ` — ${t(`web-burraco-${kind}`)}` : ""}`;
      const extensions = playing && side === mySide ? placements(ctx, selCards, i) : [];
      const body = [meldCards(split(layout)), kind ? h("span", { class: `tag burraco-${kind}` }, t(`web-burraco-${kind}`)) : null];
      const drop = playing && side === mySide ? { drop: "meld", index: i } : {};
      return extensions.length
        ? h("button", { type: "button", class: "meld target", "aria-label": `${t("web-extend")}: ${label}`, dataset: drop, onclick: () => place(ctx, extensions) }, body)
        : h("div", { class: "meld", role: "img", "aria-label": label, dataset: drop }, body);
    }))));

  const pileView = h("div", { class: "discard-pile", role: "group", "aria-label": `${t("web-pile")}: ${cardNames(pile, ctx.faces) || "—"}` },
    pile.map((c) => cardImage(c, ctx.faces, "mini")));
  const center = h("div", { class: "felt burraco-felt" },
    h("div", { class: "stock-row" },
      h("span", { class: "stock-pile" }, cardBack("small"), h("span", { class: "count" }, `${t("web-stock", { game: "burraco" })}: ${v.stock ?? 0}`)),
      h("div", { class: "pile-wrap", dataset: playing ? { drop: "discard" } : {} }, h("span", { class: "count" }, t("web-pile")), pileView),
      houseHint(ctx.model.state.table?.options || {})),
    lastMoves(ctx),
    h("div", { class: "all-melds" }, meldsView));

  let actions = [];
  if (drawing) {
    actions = [h("button", { class: "primary", type: "button", disabled: !offered("draw"), onclick: () => ctx.play(offered("draw")) }, t("web-draw-card")),
      h("button", { class: "primary", type: "button", disabled: !offered("take"), onclick: () => ctx.play(offered("take")) }, t("web-take"))];
  } else if (playing) {
    const melds = placements(ctx, selCards);
    actions = [h("p", { class: "prompt" }, t("web-select-cards"))];
    if (melds.length) actions.push(h("button", { class: "primary", type: "button", onclick: () => place(ctx, melds) }, t("web-meld")));
    const discard = selCards.length === 1 && ctx.legal.find((m) => m.kind === "discard" && m.card === selCards[0]);
    if (discard) actions.push(h("button", { class: "primary", type: "button", onclick: () => ctx.play(discard) }, `${t("web-discard")} ${cardNames(selCards, "french")}`));
  }

  const handView = arrange(ctx.memo, hand).map((entry, i) => {
    const { code: c, id } = entry;
    const key = `${id}:${c}`;
    const on = selected.includes(key);
    // a 2 is told as a wild (a joker's name says it), a card just come in as such
    const notes = [c[0] === "2" ? t("web-burraco-wild") : "", entry.fresh ? t("web-burraco-fresh", { from: entry.fresh }) : ""].filter(Boolean);
    const el = cardButton(c, ctx.faces, {
      selected: on,
      cls: `in-hand${entry.fresh ? " fresh-in-hand" : ""}`,
      key,
      extraLabel: notes.join(", "),
      onclick: playing ? () => ctx.select(on ? selected.filter((k) => k !== key) : [...selected, key]) : null,
    });
    if (mayBeWild(c)) el.append(h("span", { class: "wild-mark", "aria-hidden": "true", title: t("web-burraco-wild") }, "★"));
    Object.assign(el.dataset, { drag: "hand", drop: "hand", index: String(i) }); // reordered by dragging, at any time
    el.setAttribute("aria-keyshortcuts", "Alt+ArrowLeft Alt+ArrowRight"); // or moved with the keyboard
    el.addEventListener("keydown", (ev) => {
      if (!ev.altKey || (ev.key !== "ArrowLeft" && ev.key !== "ArrowRight")) return;
      ev.preventDefault();
      moveCard(ctx, key, i + (ev.key === "ArrowLeft" ? -1 : 1));
      document.querySelector(`.hand button.card[data-key="${key}"]`)?.focus();
    });
    return el;
  });
  // under the felt, which gives up the room (the actions' line and your hand keep theirs)
  const tools = hand.length ? h("div", { class: "hand-tools" }, sortToggle(ctx)) : null;
  return { center, side: tools, actions, hand: handView };
}

// -- the hand in the player's order -------------------------------------------------------

// Alternating colours by suit (hearts, clubs, diamonds, spades), Ace first, jokers last; by
// rank, Ace to King with the wilds together at the end (a 2 is never a set's own rank).
const SUITS_ORDER = "HCDS";
function sortKey(code, by) {
  if (code === "JK") return [99, 0];
  const rank = RANKS.indexOf(code[0]);
  const suit = SUITS_ORDER.indexOf(code[1]);
  if (by === "rank") return code[0] === "2" ? [98, suit] : [rank, suit];
  return [suit, rank];
}
function sortCards(entries, by) {
  const key = new Map(entries.map((e) => [e, sortKey(e.code, by)]));
  return [...entries].sort((a, b) => key.get(a)[0] - key.get(b)[0] || key.get(a)[1] - key.get(b)[1] || a.id - b.id);
}
const sortBy = () => (settings.get("burracoSort") === "rank" ? "rank" : "suit");

// The hand as the player has it: the cards still held keep their place (and their id, which
// a selection and a drag name); the new ones go where the sort puts them, or at the end of a
// hand the player has ordered by hand. Cards heard as just drawn or taken are lit.
function arrange(memo, hand) {
  const held = new Map();
  for (const c of hand) held.set(c, (held.get(c) || 0) + 1);
  const kept = [];
  for (const e of memo.order || []) {
    if (held.get(e.code)) {
      held.set(e.code, held.get(e.code) - 1);
      kept.push(e);
    }
  }
  memo.nextId ??= 0;
  const added = [];
  for (const [code, n] of held) for (let k = 0; k < n; k++) added.push({ code, id: memo.nextId++, fresh: null });
  memo.order = memo.custom ? [...kept, ...sortCards(added, sortBy())] : sortCards([...kept, ...added], sortBy());
  for (const { code, from } of memo.freshCodes || []) { // the newest copy of each, not yet lit
    const entry = memo.order.filter((e) => e.code === code && !e.fresh).sort((a, b) => b.id - a.id)[0];
    if (entry) entry.fresh = from;
  }
  memo.freshCodes = [];
  return memo.order;
}

// Sort the hand by suit or by rank: remembered in the settings; it undoes a dragged order.
function sortToggle(ctx) {
  const now = ctx.memo.custom ? null : sortBy();
  const choose = (by) => () => {
    settings.set("burracoSort", by);
    ctx.memo.custom = false;
    ctx.memo.order = sortCards(ctx.memo.order || [], by);
    ctx.select(ctx.selected); // drawn again, the selection kept
  };
  return h("span", { class: "sort-toggle", role: "group", "aria-label": t("web-burraco-sort") },
    ["suit", "rank"].map((by) => h("button", { type: "button", class: `ghost${now === by ? " on" : ""}`, "aria-pressed": String(now === by), dataset: { sort: by }, onclick: choose(by) }, t(`web-burraco-sort-${by}`))));
}

// A hand card moved to another place (dropped on the card there, or moved by a key): the
// hand's order is the player's own from then on.
function moveCard(ctx, key, to) {
  const order = ctx.memo.order || [];
  const from = order.findIndex((e) => `${e.id}:${e.code}` === key);
  if (from < 0 || !(to >= 0 && to < order.length) || from === to) return;
  const [entry] = order.splice(from, 1);
  order.splice(to, 0, entry);
  ctx.memo.custom = true;
  ctx.select(ctx.selected);
}

// -- what the table heard -----------------------------------------------------------------

// The move events (screen.js hands over every happening; `replay`: the snapshot's recent
// log, told again from the start): each other player's last turn, as it goes (drew or took
// the pile, then melds, extensions, pozzetto, discard), and the cards that just came into
// our hand (drawn, taken, our pozzetto), lit until our next move.
export function heard(memo, happenings, me, replay) {
  if (replay) {
    memo.last = {};
    memo.freshCodes = [];
    for (const e of memo.order || []) e.fresh = null;
  }
  memo.last ??= {};
  for (const ev of happenings) {
    if (ev.type === "deal") {
      memo.last = {};
      memo.custom = false; // a new hand is sorted again
      memo.freshCodes = [];
      continue;
    }
    if (ev.type !== "move") continue;
    const mine = me !== null && ev.seat === me;
    for (const e of ev.events || []) {
      if (mine) heardMine(memo, e);
      else heardOther(memo, ev.seat, e);
    }
  }
}

function heardMine(memo, e) {
  const lit = (cards, from) => { memo.freshCodes = cards.map((code) => ({ code, from })); };
  if (e.kind === "draw" || e.kind === "pile_taken" || e.kind === "meld" || e.kind === "extend" || e.kind === "discard") {
    for (const entry of memo.order || []) entry.fresh = null; // our next move: nothing new any more
    memo.freshCodes = [];
  }
  if (e.kind === "draw" && e.card) lit([e.card], "drawn");
  else if (e.kind === "pile_taken") lit(e.cards || [], "taken");
  else if (e.kind === "pozzetto_taken" && e.cards) lit(e.cards, "pozzetto");
}

function heardOther(memo, seat, e) {
  if (e.kind === "draw") memo.last[seat] = { drew: true, steps: [] };
  else if (e.kind === "pile_taken") memo.last[seat] = { took: e.cards || [], steps: [] };
  else {
    const turn = (memo.last[seat] ??= { steps: [] });
    if (e.kind === "meld" || e.kind === "extend") turn.steps.push({ kind: e.kind, cards: e.cards || [], side: e.side, meld: e.meld });
    else if (e.kind === "discard") turn.steps.push({ kind: "discard", cards: [e.card] });
    else if (e.kind === "pozzetto_taken") turn.steps.push({ kind: "pozzetto", count: e.count });
    else if (e.kind === "close") turn.steps.push({ kind: "close" });
  }
}

// Cards laid in a meld as the meld lies now: in its order, a wild with what it stands for.
function laidCards(cards, layout) {
  if (!layout.length) return meldCards(cards);
  const left = [...cards];
  const tokens = layout.filter((tok) => {
    const at = left.indexOf(tok.split("=")[0]);
    return at >= 0 && left.splice(at, 1);
  });
  return meldCards([...tokens, ...left], layout); // (a card no longer there: after the rest)
}

// The last turn of every other player, on the felt: what they drew (a back: hidden) or took
// from the pile, the cards they melded or added (a wild with the card it stands for, read
// from the meld as it lies now), the pozzetto, the discard.
function lastMoves(ctx) {
  const v = ctx.view;
  const n = v.players;
  const me = ctx.model.seat;
  const rows = [];
  const base = me ?? v.to_move ?? 0; // a spectator: from the player to move
  for (let k = n - 1; k >= 0; k--) { // the latest first: the player before us, then the one before
    const seat = (base + k) % n;
    const turn = ctx.memo.last?.[seat];
    if (seat === me || !turn) continue;
    const step = (what, cards) => h("span", { class: `last-step last-${what}` }, cards, h("span", { class: "what" }, t(`web-burraco-last-${what}`)));
    const parts = [];
    if (turn.drew) parts.push(step("drew", h("span", { class: "meld-cards" }, cardBack("mini"))));
    if (turn.took) parts.push(step("took", meldCards(turn.took, [])));
    for (const s of turn.steps) {
      if (s.kind === "meld" || s.kind === "extend") {
        parts.push(step(s.kind, laidCards(s.cards, split(v.melds?.[s.side]?.[s.meld]))));
      } else if (s.kind === "discard") parts.push(step("discard", meldCards(s.cards, [])));
      else parts.push(step(s.kind, null));
    }
    rows.push(h("section", { class: "last-turn", dataset: { seat: String(seat) }, "aria-label": t("web-burraco-last-of", { name: ctx.model.name(seat) }) },
      h("h3", {}, ctx.model.name(seat)), parts));
  }
  return rows.length ? h("div", { class: "last-turns" }, rows) : null;
}

// A meld of seven or more: clean, semi-clean or dirty, as the table shows it.
function burracoKind(layout) {
  const toks = split(layout);
  if (toks.length < 7) return null;
  const rank = setRank(toks);
  const wilds = toks.filter((tok) => tok.includes("=") || (rank !== null && mayBeWild(tok))).length;
  if (!wilds) return "clean";
  return toks.length - wilds >= 7 ? "semi" : "dirty";
}

// The room's Burraco rules players ask about, with this match's length.
function houseHint(options) {
  const length = options.target ? t("web-hint-to-points", { target: options.target }) : t("web-hint-hands", { count: options.hands || 4 });
  return hint("house", "burraco", "house-rules", { length });
}

// A hand card dropped on another hand card takes its place (at any time); on the pile it is discarded; on one of our melds, it extends the meld
// (with the other selected cards); on our melds' area, it opens a meld with the selection.
export function drop(ctx, card, key, target) {
  const v = ctx.view;
  if (target.dataset.drop === "hand") return moveCard(ctx, key, Number(target.dataset.index));
  if (!ctx.myTurn || v.phase !== "play") return;
  const keys = ctx.selected.includes(key) ? ctx.selected : [...ctx.selected, key];
  const cards = keys.map((k) => k.split(":")[1]);
  const kind = target.dataset.drop;
  if (kind === "discard") return ctx.play(ctx.legal.find((m) => m.kind === "discard" && m.card === card));
  if (kind === "meld") return place(ctx, placements(ctx, cards, Number(target.dataset.index)));
  if (kind === "new-meld") {
    const melds = placements(ctx, cards);
    if (melds.length) return place(ctx, melds);
    ctx.select(keys); // not a meld yet: keep the cards chosen
  }
}

// The verify page's "check it yourself" lines: the deck as the seed shuffles it, top first.
export const DEAL_DECK = { python: 'deck = [r + s for s in "HDCS" for r in "A23456789TJQK"] * 2 + ["JK"] * 4', size: 108 };

// Whether a deal (GET /api/deal) is the one a hand's view shows once dealt: the hands are
// compared by the history; here the face-up card.
export const dealMatches = (deal, view) => sortedCards(deal.pile) === sortedCards(view.pile);
const sortedCards = (cards) => [...(cards || [])].sort().join(" ");

// The sheet: cards melded and left in hand, each burraco by kind, closing, pozzetto.
export function sheetRows(screen, b, d) {
  const sides = b.map((_, s) => s);
  const c = d.counts || [];
  const cards = (n) => (n === undefined ? "" : t("web-cards", { count: n }));
  const kinds = (kind) => sides.map((s) => {
    const n = c[s]?.[kind] ?? 0;
    return cell(n ? t("sheet-burraco-count", { count: n }) : "", b[s][`burraco_${kind}`]);
  });
  const closer = d.closer === null || d.closer === undefined ? null : screen.model.sideOf(d.closer);
  return [
    row("melded", sides.map((s) => cell(cards(c[s]?.melded), b[s].melded))),
    row("in_hand", sides.map((s) => cell(cards(c[s]?.in_hand), b[s].in_hand))),
    row("burraco_clean", kinds("clean")),
    row("burraco_semi_clean", kinds("semi_clean")),
    row("burraco_dirty", kinds("dirty")),
    row("closing", sides.map((s) => cell(closer === s ? t("sheet-closed") : "", b[s].closing))),
    row("pozzetto", sides.map((s) => cell(b[s].no_pozzetto ? t("sheet-pozzetto-missed") : t("sheet-pozzetto-taken"), b[s].no_pozzetto))),
  ];
}

// The sheet: how a Burraco hand ended (a player went out, or the stock ran down to two cards).
export function sheetEnded(screen, d) {
  if (!d.ended) return null;
  if (d.ended === "closed" && d.closer !== null && d.closer !== undefined) {
    return h("p", { class: "ended" }, t("sheet-ended-closed", { who: d.closer === screen.model.seat ? "you" : "other", name: screen.seatName(d.closer) }));
  }
  return h("p", { class: "ended" }, t("sheet-ended-stock"));
}
