"""Climax rounds and eliminations (DGW-102..DGW-111), and the masters' abilities around them.

Every game here is played through actions from a forced set-up, steered (:mod:`tests.grail_war.scenario`) to
the spoils the rulebook's examples name: the eliminations are the engine's own, after the round's last action.
"""

from __future__ import annotations

from bouts.core.i18n import tr
from bouts.games.grail_war.state import GrailState
from tests.grail_war.helpers import GAME
from tests.grail_war.scenario import steer

SEVEN = ["illya", "rin", "kirei", "kuzuki", "shirou", "shinji", "sakura"]
"""Seats of the 道化 games: P6 is Shinji, P7 Sakura."""


def out(state: GrailState) -> list[int]:
    return [s for s, p in enumerate(state.players) if p.eliminated]


def test_dgw_rul_42_clown_last_before_the_elimination_is_eliminated_not_a_winner() -> None:
    """DGW-RUL-42 (corrected), DGW-M20, DGW-104: 7 players, Shinji strictly last after round 8 (2 spoils):
    players drop out 「次のラウンドを開始する前」, so he is eliminated with the others below the four left;
    道化 is checked as the climax round starts, among those still in, and does not fire."""
    game = steer(7, SEVEN, {8: [9, 8, 7, 5, 6, 2, 10]})
    state = game.state
    assert out(state) == [3, 5] and state.winners is None and state.round == 9
    assert state.climax_card == "climax_4"


def test_dgw_rul_42_the_old_reading_stays_an_option() -> None:
    """DGW-RUL-42, option clown_check=before_elimination (the earlier reading): the same game ends with 道化."""
    state = steer(7, SEVEN, {8: [9, 8, 7, 5, 6, 2, 10]}, clown_check="before_elimination").state
    assert state.winners == (5,) and "Clown" in tr(state.reason) and GAME.outcome(state).winners == (5,)


def test_dgw_rul_42_clown_wins_when_last_among_those_left_as_the_climax_begins() -> None:
    """DGW-RUL-42, DGW-M20: Shinji (7) survives the round-8 elimination (4, 5 and 6 drop out) and is then
    strictly last of the four left: he wins as the climax round would begin."""
    state = steer(7, SEVEN, {8: [10, 4, 5, 6, 9, 7, 12]}).state
    assert out(state) == [1, 2, 3]
    assert state.winners == (5,) and "Clown" in tr(state.reason)


def test_dgw_rul_42_clown_needs_strictly_the_fewest() -> None:
    """DGW-RUL-42: Shinji tied for last among those left (10 and 10) does not win; the climax goes on."""
    state = steer(7, SEVEN, {8: [13, 4, 10, 6, 5, 10, 14]}, shirou_exempt_after_round8=False).state
    assert out(state) == [1, 3, 4] and state.winners is None and state.climax_card == "climax_4"


def test_ex33_seven_down_to_three() -> None:
    """DGW-EX-33, DGW-108, DGW-107, DGW-104, DGW-RUL-36: [10, 9, 8, 7, 7, 5, 3] after round 8: 3, then 5, then
    both 7s drop out; 3 remain and the next round uses 残り3人."""
    masters = ["sakura", "shinji", "illya", "rin", "kirei", "kuzuki", "shirou"]
    state = steer(7, masters, {8: [10, 9, 8, 7, 7, 5, 3]}, shirou_exempt_after_round8=False).state
    assert out(state) == [3, 4, 5, 6] and state.round == 9 and state.winners is None
    assert state.climax_card == "climax_3" and state.situation == "climax_3"


def test_ex34_seven_down_to_four() -> None:
    """DGW-EX-34, DGW-108, DGW-105, DGW-RUL-39: [12..6] after round 8: three drop out, 4 remain, 残り4人以上 next."""
    masters = ["sakura", "shinji", "illya", "rin", "kirei", "kuzuki", "shirou"]
    state = steer(7, masters, {8: [12, 11, 10, 9, 8, 7, 6]}, shirou_exempt_after_round8=False).state
    assert out(state) == [4, 5, 6] and state.climax_card == "climax_4"


def test_ex35_five_players() -> None:
    """DGW-EX-35, DGW-108: 5 players [12, 10, 8, 7, 6]: 6 drops out, 4 remain; [12, 10, 8, 6, 6]: both 6s, 3
    remain (残り3人 next)."""
    five = ["illya", "rin", "kirei", "shinji", "kuzuki"]
    state = steer(5, five, {8: [12, 10, 8, 7, 6]}).state
    assert out(state) == [4] and state.climax_card == "climax_4"
    state = steer(5, five, {8: [12, 10, 8, 6, 6]}).state
    assert out(state) == [3, 4] and state.climax_card == "climax_3"


def test_dgw_rul_51_the_start_passes_over_the_eliminated() -> None:
    """DGW-RUL-51, DGW-100: 5 players, round 1 starts at P1, so round 9 would start at P4; P4 and P5 dropped out
    after round 8, so the start passes over both to P1, who places first, and only survivors take part."""
    five = ["illya", "rin", "kirei", "shinji", "kuzuki"]
    state = steer(5, five, {8: [12, 10, 8, 6, 6]}).state
    assert out(state) == [3, 4] and state.round == 9 and state.step == "place"
    assert GAME.to_act(state) == (0,) and tuple(state.order) == (0, 1, 2)


