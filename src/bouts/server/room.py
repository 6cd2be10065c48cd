"""A live match on the server: its :class:`Match`, its seats, and who is watching.

Every change goes through :meth:`Room.act` (or :meth:`Room.undo`) under the room's
lock: the game validates the action, pending chance steps are resolved with the
match's secret seed, the new actions are committed to the database, and only then
is the sender acknowledged and every connection sent its own frame.

A frame for a seat is built from ``game.view(state, seat)``, that seat's log
(``Match.log(seat)``) and, when it is to act, its legal actions: never from
anything else, so no frame can carry another seat's hidden cards, the deck order,
the seed or the RNG state.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from bouts.core import CHANCE, IllegalAction, Match
from bouts.core.contract import Seat
from bouts.core.i18n import tr
from bouts.server.store import MatchRecord


class Sink(Protocol):
    """Somewhere frames go: a WebSocket connection, or a test's list."""

    seat: Seat | None
    """The seat it speaks for (``None``: a spectator)."""
    log_sent: int
    """How many log entries it has been sent."""
    epoch: int
    """The room's undo epoch when its log was last sent in full."""
    steps_seen: int
    """How many of the match's steps its log has covered."""

    async def send(self, frame: dict[str, Any]) -> None:
        """Deliver one frame."""


Commit = Callable[[str, int, list[tuple[int, str]], dict[str, Any] | None, bool], Awaitable[None]]
Truncate = Callable[[str, int], Awaitable[None]]
Decide = Callable[[str, Any, Seat, str, int], Awaitable[str]]


