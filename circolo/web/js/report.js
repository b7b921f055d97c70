// Report a match you played: a reason from a short list and a few words, in an in-page
// dialog like confirm.js's (modal, Escape cancels). The server keeps it with the table's
// log for the room's operator (docs/fairplay.md); one report per player per match.
import { h, replace } from "./dom.js";
import { t, errorText } from "./i18n.js";
import { postJson } from "./post.js";

const REASONS = ["abuse", "cheating", "stalling", "other"];

export function reportButton(tableId, label = t("web-report")) {
  return h("button", { type: "button", class: "ghost report-button", onclick: () => openReport(tableId) }, label);
}

export function openReport(tableId) {
  document.querySelector("dialog.ask")?.close();
  const back = document.activeElement;
  const radios = REASONS.map((reason, i) => h("label", { class: "check report-reason" },
    h("input", { type: "radio", name: "report-reason", value: reason, checked: i === 0 }), " ", t(`web-report-${reason}`)));
  const text = h("textarea", { id: "report-text", maxlength: 300, rows: 3, "aria-describedby": "report-text-hint" });
  const error = h("p", { class: "report-error", role: "alert" });
  const cancel = h("button", { type: "button", onclick: () => dialog.close() }, t("web-report-cancel"));
  const send = h("button", { type: "submit", class: "danger" }, t("web-report-send"));
  const form = h("form", { class: "report-form" },
    h("fieldset", {}, h("legend", {}, t("web-report-why")), radios),
    h("label", { for: "report-text" }, t("web-report-text")),
    text, h("p", { id: "report-text-hint", class: "muted" }, t("web-report-text-hint")),
    error, h("div", { class: "buttons" }, cancel, send));
  const dialog = h("dialog", { class: "ask report", "aria-labelledby": "report-h" },
    h("h2", { id: "report-h" }, t("web-report-title")), form);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    send.disabled = true;
    const reason = form.querySelector("input[name=report-reason]:checked")?.value || "other";
    const body = { table_id: tableId, reason, ...(text.value.trim() ? { text: text.value.trim() } : {}) };
    const r = await postJson("/api/reports", body);
    send.disabled = false;
    if (r.error) { error.textContent = errorText(r.error); return; }
    const done = h("button", { type: "button", class: "primary", onclick: () => dialog.close() }, t("web-close"));
    replace(form, h("p", { class: "report-sent", role: "status" }, t("web-report-sent")), h("div", { class: "buttons" }, done));
    done.focus();
  });
  dialog.addEventListener("close", () => {
    dialog.remove();
    if (back && document.contains(back)) back.focus({ preventScroll: true });
  });
  document.body.append(dialog);
  dialog.showModal();
  radios[0].querySelector("input").focus();
}
