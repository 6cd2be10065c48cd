// Fate/Grand Order Duel — the map board with every area link (diagonals dashed), each master's figures on it (a
// figure is moved by clicking it, then the command card paid, then the destination area), both masters' status
// cards with skills, NP and the chain counter, your hand of command cards (the opponent's as backs), the sealed
// battle choice and the last battle's totals.
import { renderer } from "/static/games/kit.js";

function phaseName(_, phase) {
  return {
    party: _("Party building"), first_player: _("Deciding the first player"), shuffle: _("Shuffling"), mulligan: _("Mulligan"),
    start: _("Start phase"), action: _("Action phase"), trigger: _("Trigger skill"), battle: _("Battle"),
    remove: _("Rebuilding the command deck"), end_move: _("End phase"), over: _("Game over"),
  }[phase] || "";
}

function typeName(_, type) {
  return { buster: _("Buster"), arts: _("Arts"), quick: _("Quick") }[type] || "";
}

function chainName(_, chain) {
  return { brave: _("Brave chain"), buster: _("Buster chain"), arts: _("Arts chain"), quick: _("Quick chain") }[chain] || "";
}

function skillState(_, state) {
  return { face_down: _("face down"), face_up: _("face up"), removed: _("removed from the game") }[state] || "";
}

// A command card: its type and power, the servant it belongs to. Only the viewer's own cards name a table object
// (card ids are per master: both masters may have a Mash card 2, and only one's own cards are ever acted on).
function command(k, c, path, own = true) {
  const el = k.card({ obj: own ? `card:${c.id}` : null, name: `${typeName(k._, c.type)} ${c.power}`, lines: [c.short], title: c.name, cls: `command ${c.type}`, path });
  el.dataset.value = String(c.power);
  return el;
}

function board(view, k) {
  const _ = k._;
  const map = view.map;
  const areas = map.areas || [];
  const xs = areas.map((a) => a.pos[0]), ys = areas.map((a) => a.pos[1]);
  // north (the larger y: the second player's master area) at the top, as the printed map, the terminal and the
  // areas' names (Master area (north)) have it
  const minX = Math.min(...xs), minY = Math.min(...ys), maxY = Math.max(...ys);
  const cols = Math.max(...xs) - minX + 1, rows = maxY - minY + 1;
  const at = new Map(areas.map((a) => [a.id, a]));
  const figures = new Map();
  for (const m of view.masters || []) for (const s of m.party || []) {
    if (!s.area) continue;
    if (!figures.has(s.area)) figures.set(s.area, []);
    figures.get(s.area).push([m.seat, s]);
  }
  const lines = k.svg("g", { class: "links" });
  for (const [a, b] of map.links || []) {
    const p = at.get(a), q = at.get(b);
    if (!p || !q) continue;
    const diagonal = p.pos[0] !== q.pos[0] && p.pos[1] !== q.pos[1];
    lines.append(k.svg("line", { x1: p.pos[0] - minX + 0.5, y1: maxY - p.pos[1] + 0.5, x2: q.pos[0] - minX + 0.5, y2: maxY - q.pos[1] + 0.5,
      class: diagonal ? "diagonal" : "straight", "data-link": `${a}|${b}`, "vector-effect": "non-scaling-stroke" }));
  }
  const drawing = k.svg("svg", { viewBox: `0 0 ${cols} ${rows}`, preserveAspectRatio: "none", "aria-hidden": "true" }, lines);
  const cells = k.el("div", { class: "cells" });
  cells.style.gridTemplateColumns = `repeat(${cols}, minmax(0, 1fr))`;
  cells.style.gridTemplateRows = `repeat(${rows}, auto)`;
  for (const a of areas) {
    const master = a.master !== null && a.master !== undefined;
    const cell = k.el("div", { class: `area${master ? " master" + a.master : ""}`, "data-obj": `area:${a.id}`, "data-area": a.id, title: a.name },
      k.el("span", { class: "name", text: master ? _("{name}'s master area", { name: k.seatName(a.master) }) : a.name }),
      ...(figures.get(a.id) || []).map(([seat, s]) => k.figure({ obj: `figure:${s.figure}`, seat, label: s.short, title: [k.t(s.name), k.t(s.class_name), _("cost {cost}", { cost: s.cost })].join(" · ") })));
    cell.style.gridColumn = String(a.pos[0] - minX + 1);
    cell.style.gridRow = String(maxY - a.pos[1] + 1);
    cells.append(cell);
  }
  const wrap = k.el("div", { class: "board map" }, drawing, cells);
  // the board keeps its cells square-ish so the links meet the areas' centres
  wrap.style.aspectRatio = `${cols} / ${rows * 0.48}`;
  cells.style.height = "100%";
  cells.style.gridTemplateRows = `repeat(${rows}, minmax(0, 1fr))`;
  return k.panel(map.name, wrap);
}

