import { t } from "../i18n.js";

// Reading the table's screen state (the snapshot's sections, patched by "update"
// messages) in one place, so the renderers do not depend on its exact shape.
export class TableModel {
  constructor(tableId) {
    this.tableId = tableId;
    this.state = {};
    this.seat = null; // our seat, null for a spectator
    this.bots = [];
  }

  apply(state) {
    Object.assign(this.state, state);
  }

  reset(state, seat) {
    this.state = { ...state };
    if (seat !== undefined) this.seat = seat;
  }

  get config() {
    return this.state.config || {};
  }

  get game() {
    return this.state.table?.game || this.view?.game || this.config.game;
  }

  get view() {
    return this.state.hand?.view || this.state.view || null;
  }

  get status() {
    return this.state.table?.status || "waiting";
  }

  // Still in the lobby, waiting for players (its snapshot is the lobby's entry), not yet a
  // live table waiting for them to connect.
  get gathering() {
    return this.state.status === "waiting";
  }

  get phase() {
    const p = this.state.phase;
    return (p && typeof p === "object" ? p.name : p) || null;
  }

  get players() {
    const table = this.state.table;
    if (table && this.gathering) return table.options?.players || table.seats.length; // its lobby entry
    return table?.players || this.view?.players || this.seatsInfo.length || 2;
  }

  get seatsInfo() {
    return this.state.seats || this.state.table?.seats || this.config.seats || [];
  }

  seatInfo(seat) {
    return this.seatsInfo[seat] || {};
  }

  // A waiting table's seats (its lobby entry) have a kind; a live table's a bot flag.
  seatKind(seat) {
    const s = this.seatInfo(seat);
    if ("kind" in s) return s.kind;
    return s.bot ? "bot" : "human";
  }

  isBot(seat) {
    return this.seatKind(seat) === "bot" || this.bots.includes(seat);
  }

  // A bot is named in the player's language ("Robô · Médio"; its seat too in 2 v 2),
  // never by the server's English label.
  name(seat) {
    const s = this.seatInfo(seat);
    if (this.seatKind(seat) === "open") return t("web-seat-open");
    if (this.isBot(seat)) {
      const level = this.level(seat);
      return `${t("web-bot")}${this.players === 4 ? ` ${seat + 1}` : ""}${level ? ` · ${t(`web-level-${level}`)}` : ""}`;
    }
    return s.name || `#${seat + 1}`;
  }

  level(seat) {
    return this.seatInfo(seat).level || null;
  }

  get toMove() {
    const v = this.view;
    if (!v || v.phase === "over") return null;
    if (["rematch", "finished"].includes(this.status)) return null; // a match over (on the clock too): nobody's turn
    if (this.state.hand?.asking && !this.state.hand.legal) return null; // asked in secret: nobody's turn shows
    return v.to_move ?? null;
  }

  get dealer() { // Scopa and Bisca have one; a Burraco view has none
    const v = this.view;
    return v && "dealer" in v ? v.dealer : null;
  }

  // The running clock of a seat: {seat, deadline} or Burraco's {green_until, reserves}.
  clock(seat) {
    const c = this.state.clock;
    if (!c) return null;
    if (Array.isArray(c)) return c[seat] || null;
    if (typeof c === "object" && "seat" in c) return c.seat === seat ? c : null;
    return c[seat] ?? c[String(seat)] ?? null;
  }

  // {state: here|offline|grace|away|invited|left, deadline}
  presence(seat) {
    const s = this.seatInfo(seat); // a waiting table's seats have none yet
    return "presence" in s && s.presence ? { state: s.presence, deadline: s.deadline } : null;
  }

  get lastTrick() {
    return this.state.phase?.last_trick || null;
  }

  sideOf(seat) {
    return seat % (this.players === 4 ? 2 : this.players);
  }

  get totals() {
    return this.state.match?.totals || this.view?.scores || null;
  }

  get commitment() {
    return this.state.match?.commitment || this.state.commitment || null;
  }
}
