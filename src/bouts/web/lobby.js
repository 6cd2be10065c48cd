// The lobby: create a match (game, variant, options as form controls, seats with bots by name and strength),
// hand out invite links (with copy buttons), and the open matches, pushed over /ws/lobby as they change.
import { _, loadCatalog, languageSwitch, lang } from "/static/i18n.js";

const $ = (id) => document.getElementById(id);
let games = [];

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v; else if (k === "text") node.textContent = v; else node.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

// The bots a seat may have, weakest first: a name a player understands and its agent spec.
function bots() {
  return [
    { spec: "random", name: _("Random (beginner: any legal move)") },
    { spec: "heuristic", name: _("Heuristic (casual: the game's rules of thumb)") },
    { spec: "ismcts:seconds=1", name: _("Search, 1 second a move (strong)") },
    { spec: "ismcts:seconds=3", name: _("Search, 3 seconds a move (strongest)") },
  ];
}

let seatCounter = 0;
function seatRow(kind = "open", agent = "heuristic") {
  const n = $("seats").children.length;
  const id = `seat-${seatCounter++}`;
  const row = el("div", { class: "seat-row" });
  const select = el("select", { class: "seat-kind", id, "aria-label": _("Seat {number}: who sits there", { number: n + 1 }) });
  for (const [value, label] of [["reserved", _("a friend (invite link)")], ["open", _("anyone (listed in the lobby)")], ["bot", _("a bot")]]) {
    select.append(el("option", { value, text: label, selected: value === kind ? "selected" : null }));
  }
  const bot = el("select", { class: "seat-agent", "aria-label": _("Seat {number}: bot strength", { number: n + 1 }) });
  for (const b of bots()) bot.append(el("option", { value: b.spec, text: b.name, selected: b.spec === agent ? "selected" : null }));
  const sync = () => { bot.hidden = select.value !== "bot"; };
  select.addEventListener("change", sync); sync();
  row.append(el("label", { for: id, class: "muted", text: _("Seat {number}", { number: n + 1 }) }), select, bot);
  return row;
}

function currentGame() { return games.find((g) => g.id === $("game").value); }

// One form control per option of the game's schema (choices, switches, bounded numbers, lists, text).
function optionControl(o) {
  const id = `opt-${o.name}`;
  const wrap = el("div", { class: "option-row", "data-option": o.name });
  const label = el("label", { for: id }, el("b", { text: o.name.replace(/_/g, " ") }));
  let input;
  if (o.kind === "choice") {
    input = el("select", { id });
    if (o.optional) input.append(el("option", { value: "", text: _("(default)") }));
    for (const c of o.choices) input.append(el("option", { value: JSON.stringify(c), text: String(c), selected: c === o.default ? "selected" : null }));
  } else if (o.kind === "switch") {
    input = el("input", { id, type: "checkbox" });
    input.checked = Boolean(o.default);
    label.prepend(input);
    wrap.append(label);
    if (o.help) wrap.append(el("span", { class: "help", id: `${id}-help`, text: o.help }));
    input.setAttribute("aria-describedby", `${id}-help`);
    wrap.dataset.kind = o.kind;
    return wrap;
  } else if (o.kind === "number") {
    input = el("input", { id, type: "number", min: o.min ?? null, max: o.max ?? null, step: o.integer ? "1" : "any",
      value: o.default ?? "", placeholder: o.optional ? _("(default)") : null });
  } else {
    input = el("input", { id, type: "text", value: o.default === null || o.default === undefined ? "" : (o.kind === "list" ? o.default.join(", ") : String(o.default)),
      placeholder: o.kind === "list" ? _("comma-separated") : "" });
  }
  wrap.dataset.kind = o.kind;
  wrap.append(label, input);
  if (o.help) { wrap.append(el("span", { class: "help", id: `${id}-help`, text: o.help })); input.setAttribute("aria-describedby", `${id}-help`); }
  return wrap;
}

function readOptions() {
  const game = currentGame();
  const options = {};
  for (const o of game.options_form || []) {
    const input = $(`opt-${o.name}`);
    if (!input) continue;
    let value;
    if (o.kind === "switch") value = input.checked;
    else if (o.kind === "choice") { if (input.value === "") continue; value = JSON.parse(input.value); }
    else if (o.kind === "number") {
      if (input.value === "") continue;
      value = Number(input.value);
      if (!input.checkValidity()) throw new Error(_("{name}: {problem}", { name: o.name, problem: input.validationMessage }));
    } else if (o.kind === "list") {
      value = input.value.split(",").map((v) => v.trim()).filter(Boolean);
      if (!value.length && o.optional) continue;
    } else { if (input.value === "" && o.optional) continue; value = input.value; }
    if (JSON.stringify(value) === JSON.stringify(o.default)) continue;  // the default need not be sent
    options[o.name] = value;
  }
  return options;
}

function fillGame() {
  const game = currentGame();
  $("summary").textContent = game.summary || "";
  $("variant").replaceChildren(el("option", { value: "", text: _("(standard)") }),
    ...Object.entries(game.variants).map(([name, v]) => {
      const about = v.description || _("{seats} seats", { seats: v.seats.join("/") });
      return el("option", { value: name, text: name + " — " + about });
    }));
  const form = game.options_form || [];
  $("options-form").replaceChildren(...form.map(optionControl));
  $("options-box").hidden = !form.length;
  const seats = $("seats");
  seats.replaceChildren();
  const n = Math.max(2, game.min_seats);
  for (let i = 0; i < Math.min(n, game.max_seats); i++) seats.append(seatRow(i === 0 ? "reserved" : "bot"));
}

