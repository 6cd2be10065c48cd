"""Build script: pure Python by default; ``BOUTS_COMPILE=1`` compiles the hot modules with mypyc.

``BOUTS_COMPILE=1 pip install .`` (or ``make fast``) builds the same sources into C extensions with mypyc
(the build backend in ``build_backend/`` adds mypy to the build requirements only then). Without a C
compiler, or if mypyc fails, the build says so and installs pure Python: the compiled build is only ever
an option. The modules compiled are :data:`COMPILED`; every other module stays Python in both builds.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from setuptools import setup

COMPILED = [
    # core: matches, chance, actions, decisions, the RL encoding base, text. Not contract.py: Game and
    # State must stay plain classes (games subclass them), and mypyc's checks of arguments typed with a
    # plain class compiled in the same build refuse the games' subclasses ("State object expected; got
    # FgoState"); not registry.py (the same, for isinstance(game, Game)); not events.py (being redesigned;
    # compiled, it has no __dict__, which swordplay/log.py fills directly); not content.py and options.py
    # (pydantic models); not cli/server/web (no hot path).
    "src/bouts/core/actions.py",
    "src/bouts/core/chance.py",
    "src/bouts/core/decisions.py",
    "src/bouts/core/encoding.py",
    "src/bouts/core/match.py",
    "src/bouts/core/text.py",
    # agents: the search loop
    "src/bouts/agents/ismcts.py",
    # games: the rule modules made of functions only (turns, battles, dice, flows). Not a game's game.py
    # (the Game subclass), state.py, cards.py, actions.py (classes: docs/compiled.md lists why), nor its
    # view, strategy, options or encoding (no hot path in a playout), nor grail_war/cleanup.py (one
    # variable holds an int and then a bool: the compiled check refuses it).
    "src/bouts/games/fgo_duel/deck.py",
    "src/bouts/games/fgo_duel/movement.py",
    "src/bouts/games/fgo_duel/party.py",
    "src/bouts/games/fgo_duel/skills.py",
    "src/bouts/games/fgo_duel/turn.py",
    "src/bouts/games/grail_war/battle.py",
    "src/bouts/games/grail_war/battle_preparation.py",
    "src/bouts/games/grail_war/board.py",
    "src/bouts/games/grail_war/climax.py",
    "src/bouts/games/grail_war/command_spells.py",
    "src/bouts/games/grail_war/effects.py",
    "src/bouts/games/grail_war/flow.py",
    "src/bouts/games/grail_war/masters.py",
    "src/bouts/games/grail_war/movement.py",
    "src/bouts/games/grail_war/outpost.py",
    "src/bouts/games/grail_war/preparation.py",
    "src/bouts/games/kaleido/battle_part.py",
    "src/bouts/games/kaleido/command_spells.py",
    "src/bouts/games/kaleido/end_part.py",
    "src/bouts/games/kaleido/flow.py",
    "src/bouts/games/kaleido/mana.py",
    "src/bouts/games/kaleido/menus.py",
    "src/bouts/games/kaleido/order_part.py",
    "src/bouts/games/kaleido/setup_part.py",
    "src/bouts/games/kaleido/timings.py",
    "src/bouts/games/sao/attack.py",
    "src/bouts/games/sao/clearing.py",
    "src/bouts/games/sao/rolling.py",
    "src/bouts/games/sao/turn.py",
    "src/bouts/games/swordplay/combat.py",
    "src/bouts/games/swordplay/monster.py",
    "src/bouts/games/swordplay/turn.py",
]
"""The modules a compiled build compiles (paths from the project root)."""


def compiled_modules() -> list[object]:
    """The mypyc extensions, or none (pure Python) when not asked for or not possible here."""
    if os.environ.get("BOUTS_COMPILE", "") not in ("1", "true", "yes"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("BOUTS_COMPILE=1 but mypyc is not installed: building pure Python", file=sys.stderr)
        return []
    try:
        return list(mypycify(COMPILED, opt_level=os.environ.get("BOUTS_COMPILE_OPT", "3")))
    except (Exception, SystemExit) as exc:  # a type error, a mypyc crash: the pure-Python build still works
        print(f"BOUTS_COMPILE=1 but mypyc failed ({exc!r}): building pure Python", file=sys.stderr)
        return []


def forget_stale_builds() -> None:
    """Empty setuptools' build/lib*: what an earlier build left there (compiled modules a pure build or a
    shorter COMPILED list must not ship) would otherwise go into this wheel."""
    for stale in (Path(__file__).parent / "build").glob("lib*"):
        shutil.rmtree(stale, ignore_errors=True)


forget_stale_builds()
setup(ext_modules=compiled_modules())
