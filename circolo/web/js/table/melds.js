// Burraco layouts from a handful of cards: every valid set or run they can make, with
// each possible place of the wild, written as the engine's notation ("3H 2C=4H 5H").
const LETTER = { 1: "A", 10: "T", 11: "J", 12: "Q", 13: "K", 14: "A" };
const RANK = { A: 1, T: 10, J: 11, Q: 12, K: 13 };
const SUITS = "HDCS";

const rankOf = (c) => (c === "JK" ? 0 : RANK[c[0]] || Number(c[0]));
const letter = (r) => LETTER[r] || String(r);
export const isWild = (c) => c === "JK" || rankOf(c) === 2;

export function baseCards(layout) {
  return layout.split(/\s+/).filter(Boolean).map((tok) => tok.split("=")[0]);
}

export function layouts(cards) {
  if (cards.length < 3) return [];
  const out = new Set([...sets(cards), ...runs(cards)]);
  return [...out];
}

function sets(cards) {
  const wild = cards.filter(isWild);
  const nat = cards.filter((c) => !isWild(c));
  if (!nat.length || wild.length > 1) return [];
  const r = rankOf(nat[0]);
  if (!nat.every((c) => rankOf(c) === r)) return [];
  const sorted = nat.slice().sort((a, b) => SUITS.indexOf(a[1]) - SUITS.indexOf(b[1]));
  return [[...sorted, ...wild].join(" ")];
}

function runs(cards) {
  const out = [];
  const suits = new Set(cards.filter((c) => c !== "JK" && rankOf(c) !== 2).map((c) => c[1]));
  if (suits.size === 0) suits.add((cards.find((c) => c !== "JK") || "2H")[1]);
  if (suits.size > 1) return out;
  const s = [...suits][0];
  const twos = cards.map((c, i) => (rankOf(c) === 2 && c[1] === s ? i : -1)).filter((i) => i >= 0);
  // each 2 of the run's suit may be natural or the wild
  for (let m = 0; m < 1 << twos.length; m++) {
    const natural = [];
    const wild = [];
    cards.forEach((c, i) => {
      const k = twos.indexOf(i);
      if (c === "JK" || (rankOf(c) === 2 && (c[1] !== s || k < 0 || !(m & (1 << k))))) wild.push(c);
      else natural.push(c);
    });
    if (wild.length > 1 || natural.some((c) => c[1] !== s)) continue;
    for (const aceHigh of [false, true]) {
      const ranks = natural.map((c) => (rankOf(c) === 1 && aceHigh ? 14 : rankOf(c)));
      if (new Set(ranks).size !== ranks.length) continue;
      const lo = Math.min(...ranks);
      const hi = Math.max(...ranks);
      const gaps = hi - lo + 1 - ranks.length;
      if (gaps > wild.length) continue;
      const places = [];
      if (gaps === 1) {
        for (let r = lo; r <= hi; r++) if (!ranks.includes(r)) places.push(r);
      } else if (wild.length === 1) {
        if (lo > 1) places.push(lo - 1);
        if (hi < 14) places.push(hi + 1);
      } else places.push(null);
      for (const at of places) {
        const all = ranks.slice();
        if (at !== null) all.push(at);
        all.sort((a, b) => a - b);
        out.push(all.map((r) => (r === at ? `${wild[0]}=${letter(r)}${s}` : natural[ranks.indexOf(r)])).join(" "));
      }
    }
  }
  return out;
}

export function burracoKind(layout) {
  const toks = layout.split(/\s+/).filter(Boolean);
  if (toks.length < 7) return null;
  const wilds = toks.filter((tok) => tok.includes("=") || tok === "JK").length;
  if (!wilds) return "clean";
  return toks.length - wilds >= 7 ? "semi" : "dirty";
}
