// Tournaments in the browser (docs/tournaments.md): the lobby's list, a tournament's page
// (#/tournament/<id>) with its live bracket, and which table is whose match. Routes:
//   GET  /api/tournaments                  -> {tournaments: [Summary]}
//   GET  /api/tournaments/<id>             -> Detail (Summary, split, entries, bracket, me…)
//   POST /api/tournaments/<id>/register | unregister | bots {level} -> Detail, or {code, message}
// The page asks again every 3 s while it is open, at once on a notice, and never once left.
import { h, replace } from "./dom.js";
import { t, has, errorText, joinList, currentLang } from "./i18n.js";
import { getJson } from "./api.js";
import { postJson } from "./post.js";
import * as settings from "./settings.js";

const POLL = 3000; // ms between two looks at an open tournament's page
const LIST_POLL = 10000; // ms between two looks at the lobby's list
const TABLES_KEY = "circolo.tourTables"; // this tab's tables -> their tournament

export const tourHref = (id) => `#/tournament/${encodeURIComponent(id)}`;
const profileHref = (id) => `#/player/${encodeURIComponent(id)}`; // as records.js links a player
export const chipsText = (count) => t("tour-chips", { count });
const when = (at) => new Date(at * 1000).toLocaleString(currentLang(), { dateStyle: "medium", timeStyle: "short" });
const pct = (bp) => new Intl.NumberFormat(currentLang(), { style: "percent", maximumFractionDigits: 2 }).format(bp / 10000);

// The tournaments this page has seen, for a notice's name (a notice of a tournament without
// one names it by its game alone; its options and seats are in its summary).
const known = new Map();
const learn = (s) => s?.id && known.set(s.id, s);
export const knownName = (id, game) => (known.has(id) ? tourName(known.get(id)) : t(`web-game-${game}`));

// A tournament's table, remembered for the table's link back (kept for this tab only).
export function rememberTable(tableId, id) {
  try {
    const kept = Object.entries(JSON.parse(sessionStorage.getItem(TABLES_KEY) || "{}")).filter(([k]) => k !== tableId).slice(-30);
    sessionStorage.setItem(TABLES_KEY, JSON.stringify(Object.fromEntries([...kept, [tableId, id]])));
  } catch { /* storage off: the table has no link back */ }
}

export function tournamentOf(tableId) {
  try {
    return JSON.parse(sessionStorage.getItem(TABLES_KEY) || "{}")[tableId] || null;
  } catch {
    return null;
  }
}

// How long each match is: "to 11 points", "single hand".
function lengthOf(s) {
  const target = s.options?.target;
  if (target === "single_hand") return t("tour-single-hand");
  if (typeof target === "number") return t("web-match-to", { count: target });
  if (typeof s.options?.hands === "number") return t("web-match-hands", { count: s.options.hands });
  return "";
}

// Its name, or one made of its game, match and seats: "Scopa · partita secca · 8 posti".
export function tourName(s) {
  if (s.name) return s.name;
  const seats = s.seats ?? s.capacity;
  return [t(`web-game-${s.game}`), lengthOf(s), s.team === 2 ? t("web-mode-4") : null, seats ? t("tour-seats", { count: seats }) : null].filter(Boolean).join(" · ");
}

function statusText(s) {
  if (s.status === "registering") return s.starts_at ? t("tour-starts-at", { time: when(s.starts_at) }) : t("tour-starts-when-full");
  if (s.status === "running") return t("tour-status-running", { round: s.round, rounds: s.rounds ?? "?" });
  return t(`tour-status-${s.status}`);
}

function badges(s) {
  return [
    h("span", { class: "tag fee-tag" }, s.fee ? t("tour-fee", { fee: chipsText(s.fee) }) : t("tour-free")),
    h("span", { class: `tag ${s.practice ? "practice-tag" : s.rated ? "rated-tag" : ""}` }, t(s.practice ? "tour-practice" : s.rated ? "tour-rated" : "tour-unrated")),
  ];
}

// Why a registration was refused, in words (needs an account: a link to log in).
function whyView(error, alert = true) {
  const text = error.code === "chips_insufficient" && error.needed !== undefined ? errorText(error)
    : has(`tour-why-${error.code}`) ? t(`tour-why-${error.code}`) : errorText(error);
  return h("p", { class: "flash tour-why", role: alert ? "alert" : null, dataset: { code: error.code || "" } }, text,
    error.code === "needs_account" ? [" ", h("a", { href: "#/login" }, t("tour-login"))] : null);
}

