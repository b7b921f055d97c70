// The table screen: seats around the felt, the game's own area, your hand, actions,
// chat and the move log. Driven by snapshots and "update"/happening messages; a move
// shows at once as pending and reloads the table if the server does not answer in 5 s.
import { h, replace } from "../dom.js";
import { t, errorText } from "../i18n.js";
import { announce } from "../announce.js";
import { sounds, notifyTurn } from "../sound.js";
import { facesFor } from "../cardview.js";
import { countdown } from "../clock.js";
import { TableModel } from "./model.js";
import { seatBadge } from "./seats.js";
import { Chat } from "../chat.js";
import { handOver, matchOver } from "./results.js";
import { gateView, invitePanel, inviteLink, pauseView } from "./invite.js";
import { bindKeys } from "../keyboard.js";
import { openRulesDialog } from "../rules.js";
import { enableDrag } from "../drag.js";
import * as settings from "../settings.js";
import * as scopa from "./scopa.js";
import * as bisca from "./bisca.js";
import * as burraco from "./burraco.js";

const GAMES = { scopa, bisca, burraco };
const SUITS = {
  italian: { it: { H: "coppe", D: "denari", C: "bastoni", S: "spade" }, "pt-BR": { H: "copas", D: "ouros", C: "paus", S: "espadas" }, en: { H: "cups", D: "coins", C: "clubs", S: "swords" } },
};

export class TableScreen {
  constructor(root, conn, tableId, { watch = false, invite = null, onLeave, go = null }) {
    this.root = root;
    this.conn = conn;
    this.model = new TableModel(tableId);
    this.tableId = tableId;
    this.selected = [];
    this.choices = null;
    this.pending = null;
    this.log = [];
    this.onLeave = onLeave;
    this.chat = new Chat(conn, tableId);
    this.wasMyTurn = false;
    this.unsub = [
      conn.on("table.snapshot", (m) => m.table_id === tableId && this.snapshot(m)),
      conn.on("table.events", (m) => m.table_id === tableId && this.events(m)),
      conn.on("table.joined", (m) => m.table_id === tableId && (this.model.seat = m.seat)),
      conn.on("error", (m) => m.table_id === tableId && m.code !== "not_seated" && this.error(m)), // attach() answers not_seated
      // Your next match against a person (docs/protocol.md, "Your next match against a person")
      conn.on("next_match.offer", (m) => m.table_id === tableId && (this.nextMatch = m, this.render())),
      conn.on("next_match.off", (m) => m.table_id === tableId && this.nextMatch && (this.nextMatch = { ...this.nextMatch, off: true }, this.render())),
      conn.on("next_match.ready", (m) => m.table_id === tableId && go?.(`/t/${encodeURIComponent(m.next)}`)),
    ];
    this.nextMatch = null;
    this.keys = bindKeys(root, () => this);
    this.undrag = enableDrag(root, (code, key, target) => GAMES[this.model.game]?.drop?.(this.ctx, code, key, target));
    this.watching = watch;
    this.invite = invite;
    this.gate = null; // the answer to opening a table where we hold no seat
    this.attached = false;
    this.unsub.push(conn.on("online", () => this.attach()));
    this.attach();
    this.render();
  }

  // Open the table on the connection once it is up: as our seat, or, holding none, ask
  // (docs/protocol.md, "Invite links"): the server answers with the free seats. With the
  // invite and one free seat we sit at once; with several the player chooses; a started
  // table is offered to watch. A seat's table is reopened by the connection after a
  // reconnect (with its last seq); a spectator's is watched again here.
  attach() {
    const { conn, tableId, invite } = this;
    if (!conn.online) return;
    if (this.attached && !this.watching) return;
    this.attached = true;
    if (this.watching) return this.watch();
    conn.openTable(tableId, invite ? { invite } : {}).then((r) => {
      if (r.type !== "error") return;
      if (r.code !== "not_seated" || !r.table) return r.code === "private_table" ? this.refuse(r) : this.error(r);
      this.refuse(r);
      if (invite && r.free.length === 1) this.sit(r.free[0]);
    });
  }

