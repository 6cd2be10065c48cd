// Dominate Grail War — the central board's four places (each master's piece and power there, the NPC, the events
// and land advantage tokens of the two battlefields), the round and situation, in the climax who is eliminated after
// the round unless something changes, each master's board (mana, command spells, spoils, jewels, the servant when
// known, cards played this round), and your own hand, cards at hand and Noble Phantasm / skill cards.
//
// The NPC's power where it stands (npc_power), each fighter's total power with its parts (cards after the situation's
// and events' modifiers, land advantage, bonuses), the start player marker (never on an eliminated master), and while
// choosing cards for a battle the power they would give there (you.power_preview).
//
// Table objects (grail_war's action_parts): place:<id>, seat:<index> (a master's piece and board), card:<id> (your
// own cards), spell:<index> (your command spells), jewel:<index> (Rin's jewels).
import { renderer } from "/static/games/kit.js";

const PLACES = ["workshop", "miyama", "shinto", "recon"];
const BATTLEFIELDS = ["miyama", "shinto"];

function placeName(_, id) {
  return { workshop: _("Workshop"), miyama: _("Miyama"), shinto: _("Shinto"), recon: _("Recon") }[id] || "";
}

function attributeName(_, a) {
  return { strength: _("Strength"), agility: _("Agility"), magic: _("Magecraft"), special: _("Special"), noble: _("Noble Phantasm") }[a] || "";
}

function timingName(_, timing) {
  return { use: _("on use"), clash: _("on clash"), residual: _("residual") }[timing] || "";
}

function who(k, view, seat) {
  const p = (view.players || [])[seat];
  const name = p && p.master_name ? String(k.t(p.master_name)) : "";
  const seatName = String(k.seatName(seat));
  return name && !seatName.includes(name) ? `${seatName} · ${name}` : seatName;  // a bot's seat is named after its master
}

function ownCard(k, c, path, extra = []) {
  const _ = k._;
  const attrs = (c.attributes || []).map((a) => attributeName(_, a)).join(" / ");
  const here = c.power_here !== undefined && c.power_here !== null && c.power_here !== c.power ? " (" + _("{n} here", { n: c.power_here }) + ")" : "";
  return k.card({ obj: `card:${c.card}`, name: c.name, path, title: `${timingName(_, c.timing) ? timingName(_, c.timing) + ": " : ""}${k.t(c.text) || ""}`,
    lines: [_("power") + " " + c.power + here + " · " + _("cost") + " " + c.cost + (attrs ? " · " + attrs : ""), ...extra] });
}

function place(view, k, id) {
  const _ = k._;
  const stake = view.at_stake;
  // data-direct: one click on a place puts or moves your piece there (its only action: no popover to confirm)
  const box = k.el("div", { class: "place area", "data-obj": `place:${id}`, "data-place": id, "data-direct": "" });
  box.append(k.el("h4", { text: placeName(_, id) }));
  const here = (view.players || []).filter((p) => p.location === id && p.master_name);
  for (const p of here) {
    const row = k.el("div", { class: "piece" }, k.figure({ seat: p.seat, label: k.seatName(p.seat), title: k.t(p.master_name) }));
    if (p.power !== null && p.power !== undefined) {
      const parts = (p.power_parts || []).map((x) => `${k.t(x.label)} (${x.value})`).join(" + ");
      row.append(" ", k.el("span", { class: "power", title: parts || null }, _("power"), " ", k.num(p.power, `players.${p.seat}.power`)));
      if (parts) row.append(k.el("div", { class: "small muted power-parts", text: `= ${parts}` }));
    }
    if (p.seat === view.start) row.append(" ", startMarker(k));
    if (p.lost) row.append(" ", k.el("b", { class: "error", text: _("lost this round") }));
    box.append(row);
  }
  const npcPower = (view.npc_power || {})[id];
  if (view.npc === id) box.append(k.el("div", { class: "piece npc-piece" }, k.figure({ label: _("NPC"), cls: "npc" }),
    npcPower !== undefined ? k.el("span", { class: "power" }, " ", _("power"), " ", k.num(npcPower, `npc_power.${id}`)) : null));
  if (id === "recon" && view.recon !== null && view.recon !== undefined && !here.some((p) => p.seat === view.recon)) {
    box.append(k.el("div", { class: "small muted" }, _("occupied by {name}", { name: who(k, view, view.recon) })));
  }
  if (id === "workshop" && (view.workshop || []).length) box.append(k.el("div", { class: "small muted" }, _("entered"), ": ", view.workshop.map((s) => k.seatName(s)).join(", ")));
  if (BATTLEFIELDS.includes(id)) {
    const events = (view.events || {})[id] || [];
    events.forEach((e, i) => box.append(e.face_down ? k.el("div", { class: "small muted event", text: _("Event (face down)") })
      : k.el("div", { class: "small event", title: k.t(e.text) }, k.el("b", { text: k.t(e.name) }), " · ", _("spoils"), " ", k.num(e.spoils, `events.${id}.${i}.spoils`), ` — ${k.t(e.text)}`)));
    const tokens = [3, 1].map((n) => {
      const holder = (view.tokens || {})[`${id}${n}`];
      return k.el("span", { class: "token", "data-path": `tokens.${id}${n}`, title: _("Land advantage +{n}", { n }) },
        `+${n} `, holder === null || holder === undefined ? _("free") : k.seatName(holder));
    });
    box.append(k.el("div", { class: "small" }, _("Land advantage"), ": ", ...tokens));
  }
  if (stake && here.some((p) => (stake.out || []).includes(p.seat))) box.classList.add("danger");
  return box;
}

