// A card as a control: a <button> holding the generated SVG, labelled with the card's
// name for screen readers. Backs are plain images. Faces follow the player's settings.
import { h } from "./dom.js";
import { cardSvg, backSvg } from "./art/cards.js";
import { cardName, suitLetters } from "./names.js";
import * as settings from "./settings.js";

export function facesFor(game) {
  const chosen = settings.get("faces");
  if (game === "burraco") return "french";
  if (chosen === "auto") return "italian";
  return chosen;
}

export function artOptions(game) {
  const faces = facesFor(game);
  return { faces, fourColour: settings.get("fourColour"), letters: settings.get("letters") ? suitLetters(faces) : "" };
}

// A card that can be pressed: onclick(code) is called with the card's text.
export function cardButton(code, game, { selected = false, onclick = null, extraLabel = "", cls = "", key = null } = {}) {
  const opts = artOptions(game);
  const label = cardName(code, opts.faces) + (extraLabel ? `, ${extraLabel}` : "");
  const el = h("button", {
    type: "button",
    class: `card ${cls}${selected ? " selected" : ""}${onclick ? " playable" : ""}`,
    "aria-label": label,
    "aria-pressed": onclick ? String(selected) : null,
    dataset: key ? { card: code, key } : { card: code },
    html: cardSvg(code.split("=")[0], opts),
  });
  if (onclick) el.addEventListener("click", () => onclick(code, el));
  else el.tabIndex = -1;
  return el;
}

// A card shown but not playable (table cards, tricks, melds): an image with a label.
export function cardImage(code, game, cls = "") {
  const opts = artOptions(game);
  return h("span", { class: `card ${cls}`, role: "img", "aria-label": cardName(code, opts.faces), dataset: { card: code }, html: cardSvg(code.split("=")[0], opts) });
}

export function cardBack(cls = "") {
  return h("span", { class: `card back ${cls}`, "aria-hidden": "true", html: backSvg(settings.get("back")) });
}
