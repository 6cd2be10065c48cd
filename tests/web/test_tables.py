"""The five table renderers (web/games/<game>.js) in Debian's chromium: a whole game can be played by clicking
table objects, because every object any menu entry names is drawn as a [data-obj] element at every decision of a
seeded game played by bots; and what each table shows is right (Swordplay's turn number, Armor and life bars, the
FGO map's links).

The renderers are loaded as the match page loads them (ES modules under /static, the server's
Content-Security-Policy), into a bare page: each decision's view and menu come from the engine itself
(tests/web/decisions.py), so the check does not depend on the match page's socket.
"""

from __future__ import annotations

import json
import mimetypes
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page, Route

import bouts.server.app as server_app
from tests.web.decisions import Decision, decisions

pytestmark = pytest.mark.browser

WEB = Path(os.environ.get("BOUTS_TABLES_WEB") or Path(server_app.__file__).resolve().parent.parent / "web")
"""The client's files (BOUTS_TABLES_WEB: another checkout's, to try these renderers on a game's newer branch)."""
ORIGIN = "http://bouts.test"
PAGE = """<!doctype html><html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/static/style.css"><link rel="stylesheet" href="/static/games/tables.css"></head>
<body><main class="match"><section id="table" class="table"></section></main></body></html>"""
DRAW = """async ([game, view, ctx]) => {
  const table = await import(`/static/games/${game}.js`);
  const root = document.getElementById("table");
  const messages = ctx.messages || {};
  const fill = (text, args) => text.replace(/\\{(\\w+)\\}/g,
    (whole, name) => (name in args ? String(args[name]) : whole));
  const _ = (id, args = {}) => fill(messages[id] || id, args);
  table.render(view, root, { frame: { seat: ctx.seat, seats: ctx.seats }, seat: ctx.seat, seats: ctx.seats,
                             lang: ctx.lang || "en", _, changed: new Set(), act: () => {} });
  return [...root.querySelectorAll("[data-obj]")].map((e) => e.dataset.obj);
}"""
"""Draws a view as the match page does (docs/web.md): render(view, root, kit) with the page's kit
{frame, seat, seats, lang, _, changed, act}; returns every drawn data-obj."""
GAMES = ["swordplay", "sao", "fgo_duel", "kaleido", "grail_war"]


def serve(route: Route, lang: str) -> None:
    """The page and /static/* from the package, with the server's Content-Security-Policy."""
    path = route.request.url.removeprefix(ORIGIN).split("?")[0]
    headers = {"Content-Security-Policy": server_app.CSP}
    if path.startswith("/static/"):
        file = (WEB / path.removeprefix("/static/")).resolve()
        if WEB in file.parents and file.is_file():
            kind = "text/javascript" if file.suffix == ".js" else mimetypes.guess_type(file.name)[0] or "text/plain"
            route.fulfill(status=200, body=file.read_bytes(), headers={**headers, "Content-Type": kind})
            return
        route.fulfill(status=404, body="", headers=headers)
        return
    route.fulfill(status=200, body=PAGE.format(lang=lang), headers={**headers, "Content-Type": "text/html"})


def table_page(browser: Browser, width: int = 1366, height: int = 900, lang: str = "en") -> Page:
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.route(f"{ORIGIN}/**", lambda route: serve(route, lang))
    page.goto(f"{ORIGIN}/match/test")
    page.errors = errors  # type: ignore[attr-defined]
    return page


def ctx(decision: Decision) -> dict[str, Any]:
    seats = decision.view.get("seats")
    count = seats if isinstance(seats, int) else len(decision.view.get("players") or decision.view.get("fighters")
                                                        or decision.view.get("masters") or [0, 1])
    return {"seat": decision.seat, "seats": [{"seat": s, "name": f"Player {s + 1}"} for s in range(count)]}


def draw(page: Page, decision: Decision) -> list[str]:
    drawn: list[str] = page.evaluate(DRAW, [decision.game, decision.view, ctx(decision)])
    return drawn


@pytest.fixture(scope="module")
def page(browser: Browser) -> Iterator[Page]:
    made = table_page(browser)
    yield made
    made.context.close()


