"""The events of a step: a message id of SAO's catalog, its arguments, and the rules behind it.

Rollouts make millions of events and nobody reads them, so an event holds no sentence: the log makes it in
the reader's language when it is shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bouts.core.events import QUIET, Event, Lazy

if TYPE_CHECKING:
    from bouts.games.sao.state import SaoState


def say(state: SaoState, kind: str, msg: str, data: Lazy | None = None, *, args: Lazy | None = None,
        reveals: bool = False, clauses: tuple[str, ...] = ()) -> None:
    """Add an event of SAO's catalog to the step's events: ``msg`` (marked with ``N_``) filled with ``args``; SAO is
    played open, so every event is public. A quiet state (:func:`bouts.core.stepping.quiet`) gets none."""
    events = state.events
    if events is not QUIET:
        events.append(Event(kind, msg, data, reveals=reveals, clauses=clauses, args=args, domain="sao"))
