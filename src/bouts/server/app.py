"""The FastAPI application: lobby API, match and lobby sockets, and the browser client's pages.

HTTP (OpenAPI at ``/docs`` and ``/openapi.json``):

- ``GET /api/games``: the games, their seats, variants, options and content packs;
- ``POST /api/matches``: create a match; the answer holds each seat's invite link and token and the
  spectator link;
- ``GET /api/matches``: unfinished matches with a free open seat;
- ``POST /api/matches/{id}/join``: take a free open seat;
- ``GET /api/matches/{id}/save`` with ``Authorization: Bearer TOKEN``: a finished match as a save file.

The sockets ``/ws/{id}`` (a match) and ``/ws/lobby`` (the open matches, pushed) speak JSON messages
described in ``docs/server.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import json
import os
import sys
from collections.abc import AsyncIterator, Coroutine
from http import HTTPStatus
from pathlib import Path
from typing import Annotated, Any, Literal
from urllib.parse import parse_qs

from fastapi import FastAPI, Header, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import AfterValidator, BaseModel, Field, model_validator
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from bouts.core import IllegalAction
from bouts.core.contract import Game, Seat
from bouts.core.i18n import BOUTS, negotiate_lang, normalize_lang, tr, use_lang
from bouts.core.i18n import Message as Words
from bouts.core.registry import game_ids, get_game
from bouts.server import designer, tokens
from bouts.server.connection import SLOW_CLOSE_CODE, Connection
from bouts.server.hub import Grant, Hub, LobbyError, link, said
from bouts.server.limits import MAX_BODY_BYTES, PerClient
from bouts.server.room import Room, Unavailable, sink_lang
from bouts.server.store import Store
from bouts.server.wire import all_clean, decode, is_clean_text

M_ = BOUTS.message

WEB = Path(__file__).resolve().parent.parent / "web"
"""The browser client's static files."""

Scalar = str | int | float | bool
OptionValue = Scalar | list[Scalar]

MESSAGE_RATE = float(os.environ.get("BOUTS_MESSAGE_RATE", "30"))
"""Socket messages a connection may send per second on average (bursts of twice that)."""
MAX_LOBBY_SOCKETS = 5000
INBOX_LIMIT = 32
"""Messages of one connection read but not yet done; past that (the server is far behind) a message is refused."""
"""Lobby sockets open at once (past that a new one is refused with close code 1013)."""

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
DOCS_CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
            "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
            "img-src 'self' data: https://fastapi.tiangolo.com; "
            "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")


HELLO = '{"type": "hello", "token": "..."}'
"""The first message of a match socket, as the refusals quote it."""
HTTP_WORDS: dict[int, Words] = {404: M_("not found"), 405: M_("method not allowed")}
"""The HTTP errors the framework raises itself (an unknown path or method), in the client's words."""


def scope_lang(scope: Scope) -> str:
    """The language an HTTP request wants (``?lang=``, else ``Accept-Language``), read from its ASGI scope."""
    query = parse_qs(bytes(scope.get("query_string") or b"").decode("latin-1"))
    header = dict(scope.get("headers") or []).get(b"accept-language", b"").decode("latin-1")
    return normalize_lang((query.get("lang") or [""])[0][:16]) or negotiate_lang(header or None)


def socket_lang(websocket: WebSocket) -> str:
    """A socket's language before its ``hello`` says one: ``?lang=``, else its ``Accept-Language``."""
    return scope_lang(websocket.scope)


def close_reason(text: str) -> str:
    """A close frame's reason: at most 123 bytes of UTF-8, cut on a character boundary."""
    return text.encode("utf-8")[:120].decode("utf-8", "ignore")


