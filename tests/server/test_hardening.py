"""Hostile input and leftovers: lone surrogates, huge chunked bodies, headers, workers that outlive the server,
matches that stay in memory."""

from __future__ import annotations

import gc
import json
import os
import signal
import socket
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bouts.server.app import create_app
from tests.server.conftest import create, until, until_ack
from tests.server.live import LiveServer


def test_a_lone_surrogate_is_a_4xx_over_http_and_an_error_on_the_socket(client: TestClient) -> None:
    for body in ('{"game": "swordplay", "seats": [{"kind": "open"}, {"kind": "open"}], "options": {"mode": "\\ud800"}}',
                 '{"game": "\\ud800", "seats": [{"kind": "open"}]}',
                 '{"game": "swordplay", "seats": [{"kind": "bot", "agent": "\\udfff"}, {"kind": "open"}]}',
                 '{"game": "swordplay", "seats": [{"kind": "open"}], "options": {"\\ud800": 1}}'):
        response = client.post("/api/matches", content=body, headers={"content-type": "application/json"})
        assert 400 <= response.status_code < 500, (body, response.status_code, response.text)
        assert response.json()["detail"]
    made = create(client, "swordplay", [{"kind": "reserved"}, {"kind": "reserved"}])
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_text('{"type": "hello", "token": "\\ud800"}')
        assert until(ws, "error")["code"] == "auth"
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
        until(ws, "state")
        for text in ('{"type": "act", "action": "\\ud800"}', '{"type": "chat", "text": "hi \\udc00"}',
                     '{"type": "\\ud800"}', '{"\\ud800": 1, "type": "ping"}'):
            ws.send_text(text)
            error = until(ws, "error")
            assert error["code"] == "bad_message", error
        ws.send_json({"type": "ping"})
        assert until(ws, "pong")  # the connection is still there


def test_a_chunked_body_is_counted_as_it_arrives(tmp_path: Path) -> None:
    """A 200 MB chunked body (no Content-Length) is refused after 64 KiB; the server reads no more of it."""
    server = LiveServer(str(tmp_path / "db.sqlite")).start()
    try:
        before = server.rss()
        sock = socket.create_connection(("127.0.0.1", server.port))
        sock.sendall(b"POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Transfer-Encoding: chunked\r\n\r\n")
        chunk = b"%x\r\n%s\r\n" % (1 << 20, b" " * (1 << 20))
        sent = 0
        answer = b""
        sock.settimeout(0.05)
        try:
            while sent < 200:
                sock.sendall(chunk)
                sent += 1
                try:
                    answer += sock.recv(65536)
                except TimeoutError:
                    continue
                if answer:
                    break
        except (BrokenPipeError, ConnectionResetError):
            pass
        sock.settimeout(5)
        try:
            while b"\r\n\r\n" not in answer:
                more = sock.recv(65536)
                if not more:
                    break
                answer += more
        except (ConnectionResetError, TimeoutError):
            pass
        sock.close()
        assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
        assert sent < 100, f"the server read {sent} MB before refusing"
        assert server.rss() - before < 50, f"server memory grew {server.rss() - before:.0f} MB"
    finally:
        server.stop()


def test_security_headers_on_every_page_and_answer(client: TestClient) -> None:
    for path in ("/", "/match/abc", "/api/games", "/static/match.js", "/api/nothing"):
        response = client.get(path)
        policy = response.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "default-src 'self'" in policy, path
        assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
        assert response.headers["referrer-policy"] == "no-referrer"
        assert response.headers["x-content-type-options"] == "nosniff"


def test_the_save_file_needs_a_header_never_a_token_in_the_url(client: TestClient) -> None:
    made = create(client, "swordplay", [{"kind": "reserved"}, {"kind": "reserved"}])
    token = made["seats"][0]["token"]
    refused = client.get(f"/api/matches/{made['id']}/save", params={"token": token})
    assert refused.status_code == 401 and "Authorization" in refused.json()["detail"]
    match_js = (Path(__file__).resolve().parents[2] / "src/bouts/web/match.js").read_text()
    assert "save?token" not in match_js and "Authorization" in match_js


