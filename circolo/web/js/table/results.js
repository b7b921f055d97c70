// The hand-end breakdown (every category per side; Scopa's primiera cards) and the
// match-end screen with every hand, the reason it ended and the rematch button.
import { h } from "../dom.js";
import { t, has } from "../i18n.js";
import { countdown } from "../clock.js";
import { factsOf, verifyHref } from "../verify.js";

function label(key) {
  return has(`web-cat-${key}`) ? t(`web-cat-${key}`) : key.replaceAll("_", " ");
}

export function breakdownTable(screen, data) {
  const sides = data.breakdown || [];
  const keys = [...new Set(sides.flatMap((b) => Object.keys(b || {})))];
  return h("table", { class: "breakdown" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), sides.map((_, s) => h("th", { scope: "col" }, screen.sideName(s))))),
    h("tbody", {},
      keys.map((k) => h("tr", {}, h("th", { scope: "row" }, label(k)), sides.map((b) => h("td", {}, fmt(b?.[k]))))),
      data.points ? h("tr", { class: "sum" }, h("th", { scope: "row" }, t("web-total")), data.points.map((p) => h("td", {}, p))) : null));
}

function fmt(v) {
  if (v === undefined || v === null) return "";
  if (Array.isArray(v)) return v.join(" ");
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

// The verify page for this hand: its seed, commitment, game and (when the view still
// shows this hand) its dealer, cut or trump choice.
function verifyLink(screen, data, view = null) {
  if (!data.seed) return null;
  const facts = view ? factsOf(view) : {};
  const href = verifyHref({ game: screen.model.game, players: screen.model.players, ...facts,
    first: data.first ?? facts.first, seed: data.seed, commitment: data.commitment });
  return h("p", { class: "verify-line" }, `${t("web-seed")}: `, h("code", {}, data.seed.slice(0, 16) + "…"), " ",
    h("a", { href }, t("web-verify-link")));
}

export function handOver(screen, data, onContinue) {
  return h("div", { class: "dialog hand-over", role: "dialog", "aria-labelledby": "ho-h" },
    h("h2", { id: "ho-h" }, t("web-hand-number", { hand: data.hand })),
    breakdownTable(screen, data),
    data.totals ? h("p", { class: "totals" }, `${t("web-total")}: `, data.totals.map((p, s) => `${screen.sideName(s)} ${p}`).join(" · ")) : null,
    verifyLink(screen, data, screen.model.view),
    onContinue ? h("button", { class: "primary", type: "button", onclick: onContinue }, t("web-continue")) : null);
}

// The next match against a person who also pressed Play now: accept or decline; once
// accepted, who we wait for; once declined by either, who will not come.
function nextMatchView(offer) {
  const name = offer.with;
  if (offer.off) return h("p", { class: "next-match" }, t("web-next-match-off", { name }));
  if (offer.accepted) return h("p", { class: "next-match", role: "status" }, t("web-next-match-waiting", { name }));
  return h("div", { class: "next-match" }, h("p", {}, t("web-next-match", { name })),
    h("button", { class: "primary", type: "button", onclick: () => offer.answer(true) }, t("web-next-match-accept", { name })), " ",
    h("button", { type: "button", onclick: () => offer.answer(false) }, t("web-next-match-decline")));
}

export function matchOver(screen, result, rematchUntil, onRematch, onLobby, nextMatch = null) {
  const me = screen.model.seat;
  const mySide = me === null ? null : screen.model.sideOf(me);
  let title = t("web-match-over");
  if (result.winner === null || result.winner === undefined) title = t("web-draw");
  else if (mySide !== null) title = result.winner === mySide ? t("web-you-won") : t("web-you-lost");
  else title = t("web-winner", { name: screen.sideName(result.winner) });
  const reasonKey = `web-reason-${result.reason}`;
  return h("div", { class: "dialog match-over", role: "dialog", "aria-labelledby": "mo-h" },
    h("h2", { id: "mo-h" }, title),
    h("p", {}, `${t("web-reason")}: ${has(reasonKey) ? t(reasonKey) : result.reason}`),
    h("p", { class: "totals" }, (result.totals || []).map((p, s) => `${screen.sideName(s)} ${p}`).join(" · ")),
    (result.hands || []).map((hand) => h("details", {}, h("summary", {}, `${t("web-hand-number", { hand: hand.hand })}: ${(hand.points || []).join(" – ")}`), breakdownTable(screen, hand), verifyLink(screen, hand))),
    nextMatch ? nextMatchView(nextMatch) : null,
    h("div", { class: "buttons" },
      me !== null && rematchUntil ? h("button", { class: "primary", type: "button", onclick: () => onRematch(true) }, t("web-rematch"), " ", countdown(rematchUntil, { total: 60 })) : null,
      h("button", { type: "button", onclick: onLobby }, t("web-back-to-lobby"))));
}
