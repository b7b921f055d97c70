// The player's account: log in (#/login), create an account (#/register) and the profile
// (#/profile: sessions, log out everywhere, change password, download my data, delete my
// account, its chips; for a guest, why and how to create an account, and its data). They
// speak to the server's routes (docs/accounts.md, docs/chips.md):
//   GET /api/account                -> {player, account: null | {name, email, created_at}}
//   GET /api/account/sessions       -> {sessions: [{created_at, last_seen_at, agent, current}]}
//   GET /api/account/export         -> one JSON file of everything kept about the player
//   GET /api/account/chips          -> {balance, floor, granted, movements, next}
//   POST /api/account/register | login | logout | logout-everywhere | password | delete (JSON)
// The session lives in an HttpOnly cookie this script never sees. After a login, a
// registration or a logout the page is loaded again, so its connection is the new player's.
import { h, replace } from "./dom.js";
import { t, errorText } from "./i18n.js";
import { announce } from "./announce.js";
import * as settings from "./settings.js";
import { ask } from "./confirm.js";

let known = null; // the last answer of GET /api/account

export function accountNow() {
  return known;
}

export async function loadAccount() {
  try {
    const res = await fetch("/api/account", { headers: { accept: "application/json" } });
    if (res.ok) known = await res.json();
  } catch {
    // the server is away: the header shows "Log in" until it answers
  }
  return known;
}

// An account's preferences follow it: taken from the server at the page's start, and each
// change sent there (a few at once), so another device finds them. A guest's stay here.
export function followSettings() {
  settings.adopt(known?.account?.settings);
  let pending = {};
  let timer = null;
  settings.onChange((name, value) => {
    if (!known?.account) return;
    pending[name] = value;
    clearTimeout(timer);
    timer = setTimeout(() => {
      const changed = pending;
      pending = {};
      send("settings", { settings: changed });
    }, 300);
  });
}

