"""Issue 18, "interrupts and hangs": Ctrl-C and SIGTERM stop a sim cleanly; bad runs fail before any game."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

BOUTS = [sys.executable, "-m", "bouts.cli.main"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*BOUTS, *args], capture_output=True, text=True, timeout=120)


def processes_with(token: str) -> list[int]:
    """Live processes whose command line holds ``token`` (a pool's workers carry their parent's)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if token in (entry / "cmdline").read_bytes().decode(errors="replace"):
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def wait_for_games(folder: Path, games: int, limit: float = 60) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        for temporary in folder.glob(".games.jsonl.tmp-*"):
            if temporary.read_text().count("\n") > games:
                return
        time.sleep(0.1)
    raise AssertionError("the sim wrote no games")


@pytest.mark.skipif(not Path("/proc").exists(), reason="needs /proc to look for leftover workers")
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_an_interrupted_sim_stops_keeps_its_games_marked_partial_and_leaves_no_worker(
        tmp_path: Path, signum: int) -> None:
    """A billion games: no list of indices up front, no MemoryError; the interrupt reaps every worker."""
    out = tmp_path / f"out-{uuid.uuid4().hex}"
    out.mkdir()
    (out / "report.html").write_text("an earlier run")
    process = subprocess.Popen([*BOUTS, "sim", "swordplay", "-n", "1000000000", "--jobs", "2", "-q",
                                "--out", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_for_games(out, 20)
        sent = time.monotonic()
        process.send_signal(signum)
        _, stderr = process.communicate(timeout=30)
        stopped = time.monotonic() - sent
    finally:
        if process.poll() is None:
            process.kill()
    print(f"stopped {stopped:.2f} s after the signal")
    assert process.returncode == 130, stderr
    assert "Traceback" not in stderr and "MemoryError" not in stderr
    line = stderr.strip().splitlines()[-1]
    assert line.startswith("interrupted: ") and "of 1000000000 games finished" in line
    finished = int(line.split()[1])
    time.sleep(0.5)
    assert processes_with(out.name) == []
    assert (out / "report.html").read_text() == "an earlier run"  # nothing else overwritten
    assert sorted(p.name for p in out.iterdir()) == ["games.partial.csv", "games.partial.jsonl", "report.html"]
    lines = (out / "games.partial.jsonl").read_text().splitlines()
    assert json.loads(lines[-1]) == {"partial": True, "games": finished, "requested": 1000000000,
                                     "note": f"interrupted: {finished} of 1000000000 games finished"}
    assert len(lines) == finished + 2 and finished >= 20
    assert (out / "games.partial.csv").read_text().count("\n") == finished + 1


@pytest.mark.parametrize(("args", "message"), [
    (["--seats", "ismcts:seconds=inf,random"], "must be positive (a finite number)"),
    (["--seats", "ismcts:seconds=nan,random"], "must be positive (a finite number)"),
    (["--seats", "ismcts:seconds=-1,random"], "must be positive (a finite number)"),
    (["--seats", "ismcts:c=nan,random"], "must be positive (a finite number)"),
    (["--seats", "ismcts:bias=1e999,random"], "must be positive (a finite number)"),
    (["--seats", "ismcts:epsilon=nan,random"], "between 0 and 1"),
    (["--seats", "heuristic:x=1,random"], "takes no parameters"),
    (["--seats", "random:x=1,random"], "takes no parameters"),
    (["--address", "127.0.0.1:1"], "use it with --backend ray"),
    (["--max-steps", "0"], "--max-steps must be at least 1"),
])
def test_bad_sim_input_is_refused_before_any_game(args: list[str], message: str) -> None:
    result = run("sim", "swordplay", "-n", "2", "-q", *args)
    assert result.returncode == 2, result.stderr
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_out_must_be_a_writable_folder_checked_before_the_first_game(tmp_path: Path) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("keep me")
    result = run("sim", "swordplay", "-n", "2", "-q", "--out", str(a_file))
    assert result.returncode == 2 and "is a file, not a folder" in result.stderr
    assert a_file.read_text() == "keep me"
    if os.geteuid() != 0:  # root may write anywhere
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        result = run("sim", "swordplay", "-n", "2", "-q", "--out", str(locked))
        assert result.returncode == 2 and "not writable" in result.stderr


def test_an_unreachable_ray_cluster_is_one_line() -> None:
    pytest.importorskip("ray")
    started = time.monotonic()
    result = run("sim", "swordplay", "-n", "2", "-q", "--backend", "ray", "--address", "127.0.0.1:9")
    assert result.returncode == 1
    assert "cannot reach the Ray cluster at 127.0.0.1:9" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert time.monotonic() - started < 60  # a hang guard, not a speed test


def test_a_game_stopped_by_the_step_limit_says_why_everywhere() -> None:
    played = run("play", "swordplay", "--seats", "random,random", "--json", "--max-steps", "5")
    assert played.returncode == 0, played.stderr
    data = json.loads(played.stdout)
    assert data["outcome"] is None and data["finished"] is False and data["steps"] == 5
    assert "step limit" in data["stopped"] and "unable to end" in data["stopped"]
    terminal = run("play", "swordplay", "--seats", "random,random", "--max-steps", "5")
    assert terminal.returncode == 0 and "Stopped:" in terminal.stdout and "step limit" in terminal.stdout
    simulated = run("sim", "swordplay", "-n", "3", "-q", "--jobs", "1", "--max-steps", "5")
    assert simulated.returncode == 0 and "reached the step limit (5 steps)" in simulated.stdout
    refused = run("play", "swordplay", "--seats", "random,random", "--json", "--max-steps", "0")
    assert refused.returncode == 2 and "--max-steps must be at least 1" in refused.stderr


def test_play_seats_take_agent_specs_with_several_parameters() -> None:
    """`--seats ismcts:iterations=5,rollout=random,random` is two seats, as in `sim`."""
    result = run("play", "swordplay", "--seats", "ismcts:iterations=5,rollout=random,random", "--json",
                 "--seed", "3", "--options", "turn_limit=6")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["seats"] == ["ismcts:iterations=5,rollout=random", "random"]
    bad = run("play", "swordplay", "--seats", "heuristic,rollout=random", "--json")
    assert bad.returncode == 2 and "takes no parameters" in bad.stderr
