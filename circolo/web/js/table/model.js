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
    return this.state.table?.players || this.state.table?.options?.players || this.view?.players || this.seatsInfo.length || 2;
  }

  get seatsInfo() {
    return this.state.seats || this.state.table?.seats || this.config.seats || [];
  }

  seatInfo(seat) {
    return this.seatsInfo[seat] || {};
  }

  isBot(seat) {
    const s = this.seatInfo(seat);
    return s.kind === "bot" || s.bot === true || this.bots.includes(seat);
  }

  // A bot is named in the player's language ("Robô · Médio"; its seat too in 2 v 2),
  // never by the server's English label.
  name(seat) {
    const s = this.seatInfo(seat);
    if (s.kind === "open") return t("web-seat-open");
    if (this.isBot(seat)) {
      const level = this.level(seat);
      return `${t("web-bot")}${this.players === 4 ? ` ${seat + 1}` : ""}${level ? ` · ${t(`web-level-${level}`)}` : ""}`;
    }
    if (s.kind === "open") return t("web-seat-open");
    return s.name || s.display_name || `#${seat + 1}`;
  }

  level(seat) {
    return this.seatInfo(seat).level || null;
  }

  get toMove() {
    const v = this.view;
    if (!v || v.phase === "over") return null;
    return v.to_move ?? null;
  }

  get dealer() {
    return this.view?.dealer ?? null;
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
    const s = this.seatInfo(seat);
    return s.presence ? { state: s.presence, deadline: s.deadline } : null;
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
