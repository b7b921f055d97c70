// The lobby: "play now" per game and mode, the tournaments (tournaments.js), the tables
// waiting for players and the matches being played (live, with their players, settings
// and bots), the create form drawn from each game's option spec, and watching a table.
import { h, replace } from "./dom.js";
import { t, has } from "./i18n.js";
import * as settings from "./settings.js";
import { setGames, gameNames, gameInfo } from "./games.js";
import { LobbyTournaments } from "./tournaments.js";


export class Lobby {
  constructor(root, conn, { onTable, onError }) {
    this.root = root;
    this.conn = conn;
    this.onTable = onTable;
    this.onError = onError;
    this.data = null;
    this.tables = new Map();
    this.unsub = [
      conn.on("lobby", (m) => {
        const first = !this.data;
        this.data = m;
        setGames(m.games);
        this.tables = new Map(m.tables.map((x) => [x.table_id, x]));
        // the form is drawn once, from the room's games, levels and speeds: a resubscribe
        // keeps what was chosen, and nothing chosen before the room answered is lost
        if (first) this.drawCreateForm();
        this.renderTables();
      }),
      conn.on("lobby.table", (m) => {
        this.tables.set(m.table.table_id, m.table);
        this.renderTables();
      }),
      conn.on("lobby.removed", (m) => {
        this.tables.delete(m.table_id);
        this.renderTables();
      }),
      conn.on("online", () => this.subscribe()),
    ];
    if (conn.online) this.subscribe();
    this.render();
  }

  subscribe() {
    this.conn.request({ type: "lobby.subscribe" });
  }

  destroy() {
    this.unsub.forEach((f) => f());
    this.tournaments?.destroy();
    this.conn.raw({ type: "lobby.unsubscribe" });
  }

  games() {
    return this.data?.games || gameNames().map(gameInfo);
  }

  // A lobby request: sent once the connection is up (a tap while the page connects is
  // not lost), and answered, refused or unanswered in words; null unless answered.
  async ask(frame) {
    const reply = await this.conn.whenOnline().then(() => this.conn.request(frame));
    if (reply.type === "offline") return this.onError({ code: "offline" });
    if (reply.type === "timeout") return this.onError({ code: "no_answer" });
    if (reply.type === "error") return this.onError(reply);
    return reply;
  }

  async playNow(game, players) {
    const reply = await this.ask({ type: "play_now", game, players, level: settings.get("botLevel") });
    if (reply?.table_id) this.onTable(reply.table_id);
  }

  render() {
    this.list = h("ul", { class: "table-list", "aria-live": "off" });
    this.playing = h("ul", { class: "table-list playing-list", "aria-live": "off" });
    this.playingSection = h("section", { class: "playing-tables", "aria-labelledby": "playing-h" },
      h("h2", { id: "playing-h" }, t("web-tables-playing")), this.playing);
    this.createSection = h("section", { class: "create", "aria-labelledby": "create-h" },
      h("h2", { id: "create-h" }, t("web-create-table")));
    this.tournaments?.destroy();
    this.tournaments = new LobbyTournaments();
    replace(
      this.root,
      h("h1", { class: "sr-only" }, `${t("web-app")} · ${t("web-lobby")}`), // the page's one heading
      h("section", { class: "games", "aria-labelledby": "games-h" },
        h("h2", { id: "games-h", class: "sr-only" }, t("web-play-now")),
        this.games().map((g) => this.gameTile(g))),
      this.tournaments.el,
      h("section", { class: "open-tables", "aria-labelledby": "open-h" },
        h("h2", { id: "open-h" }, t("web-open-tables")), this.list),
      this.playingSection,
      this.createSection,
    );
    if (this.data) this.drawCreateForm();
    this.renderTables();
  }

  drawCreateForm() {
    this.createSection.querySelector(".create-form")?.remove();
    this.createSection.append(this.createForm());
  }

