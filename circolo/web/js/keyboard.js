// Keyboard play: arrows move among the cards and options, Enter/Space press, number
// keys pick the n-th card of the hand. Single-key shortcuts can be turned off.
import * as settings from "./settings.js";

export function bindKeys(root, getScreen) {
  const onKey = (ev) => {
    if (ev.target.closest("input, textarea, select, dialog") || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const screen = getScreen();
    if (!screen) return;
    const focusables = [...root.querySelectorAll(".hand .card[aria-pressed], .table-cards button.card, .actions button, .meld.target")];
    const i = focusables.indexOf(document.activeElement);
    if (ev.key === "ArrowRight" || ev.key === "ArrowDown" || ev.key === "ArrowLeft" || ev.key === "ArrowUp") {
      if (!focusables.length) return;
      const step = ev.key === "ArrowRight" || ev.key === "ArrowDown" ? 1 : -1;
      focusables[(i + step + focusables.length) % focusables.length].focus();
      ev.preventDefault();
      return;
    }
    if (!settings.get("shortcuts")) return;
    if (/^[1-9]$/.test(ev.key)) {
      const cards = root.querySelectorAll(".hand .card[aria-pressed]");
      const card = cards[Number(ev.key) - 1];
      if (card) {
        card.click();
        root.querySelectorAll(".hand .card[aria-pressed]")[Number(ev.key) - 1]?.focus();
        ev.preventDefault();
      }
    }
  };
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}