@pytest.mark.parametrize("game", [*GAMES, "swordplay/choose"])
def test_every_object_a_menu_names_is_on_the_table(page: Page, game: str) -> None:
    """At every decision of a seeded game against bots, each object of each menu entry (to point at or to
    select) is drawn as a [data-obj] element: a whole game can be played by clicking the table."""
    played = decisions(game, seed=1)
    assert played
    missing: dict[str, list[str]] = {}
    doubled: dict[str, list[str]] = {}
    named = 0
    for decision in played:
        drawn = draw(page, decision)
        named += len(decision.objects)
        where = f"step {decision.step} seat {decision.seat}"
        for obj in sorted(decision.objects):
            count = drawn.count(obj)
            if count != 1:  # the page finds an object with querySelector: exactly one element each
                (missing if count == 0 else doubled).setdefault(obj, []).append(where)
    assert not page.errors  # type: ignore[attr-defined]
    assert not missing, json.dumps({k: v[:3] for k, v in list(missing.items())[:20]}, indent=1)
    assert not doubled, json.dumps({k: v[:3] for k, v in list(doubled.items())[:20]}, indent=1)
    if game in ("swordplay", "sao", "fgo_duel", "swordplay/choose"):
        assert named  # these games name their table objects
    if game == "swordplay/choose":
        assert any(o.startswith("hero:") for d in played for o in d.objects)


SHOTS = Path(os.environ.get("BOUTS_SHOTS", "/tmp/bouts-tables"))
"""Where test_screenshots puts each table at desktop and phone width (to look at; not compared)."""


def pick(game: str, want: Any, seed: int = 1) -> Decision:
    """The first decision of a seeded game whose view satisfies ``want``."""
    found = next((d for d in decisions(game, seed=seed) if want(d.view)), None)
    assert found is not None, f"no {game} decision of seed {seed} fits"
    return found


def text_at(page: Page, path: str) -> str:
    return page.locator(f'#table [data-path="{path}"]').first.inner_text()


def test_swordplay_shows_the_turn_number_not_the_seat(page: Page) -> None:
    decision = pick("swordplay", lambda v: v["turns"] > 1 and v["turns"] != v["turn"])
    draw(page, decision)
    assert text_at(page, "turns") == str(decision.view["turns"])
    stats = page.locator("#table .stats").first.inner_text()
    assert f"Turn {decision.view['turns']}" in stats
    assert f"Turn {decision.view['turn']}" not in stats or decision.view["turn"] == decision.view["turns"]


def test_swordplay_armor_shows_what_it_absorbs(page: Page) -> None:
    decision = pick("swordplay", lambda v: any(f["armor"] and f["armor"]["damage"] for f in v["fighters"]))
    draw(page, decision)
    for f in decision.view["fighters"]:
        if not f["armor"]:
            continue
        armor = f["armor"]
        shown = page.locator(f'#table [data-path="fighters.{f["index"]}.armor.left"]')
        assert shown.inner_text() == str(armor["left"])
        card = page.locator(f'#table [data-obj="fighter:{f["index"]}"] .card.armor')
        assert f"absorbs {armor['left']}/{armor['absorb']}" in " ".join(card.inner_text().split())


def test_swordplay_life_bars_are_of_each_fighters_own_maximum(page: Page) -> None:
    decision = pick("swordplay", lambda v: any(f["max_life"] != 10 for f in v["fighters"])
                    and any(f["life"] < f["max_life"] for f in v["fighters"]))
    draw(page, decision)
    for f in decision.view["fighters"]:
        meter = page.locator(f'#table [data-obj="fighter:{f["index"]}"] .bar.life')
        assert meter.get_attribute("aria-valuemax") == str(f["max_life"])
        assert meter.get_attribute("aria-valuenow") == str(f["life"])
        fill: float = meter.evaluate(
            "b => b.firstElementChild.getBoundingClientRect().width / b.getBoundingClientRect().width")
        assert abs(fill - f["life"] / f["max_life"]) < 0.02
        assert text_at(page, f"fighters.{f['index']}.max_life") == str(f["max_life"])


