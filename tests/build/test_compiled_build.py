"""The compiled build plays exactly the games the pure-Python sources play.

Run under any build: the games are played here (whatever ``bouts`` this interpreter imports: the
compiled one under ``make test-fast``) and in a subprocess that imports the pure-Python sources from
``src/`` (``PYTHONPATH``), and every digest must match. Under the editable install both sides are pure
Python (the check then guards determinism across processes and hash seeds).
"""

from __future__ import annotations

import ast
import importlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from types import FunctionType, MethodType
from typing import Any

import bouts
from bouts.core import CHANCE
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



def compiled_list() -> list[str]:
    """``setup.COMPILED``, read from setup.py (importing it would run the build)."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "COMPILED" for t in node.targets):
            value: list[str] = ast.literal_eval(node.value)
            return value
    raise AssertionError("setup.py has no COMPILED list")


def test_the_compiled_build_compiled_every_module_it_lists() -> None:
    """Under ``make test-fast`` (CI) every module of ``setup.COMPILED`` is an extension module: a build
    that fell back to pure Python, wholly or in part, fails here. Elsewhere each is importable."""
    modules = [".".join(Path(path).with_suffix("").parts[1:]) for path in compiled_list()]
    assert modules and all(name.startswith("bouts.") for name in modules)
    files = {name: str(importlib.import_module(name).__file__) for name in modules}
    if os.environ.get("BOUTS_EXPECT_COMPILED") == "1":
        interpreted = [name for name, file in files.items() if file.endswith(".py")]
        assert not interpreted, f"the compiled build left these modules interpreted: {interpreted}"


def test_every_game_state_is_a_native_class_in_the_compiled_build() -> None:
    """Under ``make test-fast`` every game's state is a native class (its fields are C struct fields the
    compiled rules read directly, and it has no ``__dict__``): a state class that fell back to a plain class
    (say, a base made plain again) would still play, only slower, and fails here. Elsewhere each state is
    the plain dataclass it always was, with a ``__dict__``."""
    compiled = os.environ.get("BOUTS_EXPECT_COMPILED") == "1"
    for game_id in bouts.games():
        game = bouts.game(game_id)
        seats = max(2, game.info.min_seats)  # Swordplay's arena takes 2 or more, Grail War 3 or more
        state = game.setup(seats, None, None, 0)
        assert hasattr(state, "__dict__") is not compiled, (game_id, type(state))
        assert game.fork(state) == state, game_id


FAST_PATH_GAMES = ("fgo_duel", "sao", "swordplay")
"""The games whose contract methods are module functions of their rules (``STEP_METHODS`` of their game.py)."""


def test_the_step_methods_are_bound_compiled_functions_in_the_compiled_build() -> None:
    """Under ``make test-fast`` FGO Duel's, SAO's and Swordplay's ``to_act``, ``legal_actions``, ``sample_chance``,
    ``advance`` (and the contract's ``_legal_actions``, ``_apply``) are compiled functions bound to the game
    object itself (:func:`bouts.core.stepping.install_fast_path`), which a playout loop calls without a plain
    class's per-call binding; pure Python they are the class's methods, nothing installed. Either way the
    class-level call and the instance's call give the same answer."""
    compiled = os.environ.get("BOUTS_EXPECT_COMPILED") == "1"
    for game_id in FAST_PATH_GAMES:
        game = bouts.game(game_id)
        names = importlib.import_module(f"bouts.games.{game_id}.game").STEP_METHODS
        for name in names:
            own = vars(game).get(name)
            if compiled:
                assert isinstance(own, MethodType) and own.__self__ is game, (game_id, name, own)
                assert not isinstance(own.__func__, FunctionType), (game_id, name)
            else:
                assert own is None, (game_id, name)
        state = game.fork(game.setup(2, None, None, 0))
        assert type(game).to_act(game, state) == game.to_act(state) != ()
        while game.to_act(state) == (CHANCE,):  # SAO begins with its shuffle: the first seat's decision
            outcome = game.sample_chance(state, random.Random(0))
            assert type(game).sample_chance(game, state, random.Random(0)) == outcome
            state = game.apply(state, CHANCE, outcome)
        seat = game.to_act(state)[0]
        assert type(game).legal_actions(game, state, seat) == game.legal_actions(state, seat) != ()


def test_a_subclass_keeps_its_own_step_method() -> None:
    """A subclass that overrides one of the step methods gets its override from the game object (never the
    installed function), and the others still play. (The rules' own calls between these functions stay direct
    calls of the module's functions.)"""
    from bouts.games.swordplay.game import Swordplay

    class Idle(Swordplay):
        def to_act(self, state: Any) -> tuple[int, ...]:
            return ()

    game = Idle()
    state = game.fork(game.setup(2, None, None, 0))
    assert "to_act" not in vars(game)
    assert game.to_act(state) == ()
    assert game.legal_actions(state, 0) == bouts.game("swordplay").legal_actions(state, 0) != ()
