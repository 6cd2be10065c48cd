"""Report files: every game as JSON and CSV, two PNG plots, an HTML page; all parse."""

from __future__ import annotations

import csv
import json
from html.parser import HTMLParser
from pathlib import Path

import tests.agents.toy_games  # noqa: F401  (games named as 'tests.agents.toy_games:...' must be imported)
from bouts.sim import SimConfig, simulate, summarize
from bouts.sim.report import FILES, read_games, write_report

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


class Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.images: list[str] = []
        self.links: list[str] = []
        self.tables = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "img":
            self.images.append(values["src"] or "")
        elif tag == "a":
            self.links.append(values["href"] or "")
        elif tag == "table":
            self.tables += 1


def check_report(folder: Path, config: SimConfig, n: int, with_content: bool) -> None:
    for name in FILES:
        assert (folder / name).stat().st_size > 0, name
    header, games = read_games(folder / "games.jsonl")
    data = {"games": games, **json.loads((folder / "summary.json").read_text())}
    assert header["config"] == data["config"] == config.to_json()
    assert len(data["games"]) == n
    assert data["summary"]["games"] == n
    assert [g["index"] for g in data["games"]] == list(range(n))
    with (folder / "games.csv").open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == n
    seats = len(config.seats)
    for row, game in zip(rows, data["games"], strict=True):
        assert int(row["length"]) == game["length"]
        assert [int(row[f"won_{s}"]) for s in range(seats)] == [int(s in game["winners"]) for s in range(seats)]
        assert [row[f"agent_{s}"] for s in range(seats)] == list(config.seats)
        if with_content:
            assert all(row[f"content_{s}"] for s in range(seats))
    for image in ("winrates.png", "lengths.png"):
        assert (folder / image).read_bytes()[:8] == PNG_MAGIC
    page = Tags()
    page.feed((folder / "report.html").read_text())
    assert sorted(page.images) == ["lengths.png", "winrates.png"]
    assert {"games.jsonl", "games.csv", "summary.json"} <= set(page.links)
    assert page.tables >= (4 if with_content else 3)


def test_report_of_a_swordplay_batch(tmp_path: Path) -> None:
    config = SimConfig("swordplay", ("random", "random", "random"), {"turn_limit": 40}, None, seed=3)
    records = simulate(config, 15, jobs=1)
    write_report(tmp_path / "out", config, records, summarize(records))
    check_report(tmp_path / "out", config, 15, with_content=False)


def test_report_with_content_choices(tmp_path: Path) -> None:
    config = SimConfig("tests.agents.toy_games:SEALED_DUEL", ("random", "random"), seed=1)
    records = simulate(config, 25, jobs=1)
    write_report(tmp_path, config, records, summarize(records))
    check_report(tmp_path, config, 25, with_content=True)
    data = json.loads((tmp_path / "summary.json").read_text())
    assert {c["choice"] for c in data["summary"]["content"]} <= {"rock", "paper", "scissors"}
