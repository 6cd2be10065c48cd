"""Whole games in Debian's chromium, acting only on the table (the things themselves, their popovers, the decision
bar's plain controls such as "End your turn"), never the fallback list of actions; under the server's CSP.

- a whole Swordplay game against a bot;
- a two-person match set up in the lobby and joined through its invite links (copy buttons, the links' fields);
- a keyboard-only pass (Tab, Enter) and the accessibility tree of the lobby.
"""

from __future__ import annotations

import random
import time

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page

from tests.server.live import LiveServer
from tests.web.clicking import new_page, play_to_the_end, state

pytestmark = pytest.mark.browser



def test_a_whole_swordplay_game_against_a_bot_by_clicking_the_table(browser: Browser, server: LiveServer) -> None:
    made = server.post("/api/matches", {"game": "swordplay",
                                        "seats": [{"kind": "reserved"}, {"kind": "bot", "agent": "heuristic"}]})
    page = new_page(browser)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.base + made["seats"][0]["link"])
    page.wait_for_selector("body[data-step]")
    clicked_list: list[str] = []
    page.on("console", lambda m: clicked_list.append(m.text) if "fallback" in m.text else None)
    decisions = play_to_the_end([page], random.Random(7))
    assert decisions >= 3
    assert "Game over" in page.locator("#status").inner_text()
    assert page.locator("#log .turn-group").count() >= 2  # the log by turn
    assert page.locator("#log details.why").count() > 0  # with the rule behind its lines
    page.locator("#log details.why summary").first.click()
    why = page.locator("#log details.why[open]").first.inner_text()
    assert "SWP-" in why and len(why) > 12  # the clause id and its summary
    assert not errors
    page.context.close()


def test_two_people_play_through_the_lobbys_invite_links(browser: Browser, server: LiveServer) -> None:
    host = new_page(browser)
    host.goto(server.base + "/")
    host.wait_for_selector("#game option", state="attached")
    host.select_option("#game", "swordplay")
    rows = host.locator("#seats .seat-row")
    rows.nth(0).locator(".seat-kind").select_option("reserved")
    rows.nth(1).locator(".seat-kind").select_option("reserved")
    host.click("#create-button")
    host.wait_for_selector("#links:not([hidden]) input.invite")
    assert host.locator("#link-list button.copy").count() == 3  # two seats and the spectators
    links = [host.locator("input.invite").nth(i).input_value() for i in range(2)]
    assert all("#token=" in link for link in links)
    friend = new_page(browser, 390, 844)  # the friend plays on a phone
    friend.goto(links[1])
    host.goto(links[0])
    for page in (host, friend):
        page.wait_for_selector("body[data-step]")
    host.wait_for_selector('#presence li[data-seat="1"].connected')
    decisions = play_to_the_end([host, friend], random.Random(11), most=14)  # both play a few turns,
    assert decisions >= 14
    friend.once("dialog", lambda dialog: dialog.accept())
    friend.click("#concede")  # then the friend concedes from the phone
    for page in (host, friend):
        page.wait_for_selector("body[data-over=true]")
        assert "conceded" in page.locator("#presence").inner_text()
        page.context.close()


def focused(page: Page, selector: str) -> bool:
    return bool(page.evaluate("s => Boolean(document.activeElement && document.activeElement.matches(s))", selector))


def tab_to(page: Page, selector: str, most: int = 80) -> None:
    for _ in range(most):
        page.keyboard.press("Tab")
        if focused(page, selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_the_keyboard_alone_sets_up_a_match_and_plays_on_the_table(browser: Browser, server: LiveServer) -> None:
    lobby = new_page(browser)
    lobby.goto(server.base + "/")
    lobby.wait_for_selector("#game option", state="attached")
    tab_to(lobby, "#game")
    for _ in range(8):  # the arrow keys choose in a closed select
        if lobby.locator("#game").input_value() == "swordplay":
            break
        lobby.keyboard.press("ArrowDown")
    assert lobby.locator("#game").input_value() == "swordplay"
    tab_to(lobby, "#create-button")
    lobby.keyboard.press("Enter")
    lobby.wait_for_selector("#links:not([hidden]) a.open-link.invite")
    tab_to(lobby, "a.open-link.invite")
    lobby.keyboard.press("Enter")  # the first seat's link opens here
    lobby.wait_for_selector("body[data-acting=true]")
    page = lobby
    for _ in range(3):  # the Hero, then the first decisions of the game: each by Tab and Enter on the table
        step = state(page)[0]
        tab_to(page, "#board [data-obj].usable, #plain button.act")
        page.keyboard.press("Enter")
        if page.locator("#board .popover").count():
            assert focused(page, "#board .popover button")  # the popover takes the focus
            if page.locator("#board [data-obj].target").count():
                tab_to(page, "#board [data-obj].target")
            page.keyboard.press("Enter")
        deadline = time.monotonic() + 20
        while state(page)[0] == step:
            assert time.monotonic() < deadline
            page.wait_for_timeout(30)
        page.wait_for_selector("body[data-acting=true], body[data-over=true]")
    page.context.close()


def test_the_lobby_accessibility_tree_names_every_control(browser: Browser, server: LiveServer) -> None:
    import re

    page = new_page(browser)
    page.goto(server.base + "/")
    page.wait_for_selector("#options-form .option-row")
    tree = page.locator("body").aria_snapshot()
    for expected in ('heading "New match"', 'heading "Open matches"', 'combobox "Game"', 'button "Create match"',
                     'combobox "Seat 1: who sits there"', 'group "Options"', 'group "Seats"'):
        assert expected in tree, f"{expected} not in the accessibility tree:\n{tree}"
    unnamed = [line for line in tree.splitlines()
               if re.match(r"\s*- (combobox|textbox|button|checkbox|spinbutton|link)(\s*\[|:|$)", line)]
    assert not unnamed, unnamed
    page.goto(server.base + "/?lang=ja")
    page.wait_for_selector("#options-form .option-row")
    tree = page.locator("body").aria_snapshot()
    assert 'heading "新しい対戦"' in tree and 'button "対戦を作る"' in tree
    page.context.close()
