"""Battle phase (DGW-091..DGW-095) and the rulebook's battle examples as golden tests through play."""

from __future__ import annotations

from typing import Any

from tests.grail_war.helpers import GAME, edit, place_all, spoils, start, turn

FIVE = ["illya", "rin", "kirei", "shirou", "shinji"]


def fight(places: list[str], plays: list[dict[str, Any]], seats: int = 5, masters: list[str] | None = None,
          miyama: list[str] | None = None, shinto: list[str] | None = None, hands: dict[int, list[str]] | None = None,
          **options: Any) -> tuple[Any, list[int]]:
    """Round 1 with the given events, hands, placements and actions; returns (state after, spoils gained)."""
    state = edit(start(seats, masters=masters or FIVE[:seats] if seats <= 5 else None, **options))
    if miyama is not None:
        state.events_at["miyama"] = [(e, True) for e in miyama]
    if shinto is not None:
        state.events_at["shinto"] = [(e, False) for e in shinto]
    for seat, cards in (hands or {}).items():
        state.players[seat].hand = list(cards)
        state.players[seat].mana = 12
    state = place_all(state, *places)
    for spec in plays:
        state = turn(state, **spec)
    while state.pending:  # Shinji's 偽臣の書 after a lost battle: keep him
        state = GAME.apply(state, state.pending[-1].seat, "keep")
    return state, spoils(state)


def test_ex01_tie_at_shinto_splits_rounding_up() -> None:
    """DGW-EX-01, DGW-095, DGW-RUL-30, DGW-092: two tie at 9 at Shinto with event 3: each gains ceil(6/2) = 3."""
    _, got = fight(["shinto", "shinto", "workshop", "workshop", "workshop"],
                   [dict(cards=["berserker_05 up", "archer_01 up"]), dict(cards=["saber_05 up", "archer_07 up"]),
                    dict(), dict(), dict()],
                   shinto=["e03"], hands={0: ["berserker_05", "archer_01"], 1: ["saber_05", "archer_07"]})
    assert got[:2] == [3, 3]


def test_ex02_tie_at_miyama() -> None:
    """DGW-EX-02, DGW-095: Miyama event 3, a tie: each gains ceil(5/2) = 3."""
    _, got = fight(["miyama", "miyama", "workshop", "workshop", "workshop"],
                   [dict(cards=["berserker_05 up", "archer_01 up"]), dict(cards=["saber_05 up", "archer_07 up"]),
                    dict(), dict(), dict()],
                   miyama=["e03"], hands={0: ["berserker_05", "archer_01"], 1: ["saber_05", "archer_07"]})
    assert got[:2] == [3, 3]


def test_ex03_three_way_tie() -> None:
    """DGW-EX-03, DGW-095: Miyama event 2, three tie: each gains ceil(4/3) = 2."""
    _, got = fight(["miyama", "miyama", "miyama", "workshop", "workshop"],
                   [dict(cards=["archer_01 up", "archer_02 up"]), dict(cards=["archer_06 up", "archer_03 up"]),
                    dict(cards=["berserker_03 up", "archer_05 up"]), dict(), dict()],
                   miyama=["e02"], hands={0: ["archer_01", "archer_02"], 1: ["archer_06", "archer_03"],
                                          2: ["berserker_03", "archer_05"]})
    assert got[:3] == [2, 2, 2]


def test_ex04_alone_wins_the_event_only_even_at_power_zero() -> None:
    """DGW-EX-04, DGW-093, DGW-RUL-28: alone at Miyama with power 0 (moved there, face-down cards): gains 3."""
    _state, got = fight(["workshop", "shinto", "shinto", "workshop", "workshop"],
                       [dict(move="move miyama", cards=["archer_01 down", "archer_02 down"]), dict(), dict(), dict(),
                        dict()], miyama=["e03"], hands={0: ["archer_01", "archer_02"]})
    assert got[0] == 3


