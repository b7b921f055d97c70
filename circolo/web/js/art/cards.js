// One entry point for card art: cardSvg("7D", options) gives a whole <svg> string.
// Options: faces ("italian" | "french"), fourColour, letters (a 4-letter string for
// H D C S, or "" for none), back (a back name). Results are cached per card and options.
import { TWO_COLOURS, FOUR_COLOURS, ITALIAN_COLOURS } from "./suits.js";
import { frenchFace, joker } from "./french.js";
import { italianFace } from "./italian.js";
import { back } from "./backs.js";

const RANKS = { A: 1, T: 10, J: 11, Q: 12, K: 13 };
const cache = new Map();

export function parseCard(code) {
  if (code === "JK") return { rank: 0, suit: null };
  const r = code[0];
  return { rank: RANKS[r] || Number(r), suit: code[1] };
}

function wrap(inner, label, extra = "") {
  const aria = label ? `role="img" aria-label="${label}"` : 'aria-hidden="true"';
  return `<svg class="card-svg" viewBox="0 0 100 150" xmlns="http://www.w3.org/2000/svg" ${aria}${extra}>${inner}</svg>`;
}

const FRAME = `<rect x=".75" y=".75" width="98.5" height="148.5" rx="7" fill="#fffdf6" stroke="#9a9486" stroke-width="1.5"/>`;

export function faceInner(code, { faces = "italian", fourColour = false, letters = "" } = {}) {
  const { rank, suit } = parseCard(code);
  const letterOf = (s) => (letters ? letters["HDCS".indexOf(s)] : "");
  if (rank === 0) return FRAME + joker("#c8102e", letters ? "★" : "");
  if (faces === "french") {
    const colour = (fourColour ? FOUR_COLOURS : TWO_COLOURS)[suit];
    return FRAME + frenchFace(rank, suit, colour, letterOf(suit));
  }
  return FRAME + italianFace(rank, suit, ITALIAN_COLOURS[suit], letterOf(suit));
}

export function cardSvg(code, options = {}, label = "") {
  const key = `${code}|${options.faces}|${options.fourColour}|${options.letters}|${label}`;
  let svg = cache.get(key);
  if (!svg) {
    svg = wrap(faceInner(code, options), label);
    cache.set(key, svg);
  }
  return svg;
}

export function backSvg(name = "green") {
  const key = `back|${name}`;
  let svg = cache.get(key);
  if (!svg) {
    svg = wrap(`<rect x=".75" y=".75" width="98.5" height="148.5" rx="7" fill="#fffdf6" stroke="#9a9486" stroke-width="1.5"/>${back(name)}`, "");
    cache.set(key, svg);
  }
  return svg;
}
