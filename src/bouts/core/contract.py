"""The game contract: the small protocol every game satisfies.

Every agent, the command line, the simulator and the server drive a game only
through the methods of :class:`Game`, so they work on every game without
special cases.

A state is never changed in place by the contract: :meth:`Game.apply` checks
the action, copies the state and applies the action to the copy.
"""

from __future__ import annotations

import functools
import importlib
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Generic, Protocol, TypeVar

from mypy_extensions import mypyc_attr

from bouts.core.events import Event

Seat = int
"""A seat at the table, numbered from 0 in clockwise order."""

CHANCE: Final[Seat] = -1
"""The pseudo-seat that acts when the next step is random (a roll, a shuffle)."""


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the state is left unchanged."""


class OptionsError(ValueError):
    """Game options that are unknown or out of range."""


class Action(Protocol):
    """A small frozen value; ``str(action)`` is its text form and round-trips."""

    def __str__(self) -> str: ...


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    >>> Outcome(winners=(1,), reason="last hero standing").returns(3)
    (0.0, 1.0, 0.0)
    """

    winners: tuple[Seat, ...]
    """Seats that won (every seat in a cooperative win, none in a shared loss)."""
    reason: str
    """Why the game ended, in words a player understands."""
    scores: tuple[float, ...] | None = None
    """Optional per-seat scores, when the game keeps score."""

    def returns(self, seats: int) -> tuple[float, ...]:
        """Per-seat reward: 1 for each winner, 0 otherwise."""
        return tuple(1.0 if s in self.winners else 0.0 for s in range(seats))

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"winners": list(self.winners), "reason": self.reason,
                "scores": None if self.scores is None else list(self.scores)}


@dataclass(frozen=True)
class Zone:
    """A public zone a player may look at (``view NAME``): what it is, and how a view draws it."""

    description: str
    """One line for ``help``."""
    render: Callable[[Mapping[str, Any]], str]
    """Draws the zone from a view, as Rich markup."""


@dataclass(frozen=True)
class GameInfo:
    """A game's nature, declared up front (players, chance, information)."""

    id: str
    """Registry id, e.g. ``swordplay``."""
    name: str
    """Full title."""
    min_seats: int
    """Fewest seats the game supports."""
    max_seats: int
    """Most seats the game supports."""
    chance: bool = True
    """Whether the game has random steps."""
    hidden_information: bool = True
    """Whether some seat ever knows something another seat does not."""
    simultaneous: bool = False
    """Whether several seats may have to decide at once (sealed choices)."""
    cooperative: bool = False
    """Whether the seats may win or lose together."""
    summary: str = ""
    """One paragraph a player reads before playing."""


@dataclass(frozen=True)
class Variant:
    """A named way to play: seat counts and option overrides (a row of a game's variants table)."""

    seats: tuple[int, ...]
    """The seat counts this variant supports."""
    options: Mapping[str, Any] = field(default_factory=dict)
    """Option overrides that make this variant."""
    description: str = ""
    """One line for ``bouts rules``."""


@mypyc_attr(native_class=False)  # a plain class in a compiled build: every game's state subclasses it
@dataclass(eq=False)
class State:
    """Base of every game state.

    A state holds the events of the step that produced it, and a cache of
    legal actions per seat (safe because states are never changed after
    :meth:`Game.apply` returns them). Neither takes part in equality.
    """

    events: list[Event] = field(default_factory=list, compare=False, repr=False, kw_only=True)
    _legal: dict[Seat, tuple[Any, ...]] = field(default_factory=dict, compare=False, repr=False, kw_only=True)

    def clone(self: S) -> S:
        """A copy deep enough that applying an action to it leaves ``self`` alone."""
        raise NotImplementedError


S = TypeVar("S", bound=State)
A = TypeVar("A")


