// The interface's words, from the server's catalogues (circolo/locales/<lang>/*.ftl), the
// same the server and terminal use: GET /i18n/<lang> once per language gives each message
// as a list of parts (circolo/i18n.py, compile_messages):
//   "text" | { var } | { msg } | { select, variants: { key: parts }, default }
// A number picks its variant by exact value ("0"), then by Intl.PluralRules(lang); any
// other value by its own name ("you"); otherwise the default.
import * as settings from "./settings.js";

export const LANGS = ["it", "pt-BR", "en"];
export const LANG_NAMES = { it: "Italiano", "pt-BR": "Português (Brasil)", en: "English" };
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

// An error frame ({ code, message, retry_after? }) in the player's language: error-<code>
// from the catalogue (with the whole seconds to wait), or the server's own words when the
// code has no entry.
export function errorText(error) {
  const seconds = Math.max(1, Math.ceil(error.retry_after ?? 1));
  if (error.code && has(`error-${error.code}`)) return t(`error-${error.code}`, { seconds });
  return t("web-error-other", { message: error.message || error.code || "?" });
}
