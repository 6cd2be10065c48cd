"""Win conditions, game flow, charge and end phases: FGO-028..FGO-036, FGO-070..FGO-078,
FGO-RUL-24..FGO-RUL-34, FGO-EX-02, FGO-EX-03, FGO-EX-12."""

from __future__ import annotations

import random
from typing import Any

from bouts.core import CHANCE, Outcome
from bouts.games.fgo_duel import deck, turn
from bouts.games.fgo_duel.cards import Catalog
from bouts.games.fgo_duel.state import Chip, DrawOrder, Phase
from tests.fgo_duel.helpers import GAME, all_cards, arrange, identity_shuffles, legal_texts, ready


def test_fgo_033_fgo_034_fgo_035_fgo_036_turns_alternate_through_four_phases() -> None:
    """FGO-033: turns alternate; FGO-034: start, action, charge, end in order; FGO-035: the first player's turn
    comes first, then the second's; FGO-036: in the basic rules the start phase asks nothing."""
    state = ready(first=1)
    assert state.turn == 1 and state.phase is Phase.ACTION  # no start-phase decision
    state = GAME.apply(state, 1, "move emiya fuyuki_32 emiya/1")
    kinds = [e.kind for e in state.events]
    assert kinds.index("move") < kinds.index("draw") < kinds.index("turn")  # action, charge, then next turn
    assert state.turn == 0 and state.turns == 2
    state = GAME.apply(state, 0, "move artoria fuyuki_10 artoria/1")
    assert state.turn == 1 and state.turns == 3


def test_fgo_070_both_players_draw_up_to_five() -> None:
    """FGO-070: in the charge phase both players draw until they hold 5."""
    state = ready()
    state = arrange(state, 1, hand=["emiya/1", "emiya/2"], deck=[c for c in all_cards(state, 1)
                                                               if c not in ("emiya/1", "emiya/2")])
    state = GAME.apply(state, 0, "move artoria fuyuki_10 artoria/1")
    assert len(state.masters[0].hand) == 5 and len(state.masters[1].hand) == 5
    assert state.masters[1].hand[2:] == ["emiya/3", "emiya/4", "emiya/5"]  # from the top of the deck


def test_fgo_071_fgo_072_fgo_073_rul_30_ex_02_rebuild_in_the_middle_of_a_draw() -> None:
    """FGO-EX-02 (FGO-073): deck 3, hand 1, trash 11, 4 to draw: draw 3 (hand 4, deck 0), remove 1 chosen trash
    card (FGO-071, FGO-RUL-30: the owner chooses, publicly), shuffle the other 10 into the deck (FGO-072), draw 1:
    hand 5, deck 9, trash 0, removed 1, FGO-031 total 14."""
    state = ready()
    cards = all_cards(state, 0)
    trash = [c for c in cards if c not in ("artoria/1", "medusa/1", "artoria/2", "artoria/3", "artoria/4")]
    state = arrange(state, 0, hand=["artoria/1", "medusa/1"], deck=["artoria/2", "artoria/3", "artoria/4"],
                    trash=trash)
    state = GAME.apply(state, 0, "move artoria fuyuki_11 artoria/1")
    master = state.masters[0]
    assert (len(master.hand), len(master.deck), len(master.trash)) == (4, 0, 11)
    assert state.phase is Phase.REMOVE and GAME.to_act(state) == (0,)
    assert legal_texts(state, 0) == {f"remove {c}" for c in master.trash}
    state = GAME.apply(state, 0, "remove medusa/2")
    assert any(e.kind == "remove" and e.is_public for e in state.events)
    assert state.phase is Phase.SHUFFLE and GAME.to_act(state) == (CHANCE,)
    master = state.masters[0]
    assert (len(master.deck), len(master.trash), master.removed) == (10, 0, ["medusa/2"])
    state = identity_shuffles(state)
    master = state.masters[0]
    assert (len(master.hand), len(master.deck), len(master.trash), len(master.removed)) == (5, 9, 0, 1)
    assert master.card_total == 14


