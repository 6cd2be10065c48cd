"""The battle's steps as the rulebook has them (issue 22): 【防御】 and 【ダメージ決定】 each with its own window,
participants answering each other 「好きなタイミングで」 in finite windows, and what an effect aimed at an
intervener does. Every test plays actions on a real match; hands come from forced deck shuffles."""

from __future__ import annotations

from bouts.games.kaleido.state import KaleidoState
from tests.kaleido.helpers import (
    ARCHER,
    ASSASSIN,
    AVENGER,
    GAME,
    GILGAMESH,
    RIDER,
    SABER,
    act,
    legal,
    quiet_until,
    table,
    top,
)

NEUTRAL = 6
"""Fate 6 (言峰教会): its 霊地効果 draws a card for each participant and changes no number."""


def passes(state: KaleidoState, *kinds: str) -> KaleidoState:
    """Pass while the decision on top is one of ``kinds`` (default: 対抗 windows)."""
    kinds = kinds or ("counter",)
    while GAME.to_act(state) and top(state)[0] in kinds:
        state = act(state, "pass")
    return state


def paid(state: KaleidoState) -> KaleidoState:
    """Pay a pending cost with the first source offered, card by card."""
    while top(state)[0] == "pay":
        state = act(state, legal(state)[0])
    return state


def asked(state: KaleidoState) -> list[tuple[str, int]]:
    """Pass in every step window until damage is dealt; who was asked, in order."""
    seen = []
    while GAME.to_act(state) and top(state)[0] in ("respond", "counter"):
        seen.append(top(state))
        state = act(state, "pass")
    return seen


def test_kal_096_165_clash_at_defence_then_defence_np_at_damage() -> None:
    """KAL-090, KAL-096, KAL-165, KAL-076: 【防御】 and 【ダメージ決定】 are two steps. Bazett + Avenger meet
    Saber's 約束された勝利の剣 (8, +3 by command spell ③) with 斬り抉る戦神の剣 (6, 相殺可) at 【防御】, then use
    偽り写し記す万象 (ダメージ-3) at 【ダメージ決定】 on what remains: (11 - 6) - 2 = 3, less 3 = 0."""
    state = table([SABER, AVENGER], turn_fates=(1, NEUTRAL))
    state = quiet_until(state, "attack", 0)
    state = act(state, "spell boost")
    state = passes(paid(act(state, "attack excalibur")))
    assert top(state) == ("respond", 1) and state.battle is not None and state.battle.step == "防御"
    options = legal(state)
    assert "clash fragarach" in options and not any(o.startswith("guard") for o in options)
    state = passes(paid(act(state, "clash fragarach")))
    assert top(state) == ("respond", 1) and "clash fragarach" not in legal(state)
    state = act(state, "pass")
    assert top(state) == ("respond", 0)  # the clash was a move: the attacker may answer it
    state = act(state, "pass")
    assert top(state) == ("respond", 1) and state.battle is not None and state.battle.step == "ダメージ決定"
    assert "guard verg_avesta" in legal(state) and not any(o.startswith("clash") for o in legal(state))
    state = passes(paid(act(state, "guard verg_avesta")))
    strike = state.battle.strike if state.battle else None
    assert strike is not None and (strike.clash, strike.guard) == ("fragarach", "verg_avesta")
    state = passes(state, "respond", "counter")
    assert (state.players[0].hp, state.players[1].hp) == (10, 10) and top(state) == ("attack", 1)


def test_kal_096_the_defence_np_waits_for_damage_determination() -> None:
    """KAL-096, KAL-165: without a clash the defence NP is offered at 【ダメージ決定】 only, after the attack is
    final; at 【防御】 (a 相殺可 NP attack) the defender has no guard option yet."""
    state = table([SABER, AVENGER], turn_fates=(1, NEUTRAL))
    state = quiet_until(state, "attack", 0)
    state = passes(paid(act(state, "attack excalibur")))
    assert state.battle is not None and state.battle.step == "防御"
    assert not any(o.startswith("guard") for o in legal(state))
    state = act(state, "pass")  # no clash
    assert state.battle is not None and state.battle.step == "ダメージ決定" and top(state) == ("respond", 1)
    state = passes(paid(act(state, "guard verg_avesta")))
    state = passes(state, "respond", "counter")
    assert state.players[1].hp == 10 - (8 - 2 - 3)


