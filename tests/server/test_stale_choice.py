"""An action chosen at an older step (``act``'s ``step`` and ``version``, from the frame it was chosen on): taken when
only other seats' decisions came between and left the chooser's decision as it was, refused otherwise.

FGO Duel's party picks are sealed and made by both seats at once (FGO-RUL-40: each chooses without seeing the other's
party), three picks each, one step per pick: the pick that reaches the server second was chosen a step or more ago.
"""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bouts.core import CHANCE, ContentPack, Event, Game, GameInfo, Match, Outcome, Roll, Seat, State
from bouts.core.actions import Command
from bouts.server.room import Room
from bouts.server.stale import still_open
from tests.server.conftest import create, kind, pg_url, until  # noqa: F401
from tests.server.live import LiveServer
from tests.server.players import Seats

REFUSED = "the table has changed since you chose"
"""``Room.act``'s refusal of an action chosen on a table that changed since, in English."""


def seated(client: TestClient, made: dict[str, Any], seat: int) -> tuple[Any, dict[str, Any]]:
    """A socket for ``seat`` (entered) and its first frame."""
    ws = client.websocket_connect(f"/ws/{made['id']}").__enter__()
    ws.send_json({"type": "hello", "token": made["seats"][seat]["token"]})
    return ws, until(ws, "state")


def answer(ws: Any) -> dict[str, Any]:
    """The answer to this socket's own ``act``: the frame that acknowledges it, or the error."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        if kind(message) in ("ack", "error"):
            return message


def fgo_party(client: TestClient) -> tuple[dict[str, Any], Room]:
    """A two-person FGO Duel match at its first decision (both seats pick their party); its room."""
    made = create(client, "fgo_duel", [{"kind": "reserved"}, {"kind": "reserved"}])
    room: Room = client.app.state.hub.rooms[made["id"]]  # type: ignore[attr-defined]
    assert room.match.to_act() == (0, 1) and not room.match.steps
    return made, room


def fresh(ws: Any, room: Room) -> dict[str, Any]:
    """This socket's frame of the match as it is now (after a ``sync``)."""
    ws.send_json({"type": "sync"})
    while True:
        frame = until(ws, "state")
        if frame["step"] == len(room.match.steps) and frame["version"] == room.version:
            return frame


def pick(ws: Any, frame: dict[str, Any], text: str | None = None) -> dict[str, Any]:
    """Send ``text`` (default: the frame's first legal action) as chosen on ``frame``; the answer."""
    ws.send_json({"type": "act", "action": text or frame["legal"][0]["text"], "step": frame["step"],
                  "version": frame["version"]})
    return answer(ws)


def test_a_sealed_pick_made_while_the_other_seat_picked_is_taken(client: TestClient) -> None:
    """FGO-RUL-40: seat 0 chooses its first servant at step 0; seat 1's three picks reach the server first. Seat 0's
    pick, chosen at step 0, is acknowledged and applied after them; no refusal."""
    made, room = fgo_party(client)
    mine, first = seated(client, made, 0)
    other, theirs = seated(client, made, 1)
    try:
        choice = first["legal"][2]["text"]
        for _ in range(3):  # the other seat's whole sealed party, one pick a step
            theirs = pick(other, theirs)
            assert kind(theirs) == "ack", theirs
        assert len(room.match.steps) == 3 and first["step"] == 0
        taken = pick(mine, first, choice)
        assert kind(taken) == "ack", taken
        assert taken["ack"] == 4 and taken["step"] == 4
        assert [(s.seat, s.action) for s in room.match.steps][3] == (0, choice)
        assert room.match.to_act() == (0,) and len(taken["legal"]) < len(first["legal"])
        assert client.app.state.hub.store.action_count(made["id"]) == 4  # type: ignore[attr-defined]
    finally:
        mine.__exit__(None, None, None)
        other.__exit__(None, None, None)


def test_a_choice_made_before_the_other_seats_move_gave_this_seat_its_menu_is_refused(client: TestClient) -> None:
    """A sequential step: seat 1's frame shows seat 0 to act (after the party picks), and seat 0's decision gives
    seat 1 its menu. An action seat 1 sends with that older step (one in its menu now) is refused and the match
    is unchanged."""
    made, room = fgo_party(client)
    players = {seat: seated(client, made, seat)[0] for seat in (0, 1)}
    try:
        while True:
            frames = {seat: fresh(ws, room) for seat, ws in players.items()}
            acting = room.match.to_act()
            if acting == (0,):
                waiting = frames[1]
                assert kind(pick(players[0], frames[0])) == "ack"
                if room.match.to_act() == (1,):
                    break
            else:
                assert kind(pick(players[acting[-1]], frames[acting[-1]])) == "ack"
        assert not waiting["legal"] and waiting["step"] < len(room.match.steps)
        before = [(s.seat, s.action) for s in room.match.steps]
        refused = pick(players[1], waiting, str(room.match.legal_actions(1)[0]))
        assert refused["type"] == "error" and REFUSED in refused["message"], refused
        assert [(s.seat, s.action) for s in room.match.steps] == before
    finally:
        for ws in players.values():
            ws.__exit__(None, None, None)


