// Sword Art Online: Sword of Fellows — the scenario track (each scenario's steps with HP, Defense and counterattack,
// the current one with the damage queued against its HP), the dice tray (dice to click: select them to reroll or to
// assign to a Sword Skill), each character's card with HP, ability uses, Sword Skills (damage after the step's
// Defense), abilities and equipment, the Consumables, the Support card and the item deck.
import { renderer } from "/static/games/kit.js";

// The advisor's plan being applied: the steps still to take and the table step the last one was sent at. A plan
// goes on only while the advisor's plan of each new table is exactly the rest of it (else it stops, and says so).
let applying = null;
let stopped = null;  // the table step at which a plan stopped (said on that table only)

const sameSeq = (a, b) => a.length === b.length && a.every((x, i) => b[i] === x);

function continuePlan(view, k) {
  if (!applying || !k.frame || k.frame.step === applying.step) return;
  const texts = view.plan ? view.plan.steps.map((s) => s.action) : [];
  const menu = k.frame.menu || [];
  if (!applying.rest.length) { applying = null; return; }
  if (texts.length && sameSeq(texts, applying.rest) && menu.some((e) => e.text === texts[0])) {
    applying = { rest: texts.slice(1), step: k.frame.step, total: applying.total };
    setTimeout(() => pageAct(texts[0]), 0);  // through the page's normal action path, after this frame is drawn
    return;
  }
  applying = null;
  stopped = k.frame.step;
}

function planPanel(view, k) {
  const _ = k._;
  const plan = view.plan;
  if (!plan || !(plan.steps || []).length) {
    if (stopped !== (k.frame && k.frame.step)) return null;
    return k.panel(_("Advisor's plan"), k.el("p", { class: "plan-stopped small", text: _("The plan stopped: the table no longer matches it.") }));
  }
  const steps = k.el("ol", { class: "plan-steps" }, ...plan.steps.map((s, i) => k.el("li", { class: "plan-step", "data-plan-step": i + 1, text: s.label })));
  const apply = k.el("button", { type: "button", id: "apply-plan", class: "primary", text: plan.steps.length > 1 ? _("apply the plan ({count} steps)", { count: plan.steps.length }) : _("apply the plan") });
  const busy = applying !== null;
  apply.disabled = busy || !(k.frame && (k.frame.menu || []).some((e) => e.text === plan.steps[0].action));
  apply.addEventListener("click", () => {
    stopped = null;
    applying = { rest: plan.steps.slice(1).map((s) => s.action), step: k.frame.step, total: plan.steps.length };
    apply.disabled = true;
    pageAct(plan.steps[0].action);
  });
  const status = busy ? k.el("p", { class: "plan-status small", text: _("Applying the plan: step {n} of {total}", { n: applying.total - applying.rest.length, total: applying.total }) })
    : stopped === k.frame.step ? k.el("p", { class: "plan-stopped small", text: _("The plan stopped: the table no longer matches it.") }) : null;
  return k.el("section", { class: "panel tpanel plan", "aria-label": _("Advisor's plan") }, k.el("h3", { text: _("Advisor's plan") }),
    steps, plan.reason ? k.el("p", { class: "plan-reason small", text: _("Why: {reason}", { reason: k.t(plan.reason) }) }) : null, status, apply);
}

// Dice and Sword Skills the plan uses are outlined, numbered by its step.
function markPlan(view, root) {
  const plan = view.plan;
  if (!plan) return;
  plan.steps.forEach((s, i) => {
    for (const obj of s.objects || []) {
      const node = root.querySelector(`[data-obj="${CSS.escape(obj)}"]`);
      if (!node || node.dataset.planStep) continue;
      node.dataset.planStep = String(i + 1);
      node.classList.add("planned");
      node.style.outline = "2px dashed #b8860b";
      node.style.outlineOffset = "2px";
    }
  });
}

function patternText(_, s) {
  if (s.pattern === "straight") return _("a straight of {size}", { size: s.size });
  if (s.pattern === "exact") return _("exactly {values}", { values: (s.values || []).join(", ") });
  if (s.pattern === "sum_at_least") return _("{size} dice totalling {threshold} or more", { size: s.size, threshold: s.threshold });
  if (s.pattern === "sum_at_most") return _("{size} dice totalling {threshold} or less", { size: s.size, threshold: s.threshold });
  if (s.values && s.values.length) return _("{size} equal dice showing {values}", { size: s.size, values: s.values.join(" or ") });
  return _("{size} equal dice", { size: s.size });
}

