"""Click-to-redrawn-table latency in the browser, per game (issue 24): median and p95.

A real ``bouts serve`` and Debian's chromium (Playwright). Every seat of a match is a page; at each decision the
acting page clicks a legal action and the time is taken inside the page, from the click to the moment the new
table has been drawn (``match.js`` sets ``body[data-step]`` after the renderer ran). The anchor, measured in the
same run on the same socket: a bare ``ping``/``pong`` round trip. Not a test: it prints figures.

    .venv/bin/python bench/web_latency.py [--decisions 40] [--games swordplay,sao,...]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import Page, sync_playwright
from tests.server.live import LiveServer

SEATS = {"grail_war": 3}
OPTIONS: dict[str, dict[str, object]] = {}
CLICK = """text => new Promise(resolve => {
  const before = document.body.dataset.step, t0 = performance.now();
  const done = new MutationObserver(() => {
    if (document.body.dataset.step !== before) { done.disconnect(); resolve(performance.now() - t0); }
  });
  done.observe(document.body, { attributes: true, attributeFilter: ["data-step"] });
  setTimeout(() => { done.disconnect(); resolve(-1); }, 20000);
  [...document.querySelectorAll("button.act")].find(b => b.dataset.action === text).click();
})"""
PING = """() => new Promise(resolve => {
  const ws = new WebSocket(`ws://${location.host}/ws/lobby`), times = [];
  let t0 = 0;
  ws.onopen = () => { t0 = performance.now(); ws.send(JSON.stringify({type: "ping"})); };
  ws.onmessage = (event) => {
    if (JSON.parse(event.data).type !== "pong") return;
    times.push(performance.now() - t0);
    if (times.length >= 40) { ws.close(); resolve(times); return; }
    t0 = performance.now(); ws.send(JSON.stringify({type: "ping"}));
  };
})"""


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def acting_page(pages: list[Page]) -> Page | None:
    for page in pages:
        if page.get_attribute("body", "data-acting") == "true" and page.get_attribute("body", "data-pending") is None:
            return page
    return None


def measure(live: LiveServer, browser: object, game: str, decisions: int, rng: random.Random) -> list[float]:
    made = live.post("/api/matches", {"game": game, "seats": [{"kind": "reserved"}] * SEATS.get(game, 2),
                                      "options": OPTIONS.get(game, {})})
    pages = []
    for seat in made["seats"]:
        page = browser.new_context(viewport={"width": 1366, "height": 900}).new_page()  # type: ignore[attr-defined]
        page.goto(live.base + seat["link"])
        page.wait_for_selector("body[data-step]")
        pages.append(page)
    times: list[float] = []
    misses = 0
    while len(times) < decisions and misses < 200:
        page = acting_page(pages)
        if page is None:
            if all(p.get_attribute("body", "data-over") == "true" for p in pages):
                break
            misses += 1
            pages[0].wait_for_timeout(50)
            continue
        texts = page.locator("#actions button.act").evaluate_all("bs => bs.map(b => b.dataset.action)")
        if not texts:
            pages[0].wait_for_timeout(50)
            misses += 1
            continue
        took = page.evaluate(CLICK, rng.choice(texts))
        if took >= 0:
            times.append(took)
    for page in pages:
        page.context.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--games", default="swordplay,sao,fgo_duel,kaleido,grail_war")
    args = parser.parse_args()
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as scratch:
        live = LiveServer(os.path.join(scratch, "bench.sqlite")).start()
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                                     args=["--headless", "--no-sandbox", "--disable-gpu"])
                anchor_page = browser.new_context().new_page()
                anchor_page.goto(live.base + "/")
                pings = anchor_page.evaluate(PING)
                anchor = statistics.median(pings)
                anchor_page.context.close()
                print(f"machine: {platform.node()} {platform.machine()}, {os.cpu_count()} cores, "
                      f"Python {platform.python_version()}, chromium headless")
                print(f"anchor: socket ping/pong round trip, median {anchor:.2f} ms, p95 {p95(pings):.2f} ms "
                      f"({len(pings)} pings)")
                print(f"{'game':<10} {'n':>4} {'median ms':>10} {'p95 ms':>8} {'median/anchor':>14}")
                for game in args.games.split(","):
                    times = measure(live, browser, game, args.decisions, rng)
                    if not times:
                        print(f"{game:<10} no decisions measured")
                        continue
                    median = statistics.median(times)
                    print(f"{game:<10} {len(times):>4} {median:>10.1f} {p95(times):>8.1f} {median / anchor:>14.1f}")
                browser.close()
        finally:
            live.stop()


if __name__ == "__main__":
    main()
