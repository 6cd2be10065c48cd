"""A choice the player has open on the table survives another seat's move, in Debian's chromium on a real match.

FGO Duel's party is chosen by both masters at once (sealed picks): while the player has a servant's popover open, a
real bot (IS-MCTS given seconds to think, so it seals its pick while the popover is open) moves, the table is drawn
again, and the popover is still there on the same servant, with the focus where it was, and its action is taken
(acknowledged with no error, even when the bot's next sealed pick reaches the server before it).
A frame that makes the open choice impossible (the other master concedes: the match is over) closes it and says why.
"""

from __future__ import annotations

import time

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page

from tests.server.live import LiveServer
from tests.web.clicking import new_page, state

pytestmark = pytest.mark.browser

SLOW_BOT = "ismcts:seconds=4"
"""A real bot that thinks long enough for the player to open a choice before it moves."""


def open_page(browser: Browser, server: LiveServer, link: str, errors: list[str], width: int = 1366,
              height: int = 900) -> Page:
    page = new_page(browser, width, height)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.base + link)
    page.wait_for_selector("body[data-step]")
    return page


def bot_also_deciding(page: Page) -> bool:
    """The player decides now, nothing sent, and the bot (seat 2) is deciding at the same time."""
    _, acting, over = state(page)
    return (acting == "true" and over != "true" and not page.locator("body[data-pending]").count()
            and page.locator('#presence li.acting[data-seat="1"]').count() == 1)


def open_a_servant(page: Page) -> str:
    """Open the popover of a servant the player may pick, by keyboard (Enter): its first button takes the focus."""
    card = page.locator('#board [data-obj^="servant:"].usable').first
    obj = card.get_attribute("data-obj") or ""
    card.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#board .popover .pop-act")
    return obj


@pytest.mark.parametrize("width,height", [(1366, 900), (390, 844)])
def test_a_bots_move_leaves_the_players_open_popover_open_and_its_click_completes(
        browser: Browser, server: LiveServer, width: int, height: int) -> None:
    made = server.post("/api/matches", {"game": "fgo_duel", "seats": [{"kind": "reserved"},
                                                                      {"kind": "bot", "agent": SLOW_BOT}]})
    errors: list[str] = []
    page = open_page(browser, server, made["seats"][0]["link"], errors, width, height)
    deadline = time.monotonic() + 60
    kept = 0
    while kept < 2:  # two picks of the party, each with the bot's sealed pick landing under an open popover
        assert time.monotonic() < deadline, f"the bot never moved while a popover was open ({kept} times)"
        if not bot_also_deciding(page):
            page.wait_for_timeout(50)
            continue
        step = state(page)[0]
        obj = open_a_servant(page)
        action = page.locator("#board .popover .pop-act").first.get_attribute("data-action")
        if state(page)[0] != step:  # the bot moved before the popover was open: nothing to check this time
            page.keyboard.press("Escape")
            continue
        page.wait_for_function("step => document.body.dataset.step !== step", arg=step, timeout=15_000)
        assert state(page)[1] == "true", "the bot's move ended the player's decision"
        # the bot's move drew the table again: the popover is still open, by the same servant, the focus in it
        pop = page.locator("#board .popover")
        assert pop.count() == 1, "the bot's move closed the player's open popover"
        assert page.locator(f'#board [data-obj="{obj}"] + .popover').count() == 1
        assert "chosen" in (page.locator(f'#board [data-obj="{obj}"]').get_attribute("class") or "")
        assert page.evaluate("() => Boolean(document.activeElement.closest('#board .popover'))")
        assert page.locator("#choice-note").is_hidden()
        if kept == 0:
            page.screenshot(path=f"/tmp/table8/open-choice-after-bot-{width}x{height}.png")
        after = state(page)[0]
        page.locator(f'#board .popover .pop-act[data-action="{action}"]').click()
        # its answer: taken, even when the bot's next sealed pick reached the server first (no "choose anew")
        page.wait_for_function("step => document.body.dataset.step !== step && !document.body.dataset.pending",
                               arg=after, timeout=20_000)
        assert not page.locator("#error").inner_text().strip(), page.locator("#error").inner_text()
        kept += 1
    assert not errors
    page.context.close()


CLOSED = {"en": "After the last move, your choice with {name} is no longer possible: it was closed.",
          "ja": "直前の行動により、{name}で選びかけていた操作はできなくなったので閉じました。"}
"""The note, as each catalog words it."""


@pytest.mark.parametrize("width,height,lang", [(1366, 900, "en"), (390, 844, "ja")])
def test_a_frame_that_makes_the_open_choice_impossible_closes_it_with_a_note(
        browser: Browser, server: LiveServer, width: int, height: int, lang: str) -> None:
    made = server.post("/api/matches", {"game": "fgo_duel", "seats": [{"kind": "reserved"}, {"kind": "reserved"}]})
    errors: list[str] = []
    path, _, token = made["seats"][0]["link"].partition("#")
    page = open_page(browser, server, f"{path}?lang={lang}#{token}", errors, width, height)
    friend = open_page(browser, server, made["seats"][1]["link"], errors)
    page.wait_for_selector("body[data-acting=true]")
    obj = open_a_servant(page)
    servant = page.locator(f'#board [data-obj="{obj}"] .n').inner_text().strip()
    friend.once("dialog", lambda dialog: dialog.accept())
    friend.click("#concede")  # the other master concedes: the match is over, the pick impossible
    page.wait_for_selector("body[data-over=true]")
    assert page.locator("#board .popover").count() == 0
    note = page.locator("#choice-note")
    assert note.is_visible()
    assert servant and note.inner_text() == CLOSED[lang].format(name=servant)
    page.screenshot(path=f"/tmp/table8/open-choice-closed-{width}x{height}.png")
    page.locator("#board").click(position={"x": 5, "y": 5})  # the player's next click on the table dismisses it
    assert note.is_hidden()
    assert not errors
    page.context.close()
    friend.context.close()
