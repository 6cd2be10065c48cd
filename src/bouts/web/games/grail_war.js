// Dominate Grail War: the central board (the four places with their pieces, power tracks, events and land
// advantage tokens, the NPC), the round and situation, each master's mana, command spells, spoils and
// (when known) servant, and your own hand, cards at hand and NP/skill cards. Other hands are card backs.
import { el, bar, backs, kv, t } from "/static/games/kit.js";

const PLACES = [["workshop", "Workshop 魔術工房"], ["miyama", "Miyama 深山町"], ["shinto", "Shinto 新都"], ["recon", "Recon 偵察"]];
const ATTR = { strength: "筋", agility: "敏", magic: "魔", special: "特", np: "宝" };

function who(view, seat) {
  const p = (view.players || [])[seat];
  if (!p) return `P${seat + 1}`;
  return p.master_name ? `P${seat + 1} ${t(p.master_name)}` : `P${seat + 1}`;
}

function card(c, extra = "") {
  const attrs = (c.attributes || []).map((a) => ATTR[a] || a).join("/");
  return el("span", { class: "card", title: `${c.card || ""} ${t(c.text) || ""}`.trim(), style: "white-space:normal;max-width:100%" },
    c.name, el("span", { class: "t", text: `power ${c.power} · cost ${c.cost}${attrs ? " · " + attrs : ""}${extra}` }),
    c.text ? el("span", { class: "small muted", style: "display:block", text: t(c.text) }) : null);
}

function place(view, id, label) {
  const box = el("div", { class: "area", "data-place": id });
  box.append(el("span", { class: "name", text: label }));
  for (const p of view.players || []) {
    if (p.location !== id) continue;
    const power = p.power !== null && p.power !== undefined ? ` · power ${p.power}` : "";
    box.append(el("div", { class: `fig s${p.seat % 2}`, text: `${who(view, p.seat)}${power}${p.lost ? " · 敗北" : ""}` }));
    if (p.power !== null && p.power !== undefined) box.append(bar(p.power, Math.max(20, p.power), "hp"));
  }
  if (view.npc === id) box.append(el("div", { class: "fig", style: "background:#555", text: "NPC · power 11" }), bar(11, 20, "hp"));
  if (id === "miyama" || id === "shinto") {
    const events = (view.events || {})[id] || [];
    for (const e of events) {
      box.append(e.face_down ? el("div", { class: "small muted", text: "event: face down" })
        : el("div", { class: "small", title: t(e.text), text: `event: ${t(e.name)} (${e.spoils} spoils) — ${t(e.text)}` }));
    }
    const tokens = [`${id}3`, `${id}1`].map((t) => {
      const holder = (view.tokens || {})[t];
      return `+${t.slice(-1)}: ${holder === null || holder === undefined ? "free" : who(view, holder)}`;
    });
    box.append(el("div", { class: "small muted", text: `land ${tokens.join(", ")}` }));
  }
  return box;
}

export function render(view, ctx) {
  const root = el("div", { class: "grail_war" });
  const phase = { place: "Outpost phase", turn: "Action phase", over: "Game over" }[view.step] || view.step;
  root.append(kv([["round", `${view.round}${view.climax ? " (climax)" : ""}`], ["phase", phase], ["start player", who(view, view.start)],
    ["situation deck", view.situation_deck], ["event deck", view.event_deck], ["rules", view.casual ? "Casual" : "standard"]]));
  if (view.situation) root.append(el("div", { class: "banner" }, el("b", { text: `Situation: ${t(view.situation.name)}` }), ` — ${t(view.situation.text)}`));
  if ((view.display || []).length) root.append(el("div", { class: "small muted", text: `round display: ${view.display.map(t).join(", ")}` }));
  const board = el("div", { class: "map", style: "grid-template-columns:repeat(2,minmax(0,1fr))" });
  for (const [id, label] of PLACES) board.append(place(view, id, label));
  root.append(el("div", { class: "panel" }, el("h3", { text: "Board" }), board));
  const seats = el("div", { class: "seats" });
  for (const p of view.players || []) {
    if (!p.master_name) continue;
    const mine = p.seat === view.seat;
    const box = el("div", { class: `seat master${mine ? " me" : ""}${(view.to_act || []).includes(p.seat) ? " acting" : ""}${p.eliminated ? " out" : ""}`, "data-seat": p.seat });
    box.append(el("h3", {}, el("span", { text: who(view, p.seat) }), el("span", { class: "muted small", text: mine ? "you" : ((ctx.seats || [])[p.seat] || {}).kind || "" })));
    box.append(kv([["mana", p.infinite ? "∞" : p.mana], ["command spells", p.command_spells], ["spoils", p.spoils],
      ["jewels", p.jewels || null], ["servant", p.servant_name ? `${t(p.servant_name)}${p.revealed ? " (revealed)" : ""}` : "hidden"],
      ["place", p.location || "—"]]), bar(p.mana, 12));
    box.append(el("div", { class: "small muted", text: `hand ${p.hand} · deck ${p.deck} · trash ${(p.trash || []).length}${p.eliminated ? " · eliminated" : ""}` }));
    const played = (p.played || []).map((c) => (c.face_up ? el("span", { class: "card attack", text: `${t(c.name)} ${c.power_now}` }) : el("span", { class: "card back", text: "?" })));
    if (played.length) box.append(el("div", { class: "cards" }, ...played));
    if (!mine && p.hand) box.append(backs(p.hand, `${p.hand} in hand`));
    seats.append(box);
  }
  root.append(seats);
  const you = view.you;
  if (you) {
    const chosen = new Set((you.selected || []).map((s) => s.card));
    const mine = el("div", { class: "panel" }, el("h3", { text: `Your cards (deck ${you.deck})` }));
    mine.append(el("div", { class: "cards hand" }, ...(you.hand || []).map((c) => card(c, chosen.has(c.card) ? " · chosen" : ""))));
    if ((you.at_hand || []).length) mine.append(el("div", { class: "small muted", text: "at hand" }), el("div", { class: "cards" }, ...you.at_hand.map((c) => card(c))));
    if ((you.np || []).length) mine.append(el("div", { class: "small muted", text: "NP/skill cards" }), el("div", { class: "cards" }, ...you.np.map((c) => card(c, ` · ${c.status}`))));
    root.append(mine);
  }
  if (view.pending) root.append(el("div", { class: "banner", text: `${who(view, view.pending.seat)} decides: ${view.pending.kind} ${t(view.pending.card) || ""}` }));
  if (view.winners) root.append(el("div", { class: "banner", text: `Winners: ${view.winners.map((s) => who(view, s)).join(", ")} — ${t(view.reason)}` }));
  return root;
}
