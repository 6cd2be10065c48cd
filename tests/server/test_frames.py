"""A frame is built and encoded once per audience: connections that see the same thing share it, no one else."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bouts.core import CHANCE, Match
from bouts.core.i18n import LANGS, views_in
from bouts.core.registry import get_game
from bouts.server.room import Room, localize
from tests.server.conftest import create, until, until_ack


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
        texts = [room._built(s, False)[1] for s in sinks]
        assert texts[0] is texts[1]  # one seat, one language, same past: one frame, encoded once
        assert texts[4] is texts[5]  # the spectators
        assert len({id(t) for t in texts}) == 4 and texts[0] != texts[2] != texts[3] != texts[4]
        acting = first["to_act"][0]
        token = made["seats"][acting]["token"]
        with client.websocket_connect(f"/ws/{made['id']}") as actor:
            actor.send_json({"type": "hello", "token": token})
            frame = until(actor, "state")
            actor.send_json({"type": "act", "action": frame["legal"][0]["text"], "step": frame["step"]})
            until_ack(actor)
        late = Sink(0)  # no past: a whole log, not the others' increment
        after = [room._built(s, False)[1] for s in [*sinks, late]]
        assert after[0] is after[1] and after[4] is after[5]
        assert after[6] is not after[0] and after[6] != after[0]
        assert sinks[0].view_serial == sinks[1].view_serial != late.view_serial


def test_a_connections_own_fields_are_spliced_onto_the_shared_frame(client: TestClient) -> None:
    """``ack`` and ``your_turn`` are one connection's: they go in front of the frame everyone shares."""
    made = create(client, "swordplay", [{"kind": "reserved"}, {"kind": "reserved"}])
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
        first = until(ws, "state")
        room: Room = client.app.state.hub.rooms[made["id"]]  # type: ignore[attr-defined]
        acting = first["to_act"][0]
        told, quiet = Sink(acting), Sink(acting)
        quiet.acting = True  # it already knew
        told.ack_due = 7  # type: ignore[attr-defined]
        spliced, plain = room.texts_for(told)[0], room.texts_for(quiet)[0]
        assert isinstance(spliced, str) and isinstance(plain, str)
        assert spliced.startswith('{"ack":7,"your_turn":true,"type":"state",') and spliced.endswith(plain[1:])
        assert plain.startswith('{"type":"state",')
        assert json.loads(spliced) == {**json.loads(plain), "ack": 7, "your_turn": True}
        assert told.ack_due is None and told.acting  # type: ignore[attr-defined]  # said once
        again = room.texts_for(told)[0]
        assert isinstance(again, str) and not {"ack", "your_turn"} & set(json.loads(again))  # nothing of its own


@pytest.mark.parametrize(("game_id", "seats"), [("swordplay", 2), ("sao", 2), ("fgo_duel", 2), ("kaleido", 2),
                                               ("grail_war", 3)])
def test_a_view_localized_in_one_pass_is_the_view_localized_after(game_id: str, seats: int) -> None:
    """``views_in`` (the game's ``json_view`` localizing as it goes) makes what ``localize`` made of the JSON view:
    for every seat and the spectator, in both languages, along a seeded match."""
    match = Match(get_game(game_id), seats, None, None, 11)
    rng = random.Random(11)
    for _ in range(60):
        for seat in [*range(seats), None]:
            for lang in LANGS:
                with views_in(lang):
                    one_pass = match.view(seat)
                assert one_pass == localize(match.view(seat), lang), (game_id, len(match.steps), seat, lang)
        acting = match.to_act()
        if not acting:
            break
        if acting[0] == CHANCE:
            match.advance()
        else:
            match.apply(rng.choice(match.legal_actions(acting[0])), acting[0])


def test_the_rules_panel_is_sent_first_and_then_only_when_it_changes(client: TestClient) -> None:
    made = create(client, "swordplay", [{"kind": "reserved"}, {"kind": "reserved"}])
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
        until(ws, "state")
        room: Room = client.app.state.hub.rooms[made["id"]]  # type: ignore[attr-defined]
        sink, rng = Sink(0), random.Random(3)
        shown = [json.loads(room.texts_for(sink)[0])]  # type: ignore[arg-type]
        states = [room.rules_state(shown[0]["view"])]
        # 40 steps, and on until a frame came without the panel (the match's seed is the server's: in about one
        # match in a hundred, random play changes the phase at each of its first 40 steps)
        while (len(room.match.steps) < 40 or all("rules" in f for f in shown[2:])) and room.match.to_act() \
                and len(room.match.steps) < 400:
            acting = room.match.to_act()[0]
            if acting == CHANCE:
                room.match.advance()
            else:
                room.match.apply(rng.choice(room.match.legal_actions(acting)), acting)
            room.broadcast()
            shown.append(json.loads(room.texts_for(sink)[0]))  # type: ignore[arg-type]
            states.append(room.rules_state(shown[-1]["view"]))
        assert "rules" in shown[0] and "rules" in shown[1]  # a frame after one that showed no step is a fresh one too
        for before, now, frame in zip(states[1:-1], states[2:], shown[2:], strict=True):
            assert ("rules" in frame) == (now != before), (before, now)
            if "rules" in frame:
                assert (frame["rules"]["phase"], frame["rules"]["current"]) == now
        assert any("rules" in f for f in shown[2:]) and not all("rules" in f for f in shown[2:])
        assert "rules" in json.loads(room.texts_for(sink, full=True)[0])  # type: ignore[arg-type]  # a sync
