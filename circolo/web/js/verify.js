// The verify page (#/verify): checks in the browser that SHA-256(seed as 32 big-endian
// bytes) equals the commitment published before the deal, then shows the deal that seed
// gives, as card images, from GET /api/deal (the engine's own deal code, docs/verify.md).
// URL: #/verify?game=&players=&first=&cut=&choice=&s=<seed>&c=<commitment>
import { h, replace } from "./dom.js";
import { t, has, cardName } from "./i18n.js";
import { cardImage, facesFor } from "./cardview.js";
import { gameNames, dealFacts } from "./games.js";
import { TABLES } from "./table/games.js";


// A seed as the room prints it (64 hex digits, or 0x…), or a decimal number: its 32 bytes;
// null when it cannot be read.
export function seedBytes(seedText) {
  const s = (seedText || "").trim().toLowerCase();
  const hex = s.startsWith("0x") || s.length === 64;
  const digits = s.startsWith("0x") ? s.slice(2) : s;
  if (!digits || !(hex ? /^[0-9a-f]+$/ : /^[0-9]+$/).test(digits)) return null;
  let n = BigInt(hex ? `0x${digits}` : digits);
  if (n >= 1n << 256n) return null;
  const bytes = new Uint8Array(32);
  for (let i = 31; i >= 0; i--) {
    bytes[i] = Number(n & 0xffn);
    n >>= 8n;
  }
  return bytes;
}

export const hexOf = (bytes) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");

export async function sha256Hex(bytes) {
  return hexOf(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)));
}

// The deal from the server: { deal } or { error: { code, message } }.
export async function fetchDeal({ game, seed, players = 2, first = 0, cuts = [], choice }) {
  const q = new URLSearchParams({ game, seed, players: String(players), first: String(first) });
  const { inputs, choices } = dealFacts(game);
  if (inputs.includes("cut") && cuts.length) q.set("cut", cuts.join(","));
  if (inputs.includes("choice")) q.set("choice", choice || choices[0]);
  try {
    const res = await fetch(`/api/deal?${q}`, { headers: { accept: "application/json" } });
    const body = await res.json();
    return res.ok ? { deal: body } : { error: body };
  } catch {
    return { error: { code: "offline", message: "" } };
  }
}

// The moves of a hand that shaped its deal, as the game declares them (dealFacts): each
// cut ("cut N") and the trump choice; shaping(move) tells whether a move is one.
export function dealMoves(game, moves) {
  const { inputs, choices } = dealFacts(game);
  const isCut = (m) => inputs.includes("cut") && /^cut \d+$/.test(m);
  const isChoice = (m) => inputs.includes("choice") && choices.includes(m);
  return {
    cuts: moves.filter(isCut).map((m) => Number(m.slice(4))),
    choice: moves.find(isChoice),
    shaping: (m) => isCut(m) || isChoice(m),
  };
}

// What shaped a hand's deal, read from its view: the dealer and the deal's inputs (a view
// whose game has no dealer has none: its first player comes with the hand's record).
export function factsOf(view, game) {
  const has = (key) => view && key in view;
  const moves = (has("history") ? view.history : []).map(([, move]) => move);
  const { cuts, choice } = dealMoves(game, moves);
  return { first: has("dealer") ? view.dealer : undefined, cuts, choice };
}

// The link to this page for one hand.
export function verifyHref({ game, players, first, cuts = [], choice, seed, commitment }) {
  const q = new URLSearchParams({ game, players: String(players) });
  if (first !== undefined && first !== null) q.set("first", String(first));
  const { inputs } = dealFacts(game);
  if (inputs.includes("cut") && cuts.length) q.set("cut", cuts.join(","));
  if (inputs.includes("choice") && choice) q.set("choice", choice);
  q.set("s", seed);
  if (commitment) q.set("c", commitment);
  return `#/verify?${q}`;
}