def advise(game: Game[Any, Any], state: Any, seat: Seat, lang: str) -> dict[str, Any]:
    """What ``hint`` answers, by the terminal's path: ``game.advice`` (the lines the terminal prints) and
    ``game.recommend`` (the action Enter would take, which the page makes glow, and why), in ``lang``."""
    with use_lang(lang):
        if seat not in game.to_act(state):
            return {"hints": [], "action": None, "reason": ""}
        found = game.recommend(state, seat)
        lines = [tr(line) for line in game.advice(state, seat)]
        if found is None:
            return {"hints": lines, "action": None, "reason": ""}
        action, reason = found
        return {"hints": lines, "action": str(action), "label": game.describe(state, seat, action),
                "reason": tr(reason)}


def _clean(value: str) -> str:
    if not is_clean_text(value):
        raise ValueError("text must be valid Unicode (no lone surrogates)")
    return value


Text = Annotated[str, AfterValidator(_clean)]


class SeatRequest(BaseModel):
    """One seat of a new match."""

    kind: Literal["open", "reserved", "bot"]
    """``open``: listed in the lobby for anyone; ``reserved``: only by its invite link; ``bot``: the server plays it."""
    agent: Text | None = Field(default=None, max_length=200)
    """For a bot: the agent spec (``random``, ``heuristic``, ``ismcts:seconds=1``)."""


class CreateMatch(BaseModel):
    """A request to set up a match."""

    game: Text = Field(max_length=64)
    """The game id."""
    seats: list[SeatRequest] = Field(min_length=1, max_length=16)
    """Every seat, in order."""
    options: dict[Annotated[str, Field(max_length=64)], OptionValue] = Field(default_factory=dict, max_length=32)
    """Game options (``bouts rules GAME`` lists them)."""
    variant: Text | None = Field(default=None, max_length=64)
    """A named variant of the game, whose options come first."""
    content: Text | None = Field(default=None, max_length=128)
    """A content pack id the server has (the game's reference pack by default)."""

    @model_validator(mode="after")
    def _clean_options(self) -> CreateMatch:
        if not all_clean(self.options):
            raise ValueError("options: text must be valid Unicode (no lone surrogates)")
        return self


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


