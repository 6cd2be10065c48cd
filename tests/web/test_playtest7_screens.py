"""Defects a new player saw in Debian's chromium (playtest 7), each checked on what the page shows:

- on a phone (390x844) the sticky decision panel covered some 40 % of the screen when a decision had many buttons
  (kaleido's command spells): it now takes at most 30 % and its buttons scroll inside it;
- Grail War's placement took two clicks (your board, then the place): one click on the place puts the piece;
- kaleido's end screen listed the abilities of eliminated seats.
"""

from __future__ import annotations

import random
import time

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page

from tests.server.live import LiveServer
from tests.web.clicking import act_on_table, new_page, state
from tests.web.decisions import Decision
from tests.web.test_playtest_screens import finished_view
from tests.web.test_tables import draw, table_page

pytestmark = pytest.mark.browser

PHONE = (390, 844)


def seat_page(browser: Browser, server: LiveServer, game: str, width: int = 1366, height: int = 900,
              options: dict[str, object] | None = None, bots: int = 2) -> Page:
    """Seat 1 of a match against heuristic bots, open at its first decision."""
    seats = [{"kind": "reserved"}] + [{"kind": "bot", "agent": "heuristic"}] * bots
    made = server.post("/api/matches", {"game": game, "options": options or {}, "seats": seats})
    page = new_page(browser, width, height)
    page.goto(server.base + made["seats"][0]["link"])
    page.wait_for_selector("body[data-step]")
    return page


def wait_to_act(page: Page, limit: float = 30) -> None:
    deadline = time.monotonic() + limit
    while state(page)[1] != "true" or page.locator("body[data-pending]").count():
        assert state(page)[2] != "true", "the game ended"
        assert time.monotonic() < deadline, "no decision came"
        page.wait_for_timeout(40)


PANEL = """() => {
  const c = document.getElementById("controls").getBoundingClientRect();
  const panel = document.getElementById("controls");
  return [c.top, c.height, panel.scrollHeight, panel.clientHeight, innerHeight];
}"""


def test_the_phone_decision_panel_leaves_the_table_in_sight(browser: Browser, server: LiveServer) -> None:
    page = seat_page(browser, server, "kaleido", *PHONE, options={"turn_limit": 12})
    rng = random.Random(4)
    crowded = 0
    for _ in range(60):
        if state(page)[2] == "true":
            break
        wait_to_act(page)
        top, height, content, shown, screen = page.evaluate(PANEL)
        assert height <= 0.3 * screen + 1, f"the decision panel takes {height / screen:.0%} of the screen"
        assert top >= 0.7 * screen - 1
        if content > shown + 4:  # more buttons than fit: they scroll inside the panel, the last one reachable
            crowded += 1
            last = page.locator("#controls button:visible").last
            last.scroll_into_view_if_needed()
            box = last.bounding_box()
            assert box is not None and box["y"] + box["height"] <= screen + 1
        if crowded >= 2:
            break
        act_on_table(page, rng)
    assert crowded, "no decision with more buttons than the panel shows"
    page.screenshot(path="/tmp/playtest7/kaleido-phone-panel.png")
    page.context.close()


def test_grail_war_places_the_piece_with_one_click_on_the_place(browser: Browser, server: LiveServer) -> None:
    page = seat_page(browser, server, "grail_war")
    rng = random.Random(2)
    for _ in range(40):
        wait_to_act(page)
        if page.locator('#board [data-obj^="place:"].usable').count():
            break
        act_on_table(page, rng)
    places = page.locator('#board [data-obj^="place:"].usable')
    assert places.count(), "no placement decision"
    assert "Outpost" in page.locator("#board").inner_text()
    step = state(page)[0]
    target = places.first.get_attribute("data-obj") or ""
    places.first.click()  # one click, no board before it, no popover after it
    deadline = time.monotonic() + 20
    while state(page)[0] == step:
        assert time.monotonic() < deadline, "one click on the place did not place the piece"
        assert not page.locator("#board .popover").count()
        page.wait_for_timeout(40)
    assert not page.locator("#error").inner_text().strip()
    assert target.startswith("place:")
    page.context.close()


def test_kaleidos_end_screen_shows_no_abilities_for_eliminated_seats(browser: Browser) -> None:
    view = next(v for v in (finished_view("kaleido", 3, {}, seed) for seed in range(1, 30))
                if not all(p["alive"] for p in v["players"]))  # type: ignore[attr-defined]
    page = table_page(browser)
    draw(page, Decision("kaleido", 0, 0, view, []))
    out = page.locator("#table .kaleido-seat.out")
    assert out.count()
    for i in range(out.count()):
        seat = out.nth(i)
        assert "out of the war" in seat.inner_text()
        assert not seat.locator(".abilities").count(), seat.inner_text()
    alive = page.locator("#table .kaleido-seat:not(.out)")
    assert alive.count() and alive.first.locator(".abilities").count()  # the standing seats still show theirs
    page.context.close()


def test_the_end_of_the_game_comes_into_sight_on_a_phone(browser: Browser, server: LiveServer) -> None:
    """A phone scrolled down to the seats when the game ends: how it ended is brought into sight."""
    page = seat_page(browser, server, "fgo_duel", *PHONE, bots=1)
    wait_to_act(page)
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#concede")
    page.wait_for_selector('body[data-over="true"]', state="attached")
    banner = page.locator("#status")  # a concession: the status line says how it ended (no board banner)
    deadline = time.monotonic() + 10
    while True:
        box = banner.bounding_box()
        if box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE[1] * 0.7:
            break
        assert time.monotonic() < deadline, f"the outcome is out of sight: {box}"
        page.wait_for_timeout(50)
    assert "Game over" in banner.inner_text() and "Winners" in banner.inner_text()
    page.screenshot(path="/tmp/playtest7/fgo-phone-conceded.png")
    page.context.close()