// A die face as the dice show it: 1-6, F (a character's face: any number), S (Asuna's symbol: 1 or 2) or ? (not
// rolled yet: the view's 0, as the terminal shows it).
function face(_, value) {
  if (value === 7) return ["F", _("the character's face: counts as any number")];
  if (value === 8) return ["S", _("the symbol: counts as 1 or 2")];
  if (!value) return ["?", _("not rolled yet")];
  return [String(value), ""];
}

function scenarioTrack(view, k) {
  const _ = k._;
  const box = k.el("div", { class: "scenarios" });
  let n = 0;
  (view.scenarios || []).forEach((sc, si) => {
    const items = sc.steps.map((step, i) => {
      const now = si === view.section && i === view.step;
      const hp = now ? k.el("span", { class: "hp" }, _("HP"), " ", k.num(Math.max(0, step.hp - (view.step_damage || 0)), "step_damage"), `/${step.hp}`)
        : k.el("span", { class: "hp" }, _("HP"), ` ${step.hp}`);
      const rules = [step.defense ? _("Defense {n}", { n: step.defense }) : null, _("counterattack {n}", { n: step.damage }) + (step.aoe ? " (" + _("all") + ")" : ""),
        step.no_reroll ? _("no rerolls") : step.reroll_minus_one ? _("one reroll fewer") : null, step.no_abilities ? _("no abilities") : null,
        step.no_consumables ? _("no Consumables") : null].filter(Boolean).join(" · ");
      n += 1;
      return k.el("span", {}, k.el("b", { text: step.name }), " ", hp, k.el("span", { class: "small muted" }, ` ${rules}`));
    });
    const now = si < view.section ? items.length : si === view.section ? view.step : -1;
    box.append(k.el("div", { class: "scenario" }, k.el("span", { class: "zone-label", text: k.t(sc.name) }), k.steps(items, now)));
  });
  return k.panel(_("Scenario"), box, k.stats(k.stat(_("Turn"), view.turns, "turns"), k.stat(_("Item deck"), view.item_deck, "item_deck")));
}

function diceTray(view, k) {
  const _ = k._;
  const pool = view.pool || [];
  const tray = k.el("div", { class: "dice" }, ...pool.map((d, i) => {
    const who = d.char ? (view.characters || []).find((c) => c.id === d.char) : null;
    const kind = d.kind === "support" ? _("support die") : who ? _("{name}'s character die", { name: who.name }) : _("main die");
    const [shown, meaning] = face(_, d.value);
    const die = k.die({ obj: `die:${d.number}`, value: shown, path: `pool.${i}.value`,
      cls: `${d.kind}${d.char ? " char" : ""}${d.used ? " used" : ""}`, title: _("Die {n}", { n: d.number }) + ": " + kind + (meaning ? " · " + meaning : "") + (d.used ? " · " + _("used") : "") });
    // under each die, what a phone cannot hover for: its number, whose die it is, whether it is used
    const whose = d.kind === "support" ? _("support die") : who ? who.name : "";
    const caption = k.el("span", { class: "die-caption small muted" }, `${d.number}`, whose ? ` · ${whose}` : "", d.used ? ` · ${_("used")}` : "");
    const slot = k.el("span", { class: "die-slot" }, die, caption);
    slot.style.display = "inline-flex"; slot.style.flexDirection = "column"; slot.style.alignItems = "center"; slot.style.maxWidth = "4.2em";
    caption.style.fontSize = ".7em"; caption.style.textAlign = "center"; caption.style.lineHeight = "1.1";
    return slot;
  }));
  const q = view.queued;
  const lines = [];
  if (q) {
    lines.push(k.el("div", { class: "preview" }, _("Queued damage"), " ", k.num(q.damage, "queued.damage"), " · ", _("HP left"), " ", k.num(q.hp_left, "queued.hp_left"),
      " · ", _("dice left"), " ", k.num((q.dice_left || []).length, "queued.dice_left")));
  }
  const ca = view.counterattack;
  if (ca) {
    lines.push(k.el("div", { class: `preview${ca.lethal ? " error" : ""}` }, _("Counterattack"), " ", k.num(ca.damage, "counterattack.damage"), " → ",
      (ca.targets || []).map((x) => k.t(x)).join(", "), ca.lethal ? " · " + _("lethal") : "", ca.warning ? " · " + k.t(ca.warning) : ""));
  }
  return k.panel(_("Dice"), pool.length ? tray : k.el("span", { class: "muted", text: _("no dice rolled") }),
    k.stats(k.stat(_("Rerolls left"), view.rerolls_left, "rerolls_left")), ...lines);
}

