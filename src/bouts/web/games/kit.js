// The shared kit of the five tables: cards, dice, figures, boards, bars and numbers, drawn the same way in every
// game. A renderer is games/<game id>.js exporting render(view, root, kit) (docs/web.md): it draws the seat's
// localized JSON view into root. Every table object an action can name carries data-obj="<kind>:<id>" (exactly
// the ids of the game's action_parts, one element each), and every number that may change carries
// data-path="<path in the view>" (as core.table.changed_paths names it, e.g. fighters.1.life): the page makes
// objects usable (roles, tabindex, listeners) and marks changes; a renderer only draws.
//
// The page's kit is {frame, seat, seats, lang, _, changed, act}; kitFrom() adds the drawing helpers below to it
// (makeKit also takes {messages} instead of _, for tests). Words a renderer adds are _("English msgid") calls of
// the "web" catalog, never inside a template string (the extractor cannot see them there); names and rules texts
// come from the view (strings, or {en, ja} pairs read with t()).

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
  return el("span", { class: `card ${cls}`, "data-obj": obj, "data-path": path, title: t(title) || null },
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
  return el("span", { class: `die ${cls}`, "data-obj": obj, "data-path": path, title: title || null, text: pips });
}

// A figure (a servant's standee, a fighter's token) in its seat's colour.
export function figure({ obj = null, seat = null, label = "", title = "", cls = "" } = {}) {
  return el("span", { class: `fig${seat !== null && seat !== undefined ? " s" + (seat % 6) : ""} ${cls}`, "data-obj": obj, title: t(title) || null, text: t(label) });
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

// The tables' stylesheet, linked once by the first table drawn (a page may also link it itself).
const STYLES = "/static/games/tables.css";
function ensureStyles() {
  if (document.querySelector(`link[href="${STYLES}"]`)) return;
  document.head.append(el("link", { rel: "stylesheet", href: STYLES }));
}

// render(view, root, kit) for a draw(view, root, kit) function; called the older way, render(view, ctx), it
// draws into a new element and returns it.
export function renderer(draw, cls) {
  return function render(view, root, kit) {
    ensureStyles();
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

// -- what moved: table objects animate from their old place to the new one (FLIP, the Web Animations API) --------
// The page calls places(root) before a redraw and moved(root, before) after it, for every game (docs/web.md):
// an object (data-obj) that is drawn elsewhere glides from where it was; one that is new in this frame (a card
// drawn, a figure placed) comes in; one that left (discarded, destroyed, played face down) fades where it was; a
// card turned face up flips; a die whose value changed tumbles (the roll). prefers-reduced-motion: nothing moves.
const MOVE_MS = 420;
const MOST = 80; // a frame that redraws more objects than this moves none of them (a new scene, not a step)

export function reducedMotion() {
  return Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

function inside(node, root) { return !node.closest(".popover") && root.contains(node); }

// Where each table object is drawn now, relative to root (so a status line that grows moves nothing), with what it
// shows, for moved() after the redraw.
export function places(root) {
  const box = root.getBoundingClientRect();
  const found = new Map();
  for (const node of root.querySelectorAll("[data-obj]")) {
    if (!inside(node, root) || found.has(node.dataset.obj)) continue;
    const r = node.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    // centres: a number's flash (scale) or a card's glow leaves them where they are
    found.set(node.dataset.obj, { x: r.left + r.width / 2 - box.left, y: r.top + r.height / 2 - box.top, w: r.width, h: r.height, left: r.left, top: r.top,
      back: node.classList.contains("back"), node });
  }
  return found;
}

function dieRolled(node, changed) {
  if (!node.classList.contains("die")) return false;
  const path = node.dataset.path;
  return Boolean(path) && [...changed].some((p) => p === path || p.startsWith(`${path}.`));
}

// Animate what moved between places(root) taken before the redraw and the table drawn now; returns how many
// objects were animated. changed: the frame's changed paths (a die whose value changed was rolled).
export function moved(root, before, changed = new Set()) {
  if (!before || !before.size || reducedMotion() || typeof Element.prototype.animate !== "function") return 0;
  const box = root.getBoundingClientRect();
  const now = [...root.querySelectorAll("[data-obj]")].filter((n) => inside(n, root));
  const gone = new Set(before.keys());
  const plays = [];
  for (const node of now) {
    const obj = node.dataset.obj;
    gone.delete(obj);
    const was = before.get(obj);
    const r = node.getBoundingClientRect();
    if (!was) { plays.push([node, [{ opacity: 0, transform: "translateY(-12px) scale(.85)" }, { opacity: 1, transform: "none" }], "bouts-enter"]); continue; }
    const dx = was.x - (r.left + r.width / 2 - box.left), dy = was.y - (r.top + r.height / 2 - box.top);
    const shift = Math.abs(dx) > 2 || Math.abs(dy) > 2 ? `translate(${dx}px, ${dy}px) ` : "";
    if (dieRolled(node, changed)) {  // the roll: the die tumbles (from where it was, if the tray moved)
      plays.push([node, [{ transform: `${shift}rotate(-300deg) scale(.6)`, opacity: 0.5 }, { transform: "rotate(20deg) scale(1.1)", opacity: 1, offset: 0.8 }, { transform: "none" }], "bouts-roll"]);
    } else if (was.back && !node.classList.contains("back")) {
      plays.push([node, [{ transform: `${shift}rotateY(90deg)` }, { transform: "none" }], "bouts-reveal"]);
    } else if (shift) {
      plays.push([node, [{ transform: shift.trim() }, { transform: "none" }], "bouts-move"]);
    }
  }
  // what left: only the outermost of objects drawn inside each other (a fighter's cards leave with the fighter)
  const leaving = [...gone].map((obj) => before.get(obj)).filter((was, _i, all) => !all.some((o) => o !== was && o.node.contains(was.node)));
  if (plays.length + leaving.length > MOST) return 0;
  for (const [node, frames, id] of plays) {
    const a = node.animate(frames, { duration: MOVE_MS, easing: "cubic-bezier(.2,.7,.3,1)" });
    a.id = id;
  }
  for (const was of leaving) {  // a copy of what left fades where it was (never focusable, never read aloud)
    const ghost = was.node.cloneNode(true);
    ghost.removeAttribute("data-obj"); ghost.removeAttribute("id"); ghost.removeAttribute("tabindex"); ghost.removeAttribute("role");
    for (const inner of ghost.querySelectorAll("[data-obj], [id], [tabindex]")) { inner.removeAttribute("data-obj"); inner.removeAttribute("id"); inner.removeAttribute("tabindex"); }
    ghost.classList.add("leaving");
    ghost.dataset.was = was.node.dataset.obj; // what left (for tests and styles)
    ghost.setAttribute("aria-hidden", "true");
    Object.assign(ghost.style, { position: "fixed", left: `${was.left}px`, top: `${was.top}px`, width: `${was.w}px`, height: `${was.h}px`, margin: "0", pointerEvents: "none", zIndex: "30" });
    document.body.append(ghost);
    const a = ghost.animate([{ opacity: 1, transform: "none" }, { opacity: 0, transform: "translateY(14px) scale(.8)" }], { duration: MOVE_MS, easing: "ease-in" });
    a.id = "bouts-leave";
    a.onfinish = () => ghost.remove(); a.oncancel = () => ghost.remove();
  }
  return plays.length + leaving.length;
}
