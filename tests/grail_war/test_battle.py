"""Battle phase (DGW-091..DGW-095) and the rulebook's battle examples, played through actions.

Each game is round 1 from a forced set-up: the event deck's order puts the example's event on its battlefield,
and each servant deck's order puts the example's cards in hand. Mana is what round 1 gives (initial mana, the
situation's supply 2, the Workshop, command spell Use A).
"""

from __future__ import annotations

from typing import Any

from bouts.core.events import visible
from tests.grail_war.helpers import EVENTS, GAME, act, place_all, spoils, start, turn

FIVE = ["illya", "rin", "kirei", "shirou", "shinji"]
"""Round 1 mana: Illya 8, Rin 7, Kirei 7, Shirou 4, Shinji 7."""
SERVANTS = ["berserker", "saber", "archer", "lancer", "caster"]


def events(miyama: str, shinto: str, *more: str) -> list[str]:
    """The event deck with these on top: Miyama's, then Shinto's, then any an effect adds."""
    top = [miyama, shinto, *more]
    return [*top, *(e for e in EVENTS if e not in top)]


def fight(places: list[str], plays: list[dict[str, Any]], seats: int = 5, masters: list[str] | None = None,
          servants: list[str] | None = None, deck: list[str] | None = None,
          hands: dict[int, list[str]] | None = None, **options: Any) -> tuple[Any, list[int]]:
    """Round 1: the placements, then each player's turn (see :func:`helpers.turn`); returns (state after the
    battle, spoils gained). Shinji keeps his master after a lost battle."""
    state = start(seats, masters=masters or FIVE[:seats], servants=servants or SERVANTS[:seats],
                  events=deck or EVENTS, decks=hands or {}, **options)
    before = spoils(state)
    state = place_all(state, *places)
    for spec in plays:
        state = turn(state, **spec)
    while state.pending:
        state = GAME.apply(state, state.pending[-1].seat, "keep")
    return state, [a - b for a, b in zip(spoils(state), before, strict=True)]


def battle_lines(state: Any) -> list[str]:
    return [e.text for e in GAME.events(state) if e.kind == "battle"]


TIE = {0: ["berserker_05", "berserker_06", "berserker_09"], 1: ["saber_05", "saber_01", "saber_09"]}
"""Illya (first placed, +3): 4 + 3; Rin (second, +1): 5 + 4: both 10."""
TIE_PLAYS = [dict(cards=["berserker_05 up", "berserker_06 up"]), dict(cards=["saber_05 up", "saber_01 up"]),
             dict(), dict(), dict()]


def test_ex01_tie_at_shinto_splits_rounding_up() -> None:
    """DGW-EX-01, DGW-095, DGW-RUL-30, DGW-092: two tie at 10 at Shinto with event 3: each gains ceil(6/2) = 3."""
    _, got = fight(["shinto", "shinto", "workshop", "workshop", "workshop"], TIE_PLAYS, hands=TIE,
                   deck=events("e01", "e03"))
    assert got[:2] == [3, 3]


def test_ex02_tie_at_miyama() -> None:
    """DGW-EX-02, DGW-095: Miyama event 3, a tie: each gains ceil(5/2) = 3."""
    _, got = fight(["miyama", "miyama", "workshop", "workshop", "workshop"], TIE_PLAYS, hands=TIE,
                   deck=events("e03", "e01"))
    assert got[:2] == [3, 3]


def test_ex03_three_way_tie() -> None:
    """DGW-EX-03, DGW-095: Miyama event 2, three tie at 7 (2 + 2 + land 3; 3 + 3 + land 1; 4 + 3): each gains
    ceil(4/3) = 2."""
    hands = {0: ["berserker_08", "berserker_09", "berserker_07"], 1: ["saber_06", "saber_07", "saber_09"],
             2: ["archer_06", "archer_07", "archer_01"]}
    _, got = fight(["miyama", "miyama", "miyama", "workshop", "workshop"],
                   [dict(cards=["berserker_08 up", "berserker_09 up"]), dict(cards=["saber_06 up", "saber_07 up"]),
                    dict(cards=["archer_06 up", "archer_07 up"]), dict(), dict()],
                   hands=hands, deck=events("e02", "e01"))
    assert got[:3] == [2, 2, 2]


def test_ex04_alone_wins_the_event_only_even_at_power_zero() -> None:
    """DGW-EX-04, DGW-093, DGW-RUL-28: alone at Miyama with power 0 (moved there, face-down cards): gains 3."""
    state, got = fight(["workshop", "shinto", "shinto", "workshop", "workshop"],
                       [dict(move="move miyama"), dict(), dict(), dict(), dict()], deck=events("e03", "e01"))
    assert got[0] == 3
    assert "P1 Illyasviel von Einzbern 0 — P1 Illyasviel von Einzbern wins 3" in battle_lines(state)[0]


