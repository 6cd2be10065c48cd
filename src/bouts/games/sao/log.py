"""The events of a step: a message id of SAO's catalog, its arguments, and the rules behind it.

Rollouts make millions of events and nobody reads them, so an event holds no sentence: the log makes it in
the reader's language when it is shown.
"""

from __future__ import annotations

from bouts.core.events import Event, Lazy


def event(kind: str, msg: str, data: Lazy | None = None, *, args: Lazy | None = None,
          reveals: bool = False, clauses: tuple[str, ...] = ()) -> Event:
    """An event of SAO's catalog: ``msg`` (marked with ``N_``) filled with ``args``; SAO is played open, so every
    event is public."""
    return Event(kind, msg, data, reveals=reveals, clauses=clauses, args=args, domain="sao")
