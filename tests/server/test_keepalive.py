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
from tests.server.live import free_port

PING_INTERVAL = 0.2
PING_TIMEOUT = 0.5
"""The server's keepalive here: a ping every 0.2 s, answered within 0.5 s (the default is 20 s and 20 s)."""
SLOW_WRITE = 2.5
"""Seconds each commit of an action takes: five times the ping timeout (a database far behind)."""


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
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           ws_ping_interval=PING_INTERVAL, ws_ping_timeout=PING_TIMEOUT))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started, "the server did not start"
    try:
        yield port, server
    finally:
        server.should_exit = True
        thread.join(10)


def test_a_player_waiting_on_a_slow_commit_is_not_dropped_by_the_keepalive(slow_server: tuple[int, Any]) -> None:
    """A player acts while every commit takes five ping timeouts. Its client answers every ping at once; the
    server must read those pongs while the action waits for the database (before the fix it did not, so the
    keepalive blamed the player and closed it with 1011): the player also sends an application ``ping``
    meanwhile, which was not taken until the action was done, and uvicorn stops reading a socket whose message
    waits to be taken, so the pongs behind it went unread. The player stays connected and gets its ack."""
    port, _ = slow_server
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/matches", method="POST", headers={"content-type": "application/json"},
        data=json.dumps({"game": "fgo_duel", "seats": [{"kind": "reserved"}, {"kind": "reserved"}]}).encode())
    made = json.load(urllib.request.urlopen(request, timeout=30))

    async def play() -> tuple[list[str], float]:
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
        seat = next(s for s, f in frames.items() if f["legal"])
        ws = sockets[seat]
        began = time.monotonic()
        heard: list[str] = []
        await ws.send(json.dumps({"type": "act", "action": frames[seat]["legal"][0]["text"],
                                  "step": frames[seat]["step"]}))
        await ws.send(json.dumps({"type": "ping"}))  # its page says it is alive, as a browser's may at any time
        while not heard or heard[-1] != "ack":
            heard.append(json.loads(await asyncio.wait_for(ws.recv(), 30))["type"])
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