const act = (id, what, body = {}) => postJson(`/api/tournaments/${encodeURIComponent(id)}/${what}`, body);

// The lobby's section: the tournaments open and being played, with Register at hand.
export class LobbyTournaments {
  constructor() {
    this.list = h("ul", { class: "table-list tour-list", "aria-live": "off" });
    this.flash = h("div", { class: "tour-flash" });
    this.el = h("section", { class: "tournaments", "aria-labelledby": "tour-h" }, h("h2", { id: "tour-h" }, t("tour-title")), this.flash, this.list);
    this.seen = "";
    this.load();
    this.timer = setInterval(() => this.load(), LIST_POLL);
  }

  destroy() {
    this.stopped = true;
    clearInterval(this.timer);
  }

  async load() {
    const data = await getJson("/api/tournaments");
    const text = JSON.stringify(data);
    if (this.stopped || text === this.seen) return; // unchanged: the focus stays where it is
    this.seen = text;
    if (!data) return replace(this.list, h("li", { class: "empty" }, t("tour-unavailable")));
    const all = data.tournaments || [];
    all.forEach(learn);
    const live = all.filter((s) => !["finished", "cancelled"].includes(s.status));
    const done = all.filter((s) => s.status === "finished").slice(0, 5);
    const open = this.list.querySelector("details")?.open;
    replace(this.list, live.length ? live.map((s) => this.row(s)) : h("li", { class: "empty" }, t("tour-none")),
      done.length ? h("li", { class: "tour-done" }, h("details", { open }, h("summary", {}, t("tour-finished-list")),
        h("ul", { class: "table-list" }, done.map((s) => this.row(s))))) : null);
  }

  row(s) {
    const register = s.status === "registering" && !s.mine && s.entries < s.capacity && s.team !== 2; // pairs: not offered yet
    return h("li", { class: `table-row tour-row status-${s.status}`, dataset: { tournament: s.id } },
      h("a", { class: "tname", href: tourHref(s.id) }, tourName(s)),
      h("span", { class: "tsettings" }, `${t(`web-game-${s.game}`)} · ${t(`tour-kind-${s.kind}`)}`),
      h("span", { class: "tseats" }, t("tour-filled", { entries: s.entries, capacity: s.capacity })),
      h("span", { class: "tstatus" }, statusText(s), badges(s)),
      s.mine ? h("span", { class: "tag mine-tag" }, t("tour-registered")) : null,
      register ? h("button", { class: "primary", type: "button", onclick: (e) => this.register(s, e.currentTarget) }, t("tour-register")) : null);
  }

  async register(s, button) {
    button.disabled = true;
    const answer = await act(s.id, "register");
    replace(this.flash, answer.error ? whyView(answer.error) : null);
    this.seen = "";
    this.load();
  }
}

// A player's tournaments on their profile (GET /api/players/<id>, "tournaments"): each
// one's name, and where they finished with the chips won, or how far it has got.
export function profileTournaments(list) {
  if (!list?.length) return null;
  return [h("h2", {}, t("tour-title")), h("ul", { class: "history-list profile-tournaments" }, list.map((x) => h("li", { class: "history-row", dataset: { tournament: x.id } },
    h("a", { class: "tname", href: tourHref(x.id) }, tourName(x)),
    h("strong", {}, x.place ? placeName(x.place) : t(x.status === "running" ? "tour-status-playing" : `tour-status-${x.status}`)),
    x.prize ? h("span", {}, chipsText(x.prize)) : null,
    x.created_at ? h("time", { datetime: new Date(x.created_at * 1000).toISOString() }, when(x.created_at)) : null)))];
}

// Each entry's name: its players (a pair joined); a bot as the room names bots to players,
// "Bot 3 · Medium", numbered in the order the bots came.
function entryNames(list) {
  let bots = 0;
  return new Map(list.map((e) => [e.entry, e.bot
    ? `${t("web-bot")} ${++bots} · ${t(`web-level-${e.bot}`)}`
    : (e.players || []).map((p) => p.name).join(" & ")]));
}

