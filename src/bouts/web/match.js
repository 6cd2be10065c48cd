// The match page: one socket, one seat (or a spectator); the game's renderer draws the table, this page makes it
// playable (act.js), shows what changed, the log by turn with the rule behind each line, hints, chat, presence.
// Socket messages: docs/server.md; the frame and the renderer contract: docs/web.md.
import { _, loadCatalog, languageSwitch, lang } from "/static/i18n.js";
import { TableActions } from "/static/act.js";
import { places, moved } from "/static/games/kit.js";

const $ = (id) => document.getElementById(id);
const matchId = location.pathname.split("/").pop();
const fragment = new URLSearchParams(location.hash.slice(1));
const token = fragment.get("token") || "";
const forceGeneric = fragment.get("renderer") === "generic"; // #token=...&renderer=generic shows the plain table
let socket = null, frame = null, renderer = null, rendererFor = null, pending = false, retry = 500, refused = false;
let online = false, menuKey = "", viewStep = -1, hint = null, actions = null, listToggled = false;
// What "pending" waits for: "act" (an action: only its answer ends it, a frame with `ack` or an error, never
// another seat's frame that crossed it on the wire) or "undo" (no `ack`: the table's next step answers it).
// `fresh`: the next state frame is the first of a (new) connection, which ends whatever was pending.
let pendingKind = null, fresh = false;
const log = [];
const clauses = {};
const chat = [];

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v; else if (k === "text") node.textContent = v; else node.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

function loadRenderer(game, hasOwn) {
  // one import per game, shared by frames that arrive while it loads
  if (rendererFor === game && renderer) return renderer;
  rendererFor = game;
  renderer = (hasOwn === false || forceGeneric ? import("/static/games/generic.js") : import(`/static/games/${game}.js`))
    .catch(() => import("/static/games/generic.js"));
  return renderer;
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) { socket.send(JSON.stringify(message)); return true; }
  return false;
}

function showError(text) { $("error").textContent = text; }

// A note about the table that does not block it (a choice another seat's move closed): shown where the player
// looks (over the table; on a phone above the decision panel), gone at their next click or after a while.
let noteTimer = 0;
function showNote(text) {
  const note = $("choice-note");
  clearTimeout(noteTimer);
  note.textContent = text;
  note.hidden = !text;
  if (text) noteTimer = setTimeout(() => showNote(""), 12_000);
}

// Take an action (a menu entry, or its text form). Never lost silently: offline, the page says so.
function act(entry) {
  if (!online) { showError(_("Not connected: your action was not sent. The page reconnects by itself; try again then.")); return; }
  if (!frame || pending || !entry) return;
  const text = typeof entry === "string" ? entry : entry.text;
  if (!frame.menu.some((a) => a.text === text)) return; // only a legal action can be sent
  if (!send({ type: "act", action: text, step: frame.step, version: frame.version })) { connectionLost(); return; }
  setPending("act");
  renderControls(true);
  // a player who acts may want to hear when it is their turn again (asked once, on a click)
  if (window.Notification && Notification.permission === "default") Notification.requestPermission().catch(() => {});
}

function setPending(kind) {
  pending = kind !== null;
  pendingKind = kind;
  if (pending) document.body.dataset.pending = kind; else delete document.body.dataset.pending;
}

// -- status, seats, title ---------------------------------------------------------------------------
function seatName(seat) { return frame && frame.seats[seat] ? frame.seats[seat].name : _("Seat {number}", { number: seat + 1 }); }

function renderStatus() {
  const status = $("status");
  status.className = "status";
  if (frame.over) {
    status.classList.add("over");
    const o = frame.outcome;
    const names = o && o.winners.length ? o.winners.map(seatName).join(", ") : _("nobody");
    status.textContent = _("Game over: {reason}. Winners: {names}.", { reason: o ? o.reason : "", names });
  } else if (frame.menu.length) {
    status.classList.add("you");
    const others = frame.to_act.filter((s) => s !== frame.seat).map(seatName);
    status.textContent = others.length ? _("Your decision (also waiting for {names})", { names: others.join(", ") }) : _("Your decision");
  } else {
    status.textContent = _("Waiting for {names}", { names: frame.waiting_for.join(", ") || "…" });
  }
  const who = frame.seat === null ? _("spectator") : _("you are {name}", { name: seatName(frame.seat) });
  $("title").textContent = `${frame.title} — ${who}`;
  // the tab says whose turn it is, so a player in another tab sees when it is theirs
  const mine = frame.menu.length > 0 && !frame.over;
  const yours = "● " + _("Your turn"), over = _("Game over");
  const waiting = _("Waiting for {names}", { names: frame.waiting_for.join(", ") || "…" });
  document.title = (mine ? yours : frame.over ? over : waiting) + " — " + frame.title + " · bouts";
}

