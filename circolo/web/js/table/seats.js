// A seat's badge: name, bot mark and level, dealer, hand size, the turn highlight
// with its clock, Burraco's green/orange bar, and a disconnection countdown.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { countdown } from "../clock.js";
import { hint } from "../hint.js";

export function seatBadge(model, seat, { where = "top", handSize = null } = {}) {
  const mine = seat === model.seat;
  const turn = model.toMove === seat;
  const bot = model.isBot(seat);
  const name = model.name(seat) || `${t("web-bot")} ${seat + 1}`;
  const clock = model.clock(seat);
  const presence = model.presence(seat);
  const level = model.level(seat);
  const partner = !mine && model.players === 4 && model.seat !== null && (seat - model.seat) % 2 === 0;
  const label = [name, mine ? `(${t("web-you")})` : "", partner ? t("web-partner") : "", bot ? t("web-bot") : "", model.dealer === seat ? t("web-dealer") : "", turn ? (mine ? t("web-your-turn") : t("web-turn-of", { name })) : ""]
    .filter(Boolean).join(", ");
  return h("div", { class: `seat seat-${where}${turn ? " turn" : ""}${mine ? " mine" : ""}${partner ? " partner" : ""}`, dataset: { seat }, "aria-label": label, role: "group" },
    h("div", { class: "seat-line" },
      h("span", { class: "seat-name" }, name, mine ? h("span", { class: "you" }, ` (${t("web-you")})`) : null),
      partner ? h("span", { class: "tag partner-tag" }, t("web-partner")) : null,
      bot ? h("span", { class: "tag bot-tag", "aria-hidden": "true", title: level ? t(`web-level-${level}`) : "" }, "⚙") : null,
      model.dealer === seat ? h("span", { class: "tag dealer-tag", title: t("web-dealer") }, t("web-dealer-tag")) : null,
      handSize !== null ? h("span", { class: "tag count-tag" }, t("web-cards", { count: handSize })) : null),
    turn ? h("div", { class: "turn-line" }, h("span", { class: "turn-label" }, mine ? t("web-your-turn") : t("web-turn-of", { name })), clockView(clock, mine)) : null,
    mine ? null : presenceView(presence, name));
}

function clockView(clock, mine) {
  if (!clock) return null;
  if (clock.reserves) return burracoBar(clock, mine);
  if (!clock.deadline) return null;
  const el = countdown(clock.deadline, { total: 30, warnAt: 10, cls: "move-clock" });
  if (mine) el.dataset.sound = "1";
  return el;
}

// Burraco: the green part and the orange reserve, each as it is (the reserve stands still
// while the green part runs); the reserve lights up and sounds in its last 10 s.
function burracoBar(clock, mine) {
  const wrap = h("span", { class: "burraco-clock" });
  if (clock.green_until) {
    const g = countdown(clock.green_until, { total: 15, warnAt: -1, cls: "bar green" });
    wrap.append(g);
  }
  if (clock.deadline) {
    const reserve = clock.reserves[clock.seat] || 30;
    const o = countdown(clock.deadline, { total: reserve, warnAt: 10, cls: "bar orange", after: clock.green_until });
    if (mine) o.dataset.sound = "reserve";
    wrap.append(o);
  }
  if (mine) wrap.append(hint("clock", "burraco", "clock"));
  return wrap;
}

function presenceView(p, name) {
  if (!p) return null;
  if ((p.state === "away" || p.state === "invited") && p.deadline) {
    return h("div", { class: "away", role: "note" }, t("web-disconnected-for", { name }), " ",
      countdown(p.deadline, { total: p.state === "away" ? 120 : 30, warnAt: 30 }));
  }
  if (p.state === "offline" || p.state === "grace") return h("div", { class: "away" }, "⚠︎ ", t("web-offline-seat"));
  return null;
}
