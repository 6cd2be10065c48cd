"""The keepalive closes dead clients, never the well-behaved ones of a server that has fallen behind."""

from __future__ import annotations

import asyncio
import json
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
import uvicorn
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from bouts.server.app import create_app
from tests.server.conftest import kind
from tests.server.live import free_port

PING_INTERVAL = 0.2
PING_TIMEOUT = 0.5
"""The server's keepalive here: a ping every 0.2 s, answered within 0.5 s (the default is 20 s and 20 s)."""
SLOW_WRITE = 2.5
"""Seconds each commit of an action takes: five times the ping timeout (a database far behind)."""


def serve(app: Any) -> tuple[int, uvicorn.Server, threading.Thread]:
    """Run ``app`` under uvicorn in a thread with the quick keepalive; its port, server and thread."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           ws_ping_interval=PING_INTERVAL, ws_ping_timeout=PING_TIMEOUT))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started, "the server did not start"
    return port, server, thread


@pytest.fixture
def slow_server(tmp_path: Path) -> Iterator[tuple[int, Any]]:
    """A server in this process with a quick keepalive whose database commits take :data:`SLOW_WRITE` seconds."""
    app = create_app(str(tmp_path / "db.sqlite"), 0)
    store = app.state.hub.store
    write = store.append

    def slow_append(*args: Any, **kwargs: Any) -> None:
        time.sleep(SLOW_WRITE)  # on the database thread, as a real commit waits
        write(*args, **kwargs)

    store.append = slow_append
    port, server, thread = serve(app)
    try:
        yield port, server
    finally:
        server.should_exit = True
        thread.join(10)


@pytest.fixture
def quick_server(tmp_path: Path) -> Iterator[tuple[int, Any]]:
    """A server in this process with a quick keepalive."""
    port, server, thread = serve(create_app(str(tmp_path / "db.sqlite"), 0))
    try:
        yield port, server
    finally:
        server.should_exit = True
        thread.join(10)


def make_match(port: int) -> dict[str, Any]:
    """A two-seat FGO Duel match on the server at ``port``."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/matches", method="POST", headers={"content-type": "application/json"},
        data=json.dumps({"game": "fgo_duel", "seats": [{"kind": "reserved"}, {"kind": "reserved"}]}).encode())
    made: dict[str, Any] = json.load(urllib.request.urlopen(request, timeout=30))
    return made


async def seated(port: int, made: dict[str, Any]) -> tuple[list[Any], dict[int, dict[str, Any]]]:
    """Both seats' sockets (no client keepalive of their own: they only answer pings) and first frames."""
    sockets = []
    frames: dict[int, dict[str, Any]] = {}
    for entry in made["seats"]:
        ws = await connect(f"ws://127.0.0.1:{port}/ws/{made['id']}", ping_interval=None)
        await ws.send(json.dumps({"type": "hello", "token": entry["token"]}))
        while True:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 30))
            if frame["type"] == "state":
                frames[entry["seat"]] = frame
                break
        sockets.append(ws)
    return sockets, frames


def test_a_player_waiting_on_a_slow_commit_is_not_dropped_by_the_keepalive(slow_server: tuple[int, Any]) -> None:
    """A player acts while every commit takes five ping timeouts. Its client answers every ping at once; the
    server must read those pongs while the action waits for the database (before the fix it did not, so the
    keepalive blamed the player and closed it with 1011): the player also sends an application ``ping``
    meanwhile, which was not taken until the action was done, and uvicorn stops reading a socket whose message
    waits to be taken, so the pongs behind it went unread. The player stays connected and gets its ack."""
    port, _ = slow_server
    made = make_match(port)

    async def play() -> tuple[list[str], float]:
        sockets, frames = await seated(port, made)
        seat = next(s for s, f in frames.items() if f["legal"])
        ws = sockets[seat]
        began = time.monotonic()
        heard: list[str] = []
        await ws.send(json.dumps({"type": "act", "action": frames[seat]["legal"][0]["text"],
                                  "step": frames[seat]["step"]}))
        await ws.send(json.dumps({"type": "ping"}))  # its page says it is alive, as a browser's may at any time
        while not heard or heard[-1] != "ack":
            heard.append(kind(json.loads(await asyncio.wait_for(ws.recv(), 30))))
        waited = time.monotonic() - began
        await asyncio.wait_for(await ws.ping(), 5)  # still open: the server answers
        for other in sockets:
            await other.close()
        return heard, waited

    try:
        heard, waited = asyncio.run(play())
    except ConnectionClosed as exc:  # the defect: closed by the keepalive while the action waited
        pytest.fail(f"the server closed a well-behaved player: {exc}")
    assert "ack" in heard
    assert waited >= SLOW_WRITE, "the commit was not slow: the test proves nothing"


def test_a_lagging_server_loop_does_not_blame_its_clients(quick_server: tuple[int, Any]) -> None:
    """The server's event loop is held for five ping timeouts at a time, three times over, while two players
    sit connected (their clients answer pings at once). When the loop gets going again it reads the sockets
    that became readable before it runs the timers that fell due, so the pongs that came meanwhile are seen
    first: nobody is closed by the keepalive, and the players can act afterwards."""
    port, server = quick_server
    made = make_match(port)
    loop = server.servers[0].get_loop()

    async def play() -> str:
        sockets, frames = await seated(port, made)
        for _ in range(3):
            await asyncio.sleep(PING_INTERVAL * 2)  # a ping is out
            loop.call_soon_threadsafe(time.sleep, 5 * PING_TIMEOUT)  # the server's loop does nothing else
            await asyncio.sleep(5 * PING_TIMEOUT + 0.5)
        for ws in sockets:
            await asyncio.wait_for(await ws.ping(), 5)  # both still open
        seat = next(s for s, f in frames.items() if f["legal"])
        await sockets[seat].send(json.dumps({"type": "act", "action": frames[seat]["legal"][0]["text"],
                                             "step": frames[seat]["step"]}))
        while (said := kind(json.loads(await asyncio.wait_for(sockets[seat].recv(), 30)))) != "ack":
            pass
        for ws in sockets:
            await ws.close()
        return said

    try:
        assert asyncio.run(play()) == "ack"
    except ConnectionClosed as exc:
        pytest.fail(f"the server closed a well-behaved player: {exc}")