def test_a_choice_at_a_step_since_which_the_seat_decided_itself_is_refused(client: TestClient) -> None:
    """Seat 0 has two tabs open at step 0; one picks. The other's pick, chosen at step 0 too, comes after the
    seat's own decision: refused, the match unchanged."""
    made, room = fgo_party(client)
    tab, first = seated(client, made, 0)
    other_tab, same = seated(client, made, 0)
    try:
        assert kind(pick(tab, first, first["legal"][0]["text"])) == "ack"
        before = [(s.seat, s.action) for s in room.match.steps]
        refused = pick(other_tab, same, same["legal"][1]["text"])
        assert refused["type"] == "error" and REFUSED in refused["message"], refused
        assert [(s.seat, s.action) for s in room.match.steps] == before
    finally:
        tab.__exit__(None, None, None)
        other_tab.__exit__(None, None, None)


def test_a_choice_at_a_step_since_which_another_seat_undid_is_refused_and_one_after_the_undo_is_taken(
        client: TestClient) -> None:
    """Seat 1 picks, undoes and picks again while seat 0's pick, chosen at step 0 before the undo, is on its way:
    refused (an undo came between). The same pick chosen on the frame after the undo is taken."""
    made, room = fgo_party(client)
    mine, first = seated(client, made, 0)
    other, theirs = seated(client, made, 1)
    try:
        done = pick(other, theirs)
        assert kind(done) == "ack" and done["can_undo"], done
        other.send_json({"type": "undo"})
        while room.match.steps or room.version <= done["version"]:  # the undo applied and committed
            fresh(other, room)
        after_undo = fresh(mine, room)
        assert after_undo["step"] == first["step"] == 0 and after_undo["version"] > first["version"]
        assert kind(pick(other, fresh(other, room), theirs["legal"][1]["text"])) == "ack"
        choice = first["legal"][0]["text"]
        refused = pick(mine, first, choice)
        assert refused["type"] == "error" and REFUSED in refused["message"], refused
        assert [s.seat for s in room.match.steps] == [1]
        taken = pick(mine, after_undo, choice)
        assert kind(taken) == "ack", taken
        assert [(s.seat, s.action) for s in room.match.steps][1] == (0, choice)
    finally:
        mine.__exit__(None, None, None)
        other.__exit__(None, None, None)


def test_a_choice_at_an_older_step_without_its_version_is_refused(client: TestClient) -> None:
    """A client that does not say which version its frame showed (``version`` left out) gets today's rule: an
    action chosen at an older step is refused."""
    made, room = fgo_party(client)
    mine, first = seated(client, made, 0)
    other, theirs = seated(client, made, 1)
    try:
        assert kind(pick(other, theirs)) == "ack"
        mine.send_json({"type": "act", "action": first["legal"][0]["text"], "step": first["step"]})
        refused = answer(mine)
        assert refused["type"] == "error" and REFUSED in refused["message"], refused
        assert [s.seat for s in room.match.steps] == [1]
    finally:
        mine.__exit__(None, None, None)
        other.__exit__(None, None, None)


