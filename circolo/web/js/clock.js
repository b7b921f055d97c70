// Countdowns from the server's deadlines (epoch seconds), corrected by the server's clock.
// One ticker redraws every element marked with data-deadline each 250 ms. A countdown with
// an `after` time (Burraco's reserve) shows only what is left beyond it: the reserve stands
// still while the green part runs, then counts down, so each figure is what it is.
import { sounds } from "./sound.js";

let serverNow = () => Date.now() / 1000;
// Deadlines already warned of: a screen redrawn during the last seconds is not warned twice.
const warned = new Set();
let onWarn = () => {};

export function useServerClock(fn, warn) {
  serverNow = fn;
  onWarn = warn || onWarn;
}

export function secondsLeft(deadline) {
  return Math.max(0, deadline - serverNow());
}

// `mmss`: minutes and seconds (1:59), for a deadline minutes away (a tournament's start).
export function countdown(deadline, { total = 30, warnAt = 10, cls = "", after = null, mmss = false } = {}) {
  const el = document.createElement("span");
  el.className = `countdown ${cls}`;
  el.dataset.deadline = String(deadline);
  if (after !== null && after !== undefined) el.dataset.after = String(after);
  el.dataset.total = String(total);
  el.dataset.warn = String(warnAt);
  if (mmss) el.dataset.mmss = "";
  draw(el);
  return el;
}

// The seconds an element shows: to its deadline, less what an `after` time still holds.
function shown(el) {
  const left = secondsLeft(Number(el.dataset.deadline));
  return el.dataset.after === undefined ? left : Math.max(0, left - secondsLeft(Number(el.dataset.after)));
}

function draw(el) {
  const left = shown(el);
  const total = Number(el.dataset.total) || 30;
  const warnAt = Number(el.dataset.warn);
  const s = Math.ceil(left);
  el.textContent = el.dataset.mmss === undefined ? `${s} s` : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  el.style.setProperty("--frac", String(Math.min(1, left / total)));
  const warning = left > 0 && left <= warnAt;
  el.classList.toggle("warning", warning);
  if (warning && el.dataset.sound && !warned.has(el.dataset.deadline)) {
    warned.add(el.dataset.deadline);
    if (el.dataset.sound === "reserve") sounds.reserve();
    else onWarn();
  }
}

setInterval(() => document.querySelectorAll("[data-deadline]").forEach(draw), 250);
