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
from typing import Any

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page

from tests.server.live import LiveServer
from tests.web.clicking import act_on_table, state

pytestmark = pytest.mark.browser

RUNNING = """() => document.getAnimations().map((a) => {
  const target = a.effect && a.effect.target;
  return [String(a.id), target ? (target.dataset.obj || target.dataset.was || "") : ""];
})"""
"""The animations running now: [id, the table object it moves] (a ghost of what left carries data-was)."""


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
    """The animations running now, then finished at once (a moving object is not clicked until it stands still)."""
    found = [(str(a), str(b)) for a, b in page.evaluate(RUNNING)]
    page.evaluate("() => document.getAnimations().forEach((a) => a.finish())")
    return found


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


def decide(page: Page, rng: random.Random, prefer: tuple[str, ...]) -> bool:
    """One decision on the table, following it to its end: the object, then targets (a figure, the card paying
    for its move, the area) or a popover's action or the selection's confirm, until the step moves on."""
    step, acting, over = state(page)
    if acting != "true" or over == "true" or page.locator("body[data-pending]").count():
        return False
    usable = page.locator("#board [data-obj].usable")
    objects = [usable.nth(i).get_attribute("data-obj") or "" for i in range(usable.count())]
    liked = [o for o in objects if o.startswith(prefer)] or objects
    if liked:
        page.locator(f'#board [data-obj="{rng.choice(liked)}"]').click()
    else:
        page.locator("#plain button.act").first.click()
    deadline = time.monotonic() + 20
    while state(page)[0] == step:
        assert time.monotonic() < deadline, "the decision was never taken"
        if page.locator("body[data-pending]").count():  # sent: its frame is on the way
            page.wait_for_timeout(50)
            continue
        pops, targets = page.locator("#board .popover .pop-act"), page.locator("#board [data-obj].target")
        confirm = page.locator("#confirm-selection:not([disabled])")
        more = page.locator("#board [data-obj].selectable:not(.selected)")
        if pops.count() and (not targets.count() or rng.random() < 0.5):
            pops.nth(rng.randrange(pops.count())).click()
        elif targets.count():
            targets.nth(rng.randrange(targets.count())).click()
        elif page.locator("#board .popover .pop-select").count():
            page.locator("#board .popover .pop-select").first.click()  # select it, for a reroll or a Sword Skill
        elif confirm.count():
            confirm.click()
        elif more.count():
            more.nth(rng.randrange(more.count())).click()
        elif page.locator("#plain button.act").count():  # nothing more to pick: the decision bar's control
            page.keyboard.press("Escape")
            page.locator("#plain button.act").first.click()
        page.wait_for_timeout(50)
    return True


@pytest.mark.parametrize("game,kind,prefix,prefer", [("fgo_duel", "bouts-move", "figure:", ("area:", "figure:")),
                                                     ("sao", "bouts-roll", "die:", ("die:",))])
def test_figures_glide_to_their_new_area_and_rerolled_dice_tumble(browser: Browser, server: LiveServer, game: str,
                                                                   kind: str, prefix: str,
                                                                   prefer: tuple[str, ...]) -> None:
    pages = seat_pages(browser, server, game, 2)
    for page in pages:
        slow_animations(page)
    rng = random.Random(11)
    seen: list[tuple[str, str]] = []
    for _ in range(60):
        for page in pages:
            if decide(page, rng, prefer):
                seen += [(k, obj) for watcher in pages for k, obj in running(watcher) if k.startswith("bouts-")]
        if any(k == kind and obj.startswith(prefix) for k, obj in seen):
            break
    assert any(k == kind and obj.startswith(prefix) for k, obj in seen), f"no {kind} of a {prefix} object: {seen[:20]}"
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
