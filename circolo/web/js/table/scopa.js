// Scopa at the table: the cut, tap a card then tap again (or tap its capture on the
// table); several captures are highlighted and offered; scope marked on the piles.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { cardButton, cardImage, cardBack } from "../cardview.js";
import { cardNames } from "../names.js";
import { parseCard } from "../art/cards.js";
import { hint } from "../hint.js";

const SUIT_ORDER = "HDCS";

export function value(code) {
  const { rank } = parseCard(code);
  return rank <= 7 ? rank : rank - 3;
}

function byValue(a, b) {
  return value(a) - value(b) || SUIT_ORDER.indexOf(a[1]) - SUIT_ORDER.indexOf(b[1]);
}

// Every capture the card can make: a single card of equal value is obligatory.
export function captures(card, table) {
  const v = value(card);
  const singles = table.filter((c) => value(c) === v);
  if (singles.length) return singles.map((c) => [c]);
  const out = [];
  const n = table.length;
  for (let mask = 1; mask < 1 << n; mask++) {
    let sum = 0;
    const set = [];
    for (let i = 0; i < n; i++) if (mask & (1 << i)) { sum += value(table[i]); set.push(table[i]); }
    if (sum === v && set.length > 1) out.push(set.sort(byValue));
  }
  return out;
}

export function moveText(card, took) {
  return took.length ? `${card} x ${took.slice().sort(byValue).join(" ")}` : card;
}

export function render(ctx) {
  const v = ctx.view;
  const table = v.table || [];
  const sel = ctx.selected[0] || null;
  const options = sel ? captures(sel, table) : [];
  const highlight = new Set(options.flat());
  const myTurn = ctx.myTurn && v.phase === "play";

  const tableCards = table.map((c) => {
    const inOptions = options.filter((o) => o.includes(c));
    if (myTurn && sel && inOptions.length) {
      const el = cardButton(c, "scopa", {
        cls: `on-table target${highlight.has(c) ? " highlight" : ""}`,
        extraLabel: t("web-choose-capture"),
        onclick: () => (inOptions.length === 1 ? ctx.play(moveText(sel, inOptions[0])) : ctx.flash(inOptions.flat())),
      });
      el.dataset.drop = "capture";
      return el;
    }
    const el = cardImage(c, "scopa", "on-table");
    if (myTurn) el.dataset.drop = "capture";
    return el;
  });

  const center = h("div", { class: "felt scopa-felt", dataset: myTurn ? { drop: "table" } : {} },
    h("div", { class: "table-cards", role: "group", "aria-label": `${t("web-table")}: ${cardNames(table, ctx.faces) || "—"}` }, tableCards),
    h("div", { class: "stock-info" }, h("span", { class: "stock-pile" }, v.stock ? cardBack("small") : null, h("span", { class: "count" }, `${t("web-stock")}: ${v.stock ?? 0}`))));

  const piles = h("div", { class: "piles" },
    (v.pile_sizes || [0, 0]).map((n, side) => h("div", { class: "pile-box", dataset: { side } },
      h("span", {}, `${ctx.sideName(side)}: ${t("web-cards", { count: n })}`),
      h("span", { class: "scope-marks", role: "img", "aria-label": `${t("web-cat-scope")}: ${(v.scope || [])[side] || 0}` }, "✦".repeat((v.scope || [])[side] || 0)))));

  let actions = [];
  if (ctx.myTurn && v.phase === "cut") actions = [cutControl(ctx)];
  else if (myTurn && sel) {
    if (!options.length) actions = [h("button", { class: "primary", type: "button", onclick: () => ctx.play(sel) }, `${t("web-lay")}`)];
    else actions = options.map((o) => {
      const b = h("button", { class: "primary capture-option", type: "button", dataset: { took: o.join(" ") }, onclick: () => ctx.play(moveText(sel, o)) },
        `${t("web-choose-capture")}: ${cardNames(o, ctx.faces)}`);
      const mark = (on) => () => document.querySelectorAll(".table-cards .card").forEach((el) => el.classList.toggle("preview", on && o.includes(el.dataset.card)));
      ["mouseenter", "focus"].forEach((e) => b.addEventListener(e, mark(true)));
      ["mouseleave", "blur"].forEach((e) => b.addEventListener(e, mark(false)));
      return b;
    });
  }

  const hand = (v.hand || []).map((c) => cardButton(c, "scopa", {
    selected: c === sel,
    cls: "in-hand",
    onclick: myTurn ? () => {
      if (c !== sel) return ctx.select([c]);
      const opts = captures(c, table);
      if (opts.length <= 1) ctx.play(moveText(c, opts[0] || []));
    } : null,
  }));
  return { center, side: piles, actions, hand };
}

// A hand card dropped on the felt plays it; on a table card, takes the one capture that
// includes that card. When the choice is still open the card is selected and the options shown.
export function drop(ctx, card, key, target) {
  const v = ctx.view;
  if (!ctx.myTurn || v.phase !== "play") return;
  const options = captures(card, v.table || []);
  let choice = null;
  if (target.dataset.drop === "capture") {
    const on = options.filter((o) => o.includes(target.dataset.card));
    if (on.length === 1) choice = on[0];
  }
  if (!choice && options.length === 1) choice = options[0];
  if (choice || !options.length) return ctx.play(moveText(card, choice || []));
  ctx.select([card]);
}

function cutControl(ctx) {
  const input = h("input", { type: "range", min: 4, max: 36, value: 4 + Math.floor(Math.random() * 33), id: "cut-n", "aria-describedby": "cut-how" });
  const out = h("output", { for: "cut-n" }, input.value);
  input.addEventListener("input", () => (out.textContent = input.value));
  return h("div", { class: "cut" },
    h("label", { for: "cut-n", id: "cut-how" }, t("web-cut-how")), hint("cut", "scopa", "cut"), input, out,
    h("button", { class: "primary", type: "button", onclick: () => ctx.play(`cut ${input.value}`) }, t("web-cut")));
}

// `who` is { name, you }: the mover's name, and "yes" when the mover is this screen's seat.
export function describeMove(msg, who, faces) {
  const ev = (msg.events || []).find((e) => e.kind === "capture" || e.kind === "lay" || e.kind === "play");
  const card = msg.card || ev?.card || (msg.move || "").split(" ")[0];
  const took = ev?.took || ev?.cards || [];
  if ((msg.move || "").startsWith("cut")) return t("web-ev-cut", who);
  if (took.length) return t("web-ev-capture", { ...who, card: cardNames([card], faces), took: cardNames(took, faces) }) + ((msg.events || []).some((e) => e.kind === "scopa") ? ` — ${t("web-scopa")}` : "");
  return t("web-ev-play", { ...who, card: cardNames([card], faces) });
}
