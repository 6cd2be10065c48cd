"""A match: a game's state plus its full history.

A match is its options, its seed, its content id and its list of actions;
replaying that list gives the same game, bit for bit. Chance steps are
recorded as actions too, so a replay needs no random number generator.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bouts.core.content import ContentError, ContentPack, json_problem
from bouts.core.contract import CHANCE, Game, IllegalAction, Outcome, Seat, State
from bouts.core.events import Event
from bouts.core.i18n import BOUTS, Message, tr

M_ = BOUTS.message

FORMAT = "bouts-match/1"


class MatchFileError(ValueError):
    """A saved match that cannot be read; the message says what and where."""


@dataclass(frozen=True)
class Step:
    """One applied action and what it caused."""

    seat: Seat
    """Who acted (``CHANCE`` for a random step)."""
    action: str
    """The action's text form."""
    events: tuple[Event, ...]
    """The events it produced."""
    drawn: bool = False
    """A chance step drawn by the match's own seeded RNG (False: forced by a test or a tool)."""


def new_seed() -> int:
    """A fresh secret seed from the operating system's CSPRNG (63 bits)."""
    return secrets.randbits(63)


def chance_rng(seed: int, step: int) -> random.Random:
    """The RNG that resolves the chance step at history index ``step``.

    Keyed by the secret seed (HMAC-SHA256 of the step index under the seed), so a
    loaded match continues exactly as the original would have, while nobody who
    lacks the seed can compute any outcome from the outcomes seen so far.
    """
    digest = hmac.new(str(seed).encode(), f"bouts-chance/{step}".encode(), hashlib.sha256).digest()
    return random.Random(int.from_bytes(digest, "big"))


