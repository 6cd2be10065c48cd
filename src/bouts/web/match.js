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

function loadRenderer(game, hasOwn) {
  // one import per game, shared by frames that arrive while it loads
  if (rendererFor === game && renderer) return renderer;
  rendererFor = game;
  renderer = (hasOwn === false || forceGeneric ? import("/static/games/generic.js") : import(`/static/games/${game}.js`))
    .catch(() => import("/static/games/generic.js"));
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
  // a player who acts may want to hear when it is their turn again (asked once, on a click)
  if (window.Notification && Notification.permission === "default") Notification.requestPermission().catch(() => {});
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

function renderSeats() {
  // who is at the table: each seat's presence (connected, away, offline, bot) and whether it conceded
  let box = $("presence");
  if (!box) {
    box = el("ul", { id: "presence", class: "presence" });
    $("status").after(box);
  }
  box.replaceChildren(...frame.seats.map((s) => el("li", { class: `seat-presence ${s.presence}`, "data-seat": s.seat,
    text: `${s.name}: ${s.resigned ? "conceded" : s.presence}${s.seat === frame.seat ? " (you)" : ""}` })));
}

function renderControls() {
  const box = $("actions");
  box.replaceChildren();
  const spectator = frame.seat === null;
  $("hint").hidden = spectator; $("undo").hidden = spectator;
  concedeButton().hidden = spectator || frame.over;
  $("hint").disabled = !frame.legal.length;
  $("undo").disabled = !frame.can_undo || pending;
  $("outcome-tools").hidden = !frame.over;
  if (frame.over) $("save").href = "#save";
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
    console.error("table renderer failed, showing the generic table:", e);
    const generic = await import("/static/games/generic.js");
    table.replaceChildren(generic.render(data.view, { frame: data, seat: data.seat, seats: data.seats, act }));
  }
  if (data.step !== (onState.lastStep ?? -1)) $("hints").replaceChildren();
  onState.lastStep = data.step;
  renderStatus();
  renderSeats();
  renderControls();
  renderLog();
  if (frame.over && frame.rematch) offerRematch(frame.rematch);
  document.body.dataset.step = String(data.step); // for tests and scripts: the table's step count
  document.body.dataset.over = String(data.over);
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${matchId}`);
  socket.addEventListener("open", () => {
    retry = 500;
    $("conn").textContent = "connected"; $("conn").className = "conn ok";
    send({ type: "hello", token, lang: navigator.language || "en" });
    if (document.hidden) send({ type: "presence", away: true });
  });
  socket.addEventListener("message", (event) => {
    const data = JSON.parse(event.data);
    if (data.type === "state") { $("error").textContent = ""; onState(data); }
    else if (data.type === "error") {
      $("error").textContent = data.message;
      if (data.code === "auth" || data.code === "expired") refused = true;
      pending = false; if (frame) renderControls();
    } else if (data.type === "hint") {
      const hints = data.hints.length ? data.hints : ["No advice for this decision."];
      $("hints").replaceChildren(...hints.map((h) => el("li", { text: h })));
    } else if (data.type === "rematch") {
      if (data.link) $("status").replaceChildren("Rematch ready: ", el("a", { href: data.link, id: "rematch-link", text: "play it" }));
    } else if (data.type === "rematch_offer") {
      offerRematch(data.match);
    } else if (data.type === "chat") {
      chat.push(...data.messages);
      renderChat();
    } else if (data.type === "your_turn") {
      yourTurn();
    } else if (data.type === "ack" && frame && frame.over) {
      renderControls();
    }
  });
  socket.addEventListener("close", () => {
    $("conn").textContent = refused ? "refused" : "reconnecting…"; $("conn").className = "conn bad";
    if (!refused) { setTimeout(connect, retry); retry = Math.min(retry * 2, 8000); }
  });
}

// -- chat: shown as text (never as markup), with the seat's name -------------------------------------
const chat = [];
function chatPanel() {
  let panel = $("chat");
  if (panel) return panel;
  const list = el("ol", { id: "chat-lines", class: "log chat-lines" });
  const input = el("input", { id: "chat-text", maxlength: "500", placeholder: "say something…", "aria-label": "chat message", autocomplete: "off" });
  const form = el("form", { id: "chat-form" }, input, el("button", { type: "submit", text: "send" }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (input.value.trim()) send({ type: "chat", text: input.value });
    input.value = "";
  });
  panel = el("section", { id: "chat", class: "panel chat-panel" }, el("h2", { text: "Chat" }), list, form);
  document.querySelector("main").append(panel);
  return panel;
}

function renderChat() {
  const panel = chatPanel();
  panel.querySelector("form").hidden = !frame || frame.seat === null;
  const list = $("chat-lines");
  const seen = new Set();
  const lines = chat.filter((m) => !seen.has(m.id) && seen.add(m.id)).slice(-100);
  list.replaceChildren(...lines.map((m) => {
    const who = frame && frame.seats[m.seat] ? frame.seats[m.seat].name : `seat ${m.seat}`;
    return el("li", { class: "chat-line" }, el("b", { text: `${who}: ` }), document.createTextNode(m.text));
  }));
  list.scrollTop = list.scrollHeight;
}

// -- concede, your turn, rematch offers, presence ------------------------------------------------------
function concedeButton() {
  let button = $("concede");
  if (!button) {
    button = el("button", { type: "button", id: "concede", text: "concede" });
    button.addEventListener("click", () => { if (confirm("Concede this match? It counts as a resignation.")) send({ type: "concede" }); });
    $("undo").after(button);
  }
  return button;
}

const baseTitle = document.title;
function yourTurn() {
  if (document.hidden) {
    document.title = `● Your turn — ${baseTitle}`;
    if (window.Notification && Notification.permission === "granted") new Notification("bouts: your turn", { tag: matchId });
  }
  document.body.dataset.yourTurn = String(frame ? frame.step : "");
}

function offerRematch(match) {
  if ($("rematch-link") || $("rematch-offer")) return;
  const take = el("button", { type: "button", id: "rematch-offer", text: "take my seat in the rematch" });
  take.addEventListener("click", () => send({ type: "rematch" }));
  $("outcome-tools").after(take);
}

document.addEventListener("visibilitychange", () => {
  send({ type: "presence", away: document.hidden });
  if (!document.hidden) document.title = baseTitle;
});

// -- the save file: fetched with the token in a header (never in a URL), then handed to the browser ------
$("save").addEventListener("click", async (event) => {
  event.preventDefault();
  const response = await fetch(`/api/matches/${matchId}/save`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) { $("error").textContent = (await response.json()).detail || `error ${response.status}`; return; }
  const name = (response.headers.get("content-disposition") || "").match(/filename="([^"]+)"/);
  const url = URL.createObjectURL(await response.blob());
  const a = el("a", { href: url, download: name ? name[1] : `bouts-${matchId}.json` });
  document.body.append(a); a.click(); a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
});

$("hint").addEventListener("click", () => send({ type: "hint" }));
$("undo").addEventListener("click", () => { pending = true; renderControls(); send({ type: "undo" }); });
$("rematch").addEventListener("click", () => send({ type: "rematch" }));
window.addEventListener("hashchange", () => location.reload());
connect();
