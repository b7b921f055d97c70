// The rules pages: one Markdown text per game and language (circolo/web/rules/<lang>/<game>.md,
// served with the room's own timers by GET /api/rules/<lang>/<game>), drawn here as text
// nodes, never as HTML. The Markdown is a small subset: "#"/"##"/"###" headings (a
// "{#id}" at the end names a section, the same in every language), paragraphs, "- " and
// "1. " lists, "|" tables, "> " notes, **bold**, [links](#section) and a line
// "{cards 7D AD}" for a row of card images. Shown as a page (#/rules/<game>[/<section>],
// or /rules/<game>#<section>) or in a dialog over the table (openRulesDialog).
import { h, replace } from "./dom.js";
import { t, currentLang, cardName } from "./i18n.js";
import { facesFor, suitLetters } from "./cardview.js";
import { cardSvg } from "./art/cards.js";
import * as settings from "./settings.js";
import { gameNames } from "./games.js";

const texts = new Map(); // "lang/game" -> Promise of the Markdown text

function load(game) {
  const key = `${currentLang()}/${game}`;
  if (!texts.has(key)) {
    const got = fetch(`/api/rules/${key}`)
      .then((res) => (res.ok ? res.text() : Promise.reject(new Error(`${key}: ${res.status}`))))
      .catch((e) => { texts.delete(key); throw e; });
    texts.set(key, got);
  }
  return texts.get(key);
}

function ruleCard(code, game) {
  const faces = facesFor(game);
  const opts = { faces, fourColour: settings.get("fourColour"), letters: settings.get("letters") ? suitLetters(faces) : "" };
  return h("span", { class: "card rule-card", role: "img", "aria-label": cardName(code, faces), html: cardSvg(code, opts) });
}

const INLINE = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

function inline(text, env) {
  const out = [];
  let at = 0;
  for (const m of text.matchAll(INLINE)) {
    out.push(text.slice(at, m.index));
    at = m.index + m[0].length;
    if (m[1] !== undefined) out.push(h("strong", {}, m[1]));
    else if (m[3].startsWith("#") && !m[3].startsWith("#/")) {
      const id = m[3].slice(1);
      out.push(h("a", { href: env.href(id), onclick: (e) => { e.preventDefault(); env.onSection(id); } }, m[2]));
    } else if (m[3].startsWith("/") && !m[3].startsWith("//")) out.push(h("a", { href: m[3] }, m[2]));
    else out.push(m[2]); // no links out of the room
  }
  out.push(text.slice(at));
  return out;
}

const cells = (line) => line.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim());

