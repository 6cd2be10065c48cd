"""What the match page shows as the game moves, in Debian's chromium under the server's Content-Security-Policy
(issue 24: "cards and figures that moved move visibly between zones ... prefers-reduced-motion turns movement off";
"whose turn it is in the tab title (and an optional sound)").

- After an action, table objects that changed place animate (the Web Animations API, ``kit.moved``): a card
  readied moves from the hand to the fighter's items, a discarded one fades where it was, a drawn one comes in.
  The animations are slowed through the DevTools protocol so that reading them is not a race on a busy machine.
- Under ``prefers-reduced-motion: reduce`` nothing animates.
- The tab title says whose turn it is; the header's sound switch (off by default) is kept, and when it is on the
  page chimes when the turn comes back.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page

from tests.browser import chromium
from tests.server.live import LiveServer
from tests.web.clicking import act_on_table, state

pytestmark = pytest.mark.browser

RUNNING = """() => document.getAnimations().map((a) => {
  const target = a.effect && a.effect.target;
  return [String(a.id), target ? (target.dataset.obj || target.dataset.was || "") : ""];
})"""
"""The animations running now: [id, the table object it moves] (a ghost of what left carries data-was)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(str(tmp_path_factory.mktemp("motion") / "bouts.sqlite")).start()
    yield live
    live.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    yield from chromium()


def seat_pages(browser: Browser, server: LiveServer, game: str, seats: int, **context: Any) -> list[Page]:
    made = server.post("/api/matches", {"game": game, "seats": [{"kind": "reserved"}] * seats})
    pages = []
    for seat in made["seats"]:
        page = browser.new_context(viewport={"width": 1366, "height": 900}, **context).new_page()
        page.set_default_timeout(20_000)
        page.goto(server.base + seat["link"])
        page.wait_for_selector("body[data-step]")
        pages.append(page)
    return pages


def slow_animations(page: Page) -> None:
    """Animations play at 2% speed (a 0.4 s move lasts 20 s): what a frame started is still running when read."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 0.02})


def running(page: Page) -> list[tuple[str, str]]:
    return [(str(a), str(b)) for a, b in page.evaluate(RUNNING)]


def test_cards_move_visibly_between_zones_after_an_action(browser: Browser, server: LiveServer) -> None:
    pages = seat_pages(browser, server, "swordplay", 2)
    for page in pages:
        slow_animations(page)
    rng = random.Random(3)
    seen: set[str] = set()
    card_moved = False
    for _ in range(40):
        for page in pages:
            if not act_on_table(page, rng):
                continue
            for watcher in pages:  # the actor's page and the other player's
                now = running(watcher)
                moves = [(kind, obj) for kind, obj in now if kind.startswith("bouts-")]
                seen.update(kind for kind, _obj in moves)
                if moves:
                    assert int(watcher.get_attribute("body", "data-moved") or 0) > 0
                card_moved |= any(kind in ("bouts-move", "bouts-leave") and obj.startswith("card:")
                                  for kind, obj in moves)
        if card_moved and {"bouts-move", "bouts-enter"} <= seen:
            break
    assert card_moved, f"no card moved between zones in 40 rounds of decisions; animations seen: {seen}"
    assert {"bouts-move", "bouts-enter"} <= seen, seen  # a readied card glides, a drawn one comes in
    for page in pages:
        page.context.close()


def test_prefers_reduced_motion_moves_nothing(browser: Browser, server: LiveServer) -> None:
    pages = seat_pages(browser, server, "swordplay", 2, reduced_motion="reduce")
    for page in pages:
        slow_animations(page)
    rng = random.Random(3)
    decisions = 0
    for _ in range(12):
        for page in pages:
            if act_on_table(page, rng):
                decisions += 1
                for watcher in pages:
                    assert running(watcher) == []
                    assert watcher.get_attribute("body", "data-moved") in ("0", None)
    assert decisions >= 10
    for page in pages:
        page.context.close()


def test_the_tab_title_says_whose_turn_and_the_sound_is_optional(browser: Browser, server: LiveServer) -> None:
    pages = seat_pages(browser, server, "swordplay", 2)
    names = {0: "Seat 1", 1: "Seat 2"}
    for seat, page in enumerate(pages):  # the seats' default names, as the status line shows them
        names[seat] = page.locator(f'#presence li[data-seat="{seat}"]').inner_text().split(":")[0]
    deadline = time.monotonic() + 20
    while not any(state(p)[1] == "true" for p in pages):
        assert time.monotonic() < deadline
        pages[0].wait_for_timeout(30)
    acting = next(i for i, p in enumerate(pages) if state(p)[1] == "true")
    other = 1 - acting
    assert pages[acting].title().startswith("● Your turn — ")
    assert pages[other].title().startswith(f"Waiting for {names[acting]}"), pages[other].title()
    sound = pages[other].get_by_role("checkbox", name="sound on my turn")
    assert not sound.is_checked()  # off unless the player asks for it
    sound.check()
    assert pages[other].evaluate("() => localStorage.getItem('bouts.sound')") == "on"
    chimes = int(pages[other].get_attribute("body", "data-chimes") or 0)  # turning it on plays it once
    rng = random.Random(5)
    deadline = time.monotonic() + 60
    while state(pages[other])[1] != "true":  # the acting seat plays until the turn passes
        assert time.monotonic() < deadline, "the turn never passed"
        if not act_on_table(pages[acting], rng):
            pages[acting].wait_for_timeout(30)
    pages[other].wait_for_selector(f"body[data-your-turn][data-chimes='{chimes + 1}']")
    assert pages[other].title().startswith("● Your turn — ")
    pages[other].reload()  # the setting is kept
    pages[other].wait_for_selector("body[data-step]")
    assert pages[other].locator("#sound").is_checked()
    assert int(pages[acting].get_attribute("body", "data-chimes") or 0) == 0  # never where it was not asked for
    for page in pages:
        page.context.close()
