// Match history (#/history?game=&mode=&opponent=<id>|name=<name>: filtered, with the
// head-to-head against that opponent) and the replay of a finished table (#/replay?t=<id>), step by
// step with every hand face up (the match is over: nothing is hidden any more).
// They read two routes of the server (docs/protocol.md):
//   GET /api/history?game=&mode=&opponent=|opponent_name=&before=<next_before>  -> {tables, next_before}
//   GET /api/head-to-head?opponent=<id>   -> {opponent, against: [...], together: [...]}
//   GET /api/tables/<id>/replay           -> {table_id, config, result, steps: [...]}
// When a route fails the page says that the history is not available. A replay step says
// what changed on the screen ({state, hands}) since the step before, as [path, value]
// pairs: the screen of any step is folded from the nearest screen kept (one every KEEP).
import { h, replace } from "./dom.js";
import { getJson } from "./api.js";
import { reportButton } from "./report.js";
import { t, has, joinList } from "./i18n.js";
import { cardImage, facesFor } from "./cardview.js";
import { TableModel } from "./table/model.js";
import { seedBytes, sha256Hex, fetchDeal, verifyHref, dealMoves } from "./verify.js";
import { TABLES as GAMES } from "./table/games.js";
import { dealFacts, gameNames } from "./games.js";
import { recordTable, profileHref, modeName } from "./records.js";
import { tellMove } from "./table/narrate.js";

const when = (at) => new Date(at * 1000).toLocaleString(document.documentElement.lang, { dateStyle: "medium", timeStyle: "short" });

function outcome(row, r = row.result || {}) {
  if (r.winner === null || r.winner === undefined) return t("web-draw");
  if (row.my_seat === null || row.my_seat === undefined) { // the winners by name, never "side 1"
    const seats = row.seats || [];
    const names = seats.map((s, i) => (i % 2 === r.winner ? (s.kind === "bot" ? `${t("web-bot")} ${i + 1}` : s.name) : null)).filter(Boolean);
    return t("web-winner", { name: joinList(names), count: names.length });
  }
  const side = row.my_seat % ((row.seats || []).length === 4 ? 2 : (row.seats || []).length || 2);
  return side === r.winner ? t("web-you-won") : t("web-you-lost");
}

const FILTERS = ["game", "mode", "opponent", "name"];
const MODES = ["1v1", "2v2"];

// The history page's address: its filters (and where a page starts) in the hash.
const historyHref = (q) => {
  const p = new URLSearchParams();
  for (const key of [...FILTERS, "before"]) if (q[key]) p.set(key, q[key]);
  const query = p.toString();
  return `#/history${query ? `?${query}` : ""}`;
};

// Game and mode change the list at once; a name is typed, then shown. An opponent chosen
// from a row (an id) shows their name; typing another name replaces them.
function filterBar(q, opponentName) {
  const to = (change) => { location.hash = historyHref({ ...q, before: "", ...change }); };
  const choice = (key, label, options) => h("label", { class: "filter" }, h("span", {}, label),
    h("select", { name: key, onchange: (e) => to({ [key]: e.target.value }) },
      options.map(([value, text]) => h("option", { value, selected: q[key] === value }, text))));
  const name = h("input", { type: "search", name: "opponent", id: "history-opponent", maxlength: "64", spellcheck: "false",
    value: q.opponent ? opponentName || "" : q.name, placeholder: t("history-opponent-hint") });
  const form = h("form", { class: "history-filters", role: "search", "aria-label": t("history-filters"),
    onsubmit: (e) => { e.preventDefault(); to({ opponent: "", name: name.value.trim() }); } },
  choice("game", t("history-game"), [["", t("history-any-game")], ...gameNames().map((g) => [g, t(`web-game-${g}`)])]),
  choice("mode", t("history-mode"), [["", t("history-any-mode")], ...MODES.map((m) => [m, modeName(m)])]),
  h("span", { class: "filter" }, h("label", { for: "history-opponent" }, t("history-opponent")),
    h("span", { class: "name-row" }, name, h("button", { type: "submit" }, t("history-show")))),
  FILTERS.some((k) => q[k]) ? h("a", { class: "clear", href: "#/history" }, t("history-clear")) : null);
  return form;
}