def children(pid: int) -> set[int]:
    """Every process descended from ``pid``."""
    found: set[int] = set()
    parents = {pid}
    changed = True
    while changed:
        changed = False
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rpartition(")")[2].split()[1])
            if ppid in parents and int(entry) not in found:
                found.add(int(entry))
                parents.add(int(entry))
                changed = True
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_bot_workers_and_the_resource_tracker_die_with_a_killed_server(tmp_path: Path) -> None:
    server = LiveServer(str(tmp_path / "db.sqlite"), bot_workers=1).start()
    try:
        made = server.post("/api/matches", {"game": "swordplay", "seats": [{"kind": "bot", "agent": "heuristic"}] * 2})
        assert made["id"]
        deadline = time.monotonic() + 30
        workers: set[int] = set()
        while time.monotonic() < deadline and len(workers) < 2:  # a worker and the resource tracker
            workers = children(server.pid)
            time.sleep(0.2)
        assert workers, "no worker started"
        server.process.send_signal(signal.SIGKILL)  # type: ignore[union-attr]
        server.process.wait(10)  # type: ignore[union-attr]
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(alive(p) for p in workers):
            time.sleep(0.2)
        left = [p for p in workers if alive(p)]
        for pid in left:
            os.kill(pid, signal.SIGKILL)
        assert not left, f"{len(left)} of {len(workers)} child processes outlived the server"
    finally:
        server.stop()


def test_finished_matches_leave_memory_idle_ones_unload_and_unjoined_ones_expire(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "db.sqlite"), 0, message_rate=100_000, unload_after=0.5, expire_after=1.0)
    with TestClient(app) as client:
        hub = app.state.hub
        done = create(client, "swordplay", [{"kind": "bot", "agent": "random"}] * 2)
        deadline = time.monotonic() + 30
        while done["id"] in hub.rooms and time.monotonic() < deadline:  # bots play it out; then it leaves
            time.sleep(0.05)
        assert done["id"] not in hub.rooms and hub.store.load(done["id"]).finished
        idle = create(client, "swordplay", [{"kind": "reserved"}, {"kind": "reserved"}])
        with client.websocket_connect(f"/ws/{idle['id']}") as ws:
            ws.send_json({"type": "hello", "token": idle["seats"][0]["token"]})
            first = until(ws, "state")
        time.sleep(2.5)
        assert idle["id"] not in hub.rooms  # unloaded: nobody watched, nothing happened
        with client.websocket_connect(f"/ws/{idle['id']}") as ws:  # replayed from the database on return
            ws.send_json({"type": "hello", "token": idle["seats"][0]["token"]})
            again = until(ws, "state")
            assert again["view"] == first["view"] and again["step"] == first["step"]
        unjoined = create(client, "swordplay", [{"kind": "open"}, {"kind": "reserved"}])
        assert unjoined["id"] in {m["id"] for m in client.get("/api/matches").json()}
        deadline = time.monotonic() + 40
        while hub.store.load(unjoined["id"]) is not None and time.monotonic() < deadline:
            time.sleep(0.5)
        assert hub.store.load(unjoined["id"]) is None  # nobody joined: expired
        assert hub.store.load(idle["id"]) is not None  # a seat was taken: kept
        assert unjoined["id"] not in {m["id"] for m in client.get("/api/matches").json()}


@pytest.mark.parametrize("matches", [300])
def test_memory_stays_flat_as_matches_come_and_go(tmp_path: Path, matches: int,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Create and finish matches in rounds: the rooms in memory do not grow with the matches made."""
    monkeypatch.setenv("BOUTS_CREATE_RATE", "100000")
    app = create_app(str(tmp_path / "db.sqlite"), 0, message_rate=100_000)
    with TestClient(app) as client:
        hub = app.state.hub
        for _ in range(matches):
            made = create(client, "sao", [{"kind": "reserved"}])
            with client.websocket_connect(f"/ws/{made['id']}") as ws:
                ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
                until(ws, "state")
                ws.send_json({"type": "concede"})
                until_ack(ws)
        time.sleep(0.2)
        gc.collect()
        assert len(hub.rooms) <= 2, len(hub.rooms)
        assert hub.store.unfinished_count() == 0
        assert json.dumps(len(hub.bots.used)) == "0"
