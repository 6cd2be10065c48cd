"""The base of every game state (:class:`bouts.core.contract.State`, which re-exports it).

It lives in a module of its own so that a compiled build compiles it (``contract.py`` stays Python): a native
class that allows interpreted subclasses, which the games' compiled state classes subclass as native classes
too, so that compiled rules read and write a state's fields as C struct fields. Pure Python, it is the same
dataclass as before.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeVar

from mypy_extensions import mypyc_attr

from bouts.core.events import Event

_S = TypeVar("_S", bound="State")


@mypyc_attr(allow_interpreted_subclasses=True)  # the games' states (native when compiled) and test games'
@dataclass(eq=False)
class State:
    """Base of every game state.

    A state holds the events of the step that produced it, and a cache of
    legal actions per seat (safe because states are never changed after
    :meth:`Game.apply` returns them). Neither takes part in equality.
    """

    events: list[Event] = field(default_factory=list, compare=False, repr=False, kw_only=True)
    _legal: dict[int, tuple[Any, ...]] = field(default_factory=dict, compare=False, repr=False, kw_only=True)

    def clone(self: _S) -> _S:
        """A copy deep enough that applying an action to it leaves ``self`` alone."""
        raise NotImplementedError