const roundName = (r, total) => (r === total ? t("tour-final") : r === total - 1 && total > 2 ? t("tour-semi") : t("tour-round", { round: r }));

// A shared place: 3 stands for 3rd-4th, 5 for 5th-8th.
const placeName = (place) => t("tour-place", { place, last: 2 * (place - 1) });

// A published split (basis points per place, best first: 1st, 2nd, 3rd, 4th, 5th… as
// circolo/tournaments/prizes.py gives it) as a table: the places lost in the same round
// (3rd-4th, 5th-8th) are one row, each of them paid the share.
function splitTable(caption, list) {
  const shares = (list || []).map((x) => (typeof x === "number" ? x : x.bp));
  const rows = [];
  for (let low = 0; low < shares.length; low = low ? 2 * low : 1) {
    rows.push({ place: low + 1, last: Math.min(2 * low, shares.length), bp: shares[low] });
  }
  if (!rows.length) return null;
  return h("table", { class: "leaderboard tour-split" }, h("caption", {}, caption),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("tour-col-place")), h("th", { scope: "col", class: "num" }, t("tour-split-share")))),
    h("tbody", {}, rows.map((r) => h("tr", {}, h("th", { scope: "row" }, t("tour-place", { place: r.place, last: r.last })),
      h("td", { class: "num" }, r.place > 2 ? t("tour-split-each", { share: pct(r.bp) }) : pct(r.bp))))));
}

// A tournament's page: its rules, prizes, entries, your match, the bracket, the deals'
// commitments and, at the end, the prizes paid.
export class TournamentPage {
  constructor(root, conn, id, go, code = null) {
    this.root = root;
    this.id = id;
    this.code = code; // a partner's link: this page offers to enter as their pair
    this.go = go;
    this.page = h("section", { class: "tour-page" }, h("h1", {}, t("tour-title")), h("p", {}, "…"));
    replace(root, this.page);
    this.seen = "";
    this.unsub = conn.on("tournament.notice", (m) => m.tournament === id && this.load());
    this.load();
    this.timer = setInterval(() => this.load(), POLL);
  }

  destroy() {
    this.stopped = true;
    clearInterval(this.timer);
    this.unsub();
  }

  async load() {
    if (this.loading) return void (this.again = true);
    this.loading = true;
    let data = null;
    try {
      const res = await fetch(`/api/tournaments/${encodeURIComponent(this.id)}`, { headers: { accept: "application/json" } });
      data = res.status === 404 ? { missing: true } : res.ok ? await res.json() : null;
    } catch { /* offline: said below, and tried again at the next look */ }
    this.loading = false;
    if (this.stopped) return;
    if (data || !this.data) this.show(data);
    if (this.again) {
      this.again = false;
      this.load();
    }
  }

  show(data) {
    const text = JSON.stringify(data);
    if (text === this.seen && !this.flash) return;
    this.seen = text;
    if (!data || data.missing) {
      this.data = null;
      return replace(this.page, h("h1", {}, t("tour-title")), h("p", { class: "empty" }, t(data ? "tour-unknown" : "tour-unavailable")));
    }
    this.data = data;
    learn(data);
    this.draw();
  }

  async act(what, body) {
    this.busy = true;
    this.draw();
    const answer = await act(this.id, what, body);
    this.busy = false;
    this.flash = answer.error || null;
    if (this.stopped) return;
    if (answer.ok?.id) this.data = answer.ok;
    this.seen = "";
    this.draw();
    this.load();
  }

  // Drawn anew from the data; the control that had the focus (by its data-f) keeps it.
  draw() {
    const d = this.data;
    const focused = document.activeElement?.dataset?.f;
    const entries = entryNames(d.entries_list || []);
    replace(this.page,
      h("h1", {}, tourName(d)),
      h("p", { class: "tour-facts" }, h("span", { class: "tstatus" }, statusText(d)), " ", badges(d), " ",
        h("span", { class: "muted" }, t(`tour-kind-${d.kind}`), " · ", t("tour-filled", { entries: d.entries, capacity: d.capacity }))),
      this.rules(d),
      this.yours(d, entries),
      this.actions(d),
      this.ending(d, entries),
      h("h2", {}, t("tour-bracket")), this.bracket(d, entries),
      this.entries(d, entries),
      this.prizes(d),
      this.commitments(d));
    if (focused) this.page.querySelector(`[data-f="${focused}"]`)?.focus();
  }

