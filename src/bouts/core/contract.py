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
from bouts.core.i18n import BOUTS, Message, Text, jsonable, tr
from bouts.core.state import State as State  # re-exported: the base of every game state
from bouts.core.stepping import Stepping

Words = str | Text | Message
"""Anything that :func:`bouts.core.i18n.tr` turns into a sentence in the reader's language: a message (made
when shown), a name in both languages, or a plain string (an id, a number, a name as the content gives it)."""

_ = BOUTS.gettext
M_ = BOUTS.message

Seat = int
"""A seat at the table, numbered from 0 in clockwise order."""

CHANCE: Final[Seat] = -1
"""The pseudo-seat that acts when the next step is random (a roll, a shuffle)."""


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the state is left unchanged.

    Its argument is a :class:`~bouts.core.i18n.Message` (or a plain string): ``str(error)`` reads it in the
    current language, so a terminal and each socket show it in their reader's language.
    """


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
    reason: Words
    """Why the game ended, in words a player understands (a message, read in the reader's language)."""
    scores: tuple[float, ...] | None = None
    """Optional per-seat scores, when the game keeps score."""

    def returns(self, seats: int) -> tuple[float, ...]:
        """Per-seat reward: 1 for each winner, 0 otherwise."""
        return tuple(1.0 if s in self.winners else 0.0 for s in range(seats))

    def reason_text(self, lang: str | None = None) -> str:
        """Why the game ended, in ``lang`` (default: the current language)."""
        return tr(self.reason, lang)

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        """JSON-ready form: the reason in ``lang`` (default: the current language) and as a message."""
        data: dict[str, Any] = {"winners": list(self.winners), "reason": tr(self.reason, lang),
                                "scores": None if self.scores is None else list(self.scores)}
        if isinstance(self.reason, (Message, Text)):
            data["reason_message"] = jsonable(self.reason)
        return data


@dataclass(frozen=True, slots=True)
class ActionParts:
    """The table objects an action involves, so a renderer lets the player act on the thing itself.

    An object is named ``"<kind>:<id>"`` exactly as the game's view and its renderers name it: ``card:dagger/1``,
    ``die:3``, ``figure:emiya``, ``area:fuyuki_10``, ``seat:1``, ``place:recon``. A renderer puts the same
    name on what it draws (``data-obj`` in the browser), marks what can be used now, and finishes an action
    on its last object. An action with no objects is a plain control (``End turn``).

    >>> ActionParts(objects=("card:dagger/1", "seat:1")).first
    'card:dagger/1'
    """

    objects: tuple[str, ...] = ()
    """The objects in the order a player points at them: the thing the action is about, then its targets."""
    select: tuple[str, ...] = ()
    """Objects chosen together by selecting and confirming (dice to reroll, cards to pay with, a battle's
    command cards); empty for an action that is not built that way."""
    ordered: bool = False
    """Whether the order of :attr:`select` matters (the order the cards are played in)."""
    group: Words = ""
    """A short heading the action belongs to in a list of actions (``Attack``, ``Ready an Item``)."""

    @property
    def first(self) -> str | None:
        """The object a player clicks to start this action, if any."""
        return self.objects[0] if self.objects else (self.select[0] if self.select else None)

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        """JSON-ready form, the group in ``lang`` (default: the current language)."""
        return {"objects": list(self.objects), "select": list(self.select), "ordered": self.ordered,
                "group": tr(self.group, lang)}


NO_PARTS: Final = ActionParts()
"""The parts of an action that names no table object."""


@dataclass(frozen=True)
class Zone:
    """A public zone a player may look at (``view NAME``): what it is, and how a view draws it."""

    description: Words
    """One line for ``help``."""
    render: Callable[[Mapping[str, Any]], str]
    """Draws the zone from a view, as Rich markup."""


@dataclass(frozen=True)
class GameInfo:
    """A game's nature, declared up front (players, chance, information)."""

    id: str
    """Registry id, e.g. ``swordplay``."""
    name: Words
    """Full title (both languages where they differ)."""
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
    summary: Words = ""
    """One paragraph a player reads before playing."""


@dataclass(frozen=True)
class TurnPhase:
    """One phase of a game's turn or round as its rulebook names it, for the rules panel that lists the game's
    phases with the current one marked (:meth:`Game.phases`, :meth:`Game.phase`).

    >>> TurnPhase("combat", "Combat", "SWP-030").clause
    'SWP-030'
    """

    id: str
    """A short id (``discard``, ``outpost``), what :meth:`Game.phase` returns."""
    name: Words
    """The phase's name as the rulebook gives it, in the reader's language."""
    clause: str = ""
    """The checklist clause that lists the phase (``SWP-030``)."""

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        """JSON-ready form, the name in ``lang`` (default: the current language)."""
        return {"id": self.id, "name": tr(self.name, lang), "clause": self.clause}


@dataclass(frozen=True)
class Variant:
    """A named way to play: seat counts and option overrides (a row of a game's variants table)."""

    seats: tuple[int, ...]
    """The seat counts this variant supports."""
    options: Mapping[str, Any] = field(default_factory=dict)
    """Option overrides that make this variant."""
    description: Words = ""
    """One line for ``bouts rules``."""


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
class Game(Stepping[S, A], ABC, Generic[S, A]):
    """One game, as a set of pure functions over its states.

    The hot methods (:meth:`legal_actions`, :meth:`sample_chance`, and the fast path's :meth:`fork` and
    :meth:`advance`) come from :class:`bouts.core.stepping.Stepping`, which a compiled build compiles.
    """

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
    option_help: ClassVar[Mapping[str, Words]] = {}
    """Each option's name with a one-line description and default."""
    options_model: ClassVar[type[Any] | None] = None
    """The game's options schema (a :class:`bouts.core.options.Options` model), for forms and validation."""

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

    def is_legal(self, state: S, seat: Seat, action: A) -> bool:
        """Whether ``seat`` may take ``action`` now."""
        if seat == CHANCE and seat in self.to_act(state):
            return self.is_legal_chance(state, action)
        return holds(self.legal_actions(state, seat), action)

    def is_legal_chance(self, state: S, action: A) -> bool:
        """Whether a forced chance outcome is possible now; override for unlisted outcomes."""
        return holds(self.legal_actions(state, CHANCE), action)

    def apply(self, state: S, seat: Seat, action: A | str) -> S:
        """A new state after ``seat`` takes ``action``; ``state`` is unchanged.

        Raises :class:`IllegalAction` with a message a player understands.
        """
        if isinstance(action, str):
            action = self.parse_action(state, seat, action)
        acting = self.to_act(state)
        if seat not in acting:
            if not acting:
                raise IllegalAction(M_("the game is over"))
            who = [self.seat_name(state, s) for s in acting]
            raise IllegalAction(M_("it is not {seat}'s decision now (waiting for {waiting})",
                                   seat=self.seat_name(state, seat), waiting=who))
        if not self.is_legal(state, seat, action):
            raise IllegalAction(M_("{action} is not a legal action for {seat} now", action=str(action),
                                   seat=self.seat_name(state, seat)))
        new = state.clone()
        new.events = []
        new._legal = {}
        self._apply(new, seat, action)
        return new

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
            raise IllegalAction(M_("it is not {seat}'s decision now", seat=self.seat_name(state, seat)))
        raise IllegalAction(M_("'{text}' is not a legal action for {seat} now", text=text,
                               seat=self.seat_name(state, seat)))

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

    def is_cooperative(self, state: S) -> bool:
        """Whether the seats of this match win or lose together (a game may have both kinds of mode: Swordplay's
        arena is every Hero for itself, its co-op mode is not); :attr:`GameInfo.cooperative` by default."""
        return self.info.cooperative

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
    def seat_name(self, state: S, seat: Seat) -> Words:
        """A short name for a seat as the table prints it (seats are counted from 1 on screen: ``Seat 1``)."""
        return M_("chance") if seat == CHANCE else M_("Seat {number}", number=seat + 1)

    def describe(self, state: S, seat: Seat, action: A) -> str:
        """A sentence describing ``action`` for a menu, in the current language; defaults to its text form."""
        return str(action)

    def action_parts(self, state: S, seat: Seat, action: A) -> ActionParts:
        """The table objects ``action`` involves (see :class:`ActionParts`); none by default.

        A game declares them next to its actions, with the object names its view and renderers use, so the
        browser and the terminal let a player start an action by pointing at a card, a die or an area.
        """
        return NO_PARTS

    def clauses(self) -> Mapping[str, Text]:
        """One line per clause id of the game's checklist (``SWP-019`` -> what the rule says), for a log line
        that shows the rule behind it: the table ``clauses.toml`` beside the game's module, if there is one."""
        package = type(self).__module__.rpartition(".")[0]
        cache: dict[str, Mapping[str, Text]] = vars(Game)["_clause_tables"]
        found = cache.get(package)
        if found is None:
            from bouts.core.clauses import load_clauses

            found = cache[package] = load_clauses(package)
        return found

    _clause_tables: ClassVar[dict[str, Mapping[str, Text]]] = {}

    def strategy(self) -> Any | None:
        """The game's own strategy: the module ``strategy`` beside the game's module, or ``None``.

        A game brings its strategy with it (so a game added by entry point gets ``heuristic``,
        ``hint`` and tuned ``ismcts`` without touching ``agents``). The module defines
        ``choose(game, state, seat, rng) -> action`` (the heuristic, using only what ``seat`` may
        know), and optionally ``evaluate(game, state) -> per-seat values``,
        ``settled(game, state) -> bool`` and ``SEARCH`` (IS-MCTS settings it recommends).
        """
        return self._module_beside("strategy")

    def _module_beside(self, module: str) -> Any | None:
        """The module ``module`` in the game's package (``strategy``, ``phases``), or None without one."""
        package = type(self).__module__.rpartition(".")[0]
        name = f"{package}.{module}" if package else module
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            return None

    def phases(self) -> tuple[TurnPhase, ...]:
        """The game's phases in the order its rulebook lists them (set-up first): ``PHASES`` of the module
        ``phases`` beside the game's module, or none (a game without that module has no phase list)."""
        module = self._module_beside("phases")
        return tuple(getattr(module, "PHASES", ())) if module is not None else ()

    def phase(self, state: S) -> str | None:
        """The id of the phase ``state`` is in (one of :meth:`phases`), or ``None`` once the game is over or for a
        game without a phase list: ``current(state)`` of the module ``phases`` beside the game's module. The
        phase is public: every seat and spectator sees the same one."""
        module = self._module_beside("phases")
        current = getattr(module, "current", None) if module is not None else None
        found = current(state) if current is not None else None
        return found if isinstance(found, str) else None

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

    def recommend(self, state: S, seat: Seat) -> tuple[A, str] | None:
        """The action ``hint`` recommends at ``seat``'s decision and why (in the current language), or ``None``.

        The terminal takes it when the player presses Enter, and the browser makes it glow. The default is
        the strategy's ``choose`` with its ``explain`` (else a generic reason); a game whose :meth:`hints`
        come from its own advisor overrides this so that Enter takes what the hint says.
        """
        legal = self.legal_actions(state, seat)
        strategy = self.strategy()
        if not legal or strategy is None or not hasattr(strategy, "choose"):
            return None
        action = strategy.choose(self, state, seat, random.Random(0))
        explain = getattr(strategy, "explain", None)
        reason = tr(explain(self, state, seat, action)) if callable(explain) else ""
        if not reason:
            reason = (_("it is the only legal action") if len(legal) == 1
                      else _("the {game} heuristic's choice among {count} legal actions", game=self.info.name,
                             count=len(legal)))
        return action, reason

    def advice(self, state: S, seat: Seat) -> list[str]:
        """What ``hint`` shows at ``seat``'s decision: the game's :meth:`hints`, else :meth:`recommend` with its
        reason. Empty only when the game has neither, or ``seat`` is not to decide."""
        hints = self.hints(state, seat)
        if hints:
            return hints
        found = self.recommend(state, seat)
        if found is None:
            return []
        action, reason = found
        return [_("{action} [{text}]: {reason}", action=self.describe(state, seat, action), text=str(action),
                  reason=reason)]

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

    def idle_answer(self, state: S, seat: Seat) -> A | None:
        """The answer a terminal may give for ``seat`` without asking, when the decision offers it nothing that
        could change anything now (e.g. a window where only an any-time special action could be used, and
        using it later changes the same): ``None`` by default, always ask.

        Unlike :meth:`is_trivial` the decision may have other options, and skipping it may hint at the
        seat's hidden hand, so a terminal takes this only for a player nobody else watches (never in
        hot-seat play). The answer must be legal.
        """
        return None

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
        """Public zones a player may look at by name: name -> one-line description (current language)."""
        return {name: tr(zone.description) for name, zone in self.public_zones().items()}

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

    def options_form(self) -> list[dict[str, Any]]:
        """The game's options as form controls (see :func:`bouts.core.options.options_form`); none without a
        schema."""
        if self.options_model is None:
            return []
        from bouts.core.options import options_form

        return options_form(self.options_model, self.option_help)

    def options_help(self) -> dict[str, str]:
        """Option names with a one-line description and default, in the current language."""
        return {name: tr(text) for name, text in self.option_help.items()}

    def variants(self) -> dict[str, Variant]:
        """The game's ways to play, by name; tools (tests, ``bouts rules``) iterate over them."""
        info = self.info
        return {"standard": Variant(tuple(range(info.min_seats, info.max_seats + 1)))}


def _same_class(cls: type, params: Any) -> type:
    return cls


if not hasattr(Game, "__class_getitem__"):  # the compiled build: mypyc leaves Generic out of a plain class
    setattr(Game, "__class_getitem__", classmethod(_same_class))  # noqa: B010  (Game[S, A] works at run time)