function renderSeats() {
  // who is at the table: each seat's presence (connected, away, offline, bot) and whether it conceded
  const box = $("presence");
  box.setAttribute("aria-label", _("Players"));
  const words = { connected: _("connected"), away: _("away"), offline: _("offline"), bot: _("bot") };
  const conceded = _("conceded"), you = " (" + _("you") + ")";
  box.replaceChildren(...frame.seats.map((s) => el("li", { class: `seat-presence ${s.presence}${frame.to_act.includes(s.seat) ? " acting" : ""}`, "data-seat": s.seat,
    text: s.name + ": " + (s.resigned ? conceded : words[s.presence] || s.presence) + (s.seat === frame.seat ? you : "") })));
}

// -- the decision: plain controls, the fallback list ---------------------------------------------------
function renderControls(force = false) {
  const spectator = frame.seat === null;
  const live = online && !pending;
  $("hint").hidden = spectator; $("undo").hidden = spectator;
  $("concede").hidden = spectator || frame.over;
  $("hint").disabled = !frame.menu.length || !online;
  $("undo").disabled = !frame.can_undo || !live;
  $("concede").disabled = !online;
  $("outcome-tools").hidden = !frame.over;
  const key = JSON.stringify(frame.menu.map((a) => a.text));  // the same decision keeps its panel (open groups, filter)
  if (key !== menuKey || force) {
    const fresh = key !== menuKey;
    menuKey = key;
    if (fresh) renderActionList();
  }
  for (const b of document.querySelectorAll("#actions button.act, #plain button.act")) b.disabled = !live;
  if (actions) actions.setEnabled(live);
}

function groupsOf(entries) {
  const groups = new Map();
  for (const action of entries) {
    const name = action.group || _("Actions");
    if (!groups.has(name)) groups.set(name, []);
    groups.get(name).push(action);
  }
  return groups;
}

function actionButton(a) {
  const b = el("button", { type: "button", class: `act${hint && hint.action === a.text ? " hinted" : ""}`, "data-action": a.text, text: a.label });
  b.addEventListener("click", () => act(a));
  return b;
}

function renderActionList() {
  // a new decision: the plain controls (no table object) in the decision bar, every action in words below
  const plain = frame.menu.filter((a) => !(a.objects || []).length && !(a.select || []).length);
  $("plain").replaceChildren(...plain.map(actionButton));
  const box = $("actions");
  const wasOpen = new Set([...box.querySelectorAll("details[open]")].map((d) => d.dataset.group));
  const filters = new Map([...box.querySelectorAll("input.filter")].map((i) => [i.dataset.group, i.value]));
  box.replaceChildren();
  const groups = groupsOf(frame.menu);
  for (const [name, entries] of groups) {
    const details = el("details", { class: "group", "data-group": name });
    details.open = wasOpen.has(name) || groups.size === 1 || entries.length <= 8;
    details.append(el("summary", { text: `${name} (${entries.length})` }));
    const buttons = entries.map(actionButton);
    if (entries.length > 12) {
      const filter = el("input", { class: "filter", "data-group": name, placeholder: _("filter…"), "aria-label": _("filter {group}", { group: name }) });
      const apply = () => {
        const q = filter.value.toLowerCase();
        for (const b of buttons) b.hidden = Boolean(q) && !b.textContent.toLowerCase().includes(q);
      };
      filter.addEventListener("input", apply);
      if (filters.has(name)) { filter.value = filters.get(name); apply(); }
      details.append(filter);
    }
    details.append(...buttons);
    box.append(details);
  }
  $("all-actions").hidden = !frame.menu.length;
  $("all-actions-title").textContent = _("All actions, in words ({count})", { count: frame.menu.length });
}

// -- the table ------------------------------------------------------------------------------------
function kit() {
  return { frame, seat: frame.seat, seats: frame.seats, lang: lang(), _, changed: new Set(frame.changed || []), act: (text) => act(text) };
}

