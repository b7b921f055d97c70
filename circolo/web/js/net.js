// The WebSocket connection: hello/welcome, heartbeat, reconnect with back-off, and per
// table sequence numbers with resync (docs/protocol.md). Frames are delivered to
// subscribers in order; a table frame out of sequence triggers a resync, never a guess.
import { checked } from "./framecheck.js";

const PROTOCOL = 1;

export class Connection extends EventTarget {
  constructor(url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`) {
    super();
    this.url = url;
    this.ws = null;
    this.attempt = 0;
    this.counter = 0;
    // Request ids are unique per page, not only per connection: the server answers an id it
    // already accepted for the seat with an ack and does not play it again, and a reloaded
    // page counts from 1 again.
    this.page = Math.random().toString(36).slice(2, 8);
    this.last = new Map(); // table_id -> last applied seq
    this.open = new Set(); // tables this tab has open
    this.pending = new Map(); // id -> {resolve, reject, timer}
    this.online = false;
    this.welcome = null;
    this.clockOffset = 0; // server_time - local time, seconds
    this.pingTimer = null;
    this.sentAt = 0; // when the last frame went out: any frame is a sign of life
    // Who we are is the HttpOnly cookie, which this script never sees; a token comes only
    // when the browser kept no cookie, and then lives in this tab alone (never in storage).
    this.token = null;
    try {
      localStorage.removeItem("circolo.token"); // kept there by earlier versions
    } catch {
      // storage disabled: nothing was kept
    }
  }

  connect() {
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: "hello", protocol: PROTOCOL, client: "circolo-web/0.1", token: this.token }));
    ws.onmessage = (ev) => this.receive(JSON.parse(ev.data));
    ws.onclose = () => this.lost(ws);
    ws.onerror = () => ws.close();
  }

  lost(ws, retryAfter = 0) {
    if (ws !== this.ws) return;
    clearInterval(this.pingTimer);
    this.ws = null;
    if (this.online) this.emit("offline", {});
    this.online = false;
    const delay = Math.max(retryAfter * 1000, Math.min(10000, 400 * 2 ** this.attempt)) * (0.8 + Math.random() * 0.4);
    this.attempt += 1;
    setTimeout(() => this.connect(), delay);
  }

  receive(msg) {
    if (typeof msg.server_time === "number") this.clockOffset = msg.server_time - Date.now() / 1000;
    if (msg.type === "welcome") return this.welcomed(msg);
    if (msg.type === "pong") return;
    if (msg.type === "shutdown") return this.lost(this.ws, msg.retry_after || 1);
    if (msg.type === "table.events") {
      const last = this.last.get(msg.table_id) ?? -1;
      if (msg.seq <= last) return; // duplicate
      if (msg.prev > last) return this.resync(msg.table_id, last);
      this.last.set(msg.table_id, msg.seq);
    }
    if (msg.type === "table.snapshot") this.last.set(msg.table_id, msg.seq);
    if (msg.type === "table.closed") this.last.delete(msg.table_id); // not reopened on reconnect
    if (msg.ref && this.pending.has(msg.ref) && ["ack", "error"].includes(msg.type) === false) {
      // a reply other than ack/error also settles the request
      this.settle(msg.ref, checked(msg));
    }
    if (msg.ref && (msg.type === "ack" || msg.type === "error")) this.settle(msg.ref, checked(msg));
    // the transport reads the envelope above; what the screens read is checked in tests
    this.emit(msg.type, checked(msg));
    this.emit("message", checked(msg));
  }

  welcomed(msg) {
    this.welcome = msg;
    this.online = true;
    this.attempt = 0;
    if (msg.token) this.token = msg.token;
    // A ping once `every` ms passed with no other frame sent (looked at twice as often, so
    // the longest silence is 1.5 times `every`): a player who is playing says they are
    // alive with their moves, and the room reads half as many frames.
    const every = (msg.heartbeat?.interval || 2) * 1000;
    let t = 0;
    this.pingTimer = setInterval(() => {
      if (Date.now() - this.sentAt >= every) this.raw({ type: "ping", t: ++t });
    }, every / 2);
    for (const id of this.open) this.openTable(id);
    this.emit("online", msg);
  }

  settle(ref, msg) {
    const p = this.pending.get(ref);
    if (!p) return;
    clearTimeout(p.timer);
    this.pending.delete(ref);
    p.resolve(msg);
  }

  raw(frame) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(frame));
      this.sentAt = Date.now();
      return true;
    }
    return false;
  }

  // Send a frame with an id; resolves with the reply (ack, error or the named reply),
  // or with {type: "timeout"} after `timeout` ms.
  request(frame, timeout = 5000) {
    const id = frame.id || `${this.page}.${++this.counter}`;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve({ type: "timeout", ref: id });
      }, timeout);
      this.pending.set(id, { resolve, timer });
      if (!this.raw({ ...frame, id })) {
        clearTimeout(timer);
        this.pending.delete(id);
        resolve({ type: "offline", ref: id });
      }
    });
  }

  // True once the connection is welcomed (at once when it is), false after `timeout` ms:
  // a tap made while the page still connects is sent when it can be, not dropped. Ten
  // seconds: a phone's network may take that long, and the back-off between attempts
  // reaches 6.4 s at the fifth.
  whenOnline(timeout = 10000) {
    if (this.online) return Promise.resolve(true);
    return new Promise((resolve) => {
      const off = this.on("online", () => { clearTimeout(timer); off(); resolve(true); });
      const timer = setTimeout(() => { off(); resolve(false); }, timeout);
    });
  }

  openTable(tableId, extra = {}) {
    this.open.add(tableId);
    const since = this.last.get(tableId);
    return this.request({ type: "table.open", table_id: tableId, ...(since !== undefined ? { since } : {}), ...extra });
  }

  closeTable(tableId) {
    this.open.delete(tableId);
    this.last.delete(tableId);
    this.raw({ type: "table.close", table_id: tableId });
  }

  resync(tableId, since) {
    const frame = { type: "table.resync", table_id: tableId };
    if (since !== undefined && since >= 0) frame.since = since;
    return this.request(frame);
  }

  // A full redraw: forget the last seq and ask for a snapshot.
  refresh(tableId) {
    this.last.delete(tableId);
    return this.request({ type: "table.resync", table_id: tableId });
  }

  serverNow() {
    return Date.now() / 1000 + this.clockOffset;
  }

  on(type, fn) {
    const handler = (ev) => fn(ev.detail);
    this.addEventListener(type, handler);
    return () => this.removeEventListener(type, handler);
  }

  emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }
}