@dataclass
class Room:
    """One live match and its connections."""

    record: MatchRecord
    match: Match
    commit: Commit
    truncate: Truncate
    decide: Decide
    sinks: set[Any] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    epoch: int = 0
    """Bumped by every undo: the logs sent so far are no longer right."""
    bot_task: asyncio.Task[None] | None = None
    touched: float = field(default_factory=time.time)
    """When someone last connected or the match last changed."""
    rematch: dict[str, Any] | None = None
    """After a rematch: the new match id and its tokens per seat (kept in memory)."""

    @property
    def id(self) -> str:
        """The match id."""
        return self.record.id

    def seat_name(self, seat: Seat) -> str:
        """The game's name for a seat."""
        return str(self.match.game.seat_name(self.match.state, seat))

    def is_bot(self, seat: Seat) -> bool:
        """Whether a bot plays ``seat``."""
        return bool(self.record.seat_kinds[seat]["kind"] == "bot")

    # -- frames ------------------------------------------------------------------------
    def frame(self, sink: Any, full: bool = False) -> dict[str, Any]:
        """The ``state`` frame for ``sink``: its view, its new log entries, its legal actions."""
        match, seat = self.match, sink.seat
        game, state = match.game, match.state
        acting = [s for s in match.to_act() if s != CHANCE]
        steps = match.steps
        seen = getattr(sink, "steps_seen", 0)
        if full or sink.epoch != self.epoch or seen > len(steps) or seen == 0:
            start, log = 0, match.log(seat)
        else:  # only the steps since the last frame: a frame costs the same early and late in a match
            start = sink.log_sent
            log = [e for step in steps[seen:] for e in step.events if e.is_visible_to(seat)]
        sink.log_sent, sink.epoch, sink.steps_seen = start + len(log), self.epoch, len(steps)
        legal: list[dict[str, str]] = []
        if seat is not None and seat in acting:
            legal = [{"text": str(a), "label": game.describe(state, seat, a)}
                     for a in game.legal_actions(state, seat)]
        outcome = match.outcome()
        connected = {s.seat for s in self.sinks}
        return {
            "type": "state",
            "match": self.id,
            "game": game.info.id,
            "title": tr(game.info.name),
            "seat": seat,
            "step": len(match.steps),
            "seats": [{"seat": s, "name": self.seat_name(s), "kind": self.record.seat_kinds[s]["kind"],
                       "agent": self.record.seat_kinds[s].get("agent"), "connected": s in connected}
                      for s in range(match.seats)],
            "view": match.view(seat),
            "to_act": acting,
            "waiting_for": [self.seat_name(s) for s in acting],
            "legal": legal,
            "can_undo": seat is not None and seat in range(match.seats) and match.can_undo(seat),
            "log_from": start,
            "log": [e.to_json() for e in log],
            "over": match.is_over,
            "outcome": None if outcome is None else outcome.to_json(),
        }

    async def broadcast(self) -> None:
        """Send every connection its own fresh frame."""
        self.touched = time.time()
        for sink in list(self.sinks):
            with contextlib.suppress(Exception):  # a closed socket is dropped by its own handler
                await sink.send(self.frame(sink))

    # -- changes -------------------------------------------------------------------------
    def _rollback(self, length: int) -> None:
        del self.match.states[length + 1:]
        del self.match.steps[length:]

    async def _commit_from(self, length: int) -> None:
        """Commit the actions from ``length`` on; on failure take them back in memory too."""
        match = self.match
        new = [(s.seat, s.action) for s in match.steps[length:]]
        outcome = match.outcome()
        try:
            await self.commit(self.id, length, new, None if outcome is None else outcome.to_json(), match.is_over)
        except Exception:
            self._rollback(length)
            raise
        if match.is_over:
            self.record.finished = True
            self.record.outcome = None if outcome is None else outcome.to_json()

    async def act(self, seat: Seat, text: str, step: int | None = None) -> int:
        """Validate and apply ``seat``'s action, resolve chance, commit; the new step count.

        Raises :class:`IllegalAction` (the match unchanged) when the game refuses it.
        """
        async with self.lock:
            match = self.match
            if step is not None and step != len(match.steps):
                raise IllegalAction("the table has changed since you chose: look again and choose anew")
            if seat not in match.to_act():
                if match.is_over:
                    raise IllegalAction("the game is over")
                names = ", ".join(self.seat_name(s) for s in match.to_act() if s != CHANCE)
                raise IllegalAction(f"it is not your decision now (waiting for {names})")
            length = len(match.steps)
            match.apply(text, seat)
            try:
                match.advance()
            except Exception:
                self._rollback(length)
                raise
            await self._commit_from(length)
            done = len(match.steps)
        await self.broadcast()
        self.wake_bots()
        return done

    async def undo(self, seat: Seat) -> None:
        """Take back ``seat``'s last decision when that is fair (``Match.undo``), in memory and in storage."""
        async with self.lock:
            match = self.match
            before = (list(match.states), list(match.steps))
            match.undo(seat)
            try:
                await self.truncate(self.id, len(match.steps))
            except Exception:
                match.states[:], match.steps[:] = before
                raise
            self.epoch += 1
        await self.broadcast()
        self.wake_bots()

    async def settle(self) -> None:
        """Resolve pending chance steps (a fresh match, or one rebuilt at a chance step) and commit them."""
        async with self.lock:
            length = len(self.match.steps)
            self.match.advance()
            if len(self.match.steps) != length:
                await self._commit_from(length)

    # -- bots ------------------------------------------------------------------------------
    def wake_bots(self) -> None:
        """Start the bot loop if a bot is to act and none is running."""
        if self.bot_task is not None and not self.bot_task.done():
            return
        if any(self.is_bot(s) for s in self.match.to_act() if s != CHANCE):
            self.bot_task = asyncio.get_running_loop().create_task(self._bots())

    async def _bots(self) -> None:
        """Let bots decide until only people (or nobody) are to act."""
        refused = 0
        while refused < 3:
            match = self.match
            bots = [s for s in match.to_act() if s != CHANCE and self.is_bot(s)]
            if not bots:
                return
            seat, step, state = bots[0], len(match.steps), match.state
            seed = random.Random(f"{self.record.seed}:{step}:{seat}").getrandbits(62)
            try:
                text = await self.decide(match.game.info.id, state, seat, self.record.seat_kinds[seat]["agent"],
                                         seed)
                await self.act(seat, text, step)
                refused = 0
            except IllegalAction as exc:
                if len(self.match.steps) == step:  # refused on the very table it was shown: a broken bot
                    refused += 1
                    print(f"bouts serve: match {self.id}: bot seat {seat} refused: {exc}", file=sys.stderr)
                # else someone acted or undid meanwhile: look again
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database is away: try again shortly
                print(f"bouts serve: match {self.id}: bot seat {seat}: {exc!r}", file=sys.stderr)
                await asyncio.sleep(1.0)


def rebuild(record: MatchRecord) -> Match:
    """The match a stored record describes, rebuilt by replaying its actions."""
    from bouts.core.registry import get_game

    game = get_game(record.game)
    match = Match(game, record.seats, record.options, None, record.seed)
    for seat, text in record.actions:
        match.apply(text, seat)
    return match
