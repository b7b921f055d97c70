// The interface's words, from the server's catalogues (circolo/locales/<lang>/*.ftl), the
// same the server and terminal use: GET /i18n/<lang> once per language gives each message
// as a list of parts (circolo/i18n.py, compile_messages):
//   "text" | { var } | { msg } | { select, variants: { key: parts }, default }
// A number picks its variant by exact value ("0"), then by Intl.PluralRules(lang); any
// other value by its own name ("you"); otherwise the default.
import * as settings from "./settings.js";

export const LANGS = ["it", "pt-BR", "en"];
export const LANG_NAMES = { it: "Italiano", "pt-BR": "Português", en: "English" };
const catalogues = new Map(); // lang -> Promise of { id: parts }
let lang = "en";
let messages = {};
let plural = new Intl.PluralRules("en");
let numbers = new Intl.NumberFormat("en");

export function browserLang() {
  for (const l of navigator.languages || [navigator.language]) {
    if (/^pt/i.test(l)) return "pt-BR";
    if (/^it/i.test(l)) return "it";
    if (/^en/i.test(l)) return "en";
  }
  return "en";
}

function load(l) {
  if (!catalogues.has(l)) {
    const got = fetch(`/i18n/${l}`, { headers: { accept: "application/json" } })
      .then((res) => (res.ok ? res.json() : Promise.reject(new Error(`/i18n/${l}: ${res.status}`))))
      .then((doc) => doc.messages || {})
      .catch(() => { catalogues.delete(l); return {}; }); // tried again at the next switch
    catalogues.set(l, got);
  }
  return catalogues.get(l);
}

let switches = 0;

export async function setLang(next) {
  const wanted = LANGS.includes(next) ? next : "en";
  const turn = ++switches;
  const loaded = await load(wanted);
  if (turn !== switches) return; // a later switch won
  lang = wanted;
  messages = loaded;
  plural = new Intl.PluralRules(lang);
  numbers = new Intl.NumberFormat(lang);
  document.documentElement.lang = lang;
}

export function currentLang() {
  return lang;
}

export function initialLang() {
  return settings.get("lang") || browserLang();
}

function show(value, name) {
  if (value === undefined || value === null) return `{$${name}}`;
  return typeof value === "number" ? numbers.format(value) : String(value);
}

function pick(select, value) {
  const variants = select.variants;
  if (typeof value === "number") {
    const exact = Object.keys(variants).find((k) => /^-?\d/.test(k) && Number(k) === value);
    if (exact !== undefined) return variants[exact];
    const category = plural.select(value);
    if (category in variants) return variants[category];
  } else if (value !== undefined && Object.hasOwn(variants, String(value))) {
    return variants[String(value)];
  }
  return variants[select.default];
}

function format(parts, vars, depth) {
  let out = "";
  for (const part of parts) {
    if (typeof part === "string") out += part;
    else if ("var" in part) out += show(vars[part.var], part.var);
    else if ("msg" in part) out += depth < 10 && messages[part.msg] ? format(messages[part.msg], vars, depth + 1) : `{${part.msg}}`;
    else out += format(pick(part, vars[part.select]), vars, depth);
  }
  return out;
}

// The message `id` with its variables filled; the id itself when the catalogue lacks it.
export function t(id, vars = {}) {
  return Object.hasOwn(messages, id) ? format(messages[id], vars, 0) : id;
}

export function has(id) {
  return Object.hasOwn(messages, id);
}

// An error frame ({ code, message, reason?, params?, retry_after? }) in the player's
// language: a refused move's reason (refusal-<reason>, its card codes named in `faces`),
// else error-<code> from the catalogue (with the whole seconds to wait, and `vars`: a table
// passes its game, whose hand has its own word in Burraco), or the server's own words when
// the code has no entry.
export function errorText(error, { faces = "italian", ...vars } = {}) {
  if (error.reason && has(`refusal-${error.reason}`)) {
    const params = {};
    for (const [key, value] of Object.entries(error.params || {})) {
      params[key] = /^card(_|$)/.test(key) ? cardName(String(value), faces, true) : value;
    }
    return t(`refusal-${error.reason}`, { ...vars, ...params });
  }
  const seconds = Math.max(1, Math.ceil(error.retry_after ?? 1));
  const until = error.until ? new Date(error.until * 1000).toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" }) : "";
  if (error.code === "account_suspended") { // days away: the date too; none: until lifted
    return error.until ? t("error-account_suspended", { until: new Date(error.until * 1000).toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" }) }) : t("error-account_suspended-open");
  }
  if (error.code === "chips_insufficient") return t("error-chips_insufficient", { count: error.needed ?? 0, balance: error.balance ?? 0 }); // an HTTP answer: no frame has these
  if (error.code && has(`error-${error.code}`)) return t(`error-${error.code}`, { seconds, until, abandoned: error.abandoned ?? 0, ...vars });
  return t("web-error-other", { message: error.message || error.code || "?" });
}

// A list in the language's own words ("A, B e C"), as circolo/i18n.py `join` says it
// (both CLDR's); "—" for none.
export function joinList(words) {
  return words.length ? new Intl.ListFormat(lang, { type: "conjunction" }).format(words) : "—";
}

// A card's name from the catalogue's `card` message ("Sette di denari"); with `article`,
// as a sentence says it (`card-the`: "il Sette di denari"). A wild laid in another card's
// place ("2C=4H") says which it stands for. The one place cards are named, as
// circolo/i18n.py `card_name` names them for the terminal.
export function cardName(code, faces = "italian", article = false) {
  const [own, natural] = code.split("=");
  const rank = own === "JK" ? 0 : "A23456789TJQK".indexOf(own[0]) + 1;
  const name = t(article ? "card-the" : "card", { rank, suit: own === "JK" ? "J" : own[1], faces });
  return natural ? t("card-stands-for", { card: name, natural: cardName(natural, faces, true) }) : name;
}

export function cardList(codes, faces, article = false) {
  return joinList(codes.map((c) => cardName(c, faces, article)));
}
