// The fallback table for a game without its own renderer: every field of the view, readable.
import { el } from "/static/games/kit.js";

function node(value, depth = 0) {
  if (value === null || typeof value !== "object") return el("span", { text: JSON.stringify(value) });
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object")) return el("span", { text: value.map((v) => JSON.stringify(v)).join(", ") || "—" });
    return el("ol", { start: "0" }, ...value.map((v) => el("li", {}, node(v, depth + 1))));
  }
  const details = el("dl", { class: "kv-list" });
  for (const [k, v] of Object.entries(value)) details.append(el("dt", { text: k }), el("dd", {}, node(v, depth + 1)));
  return details;
}

export function render(view, ctx) {
  return el("div", { class: "panel generic" }, el("h2", { text: `${ctx.frame.title}: the table` }), node(view));
}