  gameTile(g) {
    return h("article", { class: `game-tile game-${g.game}` },
      h("h3", {}, t(`web-game-${g.game}`)),
      h("p", {}, t(`web-game-${g.game}-about`), " ", h("a", { class: "rules-link", href: `#/rules/${g.game}` }, t("web-rules"))),
      h("div", { class: "modes" },
        (g.players || [2, 4]).map((n) =>
          h("button", { class: "primary", type: "button", dataset: { game: g.game, players: n }, onclick: () => this.playNow(g.game, n) },
            `${t("web-play-now")} · ${t(`web-mode-${n}`)}`))));
  }

  // Tables with a free seat (to sit down at), then matches being played (to watch).
  renderTables() {
    if (!this.list) return;
    const rows = [...this.tables.values()].sort((a, b) => a.created_at - b.created_at);
    const open = rows.filter((x) => x.free > 0);
    const playing = rows.filter((x) => x.free === 0);
    replace(this.list, open.length ? open.map((x) => this.tableRow(x)) : h("li", { class: "empty" }, t("web-no-tables")));
    replace(this.playing, playing.map((x) => this.tableRow(x)));
    this.playingSection.hidden = !playing.length;
  }

  tableRow(x) {
    const bot = (s) => `${t("web-bot")} · ${t(`web-level-${s.level}`)}`;
    const names = x.seats.map((s) => h("span", { class: `tseat ${s.kind}` }, s.kind === "open" ? t("web-seat-open") : s.kind === "bot" ? bot(s) : s.name));
    const terms = [matchLength(x.options || {}), t(`web-speed-${x.speed}`)].filter(Boolean).join(" · ");
    return h("li", { class: `table-row status-${x.status}`, dataset: { table: x.table_id } },
      h("span", { class: "tname" }, `${t(`web-game-${x.game}`)} · ${t(`web-mode-${x.options?.players || x.seats.length}`)}`),
      h("span", { class: "tsettings" }, terms),
      h("span", { class: "tseats" }, names),
      h("span", { class: "tstatus" }, x.free > 0 ? t("web-waiting") : t("web-table-playing"), x.bots ? h("span", { class: "tag bot-tag" }, t("web-with-bots")) : null),
      x.free > 0 ? h("button", { type: "button", onclick: () => this.join(x.table_id) }, t("web-join")) : null,
      h("button", { type: "button", onclick: () => this.watch(x.table_id) }, t("web-watch")));
  }

  async join(tableId) {
    if (await this.ask({ type: "table.join", table_id: tableId })) this.onTable(tableId);
  }

  async watch(tableId) {
    this.onTable(tableId, { watch: true });
  }

