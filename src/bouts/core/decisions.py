"""Pending decisions and sealed (simultaneous) choices.

Decisions that span several steps are a stack in the state, so any agent, UI
or replay sees one decision at a time. Sealed choices collect one action from
each of several seats; none is revealed until all have chosen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, final

from bouts.core.contract import IllegalAction, Seat


@final
class Decision:
    """One pending decision: who decides, what kind, and its details. Treat it as immutable.

    A hand-written slots class (compiled: a native class) rather than a frozen dataclass, whose generated
    methods stay interpreted; equal, hashed and shown as the dataclass was.

    >>> Decision.make(0, "defend", card="x", at=2)
    Decision(seat=0, kind='defend', data=(('at', 2), ('card', 'x')))
    """

    __slots__ = ("data", "kind", "seat")

    def __init__(self, seat: Seat, kind: str, data: tuple[tuple[str, Any], ...] = ()) -> None:
        self.seat = seat
        """The seat that must decide (``CHANCE`` for a random step)."""
        self.kind = kind
        """The kind of decision, named after the rulebook (``defend``, ``chain_partner``)."""
        self.data = data
        """Details, as sorted key/value pairs so the record stays hashable."""

    def get(self, key: str, default: Any = None) -> Any:
        """A detail by name."""
        for k, v in self.data:
            if k == key:
                return v
        return default

    @classmethod
    def make(cls, seat: Seat, kind: str, **data: Any) -> Decision:
        """Build a decision from keyword details."""
        return Decision(seat, kind, tuple(sorted(data.items())))

    def __eq__(self, other: object) -> bool:
        if other is self:
            return True
        if type(other) is not Decision:
            return NotImplemented
        assert isinstance(other, Decision)
        return self.seat == other.seat and self.kind == other.kind and self.data == other.data

    def __hash__(self) -> int:
        return hash((self.seat, self.kind, self.data))

    def __repr__(self) -> str:
        return f"Decision(seat={self.seat!r}, kind={self.kind!r}, data={self.data!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Decision, (self.seat, self.kind, self.data))


@dataclass
class SealedChoices:
    """Choices made secretly by several seats and revealed together.

    >>> sc = SealedChoices(waiting=[0, 1])
    >>> sc.choose(1, "rock"); sc.is_complete
    False
    >>> sc.choose(0, "paper"); sc.is_complete, sc.revealed()
    (True, {0: 'paper', 1: 'rock'})
    """

    waiting: list[Seat]
    """Seats that must still choose."""
    chosen: dict[Seat, Any] = field(default_factory=dict)
    """The sealed choices so far (never shown to another seat before the reveal)."""

    def choose(self, seat: Seat, choice: Any) -> None:
        """Record ``seat``'s sealed choice."""
        if seat not in self.waiting:
            raise IllegalAction(f"seat {seat} has no sealed choice to make")
        self.waiting.remove(seat)
        self.chosen[seat] = choice

    @property
    def is_complete(self) -> bool:
        """Whether every seat has chosen."""
        return not self.waiting

    def revealed(self) -> dict[Seat, Any]:
        """Every choice, once all are in."""
        if self.waiting:
            raise IllegalAction("choices are revealed only when every seat has chosen")
        return dict(sorted(self.chosen.items()))

    def public_view(self) -> dict[str, Any]:
        """What anyone may know: who has chosen, not what."""
        return {"waiting": sorted(self.waiting), "chosen": sorted(self.chosen)}

    def clone(self) -> SealedChoices:
        """A copy."""
        return SealedChoices(list(self.waiting), dict(self.chosen))
