"""Defects a new player saw on the screen while playing every game in Debian's chromium (playtest 6), each checked
on what the page shows:

- the log's line numbers from 10 up lost their first digit at the panel's edge ("l1." for 11.);
- SAO's dice not rolled yet showed 0, a face no die has (the terminal shows ?);
- Swordplay's finished table still said "The Gladiator to play";
- Swordplay said "1 hands" (a one-handed Hero to choose, a one-handed Item that cannot be readied).
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page

from tests.bot_games import played
from tests.server.live import LiveServer
from tests.web.decisions import Decision
from tests.web.test_tables import DRAW, ctx, draw, pick, table_page

pytestmark = pytest.mark.browser

MARKER_FITS = """ol => {
  const item = ol.querySelector(":scope > li");
  const style = getComputedStyle(item);
  const canvas = document.createElement("canvas").getContext("2d");
  canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const widest = `${ol.children.length}. `;
  return [parseFloat(getComputedStyle(ol).paddingLeft), canvas.measureText(widest).width, ol.children.length];
}"""
"""The left gutter of a turn's numbered lines (px) and the width of its widest number (the marker sits in it)."""


def test_log_numbers_from_ten_up_fit_their_gutter(browser: Browser, server: LiveServer) -> None:
    made = server.post("/api/matches", {"game": "fgo_duel", "seats": [{"kind": "bot", "agent": "random"}] * 2})
    page = browser.new_context(viewport={"width": 1366, "height": 900}).new_page()
    page.goto(server.base + made["spectator"]["link"])  # the public log of the set-up holds 10+ lines
    page.wait_for_selector("#log ol.turn-lines > li:nth-child(10)", state="attached")
    sizes = [page.locator("#log ol.turn-lines").nth(i).evaluate(MARKER_FITS)
             for i in range(page.locator("#log ol.turn-lines").count())]
    assert any(count >= 10 for _gutter, _width, count in sizes)
    for gutter, width, count in sizes:
        assert gutter >= width, (gutter, width, count)  # the whole number shows, not clipped at the edge
    page.context.close()


@pytest.fixture(scope="module")
def page(browser: Browser) -> Iterator[Page]:
    made = table_page(browser)
    yield made
    made.context.close()


def test_sao_dice_not_rolled_yet_show_a_question_mark(page: Page) -> None:
    decision = pick("sao", lambda v: any(d["value"] == 0 for d in v.get("pool") or []))
    draw(page, decision)
    for d in decision.view["pool"]:
        die = page.locator(f'#table [data-obj="die:{d["number"]}"]')
        shown = die.inner_text().strip()
        if d["value"] == 0:
            assert shown == "?" and "not rolled yet" in (die.get_attribute("title") or "")
        else:
            assert shown != "?" and shown != "0"


def finished_view(game_id: str, seats: int, options: dict[str, object], seed: int) -> dict[str, object]:
    """Seat 0's view of a game the heuristic bots played to its end."""
    match = played(game_id, seats, options, seed)
    view: dict[str, object] = json.loads(json.dumps(match.view(0)))
    return view


def test_swordplay_finished_table_names_nobody_to_play(page: Page) -> None:
    view = finished_view("swordplay", 2, {"heroes": ["gladiator", "mercenary"]}, 3)
    assert view["phase"] == "over"
    draw(page, Decision("swordplay", 0, 0, view, []))
    stats = page.locator("#table .stats").first.inner_text()
    assert "Game over" in stats and "to play" not in stats


def test_swordplay_says_1_hand_not_1_hands(page: Page) -> None:
    heroes = pick("swordplay/choose", lambda v: any(h["hands"] == 1 for h in v.get("heroes") or []))
    draw(page, heroes)
    text = page.locator("#table").inner_text()
    assert "· 1 hand" in text and "1 hands" not in text
    blocked = pick("swordplay", lambda v: any("1 hand," in str((c.get("cannot_ready") or {}).get("en"))
                                              for f in v["fighters"] for c in f.get("hand") or []))
    draw(page, blocked)
    text = page.locator("#table").inner_text()
    assert "needs 1 hand, you have" in text and "1 hands" not in text


