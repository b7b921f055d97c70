// Countdowns from the server's deadlines (epoch seconds), corrected by the server's clock.
// One ticker redraws every element marked with data-deadline each 250 ms.
let serverNow = () => Date.now() / 1000;
const warned = new WeakSet();
let onWarn = () => {};

export function useServerClock(fn, warn) {
  serverNow = fn;
  onWarn = warn || onWarn;
}

export function secondsLeft(deadline) {
  return Math.max(0, deadline - serverNow());
}

export function countdown(deadline, { total = 30, warnAt = 10, cls = "" } = {}) {
  const el = document.createElement("span");
  el.className = `countdown ${cls}`;
  el.dataset.deadline = String(deadline);
  el.dataset.total = String(total);
  el.dataset.warn = String(warnAt);
  draw(el);
  return el;
}

function draw(el) {
  const left = secondsLeft(Number(el.dataset.deadline));
  const total = Number(el.dataset.total) || 30;
  const warnAt = Number(el.dataset.warn);
  el.textContent = `${Math.ceil(left)} s`;
  el.style.setProperty("--frac", String(Math.min(1, left / total)));
  const warning = left > 0 && left <= warnAt;
  el.classList.toggle("warning", warning);
  if (warning && !warned.has(el) && el.dataset.sound === "1") {
    warned.add(el);
    onWarn();
  }
}

setInterval(() => document.querySelectorAll("[data-deadline]").forEach(draw), 250);
