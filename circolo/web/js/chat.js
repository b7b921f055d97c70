// Chat beside the table: plain text only (inserted as text), limited by the server. A
// message the server drops (too many, too long, a watcher's) says why, in your language.
// Each other player's line has a mute control: the server then sends you none of their
// lines (docs/fairplay.md); the players muted at this table are listed, to unmute.
import { h, replace } from "./dom.js";
import { t, errorText } from "./i18n.js";
import { getJson } from "./api.js";
import { postJson } from "./post.js";
import { reportButton } from "./report.js";

export class Chat {
  // withPeople(): whether I sit with other people (a match with bots alone is not reported)
  constructor(conn, tableId, mySeat = () => null, withPeople = () => false) {
    this.conn = conn;
    this.tableId = tableId;
    this.mySeat = mySeat;
    this.withPeople = withPeople;
    this.lines = [];
    this.muted = []; // { ref, name, seat }: those muted who sit at this table
    this.list = h("ol", { class: "chat-list", "aria-label": t("web-chat") });
    this.mutedBox = h("div", { class: "chat-muted" });
    this.why = ""; // why the last message was not sent, or what muting did
    conn.on("chat", (m) => {
      if (m.table_id !== tableId || !m.text || m.ref) return;
      this.lines.push(m);
      this.draw();
    });
    getJson(`/api/mutes?table_id=${encodeURIComponent(tableId)}`).then((r) => r && this.took(r));
  }

  took(answer) {
    this.muted = (answer.mutes || []).filter((m) => m.seat !== null && m.seat !== undefined);
    const gone = new Set(this.muted.map((m) => m.seat));
    this.lines = this.lines.filter((m) => !gone.has(m.seat));
    this.draw();
  }

  say(text, ok = false) { // ok: what muting did, not a refusal
    this.why = text;
    this.ok = ok;
    for (const el of document.querySelectorAll(".chat-error")) { el.textContent = text; el.classList.toggle("ok", ok); }
  }

  async mute(line) {
    const r = await postJson("/api/mutes", { table_id: this.tableId, seat: line.seat });
    if (r.error) return this.say(errorText(r.error));
    this.took(r.ok);
    this.say(t("web-chat-muted", { name: line.name }), true);
  }

  async unmute(m) {
    const r = await postJson("/api/mutes/remove", { ref: m.ref, table_id: this.tableId });
    if (r.error) return this.say(errorText(r.error));
    this.took(r.ok);
    this.say(t("web-chat-unmuted", { name: m.name }), true);
  }

  draw() {
    const me = this.mySeat();
    replace(this.list, this.lines.slice(-50).map((m) => h("li", {},
      h("b", {}, `${m.name}: `), m.text,
      m.seat === me ? null : h("button", { type: "button", class: "ghost chat-mute", title: t("web-chat-mute-name", { name: m.name }), "aria-label": t("web-chat-mute-name", { name: m.name }), onclick: () => this.mute(m) }, t("web-chat-mute")))));
    this.list.scrollTop = this.list.scrollHeight;
    replace(this.mutedBox, this.muted.length ? h("p", {}, t("web-chat-muted-list"), " ",
      this.muted.map((m) => h("span", { class: "chat-muted-one" }, m.name, " ",
        h("button", { type: "button", class: "ghost", "aria-label": t("web-chat-unmute-name", { name: m.name }), onclick: () => this.unmute(m) }, t("web-chat-unmute"))))) : null);
  }

  element() {
    const input = h("input", { type: "text", maxlength: 300, placeholder: t("web-chat-placeholder"), "aria-label": t("web-chat-placeholder"), id: "chat-input" });
    const form = h("form", { class: "chat-form" }, input, h("button", { type: "submit" }, t("web-send")));
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      input.value = "";
      const reply = await this.conn.request({ type: "chat", table_id: this.tableId, text });
      const why = reply.type === "error" ? errorText(reply)
        : ["timeout", "offline"].includes(reply.type) ? t("web-chat-not-sent") : "";
      if (why && !input.value) input.value = text; // kept, to send again
      this.say(why);
    });
    this.draw();
    return h("details", { class: "chat", open: true }, h("summary", {}, t("web-chat")), this.list,
      this.mutedBox,
      h("p", { class: `chat-error${this.ok ? " ok" : ""}`, role: "status" }, this.why), form, // above the box: in sight
      this.withPeople() ? h("p", { class: "chat-report" }, reportButton(this.tableId)) : null);
  }
}