def test_fgo_074_rul_29_ex_03_no_rebuild_until_a_card_must_be_drawn() -> None:
    """FGO-EX-03 (FGO-074, FGO-RUL-29): deck 4, hand 1, trash 10, 4 to draw: draw 4, hand 5, deck 0, trash 10,
    no removal, total 15. Next turn, after 1 movement card and 3 battle cards (hand 1, trash 14, deck 0), 4 to
    draw: rebuild first (removed 1, deck 13, trash 0), then draw 4: hand 5, deck 9, total 14."""
    state = ready()
    keep = ["artoria/1", "artoria/2", "artoria/3", "artoria/4", "artoria/5", "medusa/1"]
    state = arrange(state, 0, hand=["artoria/1", "artoria/2"], deck=["artoria/3", "artoria/4", "artoria/5", "medusa/1"],
                    trash=[c for c in all_cards(state, 0) if c not in keep])
    state = GAME.apply(state, 0, "move artoria fuyuki_11 artoria/1")
    master = state.masters[0]
    assert (len(master.hand), len(master.deck), len(master.trash), len(master.removed)) == (5, 0, 10, 0)
    assert master.card_total == 15 and state.turn == 1
    state = arrange(state, 1, areas={"cu_chulainn": "fuyuki_21"})
    state = GAME.apply(state, 1, "move emiya fuyuki_32 emiya/1")
    assert state.turn == 0
    state = GAME.apply(state, 0, "move artoria fuyuki_21 artoria/2")
    state = GAME.apply(state, 0, "battle artoria/3 artoria/4 artoria/5")
    state = GAME.apply(state, 1, "battle " + " ".join(state.masters[1].hand[:3]))
    master = state.masters[0]
    assert (len(master.hand), len(master.deck), len(master.trash)) == (1, 0, 14)
    assert state.phase is Phase.REMOVE  # the rebuild comes first, before any of the 4 draws
    state = identity_shuffles(GAME.apply(state, 0, "remove " + master.trash[0]))
    master = state.masters[0]
    assert (len(master.hand), len(master.deck), len(master.removed)) == (5, 9, 1)
    assert master.card_total == 14


def test_fgo_028_fgo_031_rul_28_rul_32_ex_12_win_by_card_count() -> None:
    """FGO-EX-12: B has deck 0, hand 1, trash 4 (total 5); B must draw in the charge phase, removes 1 trash card
    (total 4) and A wins at once (FGO-031, FGO-RUL-32, FGO-028). FGO-RUL-28: the non-turn player rebuilds too."""
    state = ready()
    cards = all_cards(state, 1)
    state = arrange(state, 1, hand=["emiya/1"], deck=[], trash=["emiya/2", "emiya/3", "emiya/4", "emiya/5"],
                    removed=cards[5:])
    assert state.masters[1].card_total == 5
    state = GAME.apply(state, 0, "move artoria fuyuki_10 artoria/1")
    assert state.phase is Phase.REMOVE and GAME.to_act(state) == (1,)
    state = GAME.apply(state, 1, "remove emiya/2")
    assert state.masters[1].card_total == 4
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and GAME.to_act(state) == ()
    assert state.masters[1].hand == ["emiya/1"]  # nothing more was done


def test_fgo_032_removed_cards_do_not_count() -> None:
    """FGO-032: cards removed from the game are in none of the four counted places; FGO-031 counts battle cards."""
    state = ready()
    master = state.masters[0]
    assert master.card_total == len(master.deck) + len(master.hand) + len(master.battle) + len(master.trash) == 15
    state = arrange(state, 0, removed=["hassan/5"], deck=[c for c in master.deck if c != "hassan/5"])
    assert state.masters[0].card_total == 14


def test_fgo_rul_26_sideways_cards_return_to_the_deck_upright() -> None:
    """FGO-RUL-26: sideways (spent NP) cards stay in the trash, may be removed, and are shuffled into the new deck."""
    state = ready()
    state = arrange(state, 0, hand=["artoria/1"], deck=[], trash=[c for c in all_cards(state, 0) if c != "artoria/1"])
    state.masters[0].sideways = ["medusa/4", "hassan/4"]
    state.draws, state.after = [DrawOrder(0, 4)], "end"
    assert not deck.continue_draws(state) and state.phase is Phase.REMOVE
    deck.remove_for_rebuild(state, 0, "hassan/4")
    master = state.masters[0]
    assert "medusa/4" in master.deck and master.sideways == [] and master.removed == ["hassan/4"]


