"""Events: what happened in a step, and who may see it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    """One thing that happened, for logs and animation.

    >>> e = Event("draw", "Seat 0 draws dagger/1", to=frozenset({0}), reveals=True)
    >>> e.is_visible_to(0), e.is_visible_to(1), e.is_visible_to(None)
    (True, False, False)
    """

    kind: str
    """A short machine name: ``draw``, ``attack``, ``roll``..."""
    text: str
    """The sentence a log shows."""
    data: dict[str, Any] = field(default_factory=dict, compare=True, hash=False)
    """JSON-ready details for clients."""
    to: frozenset[int] | None = None
    """The seats that may see it; ``None`` means everyone, spectators included."""
    reveals: bool = False
    """Whether it shows its viewers something that was hidden from them before."""
    owner: int | None = None
    """For a revealing event, the seat whose own secret it shows (it learns nothing new)."""
    clauses: tuple[str, ...] = ()
    """The checklist ids of the rules that produced it (``DGW-095``), so a log line can show the rule
    behind it; empty when the event is no rule's effect (a seat's own choice shown back to it)."""

    def is_visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None``: a spectator) may see this event."""
        return self.to is None or (seat is not None and seat in self.to)

    def is_news_to(self, seat: int) -> bool:
        """Whether ``seat`` learns from it something hidden from ``seat`` before."""
        return self.reveals and self.is_visible_to(seat) and self.owner != seat

    @property
    def is_news_to_anyone(self) -> bool:
        """Whether some viewer (a seat or a spectator) learns from it something hidden from them before.

        >>> Event("ready", "Seat 0 readies a Dagger", reveals=True, owner=0).is_news_to_anyone
        True
        >>> Event("peek", "your own card", to=frozenset({0}), reveals=True, owner=0).is_news_to_anyone
        False
        """
        return self.reveals and (self.to is None or any(viewer != self.owner for viewer in self.to))

    @property
    def is_public(self) -> bool:
        """Whether everyone may see it."""
        return self.to is None

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form (without the audience, which a viewer must not learn)."""
        return {"kind": self.kind, "text": self.text, "data": self.data, "clauses": list(self.clauses)}


def visible(events: list[Event] | tuple[Event, ...], seat: int | None) -> list[Event]:
    """The events of ``events`` that ``seat`` may see."""
    return [e for e in events if e.is_visible_to(seat)]
