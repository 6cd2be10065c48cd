// The designer's workbench page: a comparison over a game's reference pack, its plot filling in as it plays.
// Every word the page shows comes from the "web" message catalog (web/locale/<lang>/LC_MESSAGES/web.po), served
// as JSON for the page's language (?lang=en|ja, else the browser's Accept-Language); _("...") reads it.
let CATALOG = { lang: "en", messages: {}, plurals: {} };
const PAGE_LANG = new URLSearchParams(location.search).get("lang");

function format(text, args) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in args ? String(args[name]) : whole));
}

// A message in the page's language, its {placeholders} filled from args.
function _(msgid, args = {}) {
  const found = CATALOG.messages[msgid];
  return format(typeof found === "string" && found ? found : msgid, args);
}

// The singular or plural form for count (given to the text as {count}).
function _n(singular, plural, count, args = {}) {
  const forms = CATALOG.plurals[singular];
  const english = count === 1 ? singular : plural;
  let text = english;
  if (forms && forms.length) text = forms[Math.min(forms.length - 1, CATALOG.lang === "ja" || count === 1 ? 0 : 1)];
  return format(text, { count, ...args });
}

// An API address with the page's language (so errors, names and statistics come back in it).
function api(path) {
  return `${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(CATALOG.lang)}`;
}

function texts() {
  return {
    title: _("bouts — designer's workbench"),
    tagline: _("designer's workbench: what does this change do to the odds?"),
    language: _("Language"),
    setup_title: _("Compare variants"),
    result_title: _("Difference from the baseline"),
    game: _("Game"), seats: _("Seats"), agent: _("Agent at every seat"), games: _("Games per variant"),
    agent_random: _("random (a legal action at random)"),
    agent_heuristic: _("heuristic (the game's rules of thumb)"),
    assign: _("Deal the content at random (a design study: per-content rates measure the content)"),
    options: _("Options of every variant"),
    variants: _("Variants (the baseline, the game unchanged, comes first)"),
    variants_help: _("One variant per line; changes separated by ';'. E.g. hero.mercenary.base_damage += 2; options.realistic_parries = true"),
    add_variant: _("add as a variant"), start: _("Compare"), stop: _("Stop"),
    field: _("field"), operator: _("operator"), value: _("value"),
    plot: _("differences from the baseline"),
  };
}

function fieldNow(f) {
  const now = _("{entry}: now {value}", { entry: f.entry, value: f.value });
  if (f.low === null && f.high === null) return now;
  return now + _(" (allowed {low} to {high})", { low: f.low ?? "…", high: f.high ?? "…" });
}

function status(state) {
  const words = { starting: _("starting…"), running: _("playing"), done: _("done"), failed: _("failed"), stopped: _("stopped") };
  return words[state] || state;
}

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
let games = [];
let fields = [];
let current = null;   // the running comparison's id
let timer = null;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v; else if (k === "text") node.textContent = v; else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

function svg(tag, attrs = {}, text = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== null) node.textContent = text;
  return node;
}

function words() {
  const text = texts();
  document.documentElement.lang = CATALOG.lang;
  document.title = text.title;
  for (const node of document.querySelectorAll("[data-text]")) node.textContent = text[node.dataset.text];
  for (const node of document.querySelectorAll("[data-label]")) node.setAttribute("aria-label", text[node.dataset.label]);
  $("tagline").textContent = text.tagline;
  $("setup-title").textContent = text.setup_title;
  $("result-title").textContent = text.result_title;
  $("status").textContent = _("Set up a comparison and press Compare: the plot fills in as the games are played.");
  $("lang").value = CATALOG.lang;
}

function switchLanguage() {
  const query = new URLSearchParams(location.search);
  query.set("lang", $("lang").value);
  location.search = query.toString();
}

const isRate = (kind) => kind !== "length";
const showValue = (kind, v) => isRate(kind) ? `${(100 * v).toFixed(1)}%` : v.toFixed(1);
const showDiff = (kind, v) => isRate(kind) ? `${v >= 0 ? "+" : ""}${(100 * v).toFixed(1)}` : `${v >= 0 ? "+" : ""}${v.toFixed(1)}`;

