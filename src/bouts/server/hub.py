"""The hub: every live room, the store behind them, the bot pool; match creation and restart."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from bouts.agents import AgentSpecError
from bouts.core import ContentError, Match, OptionsError
from bouts.core.contract import Seat
from bouts.core.i18n import tr
from bouts.core.registry import UnknownGame, get_game
from bouts.server import tokens
from bouts.server.bots import BotPool, check_spec
from bouts.server.room import Room, rebuild
from bouts.server.store import MatchRecord, Store

T = TypeVar("T")

SEAT_KINDS = ("open", "reserved", "bot")


class LobbyError(ValueError):
    """A request the lobby cannot honour; the message says why (sent as a 4xx)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Grant:
    """What a token opens: a seat of a match, or its spectator view (``seat`` is ``None``)."""

    room: Room
    seat: Seat | None


class Hub:
    """Live rooms over one store."""

    def __init__(self, store: Store, bot_processes: int = 1) -> None:
        self.store = store
        self.rooms: dict[str, Room] = {}
        self.bots = BotPool(bot_processes)
        self.db = ThreadPoolExecutor(max_workers=1 if store.is_sqlite else 8, thread_name_prefix="db")

    async def run_db(self, function: Callable[..., T], *args: Any) -> T:
        """Run a blocking store call on the database threads."""
        return await asyncio.get_running_loop().run_in_executor(self.db, function, *args)

    # -- life cycle ----------------------------------------------------------------------
    async def start(self) -> None:
        """Migrate the schema and rebuild every unfinished match by replay."""
        await self.run_db(self.store.migrate)
        for record in await self.run_db(self.store.unfinished):
            try:
                match = rebuild(record)
            except (ValueError, KeyError) as exc:  # a game changed under a stored match: leave it be
                print(f"bouts serve: match {record.id} cannot be replayed: {exc}", flush=True)
                continue
            room = self._room(record, match)
            await room.settle()
            room.wake_bots()

    async def stop(self) -> None:
        """Stop bots, workers and connections."""
        for room in self.rooms.values():
            if room.bot_task is not None:
                room.bot_task.cancel()
        self.bots.close()
        self.db.shutdown(wait=True)
        self.store.close()

    def _room(self, record: MatchRecord, match: Match) -> Room:
        async def commit(match_id: str, first: int, steps: list[tuple[int, str]],
                         outcome: dict[str, Any] | None, finished: bool) -> None:
            await self.run_db(self.store.append, match_id, first, steps, outcome, finished)

        async def truncate(match_id: str, length: int) -> None:
            await self.run_db(self.store.truncate, match_id, length)

        room = Room(record, match, commit, truncate, self.bots.decide)
        self.rooms[record.id] = room
        return room

    # -- lobby -----------------------------------------------------------------------------
    async def create(self, game_id: str, seats: list[dict[str, Any]], options: dict[str, Any] | None = None,
                     variant: str | None = None, content: str | None = None,
                     rematch_of: str | None = None) -> tuple[Room, list[str | None], str]:
        """Set up and store a new match; the room, each seat's token (``None`` for bots), the spectator token."""
        try:
            game = get_game(game_id)
        except UnknownGame as exc:
            raise LobbyError(str(exc)) from None
        if not seats:
            raise LobbyError("a match needs at least one seat")
        merged: dict[str, Any] = {}
        if variant is not None:
            found = game.variants().get(variant)
            if found is None:
                raise LobbyError(f"{game_id} has no variant '{variant}' (known: {', '.join(game.variants())})")
            if len(seats) not in found.seats:
                raise LobbyError(f"variant '{variant}' is for {', '.join(map(str, found.seats))} seats, "
                                 f"not {len(seats)}")
            merged.update(found.options)
        merged.update(options or {})
        if not game.info.min_seats <= len(seats) <= game.info.max_seats:
            raise LobbyError(f"{tr(game.info.name)} is for {game.info.min_seats} to {game.info.max_seats} seats, "
                             f"not {len(seats)}")
        kinds: list[dict[str, Any]] = []
        for number, seat in enumerate(seats):
            kind = seat.get("kind")
            if kind not in SEAT_KINDS:
                raise LobbyError(f"seat {number}: kind must be one of {', '.join(SEAT_KINDS)}, not {kind!r}")
            if kind == "bot":
                try:
                    kinds.append({"kind": "bot", "agent": check_spec(str(seat.get("agent") or "random"))})
                except AgentSpecError as exc:
                    raise LobbyError(f"seat {number}: {exc}") from None
            else:
                kinds.append({"kind": kind})
        reference = game.load_content(None)
        if content not in (None, "", reference.id):
            raise LobbyError(f"content pack '{content}' is not on this server (available: {reference.id})")
        seed = secrets.randbits(62)
        try:
            match = Match(game, len(seats), merged, None, seed)
        except (OptionsError, ContentError, ValueError) as exc:
            raise LobbyError(f"options: {exc}") from None
        seat_tokens: list[str | None] = [None if k["kind"] == "bot" else tokens.new_token() for k in kinds]
        spectator = tokens.new_token()
        record = MatchRecord(
            id=tokens.new_match_id(), game=game_id, seats=len(seats), options=match.options, seed=seed,
            content_id=match.content.id, seat_kinds=kinds,
            token_digests=[None if t is None else tokens.digest(t) for t in seat_tokens],
            spectator_digest=tokens.digest(spectator), claimed=[False] * len(seats), created=time.time(),
            rematch_of=rematch_of)
        await self.run_db(self.store.create, record)
        self.evict()
        room = self._room(record, match)
        await room.settle()
        room.wake_bots()
        return room, seat_tokens, spectator

    def open_matches(self) -> list[dict[str, Any]]:
        """Unfinished matches with a seat anyone may take from the lobby."""
        listed: list[dict[str, Any]] = []
        for room in self.rooms.values():
            record = room.record
            free = [s for s, k in enumerate(record.seat_kinds) if k["kind"] == "open" and not record.claimed[s]]
            if record.finished or not free:
                continue
            listed.append({"id": record.id, "game": record.game, "title": tr(room.match.game.info.name),
                           "seats": [{"seat": s, "kind": k["kind"], "agent": k.get("agent"),
                                      "free": s in free} for s, k in enumerate(record.seat_kinds)],
                           "options": record.options, "created": record.created})
        listed.sort(key=lambda m: float(m["created"]), reverse=True)
        return listed

    async def join(self, match_id: str) -> tuple[Seat, str]:
        """Hand out the first free open seat of a match: the seat and a fresh token for it."""
        room = self.rooms.get(match_id)
        if room is None or room.record.finished:
            raise LobbyError(f"no open match '{match_id[:40]}'", 404)
        record = room.record
        async with room.lock:
            for seat, kind in enumerate(record.seat_kinds):
                if kind["kind"] == "open" and not record.claimed[seat]:
                    token = tokens.new_token()
                    claimed = [*record.claimed]
                    claimed[seat] = True
                    digests = [*record.token_digests]
                    digests[seat] = tokens.digest(token)
                    await self.run_db(self.store.set_claimed, match_id, claimed, digests)
                    record.claimed, record.token_digests = claimed, digests
                    return seat, token
        raise LobbyError("every open seat of this match is taken", 409)

    async def open_room(self, match_id: str) -> Room | None:
        """The live room of a match; a finished match not in memory (a restart, an eviction) is replayed."""
        room = self.rooms.get(match_id)
        if room is not None or len(match_id) > 64:
            return room
        record = await self.run_db(self.store.load, match_id)
        if record is None or not record.finished:
            return None
        try:
            return self._room(record, rebuild(record))
        except (ValueError, KeyError):
            return None

    def evict(self, keep_seconds: float = 3600.0) -> None:
        """Forget finished matches nobody watches after ``keep_seconds`` (they reload on demand)."""
        now = time.time()
        for match_id, room in list(self.rooms.items()):
            if room.record.finished and not room.sinks and now - room.touched > keep_seconds:
                del self.rooms[match_id]

    async def grant(self, match_id: str, token: str) -> Grant:
        """Like :meth:`authorize`, loading a finished match from storage when it is not in memory."""
        await self.open_room(match_id)
        return self.authorize(match_id, token)

    def authorize(self, match_id: str, token: str) -> Grant:
        """The seat (or spectator view) ``token`` opens in ``match_id``; a :class:`LobbyError` otherwise."""
        room = self.rooms.get(match_id)
        if room is None:
            raise LobbyError("no such match", 404)
        found: Seat | None = None
        hit = False
        for seat, stored in enumerate(room.record.token_digests):  # every digest compared, in constant time
            if tokens.matches(token, stored):
                found, hit = seat, True
        spectator = tokens.matches(token, room.record.spectator_digest)
        if hit:
            return Grant(room, found)
        if spectator:
            return Grant(room, None)
        raise LobbyError("this token opens no seat of this match", 403)

    async def claim(self, room: Room, seat: Seat) -> None:
        """Take an open seat off the lobby list once its invite link is used."""
        record = room.record
        if record.seat_kinds[seat]["kind"] != "open" or record.claimed[seat]:
            return
        claimed = [*record.claimed]
        claimed[seat] = True
        await self.run_db(self.store.set_claimed, record.id, claimed, record.token_digests)
        record.claimed = claimed

    async def rematch(self, room: Room) -> dict[str, Any]:
        """A new match set up like ``room``'s (new seed, new tokens), made once per finished match."""
        if not room.record.finished:
            raise LobbyError("a rematch can start only when the match is over", 409)
        async with room.lock:
            if room.rematch is None:
                record = room.record
                new, seat_tokens, spectator = await self.create(
                    record.game, [dict(k) for k in record.seat_kinds], record.options, None, None, record.id)
                room.rematch = {"match": new.id, "tokens": seat_tokens, "spectator": spectator}
        return room.rematch