def test_kal_103_rul_28_the_attacker_answers_the_defenders_card() -> None:
    """KAL-103 (「好きなタイミングで」), KAL-RUL-28: after the defender plays 防御魔術 (+2) the attacker may still play
    強化魔術 (+2); then the defender is asked again; the window closes when both pass in a row. Saber 4+2
    against Rider 2+2: 2 damage (it would be 0 if the defender had the last word)."""
    state = table([SABER, RIDER], turn_fates=(1, NEUTRAL), top_cards=("reinforcement/1", "barrier/1"))
    state = quiet_until(state, "attack", 0)
    state = act(state, "attack normal")
    assert top(state) == ("respond", 1)
    state = passes(act(state, "use barrier/1"))
    assert top(state) == ("respond", 1)  # still its turn in the window
    state = act(state, "pass")
    assert top(state) == ("respond", 0) and "use reinforcement/1" in legal(state)
    state = passes(act(state, "use reinforcement/1"))
    state = act(state, "pass")
    assert top(state) == ("respond", 1)  # a move since it passed: asked again
    state = act(state, "pass")
    assert state.players[1].hp == 10 - 2 and top(state) == ("attack", 1)


def test_kal_rul_28_window_order_and_a_seat_that_passed_is_asked_only_after_a_move() -> None:
    """KAL-RUL-28, KAL-105: a step window asks the defender, the attacker (only if something changed since
    its attack), then non-participants with a usable strategy card; a seat that passed is asked again only
    after a move, so the window ends."""
    state = table([SABER, RIDER, ARCHER], turn_fates=(1, NEUTRAL, 2), top_cards=("gandr/1", "gandr/2",
                                                                                  "reinforcement/3"))
    state = quiet_until(state, "set", 2)
    state = act(state, "set reinforcement/3")
    state = quiet_until(state, "attack", 0)
    state = act(state, "attack normal")
    assert asked(state) == [("respond", 1), ("respond", 2)]  # nothing changed for the attacker: not asked
    state = act(state, "pass")  # the defender (the same position again: apply returns new states)
    assert top(state) == ("respond", 2) and "use reinforcement/3 1" in legal(state)
    state = passes(act(state, "use reinforcement/3 1"))
    assert top(state) == ("respond", 2)
    assert asked(state) == [("respond", 2), ("respond", 1), ("respond", 0)]


def _intervened_by_archer(options: dict[str, bool] | None = None) -> KaleidoState:
    """P0 Saber nominates P1 Rider; P2 Archer (a bystander) intervenes against P1 with 偽・螺旋剣 (5, 介入可能);
    P1 holds 呪縛 (相手の攻撃力-2). Returns P1's turn in the window of that intervention."""
    state = table([SABER, RIDER, ARCHER], turn_fates=(1, NEUTRAL, 2), options=options,
                  top_cards=("gandr/1", "binding_curse/1", "gandr/2"))
    state = quiet_until(state, "intervene", 2)
    state = paid(act(state, "intervene 2 caladbolg"))
    assert top(state) == ("respond", 1)
    return state


def test_kal_119_an_effect_aimed_at_an_intervener_lands_on_it() -> None:
    """KAL-119 (default reading: interveners take part), KAL-082, KAL-RUL-22: the participant an intervener
    attacks answers with 呪縛: the intervener's attack falls by 2 (5 - 2 = 3, 3 - 2 = 1 damage), and the
    other participant's attack is untouched."""
    from bouts.games.kaleido.timings import attack_power

    state = _intervened_by_archer()
    assert "use binding_curse/1" in legal(state)
    state = passes(act(state, "use binding_curse/1"))
    assert attack_power(state, 2, "caladbolg") == 3 and attack_power(state, 0, "normal") == 4
    state = passes(state, "respond", "counter")
    assert state.players[1].hp == 10 - 1


