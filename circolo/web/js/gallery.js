// The card gallery (gallery.html): every face and back, for reviewing the art.
import { cardSvg, backSvg } from "./art/cards.js";
const params = new URLSearchParams(location.search);
const faces = params.get("faces") || "italian";
const fourColour = params.has("four");
const letters = params.has("letters") ? (faces === "italian" ? "CDBS" : "HDCS") : "";
if (params.has("big")) document.body.classList.add("big");
const ranks = params.get("ranks") || faces === "italian" ? "A234567JQK" : "A23456789TJQK";
const suits = params.get("suits") || "HDCS";
let html = "";
for (const s of suits) {
  html += `<div class="row">${[...ranks].map((r) => cardSvg(r + s, { faces, fourColour, letters })).join("")}</div>`;
}
html += `<div class="row">${cardSvg("JK", { faces, letters })}${backSvg("green")}${backSvg("red")}${backSvg("blue")}</div>`;
document.getElementById("out").innerHTML = html;
document.body.dataset.ready = "1";
