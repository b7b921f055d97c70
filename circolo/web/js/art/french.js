// French faces: indices and pips, the J/Q/K figures (double-ended busts) and the joker.
// Drawn on a 100 x 150 card. Returns the inner SVG of a face (no <svg> wrapper).
import { FRENCH_PATHS, frenchPip, place } from "./suits.js";
import { bust } from "./busts.js";

const ROWS = { top: 30, upper: 52, mid: 75, lower: 98, bottom: 120 };
const L = 31;
const R = 69;
const C = 50;

// Pip positions per rank; pips below the middle are drawn upside down.
const LAYOUTS = {
  2: [[C, ROWS.top], [C, ROWS.bottom]],
  3: [[C, ROWS.top], [C, ROWS.mid], [C, ROWS.bottom]],
  4: [[L, ROWS.top], [R, ROWS.top], [L, ROWS.bottom], [R, ROWS.bottom]],
  5: [[L, ROWS.top], [R, ROWS.top], [C, ROWS.mid], [L, ROWS.bottom], [R, ROWS.bottom]],
  6: [[L, 30], [R, 30], [L, 75], [R, 75], [L, 120], [R, 120]],
  7: [[L, 30], [R, 30], [C, 52], [L, 75], [R, 75], [L, 120], [R, 120]],
  8: [[L, 30], [R, 30], [C, 52], [L, 75], [R, 75], [C, 98], [L, 120], [R, 120]],
  9: [[L, 30], [R, 30], [L, 60], [R, 60], [C, 75], [L, 90], [R, 90], [L, 120], [R, 120]],
  10: [[L, 30], [R, 30], [C, 45], [L, 60], [R, 60], [L, 90], [R, 90], [C, 105], [L, 120], [R, 120]],
};

const RANK_TEXT = { 1: "A", 10: "10", 11: "J", 12: "Q", 13: "K" };

export function rankText(rank) {
  return RANK_TEXT[rank] || String(rank);
}

// The corner index: rank, a small pip and (optionally) the suit letter; repeated upside down.
export function corners(rankLabel, suit, colour, letter) {
  const narrow = rankLabel.length > 1;
  const one = `<text x="11" y="21" text-anchor="middle" font-size="${narrow ? 15 : 18}" font-weight="700"
 font-family="Georgia, 'DejaVu Serif', serif" fill="${colour}" ${narrow ? 'letter-spacing="-1.5"' : ""}>${rankLabel}</text>
${suit ? place(frenchPip(suit, colour), 11, 31, 5.2) : ""}
${letter ? `<text x="11" y="47" text-anchor="middle" font-size="9" font-weight="700" font-family="Verdana, 'DejaVu Sans', sans-serif" fill="${colour}">${letter}</text>` : ""}`;
  return `${one}<g transform="rotate(180 50 75)">${one}</g>`;
}

function pips(rank, suit, colour) {
  if (rank === 1) {
    return place(frenchPip(suit, colour), 50, 75, suit === "D" ? 22 : 19);
  }
  return LAYOUTS[rank]
    .map(([x, y]) => place(frenchPip(suit, colour), x, y, 8.6, y > 75 ? 180 : 0))
    .join("");
}

export function frenchFace(rank, suit, colour, letter) {
  const body = rank > 10 ? court(rank, suit, colour) : pips(rank, suit, colour);
  return body + corners(rankText(rank), suit, colour, letter);
}

function court(rank, suit, colour) {
  const half = bust(rank, suit, colour);
  return `<rect x="21" y="17" width="58" height="116" rx="3" fill="#fffdf6" stroke="${colour}" stroke-width="1.2"/>
${half}<g transform="rotate(180 50 75)">${half}</g>
<path d="M21,75H79" stroke="${colour}" stroke-width=".8"/>
${place(`<path d="${FRENCH_PATHS[suit]}" fill="${colour}"/>`, 28, 26, 4.5)}
${place(`<path d="${FRENCH_PATHS[suit]}" fill="${colour}"/>`, 72, 124, 4.5, 180)}`;
}

export function joker(colour, letter) {
  const label = "JOKER"
    .split("")
    .map((ch, i) => `<text x="10.5" y="${17 + i * 10}" text-anchor="middle" font-size="10" font-weight="700" font-family="Verdana, 'DejaVu Sans', sans-serif" fill="${colour}">${ch}</text>`)
    .join("");
  const jester = `<g stroke="#222" stroke-width=".9" stroke-linejoin="round">
<path d="M28,128C30,104 38,96 50,94C62,96 70,104 72,128Z" fill="#1f4e9c"/>
<path d="M50,94C56,100 60,112 58,128H50Z" fill="#c8102e"/>
<path d="M30,92L38,98 44,90 50,98 56,90 62,98 70,92 66,102H34Z" fill="#f2c230"/>
<rect x="46" y="80" width="8" height="10" fill="#f6d3b0"/>
<circle cx="50" cy="72" r="12" fill="#f6d3b0"/>
<path d="M38,66C34,52 26,44 18,46C26,48 30,56 36,66Z" fill="#c8102e"/>
<path d="M44,62C44,44 48,34 50,28C52,34 56,44 56,62Z" fill="#1f4e9c"/>
<path d="M62,66C66,52 74,44 82,46C74,48 70,56 64,66Z" fill="#1c7c38"/>
<path d="M37,67C42,60 58,60 63,67C58,64 42,64 37,67Z" fill="#f2c230"/>
<circle cx="18" cy="46" r="3" fill="#f2c230"/><circle cx="50" cy="28" r="3" fill="#f2c230"/><circle cx="82" cy="46" r="3" fill="#f2c230"/>
<circle cx="45.5" cy="72" r="1.3" fill="#222"/><circle cx="54.5" cy="72" r="1.3" fill="#222"/>
<path d="M44,77Q50,82 56,77" fill="none"/>
<circle cx="43" cy="77" r="1.6" fill="#f0a0a0" stroke="none"/><circle cx="57" cy="77" r="1.6" fill="#f0a0a0" stroke="none"/>
</g>`;
  const corner = label + (letter ? `<text x="10.5" y="75" text-anchor="middle" font-size="8" font-weight="700" font-family="Verdana, sans-serif" fill="${colour}">${letter}</text>` : "");
  return `${jester}${corner}<g transform="rotate(180 50 75)">${label}</g>`;
}
