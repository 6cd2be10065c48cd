"""Issue 28, "interrupts keep what finished": Ctrl-C or SIGTERM stops a comparison, keeps its games in Parquet."""

from __future__ import annotations

import os
import signal
import subprocess
import time
import uuid
from pathlib import Path

import pytest

from tests.sim.test_interrupts import BOUTS, processes_with
from tests.sim.test_results import rows


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_for_work(token: str, parent: int, seconds: float, limit: float = 120) -> None:
    """Wait until the pool's workers (processes carrying ``token``, not ``parent``) have spent ``seconds`` of
    CPU: on a loaded machine a fixed sleep may end before the first game does."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if sum(cpu_seconds(pid) for pid in processes_with(token) if pid != parent) >= seconds:
            return
        time.sleep(0.2)
    raise AssertionError("the comparison's workers did no work")


@pytest.mark.skipif(not Path("/proc").exists(), reason="needs /proc to look for leftover workers")
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_an_interrupted_comparison_keeps_every_finished_game_and_leaves_no_worker(tmp_path: Path,
                                                                                  signum: int) -> None:
    out = tmp_path / f"run-{uuid.uuid4().hex}"
    command = [*BOUTS, "compare", "swordplay", "base", "hero.mercenary.life += 1", "-n", "1000000000",
               "--jobs", "2", "-q", "--out", str(out)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_for_work(out.name, process.pid, seconds=4.0)  # games finish (kept in memory until a file's worth)
        process.send_signal(signum)
        _, stderr = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130, stderr
    assert "Traceback" not in stderr
    line = stderr.strip().splitlines()[-1]
    assert line.startswith("interrupted: ") and f"were kept in {out}" in line, line
    kept = int(line.split()[1])
    assert kept > 0
    time.sleep(0.5)
    assert processes_with(out.name) == []
    assert rows(out, "select count(*) from games where seat = 0") == [(kept,)]
    assert rows(out, "select count(*) = count(distinct (variant_index, game)) from games where seat = 0") == [(True,)]
    assert not list((out / "games").glob(".*"))  # no half-written file
    per_variant = dict(rows(out, "select variant_index, count(*) from games where seat = 0 group by 1"))
    again = subprocess.run([*BOUTS, "compare", "swordplay", "base", "hero.mercenary.life += 1", "-n", "5",
                            "--jobs", "1", "-q", "--out", str(out), "--json"], capture_output=True, text=True,
                           timeout=120)
    assert again.returncode == 0, again.stderr
    expected = sum(max(5, per_variant.get(v, 0)) for v in (0, 1))  # only what a variant lacked was played
    assert rows(out, "select count(*) from games where seat = 0") == [(expected,)]
