// A small "?" beside a control where players get stuck: one or two sentences and a link to
// the right section of the game's rules, opened over the table. A <details>, so it works
// by tap, click and keyboard; it stays open across the table's redraws until closed.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { openRulesDialog } from "./rules.js";

const opened = new Set();

// A tap anywhere else, or Escape, closes the open hints (on a phone one covers the hand).
function closeAll() {
  opened.clear();
  document.querySelectorAll("details.hint[open]").forEach((el) => { el.open = false; });
}
document.addEventListener("click", (e) => { if (!e.target.closest?.(".hint")) closeAll(); });
document.addEventListener("keydown", (e) => { if (e.key === "Escape") closeAll(); });

// `id` names the hint's message (web-hint-<id>); `vars` fill it.
export function hint(id, game, section, vars = {}) {
  const box = h("details", { class: "hint", open: opened.has(id), dataset: { hint: id } },
    h("summary", { "aria-label": t("web-hint-label"), title: t("web-hint-label") }, "?"),
    h("p", { class: "hint-text" }, t(`web-hint-${id}`, vars), " ",
      h("a", { href: `/rules/${game}#${section}`, onclick: (e) => { e.preventDefault(); openRulesDialog(game, section); } }, t("web-hint-more"))));
  box.addEventListener("toggle", () => (box.open ? opened.add(id) : opened.delete(id)));
  return box;
}
