"""People at a live match over real sockets, for the crash tests: each seat's socket on a server of its choosing,
actions taken at random, and the check that a finished match kept every acknowledged action."""

from __future__ import annotations

import json
import random
import time
import urllib.request
from typing import Any

from websockets.sync.client import ClientConnection, connect

from bouts.core import Match
from tests.server.conftest import kind
from tests.server.live import LiveServer


def receive(ws: ClientConnection, wanted: str) -> dict[str, Any]:
    """The next message of type ``wanted`` (an error message fails the test)."""
    while True:
        frame: dict[str, Any] = json.loads(ws.recv(timeout=30))
        if frame["type"] == wanted:
            return frame
        assert frame["type"] != "error", frame


class Seats:
    """The people at one match: a socket per reserved seat, each to the server given for its seat."""

    def __init__(self, made: dict[str, Any]) -> None:
        self.made = made
        self.acked: list[tuple[int, int, int, str]] = []
        """(step it was chosen at, step count its ack gave, seat, action) for every acknowledged action."""
        self.sockets: dict[int, ClientConnection] = {}

    @property
    def acked_steps(self) -> int:
        """The step count the newest acknowledged action made (its ``ack``): the match holds at least that many."""
        return max(acked for _chosen, acked, _seat, _action in self.acked)

    def connect(self, servers: dict[int, LiveServer]) -> dict[int, dict[str, Any]]:
        """Open each reserved seat's socket to ``servers[seat]``; the first frame of each."""
        frames = {}
        for entry in self.made["seats"]:
            if entry["token"] is None:
                continue
            ws = connect(f"ws://127.0.0.1:{servers[entry['seat']].port}/ws/{self.made['id']}")
            ws.send(json.dumps({"type": "hello", "token": entry["token"]}))
            frames[entry["seat"]] = receive(ws, "state")
            self.sockets[entry["seat"]] = ws
        return frames

    def close(self) -> None:
        for ws in self.sockets.values():
            ws.close()
        self.sockets.clear()

    def fresh(self) -> dict[int, dict[str, Any]]:
        """Each socket's newest frame after a ``sync``."""
        frames = {}
        for seat, ws in self.sockets.items():
            ws.send(json.dumps({"type": "sync"}))
            frames[seat] = receive(ws, "state")
            while True:
                try:
                    more = json.loads(ws.recv(timeout=0.01))
                except TimeoutError:
                    break
                if more["type"] == "state":
                    frames[seat] = more
        return frames

    def step(self, rng: random.Random, wait: bool = True) -> bool:
        """One action by a person whose turn it is, once every socket shows the same step (bots and another
        process may be behind); an action a bot's move made stale is chosen again. False when the match is over."""
        for _ in range(50):
            result = self._try_step(rng, wait)
            if result is not None:
                return result
        raise AssertionError("a bot kept changing the table")

    def _try_step(self, rng: random.Random, wait: bool) -> bool | None:
        for _ in range(1000):
            frames = self.fresh()
            if any(f["over"] for f in frames.values()):
                return False
            mine = [f for f in frames.values() if f["legal"]]
            if mine and len({f["step"] for f in frames.values()}) == 1:
                break
            time.sleep(0.02)
        else:
            raise AssertionError("nobody was ever to act")
        frame = rng.choice(mine)
        action = rng.choice(frame["legal"])["text"]
        ws = self.sockets[frame["seat"]]
        ws.send(json.dumps({"type": "act", "action": action, "step": frame["step"], "version": frame["version"]}))
        if not wait:
            return True
        while True:
            answer = json.loads(ws.recv(timeout=30))
            if answer["type"] == "error":
                assert answer["code"] == "illegal" and "changed" in answer["message"], answer
                return None  # a bot moved first: look again
            if kind(answer) == "ack":
                self.acked.append((frame["step"], answer["ack"], frame["seat"], action))
                return True

    def finish_and_check(self, rng: random.Random, server: LiveServer) -> None:
        """Play on to the end, then download the save from ``server``: it is over and holds every
        acknowledged action at its step."""
        for _ in range(3000):
            if not self.step(rng):
                break
        else:
            raise AssertionError(f"{self.made['game']} did not end in 3000 decisions")
        token = next(e["token"] for e in self.made["seats"] if e["token"])
        request = urllib.request.Request(f"{server.base}/api/matches/{self.made['id']}/save",
                                         headers={"authorization": f"Bearer {token}"})
        with urllib.request.urlopen(request) as response:
            match = Match.loads(response.read().decode())
        assert match.is_over
        for chosen, acked, seat, action in self.acked:  # taken at the step it was chosen at, or later (a bot's
            # sealed pick came first) and before the step count its ack gave
            assert (seat, action) in [(s.seat, s.action) for s in match.steps[chosen:acked]], (chosen, seat, action)
        self.close()
