"""What the table needs from the server: presence, chat, concede, your-turn notices, lobby updates pushed."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import bearer, create, until, until_ack, until_your_turn


def seat_socket(client: TestClient, made: dict[str, Any], seat: int) -> Any:
    ws = client.websocket_connect(f"/ws/{made['id']}").__enter__()
    ws.send_json({"type": "hello", "token": made["seats"][seat]["token"]})
    return ws


def frame_where(ws: Any, test: Any) -> dict[str, Any]:
    while True:
        frame = until(ws, "state")
        if test(frame):
            return frame


def test_presence_shows_connected_away_and_offline(client: TestClient) -> None:
    made = create(client, "swordplay", [{"kind": "reserved"}, {"kind": "reserved"}, {"kind": "bot"}])
    first = seat_socket(client, made, 0)
    frame = until(first, "state")
    assert [s["presence"] for s in frame["seats"]] == ["connected", "offline", "bot"]
    second = seat_socket(client, made, 1)
    frame_where(first, lambda f: f["seats"][1]["presence"] == "connected")
    second.send_json({"type": "presence", "away": True})
    frame_where(first, lambda f: f["seats"][1]["presence"] == "away")
    second.__exit__(None, None, None)
    frame_where(first, lambda f: f["seats"][1]["presence"] == "offline")
    first.__exit__(None, None, None)


def test_chat_is_limited_stored_with_the_match_and_sent_as_text(client: TestClient) -> None:
    made = create(client, "swordplay", [{"kind": "reserved"}, {"kind": "reserved"}])
    ws = seat_socket(client, made, 0)
    assert until(ws, "chat")["messages"] == []
    markup = "<img src=x onerror=alert(1)> & <b>hi</b>"
    ws.send_json({"type": "chat", "text": markup})
    line = until(ws, "chat")["messages"][0]
    assert line["text"] == markup and line["seat"] == 0  # sent as text: the page shows it with textContent
    ws.send_json({"type": "chat", "text": "x" * 501})
    assert until(ws, "error")["code"] == "chat"
    ws.send_json({"type": "chat", "text": "  \n\t "})
    assert until(ws, "error")["code"] == "chat"
    codes = []
    for number in range(8):  # a burst of 5, then 1 every 2 seconds
        ws.send_json({"type": "chat", "text": f"line {number}"})
    for _ in range(8):
        message = ws.receive_json()
        while message["type"] not in ("chat", "error"):
            message = ws.receive_json()
        codes.append(message.get("code", "ok"))
    assert codes.count("rate") >= 3, codes
    ws.__exit__(None, None, None)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    stored = hub.store.chat(made["id"])
    assert stored[0]["text"] == markup and len(stored) == 1 + codes.count("ok")
    spectator = client.websocket_connect(f"/ws/{made['id']}").__enter__()  # a late comer gets the history
    spectator.send_json({"type": "hello", "token": made["spectator"]["token"]})
    assert [m["text"] for m in until(spectator, "chat")["messages"]] == [m["text"] for m in stored]
    spectator.send_json({"type": "chat", "text": "hello"})
    assert until(spectator, "error")["code"] == "spectator"
    spectator.__exit__(None, None, None)
    match_js = (__import__("pathlib").Path(__file__).resolve().parents[2] / "src/bouts/web/match.js").read_text()
    assert "innerHTML" not in match_js


def test_concede_ends_a_two_seat_match_as_a_resignation(client: TestClient) -> None:
    made = create(client, "fgo_duel", [{"kind": "reserved"}, {"kind": "reserved"}])
    ws = seat_socket(client, made, 1)
    until(ws, "state")
    ws.send_json({"type": "concede"})
    until_ack(ws)
    ws.send_json({"type": "sync"})
    frame = until(ws, "state")
    assert frame["over"] and frame["outcome"]["winners"] == [0] and frame["outcome"]["resigned"] == [1]
    assert "conceded" in frame["outcome"]["reason"] and frame["seats"][1]["resigned"] and frame["legal"] == []
    ws.send_json({"type": "concede"})
    assert "over" in until(ws, "error")["message"]
    ws.__exit__(None, None, None)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    stored = hub.store.load(made["id"])
    assert stored.finished and stored.outcome["resigned"] == [1] and stored.resigned == [False, True]
    save = client.get(f"/api/matches/{made['id']}/save", headers=bearer(made["seats"][0]["token"]))
    assert save.status_code == 200 and save.json()["resigned"] == [1]


def test_concede_in_a_cooperative_game_is_a_shared_loss(client: TestClient) -> None:
    made = create(client, "sao", [{"kind": "reserved"}, {"kind": "reserved"}])
    ws = seat_socket(client, made, 0)
    until(ws, "state")
    ws.send_json({"type": "concede"})
    frame = frame_where(ws, lambda f: f["over"])
    assert frame["outcome"]["winners"] == [] and frame["outcome"]["resigned"] == [0]
    ws.__exit__(None, None, None)


def test_concede_with_three_or_more_seats_hands_the_seat_to_a_bot(client: TestClient) -> None:
    made = create(client, "grail_war", [{"kind": "reserved"}] * 3)
    ws = seat_socket(client, made, 2)
    until(ws, "state")
    ws.send_json({"type": "concede"})
    until_ack(ws)
    ws.send_json({"type": "sync"})
    frame = until(ws, "state")
    assert frame["seats"][2]["resigned"]
    assert not frame["over"] and frame["seats"][2]["kind"] == "bot" and frame["seats"][2]["presence"] == "bot"
    ws.__exit__(None, None, None)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.store.load(made["id"]).seat_kinds[2] == {"kind": "bot", "agent": "random"}


def test_a_seat_is_told_when_it_becomes_its_turn(client: TestClient) -> None:
    made = create(client, "swordplay", [{"kind": "reserved"}, {"kind": "reserved"}])
    sockets = {seat: seat_socket(client, made, seat) for seat in (0, 1)}
    frames = {seat: until(ws, "state") for seat, ws in sockets.items()}
    acting = next(seat for seat, f in frames.items() if f["legal"])
    other = 1 - acting
    assert frames[acting].get("your_turn") is True and "your_turn" not in frames[other]  # in the frame itself
    for _ in range(40):  # act until the other seat is to decide: it is told so
        sockets[acting].send_json({"type": "sync"})
        frame = until(sockets[acting], "state")
        if not frame["legal"]:
            break
        sockets[acting].send_json({"type": "act", "action": frame["legal"][0]["text"], "step": frame["step"]})
        until_ack(sockets[acting])
    notice = until_your_turn(sockets[other])
    assert notice["match"] == made["id"]
    for ws in sockets.values():
        ws.__exit__(None, None, None)


def test_the_lobby_is_pushed_over_a_socket(client: TestClient) -> None:
    with client.websocket_connect("/ws/lobby") as lobby:
        first = until(lobby, "lobby")
        made = create(client, "swordplay", [{"kind": "open"}, {"kind": "reserved"}])
        deadline = time.monotonic() + 10
        listed = first
        while made["id"] not in {m["id"] for m in listed["matches"]} and time.monotonic() < deadline:
            listed = until(lobby, "lobby")
        entry = next(m for m in listed["matches"] if m["id"] == made["id"])
        assert entry["title"] and [s["free"] for s in entry["seats"]] == [True, False]
        assert "token" not in str(entry)
        client.post(f"/api/matches/{made['id']}/join")
        while made["id"] in {m["id"] for m in listed["matches"]} and time.monotonic() < deadline:
            listed = until(lobby, "lobby")
        assert made["id"] not in {m["id"] for m in listed["matches"]}
    lobby_js = (__import__("pathlib").Path(__file__).resolve().parents[2] / "src/bouts/web/lobby.js").read_text()
    assert "/ws/lobby" in lobby_js and "setInterval" not in lobby_js


def test_concede_in_a_swordplay_arena_duel_gives_the_other_hero_the_win(client: TestClient) -> None:
    """Swordplay has co-op modes, but an arena duel is every Hero for himself (SWP-003): the other seat wins."""
    made = create(client, "swordplay", [{"kind": "reserved"}, {"kind": "reserved"}])
    ws = seat_socket(client, made, 0)
    until(ws, "state")
    ws.send_json({"type": "concede"})
    frame = frame_where(ws, lambda f: f["over"])
    assert frame["outcome"]["winners"] == [1] and frame["outcome"]["resigned"] == [0]
    ws.__exit__(None, None, None)


def test_hint_takes_the_terminals_path_in_the_readers_language(client: TestClient) -> None:
    """``hint`` answers with ``game.advice`` (what the terminal prints) and ``game.recommend`` (what Enter takes,
    and why) at a Swordplay decision, where the game has no ``hints`` of its own; in Japanese for a Japanese page."""
    from bouts.core.registry import get_game

    made = create(client, "swordplay", [{"kind": "reserved"}, {"kind": "reserved"}])
    for lang in ("en", "ja"):
        ws = client.websocket_connect(f"/ws/{made['id']}").__enter__()
        ws.send_json({"type": "hello", "token": made["seats"][0]["token"], "lang": lang})
        frame = until(ws, "state")
        ws.send_json({"type": "hint"})
        answer = until(ws, "hint")
        hub = client.app.state.hub  # type: ignore[attr-defined]
        match = hub.rooms[made["id"]].match
        assert answer["step"] == frame["step"] and answer["hints"] and answer["reason"]
        assert answer["action"] in {a["text"] for a in frame["menu"]}
        found = get_game("swordplay").recommend(match.state, 0)
        assert found is not None and answer["action"] == str(found[0])
        japanese = any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in answer["reason"])
        assert japanese == (lang == "ja")
        heroes = {h["name"] for h in frame["view"]["heroes"]}  # names come localized: plain strings
        assert all(isinstance(name, str) for name in heroes)
        ws.__exit__(None, None, None)


def test_a_frame_carries_the_menu_the_changes_the_clauses_and_the_rules(client: TestClient) -> None:
    made = create(client, "swordplay", [{"kind": "reserved"}, {"kind": "reserved"}])
    sockets = {seat: seat_socket(client, made, seat) for seat in (0, 1)}
    frames = {seat: until(ws, "state") for seat, ws in sockets.items()}
    acting = next(seat for seat, f in frames.items() if f["menu"])
    first = frames[acting]
    assert first["changed"] == [] and first["rules"]["summary"] and first["rules"]["phase"] == "choose_hero"
    assert {o["name"] for o in first["rules"]["options"]} >= {"mode", "realistic_parries"}
    entry = first["menu"][0]
    assert entry["objects"] and entry["objects"][0].startswith("hero:") and entry["group"] and entry["label"]
    assert [{"text": e["text"], "label": e["label"]} for e in first["menu"]] == first["legal"]
    ws = sockets[acting]
    ws.send_json({"type": "act", "action": entry["text"], "step": first["step"]})
    frame = frame_where(ws, lambda f: f["step"] > first["step"])
    assert frame["changed"]  # what changed since my previous view
    assert all(isinstance(p, str) for p in frame["changed"])
    cited = {c for e in frame["log"] for c in e["clauses"]}
    assert cited and set(frame["clauses"]) == cited & set(frame["clauses"]) and frame["clauses"]
    assert all(e["step"] >= first["step"] and "turn" in e and "actor" in e for e in frame["log"])
    for s in sockets.values():
        s.__exit__(None, None, None)
