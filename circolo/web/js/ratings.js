// Ratings (#/ratings?game=<game>&mode=1v1&period=all): the leaderboard of a game and mode,
// all time or this month, paged; and my own ratings, each with a small chart of its
// history. Two routes of the server (docs/protocol.md):
//   GET /api/leaderboard?game=&mode=&period=&offset=  -> {rows: [...], next_offset}
//   GET /api/me/ratings                               -> {ratings: [{game, mode, rating, history}]}
import { h, replace } from "./dom.js";
import { getJson } from "./api.js";
import { t } from "./i18n.js";
import { gameNames } from "./games.js";
import { profileHref } from "./records.js";

const MODES = ["1v1", "2v2"];
const PERIODS = ["all", "month"];


const href = (q) => `#/ratings?${new URLSearchParams(q)}`;

export async function renderRatings(main, params) {
  const games = gameNames();
  const q = {
    game: games.includes(params.get("game")) ? params.get("game") : games[0],
    mode: MODES.includes(params.get("mode")) ? params.get("mode") : "1v1",
    period: PERIODS.includes(params.get("period")) ? params.get("period") : "all",
    offset: /^\d+$/.test(params.get("offset") || "") ? params.get("offset") : "0",
  };
  const page = h("section", { class: "ratings-page" }, h("h1", {}, t("rating-title")), h("p", {}, "…"));
  replace(main, page);
  const [board, mine] = await Promise.all([
    getJson(`/api/leaderboard?${new URLSearchParams(q)}`), getJson("/api/me/ratings")]);
  if (!main.contains(page)) return; // another page was opened meanwhile
  const tab = (key, value, label) => h("a", { class: `tab${q[key] === value ? " on" : ""}`, href: href({ ...q, [key]: value, offset: 0 }),
    "aria-current": q[key] === value ? "page" : null }, label);
  replace(page,
    h("h1", {}, t("rating-title")),
    h("p", { class: "muted" }, t("rating-about")),
    mine?.ratings?.length ? myRatings(mine.ratings) : h("p", { class: "empty" }, t("rating-mine-none")),
    h("h2", {}, t("rating-board")),
    h("nav", { class: "tabs", "aria-label": t("rating-board") },
      games.map((g) => tab("game", g, t(`web-game-${g}`)))),
    h("nav", { class: "tabs", "aria-label": t("rating-mode") },
      MODES.map((m) => tab("mode", m, t(`web-mode-${m === "1v1" ? 2 : 4}`))),
      PERIODS.map((p) => tab("period", p, t(`rating-period-${p}`)))),
    board ? boardTable(board, q) : h("p", { class: "empty" }, t("rating-unavailable")));
}

function boardTable(board, q) {
  if (!board.rows.length) return h("p", { class: "empty" }, t("rating-board-empty"));
  const offset = Number(q.offset);
  return [
    h("table", { class: "leaderboard" },
      h("thead", {}, h("tr", {}, ["rank", "player", "rating", "matches", "wins"].map((c) => h("th", { scope: "col" }, t(`rating-col-${c}`))))),
      h("tbody", {}, board.rows.map((r) => h("tr", { class: r.me ? "me" : null },
        h("td", {}, String(r.rank)), h("td", {}, r.player_id ? h("a", { href: profileHref(r.player_id) }, r.name) : r.name, r.me ? ` (${t("web-you")})` : ""),
        h("td", { class: "num" }, String(r.rating)), h("td", { class: "num" }, String(r.matches)), h("td", { class: "num" }, String(r.wins)))))),
    h("p", { class: "pager" },
      offset > 0 ? h("a", { href: href({ ...q, offset: Math.max(0, offset - board.rows.length) }) }, t("rating-newer")) : null,
      board.next_offset !== null ? h("a", { href: href({ ...q, offset: board.next_offset }) }, t("rating-more")) : null),
  ];
}

function myRatings(ratings) {
  return h("ul", { class: "my-ratings" }, ratings.map((r) =>
    h("li", { class: "my-rating" },
      h("strong", {}, `${t(`web-game-${r.game}`)} · ${t(`web-mode-${r.mode === "1v1" ? 2 : 4}`)}`),
      h("span", { class: "rating-figure" }, String(r.rating)),
      h("span", { class: "muted" }, t("rating-record", { matches: r.matches, wins: r.wins })),
      chart(r.history))));
}

// The rating after each of the last rated matches, as a line (the first point is the
// rating before the first of them).
function chart(history) {
  if (!history.length) return null;
  const ys = [history[0].before, ...history.map((p) => p.rating)];
  const lo = Math.min(...ys), hi = Math.max(...ys), span = Math.max(1, hi - lo);
  const w = 160, hgt = 40;
  const pts = ys.map((y, i) => `${(i * w / (ys.length - 1)).toFixed(1)},${(hgt - 4 - (y - lo) * (hgt - 8) / span).toFixed(1)}`).join(" ");
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${hgt}`);
  svg.setAttribute("class", "rating-chart");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("rating-chart", { from: String(ys[0]), to: String(ys.at(-1)), matches: history.length }));
  const line = document.createElementNS("http://www.w3.org/2000/svg", "polyline");
  line.setAttribute("points", pts);
  svg.append(line);
  return svg;
}
