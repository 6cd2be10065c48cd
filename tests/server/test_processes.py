"""Past one process: two `bouts serve` processes over one PostgreSQL share matches; one is SIGKILLed mid-match."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("websockets")

from tests.server.conftest import pg_url  # noqa: F401
from tests.server.live import LiveServer
from tests.server.players import Seats

SETUPS = [
    ("swordplay", [{"kind": "reserved"}, {"kind": "reserved"}]),
    ("fgo_duel", [{"kind": "reserved"}, {"kind": "bot", "agent": "random"}]),
    ("sao", [{"kind": "reserved"}, {"kind": "reserved"}]),
]


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
            tables.append(Seats(owner.post("/api/matches", {"game": game, "seats": seats})))
        for table in tables:
            table.connect({0: owner, 1: other})
        for _ in range(8):
            for table in tables:
                table.step(rng)
        for table in tables:  # the players on the other process see the same table
            frames = table.fresh()
            assert len({f["step"] for f in frames.values()}) == 1
        before = {t.made["id"]: t.acked_steps for t in tables}
        for table in tables:
            table.step(rng, wait=False)  # in flight when the owner dies: may or may not be kept
        owner.kill()
        for table in tables:
            table.close()
            table.connect({0: other, 1: other})
        for table in tables:
            frames = table.fresh()
            assert min(f["step"] for f in frames.values()) >= before[table.made["id"]]
            table.finish_and_check(rng, other)
    finally:
        for table in tables:
            table.close()
        owner.stop()
        other.stop()
        print(other.stderr()[-2000:])
