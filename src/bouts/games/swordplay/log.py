"""The events of a step, built quickly: rollouts make millions of them.

:class:`bouts.core.events.Event` is a frozen dataclass, whose ``__init__`` sets each field
through ``object.__setattr__``; :func:`event` makes the very same object (equal, same repr)
for about half the cost by filling its ``__dict__`` at once.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from bouts.core.events import Event

_FIELDS = ("kind", "text", "data", "to", "reveals", "owner")
if tuple(f.name for f in fields(Event)) != _FIELDS or "__slots__" in vars(Event):  # pragma: no cover
    raise ImportError("bouts.core.events.Event changed: update bouts.games.swordplay.log.event")

_new = object.__new__
_set = object.__setattr__

ONLY = tuple(frozenset({seat}) for seat in range(9))
"""``ONLY[seat]``: the audience of an event only ``seat`` may see."""


def event(kind: str, text: str, data: dict[str, Any] | None = None, *, to: frozenset[int] | None = None,
          reveals: bool = False, owner: int | None = None) -> Event:
    """``Event(kind, text, data, to, reveals, owner)``, made without the dataclass machinery."""
    made = _new(Event)
    _set(made, "__dict__", {"kind": kind, "text": text, "data": {} if data is None else data, "to": to,
                            "reveals": reveals, "owner": owner})
    return made
