"""Leaks: every frame sent to every seat and spectator during 100 random bot matches per game.

Each frame is checked against the game's own ``view``: its view must be exactly
``game.view(state, seat)``, its log exactly the events that seat may see, and no
string that only another seat's view holds (its hand, its sealed choice...) may
appear anywhere in the frame; nor may the seed.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from bouts.core import CHANCE, Match
from bouts.core.registry import game_ids, get_game
from bouts.server.bus import LocalBus
from bouts.server.room import Room, localize
from bouts.server.store import MatchRecord

MATCHES = 100
SHORT: dict[str, dict[str, Any]] = {"swordplay": {"turn_limit": 20}, "fgo_duel": {"turn_limit": 16}}
"""Short games keep the check fast: the house rule ends a match in a draw after that many turns."""


def leaves(value: Any) -> set[str]:
    """Every string in a JSON value: values, and keys that are not plain schema words (``use``, ``hand``), so
    a hidden card id used as a key still counts."""
    found: set[str] = set()
    add = found.add
    stack = [value]
    pop, push, extend = stack.pop, stack.append, stack.extend
    while stack:
        item = pop()
        kind = type(item)
        if kind is str:
            add(item)
        elif kind is dict:
            for key, inner in item.items():
                if type(key) is not str or not (key.isalpha() and key.islower()):
                    add(str(key))
                push(inner)
        elif kind is list:
            extend(item)
    return found


class Views:
    """The game's own views of the current state, and each seat's private strings, worked out once per step."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.state: Any = None
        self.views: dict[int | None, dict[str, Any]] = {}
        self.localized: dict[int | None, dict[str, Any]] = {}
        self.private: dict[int, set[str]] = {}
        self.public: set[str] = set()
        self.public_log: set[str] = set()
        self.public_log_seen = 0

    def refresh(self) -> None:
        match = self.room.match
        if match.state is self.state:
            return
        self.state = match.state
        self.views = {seat: match.game.view(match.state, seat) for seat in [*range(match.seats), None]}
        self.localized = {}
        # public: the spectator's view and the game's public log so far (a card name an event showed everyone
        # earlier may also be in a hand now; whether the game's own log leaks is the conformance suite's check,
        # this test checks that the server adds nothing private to a frame). Bots never undo, so the public
        # log only grows: its strings are gathered once per event.
        log = match.log(None)
        self.public_log |= leaves([e.to_json() for e in log[self.public_log_seen:]])
        self.public_log_seen = len(log)
        self.public = leaves(self.views[None]) | self.public_log
        self.private = {seat: leaves(self.views[seat]) - self.public for seat in range(match.seats)}

    def localized_view(self, seat: int | None) -> dict[str, Any]:
        """``seat``'s view as the server localizes it (English), made once per state."""
        found = self.localized.get(seat)
        if found is None:
            found = self.localized[seat] = localize(self.views[seat], "en")
        return found


