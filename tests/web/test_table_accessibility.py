"""Each of the five games' match page in Debian's chromium, for a player who uses a screen reader or only the
keyboard (issue 24: "an accessibility check (keyboard only, and axe-core or Playwright's accessibility tree) passes
on the lobby and each table"); under the server's Content-Security-Policy (waits are selectors, never
wait_for_function strings).

- Playwright's accessibility tree names every control (no unnamed button, link, input, select or meter) and every
  table object (cards, dice, figures, areas, places: a name with the numbers it shows, usable or not); the page
  has its landmarks (banner, main, the table, the decision, the log, the rules, the chat) and headings.
- The keyboard alone takes a decision on the table (Tab, Enter; the arrow keys between the usable objects; Escape
  closes a popover and gives the focus back) and opens the hint, a log line's "why" and the rules panel, whose
  phase list marks the current phase.

- axe-core (Deque's engine, the axe.min.js that the PyPI package axe-playwright-python ships: no Node needed) finds
  no violation on the lobby and on each table, at a decision and again with the hint, the rules and a "why" open.
"""

from __future__ import annotations

import importlib.resources
import re
import time
from typing import Any

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page

from tests.server.live import LiveServer
from tests.web.clicking import OPENED, TAKEN, new_page, state

pytestmark = pytest.mark.browser

GAMES = ["swordplay", "sao", "fgo_duel", "kaleido", "grail_war"]
SEATS = {"grail_war": 3}
AXE = (importlib.resources.files("axe_playwright_python") / "axe.min.js").read_text(encoding="utf-8")
"""axe-core, as the PyPI package axe-playwright-python ships it."""
UNNAMED = re.compile(r"\s*- (combobox|textbox|button|checkbox|spinbutton|link|meter|radio|slider)(\s*\[|:|$)")
"""A control in an aria snapshot without a quoted name."""


def acting_page(browser: Browser, server: LiveServer, game: str) -> Page:
    """The match page of a seat that has a decision now (every seat reserved: nobody else moves)."""
    made = server.post("/api/matches", {"game": game, "seats": [{"kind": "reserved"}] * SEATS.get(game, 2)})
    for seat in made["seats"]:
        page = new_page(browser)
        page.goto(server.base + seat["link"])
        page.wait_for_selector("body[data-step]")
        if state(page)[1] == "true":
            page.wait_for_selector("#board [data-obj]")
            return page
        page.context.close()
    raise AssertionError(f"no seat of a new {game} match has a decision")


def axe_violations(page: Page) -> list[str]:
    """What axe-core finds wrong on the page now (every rule of its default set), one line per rule and node."""
    page.evaluate(AXE)  # through the DevTools protocol: the page's CSP does not apply to it
    found: dict[str, Any] = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']} ({v['impact']}): {n['html'][:160]} — {n['failureSummary']}"
            for v in found["violations"] for n in v["nodes"]]


def focused(page: Page, selector: str) -> bool:
    return bool(page.evaluate("s => Boolean(document.activeElement && document.activeElement.matches(s))", selector))