function characterCard(view, k, c) {
  const _ = k._;
  const at = `characters.${c.index}`;
  const left = Math.max(0, c.hp - (c.damage || 0));
  const box = k.el("div", { class: `seat character${c.seat === view.seat ? " me" : ""}${c.dead ? " out" : ""}${c.id === view.turn_player ? " acting" : ""}`,
    "data-obj": `card:${c.id}`, "data-character": c.id });
  box.append(k.el("h3", {}, k.el("span", { text: c.name }), k.el("span", { class: "muted small" },
    _("Level {level}", { level: c.level }), " · ", c.id === view.turn_player ? _("turn player") : c.id === view.partner ? _("partner") : k.seatName(c.seat))));
  box.append(k.bar(left, c.hp, { cls: "hp", path: `${at}.damage`, label: _("HP") }));
  box.append(k.stats(k.stat(_("Ability uses"), `${c.usage}/${c.usage_max}`, `${at}.usage`), c.exhausted ? k.el("b", { text: _("exhausted") }) : null,
    c.dead ? k.el("b", { class: "error", text: _("dead") }) : null));
  box.append(k.el("div", { class: "small muted" }, _("Character die"), `: ${(c.die || []).join(" ")}`));
  const skills = (c.skills || []).map((s, i) => {
    const dealt = s.dealt !== undefined ? k.el("span", {}, _("after Defense"), " ", k.num(s.dealt, `${at}.skills.${i}.dealt`)) : null;
    return k.card({ obj: `skill:${s.id}`, name: s.name, cls: "skill", lines: [patternText(_, s),
      k.el("span", {}, _("damage"), " ", k.num(s.boosted ?? s.damage, `${at}.skills.${i}.boosted`), s.piercing ? " · " + _("piercing {n}", { n: s.piercing }) : ""), dealt] });
  });
  box.append(k.el("div", { class: "zone-label", text: _("Sword Skills") }), k.el("div", { class: "cards" }, ...skills));
  if ((c.abilities || []).length) {
    box.append(k.el("div", { class: "zone-label", text: _("Abilities") }), k.el("div", { class: "small" },
      ...c.abilities.map((a) => k.el("div", { title: k.t(a.text) }, k.el("b", { text: a.name }), `: ${k.t(a.text)}`))));
  }
  if ((c.equipment || []).length) {
    box.append(k.el("div", { class: "zone-label", text: _("Equipment") }), k.el("div", { class: "cards" },
      ...c.equipment.map((e) => k.card({ obj: e.id ? `card:${e.id}` : null, name: e.name || e.id, title: e.text, lines: [e.text] }))));
  }
  return box;
}

function draw(view, root, k) {
  const _ = k._;
  root.classList.add("sao");
  continuePlan(view, k);
  root.append(scenarioTrack(view, k), diceTray(view, k));
  const plan = planPanel(view, k);
  if (plan) root.append(plan);
  const seats = k.el("div", { class: "seats" }, ...(view.characters || []).map((c) => characterCard(view, k, c)));
  seats.style.gridTemplateColumns = "repeat(auto-fit, minmax(230px, 1fr))";  // the characters share the width
  root.append(seats);
  const table = [];
  if ((view.consumables || []).length) {
    table.push(k.el("div", { class: "zone-label", text: _("Consumables") }), k.el("div", { class: "cards" },
      ...view.consumables.map((c) => k.card({ obj: `card:${c.id}`, name: c.name, title: c.text, lines: [c.text] }))));
  }
  const pending = view.decision && view.decision.item ? view.decision.item : null;
  if (pending) table.push(k.el("div", { class: "zone-label", text: _("Item to equip") }), k.card({ obj: `card:${pending.id || pending}`, name: pending.name || "", lines: [pending.text || ""] }));
  if (view.support) {
    const s = view.support;
    table.push(k.el("div", { class: "zone-label", text: _("Support card") }), k.card({ obj: `card:${s.id}`, name: s.name, title: s.text,
      lines: [k.el("span", {}, _("uses left"), " ", k.num((s.uses || 0) - (view.yui_used || 0), "yui_used"), `/${s.uses}`), s.text], cls: view.yui_used >= s.uses ? "used" : "" }));
  }
  if (table.length) root.append(k.panel(_("Items"), ...table));
  markPlan(view, root);
  if (view.result) root.append(k.el("div", { class: "banner outcome" }, k.el("b", { text: view.result === "won" ? _("The party cleared the scenarios") : _("The party was defeated") }), view.reason ? ` — ${k.t(view.reason)}` : ""));
}

// The page's act(text) (the kit the renderer draws with carries the drawing helpers only): the plan's steps go
// through the page's normal action path, which sends only an action of the current menu.
let pageAct = () => {};
const drawTable = renderer(draw, "sao");
export function render(view, root, kit) {
  if (kit && typeof kit.act === "function") pageAct = kit.act;
  return drawTable(view, root, kit);
}
