"""The FastAPI application: lobby API, match sockets, and the browser client's pages.

HTTP (OpenAPI at ``/docs`` and ``/openapi.json``):

- ``GET /api/games``: the games, their seats, variants, options and content packs;
- ``POST /api/matches``: create a match; the answer holds each seat's invite link and token and the
  spectator link;
- ``GET /api/matches``: unfinished matches with a free open seat;
- ``POST /api/matches/{id}/join``: take a free open seat;
- ``GET /api/matches/{id}/save?token=...``: a finished match as a save file ``bouts replay`` opens.

The socket ``/ws/{id}`` speaks JSON messages described in ``docs/server.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from bouts.core import IllegalAction
from bouts.core.i18n import tr
from bouts.core.registry import game_ids, get_game
from bouts.server import designer, tokens
from bouts.server.hub import Grant, Hub, LobbyError
from bouts.server.limits import MAX_BODY_BYTES, MAX_MESSAGE_BYTES, Bucket, PerClient
from bouts.server.room import Room
from bouts.server.store import Store

WEB = Path(__file__).resolve().parent.parent / "web"
"""The browser client's static files."""

Scalar = str | int | float | bool
OptionValue = Scalar | list[Scalar]

MESSAGE_RATE = float(os.environ.get("BOUTS_MESSAGE_RATE", "30"))
"""Socket messages a connection may send per second on average (bursts of twice that)."""


class SeatRequest(BaseModel):
    """One seat of a new match."""

    kind: Literal["open", "reserved", "bot"]
    """``open``: listed in the lobby for anyone; ``reserved``: only by its invite link; ``bot``: the server plays it."""
    agent: str | None = Field(default=None, max_length=200)
    """For a bot: the agent spec (``random``, ``heuristic``, ``ismcts:seconds=1``)."""


class CreateMatch(BaseModel):
    """A request to set up a match."""

    game: str = Field(max_length=64)
    """The game id."""
    seats: list[SeatRequest] = Field(min_length=1, max_length=16)
    """Every seat, in order."""
    options: dict[Annotated[str, Field(max_length=64)], OptionValue] = Field(default_factory=dict, max_length=32)
    """Game options (``bouts rules GAME`` lists them)."""
    variant: str | None = Field(default=None, max_length=64)
    """A named variant of the game, whose options come first."""
    content: str | None = Field(default=None, max_length=128)
    """A content pack id the server has (the game's reference pack by default)."""


class SeatLink(BaseModel):
    """A seat of a created match and how to take it."""

    seat: int
    kind: str
    agent: str | None = None
    token: str | None = None
    link: str | None = None


class Created(BaseModel):
    """A created match: its id, its seats' invite links, its spectator link."""

    id: str
    game: str
    seats: list[SeatLink]
    spectator: SeatLink


class Joined(BaseModel):
    """A seat taken from the lobby."""

    match: str
    seat: int
    token: str
    link: str


def _link(match_id: str, token: str) -> str:
    # the token rides in the fragment: browsers never send it to the server in a request line
    return f"/match/{match_id}#token={token}"


class Connection:
    """One client socket: its seat, what log it has, its rate limit."""

    def __init__(self, socket: WebSocket, rate: float = MESSAGE_RATE) -> None:
        self.socket = socket
        self.seat: int | None = None
        self.log_sent = 0
        self.epoch = 0
        self.steps_seen = 0
        self.bucket = Bucket(rate=rate, burst=2 * rate)
        self.lock = asyncio.Lock()

    async def send(self, frame: dict[str, Any]) -> None:
        """Send one JSON frame (one at a time per socket)."""
        async with self.lock:
            await self.socket.send_text(json.dumps(frame, ensure_ascii=False, separators=(",", ":")))

    async def error(self, code: str, message: str) -> None:
        """Tell the client what was wrong with its message."""
        await self.send({"type": "error", "code": code, "message": message})


