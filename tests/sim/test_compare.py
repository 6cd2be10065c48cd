"""Issue 28, "compare": a planted change is found, a change with no effect is not, twin games narrow the interval."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bouts.cli.main import app
from bouts.sim.paired import Accumulator, GameOutcome, holm
from bouts.sim.workbench import Running, compare
from tests.sim.workbench_packs import MOVE_DODGE, study, typical_pack

runner = CliRunner()
PLANTED = "hero.squire.base_damage += 2"
"""A typical Hero (1 damage) hitting for 3: certainly stronger."""


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return typical_pack(tmp_path_factory.mktemp("packs"))


def squire(summary: dict[str, object]) -> dict[str, object]:
    found = [d for d in summary["differences"] if d["name"] == "squire"]  # type: ignore[attr-defined, index]
    assert len(found) == 1
    return found[0]  # type: ignore[no-any-return]


def test_a_hero_given_two_more_damage_is_reported_stronger_in_every_seed(pack: Path) -> None:
    for seed in range(3):
        outcome = compare(study(pack, "base", PLANTED, seed=seed), 300, running=Running(jobs=2))
        found = squire(outcome.summary)
        assert found["verdict"] == "higher" and found["real"]
        assert 0 < found["low"] < found["diff"] < found["high"]  # type: ignore[operator]
        assert any(line.startswith(f"{PLANTED}: squire win rate") and line.endswith("real.")
                   for line in outcome.summary["conclusions"])


def test_a_no_op_patch_plays_twin_games_and_is_reported_identical(pack: Path) -> None:
    outcome = compare(study(pack, "base", "hero.squire.life += 0; options.realistic_parries = false", seed=4), 60,
                      running=Running(jobs=1))
    assert outcome.summary["differences"]
    assert all(d["verdict"] == "identical" and not d["real"] for d in outcome.summary["differences"])
    assert outcome.summary["conclusions"][0].startswith("No difference is clear at 95% confidence")


def test_a_null_change_that_alters_every_game_is_rarely_called_real(pack: Path) -> None:
    """Dodge moved to the end of the pack: every deck is shuffled into another order, the odds are the same.
    The paired test with Holm's correction should call something real in about 5 % of seeds at most."""
    seeds, games = 20, 120
    false_reports = per_statistic = tests = identical = 0
    for seed in range(seeds):
        outcome = compare(study(pack, "base", MOVE_DODGE, seed=100 + seed), games, running=Running(jobs=2))
        differences = outcome.summary["differences"]
        identical += all(d["verdict"] == "identical" for d in differences)
        false_reports += any(d["real"] for d in differences)
        tested = [d for d in differences if d["verdict"] in ("higher", "lower", "unclear")]
        tests += len(tested)
        per_statistic += sum(d["low"] > 0 or d["high"] < 0 for d in tested)
    print(f"null change: {false_reports}/{seeds} seeds with a 'real' difference; "
          f"{per_statistic}/{tests} intervals excluding zero")
    assert identical == 0  # the change did change the games
    assert false_reports <= 3
    assert per_statistic <= 0.12 * tests


def test_twin_games_narrow_the_interval_against_independent_runs_of_the_same_size(pack: Path) -> None:
    ratios = []
    for seed in range(3):
        paired = squire(compare(study(pack, "base", PLANTED, seed=seed), 300, running=Running(jobs=2)).summary)
        alone = squire(compare(study(pack, "base", PLANTED, seed=seed, paired=False), 300,
                               running=Running(jobs=2)).summary)
        ratios.append((paired["high"] - paired["low"]) / (alone["high"] - alone["low"]))  # type: ignore[operator]
    mean = sum(ratios) / len(ratios)
    print(f"paired / unpaired interval width: {mean:.3f} ({', '.join(f'{r:.3f}' for r in ratios)})")
    assert mean < 0.95


def test_the_paired_difference_is_the_twin_games_difference() -> None:
    """Hand-made twins: seat 0 wins 6 of 10 in A and 9 of 10 in B, changing only where B won."""
    accumulator = Accumulator(2)
    for index in range(40):
        a_won = index % 10 < 6
        b_won = index % 10 < 9
        accumulator.add(0, index, GameOutcome((a_won, not a_won), ((), ()), 10, True))
        accumulator.add(1, index, GameOutcome((b_won, not b_won), ((), ()), 10, True))
    seat0 = next(d for d in accumulator.differences() if d.key == ("seat", "0"))
    assert seat0.base == pytest.approx(0.6) and seat0.value == pytest.approx(0.9)
    # the per-game differences are 0 (36 games) or 1 (12 of 40): mean 0.3, sd sqrt(0.3 * 0.7 * 40 / 39)
    half = 1.959963984540054 * (0.3 * 0.7 * 40 / 39) ** 0.5 / 40 ** 0.5
    assert (seat0.low, seat0.high) == pytest.approx((0.3 - half, 0.3 + half))
    assert seat0.verdict == "higher"
    length = next(d for d in accumulator.differences() if d.key == ("length", ""))
    assert length.verdict == "identical"


def test_holm_correction() -> None:
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert holm([0.5]) == [0.5] and holm([]) == []


def test_compare_on_the_command_line_says_plainly_what_is_real(pack: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = runner.invoke(app, ["compare", "swordplay", PLANTED, "-n", "150", "--assign", "random", "--content",
                                 str(pack), "--out", str(out), "-q", "--jobs", "2", "--seed", "1"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert "What is real" in text and f"{PLANTED}: squire win rate" in text and "real." in text
    assert "higher" in text and "no clear" in text  # the verdict column (wrapped in a narrow terminal)
    assert sorted(p.name for p in out.iterdir()) == ["compare.png", "games", "report.html", "run.json",
                                                     "summary.json"]
    summary = json.loads((out / "summary.json").read_text())
    assert [v["name"] for v in summary["variants"]] == ["baseline", PLANTED]
    assert summary["variants"][1]["params"] == {"hero.squire.base_damage": 3}
    assert summary["variants"][0]["params"] == {"hero.squire.base_damage": 1}
    page = (out / "report.html").read_text()
    assert "compare.png" in page and "class=\"real\"" in page and "What is real" in page
    again = runner.invoke(app, ["compare", "swordplay", PLANTED, "-n", "150", "--assign", "random", "--content",
                                str(pack), "--out", str(out), "-q", "--jobs", "2", "--seed", "1", "--json"])
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout) == summary  # nothing played again, the same numbers


def test_compare_refuses_a_folder_holding_another_run(tmp_path: Path) -> None:
    out = tmp_path / "run"
    change = "hero.mercenary.life += 1"
    first = runner.invoke(app, ["compare", "swordplay", change, "-n", "5", "--out", str(out), "-q", "--jobs", "1"])
    assert first.exit_code == 0, first.output
    other = runner.invoke(app, ["compare", "swordplay", change, "-n", "5", "--out", str(out), "-q", "--jobs", "1",
                                "--seed", "9"])
    assert other.exit_code == 2
    assert other.stderr.startswith(f"error: {out} holds another run (seed was 0, now 9)")
