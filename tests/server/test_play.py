"""Playing through the socket: undo, hints, lobby join, rematch, the save file, PostgreSQL storage."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from bouts.core import Match
from bouts.server.app import create_app
from tests.server.conftest import bearer, create, kind, pg_url, until, until_ack  # noqa: F401


def play_out(client: TestClient, made: dict[str, Any], seed: int = 0, limit: int = 5000) -> dict[str, Any]:
    """Both reserved seats play random legal actions to the end; the last frame."""
    rng = random.Random(seed)
    sockets = {}
    for entry in made["seats"]:
        if entry["token"]:
            ws = client.websocket_connect(f"/ws/{made['id']}").__enter__()
            ws.send_json({"type": "hello", "token": entry["token"]})
            until(ws, "state")
            sockets[entry["seat"]] = ws
    frame: dict[str, Any] = {}
    for _ in range(limit):
        frames = {}
        for seat, ws in sockets.items():
            ws.send_json({"type": "sync"})
            frames[seat] = until(ws, "state")
        frame = next(iter(frames.values()))
        if frame["over"]:
            break
        mine = [f for f in frames.values() if f["legal"]]
        if not mine:
            time.sleep(0.002)  # a bot is thinking
            continue
        pick = rng.choice(mine)
        ws = sockets[pick["seat"]]
        ws.send_json({"type": "act", "action": rng.choice(pick["legal"])["text"], "step": pick["step"]})
        answer = ws.receive_json()
        while kind(answer) not in ("ack", "error"):
            answer = ws.receive_json()
    for ws in sockets.values():
        ws.__exit__(None, None, None)
    return frame


def test_fair_undo_takes_back_a_decision_in_memory_and_in_storage(client: TestClient) -> None:
    made = create(client, "swordplay", [{"kind": "reserved"}, {"kind": "reserved"}])
    hub = client.app.state.hub  # type: ignore[attr-defined]
    room = hub.rooms[made["id"]]
    seat = room.match.to_act()[0]
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"type": "hello", "token": made["seats"][seat]["token"]})
        frame = until(ws, "state")
        ws.send_json({"type": "act", "action": frame["legal"][0]["text"], "step": frame["step"]})
        until_ack(ws)
        ws.send_json({"type": "sync"})
        after = until(ws, "state")
        assert after["can_undo"] == room.match.can_undo(seat)
        if after["can_undo"]:
            ws.send_json({"type": "undo"})
            undone = until(ws, "state")
            assert undone["step"] == frame["step"] and undone["view"] == frame["view"]
            assert hub.store.action_count(made["id"]) == frame["step"]
        else:
            ws.send_json({"type": "undo"})
            assert "undo is not possible" in until(ws, "error")["message"]


def test_hints_come_from_the_game(client: TestClient) -> None:
    made = create(client, "sao", [{"kind": "reserved"}])
    room = client.app.state.hub.rooms[made["id"]]  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
        until(ws, "state")
        ws.send_json({"type": "hint"})
        hint = until(ws, "hint")
        assert hint["hints"] == room.match.game.hints(room.match.state, 0)


def test_open_seats_are_listed_until_taken(client: TestClient) -> None:
    made = create(client, "swordplay", [{"kind": "open"}, {"kind": "reserved"}, {"kind": "bot", "agent": "random"}])
    listed = {m["id"]: m for m in client.get("/api/matches").json()}
    assert made["id"] in listed and [s["free"] for s in listed[made["id"]]["seats"]] == [True, False, False]
    assert "token" not in str(listed[made["id"]])
    joined = client.post(f"/api/matches/{made['id']}/join").json()
    assert joined["seat"] == 0 and joined["link"].endswith(joined["token"])
    assert made["id"] not in {m["id"] for m in client.get("/api/matches").json()}
    assert client.post(f"/api/matches/{made['id']}/join").status_code == 409
    with client.websocket_connect(f"/ws/{made['id']}") as ws:  # the joiner's token opens seat 0
        ws.send_json({"type": "hello", "token": joined["token"]})
        assert until(ws, "state")["seat"] == 0


def test_a_finished_match_saves_for_bouts_replay_and_offers_a_rematch(client: TestClient, tmp_path: Path) -> None:
    made = create(client, "swordplay", [{"kind": "reserved"}, {"kind": "bot", "agent": "random"}])
    last = play_out(client, made)
    assert last["over"]
    token = made["seats"][0]["token"]
    save = client.get(f"/api/matches/{made['id']}/save", headers=bearer(made["spectator"]["token"]))
    assert save.status_code == 200 and "attachment" in save.headers["content-disposition"]
    match = Match.loads(save.text)
    assert match.is_over and match.outcome() is not None
    path = tmp_path / "game.json"
    path.write_text(save.text)
    from typer.testing import CliRunner

    from bouts.cli.main import app

    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 0 and "Result:" in result.output
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"type": "hello", "token": token})
        until(ws, "state")
        ws.send_json({"type": "rematch"})
        rematch = until(ws, "rematch")
    new_token = rematch["link"].split("#token=")[1]
    assert rematch["match"] != made["id"] and new_token != token
    with client.websocket_connect(f"/ws/{rematch['match']}") as ws:
        ws.send_json({"type": "hello", "token": new_token})
        frame = until(ws, "state")
        assert frame["seat"] == 0 and not frame["over"]
    with client.websocket_connect(f"/ws/{made['id']}") as ws:  # the old link, leaked: it gets no new seat
        ws.send_json({"type": "hello", "token": token})
        assert until(ws, "state")["rematch"] == rematch["match"]
        ws.send_json({"type": "rematch"})
        refused = until(ws, "error")
        assert refused["code"] == "rematch" and "already been taken" in refused["message"]
    assert "token=" not in save.url.query.decode() if hasattr(save.url.query, "decode") else "token=" not in str(
        save.url)


def test_postgresql_stores_and_replays_matches(pg_url: str) -> None:  # noqa: F811
    with TestClient(create_app(pg_url, 0, message_rate=100_000)) as client:
        made = create(client, "fgo_duel", [{"kind": "reserved"}, {"kind": "bot", "agent": "random"}])
        last = play_out(client, made, seed=4)
        assert last["over"]
        hub = client.app.state.hub  # type: ignore[attr-defined]
        stored = hub.store.load(made["id"])
        assert stored.finished and len(stored.actions) == last["step"]
    with TestClient(create_app(pg_url, 0)) as client:  # the schema is already there: migrations are idempotent
        assert client.get(f"/api/matches/{made['id']}/save", headers=bearer(made["seats"][0]["token"])).json()


def test_a_finished_match_reopens_after_a_restart(tmp_path: Path) -> None:
    db = str(tmp_path / "db.sqlite")
    with TestClient(create_app(db, 0, message_rate=100_000)) as client:
        made = create(client, "swordplay", [{"kind": "reserved"}, {"kind": "bot", "agent": "random"}])
        assert play_out(client, made)["over"]
    with TestClient(create_app(db, 0, message_rate=100_000)) as client:
        assert made["id"] not in client.app.state.hub.rooms  # type: ignore[attr-defined]
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
            frame = until(ws, "state")
            assert frame["over"] and frame["seat"] == 0 and frame["log"]
        assert client.get(f"/api/matches/{made['id']}/save", headers=bearer(made["seats"][0]["token"])).json()
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": "wrong"})
            assert until(ws, "error")["code"] == "auth"



def test_the_save_file_is_there_when_the_last_frame_shows_the_end_before_its_commit(tmp_path: Path) -> None:
    """A bot's last action shows in a frame while its commit still waits for the (busy) database thread. A
    player who saw the end and left at once must still get the save file, and the end must be stored. Before
    the fix the last socket's goodbye unloaded the room, cancelling the bot's queued commit: the save answered
    409 (the match is not over) and the database never held the end."""
    with TestClient(create_app(str(tmp_path / "bouts.sqlite"), 0, message_rate=100_000)) as busy:
        hub = busy.app.state.hub  # type: ignore[attr-defined]
        store, submit = hub.store, hub.db.submit
        ends: list[str] = []

        def queued_behind_other_work(function: Any, *args: Any) -> Any:
            if function == store.append and args[5] and args[3][-1][0] == 1:  # the bot's (seat 1) last action
                ends.append(args[0])
                submit(time.sleep, 0.8)  # the one database thread is busy with another call a while
            return submit(function, *args)

        hub.db.submit = queued_behind_other_work
        seed = 0
        while len(ends) < 3 and seed < 40:
            made = create(busy, "swordplay", [{"kind": "reserved"}, {"kind": "bot", "agent": "random"}])
            assert play_out(busy, made, seed=seed)["over"]
            save = busy.get(f"/api/matches/{made['id']}/save", headers=bearer(made["spectator"]["token"]))
            assert save.status_code == 200, save.text
            assert Match.loads(save.text).is_over
            seed += 1
        assert len(ends) == 3, "no bot ended a match: the test proves nothing"
        hub.db.submit(lambda: None).result(timeout=30)  # the database thread has done all it was given
        for match_id in ends:
            record = store.load(match_id)
            assert record is not None and record.finished, "the match's end was never stored"