def holds(legal: Sequence[Any], action: Any) -> bool:
    """Whether ``action`` is one of ``legal``: the same object, or an equal value of the same type.

    Equality alone is not enough: an object whose ``__eq__`` says yes to everything
    (``unittest.mock.ANY``) would pass for any action.

    >>> from unittest import mock
    >>> holds((1, 2), 2), holds((1, 2), mock.ANY), holds((1, 2), 2.0)
    (True, False, False)
    """
    for candidate in legal:  # an action taken from the list is found without comparing fields
        if candidate is action:
            return True
    kind = type(action)
    return any(type(candidate) is kind and candidate == action for candidate in legal)


def check_setup(game: Game[Any, Any], seats: Any, options: Any) -> None:
    """Refuse what no game can set up: seats that are not a whole number, options that are not a
    mapping (every game's :meth:`Game.setup` runs this first; the game checks the seat count)."""
    if isinstance(seats, bool) or not isinstance(seats, int):
        raise OptionsError(f"seats must be a whole number, not {seats!r}")
    if options is not None and not isinstance(options, Mapping):
        raise OptionsError(f"options must be a mapping of names to values, not {type(options).__name__}")


@mypyc_attr(native_class=False)  # a plain class in a compiled build (it carries a docstring and __wrapped__)
class CheckedSetup:
    """A game's own ``setup`` behind :func:`check_setup` (what :meth:`Game.__init_subclass__` installs).

    A callable object rather than a closure, so that the compiled build (mypyc) handles it like any class.
    """

    __checked__ = True

    def __init__(self, setup: Callable[..., Any]) -> None:
        self.setup = setup
        self.__wrapped__ = setup
        self.__doc__ = setup.__doc__
        self.__name__ = getattr(setup, "__name__", "setup")

    def __get__(self, game: Any, owner: Any = None) -> Any:
        return self if game is None else functools.partial(self.__call__, game)

    def __call__(self, game: Any, seats: Any, options: Any = None, *args: Any, **kwargs: Any) -> Any:
        """Check the seats and options, then set up."""
        check_setup(game, seats, options)
        return self.setup(game, seats, options, *args, **kwargs)