// The Markdown subset as elements; `env` = { game, href(id), onSection(id) }.
export function renderMarkdown(text, env) {
  const out = [];
  const lines = text.replace(/\r/g, "").split("\n");
  let i = 0;
  const take = (test) => {
    const got = [];
    while (i < lines.length && test(lines[i])) got.push(lines[i++]);
    return got;
  };
  while (i < lines.length) {
    const line = lines[i];
    const heading = line.match(/^(#{1,3})\s+(.*?)(?:\s+\{#([\w-]+)\})?\s*$/);
    const cards = line.match(/^\{cards\s+([^}]+)\}\s*$/);
    if (!line.trim()) i++;
    else if (heading) {
      i++;
      const level = heading[1].length;
      out.push(h(`h${level}`, { id: heading[3] ? `rules-${heading[3]}` : null, tabindex: heading[3] ? "-1" : null, dataset: heading[3] ? { section: heading[3] } : {} }, inline(heading[2], env)));
    } else if (cards) {
      i++;
      out.push(h("div", { class: "rule-cards" }, cards[1].trim().split(/\s+/).map((c) => ruleCard(c, env.game))));
    } else if (/^\s*- /.test(line)) {
      out.push(h("ul", {}, take((l) => /^\s*- /.test(l)).map((l) => h("li", {}, inline(l.replace(/^\s*- /, ""), env)))));
    } else if (/^\s*\d+\. /.test(line)) {
      out.push(h("ol", {}, take((l) => /^\s*\d+\. /.test(l)).map((l) => h("li", {}, inline(l.replace(/^\s*\d+\. /, ""), env)))));
    } else if (line.startsWith("|")) {
      const rows = take((l) => l.startsWith("|")).filter((l) => !/^\|[\s:|-]+\|?\s*$/.test(l)).map(cells);
      const [head, ...body] = rows;
      out.push(h("div", { class: "rule-table" }, h("table", {},
        h("thead", {}, h("tr", {}, head.map((c) => h("th", { scope: "col" }, inline(c, env))))),
        h("tbody", {}, body.map((r) => h("tr", {}, r.map((c) => h("td", {}, inline(c, env)))))))));
    } else if (line.startsWith(">")) {
      const text = take((l) => l.startsWith(">")).map((l) => l.replace(/^>\s?/, "")).join(" ");
      out.push(h("p", { class: "rule-note" }, inline(text, env)));
    } else {
      const text = take((l) => l.trim() && !/^(#{1,3}\s|\{cards|\s*- |\s*\d+\. |\||>)/.test(l)).join(" ");
      out.push(h("p", {}, inline(text, env)));
    }
  }
  return out;
}

// The rules as an <article>: its title, a list of its sections, then the text.
async function article(game, env) {
  const body = h("article", { class: "rules", lang: currentLang() }, h("p", { class: "muted" }, "…"));
  let text;
  try {
    text = await load(game);
  } catch {
    return replace(body, h("p", { class: "flash", role: "alert" }, t("web-rules-missing")));
  }
  const parts = renderMarkdown(text, env);
  const sections = parts.filter((el) => el.tagName === "H2" && el.dataset.section);
  const toc = h("nav", { class: "rules-toc", "aria-label": t("web-rules-contents") },
    h("details", { open: window.innerWidth >= 720 },
      h("summary", {}, t("web-rules-contents")),
      h("ol", {}, sections.map((el) => h("li", {},
        h("a", { href: env.href(el.dataset.section), onclick: (e) => { e.preventDefault(); env.onSection(el.dataset.section); } }, el.textContent))))));
  const first = parts.indexOf(sections[0]); // the list goes after the introduction
  return replace(body, first < 0 ? parts : [parts.slice(0, first), toc, parts.slice(first)]);
}

function scrollTo(root, section) {
  const el = section && root.querySelector(`[data-section="${CSS.escape(section)}"]`);
  if (!el) return;
  el.scrollIntoView({ block: "start" });
  el.focus({ preventScroll: true });
}

// On /rules/<game> (a page of its own) the tabs are pages too; in the app, routes.
function gameTabs(current, onPath) {
  return h("nav", { class: "rules-games", "aria-label": t("web-rules") },
    gameNames().map((g) => h("a", { href: onPath ? `/rules/${g}` : `#/rules/${g}`, class: "tab", "aria-current": g === current ? "page" : null }, t(`web-game-${g}`))));
}

// The page: #/rules (the three games), #/rules/<game>[/<section>] or /rules/<game>#<section>.
export async function renderRules(main, game, section) {
  const lang = currentLang();
  if (!gameNames().includes(game)) {
    document.title = `${t("web-rules")} · ${t("web-app")}`;
    return replace(main, h("div", { class: "rules-page" },
      h("h1", {}, t("web-rules")),
      h("ul", { class: "rules-index" }, gameNames().map((g) => h("li", {},
        h("a", { href: `#/rules/${g}`, class: `rules-game game-${g}` }, h("strong", {}, t(`web-game-${g}`)), h("span", {}, t(`web-game-${g}-about`))))))));
  }
  const show = (id) => {
    if (main.dataset.section !== id) scrollTo(main, id); // not again at a reconnection
    main.dataset.section = id || "";
  };
  if (main.dataset.rules === `${lang}/${game}`) return show(section);
  const onPath = location.pathname.startsWith("/rules/");
  const env = {
    game,
    href: (id) => (onPath ? `#${id}` : `#/rules/${game}/${id}`),
    onSection: (id) => { history.replaceState(history.state, "", env.href(id)); main.dataset.section = ""; show(id); },
  };
  document.title = `${t("web-rules-of", { game: t(`web-game-${game}`) })} · ${t("web-app")}`;
  const page = h("div", { class: "rules-page" }, gameTabs(game, onPath));
  replace(main, page);
  page.append(await article(game, env), h("p", {}, h("a", { class: "button", href: "/" }, t("web-back-to-lobby"))));
  main.dataset.rules = `${lang}/${game}`;
  main.dataset.section = "";
  show(section);
}

export function leaveRules(main) {
  delete main.dataset.rules;
  delete main.dataset.section;
}

// The rules over the table, without leaving it: a modal <dialog> (Escape closes it).
export async function openRulesDialog(game, section = null) {
  document.querySelector("dialog.rules-dialog")?.remove();
  const body = h("div", { class: "rules-dialog-body" });
  const dialog = h("dialog", { class: "rules-dialog", "aria-label": t("web-rules-of", { game: t(`web-game-${game}`) }) },
    h("div", { class: "rules-dialog-bar" },
      h("a", { href: `/rules/${game}${section ? `#${section}` : ""}`, target: "_blank", rel: "noopener" }, t("web-rules-new-tab")),
      h("button", { type: "button", class: "primary", onclick: () => dialog.close() }, t("web-close"))),
    body);
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  const env = { game, href: (id) => `/rules/${game}#${id}`, onSection: (id) => scrollTo(body, id) };
  body.append(await article(game, env));
  scrollTo(body, section);
}
