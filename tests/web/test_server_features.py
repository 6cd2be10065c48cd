"""The match page's server features in Debian's chromium: chat shown as text, presence, concede, the save
download with the token in a header, the lobby pushed (no polling), under the Content-Security-Policy."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page

from tests.server.live import LiveServer

pytestmark = pytest.mark.browser


def wait_js(page: Page, expression: str, timeout: float = 20.0) -> None:
    """Poll a JavaScript expression until it is true (page.evaluate runs under the page's CSP without eval;
    wait_for_function's string predicates would need 'unsafe-eval', which the server forbids)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise AssertionError(f"never true: {expression}")
        time.sleep(0.05)


def test_chat_presence_concede_and_save_in_the_page(browser: Browser, server: LiveServer, tmp_path: Path) -> None:
    made = server.post("/api/matches", {"game": "fgo_duel", "seats": [{"kind": "reserved"}, {"kind": "reserved"}]})
    errors: list[str] = []
    pages = []
    for seat in made["seats"]:
        page = browser.new_context(accept_downloads=True).new_page()
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        page.goto(server.base + seat["link"])
        wait_js(page, "document.body.dataset.step !== undefined")
        pages.append(page)
    first, second = pages
    wait_js(first, "document.querySelector('#presence li[data-seat=\"1\"]')?.textContent.includes('connected')")
    markup = "<img src=x onerror=\"document.body.dataset.hacked='yes'\"> <b>bold</b>"
    second.fill("#chat-text", markup)
    second.press("#chat-text", "Enter")
    first.wait_for_selector("#chat-lines li")
    assert markup in first.locator("#chat-lines li").last.inner_text()
    assert first.locator("#chat-lines img, #chat-lines b:not(:first-child)").count() == 0
    assert first.evaluate("document.body.dataset.hacked") is None
    second.once("dialog", lambda dialog: dialog.accept())
    second.click("#concede")
    for page in pages:
        wait_js(page, "document.body.dataset.over === 'true'")
    assert "conceded" in first.locator("#presence").inner_text()
    with first.expect_download() as download:
        first.click("#save")
    saved = download.value.path()
    assert saved is not None and '"resigned"' in Path(saved).read_text()
    requests: list[str] = []
    lobby = browser.new_context().new_page()
    lobby.on("request", lambda request: requests.append(request.url))
    lobby.goto(server.base + "/")
    lobby.wait_for_selector("#open-list li")
    listed = server.post("/api/matches", {"game": "swordplay", "seats": [{"kind": "open"}, {"kind": "open"}]})
    wait_js(lobby, "document.querySelector('#open-list').textContent.includes('Swordplay')")
    assert listed["id"] and not [u for u in requests if u.endswith("/api/matches")]  # pushed, not polled
    assert not [e for e in errors if "Content Security Policy" in e], errors
    for page in (*pages, lobby):
        page.context.close()
