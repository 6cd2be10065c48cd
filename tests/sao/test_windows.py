"""Every player may use abilities and Consumables whenever the rulebook allows (SAO-065, SAO-RUL-07,
SAO-096, SAO-RUL-22): the engine opens a window for each seat that can act, without a pass loop."""

from __future__ import annotations

from sao_helpers import GAME, act_only, char, kind, roll, start, texts

from bouts.core.contract import IllegalAction


def three_player_turn():
    """Kirito (seat 0) chains Asuna (seat 1); Klein (seat 2) sits out; the group holds a Healing potion and
    Klein is hurt."""
    s = start(3, ("kirito", "asuna", "klein"))
    s.consumables = ["healing_potion/1"]
    char(s, "klein").damage = 4
    s = act_only(s, "partner asuna")
    return roll(s, 2, 3, 6, 1, 2, 3)


def test_sao_096_rul_22_065_rul_07_every_seat_gets_a_window_before_the_dice_are_final():
    """SAO-096, SAO-RUL-22: a Consumable may be used by a player who is neither turn player nor partner;
    SAO-065, SAO-RUL-07: the partner may use abilities until the result is finalized, without being
    invited. Finalize first asks the partner, then the other seats, in order."""
    s = three_player_turn()
    s = act_only(s, "finalize")
    assert kind(s) == "ability_window" and GAME.to_act(s) == (1,)  # the partner first, unasked
    assert "ability asuna flip 1" in texts(s) and "use healing_potion/1 klein" in texts(s)
    s = act_only(s, "back")
    assert kind(s) == "ability_window" and GAME.to_act(s) == (2,)  # Klein, who is not in this turn
    assert not any(t.startswith("ability") for t in texts(s))  # SAO-050: abilities only for turn and partner
    s = act_only(s, "use healing_potion/1 klein")
    assert char(s, "klein").damage == 0 and kind(s) == "ability_window"
    s = act_only(s, "back")
    # Klein changed something after Asuna passed: the turn player decides again, and may still reroll
    assert kind(s) == "roll_window" and GAME.to_act(s) == (0,) and "reroll 1" in texts(s)
    s = act_only(s, "finalize")
    assert GAME.to_act(s) == (1,)  # Asuna is asked again (something changed); Klein has nothing left to do
    s = act_only(s, "back")
    assert kind(s) == "assign"


def test_human_partner_acts_on_a_bots_turn():
    """A partner's window opens on the turn player's finalize whoever plays the turn player: the seat to act
    is the partner's, so a human partner is asked on a bot's turn."""
    import random

    from bouts.games.sao.strategy import choose

    s = three_player_turn()
    rng = random.Random(0)
    seen = set()
    for _ in range(20):
        if kind(s) == "assign":
            break
        seat = GAME.to_act(s)[0]
        seen.add((seat, kind(s)))
        s = act_only(s, "back") if seat == 1 else GAME.apply(s, seat, choose(GAME, s, seat, rng))
    assert (1, "ability_window") in seen and kind(s) == "assign"


def test_no_endless_pass_loop():
    """Once every seat has passed on the dice as they are, nobody is asked again: ``ask_partner`` is gone and
    finalize is immediate; a pass never reopens a window by itself."""
    s = three_player_turn()
    s = act_only(s, "ask_partner")
    s = act_only(act_only(s, "back"), "back")
    assert kind(s) == "roll_window" and "ask_partner" not in texts(s)
    try:
        act_only(s, "ask_partner")
        raise AssertionError("ask_partner again must be refused")
    except IllegalAction:
        pass
    assert kind(act_only(s, "finalize")) == "assign"