def test_the_new_words_read_in_japanese(browser: Browser) -> None:
    from bouts.server.designer import web_catalog

    shown = table_page(browser, lang="ja")
    decision = pick("sao", lambda v: any(d["value"] == 0 for d in v.get("pool") or []))
    context = {**ctx(decision), "messages": web_catalog("ja")["messages"], "lang": "ja"}
    shown.evaluate(DRAW, [decision.game, decision.view, context])
    die = next(d for d in decision.view["pool"] if d["value"] == 0)
    title = shown.locator(f'#table [data-obj="die:{die["number"]}"]').get_attribute("title") or ""
    assert "まだ振っていない" in title
    shown.context.close()


def test_the_fgo_map_has_north_at_the_top_as_the_terminal_and_the_area_names(page: Page) -> None:
    """The web map was drawn upside down: Master area (south) at the top, the first rows of the terminal's map
    at the bottom; now every area sits at the height its y gives it, north up."""
    decision = pick("fgo_duel", lambda v: v["phase"] == "action")
    draw(page, decision)
    tops = {}
    for area in decision.view["map"]["areas"]:
        box = page.locator(f'#table [data-obj="area:{area["id"]}"]').bounding_box()
        assert box is not None
        tops[area["id"]] = (area["pos"][1], box["y"])
    north = next(a for a in decision.view["map"]["areas"] if "north" in str(a["name"]))
    south = next(a for a in decision.view["map"]["areas"] if "south" in str(a["name"]))
    assert tops[north["id"]][1] < tops[south["id"]][1]
    for y, top in tops.values():  # a larger y is always higher on the screen
        assert all(top < other for y2, other in tops.values() if y2 < y)


@pytest.mark.parametrize("path", ["/", "/designer", "match"])
def test_pages_load_without_a_console_error(browser: Browser, server: LiveServer, path: str) -> None:
    """Every page used to log "Failed to load resource: 404" for /favicon.ico; the icon is now in the page."""
    if path == "match":
        made = server.post("/api/matches", {"game": "swordplay",
                                            "seats": [{"kind": "reserved"}, {"kind": "bot", "agent": "random"}]})
        path = made["seats"][0]["link"]
    page = browser.new_context(viewport={"width": 1366, "height": 900}).new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + path)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(500)
    assert page.locator('link[rel="icon"]').count() == 1
    assert errors == []
    page.context.close()


def test_the_designer_page_is_laid_out_by_its_styles(browser: Browser, server: LiveServer) -> None:
    """The designer's own styles sat in a <style> block the Content-Security-Policy blocks: one column at desktop
    width, a plot without its border. They are in style.css now."""
    page = browser.new_context(viewport={"width": 1366, "height": 900}).new_page()
    page.goto(server.base + "/designer")
    page.wait_for_load_state("networkidle")
    columns = page.locator("main.designer").evaluate("m => getComputedStyle(m).gridTemplateColumns")
    assert len(columns.split()) == 2
    assert page.locator("#plot").evaluate("p => getComputedStyle(p).borderTopStyle") == "solid"
    page.context.close()


LINES = """s => { const r = document.createRange(); r.selectNodeContents(s);
  return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size; }"""
"""How many lines an element's text takes on the screen."""


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_grail_war_seat_headings_do_not_break_mid_word(browser: Browser, lang: str) -> None:
    """Your own master board was 230px wide alone in its row: "P1 遠坂凛 ★ スタートプレイヤー あなた" broke into
    "P1 遠坂 / 凛", "★ スタートプレイ / ヤー", "あな / た"."""
    from bouts.server.designer import web_catalog

    decision = pick("grail_war", lambda v: v.get("start") == v.get("seat") and v.get("round", 0) >= 1)
    shown = table_page(browser, lang=lang)
    context = {**ctx(decision), "messages": web_catalog(lang)["messages"], "lang": lang}
    shown.evaluate(DRAW, [decision.game, decision.view, context])
    heading = shown.locator(f'#table .seats.mine [data-seat="{decision.seat}"] h3')
    parts = heading.locator(":scope > span")
    assert parts.count() >= 2  # the name and the start player's marker
    for i in range(parts.count()):
        assert parts.nth(i).evaluate(LINES) == 1, parts.nth(i).inner_text()
    shown.context.close()


def test_grail_war_finished_table_names_no_start_player(page: Page) -> None:
    """The finished table said "Game over · P2 … starts", as if a round were to come."""
    view = finished_view("grail_war", 3, {}, 2)
    assert view["step"] == "over" and view["start"] is not None
    draw(page, Decision("grail_war", 0, 0, view, []))
    stats = page.locator("#table .stats").first.inner_text()
    assert "Game over" in stats and "starts" not in stats
