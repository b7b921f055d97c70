// The page: header (language, settings), offline banner, tournament notices, and the
// router between the lobby, a table (/t/<id>), a tournament (#/tournament/<id>), the rules
// (/rules/<game>, #/rules/<game>), the verify page and settings.
import { h, replace, $ } from "./dom.js";
import { t, errorText, setLang, initialLang, LANGS, LANG_NAMES, currentLang } from "./i18n.js";
import * as settings from "./settings.js";
import { Connection } from "./net.js";
import { mountAnnouncer, announce } from "./announce.js";
import { useServerClock } from "./clock.js";
import { sounds } from "./sound.js";
import { Lobby } from "./lobby.js";
import { TableScreen } from "./table/screen.js";
import { renderVerify } from "./verify.js";
import { renderSettings } from "./settingsview.js";
import { renderHistory, renderReplay } from "./history.js";
import { renderRatings } from "./ratings.js";
import { renderPlayer } from "./records.js";
import { TournamentPage } from "./tournaments.js";
import { listenNotices, mountNotices, reachedTable } from "./notices.js";
import { nameCard } from "./myname.js";
import { renderRules, leaveRules } from "./rules.js";
import { loadGames } from "./games.js";
import { loadAccount, accountNow, followSettings, renderLogin, renderRegister, renderProfile } from "./account.js";

const conn = new Connection();
window.circolo = { conn }; // for tests and the curious
let current = null;

function header() {
  const langSel = h("select", { id: "lang", "aria-label": t("web-language") }, LANGS.map((l) => h("option", { value: l, selected: l === currentLang() }, LANG_NAMES[l])));
  langSel.addEventListener("change", async () => {
    settings.set("lang", langSel.value);
    await setLang(langSel.value);
    renderShell();
    route();
  });
  return h("header", { class: "top" },
    h("a", { class: "brand", href: "/", title: t("web-lobby"), onclick: (e) => { e.preventDefault(); go("/"); } }, "♣ ", t("web-app")),
    h("nav", { "aria-label": t("web-nav-main") },
      h("a", { href: "/", onclick: (e) => { e.preventDefault(); go("/"); } }, t("web-lobby")),
      h("a", { href: "#/rules" }, t("web-rules")),
      h("a", { href: "#/history" }, t("web-history")),
      h("a", { href: "#/ratings" }, t("rating-nav")),
      h("a", { href: "#/settings" }, t("web-settings")),
      h("a", { href: "#/verify" }, t("web-verify")),
      accountLink()),
    h("a", { class: "me", href: "#/settings", title: t("web-name-edit") }, conn.welcome?.player?.name || ""),
    langSel);
}

// "Log in" for a guest, "Profile" once logged in (the page knows from GET /api/account).
function accountLink() {
  const mine = accountNow()?.account;
  return h("a", { class: "account-link", href: mine ? "#/profile" : "#/login" }, t(mine ? "web-account-profile" : "web-account-login"));
}

function renderShell() {
  replace(document.body,
    h("a", { class: "skip", href: "#main" }, t("web-skip-main")),
    header(),
    h("div", { id: "offline", class: "offline", role: "alert", hidden: conn.online || !conn.welcome }, t("web-offline")),
    h("aside", { id: "name-slot", "aria-label": t("web-name-edit") }), // a landmark: your name's card
    h("main", { id: "main", tabindex: "-1" }));
  mountAnnouncer();
  mountNotices();
  document.title = t("web-app");
}

function leaveCurrent() {
  if (current) current.destroy();
  current = null;
}

export function go(path) {
  history.pushState({}, "", path);
  route();
}

