// Fate/kaleido grail — the masters in fate order with their servants' HP (of each servant's own maximum), attack,
// defence, command spells, hand and mana; face-up strategy cards; every ability and Noble Phantasm (its rules on
// hover); the battle's six steps with the current one marked, each fighter's current attack and defence and the
// damage the attack under way would deal; your hand of magic cards; the deck and discard pile.
//
// Table objects: seat:<n> (a master's place), card:<instance> (magic cards in hand, face-up strategy cards),
// ability:<id> (abilities and Noble Phantasms, when the view names their ids), and the options of a set-up choice
// as <kind>:<id> when the view lists them (kaleido's action_parts were being written when this was drawn).
import { renderer } from "/static/games/kit.js";

const STEPS = ["介入", "攻撃", "防御", "ダメージ決定", "死亡判定", "撤退"];

function stepName(_, step) {
  return { 介入: _("Intervention"), 攻撃: _("Attack"), 防御: _("Defence"), ダメージ決定: _("Damage"), 死亡判定: _("Death check"), 撤退: _("Retreat") }[step] || "";
}

function phaseName(_, phase) {
  return { setup: _("Set-up"), order: _("Order part"), strategy: _("Strategy part"), battle: _("Battle part"), end: _("End part"), over: _("Game over") }[phase] || "";
}

function timingName(k, timing) {
  const _ = k._;
  return { strategy: _("strategy"), battle: _("battle"), counter: _("counter"), auto: _("automatic"), special: _("special") }[timing] || k.t(timing);
}

function durationName(k, duration) {
  const _ = k._;
  return { turn: _("turn"), battle: _("battle"), action: _("combat action"), instant: _("instant") }[duration] || k.t(duration);
}

function magic(k, c, path) {
  const _ = k._;
  return k.card({ obj: `card:${c.id}`, name: c.name, cls: "magic", path,
    title: [_("Timing") + ": " + timingName(k, c.timing), _("Duration") + ": " + durationName(k, c.duration), k.t(c.effect)].join(" · "),
    lines: [`${timingName(k, c.timing)} · ${durationName(k, c.duration)}`, k.t(c.effect)] });
}

