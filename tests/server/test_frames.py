"""A frame is built and encoded once per audience: connections that see the same thing share it, no one else."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from bouts.server.room import Room
from tests.server.conftest import create, until


class Sink:
    """A connection as the room sees it (no socket)."""

    takes_text = True

    def __init__(self, seat: int | None, lang: str = "en") -> None:
        self.seat, self.lang = seat, lang
        self.log_sent = self.epoch = self.steps_seen = 0
        self.acting = self.away = False
        self.last_view: dict[str, Any] | None = None
        self.view_serial: int | None = None

    def changed(self, full: bool = False) -> None:
        """Frames are fetched by the test."""

    def push(self, message: Any) -> None:
        """Nothing else is checked here."""


def test_connections_that_see_the_same_share_one_encoded_frame_and_only_they(client: TestClient) -> None:
    made = create(client, "swordplay", [{"kind": "reserved"}, {"kind": "reserved"}])
    with client.websocket_connect(f"/ws/{made['id']}") as ws:  # load the room, then play one step through it
        ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
        first = until(ws, "state")
        room: Room = client.app.state.hub.rooms[made["id"]]  # type: ignore[attr-defined]
        sinks = [Sink(0), Sink(0), Sink(0, "ja"), Sink(1), Sink(None), Sink(None)]
        texts = [room.texts_for(s)[0] for s in sinks]
        assert texts[0] is texts[1]  # one seat, one language, same past: one frame, encoded once
        assert texts[4] is texts[5]  # the spectators
        assert len({id(t) for t in texts}) == 4 and texts[0] != texts[2] != texts[3] != texts[4]
        acting = first["to_act"][0]
        token = made["seats"][acting]["token"]
        with client.websocket_connect(f"/ws/{made['id']}") as actor:
            actor.send_json({"type": "hello", "token": token})
            frame = until(actor, "state")
            actor.send_json({"type": "act", "action": frame["legal"][0]["text"], "step": frame["step"]})
            until(actor, "ack")
        late = Sink(0)  # no past: a whole log, not the others' increment
        after = [room.texts_for(s)[0] for s in [*sinks, late]]
        assert after[0] is after[1] and after[4] is after[5]
        assert after[6] is not after[0] and after[6] != after[0]
        assert sinks[0].view_serial == sinks[1].view_serial != late.view_serial
