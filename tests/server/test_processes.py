"""Past one process: two `bouts serve` processes over one PostgreSQL share matches; one is SIGKILLed mid-match."""

from __future__ import annotations

import json
import random
import time
import urllib.request
from typing import Any

import pytest

pytest.importorskip("websockets")
from websockets.sync.client import ClientConnection, connect

from bouts.core import Match
from tests.server.conftest import kind, pg_url  # noqa: F401
from tests.server.live import LiveServer

SETUPS = [
    ("swordplay", [{"kind": "reserved"}, {"kind": "reserved"}]),
    ("fgo_duel", [{"kind": "reserved"}, {"kind": "bot", "agent": "random"}]),
    ("sao", [{"kind": "reserved"}, {"kind": "reserved"}]),
]


def receive(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        frame: dict[str, Any] = json.loads(ws.recv(timeout=30))
        if frame["type"] == kind:
            return frame
        assert frame["type"] != "error", frame


class Table:
    """The people at one match, each seat connected to a server of its own choosing."""

    def __init__(self, made: dict[str, Any]) -> None:
        self.made = made
        self.acked: dict[int, tuple[int, str]] = {}
        """Step index -> (seat, action) for every acknowledged action."""
        self.sockets: dict[int, ClientConnection] = {}

    def connect(self, servers: dict[int, LiveServer]) -> dict[int, dict[str, Any]]:
        frames = {}
        for entry in self.made["seats"]:
            if entry["token"] is None:
                continue
            server = servers[entry["seat"]]
            ws = connect(f"ws://127.0.0.1:{server.port}/ws/{self.made['id']}")
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
            while True:  # the newest frame this socket has
                try:
                    more = json.loads(ws.recv(timeout=0.01))
                except TimeoutError:
                    break
                if more["type"] == "state":
                    frames[seat] = more
        return frames

    def step(self, rng: random.Random, wait: bool = True) -> bool:
        """One action by a person whose turn it is (waiting for bots and for the other process); False when over."""
        for _ in range(1000):
            frames = self.fresh()
            if any(f["over"] for f in frames.values()):
                return False
            steps = {f["step"] for f in frames.values()}
            mine = [f for f in frames.values() if f["legal"]]
            if mine and len(steps) == 1:
                break
            time.sleep(0.02)
        else:
            raise AssertionError("nobody was ever to act")
        frame = rng.choice(mine)
        action = rng.choice(frame["legal"])["text"]
        ws = self.sockets[frame["seat"]]
        ws.send(json.dumps({"type": "act", "action": action, "step": frame["step"]}))
        if not wait:
            return True
        while True:
            answer = json.loads(ws.recv(timeout=30))
            if answer["type"] == "error":
                assert answer["code"] == "illegal" and "changed" in answer["message"], answer
                return True  # a bot moved first: look again
            if kind(answer) == "ack":
                self.acked[frame["step"]] = (frame["seat"], action)
                return True


def test_two_processes_share_matches_and_survive_the_owner_being_killed(pg_url: str) -> None:  # noqa: F811
    """Two servers on different ports over one PostgreSQL; each match's seats on different processes.
    The owning process is SIGKILLed mid-match: the players carry on through the other, no acknowledged
    action is lost, and every match is played to its end."""
    rng = random.Random(11)
    owner = LiveServer(pg_url).start()
    other = LiveServer(pg_url).start()
    tables = []
    try:
        for game, seats in SETUPS:  # made on the first process: it owns them
            tables.append(Table(owner.post("/api/matches", {"game": game, "seats": seats})))
        for table in tables:
            table.connect({0: owner, 1: other})
        for _ in range(8):
            for table in tables:
                table.step(rng)
        for table in tables:  # the players on the other process see the same table
            frames = table.fresh()
            assert len({f["step"] for f in frames.values()}) == 1
        before = {t.made["id"]: max(t.acked) for t in tables}
        for table in tables:
            table.step(rng, wait=False)  # in flight when the owner dies: may or may not be kept
        owner.kill()
        for table in tables:
            table.close()
            table.connect({0: other, 1: other})
        for table in tables:
            frames = table.fresh()
            assert min(f["step"] for f in frames.values()) > before[table.made["id"]]
            for _ in range(3000):
                if not table.step(rng):
                    break
            else:
                raise AssertionError(f"{table.made['game']} did not end in 3000 decisions")
            token = next(e["token"] for e in table.made["seats"] if e["token"])
            request = urllib.request.Request(f"{other.base}/api/matches/{table.made['id']}/save",
                                             headers={"authorization": f"Bearer {token}"})
            with urllib.request.urlopen(request) as response:
                match = Match.loads(response.read().decode())
            assert match.is_over
            for index, (seat, action) in table.acked.items():
                assert (match.steps[index].seat, match.steps[index].action) == (seat, action)
            table.close()
    finally:
        for table in tables:
            table.close()
        owner.stop()
        other.stop()
        print(other.stderr()[-2000:])
