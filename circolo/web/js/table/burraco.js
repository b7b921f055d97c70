// Burraco at the table: draw or take the pile, select cards to meld or extend (with the
// wild's place when there is a choice), discard; melds under each side, pozzetti, stock.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { cardButton, cardImage, cardBack } from "../cardview.js";
import { cardNames } from "../names.js";
import { layouts, baseCards, burracoKind } from "./melds.js";
import { hint } from "../hint.js";

const split = (s) => (Array.isArray(s) ? s : (s || "").split(/\s+/).filter(Boolean));

export function render(ctx) {
  const v = ctx.view;
  const me = ctx.model.seat;
  const mySide = me === null ? null : me % (v.players === 4 ? 2 : v.players);
  const hand = split(v.hand);
  const pile = split(v.pile);
  const selected = ctx.selected; // indices into the hand, as "i:code"
  const selCards = selected.map((k) => k.split(":")[1]);
  const drawing = ctx.myTurn && v.phase === "draw";
  const playing = ctx.myTurn && v.phase === "play";

  const meldsView = (v.melds || []).map((list, side) => h("section", { class: `melds side-${side}`, "aria-label": `${t("web-melds")} · ${ctx.sideName(side)}`, dataset: playing && side === mySide ? { drop: "new-meld" } : {} },
    h("h3", {}, ctx.sideName(side), v.pozzetti ? h("span", { class: "tag" }, v.pozzetti[side] === null ? `${t("web-pozzetto")} ✓` : `${t("web-pozzetto")}: ${v.pozzetti[side]}`) : null),
    h("div", { class: "meld-list" }, list.map((layout, i) => {
      const kind = burracoKind(layout);
      const cards = split(layout).map((tok) => cardImage(tok, "burraco", `mini${tok.includes("=") ? " wild" : ""}`));
      const label = `${cardNames(split(layout), "french")}${kind ? ` — ${t(`web-burraco-${kind}`)}` : ""}`;
      const canExtend = playing && side === mySide && selCards.length > 0;
      const body = [h("span", { class: "meld-cards" }, cards), kind ? h("span", { class: `tag burraco-${kind}` }, t(`web-burraco-${kind}`)) : null];
      const drop = playing && side === mySide ? { drop: "meld", index: i } : {};
      return canExtend
        ? h("button", { type: "button", class: "meld target", "aria-label": `${t("web-extend")}: ${label}`, dataset: drop, onclick: () => extend(ctx, i, layout, selCards) }, body)
        : h("div", { class: "meld", role: "img", "aria-label": label, dataset: drop }, body);
    }))));

  const pileView = h("div", { class: "discard-pile", role: "group", "aria-label": `${t("web-pile")}: ${cardNames(pile, "french") || "—"}` },
    pile.map((c) => cardImage(c, "burraco", "mini")));
  const center = h("div", { class: "felt burraco-felt" },
    h("div", { class: "stock-row" },
      h("span", { class: "stock-pile" }, cardBack("small"), h("span", { class: "count" }, `${t("web-stock")}: ${v.stock ?? 0}`)),
      h("div", { class: "pile-wrap", dataset: playing ? { drop: "discard" } : {} }, h("span", { class: "count" }, t("web-pile")), pileView),
      houseHint(ctx.model.state.table?.options || {})),
    h("div", { class: "all-melds" }, meldsView));

  let actions = [];
  if (drawing) {
    actions = [h("button", { class: "primary", type: "button", onclick: () => ctx.play("draw") }, t("web-draw-card")),
      h("button", { class: "primary", type: "button", disabled: !pile.length, onclick: () => ctx.play("take") }, t("web-take"))];
  } else if (playing) {
    const options = layouts(selCards);
    actions = [h("p", { class: "prompt" }, t("web-select-cards"))];
    if (options.length === 1) actions.push(h("button", { class: "primary", type: "button", onclick: () => ctx.play(`meld ${options[0]}`) }, t("web-meld")));
    else if (options.length > 1) {
      actions.push(h("span", { class: "prompt" }, t("web-wild-where")), ...options.map((o) => h("button", { class: "primary", type: "button", onclick: () => ctx.play(`meld ${o}`) }, `${t("web-meld")}: ${o.replace(/(\S+)=(\S+)/, "$1→$2")}`)));
    }
    if (selCards.length === 1) actions.push(h("button", { class: "primary", type: "button", onclick: () => ctx.play(`discard ${selCards[0]}`) }, `${t("web-discard")} ${cardNames(selCards, "french")}`));
  }
  ctx.extendChoices?.forEach((c) => actions.push(c));

  const handView = hand.map((c, i) => {
    const key = `${i}:${c}`;
    const on = selected.includes(key);
    return cardButton(c, "burraco", {
      selected: on,
      cls: "in-hand",
      key,
      onclick: playing ? () => ctx.select(on ? selected.filter((k) => k !== key) : [...selected, key]) : null,
    });
  });
  return { center, side: null, actions, hand: handView };
}

