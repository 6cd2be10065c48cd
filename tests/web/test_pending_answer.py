"""Only the answer to the player's own action ends "pending", in Debian's chromium on a real FGO Duel match.

FGO Duel's party is picked by both masters at once (sealed picks). The player picks while a real bot (IS-MCTS given
seconds to think) is still deciding, and the pick is slow on the wire: the bot's sealed pick reaches the server first
and its frame reaches the page while the player's action is still on its way. That frame is not the answer: the page
stays pending, nothing on the table can be used and no second action can be sent, until the server's own answer. The
answer takes the pick (the bot's sealed pick, which came first, changed nothing the player could see or choose:
``Room.still_open``): the frame that acknowledges it shows the pick made, with no "choose anew", and the controls come
back for the player's next pick, which is acknowledged too.

The wire's delay is the only thing the test adds: Playwright's WebSocket route passes every message through, unchanged,
between the page and the real server, and holds the player's ``act`` until the bot's frame has been drawn (as a slow
network would). Before the fix the bot's frame cleared ``data-pending`` and made the servants usable again; before the
server took a pick chosen one step ago, the answer was a refusal and the player had to pick the same servant again.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page, WebSocketRoute

from tests.server.live import LiveServer
from tests.web.clicking import new_page, state
from tests.web.test_open_choice import SLOW_BOT, bot_also_deciding, open_a_servant

pytestmark = pytest.mark.browser

REFUSED = "the table has changed since you chose"
"""The server's refusal of an action chosen on a table that changed since (``Room.act``), in English: not said here."""


class SlowWire:
    """The page's socket to the real server, every message passed through; while ``hold`` is set, the page's next
    ``act`` waits here until :meth:`release` sends it on (a slow network on the way to the server)."""

    def __init__(self) -> None:
        self.hold = False
        self.held: list[tuple[WebSocketRoute, str]] = []
        self.acts: list[dict[str, Any]] = []
        """Every ``act`` the page sent, in order."""

    def route(self, ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            text = message if isinstance(message, str) else message.decode()
            data = json.loads(text)
            if data.get("type") == "act":
                self.acts.append(data)
                if self.hold:
                    self.hold = False
                    self.held.append((server, text))
                    return
            server.send(text)

        ws.on_message(from_page)

    def release(self) -> None:
        for server, text in self.held:
            server.send(text)
        self.held.clear()


def usable(page: Page) -> int:
    return page.locator("#board [data-obj].usable, #plain button.act:enabled").count()


def test_another_seats_frame_is_not_the_answer_to_the_players_action(browser: Browser, server: LiveServer) -> None:
    made = server.post("/api/matches", {"game": "fgo_duel", "seats": [{"kind": "reserved"},
                                                                      {"kind": "bot", "agent": SLOW_BOT}]})
    errors: list[str] = []
    wire = SlowWire()
    page = new_page(browser)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.route_web_socket(re.compile(r"/ws/"), wire.route)
    page.goto(server.base + made["seats"][0]["link"])
    page.wait_for_selector("body[data-step]")
    deadline = time.monotonic() + 60
    while True:  # the player picks while the bot is still deciding the same (sealed) pick
        assert time.monotonic() < deadline, "the player never picked while the bot was deciding"
        if not bot_also_deciding(page):
            page.wait_for_timeout(50)
            continue
        step = state(page)[0]
        open_a_servant(page)
        if state(page)[0] != step:  # the bot moved before the popover was open: try the next pick
            page.keyboard.press("Escape")
            continue
        wire.hold, first = True, len(wire.acts)
        page.locator("#board .popover .pop-act").first.click()
        while len(wire.acts) == first:  # the page's message reaches the route
            assert time.monotonic() < deadline, "the click sent no action"
            page.wait_for_timeout(20)
        if wire.acts[-1]["step"] != int(step):  # the bot's frame came just before the click: try the next pick
            wire.hold = False
            wire.release()
            page.wait_for_selector("body:not([data-pending])")
            continue
        break
    sent = len(wire.acts) - 1
    page.wait_for_selector("body[data-pending]")
    assert usable(page) == 0

    # the bot's sealed pick arrives while the player's action is on the wire: not its answer
    page.wait_for_function("step => document.body.dataset.step !== step", arg=step, timeout=20_000)
    assert state(page)[1] == "true", "the bot's pick ended the player's decision"
    assert page.locator("body[data-pending]").count() == 1, "another seat's frame ended the player's pending action"
    assert usable(page) == 0, "the controls came back before the answer to the player's action"
    page.locator('#board [data-obj^="servant:"]').first.click()  # a second pick cannot be made meanwhile
    page.wait_for_timeout(300)
    assert page.locator("#board .popover").count() == 0
    assert len(wire.acts) == sent + 1, f"a second action was sent before the first was answered: {wire.acts}"

    # the server's own answer ends it: the pick, chosen before the bot's, is taken and the page shows it made
    bot_step = state(page)[0]
    picked = wire.acts[sent]["action"]
    assert wire.acts[sent]["step"] == int(step) < int(bot_step) and picked.startswith("pick ")
    wire.release()
    page.wait_for_function("() => !document.body.dataset.pending", timeout=20_000)
    shown, said = page.evaluate("() => [document.body.dataset.step, document.getElementById('error').textContent]")
    assert REFUSED not in said and not said.strip(), said
    assert int(shown) > int(bot_step), "the answer did not show the pick taken"
    servant = picked.removeprefix("pick ").split()[0]
    assert page.locator(f'#board [data-obj="servant:{servant}"].usable').count() == 0, "the pick is not shown made"
    assert usable(page) > 0
    after = state(page)[0]
    open_a_servant(page)
    page.locator("#board .popover .pop-act").first.click()
    page.wait_for_function("step => document.body.dataset.step !== step && !document.body.dataset.pending",
                           arg=after, timeout=20_000)
    assert not page.locator("#error").inner_text().strip(), page.locator("#error").inner_text()
    assert [a["step"] for a in wire.acts[sent:]] == [int(step), int(after)]
    assert not errors
    page.context.close()