// A few lines of Python that print the commitment and the shuffled deck, top first, for
// the seed exactly as the page prints it: the deck of the hand's deal, the shuffle after
// ``voids`` void deals (docs/notation.md, "The cut and the deal").
// The deck's line and size are the game's (its table module's DEAL_DECK).
export function snippet(seedHex, game, voids = 0) {
  const { python: deck, size } = TABLES[game].DEAL_DECK;
  const stream = voids ? `, "deck ${voids}"` : "";
  return [
    "import hashlib",
    `seed = bytes.fromhex("${seedHex}")`,
    "print(hashlib.sha256(seed).hexdigest())",
    'def shuffled(n, stream="deck"):',
    "    order, k = list(range(n)), 0",
    "    for i in range(n - 1, 0, -1):",
    "        while True:",
    '            w = int.from_bytes(hashlib.sha256(seed + stream.encode() + k.to_bytes(8, "big")).digest()[:8], "big")',
    "            k += 1",
    "            if w < 2**64 - 2**64 % (i + 1):",
    "                break",
    "        j = w % (i + 1)",
    "        order[i], order[j] = order[j], order[i]",
    "    return order",
    deck,
    `print(" ".join(deck[i] for i in shuffled(${size}${stream})))`,
    "",
  ].join("\n");
}

const cards = (codes, game, cls = "") => h("div", { class: `deal-cards ${cls}` }, codes.map((c) => cardImage(c, facesFor(game), cls === "deal-stock" ? "small" : "")));
const place = (label, codes, game, cls) => h("div", { class: "deal-place" }, h("h3", {}, label), cards(codes, game, cls));

// The deal, seat by seat in the order they receive cards, then every other place.
export function dealView(deal, names = null) {
  const { game } = deal;
  const seatLabel = (seat, role) => {
    const label = t("verify-seat", { seat: seat + 1, role });
    return names && names[seat] ? `${label} · ${names[seat]}` : label;
  };
  const dealer = dealFacts(game).first === "dealer" ? deal.first : null;
  const lines = deal.cuts.map((count) => h("p", {}, t("verify-cut", { count })));
  if (deal.void_deals) lines.push(h("p", {}, t("verify-void", { count: deal.void_deals })));
  if (deal.waiting) {
    return h("section", { class: "deal" }, lines, h("p", { class: "flash" }, t("verify-waiting-cut")), place(t("verify-deck"), deal.deck, game, "deal-stock"));
  }
  if (deal.choice) lines.push(h("p", {}, t("verify-trump", { choice: deal.choice, suit: t("card-suit", { suit: deal.trump, faces: facesFor(game) }) })));
  const seats = deal.order.map((seat) => place(seatLabel(seat, seat === dealer ? "dealer" : seat === deal.order[0] ? "first" : "other"), deal.hands[seat], game, "deal-hand"));
  const stock = deal.stock.filter((c, i) => !(deal.open_card && i === deal.stock.length - 1 && c === deal.open_card));
  return h("section", { class: "deal", "aria-label": t("web-verify-title") }, lines, seats,
    deal.table.length ? place(t("verify-table"), deal.table, game) : null,
    deal.open_card ? place(t("verify-open"), [deal.open_card], game) : null,
    deal.turned ? place(t("verify-turned", { card: cardName(deal.turned, facesFor(game)) }), [deal.turned], game) : null,
    deal.pile.length ? place(t("verify-pile"), deal.pile, game) : null,
    deal.pozzetti.map((p, i) => place(t("verify-pozzetto", { number: i + 1 }), p, game)),
    place(t("verify-stock", { game }), stock, game, "deal-stock"));
}

function yourself(seedHex, game, voids) {
  return h("details", { class: "yourself" },
    h("summary", {}, t("web-verify-yourself")),
    h("p", {}, t("web-verify-yourself-how", { dealing: t(`web-verify-dealing-${game}`) })),
    h("pre", {}, h("code", {}, snippet(seedHex, game, voids))));
}

const reason = (error) => (has(`error-${error.code}`) ? t(`error-${error.code}`) : t("web-verify-hand-unknown"));

