// The settings page: the player's name, faces, four colours, suit letters, back, sound,
// notifications, animations, keyboard shortcuts and Play now's bot level, with a live
// preview of the cards.
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import * as settings from "./settings.js";
import { cardSvg, backSvg } from "./art/cards.js";
import { suitLetters } from "./names.js";
import { askNotifications } from "./sound.js";
import { nameForm } from "./myname.js";

// A setting's label: "fourColour" is web-set-four-colour.
const label = (name) => `web-set-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

export function renderSettings(root, conn) {
  const preview = h("div", { class: "preview", "aria-hidden": "true" });
  const draw = () => {
    const faces = settings.get("faces") === "french" ? "french" : "italian";
    const opts = { faces, fourColour: settings.get("fourColour"), letters: settings.get("letters") ? suitLetters(faces) : "" };
    preview.innerHTML = ["7D", "AH", "KS", "QC"].map((c) => cardSvg(c, opts)).join("") + cardSvg("JK", { ...opts, faces: "french" }) + backSvg(settings.get("back"));
  };
  const select = (name, values, prefix = name === "back" ? "web-back" : "web-faces") => {
    const id = `set-${name}`;
    const el = h("select", { id }, values.map((v) => h("option", { value: v, selected: settings.get(name) === v }, t(`${prefix}-${v}`))));
    el.addEventListener("change", () => { settings.set(name, el.value); draw(); });
    return h("label", { for: id }, t(label(name)), el);
  };
  const check = (name, after) => {
    const id = `set-${name}`;
    const el = h("input", { type: "checkbox", id, checked: !!settings.get(name) });
    el.addEventListener("change", () => { settings.set(name, el.checked); draw(); if (after && el.checked) after(); });
    return h("label", { class: "check", for: id }, el, t(label(name)));
  };
  replace(root, h("section", { class: "settings-page" },
    h("h2", {}, t("web-settings")),
    nameForm(conn),
    select("faces", ["auto", "italian", "french"]),
    check("fourColour"), check("letters"),
    select("back", ["green", "red", "blue"]),
    preview,
    check("sound"), check("notify", askNotifications), check("motion"), check("shortcuts"),
    select("botLevel", ["random", "greedy", "expert"], "web-level")));
  draw();
}
