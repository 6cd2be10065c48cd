"""Whole games of SAO, FGO Duel (and Swordplay) in chromium against bots, acting only on the table (dice, Sword Skills,
character and item cards, figures, areas, command cards, the selection bar's Confirm and the decision bar's plain
controls), never the fallback list of actions; under the server's CSP.

- a whole game of each, asking for a hint at every decision: the advice and its reason are shown, and the objects of
  the recommended action glow on the table; most decisions are then taken by clicking the glowing objects (a
  selection of dice or battle cards built and confirmed), the rest by clicking other usable things;
- SAO's advisor plan drawn on the table and applied with one click.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.server.live import LiveServer
from tests.web.clicking import new_page, state

pytestmark = pytest.mark.browser


@dataclass
class Tally:
    """What a game's decisions showed: how many, how many were hinted with a reason and a glow on the table."""

    decisions: int = 0
    hinted: int = 0
    glowing: int = 0
    followed: int = 0
    selections: int = 0
    reasons: list[str] = field(default_factory=list)
    stale: int = 0
    """Decisions whose table answered no click until the next frame came."""
    clicked: set[str] = field(default_factory=set)
    """The kinds of table objects clicked (``die``, ``skill``, ``figure``...)."""


def objs(page: Page, selector: str) -> list[str]:
    found = page.locator(f"#board {selector}")
    return [found.nth(i).get_attribute("data-obj") or "" for i in range(found.count())]


CLICKED: set[str] = set()


def click_obj(page: Page, obj: str) -> None:
    CLICKED.add(obj.partition(":")[0])
    page.locator(f'#board [data-obj="{obj}"]').first.click(timeout=5000)


def ask_hint(page: Page, tally: Tally) -> bool:
    """Press the hint control; check its advice is shown with a reason and the recommended objects glow. True when
    it recommends an action."""
    page.click("#hint")
    page.wait_for_selector("#hint-box:not([hidden])")
    box = page.locator("#hint-box")
    if not box.locator(".hint-main").count():
        return False
    tally.hinted += 1
    reason = box.locator(".hint-reason").inner_text().strip()
    assert len(reason) > len("Why: ") + 3, f"a hint without a reason: {box.inner_text()}"
    tally.reasons.append(reason)
    glow = page.locator("#board [data-obj].hinted").count() + page.locator("#plain button.act.hinted").count()
    assert glow, f"the hinted action glows nowhere on the table: {box.inner_text()}"
    tally.glowing += 1
    return True


def follow_hint(page: Page, step: str) -> bool:
    """Take the hinted action by clicking its glowing objects in turn (and the selection bar's Confirm)."""
    for _ in range(12):
        if state(page)[0] != step or page.locator("body[data-pending]").count():
            return True
        hinted_pop = page.locator("#board .popover .pop-act.hinted")
        if hinted_pop.count():
            hinted_pop.first.click()
            continue
        plain = page.locator("#plain button.act.hinted")
        if plain.count():
            plain.first.click()
            continue
        confirm = page.locator("#selection-bar:not([hidden]) #confirm-selection:not([disabled])")
        pick = (objs(page, "[data-obj].hinted.target:not(.chosen)")
                or objs(page, "[data-obj].hinted.selectable:not(.selected)"))
        if not pick and confirm.count():
            confirm.click()
            continue
        if not pick and page.locator("#board .popover .pop-select").count():
            page.locator("#board .popover .pop-select").first.click()
            continue
        pick = pick or objs(page, "[data-obj].hinted.usable:not(.chosen):not(.selected)")
        if not pick:
                return False
        click_obj(page, pick[0])
        page.wait_for_timeout(20)
    return False


def random_decision(page: Page, rng: random.Random, tally: Tally) -> bool:
    """Click a usable thing on the table (or a plain control), then a target, a popover action, or build a selection
    of selectable things until the selection bar can confirm it. False when nothing was taken (a selection no action
    takes: cleared)."""
    usable = sorted(set(objs(page, "[data-obj].usable")))
    plain = page.locator("#plain button.act")
    choices = [("obj", o) for o in usable] + [("plain", str(i)) for i in range(plain.count())]
    assert choices, "a decision with nothing to click on the table"
    kind, which = rng.choice(choices)
    if kind == "plain":
        plain.nth(int(which)).click()
        return True
    click_obj(page, which)
    page.wait_for_selector("#board .popover, #board [data-obj].target, #selection-bar:not([hidden])", timeout=5000)
    for _ in range(10):
        targets = objs(page, "[data-obj].target")
        pops = page.locator("#board .popover .pop-act")
        if targets and (not pops.count() or rng.random() < 0.7):
            click_obj(page, rng.choice(targets))
            page.wait_for_timeout(20)
            if not page.locator("#board .popover, #board [data-obj].target").count():
                return True
            continue
        if pops.count():
            pops.nth(rng.randrange(pops.count())).click()
            return True
        if page.locator("#board .popover .pop-select").count():
            page.locator("#board .popover .pop-select").first.click()
        break
    # a selection: add selectable things until some action takes exactly this selection
    tally.selections += 1
    while True:
        if page.locator("#confirm-selection:not([disabled])").count() and rng.random() < 0.7:
            page.click("#confirm-selection", timeout=3000)
            return True
        left = sorted(set(objs(page, "[data-obj].selectable:not(.selected)")))
        if not left:
            break
        click_obj(page, rng.choice(left))
    if page.locator("#confirm-selection:not([disabled])").count():
        page.click("#confirm-selection", timeout=3000)
        return True
    page.click("#clear-selection", timeout=3000)  # no action takes these: try something else
    return False


