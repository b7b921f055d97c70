// The hand-end sheet's cells and rows, shared by results.js and each game's rows
// (sheetRows in web/js/table/<game>.js).
import { h } from "../dom.js";
import { t } from "../i18n.js";

// Points as the sheet prints them: signed, so a count and its points never read alike.
export function pts(n) {
  if (!n) return "—";
  return n > 0 ? `+${n}` : `−${-n}`;
}

// One cell: what the side counted (words or a number) and the points it earned.
// A count with no points shows the count alone; no count and no points shows a dash.
export function cell(count, points, extra = null) {
  const counted = count !== null && count !== undefined && count !== "";
  return h("td", {}, counted ? h("span", { class: "count" }, String(count)) : null,
    points === null || (counted && !points) ? null : h("span", { class: `pts${points > 0 ? "" : points < 0 ? " neg" : " none"}` }, pts(points)), extra);
}

export function row(key, cells, cls = "") {
  return h("tr", { class: cls, dataset: { row: key } }, h("th", { scope: "row" }, t(`sheet-row-${key}`)), cells);
}
