// Fate/kaleido grail — the masters in fate order with their servants' HP and command spells (令呪),
// the battle loop (介入 → 攻撃 → 防御 → ダメージ決定 → 死亡判定 → 撤退) with the open response window,
// face-up strategy cards, the discard pile, and your hand of magic cards with 発動 / 持続 / 消費 / 効果.
import { el, bar, backs, kv, seatName } from "/static/games/kit.js";

const STEPS = ["介入", "攻撃", "防御", "ダメージ決定", "死亡判定", "撤退"];

function magic(c) {
  return el("span", { class: "card magic", title: c.id || "" }, c.name,
    el("span", { class: "t", text: `発動 ${c.timing} · 持続 ${c.duration} · 消費 ${c.cost}` }),
    el("span", { class: "t", text: `効果 ${c.effect}` }));
}

function seatBox(view, ctx, p) {
  const battle = view.battle;
  const inBattle = battle && (battle.first === p.seat || battle.second === p.seat);
  const acting = (view.to_act || []).includes(p.seat);
  const box = el("div", { class: `seat kaleido-seat${p.seat === view.you ? " me" : ""}${acting ? " acting" : ""}${p.alive ? "" : " out"}`, "data-seat": p.seat });
  box.append(el("h3", {}, el("span", { text: seatName(ctx, p.seat) }),
    el("span", { class: "muted small", text: p.fate ? `fate ${p.fate}` : "—" })));
  box.append(el("div", { class: "small" }, el("b", { text: p.master || "?" }), ` / ${p.servant || "?"}`,
    inBattle ? el("b", { text: battle.first === p.seat ? " 先攻" : " 後攻" }) : null,
    p.lurking ? el("span", { class: "muted", text: " 潜伏" }) : null, p.summoned ? el("span", { text: " 召喚中" }) : null,
    p.alive ? null : el("span", { class: "error", text: " 脱落" })));
  box.append(kv([["HP", `${p.hp}/${p.max_hp}`], ["攻", p.attack], ["防", p.defence], ["令呪", "●".repeat(p.spells) || "0"],
    ["手札", `${p.hand}/${p.max_mana}`], ["蓄積", p.accumulation], ["魔力ランク", p.mana_rank]]), bar(Math.max(0, p.hp), p.max_hp, "hp"));
  if (p.strategy) box.append(el("div", { class: "muted small", text: "戦略カード (face up)" }), el("div", { class: "cards" }, magic(p.strategy)));
  if (p.seat !== view.you && p.alive) box.append(backs(p.hand, "hand"));
  if ((p.abilities || []).length) box.append(el("div", { class: "small muted abilities", text: p.abilities.join(" · ") }));
  return box;
}

export function render(view, ctx) {
  const root = el("div", { class: "kaleido" });
  root.append(kv([["turn", view.turn], ["part", view.phase], ["deck", view.deck], ["discard", view.discard],
    ["discard top", (view.discard_top || []).slice().reverse().join(", ") || null]]));
  const b = view.battle;
  if (b) {
    const steps = el("div", { class: "steps battle-loop" });
    for (const s of STEPS) steps.append(el("span", { class: `step${s === b.step ? " now" : ""}`, text: s }));
    const lines = [el("h3", { text: `Battle: ${seatName(ctx, b.first)} (先攻) vs ${seatName(ctx, b.second)} (後攻) — round ${b.round}` }),
      el("div", { class: "small", text: `戦場 ${b.field.number} ${b.field.name}: ${b.field.effect}` }), steps];
    if (b.strike) {
      const s = b.strike;
      lines.push(el("div", { class: "small strike", text: `${seatName(ctx, s.attacker)} → ${seatName(ctx, s.defender)}: ${s.method_name || s.method}${s.intervention ? " (介入)" : ""}${s.clash ? " 相殺 " + s.clash : ""}${s.guard ? " guard " + s.guard : ""}` }));
    }
    if ((b.intervened || []).length) lines.push(el("div", { class: "small", text: "介入: " + b.intervened.map((x) => seatName(ctx, x)).join(", ") }));
    root.append(el("div", { class: "banner battle" }, ...lines));
  }
  if (view.decision) {
    const d = view.decision;
    root.append(el("div", { class: "banner small window" }, el("b", { text: `${seatName(ctx, d.seat)}: ` }), d.prompt));
  }
  const effects = view.effects || [];
  if (effects.length) {
    root.append(el("div", { class: "small effects" }, el("b", { text: "effects: " }),
      effects.map((e) => `${seatName(ctx, e.target)} ${e.stat === "attack" ? "攻" : "防"}${e.value >= 0 ? "+" : ""}${e.value} (${e.scope}${e.active ? "" : ", next"})`).join(" · ")));
  }
  const players = view.players || [];
  const order = (view.order || []).filter((s) => players[s]);
  const rest = players.map((p) => p.seat).filter((s) => !order.includes(s));
  const seats = el("div", { class: "seats" });
  for (const s of [...order, ...rest]) seats.append(seatBox(view, ctx, players[s]));
  root.append(seats);
  if (Array.isArray(view.hand)) {
    root.append(el("div", { class: "panel" }, el("h3", { text: `Your hand (${view.hand.length})` }),
      el("div", { class: "cards hand" }, ...view.hand.map(magic)),
      el("div", { class: "muted small", text: `蓄積 (face down): ${(view.accumulation || []).join(", ") || "—"}` })));
  }
  if (view.outcome) {
    const o = view.outcome;
    root.append(el("div", { class: "banner", text: o.winner !== null && o.winner !== undefined ? `${seatName(ctx, o.winner)} wins: ${o.reason}` : o.reason }));
  }
  return root;
}
