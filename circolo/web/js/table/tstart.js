// A tournament's match before it starts (docs/tournaments.md, "Start match"): each player
// has until the deadline to press Start the match, or loses that match. The panel shows
// the time left in minutes and seconds, who has pressed, and once we have, whom we wait
// for; a spectator sees the same without the button. The way back to the tournament is
// in the table's head (tournaments.js remembers whose table this is).
import { h } from "../dom.js";
import { t, joinList } from "../i18n.js";
import { countdown } from "../clock.js";
import { tourHref, tournamentOf } from "../tournaments.js";

export function startPanel(screen, start) {
  const m = screen.model;
  const me = m.seat;
  const pressed = start.pressed || [];
  const waiting = me !== null && pressed.includes(me);
  const clock = countdown(start.deadline, { total: 120, warnAt: 20, mmss: true, cls: "start-clock" });
  if (me !== null && !waiting) clock.dataset.sound = "warn"; // 20 s left and not pressed: a sound
  return h("div", { class: "start-panel", role: "group", "aria-labelledby": "sp-h" },
    h("h2", { id: "sp-h" }, t("tour-match")),
    me !== null && !waiting
      ? [h("p", { class: "start-rule" }, t("tour-start-within"), " ", clock, " ", t("tour-start-lose")),
        h("button", { class: "primary start-match", type: "button", onclick: () => screen.command("start_match") }, t("web-start-match"))]
      : [h("p", { class: "start-wait", role: "status" }, me === null ? null : t(m.players === 4 ? "tour-waiting-others" : "tour-waiting-opponent")), clock],
    h("p", { class: "start-ready" }, pressed.length ? t("tour-ready", { names: joinList(pressed.map((s) => screen.seatName(s))) }) : t("tour-nobody-ready")));
}

// "Back to the tournament" in a tournament table's head, when this tab knows which.
export function backLink(tableId) {
  const id = tournamentOf(tableId);
  return id ? h("a", { class: "button ghost-link back-tour", href: tourHref(id) }, t("tour-back")) : null;
}
