"""The log keeps what the player opened, in Debian's chromium on a real Swordplay match against a real bot.

A player opens a log line's "why" (the rule behind it) and reads it; the table moves on (their own action, the bot's
answer) and new lines come. The line's "why" stays open, and a player who scrolled up to read it is not pulled down
to the newest line. Before, every new line redrew the log with every "why" closed and the list scrolled to its end.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Browser

from tests.server.live import LiveServer
from tests.web.clicking import act_on_table, new_page, state

pytestmark = pytest.mark.browser


def test_an_opened_why_stays_open_and_the_reader_keeps_their_place_as_new_lines_come(
        browser: Browser, server: LiveServer) -> None:
    made = server.post("/api/matches", {"game": "swordplay",
                                        "seats": [{"kind": "reserved"}, {"kind": "bot", "agent": "heuristic"}]})
    page = new_page(browser, 1366, 700)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.base + made["seats"][0]["link"])
    page.wait_for_selector("body[data-step]")
    rng = random.Random(3)
    while not page.locator("#log details.why").count():  # the log starts empty: play until a line has its rule
        step = state(page)[0]
        if not act_on_table(page, rng):
            page.wait_for_function("s => document.body.dataset.step !== s", arg=step)
    first = page.locator("#log li.log-line:has(details.why)").first
    index = first.get_attribute("data-index")
    first.locator("details.why > summary").click()
    line = page.locator(f'#log li.log-line[data-index="{index}"] details.why')
    assert line.get_attribute("open") is not None
    overflowing = "() => { const l = document.getElementById('log'); return l.scrollHeight > l.clientHeight + 4; }"
    grew_while_up = False
    for _ in range(80):  # play on; whenever new lines come while the reader is scrolled up, they keep their place
        if state(page)[2] == "true":
            break
        scrolled_up = bool(page.evaluate(overflowing))
        if scrolled_up:  # the reader goes up to the line they opened
            page.evaluate("() => { document.getElementById('log').scrollTop = 0; }")
        before = page.locator("#log li.log-line").count()
        step = state(page)[0]
        if not act_on_table(page, rng):
            page.wait_for_function("s => document.body.dataset.step !== s", arg=step)
        lines = page.locator("#log li.log-line").count()
        assert line.get_attribute("open") is not None, f"the opened why closed when the log grew to {lines} lines"
        if scrolled_up and lines > before:
            assert page.evaluate("() => document.getElementById('log').scrollTop") == 0, "pulled to the newest line"
            grew_while_up = True
            break
    assert grew_while_up, "no new line came while the log was scrolled up"
    assert not errors
    page.context.close()
