// Cards move where they go (FLIP): before the table is redrawn the cards of its moving
// zones (elements marked data-fly: your hand, the felt's cards, a trick) are measured; after,
// a card that is still on screen glides from where it was, a card new to the felt comes
// from the seat of the player who moved, and a card that left goes to the pile it was taken
// to (an element marked data-pile with that side). Short, never blocking input (the cards
// are already where they belong; only their picture moves), and none at all when the
// player asked for less motion (settings.motionAllowed()).
import * as settings from "../settings.js";

const TIME = 320; // ms
const EASE = "cubic-bezier(.2,.7,.3,1)";

// The cards of the moving zones: code -> { rect, node }.
export function measure(root) {
  land();
  const seen = new Map();
  if (!settings.motionAllowed()) return seen;
  for (const el of root.querySelectorAll("[data-fly] .card[data-card]")) {
    if (!seen.has(el.dataset.card)) seen.set(el.dataset.card, { rect: el.getBoundingClientRect(), node: el, zone: zoneOf(el) });
  }
  return seen;
}

const zoneOf = (el) => el.closest("[data-fly]").className.split(" ")[0];
const centre = (r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
const flying = new Set(); // the copies in flight: a redraw lands them at once

// A copy of a card, fixed over the page at `rect` (its flight never scrolls or stretches
// the table, as a transformed card inside it would).
function copyOf(node, rect) {
  const ghost = node.cloneNode(true);
  ghost.className = `${node.className} fly-ghost`.replace(/\b(fresh|selected|playable|target|highlight)\b/g, "");
  ghost.removeAttribute("id");
  ghost.removeAttribute("tabindex");
  ghost.setAttribute("aria-hidden", "true");
  Object.assign(ghost.style, { left: `${rect.left}px`, top: `${rect.top}px`, width: `${rect.width}px`, height: `${rect.height}px` });
  document.body.append(ghost);
  flying.add(ghost);
  return ghost;
}

function fly(ghost, keyframes, time, done = () => {}) {
  const anim = ghost.animate(keyframes, { duration: time, easing: EASE, fill: "forwards" });
  const end = () => {
    ghost.remove();
    flying.delete(ghost);
    done();
  };
  anim.onfinish = end;
  anim.oncancel = end;
  ghost.land = () => anim.cancel();
}

// A card now at `el` (rect `to`) that was at `from`: hidden while a copy flies there.
function glide(el, from, to) {
  const a = centre(from);
  const b = centre(to);
  const scale = to.width ? from.width / to.width : 1;
  if (Math.abs(a.x - b.x) < 2 && Math.abs(a.y - b.y) < 2 && Math.abs(scale - 1) < 0.02) return;
  el.classList.remove("fresh");
  const ghost = copyOf(el, to);
  el.classList.add("landing");
  fly(ghost, [{ transform: `translate(${a.x - b.x}px, ${a.y - b.y}px) scale(${scale})` }, { transform: "none" }], TIME,
    () => el.classList.remove("landing"));
}

// A card that left the moving zones, flown from where it was to `to`, shrinking and fading.
function flyAway(node, from, to) {
  const ghost = copyOf(node, from);
  const a = centre(from);
  const b = centre(to);
  fly(ghost, [
    { transform: "none", opacity: 1 },
    { transform: `translate(${b.x - a.x}px, ${b.y - a.y}px) scale(.35)`, opacity: 0.2 },
  ], TIME + 120);
}

// Before a redraw: every flight still under way lands now.
export function land() {
  for (const ghost of [...flying]) ghost.land();
}

// After the redraw: `before` from measure(); `mover` the seat whose move this was (null:
// none, or not known); `pile` the side whose pile takes the cards that left.
export function play(root, before, { mover = null, pile = null } = {}) {
  if (!before.size || !settings.motionAllowed()) return;
  const now = new Set();
  const seatBox = mover === null ? null : root.querySelector(`.seat[data-seat="${mover}"]:not(.mine)`);
  for (const el of root.querySelectorAll("[data-fly] .card[data-card]")) {
    const code = el.dataset.card;
    if (now.has(code)) continue;
    now.add(code);
    const was = before.get(code);
    const to = el.getBoundingClientRect();
    // a card that changed places, or moved on the felt; your hand only closes up, at once
    if (was && (was.zone !== zoneOf(el) || !el.closest(".hand"))) glide(el, was.rect, to);
    else if (seatBox && !el.closest(".hand")) glide(el, seatBox.getBoundingClientRect(), to);
  }
  const target = (pile !== null && root.querySelector(`[data-pile="${pile}"]`)) || seatBox;
  if (!target) return;
  const dest = target.getBoundingClientRect();
  for (const [code, was] of before) if (!now.has(code)) flyAway(was.node, was.rect, dest);
}
