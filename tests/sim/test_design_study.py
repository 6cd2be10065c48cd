"""Issue 18, "statistics that cannot mislead": rates per content and agent, the confounding warning, the
design study (`--assign random`) with its pairing matrix, and a deliberately overpowered Hero it must flag."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import bouts
import tests.agents.toy_games  # noqa: F401  (games named as 'tests.agents.toy_games:...' must be imported)
from bouts.cli.main import app
from bouts.sim import GameRecord, SimConfig, SimError, simulate, summarize
from bouts.sim.report import read_games

runner = CliRunner()

HEROES = """
[[hero]]
id = "{id}"
name = "{id}"
life = {life}
stand_in = true
"""


def overpowered_pack(tmp_path: Path) -> Path:
    """The reference Swordplay pack with four more Heroes, one of them (the giant) with 60 life."""
    folder = tmp_path / "pack"
    shutil.copytree(bouts.game("swordplay").catalogs.reference_dir, folder)
    extra = "".join(HEROES.format(id=hero, life=life) for hero, life in
                    (("squire", 10), ("archer", 10), ("duelist", 10), ("giant", 60)))
    with (folder / "heroes.toml").open("a", encoding="utf-8") as handle:
        handle.write(extra)
    return folder


def record(index: int, winners: tuple[int, ...], content: tuple[str, str], agents: tuple[str, str]) -> GameRecord:
    return GameRecord(index, index, agents, winners, tuple(float(s in winners) for s in range(2)), "r", True, 10,
                      2, (4, 4), ((content[0],), (content[1],)))


def test_content_rates_are_split_by_agent_and_flagged_as_confounded() -> None:
    """`--seats heuristic,random`: merlin at 0 % only because only the random seat ever picked it."""
    records = [record(i, (0,), ("artoria", "merlin"), ("heuristic", "random")) for i in range(10)]
    summary = summarize(records)
    assert summary.confounded
    split = {(c, a): (r.wins, r.games) for c, a, r in summary.content_by_agent}
    assert split == {("artoria", "heuristic"): (10, 10), ("merlin", "random"): (0, 10)}
    same_agents = summarize([record(i, (0,), ("artoria", "merlin"), ("random", "random")) for i in range(4)])
    assert not same_agents.confounded
    dealt = summarize(records, chose_own=False)
    assert not dealt.confounded


def test_the_terminal_says_when_content_rates_are_confounded() -> None:
    result = runner.invoke(app, ["sim", "swordplay", "-n", "6", "--seats", "heuristic,random", "-q", "--jobs", "1",
                                 "--options", "turn_limit=30"])
    assert result.exit_code == 0, result.output
    assert "Content rates are confounded" in result.stdout
    assert "Win rate per content choice and agent" in result.stdout


def test_a_design_study_deals_content_uniformly_and_flags_an_overpowered_hero(tmp_path: Path) -> None:
    pack = overpowered_pack(tmp_path)
    out = tmp_path / "study"
    result = runner.invoke(app, ["sim", "swordplay", "-n", "300", "--seats", "random,random", "--assign", "random",
                                 "--content", str(pack), "--jobs", "2", "-q", "--seed", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "design study" in result.stdout and "confounded" not in result.stdout
    summary = json.loads((out / "summary.json").read_text())["summary"]
    assert {f["choice"]: f["flag"] for f in summary["flags"]}.get("giant") == "strong"
    assert not any(f["flag"] == "strong" for f in summary["flags"] if f["choice"] != "giant")
    games = {c["choice"]: c["games"] for c in summary["content"]}
    assert set(games) == {"gladiator", "mercenary", "squire", "archer", "duelist", "giant"}
    assert min(games.values()) > 60  # dealt uniformly: 600 seat-games over 6 Heroes
    pairings = {(p["choice"], p["against"]): p for p in summary["pairings"]}
    assert pairings[("giant", "squire")]["rate"] > 0.7
    assert "Pairings" in (out / "report.html").read_text() and "strong" in (out / "report.html").read_text()
    _, dealt = read_games(out / "games.jsonl")
    assert all(g["content"][0] != g["content"][1] for g in dealt)


def test_fgo_design_study_deals_legal_parties() -> None:
    config = SimConfig("fgo_duel", ("random", "random"), {}, None, seed=3, assign="random")
    config.check()
    records = simulate(config, 6, jobs=1)
    parties = {tuple(r.content[0]) for r in records}
    assert len(parties) > 1 and all(len(p) == 3 for p in parties)


def test_a_game_without_content_choices_cannot_be_studied() -> None:
    with pytest.raises(SimError, match="no content choices to deal"):
        SimConfig("tests.agents.toy_games:SEALED_DUEL", ("random", "random"), assign="random").check()
    with pytest.raises(SimError, match="--assign must be"):
        SimConfig("swordplay", ("random", "random"), assign="sometimes").check()


def has_content_choices(game: bouts.Game[Any, Any]) -> bool:
    """Whether the game reports per-seat content choices (it overrides ``Game.content_choices``)."""
    return type(game).content_choices is not bouts.Game.content_choices


@pytest.mark.parametrize("game_id", bouts.games())
def test_every_game_with_content_choices_can_be_studied(game_id: str) -> None:
    """Every registered game whose seats choose content (hero, characters, party) supports `--assign random`:
    ``deal_content`` gives options that set up a game with content choices, or refuses the seat count clearly."""
    game = bouts.game(game_id)
    if not has_content_choices(game):
        pytest.skip(f"{game_id} has no content choices")
    rng = random.Random(0)
    for name, variant in game.variants().items():
        for seats in variant.seats:
            try:
                dealt = game.deal_content(seats, dict(variant.options), None, rng)
            except bouts.OptionsError:  # a clear refusal (e.g. too few Heroes in the pack for the seats)
                continue
            assert dealt is not None, f"{game_id} has content choices but no deal_content (--assign random)"
            state = game.setup(seats, {**variant.options, **dealt}, None, 0)
            assert game.content_choices(state), f"{game_id} {name} {seats}p: {dealt} give no content choices"
    SimConfig(game_id, ("random",) * max(2, game.info.min_seats), assign="random").check()