  // Not ours (yet): forget the table on the connection, and show why.
  refuse(answer) {
    this.conn.open.delete(this.tableId);
    this.conn.last.delete(this.tableId);
    this.gate = { answer, busy: false, flash: null };
    this.render();
  }

  sit(seat) {
    const { conn, tableId, invite } = this;
    this.gate = { ...this.gate, busy: true, flash: null };
    this.render();
    conn.request({ type: "table.join", table_id: tableId, seat, ...(invite ? { invite } : {}) }).then((r) => {
      if (r.type === "table.joined") {
        conn.open.add(tableId); // reopened after a reconnect, as any seat
        this.gate = null;
        this.model.seat = r.seat;
        return this.render();
      }
      // taken meanwhile, or refused: ask again, and say why
      return conn.openTable(tableId, invite ? { invite } : {}).then((again) => {
        if (again.type !== "error") return;
        this.refuse(again);
        this.gate.flash = r.type === "error" ? errorText(r) : t("web-no-answer");
        this.render();
      });
    });
  }

  watch() {
    const { conn, tableId, invite } = this;
    this.watching = true;
    this.attached = true;
    this.gate = null;
    conn.open.delete(tableId);
    this.render();
    return conn.request({ type: "table.watch", table_id: tableId, invite }).then((r) => r.type === "error" && this.error(r));
  }

  destroy() {
    this.unsub.forEach((f) => f());
    this.keys();
    this.undrag();
    this.conn.closeTable(this.tableId);
  }

  snapshot(msg) {
    const body = msg.snapshot || {};
    const state = body.state || body;
    this.gate = null;
    this.model.reset(state, msg.seat ?? state.seat ?? this.model.seat);
    // the server's recent log is the whole story: what happened while we were away too
    if (Array.isArray(msg.log)) this.log = msg.log.map((ev) => this.tell(ev, null)).filter(Boolean);
    this.clearPending();
    this.render();
  }

  events(msg) {
    let needRefresh = false;
    for (const ev of msg.events || []) {
      if (ev.bots) this.model.bots = ev.bots;
      switch (ev.type) {
        case "update": this.model.apply(ev.state || {}); break;
        case "snapshot": this.model.reset(ev.state || {}); break;
        case "move": this.moved(ev); break;
        case "deal": this.logLine(this.tell(ev)); break;
        case "hand_over": this.logLine(this.tell(ev)); sounds.end(); break;
        case "match_over": sounds.end(); announce(t("web-match-over")); break;
        case "vote_open": announce(t("web-vote")); break;
        case "invited": if (ev.seat === this.model.seat) announce(t("web-return-invite")); break;
        case "clock_warning": if (ev.seat === this.model.seat) sounds.warn(); break;
        case "table_closed": this.logLine(this.tell(ev)); break;
        default: break;
      }
    }
    if (needRefresh) this.conn.refresh(this.tableId);
    this.clearPending();
    this.render();
  }

  // A happening's line in the move log (null: it has none). `before` is the view before a
  // move (Burraco names only the cards added to a meld); a rebuilt log has none.
  tell(ev, before = this.model.view) {
    switch (ev.type) {
      case "move": {
        const name = this.model.name(ev.seat) || `${t("web-bot")} ${ev.seat + 1}`;
        const mod = GAMES[this.model.game];
        const who = { name, you: ev.seat === this.model.seat ? "yes" : "no" };
        const text = mod ? mod.describeMove(ev, who, facesFor(this.model.game), before) : `${name}: ${ev.move}`;
        return ev.auto ? `${text} (${t("web-times-up")})` : text;
      }
      case "deal": return `${t("web-hand-number", { hand: ev.hand })} · ${t("web-commitment")}: ${ev.commitment.slice(0, 16)}…`;
      case "hand_over": return `${t("web-hand-number", { hand: ev.hand })}: ${(ev.points || []).join(" – ")}`;
      case "table_closed": return ev.why || null;
      default: return null;
    }
  }

