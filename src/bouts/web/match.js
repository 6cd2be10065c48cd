// The match page: one socket, one seat (or a spectator); the game's renderer draws the table.
// Socket messages are described in docs/server.md.
import { el } from "/static/games/kit.js";

const $ = (id) => document.getElementById(id);
const matchId = location.pathname.split("/").pop();
const fragment = new URLSearchParams(location.hash.slice(1));
const token = fragment.get("token") || "";
const forceGeneric = fragment.get("renderer") === "generic"; // #token=...&renderer=generic shows the plain table
let socket = null, frame = null, renderer = null, rendererFor = null, pending = false, retry = 500, refused = false;
const log = [];

async function loadRenderer(game, hasOwn) {
  if (rendererFor === game) return renderer;
  rendererFor = game;
  try {
    renderer = hasOwn === false || forceGeneric ? await import("/static/games/generic.js") : await import(`/static/games/${game}.js`);
  } catch (e) {
    renderer = await import("/static/games/generic.js");
  }
  return renderer;
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function act(text) {
  if (!frame || pending) return;
  if (!frame.legal.some((a) => a.text === text)) return; // only a legal action can be sent
  pending = true;
  renderControls();
  send({ type: "act", action: text, step: frame.step });
}

function renderStatus() {
  const status = $("status");
  status.className = "status";
  if (frame.over) {
    status.classList.add("over");
    const o = frame.outcome;
    const names = o && o.winners.length ? o.winners.map((s) => frame.seats[s].name).join(", ") : "nobody";
    status.textContent = `Game over: ${o ? o.reason : ""}. Winners: ${names}.`;
  } else if (frame.legal.length) {
    status.classList.add("you");
    status.textContent = frame.to_act.length > 1 ? `Your decision (also waiting for ${frame.waiting_for.filter((_, i) => frame.to_act[i] !== frame.seat).join(", ")})` : "Your decision";
  } else {
    status.textContent = `Waiting for ${frame.waiting_for.join(", ") || "…"}`;
  }
  const who = frame.seat === null ? "spectator" : `you are ${frame.seats[frame.seat].name}`;
  $("title").textContent = `${frame.title} — ${who}`;
}

function renderControls() {
  const box = $("actions");
  box.replaceChildren();
  const spectator = frame.seat === null;
  $("hint").hidden = spectator; $("undo").hidden = spectator;
  $("hint").disabled = !frame.legal.length;
  $("undo").disabled = !frame.can_undo || pending;
  $("outcome-tools").hidden = !frame.over;
  if (frame.over) $("save").href = `/api/matches/${matchId}/save?token=${encodeURIComponent(token)}`;
  if (!frame.legal.length) return;
  const groups = new Map();
  for (const action of frame.legal) {
    const verb = action.text.split(" ")[0];
    if (!groups.has(verb)) groups.set(verb, []);
    groups.get(verb).push(action);
  }
  for (const [verb, actions] of groups) {
    const details = el("details", { class: "group", "data-verb": verb });
    if (groups.size === 1 || actions.length <= 8) details.open = true;
    details.append(el("summary", { text: `${verb} (${actions.length})` }));
    const buttons = actions.map((a) => {
      const b = el("button", { type: "button", class: "act", "data-action": a.text, title: a.text }, a.label, el("code", { text: a.text }));
      b.disabled = pending;
      b.addEventListener("click", () => act(a.text));
      return b;
    });
    if (actions.length > 12) {
      const filter = el("input", { class: "filter", placeholder: "filter…", "aria-label": `filter ${verb}` });
      filter.addEventListener("input", () => {
        const q = filter.value.toLowerCase();
        for (const b of buttons) b.hidden = q && !b.textContent.toLowerCase().includes(q);
      });
      details.append(filter);
    }
    details.append(...buttons);
    box.append(details);
  }
}

function renderLog() {
  const list = $("log");
  list.replaceChildren(...log.map((e) => el("li", { text: e.text })));
  list.scrollTop = list.scrollHeight;
}

async function onState(data) {
  if (data.log_from === 0) log.length = 0;
  log.length = Math.min(log.length, data.log_from);
  log.push(...data.log);
  frame = data;
  pending = false;
  const r = await loadRenderer(data.game, data.renderer);
  const table = $("table");
  try {
    table.replaceChildren(r.render(data.view, { frame: data, seat: data.seat, seats: data.seats, act }));
  } catch (e) {
    const generic = await import("/static/games/generic.js");
    table.replaceChildren(generic.render(data.view, { frame: data, seat: data.seat, seats: data.seats, act }));
  }
  if (data.step !== (onState.lastStep ?? -1)) $("hints").replaceChildren();
  onState.lastStep = data.step;
  renderStatus();
  renderControls();
  renderLog();
  document.body.dataset.step = String(data.step); // for tests and scripts: the table's step count
  document.body.dataset.over = String(data.over);
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${matchId}`);
  socket.addEventListener("open", () => {
    retry = 500;
    $("conn").textContent = "connected"; $("conn").className = "conn ok";
    send({ type: "hello", token });
  });
  socket.addEventListener("message", (event) => {
    const data = JSON.parse(event.data);
    if (data.type === "state") { $("error").textContent = ""; onState(data); }
    else if (data.type === "error") {
      $("error").textContent = data.message;
      if (data.code === "auth") refused = true;
      pending = false; if (frame) renderControls();
    } else if (data.type === "hint") {
      const hints = data.hints.length ? data.hints : ["No advice for this decision."];
      $("hints").replaceChildren(...hints.map((h) => el("li", { text: h })));
    } else if (data.type === "rematch") {
      $("status").replaceChildren("Rematch ready: ", el("a", { href: data.link, id: "rematch-link", text: "play it" }));
    }
  });
  socket.addEventListener("close", () => {
    $("conn").textContent = refused ? "refused" : "reconnecting…"; $("conn").className = "conn bad";
    if (!refused) { setTimeout(connect, retry); retry = Math.min(retry * 2, 8000); }
  });
}

$("hint").addEventListener("click", () => send({ type: "hint" }));
$("undo").addEventListener("click", () => { pending = true; renderControls(); send({ type: "undo" }); });
$("rematch").addEventListener("click", () => send({ type: "rematch" }));
window.addEventListener("hashchange", () => location.reload());
connect();