  rules(d) {
    const seconds = d.start_deadline || 120; // whole minutes, unless a room set it shorter
    const deadline = seconds % 60 ? t("tour-start-rule-seconds", { count: seconds }) : t("tour-start-rule", { count: seconds / 60 });
    return h("div", { class: "tour-rules" },
      h("p", {}, [t(`web-game-${d.game}`), lengthOf(d), t(`web-mode-${d.team === 2 ? 4 : 2}`)].filter(Boolean).join(" · "), " ",
        h("a", { class: "rules-link", href: `#/rules/${d.game}` }, t("web-rules"))),
      h("p", {}, deadline),
      d.practice ? h("p", {}, t("tour-bots-rule")) : null);
  }

  // Your match now (a big link to its table), or the round you went out in.
  yours(d, entries) {
    const me = d.me || {};
    if (me.table_id) {
      rememberTable(me.table_id, d.id);
      const match = (d.bracket?.at(-1) || []).find((m) => m.sides.includes(me.entry));
      const other = match?.sides.find((e) => e !== me.entry);
      const opponent = (other && entries.get(other)) || me.opponent;
      return h("section", { class: "tour-yours", "aria-labelledby": "ty-h" },
        h("h2", { id: "ty-h" }, t("tour-your-match")),
        opponent ? h("p", {}, t("tour-your-match-against", { opponent })) : null,
        h("a", { class: "button primary big", href: `/t/${encodeURIComponent(me.table_id)}`, dataset: { f: "yours" }, onclick: (e) => this.open(e, me.table_id) }, t("tour-go-table")));
    }
    if (me.out_round) return h("p", { class: "tour-out" }, t("tour-out", { round: me.out_round }));
    return me.entry && d.status === "registering" ? h("p", { class: "tour-in" }, "✓ ", t("tour-registered")) : null;
  }

  open(e, tableId, watch = false) {
    e.preventDefault();
    rememberTable(tableId, this.id);
    this.go(`/t/${encodeURIComponent(tableId)}${watch ? "?watch=1" : ""}`);
  }

  actions(d) {
    const me = d.me || {};
    const busy = this.busy || null;
    const level = h("select", { "aria-label": t("web-bot"), dataset: { f: "level" } }, ["random", "greedy", "expert"].map((l) =>
      h("option", { value: l, selected: l === (settings.get("botLevel") || "greedy") }, `${t("web-bot")} · ${t(`web-level-${l}`)}`)));
    const why = !me.entry && !me.can_register && me.why_not && d.status === "registering" ? whyView({ code: me.why_not }, false) : null;
    const pairs = d.team === 2;
    const joining = pairs && this.code && me.can_register && !me.pair_code;
    const buttons = [
      joining ? h("button", { class: "primary", type: "button", disabled: busy, dataset: { f: "join" }, onclick: () => this.act("register", { code: this.code }) }, t("tour-pair-join")) : null,
      me.can_register && !joining && !me.pair_code ? h("button", { class: pairs && this.code ? "" : "primary", type: "button", disabled: busy, dataset: { f: "register" }, onclick: () => this.act("register") }, t(pairs ? "tour-pair-ask" : "tour-register")) : null,
      me.can_unregister ? h("button", { type: "button", disabled: busy, dataset: { f: "unregister" }, onclick: () => this.act("unregister") }, t("tour-unregister")) : null,
      me.can_add_bots ? h("span", { class: "tour-bots" }, level,
        h("button", { type: "button", disabled: busy, dataset: { f: "bots" }, onclick: () => this.act("bots", { level: level.value }) }, t("tour-add-bots"))) : null,
    ].filter(Boolean);
    const invited = joining ? h("p", { class: "tour-pair" }, t("tour-pair-invited")) : null;
    const sending = me.pair_code ? this.pairLink(me.pair_code) : null;
    if (!buttons.length && !why && !this.flash && !sending) return null;
    return h("div", { class: "tour-actions" }, invited, sending, buttons, this.flash ? whyView(this.flash) : why);
  }