async function renderTable(data) {
  const r = await loadRenderer(data.game, data.renderer);
  const board = $("board");
  const k = kit();
  const before = board.childElementCount ? places(board) : null; // where each object was, to show what moved
  try {
    if (r.render.length >= 3) r.render(data.view, board, k);
    else board.replaceChildren(r.render(data.view, k));
  } catch (e) {
    console.error("table renderer failed, showing the generic table:", e);
    const generic = await import("/static/games/generic.js");
    board.replaceChildren(generic.render(data.view, k));
  }
  markChanged(board, data.changed || []);
  document.body.dataset.moved = String(moved(board, before, k.changed)); // for tests: objects animated by this frame
}

// Numbers whose path changed are marked for a moment (no movement under prefers-reduced-motion: see style.css).
function markChanged(board, paths) {
  if (!paths.length) return;
  for (const node of board.querySelectorAll("[data-path]")) {
    const path = node.dataset.path;
    if (paths.some((p) => p === path || p.startsWith(`${path}.`))) {
      node.classList.remove("changed");
      void node.offsetWidth; // restart the animation
      node.classList.add("changed");
      setTimeout(() => node.classList.remove("changed"), 1600);
    }
  }
}

function reachable() {
  // whether every action that names table objects can be started on this table (else open the list)
  const board = $("board");
  return frame.menu.every((a) => {
    const first = (a.objects || [])[0] || (a.select || [])[0];
    return !first || board.querySelector(`[data-obj="${CSS.escape(first)}"]`);
  });
}

// -- the hint on the table ----------------------------------------------------------------------------
function showHint(data) {
  if (!frame || data.step !== frame.step) return;
  hint = data;
  const box = $("hint-box");
  const entry = data.action ? frame.menu.find((a) => a.text === data.action) : null;
  const lines = data.hints || [];
  if (!entry && !lines.length) {
    box.replaceChildren(el("p", { text: _("No advice for this decision.") }));
  } else {
    const parts = [];
    if (entry) {
      const take = el("button", { type: "button", id: "take-hint", class: "primary", text: _("do it") });
      take.addEventListener("click", () => act(entry));
      parts.push(el("p", { class: "hint-main" }, el("b", { text: `★ ${entry.label}` }), take));
      if (data.reason) parts.push(el("p", { class: "hint-reason", text: _("Why: {reason}", { reason: data.reason }) }));
    }
    const extra = lines.filter((l) => !entry || !l.includes(data.reason || "\u0000"));
    if (extra.length) parts.push(el("ul", { class: "hint-lines" }, ...extra.map((l) => el("li", { text: l }))));
    box.replaceChildren(...parts);
  }
  box.hidden = false;
  if (actions) actions.setHint(entry ? entry.text : null);
  for (const b of document.querySelectorAll("button.act")) b.classList.toggle("hinted", Boolean(entry) && b.dataset.action === entry.text);
}

function clearHint() {
  hint = null;
  $("hint-box").hidden = true; $("hint-box").replaceChildren();
  if (actions) actions.setHint(null);
}

// -- the log, grouped by turn, each line with the rule behind it ------------------------------------------
function renderLog() {
  const list = $("log");
  // a "why" the player opened stays open when new lines come (a bot's move redraws the log), and a player reading
  // older lines is not pulled down to the newest; one at the end follows the new lines
  const opened = new Set([...list.querySelectorAll("li.log-line details.why[open]")].map((d) => lineKey(d.closest("li.log-line"))));
  const following = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
  const top = list.scrollTop;
  const groups = [];
  for (const [index, e] of log.entries()) {
    const key = e.turn ?? null;
    if (!groups.length || groups[groups.length - 1].key !== key) groups.push({ key, entries: [] });
    groups[groups.length - 1].entries.push([index, e]);
  }
  list.replaceChildren(...groups.map((g) => el("li", { class: "turn-group" },
    el("h3", { class: "turn-title", text: !g.key ? _("Setting up") : _("Turn {number}", { number: g.key }) }),
    // the widest line number sets the gutter (style.css): "12." no longer loses its first digit at the edge
    el("ol", { class: "turn-lines", "data-digits": String(Math.min(String(g.entries.length).length, 3)) },
      ...g.entries.map(([index, e]) => logLine(index, e))))));
  if (opened.size) {
    for (const li of list.querySelectorAll("li.log-line")) {
      const why = li.querySelector("details.why");
      if (why && opened.has(lineKey(li))) why.open = true;
    }
  }
  list.scrollTop = following ? list.scrollHeight : top;
}

