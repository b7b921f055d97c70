// One polite live region for moves and turns, separate from the controls' labels,
// so a screen reader never talks over itself. Messages close together are joined.
let region = null;
let pending = [];
let timer = null;

export function mountAnnouncer(root = document.body) {
  region = document.createElement("div");
  region.id = "announcer";
  region.className = "sr-only";
  region.setAttribute("role", "status");
  region.setAttribute("aria-live", "polite");
  root.append(region);
}

export function announce(text) {
  if (!region || !text) return;
  pending.push(text);
  clearTimeout(timer);
  timer = setTimeout(() => {
    region.textContent = pending.map((x) => (/[.!?…]$/.test(x) ? x : `${x}.`)).join(" "); // one stop each
    pending = [];
  }, 150);
}
