// The shared kit of the five tables: cards, dice, figures, boards, bars and numbers, drawn the same way in every
// game. A renderer is games/<game id>.js exporting render(view, root, kit): it draws the seat's JSON view into
// root. Every table object an action can name carries data-obj="<kind>:<id>" (exactly the ids of the game's
// action_parts), and every number that may change carries data-path="<path in the view>" (as
// core.table.changed_paths names it, e.g. fighters.1.life), so the match page can mark changes and let a player
// act on the thing itself.
//
// kit = makeKit(ctx) with ctx = { seat, seats: [{name, kind, ...}], lang, messages: {msgid: text}, frame }; a
// renderer may also be handed the bare ctx (or, from older pages, called as render(view, ctx) -> element):
// kitFrom() and renderer() accept both. Words a renderer adds are _("English msgid") from the "web" catalog;
// words in the view are already in the player's language (or {en, ja} pairs, read with t()).

function pageLang() {
  return document.documentElement.lang === "ja" ? "ja" : "en";
}

// A name or rules text in both languages, as views carry it ({en, ja}), in the reader's language.
export function t(value, lang = pageLang()) {
  if (value && typeof value === "object" && !Array.isArray(value) && ("en" in value || "ja" in value)) {
    return value[lang] ?? value.en ?? value.ja ?? "";
  }
  return value;
}

function format(text, args) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in args ? String(t(args[name])) : whole));
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, raw] of Object.entries(attrs)) {
    const v = t(raw);
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v; else if (k === "text") node.textContent = String(v); else node.setAttribute(k, String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false && c !== "") node.append(typeof c === "object" && !(c instanceof Node) ? t(c) : c);
  return node;
}

const SVG = "http://www.w3.org/2000/svg";
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null && v !== false) node.setAttribute(k, String(v));
  for (const c of children) if (c) node.append(c);
  return node;
}

// A number that may change: data-path names where it is in the view.
export function num(value, path, cls = "num") {
  return el("span", { class: cls, "data-path": path, text: value === null || value === undefined ? "—" : String(value) });
}

// A labelled value: "label 5" with the number marked by its view path.
export function stat(label, value, path, title) {
  return el("span", { class: "stat", title }, el("b", { text: label }), " ", path ? num(value, path) : el("span", { class: "num", text: String(value ?? "—") }));
}

export function stats(...items) {
  return el("div", { class: "kv stats" }, ...items.filter(Boolean));
}

// A bar of value out of max (its own maximum, never an assumed one); the value and maximum as numbers too.
export function bar(value, max, { cls = "", path = null, maxPath = null, label = "" } = {}) {
  const pct = Math.max(0, Math.min(100, max ? (100 * value) / max : 0));
  const fill = el("span"); fill.style.width = `${pct}%`;
  const track = el("div", { class: `bar ${cls}`, role: "meter", "aria-valuemin": 0, "aria-valuemax": max, "aria-valuenow": value, "aria-label": label || null, "data-max": max }, fill);
  return el("div", { class: "barline" }, label ? el("b", { class: "small", text: label }) : null, track,
    el("span", { class: "small barnum" }, path ? num(value, path) : String(value), "/", maxPath ? num(max, maxPath) : String(max)));
}

// A card: name, a few detail lines, a tooltip; data-obj when an action can name it.
export function card({ obj = null, name = "", lines = [], title = "", cls = "", path = null, face = "up" } = {}) {
  if (face === "down") return el("span", { class: `card back ${cls}`, "data-obj": obj, title, text: "?" });
  return el("span", { class: `card ${cls}`, "data-obj": obj, "data-path": path, title: t(title) || null, tabindex: obj ? 0 : null },
    el("span", { class: "n", text: t(name) }), ...lines.filter((l) => l !== null && l !== undefined && l !== "").map((l) => (l instanceof Node ? el("span", { class: "t" }, l) : el("span", { class: "t", text: t(l) }))));
}

export function backs(count, label = "") {
  return el("div", { class: "cards backs", title: label || null },
    ...Array.from({ length: Math.min(count, 12) }, () => el("span", { class: "card back", "aria-hidden": "true", text: "?" })),
    label ? el("span", { class: "muted small", text: label }) : null);
}

// A die showing its face; data-obj to select it.
export function die({ obj = null, value = null, cls = "", title = "", path = null } = {}) {
  const pips = value === null || value === undefined ? "?" : String(value);
  return el("span", { class: `die ${cls}`, "data-obj": obj, "data-path": path, title: title || null, tabindex: obj ? 0 : null, role: obj ? "button" : null, text: pips });
}

// A figure (a servant's standee, a fighter's token) in its seat's colour.
export function figure({ obj = null, seat = null, label = "", title = "", cls = "" } = {}) {
  return el("span", { class: `fig${seat !== null && seat !== undefined ? " s" + (seat % 6) : ""} ${cls}`, "data-obj": obj, title: t(title) || null, tabindex: obj ? 0 : null, text: t(label) });
}

// A row of steps with the current one marked (a scenario's steps, a battle's six steps).
export function steps(items, now, { cls = "" } = {}) {
  return el("ol", { class: `steps ${cls}` }, ...items.map((item, i) => {
    const state = i === now ? " now" : i < now ? " done" : "";
    return el("li", { class: `step${state}`, "aria-current": i === now ? "step" : null }, item);
  }));
}

export function panel(title, ...children) {
  return el("section", { class: "panel tpanel" }, title ? el("h3", { text: title }) : null, ...children);
}

// The kit bound to a frame: the catalog, seat names, the reader's language.
export function makeKit(ctx = {}) {
  const frame = ctx.frame || {};
  const lang = ctx.lang || (frame.lang) || pageLang();
  const catalog = ctx.messages || (ctx.catalog && ctx.catalog.messages) || {};
  const translate = typeof ctx._ === "function" ? ctx._ : null;
  const _ = (msgid, args = {}) => {
    if (translate) return translate(msgid, args);
    const found = catalog[msgid];
    return format(typeof found === "string" && found ? found : msgid, args);
  };
  const seats = ctx.seats || frame.seats || [];
  const seat = ctx.seat !== undefined ? ctx.seat : frame.seat;
  const seatName = (s) => {
    const found = seats[s];
    return found && found.name ? found.name : _("Seat {number}", { number: Number(s) + 1 });
  };
  return { __kit: true, lang, seat, seats, frame, _, t: (v) => t(v, lang), seatName, el, svg, num, stat, stats, bar, card, backs, die, figure, steps, panel };
}

export function kitFrom(arg) {
  return arg && arg.__kit ? arg : makeKit(arg || {});
}

// render(view, root, kit) for a draw(view, root, kit) function; called the older way, render(view, ctx), it
// draws into a new element and returns it.
export function renderer(draw, cls) {
  return function render(view, root, kit) {
    if (root instanceof Node) {
      root.replaceChildren();
      root.classList.add("btable", cls);
      draw(view, root, kitFrom(kit));
      return root;
    }
    const made = el("div", { class: `btable ${cls}` });
    draw(view, made, kitFrom(root));
    return made;
  };
}