// a log line's identity across redraws: its place in the log and its words (after an undo the same place may say
// something else)
function lineKey(li) {
  return `${li.dataset.index}|${li.querySelector(".log-text")?.textContent ?? ""}`;
}

function logLine(index, e) {
  const li = el("li", { class: `log-line ${e.kind || ""}`, "data-index": index }, el("span", { class: "log-text", text: e.text }));
  const ids = e.clauses || [];
  if (ids.length) {
    const why = el("details", { class: "why" }, el("summary", { text: _("why") }),
      el("ul", {}, ...ids.map((id) => el("li", {}, el("code", { text: id }), ` ${clauses[id] || ""}`))));
    li.append(why);
  }
  return li;
}

// -- the rules panel -------------------------------------------------------------------------------
function renderRules() {
  const rules = frame.rules;
  if (!rules) return;
  const body = $("rules-body");
  const key = JSON.stringify(rules);
  if (body.dataset.key === key) return;
  body.dataset.key = key;
  const options = rules.options || [];
  const phases = rules.phases || [];
  // the game's phases as its rulebook lists them, the current one marked (aria-current) with the clause behind each
  const list = phases.length ? el("ol", { class: "rules-phases", "aria-labelledby": "rules-phases-title" }, ...phases.map((p) => {
    const now = p.id === rules.current;
    return el("li", { class: `rules-phase${now ? " now" : ""}`, "data-phase": p.id, "aria-current": now ? "step" : null },
      el("span", { class: "phase-name", text: p.name }), now ? el("b", { class: "phase-now", text: " ← " + _("now") }) : null,
      p.clause ? el("code", { class: "phase-clause", text: p.clause }) : null);
  })) : null;
  body.replaceChildren(
    el("p", { class: "rules-summary", text: rules.summary || "" }),
    list ? el("h3", { id: "rules-phases-title", text: _("Phases") }) : null, list,
    el("h3", { text: _("Options in force") }),
    options.length ? el("dl", { class: "rules-options" }, ...options.flatMap((o) => [el("dt", {}, el("code", { text: o.name }), ` = ${JSON.stringify(o.value)}`), el("dd", { text: o.help || "" })]))
      : el("p", { class: "muted", text: _("none: the game as printed") }));
}

// -- one frame --------------------------------------------------------------------------------------
// Frames are drawn one after another in the order they came: a frame's drawing awaits (its renderer's module),
// and a later frame must never be overwritten by an earlier one finishing after it.
let drawing = Promise.resolve();
function queueFrame(data) {
  drawing = drawing.then(() => onState(data)).catch((e) => console.error("a frame could not be drawn:", e));
}

// The game has just ended: bring how it ended into sight (a phone may be scrolled down to the seats).
let endShown = false;
function showEnd() {
  endShown = true;
  const banner = document.querySelector("#board .banner.outcome") || $("status");
  const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  banner.scrollIntoView({ block: "start", behavior: smooth ? "smooth" : "auto" });
}