def test_fgo_rul_31_drawing_stops_when_deck_and_trash_are_empty() -> None:
    """FGO-RUL-31: a draw needed with deck and trash both empty: drawing stops, the hand stays short."""
    state = ready()
    state = arrange(state, 1, hand=["emiya/1"], deck=[], trash=[], removed=all_cards(state, 1)[1:])
    state.draws = [DrawOrder(1, 4)]
    assert deck.continue_draws(state)
    assert state.masters[1].hand == ["emiya/1"] and state.draws == []


def test_fgo_rul_33_turn_player_draws_first_when_both_fall_short() -> None:
    """FGO-RUL-33: the turn player's draws (and rebuild) come first; the first condition met decides."""
    state = ready()
    for seat, mover in ((0, "artoria"), (1, "emiya")):
        cards = all_cards(state, seat)
        state = arrange(state, seat, hand=[f"{mover}/1", f"{mover}/2"], deck=[],
                        trash=[f"{mover}/3", f"{mover}/4", f"{mover}/5"], removed=cards[5:])
    state = GAME.apply(state, 0, "move artoria fuyuki_10 artoria/1")
    assert GAME.to_act(state) == (0,) and state.phase is Phase.REMOVE
    state = GAME.apply(state, 0, "remove artoria/3")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (1,)


def test_fgo_rul_34_a_hand_above_five_draws_nothing() -> None:
    """FGO-RUL-34: at the charge phase a hand of more than 5 draws nothing and discards nothing."""
    state = ready()
    six = all_cards(state, 1)[:6]
    state = arrange(state, 1, hand=six, deck=all_cards(state, 1)[6:])
    turn.charge_phase(state)
    assert state.masters[1].hand == six


def test_fgo_075_fgo_076_fgo_rul_02_chips_advance_at_every_end_phase() -> None:
    """FGO-075: at each end phase both players' chips move 1 square (FGO-RUL-02); FGO-076: a chip on the
    rightmost square is removed."""
    state = ready()
    state.masters[0].chips = [Chip("arts", 0), Chip("quick", 2)]
    state.masters[1].chips = [Chip("quick", 1)]
    state = GAME.apply(state, 0, "move artoria fuyuki_10 artoria/1")
    assert [(c.chain, c.square) for c in state.masters[0].chips] == [("arts", 1)]
    assert [(c.chain, c.square) for c in state.masters[1].chips] == [("quick", 2)]


def test_fgo_077_fgo_078_turns_continue_until_a_win_condition() -> None:
    """FGO-077: the end phase ends the turn; FGO-078: turns alternate until a master wins. Random games end with
    one of the three win conditions, and the seat to act always alternates between turns."""
    reasons = set()
    for seed in range(20):
        rng = random.Random(seed)
        state = GAME.setup(2, {}, None, seed)
        last_turn = 0
        while GAME.to_act(state):
            seat = rng.choice(GAME.to_act(state))
            action = GAME.sample_chance(state, rng) if seat == CHANCE else rng.choice(GAME.legal_actions(state, seat))
            before = state.turns
            state = GAME.apply(state, seat, action)
            if state.turns > before and before:
                assert state.turn != last_turn or state.turns - before > 1
            last_turn = state.turn
        outcome = GAME.outcome(state)
        assert outcome is not None and len(outcome.winners) == 1
        reasons.add(outcome.reason_text("en").split(":")[0].split()[-1])
    assert len(reasons) >= 2


def test_fgo_rul_01_option_own_turn_chain_bonuses() -> None:
    """FGO-RUL-01 alternative (option chain_turn=own_turn): "next turn" as the owner's own next turn(s): a Quick
    chip placed on the owner's turn gives +7 on the owner's next turn, not during the opponent's turn between."""
    from bouts.games.fgo_duel import battle

    state = ready({"chain_turn": "own_turn"})
    state.masters[0].chips = [Chip("quick", 0)]
    state = GAME.apply(state, 0, "move artoria fuyuki_10 artoria/1")  # end of seat 0's turn: start -> 1
    assert state.turn == 1 and battle.chips_in_effect(state, 0) == 0  # opponent's turn: no bonus
    state = GAME.apply(state, 1, "move emiya fuyuki_32 emiya/1")  # not seat 0's turn: the chip stays
    assert state.turn == 0 and battle.chips_in_effect(state, 0) == 7
    state = GAME.apply(state, 0, "move artoria fuyuki_20 artoria/2")
    assert [(c.chain, c.square) for c in state.masters[0].chips] == [("quick", 2)]