class Match:
    """A game in progress with its history; undo, save and replay.

    The match owns its seed, a secret: chance steps are resolved from it
    (:meth:`step_chance`) and no view, log or event carries it. Leave ``seed`` out
    to draw a fresh one (what interactive play and a server do); show it only
    through :meth:`revealed_seed` (``None`` until the game is over) or a save.
    """

    def __init__(self, game: Game[Any, Any], seats: int, options: Mapping[str, Any] | None = None,
                 content: ContentPack | str | None = None, seed: int | None = None) -> None:
        self.game = game
        self.seats = seats
        self.options = dict(options or {})
        pack: ContentPack = game.load_content(content) if content is None or isinstance(content, str) else content
        self.content = pack
        if seed is None:
            seed = new_seed()
        self.seed = seed
        """The secret seed; never send it to a seat before the match is over."""
        self.states: list[State] = [game.setup(seats, self.options, content, seed)]
        self.steps: list[Step] = []

    # -- state --------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The current state."""
        return self.states[-1]

    def to_act(self) -> tuple[Seat, ...]:
        """Who must decide now."""
        return self.game.to_act(self.state)

    def legal_actions(self, seat: Seat) -> tuple[Any, ...]:
        """The legal actions of ``seat`` now."""
        return self.game.legal_actions(self.state, seat)

    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None``."""
        return self.game.outcome(self.state)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return not self.to_act()

    def view(self, seat: Seat | None) -> dict[str, Any]:
        """What ``seat`` may know now."""
        return self.game.view(self.state, seat)

    # -- acting ---------------------------------------------------------------
    def apply(self, action: Any, seat: Seat | None = None) -> None:
        """Apply ``action`` (an action or its text) for ``seat``.

        ``seat`` may be left out when exactly one seat is to act.
        """
        acting = self.to_act()
        if seat is None:
            if len(acting) != 1:
                raise IllegalAction(M_("several seats are to act: say which seat acts"))
            seat = acting[0]
        self._apply(action, seat, drawn=False)

    def _apply(self, action: Any, seat: Seat, *, drawn: bool) -> None:
        if isinstance(action, str):
            action = self.game.parse_action(self.state, seat, action)
        new = self.game.apply(self.state, seat, action)
        self.states.append(new)
        self.steps.append(Step(seat, str(action), self.game.events(new), drawn))

    def draw_chance(self) -> Any:
        """The outcome the secret seed gives the pending chance step (not applied)."""
        return self.game.sample_chance(self.state, chance_rng(self.seed, len(self.steps)))

    def step_chance(self) -> bool:
        """Resolve one pending chance step with the match's secret seed."""
        if self.to_act() != (CHANCE,):
            return False
        self._apply(self.draw_chance(), CHANCE, drawn=True)
        return True

    def revealed_seed(self) -> int | None:
        """The seed, once the game is over (``None`` before: it would give away every future roll)."""
        return self.seed if self.is_over else None

    def advance(self) -> None:
        """Resolve chance steps until a seat must decide or the game ends."""
        while self.step_chance():
            pass

    # -- undo -----------------------------------------------------------------
    def _undo_point(self, seat: Seat) -> int | None:
        """History index of the decision ``seat`` would take back, if undoing it is fair.

        The one rule of fair undo, for every game: a seat takes back only its own last
        decision, and only while nothing has happened since but that decision itself:
        no chance step, no other seat's decision (a bot's "take the hit" told you the
        defender held no counter), and no event that showed anyone something hidden:
        not ``seat`` (a card it drew) and not the others (a card it played face up: they
        cannot unsee it). Repeated undos walk back through the seat's own consecutive
        decisions under the same rule.
        """
        if seat == CHANCE or not self.steps:
            return None
        step = self.steps[-1]
        if step.seat != seat:
            return None
        if any(e.is_news_to_anyone for e in step.events):
            return None
        return len(self.steps) - 1

    def can_undo(self, seat: Seat) -> bool:
        """Whether ``seat`` may take back its last decision (see :meth:`_undo_point` for the rule)."""
        return self._undo_point(seat) is not None

    def undo(self, seat: Seat) -> None:
        """Take back ``seat``'s last decision, when fair."""
        index = self._undo_point(seat)
        if index is None:
            raise IllegalAction(self.undo_refusal(seat))
        del self.states[index + 1:]
        del self.steps[index:]

    def undo_refusal(self, seat: Seat) -> str:
        """Why ``seat`` may not undo now, in words a player understands (in the current language)."""
        if not any(step.seat == seat for step in self.steps):
            return tr(M_("undo is not possible now: you have made no decision yet"))
        step = self.steps[-1]
        if step.seat == CHANCE:
            return tr(M_("undo is not possible now: a die was rolled or a card drawn since your last decision"))
        if step.seat != seat:
            return tr(M_("undo is not possible now: {player} has decided since your last decision",
                         player=self.game.seat_name(self.states[-2], step.seat)))
        return tr(M_("undo is not possible now: your last decision showed something hidden (a card drawn, played "
                     "or revealed)"))

    # -- logs -------------------------------------------------------------------
    def log(self, seat: Seat | None) -> list[Event]:
        """Every event ``seat`` may see, in order (``None``: a spectator)."""
        return [e for step in self.steps for e in step.events if e.is_visible_to(seat)]

    def forced_steps(self) -> list[int]:
        """The chance steps not drawn from the seed (forced by a test or a tool, or loaded from a file
        that marks them forced or has no seed), numbered from 1 as ``bouts replay`` lists them.

        Nothing vouches for these outcomes: a file edited by hand can pass a chosen roll off as forced.
        """
        return [number for number, step in enumerate(self.steps, start=1) if step.seat == CHANCE and not step.drawn]

    # -- saving -------------------------------------------------------------------
    def to_json(self, saved_by: Seat | None = None) -> dict[str, Any]:
        """The match as data: options, seed, content id and actions.

        ``forced`` lists the chance steps that were not drawn from the seed (forced by
        a test or a tool); every other chance step is checked against the seed on
        loading. ``saved_by`` records the seat that saved an unfinished match:
        ``bouts replay`` then shows it only as that seat saw it. ``over`` says whether the
        game had ended.
        """
        data: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game.info.id,
            "seats": self.seats,
            "options": self.options,
            "seed": self.seed,
            "content": {"id": self.content.id, "path": self.content.path},
            "actions": [[s.seat, s.action] for s in self.steps],
            "over": self.is_over,
        }
        forced = [i for i, s in enumerate(self.steps) if s.seat == CHANCE and not s.drawn]
        if forced:
            data["forced"] = forced
        if saved_by is not None:
            data["saved_by"] = saved_by
        return data

    def dumps(self, saved_by: Seat | None = None) -> str:
        """The match as JSON text."""
        return json.dumps(self.to_json(saved_by), indent=1, ensure_ascii=False)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], game: Game[Any, Any] | None = None) -> Match:
        """Rebuild a match by replaying its actions; every problem is a :class:`MatchFileError`."""
        from bouts.core.registry import get_game

        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise MatchFileError(M_("not a bouts match file (expected format '{format}')", format=FORMAT))
        try:
            game = game or get_game(str(data["game"]))
            content_info = data.get("content") or {}
            if not isinstance(content_info, Mapping):
                raise MatchFileError(M_("'content' must be an object with the pack's id and path, not {value}",
                                        value=json.dumps(content_info)[:40]))
            if not isinstance(content_info.get("path"), str | None) or not isinstance(content_info.get("id"),
                                                                                       str | None):
                raise MatchFileError(M_("'content' path and id must be text"))
            pack = game.load_content(content_info.get("path"))
            if content_info.get("id") and content_info["id"] != pack.id:
                raise MatchFileError(M_("the match was played with content '{played}' but '{found}' was found: the "
                                        "content pack has changed", played=str(content_info["id"]), found=pack.id))
            seed = data.get("seed")
            checked = seed is not None
            match = cls(game, _whole(data["seats"], "seats"), _mapping(data.get("options") or {}), pack,
                        _whole(seed, "seed") if checked else 0)
            actions = data.get("actions", [])
            if not isinstance(actions, list):
                raise MatchFileError(M_("'actions' must be a list"))
            forced = set(data.get("forced") or ())
            for number, entry in enumerate(actions, start=1):
                if not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[1], str):
                    raise MatchFileError(M_("action #{number} must be a pair [seat, text]", number=number))
                seat, text = entry
                seat = _whole(seat, M_("action #{number}'s seat", number=number))
                drawn = False
                if checked and seat == CHANCE and number - 1 not in forced:
                    expected = str(match.draw_chance())
                    if " ".join(str(text).split()) != expected:
                        raise MatchFileError(M_("action #{number} (chance: '{text}') is not what the seed gives "
                                                "('{expected}'): the recorded chance step was changed",
                                                number=number, text=str(text), expected=expected))
                    drawn = True
                try:
                    match._apply(str(text), seat, drawn=drawn)
                except IllegalAction as exc:
                    raise MatchFileError(M_("action #{number} ({seat}: '{text}'): {problem}", number=number,
                                            seat=seat, text=str(text), problem=_reason(exc))) from None
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, MatchFileError):
                raise
            if isinstance(exc, ContentError):
                raise MatchFileError(_reason(exc)) from None
            if isinstance(exc, ValueError) and exc.args and isinstance(exc.args[0], Message):
                raise MatchFileError(M_("malformed match file: {problem}", problem=exc.args[0])) from None
            raise MatchFileError(M_("malformed match file: {problem}", problem=repr(exc))) from None
        return match

    @classmethod
    def loads(cls, text: str, game: Game[Any, Any] | None = None) -> Match:
        """Rebuild a match from JSON text."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise MatchFileError(M_("not JSON: {problem}", problem=json_problem(exc))) from None
        except RecursionError:
            raise MatchFileError(M_("not a bouts match file: its JSON is nested too deeply")) from None
        return cls.from_json(data, game)


def _whole(value: Any, what: str | Message) -> int:
    """A whole number from a match file (``true`` is not a number)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise MatchFileError(M_("{what} must be a whole number, not {value}", what=what,
                                value=json.dumps(value)[:40]))
    return value


def _mapping(value: Any) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise MatchFileError(M_("'options' must be an object"))
    return value


def _reason(exc: Exception) -> Message | str:
    """An error's message, still to be translated when it is a :class:`Message`."""
    return exc.args[0] if exc.args and isinstance(exc.args[0], Message) else str(exc)
