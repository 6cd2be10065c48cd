"""The hub: the rooms loaded in this process, the store and bus behind them, the bot pool, the lobby.

Rooms come and go: a match is loaded (replayed from the database) when a connection or a bot
needs it and unloaded when it no longer does: at once when it is over and nobody here watches it,
after ``unload_after`` seconds when nobody here watches and nothing happens. Matches that nobody
ever joined are deleted after ``expire_after`` seconds without a change. So the server's memory
follows the matches being played, not the matches ever made.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import sys
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from bouts.agents import AgentSpecError
from bouts.core import ContentError, Match, OptionsError
from bouts.core.contract import Seat
from bouts.core.i18n import BOUTS, Message, tr
from bouts.core.registry import UnknownGame, get_game
from bouts.server import tokens, wire
from bouts.server.bots import BotPool, check_spec
from bouts.server.bus import Answering, LocalBus, PostgresBus, answering
from bouts.server.room import Room, rebuild, sink_lang
from bouts.server.store import MatchRecord, Store

T = TypeVar("T")
M_ = BOUTS.message

SEAT_KINDS = ("open", "reserved", "bot")


class LobbyError(ValueError):
    """A request the lobby cannot honour; the message says why (sent as a 4xx, in the client's language)."""

    def __init__(self, message: Message | str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status

    def words(self, lang: str) -> str:
        """The reason in ``lang``."""
        return tr(self.message, lang)


def said(error: Exception) -> Message | str:
    """What an error says, kept as a message when it is one (rendered later, in the reader's language)."""
    first = error.args[0] if error.args else ""
    return first if isinstance(first, Message) else str(error)


@dataclass(frozen=True)
class Grant:
    """What a token opens: a seat of a match, or its spectator view (``seat`` is ``None``)."""

    room: Room
    seat: Seat | None


class Hub:
    """The rooms of this process over one store (and, with PostgreSQL, shared with other processes)."""

    def __init__(self, store: Store, bot_processes: int = 1, unload_after: float = 300.0,
                 expire_after: float = 3600.0) -> None:
        self.store = store
        self.rooms: dict[str, Room] = {}
        self.loading: dict[str, asyncio.Future[Room | None]] = {}
        self.missed: set[str] = set()
        """Matches being loaded that changed meanwhile (the copy being loaded may be a step behind)."""
        self.bots = BotPool(bot_processes)
        self.bus: LocalBus = LocalBus() if store.is_sqlite else PostgresBus(store.url)
        self.db = ThreadPoolExecutor(max_workers=1 if store.is_sqlite else 8, thread_name_prefix="db")
        self.writer = store.async_writer()
        self.on_loop: dict[Callable[..., Any], Callable[..., Awaitable[Any]]] = (
            {} if self.writer is None else {store.append: self.writer.append})
        """Store calls with a path on the event loop (PostgreSQL's action commits): no thread hop."""
        self.unload_after = unload_after
        self.expire_after = expire_after
        self.lobby_sinks: set[Any] = set()
        self.lobby: list[dict[str, Any]] = []
        self._lobby_text: tuple[list[dict[str, Any]], str] | None = None
        self.lobby_task: asyncio.Task[None] | None = None
        self.tasks: set[asyncio.Task[Any]] = set()
        self.ticker: asyncio.Task[None] | None = None

    async def run_db(self, function: Callable[..., T], *args: Any) -> T:
        """Run a store call: on the event loop if it has a path there, else on the database threads.

        Shielded either way: a caller cancelled meanwhile (a room unloaded while its bot's last action
        commits) leaves the call to run to its end. Unshielded, a call still queued for a busy database
        thread was dropped, and with it a match's stored end."""
        fast = self.on_loop.get(function)
        work = fast(*args) if fast is not None else asyncio.get_running_loop().run_in_executor(self.db, function, *args)
        result: T = await asyncio.shield(work)
        return result

    def spawn(self, work: Any) -> None:
        """Run a coroutine in the background, keeping a reference until it ends."""
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            print(f"bouts serve: {task.exception()!r}", file=sys.stderr)

    # -- life cycle ----------------------------------------------------------------------
    async def start(self) -> None:
        """Migrate the schema, join the other processes, carry on the matches whose bots are to act."""
        await self.run_db(self.store.migrate)
        await self.bus.start(self.on_bus, self.has_loaded)
        await self.carry_on()
        self.lobby = await self.run_db(self.store.open_matches)
        self.ticker = asyncio.get_running_loop().create_task(self._tick())

    async def stop(self) -> None:
        """Stop bots, workers and connections."""
        if self.ticker is not None:
            self.ticker.cancel()
        for room in self.rooms.values():
            if room.bot_task is not None:
                room.bot_task.cancel()
        for task in list(self.tasks):
            task.cancel()
        self.bots.close()
        await self.bus.stop()
        if self.writer is not None:
            await self.writer.close()
        self.db.shutdown(wait=True)
        self.store.close()

    async def carry_on(self) -> None:
        """Load the matches whose last commit left a bot to act and that no process has (after a restart)."""
        candidates = await self.run_db(self.store.bot_turns, list(self.rooms))
        for match_id in await self.bus.acquire_many(candidates):
            room = await self.room(match_id)
            if room is None or not room.owner:
                await self.bus.release(match_id)
            elif not room.sinks and not room.bot_turn():
                self.unload(room)

    async def _tick(self) -> None:
        """Housekeeping once a second: unload idle rooms, follow dead owners, expire, carry on."""
        beat = 0
        while True:
            await asyncio.sleep(1.0)
            beat += 1
            try:
                self.unload_idle()
                if self.bus.multi and beat % 2 == 0:
                    await self.adopt_orphans()
                if beat % 5 == 0:
                    await self.forget_dead_nodes()
                    if self.bus.multi:
                        await self.carry_on()
                if beat % 30 == 0:
                    await self.expire()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                print(f"bouts serve: housekeeping: {exc!r}", file=sys.stderr)

    def unload_idle(self) -> None:
        """Unload rooms nobody here needs: over, or quiet for ``unload_after`` seconds."""
        now = time.monotonic()
        for room in list(self.rooms.values()):
            if room.sinks or (room.bot_task is not None and not room.bot_task.done()):
                continue
            quiet = now - room.touched
            if room.record.finished or quiet > self.unload_after or (not room.owner and quiet > 10):
                self.unload(room)

    def unload(self, room: Room) -> None:
        """Forget a room (the database has everything); give up its match's lock."""
        if self.rooms.get(room.id) is not room:
            return
        del self.rooms[room.id]
        self.bus.forget(room.id)
        if room.bot_task is not None:
            room.bot_task.cancel()
        if room.owner:
            room.owner = False
            self.spawn(self.bus.release(room.id))

    def room_idle(self, room: Room) -> None:
        """A room says it may go: unload it now if its end is stored and nobody here watches.

        Not while its last action is still being committed (the room shows the end a moment before the
        database holds it): a request then would load the match from the database without its end.
        The housekeeping unloads it a second later."""
        if room.record.finished and not room.sinks and not room.lock.locked():
            self.unload(room)

    async def adopt_orphans(self) -> None:
        """Take over the matches loaded here whose owner is gone (its process died)."""
        followers = [r.id for r in self.rooms.values() if not r.owner and not r.over]
        if not followers:
            return
        for match_id in await self.bus.acquire_many(followers):
            room = self.rooms.get(match_id)
            if room is None:
                await self.bus.release(match_id)
            elif not room.owner:
                await room.take_over()

    async def forget_dead_nodes(self) -> None:
        """Drop the presence reported by processes that are gone."""
        nodes = {node for room in self.rooms.values() for node in room.remote}
        if not nodes:
            return
        alive = await self.bus.alive(nodes)
        for room in self.rooms.values():
            dead = [node for node in room.remote if node not in alive]
            for node in dead:
                del room.remote[node]
            if dead:
                room.broadcast()

    async def expire(self) -> None:
        """Delete the matches nobody joined that have not changed for ``expire_after`` seconds."""
        gone = await self.run_db(self.store.expire, time.time() - self.expire_after)
        for match_id in gone:
            room = self.rooms.get(match_id)
            if room is not None:
                for sink in list(room.sinks):
                    sink.push({"type": "error", "code": "expired",
                               "message": tr(M_("this match expired: nobody joined"), sink_lang(sink))})
                room.sinks.clear()
                self.unload(room)
        if gone:
            self.lobby_changed()

    # -- other processes --------------------------------------------------------------------
    def has_loaded(self, match_id: str) -> bool:
        """Whether this process has the match in memory, or is loading it (its news concerns us)."""
        return match_id in self.rooms or match_id in self.loading

    def on_bus(self, message: dict[str, Any]) -> None:
        """A notification from another process (or one of ours coming back)."""
        op = message.get("op")
        mine = message.get("node") == self.bus.node
        if op == "lobby":
            if not mine:
                self.lobby_changed(tell_others=False)
            return
        if op in ("resync", "locks_lost"):
            for room in list(self.rooms.values()):
                if op == "locks_lost" and room.id in message.get("matches", []):
                    room.owner = False
                room.schedule_reload()
            return
        found = self.rooms.get(str(message.get("m")))
        if found is None and str(message.get("m")) in self.loading and op in ("append", "truncate", "resign", "reload"):
            self.missed.add(str(message.get("m")))
        if op == "request" and message.get("direct") and not mine and (found is None or not found.owner):
            self.spawn(self.bus.reply(str(message["node"]), int(message["req"]), {"error": "not_owner"}))
            return
        if found is None or mine:
            return
        room = found
        if op in ("append", "truncate", "resign", "reload"):
            room.follow(message)
        elif op == "request" and room.owner:
            self.spawn(self._serve(room, message))
        elif op == "released" and not room.over:
            self.spawn(room.own())
        elif op == "presence":
            seats = message.get("seats") or {}
            room.remote[str(message["node"])] = {int(k): str(v) for k, v in seats.items()}
            room.broadcast()
        elif op == "presence?":
            if room.published:
                self.spawn(self.bus.publish({"op": "presence", "m": room.id,
                                             "seats": {str(k): v for k, v in room.published.items()}}))
        elif op == "chat":
            room.heard({"id": message["id"], "seat": message["seat"], "text": message["text"], "at": message["at"]})
        elif op == "rematch":
            room.record.rematch = str(message.get("rematch"))
            room.push_all({"type": "rematch_offer", "match": room.record.rematch})
            room.broadcast()

    async def _serve(self, room: Room, message: dict[str, Any]) -> None:
        """Serve another process's request; the change it commits answers it, else a ``reply`` does."""
        serving = Answering(str(message["node"]), int(message["req"]))
        answering.set(serving)
        answer = await room.serve(message)
        if "error" in answer or not serving.answered:
            await self.bus.reply(serving.to, serving.number, answer)

    # -- rooms -----------------------------------------------------------------------------
    async def room(self, match_id: str) -> Room | None:
        """The room of a match, loaded (and owned, if nobody owns it) when it is not in memory."""
        room = self.rooms.get(match_id)
        if room is not None or len(match_id) > 64:
            return room
        pending = self.loading.get(match_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[Room | None] = asyncio.get_running_loop().create_future()
        self.loading[match_id] = future
        try:
            self.missed.discard(match_id)
            room = await self._load(match_id)
            future.set_result(room)
            return room
        except BaseException as exc:
            future.set_exception(exc)
            raise
        finally:
            del self.loading[match_id]
            if not future.done():
                future.cancel()
            elif future.exception() is not None:
                pass

    async def _load(self, match_id: str) -> Room | None:
        owner = False
        record = await self.run_db(self.store.load, match_id)
        if record is None:
            return None
        if not record.finished:
            owner = await self.bus.acquire(match_id)
            if owner:  # read again under the lock: nobody can write behind our back now
                record = await self.run_db(self.store.load, match_id)
                if record is None:
                    await self.bus.release(match_id)
                    return None
        try:
            match = rebuild(record)
        except (ValueError, KeyError) as exc:  # a game changed under a stored match: leave it be
            print(f"bouts serve: match {record.id} cannot be replayed: {exc}", file=sys.stderr)
            if owner:
                await self.bus.release(match_id)
            return None
        record.actions = []
        room = Room(record, match, self, owner=owner)
        self.rooms[match_id] = room
        if match_id in self.missed:  # it changed while we read it: read it again
            self.missed.discard(match_id)
            room.schedule_reload()
        if self.bus.multi:
            self.spawn(self.bus.publish({"op": "presence?", "m": match_id}))
        if owner:
            await room.settle()
            room.wake_bots()
        return room

    # -- lobby -----------------------------------------------------------------------------
    async def create(self, game_id: str, seats: list[dict[str, Any]], options: dict[str, Any] | None = None,
                     variant: str | None = None, content: str | None = None,
                     rematch_of: str | None = None, unclaimed: bool = False) -> tuple[Room, list[str | None], str]:
        """Set up and store a new match; the room, each seat's token (``None`` for bots), the spectator token.

        ``unclaimed``: the people's seats get no token yet (a rematch: each is handed out once, on request).
        """
        try:
            game = get_game(game_id)
        except UnknownGame as exc:
            raise LobbyError(said(exc)) from None
        if not seats:
            raise LobbyError(M_("a match needs at least one seat"))
        merged: dict[str, Any] = {}
        if variant is not None:
            found = game.variants().get(variant)
            if found is None:
                raise LobbyError(M_("{game} has no variant '{variant}' (known: {known})", game=game_id, variant=variant,
                                    known=list(game.variants())))
            if len(seats) not in found.seats:
                raise LobbyError(M_("variant '{variant}' is for {counts} seats, not {count}", variant=variant,
                                    counts=[str(n) for n in found.seats], count=len(seats)))
            merged.update(found.options)
        merged.update(options or {})
        if not game.info.min_seats <= len(seats) <= game.info.max_seats:
            raise LobbyError(M_("{game} is for {low} to {high} seats, not {count}", game=game.info.name,
                                low=game.info.min_seats, high=game.info.max_seats, count=len(seats)))
        kinds: list[dict[str, Any]] = []
        for number, seat in enumerate(seats):
            kind = seat.get("kind")
            if kind not in SEAT_KINDS:
                raise LobbyError(M_("seat {number}: kind must be one of {kinds}, not {kind}", number=number,
                                    kinds=list(SEAT_KINDS), kind=repr(kind)))
            if kind == "bot":
                try:
                    kinds.append({"kind": "bot", "agent": check_spec(str(seat.get("agent") or "random"))})
                except AgentSpecError as exc:
                    raise LobbyError(M_("seat {number}: {problem}", number=number, problem=said(exc))) from None
            else:
                kinds.append({"kind": kind})
        reference = game.load_content(None)
        if content not in (None, "", reference.id):
            raise LobbyError(M_("content pack '{content}' is not on this server (available: {available})",
                                content=content, available=reference.id))
        seed = secrets.randbits(62)
        try:
            match = Match(game, len(seats), merged, None, seed)
        except (OptionsError, ContentError, ValueError) as exc:
            raise LobbyError(M_("options: {problem}", problem=said(exc))) from None
        seat_tokens: list[str | None] = [None if k["kind"] == "bot" or unclaimed else tokens.new_token()
                                         for k in kinds]
        spectator = tokens.new_token()
        record = MatchRecord(
            id=tokens.new_match_id(), game=game_id, seats=len(seats), options=match.options, seed=seed,
            content_id=match.content.id, seat_kinds=kinds,
            token_digests=[None if t is None else tokens.digest(t) for t in seat_tokens],
            spectator_digest=tokens.digest(spectator), claimed=[False] * len(seats), created=time.time(),
            rematch_of=rematch_of)
        await self.run_db(self.store.create, record)
        room = Room(record, match, self, owner=await self.bus.acquire(record.id))
        self.rooms[record.id] = room
        await room.settle()
        room.wake_bots()
        if any(k["kind"] == "open" for k in kinds):
            self.lobby_changed()
        return room, seat_tokens, spectator

    def lobby_changed(self, tell_others: bool = True) -> None:
        """The open matches may have changed: refresh the list soon and push it to the lobby sockets."""
        if tell_others and self.bus.multi:
            self.spawn(self.bus.publish({"op": "lobby"}))
        if self.lobby_task is None or self.lobby_task.done():
            self.lobby_task = asyncio.get_running_loop().create_task(self._refresh_lobby())

    async def _refresh_lobby(self) -> None:
        await asyncio.sleep(0.2)  # changes that come together make one update
        with contextlib.suppress(Exception):
            self.lobby = await self.run_db(self.store.open_matches)
            for sink in list(self.lobby_sinks):
                sink.changed()

    def lobby_messages(self, _sink: Any, _full: bool = False) -> list[dict[str, Any] | str]:
        """What a lobby socket is sent when the list changed (encoded once for every lobby socket)."""
        if self._lobby_text is None or self._lobby_text[0] is not self.lobby:
            self._lobby_text = (self.lobby, wire.encode({"type": "lobby", "matches": self.open_matches()}))
        return [self._lobby_text[1]]

    def open_matches(self) -> list[dict[str, Any]]:
        """Unfinished matches with a seat anyone may take from the lobby (as last read from the database)."""
        listed = []
        for entry in self.lobby:
            try:
                title = tr(get_game(entry["game"]).info.name)
            except UnknownGame:
                continue
            listed.append({**entry, "title": title})
        return listed

    async def refresh_open_matches(self) -> list[dict[str, Any]]:
        """Read the open matches from the database now."""
        self.lobby = await self.run_db(self.store.open_matches)
        return self.open_matches()

    async def join(self, match_id: str) -> tuple[Seat, str]:
        """Hand out the first free open seat of a match: the seat and a fresh token (atomic across processes)."""
        room = await self.room(match_id)
        if room is None or room.over:
            raise LobbyError(M_("no open match '{match}'", match=match_id[:40]), 404)
        record = room.record
        for seat, kind in enumerate(record.seat_kinds):
            if kind["kind"] != "open" or record.claimed[seat]:
                continue
            token = tokens.new_token()
            if await self.run_db(self.store.claim, match_id, seat, None, tokens.digest(token)):
                record.claimed = [c or s == seat for s, c in enumerate(record.claimed)]
                record.token_digests = [tokens.digest(token) if s == seat else d
                                        for s, d in enumerate(record.token_digests)]
                self.lobby_changed()
                room.broadcast()
                return seat, token
        await self.refresh_seats(room)
        raise LobbyError(M_("every open seat of this match is taken"), 409)

    async def refresh_seats(self, room: Room) -> None:
        """Read a room's seats again (another process may have handed one out)."""
        fresh = await self.run_db(self.store.load, room.id)
        if fresh is not None:
            room.record.claimed, room.record.token_digests = fresh.claimed, fresh.token_digests

    async def grant(self, match_id: str, token: str) -> Grant:
        """The seat (or spectator view) ``token`` opens, loading the match if need be; the seat is claimed."""
        room = await self.room(match_id)
        if room is None:
            raise LobbyError(M_("no such match"), 404)
        try:
            grant = self.authorize(match_id, token)
        except LobbyError:
            await self.refresh_seats(room)  # a seat handed out by another process since we loaded
            grant = self.authorize(match_id, token)
        if grant.seat is not None:
            await self.claim(room, grant.seat, token)
        return grant

    def authorize(self, match_id: str, token: str) -> Grant:
        """The seat (or spectator view) ``token`` opens in ``match_id``; a :class:`LobbyError` otherwise."""
        room = self.rooms.get(match_id)
        if room is None:
            raise LobbyError(M_("no such match"), 404)
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
        raise LobbyError(M_("this token opens no seat of this match"), 403)

    async def claim(self, room: Room, seat: Seat, token: str) -> None:
        """Mark a seat taken when its link is first used; refused if someone else took it meanwhile."""
        record = room.record
        if record.claimed[seat] or record.seat_kinds[seat]["kind"] == "bot":
            return
        digest = tokens.digest(token)
        if await self.run_db(self.store.claim, record.id, seat, digest, digest):
            record.claimed = [c or s == seat for s, c in enumerate(record.claimed)]
            if record.seat_kinds[seat]["kind"] == "open":
                self.lobby_changed()
            return
        await self.refresh_seats(room)
        if not tokens.matches(token, room.record.token_digests[seat]):
            raise LobbyError(M_("this seat has been taken by someone else"), 409)

    async def rematch(self, room: Room, seat: Seat | None) -> dict[str, Any]:
        """The rematch of a finished match (made once, by whoever asks first), and ``seat``'s place in it.

        Each seat's new token is handed out once, to the first connection of that seat that asks:
        an old link that leaked later gets nothing.
        """
        if not room.over:
            raise LobbyError(M_("a rematch can start only when the match is over"), 409)
        record = room.record
        if record.rematch is None:
            fresh = await self.run_db(self.store.load, record.id)
            record.rematch = fresh.rematch if fresh is not None else None
        if record.rematch is None:
            kinds = [{"kind": "reserved"} if record.resigned[s] or (k["kind"] == "open" and record.claimed[s])
                     else dict(k) for s, k in enumerate(record.seat_kinds)]
            new, _, spectator = await self.create(record.game, kinds, record.options, None, None, record.id,
                                                  unclaimed=True)
            stored = await self.run_db(self.store.set_rematch, record.id, new.id)
            if stored != new.id:  # another process made one first: ours goes
                self.unload(new)
                await self.run_db(self.store.delete, new.id)
            else:
                for sink in list(room.sinks):  # the spectators here get the new spectator link
                    if sink.seat is None:
                        sink.push({"type": "rematch", "match": new.id, "link": link(new.id, spectator)})
                await self.bus.publish({"op": "rematch", "m": record.id, "rematch": new.id})
            record.rematch = stored
            room.push_all({"type": "rematch_offer", "match": stored})
            room.broadcast()
        assert record.rematch is not None
        if seat is None:
            return {"match": record.rematch, "link": None}
        new_room = await self.room(record.rematch)
        if new_room is None:
            raise LobbyError(M_("the rematch is gone"), 404)
        token = tokens.new_token()
        if new_room.record.seat_kinds[seat]["kind"] == "bot" or not await self.run_db(
                self.store.claim, new_room.id, seat, None, tokens.digest(token)):
            raise LobbyError(M_("your seat in the rematch has already been taken (by another link to your seat)"),
                             409)
        new_room.record.claimed = [c or s == seat for s, c in enumerate(new_room.record.claimed)]
        new_room.record.token_digests = [tokens.digest(token) if s == seat else d
                                         for s, d in enumerate(new_room.record.token_digests)]
        return {"match": record.rematch, "link": link(record.rematch, token)}


def link(match_id: str, token: str) -> str:
    """A seat's (or the spectators') link: the token rides in the fragment, never sent in a request line."""
    return f"/match/{match_id}#token={token}"
