// Dragging a card from the hand: an alternative to tapping, never the only way. Pointer
// events (mouse, pen, touch) on the hand's playable cards (and on any hand card a game marks
// data-drag, to be reordered at any time); a card moved more than a few
// pixels follows the pointer and, dropped on an element marked data-drop, is handed to
// onDrop(code, key, target). A drag never also counts as a click.
const THRESHOLD = 8; // px before a press becomes a drag

export function enableDrag(root, onDrop) {
  let start = null; // {x, y, el, id}
  let ghost = null;
  let over = null;
  let swallowClick = false;

  const targetAt = (x, y) => document.elementFromPoint(x, y)?.closest("[data-drop]") || null;

  const mark = (el) => {
    if (el === over) return;
    over?.classList.remove("drop-over");
    over = el;
    over?.classList.add("drop-over");
  };

  const finish = () => {
    ghost?.remove();
    start?.el.classList.remove("dragging");
    mark(null);
    ghost = null;
    start = null;
  };

  const down = (ev) => {
    if (ev.button !== 0) return;
    const el = ev.target.closest(".hand button.card.playable, .hand button.card[data-drag]");
    if (!el || !root.contains(el)) return;
    start = { x: ev.clientX, y: ev.clientY, el, id: ev.pointerId, code: el.dataset.card, key: el.dataset.key || null };
  };

  const move = (ev) => {
    if (!start || ev.pointerId !== start.id) return;
    const dx = ev.clientX - start.x;
    const dy = ev.clientY - start.y;
    if (!ghost) {
      if (Math.hypot(dx, dy) < THRESHOLD) return;
      const box = start.el.getBoundingClientRect();
      ghost = start.el.cloneNode(true);
      ghost.className = "card drag-ghost";
      ghost.removeAttribute("id");
      ghost.setAttribute("aria-hidden", "true");
      Object.assign(ghost.style, { width: `${box.width}px`, left: `${box.left}px`, top: `${box.top}px` });
      start.box = box;
      document.body.append(ghost);
      start.el.classList.add("dragging");
    }
    ghost.style.transform = `translate(${dx}px, ${dy}px) rotate(4deg)`;
    mark(targetAt(ev.clientX, ev.clientY));
    ev.preventDefault();
  };

  const up = (ev) => {
    if (!start || ev.pointerId !== start.id) return;
    const dragged = !!ghost;
    const { code, key } = start;
    const target = dragged ? targetAt(ev.clientX, ev.clientY) : null;
    finish();
    if (!dragged) return;
    swallowClick = true;
    setTimeout(() => (swallowClick = false), 0);
    if (target) onDrop(code, key, target);
  };

  const click = (ev) => {
    if (!swallowClick) return;
    swallowClick = false;
    ev.stopPropagation();
    ev.preventDefault();
  };

  root.addEventListener("pointerdown", down);
  window.addEventListener("pointermove", move, { passive: false });
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", finish);
  root.addEventListener("click", click, true);
  return () => {
    finish();
    root.removeEventListener("pointerdown", down);
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    window.removeEventListener("pointercancel", finish);
    root.removeEventListener("click", click, true);
  };
}