function route() {
  const main = $("#main");
  const hash = location.hash;
  const atTable = !hash.startsWith("#/") && /^\/t\//.test(location.pathname);
  const skip = $(".skip");
  if (skip) skip.textContent = t(atTable ? "web-skip-table" : "web-skip-main"); // it says where it goes
  nameCard($("#name-slot"), conn, !hash && location.pathname === "/");
  const byHash = hash.match(/^#\/rules(?:\/(\w+))?(?:\/([\w-]+))?/);
  const byPath = !hash.startsWith("#/") && location.pathname.match(/^\/(?:rules|help)(?:\/(\w+))?\/?$/);
  if (byHash || byPath) { // /rules/<game>#<section> or #/rules/<game>/<section>
    leaveCurrent();
    return renderRules(main, (byHash || byPath)[1], byHash ? byHash[2] : hash.slice(1) || null);
  }
  leaveRules(main);
  if (hash.startsWith("#/verify")) {
    leaveCurrent();
    return renderVerify(main, new URLSearchParams(hash.split("?")[1] || ""));
  }
  if (hash.startsWith("#/history") || hash.startsWith("#/replay")) {
    leaveCurrent();
    const params = new URLSearchParams(hash.split("?")[1] || "");
    return hash.startsWith("#/history") ? renderHistory(main, params) : renderReplay(main, params);
  }
  if (hash.startsWith("#/ratings")) {
    leaveCurrent();
    return renderRatings(main, new URLSearchParams(hash.split("?")[1] || ""));
  }
  const player = hash.match(/^#\/player\/([^?#]+)/);
  if (player) {
    leaveCurrent();
    return renderPlayer(main, player[1]);
  }
  const tournament = hash.match(/^#\/tournament\/([^?#/]+)(?:\/pair\/([^?#/]+))?/);
  if (tournament) {
    const [id, code] = [tournament[1], tournament[2]].map((part) => {
      try { return part && decodeURIComponent(part); } catch { return part; } // as typed: the server says
    });
    if (current instanceof TournamentPage && current.id === id && current.code === (code || null) && main.contains(current.page)) return;
    leaveCurrent();
    current = new TournamentPage(main, conn, id, go, code || null);
    return;
  }
  const account = hash.match(/^#\/(login|register|profile)\b/);
  if (account) {
    leaveCurrent();
    return { login: renderLogin, register: renderRegister, profile: renderProfile }[account[1]](main);
  }
  if (hash.startsWith("#/settings")) {
    leaveCurrent();
    return renderSettings(main, conn);
  }
  const match = location.pathname.match(/^\/t\/([\w-]+)/);
  if (match) {
    reachedTable(match[1]);
    if (current instanceof TableScreen && current.tableId === match[1]) { // a new shell (language): draw into it
      current.root = main;
      return current.render();
    }
    leaveCurrent();
    const params = new URLSearchParams(location.search);
    const held = (conn.welcome?.tables || []).some((x) => x.table_id === match[1]);
    current = new TableScreen(main, conn, match[1], { watch: params.has("watch") && !held, invite: params.get("invite"), onLeave: () => go("/"), go });
    return;
  }
  leaveCurrent();
  current = new Lobby(main, conn, {
    onTable: (id, { watch = false } = {}) => go(`/t/${id}${watch ? "?watch=1" : ""}`),
    onError: (e) => {
      const text = errorText(e);
      document.querySelector(".lobby-error")?.remove();
      main.prepend(h("p", { class: "flash lobby-error", role: "alert" }, text));
    },
  });
}

async function start() {
  // an account's settings (its language too) come before the page is drawn
  const account = loadAccount().then(followSettings).then(() => setLang(initialLang()));
  await Promise.all([account, loadGames()]);
  document.documentElement.classList.toggle("no-motion", !settings.motionAllowed());
  settings.onChange(() => document.documentElement.classList.toggle("no-motion", !settings.motionAllowed()));
  useServerClock(() => conn.serverNow(), sounds.warn);
  renderShell();
  listenNotices(conn, go);
  conn.on("online", (w) => {
    const bar = $("#offline");
    if (bar && !bar.hidden) announce(t("web-reconnected"));
    if (bar) bar.hidden = true;
    const me = $(".me");
    if (me) me.textContent = w.player?.name || "";
    if (location.pathname === "/" && !location.hash && w.tables?.length === 1 && !sessionStorage.getItem("circolo.stayLobby")) {
      return go(`/t/${w.tables[0].table_id}`);
    }
    // a page is never redrawn by a reconnection: what it shows (a verification under
    // way, a form being filled) stays; only the name card follows the welcome
    nameCard($("#name-slot"), conn, !location.hash && location.pathname === "/");
  });
  conn.on("offline", () => {
    const bar = $("#offline");
    if (bar) bar.hidden = false;
  });
  window.addEventListener("popstate", route);
  window.addEventListener("hashchange", route);
  route();
  conn.connect();
}

start();
