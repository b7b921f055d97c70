// A card as a control: a <button> holding the generated SVG, labelled with the card's
// name for screen readers. Backs are plain images. Faces follow the player's settings.
import { h } from "./dom.js";
import { cardSvg, backSvg } from "./art/cards.js";
import { cardName, currentLang } from "./i18n.js";
import * as settings from "./settings.js";
import { gameInfo } from "./games.js";

// Suit letters for the colour-blind corner mark, per language and faces (H D C S order).
const LETTERS = {
  it: { italian: "CDBS", french: "CQFP" },
  "pt-BR": { italian: "COPE", french: "COPE" },
  en: { italian: "CNBS", french: "HDCS" },
};

export function suitLetters(faces) {
  return LETTERS[currentLang()][faces];
}

// The faces a game's cards are drawn with: the player's own choice for that game in
// Settings when the game's deck can be drawn with it, else the table's ("faces", a table
// option everyone at the table gets), else the game's own (its rules).
export function facesFor(game, tableFaces = null) {
  const chosen = settings.facesOf(game);
  const faces = gameInfo(game)?.faces || ["french"];
  if (faces.includes(chosen)) return chosen;
  return faces.includes(tableFaces) ? tableFaces : faces[0];
}

export function artOptions(faces) {
  return { faces, fourColour: settings.get("fourColour"), letters: settings.get("letters") ? suitLetters(faces) : "" };
}

// A card that can be pressed, drawn with ``faces`` (facesFor): onclick(code) is called
// with the card's text.
export function cardButton(code, faces, { selected = false, onclick = null, extraLabel = "", cls = "", key = null } = {}) {
  const opts = artOptions(faces);
  const label = cardName(code, opts.faces) + (extraLabel ? `, ${extraLabel}` : "");
  const el = h("button", {
    type: "button",
    class: `card ${cls}${selected ? " selected" : ""}${onclick ? " playable" : ""}`,
    "aria-label": label,
    "aria-pressed": onclick ? String(selected) : null,
    "aria-disabled": onclick ? null : "true", // read while waiting, not played now
    dataset: key ? { card: code, key, faces: opts.faces } : { card: code, faces: opts.faces },
    html: cardSvg(code.split("=")[0], opts),
  });
  if (onclick) el.addEventListener("click", () => onclick(code, el));
  else el.tabIndex = -1;
  return el;
}

// A card shown but not playable (table cards, tricks, melds): an image with a label.
export function cardImage(code, faces, cls = "") {
  const opts = artOptions(faces);
  return h("span", { class: `card ${cls}`, role: "img", "aria-label": cardName(code, opts.faces), dataset: { card: code, faces: opts.faces }, html: cardSvg(code.split("=")[0], opts) });
}

export function cardBack(cls = "") {
  return h("span", { class: `card back ${cls}`, "aria-hidden": "true", html: backSvg(settings.get("back")) });
}
