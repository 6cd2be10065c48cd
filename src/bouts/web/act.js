// Acting on the table, the same for every game (docs/web.md, part 3): the menu's entries name the table objects
// they involve ("card:dagger/1", "fighter:1"); renderers draw those objects with data-obj. This module marks what
// can be used now, opens a popover of the actions a clicked object starts, finishes an action on its target, and
// builds "select" actions by toggling objects and confirming. The keyboard does all of it (Tab, Enter/Space, Esc).
import { _ } from "/static/i18n.js";

function make(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v; else if (k === "text") node.textContent = v; else node.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

// What an object is called, with the numbers it shows: its data-name, else the words it shows (a die's or a figure's
// few characters come after its title: "Die 3: main die: 5"), for its accessible name.
const NAMES = new WeakMap(); // a drawn object's name, read once per drawing (a redraw makes new elements)

export function objectName(node) {
  let name = NAMES.get(node);
  if (name === undefined) { name = nameOf(node); NAMES.set(node, name); }
  return name;
}

function nameOf(node) {
  const given = node.getAttribute("data-name");
  if (given) return given.trim();
  // an object drawn around others (a character holding its cards, an area holding figures) is named by its heading:
  // the objects inside have names of their own
  const head = node.querySelector("[data-obj]") ? node.querySelector("h3, h4, .name, .n") : null;
  const shown = ((head || node).innerText || (head || node).textContent || "").trim().replace(/\s+/g, " ");
  const title = (node.getAttribute("title") || "").trim().replace(/\s+/g, " ");
  let name = shown;
  if (title && shown.length <= 3) name = `${title}: ${shown}`;
  else if (title && !shown.includes(title)) name = `${shown} — ${title}`;
  if (!name) name = node.dataset.obj.replace(/^[a-z]+:/, "");
  return name.length > 400 ? `${name.slice(0, 399)}…` : name;
}

// What an object is called in a sentence: its heading (a card's name), else its accessible name.
function shortName(node) {
  const head = node.matches(".card") ? node.querySelector(".n") : node.querySelector("h3, h4, .name, .n");
  const text = head ? (head.textContent || "").trim().replace(/\s+/g, " ") : "";
  return text || objectName(node);
}

const sameSet = (a, b) => a.length === b.length && a.every((x) => b.includes(x));
const sameSeq = (a, b) => a.length === b.length && a.every((x, i) => b[i] === x);

// Where in entry.objects the clicked path ends (-1: the path does not fit the entry). The path starts with the
// entry's first object; later clicks must follow its order, skipping middle objects is allowed.
function pathEnd(entry, path) {
  const objects = entry.objects || [];
  if (!path.length || objects[0] !== path[0]) return -1;
  let at = 0;
  for (const obj of path.slice(1)) {
    const found = objects.indexOf(obj, at + 1);
    if (found < 0) return -1;
    at = found;
  }
  return at;
}

export class TableActions {
  // root: the table element (renderers draw in it); bar: where the selection bar and popovers' status go;
  // send(entry): take the action; describe(obj): a name for an object (its element's text) for aria labels.
  // notify(text): tell the player something (a half-made choice another seat's move made impossible).
  constructor(root, bar, send, notify = null) {
    this.root = root; this.bar = bar; this.send = send; this.notify = notify;
    this.kept = null;
    this.menu = []; this.enabled = true;
    this.path = []; this.base = null; this.selected = [];
    this.hinted = null; this.popover = null;
    root.addEventListener("click", (event) => this.onClick(event));
    root.addEventListener("keydown", (event) => this.onKey(event));
    document.addEventListener("keydown", (event) => { if (event.key === "Escape" && (this.popover || this.path.length || this.selected.length)) this.reset(true); });
  }

  // A new decision (a different menu): forget what was being built.
  setMenu(menu) {
    this.menu = menu || [];
    this.reset(false);
  }

  // -- another seat's move: the table is drawn again under the player's half-made choice ------------------
  // Before the redraw: note what the player has open (the popover, where the focus is). The redraw replaces every
  // element of the table, the popover with them.
  beforeRedraw() {
    const active = document.activeElement;
    let focus = null;
    if (active && active !== document.body && this.root.contains(active)) {
      if (this.popover && this.popover.contains(active)) {
        focus = { pop: [...this.popover.querySelectorAll("button")].indexOf(active), action: active.dataset.action || null, cls: active.className };
      } else {
        const node = active.closest("[data-obj]");
        if (node) focus = { obj: node.dataset.obj };
      }
    }
    this.kept = { open: this.popover !== null, focus };
  }

  // After the redraw (or a frame that changed the menu without redrawing): the same half-made choice, on the new
  // elements, with the same state. Kept while it can still be finished with the new menu; otherwise closed, and
  // `notify(text)` tells the player why. Returns whether a choice was closed.
  afterRedraw(menu) {
    if (!this.kept) this.beforeRedraw(); // no redraw (the same view, a new menu): the popover is still there
    const kept = this.kept;
    this.kept = null;
    this.menu = menu || [];
    const building = this.path.length > 0 || this.base !== null;
    if (!building) { this.closePopover(); this.decorate(); this.restoreFocus(kept.focus); return false; }
    const from = this.path[0] || this.base?.[0] || this.selected[0];
    const name = from && this.find(from) ? shortName(this.find(from)) : null;
    if (!this.stillPossible()) {
      this.path = []; this.base = null; this.selected = [];
      this.closePopover();
      this.decorate();
      if (this.notify) this.notify(name ? _("After the last move, your choice with {name} is no longer possible: it was closed.", { name }) : _("After the last move, your choice is no longer possible: it was closed."));
      return true;
    }
    this.decorate();
    if (kept.open && this.path.length && this.base === null) {
      const node = this.find(this.path[this.path.length - 1]);
      const candidates = this.candidates();
      const last = (e) => pathEnd(e, this.path) === e.objects.length - 1;
      const complete = candidates.filter((e) => last(e) && !(e.select || []).length);
      const withSelect = candidates.filter((e) => last(e) && (e.select || []).length);
      this.openPopover(node, complete, this.nextObjects().size > 0, withSelect, this.path.length === 1 ? this.selectFirst(this.path[0]) : [], false);
    } else {
      this.closePopover();
    }
    this.restoreFocus(kept.focus);
    return false;
  }

  // Whether the half-made choice can still be finished: its objects are on the table and some entry of the menu
  // still starts with them (the path), or still takes the chosen base and every part selected so far.
  stillPossible() {
    if (this.path.some((obj) => !this.find(obj))) return false;
    if (this.path.length && !this.candidates().length) return false;
    if (this.base !== null) {
      if (this.selected.some((obj) => !this.find(obj))) return false;
      if (!this.selectEntries().length) return false;
      const selectable = this.selectable();
      if (this.selected.some((obj) => !selectable.has(obj))) return false;
    }
    return true;
  }

  restoreFocus(focus) {
    if (!focus) return;
    let target = null;
    if ("obj" in focus) target = this.find(focus.obj);
    else if (this.popover) {
      const buttons = [...this.popover.querySelectorAll("button")];
      target = (focus.action && buttons.find((b) => b.dataset.action === focus.action))
        || buttons.find((b, i) => i === focus.pop && b.className === focus.cls) || buttons[0] || null;
    }
    if (target && (target instanceof HTMLButtonElement || target.hasAttribute("tabindex"))) target.focus({ preventScroll: true });
  }

  setEnabled(on) { this.enabled = on; this.decorate(); }

  setHint(text) { this.hinted = text; this.decorate(); }

  reset(focusBack) {
    const from = this.path[0] || this.selected[0];
    this.path = []; this.base = null; this.selected = [];
    this.closePopover();
    this.decorate();
    if (focusBack && from) { const node = this.find(from); if (node) node.focus(); }
  }

  find(obj) { return this.root.querySelector(`[data-obj="${CSS.escape(obj)}"]`); }

  // -- what can be clicked now -----------------------------------------------------------------------
  starts(obj) { return this.menu.filter((e) => (e.objects || [])[0] === obj); }
  selectFirst(obj) { return this.menu.filter((e) => !(e.objects || []).length && (e.select || []).includes(obj)); }

  candidates() { return this.path.length ? this.menu.filter((e) => pathEnd(e, this.path) >= 0) : []; }

  nextObjects() {
    const next = new Set();
    for (const e of this.candidates()) {
      const end = pathEnd(e, this.path);
      for (const obj of e.objects.slice(end + 1)) next.add(obj);
    }
    return next;
  }

  // The entries a selection may make: those whose objects are exactly the chosen base (none for dice to reroll).
  selectEntries() {
    if (this.base === null) return [];
    return this.menu.filter((e) => (e.select || []).length && sameSeq(e.objects || [], this.base));
  }

  selectable() {
    const found = new Set();
    for (const e of this.selectEntries()) for (const obj of e.select) found.add(obj);
    return found;
  }

  matching() {
    return this.selectEntries().find((e) => (e.ordered ? sameSeq(e.select, this.selected) : sameSet(e.select, this.selected))) || null;
  }

  usable(obj) { return this.starts(obj).length > 0 || this.selectFirst(obj).length > 0; }

  // Classes, roles and labels on every [data-obj] of the table (called after each redraw).
  decorate() {
    const next = this.nextObjects();
    const selectable = this.selectable();
    const hinted = this.hinted ? this.menu.find((e) => e.text === this.hinted) : null;
    const glow = new Set(hinted ? [...(hinted.objects || []), ...(hinted.select || [])] : []);
    for (const node of this.root.querySelectorAll("[data-obj]")) {
      const obj = node.dataset.obj;
      const usable = this.enabled && this.usable(obj);
      const target = this.enabled && next.has(obj);
      const canSelect = this.enabled && selectable.has(obj);
      const live = usable || target || canSelect;
      node.classList.toggle("usable", usable);
      node.classList.toggle("target", target);
      node.classList.toggle("selectable", canSelect);
      node.classList.toggle("chosen", this.path.includes(obj));
      node.classList.toggle("selected", this.selected.includes(obj));
      node.classList.toggle("hinted", glow.has(obj));
      const name = objectName(node);
      if (live) {
        node.setAttribute("tabindex", "0");
        node.setAttribute("role", "button");
        const what = target ? _("target") : canSelect ? (this.selected.includes(obj) ? _("selected") : _("can be selected")) : _("can be used");
        node.setAttribute("aria-label", `${name} (${what})`);
        if (canSelect) node.setAttribute("aria-pressed", String(this.selected.includes(obj))); else node.removeAttribute("aria-pressed");
      } else {  // not usable now: still a named thing on the table (a card, a die, a figure, an area with its numbers)
        node.removeAttribute("tabindex"); node.removeAttribute("aria-pressed");
        node.setAttribute("role", "group");
        node.setAttribute("aria-label", name);
      }
      if (this.selected.includes(obj) && this.selectEntries().some((e) => e.ordered)) node.dataset.order = String(this.selected.indexOf(obj) + 1);
      else delete node.dataset.order;
    }
    this.renderSelectionBar();
  }

  // -- clicks --------------------------------------------------------------------------------------
  onKey(event) {
    if (event.key.startsWith("Arrow")) { this.arrow(event); return; }
    if (event.key !== "Enter" && event.key !== " ") return;
    const node = event.target.closest && event.target.closest("[data-obj]");
    if (!node || !this.root.contains(node) || node.getAttribute("role") !== "button") return;
    event.preventDefault();
    this.clicked(node);
  }

  // The arrow keys move between the objects that can be clicked now (and between a popover's buttons), in the
  // order the table draws them: Right/Down to the next, Left/Up to the previous, wrapping round.
  arrow(event) {
    const pop = event.target.closest && event.target.closest(".popover");
    const items = pop ? [...pop.querySelectorAll("button")] : [...this.root.querySelectorAll("[data-obj][tabindex]")].filter((n) => !n.closest(".popover"));
    const at = items.indexOf(event.target);
    if (at < 0 || !items.length) return;
    event.preventDefault();
    const step = event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : -1;
    items[(at + step + items.length) % items.length].focus();
  }

  onClick(event) {
    if (this.popover && this.popover.contains(event.target)) return;
    if (!event.target.closest) return;
    // the nearest object that can take a click now (a card drawn inside a fighter who is the target: the fighter)
    const node = event.target.closest("[data-obj].target, [data-obj].usable, [data-obj].selectable") || event.target.closest("[data-obj]");
    if (!node || !this.root.contains(node)) return;
    this.clicked(node);
  }

  clicked(node) {
    if (!this.enabled) { this.send(null); return; }
    const obj = node.dataset.obj;
    if (this.path.length) {
      if (this.nextObjects().has(obj)) { this.path.push(obj); this.advance(node); return; }
      if (obj === this.path[this.path.length - 1]) { this.reset(false); return; }
    }
    if (this.base !== null && this.selectable().has(obj)) { this.toggle(obj); return; }
    const starts = this.starts(obj), firsts = this.selectFirst(obj);
    if (!starts.length && firsts.length) { this.path = []; this.base = []; this.closePopover(); this.toggle(obj); return; }
    if (!starts.length) return;
    this.path = [obj]; this.base = null; this.selected = [];
    this.advance(node);
  }

  toggle(obj) {
    const at = this.selected.indexOf(obj);
    if (at >= 0) this.selected.splice(at, 1); else this.selected.push(obj);
    this.decorate();
  }

  // After a click on the path: act, or show what can follow.
  advance(node) {
    const candidates = this.candidates();
    const last = (e) => pathEnd(e, this.path) === e.objects.length - 1;
    const complete = candidates.filter((e) => last(e) && !(e.select || []).length);
    const withSelect = candidates.filter((e) => last(e) && (e.select || []).length);
    const next = this.nextObjects();
    // the end of a path, or an object drawn data-direct (a place a piece goes to) with one thing it can do: act
    const direct = this.path.length === 1 && node.hasAttribute("data-direct") && !this.selectFirst(this.path[0]).length;
    if ((this.path.length > 1 || direct) && complete.length === 1 && !next.size && !withSelect.length) {
      this.take(complete[0]);
      return;
    }
    if (withSelect.length && !complete.length && !next.size) {  // e.g. a Sword Skill: now pick its dice
      this.base = [...this.path]; this.selected = [];
      this.closePopover(); this.decorate();
      return;
    }
    this.decorate();
    this.openPopover(node, complete, next.size > 0, withSelect, this.path.length === 1 ? this.selectFirst(this.path[0]) : []);
  }

  take(entry) {
    const text = entry.text;
    this.path = []; this.base = null; this.selected = [];
    this.closePopover();
    this.send(entry);
    this.decorate();
    return text;
  }

  // -- the popover ---------------------------------------------------------------------------------
  closePopover() {
    if (this.popover) { this.popover.remove(); this.popover = null; }
  }

  openPopover(node, entries, targets, withSelect, selectFirst, focus = true) {
    this.closePopover();
    const list = make("div", { class: "pop-actions" });
    for (const e of entries) {
      const b = make("button", { type: "button", class: `pop-act${e.text === this.hinted ? " hinted" : ""}`, "data-action": e.text, text: e.label });
      b.addEventListener("click", () => this.take(e));
      list.append(b);
    }
    if (withSelect.length) {
      const b = make("button", { type: "button", class: "pop-select", text: _("choose its parts, then confirm") });
      b.addEventListener("click", () => { this.base = [...this.path]; this.selected = []; this.closePopover(); this.decorate(); });
      list.append(b);
    }
    if (selectFirst.length) {
      const obj = this.path[0];
      const b = make("button", { type: "button", class: "pop-select", text: _("select it for: {what}", { what: [...new Set(selectFirst.map((e) => e.group || _("a choice")))].join(", ") }) });
      b.addEventListener("click", () => { this.path = []; this.base = []; this.selected = []; this.closePopover(); this.toggle(obj); });
      list.append(b);
    }
    const note = targets ? make("p", { class: "pop-note", text: _("or click a highlighted target on the table") }) : null;
    const cancel = make("button", { type: "button", class: "pop-cancel", text: _("cancel") });
    cancel.addEventListener("click", () => this.reset(true));
    const pop = make("div", { class: "popover", role: "dialog", "aria-label": _("what it can do") }, list, note, cancel);
    pop.addEventListener("keydown", (event) => { if (event.key === "Escape") { event.stopPropagation(); this.reset(true); } });
    node.after(pop);
    this.popover = pop;
    const first = pop.querySelector("button");
    if (first && focus) first.focus({ preventScroll: true });
  }

  // -- the selection bar ---------------------------------------------------------------------------
  renderSelectionBar() {
    if (!this.bar) return;
    if (this.base === null || !this.selectEntries().length) { this.bar.hidden = true; this.bar.replaceChildren(); return; }
    const found = this.matching();
    const what = found ? found.label : (this.selected.length ? _("no action takes exactly this selection") : _("select the parts on the table"));
    const confirm = make("button", { type: "button", class: "primary", id: "confirm-selection", text: _("confirm") });
    confirm.disabled = !found || !this.enabled;
    confirm.addEventListener("click", () => { if (found) this.take(found); });
    const clear = make("button", { type: "button", id: "clear-selection", text: _("clear") });
    clear.addEventListener("click", () => this.reset(false));
    this.bar.hidden = false;
    this.bar.replaceChildren(make("span", { class: "selection-label", "aria-live": "polite", text: what }), confirm, clear);
  }
}