async function chooseGame() {
  const game = games.find((g) => g.id === $("game").value);
  $("seats").min = game.min_seats; $("seats").max = game.max_seats;
  $("seats").value = Math.min(game.max_seats, Math.max(2, game.min_seats));
  $("options-help").textContent = Object.entries(game.options).map(([k, v]) => `${k}: ${v}`).join(" · ");
  fields = await (await fetch(api(`/api/designer/games/${game.id}/fields`))).json();
  const options = Object.keys(game.options).map((name) => ({ path: `options.${name}`, entry: game.options[name], value: "", low: null, high: null }));
  $("fields").replaceChildren(...[...fields, ...options].map((f) => el("option", { value: f.path, text: `${f.entry}: ${f.value}` })));
  $("field").value = fields.length ? fields[0].path : "";
  showField();
}

function showField() {
  const f = fields.find((x) => x.path === $("field").value);
  $("field-now").textContent = f ? fieldNow(f) : "";
}

function addVariant() {
  const path = $("field").value.trim();
  if (!path) return;
  const line = `${path} ${$("operator").value} ${$("amount").value.trim()}`;
  const box = $("variants");
  box.value = (box.value.trim() ? box.value.trim() + "\n" : "") + line;
}

async function startRun(event) {
  event.preventDefault();
  $("run-error").textContent = "";
  const variants = $("variants").value.split("\n").map((l) => l.trim()).filter(Boolean);
  if (!variants.length) { $("run-error").textContent = _("write at least one variant"); return; }
  const body = {
    game: $("game").value, seats: Number($("seats").value), agent: $("agent").value, games: Number($("games").value),
    assign: $("assign").checked ? "random" : "choose", options: $("options").value, variants,
  };
  const response = await fetch(api("/api/designer/runs"), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) { $("run-error").textContent = problem(data, response.status); return; }
  current = data.id;
  document.body.dataset.run = current;
  document.body.dataset.state = "starting";
  $("start").disabled = true; $("stop").disabled = false;
  poll();
}

async function stopRun() {
  if (!current) return;
  const response = await fetch(api(`/api/designer/runs/${current}`), { method: "DELETE" });
  if (response.ok) show(await response.json());
}

async function poll() {
  clearTimeout(timer);
  if (!current) return;
  const response = await fetch(api(`/api/designer/runs/${current}`));
  if (!response.ok) { $("run-error").textContent = problem(await response.json(), response.status); finish(); return; }
  const data = await response.json();
  show(data);
  if (["starting", "running"].includes(data.state)) timer = setTimeout(poll, 700); else finish();
}

// What the server said was wrong: its sentence, or (for a request it could not read) a plain one.
function problem(data, code) {
  if (data && typeof data.detail === "string") return data.detail;
  if (code === 422) return _("The server refused these settings: check the numbers (games from 10 to 4000, seats within the game's).");
  return _("The server answered with error {code}.", { code });
}

function finish() {
  $("start").disabled = false; $("stop").disabled = true;
}

function show(data) {
  document.body.dataset.state = data.state;
  $("status").textContent = _("{state}: {played} of {total} games", { state: status(data.state), played: data.played || 0, total: data.total || 0 });
  $("progress").max = data.total || 1; $("progress").value = data.played || 0;
  if (data.error) $("run-error").textContent = data.error;
  if (!data.summary) return;
  const summary = data.summary;
  document.body.dataset.games = summary.games;
  drawPlot(summary);
  // the conclusions list the real differences first, one line each
  const real = summary.differences.filter((d) => d.real).length;
  $("conclusions").replaceChildren(...summary.conclusions.map((line, i) => el("li", { class: i < real ? "real" : "", text: line })));
  drawTables(summary);
}