  // The link a pair's first partner sends the other (nothing is paid until both are in).
  pairLink(code) {
    const url = `${location.origin}/${tourHref(this.id)}/pair/${encodeURIComponent(code)}`;
    const field = h("input", { type: "text", readonly: true, value: url, class: "tour-pair-url", "aria-label": t("tour-pair-copy"), dataset: { f: "pair-url" }, onfocus: (e) => e.currentTarget.select() });
    const status = h("span", { class: "muted", role: "status" });
    const copy = h("button", { type: "button", dataset: { f: "pair-copy" }, onclick: async () => {
      try { await navigator.clipboard.writeText(url); status.textContent = t("tour-pair-copied"); } catch { field.select(); }
    } }, t("tour-pair-copy"));
    return h("div", { class: "tour-pair" }, h("p", {}, t("tour-pair-send")), field, " ", copy, " ", status);
  }

  // The end: the champion (the final's winner, named as the bracket names it), or none.
  ending(d, entries) {
    if (d.status === "cancelled") return h("p", { class: "tour-end" }, t("tour-cancelled"));
    if (d.status !== "finished") return null;
    const final = d.bracket?.at(-1)?.[0]?.winner;
    const names = final ? entries.get(final) : d.champion?.length ? joinList(d.champion) : null;
    return h("p", { class: "tour-end champion" }, names ? t("tour-champion", { names }) : t("tour-no-champion"));
  }

  bracket(d, entries) {
    const rounds = d.bracket || [];
    if (!rounds.length) return h("p", { class: "empty" }, t("tour-bracket-none"));
    const total = d.rounds || rounds.length;
    const mine = d.me?.entry ?? null;
    const name = (e) => (e === null || e === undefined ? t("tour-empty-side") : entries.get(e) || "?");
    return h("div", { class: "bracket" }, rounds.map((matches, i) => h("section", { class: "bracket-round", "aria-labelledby": `br-${i}` },
      h("h3", { id: `br-${i}` }, roundName(i + 1, total)),
      h("ol", {}, matches.map((m) => {
        const how = m.how && !["played", "score"].includes(m.how) ? (has(`tour-how-${m.how}`) ? t(`tour-how-${m.how}`) : t("tour-how-other")) : null;
        const playing = mine !== null && m.sides.includes(mine) && !m.done;
        const link = m.table_id && !m.done
          ? h("a", { class: `button${playing ? " primary" : ""}`, href: `/t/${encodeURIComponent(m.table_id)}`, dataset: { f: `m${i}.${m.slot}` }, onclick: (e) => this.open(e, m.table_id, !playing) }, t(playing ? "tour-play" : "web-watch"))
          : m.table_id && m.done && m.how !== "start_deadline" ? h("a", { href: `#/replay?t=${encodeURIComponent(m.table_id)}` }, t("web-replay")) : null;
        return h("li", { class: `bracket-match${m.done ? " done" : ""}${playing ? " mine" : ""}`, dataset: { slot: m.slot } },
          h("ul", { class: "sides" }, m.sides.map((e) => h("li", {
            class: [e !== null && e === m.winner ? "won" : "", m.done && e !== null && e !== m.winner ? "lost" : "", e !== null && e === mine ? "me" : ""].join(" ").trim() || null,
          }, e !== null && e === m.winner ? "✓ " : "", name(e)))),
          how ? h("p", { class: "how" }, how) : null, link);
      })))));
  }

  entries(d, entries) {
    const list = d.entries_list || [];
    return [h("h2", {}, t("tour-entries-title")), list.length
      ? h("ol", { class: "tour-entries" }, list.map((e) => h("li", { dataset: { entry: e.entry } },
          e.bot ? entries.get(e.entry) : (e.players || []).map((p, i) => [i ? " & " : "", p.id ? h("a", { href: profileHref(p.id) }, p.name) : p.name]),
        e.seed ? h("span", { class: "muted" }, ` ${t("tour-seed", { seed: e.seed })}`) : null)))
      : h("p", { class: "empty" }, t("tour-entries-none"))];
  }