  moved(ev) {
    const line = this.tell(ev);
    this.logLine(line);
    announce(line);
    if (ev.seat !== this.model.seat) sounds.play();
    this.lastMoveSeat = ev.seat;
  }

  logLine(text) {
    this.log.push(text);
    if (this.log.length > 200) this.log.shift();
  }

  error(msg) {
    this.clearPending();
    if (msg.code === "table_over") { // retired after its end: the banner links to its replay
      this.over = true;
      return this.render();
    }
    const text = errorText(msg);
    this.flashMessage = msg.message && msg.code === "illegal_move" ? `${text} ${msg.message}` : text;
    announce(this.flashMessage);
    this.render();
  }

  seatName(seat) {
    if (seat === this.model.seat) return t("web-you");
    return this.model.name(seat) || `${t("web-bot")} ${seat + 1}`;
  }

  sideName(side) {
    const n = this.model.players;
    const me = this.model.seat;
    if (n === 4) {
      const names = [side, side + 2].map((s) => this.model.name(s) || `${t("web-bot")} ${s + 1}`).join(" & ");
      if (me !== null) return `${me % 2 === side ? t("web-your-team") : t("web-opponents")} (${names})`;
      return names;
    }
    return side === me ? t("web-you") : this.model.name(side) || `${t("web-bot")} ${side + 1}`;
  }

  suitName(s) {
    return SUITS.italian[document.documentElement.lang]?.[s] || SUITS.italian.en[s];
  }

  // Where a seat sits on screen, seen from ours: bottom, right, top, left.
  where(seat) {
    const n = this.model.players;
    const me = this.model.seat ?? 0;
    const rel = (seat - me + n) % n;
    return n === 2 ? ["bottom", "top"][rel] : ["bottom", "right", "top", "left"][rel];
  }

  select(codes) {
    this.selected = codes;
    this.choices = null;
    this.flashMessage = null;
    this.render();
    this.focusSelected();
  }