def tab_to(page: Page, selector: str, most: int = 250) -> None:
    for _ in range(most):
        page.keyboard.press("Tab")
        if focused(page, selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def focused_object(page: Page) -> str:
    return str(page.evaluate("() => document.activeElement && document.activeElement.dataset.obj"))


def role_and_name(snapshot: str) -> tuple[str, str]:
    """The role and the accessible name of the first node of an aria snapshot (``- button "Die 1: 5"``, quoted as
    YAML when the name holds a colon: ``- 'button "Die 1: 5"': "5"``)."""
    line = snapshot.strip().splitlines()[0] if snapshot.strip() else ""
    found = re.match(r"- (?:'((?:[^']|'')*)'|([^:]*))", line)
    head = ((found.group(1) or "").replace("''", "'") if found and found.group(1) is not None
            else (found.group(2) if found else ""))
    named = re.match(r'(\w+) "(.*)"', head)
    return (named.group(1), named.group(2)) if named else (head.split(" ")[0], "")


@pytest.mark.parametrize("game", GAMES)
def test_the_accessibility_tree_names_every_control_and_table_object(browser: Browser, server: LiveServer,
                                                                     game: str) -> None:
    page = acting_page(browser, server, game)
    tree = page.locator("body").aria_snapshot()
    for landmark in ("- banner", "- main", 'region "The table"', 'region "Your decision"', 'region "Your log"',
                     'region "Rules"', 'region "Chat"', 'heading "bouts" [level=1]', 'heading "The table" [level=2]',
                     'checkbox "sound on my turn"', 'combobox "Language"', 'textbox "chat message"',
                     'button "hint"'):
        assert landmark in tree, f"{game}: {landmark} not in the accessibility tree:\n{tree}"
    unnamed = [line for line in tree.splitlines() if UNNAMED.match(line)]
    assert not unnamed, f"{game}: unnamed controls {unnamed}"
    objects = page.locator("#board [data-obj]")
    assert objects.count() >= 1
    usable = 0
    for i in range(min(objects.count(), 60)):
        node = objects.nth(i)
        role, name = role_and_name(node.aria_snapshot())
        assert role in ("button", "group") and name.strip(), \
            f"{game}: {node.get_attribute('data-obj')} has no accessible name: {role} {name!r}"
        usable += role == "button"
        if node.locator("[data-obj]").count() == 0:  # a card, a die, a figure: every number it shows is in its name
            shown = node.inner_text()
            for number in re.findall(r"\d+", shown):
                assert number in name, f"{game}: {number} of {shown!r} not in the name {name!r}"
        assert not name.startswith(("card:", "die:", "fighter:", "area:", "figure:")), name  # words, not engine ids
    assert usable or page.locator("#plain button.act").count(), f"{game}: nothing to act on is named as a button"
    violations = axe_violations(page)
    assert not violations, f"{game}: axe-core finds\n" + "\n".join(violations)
    page.context.close()


def take_a_decision_by_keyboard(page: Page) -> None:
    """Tab to the table (or the decision bar's plain control), Enter; in a popover Enter on its first action, or
    Tab to a target and Enter; a selection is confirmed by Tab and Enter."""
    step = state(page)[0]
    if page.locator("#plain button.act").count():
        tab_to(page, "#plain button.act")
        page.keyboard.press("Enter")
    else:
        tab_to(page, "#board [data-obj].usable")
        page.keyboard.press("Enter")
        page.wait_for_function(OPENED, arg=step)  # or a data-direct object's only action, taken at once
        if page.evaluate(TAKEN, step):  # step and pending read at once: the answer may come between two reads
            pass
        elif page.locator("#board .popover .pop-act").count():
            assert focused(page, "#board .popover button")  # the popover takes the focus
            while not focused(page, "#board .popover .pop-act"):
                page.keyboard.press("ArrowDown")
            page.keyboard.press("Enter")
        elif page.locator("#board [data-obj].target").count():
            tab_to(page, "#board [data-obj].target")
            page.keyboard.press("Enter")
            if page.locator("#board .popover .pop-act").count() and state(page)[0] == step:
                page.keyboard.press("Enter")
        else:
            if page.locator("#board .popover .pop-select").count():
                page.keyboard.press("Enter")
            tab_to(page, "#confirm-selection:not([disabled])")
            page.keyboard.press("Enter")
    deadline = time.monotonic() + 20
    while state(page)[0] == step:
        assert time.monotonic() < deadline, "the decision was never taken"
        page.wait_for_timeout(30)
    assert not page.locator("#error").inner_text().strip(), page.locator("#error").inner_text()


@pytest.mark.parametrize("game", GAMES)
def test_the_keyboard_alone_decides_and_opens_the_hint_the_why_and_the_rules(browser: Browser, server: LiveServer,
                                                                             game: str) -> None:
    page = acting_page(browser, server, game)
    tab_to(page, "#hint")  # the hint, on the table and in words
    page.keyboard.press("Enter")
    page.wait_for_selector("#hint-box:not([hidden])")
    assert page.locator("#hint-box").inner_text().strip()
    usable = page.locator("#board [data-obj].usable")
    if usable.count() >= 2:  # the arrow keys go from one usable object to the next and back; Escape closes
        tab_to(page, "#board [data-obj].usable")
        first = focused_object(page)
        page.keyboard.press("ArrowRight")
        assert focused(page, "#board [data-obj].usable") and focused_object(page) != first
        page.keyboard.press("ArrowLeft")
        assert focused_object(page) == first
        step = state(page)[0]
        page.keyboard.press("Enter")
        page.wait_for_function(OPENED, arg=step)
        if page.evaluate(TAKEN, step):  # step and pending read at once: the answer may come between two reads
            page.wait_for_selector("body:not([data-pending])")  # a place on Grail War's board: placed at once
        elif page.locator("#board .popover").count():
            page.keyboard.press("Escape")
            page.wait_for_selector("#board .popover", state="detached")
            assert focused_object(page) == first  # the focus comes back
        else:  # a die to select: Escape clears the selection
            page.wait_for_selector("#selection-bar:not([hidden])")
            page.keyboard.press("Escape")
            page.wait_for_selector("#selection-bar", state="hidden")
        page.keyboard.press("Shift+Tab")  # back before the table: the next Tab starts there
    for _ in range(3):  # a few decisions, until a log line shows the rule behind it
        if state(page)[1] != "true" or page.locator("#log details.why").count():
            break
        take_a_decision_by_keyboard(page)
        page.wait_for_selector("body:not([data-pending])")
    assert page.locator("#log details.why").count(), f"{game}: no log line with its rule after three decisions"
    tab_to(page, "#log details.why > summary")
    page.keyboard.press("Enter")
    page.wait_for_selector("#log details.why[open]")
    assert re.search(r"[A-Z]{3}-\d{3}", page.locator("#log details.why[open]").first.inner_text())
    tab_to(page, "#rules > summary")
    page.keyboard.press("Enter")
    page.wait_for_selector("#rules[open] .rules-phases")
    marked = page.locator("#rules-body li.rules-phase[aria-current=step]")
    assert marked.count() == 1, page.locator("#rules-body").inner_text()
    assert "now" in marked.inner_text() and marked.locator(".phase-name").inner_text().strip()
    assert page.locator("#rules-body li.rules-phase").count() >= 4
    assert "listitem" in page.locator("#rules-body .rules-phases").aria_snapshot()
    violations = axe_violations(page)  # with the hint, a "why" and the rules open
    assert not violations, f"{game}: axe-core finds\n" + "\n".join(violations)
    page.context.close()


@pytest.mark.parametrize("width", [1366, 390])
def test_axe_core_finds_nothing_wrong_in_the_lobby(browser: Browser, server: LiveServer, width: int) -> None:
    page = new_page(browser, width, 844)
    page.goto(server.base + "/")
    page.wait_for_selector("#options-form .option-row")
    violations = axe_violations(page)
    assert not violations, "axe-core finds\n" + "\n".join(violations)
    page.context.close()


@pytest.mark.parametrize("game,phases", [("grail_war", ("前哨フェイズ", "行動フェイズ")),
                                         ("sao", ("② ダイスを振る", "③ ソードスキルを選ぶ"))])
def test_the_rules_panel_names_the_phases_in_japanese_on_a_phone(browser: Browser, server: LiveServer, game: str,
                                                                 phases: tuple[str, ...]) -> None:
    made = server.post("/api/matches", {"game": game, "seats": [{"kind": "reserved"}] * SEATS.get(game, 2)})
    for seat in made["seats"]:
        page = new_page(browser, 390, 844)  # the rules sit below the table, above the fixed decision bar
        path, _, token = seat["link"].partition("#")
        page.goto(f"{server.base}{path}?lang=ja#{token}")
        page.wait_for_selector("body[data-step]")
        if state(page)[1] == "true":
            break
        page.context.close()
    usable = page.locator("#board [data-obj].usable")
    if usable.count() and usable.first.get_attribute("data-direct") is None:  # a choice under way makes the decision
        usable.first.click()  # bar tall (SAO's dice: the selection bar); a place on Grail War's board acts at once
        page.wait_for_selector("#board .popover, #selection-bar:not([hidden]), #board [data-obj].target")
    page.click("#rules > summary")  # reachable: the page leaves room for the fixed bar below it
    page.wait_for_selector("#rules[open] .rules-phases")
    text = page.locator("#rules-body .rules-phases").inner_text()
    assert all(p in text for p in phases) and "現在" in text, text
    assert not re.search(r"[A-Za-z]{3}", re.sub(r"[A-Z]{3}-\d+", "", text)), text  # no English but clause ids
    assert page.locator("#rules-body li.rules-phase[aria-current=step]").count() == 1
    violations = axe_violations(page)
    assert not violations, "axe-core finds\n" + "\n".join(violations)
    page.context.close()
