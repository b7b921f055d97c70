// The player's preferences, kept in localStorage; subscribers hear every change.
const KEY = "circolo.settings";
const DEFAULTS = {
  lang: null, // null: the browser's language
  faces: "auto", // auto: Italian for Scopa and Bisca, French for Burraco
  fourColour: false,
  letters: false,
  back: "green",
  sound: true,
  notify: false,
  motion: true,
  shortcuts: true,
  botLevel: "greedy", // the bots Play now seats: random (Easy), greedy (Medium), expert
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

export function onChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function motionAllowed() {
  return values.motion && !matchMedia("(prefers-reduced-motion: reduce)").matches;
}
