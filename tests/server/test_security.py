"""Security of the lobby and the match socket: tokens, seats, malformed input (never a 5xx)."""

from __future__ import annotations

import hmac
import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from bouts.server import tokens
from bouts.server.app import create_app
from bouts.server.room import localize
from tests.server.conftest import bearer, create, until


def two_seats(client: TestClient, game: str = "swordplay") -> dict[str, Any]:
    return create(client, game, [{"kind": "reserved"}, {"kind": "reserved"}])


def test_tokens_have_at_least_128_random_bits_and_are_stored_hashed(client: TestClient) -> None:
    made = two_seats(client)
    token = made["seats"][0]["token"]
    assert len(token) * 6 >= 128 and tokens.TOKEN_BYTES * 8 >= 128
    record = client.app.state.hub.rooms[made["id"]].record  # type: ignore[attr-defined]
    assert token not in json.dumps(record.token_digests) and record.token_digests[0] == tokens.digest(token)


def test_tokens_are_compared_in_constant_time(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    made = two_seats(client)
    calls: list[tuple[str, str]] = []
    real = hmac.compare_digest

    def spy(a: Any, b: Any) -> bool:
        calls.append((a, b))
        return real(a, b)

    monkeypatch.setattr(tokens.hmac, "compare_digest", spy)
    grant = client.app.state.hub.authorize(made["id"], made["seats"][1]["token"])  # type: ignore[attr-defined]
    assert grant.seat == 1
    assert len(calls) == 3  # every seat digest and the spectator's, whichever matched


def test_each_token_opens_only_its_own_seat_view_and_log(client: TestClient) -> None:
    made = two_seats(client)
    room = client.app.state.hub.rooms[made["id"]]  # type: ignore[attr-defined]
    for seat, entry in enumerate(made["seats"]):
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": entry["token"]})
            frame = until(ws, "state")
            assert frame["seat"] == seat
            assert frame["view"] == localize(room.match.view(seat), "en")
            assert [{k: v for k, v in e.items() if k not in ("step", "actor", "turn")} for e in frame["log"]] == [
                e.to_json() for e in room.match.log(seat)]
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"type": "hello", "token": made["spectator"]["token"]})
        frame = until(ws, "state")
        assert frame["seat"] is None and frame["view"] == localize(room.match.view(None), "en") and frame["legal"] == []


@pytest.mark.parametrize("token", ["", "x", "A" * 32, "spectator"])
def test_a_wrong_token_opens_nothing(client: TestClient, token: str) -> None:
    made = two_seats(client)
    other = two_seats(client)
    for bad in (token, other["seats"][0]["token"], made["seats"][0]["token"][:-1]):
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": bad})
            frame = ws.receive_json()
            assert frame["type"] == "error" and frame["code"] == "auth"
            with pytest.raises(WebSocketDisconnect):
                ws.receive_json()


def test_a_seat_cannot_act_for_another_seat(client: TestClient) -> None:
    made = two_seats(client)
    room = client.app.state.hub.rooms[made["id"]]  # type: ignore[attr-defined]
    acting = room.match.to_act()[0]
    idle = 1 - acting
    legal = [str(a) for a in room.match.legal_actions(acting)]
    before = len(room.match.steps)
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"type": "hello", "token": made["seats"][idle]["token"]})
        until(ws, "state")
        for message in ({"type": "act", "action": legal[0]}, {"type": "act", "action": legal[0], "seat": acting},
                        {"type": "undo", "seat": acting}):
            ws.send_json(message)
            error = until(ws, "error")
            assert error["message"]
    assert len(room.match.steps) == before


def test_a_spectator_cannot_act_undo_or_ask_for_hints(client: TestClient) -> None:
    made = two_seats(client)
    room = client.app.state.hub.rooms[made["id"]]  # type: ignore[attr-defined]
    legal = str(room.match.legal_actions(room.match.to_act()[0])[0])
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"type": "hello", "token": made["spectator"]["token"]})
        until(ws, "state")
        for kind in ("act", "undo", "hint"):
            ws.send_json({"type": kind, "action": legal})
            assert until(ws, "error")["code"] == "spectator"
    assert not room.match.steps or room.match.steps[-1].seat == -1


FUZZ: list[Any] = [
    b"\x00\xff\xfe", "not json", "[]", "{}", "null", "42", '"act"', '{"type": 5}', '{"type": null}',
    {"type": "act"}, {"type": "act", "action": 5}, {"type": "act", "action": ""}, {"type": "act", "action": []},
    {"type": "act", "action": "no such action"}, {"type": "act", "action": "attack"},
    {"type": "act", "action": "hero", "step": "x"}, {"type": "act", "action": "hero gladiator", "step": True},
    {"type": "act", "action": "hero gladiator", "step": 99999}, {"type": "act", "action": "x" * 5000},
    {"type": "act", "action": "hero gladiator", "step": 0, "version": "x"},
    {"type": "act", "action": "hero gladiator", "step": 0, "version": False},
    {"type": "act", "action": "hero gladiator", "step": -1, "version": 10**12},
    {"type": "act", "action": "hero gladiator", "step": 99999, "version": 0},
    "x" * 10_000, "[" * 3000, {"type": "undo"}, {"type": "rematch"}, {"type": "zzz"}, {"type": "hello", "token": "t"},
    {"type": "act", "action": "\ud800"}, b"\xc3\x28",
]