async function send(path, body = {}) {
  try {
    const res = await fetch(`/api/account/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
    const answer = await res.json().catch(() => ({}));
    return res.ok ? { ok: answer } : { error: answer };
  } catch {
    return { error: { code: "", message: t("web-offline") } };
  }
}

// The page again, at `hash`: its connection and header are the new player's.
function reloadAt(hash) {
  location.hash = hash;
  location.reload();
}

const when = (at) => new Date(at * 1000).toLocaleString(document.documentElement.lang, { dateStyle: "medium", timeStyle: "short" });

// A labelled field; its error is read by screen readers with it.
function field(id, label, attrs, hint) {
  const input = h("input", { id, name: id, "aria-describedby": hint ? `${id}-hint` : null, ...attrs });
  return {
    input,
    el: h("div", { class: "account-field" },
      h("label", { for: id }, label), input,
      hint && h("p", { id: `${id}-hint`, class: "name-hint" }, hint)),
  };
}

// A form that posts `fields` to `path` (once `before()`, if given, agrees); `done(answer)`
// after a success.
function form(cls, title, fields, submit, path, done, extra = [], before = null) {
  const error = h("p", { class: "account-error", role: "alert" });
  const button = h("button", { type: "submit", class: "primary" }, submit);
  const el = h("form", { class: `account-form ${cls}`, novalidate: true },
    title && h("h2", {}, title), fields.map((f) => f.el), error, h("div", { class: "buttons" }, button), extra);
  el.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (before) { // a new attempt: the last one's refusal no longer stands
      error.textContent = "";
      if (!(await before())) return;
    }
    button.disabled = true;
    const body = {};
    for (const f of fields) if (f.key && (f.input.value || !f.optional)) body[f.key] = f.input.value;
    const { ok, error: refused } = await send(path, body);
    button.disabled = false;
    if (refused) {
      error.textContent = errorText(refused); // read out: role=alert
      if (path === "login") { // a wrong password is typed again
        const pw = fields.find((f) => f.input.type === "password");
        pw.input.value = "";
        pw.input.focus();
      }
      return;
    }
    error.textContent = "";
    done(ok, el);
  });
  return el;
}

function nameField(id, hint = true) {
  const f = field(id, t("web-account-name"), { autocomplete: "username", maxlength: "20", spellcheck: "false", required: true }, hint && t("web-name-hint"));
  return { ...f, key: "name" };
}

function passwordField(id, key, label, autocomplete, hint) {
  const f = field(id, label, { type: "password", autocomplete, maxlength: "128", required: true }, hint);
  return { ...f, key };
}

function registerForm(player, title = t("web-account-create")) {
  const name = nameField("reg-name");
  if (player?.named) name.input.value = player.name;
  const password = passwordField("reg-password", "password", t("web-account-password"), "new-password", t("web-account-password-hint"));
  const email = { ...field("reg-email", t("web-account-email"), { type: "email", autocomplete: "email", maxlength: "254" }, t("web-account-email-hint")), key: "email", optional: true };
  return form("register", title, [name, password, email], t("web-account-create-button"), "register",
    async () => { // the guest's settings become the account's
      await send("settings", { settings: settings.all() });
      reloadAt("#/profile");
    },
    h("p", {}, t("web-account-have-one"), " ", h("a", { href: "#/login" }, t("web-account-login"))));
}

export async function renderLogin(main) {
  const name = nameField("login-name", false);
  const password = passwordField("login-password", "password", t("web-account-password"), "current-password");
  replace(main, h("section", { class: "account-page" },
    h("h1", {}, t("web-account-login")),
    form("login", null, [name, password], t("web-account-login-button"), "login", () => reloadAt("#/profile"),
      h("p", {}, t("web-account-none-yet"), " ", h("a", { href: "#/register" }, t("web-account-create"))))));
  name.input.focus();
}

export async function renderRegister(main) {
  const state = known || (await loadAccount());
  if (state?.account) return renderProfile(main);
  replace(main, h("section", { class: "account-page" },
    h("h1", {}, t("web-account-create")),
    h("p", { class: "account-why" }, t("web-account-why")),
    registerForm(state?.player, null)));
  main.querySelector("#reg-name")?.focus();
}

function sessionList(sessions) {
  return h("ul", { class: "session-list" }, sessions.map((s) => h("li", { class: s.current ? "current" : null },
    h("strong", {}, s.agent === "?" ? t("web-account-browser-unknown") : s.agent),
    s.current ? h("span", { class: "badge" }, t("web-account-this-browser")) : null,
    h("span", { class: "muted" }, t("web-account-session-times", { since: when(s.created_at), seen: when(s.last_seen_at) })))));
}

// "Download my data": the file is fetched, then saved under the server's name for it; a
// refusal (too many downloads) is said, not saved.
function dataSection() {
  const button = h("button", { type: "button", class: "ghost download-data" }, t("web-account-download"));
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const res = await fetch("/api/account/export");
      if (!res.ok) return announce(errorText(await res.json().catch(() => ({ code: "" }))));
      const file = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") || "")?.[1] || "circolo-data.json";
      const link = h("a", { href: URL.createObjectURL(await res.blob()), download: file });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10000);
    } catch {
      announce(t("web-offline"));
    } finally {
      button.disabled = false;
    }
  });
  return [h("h2", {}, t("web-account-data")), h("p", { class: "account-why" }, t("web-account-data-text")),
    h("div", { class: "buttons" }, button)];
}

// The account's chips: the balance, what this look granted (the welcome chips, the daily
// top-up: the server decides), the last movements. Shown only when the server answers.
async function chipsSection() {
  const chips = await fetch("/api/account/chips?limit=5", { headers: { accept: "application/json" } })
    .then((res) => (res.ok ? res.json() : null)).catch(() => null);
  if (!chips) return null;
  const n = new Intl.NumberFormat(document.documentElement.lang);
  const granted = chips.granted && t(`web-chips-granted-${chips.granted.kind}`, { count: chips.granted.amount });
  if (granted) announce(granted);
  return h("section", { class: "chips", "aria-labelledby": "chips-title" },
    h("h2", { id: "chips-title" }, t("web-chips")),
    h("p", { class: "chips-balance" }, t("web-chips-balance", { count: chips.balance })),
    granted ? h("p", { class: "chips-granted", role: "status" }, granted) : null,
    h("p", { class: "account-why" }, t("web-chips-about", { floor: chips.floor })),
    chips.movements.length ? [h("h3", {}, t("web-chips-recent")),
      h("ul", { class: "chips-list" }, chips.movements.map((m) => h("li", {},
        h("strong", {}, t(`web-chips-kind-${m.kind}`)),
        h("span", { class: m.amount < 0 ? "chips-out" : "chips-in" }, (m.amount > 0 ? "+" : "−") + n.format(Math.abs(m.amount))),
        h("span", { class: "muted" }, when(m.at)))))] : null);
}

// "Delete my account": the password again, then a question that says it cannot be undone.
function deleteForm() {
  const password = passwordField("delete-password", "password", t("web-account-delete-password"), "current-password");
  const el = form("delete", t("web-account-delete"), [password], t("web-account-delete"), "delete", () => {
    sessionStorage.setItem("circolo-deleted", "1");
    reloadAt("#/profile");
  }, [], () => ask({
    title: t("web-account-delete-ask"), text: t("web-account-delete-ask-text"),
    yes: t("web-account-delete-yes"), no: t("web-account-delete-no"), danger: true,
  }));
  el.querySelector("h2").after(h("p", {}, t("web-account-delete-text")));
  return el;
}

export async function renderProfile(main) {
  replace(main, h("section", { class: "account-page" }, h("h1", {}, t("web-account-profile")), h("p", {}, "…")));
  const state = await loadAccount();
  const page = main.querySelector(".account-page");
  if (!page) return;
  if (!state) return replace(page, h("h1", {}, t("web-account-profile")), h("p", { class: "empty" }, t("web-offline")));
  if (!state.account) {
    const deleted = sessionStorage.getItem("circolo-deleted");
    sessionStorage.removeItem("circolo-deleted");
    return replace(page, h("h1", {}, t("web-account-profile")),
      deleted ? h("p", { class: "account-deleted", role: "status" }, t("web-account-deleted")) : null,
      h("p", { class: "account-who" }, t("web-account-guest", { name: state.player.name })),
      h("p", { class: "account-why" }, t("web-account-why"), " ", t("web-chips-guest")),
      registerForm(state.player),
      dataSection());
  }
  const a = state.account;
  const listed = await fetch("/api/account/sessions", { headers: { accept: "application/json" } })
    .then((res) => (res.ok ? res.json() : { sessions: [] })).catch(() => ({ sessions: [] }));
  const everywhere = h("button", { type: "button", class: "ghost" }, t("web-account-logout-everywhere"));
  everywhere.addEventListener("click", async () => {
    everywhere.disabled = true;
    const { error } = await send("logout-everywhere");
    everywhere.disabled = false;
    if (error) return announce(errorText(error));
    announce(t("web-account-logged-out-elsewhere"));
    renderProfile(main);
  });
  const logout = h("button", { type: "button", class: "primary" }, t("web-account-logout"));
  logout.addEventListener("click", async () => {
    logout.disabled = true;
    await send("logout");
    reloadAt("#/login");
  });
  const current = passwordField("pw-current", "current", t("web-account-password-current"), "current-password");
  const fresh = passwordField("pw-new", "password", t("web-account-password-new"), "new-password", t("web-account-password-hint"));
  const change = form("password", t("web-account-password-change"), [current, fresh], t("web-account-password-change-button"), "password", (_, el) => {
    current.input.value = "";
    fresh.input.value = "";
    announce(t("web-account-password-changed"));
    el.querySelector(".account-error").textContent = t("web-account-password-changed");
    renderSessions();
  });
  const sessionsBox = h("div", { class: "sessions" });
  const renderSessions = async () => {
    const again = await fetch("/api/account/sessions", { headers: { accept: "application/json" } })
      .then((res) => (res.ok ? res.json() : { sessions: [] })).catch(() => ({ sessions: [] }));
    replace(sessionsBox, sessionList(again.sessions));
  };
  replace(sessionsBox, sessionList(listed.sessions));
  const chips = await chipsSection();
  replace(page,
    h("h1", {}, t("web-account-profile")),
    h("dl", { class: "account-facts" },
      h("dt", {}, t("web-account-name")), h("dd", { class: "account-name" }, a.name),
      h("dt", {}, t("web-account-since")), h("dd", {}, when(a.created_at)),
      a.email ? [h("dt", {}, t("web-account-email")), h("dd", {}, a.email)] : null),
    h("div", { class: "buttons" }, logout),
    chips,
    h("h2", {}, t("web-account-sessions")),
    sessionsBox,
    h("div", { class: "buttons" }, everywhere),
    change,
    dataSection(),
    deleteForm());
}
