// Sword Art Online: Sword of Fellows — the scenario's steps with the boss's HP, the dice pool
// (main and support dice; the advisor's hint is the "hint" button), and each character's HP and skills.
import { el, bar, kv } from "/static/games/kit.js";

export function render(view, ctx) {
  const root = el("div", { class: "sao" });
  root.append(kv([["difficulty", view.difficulty], ["turn", view.turns], ["turn player", view.turn_player], ["partner", view.partner],
    ["rerolls left", view.rerolls_left], ["item deck", view.item_deck], ["decision", view.decision ? view.decision.kind : null]]));
  const steps = el("div", { class: "steps" });
  let n = 0;
  for (const scenario of view.scenarios || []) {
    steps.append(el("b", { class: "small", text: `${scenario.name}:` }));
    for (const step of scenario.steps) {
      const now = n === view.step, done = n < view.step;
      steps.append(el("span", { class: `step${now ? " now" : ""}${done ? " done" : ""}` },
        `${step.name} — HP ${now ? Math.max(0, step.hp - (view.step_damage || 0)) + "/" : ""}${step.hp}, hits ${step.damage}${step.aoe ? " (all)" : ""}`));
      n += 1;
    }
  }
  root.append(el("div", { class: "panel" }, el("h3", { text: "Scenario" }), steps));
  const dice = el("div", { class: "dice" });
  for (const [i, d] of (view.pool || []).entries()) {
    dice.append(el("span", { class: `die ${d.kind}${d.used ? " used" : ""}${d.char ? " char" : ""}`, title: `die ${i + 1}: ${d.kind}${d.char ? " (" + d.char + ")" : ""}`, text: d.value ?? "?" }));
  }
  root.append(el("div", { class: "panel" }, el("h3", { text: "Dice" }), (view.pool || []).length ? dice : el("span", { class: "muted", text: "no dice rolled" }),
    el("div", { class: "muted small", text: "Press “hint” for the reroll advisor." })));
  const seats = el("div", { class: "seats" });
  for (const c of view.characters || []) {
    const box = el("div", { class: `seat character${c.seat === view.seat ? " me" : ""}${c.dead ? " out" : ""}${c.id === view.turn_player ? " acting" : ""}`, "data-character": c.id });
    box.append(el("h3", {}, el("span", { text: c.name }), el("span", { class: "muted small", text: `Lv ${c.level} · seat ${c.seat}` })));
    const left = Math.max(0, c.hp - (c.damage || 0)); // hp is the character's maximum, damage what it has taken
    box.append(kv([["HP", `${left}/${c.hp}`], ["usage", `${c.usage}/${c.usage_max}`], ["damage taken", c.damage]]), bar(left, c.hp, "hp"));
    box.append(el("div", { class: "cards" }, ...(c.skills || []).map((s) => el("span", { class: "card", title: s.id }, s.name,
      el("span", { class: "t", text: `${s.pattern} ×${s.size}${s.values && s.values.length ? " (" + s.values.join(",") + ")" : ""} → ${s.damage}` })))));
    if ((c.abilities || []).length) box.append(el("div", { class: "small muted", text: "abilities: " + c.abilities.map((a) => a.name).join(", ") }));
    if ((c.equipment || []).length) box.append(el("div", { class: "small", text: "equipment: " + c.equipment.map((e) => e.name || e.id || e).join(", ") }));
    seats.append(box);
  }
  root.append(seats);
  if (view.result) root.append(el("div", { class: "banner", text: `${view.result}: ${view.reason || ""}` }));
  return root;
}
