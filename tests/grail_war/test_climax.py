"""Climax rounds and eliminations (DGW-102..DGW-111), and the masters' abilities around them."""

from __future__ import annotations

from bouts.games.grail_war import climax
from bouts.games.grail_war.climax import eliminate
from bouts.games.grail_war.state import GrailState
from tests.grail_war.helpers import CAT, GAME, edit, finish_round, start

SEVEN = ["illya", "rin", "kirei", "kuzuki", "shirou", "shinji", "sakura"]


def after(seats: int, finished: int, points: list[int], masters: list[str] | None = None,
          card: str | None = None, **options: object) -> GrailState:
    """The end of round ``finished`` with these spoils (the climax card ``card`` used in it)."""
    state = edit(start(seats, masters=masters, **options))
    state.round = finished
    state.climax_card = card
    for p, v in zip(state.players, points, strict=True):
        p.spoils = v
    climax.end_of_round(state)
    return state


def out(state: GrailState) -> list[int]:
    return [s for s, p in enumerate(state.players) if p.eliminated]


def test_ex33_seven_down_to_three() -> None:
    """DGW-EX-33, DGW-108, DGW-107, DGW-104, DGW-RUL-36: [10, 9, 8, 7, 7, 5, 3]: 3, then 5, then both 7s; 3 remain
    and the next round uses 残り3人."""
    state = after(7, 8, [10, 9, 8, 7, 7, 5, 3], masters=["illya", "rin", "kirei", "kuzuki", "sakura", "shinji",
                                                          "shirou"], shirou_exempt_after_round8=False,
                  clown_check="after_elimination")
    assert out(state) == [3, 4, 5, 6] and state.round == 9
    assert CAT.climax(len(state.living())) == "climax_3"


def test_ex34_seven_down_to_four() -> None:
    """DGW-EX-34, DGW-108, DGW-105, DGW-RUL-39: [12..6]: three eliminated, 4 remain, 残り4人以上 next."""
    state = after(7, 8, [12, 11, 10, 9, 8, 7, 6], masters=["illya", "rin", "kirei", "kuzuki", "sakura", "shinji",
                                                            "shirou"], shirou_exempt_after_round8=False,
                  clown_check="after_elimination")
    assert out(state) == [4, 5, 6]
    assert CAT.climax(4) == "climax_4" and CAT.climax(5) == "climax_4"


def test_ex35_five_players() -> None:
    """DGW-EX-35, DGW-108: [12, 10, 8, 7, 6] drops 6; [12, 10, 8, 6, 6] drops both 6s."""
    assert eliminate({0: 12, 1: 10, 2: 8, 3: 7, 4: 6}, 4, False) == {4}
    assert eliminate({0: 12, 1: 10, 2: 8, 3: 6, 4: 6}, 4, False) == {3, 4}


def test_ex36_ex37_four_or_fewer_after_round_eight() -> None:
    """DGW-EX-36, DGW-EX-37, DGW-109: the fewest (all tied for fewest) drop once; one left wins at once."""
    assert eliminate({0: 9, 1: 7, 2: 5, 3: 3}, 1, True) == {3}
    assert eliminate({0: 9, 1: 7, 2: 3, 3: 3}, 1, True) == {2, 3}
    assert eliminate({0: 8, 1: 6, 2: 4}, 1, True) == {2}
    state = after(3, 8, [8, 4, 4], masters=["illya", "rin", "kirei"])
    assert out(state) == [1, 2] and state.winners == (0,) and GAME.outcome(state).winners == (0,)


def test_ex38_ex39_ex40_after_climax_rounds() -> None:
    """DGW-EX-38, DGW-EX-39, DGW-EX-40, DGW-110, DGW-111, DGW-106, DGW-RUL-38: 残り4人以上/残り3人 eliminate to 2
    or fewer; 残り2人 drops the one with fewer; a tie of the last two plays again."""
    assert eliminate({0: 10, 1: 8, 2: 6, 3: 4}, 2, False) == {2, 3}
    assert eliminate({0: 10, 1: 8, 2: 8, 3: 4}, 2, False) == {1, 2, 3}
    assert eliminate({0: 10, 1: 8, 2: 5}, 2, False) == {2}
    assert eliminate({0: 10, 1: 5, 2: 5}, 2, False) == {1, 2}
    assert eliminate({0: 9, 1: 7}, 1, True) == {1}
    assert eliminate({0: 7, 1: 7}, 1, True) == set()
    state = after(4, 9, [10, 8, 8, 4], masters=["illya", "rin", "kirei", "kuzuki"], card="climax_4")
    assert state.winners == (0,)
    state = after(3, 10, [7, 7, 0], masters=["illya", "rin", "kirei"], card="climax_2")
    assert state.winners == (0,) or out(state) == [2]