def test_ex05_contested_win_adds_the_board_bonus() -> None:
    """DGW-EX-05, DGW-094: Miyama event 3, 10 against 7: the winner gains 3+2 = 5, the loser 0; Shinto: 3+3 = 6."""
    hands = {0: ["berserker_03", "archer_01"], 1: ["archer_06", "archer_02"]}
    plays = [dict(cards=["berserker_03 up", "archer_01 up"]), dict(cards=["archer_06 up", "archer_02 up"]),
             dict(), dict(), dict()]
    _, got = fight(["miyama", "miyama", "workshop", "workshop", "workshop"], plays, miyama=["e03"], hands=hands)
    assert got[:2] == [5, 0]
    _, got = fight(["shinto", "shinto", "workshop", "workshop", "workshop"], plays, shinto=["e03"], hands=hands)
    assert got[:2] == [6, 0]


def test_ex06_events_are_summed() -> None:
    """DGW-EX-06, DGW-G13, DGW-011: Shinto holds events 2 and 1: the winner gains 2+1+3 = 6; alone 3."""
    hands = {0: ["berserker_03", "archer_01"], 1: ["archer_06", "archer_02"]}
    _, got = fight(["shinto", "shinto", "workshop", "workshop", "workshop"],
                   [dict(cards=["berserker_03 up", "archer_01 up"]), dict(cards=["archer_06 up", "archer_02 up"]),
                    dict(), dict(), dict()], shinto=["e02", "e13"], hands=hands)
    assert got[0] == 6
    _, got = fight(["shinto", "workshop", "workshop", "workshop", "workshop"],
                   [dict(cards=["berserker_03 up", "archer_01 up"]), dict(), dict(), dict(), dict()],
                   shinto=["e02", "e13"], hands=hands)
    assert got[0] == 3


def test_ex12_ex13_command_spell_power() -> None:
    """DGW-EX-12, DGW-EX-13, DGW-088, DGW-RUL-16, DGW-RUL-24: 7 + Use B = 9 beats 8 and gains 2+3+2 = 7; against
    10 it loses and the spell is still spent."""
    hands = {0: ["berserker_03", "archer_01"], 1: ["saber_06", "archer_02"]}
    plays = [dict(move="move shinto", cards=["berserker_03 up", "archer_01 up"], after=["spell power"]),
             dict(cards=["saber_06 up", "archer_02 up"]), dict(), dict(), dict()]
    state, got = fight(["workshop", "shinto", "workshop", "workshop", "workshop"], plays, shinto=["e02"], hands=hands)
    assert got[:2] == [7, 0] and state.players[0].command_spells == 2
    hands[1] = ["saber_05", "archer_02"]
    plays[1] = dict(cards=["saber_05 up", "archer_02 up"])
    state, got = fight(["workshop", "shinto", "workshop", "workshop", "workshop"], plays, shinto=["e02"], hands=hands)
    assert got[:2] == [0, 2 + 3] and state.players[0].command_spells == 2


def test_ex14_two_spells_at_one_window() -> None:
    """DGW-EX-14, DGW-085: two Use B at once: +4 power, and the win gains 2+2+4 = 8."""
    hands = {0: ["archer_01", "archer_02"], 1: ["saber_06", "archer_03"]}
    state, got = fight(["workshop", "miyama", "workshop", "workshop", "workshop"],
                       [dict(move="move miyama", cards=["archer_01 up", "archer_02 up"],
                             after=["spell power", "spell power"]),
                        dict(cards=["saber_06 down", "archer_03 up"]), dict(), dict(), dict()],
                       miyama=["e02"], hands=hands)
    assert got[0] == 2 + 2 + 4 and state.players[0].command_spells == 3 - 2


def test_ex15_tied_winner_keeps_its_use_b_bonus() -> None:
    """DGW-EX-15, DGW-RUL-25: tie at 10 at Shinto, event 3: the one with Use B gains ceil(6/2)+2 = 5, the other 3."""
    hands = {0: ["berserker_03", "archer_07"], 1: ["saber_05", "archer_02"]}
    _, got = fight(["workshop", "shinto", "workshop", "workshop", "workshop"],
                   [dict(move="move shinto", cards=["berserker_03 up", "archer_07 up"], after=["spell power"]),
                    dict(cards=["saber_05 up", "archer_02 up"]), dict(), dict(), dict()],
                   shinto=["e03"], hands=hands)
    assert got[:2] == [3 + 2, 3]