def moved(page: Page, step: str) -> bool:
    """Whether the table moved on from ``step`` (or an action is on its way)."""
    return state(page)[0] != step or bool(page.locator("body[data-pending]").count())


def attempt(page: Page, rng: random.Random, tally: Tally) -> bool:
    """:func:`random_decision`, False when a frame came in the middle of it (the other seat sealed its battle
    cards: a new step resets what was being built) so that it is tried again."""
    try:
        return random_decision(page, rng, tally)
    except PlaywrightTimeout:
        page.keyboard.press("Escape")
        return False


def where(page: Page) -> str:
    """What the decision looked like (for a failure's message)."""
    page.screenshot(path="/tmp/whole-games-failure.png", full_page=True)
    shown = " | ".join(page.locator(s).inner_text()[:600]
                       for s in ("#hint-box", "#selection-bar", "#plain", "#actions"))
    body = page.evaluate("() => JSON.stringify(document.body.dataset)")
    return (f"{shown} | usable {objs(page, '.usable')} target {objs(page, '.target')} chosen {objs(page, '.chosen')}"
            f" | popover {page.locator('#board .popover').count()} | {body}"
            f" | error {page.locator('#error').inner_text()}")


def decide(page: Page, rng: random.Random, tally: Tally, *, follow: float, hint: bool = True) -> bool:
    """One decision of this page, taken on the table; False when it has nothing to decide now."""
    step, acting, over = state(page)
    if acting != "true" or over == "true" or page.locator("body[data-pending]").count():
        return False
    assert not page.locator("#all-actions[open]").count(), "an action whose object the table does not draw"
    drawn = objs(page, "[data-obj]")
    assert len(drawn) == len(set(drawn)), f"two things on the table with one name: {sorted(drawn)}"
    tally.decisions += 1
    hinted = ask_hint(page, tally) if hint else False
    if state(page)[0] != step:
        return True
    if not (hinted and rng.random() < follow and follow_hint(page, step)):
        if state(page)[0] == step and not page.locator("body[data-pending]").count():
            if page.locator("#selection-bar:not([hidden])").count():
                page.click("#clear-selection")
            page.keyboard.press("Escape")
            for _ in range(6):
                if attempt(page, rng, tally) or moved(page, step):
                    break
            else:
                # a table that answers no click: its frame was already out of date (issue: see the report), the
                # next frame is on its way
                if not moved(page, step) and hinted:  # an ordered selection random clicks did not hit: the hint's
                    page.keyboard.press("Escape")
                    follow_hint(page, step)
                waited = time.monotonic() + 30
                while not moved(page, step) and time.monotonic() < waited:
                    page.wait_for_timeout(100)
                assert moved(page, step), f"no decision found by clicking: {where(page)}"
                tally.stale += 1
    else:
        tally.followed += 1
    deadline = time.monotonic() + 30
    while state(page)[0] == step and not page.locator("#error").inner_text().strip():
        assert time.monotonic() < deadline, f"the action was never taken: {where(page)}"
        page.wait_for_timeout(30)
    assert not page.locator("#error").inner_text().strip(), page.locator("#error").inner_text()
    return True


def play_whole_game(page: Page, rng: random.Random, *, follow: float, limit: float = 300) -> Tally:
    tally = Tally()
    CLICKED.clear()
    deadline = time.monotonic() + limit
    while state(page)[2] != "true":
        assert time.monotonic() < deadline, f"the game did not end in {limit} s ({tally.decisions} decisions)"
        if not decide(page, rng, tally, follow=follow):
            page.wait_for_timeout(50)
    tally.clicked = set(CLICKED)
    return tally


def open_match(browser: Browser, server: LiveServer, game: str, options: dict[str, object],
               width: int = 1366, height: int = 900) -> tuple[Page, list[str]]:
    made = server.post("/api/matches", {"game": game, "options": options,
                                        "seats": [{"kind": "reserved"}, {"kind": "bot", "agent": "heuristic"}]})
    page = new_page(browser, width, height)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.base + made["seats"][0]["link"])
    page.wait_for_selector("body[data-step]")
    return page, errors


def assert_ended_with_log(page: Page, prefix: str) -> None:
    status = page.locator("#status").inner_text()
    assert "Game over" in status, status
    assert len(status) > len("Game over") + 3  # how it ended
    assert page.locator("#board .banner.outcome").count()  # and on the table
    assert page.locator("#log .turn-group").count() >= 2  # the log by turn
    assert page.locator("#log details.why").count() > 0  # with the rule behind its lines
    page.locator("#log details.why summary").first.click()
    why = page.locator("#log details.why[open]").first.inner_text()
    assert prefix in why and len(why) > 12, why  # the clause id and its summary


