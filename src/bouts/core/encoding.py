"""Fixed numeric encodings of a game, for learning agents and the RL adapters (``bouts.rl``).

A game brings its encoding in the module ``encoding`` of its package (found by
:meth:`bouts.core.contract.Game.encoding`, as ``strategy`` is), which defines
``encoding(game, seats, options, content) -> Encoding``. An :class:`Encoding` has:

- a **fixed action index**: ``num_actions``, ``encode(action) -> int``, ``decode(state, seat, index)``
  and ``legal_mask(state, seat)``. Index ``i`` means the same decision in every state (as OpenSpiel's
  ``num_distinct_actions``), never "the i-th legal action";
- a **fixed-shape observation tensor**, ``observe(view) -> list[float]`` of length
  ``observation_size``, computed from ``game.view(state, seat)`` alone, so that it can hold nothing
  the view hides. ``layout`` names its segments. ``observe_into(state, seat, out)`` writes the same
  tensor straight from the state (no view built: what the RL adapters call on every step); a game
  overrides it, and ``tests/rl`` check that both give equal tensors at every decision.

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

from mypy_extensions import mypyc_attr

from bouts.core.contract import CHANCE, Game, IllegalAction, Seat

ID_CACHE = 100_000
"""Most actions :meth:`TextIndex.encode` remembers by identity before it starts afresh."""


@mypyc_attr(allow_interpreted_subclasses=True)  # games subclass it (compiled build)
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
        self._codes: dict[Any, int] = {}
        """Each action met so far, by value, with its index (actions are small frozen values)."""
        self._by_id: dict[int, tuple[Any, int]] = {}
        """The same by object identity (games reuse their action objects): no hashing of fields. Each entry
        keeps its action alive, so an id is never reused while it is here; emptied past a bound."""
        self._menu: tuple[Any, ...] | None = None
        """The last legal-action tuple indexed, and its indices (a state's menu is one cached tuple)."""
        self._menu_indices: dict[int, Any] = {}
        self._steps_key: tuple[tuple[Any, ...], tuple[int, ...]] | None = None
        self._steps: dict[int, Any] = {}

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
        seen = self._by_id.get(id(action))
        if seen is not None and seen[0] is action:
            return seen[1]
        try:
            found = self._codes.get(action)
        except TypeError:  # an unhashable action: looked up by its text every time
            return self._encode(action)
        if found is None:
            found = self._codes[action] = self._encode(action)
        if len(self._by_id) >= ID_CACHE:
            self._by_id.clear()
        self._by_id[id(action)] = (action, found)
        return found

    def _encode(self, action: Any) -> int:
        """The index of ``action``, worked out (subclasses override this, not :meth:`encode`)."""
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
        return dict(self.indexed(state, seat))

    def indexed(self, state: Any, seat: Seat) -> Mapping[int, Any]:
        """:meth:`legal_indices` without the copy: the mapping is shared, never change it."""
        assert self.game is not None
        legal = self.game.legal_actions(state, seat)
        if legal is self._menu:  # the same cached menu as last time (this tuple is kept alive, so no id reuse)
            return self._menu_indices
        if seat == CHANCE:
            raise IllegalAction("chance outcomes have no action index (the adapters resolve them)")
        found: dict[int, Any] = {}
        encode, by_id = self.encode, self._by_id
        for action in legal:
            seen = by_id.get(id(action))
            index = seen[1] if seen is not None and seen[0] is action else encode(action)
            if index in found:
                raise AssertionError(f"{action} and {found[index]} share action index {index}")
            found[index] = action
        indices = dict(sorted(found.items()))
        self._menu, self._menu_indices = legal, indices
        return indices

    def legal_mask(self, state: Any, seat: Seat) -> list[int]:
        """1 at the index of each legal action of ``seat`` now, else 0."""
        mask = [0] * len(self.names)
        for index in self.indexed(state, seat):
            mask[index] = 1
        return mask

    def decode(self, state: Any, seat: Seat, index: int) -> Any:
        """The legal action of ``seat`` with index ``index``; :class:`IllegalAction` if there is none."""
        self._check_range(index)
        action = self.indexed(state, seat).get(int(index))
        if action is None:
            assert self.game is not None
            raise IllegalAction(f"action index {index} ('{self.names[int(index)]}') is not a legal action "
                                f"for {self.game.seat_name(state, seat)} now")
        return action

    # -- decisions taken in several steps (a two-level index) ------------------------------------
    multi_step: bool = False
    """Whether some decisions take several indices in turn (a factored index, e.g. FGO Duel's battle
    cards one at a time): the adapters then ask :meth:`next_steps` and keep the indices chosen so far."""

    def steps_of(self, action: Any) -> tuple[int, ...]:
        """The indices that choose ``action``, in order: one, unless the index is factored."""
        return (self.encode(action),)

    def next_steps(self, state: Any, seat: Seat, chosen: tuple[int, ...] = ()) -> Mapping[int, Any]:
        """After the indices ``chosen`` so far in this decision, each index that may come next, with the
        legal action it completes, or ``None`` when more indices follow (ascending; shared, never change it)."""
        if not self.multi_step:
            return self.indexed(state, seat) if not chosen else {}
        assert self.game is not None
        legal = self.game.legal_actions(state, seat)
        key = (legal, chosen)
        if self._steps_key is not None and self._steps_key[0] is legal and self._steps_key[1] == chosen:
            return self._steps
        found: dict[int, Any] = {}
        depth = len(chosen)
        for action in legal:
            steps = self.steps_of(action)
            if len(steps) <= depth or steps[:depth] != chosen:
                continue
            following = steps[depth]
            if len(steps) == depth + 1:
                if following in found:
                    raise AssertionError(f"{action} and another choice share the step {following} after {chosen}")
                found[following] = action
            elif found.setdefault(following, None) is not None:
                raise AssertionError(f"step {following} after {chosen} both completes and continues a choice")
        steps_now = dict(sorted(found.items()))
        self._steps_key, self._steps = key, steps_now
        return steps_now

    def observe_chosen(self, out: Any, chosen: tuple[int, ...]) -> None:
        """Mark in ``out`` the indices chosen so far in a decision taken in several steps (none by default)."""

    def observe(self, view: Mapping[str, Any]) -> list[float]:
        """The observation tensor of a seat's view (flat, ``observation_size`` long)."""
        raise NotImplementedError

    def acting(self, state: Any) -> tuple[Seat, ...]:
        """``game.to_act(state)`` (for :meth:`observe_into`)."""
        assert self.game is not None
        return self.game.to_act(state)

    def observe_state(self, state: Any, seat: Seat) -> list[float]:
        """``observe(game.view(state, seat))``, made straight from the state by :meth:`observe_into`."""
        out = [0.0] * self.observation_size
        self.observe_into(state, seat, out)
        return out

    def observe_into(self, state: Any, seat: Seat, out: Any) -> None:
        """Write the tensor of ``seat``'s view of ``state`` into ``out``: a zeroed list or array of
        ``observation_size`` floats (the adapters pass a numpy array; only non-zero features are written).

        The default builds the view and observes it; a game overrides this to read the state directly,
        giving exactly the same tensor (``tests/rl`` compare the two at every decision).
        """
        assert self.game is not None
        for i, value in enumerate(self.observe(self.game.view(state, seat))):
            if value:
                out[i] = value

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