def test_fuzzed_messages_get_a_clear_error_and_change_nothing(client: TestClient) -> None:
    made = two_seats(client)
    room = client.app.state.hub.rooms[made["id"]]  # type: ignore[attr-defined]
    acting = room.match.to_act()[0]
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"type": "hello", "token": made["seats"][acting]["token"]})
        first = until(ws, "state")
        for message in FUZZ:
            if isinstance(message, bytes):
                ws.send_bytes(message)
            elif isinstance(message, str):
                ws.send_text(message)
            else:
                ws.send_text(json.dumps(message))
            error = until(ws, "error")
            assert isinstance(error["message"], str) and 10 < len(error["message"]) < 300, (message, error)
            ws.send_json({"type": "sync"})
            again = until(ws, "state")
            assert again["step"] == first["step"] and again["view"] == first["view"], message
        # out of turn: the other seat's socket tries the acting seat's legal action
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"type": "hello", "token": made["seats"][1 - acting]["token"]})
        until(ws, "state")
        ws.send_json({"type": "act", "action": first["legal"][0]["text"]})
        assert "not your decision" in until(ws, "error")["message"]
    assert len(room.match.steps) == first["step"]


def test_too_many_messages_are_refused(tmp_path: Path) -> None:
    with TestClient(create_app(str(tmp_path / "db.sqlite"), 0, message_rate=20)) as client:
        made = two_seats(client)
        refused_when_flooded(client, made)


def refused_when_flooded(client: TestClient, made: dict[str, Any]) -> None:
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
        until(ws, "state")
        for _ in range(200):
            ws.send_json({"type": "ping"})
        kinds = [ws.receive_json()["type"] for _ in range(200)]
        assert "error" in kinds and "pong" in kinds


BAD_REQUESTS: list[tuple[str, str, Any, int]] = [
    ("post", "/api/matches", {"game": "nope", "seats": [{"kind": "open"}]}, 400),
    ("post", "/api/matches", {"game": "swordplay", "seats": []}, 422),
    ("post", "/api/matches", {"game": "swordplay", "seats": [{"kind": "king"}]}, 422),
    ("post", "/api/matches", {"game": "swordplay", "seats": [{"kind": "open"}] * 40}, 422),
    ("post", "/api/matches", {"game": "fgo_duel", "seats": [{"kind": "open"}] * 5}, 400),
    ("post", "/api/matches", {"game": "swordplay", "seats": [{"kind": "bot", "agent": "genius"}] * 2}, 400),
    ("post", "/api/matches", {"game": "swordplay", "seats": [{"kind": "bot", "agent": "ismcts:iterations=1e9"}] * 2},
     400),
    ("post", "/api/matches", {"game": "swordplay", "seats": [{"kind": "open"}] * 2, "options": {"mode": "dance"}},
     400),
    ("post", "/api/matches", {"game": "swordplay", "seats": [{"kind": "open"}] * 2, "options": {"nope": 1}}, 400),
    ("post", "/api/matches", {"game": "swordplay", "seats": [{"kind": "open"}] * 2, "variant": "nope"}, 400),
    ("post", "/api/matches", {"game": "swordplay", "seats": [{"kind": "open"}] * 2, "content": "/etc"}, 400),
    ("post", "/api/matches", {"game": "swordplay", "seats": [{"kind": "open"}] * 2, "options": {"a": {"b": 1}}}, 422),
    ("post", "/api/matches", "not json", 422),
    ("post", "/api/matches/nope/join", None, 404),
    ("get", "/api/matches/nope/save", None, 401),
    ("get", "/api/nothing", None, 404),
]


@pytest.mark.parametrize(("method", "path", "body", "status"), BAD_REQUESTS)
def test_bad_requests_get_a_4xx_with_a_clear_message(client: TestClient, method: str, path: str, body: Any,
                                                     status: int) -> None:
    if isinstance(body, str):
        response = client.request(method, path, content=body, headers={"content-type": "application/json"})
    else:
        response = client.request(method, path, json=body)
    assert response.status_code == status, response.text
    assert isinstance(response.json()["detail"], str) and response.json()["detail"]


def test_oversized_bodies_and_saves_of_live_matches_are_refused(client: TestClient) -> None:
    response = client.post("/api/matches", content=b"{" + b" " * 100_000 + b"}",
                           headers={"content-type": "application/json"})
    assert response.status_code == 413
    made = two_seats(client)
    assert client.get(f"/api/matches/{made['id']}/save", headers=bearer("bad")).status_code == 403
    live = client.get(f"/api/matches/{made['id']}/save", headers=bearer(made["seats"][0]["token"]))
    assert live.status_code == 409 and "seed" in live.json()["detail"]


def test_openapi_schema_lists_the_lobby(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    assert {"/api/games", "/api/matches", "/api/matches/{match_id}/join", "/api/matches/{match_id}/save"} <= set(
        schema["paths"])