async function onState(data) {
  if (data.log_from === 0) log.length = 0;
  log.length = Math.min(log.length, data.log_from);
  log.push(...data.log);
  Object.assign(clauses, data.clauses || {});
  const sameStep = frame && frame.step === data.step;
  const sameView = sameStep && !(data.changed || []).length && viewStep === data.step;
  if (!data.rules && frame) data.rules = frame.rules; // the rules panel comes only when it changes
  frame = data;
  // my action was taken (this frame acknowledges it), my undo done (a new step), or the connection is new (the
  // table shows whether it was taken): what I was building is done with. Another seat's frame that arrives while
  // my action is on its way (a bot sealed its pick meanwhile) is not the answer: the controls stay disabled.
  const answered = pending && (data.ack != null || data.fresh === true || (pendingKind === "undo" && !sameStep));
  if (answered) { pending = false; pendingKind = null; } // body[data-pending] goes with the new data-step, below
  // the same decision (an opponent sealed, a bot moved elsewhere) keeps what is being built on the table
  const newMenu = answered || JSON.stringify(data.menu.map((a) => a.text)) !== menuKey;
  if (!sameStep) clearHint();
  if (!sameView) {  // a frame that changes nothing of mine (someone joined, a reload) leaves the table as it is
    actions.beforeRedraw();
    await renderTable(data);
    viewStep = data.step;
  }
  // my own action answered: a new decision; another seat's move: the choice I have open stays open on the new
  // table (the same popover on the same object, the same selection, the focus where it was) while the new menu
  // can still finish it, else it is closed with a note saying why
  if (answered) actions.setMenu(data.menu);
  else if (newMenu || !sameView) actions.afterRedraw(data.menu);
  else actions.decorate();
  renderStatus();
  renderSeats();
  renderControls();
  if (!listToggled) $("all-actions").open = data.menu.length > 0 && !reachable();
  if (data.log.length || data.log_from === 0) renderLog();
  renderRules();
  if (frame.over && frame.rematch) offerRematch(frame.rematch);
  if (frame.over && !endShown) showEnd();
  if (data.your_turn) yourTurn();
  if (data.ack != null) showError("");
  document.body.dataset.step = String(data.step); // for tests and scripts: the table's step count
  if (!pending) delete document.body.dataset.pending; // never "answered" on a page that still shows the old step
  document.body.dataset.over = String(data.over);
  document.body.dataset.acting = String(data.menu.length > 0);
  document.body.dataset.frames = String(Number(document.body.dataset.frames || 0) + 1);
}

