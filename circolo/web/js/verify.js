// The verify page: checks that SHA-256(seed as 32 big-endian bytes) equals the
// commitment published before the deal, and explains how to do it by hand.
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";

export function seedBytes(seedText) {
  const s = seedText.trim().toLowerCase();
  let n = /^[0-9a-f]{64}$/.test(s) || s.startsWith("0x") ? BigInt(s.startsWith("0x") ? s : `0x${s}`) : BigInt(s);
  const bytes = new Uint8Array(32);
  for (let i = 31; i >= 0; i--) {
    bytes[i] = Number(n & 0xffn);
    n >>= 8n;
  }
  return bytes;
}

export async function sha256Hex(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export function renderVerify(root, params) {
  const commit = h("input", { id: "v-commit", value: params.get("c") || "", spellcheck: "false" });
  const seed = h("input", { id: "v-seed", value: params.get("s") || "", spellcheck: "false" });
  const out = h("p", { class: "verify-result", role: "status" });
  const check = async () => {
    try {
      const hex = await sha256Hex(seedBytes(seed.value));
      const ok = hex === commit.value.trim().toLowerCase();
      out.className = `verify-result ${ok ? "ok" : "bad"}`;
      replace(out, ok ? `✔ ${t("web-verify-ok")}` : `✘ ${t("web-verify-bad")}`, h("br"), h("code", {}, `SHA-256 = ${hex}`));
    } catch (e) {
      replace(out, `✘ ${e.message}`);
    }
  };
  replace(root, h("section", { class: "verify-page" },
    h("h2", {}, t("web-verify")),
    h("p", {}, t("web-verify-intro")),
    h("label", { for: "v-commit" }, t("web-commitment"), commit),
    h("label", { for: "v-seed" }, t("web-seed"), seed),
    h("button", { class: "primary", type: "button", onclick: check }, t("web-verify-check")),
    out,
    h("p", { class: "how" }, t("web-verify-how"))));
  if (commit.value && seed.value) check();
}