def test_kal_119_option_interveners_protected() -> None:
    """KAL-119 read as protecting interveners (option ``interveners_protected``), KAL-RUL-29: 呪縛 cannot aim at
    the intervener; it may only name the other participant, and the intervention's damage stays 5 - 2 = 3."""
    state = _intervened_by_archer({"interveners_protected": True})
    options = legal(state)
    assert "use binding_curse/1" not in options and "use binding_curse/1 1" in options
    assert "use binding_curse/1 3" not in options
    state = passes(state, "respond", "counter")
    assert state.players[1].hp == 10 - 3


def test_kal_119_rul_29_a_bystander_never_uses_its_strategy_card_on_itself() -> None:
    """KAL-119, KAL-105, KAL-RUL-29: a bystander's strategy card reaches participants only, never itself; once
    it has intervened it takes part (default reading) and may; with ``interveners_protected`` never."""
    for protected, after in ((False, True), (True, False)):
        state = table([SABER, RIDER, ARCHER], turn_fates=(1, NEUTRAL, 2), options={"interveners_protected": protected},
                      top_cards=("gandr/1", "gandr/2", "reinforcement/3", "gandr/3", "barrier/1", "barrier/2",
                                 "barrier/3", "barrier/4"))
        state = quiet_until(state, "set", 2)
        state = act(state, "set reinforcement/3")
        state = quiet_until(state, "intervene", 2)
        options = legal(state)
        assert "use reinforcement/3 1" in options and "use reinforcement/3 2" in options
        assert "use reinforcement/3 3" not in options
        state = paid(act(state, "intervene 2 caladbolg"))
        state = quiet_until(state, "respond", 2)  # P0's own attack: P2's window (its strategy card)
        assert state.battle is not None and state.battle.strike is not None and not state.battle.strike.intervention
        assert ("use reinforcement/3 3" in legal(state)) is after


def test_kal_rul_21_reverse_clash_damage_reaches_an_intervener() -> None:
    """KAL-RUL-21, KAL-093, KAL-094, KAL-119: P2 intervenes against Gilgamesh with 妄想心音 (8, 相殺可 in the
    fixture pack); Gilgamesh, boosted by command spell ③, clashes with 天地乖離す開闢の星 (10 + 3): the
    intervener loses (13 - 8) - 2 = 3 HP by default, none with ``interveners_protected``."""
    for protected, loss in ((False, 3), (True, 0)):
        state = table([SABER, GILGAMESH, ASSASSIN], turn_fates=(1, NEUTRAL, 2),
                      options={"interveners_protected": protected})
        state = quiet_until(state, "intervene", 2)
        state = passes(paid(act(state, "intervene 2 zabaniya")))
        assert top(state) == ("respond", 1) and state.battle is not None and state.battle.step == "防御"
        state = act(state, "spell boost")
        state = passes(paid(act(state, "clash enuma_elish")))
        state = passes(state, "respond", "counter")
        assert state.players[2].hp == 11 - loss and state.players[1].hp == 11


def test_kal_141_rul_48_last_chance_after_an_effect_brings_hp_to_zero() -> None:
    """KAL-141, KAL-RUL-48, KAL-RUL-43: a servant brought to 0 HP by ガンド gets the same last chance as after an
    attack: command spell ④ before 【死亡判定】 saves it. Rider converts HP down to 2 (KAL-155), Saber's two
    ガンド take it to 0."""
    state = table([SABER, RIDER], turn_fates=(1, NEUTRAL), top_cards=("gandr/1", "healing/1", "gandr/2"))
    state = quiet_until(state, "action", 1)
    for _ in range(4):
        state = act(state, "convert")
    assert state.players[1].hp == 2
    state = quiet_until(state, "attack", 0)
    state = passes(act(state, "use gandr/1"))
    assert state.players[1].hp == 1
    state = passes(act(state, "use gandr/2"))
    assert state.players[1].hp == 0 and top(state) == ("last", 1) and "spell heal" in legal(state)
    state = act(state, "spell heal")
    assert state.players[1].alive and state.players[1].hp == 5 and top(state) == ("attack", 0)


