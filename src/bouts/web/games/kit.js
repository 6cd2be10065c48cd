// Small helpers shared by the table renderers: a renderer is games/<game id>.js exporting
// render(view, ctx) -> an element; ctx = { frame, seat (null: spectator), seats, act(text) }.
// A name or rules text in both languages, as views carry it ({en, ja}), in the reader's language.
export function t(value) {
  if (value && typeof value === "object" && ("en" in value || "ja" in value)) {
    const lang = document.documentElement.lang === "ja" ? "ja" : "en";
    return value[lang] ?? value.en ?? value.ja ?? "";
  }
  return value;
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, raw] of Object.entries(attrs)) {
    const v = t(raw);
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v; else if (k === "text") node.textContent = v; else node.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) node.append(t(c));
  return node;
}

export function bar(value, max, cls = "") {
  const pct = Math.max(0, Math.min(100, max ? (100 * value) / max : 0));
  const span = el("span"); span.style.width = `${pct}%`;
  return el("div", { class: `bar ${cls}`, title: `${value}/${max}` }, span);
}

export function backs(count, label = "") {
  return el("div", { class: "cards", title: `${count} hidden card(s)` },
    ...Array.from({ length: Math.min(count, 12) }, () => el("span", { class: "card back", text: "?" })),
    label ? el("span", { class: "muted small", text: label }) : null);
}

export function kv(pairs) {
  return el("div", { class: "kv" }, ...pairs.filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => el("span", {}, el("b", { text: `${k}: ` }), String(v))));
}

export function seatName(ctx, seat) {
  const s = ctx.seats && ctx.seats[seat];
  return s ? s.name : `seat ${seat}`;
}