// -- the connection: never silent when it is down ----------------------------------------------------
function connectionLost() {
  const wasOnline = online;
  online = false;
  document.body.classList.add("offline");
  document.body.dataset.online = "false";
  $("conn").textContent = refused ? _("refused") : _("reconnecting…"); $("conn").className = "conn bad";
  if (!refused) {
    showError(pending ? _("The connection dropped before your action was confirmed: when it is back, the table shows whether it was taken.")
      : _("Connection lost: reconnecting… Nothing you click is sent until it is back."));
  }
  if (frame) renderControls(true);
  return wasOnline;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${matchId}`);
  socket.addEventListener("open", () => {
    retry = 500;
    online = true;
    fresh = true;
    document.body.classList.remove("offline");
    document.body.dataset.online = "true";
    $("conn").textContent = _("connected"); $("conn").className = "conn ok";
    showError("");
    send({ type: "hello", token, lang: lang() });
    if (document.hidden) send({ type: "presence", away: true });
  });
  socket.addEventListener("message", (event) => {
    const data = JSON.parse(event.data);
    if (data.type === "state") {
      if (fresh) { data.fresh = true; fresh = false; }
      if (!pending) showError("");
      queueFrame(data);
    } else if (data.type === "error") {
      showError(data.message);
      if (data.code === "auth" || data.code === "expired") refused = true;
      // the answer to my action or undo (a refusal); a chat line's or a rematch's error is not
      if (pending && data.code !== "chat" && data.code !== "rematch") setPending(null);
      if (frame) renderControls(true);
    } else if (data.type === "hint") {
      showHint(data);
    } else if (data.type === "rematch") {
      if (data.link) $("status").replaceChildren(_("Rematch ready: "), el("a", { href: data.link, id: "rematch-link", text: _("play it") }));
    } else if (data.type === "rematch_offer") {
      offerRematch(data.match);
    } else if (data.type === "chat") {
      chat.push(...data.messages);
      renderChat();
    }
  });
  socket.addEventListener("close", () => {
    connectionLost();
    if (!refused) { setTimeout(connect, retry); retry = Math.min(retry * 2, 8000); }
  });
}

// -- chat: shown as text (never as markup), with the seat's name -------------------------------------
function renderChat() {
  $("chat-form").hidden = !frame || frame.seat === null;
  const list = $("chat-lines");
  const seen = new Set();
  const lines = chat.filter((m) => !seen.has(m.id) && seen.add(m.id)).slice(-100);
  list.replaceChildren(...lines.map((m) => el("li", { class: "chat-line" }, el("b", { text: `${seatName(m.seat)}: ` }), document.createTextNode(m.text))));
  list.scrollTop = list.scrollHeight;
}

// -- your turn, rematch offers, presence -----------------------------------------------------------
function yourTurn() {
  if (document.hidden && window.Notification && Notification.permission === "granted") new Notification(_("bouts: your turn"), { tag: matchId });
  document.body.dataset.yourTurn = String(frame ? frame.step : "");
  chime();
}

// -- an optional sound when it becomes your turn: off until the player turns it on (kept for the next match) ----
let audio = null;
function soundOn() { try { return localStorage.getItem("bouts.sound") === "on"; } catch (e) { return $("sound").checked; } }

function chime() {
  if (!soundOn() || !window.AudioContext) return;
  try {
    audio = audio || new AudioContext();
    if (audio.state === "suspended") audio.resume().catch(() => {});
    const now = audio.currentTime, tone = audio.createOscillator(), gain = audio.createGain();
    tone.type = "sine";
    tone.frequency.setValueAtTime(660, now); tone.frequency.setValueAtTime(880, now + 0.12);
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.18, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.4);
    tone.connect(gain).connect(audio.destination);
    tone.start(now); tone.stop(now + 0.42);
    document.body.dataset.chimes = String(Number(document.body.dataset.chimes || 0) + 1); // for tests
  } catch (e) { /* no audio device: the tab title still says whose turn it is */ }
}

function soundSetting() {
  const box = $("sound");
  box.checked = soundOn();
  box.addEventListener("change", () => {
    try { localStorage.setItem("bouts.sound", box.checked ? "on" : "off"); } catch (e) { /* private mode: this page only */ }
    if (box.checked) chime(); // a click is the gesture a browser wants before it plays sound: let the player hear it
  });
}

function offerRematch() {
  if ($("rematch-link") || $("rematch-offer")) return;
  const take = el("button", { type: "button", id: "rematch-offer", text: _("take my seat in the rematch") });
  take.addEventListener("click", () => send({ type: "rematch" }));
  $("outcome-tools").after(take);
}

document.addEventListener("visibilitychange", () => send({ type: "presence", away: document.hidden }));

// -- the save file: fetched with the token in a header (never in a URL), then handed to the browser ------
$("save").addEventListener("click", async (event) => {
  event.preventDefault();
  const response = await fetch(`/api/matches/${matchId}/save`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) { showError((await response.json()).detail || `error ${response.status}`); return; }
  const name = (response.headers.get("content-disposition") || "").match(/filename="([^"]+)"/);
  const url = URL.createObjectURL(await response.blob());
  const a = el("a", { href: url, download: name ? name[1] : `bouts-${matchId}.json` });
  document.body.append(a); a.click(); a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
});

function words() {
  // every word of the page's own HTML, from the catalog
  $("hint").textContent = _("hint"); $("undo").textContent = _("undo"); $("concede").textContent = _("concede");
  $("save").textContent = _("download save"); $("rematch").textContent = _("rematch");
  $("log-title").textContent = _("Your log"); $("rules-title").textContent = _("Rules");
  $("chat-title").textContent = _("Chat"); $("chat-send").textContent = _("send");
  $("chat-text").setAttribute("placeholder", _("say something…")); $("chat-text").setAttribute("aria-label", _("chat message"));
  $("table-heading").textContent = _("The table"); $("controls-heading").textContent = _("Your decision");
  $("conn").textContent = _("connecting…");
  $("sound-label").textContent = _("sound on my turn");
  $("all-actions-title").textContent = _("All actions, in words");
}

async function start() {
  await loadCatalog();
  words();
  $("lang-slot").append(languageSwitch());
  soundSetting();
  actions = new TableActions($("board"), $("selection-bar"), (entry) => act(entry), showNote);
  $("board").addEventListener("click", () => showNote(""), true);
  $("hint").addEventListener("click", () => { if (!send({ type: "hint" })) connectionLost(); });
  $("undo").addEventListener("click", () => { if (!online) { act(null); return; } setPending("undo"); renderControls(true); send({ type: "undo" }); });
  $("concede").addEventListener("click", () => { if (confirm(_("Concede this match? It counts as a resignation."))) send({ type: "concede" }); });
  $("rematch").addEventListener("click", () => send({ type: "rematch" }));
  $("all-actions-title").addEventListener("click", () => { listToggled = true; });
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("chat-text");
    if (input.value.trim()) send({ type: "chat", text: input.value });
    input.value = "";
  });
  window.addEventListener("hashchange", () => location.reload());
  connect();
}
start();
