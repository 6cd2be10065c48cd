"""A match as the RL adapters hold it: the game, its seats, options, content and encoding."""

from __future__ import annotations

import importlib
import json
import random
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

import bouts
from bouts.core.contract import CHANCE, Game, OptionsError, Seat
from bouts.core.stepping import quiet

OBSERVATION_HIGH = 1e4
"""Upper bound of every observation feature (features are scaled counts and flags, never negative)."""


def encoded_games() -> list[str]:
    """Ids of the registered games that bring an encoding module."""
    out = []
    for game_id in bouts.games():
        game = bouts.game(game_id)
        try:
            variant = next(iter(game.variants().values()))
            game.encoding(variant.seats[0], dict(variant.options), None)
        except NotImplementedError:
            continue
        out.append(game_id)
    return out


def default_seats(game: Game[Any, Any], options: Mapping[str, Any] | None) -> int:
    """The fewest seats of the first variant whose options ``options`` include (else the game's minimum)."""
    given = dict(options or {})
    for variant in game.variants().values():
        if all(given.get(k) == v for k, v in variant.options.items()):
            return variant.seats[0]
    return game.info.min_seats


_OTHER_INDEXES: dict[tuple[Any, ...], Any] = {}


def other_index(game: Game[Any, Any], index: str, seats: int, options: Mapping[str, Any], content: Any) -> Any:
    """The game's encoding with the action index ``index`` from its module's ``INDEXES`` (built once)."""
    module = importlib.import_module(type(game).__module__.rpartition(".")[0] + ".encoding")
    indexes: Mapping[str, Any] = getattr(module, "INDEXES", {"flat": module.encoding})
    if index not in indexes:
        raise OptionsError(f"{game.info.id} has no action index '{index}' (it has: {', '.join(indexes)})")
    key = (game.info.id, index, seats, json.dumps(dict(options), sort_keys=True, default=str),
           content if content is None or isinstance(content, str) else id(content))
    found = _OTHER_INDEXES.get(key)
    if found is None:
        found = _OTHER_INDEXES[key] = indexes[index](game, seats, options, content)
    return found


def observe_array(encoding: Any, state: Any, seat: Seat, out: Any, chosen: tuple[int, ...] = ()) -> None:
    """Write ``seat``'s observation tensor of ``state`` into the zeroed array ``out``: the game's
    ``observe_into`` (straight from the state: no view is built), then the indices ``chosen`` so far of a
    decision taken in several steps (``observe_chosen``)."""
    encoding.observe_into(state, seat, out)
    if chosen:
        encoding.observe_chosen(out, chosen)


def mark(out: Any, indices: Collection[int]) -> None:
    """``out[i] = 1`` for every index ``i`` (a legal-action mask)."""
    if indices:
        import numpy as np

        out[np.fromiter(indices, np.intp, len(indices))] = 1


@dataclass
class Table:
    """One (game, seats, options, content) with its encoding; the adapters build on it."""

    game_id: str
    seats: int | None = None
    options: Mapping[str, Any] | None = None
    content: Any = None
    index: str = "flat"
    """Which of the game's action indexes: ``flat`` (every game), or another its encoding module lists in
    ``INDEXES`` (FGO Duel's ``two_level``: battle cards chosen one at a time)."""
    game: Game[Any, Any] = field(init=False)
    encoding: Any = field(init=False)

    def __post_init__(self) -> None:
        if self.game_id not in bouts.games():
            raise OptionsError(f"unknown game '{self.game_id}' (known: {', '.join(bouts.games())})")
        self.game = bouts.game(self.game_id)
        self.options = dict(self.options or {})
        if self.seats is None:
            self.seats = default_seats(self.game, self.options)
        try:
            self.encoding = self.game.encoding(self.seats, self.options, self.content)
        except NotImplementedError as exc:
            raise OptionsError(f"{self.game_id} cannot be used for RL: {exc}") from None
        if self.index != "flat":
            self.encoding = other_index(self.game, self.index, self.seats, self.options, self.content)

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        """A table is configuration, never changed: copies of a match state share it."""
        return self

    @property
    def num_seats(self) -> int:
        """The seat count (always set after construction)."""
        assert self.seats is not None
        return self.seats

    def setup(self, seed: int) -> Any:
        """A fresh match, forked for in-place play, and quiet (:func:`bouts.core.stepping.quiet`): an environment's
        observations, masks and pictures are made from the state, never from a log, so its steps make no events."""
        return quiet(self.game.fork(self.game.setup(self.num_seats, self.options, self.content, seed)))

    def resolve_chance(self, state: Any, rng: random.Random) -> tuple[Seat, ...]:
        """Play chance steps with ``rng`` (in place) until a seat decides or the match is over; the seats
        to act then (``game.to_act``)."""
        game = self.game
        acting = game.to_act(state)
        while acting == (CHANCE,):
            game.advance(state, CHANCE, game.sample_chance(state, rng))
            acting = game.to_act(state)
        return acting

    def deciding(self, state: Any, acting: tuple[Seat, ...] | None = None) -> Seat | None:
        """The seat asked now: the lowest of those to act (sealed choices are asked one seat at a time);
        ``acting`` is ``game.to_act(state)`` when the caller has it."""
        if acting is None:
            acting = self.game.to_act(state)
        if len(acting) == 1:
            seat = acting[0]
            return None if seat == CHANCE else seat
        seats = [s for s in acting if s != CHANCE]
        return min(seats) if seats else None

    def observation(self, state: Any, seat: Seat) -> list[float]:
        """The seat's observation tensor, from its view alone."""
        return list(self.encoding.observe(self.game.view(state, seat)))

    def picture(self, state: Any) -> str:
        """The terminal picture of the table (the spectator's view), without markup."""
        from rich.text import Text

        return Text.from_markup(self.game.render(self.game.view(state, None))).plain