function servantCard(k, m, s, i) {
  const _ = k._;
  const path = `masters.${m.seat}.party.${i}`;
  const lines = [k.el("span", {}, [k.t(s.class_name), _("cost {cost}", { cost: s.cost })].join(" · ")),
    k.el("span", {}, (s.commands || []).map((c) => `${typeName(_, c.type)} ${c.power}`).join(" · "))];
  if (!s.area) lines.push(k.el("b", { class: "error", text: _("destroyed") }));
  const status = k.card({ name: s.name, lines, cls: "status", path });
  const out = [status];
  if (s.skill) {
    const sk = s.skill;
    out.push(k.card({ obj: `skill:${sk.card}`, name: sk.name || _("Skill card"), title: sk.text || "",
      lines: [skillState(_, sk.state), sk.np_cost !== undefined ? _("NP {cost}", { cost: sk.np_cost }) : null, sk.text || null], cls: `skill ${sk.state}`, path: `${path}.skill.state` }));
  }
  return out;
}

function masterBox(view, k, m) {
  const _ = k._;
  const mine = m.seat === view.seat;
  const acting = (view.to_act || []).includes(m.seat);
  const at = `masters.${m.seat}`;
  const box = k.el("div", { class: `seat master${mine ? " me" : ""}${acting ? " acting" : ""}`, "data-seat": m.seat });
  box.append(k.el("h3", {}, k.el("span", { text: k.seatName(m.seat) }), k.el("span", { class: "muted small", text: mine ? _("you") : m.first ? _("first player") : "" })));
  box.append(k.stats(k.stat(_("NP"), m.np, `${at}.np`), k.stat(_("Deck"), m.deck_size, `${at}.deck_size`), k.stat(_("Hand"), m.hand_size, `${at}.hand_size`),
    k.stat(_("Trash"), (m.trash || []).length, `${at}.trash`), k.stat(_("Card total"), m.card_total, `${at}.card_total`),
    k.stat(_("Chain chips in effect"), m.chip_power, `${at}.chip_power`)));
  const squares = [0, 1, 2].map((q) => k.el("span", { class: "token", title: _("Chain counter square {n}", { n: q + 1 }) },
    (m.chips || []).filter((c) => c.square === q).map((c) => chainName(_, c.chain)).join(", ") || "·"));
  box.append(k.el("div", { class: "zone-label", text: _("Chain counter") }), k.el("div", { class: "small chain-counter" }, ...squares));
  const party = (m.party || []).flatMap((s, i) => servantCard(k, m, s, i));
  if (party.length) box.append(k.el("div", { class: "zone-label", text: _("Party") }), k.el("div", { class: "cards party" }, ...party));
  if (Array.isArray(m.hand)) {
    box.append(k.el("div", { class: "zone-label", text: _("Your hand") }), k.el("div", { class: "cards hand" }, ...m.hand.map((c, i) => command(k, c, `${at}.hand.${i}`))));
  } else if (m.hand_size) box.append(k.el("div", { class: "zone-label", text: _("Hand") }), k.backs(m.hand_size));
  if (Array.isArray(m.battle) && m.battle.length) {
    const total = m.battle.reduce((n, c) => n + c.power, 0);
    box.append(k.el("div", { class: "zone-label" }, _("Battle cards"), " · ", _("cards' power"), " ", k.el("b", { class: "num", text: String(total) })),
      k.el("div", { class: "cards battle" }, ...m.battle.map((c, i) => command(k, c, `${at}.battle.${i}`, mine))));
  } else if (m.battle_cards) box.append(k.el("div", { class: "zone-label", text: _("Battle cards (sealed)") }), k.backs(m.battle_cards));
  if ((m.trash || []).length) box.append(k.el("div", { class: "zone-label", text: _("Trash") }), k.el("div", { class: "cards trash" }, ...m.trash.map((c, i) => command(k, c, `${at}.trash.${i}`, mine))));
  return box;
}