// The room's Burraco rules players ask about, with this match's length.
function houseHint(options) {
  const length = options.target ? t("web-hint-to-points", { target: options.target }) : t("web-hint-hands", { count: options.hands || 4 });
  return hint("house", "burraco", "house-rules", { length });
}

// A hand card dropped on the pile is discarded; on one of our melds, it extends the meld
// (with the other selected cards); on our melds' area, it opens a meld with the selection.
export function drop(ctx, card, key, target) {
  const v = ctx.view;
  if (!ctx.myTurn || v.phase !== "play") return;
  const keys = ctx.selected.includes(key) ? ctx.selected : [...ctx.selected, key];
  const cards = keys.map((k) => k.split(":")[1]);
  const kind = target.dataset.drop;
  if (kind === "discard") return ctx.play(`discard ${card}`);
  if (kind === "meld") {
    const me = ctx.model.seat;
    const index = Number(target.dataset.index);
    const layout = split((v.melds || [])[me % (v.players === 4 ? 2 : v.players)]?.[index]).join(" ");
    return extend(ctx, index, layout, cards);
  }
  if (kind === "new-meld") {
    const options = layouts(cards);
    if (options.length === 1) return ctx.play(`meld ${options[0]}`);
    if (options.length > 1) return ctx.choose(options.map((o) => ({ label: `${t("web-meld")}: ${o.replace(/(\S+)=(\S+)/, "$1→$2")}`, move: `meld ${o}` })));
    ctx.select(keys); // not a meld yet: keep the cards chosen
  }
}

function extend(ctx, index, layout, selCards) {
  const options = layouts([...baseCards(layout), ...selCards]);
  if (!options.length) return ctx.error(t("error-illegal_move"));
  if (options.length === 1) return ctx.play(`extend ${index + 1} ${options[0]}`);
  ctx.choose(options.map((o) => ({ label: `${t("web-extend")}: ${o.replace(/(\S+)=(\S+)/, "$1→$2")}`, move: `extend ${index + 1} ${o}` })));
}

// The cards a layout has that the meld before it did not (each copy counted once).
function added(before, after) {
  const left = baseCards(before || "");
  return after.filter((tok) => {
    const i = left.indexOf(tok.split("=")[0]);
    if (i < 0) return true;
    left.splice(i, 1);
    return false;
  });
}

// `who` is { name, you }: the mover's name, and "yes" when the mover is this screen's seat.
export function describeMove(msg, who, faces, before) {
  const move = msg.move || "";
  const [verb, ...rest] = move.split(" ");
  if (verb === "draw") return t("web-ev-draw", who);
  if (verb === "take") return t("web-ev-take", who);
  if (verb === "discard") return t("web-ev-discard", { ...who, card: cardNames(rest, "french") });
  if (verb === "meld") return t("web-ev-meld", { ...who, cards: cardNames(rest, "french") });
  if (verb === "extend") {
    const players = before?.players || 2;
    const old = before?.melds?.[msg.seat % (players === 4 ? 2 : players)]?.[Number(rest[0]) - 1];
    const list = Array.isArray(old) ? old.join(" ") : old;
    return t("web-ev-extend", { ...who, cards: cardNames(list ? added(list, rest.slice(1)) : rest.slice(1), "french") });
  }
  return `${who.name}: ${move}`;
}
