"""Recovery: SIGKILL the server during live matches, restart it, lose no acknowledged action."""

from __future__ import annotations

import json
import random
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("websockets")
from websockets.sync.client import ClientConnection, connect

from bouts.core import Match
from tests.server.conftest import kind, pg_url  # noqa: F401
from tests.server.live import LiveServer

SETUPS = [
    ("swordplay", [{"kind": "reserved"}, {"kind": "reserved"}]),
    ("swordplay", [{"kind": "reserved"}, {"kind": "bot", "agent": "random"}]),
    ("sao", [{"kind": "reserved"}, {"kind": "reserved"}]),
    ("fgo_duel", [{"kind": "reserved"}, {"kind": "bot", "agent": "random"}]),
]


def receive(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        frame: dict[str, Any] = json.loads(ws.recv(timeout=20))
        if frame["type"] == kind:
            return frame
        assert frame["type"] != "error", frame


class Player:
    """The people at one match: a socket per reserved seat."""

    def __init__(self, server: LiveServer, made: dict[str, Any]) -> None:
        self.server, self.made = server, made
        self.acked: dict[int, tuple[int, str]] = {}
        """Step index -> (seat, action) for every acknowledged action."""
        self.sockets: dict[int, ClientConnection] = {}

    def connect(self) -> dict[int, dict[str, Any]]:
        frames = {}
        for entry in self.made["seats"]:
            if entry["token"] is None:
                continue
            ws = connect(f"ws://127.0.0.1:{self.server.port}/ws/{self.made['id']}")
            ws.send(json.dumps({"type": "hello", "token": entry["token"]}))
            frames[entry["seat"]] = receive(ws, "state")
            self.sockets[entry["seat"]] = ws
        return frames

    def close(self) -> None:
        for ws in self.sockets.values():
            ws.close()
        self.sockets.clear()

    def fresh(self) -> dict[int, dict[str, Any]]:
        frames = {}
        for seat, ws in self.sockets.items():
            ws.send(json.dumps({"type": "sync"}))
            frames[seat] = receive(ws, "state")
        return frames

    def step(self, rng: random.Random, wait: bool = True) -> bool:
        """One action by a person whose turn it is (waiting for bots if none); False when over."""
        for _ in range(50):
            result = self.try_step(rng, wait)
            if result is not None:
                return result
        raise AssertionError("a bot kept changing the table")

    def try_step(self, rng: random.Random, wait: bool) -> bool | None:
        """One attempt; ``None`` when a bot changed the table first (the action was refused)."""
        for _ in range(500):
            frames = self.fresh()
            frame = next(iter(frames.values()))
            if frame["over"]:
                return False
            mine = [f for f in frames.values() if f["legal"]]
            if mine:
                break
            time.sleep(0.02)
        else:
            raise AssertionError("nobody was ever to act")
        frame = rng.choice(mine)
        action = rng.choice(frame["legal"])["text"]
        ws = self.sockets[frame["seat"]]
        ws.send(json.dumps({"type": "act", "action": action, "step": frame["step"]}))
        if wait:
            while True:
                answer = json.loads(ws.recv(timeout=20))
                if answer["type"] == "error":
                    assert answer["code"] == "illegal" and "changed" in answer["message"], answer
                    return None
                if kind(answer) == "ack":
                    break
            self.acked[frame["step"]] = (frame["seat"], action)
        return True


def run_recovery(tmp_path: Path, db: str) -> None:
    rng = random.Random(7)
    server = LiveServer(db).start()
    players = []
    try:
        for game, seats in SETUPS:
            players.append(Player(server, server.post("/api/matches", {"game": game, "seats": seats})))
        for player in players:
            player.connect()
        for _ in range(6):
            for player in players:
                player.step(rng)
        before = {p.made["id"]: max(p.acked) for p in players}
        for player in players:
            player.step(rng, wait=False)  # in flight when the server dies: may or may not be kept
        server.kill()
        for player in players:
            player.close()
        server = LiveServer(db, server.port).start()
        for player in players:
            frames = player.connect()
            assert min(f["step"] for f in frames.values()) > before[player.made["id"]]
        for player in players:
            for _ in range(3000):
                if not player.step(rng):
                    break
            else:
                raise AssertionError(f"{player.made['game']} did not end in 3000 decisions")
            token = next(e["token"] for e in player.made["seats"] if e["token"])
            request = urllib.request.Request(f"{server.base}/api/matches/{player.made['id']}/save",
                                             headers={"authorization": f"Bearer {token}"})
            with urllib.request.urlopen(request) as response:
                match = Match.loads(response.read().decode())
            assert match.is_over
            for index, (seat, action) in player.acked.items():
                assert (match.steps[index].seat, match.steps[index].action) == (seat, action)
            player.close()
    finally:
        for player in players:
            player.close()
        server.stop()


def test_sigkill_on_sqlite_loses_no_acknowledged_action(tmp_path: Path) -> None:
    """Every acknowledged action survives SIGKILL on SQLite, and every match plays on to its end."""
    run_recovery(tmp_path, str(tmp_path / "bouts.sqlite"))


def test_sigkill_on_postgresql_loses_no_acknowledged_action(tmp_path: Path, pg_url: str) -> None:  # noqa: F811
    """The same on PostgreSQL."""
    run_recovery(tmp_path, pg_url)
