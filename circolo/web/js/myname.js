// The player's own name: the card above the lobby that offers one at the first visit
// (until a name is chosen, or "Later" for this tab), and the field in Settings. Both send
// it to POST /api/me/name, whose answer carries the new cookie: this script never holds
// the identity, only the name to show.
import { h, replace, $ } from "./dom.js";
import { t, errorText, currentLang } from "./i18n.js";
import { announce } from "./announce.js";

const LATER = "circolo.nameLater";

// A free name in the player's language ("Tucano Alegre"), or "" when the server is away.
async function suggestion() {
  try {
    const res = await fetch(`/api/names/suggestion?lang=${encodeURIComponent(currentLang())}`, { headers: { accept: "application/json" } });
    return res.ok ? (await res.json()).name : "";
  } catch {
    return "";
  }
}

async function save(name) {
  try {
    const res = await fetch("/api/me/name", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ name }),
    });
    const body = await res.json().catch(() => ({}));
    return res.ok ? { player: body } : { error: body };
  } catch {
    return { error: { code: "", message: t("web-offline") } };
  }
}

// The name is now `player.name`: the header, this connection's welcome, a spoken line.
function named(conn, player) {
  if (conn.welcome) conn.welcome.player = player;
  const me = $(".me");
  if (me) me.textContent = player.name;
  announce(t("web-name-saved", { name: player.name }));
}

// A form with the name field and Save; at the first visit also a new suggestion and Later.
export function nameForm(conn, { first = false, onDone = () => {} } = {}) {
  const id = first ? "name-first" : "name-set";
  const input = h("input", {
    id, name: "name", maxlength: "20", autocomplete: "nickname", spellcheck: "false",
    "aria-describedby": `${id}-hint ${id}-error`, value: conn.welcome?.player?.name || "",
  });
  let typed = false;
  input.addEventListener("input", () => { typed = true; });
  if (!conn.welcome) { // drawn before the room answered: the name comes with its welcome
    const off = conn.on("online", (w) => {
      off();
      if (!typed && !input.value) input.value = w.player?.name || "";
    });
  }
  const offer = async () => {
    const name = await suggestion();
    if (name && !typed) input.value = name;
  };
  const error = h("p", { id: `${id}-error`, class: "name-error", role: "alert" });
  const done = !first && h("p", { class: "name-ok", role: "status" });
  const save_ = h("button", { type: "submit", class: "primary" }, t("web-name-save"));
  const another = first && h("button", { type: "button", class: "ghost", onclick: () => { typed = false; offer(); } }, "⚄ ", t("web-name-another"));
  const later = first && h("button", { type: "button", class: "ghost", onclick: () => { sessionStorage.setItem(LATER, "1"); onDone(null); } }, t("web-name-later"));
  const form = h("form", { class: first ? "name-card" : "name-field", novalidate: true },
    first && h("h2", {}, t("web-name-welcome")),
    first && h("p", { class: "name-why" }, t("web-name-why")),
    h("label", { for: id }, first ? t("web-name-label") : t("web-name-edit")),
    h("div", { class: "name-row" }, input, another, !first && save_),
    h("p", { id: `${id}-hint`, class: "name-hint" }, t("web-name-hint")),
    error, done,
    first && h("div", { class: "buttons" }, save_, later));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    save_.disabled = true;
    error.textContent = ""; // a refusal said again is announced again
    const { player, error: refused } = await save(input.value);
    save_.disabled = false;
    if (refused) {
      if (done) done.textContent = "";
      error.textContent = errorText(refused);
      input.setAttribute("aria-invalid", "true");
      input.focus();
      return;
    }
    error.textContent = "";
    if (done) done.textContent = t("web-name-saved", { name: player.name });
    input.removeAttribute("aria-invalid");
    input.value = player.name;
    named(conn, player);
    onDone(player);
  });
  if (first) offer();
  else if (!conn.welcome) {
    const off = conn.on("online", (w) => { off(); if (!typed && !input.value) input.value = w.player?.name || ""; });
  }
  return form;
}

// Show the first visit's card in `slot` when the player has not chosen a name (lobby only).
export function nameCard(slot, conn, inLobby) {
  const wanted = inLobby && conn.welcome && !conn.welcome.player?.named && !sessionStorage.getItem(LATER);
  if (!wanted) return replace(slot);
  if (slot.firstChild) return slot;
  return replace(slot, nameForm(conn, { first: true, onDone: () => replace(slot) }));
}
