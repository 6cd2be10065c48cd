"""Issue 26 for the designer page: its words come from the `web` catalog, served as JSON in the page's language
(`?lang=` or `Accept-Language`), and its answers (names, errors, statistics) are in that language too."""

from __future__ import annotations

import os
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
from fastapi import FastAPI
from fastapi.testclient import TestClient

from bouts.core.catalogs import domains, extract
from bouts.server import designer
from tests.cli.languages import english_words, game_ids, has_japanese

CHANGE = "hero.mercenary.base_damage += 2"
WEB = Path(designer.__file__).resolve().parent.parent / "web"


@pytest.fixture
def client() -> Iterator[TestClient]:
    app = FastAPI()
    app.include_router(designer.router)
    with TestClient(app) as test_client:
        yield test_client


def test_the_catalog_is_served_in_the_language_asked_for(client: TestClient) -> None:
    english = client.get("/api/designer/catalog").json()
    assert english["lang"] == "en" and english["messages"]["Compare"] == "Compare"
    for asked in ({"params": {"lang": "ja"}}, {"headers": {"Accept-Language": "ja-JP,ja;q=0.9,en;q=0.8"}}):
        japanese = client.get("/api/designer/catalog", **asked).json()  # type: ignore[arg-type]
        assert japanese["lang"] == "ja" and japanese["messages"]["Compare"] == "比較する"
    switched = client.get("/api/designer/catalog", params={"lang": "en"}, headers={"Accept-Language": "ja"}).json()
    assert switched["lang"] == "en"  # the page's switch wins over the browser
    unknown = client.get("/api/designer/catalog", params={"lang": "xx"}, headers={"Accept-Language": "ja"}).json()
    assert unknown["lang"] == "ja"
    ids = {m.id for m in extract(next(d for d in domains() if d.name == "web")) if m.id}
    assert set(japanese["messages"]) == ids and all(has_japanese(t) for t in japanese["messages"].values())


def test_every_word_the_page_script_shows_is_a_catalog_message() -> None:
    script = re.sub(r"^\s*//.*$", "", (WEB / "designer.js").read_text(encoding="utf-8"), flags=re.MULTILINE)
    used = set(re.findall(r'\b_n?\(\s*"((?:[^"\\]|\\.)*)"', script))
    ids = {m.id for m in extract(next(d for d in domains() if d.name == "web")) if m.id}
    assert used and used <= ids  # every call is extracted (none hides in a template string)
    page = (WEB / "designer.html").read_text(encoding="utf-8")
    keys = set(re.findall(r'data-(?:text|label)="([a-z_]+)"', page))
    texts = re.search(r"function texts\(\) \{(.*?)\n\}", script, re.DOTALL)
    assert texts is not None and keys <= set(re.findall(r"(\w+): _\(", texts.group(1)))
    visible = re.sub(r"<[^>]+>", " ", re.sub(r"<style>.*?</style>", "", page, flags=re.DOTALL))
    assert english_words(visible, {"English", "bouts", "name", "value"}) == []  # the static page holds no words


def wait_for(client: TestClient, ident: str, lang: str, limit: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        data: dict[str, Any] = client.get(f"/api/designer/runs/{ident}", params={"lang": lang}).json()
        if data["state"] not in ("starting", "running"):
            return data
        time.sleep(0.2)
    raise AssertionError("the comparison did not finish")


def test_the_api_answers_in_the_page_language(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/designer/games", params={"lang": "ja"}).json()}
    english = {g["id"]: g for g in client.get("/api/designer/games").json()}
    assert games["swordplay"]["name"] == "ソードプレイ：アリーナ" and english["swordplay"]["name"] == "Swordplay: Arena"
    assert has_japanese(" ".join(games["swordplay"]["options"].values()))
    fields = client.get("/api/designer/games/swordplay/fields", headers={"Accept-Language": "ja"}).json()
    assert any(has_japanese(f["entry"]) for f in fields)
    bad = client.post("/api/designer/runs", params={"lang": "ja"},
                      json={"game": "swordplay", "seats": 2, "variants": ["hero.mercenary.power += 2"]})
    assert bad.status_code == 422 and "項目 'power' はない" in bad.json()["detail"]
    file = client.post("/api/designer/runs", params={"lang": "ja"},
                       json={"game": "swordplay", "seats": 2, "variants": ["/etc/passwd.toml"]})
    assert file.status_code == 422 and "変更そのものを書く" in file.json()["detail"]
    assert "忘れられた" in client.get("/api/designer/runs/nothing", params={"lang": "ja"}).json()["detail"]
    started = client.post("/api/designer/runs", params={"lang": "ja"},
                          json={"game": "swordplay", "seats": 2, "variants": [CHANGE], "games": 30})
    assert started.status_code == 201, started.text
    assert started.json()["variants"] == ["基準", CHANGE]
    done = wait_for(client, started.json()["id"], "ja")
    assert done["state"] == "done", done
    summary = done["summary"]
    assert summary["variants"][0]["name"] == "基準"
    assert all(has_japanese(line) for line in summary["conclusions"])
    assert all(has_japanese(d["label"]) and has_japanese(d["verdict_text"]) for d in summary["differences"])


CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.mark.browser
def test_the_designer_page_reads_in_japanese_and_switches_language(tmp_path: Path) -> None:
    pytest.importorskip("playwright")
    from playwright.sync_api import sync_playwright

    from tests.server.live import LiveServer

    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        if os.environ.get("CI") == "true":
            pytest.fail("chromium is not installed: .ci/run must apt-get install chromium")
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    allowed = game_ids("swordplay") | {"English", "name", "value", "hero", "base_damage", "options", "true",
                                             "false"}
    server = LiveServer(str(tmp_path / "bouts.sqlite")).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            try:
                context = browser.new_context(locale="ja-JP", viewport={"width": 1300, "height": 900})
                page = context.new_page()
                page.goto(server.base + "/designer")
                page.wait_for_selector("body[data-ready='yes']", state="attached")
                assert page.evaluate("document.documentElement.lang") == "ja"
                page.select_option("#game", "swordplay")
                page.wait_for_selector('#fields option[value="hero.mercenary.base_damage"]', state="attached")
                page.fill("#field", "hero.mercenary.base_damage")
                page.dispatch_event("#field", "input")
                assert "現在 2" in page.inner_text("#field-now")
                page.fill("#amount", "2")
                page.click("#add-variant")
                page.fill("#games", "60")
                page.click("#start")
                page.wait_for_selector("body[data-state='done']", state="attached", timeout=120_000)
                body = page.inner_text("body")
                shown = body.replace(CHANGE, " ")
                for name in page.eval_on_selector_all("#game option", "nodes => nodes.map(n => n.textContent)"):
                    shown = shown.replace(name, " ")  # the games' official names
                assert "バリアントを比較する" in shown and "基準との差" in shown and "判定" in shown
                assert english_words(shown, allowed) == [], shown
                assert has_japanese(page.title())
                page.select_option("#lang", "en")
                page.wait_for_selector("html[lang='en'] body[data-ready='yes']", state="attached")
                page.select_option("#game", "swordplay")
                page.wait_for_selector('#fields option[value="hero.mercenary.base_damage"]', state="attached")
                english = page.inner_text("body").replace("日本語", "")  # the switch names each language in itself
                for name in page.eval_on_selector_all("#game option", "nodes => nodes.map(n => n.textContent)"):
                    english = english.replace(name, " ")  # the games' official names
                assert "Compare variants" in english and not has_japanese(english), english
            finally:
                browser.close()
    finally:
        server.stop()
