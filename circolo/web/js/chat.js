// Chat beside the table: plain text only (inserted as text), limited by the server.
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";

export class Chat {
  constructor(conn, tableId) {
    this.conn = conn;
    this.tableId = tableId;
    this.lines = [];
    this.list = h("ol", { class: "chat-list", "aria-label": t("web-chat") });
    conn.on("chat", (m) => {
      if (m.table_id !== tableId || !m.text || m.ref) return;
      this.lines.push(m);
      this.draw();
    });
  }

  draw() {
    replace(this.list, this.lines.slice(-50).map((m) => h("li", {}, h("b", {}, `${m.name}: `), m.text)));
    this.list.scrollTop = this.list.scrollHeight;
  }

  element() {
    const input = h("input", { type: "text", maxlength: 300, placeholder: t("web-chat-placeholder"), "aria-label": t("web-chat-placeholder"), id: "chat-input" });
    const form = h("form", { class: "chat-form" }, input, h("button", { type: "submit" }, t("web-send")));
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      input.value = "";
      await this.conn.request({ type: "chat", table_id: this.tableId, text });
    });
    this.draw();
    return h("details", { class: "chat", open: true }, h("summary", {}, t("web-chat")), this.list, form);
  }
}