SAO_OPTIONS: dict[str, object] = {}
FGO_OPTIONS: dict[str, object] = {"advanced": True}  # with skill cards to trigger


def test_a_whole_sao_game_by_clicking_the_table_with_a_hint_at_every_decision(browser: Browser,
                                                                              server: LiveServer) -> None:
    page, errors = open_match(browser, server, "sao", SAO_OPTIONS)
    tally = play_whole_game(page, random.Random(3), follow=0.85)
    assert tally.decisions >= 10
    assert tally.hinted == tally.glowing == tally.decisions, tally  # advice, its reason and a glow at every decision
    assert tally.followed >= 5, tally
    assert {"die", "skill", "card"} <= tally.clicked, tally.clicked  # dice, Sword Skills, characters and items
    assert_ended_with_log(page, "SAO-")
    assert not errors
    page.context.close()


def test_a_whole_fgo_duel_game_by_clicking_the_table_with_a_hint_at_every_decision(browser: Browser,
                                                                                   server: LiveServer) -> None:
    page, errors = open_match(browser, server, "fgo_duel", FGO_OPTIONS)
    tally = play_whole_game(page, random.Random(5), follow=0.8)
    assert tally.decisions >= 10
    assert tally.hinted == tally.glowing == tally.decisions, tally  # advice, its reason and a glow at every decision
    assert tally.followed >= 5, tally
    assert {"servant", "figure", "card", "area"} <= tally.clicked, tally.clicked  # the party, moves, battles
    assert_ended_with_log(page, "FGO-")
    assert not errors
    page.context.close()


def wait_for_step_past(page: Page, step: int, limit: float = 30) -> None:
    deadline = time.monotonic() + limit
    while int(state(page)[0] or 0) < step or page.locator("body[data-pending]").count():
        assert time.monotonic() < deadline, f"the table stayed at step {state(page)[0]} (waiting for {step})"
        assert not page.locator("#error").inner_text().strip(), page.locator("#error").inner_text()
        page.wait_for_timeout(30)


def test_saos_advisor_plan_is_drawn_on_the_table_and_applied_with_one_click(browser: Browser,
                                                                            server: LiveServer) -> None:
    """The plan of a Sword Skill decision (every skill of the best use of the dice, then dealing the damage) is drawn
    with its reason and the dice and Sword Skills it uses outlined; one click takes its steps in order, each through
    the page's action path."""
    page, errors = open_match(browser, server, "sao", SAO_OPTIONS)
    page.wait_for_selector("body[data-acting=true]")
    assert not page.locator("#board .plan").count()  # a roll decision: the hint gives the advisor's choice
    tally, rng = Tally(), random.Random(9)
    deadline = time.monotonic() + 180
    while not page.locator("#board .plan .plan-step:nth-child(3)").count() or state(page)[1] != "true":
        assert state(page)[2] != "true", "the game ended before a Sword Skill decision of three steps or more"
        assert time.monotonic() < deadline, "no Sword Skill decision with a plan of several steps"
        if not decide(page, rng, tally, follow=1.0, hint=False):
            page.wait_for_timeout(50)
    page.wait_for_selector("#board .plan #apply-plan:not([disabled])")
    labels = [page.locator("#board .plan .plan-step").nth(i).inner_text()
              for i in range(page.locator("#board .plan .plan-step").count())]
    assert "best use of the dice" in page.locator("#board .plan .plan-reason").inner_text()  # the reason
    assert page.locator("#board .die.planned").count() >= 2  # the dice it assigns, outlined on the table
    assert page.locator('#board [data-obj^="skill:"].planned').count() >= 1  # and the Sword Skills
    log_before = page.locator("#log .log-line").count()
    step = int(state(page)[0])
    page.click("#apply-plan")  # the whole assignment, then the damage dealt: several decisions, one click
    wait_for_step_past(page, step + len(labels))
    assert not page.locator("#board .plan-stopped").count()
    new_lines = [page.locator("#log .log-line").nth(i).inner_text()
                 for i in range(log_before, page.locator("#log .log-line").count())]
    assert len(new_lines) >= len(labels), (labels, new_lines)
    assert not errors
    page.context.close()


def test_a_whole_swordplay_game_with_a_hint_at_every_decision(browser: Browser, server: LiveServer) -> None:
    """Swordplay's share of "hint answers at every decision of every game" in the browser (issue 24)."""
    page, errors = open_match(browser, server, "swordplay", {})
    tally = play_whole_game(page, random.Random(9), follow=0.8)
    assert tally.decisions >= 3
    assert tally.hinted == tally.glowing == tally.decisions, tally  # advice, its reason and a glow at every decision
    assert tally.followed >= 1, tally
    assert "card" in tally.clicked, tally.clicked
    assert_ended_with_log(page, "SWP-")
    assert not errors
    page.context.close()