function lastBattle(view, k) {
  const _ = k._;
  const b = view.last_battle;
  const rows = Object.entries(b.seats || {}).map(([s, x]) => k.el("div", { class: "small" },
    k.el("b", { text: `${k.seatName(Number(s))}: ` }), _("total"), " ", k.el("b", { class: "num total", "data-path": `last_battle.seats.${s}.total`, text: String(x.total) }),
    " = " + [[_("cards"), x.cards_power], [_("Buster"), x.buster], [_("Brave chain"), x.brave], [_("chain chips"), x.chips], [_("skills"), x.skills]]
      .filter(([, n], i) => i === 0 || n).map(([what, n]) => what + " " + n).join(" + "),
    (x.chains || []).length ? ` · ${(x.chains || []).map((c) => chainName(_, c)).join(", ")}` : "",
    k.el("span", { class: "muted" }, " · ", (x.cards_text || []).map((c) => k.t(c)).join(", "))));
  const result = b.result === "attacker" ? _("the attacker won") : b.result === "defender" ? _("the defender held") : _("a draw");
  return k.el("div", { class: "banner small last-battle" }, k.el("b", { text: _("Last battle") }), ` — ${result}`, ...rows);
}

function draw(view, root, k) {
  const _ = k._;
  root.classList.add("fgo");
  root.append(k.stats(k.stat(_("Turn"), view.turns, "turns"), k.el("span", { class: "phase", text: phaseName(_, view.phase) }),
    view.phase !== "party" && view.first !== null && view.first !== undefined ? k.el("span", {}, _("{name} went first", { name: k.seatName(view.first) })) : null,
    k.el("span", { class: "muted small", text: view.advanced ? _("Advanced rules") : _("Basic rules") }),
    k.stat(_("Cost limit"), view.cost_cap, "cost_cap")));
  if ((view.roster || []).length) {
    // each servant's skill cards sit inside its status card: the popover a click on the servant opens goes below
    // them, never over the skill card to click next
    root.append(k.panel(_("Servants to choose from"), k.el("div", { class: "cards roster" }, ...view.roster.map((s) => k.el("div", { class: "pick" },
      k.card({ obj: `servant:${s.id}`, name: s.name, cls: "status", lines: [[k.t(s.class_name), _("cost {cost}", { cost: s.cost }), "★".repeat(s.rarity || 0)].join(" · "),
        (s.commands || []).map((c) => `${typeName(_, c.type)} ${c.power}`).join(" · "),
        (s.skills || []).length ? k.el("span", { class: "cards skills" }, ...s.skills.map((sk) => k.card({ obj: `skill:${sk.card}`, name: sk.name, title: sk.text, cls: "skill",
          lines: [_("NP {cost}", { cost: sk.np_cost }), sk.text] }))) : null] }))))));
  }
  if (view.attack) {
    const a = view.attack;
    const where = (id) => ((view.map.areas || []).find((x) => x.id === id) || {}).name || "";
    root.append(k.el("div", { class: "banner attack" }, k.el("b", { text: _("Battle") }), " ",
      a.defender ? _("{attacker} attacks {defender} in {area}", { attacker: a.attacker_name, defender: a.defender_name, area: where(a.destination) })
        : _("{attacker} moves into {area}", { attacker: a.attacker_name, area: where(a.destination) })));
  }
  if (view.map) root.append(board(view, k));
  if (view.last_battle) root.append(lastBattle(view, k));
  const seats = k.el("div", { class: "seats" }, ...(view.masters || []).map((m) => masterBox(view, k, m)));
  seats.style.gridTemplateColumns = "repeat(auto-fit, minmax(230px, 1fr))";  // the two masters share the width
  root.append(seats);
  if (view.winner !== null && view.winner !== undefined) {
    root.append(k.el("div", { class: "banner outcome" }, k.el("b", { text: _("{name} wins", { name: k.seatName(view.winner) }) }), view.reason ? ` — ${k.t(view.reason)}` : ""));
  }
}

export const render = renderer(draw, "fgo");
