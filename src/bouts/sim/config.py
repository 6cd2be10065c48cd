"""What a simulation plays: the game, its options and content, the agents at the seats, the seed.

A batch's results are a pure function of its :class:`SimConfig` and the number
of games: game ``i`` is set up, and its agents and chance steps are seeded, from
``game_seed(config.seed, i)`` alone, whatever process or machine plays it.
"""

from __future__ import annotations

import hashlib
import importlib
import random
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from bouts.agents.base import AgentSpecError, make_agent, split_seats
from bouts.core.contract import Game
from bouts.core.patch import Patch, PatchError
from bouts.core.registry import get_game

DEFAULT_MAX_STEPS = 100_000
"""Steps after which a simulated game is stopped and counted as unfinished."""


ASSIGN = ("choose", "random")
"""How seats get their content: chosen by the agents, or dealt uniformly (a design study)."""


class SimError(ValueError):
    """A simulation that cannot run or a game that failed; the message says which and why."""


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from any parts, the same on every machine and Python run.

    >>> derive_seed(7, 0) == derive_seed(7, 0) != derive_seed(7, 1)
    True
    """
    text = "/".join(map(str, parts)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a batch seeded with ``seed``."""
    return derive_seed("game", seed, index)


def split_specs(text: str) -> list[str]:
    """Split a seat list (:func:`bouts.agents.base.split_seats`); errors as :class:`SimError`.

    >>> split_specs("ismcts:iterations=50,rollout=heuristic,random*2")
    ['ismcts:iterations=50,rollout=heuristic', 'random', 'random']
    """
    try:
        return split_seats(text)
    except AgentSpecError as exc:
        raise SimError(str(exc)) from None


def resolve_game(game: str) -> Game[Any, Any]:
    """A registered game by id, or a game object by ``module:attribute``.

    ``module:attribute`` never imports an arbitrary module: it must be a registered game's target
    (a built-in game or a ``bouts.games`` entry point), or name an object of a module this process
    has already imported (a test's or a script's own game).
    """
    if ":" in game:
        module_name, _, attribute = game.partition(":")
        registered = set(_registered_targets())
        module = sys.modules.get(module_name)
        if module is None and game in registered:
            module = importlib.import_module(module_name)
        if module is None:
            raise SimError(f"cannot load game '{game}': only registered games (bouts list) and their "
                           f"entry points are imported, and module '{module_name}' is neither")
        found = getattr(module, attribute, None)
        if not isinstance(found, Game):
            raise SimError(f"cannot load game '{game}': '{attribute}' is not a bouts game")
        return found
    return get_game(game)


def _registered_targets() -> tuple[str, ...]:
    """``module:attribute`` of every registered game."""
    from bouts.core.registry import game_targets

    return tuple(game_targets().values())


@cache
def load_content(game: str, content: str | None) -> Any:
    """The content pack of a game, loaded once per process."""
    return resolve_game(game).load_content(content)


_PATCHED: dict[tuple[str, str | None, str], Any] = {}
"""Patched packs by (game, content, patch key): each variant's pack is built once per process."""
PATCHED_KEEP = 256
"""Patched packs kept per process (a sweep over a wide grid drops the oldest)."""


def patched_content(game: str, content: str | None, patch: Patch) -> Any:
    """The content pack of a game with ``patch``'s content changes applied, built once per process."""
    if not patch.content_changes:
        return load_content(game, content)
    if resolve_game(game).catalogs is None:
        raise PatchError(f"{resolve_game(game).info.id} has no content pack to change "
                         f"('{patch.content_changes[0]}')")
    key = (game, content, patch.key())
    found = _PATCHED.get(key)
    if found is None:
        if len(_PATCHED) >= PATCHED_KEEP:
            del _PATCHED[next(iter(_PATCHED))]
        found = _PATCHED[key] = patch.apply_content(load_content(game, content))
    return found


@dataclass(frozen=True)
class SimConfig:
    """One batch: a game, its options and content, and the agent spec at each seat."""

    game: str
    """Game id (or ``module:attribute``)."""
    seats: tuple[str, ...]
    """The agent spec string at each seat, in seat order."""
    options: Mapping[str, Any] = field(default_factory=dict)
    """Game options (validated by the game)."""
    content: str | None = None
    """A content pack directory, or ``None`` for the game's reference pack."""
    seed: int = 0
    """The batch seed; every game's seed derives from it and the game's index."""
    max_steps: int = DEFAULT_MAX_STEPS
    """Steps after which a game is stopped and counted as unfinished."""
    assign: str = "choose"
    """``choose``: the agents choose their content (hero, party); ``random``: a design study, where each
    game deals every seat's choice uniformly (``Game.deal_content``) so the agents cannot bias it."""
    patch: Patch = field(default_factory=Patch)
    """Changes to the content pack and options (:mod:`bouts.core.patch`), applied in every game."""

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form."""
        data = {"game": self.game, "seats": list(self.seats), "options": dict(self.options),
                "content": self.content, "seed": self.seed, "max_steps": self.max_steps}
        if self.assign != "choose":
            data["assign"] = self.assign
        if self.patch.changes:
            data["patch"] = self.patch.to_json()
        return data

    def pack(self) -> Any:
        """The content pack the games use: the batch's pack with the patch's content changes."""
        return patched_content(self.game, self.content, self.patch)

    def base_options(self) -> dict[str, Any]:
        """The batch's options with the patch's option changes (before any dealing)."""
        if not self.patch.option_changes:
            return dict(self.options)
        return self.patch.apply_options(self.options, resolve_game(self.game).options_help())

    def game_options(self, seed: int) -> dict[str, Any]:
        """The options of the game seeded ``seed``: the batch's, with the content dealt in a design study."""
        options = self.base_options()
        if self.assign == "random":
            game = resolve_game(self.game)
            rng = random.Random(derive_seed(seed, "assign"))
            dealt = game.deal_content(len(self.seats), options, self.pack(), rng)
            if dealt is None:
                raise SimError(f"{game.info.id} has no content choices to deal (--assign random)")
            options.update(dealt)
        return options

    def check(self) -> None:
        """Raise a clear error now if the batch cannot run (unknown game, bad options or agents).

        Sets up one game and builds every agent, so a mistake shows before any worker starts.
        """
        game = resolve_game(self.game)
        seats = len(self.seats)
        if not game.info.min_seats <= seats <= game.info.max_seats:
            raise SimError(f"{game.info.id} takes {game.info.min_seats} to {game.info.max_seats} seats, "
                           f"not {seats}")
        if self.assign not in ASSIGN:
            raise SimError(f"--assign must be {' or '.join(ASSIGN)}, not '{self.assign}'")
        if self.max_steps < 1:
            raise SimError(f"--max-steps must be at least 1, not {self.max_steps}")
        content = self.pack()
        game.setup(seats, self.game_options(game_seed(self.seed, 0)), content, game_seed(self.seed, 0))
        for seat, spec in enumerate(self.seats):
            try:
                agent = make_agent(spec, seat)
                check = getattr(agent, "check", None)
                if check is not None:
                    check(game)
            except AgentSpecError as exc:
                raise SimError(f"seat {seat}: {exc}") from None