function copyButton(text, label) {
  const button = el("button", { type: "button", class: "copy", "aria-label": label, text: _("copy") });
  button.addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(text); button.textContent = _("copied"); }
    catch (e) { button.previousSibling && button.previousSibling.select && button.previousSibling.select(); button.textContent = _("press Ctrl+C"); }
    setTimeout(() => { button.textContent = _("copy"); }, 2000);
  });
  return button;
}

function inviteRow(title, url, cls, seat) {
  const field = el("input", { type: "text", readonly: "readonly", value: url, class: cls, "data-seat": seat, "aria-label": title });
  field.addEventListener("focus", () => field.select());
  const open = el("a", { href: url, class: `open-link ${cls}`, "data-seat": seat, text: _("open") });
  return el("li", { class: "invite-row" }, el("span", { text: title }), field, copyButton(url, _("copy: {what}", { what: title })), open);
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  let body;
  try {
    body = {
      game: $("game").value, variant: $("variant").value || null, options: readOptions(),
      seats: [...$("seats").children].map((row) => {
        const kind = row.querySelector(".seat-kind").value;
        return kind === "bot" ? { kind, agent: row.querySelector(".seat-agent").value } : { kind };
      }),
    };
  } catch (e) { $("create-error").textContent = e.message; return; }
  const response = await fetch(`/api/matches?lang=${lang()}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) { $("create-error").textContent = data.detail || _("error {status}", { status: response.status }); return; }
  const list = $("link-list");
  list.replaceChildren();
  const names = Object.fromEntries(bots().map((b) => [b.spec, b.name]));
  for (const seat of data.seats) {
    if (!seat.link) { list.append(el("li", { text: _("Seat {number}: bot — {name}", { number: seat.seat + 1, name: names[seat.agent] || seat.agent }) })); continue; }
    const url = new URL(seat.link, location.href).href;
    list.append(inviteRow(_("Seat {number}", { number: seat.seat + 1 }), url, "invite", seat.seat));
  }
  const spectator = new URL(data.spectator.link, location.href).href;
  list.append(inviteRow(_("Spectators"), spectator, "spectate", -1));
  $("links").hidden = false;
  list.querySelector("input").focus();
}

// The open matches are pushed over /ws/lobby as they change (no polling).
let lobbyRetry = 500;
function listen() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/lobby`);
  socket.addEventListener("open", () => { lobbyRetry = 500; });
  socket.addEventListener("message", (event) => {
    const data = JSON.parse(event.data);
    if (data.type === "lobby") showMatches(data.matches);
  });
  socket.addEventListener("close", () => { setTimeout(listen, lobbyRetry); lobbyRetry = Math.min(lobbyRetry * 2, 8000); });
}

function showMatches(matches) {
  const list = $("open-list");
  list.replaceChildren();
  if (!matches.length) list.append(el("li", { class: "muted", text: _("No open match: create one.") }));
  const names = Object.fromEntries(bots().map((b) => [b.spec, b.name]));
  for (const m of matches) {
    const free = m.seats.filter((s) => s.free).length;
    const who = m.seats.map((s) => s.kind === "bot" ? _("bot ({name})", { name: names[s.agent] || s.agent }) : s.free ? _("free") : _("taken")).join(", ");
    const button = el("button", { type: "button", class: "join", text: _("join"), "aria-label": _("join {title}", { title: m.title }) });
    button.addEventListener("click", async () => {
      const r = await fetch(`/api/matches/${m.id}/join`, { method: "POST" });
      const data = await r.json();
      if (!r.ok) { $("open-help").textContent = data.detail; return; }
      location.href = data.link;
    });
    list.append(el("li", {}, el("b", { text: m.title }), ` — ${who} `, el("span", { class: "muted", text: _("({count} free)", { count: free }) }), " ", button));
  }
}

function words() {
  $("tagline").textContent = _("tabletop battle games, played by the rulebook");
  $("designer-link").textContent = _("Designer's workbench: what does a change do to the odds?");
  $("create-title").textContent = _("New match"); $("game-label").textContent = _("Game");
  $("variant-label").textContent = _("Variant"); $("options-legend").textContent = _("Options");
  $("seats-legend").textContent = _("Seats"); $("add-seat").textContent = _("+ seat"); $("remove-seat").textContent = _("− seat");
  $("create-button").textContent = _("Create match"); $("links-title").textContent = _("Invite links");
  $("links-help").textContent = _("Each link opens one seat and holds its secret: send each friend their own. Keep this page until everyone has theirs.");
  $("open-title").textContent = _("Open matches"); $("open-help").textContent = _("This list updates by itself.");
  document.title = _("bouts — lobby");
}

async function start() {
  await loadCatalog();
  words();
  $("lang-slot").append(languageSwitch());
  games = await (await fetch(`/api/games?lang=${lang()}`)).json();
  $("game").replaceChildren(...games.map((g) => el("option", { value: g.id, text: `${g.name} (${g.min_seats}-${g.max_seats})` })));
  $("game").addEventListener("change", fillGame);
  fillGame();
  $("add-seat").addEventListener("click", () => { if ($("seats").children.length < currentGame().max_seats) $("seats").append(seatRow("bot")); });
  $("remove-seat").addEventListener("click", () => { if ($("seats").children.length > currentGame().min_seats) $("seats").lastChild.remove(); });
  $("create-form").addEventListener("submit", create);
  showMatches([]);
  listen();
}
start();
