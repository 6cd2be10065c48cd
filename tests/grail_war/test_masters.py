"""Masters' abilities around the servant deal, Sakura and Shinji (DGW-M10..M20, DGW-G15/G16), through actions."""

from __future__ import annotations

from typing import Any

from bouts.core import CHANCE
from bouts.core.events import visible
from bouts.core.i18n import tr
from bouts.games.grail_war.flow import pile
from tests.grail_war.helpers import GAME, MASTERS, act, legal, place_all, start, turn
from tests.grail_war.scenario import decide, play_round, steer

SEVEN = ["illya", "rin", "kirei", "kuzuki", "shirou", "shinji", "sakura"]


def test_dgw_029_each_servant_is_dealt_to_its_own_seat_only() -> None:
    """DGW-029, DGW-030, DGW-017: the servant deal tells each master its own servant and the table only that
    each has one: no seat and no spectator sees another seat's servant event."""
    state = GAME.setup(5, {"masters": MASTERS[:5]}, None, 0)
    state = GAME.apply(state, CHANCE, "shuffle " + " ".join(pile(state)))
    events = GAME.events(state)
    for observer in range(5):
        told = [e for e in visible(events, observer) if e.kind == "servant"]
        assert [e.data["seat"] for e in told] == [observer]
        assert GAME.view(state, observer)["players"][observer]["servant"] == state.players[observer].servant
    assert not [e for e in visible(events, None) if e.kind == "servant"]
    assert any(e.kind == "servants" and e.is_public for e in events)


SAKURA_DECK = ["saber_05", "saber_09", "saber_03", "saber_01", "saber_06", "saber_07", "luck"]
SAKURA_PLAYS = {1: ["saber_05", "saber_09"], 2: ["saber_01", "saber_06"], 3: ["saber_07", "luck"]}
"""Sakura's 3 mana + 2, spend 3 (2 left); +3, spend 3 (2); +1, spend 1 (2): round 4 begins with exactly 2."""


def sakura_game(rounds: int) -> tuple[Any, list[list[str]]]:
    """7 players through actions; Sakura (P7, Saber) stands at Miyama and spends her mana on the cards of
    SAKURA_PLAYS; everyone else stays and plays face down. Returns the state and each round's log."""
    state = start(7, masters=SEVEN, servants=["archer", "lancer", "rider", "caster", "berserker", "assassin",
                                              "saber"], decks={6: SAKURA_DECK})
    logs: list[list[str]] = []
    places = {0: "workshop", 1: "workshop", 2: "workshop", 3: "workshop", 4: "shinto", 5: "shinto", 6: "miyama"}

    def choose(state: Any, seat: int, places: dict[int, str]) -> str:
        plays = SAKURA_PLAYS.get(state.round, [])
        if seat == 6 and state.stage == "prepare" and plays:
            chosen = [c for c, _ in state.players[6].selected]
            return "done" if len(chosen) == len(plays) else f"play {plays[len(chosen)]} up"
        return decide(state, seat, places)

    for _ in range(rounds):
        lines: list[str] = []
        current = state.round
        while GAME.to_act(state) and (state.round == current or state.step != "place"
                                      or GAME.to_act(state) == (CHANCE,)):
            seat = GAME.to_act(state)[0]
            state = GAME.apply(state, seat, choose(state, seat, places))
            lines += [e.text for e in visible(GAME.events(state), 0)]
        logs.append(lines)
    return state, logs


def test_dgw_m10_m13_engraved_fate_from_round_four_with_two_mana() -> None:
    """DGW-M10, DGW-M13 (日常の象徴: 刻まれた宿命 not in rounds 1-3 with 7 players): Sakura keeps her mana at the
    starts of rounds 2 and 3 (and 4... of round 3); round 4 begins with exactly 2 mana: she pays 2 and gains 2
    spoils; round 5 begins with 1: nothing."""
    assert GAME.catalog().initial_mana["sakura"] == 3  # the mana path of SAKURA_PLAYS
    state, logs = sakura_game(4)
    fate = [[line for line in lines if "Engraved Fate" in line] for lines in logs]
    assert fate[0] == [] and fate[1] == []  # the starts of rounds 2 and 3
    assert any("P7 Matou Sakura: Engraved Fate, -2 mana" in line for line in fate[2])  # round 4 begins
    assert any("gains 2 spoils (Engraved Fate)" in line for line in fate[2])
    assert fate[3] == []  # round 5 begins with 1 mana
    assert GAME.view(state, 0)["players"][6]["mana"] == 1 + 1  # and round 5's supply


def test_dgw_m11_hidden_secret_only_when_not_first_after_round_eight() -> None:
    """DGW-M11, DGW-RUL-48: after round 8 Sakura not first in spoils (14 against 15) has unlimited mana from
    then on and may use one more card; tied for first (14 and 14) she has not."""
    state = steer(7, SEVEN, {8: [15, 5, 6, 7, 8, 9, 14]}).state
    view = GAME.view(state, 0)["players"][6]
    assert view["infinite"] and not view["eliminated"]
    assert any("隠された秘密" in e.text for e in GAME.events(state)) or view["infinite"]
    state = steer(7, SEVEN, {8: [14, 5, 6, 7, 8, 9, 14]}).state
    assert not GAME.view(state, 0)["players"][6]["infinite"]


