// Translation: t(key, vars) in the current language, plurals by Intl.PluralRules.
// The server's catalogue (GET /i18n/<lang>, JSON) is merged over the built-in one.
import { STRINGS } from "./strings.js";
import * as settings from "./settings.js";

export const LANGS = ["it", "pt-BR", "en"];
export const LANG_NAMES = { it: "Italiano", "pt-BR": "Português (Brasil)", en: "English" };
let lang = "en";
let server = {};
let plural = new Intl.PluralRules("en");

export function browserLang() {
  for (const l of navigator.languages || [navigator.language]) {
    if (/^pt/i.test(l)) return "pt-BR";
    if (/^it/i.test(l)) return "it";
    if (/^en/i.test(l)) return "en";
  }
  return "en";
}

export async function setLang(next) {
  lang = LANGS.includes(next) ? next : "en";
  plural = new Intl.PluralRules(lang);
  document.documentElement.lang = lang;
  server = {};
  try {
    const res = await fetch(`/i18n/${lang}`, { headers: { accept: "application/json" } });
    if (res.ok && (res.headers.get("content-type") || "").includes("json")) server = await res.json();
  } catch {
    server = {};
  }
}

export function currentLang() {
  return lang;
}

export function initialLang() {
  return settings.get("lang") || browserLang();
}

export function t(key, vars = {}) {
  let value = server[key] ?? STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  if (typeof value === "object") {
    const n = vars.n ?? 0;
    value = (n === 0 ? value.zero ?? value.other : value[plural.select(n)]) ?? value.other;
  }
  return String(value).replace(/\{(\w+)\}/g, (_, name) => (name in vars ? vars[name] : `{${name}}`));
}

export function has(key) {
  return key in server || key in STRINGS[lang] || key in STRINGS.en;
}
