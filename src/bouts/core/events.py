"""Events: what happened in a step, and who may see it.

An event is made of ids, numbers and a message (an id and its arguments), never of finished sentences: the
sentence is made when someone reads the log, in the reader's language (:mod:`bouts.core.i18n`). Rollouts make
millions of events and nobody reads them, so an event is a small slots object and costs no formatting.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final

from mypy_extensions import mypyc_attr

from bouts.core.i18n import Message, jsonable

NO_DATA: Mapping[str, Any] = MappingProxyType({})
"""The shared empty mapping of an event without data or arguments."""

Lazy = Mapping[str, Any] | Callable[[], Mapping[str, Any]]
"""An event's ``data`` or ``args`` as given: the mapping, or a function without arguments that makes it when
someone first reads it (a rollout never does). The function must only read what no later step changes (make
copies of lists the game goes on changing: pass them as arguments of a :func:`functools.partial`)."""


class Event:
    """One thing that happened, for logs and animation. Treat it as immutable.

    ``msg`` is the message id (the English sentence with ``{placeholders}``) of the game's catalog
    ``domain``, ``args`` fill it; :meth:`render` makes the sentence in a language and :attr:`text` in English.

    >>> e = Event("draw", "{who} draws {count} cards", args={"who": "Seat 0", "count": 2}, to=frozenset({0}),
    ...           reveals=True)
    >>> e.is_visible_to(0), e.is_visible_to(1), e.is_visible_to(None), e.text
    (True, False, False, 'Seat 0 draws 2 cards')
    """

    __slots__ = ("_args", "_data", "clauses", "domain", "kind", "msg", "owner", "reveals", "to")

    def __init__(self, kind: str, msg: str, data: Lazy | None = None, *,
                 to: frozenset[int] | None = None, reveals: bool = False, owner: int | None = None,
                 clauses: tuple[str, ...] = (), args: Lazy | None = None,
                 domain: str = "bouts") -> None:
        self.kind = kind
        """A short machine name: ``draw``, ``attack``, ``roll``..."""
        self.msg = msg
        """The message id of the sentence a log shows."""
        self._data: Lazy = NO_DATA if data is None else data
        self.to = to
        """The seats that may see it; ``None`` means everyone, spectators included."""
        self.reveals = reveals
        """Whether it shows its viewers something that was hidden from them before."""
        self.owner = owner
        """For a revealing event, the seat whose own secret it shows (it learns nothing new)."""
        self.clauses = clauses
        """The checklist ids of the rules that produced it (``DGW-095``), so a log line can show the rule
        behind it; empty when the event is no rule's effect (a seat's own choice shown back to it)."""
        self._args: Lazy = NO_DATA if args is None else args
        self.domain = domain
        """The message catalog of ``msg`` (the game's id; ``bouts`` for the core's own)."""

    @property
    def data(self) -> Mapping[str, Any]:
        """JSON-ready details for clients (ids and numbers); made at the first reading when given as a function.

        >>> Event("roll", "Roll: {pool}", lambda: {"values": [3, 5]}).data
        {'values': [3, 5]}
        """
        found = self._data
        if callable(found):
            found = self._data = found()
        return found

    @property
    def args(self) -> Mapping[str, Any]:
        """What fills the message's placeholders: numbers, ids, :class:`~bouts.core.i18n.Text` names; made at the
        first reading when given as a function."""
        found = self._args
        if callable(found):
            found = self._args = found()
        return found

    # -- text ------------------------------------------------------------------------
    @property
    def message(self) -> Message:
        """The sentence as a :class:`~bouts.core.i18n.Message`."""
        return Message(self.msg, self.args, self.domain)

    def render(self, lang: str | None = None) -> str:
        """The sentence in ``lang`` (default: the current language)."""
        return Message(self.msg, self.args, self.domain).render(lang)

    @property
    def text(self) -> str:
        """The sentence in English."""
        return self.render("en")

    def observed(self) -> tuple[Any, ...]:
        """A hashable summary of what a viewer of this event learns (for information-set keys)."""
        return (self.kind, self.msg, repr(sorted(self.args.items())) if self.args else "")

    # -- audience ----------------------------------------------------------------------
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

    # -- values --------------------------------------------------------------------------
    def _key(self) -> tuple[Any, ...]:
        return (self.kind, self.msg, dict(self.data), self.to, self.reveals, self.owner, self.clauses,
                dict(self.args), self.domain)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.text!r}, {dict(self.data)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_make_event, (self.kind, self.msg, dict(self.data), self.to, self.reveals, self.owner,
                              self.clauses, dict(self.args), self.domain))

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        """JSON-ready form (without the audience, which a viewer must not learn): the sentence in ``lang``
        (default: the current language) and the message it came from, so a client may show it in another."""
        return {"kind": self.kind, "text": self.render(lang), "msg": self.msg,
                "args": {k: jsonable(v) for k, v in self.args.items()}, "domain": self.domain,
                "data": jsonable(self.data), "clauses": list(self.clauses)}


def _make_event(kind: str, msg: str, data: dict[str, Any], to: frozenset[int] | None, reveals: bool,
                owner: int | None, clauses: tuple[str, ...], args: dict[str, Any], domain: str) -> Event:
    return Event(kind, msg, data, to=to, reveals=reveals, owner=owner, clauses=clauses, args=args, domain=domain)


@mypyc_attr(native_class=False)  # a plain class in a compiled build too: it subclasses list
class Quiet(list):  # type: ignore[type-arg]
    """The type of :data:`QUIET`: a list that keeps nothing given to it."""

    __slots__ = ()

    def append(self, event: Any) -> None:
        """Keep nothing."""

    def extend(self, events: Any) -> None:
        """Keep nothing."""

    def __iadd__(self, events: Any) -> Quiet:  # type: ignore[misc]
        return self


QUIET: Final[list[Event]] = Quiet()
"""The events of a quiet state (:func:`bouts.core.stepping.quiet`): the rules make no event for it (they test
``state.events is QUIET`` before making one), and any event still given to it is dropped."""


def visible(events: list[Event] | tuple[Event, ...], seat: int | None) -> list[Event]:
    """The events of ``events`` that ``seat`` may see."""
    return [e for e in events if e.is_visible_to(seat)]
