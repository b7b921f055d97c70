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
import { handOver, matchOver, otherPeople } from "./results.js";
import { gateView, invitePanel, inviteLink, pauseView } from "./invite.js";
import { bindKeys, viaKeys } from "../keyboard.js";
import { noteFocus, restoreFocus, rove } from "../focus.js";
import { ask } from "../confirm.js";
import { openRulesDialog } from "../rules.js";
import { enableDrag } from "../drag.js";
import * as settings from "../settings.js";
import { TABLES as GAMES } from "./games.js";
import { startPanel, backLink } from "./tstart.js";

import { tellMove, tellEvent } from "./narrate.js";
import { track } from "./lastmoves.js";
import * as motion from "./motion.js";

const CALLOUT = 1800; // ms a callout stays on the felt

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
    this.memo = {}; // a game module's own memory across renders (what it heard, how the hand is ordered)
    this.recent = []; // the moves the felt keeps showing until ours (lastmoves.js)
    this.callout = null; // a big moment called out on the felt: { text, at }
    this.onLeave = onLeave;
    this.chat = new Chat(conn, tableId, () => this.model.seat, () => otherPeople(this).length > 0);
    this.wasMyTurn = false;
    this.unsub = [
      conn.on("table.snapshot", (m) => m.table_id === tableId && this.snapshot(m)),
      conn.on("table.events", (m) => m.table_id === tableId && this.events(m)),
      conn.on("table.joined", (m) => m.table_id === tableId && (this.model.seat = m.seat)),
      conn.on("error", (m) => m.table_id === tableId && m.code !== "not_seated" && this.error(m)), // attach() answers not_seated
      conn.on("offline", () => this.render()),
      // Your next match against a person (docs/protocol.md, "Your next match against a person")
      conn.on("next_match.offer", (m) => m.table_id === tableId && (this.nextMatch = m, this.render())),
      conn.on("next_match.off", (m) => m.table_id === tableId && this.nextMatch && (this.nextMatch = { ...this.nextMatch, off: true }, this.render())),
      conn.on("next_match.ready", (m) => m.table_id === tableId && go?.(`/t/${encodeURIComponent(m.next)}`)),
      conn.on("ratings", (m) => m.table_id === tableId && (this.rated = m, this.render())),
    ];
    this.nextMatch = null;
    this.keys = bindKeys(root, () => this);
    this.undrag = enableDrag(root, (code, key, target) => GAMES[this.model.game]?.drop?.(this.ctx, code, key, target));
    this.watching = watch;
    this.invite = invite;
    this.gate = null; // the answer to opening a table where we hold no seat
    this.attached = false;
    this.unsub.push(conn.on("online", () => this.back()));
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
      // a table offered rated asks first: the joiner accepts rated or not
      if (invite && r.free.length === 1 && !(r.table.private && r.table.rated)) this.sit(r.free[0]);
    });
  }

  // Not ours (yet): forget the table on the connection, and show why.
  refuse(answer) {
    this.conn.open.delete(this.tableId);
    this.conn.last.delete(this.tableId);
    this.gate = { answer, busy: false, flash: null, rated: this.gate?.rated ?? true };
    this.render();
  }

  sit(seat) {
    const { conn, tableId, invite } = this;
    const offered = this.gate?.answer?.table;
    const rated = !!(offered?.private && offered.rated && this.gate.rated !== false);
    this.gate = { ...this.gate, busy: true, flash: null };
    this.render();
    conn.request({ type: "table.join", table_id: tableId, seat, ...(invite ? { invite } : {}), ...(rated ? { rated } : {}) }).then((r) => {
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
        this.gate.flash = r.type === "error" ? errorText(r, { game: this.model.game, faces: this.faces() }) : t("web-no-answer");
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
    this.resized?.disconnect();
    clearTimeout(this.calloutTimer);
    motion.land(); // a card still in flight over the page lands: the page is another
    this.conn.closeTable(this.tableId);
  }

  snapshot(msg) {
    const body = msg.snapshot || {};
    const state = body.state || body;
    this.gate = null;
    this.model.reset(state, msg.seat ?? this.model.seat);
    // the server's log of the hand is the whole story: what happened while we were away too
    if (Array.isArray(msg.log)) {
      this.log = msg.log.map((ev) => this.line(ev)).filter(Boolean);
      this.recent = msg.log.reduce((kept, ev) => track(kept, ev, this.model.seat), []);
      GAMES[this.model.game]?.heard?.(this.memo, msg.log, this.model.seat, true);
    }
    this.mover = null;
    this.stale = false; // the table as it is now: a notice about an unanswered move is old
    this.retry = null;
    if (!this.pending?.held && !this.refused) this.flashMessage = null;
    this.clearPending();
    this.render();
  }

  events(msg) {
    this.mover = null;
    this.retry = null; // the table answered: it shows whether the move was played
    for (const ev of msg.events || []) {
      if (ev.bots) this.model.bots = ev.bots;
      GAMES[this.model.game]?.heard?.(this.memo, [ev], this.model.seat, false);
      this.recent = track(this.recent, ev, this.model.seat);
      switch (ev.type) {
        case "update": this.model.apply(ev.state || {}); break;
        case "move": this.moved(ev); break;
        case "match_started": this.logLine(this.line(ev)); break;
        case "deal": this.logLine(this.line(ev)); break;
        case "hand_over": this.logLine(this.line(ev)); announce(this.handWords(ev)); sounds.end(); break;
        case "match_over": sounds.end(); announce(t("web-match-over")); break;
        case "vote_open": announce(t("web-vote")); break;
        case "invited": if (ev.seat === this.model.seat) announce(t("web-return-invite")); break;
        case "clock_warning": if (ev.seat === this.model.seat) sounds.warn(); break;
        case "table_closed": this.logLine(this.line(ev)); break;
        default: break;
      }
    }
    if (this.stale && (msg.events || []).some((ev) => ev.type === "update")) { // answered after all
      this.stale = false;
      this.flashMessage = null;
    }
    this.clearPending();
    this.render();
  }

  // A happening's line in the move log (null: it has none); a move is told from its events.
  tell(ev) {
    switch (ev.type) {
      case "move": return tellMove(this.model.game, ev, this.seenAs());
      case "deal": return `${t("web-hand-number", { hand: ev.hand, game: this.model.game })} · ${t("web-commitment")}: ${ev.commitment.slice(0, 16)}…`;
      case "hand_over": return `${t("web-hand-number", { hand: ev.hand, game: this.model.game })}: ${(ev.points || []).join(" – ")}`;
      case "table_closed": return t(`web-table-closed-${ev.why}`);
      default: return null;
    }
  }

  // How the table is seen, for the words of a move (narrate.js).
  seenAs() {
    const m = this.model;
    const name = (seat) => m.name(seat) || `${t("web-bot")} ${seat + 1}`;
    return { name, players: m.players, you: m.seat, faces: this.faces() };
  }

  // The hand's result for the live region, in words: each side's points.
  handWords(ev) {
    return tellEvent(this.model.game, { kind: "hand_over", points: ev.points || [] }, this.seenAs());
  }

  // A happening's entry in the log: its line, and a rematch's new match as a separator.
  line(ev) {
    if (ev.type === "match_started") return ev.match > 1 ? { text: t("web-match-number", { match: ev.match }), separator: true } : null;
    const text = this.tell(ev);
    return text ? { text } : null;
  }

  moved(ev) {
    const line = this.line(ev);
    if (line) {
      this.logLine(line);
      announce(line.text);
    }
    if (ev.seat !== this.model.seat) sounds.play();
    else if (this.refused) { // our next move is made: the refusal before it is old
      this.refused = false;
      this.flashMessage = null;
    }
    this.lastMoveSeat = ev.seat;
    this.mover = ev.seat;
    // a big moment of the game (a sweep) is called out on the felt, with a sound
    const big = GAMES[this.model.game]?.callout?.(ev);
    if (big) {
      this.callout = { text: big, at: performance.now() };
      sounds.cheer();
    }
  }

  logLine(line) {
    if (!line) return;
    this.log.push(line);
    if (this.log.length > 200) this.log.shift();
  }

  error(msg) {
    this.clearPending();
    if (msg.code === "table_over") { // retired after its end: the banner links to its replay
      this.over = true;
      return this.render();
    }
    // the player's words only: never the engine's English text or its notation
    this.flashMessage = errorText(msg, { game: this.model.game, faces: this.faces() });
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
      // seated: the badges name the players (the partner marked), so the team's name is short
      return me !== null ? t(me % 2 === side ? "web-your-team" : "web-opponents") : names;
    }
    return side === me ? t("web-you") : this.model.name(side) || `${t("web-bot")} ${side + 1}`;
  }

  suitName(s) {
    return t("card-suit", { suit: s, faces: this.faces() }); // the catalogue names cards
  }

  // The faces this table's cards are drawn with: the table's option unless the player chose.
  faces() {
    return facesFor(this.model.game, this.model.state.table?.options?.faces);
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
    this.refused = false;
    this.render();
  }

  // Escape: an open choice closes, else the selection is dropped; the focus goes back to
  // the card that was chosen. False when there was nothing to cancel.
  cancel() {
    if (!this.choices && !this.selected.length) return false;
    const was = this.selected[0];
    if (this.choices) this.choices = null;
    else this.selected = [];
    this.flashMessage = null;
    this.render();
    const card = [...this.root.querySelectorAll(".hand .card")].find((el) => el.dataset.key === was || (!el.dataset.key && el.dataset.card === was));
    if (card && this.root.contains(document.activeElement)) {
      card.focus({ preventScroll: true });
      rove(card);
    }
    return true;
  }

  // Play one of the offered legal moves (docs/protocol.md, "Play"): its id goes back with
  // the ply of the screen it was chosen from, so a stale one is refused, not played.
  // Offline, the move waits (shown as such) and goes when the connection is back, with
  // the same id and ply: played if the table is where it was, else plainly refused.
  play(move) {
    if (this.pending || !move) return; // no double moves
    this.retry = null;
    this.choices = null;
    const id = `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    this.pending = { id, move: move.id, ply: this.model.state.hand?.ply ?? 0 };
    this.refused = false;
    this.flashMessage = t("web-move-sent");
    this.render();
    this.send(this.pending);
  }

  send(pending) {
    const { id, move, ply } = pending;
    const resent = this.queued === pending; // held: updates meanwhile do not drop it
    this.queued = null;
    this.conn.request({ type: "play", table_id: this.tableId, move, ply, id }).then((reply) => {
      if (!this.pending || this.pending.id !== id) return;
      pending.held = false;
      if (reply.type === "ack") {
        this.flashMessage = null;
        return this.clearPending(true);
      }
      if (reply.type === "error" && reply.code === "away") { // sent once the table is reopened
        this.queued = this.pending;
        pending.held = true;
        this.flashMessage = null;
        return this.render();
      }
      if (reply.type === "error") {
        if (!resent) return this.error(reply);
        this.clearPending();
        this.flashMessage = t("web-move-not-sent"); // the table moved on while we were away
        this.refused = true; // kept until the next move is chosen
        announce(this.flashMessage);
        return this.render();
      }
      if (reply.type === "offline" || !this.conn.online) { // offline (or lost while waiting): sent again once back
        this.queued = this.pending;
        pending.held = true;
        this.flashMessage = t("web-move-queued");
        announce(this.flashMessage);
        return this.render();
      }
      // no answer in 5 s: the table is reloaded, and shows whether it was played; if the
      // connection was in fact gone, the move goes again once back (the same id: played
      // at most once)
      this.retry = this.pending;
      this.clearPending();
      this.stale = true;
      this.flashMessage = t("web-no-answer");
      this.conn.refresh(this.tableId);
      this.render();
    });
  }

  // Back online: the table is reopened (by the connection, or watched again here), and a
  // move made meanwhile is sent.
  back() {
    this.attach();
    if (this.stale) {
      this.stale = false;
      this.flashMessage = null;
    }
    if (this.retry && !this.pending) this.queued = this.pending = { ...this.retry, held: true };
    this.retry = null;
    if (this.queued) {
      this.flashMessage = t("web-move-sent");
      this.send(this.queued);
    }
    this.render();
  }

  clearPending(rerender = false) {
    if (!this.pending || this.pending.held) return; // a move made offline stays until answered
    this.pending = null;
    this.selected = [];
    if (this.flashMessage === t("web-move-sent")) this.flashMessage = null;
    if (rerender) this.render();
  }

  command(type, extra = {}) {
    return this.conn.request({ type, table_id: this.tableId, ...extra }).then((r) => (r.type === "error" ? this.error(r) : r));
  }

  // Whether this table's matches count for the ratings (the server says: table.rated);
  // not yet for a private table still waiting: each player who sits chooses.
  ratedBadge() {
    const rated = this.model.state.table?.rated;
    if (rated === undefined || !this.model.game || (this.model.gathering && this.model.state.table.private)) return null;
    return h("span", { class: `rated-badge${rated ? " rated" : ""}` }, t(rated ? "rating-rated" : "rating-unrated"));
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
      return replace(this.root, gateView(this.gate, { sit: (seat) => this.sit(seat), watch: () => this.watch(), lobby: () => this.onLeave(), rate: (v) => { this.gate.rated = v; } }));
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
      model: m, view: v, faces: this.faces(), myTurn: this.myTurn, selected: this.selected, confirm: settings.get("confirm"), memo: this.memo, recent: this.recent,
      legal: this.myTurn ? m.state.hand?.legal || [] : [], // the moves the server offers this seat
      select: (c) => this.select(c), play: (x) => this.play(x), seatName: (s) => this.seatName(s), sideName: (s) => this.sideName(s),
      suitName: (s) => this.suitName(s), where: (s) => this.where(s), error: (x) => this.error({ message: x }),
      flash: () => {}, choose: (list, prompt = "web-wild-where") => { this.choices = { list, prompt }; this.render(); },
    };
    this.ctx = ctx;
    const parts = v && mod ? mod.render(ctx) : { center: h("div", { class: "felt" }, h("p", { class: "waiting" }, t("web-waiting"))), actions: [], hand: [] };
    const tournament = !m.gathering && !!m.state.table?.tournament; // a table gathering players is a lobby entry
    if (tournament && m.status === "waiting" && m.state.start) parts.center = h("div", { class: "felt" }, startPanel(this, m.state.start));
    // a choice among offered moves: each button shows the cards (its label), never notation
    if (this.choices) parts.actions = [h("span", { class: "prompt" }, t(this.choices.prompt)), ...this.choices.list.map((c) => h("button", { class: "primary choice", type: "button", "aria-label": c.aria, dataset: { move: c.move.id }, onclick: () => this.play(c.move) }, c.label))];

    const n = m.players;
    const sizes = v?.hand_sizes || v?.hand_counts || [];
    const others = [];
    for (let s = 0; s < n; s++) if (s !== (m.seat ?? -1)) others.push(seatBadge(m, s, { where: this.where(s), handSize: sizes[s] ?? null }));
    const mine = m.seat !== null ? seatBadge(m, m.seat, { where: "bottom", handSize: null }) : h("div", { class: "seat seat-bottom spectator" }, t("web-spectator"));

    const paused = this.invited !== null;
    const layout = h("div", { class: `table-screen game-${game || "none"} players-${n}${this.myTurn ? " my-turn" : ""}${paused ? " paused" : ""}` },
      h("div", { class: "table-main", inert: paused },
        h("div", { class: "table-head" },
          h("h1", { class: "table-title" }, game ? `${t(`web-game-${game}`)} · ${t(`web-mode-${n}`)}` : ""),
          this.ratedBadge(),
          tournament ? backLink(this.tableId) : null,
          this.scoreLine(),
          m.commitment ? h("a", { class: "commit", href: `#/verify?c=${m.commitment}`, title: t("web-commitment") }, `SHA-256 ${m.commitment.slice(0, 10)}…`) : null,
          game ? h("button", { type: "button", class: "ghost rules-button", onclick: () => openRulesDialog(game) }, t("web-rules")) : null,
          h("button", { type: "button", class: "ghost", onclick: () => this.leave() }, t("web-leave"))),
        h("div", { class: "opponents" }, others),
        h("div", { class: "center" }, h("h2", { class: "sr-only" }, t("web-table")), parts.center, parts.side || null),
        // on a phone the side log is a screen away: the latest moves stay in sight here
        h("ol", { class: "recent", "aria-hidden": "true", title: t("web-recent") }, this.log.slice(-2).map((l) => h("li", { class: l.separator ? "separator" : "" }, l.text))),
        this.banner(),
        h("div", { class: "actions", role: "group", "aria-label": t("web-actions") }, parts.actions, this.flashMessage ? h("p", { class: "flash", role: "alert" }, this.flashMessage) : null),
        h("div", { class: "my-area" }, mine,
          h("div", { class: `hand${this.pending ? " pending" : ""}`, role: "group", "aria-label": t("web-hand"), dataset: parts.fly ? { fly: "" } : {} }, parts.hand))),
      h("aside", { class: "table-side" },
        h("details", { class: "log", open: true }, h("summary", {}, t("web-log")), h("ol", { class: "log-list" }, this.log.slice(-30).map((l) => h("li", { class: l.separator ? "separator" : "" }, l.text)))),
        this.chat.element()),
      this.noticeView());
    const before = motion.measure(this.root);
    const focus = noteFocus(this.root); // the focus stays on its control across the redraw
    replace(this.root, layout);
    this.showCallout();
    this.fitted(); // first: a felt or a log that scrolls is a Tab stop
    restoreFocus(this.root, focus, { byKey: viaKeys() });
    this.markFresh();
    const mover = this.mover;
    this.mover = null; // a later redraw (a selection) moves nothing from a seat
    motion.play(this.root, before, { mover, pile: parts.pile ?? (mover === null ? null : m.sideOf(mover)) });
    if (paused && !this.wasPaused) this.root.querySelector(".pause button.primary")?.focus();
    this.wasPaused = paused;
  }

  // After a render and whenever the screen turns or resizes: the log shows its latest
  // line (from its start), not its oldest, and a felt or a log that scrolls inside (Burraco's melds, a long
  // log on a small screen) can be reached by keyboard.
  fitted() {
    const logList = this.root.querySelector(".log-list");
    const felt = this.root.querySelector(".felt");
    const fit = () => {
      if (logList) { // the newest line, from its start when it is taller than the log
        const last = logList.lastElementChild;
        logList.scrollTop = logList.scrollHeight;
        if (last && last.offsetHeight > logList.clientHeight) {
          logList.scrollTop += last.getBoundingClientRect().top - logList.getBoundingClientRect().top;
        }
      }
      for (const el of [logList, felt]) {
        if (el && el.scrollHeight > el.clientHeight + 1) el.tabIndex = 0;
        else el?.removeAttribute("tabindex");
      }
    };
    fit();
    this.resized?.disconnect();
    this.resized = new ResizeObserver(fit);
    for (const el of [logList, felt]) if (el) this.resized.observe(el);
  }

  // The callout over the felt for its short life (CALLOUT ms; a redraw meanwhile keeps it
  // where its animation was). Screen readers have the move's line in the live region.
  showCallout() {
    const c = this.callout;
    const felt = this.root.querySelector(".felt");
    if (!c || !felt) return;
    const age = performance.now() - c.at;
    if (age >= CALLOUT) {
      this.callout = null;
      return;
    }
    const el = h("div", { class: "felt-callout", "aria-hidden": "true" }, c.text);
    el.style.animationDelay = `-${Math.round(age)}ms`; // CSSOM: the page's policy allows no style attribute
    felt.append(el);
    clearTimeout(this.calloutTimer);
    this.calloutTimer = setTimeout(() => el.remove(), CALLOUT - age);
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
    return h("div", { class: "table-over" }, h("h1", { class: "sr-only" }, t("web-replay")), h("div", { class: "banner over", role: "alert" },
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
    // "Waiting for players…" is on the felt already, and a tournament's Start the match
    if (this.model.status === "waiting" && st.invite && this.model.seat !== null) {
      return h("div", { class: "banner" }, invitePanel(inviteLink(this.tableId, st.invite), this.model.game));
    }
    return null;
  }

  // Dialogs come from the screen state, so a reload shows them again.
  noticeView() {
    const st = this.model.state;
    const me = this.model.seat;
    if (this.invited) { // the return invitation's time: twice as long at relaxed and untimed tables
      return pauseView(this.invited, { total: st.table?.speed === "standard" ? 30 : 60, team: this.model.players === 4, reopen: () => this.command("return_to_table").then((r) => r && this.queued && this.send(this.queued)) });
    }
    if (st.result) {
      const over = matchOver(this, st.result, st.rematch && !st.rematch.accepted.includes(me) ? st.rematch.deadline : null,
        (accept) => this.command("rematch", { accept }), () => this.leave(), // no rematch then
        this.nextMatch && me !== null ? { ...this.nextMatch, answer: (accept) => this.command("next_match", { accept }) } : null,
        this.rated?.match === st.result.match ? this.rated : null);
      if (st.table?.tournament) over.querySelector(".buttons")?.prepend(backLink(this.tableId) || "");
      return over;
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

  // Leaving a match being played loses it (rules: abandonment), so it is asked in words
  // (unless the player turned confirmations off in Settings); a finished match, a waiting
  // table or watching is left at once.
  async leave() {
    if (settings.get("confirm") && this.model.seat !== null && this.model.status === "playing" && !this.over) {
      const team = this.model.players === 4;
      const sure = await ask({ title: t("web-leave-title"), text: t(team ? "web-leave-loses-team" : "web-leave-loses"), yes: t("web-leave-confirm"), no: t("web-stay"), danger: true });
      if (!sure) return;
    }
    if (this.model.seat !== null && this.model.status !== "finished" && !this.over) this.command("table.leave");
    this.onLeave();
  }
}

export { settings };