  createForm() {
    const games = this.games();
    const form = h("form", { class: "create-form" });
    const gameSel = h("select", { name: "game", id: "cf-game" }, games.map((g) => h("option", { value: g.game }, t(`web-game-${g.game}`))));
    const fields = h("div", { class: "option-fields" });
    const seats = h("div", { class: "seat-fields" });
    const levels = this.data?.bot_levels || [];
    const drawSeats = () => {
      const n = Number(form.elements.players?.value || 2);
      replace(seats, Array.from({ length: n - 1 }, (_, i) => {
        const id = `cf-seat-${i + 1}`;
        return h("label", { for: id }, t("web-seat-label", { seat: i + 2 }),
          h("select", { id, name: `seat${i + 1}` },
            h("option", { value: "open" }, t("web-seat-open")),
            levels.map((l) => h("option", { value: `bot:${l}`, selected: l === "greedy" }, `${t("web-bot")} · ${t(`web-level-${l}`)}`))));
      }));
    };
    const rulesLink = h("a", { class: "rules-link", id: "cf-rules" });
    const drawOptions = () => {
      const g = games.find((x) => x.game === gameSel.value);
      rulesLink.href = `#/rules/${g.game}`;
      rulesLink.textContent = t("web-rules-of", { game: t(`web-game-${g.game}`) });
      replace(fields, (g.options || []).map((o) => optionField(o)));
      form.elements.players?.addEventListener("change", drawSeats);
      drawSeats();
    };
    gameSel.addEventListener("change", drawOptions);
    const speeds = this.data?.speeds || [];
    form.append(
      h("label", { for: "cf-game" }, t("web-game-label"), gameSel),
      rulesLink,
      fields,
      h("label", { for: "cf-speed" }, t("web-speed"), h("select", { id: "cf-speed", name: "speed" }, speeds.map((s) => h("option", { value: s }, t(`web-speed-${s}`))))),
      seats,
      h("label", { class: "check", for: "cf-private" }, h("input", { type: "checkbox", id: "cf-private", name: "private" }), t("web-private")),
      h("label", { class: "check", for: "cf-rated" }, h("input", { type: "checkbox", id: "cf-rated", name: "rated" }), t("web-rated")),
      h("button", { class: "primary", type: "submit" }, t("web-create")),
    );
    drawOptions();
    // relaxed and untimed tables are private (the server refuses them in the open room)
    const speedSel = form.elements.speed;
    const priv = form.elements.private;
    speedSel.addEventListener("change", () => { if (speedSel.value !== "standard") priv.checked = true; });
    priv.addEventListener("change", () => { if (!priv.checked) speedSel.value = "standard"; });
    // rated is offered at a private table of people at the standard speed (a public one is rated anyway)
    const rated = form.elements.rated;
    const offerable = () => {
      const bots = [...form.querySelectorAll("select[name^=seat]")].some((s) => s.value.startsWith("bot:"));
      const can = priv.checked && speedSel.value === "standard" && !bots;
      rated.closest("label").hidden = !priv.checked;
      rated.disabled = !can;
      if (!can) rated.checked = false;
    };
    form.addEventListener("change", offerable);
    offerable();
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      this.create(form, games.find((x) => x.game === gameSel.value));
    });
    return form;
  }

  async create(form, g) {
    const options = {};
    for (const o of g.options || []) {
      const el = form.elements[o.name];
      if (!el) continue;
      if (el.type === "checkbox") options[o.name] = el.checked;
      else if (el.value === "") continue;
      else {
        const choice = (o.choices || []).find((c) => String(c) === el.value);
        options[o.name] = choice !== undefined ? choice : /^-?\d+$/.test(el.value) ? Number(el.value) : el.value;
      }
    }
    const n = Number(options.players || 2);
    const seats = [{ kind: "me" }];
    for (let i = 1; i < n; i++) {
      const v = form.elements[`seat${i}`]?.value || "open";
      seats.push(v.startsWith("bot:") ? { kind: "bot", level: v.slice(4) } : { kind: "open" });
    }
    const reply = await this.ask({
      type: "table.create", game: g.game, options, speed: form.elements.speed.value, private: form.elements.private.checked, rated: form.elements.rated.checked, seats,
    });
    if (reply) this.onTable(reply.table_id);
  }
}

// How long a listed table's match is: "to 11 points", "one single hand", "6 hands".
function matchLength(options) {
  if (options.target === "single_hand") return t("web-opt-target-single_hand");
  if (typeof options.target === "number") return t("web-match-to", { count: options.target });
  if (typeof options.hands === "number") return t("web-match-hands", { count: options.hands });
  return "";
}

// One form control for one option of Rules.describe().
function optionField(o) {
  if (o.choices?.length === 1 && !o.optional) return null; // nothing to choose (Burraco's faces)
  const id = `cf-opt-${o.name}`;
  const label = has(`web-opt-${o.name}`) ? t(`web-opt-${o.name}`) : o.description || o.name;
  let control;
  if (o.choices && o.choices.length) {
    control = h("select", { id, name: o.name },
      o.optional ? h("option", { value: "" }, "—") : null,
      o.choices.map((c) => h("option", { value: String(c), selected: c === o.default }, has(`web-opt-${o.name}-${c}`) ? t(`web-opt-${o.name}-${c}`) : String(c))));
  } else if (o.type === "bool" || o.type === "boolean" || typeof o.default === "boolean") {
    return h("label", { class: "check", for: id }, h("input", { type: "checkbox", id, name: o.name, checked: !!o.default }), label);
  } else {
    // an optional number left empty shows the spec's example ("e.g. 2005"), never a bare field
    const placeholder = o.example !== undefined ? t("web-opt-example", { value: String(o.example) }) : o.optional ? "—" : null;
    control = h("input", { id, name: o.name, type: "number", min: o.minimum ?? null, max: o.maximum ?? null, value: o.default ?? "", placeholder });
  }
  return h("label", { for: id }, label, control);
}
