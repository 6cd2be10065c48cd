"""A match: a game's state plus its full history.

A match is its options, its seed, its content id and its list of actions;
replaying that list gives the same game, bit for bit. Chance steps are
recorded as actions too, so a replay needs no random number generator.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bouts.core.content import ContentError, ContentPack
from bouts.core.contract import CHANCE, Game, IllegalAction, Outcome, Seat, State
from bouts.core.events import Event

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


def chance_rng(seed: int, step: int) -> random.Random:
    """The RNG that resolves the chance step at history index ``step``.

    Derived from the seed and the step alone, so a loaded match continues
    exactly as the original would have.
    """
    return random.Random(seed * 1_000_003 + step)


class Match:
    """A game in progress with its history; undo, save and replay."""

    def __init__(self, game: Game[Any, Any], seats: int, options: Mapping[str, Any] | None = None,
                 content: ContentPack | str | None = None, seed: int = 0) -> None:
        self.game = game
        self.seats = seats
        self.options = dict(options or {})
        pack: ContentPack = game.load_content(content) if content is None or isinstance(content, str) else content
        self.content = pack
        self.seed = seed
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
                raise IllegalAction("several seats are to act: say which seat acts")
            seat = acting[0]
        if isinstance(action, str):
            action = self.game.parse_action(self.state, seat, action)
        new = self.game.apply(self.state, seat, action)
        self.states.append(new)
        self.steps.append(Step(seat, str(action), self.game.events(new)))

    def step_chance(self) -> bool:
        """Resolve one pending chance step with the match's seeded RNG."""
        if self.to_act() != (CHANCE,):
            return False
        outcome = self.game.sample_chance(self.state, chance_rng(self.seed, len(self.steps)))
        self.apply(outcome, CHANCE)
        return True

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
        defender held no counter), and no event visible to ``seat`` that showed it
        something hidden. Repeated undos walk back through the seat's own consecutive
        decisions under the same rule.
        """
        if seat == CHANCE or not self.steps:
            return None
        step = self.steps[-1]
        if step.seat != seat:
            return None
        if any(e.is_news_to(seat) for e in step.events):
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
        """Why ``seat`` may not undo now, in words a player understands."""
        if not any(step.seat == seat for step in self.steps):
            return "undo is not possible now: you have made no decision yet"
        step = self.steps[-1]
        if step.seat == CHANCE:
            return "undo is not possible now: a die was rolled or a card drawn since your last decision"
        if step.seat != seat:
            return ("undo is not possible now: "
                    f"{self.game.seat_name(self.states[-2], step.seat)} has decided since your last decision")
        return "undo is not possible now: your last decision revealed something hidden to you"

    # -- logs -------------------------------------------------------------------
    def log(self, seat: Seat | None) -> list[Event]:
        """Every event ``seat`` may see, in order (``None``: a spectator)."""
        return [e for step in self.steps for e in step.events if e.is_visible_to(seat)]

    # -- saving -------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The match as data: options, seed, content id and actions."""
        return {
            "format": FORMAT,
            "game": self.game.info.id,
            "seats": self.seats,
            "options": self.options,
            "seed": self.seed,
            "content": {"id": self.content.id, "path": self.content.path},
            "actions": [[s.seat, s.action] for s in self.steps],
        }

    def dumps(self) -> str:
        """The match as JSON text."""
        return json.dumps(self.to_json(), indent=1, ensure_ascii=False)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], game: Game[Any, Any] | None = None) -> Match:
        """Rebuild a match by replaying its actions; every problem is a :class:`MatchFileError`."""
        from bouts.core.registry import get_game

        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise MatchFileError(f"not a bouts match file (expected format '{FORMAT}')")
        try:
            game = game or get_game(str(data["game"]))
            content_info = data.get("content") or {}
            pack = game.load_content(content_info.get("path"))
            if content_info.get("id") and content_info["id"] != pack.id:
                raise MatchFileError(
                    f"the match was played with content '{content_info['id']}' but "
                    f"'{pack.id}' was found: the content pack has changed")
            match = cls(game, int(data["seats"]), data.get("options") or {}, pack, int(data.get("seed", 0)))
            for number, entry in enumerate(data.get("actions", []), start=1):
                seat, text = entry
                try:
                    match.apply(str(text), int(seat))
                except IllegalAction as exc:
                    raise MatchFileError(f"action #{number} ({seat}: '{text}'): {exc}") from None
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, MatchFileError):
                raise
            if isinstance(exc, ContentError):
                raise MatchFileError(str(exc)) from None
            raise MatchFileError(f"malformed match file: {exc!r}") from None
        return match

    @classmethod
    def loads(cls, text: str, game: Game[Any, Any] | None = None) -> Match:
        """Rebuild a match from JSON text."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise MatchFileError(f"not JSON: {exc}") from None
        return cls.from_json(data, game)
