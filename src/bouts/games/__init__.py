"""One package per game. A game package registers itself by defining ``GAME`` in its ``__init__``.

Importing a game package sets the attribute ``bouts.games`` to this module, which
would hide the function ``bouts.games()``; so this module is callable and does
the same thing.
"""

import sys
import types


class _GamesPackage(types.ModuleType):
    """The ``bouts.games`` package, callable as ``bouts.games()``."""

    def __call__(self) -> tuple[str, ...]:
        """The registered game ids."""
        from bouts.core.registry import game_ids

        return game_ids()


sys.modules[__name__].__class__ = _GamesPackage
