"""Recovery: SIGKILL the server during live matches, restart it, lose no acknowledged action."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

pytest.importorskip("websockets")

from tests.server.conftest import pg_url  # noqa: F401
from tests.server.live import LiveServer
from tests.server.players import Seats

SETUPS = [
    ("swordplay", [{"kind": "reserved"}, {"kind": "reserved"}]),
    ("swordplay", [{"kind": "reserved"}, {"kind": "bot", "agent": "random"}]),
    ("sao", [{"kind": "reserved"}, {"kind": "reserved"}]),
    ("fgo_duel", [{"kind": "reserved"}, {"kind": "bot", "agent": "random"}]),
]


def run_recovery(tmp_path: Path, db: str) -> None:
    rng = random.Random(7)
    server = LiveServer(db).start()
    players = []
    try:
        for game, seats in SETUPS:
            players.append(Seats(server.post("/api/matches", {"game": game, "seats": seats})))
        for player in players:
            player.connect({0: server, 1: server})
        for _ in range(6):
            for player in players:
                player.step(rng)
        before = {p.made["id"]: p.acked_steps for p in players}
        for player in players:
            player.step(rng, wait=False)  # in flight when the server dies: may or may not be kept
        server.kill()
        for player in players:
            player.close()
        server = LiveServer(db, server.port).start()
        for player in players:
            frames = player.connect({0: server, 1: server})
            assert min(f["step"] for f in frames.values()) >= before[player.made["id"]]
        for player in players:
            player.finish_and_check(rng, server)
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
