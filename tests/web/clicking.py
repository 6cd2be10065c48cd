"""Playing on the table in Debian's chromium: the clicks shared by the whole-game tests.

A decision is taken by clicking a usable table object (`[data-obj].usable`), then its target or its popover's
action, or a plain control of the decision bar; never the fallback list of actions.
"""

from __future__ import annotations

import random
import time

from playwright.sync_api import Browser, Page


def new_page(browser: Browser, width: int = 1366, height: int = 900) -> Page:
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    page.set_default_timeout(20_000)
    return page


def state(page: Page) -> tuple[str, str, str]:
    body = page.locator("body")
    return (body.get_attribute("data-step") or "", body.get_attribute("data-acting") or "",
            body.get_attribute("data-over") or "")


TAKEN = """step => document.body.dataset.step !== step || document.body.hasAttribute("data-pending")"""
"""Whether this page's action was sent (or answered) since ``step``: read in one go, since the frame that answers it
may come between two separate reads (the step still old, then no longer pending)."""
OPENED = f"""step => document.querySelector("#board .popover, #board [data-obj].target, #selection-bar:not([hidden])")
  || ({TAKEN})(step)"""
"""What a click on a table object leads to: what can follow it, or (a data-direct object's only action) the action
taken at once."""


def act_on_table(page: Page, rng: random.Random, prefer: tuple[str, ...] = ("card:",)) -> bool:
    """One decision taken on the table; False when this page has nothing to decide now."""
    step, acting, over = state(page)
    if acting != "true" or over == "true" or page.locator("body[data-pending]").count():
        return False
    left_open = page.locator("#board .popover .pop-cancel")
    if left_open.count():  # a choice this page opened outlived another seat's move (kept on purpose): start afresh,
        left_open.first.click()  # as a player does before reaching a card the popover covers
    usable = page.locator("#board [data-obj].usable")
    plain = page.locator("#plain button.act")
    objects = [usable.nth(i).get_attribute("data-obj") or "" for i in range(usable.count())]
    choices: list[tuple[str, str]] = [("obj", o) for o in objects] + [("plain", str(i)) for i in range(plain.count())]
    assert choices, "a decision with nothing to click on the table"
    liked = [c for c in choices if c[0] == "obj" and c[1].startswith(prefer)]
    kind, which = rng.choice(liked if liked and rng.random() < 0.7 else choices)
    if kind == "plain":
        plain.nth(int(which)).click()
    else:
        page.locator(f'#board [data-obj="{which}"]').click()
        page.wait_for_function(OPENED, arg=step)  # a popover, targets, a selection; or the action taken
        taken = page.evaluate(TAKEN, step)
        targets = page.locator("#board [data-obj].target")
        pops = page.locator("#board .popover .pop-act")
        if taken:
            pass
        elif targets.count() and (not pops.count() or rng.random() < 0.8):
            target = targets.nth(rng.randrange(targets.count()))
            target.click()
            if page.locator("#board .popover .pop-act").count() and state(page)[0] == step:
                page.locator("#board .popover .pop-act").first.click()
        elif pops.count():
            pops.nth(rng.randrange(pops.count())).click()
        else:  # a selection: the clicked object is its first part
            page.click("#confirm-selection")
    deadline = time.monotonic() + 20
    while state(page)[0] == step and not page.locator("#error").inner_text().strip():
        assert time.monotonic() < deadline, "the action was never taken"
        page.wait_for_timeout(30)
    assert not page.locator("#error").inner_text().strip(), page.locator("#error").inner_text()
    return True


def play_to_the_end(pages: list[Page], rng: random.Random, limit: float = 240, most: int = 10_000) -> int:
    deadline = time.monotonic() + limit
    decisions = 0
    while not all(state(p)[2] == "true" for p in pages) and decisions < most:
        assert time.monotonic() < deadline, f"the game did not end in {limit} s ({decisions} decisions)"
        moved = False
        for page in pages:
            if act_on_table(page, rng):
                decisions += 1
                moved = True
        if not moved:
            pages[0].wait_for_timeout(50)
    return decisions