@pytest.mark.parametrize("game", GAMES)
def test_screenshots(browser: Browser, game: str) -> None:
    """Each table at 1366x900 and 390x844, from a decision a third of the way into a seeded game: no script
    error, nothing wider than the phone's screen."""
    played = decisions(game, seed=1)
    decision = played[len(played) // 3]
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((1366, 900), (390, 844)):
        shot = table_page(browser, width, height)
        draw(shot, decision)
        assert not shot.errors  # type: ignore[attr-defined]
        assert shot.evaluate("document.documentElement.scrollWidth") <= width + 2
        shot.screenshot(path=str(SHOTS / f"{game}-{width}.png"), full_page=True)
        shot.context.close()


def test_the_fgo_map_draws_every_area_link(page: Page) -> None:
    """One drawn line per link of the map (Fuyuki: 40, 16 of them diagonal), between the areas it joins."""
    decision = pick("fgo_duel", lambda v: v["phase"] == "action")
    draw(page, decision)
    links = decision.view["map"]["links"]
    drawn = page.locator("#table .board svg line[data-link]")
    assert drawn.count() == len(links) == 40
    assert sorted(drawn.evaluate_all("ls => ls.map((l) => l.dataset.link)")) == sorted(f"{a}|{b}" for a, b in links)
    assert page.locator("#table .board svg line.diagonal").count() == 16
    areas = {a["id"]: a for a in decision.view["map"]["areas"]}
    for a, b in links:  # each line's ends are the centres of the two areas it joins
        ends = page.locator(f'#table line[data-link="{a}|{b}"]').evaluate(
            "l => { const r = l.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }")
        centre = []
        for ident in (a, b):
            box = page.locator(f'#table [data-obj="area:{ident}"]').bounding_box()
            assert box is not None
            centre.append((box["x"] + box["width"] / 2, box["y"] + box["height"] / 2))
        (x1, y1), (x2, y2) = centre
        assert abs(min(x1, x2) - ends[0]) < 12 and abs(max(x1, x2) - ends[2]) < 12
        assert abs(min(y1, y2) - ends[1]) < 12 and abs(max(y1, y2) - ends[3]) < 12
    assert len(areas) == 17


def test_every_word_the_tables_add_is_a_catalog_message() -> None:
    """The renderers' own words are _("...") calls of the web catalog (extracted, with both translations); the
    rest of what they show comes from the view."""
    from bouts.core.catalogs import domains, extract
    from bouts.server.designer import web_catalog

    ids = {m.id for m in extract(next(d for d in domains() if d.name == "web")) if m.id}
    japanese = web_catalog("ja")["messages"]
    for game in GAMES:
        source = (WEB / "games" / f"{game}.js").read_text(encoding="utf-8")
        script = re.sub(r"^\s*//.*$", "", source, flags=re.MULTILINE)
        used = set(re.findall(r'\b_\(\s*"((?:[^"\\]|\\.)*)"', script))
        assert used and used <= ids, sorted(used - ids)
        assert all(japanese.get(u) for u in used), [u for u in used if not japanese.get(u)]


def test_a_table_reads_in_japanese(browser: Browser) -> None:
    """With the Japanese catalog, the labels a renderer adds are Japanese (the view's {en, ja} names too)."""
    from bouts.server.designer import web_catalog

    decision = pick("swordplay", lambda v: v["turns"] > 1)
    shown = table_page(browser, lang="ja")
    context = {**ctx(decision), "messages": web_catalog("ja")["messages"], "lang": "ja"}
    shown.evaluate(DRAW, [decision.game, decision.view, context])
    text = shown.locator("#table").inner_text()
    assert "ターン" in text and "ライフ" in text and "剣闘士" in text
    assert "Turn" not in text and "Life" not in text and "The Gladiator" not in text
    shown.context.close()


@pytest.mark.parametrize("game", GAMES)
def test_every_table_reads_in_the_readers_language(browser: Browser, game: str) -> None:
    """Issue 26 in the browser: a mid-game table drawn in Japanese holds no English word but official names and
    the abbreviations players use; drawn in English it holds no Japanese character."""
    from bouts.server.designer import web_catalog
    from tests.cli.languages import has_japanese
    from tests.conformance.cases import CASES
    from tests.conformance.test_languages import english_words, official_english

    case = next(c for c in CASES if c.game_id == game)
    decision = pick(game, lambda v: True)
    for _ in range(12):  # a few decisions in, past the set-up
        decision = next((d for d in decisions(game, seed=1) if d.view != decision.view), decision)
    for lang in ("ja", "en"):
        shown = table_page(browser, lang=lang)
        player = "プレイヤー" if lang == "ja" else "Player"
        context = {**ctx(decision), "messages": web_catalog(lang)["messages"], "lang": lang}
        context["seats"] = [{**s, "name": f"{player} {s['seat'] + 1}"} for s in context["seats"]]
        shown.evaluate(DRAW, [decision.game, decision.view, context])
        text = shown.locator("#table").inner_text()
        if lang == "ja":
            assert has_japanese(text) and english_words(text, official_english(case), set()) == [], text
        else:
            assert not has_japanese(text) and len(re.findall(r"[A-Za-z]{3,}", text)) > 10, text
        shown.context.close()