def test_kal_072_rul_23_intervention_affordable_with_the_battlefield_discount() -> None:
    """KAL-072, KAL-RUL-23, KAL-078: on 遠坂邸 (宝具の消費-1) an intervener with one card may intervene with
    妄想心音 (消費2 - 1 = 1): it is offered, and paying takes that one card."""
    state = table([SABER, RIDER, ASSASSIN], turn_fates=(1, 2, 3),
                  top_cards=("gandr/1", "gandr/2", "healing/1"))
    state = quiet_until(state, "action", 2)
    state = act(state, "lurk")
    state = passes(act(state, "use healing/1"))
    assert len(state.players[2].hand) == 1 and state.players[2].strategy is None
    state = quiet_until(state, "intervene", 2)
    assert state.battle is not None and state.battle.battlefield == 2
    assert "intervene 2 zabaniya" in legal(state)
    state = passes(act(state, "intervene 2 zabaniya"))
    assert state.players[2].hand == [] or len(state.players[2].hand) == 1  # paid 1, drew nothing (no field draw)


def test_kal_112_rul_31_intervention_damage_does_not_break_a_stalemate() -> None:
    """KAL-112, KAL-RUL-31, KAL-083: a round in which the participants hurt each other not at all is a
    stalemate although an intervener hurt one of them: the first player must retreat."""
    state = table([SABER, RIDER, ARCHER], turn_fates=(1, NEUTRAL, 2), top_cards=("barrier/1", "barrier/2"))
    state = quiet_until(state, "intervene", 2)
    state = paid(act(state, "intervene 2 caladbolg"))
    assert top(state) == ("respond", 1)
    state = act(state, "pass")  # P1 takes the intervention: 5 - 2 = 3
    assert top(state) == ("respond", 0)  # the other participant may act at any time too (KAL-103)
    state = act(state, "pass")
    assert state.players[1].hp == 10 - 3 and top(state) == ("attack", 0)
    state = act(state, "attack normal")
    state = passes(act(state, "use barrier/2"))  # Rider 2 + 2 against Saber's 4
    state = passes(state, "respond", "counter")
    state = quiet_until(state, "attack", 1)
    state = act(state, "attack normal")
    state = passes(act(state, "use barrier/1"))
    state = passes(state, "respond", "counter")
    assert (state.players[0].hp, state.players[1].hp) == (10, 7)
    assert top(state) == ("forced_retreat", 0) and legal(state)[0] == "retreat"


def test_kal_rul_18_a_card_stops_the_nomination() -> None:
    """KAL-RUL-18, KAL-074, KAL-128: a 特殊 card (人払い, a stand-in of the reference pack) used when nominated
    stops the nomination before it is established: the nominator draws nothing and no battle is fought."""
    from bouts.games.kaleido.cards import REFERENCE

    reference = str(REFERENCE)
    state = table([("emiya_shirou", "saber"), ("matou_sakura", "rider")], turn_fates=(1, NEUTRAL),
                  top_cards=("reinforcement/1", "dispersal/1"), content=reference)
    state = quiet_until(state, "nominate", 0)
    before = len(state.players[0].hand)
    state = act(state, "nominate 2")
    assert top(state) == ("nominated", 1) and "use dispersal/1" in legal(state)
    state = passes(act(state, "use dispersal/1"), "counter", "nominated")
    assert state.battle is None and len(state.players[0].hand) == before
    assert top(state)[1] == 1 and top(state)[0] in ("nominate", "end_window")


def test_kal_105_a_strategy_card_that_does_nothing_in_battle_opens_no_window() -> None:
    """KAL-105, KAL-RUL-28: only a strategy card that can act in someone else's battle (a change of numbers or
    damage) earns its owner a turn in the window: 治癒魔術 face up does not."""
    state = table([SABER, RIDER, ARCHER], turn_fates=(1, NEUTRAL, 2), top_cards=("gandr/1", "gandr/2", "healing/1"))
    state = quiet_until(state, "set", 2)
    state = act(state, "set healing/1")
    state = quiet_until(state, "attack", 0)
    state = act(state, "attack normal")
    assert asked(state) == [("respond", 1)]