def test_a_bots_sealed_pick_overtaken_by_a_persons_is_taken_not_thought_again(client: TestClient) -> None:
    """FGO-RUL-40: the bot (seat 1) is still deciding its first servant when the person's pick (seat 0) reaches the
    server. The bot's pick, chosen at step 0, is then taken at step 1 as a person's would be; the bot is not asked
    to decide that pick again (the real bot pool decides; the bot's answer is only held back until the person's
    pick is in, as a slow worker would)."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    real = hub.bots.decide
    calls: list[tuple[int, str]] = []
    """(the match's step count when the bot was asked, its answer), in order."""
    held = threading.Event()
    rooms: list[Room] = []

    async def slow_first(game_id: str, state: Any, seat: int, spec: str, seed: int, match_id: str = "") -> str:
        steps = len(hub.rooms[match_id].match.steps)
        text = str(await real(game_id, state, seat, spec, seed, match_id))
        calls.append((steps, text))
        while len(calls) == 1 and not held.is_set():
            await asyncio.sleep(0.01)
        return text

    hub.bots.decide = slow_first
    made = create(client, "fgo_duel", [{"kind": "reserved"}, {"kind": "bot", "agent": "heuristic"}])
    rooms.append(hub.rooms[made["id"]])
    mine, first = seated(client, made, 0)
    try:
        deadline = time.monotonic() + 60
        while not calls:  # the bot has decided its first pick and waits to send it
            assert time.monotonic() < deadline, "the bot was never asked"
            time.sleep(0.01)
        assert kind(pick(mine, first, first["legal"][0]["text"])) == "ack"
        held.set()
        while len(rooms[0].match.steps) < 2:
            assert time.monotonic() < deadline, "the bot's pick never came"
            time.sleep(0.01)
        steps = [(s.seat, s.action) for s in rooms[0].match.steps][:2]
        assert steps == [(0, first["legal"][0]["text"]), (1, calls[0][1])], steps
        assert calls[0][0] == 0 and all(asked >= 2 for asked, _ in calls[1:]), calls  # never asked again at step 1
    finally:
        mine.__exit__(None, None, None)


def test_a_sealed_pick_sent_through_another_process_is_taken_by_the_owner(pg_url: str) -> None:  # noqa: F811
    """FGO-RUL-40 across processes: two servers over one PostgreSQL; seat 1 picks on the process that owns the match,
    seat 0's pick, chosen at step 0, goes through the other process, which forwards it (with its ``step`` and
    ``version``) to the owner: taken and acknowledged; chosen before an undo of seat 1's, refused."""
    owner = LiveServer(pg_url).start()
    other = LiveServer(pg_url).start()
    try:
        made = owner.post("/api/matches", {"game": "fgo_duel", "seats": [{"kind": "reserved"}, {"kind": "reserved"}]})
        players = Seats(made)
        frames = players.connect({0: other, 1: owner})
        mine, theirs = players.sockets[0], players.sockets[1]
        first = frames[0]
        assert first["step"] == 0 and first["legal"]

        def send(ws: Any, frame: dict[str, Any], text: str) -> dict[str, Any]:
            ws.send(json.dumps({"type": "act", "action": text, "step": frame["step"], "version": frame["version"]}))
            while kind(said := json.loads(ws.recv(timeout=30))) not in ("ack", "error"):
                pass
            return dict(said)

        assert kind(send(theirs, frames[1], frames[1]["legal"][0]["text"])) == "ack"
        choice = first["legal"][1]["text"]
        taken = send(mine, first, choice)
        assert kind(taken) == "ack" and taken["ack"] == 2, taken
        assert {f["step"] for f in players.fresh().values()} == {2}

        # seat 1 picks, undoes and picks again while seat 0's next pick, chosen before the undo, is on its way
        frames = players.fresh()
        before = frames[0]
        assert kind(send(theirs, frames[1], frames[1]["legal"][0]["text"])) == "ack"
        theirs.send(json.dumps({"type": "undo"}))
        while players.fresh()[1]["step"] != 2:
            time.sleep(0.05)
        again = players.fresh()[1]
        assert kind(send(theirs, again, again["legal"][1]["text"])) == "ack"
        refused = send(mine, before, before["legal"][0]["text"])
        assert refused["type"] == "error" and REFUSED in refused["message"], refused
        assert {f["step"] for f in players.fresh().values()} == {3}
        players.close()
    finally:
        owner.stop()
        other.stop()


# -- each condition on its own, on a small game made to reach what the five games do not ---------------------------


def words(*texts: str) -> tuple[Command, ...]:
    """The window game's actions: core commands whose text forms are ``texts``."""
    return tuple(Command(verb, tuple(args)) for verb, *args in (text.split() for text in texts))


@dataclass(eq=True)
class WindowState(State):
    offers: tuple[str, ...] = ("take a", "take b", "take c")
    paused: bool = False
    rolling: bool = False
    taken: str | None = None

    def clone(self) -> WindowState:
        return WindowState(self.offers, self.paused, self.rolling, self.taken)


class Window(Game[WindowState, Any]):
    """Seat 0 has a decision open (take one offer; ``note`` keeps it open) while seat 1 acts beside it: ``wait``
    (nothing changes), ``roll`` (a chance step follows), ``close`` (an offer of seat 0's goes), ``pause`` (seat 0's
    decision closes until seat 1's ``resume``, then opens again as it was)."""

    info = GameInfo("window", "Window", 2, 2, simultaneous=True)

    def setup(self, seats: int, options: Mapping[str, Any] | None = None, content: Any = None,
              seed: int = 0) -> WindowState:
        return WindowState()

    def to_act(self, state: WindowState) -> tuple[Seat, ...]:
        if state.taken is not None:
            return ()
        if state.rolling:
            return (CHANCE,)
        return (1,) if state.paused else (0, 1)

    def _legal_actions(self, state: WindowState, seat: Seat) -> tuple[Any, ...]:
        if seat == CHANCE:
            return Roll.outcomes(1, 6)
        if seat == 0:
            return words(*state.offers, "note")
        return words("resume") if state.paused else words("wait", "roll", "close", "pause")

    def parse_action(self, state: WindowState, seat: Seat, text: str) -> Any:
        return Roll.parse(text) if seat == CHANCE else super().parse_action(state, seat, text)

    def _apply(self, state: WindowState, seat: Seat, action: Any) -> None:
        word = "" if seat == CHANCE else str(action)
        state.rolling = word == "roll"
        state.paused = word == "pause"
        if word == "close":
            state.offers = state.offers[:-1]
        elif word.startswith("take"):
            state.taken = word
        state.events.append(Event("acted", f"seat {seat}: {action}"))

    def view(self, state: WindowState, seat: Seat | None) -> dict[str, Any]:
        return {"offers": list(state.offers), "paused": state.paused, "taken": state.taken}

    def determinize(self, state: WindowState, seat: Seat | None, rng: random.Random) -> WindowState:
        return state.clone()

    def outcome(self, state: WindowState) -> Outcome | None:
        return None if state.taken is None else Outcome((0,), "taken")

    def load_content(self, path: str | None = None) -> Any:
        return ContentPack("window", "window:none@0", None, {})


def window_after(*moves: tuple[Seat, str]) -> Match:
    """A window match after ``moves`` (chance steps resolved by the seed as they come)."""
    match = Match(Window(), 2, seed=1)
    for seat, word in moves:
        match.apply(word, seat)
        match.advance()
    return match


@pytest.mark.parametrize("moves,taken", [
    ([(1, "wait")], True),  # another seat's decision that changed nothing seat 0 sees or chooses
    ([(1, "wait"), (1, "wait"), (1, "wait")], True),
    ([(1, "roll")], False),  # a chance step came between
    ([(0, "note")], False),  # seat 0's own decision came between, its menu the same
    ([(1, "close")], False),  # seat 1's decision took an offer from seat 0's menu
    ([(1, "pause"), (1, "resume")], False),  # seat 0's decision closed and opened again: another decision
], ids=["other", "others", "chance", "own", "menu", "reopened"])
def test_each_condition_of_an_action_chosen_at_an_older_step(moves: list[tuple[Seat, str]], taken: bool) -> None:
    match = window_after(*moves)
    assert len(match.steps) > 0 and match.to_act() == (0, 1)
    assert still_open(match, 0, 0) is taken
    assert not still_open(match, 0, len(match.steps)) and not still_open(match, 0, -1)  # not an older step


def test_no_frame_shows_an_undo_before_it_is_stored(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """While an undo's write is on its way (a slow store), the other seat's frames keep showing the match as stored:
    the step before the undo with the old version, then the undone table with the new one, never the undone table
    with the old version (a pick made on such a frame looked made before the undo, and was refused); and a pick made
    on the first frame after the undo is taken."""
    made, room = fgo_party(client)
    mine, _ = seated(client, made, 0)
    other, theirs = seated(client, made, 1)
    store = room.services.store
    real = store.truncate

    def slow_truncate(*args: Any, **kwargs: Any) -> Any:
        time.sleep(0.6)
        return real(*args, **kwargs)

    monkeypatch.setattr(store, "truncate", slow_truncate)
    try:
        done = pick(other, theirs)
        assert kind(done) == "ack"
        before = done["version"]
        shown = fresh(mine, room)
        seen = [(shown["step"], shown["version"])]
        assert seen == [(1, before)]
        other.send_json({"type": "undo"})
        while room.version <= before:
            mine.send_json({"type": "sync"})
            frame = until(mine, "state")
            seen.append((frame["step"], frame["version"]))
        mine.send_json({"type": "sync"})
        after = until(mine, "state")
        seen.append((after["step"], after["version"]))
        assert (0, before) not in seen, seen
        assert after["step"] == 0 and after["version"] > before, seen
        assert kind(pick(mine, after)) == "ack"
    finally:
        mine.__exit__(None, None, None)
        other.__exit__(None, None, None)
