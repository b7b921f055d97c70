// Italian faces in the Neapolitan style: 1-7 as suit symbols, 8 Fante, 9 Cavallo, 10 Re.
// Drawn on a 100 x 150 card. Returns the inner SVG of a face (no <svg> wrapper).
import { italianSymbol, place } from "./suits.js";
import { fante, cavallo, re } from "./figures.js";

const LONG = { C: true, S: true }; // clubs and swords lie crossed, cups and coins upright

const GRID = {
  2: [[50, 44], [50, 106]],
  3: [[50, 34], [50, 75], [50, 116]],
  4: [[32, 44], [68, 44], [32, 106], [68, 106]],
  5: [[32, 40], [68, 40], [50, 75], [32, 110], [68, 110]],
  6: [[32, 36], [68, 36], [32, 75], [68, 75], [32, 114], [68, 114]],
  7: [[32, 34], [68, 34], [50, 58], [32, 84], [68, 84], [32, 116], [68, 116]],
};

// Crossed layouts for clubs and swords: long symbols at angles, as the Neapolitan deck lays them.
const CROSSED = {
  2: [[50, 75, 32, -24], [50, 75, 32, 24]],
  3: [[32, 75, 30, -14], [50, 75, 32, 0], [68, 75, 30, 14]],
  4: [[36, 50, 22, -20], [64, 50, 22, 20], [36, 100, 22, 20], [64, 100, 22, -20]],
  5: [[32, 46, 19, -18], [68, 46, 19, 18], [50, 75, 22, 0], [32, 104, 19, 18], [68, 104, 19, -18]],
  6: [[34, 38, 16, -15], [66, 38, 16, 15], [34, 75, 16, -15], [66, 75, 16, 15], [34, 112, 16, -15], [66, 112, 16, 15]],
  7: [[30, 36, 15, -15], [70, 36, 15, 15], [30, 75, 15, -15], [70, 75, 15, 15], [30, 114, 15, -15], [70, 114, 15, 15], [50, 75, 20, 0]],
};

function ace(suit) {
  const sym = italianSymbol(suit);
  if (suit === "D") {
    return `<circle cx="50" cy="75" r="38" fill="none" stroke="#c9252f" stroke-width="1.6"/>
<circle cx="50" cy="75" r="35" fill="none" stroke="#2f7d3a" stroke-width="1" stroke-dasharray="3 2"/>${place(sym, 50, 75, 31)}`;
  }
  if (suit === "S") {
    return `${place(sym, 50, 78, 54)}<path d="M34,96C42,90 58,102 66,96C60,106 40,104 34,96Z" fill="#c9252f" stroke="#2a1a10" stroke-width=".8"/>`;
  }
  if (suit === "C") {
    return `${place(sym, 50, 76, 52, -8)}<path d="M30,110C40,100 58,112 70,104" fill="none" stroke="#c9252f" stroke-width="3"/>`;
  }
  return place(sym, 50, 75, 34);
}

function pips(rank, suit) {
  if (rank === 1) return ace(suit);
  const sym = italianSymbol(suit);
  if (LONG[suit]) {
    return CROSSED[rank].map(([x, y, s, r]) => place(sym, x, y, s, r)).join("");
  }
  return GRID[rank].map(([x, y]) => place(sym, x, y, 13.5)).join("");
}

const FIGURES = { 11: fante, 12: cavallo, 13: re };
const VALUE = { 11: 8, 12: 9, 13: 10 };

export function italianValue(rank) {
  return VALUE[rank] || rank;
}

function index(rank, colour, letter) {
  const text = String(italianValue(rank));
  return `<text x="10" y="17" text-anchor="middle" font-size="${text.length > 1 ? 12 : 14}" font-weight="700"
 font-family="Georgia, 'DejaVu Serif', serif" fill="${colour}">${text}</text>
${letter ? `<text x="10" y="28" text-anchor="middle" font-size="9" font-weight="700" font-family="Verdana, 'DejaVu Sans', sans-serif" fill="${colour}">${letter}</text>` : ""}`;
}

export function italianFace(rank, suit, colour, letter) {
  const body = FIGURES[rank] ? FIGURES[rank](suit) : pips(rank, suit);
  const one = index(rank, colour, letter);
  return `${body}${one}<g transform="rotate(180 50 75)">${one}</g>`;
}