  prizes(d) {
    return h("section", { class: "tour-prizes", "aria-labelledby": "tp-h" },
      h("h2", { id: "tp-h" }, t("tour-split-title")),
      h("p", {}, d.fee ? t("tour-fee", { fee: chipsText(d.fee) }) : t("tour-free"), " · ", t("tour-pool", { pool: chipsText(d.pool) })),
      d.payouts?.length ? h("table", { class: "leaderboard tour-payouts" }, h("caption", {}, t("tour-payouts")),
        h("thead", {}, h("tr", {}, ["place", "player", "amount"].map((c) => h("th", { scope: "col", class: c === "amount" ? "num" : null }, t(`tour-col-${c}`))))),
        h("tbody", {}, d.payouts.map((p) => h("tr", {}, h("td", {}, placeName(p.place)), h("th", { scope: "row" }, p.name), h("td", { class: "num" }, chipsText(p.amount)))))) : null,
      d.split?.length && d.entries >= 8 ? splitTable(t("tour-split-now", { count: d.entries }), d.split) : null,
      h("p", {}, t("tour-split-under")),
      h("div", { class: "tour-splits" }, splitTable(t("tour-split-small"), d.split_small), splitTable(t("tour-split-large"), d.split_large)));
  }

  // The rounds' commitments and, once a round is over, its secret and how every table
  // played its same deals (GET …/rounds/<n>, asked when the player opens it).
  commitments(d) {
    const list = d.commitments || [];
    if (!list.length) return null;
    const box = h("details", { class: "tour-commitments", open: this.openDeals || null }, h("summary", {}, t("tour-commitments")),
      h("p", { class: "muted" }, t("tour-commitments-about"), " ", h("a", { href: "#/verify" }, t("web-verify"))),
      h("table", { class: "leaderboard" },
        h("thead", {}, h("tr", {}, ["round", "commitment", "secret"].map((c) => h("th", { scope: "col" }, t(`tour-col-${c}`))))),
        h("tbody", {}, list.map((c) => h("tr", {}, h("td", {}, String(c.round)), h("td", {}, h("code", { title: c.commitment }, `${c.commitment.slice(0, 16)}…`)),
          h("td", {}, c.secret ? h("code", { class: "secret" }, c.secret) : h("span", { class: "muted" }, t("tour-secret-later"))))))),
      list.filter((c) => c.secret).map((c) => this.roundDeals(c.round, d)));
    box.addEventListener("toggle", () => { this.openDeals = box.open; });
    return box;
  }

  roundDeals(round, d) {
    this.deals ??= new Map();
    const got = this.deals.get(round);
    const entries = entryNames(d.entries_list || []);
    const records = (d.bracket?.[round - 1] || []);
    // each side as the bracket names it (a bot as the room names bots), else as the server does
    const sides = (m) => {
      const record = records.find((r) => r.match === m.match) || records.find((r) => r.table_id && r.table_id === m.table_id);
      return m.sides.map((names, i) => (record?.sides[i] && entries.get(record.sides[i])) || names.join(" & ") || t("tour-empty-side"));
    };
    if (!got) {
      return h("button", { type: "button", class: "ghost", dataset: { f: `deals${round}` }, onclick: () => this.loadDeals(round) }, t("tour-compare", { round }));
    }
    return h("section", { class: "tour-deals", "aria-label": t("tour-compare", { round }) }, h("h3", {}, t("tour-compare", { round })),
      got.matches.map((m) => h("table", { class: "leaderboard" },
        h("caption", {}, sides(m).map((name, i) => `${i === m.winner ? "✓ " : ""}${name}`).join(" – ")),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("tour-col-hand")), sides(m).map((name) => h("th", { scope: "col", class: "num" }, name)))),
        h("tbody", {}, m.hands.length ? m.hands.map((x) => h("tr", {},
          h("th", { scope: "row" }, t("tour-hand-deal", { hand: x.hand + 1, deal: x.deal + 1 })),
          (x.points || []).map((pts) => h("td", { class: "num" }, String(pts)))))
          : h("tr", {}, h("td", { colspan: 3, class: "muted" }, m.how && has(`tour-how-${m.how}`) ? t(`tour-how-${m.how}`) : "—"))))),
      got.next !== null ? h("button", { type: "button", class: "ghost", onclick: () => this.loadDeals(round, got) }, t("tour-compare-more")) : null);
  }

  async loadDeals(round, before = null) {
    const got = await getJson(`/api/tournaments/${encodeURIComponent(this.id)}/rounds/${round}?offset=${before ? before.next : 0}`);
    if (!got || this.stopped) return;
    this.deals.set(round, before ? { ...got, matches: [...before.matches, ...got.matches] } : got);
    this.draw();
  }
}
