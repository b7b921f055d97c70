// The settings page: the player's name, card faces per game, four colours, suit letters,
// back, sound, notifications, animations, confirmations, keyboard shortcuts and Play
// now's bot level, with a live preview of the cards.
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import * as settings from "./settings.js";
import { cardSvg, backSvg } from "./art/cards.js";
import { suitLetters } from "./cardview.js";
import { gameNames, gameInfo } from "./games.js";
import { askNotifications } from "./sound.js";
import { nameForm } from "./myname.js";
import { accountNow } from "./account.js";

// A setting's label: "fourColour" is web-set-four-colour.
const label = (name) => `web-set-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

// Each game's faces as the page offers them: "auto" or one its deck is drawn with.
const offered = (game) => ["auto", ...(gameInfo(game)?.faces || [])];
const shownFaces = (game) => (offered(game).includes(settings.facesOf(game)) ? settings.facesOf(game) : "auto");

export function renderSettings(root, conn) {
  const preview = h("div", { class: "preview", "aria-hidden": "true" });
  let previewGame = gameNames()[0];
  const draw = () => {
    const chosen = shownFaces(previewGame);
    const faces = chosen === "auto" ? gameInfo(previewGame)?.faces?.[0] || "french" : chosen;
    const opts = { faces, fourColour: settings.get("fourColour"), letters: settings.get("letters") ? suitLetters(faces) : "" };
    preview.innerHTML = ["7D", "AH", "KS", "QC"].map((c) => cardSvg(c, opts)).join("") + cardSvg("JK", { ...opts, faces: "french" }) + backSvg(settings.get("back"));
  };
  // card faces per game: a change writes every game's (one string of before becomes per game)
  const facesField = (game) => {
    const id = `set-faces-${game}`;
    const el = h("select", { id }, offered(game).map((v) => h("option", { value: v, selected: shownFaces(game) === v }, t(`web-faces-${v}`))));
    el.addEventListener("change", () => {
      settings.set("faces", { ...Object.fromEntries(gameNames().map((g) => [g, shownFaces(g)])), [game]: el.value });
      previewGame = game;
      draw();
    });
    el.addEventListener("focus", () => { previewGame = game; draw(); });
    return h("label", { for: id }, t(`web-game-${game}`), el);
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
    h("h1", {}, t("web-settings")),
    accountNow()?.account // an account keeps its name; a guest may change theirs
      ? h("p", { class: "account-who" }, t("web-account-name"), ": ", h("strong", {}, accountNow().account.name))
      : nameForm(conn),
    h("fieldset", { class: "faces-per-game" }, h("legend", {}, t("web-set-faces")), gameNames().map(facesField)),
    check("fourColour"), check("letters"),
    select("back", ["green", "red", "blue"]),
    preview,
    check("sound"), check("notify", askNotifications), check("motion"), check("confirm"), check("shortcuts"),
    select("botLevel", ["random", "greedy", "expert"], "web-level")));
  draw();
}