def test_dgw_m11_unlimited_mana_and_a_third_card() -> None:
    """DGW-M11, DGW-RUL-48: with unlimited mana Sakura pays nothing, may use NP/skill cards whatever her mana
    and uses a third card (round 9)."""
    state = steer(7, SEVEN, {8: [15, 5, 6, 7, 8, 9, 14]}, servants=["archer", "lancer", "rider", "caster",
                                                                   "berserker", "assassin", "saber"]).state
    while GAME.to_act(state) != (6,) or state.step == "place":
        seat = GAME.to_act(state)[0]
        state = act(state, seat, "place miyama") if state.step == "place" else turn(state)
    state = act(state, 6, "stay", "play excalibur up")
    first = [a for a in legal(state) if a.startswith("play") and a.endswith(" up")]
    state = act(state, 6, first[0])
    assert any(a.startswith("play") for a in legal(state))  # a third card
    state = act(state, 6, next(a for a in legal(state) if a.startswith("play")))
    assert len(GAME.view(state, 0)["players"][6]["played"]) == 3


def test_shinji_changes_to_sakura_after_a_lost_battle() -> None:
    """DGW-G15, DGW-G16, DGW-M19, DGW-RUL-47: Shinji, beaten by the NPC at Shinto, may change master; he keeps
    everything else, and plays on as Sakura: round 2 begins with her 刻まれた宿命 (-2 mana, +2 spoils)."""
    state = start(4, masters=["shinji", "rin", "kirei", "illya"])
    state = place_all(state, "shinto", "workshop", "workshop", "workshop")
    for _ in range(4):
        state = turn(state) if not state.pending else state
    assert legal(state, 0) == ["change", "keep"] and GAME.to_act(state) == (0,)
    before = GAME.view(state, 1)["players"][0]
    state = act(state, 0, "change")
    after = GAME.view(state, 1)["players"][0]
    assert after["master"] == "sakura" and tr(after["master_name"], "en") == "Matou Sakura"
    for key in ("command_spells", "servant", "np"):
        assert after[key] == before[key], key
    assert (after["mana"], after["spoils"]) == (before["mana"] - 2 + 3, before["spoils"] + 2)
    assert GAME.content_choices(state)[0][0] == "shinji"
    assert any("changes master from Matou Shinji to Matou Sakura" in e.text for e in GAME.events(state))


def test_shinji_keeps_his_master_if_he_says_so() -> None:
    """DGW-RUL-47: the change after a lost battle is Shinji's choice."""
    state = start(4, masters=["shinji", "rin", "kirei", "illya"])
    state = place_all(state, "shinto", "workshop", "workshop", "workshop")
    for _ in range(4):
        state = turn(state) if not state.pending else state
    state = act(state, 0, "keep")
    assert GAME.view(state, 1)["players"][0]["master"] == "shinji"


def test_shinji_must_change_with_no_command_spell_left() -> None:
    """DGW-EX-53, DGW-G15, DGW-G16, DGW-RUL-47 (偽臣の書: must change on losing all command spells): the third
    command spell makes Shinji Sakura at once, with the same mana, spoils, hand, deck, trash and servant."""
    state = place_all(start(4, masters=["shinji", "rin", "kirei", "illya"]), "miyama", *["workshop"] * 3)
    state = act(state, 0, "spell mana", "spell mana")
    before = GAME.view(state, 1)["players"][0]
    assert before["master"] == "shinji"
    state = act(state, 0, "spell power")
    after = GAME.view(state, 1)["players"][0]
    assert after["master"] == "sakura" and after["command_spells"] == 0
    for key in ("mana", "spoils", "hand", "deck", "trash", "servant", "np", "location"):  # DGW-EX-53, DGW-G16
        assert after[key] == before[key], key


def test_seven_players_play_sakura_from_the_start_and_shinji_never_changes() -> None:
    """DGW-026, DGW-M12, DGW-M20: with 7 players Sakura is a master of her own and Shinji has no 偽臣の書: his
    lost battle offers no change."""
    state = start(7, masters=SEVEN)
    assert [p["master"] for p in GAME.view(state, 0)["players"]][-2:] == ["shinji", "sakura"]
    state = play_round(state, {0: "workshop", 1: "workshop", 2: "workshop", 3: "workshop", 4: "shinto",
                               5: "shinto", 6: "miyama"})
    assert state.round == 2 and GAME.view(state, 0)["players"][5]["master"] == "shinji"


def test_dgw_rul_47_seven_players_shinji_spends_every_command_spell_and_stays_shinji() -> None:
    """DGW-RUL-47, DGW-M12, DGW-M19: 偽臣の書 works with 6 or fewer players only; with 7, Shinji who uses his
    three command spells (Use A) keeps his master and is never asked to change."""
    state = start(7, masters=SEVEN)
    state = place_all(state, "workshop", "workshop", "workshop", "workshop", "miyama", "shinto", "miyama")
    while GAME.to_act(state) != (5,):
        state = turn(state)
    state = act(state, 5, "spell mana", "spell mana", "spell mana")
    assert state.players[5].command_spells == 0 and not state.pending
    assert GAME.view(state, 0)["players"][5]["master"] == "shinji" and "change" not in legal(state, 5)


def test_dgw_m20_clown_only_with_seven_players() -> None:
    """DGW-M20, DGW-RUL-42: 道化 is solo Shinji's, with 7 players only: in a 5-player game Shinji strictly last
    of the four left after round 8 (Kuzuki's 6 drops out) does not win; the climax round begins."""
    state = steer(5, ["illya", "rin", "kirei", "shinji", "kuzuki"], {8: [12, 10, 8, 7, 6]}).state
    assert [p.eliminated for p in state.players] == [False, False, False, False, True]
    assert state.winners is None and state.round == 9 and state.climax_card == "climax_4"