class Capture:
    """A connection that checks each frame as it is built for it."""

    def __init__(self, room: Room, seat: int | None, views: Views) -> None:
        self.room, self.seat, self.views = room, seat, views
        self.log_sent = 0
        self.epoch = 0
        self.steps_seen = 0
        self.acting = False
        self.away = False
        self.frames = 0

    def push(self, message: dict[str, Any]) -> None:
        assert message["type"] == "chat"

    def changed(self, full: bool = False) -> None:
        for frame in self.room.messages_for(self, full):
            if frame["type"] == "state":
                self.check(frame)

    def check(self, frame: dict[str, Any]) -> None:
        match, seat, views = self.room.match, self.seat, self.views
        views.refresh()
        assert frame["view"] == views.localized_view(seat)
        log = match.log(seat)
        assert frame["log_from"] + len(frame["log"]) == len(log)
        extra = ("step", "actor", "turn")
        assert [{k: v for k, v in e.items() if k not in extra} for e in frame["log"]] == [
            e.to_json() for e in log[frame["log_from"]:]]
        text = json.dumps(frame)
        assert '"seed"' not in text and str(self.room.record.seed) not in text
        # the view is the game's own (checked above); everything else in the frame must hold nothing private
        # (``changed`` is made only from this seat's own previous and new views, so its paths hold the view's
        # key names, which are not secrets; every other key must hold nothing another seat keeps private)
        # ``rules`` is the rules panel: the game's summary, its declared phases and the options (public, the same for
        # every reader), the current phase (one of the declared ones) and the phase word of this seat's own view
        rules = frame.get("rules") or self.room.rules(frame["view"], "en")  # sent when it changes
        declared = {p.id for p in match.game.phases()}
        assert rules["current"] is None or rules["current"] in declared, rules["current"]
        assert rules["phase"] is None or rules["phase"] in leaves(frame["view"]), rules["phase"]
        public_rules = leaves({k: v for k, v in rules.items() if k not in ("current", "phase")})
        assert public_rules <= leaves(self.room.rules({}, "en")), "the rules panel differs between readers"
        shown = leaves({k: v for k, v in frame.items() if k not in ("view", "changed", "rules")})
        own = views.private.get(seat, set()) if seat is not None else set()
        for other in range(match.seats):
            if other == seat:
                continue
            leaked = (shown & views.private[other]) - own
            assert not leaked, f"seat {seat} was sent {sorted(leaked)[:5]} from seat {other}'s view"
        if frame["legal"]:
            assert seat is not None and seat in match.to_act()
        self.frames += 1


class Services:
    """What a room needs, without storage: this test checks frames (the store is tested elsewhere)."""

    def __init__(self, game: Any, rng: random.Random) -> None:
        self.store = self
        self.bus = LocalBus()
        self.bots = self
        self.game, self.rng = game, rng

    async def run_db(self, function: Any, *args: Any) -> Any:
        return None

    def append(self, *_: Any) -> None:
        return None

    async def decide(self, _g: str, state: Any, seat: int, _spec: str, _seed: int, _match: str = "") -> str:
        return str(self.rng.choice(self.game.legal_actions(state, seat)))

    def lobby_changed(self, tell_others: bool = True) -> None:
        return None

    def room_idle(self, room: Room) -> None:
        return None


async def play(game_id: str, number: int) -> int:
    game = get_game(game_id)
    seats = max(2, game.info.min_seats)
    seed = 10_000 + number
    options = SHORT.get(game_id, {})
    match = Match(game, seats, options, None, seed)
    record = MatchRecord(id=f"m{number}", game=game_id, seats=seats, options=options, seed=seed,
                         content_id=match.content.id, seat_kinds=[{"kind": "bot", "agent": "random"}] * seats,
                         token_digests=[None] * seats, spectator_digest="", claimed=[False] * seats)
    room = Room(record, match, Services(game, random.Random(seed)), owner=True)
    views = Views(room)
    sinks = [Capture(room, seat, views) for seat in [*range(seats), None]]
    room.sinks.update(sinks)
    await room.settle()
    room.broadcast()
    room.wake_bots()
    for _ in range(5000):
        if room.bot_task is None or room.bot_task.done():
            break
        await asyncio.sleep(0)
    assert room.bot_task is not None
    # a failed check inside a frame is retried by the room's bot loop (it takes it for a database hiccup):
    # bound the wait so that such a failure fails the test instead of hanging it
    await asyncio.wait_for(room.bot_task, 120)
    assert match.is_over or CHANCE in match.to_act()
    return sum(s.frames for s in sinks)


@pytest.mark.parametrize("game_id", game_ids())
def test_no_frame_holds_another_seats_hidden_information(game_id: str) -> None:
    """100 random bot matches: every frame to every seat and spectator checked against the game's view."""
    frames = 0
    for number in range(MATCHES):
        frames += asyncio.run(play(game_id, number))
    assert frames > MATCHES
