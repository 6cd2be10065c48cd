"""The contract's hot path: the cached legal actions, sampling a chance step, and the fast path's fork and
advance, as the base class :class:`bouts.core.contract.Game` inherits them from.

They live in a module of their own so that a compiled build compiles them (``contract.py`` stays Python):
every step of a rollout calls them, and compiled they read and write the state's cache and events as C
struct fields. Pure Python, they are the same methods as before. :class:`~bouts.core.contract.Game`
declares the methods they call (``to_act``, ``_legal_actions``, ``_apply``) and documents the contract.
"""

from __future__ import annotations

import random
from types import FunctionType, MethodType
from typing import Any, Final, Generic, TypeVar

from mypy_extensions import mypyc_attr

from bouts.core.events import QUIET
from bouts.core.i18n import BOUTS
from bouts.core.state import State

S = TypeVar("S", bound=State)
A = TypeVar("A")

M_ = BOUTS.message
_CHANCE: Final = -1
""":data:`bouts.core.contract.CHANCE` (the contract imports this module, not the other way round)."""


@mypyc_attr(native_class=False)  # a plain class in a compiled build: every game subclasses it (through Game)
class Stepping(Generic[S, A]):
    """The hot methods of :class:`bouts.core.contract.Game` (see there for the contract)."""

    def to_act(self, state: S) -> tuple[int, ...]:
        """Who must decide now (:meth:`bouts.core.contract.Game.to_act`)."""
        raise NotImplementedError

    def _legal_actions(self, state: S, seat: int) -> tuple[A, ...]:
        """Compute the legal actions, uncached (:meth:`bouts.core.contract.Game._legal_actions`)."""
        raise NotImplementedError

    def _apply(self, state: S, seat: int, action: A) -> None:
        """Apply a checked action in place (:meth:`bouts.core.contract.Game._apply`)."""
        raise NotImplementedError

    def legal_actions(self, state: S, seat: int) -> tuple[A, ...]:
        """Every action ``seat`` may take now (empty when it is not to act).

        For ``CHANCE`` this may be empty when the outcomes are too many to list
        (a shuffle): use :meth:`sample_chance`, or :meth:`parse_action` to force one.
        """
        cached = state._legal.get(seat)
        if cached is None:
            cached = self._legal_actions(state, seat) if seat in self.to_act(state) else ()
            state._legal[seat] = cached
        return cached

    def sample_chance(self, state: S, rng: random.Random) -> A:
        """Draw the outcome of the pending chance step with ``rng``."""
        outcomes = self.legal_actions(state, _CHANCE)
        if not outcomes:
            raise _illegal(M_("no chance step is pending"))
        return rng.choice(outcomes)

    # -- the fast path for trusted players (rollouts, simulations) ---------------------------
    def fork(self, state: S) -> S:
        """A private copy of ``state`` that :meth:`advance` may change in place; ``state`` is unchanged."""
        new = state.clone()
        new.events = []
        new._legal = {}
        return new

    def advance(self, state: S, seat: int, action: A) -> None:
        """Apply ``action`` to a state from :meth:`fork`, in place and unchecked.

        The caller guarantees that ``seat`` is to act and ``action`` is legal (taken
        from :meth:`legal_actions` or :meth:`sample_chance`). Afterwards the state is
        exactly what :meth:`apply` would have returned, events included; it saves a
        copy and a legality check per step, which is what rollouts and simulations
        spend their time on. Never use it on a state someone else holds.

        On a state made :func:`quiet`, it makes no events (and the state stays quiet).
        """
        if state.events is not QUIET:
            state.events = []
        state._legal = {}
        self._apply(state, seat, action)


def quiet(state: S) -> S:
    """Make a state from :meth:`Stepping.fork` quiet, and return it: from now on :meth:`Stepping.advance` makes no
    events for it (``state.events`` is :data:`bouts.core.events.QUIET`), and it plays exactly as it would have:
    the same menus, chance, views and outcome. A game may leave out what it keeps only to make events (Grail War
    announces no total power on a quiet state); a fork of a quiet state that keeps events again makes them afresh.
    For a player that reads only the state and the outcome (a simulation, a search's rollout, an
    RL environment that shows no log): the events of a step are a fifth of a playout's work in some games.
    A game's rules test ``state.events is QUIET`` before they make an event (every game's conformance suite plays
    the same games quiet and not)."""
    state.events = QUIET
    return state


STEP_METHODS: Final = ("to_act", "legal_actions", "_legal_actions", "sample_chance", "advance", "_apply")
"""The contract's step methods a game may write as module functions of its rules (:func:`install_fast_path`)."""


def install_fast_path(game: Any, owner: type, names: tuple[str, ...] = STEP_METHODS) -> None:
    """Bind ``owner``'s methods ``names``, module functions of a game's rules, to ``game`` itself in a compiled
    build (``game``'s own attributes), unless ``type(game)`` overrides them.

    A game whose hot methods are module functions taking the game first (``to_act = to_act`` in the class
    body) calls this in ``__init__``. Pure Python, a function in a class body is a method and this does
    nothing. Compiled, such a function is a built-in function, which a class does not bind: each becomes
    ``game``'s own bound method, and a playout loop calls the compiled function through it directly, where a
    plain class's compiled method is a callable object that makes a new bound-method object and parses its
    arguments on every call (``to_act`` called from a Python loop: 285 ns against 180 ns interpreted).
    """
    attributes = vars(game)
    cls = type(game)
    for name in names:
        function = getattr(owner, name)
        if not isinstance(function, FunctionType) and getattr(cls, name) is function:
            attributes[name] = MethodType(function, game)


def _illegal(message: Any) -> Exception:
    """The contract's ``IllegalAction`` (imported when raised: ``contract.py`` imports this module)."""
    from bouts.core.contract import IllegalAction

    return IllegalAction(message)


def _same_class(cls: type, params: Any) -> type:
    return cls


if not hasattr(Stepping, "__class_getitem__"):  # the compiled build: mypyc leaves Generic out of a plain class
    setattr(Stepping, "__class_getitem__", classmethod(_same_class))  # noqa: B010  (Stepping[S, A] at run time)
