"""Build script: pure Python by default; ``BOUTS_COMPILE=1`` compiles the hot modules with mypyc.

``BOUTS_COMPILE=1 pip install .`` (or ``make fast``) builds the same sources into C extensions with mypyc
(the build backend in ``build_backend/`` adds mypy to the build requirements only then). Without a C
compiler, or if mypyc fails, the build says so and installs pure Python: the compiled build is only ever
an option. ``BOUTS_COMPILE=require`` (CI) fails the build instead of falling back. The modules compiled are
:data:`COMPILED`; every other module stays Python in both builds.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from setuptools import setup

COMPILED = [
    # core: matches, chance, actions, decisions, events, the RL encoding base, text, the base of every state
    # (state.py: a native class the games' native states subclass) and the contract's hot methods (stepping.py:
    # legal_actions, sample_chance, fork, advance, which Game inherits). Not contract.py itself (Game stays a
    # plain class every game subclasses; not hot now), not registry.py (isinstance(game, Game)), not content.py
    # and options.py (pydantic models); not cli/server/web (no hot path).
    "src/bouts/core/actions.py",
    "src/bouts/core/chance.py",
    "src/bouts/core/decisions.py",
    "src/bouts/core/encoding.py",
    "src/bouts/core/match.py",
    "src/bouts/core/text.py",
    "src/bouts/core/events.py",
    "src/bouts/core/messages.py",  # Message and the catalogs' M_ (i18n.py cannot be: Text subclasses str)
    "src/bouts/core/state.py",
    "src/bouts/core/stepping.py",
    # agents: the search loop
    "src/bouts/agents/ismcts.py",
    # games: the rules (turns, battles, dice, flows, event makers) and the state. A state.py's game state class
    # is a native class (it subclasses core.state.State), and so are its parts (players, servants). game.py's
    # Game subclass is a plain class with compiled methods (its function-local imports name functions, never
    # `from package import module`, which gives None compiled). Not cards.py, options.py (pydantic), actions.py,
    # nor the view, strategy or encoding (no hot path in a playout): docs/compiled.md lists why.
    "src/bouts/games/fgo_duel/actions.py",  # Act: a native subclass of the native Command (issue 27, 7th pass)
    "src/bouts/games/fgo_duel/battle.py",
    "src/bouts/games/fgo_duel/deck.py",
    "src/bouts/games/fgo_duel/game.py",
    "src/bouts/games/fgo_duel/log.py",
    "src/bouts/games/fgo_duel/movement.py",
    "src/bouts/games/fgo_duel/party.py",
    "src/bouts/games/fgo_duel/skills.py",
    "src/bouts/games/fgo_duel/state.py",
    "src/bouts/games/fgo_duel/turn.py",
    "src/bouts/games/grail_war/battle.py",
    "src/bouts/games/grail_war/battle_preparation.py",
    "src/bouts/games/grail_war/board.py",
    "src/bouts/games/grail_war/cleanup.py",
    "src/bouts/games/grail_war/climax.py",
    "src/bouts/games/grail_war/command_spells.py",
    "src/bouts/games/grail_war/effects.py",
    "src/bouts/games/grail_war/flow.py",
    "src/bouts/games/grail_war/game.py",
    "src/bouts/games/grail_war/masters.py",
    "src/bouts/games/grail_war/movement.py",
    "src/bouts/games/grail_war/outpost.py",
    "src/bouts/games/grail_war/preparation.py",
    "src/bouts/games/grail_war/state.py",
    "src/bouts/games/kaleido/actions.py",  # Act: a native subclass of the native Command (issue 27, 7th pass)
    "src/bouts/games/kaleido/battle_part.py",
    "src/bouts/games/kaleido/command_spells.py",
    "src/bouts/games/kaleido/end_part.py",
    "src/bouts/games/kaleido/flow.py",
    "src/bouts/games/kaleido/game.py",
    "src/bouts/games/kaleido/mana.py",
    "src/bouts/games/kaleido/menus.py",
    "src/bouts/games/kaleido/order_part.py",
    "src/bouts/games/kaleido/setup_part.py",
    "src/bouts/games/kaleido/state.py",
    "src/bouts/games/kaleido/strategy_part.py",
    "src/bouts/games/kaleido/timings.py",
    "src/bouts/games/sao/attack.py",
    "src/bouts/games/sao/clearing.py",
    "src/bouts/games/sao/game.py",
    "src/bouts/games/sao/log.py",
    "src/bouts/games/sao/rolling.py",
    "src/bouts/games/sao/skills.py",
    "src/bouts/games/sao/state.py",
    "src/bouts/games/sao/turn.py",
    "src/bouts/games/swordplay/actions.py",  # Act: a native class the compiled rules read (issue 27, 8th pass)
    "src/bouts/games/swordplay/combat.py",
    "src/bouts/games/swordplay/game.py",
    "src/bouts/games/swordplay/instances.py",  # Instance: a native class the compiled rules read (issue 27, 8th pass)
    "src/bouts/games/swordplay/log.py",
    "src/bouts/games/swordplay/monster.py",
    "src/bouts/games/swordplay/state.py",
    "src/bouts/games/swordplay/turn.py",
]
"""The modules a compiled build compiles (paths from the project root)."""


def compile_mode() -> str:
    """``""`` (pure Python), ``"try"`` (compile, or say why not and build pure Python) or ``"require"``
    (compile or fail the build: CI, so that a build which silently fell back cannot pass)."""
    if os.environ.get("BOUTS_COMPILE_PROBE"):  # the build backend listing requirements or writing metadata
        return ""
    asked = os.environ.get("BOUTS_COMPILE", "").lower()
    if asked == "require":
        return "require"
    return "try" if asked in ("1", "true", "yes") else ""


def groups() -> list[tuple[list[str], str | None]]:
    """:data:`COMPILED` in one C library per package (the core with the agents, then one per game), so
    that gcc compiles them in parallel; games never call each other, so only calls into the core cross
    a group. ``BOUTS_COMPILE_GROUPS=1`` builds one library (the slowest build, the fastest calls)."""
    by_package: dict[str, list[str]] = {}
    for path in COMPILED:
        parts = Path(path).parts  # src/bouts/<core|agents|games>/[<game>/]module.py
        package = parts[3] if parts[2] == "games" else "core"
        by_package.setdefault(package, []).append(path)
    return [(paths, f"bouts_{package}") for package, paths in by_package.items()]


def compiled_modules(mode: str) -> list[object]:
    """The mypyc extensions, or none (pure Python) when not asked for or (unless required) not possible."""
    if not mode:
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        if mode == "require":
            raise
        print("BOUTS_COMPILE=1 but mypyc is not installed: building pure Python", file=sys.stderr)
        return []
    one = os.environ.get("BOUTS_COMPILE_GROUPS", "") == "1"
    try:
        return list(mypycify(COMPILED, opt_level=os.environ.get("BOUTS_COMPILE_OPT", "3"),
                             separate=False if one else groups()))
    except (Exception, SystemExit) as exc:  # a type error, a mypyc crash: the pure-Python build still works
        if mode == "require":
            raise
        print(f"BOUTS_COMPILE=1 but mypyc failed ({exc!r}): building pure Python", file=sys.stderr)
        return []


def forget_stale_builds() -> None:
    """Empty setuptools' build/lib*: what an earlier build left there (compiled modules a pure build or a
    shorter COMPILED list must not ship) would otherwise go into this wheel."""
    for stale in (Path(__file__).parent / "build").glob("lib*"):
        shutil.rmtree(stale, ignore_errors=True)


forget_stale_builds()
MODE = compile_mode()
# build_ext compiles the groups' C libraries in parallel, one per core
setup(ext_modules=compiled_modules(MODE), options={"build_ext": {"parallel": os.cpu_count() or 1}} if MODE else {})
