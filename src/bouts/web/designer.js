// The designer's workbench page: a comparison over a game's reference pack, its plot filling in as it plays.
// Every word the page shows is in TEXT (to move into the message catalogs).
const TEXT = {
  tagline: "designer's workbench: what does this change do to the odds?",
  setup_title: "Compare variants",
  result_title: "Difference from the baseline",
  game: "Game", seats: "Seats", agent: "Agent at every seat", games: "Games per variant",
  assign: "Deal the content at random (a design study: per-content rates measure the content)",
  options: "Options of every variant",
  variants: "Variants (the baseline, the game unchanged, comes first)",
  variants_help: "One variant per line; changes separated by ';'. E.g. hero.mercenary.base_damage += 2; options.realistic_parries = true",
  add_variant: "add as a variant", start: "Compare", stop: "Stop",
  field_now: (f) => `${f.entry}: now ${f.value}` + (f.low !== null || f.high !== null ? ` (allowed ${f.low ?? "…"} to ${f.high ?? "…"})` : ""),
  status: (s) => ({ starting: "starting…", running: "playing", done: "done", failed: "failed", stopped: "stopped" }[s] || s),
  progress: (played, total, state) => `${TEXT.status(state)}: ${played} of ${total} games`,
  no_variants: "write at least one variant",
  idle: "Set up a comparison and press Compare: the plot fills in as the games are played.",
  rates: "Rates per variant", statistic: "statistic", difference: "difference", interval: (c) => `${Math.round(c * 100)}% interval`, verdict: "verdict",
  axis: "difference from the baseline (percentage points)",
  length_axis: "steps",
};
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
  for (const node of document.querySelectorAll("[data-text]")) node.textContent = TEXT[node.dataset.text];
  $("tagline").textContent = TEXT.tagline;
  $("setup-title").textContent = TEXT.setup_title;
  $("result-title").textContent = TEXT.result_title;
  $("status").textContent = TEXT.idle;
}

const isRate = (kind) => kind !== "length";
const showValue = (kind, v) => isRate(kind) ? `${(100 * v).toFixed(1)}%` : v.toFixed(1);
const showDiff = (kind, v) => isRate(kind) ? `${v >= 0 ? "+" : ""}${(100 * v).toFixed(1)}` : `${v >= 0 ? "+" : ""}${v.toFixed(1)}`;

async function chooseGame() {
  const game = games.find((g) => g.id === $("game").value);
  $("seats").min = game.min_seats; $("seats").max = game.max_seats;
  $("seats").value = Math.min(game.max_seats, Math.max(2, game.min_seats));
  $("options-help").textContent = Object.entries(game.options).map(([k, v]) => `${k}: ${v}`).join(" · ");
  fields = await (await fetch(`/api/designer/games/${game.id}/fields`)).json();
  const options = Object.keys(game.options).map((name) => ({ path: `options.${name}`, entry: game.options[name], value: "", low: null, high: null }));
  $("fields").replaceChildren(...[...fields, ...options].map((f) => el("option", { value: f.path, text: `${f.entry}: ${f.value}` })));
  $("field").value = fields.length ? fields[0].path : "";
  showField();
}

function showField() {
  const f = fields.find((x) => x.path === $("field").value);
  $("field-now").textContent = f ? TEXT.field_now(f) : "";
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
  if (!variants.length) { $("run-error").textContent = TEXT.no_variants; return; }
  const body = {
    game: $("game").value, seats: Number($("seats").value), agent: $("agent").value, games: Number($("games").value),
    assign: $("assign").checked ? "random" : "choose", options: $("options").value, variants,
  };
  const response = await fetch("/api/designer/runs", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) { $("run-error").textContent = data.detail || `error ${response.status}`; return; }
  current = data.id;
  document.body.dataset.run = current;
  document.body.dataset.state = "starting";
  $("start").disabled = true; $("stop").disabled = false;
  poll();
}