def test_ex41_all_tied_nobody_drops() -> None:
    """DGW-EX-41, DGW-RUL-37: 3 players all at 5 after round 8: nobody is eliminated; 残り3人 next."""
    state = after(3, 8, [5, 5, 5], masters=["illya", "rin", "kirei"])
    assert out(state) == [] and state.round == 9


def test_ex42_shirou_survives_round_eight() -> None:
    """DGW-EX-42, DGW-M03, DGW-RUL-41: [Shirou 3, 10, 9, 8, 7]: Shirou exempt, all 5 remain."""
    state = after(5, 8, [3, 10, 9, 8, 7], masters=["shirou", "rin", "kirei", "illya", "kuzuki"])
    assert out(state) == [] and len(state.living()) == 5


def test_climax_rounds_use_the_climax_card_and_keep_spoils() -> None:
    """DGW-102, DGW-103, DGW-105, DGW-RUL-39, DGW-RUL-40: after round 8 each round is a climax round with the card
    for the players left, the 4 phases as usual, spoils kept."""
    state = after(4, 8, [9, 7, 5, 3], masters=["illya", "rin", "kirei", "kuzuki"])
    assert state.step == "round"
    from bouts.games.grail_war.flow import run
    run(state)
    assert state.climax_card == "climax_3" and state.situation == "climax_3" and state.step == "place"
    assert [p.spoils for p in state.players] == [9, 7, 5, 3]


def test_start_player_skips_the_eliminated() -> None:
    """DGW-RUL-51: the start player marker skips an eliminated player."""
    state = edit(start(4, masters=["illya", "rin", "kirei", "kuzuki"]))
    state.players[1].eliminated = True
    from bouts.games.grail_war.cleanup import cleanup
    cleanup(state)
    assert state.start == 2


def test_clown_wins_when_last_as_the_climax_begins() -> None:
    """DGW-M20, DGW-RUL-42: 7 players, Shinji strictly last after round 8 wins (checked before the elimination)."""
    state = after(7, 8, [10, 9, 8, 7, 6, 2, 5], masters=SEVEN)
    assert state.winners == (5,) and "道化" in state.reason


def test_shinji_changes_to_sakura() -> None:
    """DGW-EX-53, DGW-G15, DGW-G16, DGW-M19, DGW-RUL-47: Shinji may change after losing a battle; everything but
    the master stays; he must change with no command spells left."""
    state = edit(start(4, masters=["shinji", "rin", "kirei", "illya"]))
    p = state.players[0]
    p.mana, p.spoils, p.command_spells = 7, 10, 2
    hand, deck = list(p.hand), list(p.deck)
    from bouts.games.grail_war.masters import change_to_sakura, check_forced_change
    change_to_sakura(state, 0)
    p = state.players[0]
    assert (p.master, p.mana, p.spoils, p.command_spells, p.hand, p.deck) == ("sakura", 7, 10, 2, hand, deck)
    state = edit(start(4, masters=["shinji", "rin", "kirei", "illya"]))
    state.players[0].command_spells = 0
    check_forced_change(state, 0)
    assert state.players[0].master == "sakura"
    assert GAME.content_choices(state)[0][0] == "shinji"


def test_shinji_offered_the_change_after_a_lost_battle() -> None:
    """DGW-RUL-47: the choice comes as a pending decision after the battle."""
    from bouts.games.grail_war import battle
    state = edit(start(4, masters=["shinji", "rin", "kirei", "illya"]))
    state.players[0].location = "shinto"
    state.npc = "shinto"
    battle.battle_phase(state)
    assert state.pending and state.pending[-1].kind == "switch"
    assert [str(a) for a in GAME.legal_actions(state, 0)] == ["change", "keep"]


def test_sakura_fate_and_hidden_secret() -> None:
    """DGW-M10, DGW-M11, DGW-M13, DGW-RUL-48: 刻まれた宿命 trades 2 mana for 2 spoils at round start (not in rounds
    1-3 with 7 players); not first after round 8: unlimited mana and one more card."""
    from bouts.games.grail_war.masters import end_of_round_eight, round_start
    state = edit(start(7, masters=SEVEN))
    p = state.players[6]
    mana = p.mana
    round_start(state, 6)
    assert p.mana == mana  # 日常の象徴
    state.round = 4
    round_start(state, 6)
    assert (p.mana, p.spoils) == (mana - 2, 2)
    state.players[0].spoils = 9
    end_of_round_eight(state)
    assert p.infinite
    from bouts.games.grail_war.battle_preparation import card_limit
    assert card_limit(state, 6) == 3


def test_game_ends_with_the_last_master() -> None:
    """DGW-001, DGW-106: a whole game played by the heuristic ends with one winner."""
    state = start(4, masters=["illya", "rin", "kirei", "kuzuki"])
    for _ in range(20):
        if not GAME.to_act(state):
            break
        state = finish_round(state)
    outcome = GAME.outcome(state)
    assert outcome is not None and len(outcome.winners) >= 1 and state.round >= 9