function drawPlot(summary) {
  const rows = summary.differences.filter((d) => isRate(d.kind));
  const plot = $("plot");
  const width = 760, left = 340, right = 20, top = 10, rowHeight = 22;
  const height = top + rowHeight * Math.max(1, rows.length) + 40;
  plot.setAttribute("viewBox", `0 0 ${width} ${height}`);
  plot.replaceChildren();
  const span = Math.max(0.05, ...rows.map((d) => Math.max(Math.abs(d.low), Math.abs(d.high))));
  const x = (v) => left + (width - left - right) * (v + span) / (2 * span);
  plot.append(svg("line", { x1: x(0), x2: x(0), y1: top, y2: height - 30, stroke: "#333" }));
  for (const tick of [-span, -span / 2, 0, span / 2, span]) {
    plot.append(svg("text", { x: x(tick), y: height - 16, "text-anchor": "middle" }, `${(100 * tick).toFixed(0)}`));
  }
  plot.append(svg("text", { x: (left + width - right) / 2, y: height - 2, "text-anchor": "middle" }, _("difference from the baseline (percentage points)")));
  rows.forEach((d, i) => {
    const y = top + rowHeight * i + rowHeight / 2;
    const cls = d.real ? `real-${d.verdict}` : d.verdict;
    const group = svg("g", { class: `diff ${cls}`, "data-real": d.real ? "yes" : "no" });
    const name = d.variant_name.length > 32 ? `${d.variant_name.slice(0, 31)}…` : d.variant_name;
    group.append(svg("text", { x: left - 8, y: y + 4, "text-anchor": "end" }, `${name}: ${d.label}`));
    group.append(svg("line", { x1: x(d.low), x2: x(d.high), y1: y, y2: y, "stroke-width": 2 }));
    group.append(svg("circle", { cx: x(d.diff), cy: y, r: 4 }));
    group.append(svg("title", {}, _("{variant}: {label} {diff} ({low} to {high}): {verdict}", {
      variant: d.variant_name, label: d.label, diff: showDiff(d.kind, d.diff), low: showDiff(d.kind, d.low),
      high: showDiff(d.kind, d.high), verdict: d.verdict_text })));
    plot.append(group);
  });
}

function drawTables(summary) {
  const names = summary.variants.map((v) => v.name);
  const keys = [];
  for (const v of summary.variants) for (const s of v.stats) if (!keys.some((k) => k.kind === s.kind && k.name === s.name)) keys.push(s);
  const rates = el("table", { class: "stats" });
  rates.append(el("tr", {}, el("th", { text: _("statistic") }), ...names.map((n) => el("th", { text: n }))));
  for (const key of keys) {
    const row = el("tr", {}, el("td", { text: key.label }));
    for (const v of summary.variants) {
      const s = v.stats.find((x) => x.kind === key.kind && x.name === key.name);
      row.append(el("td", { text: s ? `${showValue(s.kind, s.value)} [${showValue(s.kind, s.low)}, ${showValue(s.kind, s.high)}]` : "" }));
    }
    rates.append(row);
  }
  const diffs = el("table", { class: "stats" });
  const headers = ["", _("statistic"), _("difference"), _("{percent}% interval", { percent: Math.round(summary.confidence * 100) }), _("verdict")];
  diffs.append(el("tr", {}, ...headers.map((t) => el("th", { text: t }))));
  for (const d of summary.differences) {
    diffs.append(el("tr", { class: d.real ? "real" : "" }, el("td", { text: d.variant_name }), el("td", { text: d.label }),
      el("td", { text: showDiff(d.kind, d.diff) }), el("td", { text: _("{low} to {high}", { low: showDiff(d.kind, d.low), high: showDiff(d.kind, d.high) }) }),
      el("td", { text: d.verdict_text })));
  }
  $("tables").replaceChildren(el("h3", { text: _("Rates per variant") }), rates, diffs);
}

async function start() {
  CATALOG = await (await fetch(`/api/designer/catalog${PAGE_LANG ? `?lang=${encodeURIComponent(PAGE_LANG)}` : ""}`)).json();
  words();
  $("lang").addEventListener("change", switchLanguage);
  games = (await (await fetch(api("/api/designer/games"))).json()).filter((g) => g.content);
  $("game").replaceChildren(...games.map((g) => el("option", { value: g.id, text: g.name })));
  $("game").addEventListener("change", chooseGame);
  $("field").addEventListener("input", showField);
  $("add-variant").addEventListener("click", addVariant);
  $("run-form").addEventListener("submit", startRun);
  $("stop").addEventListener("click", stopRun);
  await chooseGame();
  document.body.dataset.ready = "yes";
}
start();
