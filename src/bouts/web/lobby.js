// The lobby: create a match (game, variant, content pack, options, seats) and list open matches.
const $ = (id) => document.getElementById(id);
let games = [];

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v; else if (k === "text") node.textContent = v; else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

function seatRow(kind = "open", agent = "random") {
  const row = el("div", { class: "seat-row" });
  const select = el("select", { class: "seat-kind", "aria-label": "seat kind" });
  for (const [value, label] of [["open", "open (lobby)"], ["reserved", "reserved (invite only)"], ["bot", "bot"]]) {
    const option = el("option", { value, text: label });
    if (value === kind) option.selected = true;
    select.append(option);
  }
  const spec = el("input", { class: "seat-agent", value: agent, "aria-label": "bot agent", placeholder: "random, heuristic, ismcts:seconds=1" });
  const sync = () => { spec.hidden = select.value !== "bot"; };
  select.addEventListener("change", sync); sync();
  row.append(el("span", { class: "muted", text: `seat ${$("seats").children.length}` }), select, spec);
  return row;
}

function currentGame() { return games.find((g) => g.id === $("game").value); }

function fillGame() {
  const game = currentGame();
  $("summary").textContent = game.summary || "";
  $("variant").replaceChildren(el("option", { value: "", text: "(standard)" }),
    ...Object.entries(game.variants).map(([name, v]) => el("option", { value: name, text: `${name} — ${v.description || v.seats.join("/") + " seats"}` })));
  $("content").replaceChildren(...game.content.map((c) => el("option", { value: c, text: c })));
  $("options-help").textContent = Object.entries(game.options).map(([k, v]) => `${k}: ${v}`).join(" · ");
  const seats = $("seats");
  seats.replaceChildren();
  const n = Math.max(2, game.min_seats);
  for (let i = 0; i < Math.min(n, game.max_seats); i++) seats.append(seatRow(i === 0 ? "reserved" : "bot"));
}

function parseOptions(text) {
  if (text.trim().startsWith("{")) {
    try { return JSON.parse(text); } catch (e) { throw new Error(`options: not a JSON object (${e.message})`); }
  }
  const options = {};
  for (const part of text.split(",").map((p) => p.trim()).filter(Boolean)) {
    const [k, ...rest] = part.split("=");
    const v = rest.join("=").trim();
    if (!k || !rest.length) throw new Error(`option '${part}' must look like name=value`);
    options[k.trim()] = v === "true" ? true : v === "false" ? false : (/^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v);
  }
  return options;
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  let body;
  try {
    body = {
      game: $("game").value, variant: $("variant").value || null, content: $("content").value || null,
      options: parseOptions($("options").value),
      seats: [...$("seats").children].map((row) => {
        const kind = row.querySelector(".seat-kind").value;
        return kind === "bot" ? { kind, agent: row.querySelector(".seat-agent").value } : { kind };
      }),
    };
  } catch (e) { $("create-error").textContent = e.message; return; }
  const response = await fetch("/api/matches", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) { $("create-error").textContent = data.detail || `error ${response.status}`; return; }
  const list = $("link-list");
  list.replaceChildren();
  for (const seat of data.seats) {
    if (!seat.link) { list.append(el("li", { text: `seat ${seat.seat}: bot (${seat.agent})` })); continue; }
    const url = new URL(seat.link, location.href).href;
    list.append(el("li", {}, `seat ${seat.seat} (${seat.kind}): `, el("a", { href: url, class: "invite", "data-seat": seat.seat, text: url })));
  }
  const spectator = new URL(data.spectator.link, location.href).href;
  list.append(el("li", {}, "spectators: ", el("a", { href: spectator, class: "spectate", text: spectator })));
  $("links").hidden = false;
}

async function refresh() {
  const response = await fetch("/api/matches");
  showMatches(await response.json());
}

// The open matches are pushed over /ws/lobby as they change (no polling); the button re-reads them by hand.
let lobbySocket = null, lobbyRetry = 500;
function listen() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  lobbySocket = new WebSocket(`${scheme}://${location.host}/ws/lobby`);
  lobbySocket.addEventListener("open", () => { lobbyRetry = 500; });
  lobbySocket.addEventListener("message", (event) => {
    const data = JSON.parse(event.data);
    if (data.type === "lobby") showMatches(data.matches);
  });
  lobbySocket.addEventListener("close", () => { setTimeout(listen, lobbyRetry); lobbyRetry = Math.min(lobbyRetry * 2, 8000); });
}

function showMatches(matches) {
  const list = $("open-list");
  list.replaceChildren();
  if (!matches.length) list.append(el("li", { class: "muted", text: "none yet" }));
  for (const m of matches) {
    const free = m.seats.filter((s) => s.free).length;
    const who = m.seats.map((s) => s.kind === "bot" ? `bot (${s.agent})` : s.free ? "free" : "taken").join(", ");
    const button = el("button", { type: "button", text: "join" });
    button.addEventListener("click", async () => {
      const r = await fetch(`/api/matches/${m.id}/join`, { method: "POST" });
      const data = await r.json();
      if (!r.ok) { alert(data.detail); refresh(); return; }
      location.href = data.link;
    });
    list.append(el("li", {}, el("b", { text: m.title }), ` — ${who} (${free} free) `, button));
  }
}

async function start() {
  games = await (await fetch("/api/games")).json();
  $("game").replaceChildren(...games.map((g) => el("option", { value: g.id, text: `${g.name} (${g.min_seats}-${g.max_seats})` })));
  $("game").addEventListener("change", fillGame);
  fillGame();
  $("add-seat").addEventListener("click", () => { if ($("seats").children.length < currentGame().max_seats) $("seats").append(seatRow("bot")); });
  $("remove-seat").addEventListener("click", () => { if ($("seats").children.length > currentGame().min_seats) $("seats").lastChild.remove(); });
  $("create-form").addEventListener("submit", create);
  $("refresh").addEventListener("click", refresh);
  listen();
}
start();
