"""The events of a step, built quickly: rollouts make millions of them.

:class:`bouts.core.events.Event` is a frozen dataclass, whose ``__init__`` sets each field
through ``object.__setattr__``; :func:`event` makes the very same object (equal, same repr)
for about half the cost by filling its ``__dict__`` at once (when Event has one: if core makes it
a slots class, :func:`event` just calls it).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from bouts.core.events import Event

_FIELDS = ("kind", "text", "data", "to", "reveals", "owner", "clauses")
_FAST = tuple(f.name for f in fields(Event)) == _FIELDS and "__slots__" not in vars(Event)
"""Whether Event is still the frozen dataclass with a ``__dict__`` that :func:`event` knows how to fill;
otherwise :func:`event` simply calls ``Event``."""

_new = object.__new__
_set = object.__setattr__

ONLY = tuple(frozenset({seat}) for seat in range(9))
"""``ONLY[seat]``: the audience of an event only ``seat`` may see."""


def event(kind: str, text: str, data: dict[str, Any] | None = None, *, to: frozenset[int] | None = None,
          reveals: bool = False, owner: int | None = None) -> Event:
    """``Event(kind, text, data, to, reveals, owner)``, made without the dataclass machinery."""
    if not _FAST:  # pragma: no cover - depends on how core defines Event
        return Event(kind, text, {} if data is None else data, to=to, reveals=reveals, owner=owner)
    made = _new(Event)
    _set(made, "__dict__", {"kind": kind, "text": text, "data": {} if data is None else data, "to": to,
                            "reveals": reveals, "owner": owner, "clauses": ()})
    return made
