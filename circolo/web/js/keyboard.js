// Keyboard play. Tab reaches the hand (one stop) and the table's other places; Left/Right
// move among the controls of a place (the hand's cards, the table cards a capture can take,
// the actions and choices, the melds one can extend), Up/Down move from place to place
// (up to the felt, down to the hand); Enter/Space press; Escape drops the selection and an
// open choice; number keys pick the n-th card of the hand. The number keys, single-key
// shortcuts, can be turned off (WCAG 2.1.4).
import * as settings from "./settings.js";
import { GROUPS, controls, handStop, rove } from "./focus.js";

// Whether the player's last input was a key (not a pointer): a choice opened by key gets
// the focus on its first option.
let keyed = false;
document.addEventListener("keydown", () => (keyed = true), true);
document.addEventListener("pointerdown", () => (keyed = false), true);
export const viaKeys = () => keyed;

const ARROWS = { ArrowLeft: ["across", -1], ArrowRight: ["across", 1], ArrowUp: ["between", -1], ArrowDown: ["between", 1] };

function go(el) {
  if (!el) return;
  el.focus({ preventScroll: false });
  rove(el);
}

// An arrow: the next control of the place, or the next place; from nowhere (the page), the hand.
function arrow(root, [how, step]) {
  const el = document.activeElement;
  const places = GROUPS.map((sel) => root.querySelector(sel)).filter((g) => controls(g).length);
  const place = places.find((g) => g.contains(el));
  if (!place) {
    const lost = !el || el === document.body || el === root || el.matches(".hand");
    if (!lost) return false; // a link, a button of the page: the arrows are the browser's
    const stop = handStop(root);
    go(stop && !stop.matches(".hand") ? stop : controls(places[0])[0] || stop);
    return true;
  }
  if (how === "across") {
    const list = controls(place);
    go(list[(list.indexOf(el) + step + list.length) % list.length]);
    return true;
  }
  const next = places[places.indexOf(place) + step];
  if (next) go(next.matches(".hand") ? handStop(root) : controls(next).find((c) => c.classList.contains("selected")) || controls(next)[0]);
  return true;
}

export function bindKeys(first, getScreen) {
  const onKey = (ev) => {
    if (ev.target.closest("input, textarea, select, dialog") || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const screen = getScreen();
    const root = screen?.root || first; // a new language draws the screen into a new page
    if (!screen || !root.isConnected) return;
    if (ev.key in ARROWS) {
      if (ev.target.closest(".dialog")) return; // the sheet's and the match end's own controls
      if (arrow(root, ARROWS[ev.key])) ev.preventDefault();
      return;
    }
    if (ev.key === "Escape") {
      if (screen.cancel?.()) ev.preventDefault();
      return;
    }
    if (!settings.get("shortcuts")) return;
    if (/^[1-9]$/.test(ev.key)) {
      const n = Number(ev.key) - 1;
      const card = root.querySelectorAll(".hand .card[aria-pressed]")[n];
      if (!card) return;
      card.click(); // the focus follows: to the card, or to the choice it opened
      if (!document.activeElement?.closest(".actions")) {
        go(root.querySelector(".actions .capture-option, .actions .choice") || root.querySelectorAll(".hand .card[aria-pressed]")[n]);
      }
      ev.preventDefault();
    }
  };
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}
