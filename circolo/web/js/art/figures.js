// Neapolitan figures: Fante, Cavallo and Re, single-ended, standing on a base in the
// suit's colour and holding the suit's symbol. Drawn on a 100 x 150 card.
import { italianSymbol, place } from "./suits.js";

const SKIN = "#f4cfa6";
const GOLD = "#f2c230";
const INK = "#2a1a10";

// Per suit: the robe, its trim, the hose and the base colour.
export const PALETTE = {
  H: { robe: "#c9252f", trim: GOLD, hose: "#2b62b5", base: "#c9252f", horse: "#f3ede2" },
  D: { robe: "#e2a21c", trim: "#c9252f", hose: "#2f7d3a", base: "#e2a21c", horse: "#b0703a" },
  C: { robe: "#2f7d3a", trim: GOLD, hose: "#c9252f", base: "#2f7d3a", horse: "#7a5230" },
  S: { robe: "#2b62b5", trim: GOLD, hose: "#c9252f", base: "#2b62b5", horse: "#d9d9d9" },
};

function base(p) {
  return `<path d="M14,124H86L82,134H18Z" fill="${p.base}" stroke="${INK}" stroke-width="1"/>
<path d="M18,128H82" stroke="${p.trim}" stroke-width="1.4"/>`;
}

function head(x, y, { beard = false, hair = "#6b3d16" } = {}) {
  return `<rect x="${x - 3}" y="${y + 6}" width="6" height="6" fill="${SKIN}"/>
<path d="M${x - 8},${y + 1}C${x - 9},${y - 9} ${x + 9},${y - 9} ${x + 8},${y + 1}L${x + 9},${y + 7}H${x - 9}Z" fill="${hair}"/>
<ellipse cx="${x}" cy="${y}" rx="6.6" ry="7.6" fill="${SKIN}"/>
<circle cx="${x - 2.6}" cy="${y - 1}" r=".9" fill="${INK}"/><circle cx="${x + 2.6}" cy="${y - 1}" r=".9" fill="${INK}"/>
<path d="M${x},${y}V${y + 2.6}H${x - 1.2}M${x - 2},${y + 4.4}Q${x},${y + 5.4} ${x + 2},${y + 4.4}" fill="none" stroke-width=".6"/>
${beard ? `<path d="M${x - 6.6},${y + 1}C${x - 6},${y + 11} ${x + 6},${y + 11} ${x + 6.6},${y + 1}C${x + 4},${y + 6} ${x - 4},${y + 6} ${x - 6.6},${y + 1}Z" fill="#d8d2c4"/>` : ""}`;
}

function crown(x, y) {
  return `<path d="M${x - 8},${y}L${x - 9},${y - 9}L${x - 4.5},${y - 4.5}L${x},${y - 11}L${x + 4.5},${y - 4.5}L${x + 9},${y - 9}L${x + 8},${y}Z" fill="${GOLD}"/>
<circle cx="${x}" cy="${y - 11}" r="1.5" fill="#c9252f"/><path d="M${x - 8},${y - 1.6}H${x + 8}" stroke="#c9252f" stroke-width="1.3"/>`;
}

function cap(x, y, p) {
  return `<path d="M${x - 10},${y + 1}C${x - 9},${y - 8} ${x + 9},${y - 8} ${x + 10},${y + 1}Z" fill="${p.hose}"/>
<path d="M${x + 5},${y - 4}C${x + 14},${y - 16} ${x + 20},${y - 14} ${x + 22},${y - 20}C${x + 20},${y - 8} ${x + 14},${y - 4} ${x + 7},${y - 1}Z" fill="${p.trim}"/>`;
}

// The symbol held up in the right hand: cups and coins held up, clubs and swords upright.
function heldSymbol(suit, x, y) {
  const long = suit === "C" || suit === "S";
  return long ? place(italianSymbol(suit), x, y - 12, 17) : place(italianSymbol(suit), x, y - 8, 9);
}

export function fante(suit) {
  const p = PALETTE[suit];
  return `${base(p)}<g stroke="${INK}" stroke-width=".9" stroke-linejoin="round">
<path d="M42,94V120H48V94ZM52,94V120H58V94Z" fill="${p.hose}"/>
<path d="M40,119H49V124H38ZM51,119H60V124H62Z" fill="#3a2414"/>
<path d="M37,58C42,54 58,54 63,58L69,98C56,102 44,102 31,98Z" fill="${p.robe}"/>
<path d="M31,98C44,102 56,102 69,98L68,93C56,97 44,97 32,93Z" fill="${p.trim}"/>
<rect x="35" y="76" width="30" height="4" fill="${p.trim}"/>
<path d="M44,56L50,66 56,56" fill="${p.trim}"/>
<path d="M38,60C33,68 31,80 32,88" stroke="${p.robe}" stroke-width="7" fill="none" stroke-linecap="round"/>
<circle cx="32" cy="90" r="3.2" fill="${SKIN}"/>
<path d="M62,60C68,56 72,50 73,44" stroke="${p.robe}" stroke-width="7" fill="none" stroke-linecap="round"/>
<circle cx="73" cy="42" r="3.2" fill="${SKIN}"/>
${head(50, 44)}${cap(50, 37, p)}
</g>${heldSymbol(suit, 73, 42)}`;
}