def test_ex36_four_players_after_round_eight() -> None:
    """DGW-EX-36, DGW-109: 4 players [9, 7, 5, 3]: the fewest drops out, 3 remain (残り3人); [9, 7, 3, 3]: both
    3s, 2 remain (残り2人)."""
    four = ["illya", "rin", "kirei", "shinji"]
    state = steer(4, four, {8: [9, 7, 5, 3]}).state
    assert out(state) == [3] and state.climax_card == "climax_3"
    state = steer(4, four, {8: [9, 7, 3, 3]}).state
    assert out(state) == [2, 3] and state.climax_card == "climax_2"


def test_ex37_three_players_one_left_wins_at_once() -> None:
    """DGW-EX-37, DGW-109, DGW-RUL-36, DGW-106: 3 players [8, 6, 4]: 4 drops out; [8, 4, 4]: both 4s, and the
    one left wins at once."""
    three = ["illya", "rin", "kirei"]
    state = steer(3, three, {8: [8, 6, 4]}).state
    assert out(state) == [2] and state.climax_card == "climax_2"
    state = steer(3, three, {8: [8, 4, 4]}).state
    assert out(state) == [1, 2] and state.winners == (0,) and GAME.outcome(state).winners == (0,)
    assert "last master standing" in tr(state.reason)


def test_ex38_after_four_or_more_left() -> None:
    """DGW-EX-38, DGW-110: a 残り4人以上 round ends [10, 8, 6, 4]: 4 then 6 drop out, 2 remain; [10, 8, 8, 4]:
    4, then both 8s, and 10 wins."""
    five = ["shirou", "rin", "kirei", "shinji", "illya"]
    state = steer(5, five, {8: [10, 6, 5, 4, 2], 9: [10, 8, 6, 4, 2]}).state
    assert out(state) == [2, 3, 4] and state.climax_card == "climax_2"
    state = steer(5, five, {8: [10, 6, 5, 4, 2], 9: [10, 8, 8, 4, 2]}).state
    assert state.winners == (0,)


def test_ex39_after_three_left() -> None:
    """DGW-EX-39, DGW-110: a 残り3人 round ends [10, 8, 5]: 5 drops out; [10, 5, 5]: both, and 10 wins."""
    four = ["illya", "rin", "kirei", "shinji"]
    state = steer(4, four, {8: [10, 8, 3, 0], 9: [10, 8, 5, 0]}).state
    assert out(state) == [2, 3] and state.climax_card == "climax_2"
    state = steer(4, four, {8: [10, 5, 3, 0], 9: [10, 5, 5, 0]}).state
    assert state.winners == (0,)


def test_ex40_last_two() -> None:
    """DGW-EX-40, DGW-111, DGW-RUL-38: a 残り2人 round ends [9, 7]: 7 drops out and 9 wins; [7, 7]: nobody, and
    another 残り2人 round is played."""
    three = ["illya", "rin", "kirei"]
    state = steer(3, three, {8: [9, 5, 0], 9: [9, 7, 0]}).state
    assert state.winners == (0,) and out(state) == [1, 2]
    state = steer(3, three, {8: [7, 5, 0], 9: [7, 7, 0]}).state
    assert out(state) == [2] and state.round == 10 and state.climax_card == "climax_2"


def test_ex41_all_tied_nobody_drops() -> None:
    """DGW-EX-41, DGW-RUL-37: 3 players all at 5 after round 8: nobody drops out; 残り3人 next."""
    state = steer(3, ["illya", "rin", "kirei"], {8: [5, 5, 5]}).state
    assert out(state) == [] and state.round == 9 and state.climax_card == "climax_3"


def test_ex42_shirou_survives_round_eight() -> None:
    """DGW-EX-42, DGW-M03, DGW-RUL-41: [Shirou 3, 10, 9, 8, 7]: Shirou is exempt, all 5 remain (残り4人以上)."""
    state = steer(5, ["shirou", "rin", "kirei", "illya", "shinji"], {8: [3, 10, 9, 8, 7]}).state
    assert out(state) == [] and state.climax_card == "climax_4"
    state = steer(5, ["shirou", "rin", "kirei", "illya", "shinji"], {8: [3, 10, 9, 8, 7]},
                  shirou_exempt_after_round8=False).state
    assert out(state) == [0]


def test_climax_rounds_keep_spoils_and_run_the_four_phases() -> None:
    """DGW-102, DGW-103, DGW-105, DGW-RUL-39, DGW-RUL-40: after round 8 each round is a climax round with the
    card for the players left; spoils are kept; the four phases run as usual."""
    state = steer(4, ["illya", "rin", "kirei", "shinji"], {8: [9, 7, 5, 3]}).state
    assert state.step == "place" and state.situation == "climax_3"
    assert [p.spoils for p in state.players] == [9, 7, 5, 3]
    view = GAME.view(state, 0)
    assert view["climax"] and view["situation"]["name"]["ja"] == "クライマックス:残り3人"


def test_game_ends_with_the_last_master() -> None:
    """DGW-001, DGW-106: a whole game played by the heuristic ends with one winner."""
    import random

    from bouts.core import CHANCE
    strategy = GAME.strategy()
    rng = random.Random(0)
    state = GAME.setup(4, {"masters": ["illya", "rin", "kirei", "kuzuki"]}, None, 0)
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.sample_chance(state, rng) if seat == CHANCE
                           else strategy.choose(GAME, state, seat, rng))
    outcome = GAME.outcome(state)
    assert outcome is not None and len(outcome.winners) == 1 and state.round >= 9
