"""The match page's defects of issue 24, in Debian's chromium under the server's Content-Security-Policy (no
``bypass_csp``: the tests wait with selectors, since wait_for_function's string predicates would need eval).

- hint answers at the decisions where it used to say "No advice" (the terminal's path: advice and recommend);
- a frame that changes nothing of mine leaves my panel as it is (open groups, filter text);
- while the server is down a click is not lost silently: the controls go inactive with a message;
- the save download never puts the seat token in a URL.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page

from tests.server.live import LiveServer

pytestmark = pytest.mark.browser



def open_page(browser: Browser, url: str, width: int = 1366, height: int = 900) -> Page:
    page = browser.new_context(viewport={"width": width, "height": height}, accept_downloads=True).new_page()
    page.goto(url)
    page.wait_for_selector("body[data-step]")
    return page


def frames(page: Page) -> int:
    return int(page.get_attribute("body", "data-frames") or 0)


@pytest.mark.parametrize("game,seats", [("swordplay", 2), ("grail_war", 3)])
def test_hint_gives_advice_with_its_reason_where_it_said_no_advice(browser: Browser, server: LiveServer, game: str,
                                                                   seats: int) -> None:
    made = server.post("/api/matches", {"game": game, "seats": [{"kind": "reserved"}] * seats})
    pages = [open_page(browser, server.base + s["link"]) for s in made["seats"]]
    acting = next(p for p in pages if p.get_attribute("body", "data-acting") == "true")
    acting.click("#hint")
    acting.wait_for_selector("#hint-box:not([hidden])")
    text = acting.locator("#hint-box").inner_text()
    assert "No advice" not in text
    assert acting.locator("#hint-box .hint-reason").count() == 1  # the reason is shown
    assert acting.locator("#actions button.act.hinted").count() == 1  # the advised action stands out
    acting.click("#take-hint")  # and can be taken
    acting.wait_for_selector("body:not([data-pending])")
    for page in pages:
        page.context.close()


def test_a_frame_that_changes_nothing_of_mine_leaves_my_panel_as_it_is(browser: Browser, server: LiveServer) -> None:
    made = server.post("/api/matches", {"game": "sao", "seats": [{"kind": "reserved"}, {"kind": "reserved"}]})
    page = open_page(browser, server.base + made["seats"][0]["link"])
    page.wait_for_selector("body[data-acting=true]")
    if page.get_attribute("#all-actions", "open") is None:
        page.click("#all-actions-title")
    page.wait_for_selector("#all-actions[open]")
    reroll = page.locator("#actions details.group").filter(has=page.locator("input.filter")).first
    reroll.locator("summary").click()  # open the big group
    reroll.locator("input.filter").fill("1, 2")
    small = page.locator("#actions details.group[open]").filter(has_not=page.locator("input.filter")).first
    small_name = small.get_attribute("data-group")
    small.locator("summary").click()  # fold a group that was open
    shown = reroll.locator("button.act:not([hidden])").count()
    before = frames(page)
    others = [open_page(browser, server.base + made["spectator"]["link"]),  # a spectator joins,
              open_page(browser, server.base + made["seats"][1]["link"])]  # the partner comes, reloads
    others[1].reload()
    others[1].wait_for_selector("body[data-step]")
    page.wait_for_selector(f"body:not([data-frames='{before}']):not([data-frames='{before + 1}'])")
    reroll = page.locator("#actions details.group").filter(has=page.locator("input.filter")).first
    assert page.locator("#all-actions").get_attribute("open") is not None
    assert reroll.get_attribute("open") is not None
    assert reroll.locator("input.filter").input_value() == "1, 2"
    assert reroll.locator("button.act:not([hidden])").count() == shown
    assert page.locator(f"#actions details.group[data-group='{small_name}']").get_attribute("open") is None
    for p in (page, *others):
        p.context.close()


def test_while_the_server_is_down_clicks_are_not_lost_silently(browser: Browser, tmp_path: Path) -> None:
    live = LiveServer(str(tmp_path / "down.sqlite")).start()
    try:
        made = live.post("/api/matches", {"game": "swordplay",
                                          "seats": [{"kind": "reserved"}, {"kind": "bot", "agent": "random"}]})
        page = open_page(browser, live.base + made["seats"][0]["link"])
        page.wait_for_selector("#actions button.act:not([disabled])", state="attached")
        step = page.get_attribute("body", "data-step")
        live.kill()
        page.wait_for_selector("body[data-online=false]")
        assert page.locator("#error").inner_text().strip()  # a message says so
        assert page.locator("#actions button.act:not([disabled]), #plain button.act:not([disabled])").count() == 0
        page.locator("#actions button.act").first.dispatch_event("click")  # a click anyway: told it was not sent
        assert "not sent" in page.locator("#error").inner_text()
        assert page.get_attribute("body", "data-step") == step
        live.start()  # the server is back on the same port: the page reconnects and the controls come back
        page.wait_for_selector("body[data-online=true]", timeout=30_000)
        page.wait_for_selector("#actions button.act:not([disabled])", state="attached")
        page.context.close()
    finally:
        live.stop()


def test_the_save_download_never_puts_the_token_in_a_url(browser: Browser, server: LiveServer) -> None:
    made = server.post("/api/matches", {"game": "fgo_duel", "seats": [{"kind": "reserved"}, {"kind": "reserved"}]})
    token = made["seats"][0]["token"]
    page = open_page(browser, server.base + made["seats"][0]["link"])
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#concede")
    page.wait_for_selector("body[data-over=true]")
    with page.expect_download() as download:
        page.click("#save")
    saved = download.value.path()
    assert saved is not None and '"resigned"' in Path(saved).read_text()
    assert urls and not [u for u in urls if token in u]
    assert token not in (page.get_attribute("#save", "href") or "")
    page.context.close()