function seatBox(view, k, p) {
  const _ = k._;
  const battle = view.battle;
  const inBattle = battle && (battle.first === p.seat || battle.second === p.seat);
  const acting = (view.to_act || []).includes(p.seat);
  const at = `players.${p.seat}`;
  const box = k.el("div", { class: `seat kaleido-seat${p.seat === view.you ? " me" : ""}${acting ? " acting" : ""}${p.alive ? "" : " out"}`,
    "data-obj": `seat:${p.seat}`, "data-seat": p.seat });
  box.append(k.el("h3", {}, k.el("span", { text: k.seatName(p.seat) }),
    k.el("span", { class: "muted small" }, p.fate ? _("fate {n}", { n: p.fate }) : "", inBattle ? " · " + (battle.first === p.seat ? _("attacks first") : _("attacks second")) : "")));
  const every = (p.abilities || []).map((a) => k.t(a)).join("\n");
  const servant = p.servant_id ? k.el("span", { class: "servant-card", "data-obj": `servant:${p.servant_id}`, title: every || null, text: k.t(p.servant) }) : k.t(p.servant) || "—";
  box.append(k.el("div", { class: "small" }, k.el("b", { text: k.t(p.master) || "—" }), " / ", servant,
    p.lurking ? " · " + _("lurking") : "", p.summoned ? " · " + _("summoned") : "", p.alive ? "" : k.el("b", { class: "error", text: " · " + _("out of the war") })));
  if (p.max_hp) box.append(k.bar(Math.max(0, p.hp), p.max_hp, { cls: "hp", path: `${at}.hp`, maxPath: `${at}.max_hp`, label: _("HP") }));
  if (!p.master) return box;  // set-up: nothing chosen yet, no numbers to show
  box.append(k.stats(k.stat(_("Attack"), p.attack, `${at}.attack`), k.stat(_("Defence"), p.defence, `${at}.defence`),
    k.stat(_("Command spells"), p.spells, `${at}.spells`), k.stat(_("Hand"), `${p.hand}/${p.max_mana}`, `${at}.hand`),
    k.stat(_("Mana accumulated"), p.accumulation, `${at}.accumulation`), k.stat(_("Mana rank"), p.mana_rank, `${at}.mana_rank`)));
  if (p.strategy) box.append(k.el("div", { class: "zone-label", text: _("Strategy card (face up)") }), k.el("div", { class: "cards" }, magic(k, p.strategy, `${at}.strategy`)));
  if (p.seat !== view.you && p.alive && p.hand) box.append(k.backs(p.hand));
  const ids = p.ability_ids || [];
  if (p.alive && (p.abilities || []).length) {  // an eliminated seat's abilities are out of the war with it
    box.append(k.el("div", { class: "zone-label", text: _("Abilities and Noble Phantasms") }), k.el("div", { class: "cards abilities" },
      ...p.abilities.map((a, i) => {
        const text = String(k.t(a));
        const cut = text.search(/ ?[(（]/);  // "Bajiquan (special attack, attack 7, cost 1)", "八極拳（特殊攻撃、…）"
        const name = cut > 0 ? text.slice(0, cut) : text;
        const rest = text.slice(name.length).trim().replace(/^[(（]/, "").replace(/[)）]$/, "");
        return k.card({ obj: ids[i] ? `ability:${ids[i]}` : null, name, title: text, cls: "ability", lines: [rest] });
      })));
  }
  return box;
}

function battlePanel(view, k) {
  const _ = k._;
  const b = view.battle;
  const now = STEPS.indexOf(b.step);
  const items = STEPS.map((s) => k.el("span", { text: stepName(_, s) }));
  const lines = [k.el("div", {}, k.el("b", {}, _("{first} against {second}", { first: k.seatName(b.first), second: k.seatName(b.second) })), " · ",
    _("round {n}", { n: b.round })),
  k.el("div", { class: "small" }, _("Battlefield"), ` ${b.field.number} ${k.t(b.field.name)}: ${k.t(b.field.effect)}`), k.steps(items, now, { cls: "battle-steps battle-loop" })];
  const fighters = (b.now || []).map((x, i) => k.el("div", { class: "small" }, k.el("b", { text: `${k.seatName(x.seat)}: ` }),
    _("attack"), " ", k.num(x.attack, `battle.now.${i}.attack`), " · ", _("defence"), " ", k.num(x.defence, `battle.now.${i}.defence`)));
  lines.push(k.el("div", { class: "fighters-now" }, ...fighters));
  if (b.strike) {
    const s = b.strike;
    lines.push(k.el("div", { class: "preview" }, k.el("b", {}, `${k.seatName(s.attacker)} → ${k.seatName(s.defender)}: ${k.t(s.method_name) || ""}`),
      s.intervention ? " (" + _("intervention") + ")" : "", " · ", _("attack"), " ", k.num(s.power, "battle.strike.power"), " − ", _("defence"), " ",
      k.num(s.defence, "battle.strike.defence"), " = ", _("damage"), " ", k.num(s.damage, "battle.strike.damage"),
      s.reverse ? k.el("span", {}, " · " + _("reverse clash damage") + " ", k.num(s.reverse, "battle.strike.reverse")) : null,
      s.clash_name ? " · " + _("clash") + ": " + k.t(s.clash_name) : "", s.guard_name ? " · " + _("guard") + ": " + k.t(s.guard_name) : ""));
  }
  if ((b.intervened || []).length) lines.push(k.el("div", { class: "small" }, _("Intervened"), ": ", b.intervened.map((x) => k.seatName(x)).join(", ")));
  return k.el("div", { class: "banner battle" }, ...lines);
}

function choices(view, k) {
  const d = view.decision;
  const options = d && (d.options || d.choices);
  if (!Array.isArray(options) || !options.length) return null;
  return k.el("div", { class: "cards choices" }, ...options.map((o) => {
    const id = typeof o === "object" ? o.id : o;
    return k.card({ obj: `${d.kind}:${id}`, name: typeof o === "object" ? o.name : id, title: typeof o === "object" ? o.text : "", lines: typeof o === "object" && o.text ? [o.text] : [] });
  }));
}

function draw(view, root, k) {
  const _ = k._;
  root.classList.add("kaleido");
  root.append(k.stats(k.stat(_("Turn"), view.turn, "turn"), k.el("span", { class: "phase", text: phaseName(_, view.phase) }),
    k.stat(_("Deck"), view.deck, "deck"), k.stat(_("Discard pile"), view.discard, "discard"),
    (view.discard_top || []).length ? k.el("span", { class: "small muted" }, _("top of the discard pile"), ": ", k.t(view.discard_top[view.discard_top.length - 1])) : null));
  if (view.outcome) {
    const o = view.outcome;
    root.append(k.el("div", { class: "banner outcome" }, k.el("b", { text: o.winner !== null && o.winner !== undefined ? _("{name} wins", { name: k.seatName(o.winner) }) : _("Nobody wins") }),
      o.reason ? ` — ${k.t(o.reason)}` : ""));
  }
  if (view.battle) root.append(battlePanel(view, k));
  if (view.decision) {
    const d = view.decision;
    root.append(k.el("div", { class: "banner small window" }, k.el("b", { text: `${k.seatName(d.seat)}: ` }), k.t(d.prompt) || "", choices(view, k)));
  }
  const effects = view.effects || [];
  if (effects.length) {
    root.append(k.el("div", { class: "small effects" }, k.el("b", { text: _("Effects in play") + ": " }),
      effects.map((e) => {
        const why = [e.source_name ? k.t(e.source_name) : "", durationName(k, e.scope), e.active ? "" : _("from the next step")].filter(Boolean).join(", ");
        return k.seatName(e.target) + " " + (e.stat === "attack" ? _("attack") : _("defence")) + " " + (e.value >= 0 ? "+" : "") + e.value + (why ? ` (${why})` : "");
      }).join(" · ")));
  }
  if (view.open) {
    // set-up (KAL-011..KAL-013): the master and servant cards still free to choose
    // each with the numbers the choice turns on: a master's hand size and mana rank, a servant's HP, attack and
    // defence, and the abilities and Noble Phantasms of both (the whole text on hover)
    const numbers = (o) => (o.max_mana !== undefined ? _("max mana {n} · mana rank {rank}", { n: o.max_mana, rank: o.mana_rank })
      : o.hp !== undefined ? _("HP {hp} · attack {attack} · defence {defence}", { hp: o.hp, attack: o.attack, defence: o.defence }) : "");
    const pick = (kind, list) => k.el("div", { class: "cards choices" }, ...(list || []).map((o) =>
      k.card({ obj: `${kind}:${o.id}`, name: k.t(o.name), cls: "setup-card", title: (o.abilities || []).map((a) => k.t(a)).join("\n"),
        lines: [numbers(o), ...(o.abilities || []).map((a) => String(k.t(a)).split(/ ?[(（]/)[0])] })));
    root.append(k.panel(_("Masters still free"), pick("master", view.open.masters)),
      k.panel(_("Servants still free"), pick("servant", view.open.servants)));
  }
  if (Array.isArray(view.hand) && view.phase !== "setup") {
    root.append(k.panel(_("Your hand"), k.el("div", { class: "cards hand" }, ...view.hand.map((c, i) => magic(k, c, `hand.${i}`))),
      k.el("div", { class: "zone-label", text: _("Your mana accumulation (face down)") }),
      k.el("div", { class: "cards accumulation" }, ...(view.accumulation || []).map((x, i) =>
        k.card({ obj: (view.accumulation_ids || [])[i] ? `card:${view.accumulation_ids[i]}` : null, name: k.t(x), cls: "magic",
          path: `accumulation.${i}` })))));
  }
  const players = view.players || [];
  const order = (view.order || []).filter((s) => players[s]);
  const rest = players.map((p) => p.seat).filter((s) => !order.includes(s));
  // your own master first (its abilities are what you act on), then the others in fate order
  const seen = [...order, ...rest];
  const mineFirst = [...seen.filter((s) => s === view.you), ...seen.filter((s) => s !== view.you)];
  root.append(k.el("div", { class: "seats" }, ...mineFirst.map((s) => seatBox(view, k, players[s]))));
}

export const render = renderer(draw, "kaleido");
