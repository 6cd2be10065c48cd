"""The compiled build plays exactly the games the pure-Python sources play.

Run under any build: the games are played here (whatever ``bouts`` this interpreter imports: the
compiled one under ``make test-fast``) and in a subprocess that imports the pure-Python sources from
``src/`` (``PYTHONPATH``), and every digest must match. Under the editable install both sides are pure
Python (the check then guards determinism across processes and hash seeds).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.build.seeded_games import digests, is_compiled

ROOT = Path(__file__).resolve().parents[2]


def pure_python_digests() -> dict[str, object]:
    env = dict(os.environ, PYTHONPATH=f"{ROOT / 'src'}{os.pathsep}{ROOT}", PYTHONHASHSEED="12345")
    result = subprocess.run([sys.executable, str(ROOT / "tests" / "build" / "seeded_games.py")], env=env,
                            capture_output=True, text=True, check=True, cwd=ROOT)
    data: dict[str, object] = json.loads(result.stdout)
    return data


def test_every_game_plays_the_same_seeded_games_as_the_pure_python_sources() -> None:
    pure = pure_python_digests()
    assert pure["compiled"] is False, "the reference side must import the pure-Python sources"
    if os.environ.get("BOUTS_EXPECT_COMPILED") == "1":  # make test-fast: this side must be the compiled build
        assert is_compiled(), "make test-fast is running against a pure-Python bouts"
    here = digests()
    assert set(here) == set(pure["digests"])  # type: ignore[arg-type]
    differ = [case for case, value in here.items() if pure["digests"][case] != value]  # type: ignore[index]
    assert not differ, f"{'compiled' if is_compiled() else 'this'} build plays these differently: {differ}"