def test_ex05_contested_win_adds_the_board_bonus() -> None:
    """DGW-EX-05, DGW-094: Miyama event 3, 10 against 7: the winner gains 3+2 = 5, the loser 0; Shinto: 3+3 = 6."""
    hands = {0: ["berserker_03", "berserker_08", "berserker_09"], 1: ["saber_06", "saber_07", "saber_09"]}
    plays = [dict(cards=["berserker_03 up", "berserker_08 up"]), dict(cards=["saber_06 up", "saber_07 up"]),
             dict(), dict(), dict()]
    _, got = fight(["miyama", "miyama", "workshop", "workshop", "workshop"], plays, hands=hands,
                   deck=events("e03", "e01"))
    assert got[:2] == [5, 0]
    _, got = fight(["shinto", "shinto", "workshop", "workshop", "workshop"], plays, hands=hands,
                   deck=events("e01", "e03"))
    assert got[:2] == [6, 0]


def test_ex06_events_are_summed() -> None:
    """DGW-EX-06, DGW-G13, DGW-G12, DGW-011: Shinto holds 目撃者 (1, イベントを追加) and the event it added (2): the
    winner gains 1+2+3 = 6; alone, 3."""
    hands = {0: ["berserker_03", "berserker_08", "berserker_09"], 1: ["saber_06", "saber_07", "saber_09"]}
    deck = events("e01", "e09", "e02")
    state, got = fight(["shinto", "shinto", "workshop", "workshop", "workshop"],
                       [dict(cards=["berserker_03 up", "berserker_08 up"]), dict(cards=["saber_06 up", "saber_07 up"]),
                        dict(), dict(), dict()], hands=hands, deck=deck)
    assert got[0] == 6
    assert "wins 6 spoils (event Witness 1 + event Stone Steps of Ryuudou Temple 2 + contested 3)" \
        in battle_lines(state)[-1]
    _, got = fight(["shinto", "workshop", "workshop", "workshop", "miyama"],
                   [dict(cards=["berserker_03 up", "berserker_08 up"]), dict(), dict(), dict(), dict()], hands=hands,
                   deck=deck)
    assert got[0] == 3


def test_ex12_ex13_command_spell_power() -> None:
    """DGW-EX-12, DGW-EX-13, DGW-088, DGW-RUL-16, DGW-RUL-24: 7 + Use B = 9 beats 8 (5 + 3 land) and gains
    2+3+2 = 7; against 10 it loses and the spell is still spent."""
    hands = {0: ["berserker_03", "berserker_08", "berserker_09"], 1: ["saber_07", "saber_09", "saber_05"]}
    plays = [dict(move="move shinto", cards=["berserker_03 up", "berserker_08 up"], after=["spell power"]),
             dict(cards=["saber_07 up", "saber_09 up"]), dict(), dict(), dict()]
    places = ["workshop", "shinto", "workshop", "workshop", "workshop"]
    state, got = fight(places, plays, hands=hands, deck=events("e01", "e02"))
    assert got[:2] == [7, 0] and state.players[0].command_spells == 2
    plays[1] = dict(cards=["saber_05 up", "saber_09 up"])
    state, got = fight(places, plays, hands=hands, deck=events("e01", "e02"))
    assert got[:2] == [0, 2 + 3] and state.players[0].command_spells == 2


def test_ex14_two_spells_at_one_window() -> None:
    """DGW-EX-14, DGW-085: two Use B at once: 4 + 4 = 8 beats 6, and the win gains 2+2+4 = 8."""
    hands = {0: ["berserker_08", "berserker_09", "berserker_07"], 1: ["saber_06", "saber_07", "saber_09"]}
    state, got = fight(["workshop", "miyama", "workshop", "workshop", "workshop"],
                       [dict(move="move miyama", cards=["berserker_08 up", "berserker_09 up"],
                             after=["spell power", "spell power"]),
                        dict(cards=["saber_06 down", "saber_07 up"]), dict(), dict(), dict()],
                       hands=hands, deck=events("e02", "e01"))
    assert got[0] == 2 + 2 + 4 and state.players[0].command_spells == 3 - 2