export function re(suit) {
  const p = PALETTE[suit];
  return `${base(p)}<g stroke="${INK}" stroke-width=".9" stroke-linejoin="round">
<path d="M33,60C24,80 22,104 20,124H80C78,104 76,80 67,60Z" fill="${p.hose}"/>
<path d="M38,58C44,54 56,54 62,58L70,124H30Z" fill="${p.robe}"/>
<path d="M47,58H53V124H47Z" fill="${p.trim}"/>
<path d="M30,120H70V124H30Z" fill="${p.trim}"/>
<path d="M36,58C42,62 58,62 64,58C58,54 42,54 36,58Z" fill="#fffdf6"/>
<path d="M38,62C32,72 32,84 36,92" stroke="${p.robe}" stroke-width="7" fill="none" stroke-linecap="round"/>
<circle cx="37" cy="94" r="3.2" fill="${SKIN}"/>
<path d="M37,94V70" stroke="${GOLD}" stroke-width="2.2"/><circle cx="37" cy="68" r="2.6" fill="${GOLD}"/>
<path d="M62,62C68,58 72,52 73,46" stroke="${p.robe}" stroke-width="7" fill="none" stroke-linecap="round"/>
<circle cx="73" cy="44" r="3.2" fill="${SKIN}"/>
${head(50, 44, { beard: true, hair: "#d8d2c4" })}${crown(50, 37)}
</g>${heldSymbol(suit, 73, 44)}`;
}

export function cavallo(suit) {
  const p = PALETTE[suit];
  return `${base(p)}<g stroke="${INK}" stroke-width=".9" stroke-linejoin="round">
<path d="M74,88C82,92 84,104 80,112C78,104 76,98 70,94Z" fill="#3a2414"/>
<path d="M36,100L33,122H38L42,102ZM46,102L46,122H51L52,102ZM64,102L66,122H71L70,100ZM72,98L78,120H83L78,96Z" fill="${p.horse}"/>
<path d="M32,121H39V124H32ZM45,121H52V124H45ZM65,121H72V124H65ZM77,119H84V122H77Z" fill="#3a2414"/>
<ellipse cx="56" cy="94" rx="22" ry="11" fill="${p.horse}"/>
<path d="M40,90C34,84 28,74 24,64L18,62C14,64 12,68 14,72L26,74C30,82 34,92 42,100Z" fill="${p.horse}"/>
<path d="M24,64C26,58 30,58 32,62L38,82C34,78 28,70 24,64Z" fill="#3a2414"/>
<path d="M22,60L24,55 27,61Z" fill="${p.horse}"/>
<circle cx="20" cy="65" r=".9" fill="${INK}"/>
<path d="M14,72L26,74M22,63L26,74" fill="none" stroke="${p.trim}" stroke-width="1.1"/>
<path d="M44,86C48,96 64,96 68,86L66,100C60,104 52,104 46,100Z" fill="${p.robe}"/>
<path d="M45,88H67" stroke="${p.trim}" stroke-width="2"/>
<path d="M46,58C50,55 58,55 62,58L64,84H44Z" fill="${p.robe}"/>
<rect x="44" y="74" width="20" height="3.4" fill="${p.trim}"/>
<path d="M54,82L58,104H63L60,82Z" fill="${p.hose}"/>
<path d="M57,103H65V107H56Z" fill="#3a2414"/>
<path d="M47,62C42,66 38,72 36,76" stroke="${p.robe}" stroke-width="6" fill="none" stroke-linecap="round"/>
<circle cx="35" cy="77" r="2.8" fill="${SKIN}"/>
<path d="M35,77L22,68" stroke="#3a2414" stroke-width=".9"/>
<path d="M61,60C67,56 71,50 72,44" stroke="${p.robe}" stroke-width="6" fill="none" stroke-linecap="round"/>
<circle cx="72" cy="42" r="2.8" fill="${SKIN}"/>
${head(54, 45)}${cap(54, 38, p)}
</g>${heldSymbol(suit, 72, 42)}`;
}