class Guard:
    """Pure ASGI middleware: request bodies counted as they arrive (at most ``MAX_BODY_BYTES``), and the
    security headers (Content-Security-Policy with frame-ancestors, Referrer-Policy, nosniff) on every answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Guard one request."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = str(scope.get("path", ""))
        policy = DOCS_CSP if path.startswith(("/docs", "/redoc")) else CSP

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [h for h in message.get("headers", []) if h[0].lower() != b"content-security-policy"]
                headers += [(b"content-security-policy", policy.encode()), (b"referrer-policy", b"no-referrer"),
                            (b"x-content-type-options", b"nosniff"), (b"x-frame-options", b"DENY"),
                            (b"cross-origin-opener-policy", b"same-origin")]
                message = {**message, "headers": headers}
            await send(message)

        length = dict(scope.get("headers", [])).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY_BYTES):
            await self._too_large(secured, scope_lang(scope))
            return
        if scope.get("method") in ("GET", "HEAD", "OPTIONS", "DELETE") and length is None:
            await self.app(scope, receive, secured)
            return
        chunks: list[bytes] = []
        size = 0
        while True:  # read the body here, counting bytes as they arrive (a chunked body has no length)
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body = message.get("body", b"")
            size += len(body)
            if size > MAX_BODY_BYTES:
                await self._too_large(secured, scope_lang(scope))
                return
            chunks.append(body)
            if not message.get("more_body", False):
                break
        whole = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": whole, "more_body": False}
            return await receive()

        await self.app(scope, replay, secured)

    @staticmethod
    async def _too_large(send: Send, lang: str) -> None:
        detail = tr(M_("request body too large (at most {limit} bytes)", limit=MAX_BODY_BYTES), lang)
        body = json.dumps({"detail": detail}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})


GC_THRESHOLDS = (20_000, 20, 20)
"""The cyclic collector's thresholds in a server (Python's default is 700, 10, 10)."""


def create_app(db_url: str = "bouts.sqlite", bot_processes: int = 1, message_rate: float = MESSAGE_RATE,
               send_timeout: float = 10.0, unload_after: float = 300.0, expire_after: float = 3600.0) -> FastAPI:
    """The server application over the database at ``db_url``.

    ``message_rate``: socket messages a connection may send a second; ``send_timeout``: seconds a
    connection may take to accept one message before it is closed; ``unload_after``: seconds an
    unfinished match nobody watches stays in memory; ``expire_after``: seconds after which a match
    nobody joined is deleted.
    """
    hub = Hub(Store(db_url), bot_processes, unload_after=unload_after, expire_after=expire_after)
    rate = f"{message_rate:g}"
    too_many = M_("too many messages: slow down (at most {rate} a second)", rate=rate)
    create_rate = float(os.environ.get("BOUTS_CREATE_RATE", "2"))
    creating = PerClient(rate=create_rate, burst=max(30.0, 2 * create_rate))

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        # what is loaded by now (modules, games, content) lives as long as the process: keep it out of the cyclic
        # collector's full passes, and collect the young generation less often (fewer passes over the rooms'
        # long-lived states); about 10 % of the CPU per action at 100 matches (docs/server.md, Load)
        if gc.get_threshold() != GC_THRESHOLDS:  # once per process (tests start many apps in one)
            gc.collect()
            gc.freeze()
            gc.set_threshold(*GC_THRESHOLDS)
        try:
            yield
        finally:
            await hub.stop()

    app = FastAPI(title="bouts", version="2", lifespan=lifespan,
                  description="Play bouts games in the browser: lobby API and match sockets. "
                              "The socket message format is in docs/server.md.")
    app.state.hub = hub
    app.include_router(designer.router)  # the designer's workbench page and its API (server/designer.py)
    app.add_middleware(Guard)

    @app.exception_handler(LobbyError)
    async def lobby_error(request: Request, exc: LobbyError) -> JSONResponse:
        return JSONResponse({"detail": exc.words(designer.page_lang(request))}, exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg')}" for e in exc.errors())
        detail = tr(M_("bad request: {problems}", problems=problems), designer.page_lang(request))
        return JSONResponse({"detail": detail.encode("utf-8", "replace").decode()}, 422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        standard = HTTP_WORDS.get(exc.status_code)
        detail = tr(standard, designer.page_lang(request)) if standard is not None and exc.detail in (
            HTTPStatus(exc.status_code).phrase, None) else exc.detail
        return JSONResponse({"detail": detail}, exc.status_code)

    def client(request: Request) -> str:
        return request.client.host if request.client else "?"

    def match_id_ok(match_id: str) -> str:
        if len(match_id) > 64 or not is_clean_text(match_id):
            raise LobbyError(M_("no such match"), 404)
        return match_id

    # -- pages ----------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(WEB / "index.html")

    @app.get("/match/{match_id}", include_in_schema=False)
    async def match_page(match_id: str) -> FileResponse:
        return FileResponse(WEB / "match.html")

    app.mount("/static", StaticFiles(directory=WEB), name="static")

    # -- lobby API ---------------------------------------------------------------------------
    @app.get("/api/i18n")
    async def i18n(request: Request) -> dict[str, Any]:
        """Every word the browser pages show, in the page's language (``?lang=en|ja``, else ``Accept-Language``):
        ``{"lang", "messages": {id: text}, "plurals": {id: [forms]}}`` from the ``web`` catalog."""
        return designer.web_catalog(designer.page_lang(request))

    @app.get("/api/games")
    async def games(request: Request) -> list[dict[str, Any]]:
        """The games this server offers (names, help and option forms in ``?lang=``, else ``Accept-Language``)."""
        with use_lang(designer.page_lang(request)):
            return list_games()

    def list_games() -> list[dict[str, Any]]:
        listed = []
        for game_id in game_ids():
            game = get_game(game_id)
            info = game.info
            listed.append({
                "id": info.id, "name": tr(info.name), "min_seats": info.min_seats, "max_seats": info.max_seats,
                "summary": tr(info.summary), "options": game.options_help(), "options_form": game.options_form(),
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
            raise LobbyError(M_("too many matches created: wait a moment"), 429)
        room, seat_tokens, spectator = await hub.create(
            body.game, [s.model_dump() for s in body.seats], dict(body.options), body.variant, body.content)
        seats = [SeatLink(seat=n, kind=k["kind"], agent=k.get("agent"), token=t,
                          link=None if t is None else link(room.id, t))
                 for n, (k, t) in enumerate(zip(room.record.seat_kinds, seat_tokens, strict=True))]
        return Created(id=room.id, game=room.record.game, seats=seats,
                       spectator=SeatLink(seat=-1, kind="spectator", token=spectator, link=link(room.id, spectator)))

    @app.get("/api/matches")
    async def open_matches() -> list[dict[str, Any]]:
        """Unfinished matches with a seat anyone may take (``/ws/lobby`` pushes the same list as it changes)."""
        return await hub.refresh_open_matches()

    @app.post("/api/matches/{match_id}/join")
    async def join(match_id: Annotated[str, Field(max_length=64)], request: Request) -> Joined:
        """Take the first free open seat of a match (exactly one caller gets each seat)."""
        if not creating.take(client(request)):
            raise LobbyError(M_("too many requests: wait a moment"), 429)
        seat, token = await hub.join(match_id_ok(match_id))
        return Joined(match=match_id, seat=seat, token=token, link=link(match_id, token))

    @app.get("/api/matches/{match_id}/save")
    async def save(match_id: str, authorization: Annotated[str | None, Header(max_length=300)] = None) -> Response:
        """A finished match as a save file (``bouts replay FILE``): send any seat's or the spectator's
        token as ``Authorization: Bearer TOKEN`` (never in the URL)."""
        scheme, _, token = (authorization or "").partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise LobbyError(M_("send a seat's or the spectator's token as the header {header}",
                                header="'Authorization: Bearer TOKEN'"), 401)
        room = await hub.room(match_id_ok(match_id))
        if room is None:
            raise LobbyError(M_("no such match"), 404)
        try:
            record = room.record
            if not any(tokens.matches(token.strip(), d) for d in [*record.token_digests, record.spectator_digest]):
                raise LobbyError(M_("this token opens no seat of this match"), 403)
            if not room.over:
                raise LobbyError(M_("the match is not over: its save file (which holds the seed) comes at the end"),
                                 409)
            data = room.match.to_json()
            data["outcome"] = room.outcome()
            if any(record.resigned):
                data["resigned"] = [s for s, r in enumerate(record.resigned) if r]
            body = json.dumps(data, indent=1, ensure_ascii=False)
        finally:
            hub.room_idle(room)
        return Response(body, media_type="application/json", headers={
            "content-disposition": f'attachment; filename="bouts-{record.game}-{record.id}.json"',
            "cache-control": "no-store"})

    # -- the lobby socket ----------------------------------------------------------------------
    @app.websocket("/ws/lobby")
    async def lobby_socket(websocket: WebSocket) -> None:
        await websocket.accept()
        if len(hub.lobby_sinks) >= MAX_LOBBY_SOCKETS:
            await websocket.close(1013)
            return
        reader = asyncio.current_task()
        conn = Connection(websocket, message_rate, send_timeout=send_timeout, on_close=stopper(reader))
        conn.lang = socket_lang(websocket)
        conn.builder = hub.lobby_messages
        hub.lobby_sinks.add(conn)
        conn.start()
        conn.changed()
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if not conn.bucket.take():
                    conn.error("rate", too_many)
                    continue
                data = decode(message)
                if not isinstance(data, dict):
                    conn.error("bad_message", data)
                elif data["type"] == "ping":
                    conn.push({"type": "pong"})
                else:
                    conn.error("bad_message", M_("the lobby socket only pushes; it takes {ping}", ping='"ping"'))
        except (WebSocketDisconnect, asyncio.CancelledError):
            pass
        finally:
            hub.lobby_sinks.discard(conn)
            await finish(conn, websocket)

    def stopper(reader: asyncio.Task[Any] | None) -> Any:
        """What a connection calls when it gives up on its socket: end the handler reading from it."""

        def stop() -> None:
            if reader is not None:
                reader.cancel()

        return stop

    def stopper_on_failure(reader: asyncio.Task[Any] | None) -> Any:
        """What a connection's worker calls when it ends: if it failed, say so and end the handler reading."""

        def done(worker: asyncio.Task[None]) -> None:
            if worker.cancelled() or worker.exception() is None:
                return
            print(f"bouts serve: socket worker failed: {worker.exception()!r}", file=sys.stderr)
            if reader is not None:
                reader.cancel()

        return done

    async def finish(conn: Connection, websocket: WebSocket) -> None:
        task = asyncio.current_task()
        if task is not None:
            while task.uncancel():
                pass
        await conn.stop()
        if conn.close_reason:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(websocket.close(SLOW_CLOSE_CODE, close_reason(conn.close_reason)), 1.0)

    # -- the match socket --------------------------------------------------------------------
    @app.websocket("/ws/{match_id}")
    async def socket(websocket: WebSocket, match_id: str) -> None:
        await websocket.accept()
        reader = asyncio.current_task()
        conn = Connection(websocket, message_rate, send_timeout=send_timeout, on_close=stopper(reader))
        conn.lang = socket_lang(websocket)  # until its hello says
        room: Room | None = None
        worker: asyncio.Task[None] | None = None
        inbox: asyncio.Queue[Any] = asyncio.Queue()
        try:
            grant = await hello(conn, match_id)
            if grant is None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(websocket.close(4403), 1.0)
                return
            room = grant.room
            conn.seat = grant.seat
            conn.builder = room.texts_for
            conn.settle = room.settled
            room.sinks.add(conn)
            conn.start()
            conn.changed(full=True)
            with contextlib.suppress(Exception):
                await room.load_chat()
            conn.push({"type": "chat", "messages": list(room.chat)})
            room.presence_changed()  # everyone sees who is connected
            worker = asyncio.get_running_loop().create_task(work(conn, room, inbox))
            worker.add_done_callback(stopper_on_failure(reader))
            while True:
                # this loop only reads: what a message asks for is done by the worker, so the socket is read (and
                # the keepalive's pongs seen) however long an action waits for the database or the owner
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if not conn.bucket.take() or inbox.qsize() >= INBOX_LIMIT:
                    conn.error("rate", too_many)
                    continue
                inbox.put_nowait(message)
        except (WebSocketDisconnect, asyncio.CancelledError):
            pass
        finally:
            if worker is not None:  # what it is doing is finished (an action half-committed helps nobody)
                while not inbox.empty():
                    inbox.get_nowait()
                inbox.put_nowait(None)
                with contextlib.suppress(BaseException):
                    await worker
            if room is not None:
                room.sinks.discard(conn)
                with contextlib.suppress(Exception):
                    room.presence_changed()
                hub.room_idle(room)
            await finish(conn, websocket)

    async def hello(conn: Connection, match_id: str) -> Grant | None:
        """The first message must be ``{"type": "hello", "token": ...}`` (``lang`` optional)."""
        try:
            message = await asyncio.wait_for(conn.socket.receive(), timeout=15)
        except TimeoutError:
            await conn.send_now({"type": "error", "code": "auth",
                                 "message": conn.words(M_("send {hello} first", hello=HELLO))})
            return None
        if message.get("type") == "websocket.disconnect":
            return None
        data = decode(message)
        if not isinstance(data, dict) or data.get("type") != "hello" or not isinstance(data.get("token"), str):
            await conn.send_now({"type": "error", "code": "auth",
                                 "message": conn.words(M_("the first message must be {hello}", hello=HELLO))})
            return None
        lang = data.get("lang")
        if isinstance(lang, str):
            conn.lang = normalize_lang(lang[:16]) or conn.lang
        try:
            return await hub.grant(match_id_ok(match_id), data["token"])
        except LobbyError as exc:
            await conn.send_now({"type": "error", "code": "auth", "message": conn.words(exc.message)})
            return None

    async def work(conn: Connection, room: Room, inbox: asyncio.Queue[Any]) -> None:
        """Do what a connection's messages ask, one after another, in the order they came (until ``None``)."""
        while (message := await inbox.get()) is not None:
            await handle(conn, room, message)

    async def handle(conn: Connection, room: Room, message: Any) -> None:
        data = decode(message)
        if not isinstance(data, dict):
            conn.error("bad_message", data)
            return
        kind = data["type"]
        if kind == "ping":
            conn.push({"type": "pong"})
        elif kind == "sync":
            conn.changed(full=True)
        elif kind == "presence":
            away = data.get("away")
            if not isinstance(away, bool):
                conn.error("bad_message", M_("presence needs {away}: true or false", away='"away"'))
                return
            conn.away = away
            room.presence_changed()
        elif kind == "rematch":
            try:
                found = await hub.rematch(room, conn.seat)
            except LobbyError as exc:
                conn.error("rematch", exc.message)
                return
            if found["link"] is not None:
                conn.push({"type": "rematch", **found})
        elif kind in ("act", "undo", "hint", "concede", "chat"):
            if conn.seat is None:
                conn.error("spectator", M_("a spectator watches: it cannot act, undo, concede, chat or ask for hints"))
            else:
                await seat_message(conn, room, conn.seat, kind, data)
        else:
            conn.error("bad_message", M_("unknown message type {kind} (known: {known})", kind=repr(kind[:40]),
                                         known="act, undo, hint, concede, chat, presence, sync, rematch, ping"))

    async def seat_message(conn: Connection, room: Room, seat: int, kind: str, data: dict[str, Any]) -> None:
        """``act``, ``undo``, ``hint``, ``concede`` and ``chat``: what a seat (never a spectator) may send."""
        with use_lang(sink_lang(conn)):  # refusals in the reader's language
            await seat_request(conn, room, seat, kind, data)

    async def acknowledged(conn: Connection, change: Coroutine[Any, Any, int]) -> None:
        """Make a change of this connection's own: its state frames wait meanwhile, so the one that shows the
        change carries its ``ack`` (a refusal releases them, its error said by the caller)."""
        conn.holding = True
        try:
            conn.acked(await change)
        finally:
            conn.release()

    async def seat_request(conn: Connection, room: Room, seat: int, kind: str, data: dict[str, Any]) -> None:
        try:
            if kind == "act":
                action, step, version = data.get("action"), data.get("step"), data.get("version")
                if not isinstance(action, str) or not action.strip():
                    conn.error("bad_message", M_("act needs {action}: the action's text form", action='"action"'))
                    return
                for quoted, value in (('"step"', step), ('"version"', version)):
                    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                        conn.error("bad_message", M_("{step} must be a whole number", step=quoted))
                        return
                await acknowledged(conn, room.act(seat, action, step, version))
            elif kind == "undo":
                await room.undo(seat)
            elif kind == "concede":
                await acknowledged(conn, room.concede(seat))
            elif kind == "chat":
                text = data.get("text")
                if not isinstance(text, str):
                    conn.error("bad_message", M_("chat needs {text}: the message", text='"text"'))
                    return
                try:
                    await room.say(seat, text)
                except PermissionError as exc:
                    conn.error("rate", said(exc))
                except IllegalAction as exc:
                    conn.error("chat", said(exc))
            elif kind == "hint":
                match = room.match
                advice = functools.partial(advise, match.game, match.state, seat, sink_lang(conn))
                found = await asyncio.get_running_loop().run_in_executor(hub.bots.threads, advice)
                conn.push({"type": "hint", "step": len(match.steps), **found})
        except Unavailable:
            conn.error("storage", M_("the {kind} could not be saved, so it was not done: try again", kind=kind))
        except ValueError as exc:  # IllegalAction, or a game's own parse error: the match is unchanged
            conn.error("illegal", said(exc))

    return app