// The start player marker (DGW-043), on the seat that places and acts first this round: never an eliminated one.
function startMarker(k) {
  return k.el("span", { class: "start-marker", title: k._("Start player") }, "★ ", k._("Start player"));
}

function stakePanel(view, k) {
  const _ = k._;
  const stake = view.at_stake;
  const rule = stake.once ? _("the fewest spoils drop out") : _("the {count} with the most spoils stay", { count: stake.keep });
  const out = (stake.out || []).map((s) => who(k, view, s) + " (" + _("spoils") + " " + view.players[s].spoils + ")");
  const need = new Map((stake.need || []).map(([s, n]) => [s, n]));
  const lines = [k.el("div", {}, k.el("b", { text: _("After this round") }), ` (${rule}): `,
    out.length ? _("with the spoils standing, {players} would be eliminated", { players: out.join(", ") }) : _("with the spoils standing, nobody would be eliminated"))];
  for (const [s, n] of need) {
    lines.push(k.el("div", { class: s === view.seat ? "error" : "" }, s === view.seat ? _("You are eliminated unless you gain {count} more spoils", { count: n })
      : _("{name} is eliminated unless they gain {count} more spoils", { name: who(k, view, s), count: n })));
  }
  return k.el("div", { class: "banner stake danger" }, ...lines);
}

function masterBoard(view, k, p) {
  const _ = k._;
  const mine = p.seat === view.seat;
  const at = `players.${p.seat}`;
  const box = k.el("div", { class: `seat master${mine ? " me" : ""}${(view.to_act || []).includes(p.seat) ? " acting" : ""}${p.eliminated ? " out" : ""}`, "data-seat": p.seat, "data-obj": `seat:${p.seat}` });
  box.append(k.el("h3", {}, k.el("span", { text: who(k, view, p.seat) }), p.seat === view.start && !p.eliminated ? startMarker(k) : null,
    k.el("span", { class: "muted small", text: [mine ? _("you") : "", p.eliminated ? _("eliminated") : ""].filter(Boolean).join(" · ") })));
  const stake = view.at_stake;
  if (stake && (stake.out || []).includes(p.seat)) {
    const need = new Map((stake.need || []).map(([s, n]) => [s, n]));
    box.classList.add("danger");
    box.append(k.el("div", { class: "error small at-stake" }, need.has(p.seat)
      ? _("Eliminated after this round unless {count} more spoils", { count: need.get(p.seat) }) : _("Eliminated after this round")));
  }
  box.append(k.el("div", { class: "small" }, _("Servant"), ": ", p.servant_name ? k.t(p.servant_name) : _("hidden"), p.revealed ? " (" + _("true name revealed") + ")" : ""));
  box.append(k.stats(k.stat(_("Mana"), p.infinite ? "∞" : p.mana, `${at}.mana`), k.stat(_("Spoils"), p.spoils, `${at}.spoils`),
    p.jewels ? k.stat(_("Jewels"), p.jewels, `${at}.jewels`) : null, k.stat(_("Place"), p.location ? placeName(_, p.location) : "—"),
    k.stat(_("Hand"), p.hand, `${at}.hand`), k.stat(_("Deck"), p.deck, `${at}.deck`), k.stat(_("Trash"), (p.trash || []).length, `${at}.trash`)));
  const spells = k.el("span", { class: "spells", "data-obj": mine ? `spell:${p.seat}` : null, title: _("Command spells") },
    _("Command spells"), " ", k.num(p.command_spells, `${at}.command_spells`), " ", "◆".repeat(Math.max(0, p.command_spells || 0)));
  const jewels = mine && p.jewels ? k.el("span", { class: "jewels", "data-obj": `jewel:${p.seat}` }, " · ", _("Jewel Magecraft")) : null;
  box.append(k.el("div", { class: "small" }, spells, jewels));
  const played = (p.played || []).map((c, i) => (c.face_up ? k.card({ name: c.name, cls: "attack", path: `${at}.played.${i}.power_now`,
    lines: [_("power") + " " + c.power_now + (c.power_now !== c.power ? " (" + _("printed {n}", { n: c.power }) + ")" : "") + (c.silenced ? " · " + _("no effect") : "")],
    title: k.t(c.text) }) : k.card({ face: "down" })));
  if (played.length) box.append(k.el("div", { class: "zone-label", text: _("Played this round") }), k.el("div", { class: "cards" }, ...played));
  if ((p.residual || []).length) box.append(k.el("div", { class: "small" }, _("Residual"), ": ", p.residual.map((x) => k.t(x)).join(", ")));
  if (!mine && p.hand) box.append(k.backs(p.hand));
  if (!mine && Array.isArray(p.np)) {
    const used = p.np.filter((c) => c.status === "up");
    if (used.length) box.append(k.el("div", { class: "small muted" }, _("Noble Phantasms used"), ": ", used.map((c) => k.t(c.name)).join(", ")));
  }
  return box;
}

