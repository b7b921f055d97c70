// The player's preferences, kept in localStorage (and for an account on the server too:
// account.js); subscribers hear every change.
const KEY = "circolo.settings";
const DEFAULTS = {
  lang: null, // null: the browser's language
  // each game's card faces ("auto": the table's, the game's own deck unless its creator
  // chose others: French for Bisca Capixaba); before, one for every game (a string:
  // facesOf reads it so, and the settings page writes it per game on the first change)
  faces: { scopa: "auto", bisca: "auto", burraco: "auto" },
  fourColour: false,
  letters: false,
  back: "green",
  sound: true,
  notify: false,
  motion: true,
  shortcuts: true,
  botLevel: "greedy", // the bots Play now seats: random (Easy), greedy (Medium), expert
  confirm: true, // a second tap plays a Bisca card; leaving a match in play asks first
};

let values = { ...DEFAULTS };
try {
  values = { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || "{}") };
} catch {
  values = { ...DEFAULTS };
}
const listeners = new Set();

export function get(name) {
  return values[name];
}

export function set(name, value) {
  values[name] = value;
  localStorage.setItem(KEY, JSON.stringify(values));
  for (const fn of listeners) fn(name, value);
}

// An account's preferences, from the server, over this browser's (before the page is drawn).
// A guest brings nothing, and nothing is written: another tab's choice stays as it was.
export function adopt(saved) {
  const known = Object.entries(saved || {}).filter(([name]) => name in DEFAULTS);
  if (!known.length) return;
  for (const [name, value] of known) values[name] = value;
  localStorage.setItem(KEY, JSON.stringify(values));
}

// The faces chosen for ``game``: "auto" (the table's), "italian" or "french".
export function facesOf(game) {
  const faces = values.faces;
  if (typeof faces === "string") return faces; // saved before faces were per game
  return faces?.[game] ?? DEFAULTS.faces[game] ?? "auto";
}

export function all() {
  return { ...values };
}

export function onChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function motionAllowed() {
  return values.motion && !matchMedia("(prefers-reduced-motion: reduce)").matches;
}
