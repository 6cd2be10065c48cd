// Swordplay: Arena — the arena as the box lays it out: each fighter's Hero card with life out of its own maximum,
// readied Weapons, Shields (counters left) and Armor (what it still absorbs), the hand (the others' as backs), the
// attack being defended with what it would do, the deck and the discard pile, the turn number.
import { renderer } from "/static/games/kit.js";

function phaseName(_, phase) {
  return {
    choose_hero: _("Choose a Hero"), first_roll: _("Roll for first player"), shuffle: _("Shuffle"), discard: _("Discard"),
    ready: _("Ready"), combat: _("Combat"), defend: _("Defend"), monster_defense: _("Monster defends"),
    monster_target: _("Monster's target"), reshuffle: _("Reshuffle"), over: _("Game over"),
  }[phase] || "";
}

function locationName(_, location) {
  return { high: _("High"), low: _("Low"), left: _("Left"), right: _("Right"), dodge_only: _("Dodge only") }[location] || "";
}

// A combat card with the numbers it turns on (never its engine id).
function combatCard(k, c, path, extra = []) {
  const _ = k._;
  const lines = [];
  if (c.type === "attack") lines.push(locationName(_, c.location) + (c.bonus ? " " + _("+{bonus} damage", { bonus: c.bonus }) : ""));
  else if (c.type === "defense") lines.push((c.counters || []).map((x) => locationName(_, x)).join(" / ") + (c.parry ? " · " + _("parry") : ""));
  else if (c.type === "weapon") lines.push(_("+{damage} damage, {hands}-handed", { damage: c.damage, hands: c.hands }));
  else if (c.type === "shield") lines.push(_("{hands}-handed shield", { hands: c.hands }));
  else if (c.type === "armor") lines.push(_("absorbs {absorb}", { absorb: c.absorb }));
  return k.card({ obj: `card:${c.id}`, name: c.name, lines: [...lines, ...extra], title: c.text, cls: c.type, path });
}

function fighterBox(view, k, f) {
  const _ = k._;
  const mine = f.index === view.seat;
  const acting = (view.to_act || []).includes(f.index);
  const at = `fighters.${f.index}`;
  const box = k.el("div", { class: `seat fighter${mine ? " me" : ""}${acting ? " acting" : ""}${f.defeated ? " out" : ""}`, "data-obj": `fighter:${f.index}`, "data-seat": f.index });
  box.append(k.el("h3", {}, k.el("span", { text: f.name }),
    k.el("span", { class: "muted small", text: f.monster ? _("Monster") : mine ? _("you") : k.seatName(f.index) })));
  box.append(k.bar(f.life, f.max_life, { cls: "hp life", path: `${at}.life`, maxPath: `${at}.max_life`, label: _("Life") }));
  box.append(k.stats(k.stat(_("Base damage"), f.base_damage, `${at}.base_damage`), k.stat(_("Hands"), f.hands, `${at}.hands`),
    k.stat(_("Free hands"), f.free_hands, `${at}.free_hands`), f.defeated ? k.el("b", { class: "error", text: _("defeated") }) : null));
  const items = [];
  (f.weapons || []).forEach((w, i) => items.push(combatCard(k, w, `${at}.weapons.${i}`)));
  (f.shields || []).forEach((s, i) => {
    const left = k.el("span", {}, _("counters left"), " ", k.num(s.uses - (s.used || 0), `${at}.shields.${i}.used`), `/${s.uses}`);
    items.push(combatCard(k, s, `${at}.shields.${i}`, [left]));
  });
  if (f.armor) {
    const a = f.armor;
    const absorbs = k.el("span", { class: "absorbs" }, _("absorbs"), " ", k.num(a.left, `${at}.armor.left`, "num armor-left"), `/${a.absorb}`);
    items.push(k.card({ obj: a.id ? `card:${a.id}` : null, name: a.name, cls: "armor", lines: [absorbs], title: _("Armor absorbs damage before life; it is discarded when used up.") }));
  }
  box.append(k.el("div", { class: "zone-label", text: _("Readied") }),
    items.length ? k.el("div", { class: "cards readied" }, ...items) : k.el("div", { class: "muted small", text: _("nothing readied") }));
  if (Array.isArray(f.hand)) {
    box.append(k.el("div", { class: "zone-label" }, _("Your hand"), " ", k.num(f.hand.length, `${at}.hand_size`)),
      k.el("div", { class: "cards hand" }, ...f.hand.map((c, i) => combatCard(k, c, `${at}.hand.${i}`, k.t(c.cannot_ready) ? [k.el("i", { class: "muted", text: k.t(c.cannot_ready) })] : []))));
  } else if (f.hand_size !== undefined && !f.monster) {
    box.append(k.el("div", { class: "zone-label" }, _("Hand"), " ", k.num(f.hand_size, `${at}.hand_size`)), k.backs(f.hand_size));
  }
  return box;
}

