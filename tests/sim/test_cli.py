"""`bouts sim` and `bouts tournament`: output, report files, and one-line errors with exit code 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from bouts.cli.sim_commands import register
from bouts.sim.report import read_games

app = typer.Typer()
register(app)


@app.callback()
def main() -> None:
    """A bare app carrying only the simulation commands."""


runner = CliRunner()


def test_sim_prints_win_rates_and_writes_the_report(tmp_path: Path) -> None:
    result = runner.invoke(app, ["sim", "swordplay", "-n", "12", "--seats", "random,random", "--seed", "4",
                                 "--jobs", "2", "--options", "turn_limit=60", "--out", str(tmp_path), "-q"])
    assert result.exit_code == 0, result.output
    assert "Win rate per seat" in result.stdout
    assert "Game length" in result.stdout and "Decisions per game" in result.stdout
    header, games = read_games(tmp_path / "games.jsonl")
    assert header["config"]["seats"] == ["random", "random"]
    assert header["config"]["options"] == {"turn_limit": 60}
    assert len(games) == 12
    assert (tmp_path / "report.html").exists()


def test_sim_summary_counts_games_and_jobs_in_words(tmp_path: Path) -> None:
    """The summary line says "1 game" and "1 job", "2 jobs" (it said "job(s)")."""
    one = runner.invoke(app, ["sim", "swordplay", "-n", "1", "--seed", "3", "--jobs", "1",
                              "--out", str(tmp_path / "a")])
    assert one.exit_code == 0, one.output
    assert "swordplay: 1 game, seed 3" in one.stdout and ", 1 job," in one.stdout, one.stdout
    two = runner.invoke(app, ["sim", "swordplay", "-n", "4", "--seed", "3", "--jobs", "2",
                              "--out", str(tmp_path / "b")])
    assert two.exit_code == 0, two.output
    assert "swordplay: 4 games, seed 3" in two.stdout and ", 2 jobs," in two.stdout, two.stdout
    assert "(s)" not in one.stdout + two.stdout


def test_sim_results_do_not_depend_on_jobs(tmp_path: Path) -> None:
    for jobs in ("1", "2"):
        result = runner.invoke(app, ["sim", "swordplay", "-n", "6", "--seed", "9", "--jobs", jobs,
                                     "--out", str(tmp_path / jobs), "-q"])
        assert result.exit_code == 0, result.output
    one, two = (read_games(tmp_path / j / "games.jsonl")[1] for j in ("1", "2"))
    assert one == two


@pytest.mark.parametrize(("args", "message"), [
    (["sim", "chess"], "unknown game 'chess'"),
    (["sim", "swordplay", "--seats", "random,wizard"], "unknown agent 'wizard'"),
    (["sim", "swordplay", "--options", "mode=duel"], "option 'mode'"),
    (["sim", "swordplay", "--options", "colour=red"], "option 'colour'"),
    (["sim", "swordplay", "-n", "0"], "-n must be at least 1"),
    (["sim", "swordplay", "--jobs", "0"], "--jobs must be at least 1"),
    (["sim", "swordplay", "--backend", "cloud"], "unknown backend 'cloud'"),
    (["sim", "swordplay", "--content", "/nonexistent/pack"], "no such directory"),
    (["sim", "swordplay", "--seats", "ismcts:iterations=lots,random"], "must be a number"),
    (["sim", "swordplay", "--seats", "random*9"], "not 9"),
    (["tournament", "swordplay", "--agents", "random"], "at least 2 agents"),
    (["tournament", "swordplay", "--agents", "random,random"], "only once"),
    (["tournament", "swordplay", "--agents", "random,magic"], "unknown agent 'magic'"),
])
def test_bad_input_is_one_line_on_stderr_with_exit_code_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output


def test_tournament_prints_matrix_and_ranking(tmp_path: Path) -> None:
    result = runner.invoke(app, ["tournament", "swordplay", "--agents", "random,ismcts:iterations=3,rollout_limit=20",
                                 "-n", "2", "--options", "turn_limit=20", "--jobs", "1", "-q",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "Win rate of row against column" in result.stdout
    assert "Ranking" in result.stdout
    data = json.loads((tmp_path / "tournament.json").read_text())
    assert [r["agent"] for r in data["ranking"]] != []
    assert set(data["matrix"]) == {"random", "ismcts:iterations=3,rollout_limit=20"}
    assert len(data["seatings"]) == 2
    assert (tmp_path / "matrix.csv").read_text().startswith("agent,random,")


def test_the_bouts_command_exits_2_on_bad_input() -> None:
    """Through the real entry point (``bouts.cli.main:run``), not only a bare Typer app."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", "from bouts.cli.main import run; run()", "sim", "chess"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [done.stderr.strip()]
    assert "unknown game 'chess'" in done.stderr
