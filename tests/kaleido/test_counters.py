"""対抗 windows beyond a battle card (KAL-126) and non-participants' strategy cards at any time (KAL-105)."""

from __future__ import annotations

from tests.kaleido.helpers import ARCHER, RIDER, SABER, act, give, legal, quiet_until, table, top, unanswered
from tests.kaleido.test_battle_part import NEUTRAL, duel


def _paid(state):  # type: ignore[no-untyped-def]
    while top(state)[0] == "pay":
        state = act(state, legal(state)[0])
    return state


def test_kal_126_a_counter_interrupts_a_noble_phantasm() -> None:
    """KAL-126: 対抗 may interrupt another player's Noble Phantasm: Excalibur is cancelled (its cost stays
    paid) and the defender loses no HP."""
    state = duel()
    state.players[0].hand = ["gandr/1", "gandr/2", "gandr/3"]
    for card in state.players[0].hand:
        state.drawn_in[card] = 0
    give(state, 1, "counter_magic/1")
    hp = state.players[1].hp
    state = _paid(act(state, "attack excalibur"))
    assert top(state) == ("counter", 1) and "counter counter_magic/1" in legal(state)
    state = unanswered(act(state, "counter counter_magic/1"))
    assert state.players[1].hp == hp and "counter_magic/1" in state.discard
    assert {"gandr/1", "gandr/2", "gandr/3"} <= set(state.discard)
    assert (state.battle is not None and state.battle.strike is None) or state.battle.strike.method != "excalibur"


def test_kal_126_a_counter_answers_a_card_outside_battle() -> None:
    """KAL-126: outside a battle phase (a strategy phase) the other masters may answer a magic card with a
    対抗 card from hand; the healing is cancelled and both cards go to the discard pile."""
    state = table([SABER, RIDER])
    give(state, 0, "healing/1")
    give(state, 1, "counter_magic/1")
    state.players[0].hp = 5
    state = act(state, "use healing/1")
    assert top(state) == ("counter", 1) and "counter counter_magic/1" in legal(state)
    state = unanswered(act(state, "counter counter_magic/1"))
    assert state.players[0].hp == 5 and {"healing/1", "counter_magic/1"} <= set(state.discard)


def test_kal_126_no_window_for_an_empty_hand_outside_battle() -> None:
    """A window nobody could use is not opened: an empty hand and no 対抗 strategy card (public)."""
    state = table([SABER, RIDER])
    give(state, 0, "healing/1")
    state.players[1].hand = []
    state.players[0].hp = 5
    state = act(state, "use healing/1")
    assert top(state)[0] != "counter" and state.players[0].hp == 8


def test_kal_rul_30_105_a_non_participant_counters_only_with_its_strategy_card() -> None:
    """KAL-RUL-30, KAL-105: in someone else's battle a non-participant may counter only with a face-up 対抗
    strategy card, never from hand; with one, it is asked after the opposing participant."""
    state = duel([SABER, RIDER, ARCHER], (1, NEUTRAL, 2))
    give(state, 0, "reinforcement/1")
    give(state, 2, "counter_magic/1")
    state.players[1].hand = []
    after = act(state, "use reinforcement/1")
    assert top(after)[0] != "counter"  # seat 2's hand counter is not usable here: no window
    state.players[2].strategy = "counter_magic/2"
    state.drawn_in.pop("counter_magic/2", None)
    for place in (state.deck, state.discard, *(p.hand for p in state.players)):
        if "counter_magic/2" in place:
            place.remove("counter_magic/2")
    after = act(state, "use reinforcement/1")
    assert top(after) == ("counter", 2)
    assert legal(after) == ["pass", "counter counter_magic/2"] or "counter counter_magic/1" not in legal(after)


def test_kal_105_rul_28_non_participant_strategy_card_before_damage() -> None:
    """KAL-105 ("at any time" in the battle phase), KAL-RUL-28/29: after the attack is declared, before
    damage, a non-participant whose face-up strategy card is usable gets a window to use it on a participant:
    強化 (+2) on the attacker makes Saber's normal attack 4+2 against Rider's 防御 2: 4 damage, not 2."""
    def played(use: bool) -> int:
        state = duel([SABER, RIDER, ARCHER], (1, NEUTRAL, 2))
        state.players[2].strategy = "reinforcement/3"
        for place in (state.deck, state.discard, *(p.hand for p in state.players)):
            if "reinforcement/3" in place:
                place.remove("reinforcement/3")
        hp = state.players[1].hp
        state = unanswered(act(state, "attack normal"))
        assert top(state) == ("respond", 1)
        state = act(state, "pass")
        assert top(state) == ("respond", 2) and "use reinforcement/3 1" in legal(state)
        state = unanswered(act(state, "use reinforcement/3 1" if use else "pass"))
        if use:  # a move: the defender, then the attacker, may answer before damage (KAL-103)
            assert top(state) == ("respond", 2) and "use reinforcement/3 1" not in legal(state)  # once a phase
            state = act(state, "pass")
            assert top(state) == ("respond", 1)
            state = act(state, "pass")
            assert top(state) == ("respond", 0)
            state = act(state, "pass")
        return hp - state.players[1].hp
    assert (played(False), played(True)) == (2, 4)


def test_kal_105_no_support_window_without_a_usable_strategy_card() -> None:
    """The window is opened on public information only: no face-up strategy card, no prompt."""
    state = duel([SABER, RIDER, ARCHER], (1, NEUTRAL, 2))
    state.players[2].strategy = None
    state = unanswered(act(state, "attack normal"))
    state = act(state, "pass")
    assert top(state)[0] != "respond"
    assert quiet_until(state, "attack") is not None
