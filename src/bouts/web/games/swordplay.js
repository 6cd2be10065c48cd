// Swordplay: Arena — each fighter's life and armour, readied weapons and shields, your hand
// (the others' as card backs), and the attack being defended.
import { el, bar, backs, kv, t } from "/static/games/kit.js";

function card(c) {
  const detail = c.type === "attack" ? `${c.location}${c.bonus ? ` +${c.bonus}` : ""}`
    : c.type === "defense" ? `${(c.counters || []).join("/")}${c.parry ? " parry" : ""}`
    : c.type === "weapon" ? `${c.damage} dmg, ${c.hands}h`
    : c.type === "shield" ? `${c.used ?? 0}/${c.uses} uses` : c.type === "armor" ? `armour ${c.armor ?? c.value ?? ""}` : c.type;
  return el("span", { class: `card ${c.type}`, title: c.id }, c.name, el("span", { class: "t", text: detail }));
}

export function render(view, ctx) {
  const acting = new Set(view.to_act || []);
  const root = el("div", { class: "swordplay" });
  root.append(kv([["mode", view.mode], ["phase", view.phase], ["turn", view.turn], ["deck", view.deck_size],
    ["discard", (view.discard || []).length]]));
  if (view.attack) {
    const a = view.attack;
    const attacker = view.fighters[a.attacker], target = view.fighters[a.target];
    root.append(el("div", { class: "banner attack" },
      el("b", { text: "Attack being defended: " }),
      `${attacker ? t(attacker.name) : a.attacker} → ${target ? t(target.name) : a.target}, ${a.location}`,
      a.card ? el("div", { class: "cards" }, card(a.card)) : null));
  }
  const seats = el("div", { class: "seats" });
  for (const f of view.fighters || []) {
    const mine = f.index === view.seat;
    const box = el("div", { class: `seat fighter${mine ? " me" : ""}${acting.has(f.index) ? " acting" : ""}${f.defeated ? " out" : ""}`, "data-seat": f.index });
    box.append(el("h3", {}, el("span", { text: f.name }), el("span", { class: "muted small", text: f.monster ? "monster" : mine ? "you" : (ctx.seats[f.index] || {}).kind || "" })));
    box.append(kv([["life", f.life], ["damage", f.base_damage], ["hands", f.hands]]), bar(f.life, Math.max(10, f.life), "hp"));
    const readied = [...(f.weapons || []), ...(f.shields || []), ...(f.armor ? [f.armor] : [])];
    box.append(el("div", { class: "muted small", text: "readied" }), readied.length ? el("div", { class: "cards" }, ...readied.map(card)) : el("div", { class: "muted small", text: "nothing readied" }));
    if (Array.isArray(f.hand)) box.append(el("div", { class: "muted small", text: `hand (${f.hand.length})` }), el("div", { class: "cards hand" }, ...f.hand.map(card)));
    else if (f.hand_size !== undefined) box.append(el("div", { class: "muted small", text: "hand" }), backs(f.hand_size, `${f.hand_size} cards`));
    seats.append(box);
  }
  root.append(seats);
  return root;
}
