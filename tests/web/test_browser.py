"""The browser client in Debian's chromium, driven by Playwright (no browser is downloaded), under the server's CSP."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page

from tests.server.live import LiveServer

pytestmark = pytest.mark.browser

def step_of(page: Page) -> int:
    value = page.locator("body").get_attribute("data-step")
    return int(value) if value else -1


def until(page: Page, holds: Callable[[], bool], seconds: float = 20) -> None:
    """Wait until ``holds()``; polled from Python, since the server's CSP forbids Playwright's string predicates."""
    deadline = time.monotonic() + seconds
    while not holds():
        assert time.monotonic() < deadline, "the page never got there"
        page.wait_for_timeout(30)


def over(page: Page) -> bool:
    return page.locator("body").get_attribute("data-over") == "true"


def open_seat(browser: Browser, server: LiveServer, link: str, width: int = 1200) -> Page:
    page = browser.new_context(viewport={"width": width, "height": 900}).new_page()
    page.goto(server.base + link)
    page.wait_for_selector("body[data-step]", state="attached")
    return page


def click_some_action(page: Page, rng: random.Random, prefer: tuple[str, ...] = ()) -> bool:
    """Click a legal action (one of the preferred verbs if offered); False when there is none."""
    buttons = page.locator("button.act:not([disabled])")
    texts: list[str] = buttons.evaluate_all("bs => bs.map(b => b.dataset.action)")
    if not texts:
        return False
    preferred = [t for t in texts if t.split(" ")[0] in prefer]
    choice = rng.choice(preferred or texts)
    before = step_of(page)
    page.evaluate("text => [...document.querySelectorAll('button.act')].find(b => b.dataset.action === text).click()",
                  choice)
    until(page, lambda: step_of(page) != before or bool(page.locator("#error").inner_text().strip()), 10)
    return True


def test_two_browsers_play_a_whole_swordplay_game(browser: Browser, server: LiveServer) -> None:
    made = server.post("/api/matches", {"game": "swordplay", "seats": [{"kind": "reserved"}, {"kind": "reserved"}]})
    pages = [open_seat(browser, server, seat["link"]) for seat in made["seats"]]
    rng = random.Random(3)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if all(over(p) for p in pages):
            break
        acted = False
        for page in pages:
            acted = click_some_action(page, rng, prefer=("attack", "ready", "take", "counter")) or acted
        if not acted:
            pages[0].wait_for_timeout(50)
    for page in pages:
        page.wait_for_selector("body[data-over=true]", state="attached")
        assert "Game over" in page.locator("#status").inner_text()
        assert page.locator("#save").get_attribute("href")
        page.context.close()


def test_a_player_joins_fgo_duel_by_invite_link_and_plays_a_bot(browser: Browser, server: LiveServer) -> None:
    host = browser.new_context().new_page()
    host.goto(server.base + "/")
    host.select_option("#game", "fgo_duel")
    rows = host.locator("#seats .seat-row")
    assert rows.count() == 2
    rows.nth(1).locator(".seat-kind").select_option("bot")
    rows.nth(1).locator(".seat-agent").select_option("heuristic")
    host.click("button[type=submit]")
    link = host.locator("a.invite").first.get_attribute("href")
    assert link and "#token=" in link
    host.context.close()
    page = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
    page.goto(link)
    page.wait_for_selector(".map .area")
    rng = random.Random(5)
    start = step_of(page)
    for _ in range(6):
        page.wait_for_selector("button.act:not([disabled])", state="attached", timeout=20_000)
        click_some_action(page, rng)
    until(page, lambda: step_of(page) > start + 6)
    log = page.locator("#log").inner_text()
    assert "Seat 1" in log or "seat 1" in log  # the bot has played
    page.context.close()


def test_a_spectator_sees_no_hidden_information(browser: Browser, server: LiveServer) -> None:
    made = server.post("/api/matches", {"game": "swordplay", "seats": [{"kind": "reserved"}, {"kind": "reserved"}]})
    player = open_seat(browser, server, made["seats"][0]["link"])
    frames: list[dict[str, Any]] = []
    context = browser.new_context()
    spectator = context.new_page()
    spectator.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(json.loads(payload))))
    spectator.goto(server.base + made["spectator"]["link"])
    spectator.wait_for_selector("body[data-step]", state="attached")
    rng = random.Random(1)
    other = open_seat(browser, server, made["seats"][1]["link"])
    for _ in range(8):
        for page in (player, other):
            click_some_action(page, rng)
    until(spectator, lambda: step_of(spectator) >= step_of(player))
    states = [f for f in frames if f["type"] == "state"]
    assert states
    for frame in states:
        assert frame["seat"] is None and frame["legal"] == [] and frame["can_undo"] is False
        for fighter in frame["view"]["fighters"]:
            assert "hand" not in fighter
    assert spectator.locator(".hand").count() == 0
    assert spectator.locator("button.act").count() == 0
    assert "spectator" in spectator.locator("#title").inner_text()
    for page in (player, other, spectator):
        page.context.close()


def test_a_reload_resumes_the_match(browser: Browser, server: LiveServer) -> None:
    made = server.post("/api/matches", {"game": "swordplay",
                                        "seats": [{"kind": "reserved"}, {"kind": "bot", "agent": "random"}]})
    page = open_seat(browser, server, made["seats"][0]["link"])
    rng = random.Random(2)
    for _ in range(3):
        page.wait_for_selector("button.act:not([disabled])", state="attached")
        click_some_action(page, rng)
    page.wait_for_selector("button.act:not([disabled])", state="attached")
    step, log = step_of(page), page.locator("#log li").all_inner_texts()
    page.reload()
    until(page, lambda: step_of(page) == step)
    assert page.locator("#log li").all_inner_texts() == log
    assert page.locator("button.act:not([disabled])").count() > 0
    page.context.close()


TABLES = {"swordplay": ".fighter .hand .card", "sao": ".character .cards", "fgo_duel": ".map .area",
          "grail_war": ".grail_war .map .area", "kaleido": ".kaleido .kaleido-seat"}
OPTIONS: dict[str, dict[str, Any]] = {"swordplay": {"heroes": ["gladiator", "mercenary"]}}
SEATS = {"grail_war": 3}


@pytest.mark.parametrize("game", sorted(TABLES))
def test_each_game_renders_its_table_and_takes_an_action(browser: Browser, server: LiveServer, game: str,
                                                         tmp_path: Path) -> None:
    made = server.post("/api/matches", {"game": game, "seats": [{"kind": "reserved"}] * SEATS.get(game, 2),
                                        "options": OPTIONS.get(game, {})})
    acting = next(seat for seat in made["seats"])
    page = open_seat(browser, server, acting["link"], width=390)
    page.wait_for_selector(TABLES[game])
    assert page.evaluate("document.documentElement.scrollWidth") <= 392  # fits a phone
    for other in made["seats"][1:]:
        if page.locator("button.act").count():
            break
        page.context.close()
        page = open_seat(browser, server, other["link"], width=390)
    before = step_of(page)
    assert click_some_action(page, random.Random(0))
    assert step_of(page) > before
    assert page.locator("#error").inner_text() == ""
    page.goto(server.base + acting["link"] + "&renderer=generic")
    page.wait_for_selector(".generic dl")
    page.context.close()