export function renderVerify(root, params) {
  const game = h("select", { id: "v-game" }, gameNames().map((g) => h("option", { value: g }, t(`web-game-${g}`))));
  game.value = gameNames().includes(params.get("game")) ? params.get("game") : gameNames()[0];
  const players = h("select", { id: "v-players" }, [2, 4].map((n) => h("option", { value: String(n) }, t(`web-mode-${n}`))));
  players.value = params.get("players") === "4" ? "4" : "2";
  const first = h("select", { id: "v-first" });
  const cut = h("input", { id: "v-cut", value: params.get("cut") || "", inputmode: "numeric", placeholder: "4–36", spellcheck: "false" });
  const choice = h("select", { id: "v-choice" });
  const commit = h("input", { id: "v-commit", value: params.get("c") || "", spellcheck: "false", autocomplete: "off" });
  const seed = h("input", { id: "v-seed", value: params.get("s") || "", spellcheck: "false", autocomplete: "off" });
  const out = h("div", { class: "verify-out" });
  const firstLabel = h("span");
  const cutRow = h("label", { for: "v-cut" }, t("web-verify-cut-label"), cut);
  const choiceRow = h("label", { for: "v-choice" }, t("web-verify-choice"), choice);
  const fit = () => {
    const wanted = params.get("first") || first.value || "0";
    replace(first, Array.from({ length: Number(players.value) }, (_, s) => h("option", { value: String(s) }, t("web-seat-label", { seat: s + 1 }))));
    first.value = Number(wanted) < Number(players.value) ? wanted : "0";
    const facts = dealFacts(game.value);
    firstLabel.textContent = t(facts.first === "first" ? "web-verify-first" : "web-verify-dealer");
    cutRow.hidden = !facts.inputs.includes("cut");
    choiceRow.hidden = !facts.inputs.includes("choice");
    const chosen = choice.value || params.get("choice");
    replace(choice, facts.choices.map((c) => h("option", { value: c }, t(`web-verify-${c}`))));
    if (facts.choices.includes(chosen)) choice.value = chosen;
  };
  game.addEventListener("change", fit);
  players.addEventListener("change", fit);
  fit();
  const check = async () => {
    const bytes = seedBytes(seed.value);
    if (!bytes) return replace(out, h("p", { class: "verify-result bad", role: "status" }, t("web-verify-unreadable")));
    const seedHex = hexOf(bytes);
    const digest = await sha256Hex(bytes);
    const wanted = commit.value.trim().toLowerCase();
    const ok = wanted === digest;
    const status = h("p", { class: `verify-result ${wanted && !ok ? "bad" : "ok"}`, role: "status" },
      wanted ? t(ok ? "verify-match" : "verify-mismatch") : null, wanted ? h("br") : null,
      h("code", {}, t("verify-digest", { digest })));
    if (wanted && !ok) return replace(out, status);
    const cuts = cut.value.split(/[\s,]+/).filter(Boolean).map(Number);
    const asked = { game: game.value, seed: seedHex, players: Number(players.value), first: Number(first.value), cuts, choice: choice.value };
    history.replaceState(null, "", verifyHref({ ...asked, commitment: wanted }));
    replace(out, status, h("p", {}, "…"));
    const got = await fetchDeal(asked);
    replace(out, status,
      got.deal ? dealView(got.deal) : h("p", { class: "verify-result bad" }, t("web-verify-no-deal", { reason: reason(got.error) })),
      yourself(seedHex, game.value, got.deal?.void_deals || 0));
  };
  const form = h("form", { class: "verify-form", onsubmit: (e) => { e.preventDefault(); check(); } },
    h("label", { for: "v-game" }, t("web-game-label"), game),
    h("label", { for: "v-players" }, t("web-verify-players"), players),
    h("label", { for: "v-first" }, firstLabel, first),
    cutRow, choiceRow,
    h("label", { for: "v-commit", class: "wide" }, t("web-commitment"), commit),
    h("label", { for: "v-seed", class: "wide" }, t("web-seed"), seed),
    h("button", { class: "primary wide", type: "submit" }, t("web-verify-check")));
  replace(root, h("section", { class: "verify-page" },
    h("h1", {}, t("web-verify-title")),
    h("p", {}, t("web-verify-lead")),
    form, out));
  if (seed.value) check();
}
