"""Fixed numeric encodings of a game, for learning agents and the RL adapters (``bouts.rl``).

A game brings its encoding in the module ``encoding`` of its package (found by
:meth:`bouts.core.contract.Game.encoding`, as ``strategy`` is), which defines
``encoding(game, seats, options, content) -> Encoding``. An :class:`Encoding` has:

- a **fixed action index**: ``num_actions``, ``encode(action) -> int``, ``decode(state, seat, index)``
  and ``legal_mask(state, seat)``. Index ``i`` means the same decision in every state (as OpenSpiel's
  ``num_distinct_actions``), never "the i-th legal action";
- a **fixed-shape observation tensor**, ``observe(view) -> list[float]`` of length
  ``observation_size``, computed from ``game.view(state, seat)`` alone, so that it can hold nothing
  the view hides. ``layout`` names its segments.

:class:`TextIndex` builds the action index from every text form an action can take in a match
(listed from the content pack's ids and the rules' bounds); :class:`Layout` builds tensors segment
by segment. Both are plain Python (no numpy), so games do not depend on the ``[rl]`` extra.

>>> index = TextIndex(["keep", "discard a/1", "discard a/2"])
>>> index.num_actions, index.index_of("discard a/2"), index.action_string(0)
(3, 2, 'keep')
>>> layout = Layout([("life", 2), ("phase", 3)])
>>> vector = layout.zeros(); layout.put(vector, "life", 1, 0.5); layout.put(vector, "phase", 2, 1.0)
>>> vector
[0.0, 0.5, 0.0, 0.0, 1.0]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bouts.core.contract import CHANCE, Game, IllegalAction, Seat


class TextIndex:
    """A fixed action index over action text forms: index ``i`` is the ``i``-th text listed.

    Subclasses (a game's encoding) list every text an action can have in the match and add
    :meth:`observe`; decoding checks legality against :meth:`Game.legal_actions`.
    """

    observation_size: int = 0
    """Length of the observation tensor (set by the game's encoding)."""
    layout: Layout
    """The observation tensor's named segments (set by the game's encoding)."""
    max_chance_outcomes: int = 1
    """Most outcomes one chance draw can have (a die's faces, a pile's size): OpenSpiel asks for it."""
    utility: str = "general_sum"
    """``general_sum``, or ``identical`` for a game whose seats always win or lose together."""

    def __init__(self, texts: Iterable[str], game: Game[Any, Any] | None = None) -> None:
        self.names: tuple[str, ...] = tuple(dict.fromkeys(texts))
        """The text form of each index."""
        self._index = {name: i for i, name in enumerate(self.names)}
        self.game = game
        """The game this index is for (decoding asks it for the legal actions)."""

    @property
    def num_actions(self) -> int:
        """How many distinct decisions the index has."""
        return len(self.names)

    def index_of(self, text: str) -> int:
        """The index of an action's text form."""
        found = self._index.get(text)
        if found is None:
            raise IllegalAction(f"'{text}' has no action index in this match's encoding")
        return found

    def encode(self, action: Any) -> int:
        """The index of ``action`` (a decision, not a chance outcome)."""
        return self.index_of(str(action))

    def action_string(self, index: int) -> str:
        """The text form of index ``index``."""
        self._check_range(index)
        return self.names[index]

    def _check_range(self, index: int) -> None:
        if not 0 <= int(index) < len(self.names):
            raise IllegalAction(f"action index {index} is out of range (0..{len(self.names) - 1})")

    def legal_indices(self, state: Any, seat: Seat) -> dict[int, Any]:
        """Each legal action of ``seat`` now, by its index (ascending)."""
        assert self.game is not None
        if seat == CHANCE:
            raise IllegalAction("chance outcomes have no action index (the adapters resolve them)")
        found: dict[int, Any] = {}
        for action in self.game.legal_actions(state, seat):
            index = self.encode(action)
            if index in found:
                raise AssertionError(f"{action} and {found[index]} share action index {index}")
            found[index] = action
        return dict(sorted(found.items()))

    def legal_mask(self, state: Any, seat: Seat) -> list[int]:
        """1 at the index of each legal action of ``seat`` now, else 0."""
        mask = [0] * len(self.names)
        for index in self.legal_indices(state, seat):
            mask[index] = 1
        return mask

    def decode(self, state: Any, seat: Seat, index: int) -> Any:
        """The legal action of ``seat`` with index ``index``; :class:`IllegalAction` if there is none."""
        self._check_range(index)
        action = self.legal_indices(state, seat).get(int(index))
        if action is None:
            assert self.game is not None
            raise IllegalAction(f"action index {index} ('{self.names[int(index)]}') is not a legal action "
                                f"for {self.game.seat_name(state, seat)} now")
        return action

    def observe(self, view: Mapping[str, Any]) -> list[float]:
        """The observation tensor of a seat's view (flat, ``observation_size`` long)."""
        raise NotImplementedError

    def eliminated(self, state: Any) -> frozenset[Seat]:
        """Seats out of the match for good (nothing left to decide or to win); none by default."""
        return frozenset()


class Layout:
    """Named segments of a flat tensor, laid out in order."""

    def __init__(self, segments: Sequence[tuple[str, int]]) -> None:
        self.segments = tuple(segments)
        """``(name, length)`` of each segment, in order."""
        self.offsets: dict[str, int] = {}
        """Where each segment starts."""
        self.lengths: dict[str, int] = {}
        """Each segment's length."""
        start = 0
        for name, length in self.segments:
            if name in self.offsets:
                raise ValueError(f"segment '{name}' is laid out twice")
            self.offsets[name] = start
            self.lengths[name] = length
            start += length
        self.size = start
        """The tensor's length."""

    def zeros(self) -> list[float]:
        """A tensor of zeros."""
        return [0.0] * self.size

    def put(self, vector: list[float], name: str, position: int, value: float) -> None:
        """Set position ``position`` of segment ``name``; a position outside the segment is an error."""
        if not 0 <= position < self.lengths[name]:
            raise ValueError(f"position {position} is outside segment '{name}' (length {self.lengths[name]})")
        vector[self.offsets[name] + position] = float(value)

    def one_hot(self, vector: list[float], name: str, position: int | None) -> None:
        """Mark ``position`` of segment ``name`` (nothing when ``None``)."""
        if position is not None:
            self.put(vector, name, position, 1.0)

    def describe(self) -> str:
        """One line per segment: ``name [start:end]``."""
        return "\n".join(f"{name} [{self.offsets[name]}:{self.offsets[name] + length}]"
                         for name, length in self.segments)


def position(items: Sequence[Any], item: Any) -> int | None:
    """Where ``item`` is in ``items``, or ``None``."""
    try:
        return items.index(item)
    except ValueError:
        return None
