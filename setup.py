"""Build script: pure Python by default; ``BOUTS_COMPILE=1`` compiles the hot modules with mypyc.

``BOUTS_COMPILE=1 pip install .`` (or ``make fast``) builds the same sources into C extensions with mypyc
(the build backend in ``build_backend/`` adds mypy to the build requirements only then). Without a C
compiler, or if mypyc fails, the build says so and installs pure Python: the compiled build is only ever
an option. The modules compiled are :data:`COMPILED`; every other module stays Python in both builds.
"""

from __future__ import annotations

import os
import sys

from setuptools import setup

COMPILED = [
    # core: the contract, matches, chance, decisions, events, the RL encoding base (not content.py and
    # options.py: pydantic models; not cli/server/web: no hot path)
    "src/bouts/core/actions.py",
    "src/bouts/core/chance.py",
    "src/bouts/core/contract.py",
    "src/bouts/core/decisions.py",
    "src/bouts/core/encoding.py",
    "src/bouts/core/events.py",
    "src/bouts/core/match.py",
    "src/bouts/core/registry.py",
    "src/bouts/core/text.py",
    # agents: the search loop
    "src/bouts/agents/ismcts.py",
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


setup(ext_modules=compiled_modules())