def test_ex15_tied_winner_keeps_its_use_b_bonus() -> None:
    """DGW-EX-15, DGW-RUL-25: tie at 10 at Shinto, event 3: the one with Use B gains ceil(6/2)+2 = 5, the other 3."""
    hands = {0: ["berserker_03", "berserker_06", "berserker_09"], 1: ["saber_05", "saber_09", "saber_07"]}
    _, got = fight(["workshop", "shinto", "workshop", "workshop", "workshop"],
                   [dict(move="move shinto", cards=["berserker_03 up", "berserker_06 up"], after=["spell power"]),
                    dict(cards=["saber_05 up", "saber_09 up"]), dict(), dict(), dict()],
                   hands=hands, deck=events("e01", "e03"))
    assert got[:2] == [3 + 2, 3]


def test_ex29_to_ex31_the_npc() -> None:
    """DGW-EX-29, DGW-EX-30, DGW-EX-31, DGW-RUL-12, DGW-RUL-13, DGW-RUL-14: 3 players, the NPC at Shinto with 11:
    at 10 the NPC wins and nobody gains; at 12 the player gains 2+3 = 5 (2 with the literal flag); tied at 11 the
    player gains ceil((3+3)/2) = 3."""
    three = ["illya", "rin", "kirei"]
    hands = {0: ["berserker_03", "berserker_08", "berserker_05", "berserker_06"]}
    rest: list[dict[str, Any]] = [dict(), dict()]
    places = ["shinto", "workshop", "workshop"]
    state, got = fight(places, [dict(cards=["berserker_03 up", "berserker_08 up"]), *rest], seats=3, masters=three,
                       hands=hands, deck=events("e01", "e02"))
    assert got[0] == 0 and "no player wins (the NPC's 11 is highest)" in battle_lines(state)[-1]
    hands = {0: ["berserker_03", "berserker_05", "berserker_06"]}
    _, got = fight(places, [dict(cards=["berserker_03 up", "berserker_05 up"]), *rest], seats=3, masters=three,
                   hands=hands, deck=events("e01", "e02"))
    assert got[0] == 5
    _, got = fight(places, [dict(cards=["berserker_03 up", "berserker_05 up"]), *rest], seats=3, masters=three,
                   hands=hands, deck=events("e01", "e02"), npc_counts_for_contested_bonus=False)
    assert got[0] == 2
    _, got = fight(places, [dict(cards=["berserker_03 up", "berserker_06 up"]), *rest], seats=3, masters=three,
                   hands=hands, deck=events("e01", "e03"))
    assert got[0] == 3


def test_power_track_and_total_power() -> None:
    """DGW-005, DGW-079, DGW-013, DGW-RUL-16: a fighter's piece shows its total power (cards + land advantage)."""
    state = start(5, masters=FIVE, servants=SERVANTS, decks={0: ["berserker_03", "berserker_08", "berserker_09"]})
    state = place_all(state, "miyama", "workshop", "workshop", "workshop", "workshop")
    state = turn(state, cards=["berserker_03 up", "berserker_08 up"])
    assert GAME.view(state, 1)["players"][0]["power"] == 5 + 2 + 3


def test_made_to_lose_counts_as_participant_but_cannot_win() -> None:
    """DGW-G17, DGW-G18, DGW-RUL-29, DGW-S08: 刺し穿つ死棘の槍 makes the only rival (power 12) lose: Lancer (7)
    wins the contested pool 3+2, the rival gains nothing."""
    hands = {0: ["berserker_03", "berserker_05", "berserker_08"], 1: ["lancer_08", "lancer_09", "lancer_07"]}
    state, got = fight(["miyama", "miyama", "workshop", "workshop", "workshop"],
                       [dict(cards=["berserker_03 up", "berserker_05 up"]),
                        dict(before=["spell mana"], cards=["gae_bolg_thrust up", "lancer_08 down"]),
                        dict(), dict(), dict()], servants=["berserker", "lancer", "archer", "saber", "caster"],
                       hands=hands, deck=events("e03", "e01"))
    assert got[:2] == [0, 3 + 2]
    assert "P1 Illyasviel von Einzbern 12 (made to lose)" in battle_lines(state)[0]


def test_dgw_s08_thrust_against_several_rivals_makes_nobody_lose() -> None:
    """DGW-S08 (facts: 「if exactly one other player is there」): with two rivals at Miyama, 刺し穿つ死棘の槍 makes
    nobody lose, and the highest total power wins."""
    hands = {0: ["berserker_03", "berserker_05", "berserker_08"], 1: ["lancer_08", "lancer_09", "lancer_07"]}
    state, got = fight(["miyama", "miyama", "miyama", "workshop", "workshop"],
                       [dict(cards=["berserker_03 up", "berserker_05 up"]),
                        dict(before=["spell mana"], cards=["gae_bolg_thrust up", "lancer_08 down"]),
                        dict(), dict(), dict()], servants=["berserker", "lancer", "archer", "saber", "caster"],
                       hands=hands, deck=events("e03", "e01"))
    assert not any(p.lost for p in state.players) and got[:3] == [3 + 2, 0, 0]