// Between me and the opponent of the filter: the matches against each other, and as partners.
function headToHead(vs) {
  const o = vs.opponent;
  return h("section", { class: "h2h", "aria-labelledby": "h2h-title" },
    h("h2", { id: "h2h-title" }, t("history-h2h-title", { name: o.name })),
    vs.against.length ? recordTable(vs.against, t("history-h2h-against")) : h("p", { class: "empty" }, t("history-h2h-none", { name: o.name })),
    vs.together.length ? recordTable(vs.together, t("history-h2h-together")) : null,
    h("p", {}, h("a", { href: profileHref(o.id) }, t("history-h2h-profile", { name: o.name }))));
}

export async function renderHistory(main, params) {
  const get = (key) => (params.get(key) || "").slice(0, 64);
  const q = {
    game: gameNames().includes(get("game")) ? get("game") : "",
    mode: MODES.includes(get("mode")) ? get("mode") : "",
    opponent: get("opponent"),
    name: get("opponent") ? "" : get("name"),
    before: params.get("before") || "",
  };
  const page = h("section", { class: "history-page" }, h("h1", {}, t("web-history")), h("p", {}, "…"));
  replace(main, page);
  const api = new URLSearchParams();
  for (const [key, value] of [["game", q.game], ["mode", q.mode], ["opponent", q.opponent], ["opponent_name", q.name], ["before", q.before]]) {
    if (value) api.set(key, value);
  }
  const [data, vs] = await Promise.all([getJson(`/api/history?${api}`),
    q.opponent ? getJson(`/api/head-to-head?opponent=${encodeURIComponent(q.opponent)}`) : null]);
  if (!main.contains(page)) return; // another page was opened meanwhile
  if (!data) return replace(page, h("h1", {}, t("web-history")), filterBar(q, vs?.opponent?.name), h("p", { class: "empty" }, t("web-history-unavailable")));
  const rows = data.tables || [];
  const filtered = FILTERS.some((k) => q[k]);
  // another person's name filters the list to the matches with them
  const seatName = (row, s, i) => (s.kind === "bot" ? t("web-bot")
    : s.player_id && i !== row.my_seat ? h("a", { class: "who", href: historyHref({ ...q, before: "", name: "", opponent: s.player_id }), title: t("history-with", { name: s.name }) }, s.name)
      : s.name);
  replace(page, h("h1", {}, t("web-history")),
    filterBar(q, vs?.opponent?.name),
    vs ? headToHead(vs) : null,
    rows.length ? h("ul", { class: "history-list" }, rows.map((row) => {
      const reason = `web-reason-${row.result?.reason}`;
      const names = (row.seats || []).map((s, i) => seatName(row, s, i));
      return h("li", { class: "history-row", dataset: { table: row.table_id } },
        h("span", { class: "tname" }, `${t(`web-game-${row.game}`)} · ${t(`web-mode-${(row.seats || []).length || 2}`)}`),
        h("span", { class: "tseats" }, names.flatMap((n, i) => (i ? [" · ", n] : [n]))),
        h("strong", {}, outcome(row), " ", (row.result?.totals || []).join(" – ")),
        h("span", { class: "muted" }, has(reason) ? t(reason) : row.result?.reason || ""),
        (row.matches || []).length > 1 ? h("span", { class: "tmatches" }, t("history-matches", { count: row.matches.length }), ": ", // a rematch: each match counts
          row.matches.map((m) => `${outcome(row, m)} ${(m.totals || []).join(" – ")}`).join(" · ")) : null,
        h("time", { datetime: new Date((row.finished_at || row.created_at) * 1000).toISOString() }, when(row.finished_at || row.created_at)),
        h("a", { class: "button", href: `#/replay?t=${encodeURIComponent(row.table_id)}` }, t("web-replay")),
        (row.result?.hands || []).length ? verifyButton(row) : null,
        (row.seats || []).filter((s) => s.kind !== "bot").length > 1 ? reportButton(row.table_id) : null); // a match with another person
    })) : h("p", { class: "empty" }, t(filtered ? "history-filtered-none" : "web-no-history")),
    data.next_before ? h("a", { href: historyHref({ ...q, before: data.next_before }) }, t("web-older")) : null);
}

const KEEP = 64;

// The value at a path of keys and indexes set (a copy: the steps stay as they came).
function put(screen, path, value) {
  if (!path.length) return structuredClone(value);
  let at = screen;
  for (const key of path.slice(0, -1)) at = at[key];
  at[path[path.length - 1]] = structuredClone(value);
  return screen;
}

