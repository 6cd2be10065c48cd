"""The events of a step: a message id of FGO Duel's catalog, its arguments, and the rules behind it.

Rollouts make millions of events and nobody reads them, so an event holds no sentence: the log makes it in
the reader's language when it is shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bouts.core.events import QUIET, Event, Lazy

if TYPE_CHECKING:
    from bouts.games.fgo_duel.state import FgoState


def event(kind: str, msg: str, data: Lazy | None = None, *, args: Lazy | None = None,
          to: frozenset[int] | None = None, reveals: bool = False, owner: int | None = None,
          clauses: tuple[str, ...] = ()) -> Event:
    """An event of FGO Duel's catalog: ``msg`` (marked with ``N_``) filled with ``args``."""
    return Event(kind, msg, data, to=to, reveals=reveals, owner=owner, clauses=clauses, args=args,
                 domain="fgo_duel")


def say(state: FgoState, kind: str, msg: str, data: Lazy | None = None, *, args: Lazy | None = None,
        to: frozenset[int] | None = None, reveals: bool = False, owner: int | None = None,
        clauses: tuple[str, ...] = ()) -> None:
    """Add an :func:`event` to the step's events, unless the state is quiet (:func:`bouts.core.stepping.quiet`)."""
    events = state.events
    if events is not QUIET:
        events.append(Event(kind, msg, data, to=to, reveals=reveals, owner=owner, clauses=clauses, args=args,
                            domain="fgo_duel"))