def test_clash_effects_in_seat_order_from_the_start_player() -> None:
    """DGW-091, DGW-016, DGW-075, DGW-RUL-23: 対決時 effects wait for the Battle phase and resolve by player from
    the start player clockwise: P1's card before P2's, each announced as a change of total power."""
    hands = {0: ["saber_08", "saber_06", "saber_09"], 1: ["lancer_04", "lancer_08", "lancer_09"]}
    state = start(5, masters=FIVE, servants=["saber", "lancer", "archer", "berserker", "caster"], decks=hands,
                  events=events("e01", "e02"))
    state = place_all(state, "shinto", "shinto", "workshop", "workshop", "workshop")
    state = turn(state, cards=["saber_08 up", "saber_06 up"])
    assert GAME.view(state, 2)["players"][0]["power"] == 3 + 3 + 3  # 対決時 not yet
    state = turn(state, cards=["lancer_04 up", "lancer_08 up"])
    for _ in range(3):
        state = turn(state)
    lines = [e.text for e in visible(GAME.events(state), 2) if e.kind == "power"]
    assert lines[0].startswith("P1 ") and "(on clash)" in lines[0] and "9 → 10" in lines[0]
    assert lines[1].startswith("P2 ") and "(on clash)" in lines[1] and "6 → 8" in lines[1]


def test_clash_effect_away_from_a_battle_does_nothing() -> None:
    """DGW-RUL-55: a 対決時 card used at the Workshop resolves in the Battle phase and does nothing."""
    state = start(5, masters=FIVE, servants=["saber", "lancer", "archer", "berserker", "caster"],
                  decks={0: ["saber_08", "saber_06", "saber_09"]})
    state = place_all(state, "workshop", "workshop", "workshop", "workshop", "miyama")
    state = turn(state, cards=["saber_08 up", "saber_06 down"])
    for _ in range(4):
        state = turn(state)
    assert state.round == 2 and not [e for e in GAME.events(state) if e.kind == "power"]


def test_land_advantage_only_on_its_battlefield() -> None:
    """DGW-RUL-15, DGW-089: the +3 of Miyama adds nothing once its holder moves to Shinto by Use C (unless the
    flag lets it travel); the token stays with the holder."""
    for travels, expected in ((False, 0), (True, 3)):
        state = start(5, masters=FIVE, land_advantage_travels=travels)
        state = place_all(state, "miyama", "workshop", "workshop", "workshop", "workshop")
        state = act(state, 0, "spell move shinto")
        state = turn(state)
        view = GAME.view(state, 1)
        assert view["tokens"]["miyama3"] == 0 and view["players"][0]["power"] == expected


def test_dgw_g11_an_event_adds_to_the_attribute_it_names() -> None:
    """DGW-G11, DGW-011: 校庭の決闘 at Miyama (筋力属性+2) adds 2 to a 筋力 card used there, on top of its printed
    power (not instead of it): the same game with a plain event there shows 2 less."""
    totals = []
    for first in ("e05", "e01"):
        events = [first, *(e for e in EVENTS if e != first)]
        state = start(5, masters=FIVE, servants=["archer", "berserker", "saber", "lancer", "caster"], events=events,
                      decks={0: ["archer_01", "archer_02", "archer_06"]})
        state = place_all(state, "miyama", "shinto", "workshop", "workshop", "workshop")
        state = act(state, 0, "stay", "play archer_01 up", "play archer_02 down")
        totals.append(GAME.view(state, None)["players"][0]["power"])
    assert totals[0] == totals[1] + 2 and totals[1] >= 2 + 3  # printed 2 and the +3 land advantage at least


def test_dgw_g11_an_event_without_land_advantage_cancels_the_tokens_there() -> None:
    """DGW-G11, DGW-RUL-15: with e11 (no land advantage here) at Miyama, the first piece there keeps its +3 token
    but it adds no power: the same game with a plain event there shows 3 more."""
    totals = []
    for first in ("e11", "e01"):
        events = [first, *(e for e in EVENTS if e != first)]
        state = start(5, masters=FIVE, servants=["archer", "berserker", "saber", "lancer", "caster"], events=events,
                      decks={0: ["archer_01", "archer_02", "archer_06"]})
        state = place_all(state, "miyama", "shinto", "workshop", "workshop", "workshop")
        assert state.tokens["miyama3"] == 0
        state = act(state, 0, "stay", "play archer_01 up", "play archer_02 down")
        totals.append(GAME.view(state, None)["players"][0]["power"])
    assert totals[1] == totals[0] + 3