@mypyc_attr(native_class=False)  # a plain class in a compiled build: every game subclasses it
class Game(ABC, Generic[S, A]):
    """One game, as a set of pure functions over its states."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Every game's :meth:`setup` first refuses bad seats and options (:func:`check_setup`)."""
        super().__init_subclass__(**kwargs)
        setup = vars(cls).get("setup")
        if setup is None or getattr(setup, "__checked__", False) or getattr(setup, "__isabstractmethod__", False):
            return
        cls.setup = CheckedSetup(setup)  # type: ignore[method-assign,assignment]

    info: ClassVar[GameInfo]
    catalogs: ClassVar[Any] = None
    """The game's content packs (a :class:`bouts.core.content.Catalogs`), when it has content."""
    option_help: ClassVar[Mapping[str, str]] = {}
    """Each option's name with a one-line description and default."""

    # -- set-up -------------------------------------------------------------
    @abstractmethod
    def setup(self, seats: int, options: Mapping[str, Any] | None = None,
              content: Any | None = None, seed: int = 0) -> S:
        """The state before the first decision or chance step."""

    # -- who acts, and how ---------------------------------------------------
    @abstractmethod
    def to_act(self, state: S) -> tuple[Seat, ...]:
        """Who must decide now: ``(CHANCE,)`` for a random step, ``()`` when over."""

    @abstractmethod
    def _legal_actions(self, state: S, seat: Seat) -> tuple[A, ...]:
        """Compute the legal actions (uncached)."""

    def legal_actions(self, state: S, seat: Seat) -> tuple[A, ...]:
        """Every action ``seat`` may take now (empty when it is not to act).

        For ``CHANCE`` this may be empty when the outcomes are too many to list
        (a shuffle): use :meth:`sample_chance`, or :meth:`parse_action` to force one.
        """
        cached = state._legal.get(seat)
        if cached is None:
            cached = self._legal_actions(state, seat) if seat in self.to_act(state) else ()
            state._legal[seat] = cached
        return cached

    def is_legal(self, state: S, seat: Seat, action: A) -> bool:
        """Whether ``seat`` may take ``action`` now."""
        if seat == CHANCE and seat in self.to_act(state):
            return self.is_legal_chance(state, action)
        return holds(self.legal_actions(state, seat), action)

    def is_legal_chance(self, state: S, action: A) -> bool:
        """Whether a forced chance outcome is possible now; override for unlisted outcomes."""
        return holds(self.legal_actions(state, CHANCE), action)

    def sample_chance(self, state: S, rng: random.Random) -> A:
        """Draw the outcome of the pending chance step with ``rng``."""
        outcomes = self.legal_actions(state, CHANCE)
        if not outcomes:
            raise IllegalAction("no chance step is pending")
        return rng.choice(outcomes)

    def apply(self, state: S, seat: Seat, action: A | str) -> S:
        """A new state after ``seat`` takes ``action``; ``state`` is unchanged.

        Raises :class:`IllegalAction` with a message a player understands.
        """
        if isinstance(action, str):
            action = self.parse_action(state, seat, action)
        acting = self.to_act(state)
        if seat not in acting:
            if not acting:
                raise IllegalAction("the game is over")
            who = ", ".join(self.seat_name(state, s) for s in acting)
            raise IllegalAction(f"it is not {self.seat_name(state, seat)}'s decision now (waiting for {who})")
        if not self.is_legal(state, seat, action):
            raise IllegalAction(f"{action} is not a legal action for {self.seat_name(state, seat)} now")
        new = state.clone()
        new.events = []
        new._legal = {}
        self._apply(new, seat, action)
        return new

    # -- the fast path for trusted players (rollouts, simulations) ---------------------------
    def fork(self, state: S) -> S:
        """A private copy of ``state`` that :meth:`advance` may change in place; ``state`` is unchanged."""
        new = state.clone()
        new.events = []
        new._legal = {}
        return new

    def advance(self, state: S, seat: Seat, action: A) -> None:
        """Apply ``action`` to a state from :meth:`fork`, in place and unchecked.

        The caller guarantees that ``seat`` is to act and ``action`` is legal (taken
        from :meth:`legal_actions` or :meth:`sample_chance`). Afterwards the state is
        exactly what :meth:`apply` would have returned, events included; it saves a
        copy and a legality check per step, which is what rollouts and simulations
        spend their time on. Never use it on a state someone else holds.
        """
        state.events = []
        state._legal = {}
        self._apply(state, seat, action)

    @abstractmethod
    def _apply(self, state: S, seat: Seat, action: A) -> None:
        """Apply a checked action to ``state`` (a fresh copy) in place."""

    def parse_action(self, state: S, seat: Seat, text: str) -> A:
        """The action whose text form is ``text``, for ``seat`` now.

        The default looks the text up among the legal actions; games whose
        chance outcomes cannot be listed override it.
        """
        wanted = " ".join(text.split())
        for action in self.legal_actions(state, seat):
            if str(action) == wanted:
                return action
        if seat not in self.to_act(state):
            raise IllegalAction(f"it is not {self.seat_name(state, seat)}'s decision now")
        raise IllegalAction(f"'{text}' is not a legal action for {self.seat_name(state, seat)} now")

    # -- information ----------------------------------------------------------
    @abstractmethod
    def view(self, state: S, seat: Seat | None) -> dict[str, Any]:
        """What ``seat`` may know, JSON-ready (``None`` is a spectator)."""

    @abstractmethod
    def determinize(self, state: S, seat: Seat | None, rng: random.Random) -> S:
        """A full state consistent with what ``seat`` knows (unseen cards reshuffled)."""

    def hidden_cards(self, state: S, seat: Seat | None) -> list[dict[str, list[str]]] | None:
        """The cards ``seat`` cannot see, as groups of interchangeable cards: each group maps a place
        (``"seat 1 hand"``, ``"deck"``) to the cards there now.

        A fair :meth:`determinize` deals each group's cards uniformly over the group's places (the
        conformance suite checks it statistically). ``None`` (the default): the game does not say, and
        the check passes it by; a game with hidden cards should say.
        """
        return None

    def events(self, state: S) -> tuple[Event, ...]:
        """The events of the step that produced ``state``."""
        return tuple(state.events)

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""

    def content_choices(self, state: S) -> dict[Seat, str | list[str]]:
        """What each seat chose from the content (hero, characters, servants), for per-choice statistics."""
        return {}

    def deal_content(self, seats: int, options: Mapping[str, Any], content: Any,
                     rng: random.Random) -> dict[str, Any] | None:
        """Option overrides that fix every seat's content choice, drawn uniformly from the legal choices.

        A design study (``bouts sim --assign random``) deals the choices this way instead of letting the
        agents choose, so a choice's win rate measures the content with the agents held fixed. ``None``
        (the default): the game has no content choices to deal.
        """
        return None

    # -- presentation helpers (no screen: plain text with Rich markup) -------------
    def seat_name(self, state: S, seat: Seat) -> str:
        """A short name for a seat, e.g. ``seat 1``."""
        return "chance" if seat == CHANCE else f"seat {seat}"

    def describe(self, state: S, seat: Seat, action: A) -> str:
        """A sentence describing ``action`` for a menu; defaults to its text form."""
        return str(action)

    def strategy(self) -> Any | None:
        """The game's own strategy: the module ``strategy`` beside the game's module, or ``None``.

        A game brings its strategy with it (so a game added by entry point gets ``heuristic``,
        ``hint`` and tuned ``ismcts`` without touching ``agents``). The module defines
        ``choose(game, state, seat, rng) -> action`` (the heuristic, using only what ``seat`` may
        know), and optionally ``evaluate(game, state) -> per-seat values``,
        ``settled(game, state) -> bool`` and ``SEARCH`` (IS-MCTS settings it recommends).
        """
        package = type(self).__module__.rpartition(".")[0]
        name = f"{package}.strategy" if package else "strategy"
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            return None

    def encoding(self, seats: int, options: Mapping[str, Any] | None = None, content: Any | None = None) -> Any:
        """The game's numeric encoding for a match (fixed action index, observation tensor), for learning agents.

        A game brings it in the module ``encoding`` beside the game's module (as it brings ``strategy``),
        which defines ``encoding(game, seats, options, content)``; see :mod:`bouts.core.encoding` and
        ``docs/encoding.md``. Built once per (seats, options, content). Raises ``NotImplementedError``
        for a game without one.
        """
        import json

        key = (seats, json.dumps(dict(options or {}), sort_keys=True, default=str),
               content if content is None or isinstance(content, str) else id(content))
        cache: dict[Any, Any] = vars(self).setdefault("_encodings", {})
        found = cache.get(key)
        if found is None:
            package = type(self).__module__.rpartition(".")[0]
            name = f"{package}.encoding" if package else "encoding"
            try:
                module = importlib.import_module(name)
            except ModuleNotFoundError as exc:
                if exc.name != name:
                    raise
                raise NotImplementedError(f"{self.info.id} has no encoding module ({name})") from None
            found = cache[key] = module.encoding(self, seats, options, content)
        return found

    def hints(self, state: S, seat: Seat) -> list[str]:
        """Advice for ``seat``'s current decision, best first (the terminal's ``hint``); none by default."""
        return []

    def advice(self, state: S, seat: Seat) -> list[str]:
        """What ``hint`` shows at ``seat``'s decision: the game's :meth:`hints`, else its strategy's pick.

        The strategy's pick comes with one line of reason: the strategy module's
        ``explain(game, state, seat, action) -> str`` when it defines one, else a generic
        reason. Empty only when the game has neither hints nor a strategy, or ``seat``
        is not to decide.
        """
        hints = self.hints(state, seat)
        if hints:
            return hints
        legal = self.legal_actions(state, seat)
        strategy = self.strategy()
        if not legal or strategy is None or not hasattr(strategy, "choose"):
            return []
        action = strategy.choose(self, state, seat, random.Random(0))
        explain = getattr(strategy, "explain", None)
        reason = explain(self, state, seat, action) if callable(explain) else ""
        if not reason:
            reason = ("it is the only legal action" if len(legal) == 1
                      else f"the {self.info.name} heuristic's choice among {len(legal)} legal actions")
        return [f"{self.describe(state, seat, action)} [{action}]: {reason}"]

    def featured_actions(self, state: S, seat: Seat) -> tuple[A, ...]:
        """The actions a menu lists first (the best few when there are many); all legal ones by default.

        A terminal lists these (about 20 at most) and pages the rest with ``more``; any
        legal action can still be typed by its text form. Every featured action must be legal.
        """
        return self.legal_actions(state, seat)

    def is_trivial(self, state: S, seat: Seat, action: A) -> bool:
        """Whether ``action``, ``seat``'s only legal action, may be applied without asking.

        A terminal skips such a prompt (and logs it) only when skipping it tells nobody
        anything: e.g. skipping "take the hit" in hot-seat play would show that the
        defender held no counter. False by default: always ask.
        """
        return False

    def help_examples(self) -> list[tuple[str, str]]:
        """Example commands of this game for the terminal's ``help``: (what to type, what it does)."""
        return []

    def shown_values(self, view: Mapping[str, Any]) -> list[str]:
        """Every value of ``view`` that :meth:`render` promises to show, as the text printed.

        The table test renders views through a real Rich console and checks that each
        of these appears in the printed text (so no markup eats a card name). Empty
        by default: a game declares what its renderer shows.
        """
        return []

    def public_zones(self) -> Mapping[str, Zone]:
        """The public zones a player may look at by name (``view discard``); a game overrides this table."""
        return {}

    def zones(self) -> dict[str, str]:
        """Public zones a player may look at by name: name -> one-line description."""
        return {name: zone.description for name, zone in self.public_zones().items()}

    def render_zone(self, view: Mapping[str, Any], zone: str) -> str:
        """A text picture (Rich markup) of the zone ``zone`` (one of :meth:`zones`) as ``view`` shows it."""
        return self.public_zones()[zone].render(view)

    def render(self, view: Mapping[str, Any]) -> str:
        """A text picture of a view, with Rich markup, for terminals (every game string escaped)."""
        import json

        from bouts.core.text import escape_markup

        return escape_markup(json.dumps(view, indent=2))

    # -- content ----------------------------------------------------------------
    def load_content(self, path: str | None = None) -> Any:
        """The reference content pack, or the pack in directory ``path``."""
        if self.catalogs is None:
            raise NotImplementedError(f"{self.info.id} has no content packs")
        return self.catalogs.load(path).pack

    def catalog(self, content: Any = None) -> Any:
        """The indexed content for ``content`` (``None``: the reference pack; a directory; a loaded pack)."""
        if self.catalogs is None:
            raise NotImplementedError(f"{self.info.id} has no content packs")
        return self.catalogs.of(content)

    def options_help(self) -> dict[str, str]:
        """Option names with a one-line description and default."""
        return dict(self.option_help)

    def variants(self) -> dict[str, Variant]:
        """The game's ways to play, by name; tools (tests, ``bouts rules``) iterate over them."""
        info = self.info
        return {"standard": Variant(tuple(range(info.min_seats, info.max_seats + 1)))}


def _same_class(cls: type, params: Any) -> type:
    return cls


if not hasattr(Game, "__class_getitem__"):  # the compiled build: mypyc leaves Generic out of a plain class
    setattr(Game, "__class_getitem__", classmethod(_same_class))  # noqa: B010  (Game[S, A] works at run time)