def create_app(db_url: str = "bouts.sqlite", bot_processes: int = 1, message_rate: float = MESSAGE_RATE) -> FastAPI:
    """The server application over the database at ``db_url``; ``message_rate``: socket messages a second."""
    hub = Hub(Store(db_url), bot_processes)
    create_rate = float(os.environ.get("BOUTS_CREATE_RATE", "2"))
    creating = PerClient(rate=create_rate, burst=max(30.0, 2 * create_rate))

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    app = FastAPI(title="bouts", version="1", lifespan=lifespan,
                  description="Play bouts games in the browser: lobby API and match sockets. "
                              "The socket message format is in docs/server.md.")
    app.state.hub = hub
    app.include_router(designer.router)  # the designer's workbench page and its API (server/designer.py)

    @app.middleware("http")
    async def limit_body(request: Request, call_next: Any) -> Response:
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY_BYTES):
            return JSONResponse({"detail": f"request body too large (at most {MAX_BODY_BYTES} bytes)"}, 413)
        response: Response = await call_next(request)
        return response

    @app.exception_handler(LobbyError)
    async def lobby_error(_: Request, exc: LobbyError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg')}" for e in exc.errors())
        return JSONResponse({"detail": f"bad request: {problems}"}, 422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"detail": exc.detail}, exc.status_code)

    def client(request: Request) -> str:
        return request.client.host if request.client else "?"

    # -- pages ----------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(WEB / "index.html")

    @app.get("/match/{match_id}", include_in_schema=False)
    async def match_page(match_id: str) -> FileResponse:
        return FileResponse(WEB / "match.html")

    app.mount("/static", StaticFiles(directory=WEB), name="static")

    # -- lobby API ---------------------------------------------------------------------------
    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        """The games this server offers."""
        listed = []
        for game_id in game_ids():
            game = get_game(game_id)
            info = game.info
            listed.append({
                "id": info.id, "name": tr(info.name), "min_seats": info.min_seats, "max_seats": info.max_seats,
                "summary": tr(info.summary), "options": game.options_help(),
                "variants": {name: {"seats": list(v.seats), "options": dict(v.options),
                                    "description": tr(v.description)} for name, v in game.variants().items()},
                "content": [game.load_content(None).id],
                "renderer": (WEB / "games" / f"{info.id}.js").is_file(),
            })
        return listed

    @app.post("/api/matches", status_code=201)
    async def create(body: CreateMatch, request: Request) -> Created:
        """Set up a match; the answer holds every seat's invite link (keep them: they are the only copy)."""
        if not creating.take(client(request)):
            raise LobbyError("too many matches created: wait a moment", 429)
        room, seat_tokens, spectator = await hub.create(
            body.game, [s.model_dump() for s in body.seats], dict(body.options), body.variant, body.content)
        seats = [SeatLink(seat=n, kind=k["kind"], agent=k.get("agent"), token=t,
                          link=None if t is None else _link(room.id, t))
                 for n, (k, t) in enumerate(zip(room.record.seat_kinds, seat_tokens, strict=True))]
        return Created(id=room.id, game=room.record.game, seats=seats,
                       spectator=SeatLink(seat=-1, kind="spectator", token=spectator,
                                          link=_link(room.id, spectator)))

    @app.get("/api/matches")
    async def open_matches() -> list[dict[str, Any]]:
        """Unfinished matches with a seat anyone may take."""
        return hub.open_matches()

    @app.post("/api/matches/{match_id}/join")
    async def join(match_id: Annotated[str, Field(max_length=64)], request: Request) -> Joined:
        """Take the first free open seat of a match."""
        if not creating.take(client(request)):
            raise LobbyError("too many requests: wait a moment", 429)
        seat, token = await hub.join(match_id)
        return Joined(match=match_id, seat=seat, token=token, link=_link(match_id, token))

    @app.get("/api/matches/{match_id}/save")
    async def save(match_id: str, token: Annotated[str, Query(max_length=200)]) -> Response:
        """A finished match as a save file (``bouts replay FILE``); any seat's or the spectator's token."""
        room = await hub.open_room(match_id)
        if room is None:
            raise LobbyError("no such match (or it is not over)", 404)
        record = room.record
        if not any(tokens.matches(token, d) for d in [*record.token_digests, record.spectator_digest]):
            raise LobbyError("this token opens no seat of this match", 403)
        if not record.finished:
            raise LobbyError("the match is not over: its save file (which holds the seed) comes at the end", 409)
        return Response(room.match.dumps(), media_type="application/json", headers={
            "content-disposition": f'attachment; filename="bouts-{record.game}-{record.id}.json"'})

    # -- the match socket --------------------------------------------------------------------
    @app.websocket("/ws/{match_id}")
    async def socket(websocket: WebSocket, match_id: str) -> None:
        await websocket.accept()
        conn = Connection(websocket, message_rate)
        grant: Grant | None = None
        try:
            grant = await hello(conn, match_id)
            if grant is None:
                await websocket.close(4403)
                return
            room = grant.room
            conn.seat = grant.seat
            room.sinks.add(conn)
            if grant.seat is not None:
                await hub.claim(room, grant.seat)
            await room.broadcast()  # everyone sees who is connected; this client gets its full view and log
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                await handle(conn, room, message)
        except WebSocketDisconnect:
            pass
        finally:
            if grant is not None:
                grant.room.sinks.discard(conn)
                with contextlib.suppress(Exception):
                    await grant.room.broadcast()

    async def hello(conn: Connection, match_id: str) -> Grant | None:
        """The first message must be ``{"type": "hello", "token": ...}``."""
        try:
            message = await asyncio.wait_for(conn.socket.receive(), timeout=15)
        except TimeoutError:
            await conn.error("auth", "send {\"type\": \"hello\", \"token\": ...} first")
            return None
        data = decode(message)
        if isinstance(data, str) or data.get("type") != "hello" or not isinstance(data.get("token"), str):
            await conn.error("auth", "the first message must be {\"type\": \"hello\", \"token\": \"...\"}")
            return None
        try:
            return await hub.grant(match_id, data["token"])
        except LobbyError as exc:
            await conn.error("auth", str(exc))
            return None

    def decode(message: Any) -> dict[str, Any] | str:
        """The message as a JSON object, or the reason it is not one."""
        raw = message.get("text")
        if raw is None:
            raw_bytes = message.get("bytes") or b""
            if len(raw_bytes) > MAX_MESSAGE_BYTES:
                return f"message too large (at most {MAX_MESSAGE_BYTES} bytes)"
            try:
                raw = raw_bytes.decode("utf-8")
            except UnicodeDecodeError:
                return "messages must be UTF-8 JSON text"
        if len(raw) > MAX_MESSAGE_BYTES:
            return f"message too large (at most {MAX_MESSAGE_BYTES} bytes)"
        try:
            data = json.loads(raw)
        except (json.JSONDecodeError, RecursionError):
            return "not JSON: send an object such as {\"type\": \"act\", \"action\": \"...\"}"
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            return "a message is a JSON object with a \"type\""
        return data

    async def handle(conn: Connection, room: Room, message: Any) -> None:
        if not conn.bucket.take():
            await conn.error("rate", f"too many messages: slow down (at most {message_rate:g} a second)")
            return
        data = decode(message)
        if isinstance(data, str):
            await conn.error("bad_message", data)
            return
        kind = data["type"]
        if kind == "ping":
            await conn.send({"type": "pong"})
        elif kind == "sync":
            await conn.send(room.frame(conn, full=True))
        elif kind in ("act", "undo", "hint"):
            if conn.seat is None:
                await conn.error("spectator", "a spectator watches: it cannot act, undo or ask for hints")
            else:
                await seat_message(conn, room, conn.seat, kind, data)
        elif kind == "rematch":
            try:
                found = await hub.rematch(room)
            except LobbyError as exc:
                await conn.error("rematch", str(exc))
                return
            await announce_rematch(room, found)
        else:
            await conn.error("bad_message", f"unknown message type {str(kind)[:40]!r} "
                             "(known: act, undo, hint, sync, rematch, ping)")

    async def seat_message(conn: Connection, room: Room, seat: int, kind: str, data: dict[str, Any]) -> None:
        """``act``, ``undo`` and ``hint``: what a seat (never a spectator) may send."""
        if kind == "act":
            action, step = data.get("action"), data.get("step")
            if not isinstance(action, str) or not action.strip():
                await conn.error("bad_message", "act needs \"action\": the action's text form")
                return
            if step is not None and (not isinstance(step, int) or isinstance(step, bool)):
                await conn.error("bad_message", "\"step\" must be a whole number")
                return
            try:
                done = await room.act(seat, action, step)
            except ValueError as exc:  # IllegalAction, or a game's own parse error: the match is unchanged
                await conn.error("illegal", str(exc))
                return
            except Exception:
                await conn.error("storage", "the action could not be saved, so it was not taken: try again")
                return
            await conn.send({"type": "ack", "step": done})
        elif kind == "undo":
            try:
                await room.undo(seat)
            except IllegalAction as exc:
                await conn.error("illegal", str(exc))
            except Exception:
                await conn.error("storage", "the undo could not be saved, so it was not done: try again")
        elif kind == "hint":
            state, game = room.match.state, room.match.game
            hints = await asyncio.get_running_loop().run_in_executor(hub.bots.threads, game.hints, state, seat)
            await conn.send({"type": "hint", "step": len(room.match.steps), "hints": list(hints)})

    async def announce_rematch(room: Room, found: dict[str, Any]) -> None:
        """Each connection gets its own seat's link to the new match."""
        for sink in list(room.sinks):
            token = found["spectator"] if sink.seat is None else found["tokens"][sink.seat]
            if token is None:
                continue
            with contextlib.suppress(Exception):
                await sink.send({"type": "rematch", "match": found["match"], "link": _link(found["match"], token)})

    return app