def test_fgo_rul_13_option_trash_hand_when_boxed_in(pack: Catalog) -> None:
    """FGO-RUL-13 alternative (option boxed_in=trash_hand): no legal destination trashes the hand like FGO-043."""
    from tests.fgo_duel.helpers import E0, E1

    state = ready({"map": "tiny", "boxed_in": "trash_hand"}, parties=(E0, E1), content=pack, first=1)
    hand = [f"t_arts/{n}" for n in range(1, 6)]
    state = arrange(state, 0, hand=hand, deck=[c for c in all_cards(state, 0) if c not in hand])
    state = GAME.apply(state, 1, "move t_guard mid t_guard/1")
    assert state.masters[0].trash == hand and state.masters[0].card_total == 15


def _both_short(options: dict[str, str], seat1_short: bool) -> Outcome | None:
    return _both_short_game(options, seat1_short)[0]


def _both_short_game(options: dict[str, str], seat1_short: bool) -> tuple[Outcome | None, list[tuple[Any, ...]]]:
    """Seat 1 (and seat 2 if ``seat1_short``) rebuild down to 4 command cards in one charge phase: the outcome, and
    the fallen, draw and win lines of the log (kind, English, Japanese, data, clauses)."""
    state = ready(options)
    for seat, mover in ((0, "artoria"), (1, "emiya")):
        cards = all_cards(state, seat)
        if seat == 0 or seat1_short:
            state = arrange(state, seat, hand=[f"{mover}/1", f"{mover}/2"], deck=[],
                            trash=[f"{mover}/3", f"{mover}/4", f"{mover}/5"], removed=cards[5:])
        else:
            state = arrange(state, seat, hand=cards[:5], deck=cards[5:], trash=[], removed=[])
    lines: list[tuple[Any, ...]] = []
    steps = [(0, "move artoria fuyuki_10 artoria/1"), (0, "remove artoria/3")]
    for seat, text in steps + ([(1, "remove emiya/3")] if seat1_short and "both_short" in options else []):
        state = GAME.apply(state, seat, text)
        lines += [(e.kind, e.render("en"), e.render("ja"), dict(e.data), e.clauses) for e in state.events
                  if e.kind in ("fallen", "draw_game", "win")]
    return GAME.outcome(state), lines


def test_fgo_rul_33_option_both_short_is_a_draw() -> None:
    """FGO-RUL-33 alternative (option both_short=draw): both masters fall to 4 or fewer in one charge phase: a
    draw; if only the turn player falls, the opponent still wins once its draws are done."""
    both = _both_short({"both_short": "draw"}, seat1_short=True)
    assert both is not None and both.winners == () and "draw" in both.reason_text()
    one = _both_short({"both_short": "draw"}, seat1_short=False)
    assert one is not None and one.winners == (1,)


def test_fgo_031_rul_33_the_log_says_who_fell_and_how_the_game_ended() -> None:
    """FGO-031, FGO-RUL-33 and its alternative: the log names the master who fell to 4 command cards and says how the
    game ended, in both languages: at once by the default; by the draw option, first who fell, then a draw when
    the opponent falls in the same charge phase, or the opponent's win when it does not."""
    win = ("win", "Seat 2 wins: Seat 1 has only 4 command cards left", "席2の勝利：席1のコマンドカードは残り4枚",
           {"winner": 1}, ("FGO-028", "FGO-031", "FGO-RUL-32"))
    assert _both_short_game({}, seat1_short=True)[1] == [win]
    fallen = ("fallen", "Seat 1 is down to 4 command cards", "席1のコマンドカードが4枚になった", {"seat": 0},
              ("FGO-031", "FGO-RUL-33"))
    assert _both_short_game({"both_short": "draw"}, seat1_short=True)[1] == [
        fallen, ("draw_game", "both masters fell to 4 or fewer command cards: a draw",
                 "両マスターのコマンドカードが4枚以下になった：引き分け", {}, ("FGO-031", "FGO-RUL-33"))]
    later_win = (*win[:4], ("FGO-028", "FGO-031", "FGO-RUL-33"))  # the win FGO-RUL-33's option held back
    assert _both_short_game({"both_short": "draw"}, seat1_short=False)[1] == [fallen, later_win]