  play(text) {
    if (this.pending) return; // no double moves
    this.choices = null;
    const id = `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    this.pending = { id, text };
    this.flashMessage = t("web-move-sent");
    this.render();
    this.conn.request({ type: "move", table_id: this.tableId, move: text, id }).then((reply) => {
      if (!this.pending || this.pending.id !== id) return;
      if (reply.type === "ack") return this.clearPending(true);
      if (reply.type === "error") return this.error(reply);
      // no answer in 5 s (or offline): the events show whether it was played
      this.clearPending();
      this.flashMessage = t("web-no-answer");
      this.conn.refresh(this.tableId);
      this.render();
    });
  }

  clearPending(rerender = false) {
    if (!this.pending) return;
    this.pending = null;
    this.selected = [];
    if (this.flashMessage === t("web-move-sent")) this.flashMessage = null;
    if (rerender) this.render();
  }

  command(type, extra = {}) {
    return this.conn.request({ type, table_id: this.tableId, ...extra }).then((r) => (r.type === "error" ? this.error(r) : r));
  }

  get invited() {
    const p = this.model.seat === null ? null : this.model.presence(this.model.seat);
    return p && p.state === "invited" ? p.deadline : null;
  }

  get myTurn() {
    const phase = this.model.phase;
    return this.model.seat !== null && this.model.toMove === this.model.seat && !this.pending && this.model.status === "playing"
      && !this.invited && (phase === null || phase === "play");
  }

  render() {
    if (this.over) return replace(this.root, this.overView());
    if (this.gate) {
      return replace(this.root, gateView(this.gate, { sit: (seat) => this.sit(seat), watch: () => this.watch(), lobby: () => this.onLeave() }));
    }
    const m = this.model;
    const v = m.view;
    const game = m.game;
    const mod = GAMES[game];
    if (this.myTurn && !this.wasMyTurn) {
      sounds.turn();
      announce(t("web-your-turn"));
      notifyTurn(t("web-app"), t("web-your-turn"));
    } else if (v && m.toMove !== null && m.toMove !== m.seat && this.lastAnnouncedTurn !== m.toMove) {
      announce(t("web-turn-of", { name: this.seatName(m.toMove) }));
    }
    this.lastAnnouncedTurn = m.toMove;
    this.wasMyTurn = this.myTurn;

    const ctx = {
      model: m, view: v, faces: facesFor(game), myTurn: this.myTurn, selected: this.selected,
      select: (c) => this.select(c), play: (x) => this.play(x), seatName: (s) => this.seatName(s), sideName: (s) => this.sideName(s),
      suitName: (s) => this.suitName(s), where: (s) => this.where(s), error: (x) => this.error({ message: x }),
      flash: () => {}, choose: (list) => { this.choices = list; this.render(); },
    };
    this.ctx = ctx;
    const parts = v && mod ? mod.render(ctx) : { center: h("div", { class: "felt" }, h("p", { class: "waiting" }, t("web-waiting"))), actions: [], hand: [] };
    if (this.choices) parts.actions = [h("span", { class: "prompt" }, t("web-wild-where")), ...this.choices.map((c) => h("button", { class: "primary", type: "button", onclick: () => this.play(c.move) }, c.label))];

    const n = m.players;
    const sizes = v?.hand_sizes || v?.hand_counts || [];
    const others = [];
    for (let s = 0; s < n; s++) if (s !== (m.seat ?? -1)) others.push(seatBadge(m, s, { where: this.where(s), handSize: sizes[s] ?? null }));
    const mine = m.seat !== null ? seatBadge(m, m.seat, { where: "bottom", handSize: null }) : h("div", { class: "seat seat-bottom spectator" }, t("web-spectator"));

    const paused = this.invited !== null;
    const layout = h("div", { class: `table-screen game-${game || "none"} players-${n}${this.myTurn ? " my-turn" : ""}${paused ? " paused" : ""}` },
      h("div", { class: "table-main", inert: paused },
        h("div", { class: "table-head" },
          h("span", { class: "table-title" }, game ? `${t(`web-game-${game}`)} · ${t(`web-mode-${n}`)}` : ""),
          this.scoreLine(),
          m.commitment ? h("a", { class: "commit", href: `#/verify?c=${m.commitment}`, title: t("web-commitment") }, `SHA-256 ${m.commitment.slice(0, 10)}…`) : null,
          game ? h("button", { type: "button", class: "ghost rules-button", onclick: () => openRulesDialog(game) }, t("web-rules")) : null,
          h("button", { type: "button", class: "ghost", onclick: () => this.leave() }, t("web-leave"))),
        h("div", { class: "opponents" }, others),
        h("div", { class: "center" }, parts.center, parts.side || null),
        this.banner(),
        h("div", { class: "actions", role: "group", "aria-label": "actions" }, parts.actions, this.flashMessage ? h("p", { class: "flash", role: "alert" }, this.flashMessage) : null),
        h("div", { class: "my-area" }, mine,
          h("div", { class: `hand${this.pending ? " pending" : ""}`, role: "group", "aria-label": t("web-hand") }, parts.hand))),
      h("aside", { class: "table-side" },
        h("details", { class: "log", open: true }, h("summary", {}, t("web-log")), h("ol", { class: "log-list" }, this.log.slice(-30).map((l) => h("li", {}, l)))),
        this.chat.element()),
      this.noticeView());
    replace(this.root, layout);
    this.markFresh();
    if (paused && !this.wasPaused) this.root.querySelector(".pause button.primary")?.focus();
    this.wasPaused = paused;
  }

  // Cards that were not on screen before get a short entrance (never blocking input).
  markFresh() {
    const now = new Set();
    for (const el of this.root.querySelectorAll(".hand .card, .table-cards .card, .trick .card, .discard-pile .card")) {
      const key = `${el.parentElement.className}|${el.dataset.card}`;
      now.add(key);
      if (this.seen && !this.seen.has(key)) el.classList.add("fresh");
    }
    this.seen = now;
  }

  scoreLine() {
    const totals = this.model.totals;
    if (!totals) return null;
    return h("span", { class: "scores", "aria-label": t("web-scores") }, totals.map((p, side) => h("span", { class: "score" }, `${this.sideName(side)}: ${p}`)));
  }

  // A table retired after its end (table_over): its replay, or the lobby.
  overView() {
    const invite = this.invite ? `&invite=${encodeURIComponent(this.invite)}` : "";
    return h("div", { class: "table-over" }, h("div", { class: "banner over", role: "alert" },
      errorText({ code: "table_over" }), " ",
      h("a", { class: "button primary", href: `#/replay?t=${encodeURIComponent(this.tableId)}${invite}` }, t("web-replay")), " ",
      h("a", { class: "button", href: "/", onclick: (e) => { e.preventDefault(); this.onLeave(); } }, t("web-back-to-lobby"))));
  }

  banner() {
    const st = this.model.state;
    if (this.model.gathering && st.bots_at && this.model.seat !== null) { // Play now, waiting for people
      return h("div", { class: "banner bots-soon" }, t("web-bots-in"), " ", countdown(st.bots_at, { total: Math.max(1, st.bots_at - st.table.created_at), warnAt: -1 }),
        h("button", { class: "primary", type: "button", onclick: () => this.command("start_match") }, t("web-start-with-bots")));
    }
    if (this.model.status === "waiting") { // "Waiting for players…" is on the felt already
      const start = st.start;
      const invite = st.invite && this.model.seat !== null;
      if (!start && !invite) return null;
      return h("div", { class: "banner" },
        start && this.model.seat !== null && !start.pressed.includes(this.model.seat)
          ? h("button", { class: "primary", type: "button", onclick: () => this.command("start_match") }, t("web-start-match"), " ", countdown(start.deadline, { total: 120 })) : null,
        invite ? invitePanel(inviteLink(this.tableId, st.invite), this.model.game) : null);
    }
    return null;
  }

  // Dialogs come from the screen state, so a reload shows them again.
  noticeView() {
    const st = this.model.state;
    const me = this.model.seat;
    if (this.invited) { // the return invitation's time: twice as long at relaxed and untimed tables
      return pauseView(this.invited, { total: st.table?.speed === "standard" ? 30 : 60, team: this.model.players === 4, reopen: () => this.command("return") });
    }
    if (st.result) {
      return matchOver(this, st.result, st.rematch && !st.rematch.accepted.includes(me) ? st.rematch.deadline : null,
        (accept) => this.command("rematch", { accept }), () => this.leave(), // no rematch then
        this.nextMatch && me !== null ? { ...this.nextMatch, answer: (accept) => this.command("next_match", { accept }) } : null);
    }
    if (st.vote) {
      const voted = st.vote.voted.includes(me);
      return h("div", { class: "dialog", role: "dialog", "aria-modal": "false", "aria-labelledby": "vote-h" },
        h("h2", { id: "vote-h" }, t("web-vote")), countdown(st.vote.deadline, { total: 30 }), voted ? null : [
        h("button", { class: "primary", type: "button", onclick: () => this.command("vote", { choice: "replay" }) }, t("web-vote-replay")),
        h("button", { type: "button", onclick: () => this.command("vote", { choice: "draw" }) }, t("web-vote-draw"))]);
    }
    if (this.model.phase === "result" && st.match?.hands?.length) {
      const last = st.match.hands[st.match.hands.length - 1];
      const done = me === null || (st.phase.continued || []).includes(me);
      return handOver(this, { ...last, totals: st.match.totals }, done ? null : () => this.command("continue"));
    }
    return null;
  }

  leave() {
    if (this.model.seat !== null && this.model.status === "playing" && !confirm(`${t("web-leave")}?`)) return;
    if (this.model.seat !== null && this.model.status !== "finished" && !this.over) this.command("table.leave");
    this.onLeave();
  }

  focusSelected() {
    const el = this.root.querySelector(".hand .card.selected") || this.root.querySelector(".hand .card");
    if (el && this.root.contains(document.activeElement) === false) return;
    el?.focus({ preventScroll: true });
  }
}

export { settings };
