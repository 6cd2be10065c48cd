"""The events of a step: a message id of Swordplay's catalog, its arguments, and the rules behind it.

Rollouts make millions of events and nobody reads them, so an event holds no sentence: the log makes it in
the reader's language when it is shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from bouts.core.events import QUIET, Event, Lazy

if TYPE_CHECKING:
    from bouts.games.swordplay.state import SwordplayState

ONLY: Final = tuple(frozenset({seat}) for seat in range(9))
"""``ONLY[seat]``: the audience of an event only ``seat`` may see."""


def event(kind: str, msg: str, data: Lazy | None = None, *, args: Lazy | None = None,
          to: frozenset[int] | None = None, reveals: bool = False, owner: int | None = None,
          clauses: tuple[str, ...] = ()) -> Event:
    """An event of Swordplay's catalog: ``msg`` (marked with ``N_``) filled with ``args``."""
    return Event(kind, msg, data, to=to, reveals=reveals, owner=owner, clauses=clauses, args=args,
                 domain="swordplay")


def say(state: SwordplayState, kind: str, msg: str, data: Lazy | None = None, *, args: Lazy | None = None,
        to: frozenset[int] | None = None, reveals: bool = False, owner: int | None = None,
        clauses: tuple[str, ...] = ()) -> None:
    """Add an :func:`event` to the step's events, unless the state is quiet (:func:`bouts.core.stepping.quiet`)."""
    events = state.events
    if events is not QUIET:
        events.append(Event(kind, msg, data, to=to, reveals=reveals, owner=owner, clauses=clauses, args=args,
                            domain="swordplay"))