const apply = (screen, step) => (step.changes || []).reduce((s, [path, value]) => put(s, path, value), screen);

// The screen at each step, from the steps' changes: i -> {state, hands}.
function screens(steps) {
  const kept = [];
  let screen = {};
  steps.forEach((step, i) => {
    screen = apply(screen, step);
    if (i % KEEP === 0) kept.push(structuredClone(screen));
  });
  return (i) => {
    const from = Math.floor(i / KEEP) * KEEP;
    let folded = structuredClone(kept[from / KEEP]);
    for (let j = from + 1; j <= i; j++) folded = apply(folded, steps[j]);
    return folded;
  };
}

// A stand-in for the table screen that the game renderers read (names, sides, places).
function viewer(model) {
  const name = (s) => model.name(s) || `${t("web-bot")} ${s + 1}`;
  return {
    seatName: name,
    sideName: (side) => (model.players === 4 ? [side, side + 2].map(name).join(" & ") : name(side)),
    suitName: (s) => s,
    where: (s) => (model.players === 2 ? ["bottom", "top"][s] : ["bottom", "right", "top", "left"][s]),
  };
}

export async function renderReplay(main, params) {
  const id = params.get("t") || "";
  replace(main, h("section", { class: "replay-page" }, h("h1", {}, t("web-replay")), h("p", {}, "…")));
  const invite = params.get("invite");
  const data = await getJson(`/api/tables/${encodeURIComponent(id)}/replay${invite ? `?invite=${encodeURIComponent(invite)}` : ""}`);
  const page = main.querySelector(".replay-page");
  if (!page) return;
  if (!data || !(data.steps || []).length) return replace(page, h("h1", {}, t("web-replay")), h("p", { class: "empty" }, t("web-history-unavailable")));
  const model = new TableModel(id);
  const names = viewer(model);
  const mod = GAMES[data.config?.game];
  const faces = facesFor(data.config?.game, data.config?.options?.faces);
  const screenAt = screens(data.steps);
  let at = 0;
  const board = h("div", { class: "replay-board" });
  const slider = h("input", { type: "range", min: 0, max: data.steps.length - 1, value: 0, "aria-label": t("web-step") });
  const caption = h("p", { class: "replay-caption", "aria-live": "polite" });
  // A rematch is the next match of the same table: each has its first step to jump to.
  const starts = new Map();
  data.steps.forEach((step, i) => { if (!starts.has(step.match)) starts.set(step.match, i); });
  const matchName = (match) => t("web-match-number", { match });
  const chooser = starts.size > 1
    ? h("select", { class: "replay-match", "aria-label": t("web-match"), onchange: (e) => show(starts.get(Number(e.target.value))) },
      [...starts.keys()].map((m) => h("option", { value: String(m) }, matchName(m))))
    : null;
  const show = (i) => {
    at = Math.max(0, Math.min(data.steps.length - 1, i));
    slider.value = String(at);
    const step = data.steps[at];
    const screen = screenAt(at);
    if (chooser) chooser.value = String(step.match);
    model.reset(screen.state || {}, null);
    const v = model.view;
    const ctx = { model, view: v, faces, myTurn: false, legal: [], selected: [], select() {}, play() {}, error() {}, flash() {}, choose() {}, ...names };
    const parts = v && mod ? mod.render(ctx) : { center: null };
    const hands = (screen.hands || []).map((cards, seat) => h("div", { class: "replay-hand" },
      h("span", { class: "seat-name" }, names.seatName(seat)), h("div", { class: "hand open" }, cards.map((c) => cardImage(c, faces)))));
    replace(board, parts.center, parts.side || null, hands);
    const ev = step.event;
    caption.textContent = [
      chooser ? matchName(step.match) : null,
      step.hand ? t("web-hand-number", { hand: step.hand, game: data.config?.game }) : null,
      `${at + 1} / ${data.steps.length}`,
      ev ? tellMove(data.config?.game, ev, { name: names.seatName, players: model.players, you: null, faces }) : null,
    ].filter(Boolean).join(" · ");
  };
  slider.addEventListener("input", () => show(Number(slider.value)));
  const button = (label, text, to) => h("button", { type: "button", "aria-label": label, onclick: () => show(to()) }, text);
  replace(page,
    h("h1", {}, `${t("web-replay")} · ${t(`web-game-${data.config?.game}`)}`),
    h("div", { class: "replay-controls", role: "group", "aria-label": t("web-replay") },
      button(t("web-first"), "«", () => 0), button(t("web-previous"), "◀", () => at - 1), slider,
      button(t("web-next"), "▶", () => at + 1), button(t("web-last"), "»", () => data.steps.length - 1), chooser),
    caption, board,
    h("p", {}, h("a", { href: "#/history" }, t("web-history"))));
  page.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") show(at + 1);
    if (e.key === "ArrowLeft") show(at - 1);
  });
  show(0);
}