function draw(view, root, k) {
  const _ = k._;
  root.classList.add("swordplay");
  const top = k.stats(k.stat(_("Turn"), view.turns, "turns"), k.el("span", { class: "phase", text: phaseName(_, view.phase) }),
    view.phase !== "over" && view.fighters && view.fighters[view.turn] ? k.el("span", {}, _("{name} to play", { name: view.fighters[view.turn].name })) : null,
    k.stat(_("Deck"), view.deck_size, "deck_size"), k.stat(_("Discard pile"), (view.discard || []).length, "discard"));
  root.append(top);
  const o = k.frame && k.frame.over ? k.frame.outcome : null;
  if (o) {  // how the game ended, on the table too
    root.append(k.el("div", { class: "banner outcome" }, k.el("b", { text: o.winners.length ? _("Winners: {names}", { names: o.winners.map((s) => k.seatName(s)).join(", ") }) : _("Nobody wins") }),
      o.reason ? ` — ${o.reason}` : ""));
  }
  if ((view.heroes || []).length) {
    root.append(k.panel(_("Choose a Hero"), k.el("div", { class: "cards heroes" }, ...view.heroes.map((h) => k.card({
      obj: `hero:${h.id}`, name: h.name, cls: "hero", title: h.text,
      lines: [h.hands === 1 ? _("Life {life} · base damage {damage} · 1 hand", { life: h.life, damage: h.base_damage })
        : _("Life {life} · base damage {damage} · {hands} hands", { life: h.life, damage: h.base_damage, hands: h.hands }), h.text],
    })))));
  }
  if (view.attack) {
    const a = view.attack;
    const attacker = view.fighters[a.attacker], target = view.fighters[a.target];
    const lines = [k.el("b", {}, _("{attacker} attacks {target}: {location}", { attacker: attacker ? attacker.name : "", target: target ? target.name : "", location: locationName(_, a.location) }))];
    if (a.hit) {
      const h = a.hit;
      lines.push(k.el("div", { class: "hit" }, _("If it lands"), ": ", k.num(h.damage, "attack.hit.damage"), " ", _("damage"),
        h.armor_pierced ? " · " + _("pierces Armor") : h.armor_absorbs ? k.el("span", {}, " · " + _("Armor absorbs") + " ", k.num(h.armor_absorbs, "attack.hit.armor_absorbs")) : null,
        " · " + _("life") + " ", k.num(h.life_after, "attack.hit.life_after"), h.lethal ? k.el("b", { class: "error", text: " " + _("lethal") }) : null));
    }
    root.append(k.el("div", { class: "banner attack" }, ...lines, a.card ? k.el("div", { class: "cards" }, combatCard(k, a.card, "attack.card")) : null));
  }
  root.append(k.el("div", { class: "seats arena" }, ...(view.fighters || []).map((f) => fighterBox(view, k, f))));
  const discard = view.discard || [];
  if (discard.length) {
    const topCard = discard[discard.length - 1];
    root.append(k.el("div", { class: "pile small muted" }, _("Top of the discard pile"), ": ", k.t(topCard.name)));
  }
}

export const render = renderer(draw, "swordplay");