def test_kal_146_rul_47_no_retreat_at_1hp_but_a_command_spell_still_asks() -> None:
    """KAL-108, KAL-146: at HP 1 retreating is illegal, yet a master with one command spell is still asked at
    the retreat step, since command spell ② retreats at no cost. Saber: command spell ①, four HP
    conversions (HP 2), Rider's ガンド (HP 1), 防御魔術 against Rider's attack."""
    state = table([SABER, RIDER], turn_fates=(1, NEUTRAL), top_cards=("barrier/1", "gandr/1"))
    state = act(state, "spell draw")
    for _ in range(4):
        state = act(state, "convert")
    assert (state.players[0].hp, state.players[0].spells) == (2, 1)
    state = quiet_until(state, "attack", 0)
    state = act(state, "attack normal")
    state = passes(act(state, "use gandr/1"))  # at the intervener-free strike, aimed at the attacker
    state = passes(state, "respond", "counter")
    assert state.players[0].hp == 1 and state.players[1].hp == 10 - 2
    state = quiet_until(state, "attack", 1)
    state = act(state, "attack normal")
    state = passes(act(state, "use barrier/1"))
    state = passes(state, "respond", "counter")
    assert top(state) == ("retreat", 0) and state.players[0].hp == 1
    assert "retreat" not in legal(state) and "spell retreat" in legal(state)

def test_kal_118_a_boost_ability_raises_the_attack_for_its_combat_action() -> None:
    """KAL-118, KAL-120, KAL-131: 魔力放出 (攻撃力+2, 戦闘行動) raises Saber's attack for this combat action only."""
    from bouts.games.kaleido.timings import attack_power

    state = table([SABER, RIDER], turn_fates=(1, NEUTRAL))
    state = quiet_until(state, "attack", 0)
    state = paid(act(state, "ability mana_burst"))
    state = passes(state)
    assert attack_power(state, 0, "normal") == 4 + 2 and "ability mana_burst" not in legal(state)
    state = passes(act(state, "attack normal"), "respond", "counter")
    assert state.players[1].hp == 10 - (6 - 2) and attack_power(state, 0, "normal") == 4


def test_kal_rul_15_option_while_not_in_effect_reuses_a_strategy_card_in_one_phase() -> None:
    """KAL-RUL-15 (option ``strategy_reuse=while_not_in_effect``): a 瞬間 strategy card may be used again in the
    same phase once its effect has ended; by default once a phase."""
    for option, again in (("once_per_phase", False), ("while_not_in_effect", True)):
        state = table([SABER, RIDER], options={"strategy_reuse": option}, top_cards=("healing/1",))
        state = act(state, "act")
        state = act(state, "set healing/1")
        state = passes(act(state, "use healing/1"))
        assert ("use healing/1" in legal(state)) is again


def test_kal_130_a_battle_effect_lasts_the_whole_battle_phase() -> None:
    """KAL-130, KAL-RUL-34: a 【持続】戦闘 card (魔力解放, 攻撃力+1) used in the first combat action still counts in
    round 2 (a later combat action of the same battle phase): Saber 4+1 against Rider's 2: 3 damage."""
    from bouts.games.kaleido.timings import attack_power

    state = table([SABER, RIDER], turn_fates=(1, NEUTRAL), top_cards=("mana_release/1",))
    state = quiet_until(state, "attack", 0)
    state = passes(act(state, "use mana_release/1"))
    state = passes(act(state, "attack normal"), "respond", "counter")
    state = quiet_until(state, "retreat", 0)
    state = act(act(state, "stay"), "stay")
    assert top(state) == ("attack", 0) and state.battle is not None and state.battle.round == 2
    assert attack_power(state, 0, "normal") == 5
    state = passes(act(state, "attack normal"), "respond", "counter")
    assert state.players[1].hp == 10 - 3 - 3