// "Verify every hand": each hand's seed against its commitment (SHA-256 here), then the
// deal that seed gives (GET /api/deal) against the cards the replay shows were dealt.
function verifyButton(row) {
  const box = h("div", { class: "verify-hands", "aria-live": "polite" });
  const button = h("button", { type: "button", class: "verify-all", onclick: async () => {
    button.disabled = true;
    await verifyMatch(row, box);
    button.disabled = false;
  } }, t("web-verify-all"));
  return [button, box];
}

const sorted = (cards) => [...(cards || [])].sort().join(" ");
const sameHands = (a, b) => a.length === b.length && a.every((cards, s) => sorted(cards) === sorted(b[s]));

// What shaped the deal of one hand (the inputs its game declares: cuts, a choice), and the
// screen once it was dealt (after the last move that shaped it), from that hand's steps.
function dealt(game, steps, screenAt, match, hand) {
  const mine = steps.map((step, i) => [step, i]).filter(([step]) => step.match === match && step.hand === hand);
  const moves = mine.filter(([step]) => step.event?.move);
  const { cuts, choice, shaping } = dealMoves(game, moves.map(([step]) => step.event.move));
  const at = dealFacts(game).inputs.length ? moves.filter(([step]) => shaping(step.event.move)).at(-1) : mine[0];
  return { cuts, choice: choice ?? dealFacts(game).choices[0], screen: at ? screenAt(at[1]) : null };
}

// The hands here; the rest of what was dealt by the game's table module.
function matches(deal, screen) {
  const view = screen?.state?.hand?.view;
  if (!view || !sameHands(deal.hands, screen.hands || [])) return false;
  return GAMES[deal.game].dealMatches(deal, view);
}

async function verifyHand(game, players, hand, facts) {
  const bytes = seedBytes(hand.seed);
  if (!bytes || (await sha256Hex(bytes)) !== hand.commitment) return "bad-seed";
  const got = await fetchDeal({ game, seed: hand.seed, players, first: hand.first, cuts: facts.cuts, choice: facts.choice });
  if (!got.deal) return "unknown";
  return matches(got.deal, facts.screen) ? "ok" : "bad-deal";
}

async function verifyMatch(row, box) {
  replace(box, h("p", {}, "…"));
  const data = await getJson(`/api/tables/${encodeURIComponent(row.table_id)}/replay`);
  const result = data?.result || row.result || {};
  const hands = result.hands || [];
  const game = row.game;
  const players = (row.seats || []).length || 2;
  const steps = data?.steps || [];
  const screenAt = steps.length ? screens(steps) : () => null;
  const match = result.match ?? Math.max(1, ...steps.map((s) => s.match || 0));
  const items = [];
  for (const hand of hands) {
    const facts = dealt(game, steps, screenAt, match, hand.hand);
    const verdict = data ? await verifyHand(game, players, hand, facts) : "unknown";
    const href = verifyHref({ game, players, first: hand.first, cuts: facts.cuts, choice: facts.choice, seed: hand.seed, commitment: hand.commitment });
    items.push(h("li", { class: `verify-hand ${verdict}`, dataset: { verdict } },
      h("span", { class: "mark", "aria-hidden": "true" }, verdict === "ok" ? "✓" : "✗"), " ",
      `${t("web-verify-hand", { game, hand: hand.hand })}: ${t(`web-verify-hand-${verdict}`)} `,
      h("a", { href }, t("web-verify-see"))));
  }
  const ok = items.filter((li) => li.dataset.verdict === "ok").length;
  replace(box, h("p", { class: `verify-summary ${ok === hands.length ? "ok" : "bad"}` }, t("web-verify-summary", { ok, count: hands.length })),
    h("ol", { class: "verify-list" }, items));
}