async function stopRun() {
  if (!current) return;
  const response = await fetch(`/api/designer/runs/${current}`, { method: "DELETE" });
  if (response.ok) show(await response.json());
}

async function poll() {
  clearTimeout(timer);
  if (!current) return;
  const response = await fetch(`/api/designer/runs/${current}`);
  if (!response.ok) { $("run-error").textContent = (await response.json()).detail; finish(); return; }
  const data = await response.json();
  show(data);
  if (["starting", "running"].includes(data.state)) timer = setTimeout(poll, 700); else finish();
}

function finish() {
  $("start").disabled = false; $("stop").disabled = true;
}

function show(data) {
  document.body.dataset.state = data.state;
  $("status").textContent = TEXT.progress(data.played || 0, data.total || 0, data.state);
  $("progress").max = data.total || 1; $("progress").value = data.played || 0;
  if (data.error) $("run-error").textContent = data.error;
  if (!data.summary) return;
  const summary = data.summary;
  document.body.dataset.games = summary.games;
  drawPlot(summary);
  $("conclusions").replaceChildren(...summary.conclusions.map((line) => el("li", { class: line.endsWith("real.") ? "real" : "", text: line })));
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
  plot.append(svg("text", { x: (left + width - right) / 2, y: height - 2, "text-anchor": "middle" }, TEXT.axis));
  rows.forEach((d, i) => {
    const y = top + rowHeight * i + rowHeight / 2;
    const cls = d.real ? `real-${d.verdict}` : d.verdict;
    const group = svg("g", { class: `diff ${cls}`, "data-real": d.real ? "yes" : "no" });
    const name = d.variant_name.length > 32 ? `${d.variant_name.slice(0, 31)}…` : d.variant_name;
    group.append(svg("text", { x: left - 8, y: y + 4, "text-anchor": "end" }, `${name}: ${d.label}`));
    group.append(svg("line", { x1: x(d.low), x2: x(d.high), y1: y, y2: y, "stroke-width": 2 }));
    group.append(svg("circle", { cx: x(d.diff), cy: y, r: 4 }));
    group.append(svg("title", {}, `${d.variant_name}: ${d.label} ${showDiff(d.kind, d.diff)} (${showDiff(d.kind, d.low)} to ${showDiff(d.kind, d.high)}): ${d.verdict_text}`));
    plot.append(group);
  });
}

function drawTables(summary) {
  const names = summary.variants.map((v) => v.name);
  const keys = [];
  for (const v of summary.variants) for (const s of v.stats) if (!keys.some((k) => k.kind === s.kind && k.name === s.name)) keys.push(s);
  const rates = el("table", { class: "stats" });
  rates.append(el("tr", {}, el("th", { text: TEXT.statistic }), ...names.map((n) => el("th", { text: n }))));
  for (const key of keys) {
    const row = el("tr", {}, el("td", { text: key.label }));
    for (const v of summary.variants) {
      const s = v.stats.find((x) => x.kind === key.kind && x.name === key.name);
      row.append(el("td", { text: s ? `${showValue(s.kind, s.value)} [${showValue(s.kind, s.low)}, ${showValue(s.kind, s.high)}]` : "" }));
    }
    rates.append(row);
  }
  const diffs = el("table", { class: "stats" });
  diffs.append(el("tr", {}, ...["", TEXT.statistic, TEXT.difference, TEXT.interval(summary.confidence), TEXT.verdict].map((t) => el("th", { text: t }))));
  for (const d of summary.differences) {
    diffs.append(el("tr", { class: d.real ? "real" : "" }, el("td", { text: d.variant_name }), el("td", { text: d.label }),
      el("td", { text: showDiff(d.kind, d.diff) }), el("td", { text: `${showDiff(d.kind, d.low)} to ${showDiff(d.kind, d.high)}` }),
      el("td", { text: d.verdict_text })));
  }
  $("tables").replaceChildren(el("h3", { text: TEXT.rates }), rates, diffs);
}

async function start() {
  words();
  games = (await (await fetch("/api/designer/games")).json()).filter((g) => g.content);
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
