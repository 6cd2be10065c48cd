"""The PostgreSQL bus's messages: what a follower and a forwarding process read from a notification."""

from __future__ import annotations

import json

from bouts.server.bus import Answering, PostgresBus, answering

URL = "postgresql+psycopg://bouts:bouts@127.0.0.1:5432/bouts_test"


def test_an_append_keeps_its_first_index_and_names_its_writer() -> None:
    """The writer's node rides in ``node``: it once overwrote ``from``, so every follower reloaded every action."""
    bus = PostgresBus(URL)
    notice = bus.notice({"op": "append", "m": "abc", "v": 4, "from": 7, "steps": [[0, "strike"]]})
    assert notice is not None
    channel, payload = notice
    message = json.loads(payload)
    assert message["from"] == 7 and message["node"] == bus.node and channel == bus.channel
    assert payload.startswith('{"m":"abc"')  # read without decoding by processes that do not have the match


def test_the_change_made_for_a_request_answers_it_once() -> None:
    bus = PostgresBus(URL)
    serving = Answering("other", 12)
    token = answering.set(serving)
    try:
        first = json.loads(bus.notice({"op": "append", "m": "abc", "v": 2, "from": 0, "steps": []})[1])  # type: ignore[index]
        second = json.loads(bus.notice({"op": "append", "m": "abc", "v": 3, "from": 1, "steps": []})[1])  # type: ignore[index]
        chat = json.loads(bus.notice({"op": "chat", "m": "abc"})[1])  # type: ignore[index]
    finally:
        answering.reset(token)
    assert (first["to"], first["req"]) == ("other", 12) and serving.answered
    assert "to" not in second and "req" not in second and "to" not in chat


def test_news_of_a_match_not_loaded_here_is_dropped_unread() -> None:
    seen: list[dict[str, object]] = []
    bus = PostgresBus(URL)
    bus.handler = seen.append
    bus.interested = lambda match_id: match_id == "mine"
    bus._dispatch('{"m":"theirs","op":"append","v":1,"from":0,"steps":[],"node":"n1"}')
    bus._dispatch('{"m":"mine","op":"append","v":1,"from":0,"steps":[],"node":"n1"}')
    bus._dispatch('{"m":null,"op":"lobby","node":"n1"}')
    assert [m["m"] for m in seen] == ["mine", None]
    assert bus.owners == {"mine": "n1"}  # requests for it now go to n1's own channel