function draw(view, root, k) {
  const _ = k._;
  root.classList.add("grail_war");
  const phase = { place: _("Outpost phase"), turn: _("Action phase"), over: _("Game over") }[view.step] || "";
  root.append(k.stats(k.stat(_("Round"), view.round, "round"), view.climax ? k.el("b", { class: "error", text: _("climax") }) : null,
    k.el("span", { class: "phase", text: phase }), view.step !== "over" && view.start !== null && view.start !== undefined ? k.el("span", { class: "starts" }, _("{name} starts", { name: k.seatName(view.start) })) : null,
    k.stat(_("Situation deck"), view.situation_deck, "situation_deck"), k.stat(_("Event deck"), view.event_deck, "event_deck"),
    view.casual ? k.el("span", { class: "muted small", text: _("Casual game") }) : null));
  if (view.winners) root.append(k.el("div", { class: "banner outcome" }, k.el("b", { text: _("Winners: {names}", { names: view.winners.map((s) => who(k, view, s)).join(", ") }) }), view.reason ? ` — ${k.t(view.reason)}` : ""));  // how it ended, first
  if (view.situation) root.append(k.el("div", { class: "banner situation" }, k.el("b", { text: _("Situation") + ": " + k.t(view.situation.name) }), ` — ${k.t(view.situation.text)}`));
  if (view.at_stake) root.append(stakePanel(view, k));
  root.append(k.panel(_("The board"), k.el("div", { class: "places map" }, ...PLACES.map((id) => place(view, k, id))),
    (view.display || []).length ? k.el("div", { class: "small muted" }, _("Situations this game"), ": ", view.display.map((x) => k.t(x)).join(", ")) : null));
  if (view.pending) {
    const pd = view.pending;
    const choices = (pd.choices || []).filter((c) => /^\d+$/.test(String(c)));
    root.append(k.el("div", { class: "banner small pending" }, k.el("b", { text: `${who(k, view, pd.seat)}: ` }), k.t(pd.card) || "",
      choices.length ? k.el("span", {}, " → ", ...choices.map((c) => k.figure({ seat: Number(c) - 1, label: who(k, view, Number(c) - 1) }))) : null));
  }
  // your own master board, then your cards, then the others' boards: on a phone what you act on comes right
  // after the central board
  const masters = (view.players || []).filter((p) => p.master_name);
  const mine = masters.filter((p) => p.seat === view.seat);
  if (mine.length) root.append(k.el("div", { class: "seats mine" }, ...mine.map((p) => masterBoard(view, k, p))));
  const you = view.you;
  if (you) {
    const chosen = new Map((you.selected || []).map((s) => [s.card, s.face_up]));
    const mark = (c) => (chosen.has(c.card) ? [k.el("b", { text: chosen.get(c.card) ? _("chosen face up") : _("chosen face down") })] : []);
    const me = (view.players || [])[you.seat] || {};
    const where = { place: placeName(_, me.location) };
    const preview = you.power_preview !== null && you.power_preview !== undefined
      ? k.el("div", { class: "banner preview" }, k.el("b", {}, (you.selected || []).length ? _("Your power at {place} with the chosen cards", where)
        : _("Your power at {place} before choosing cards", where), ": "),
        k.num(you.power_preview, "you.power_preview"), " ", k.el("span", { class: "small muted", text: _("(situation, events and land advantage counted)") }))
      : null;
    const panel = k.panel(_("Your cards"), preview, k.el("div", { class: "zone-label" }, _("Hand"), " · ", _("deck"), " ", k.num(you.deck, "you.deck")),
      k.el("div", { class: "cards hand" }, ...(you.hand || []).map((c, i) => ownCard(k, c, `you.hand.${i}`, mark(c)))));
    if ((you.at_hand || []).length) panel.append(k.el("div", { class: "zone-label", text: _("At hand") }), k.el("div", { class: "cards" }, ...you.at_hand.map((c, i) => ownCard(k, c, `you.at_hand.${i}`, mark(c)))));
    if ((you.np || []).length) {
      panel.append(k.el("div", { class: "zone-label", text: _("Noble Phantasm and skill cards") }), k.el("div", { class: "cards" },
        ...you.np.map((c, i) => ownCard(k, c, `you.np.${i}`, [c.status === "up" ? _("used") : _("ready"), ...mark(c)]))));
    }
    root.append(panel);
  }
  root.append(k.el("div", { class: "seats" }, ...masters.filter((p) => p.seat !== view.seat).map((p) => masterBoard(view, k, p))));
}

export const render = renderer(draw, "grail_war");