def test_ex29_to_ex31_the_npc() -> None:
    """DGW-EX-29, DGW-EX-30, DGW-EX-31, DGW-RUL-12, DGW-RUL-13, DGW-RUL-14: 3 players, the NPC at Shinto with 11:
    at 10 the NPC wins and nobody gains; at 12 the player gains 2+3 = 5 (2 with the literal flag); tied at 11 the
    player gains ceil((3+3)/2) = 3."""
    three = ["illya", "rin", "kirei"]
    rest: list[dict[str, Any]] = [dict(), dict()]
    _, got = fight(["shinto", "workshop", "workshop"], [dict(cards=["berserker_03 up", "archer_01 up"]), *rest],
                   seats=3, masters=three, shinto=["e02"], hands={0: ["berserker_03", "archer_01"]})
    assert got[0] == 0
    _, got = fight(["shinto", "workshop", "workshop"], [dict(cards=["berserker_03 up", "berserker_05 up"]), *rest],
                   seats=3, masters=three, shinto=["e02"], hands={0: ["berserker_03", "berserker_05"]})
    assert got[0] == 5
    _, got = fight(["shinto", "workshop", "workshop"], [dict(cards=["berserker_03 up", "berserker_05 up"]), *rest],
                   seats=3, masters=three, shinto=["e02"], hands={0: ["berserker_03", "berserker_05"]},
                   npc_counts_for_contested_bonus=False)
    assert got[0] == 2
    _, got = fight(["shinto", "workshop", "workshop"], [dict(cards=["berserker_05 up", "archer_06 up"]), *rest],
                   seats=3, masters=three, shinto=["e03"], hands={0: ["berserker_05", "archer_06"]})
    assert got[0] == 3


def test_power_track_and_total_power() -> None:
    """DGW-005, DGW-079, DGW-013, DGW-RUL-16: a fighter's piece shows its total power (cards + land advantage)."""
    state, _ = fight(["miyama", "workshop", "workshop", "workshop", "workshop"], [],
                     hands={0: ["berserker_03", "archer_01"]})
    state = turn(state, cards=["berserker_03 up", "archer_01 up"])
    assert GAME.view(state, 1)["players"][0]["power"] == 5 + 2 + 3


def test_made_to_lose_counts_as_participant_but_cannot_win() -> None:
    """DGW-G17, DGW-G18, DGW-RUL-29: a player made to lose cannot win; the next highest wins the contested pool."""
    from bouts.games.grail_war import battle
    state, _ = fight(["miyama", "miyama", "workshop", "workshop", "workshop"], [],
                     hands={0: ["berserker_03", "archer_01"], 1: ["archer_02", "archer_03"]})
    state = turn(state, cards=["berserker_03 up", "archer_01 up"])
    state = turn(state, cards=["archer_02 up", "archer_03 up"])
    state = edit(state)
    state.players[0].lost = True
    before = state.players[1].spoils
    battle.resolve(state, "miyama")
    assert state.players[1].spoils - before == 3 + 2 and state.players[0].spoils == 0


def test_clash_effects_in_seat_order_and_without_a_battle() -> None:
    """DGW-091, DGW-016, DGW-075, DGW-RUL-23, DGW-RUL-55: 対決時 effects resolve in the Battle phase from the
    start player; a card used away from a battlefield resolves but does nothing."""
    from bouts.games.grail_war import battle
    state, _ = fight(["shinto", "workshop", "workshop", "workshop", "workshop"], [],
                     hands={0: ["saber_08", "archer_01"]}, shinto=["e02"])
    state = turn(state, cards=["saber_08 up", "archer_01 up"])
    assert state.players[0].power_bonus == 0  # not yet: 対決時
    state = edit(state)
    battle.clash_effects(state)
    assert state.players[0].power_bonus == 1
    state.players[0].location = "workshop"
    state.players[0].power_bonus = 0
    battle.clash_effects(state)
    assert state.players[0].power_bonus == 0


def test_land_advantage_only_on_its_battlefield() -> None:
    """DGW-RUL-15: the +3 of Miyama adds nothing once its holder fights at Shinto (unless the flag lets it travel)."""
    for travels, expected in ((False, 0), (True, 3)):
        state, _ = fight(["miyama", "workshop", "workshop", "workshop", "workshop"], [],
                         land_advantage_travels=travels)
        state = GAME.apply(state, 0, "spell move shinto")
        assert state.tokens["miyama3"] == 0
        from bouts.games.grail_war.battle import land_advantage
        assert land_advantage(state, 0) == expected
