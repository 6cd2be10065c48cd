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
  constructor(root, bar, send) {
    this.root = root; this.bar = bar; this.send = send;
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

  openPopover(node, entries, targets, withSelect, selectFirst) {
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
    if (first) first.focus({ preventScroll: true });
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
