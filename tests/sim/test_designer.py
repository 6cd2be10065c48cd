"""Issue 28, "the designer page": a comparison set up in the browser over the reference pack, its plot filling in."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
from fastapi import FastAPI
from fastapi.testclient import TestClient

from bouts.server import designer

CHANGE = "hero.mercenary.base_damage += 2"


@pytest.fixture
def client() -> Iterator[TestClient]:
    app = FastAPI()
    app.include_router(designer.router)
    with TestClient(app) as test_client:
        yield test_client


def wait_for(client: TestClient, ident: str, limit: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + limit
    seen = []
    while time.monotonic() < deadline:
        data: dict[str, Any] = client.get(f"/api/designer/runs/{ident}").json()
        seen.append(data["played"])
        if data["state"] not in ("starting", "running"):
            data["seen"] = seen
            return data
        time.sleep(0.2)
    raise AssertionError("the comparison did not finish")


def test_a_comparison_runs_in_its_own_process_and_reports_as_it_goes(client: TestClient) -> None:
    games = client.get("/api/designer/games").json()
    assert {g["id"] for g in games} >= {"swordplay", "fgo_duel", "sao", "kaleido", "grail_war"}
    fields = {f["path"]: f for f in client.get("/api/designer/games/swordplay/fields").json()}
    assert fields["hero.mercenary.base_damage"]["value"] == 2
    started = client.post("/api/designer/runs", json={"game": "swordplay", "seats": 2, "variants": [CHANGE],
                                                      "games": 300, "seed": 1})
    assert started.status_code == 201, started.text
    body = started.json()
    assert body["variants"] == ["baseline", CHANGE] and body["total"] == 600
    busy = client.post("/api/designer/runs", json={"game": "swordplay", "seats": 2, "variants": [CHANGE]})
    assert busy.status_code == 409 and "another comparison is running" in busy.json()["detail"]
    done = wait_for(client, body["id"])
    assert done["state"] == "done" and done["played"] == 600
    assert len(set(done["seen"])) >= 2  # it reported while it played
    summary = done["summary"]
    mercenary = next(d for d in summary["differences"] if d["name"] == "mercenary")
    assert mercenary["verdict"] == "higher" and mercenary["low"] > 0


def test_a_bad_change_is_refused_before_anything_starts(client: TestClient) -> None:
    for variants, message in (([("hero.mercenary.power += 2")], "has no field 'power'"),
                              ((["/etc/passwd.toml"]), "write the changes themselves"),
                              ((["options.nope = 1"]), "no option 'nope'")):
        answer = client.post("/api/designer/runs", json={"game": "swordplay", "seats": 2, "variants": variants})
        assert answer.status_code == 422 and message in answer.json()["detail"]
    too_many = client.post("/api/designer/runs", json={"game": "swordplay", "seats": 2, "variants": [CHANGE],
                                                       "games": 100_000})
    assert too_many.status_code == 422
    assert client.post("/api/designer/runs", json={"game": "swordplay", "seats": 9, "variants": [CHANGE]}
                       ).status_code == 422
    assert client.get("/api/designer/runs/nothing").status_code == 404


def test_a_comparison_can_be_stopped(client: TestClient) -> None:
    started = client.post("/api/designer/runs", json={"game": "swordplay", "seats": 2, "variants": [CHANGE],
                                                      "games": 4000}).json()
    time.sleep(3)
    stopped = client.delete(f"/api/designer/runs/{started['id']}").json()
    assert stopped["state"] == "stopped" and stopped["played"] < 8000
    again = client.post("/api/designer/runs", json={"game": "swordplay", "seats": 2, "variants": [CHANGE],
                                                    "games": 10})
    assert again.status_code == 201  # the server is free again
    assert wait_for(client, again.json()["id"])["state"] == "done"


CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.mark.browser
def test_the_designer_page_sets_up_a_comparison_and_its_plot_fills_in(tmp_path: Path) -> None:
    pytest.importorskip("playwright")
    from playwright.sync_api import sync_playwright

    from tests.server.live import LiveServer

    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        if os.environ.get("CI") == "true":
            pytest.fail("chromium is not installed: .ci/run must apt-get install chromium")
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    server = LiveServer(str(tmp_path / "bouts.sqlite")).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            try:
                page = browser.new_page(viewport={"width": 1300, "height": 900})
                page.goto(server.base + "/")
                page.click("#designer-link")
                page.wait_for_function("document.body.dataset.ready === 'yes'")
                page.select_option("#game", "swordplay")
                page.wait_for_function("document.querySelector('#fields').children.length > 10")
                page.fill("#field", "hero.mercenary.base_damage")
                page.dispatch_event("#field", "input")
                assert "now 2" in page.inner_text("#field-now")
                page.fill("#amount", "2")
                page.click("#add-variant")
                assert page.input_value("#variants") == CHANGE
                page.fill("#games", "400")
                page.click("#start")
                page.wait_for_function("document.body.dataset.state === 'running'", timeout=60_000)
                page.wait_for_function("document.querySelectorAll('#plot g.diff').length > 0", timeout=60_000)
                partial = int(page.evaluate("document.body.dataset.games"))
                page.wait_for_function("document.body.dataset.state === 'done'", timeout=120_000)
                assert partial < 400  # the plot was drawn before the end
                assert page.evaluate("document.body.dataset.games") == "400"
                real = page.eval_on_selector_all("#plot g.diff[data-real='yes'] title",
                                                 "nodes => nodes.map(n => n.textContent)")
                assert any(line.startswith(f"{CHANGE}: mercenary win rate +") for line in real), real
                assert "real." in page.inner_text("#conclusions")
                page.fill("#variants", "hero.mercenary.power += 2")
                page.click("#start")
                page.wait_for_function("document.querySelector('#run-error').textContent.length > 0")
                assert "has no field 'power'" in page.inner_text("#run-error")
            finally:
                browser.close()
    finally:
        server.stop()
