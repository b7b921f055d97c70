// Focus across redraws: a screen drawn anew from its state would drop the focus to <body>
// on every update, and a keyboard player would Tab again from the top after each move.
// Before a redraw we note which control had the focus by what it is (its card, its move,
// its id) and where it was (the hand, the table's cards, the actions, a dialog); after it,
// the same control gets the focus back, else its neighbour in the same place, else the hand.
// The hand and the table's cards are one Tab stop each (a roving tabindex): the arrow keys
// move inside them (keyboard.js).

// The places of a table screen, each a group of controls, in the order the arrows walk them.
export const GROUPS = [".table-cards", ".all-melds", ".actions", ".hand"];
// Other places whose controls keep their focus across a redraw (the felt: when it scrolls,
// itself a Tab stop).
const PLACES = [...GROUPS, ".dialog", ".banner", ".table-head", ".chat", ".log", ".felt"];
// Groups that are one Tab stop, walked with the arrows.
const ROVING = [".hand", ".table-cards"];

const CONTROL = "button, a[href], input, select, textarea, summary, [tabindex]";

// The controls of a place that a player can reach (hand cards that cannot be played now too:
// one reads one's hand while waiting).
export function controls(place) {
  if (!place) return [];
  return [...place.querySelectorAll(CONTROL)].filter((el) => !el.disabled && !el.hidden && !el.closest("[hidden], [inert]")
    && (el.tabIndex >= 0 || el.matches(".hand .card, .table-cards button.card")));
}

function placeOf(el) {
  for (const sel of PLACES) if (el.closest(sel)) return sel;
  return null;
}

// What the focused control is, to find it again after a redraw (null: the focus is not ours).
export function noteFocus(root) {
  const el = document.activeElement;
  if (!el || el === document.body || !root.contains(el)) return null;
  const place = placeOf(el);
  const group = place ? el.closest(place) : null;
  const note = {
    el, place, id: el.id || null, itself: el === group,
    key: el.dataset?.key ?? null, card: el.dataset?.card ?? null, move: el.dataset?.move ?? null,
    index: group ? controls(group).indexOf(el) : -1,
    dialog: root.querySelector(".dialog")?.className ?? null,
    choosing: !!root.querySelector(".actions .capture-option, .actions .choice"),
  };
  if (el.matches("input, textarea")) Object.assign(note, { value: el.value, start: el.selectionStart, end: el.selectionEnd });
  return note;
}

function same(list, note) {
  const by = (attr, value) => value !== null && list.filter((el) => el.getAttribute(attr) === value);
  const keyed = by("data-key", note.key);
  if (keyed && keyed.length) return keyed[0];
  const carded = by("data-card", note.card);
  if (carded && carded.length) { // the nearest copy (Burraco has two decks)
    return carded.reduce((a, b) => (Math.abs(list.indexOf(b) - note.index) < Math.abs(list.indexOf(a) - note.index) ? b : a));
  }
  const moved = by("data-move", note.move);
  if (moved && moved.length) return moved[0];
  return null;
}

// The control the focus goes back to after a redraw, or null.
function findAgain(root, note) {
  if (note.el.isConnected && root.contains(note.el)) return note.el; // kept as it was
  if (note.id) {
    const el = root.querySelector(`#${CSS.escape(note.id)}`);
    if (el) return el;
  }
  const group = note.place ? root.querySelector(note.place) : null;
  if (note.itself && group && group.tabIndex >= 0) return group; // the scrolling felt
  const list = controls(group);
  const found = same(list, note);
  if (found) return found;
  // gone (played, or the choice made): its neighbour in the same place
  return list.length ? list[Math.max(0, Math.min(note.index, list.length - 1))] : null;
}

// The hand's card to land on: the selected one, else the first; an empty hand itself.
export function handStop(root) {
  const hand = root.querySelector(".hand");
  if (!hand) return null;
  const cards = controls(hand);
  if (cards.length) return cards.find((el) => el.classList.contains("selected")) || cards[0];
  hand.tabIndex = -1; // between deals the hand is empty: the focus waits on it
  return hand;
}

// After a redraw: one Tab stop in each card group, and the focus back where it was. A
// dialog that has just opened (the hand's sheet, the match's end) takes the focus from the
// table, and a choice the player just opened by key (which capture, where a wild goes)
// gets it on its first option.
export function restoreFocus(root, note, { byKey = false } = {}) {
  for (const sel of ROVING) {
    const group = root.querySelector(sel);
    const list = controls(group);
    if (!list.length) continue;
    const stop = list.find((el) => el === document.activeElement) || list.find((el) => el.classList.contains("selected")) || list[0];
    for (const el of list) el.tabIndex = el === stop ? 0 : -1;
  }
  if (!note) return;
  const typing = note.el.matches("input, textarea, select");
  const dialog = root.querySelector(".dialog");
  let target = null;
  if (dialog && dialog.className !== note.dialog && !typing) {
    target = dialog.querySelector(".buttons .primary, .primary") || controls(dialog)[0] || null;
  } else if (byKey && !note.choosing && root.querySelector(".actions .capture-option, .actions .choice")) {
    target = root.querySelector(".actions .capture-option, .actions .choice");
  }
  target ||= findAgain(root, note) || handStop(root);
  if (!target || target === document.activeElement) return;
  target.focus({ preventScroll: true });
  if (target.matches("input, textarea") && note.value !== undefined && target !== note.el) { // drawn anew: what was typed stays
    target.value = note.value;
    if (target.type === "range") target.dispatchEvent(new Event("input"));
    else if (target.type === "text") target.setSelectionRange(note.start, note.end);
  }
  rove(target);
}

// The focused control becomes its group's one Tab stop.
export function rove(el) {
  for (const sel of ROVING) {
    const group = el.closest(sel);
    if (!group || el === group) continue;
    for (const other of controls(group)) other.tabIndex = other === el ? 0 : -1;
  }
}
