// An in-page question with two answers, instead of the browser's confirm(): translated,
// modal (the page behind is inert), focus kept inside, Escape or "cancel" answers no.
// The safe answer has the focus, so Enter by habit does not lose a match.
import { h } from "./dom.js";

export function ask({ title, text, yes, no, danger = false }) {
  document.querySelector("dialog.ask")?.close();
  return new Promise((resolve) => {
    const back = document.activeElement;
    const cancel = h("button", { type: "button", class: "primary", onclick: () => dialog.close("no") }, no);
    const ok = h("button", { type: "button", class: danger ? "danger" : "", dataset: { answer: "yes" }, onclick: () => dialog.close("yes") }, yes);
    const dialog = h("dialog", { class: "ask", "aria-labelledby": "ask-h", "aria-describedby": "ask-p" },
      h("h2", { id: "ask-h" }, title),
      text ? h("p", { id: "ask-p" }, text) : null,
      h("div", { class: "buttons" }, cancel, ok));
    dialog.addEventListener("keydown", (ev) => { // Tab and Shift+Tab go round the two answers
      if (ev.key !== "Tab") return;
      const order = [cancel, ok];
      const at = order.indexOf(document.activeElement);
      ev.preventDefault();
      order[(at + (ev.shiftKey ? order.length - 1 : 1)) % order.length].focus();
    });
    dialog.addEventListener("close", () => {
      dialog.remove();
      if (back && document.contains(back)) back.focus({ preventScroll: true });
      resolve(dialog.returnValue === "yes");
    });
    document.body.append(dialog);
    dialog.showModal(); // Escape cancels: returnValue stays ""
    cancel.focus();
  });
}
