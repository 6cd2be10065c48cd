// Fate/Grand Order Duel — the map with each master's figures, your hand of command cards (the
// opponent's as backs), the sealed battle choice, the chain counter, NP and skills.
import { el, backs, kv, seatName } from "/static/games/kit.js";

function command(c) {
  return el("span", { class: `card ${c.type}`, title: c.id || "" }, `${c.type} ${c.power}`, el("span", { class: "t", text: c.servant || "" }));
}

export function render(view, ctx) {
  const root = el("div", { class: "fgo" });
  root.append(kv([["phase", view.phase], ["turn", view.turn], ["rules", view.advanced ? "advanced" : "basic"], ["first", seatName(ctx, view.first)]]));
  const areas = view.map ? view.map.areas : [];
  const xs = areas.map((a) => a.pos[0]), ys = areas.map((a) => a.pos[1]);
  const minX = Math.min(...xs), minY = Math.min(...ys), cols = Math.max(...xs) - minX + 1;
  const grid = el("div", { class: "map", "aria-label": "map" });
  grid.style.gridTemplateColumns = `repeat(${cols}, minmax(0, 1fr))`;
  const figures = new Map();
  for (const m of view.masters || []) for (const s of m.party || []) {
    if (!s.area) continue;
    if (!figures.has(s.area)) figures.set(s.area, []);
    figures.get(s.area).push([m.seat, s]);
  }
  for (const a of areas) {
    const cell = el("div", { class: `area${a.master !== null && a.master !== undefined ? " master" + a.master : ""}`, "data-area": a.id, title: a.id },
      el("span", { class: "name", text: a.name }),
      ...(figures.get(a.id) || []).map(([seat, s]) => el("span", { class: `fig s${seat}`, title: `${s.name} (${s.class})`, text: s.class ? s.class[0] + s.slot : s.id })));
    cell.style.gridColumn = String(a.pos[0] - minX + 1);
    cell.style.gridRow = String(a.pos[1] - minY + 1);
    grid.append(cell);
  }
  root.append(el("div", { class: "panel" }, el("h3", { text: view.map ? view.map.name : "map" }), grid));
  const areaName = (id) => (areas.find((a) => a.id === id) || { name: id || "—" }).name;
  if (view.attack) {
    const a = view.attack;
    root.append(el("div", { class: "banner attack" }, el("b", { text: "Attack: " }),
      `${a.attacker} → ${a.defender || "empty area"} in ${areaName(a.destination)} (from ${areaName(a.origin)})`));
  }
  if (view.last_battle) {
    const b = view.last_battle;
    root.append(el("div", { class: "banner small last-battle" }, el("b", { text: "Last battle: " }),
      ...Object.entries(b.seats || {}).map(([s, x]) => el("div", { text: `${seatName(ctx, Number(s))}: ${x.servant} total ${x.total} ${(x.chains || []).join(" ")}` })),
      el("div", { text: `result: ${b.result}` })));
  }
  const seats = el("div", { class: "seats" });
  for (const m of view.masters || []) {
    const mine = m.seat === view.seat;
    const box = el("div", { class: `seat master${mine ? " me" : ""}${(view.to_act || []).includes(m.seat) ? " acting" : ""}`, "data-seat": m.seat });
    box.append(el("h3", {}, el("span", { text: seatName(ctx, m.seat) }), el("span", { class: `fig s${m.seat}`, text: mine ? "you" : "master" })));
    box.append(kv([["NP", m.np], ["deck", m.deck_size], ["hand", m.hand_size], ["trash", (m.trash || []).length],
      ["card total", m.card_total], ["battle cards", m.battle_cards]]));
    const squares = [0, 1, 2].map((q) => (m.chips || []).filter((c) => c.square === q).map((c) => c.chain[0].toUpperCase()).join("") || "·");
    box.append(el("div", { class: "small chain-counter" }, el("b", { text: "chain counter: " }), `start ${squares.join(" | ")} right`));
    const sealed = Array.isArray(m.sealed_choice) ? `yours: ${m.sealed_choice.join(" ") || "—"}` : m.has_chosen ? "made (sealed)" : "not yet";
    box.append(el("div", { class: "small sealed" }, el("b", { text: "sealed choice: " }), sealed));
    for (const s of m.party || []) {
      box.append(el("div", { class: "small" }, el("span", { class: `fig s${m.seat}`, text: s.class ? s.class[0] + s.slot : "" }),
        ` ${s.name} (${s.class}, cost ${s.cost})`, s.area ? "" : el("span", { class: "error", text: " destroyed" }),
        s.skill ? el("span", { class: "muted", title: s.skill.text || "", text: ` skill: ${s.skill.name || "(face down)"} [${s.skill.state}]${s.skill.np_cost !== undefined ? " NP " + s.skill.np_cost : ""}` }) : ""));
    }
    if (Array.isArray(m.hand)) box.append(el("div", { class: "muted small", text: "your hand" }), el("div", { class: "cards hand" }, ...m.hand.map(command)));
    else box.append(el("div", { class: "muted small", text: "hand" }), backs(m.hand_size || 0));
    if (Array.isArray(m.battle) && m.battle.length) box.append(el("div", { class: "muted small", text: "battle cards" }), el("div", { class: "cards" }, ...m.battle.map(command)));
    seats.append(box);
  }
  root.append(seats);
  if (view.winner !== null && view.winner !== undefined) root.append(el("div", { class: "banner", text: `${seatName(ctx, view.winner)} wins: ${view.reason}` }));
  return root;
}
