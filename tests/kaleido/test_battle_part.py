"""Battle part (KAL-067..KAL-112, KAL-118..KAL-122, KAL-RUL-17..KAL-RUL-45, KAL-EX-16..KAL-EX-38)."""

from __future__ import annotations

from bouts.core.i18n import tr
from bouts.games.kaleido.state import KaleidoState
from tests.kaleido.helpers import (
    ARCHER,
    ASSASSIN,
    BERSERKER,
    GAME,
    GILGAMESH,
    LANCER_B,
    RIDER,
    SABER,
    act,
    give,
    legal,
    modify,
    quiet_until,
    table,
    top,
    unanswered,
)

NEUTRAL = 6
"""Fate 6 (言峰教会): its 霊地効果 draws a card and changes no number."""


def duel(pairs: list[tuple[str, str]] | None = None, fates: tuple[int, ...] | None = None) -> KaleidoState:
    """Seat 0 nominates seat 1 on a neutral battlefield; returns seat 0's first 【攻撃】 decision."""
    pairs = pairs or [SABER, RIDER]
    fates = fates or (1, NEUTRAL, *range(2, len(pairs)))
    state = table(pairs, turn_fates=fates)
    return quiet_until(state, "attack", 0)


def resolve(state: KaleidoState, *answers: str) -> KaleidoState:
    """Let the pending strike resolve: the defender answers (default: take)."""
    for answer in answers:
        state = act(state, answer)
    while state.stack and top(state)[0] in ("respond", "counter", "pay", "last", "intervene"):
        options = legal(state)
        state = act(state, next(q for q in ("pass",) if q in options) if {"pass"} & set(options)
                    else options[0])
    return state


def test_kal_067_068_069_070_073_074_ex_16_nomination() -> None:
    """KAL-067, KAL-068, KAL-069, KAL-070, KAL-071, KAL-073, KAL-074, KAL-EX-16:
    P2 nominates P4: P2 draws 1 and goes first; P4's fate is the battlefield."""
    state = table([SABER, RIDER, ARCHER, BERSERKER], turn_fates=(4, 1, 3, 2))
    state = quiet_until(state, "nominate", 1)
    hands = [len(p.hand) for p in state.players]
    state = act(state, "nominate 4")
    assert top(state) == ("nominated", 3)  # the nominee may answer before it is established (KAL-RUL-18)
    state = act(state, "pass")
    battle = state.battle
    assert battle is not None and (battle.first, battle.second) == (1, 3)
    assert battle.battlefield == 2 and battle.is_participant(1) and not battle.is_participant(0)
    assert len(state.players[1].hand) == hands[1] + 1 and len(state.players[3].hand) == hands[3]
    view = GAME.view(state, 0)["battle"]
    assert tr(view["field"]["name"], "ja") == "遠坂邸" and view["first"] == 1


def test_kal_rul_17_must_nominate_another_player() -> None:
    """KAL-RUL-17: a normal-action player nominates exactly one other player, never itself."""
    state = quiet_until(table([SABER, RIDER, ARCHER]), "nominate", 0)
    assert [o for o in legal(state) if o.startswith("nominate")] == ["nominate 2", "nominate 3"]


def test_kal_071_072_171_rul_23_battlefield_reaches_participants_and_interveners() -> None:
    """KAL-071, KAL-072, KAL-171, KAL-RUL-23: the nominated player's fate effect applies to both
    participants and to an intervener from its declaration, not to bystanders."""
    from bouts.games.kaleido.timings import attack_power

    state = table([SABER, RIDER, ARCHER], turn_fates=(1, 5, 2))  # field 5: attack +1
    state = quiet_until(state, "intervene", 2)
    assert attack_power(state, 0, "normal") == 5 and attack_power(state, 1, "normal") == 5
    assert attack_power(state, 2, "caladbolg") == 5
    state = act(state, "intervene 2 caladbolg")
    assert attack_power(state, 2, "caladbolg") == 6


def test_kal_075_076_077_combat_action_order() -> None:
    """KAL-075, KAL-076, KAL-077: first player's combat action, then the second's; the one acting attacks."""
    state = duel()
    assert top(state) == ("attack", 0) and state.battle is not None and state.battle.step == "介入"
    state = act(state, "attack normal")  # no clash is possible against a normal attack: straight to 【ダメージ決定】
    assert top(state) == ("respond", 1) and state.battle is not None and state.battle.step == "ダメージ決定"
    state = resolve(state)
    assert top(state) == ("attack", 1)


def test_kal_084_085_rul_19_attack_methods() -> None:
    """KAL-084, KAL-085, KAL-RUL-19: the attacker must choose one method; a normal attack is always there."""
    state = duel()
    options = legal(state)
    assert "attack normal" in options and "attack excalibur" in options
    assert "pass" not in options and "pass" not in options


def test_kal_ex_17_095_normal_attack_damage() -> None:
    """KAL-EX-17, KAL-095, KAL-164: attack 5 against defence 3: 2 damage."""
    state = duel()
    modify(state, 0, "attack", 1)  # Saber 4 → 5
    modify(state, 1, "defence", 1)  # Rider 2 → 3
    state = resolve(act(state, "attack normal"))
    assert state.players[1].hp == 10 - 2


def test_kal_ex_18_rul_26_no_negative_damage() -> None:
    """KAL-EX-18, KAL-RUL-26: attack 2 against defence 4: no damage, HP never rises."""
    state = duel()
    modify(state, 0, "attack", -2)
    modify(state, 1, "defence", 2)  # Rider 2 → 4
    state = resolve(act(state, "attack normal"))
    assert state.players[1].hp == 10


def test_kal_104_ex_19_floors_at_zero() -> None:
    """KAL-104, KAL-EX-19: attack 2 with -5 is 0; defence 1 with -4 is 0."""
    from bouts.games.kaleido.timings import attack_power, defence_power

    state = duel()
    modify(state, 0, "attack", -2)  # Saber 4 → 2
    modify(state, 0, "attack", -5)
    modify(state, 1, "defence", -1)  # Rider 2 → 1
    modify(state, 1, "defence", -4)
    assert attack_power(state, 0, "normal") == 0 and defence_power(state, 1) == 0


def test_kal_086_special_attack_power() -> None:
    """KAL-086: a special attack takes its ability's attack power (master or servant)."""
    from bouts.games.kaleido.timings import attack_power

    state = duel([GILGAMESH, ARCHER])
    assert attack_power(state, 0, "gate_of_babylon") == 5 and attack_power(state, 0, "bajiquan") == 4


def test_kal_087_088_ex_27_120_np_and_plain_attack_modifiers() -> None:
    """KAL-087, KAL-088, KAL-120, KAL-EX-27: 攻撃力+2 makes a NP of 9 into 11, a special attack too."""
    from bouts.games.kaleido.state import Effect
    from bouts.games.kaleido.timings import attack_power

    state = duel([GILGAMESH, RIDER])
    state.effects.append(Effect(0, "attack", -1, "turn", "fixture"))  # Enuma Elish 10 → 9
    state.effects.append(Effect(0, "attack", 2, "turn", "fixture"))
    assert attack_power(state, 0, "enuma_elish") == 11
    assert attack_power(state, 0, "gate_of_babylon") == 5 - 1 + 2


def test_kal_089_final_defence() -> None:
    """KAL-089: final defence = printed 防御 + effects (a 戦闘 card used in the 防御 step)."""
    from bouts.games.kaleido.timings import defence_power

    state = act(duel(), "attack normal")
    give(state, 1, "barrier/1")
    state = act(state, "use barrier/1")
    state = act(state, "pass") if top(state)[0] == "counter" else state
    assert defence_power(state, 1) == 2 + 2


def clash_state(attack_np: int, answer_np: int, attacker_def: int, defender_def: int) -> KaleidoState:
    """Saber's Excalibur (8, 相殺可) against Rider's Bellerophon (8, 相殺可), tuned to the example's numbers."""
    from bouts.games.kaleido.state import Effect

    state = duel()
    state.players[0].hand = [f"gandr/{i}" for i in (1, 2, 3)]
    state.players[1].hand = [f"healing/{i}" for i in (1, 2, 3)]
    for card in (*state.players[0].hand, *state.players[1].hand):
        state.drawn_in[card] = 0
    state.effects += [Effect(0, "attack", attack_np - 8, "turn", "fixture"),
                      Effect(1, "attack", answer_np - 8, "turn", "fixture"),
                      Effect(0, "defence", attacker_def - 2, "turn", "fixture"),
                      Effect(1, "defence", defender_def - 2, "turn", "fixture")]
    state = unanswered(act(state, "attack excalibur"))
    assert top(state) == ("respond", 1)
    assert "clash bellerophon" in legal(state)  # KAL-090
    return resolve(state, "clash bellerophon")


def test_kal_090_093_094_ex_20_reverse_damage() -> None:
    """KAL-090, KAL-092, KAL-093, KAL-094, KAL-EX-20: 6 against 9: D loses 0, A loses (9-6)-2 = 1."""
    state = clash_state(6, 9, 2, 3)
    assert state.players[1].hp == 10 and state.players[0].hp == 10 - 1


def test_kal_092_ex_21_rul_24_clash_reduces_attack() -> None:
    """KAL-092, KAL-EX-21, KAL-RUL-24: 10 against 6, D's defence 3: D loses (10-6)-3 = 1, A nothing."""
    state = clash_state(10, 6, 3, 3)
    assert state.players[1].hp == 10 - 1 and state.players[0].hp == 10


def test_kal_ex_22_equal_clash() -> None:
    """KAL-EX-22, KAL-RUL-24: 7 against 7: nobody loses HP."""
    state = clash_state(7, 7, 3, 1)
    assert (state.players[0].hp, state.players[1].hp) == (10, 10)


def test_kal_ex_23_rul_25_reverse_damage_floored() -> None:
    """KAL-EX-23, KAL-RUL-25: 6 against 8 with A's defence 3: A loses max(0, 2-3) = 0."""
    state = clash_state(6, 8, 3, 1)
    assert (state.players[0].hp, state.players[1].hp) == (10, 10)


def test_kal_ex_24_150_clash_with_command_spell_three() -> None:
    """KAL-EX-24, KAL-150, KAL-RUL-24: NP 8 with command spell ③ (11) against 10, D's defence 0: D loses 1."""
    from bouts.games.kaleido.state import Effect

    state = duel()
    state.players[0].hand = ["gandr/1", "gandr/2", "gandr/3"]
    state.players[1].hand = ["healing/1", "healing/2", "healing/3"]
    for card in (*state.players[0].hand, *state.players[1].hand):
        state.drawn_in[card] = 0
    state.effects += [Effect(1, "attack", 2, "turn", "fixture"), Effect(1, "defence", -2, "turn", "fixture")]
    state = act(state, "spell boost")
    state = unanswered(act(state, "attack excalibur"))
    state = resolve(state, "clash bellerophon")
    assert state.players[1].hp == 10 - 1 and state.players[0].hp == 10


def test_kal_091_ex_25_no_clash_against_normal_or_plain_np() -> None:
    """KAL-091, KAL-EX-25: no 相殺可 defence against a normal attack or a NP without 相殺可."""
    state = act(duel(), "attack normal")
    assert not any(o.startswith("clash") for o in legal(state))
    state = duel([LANCER_B, RIDER])
    state.players[0].hand += ["gandr/1", "gandr/2"]
    state.players[1].hand += ["healing/1", "healing/2", "healing/3"]
    state = act(state, "attack gae_bolg")
    while top(state)[0] == "pay":
        state = act(state, legal(state)[0])
    state = unanswered(state)
    assert top(state)[0] == "respond" and not any(o.startswith("clash") for o in legal(state))


def test_kal_096_ex_26_165_defence_np_at_damage() -> None:
    """KAL-096, KAL-EX-26, KAL-165, KAL-166: a type-防御 NP, paid, reduces the damage as it says (-2)."""
    state = duel([SABER, BERSERKER])
    modify(state, 0, "attack", 5)  # 9 against 2: 7, less 2
    state = act(state, "attack normal")
    assert "guard twelve_labours" in legal(state)
    state.players[1].hand = ["healing/1", "healing/2", "healing/3"]  # 消費 3 (the retuned stand-in)
    state = resolve(state, "guard twelve_labours")
    assert state.players[1].hp == 10 - (7 - 2)
    assert {"healing/1", "healing/2", "healing/3"} <= set(state.discard)


def test_kal_097_098_099_100_ex_30_death_and_spoils() -> None:
    """KAL-097, KAL-098, KAL-099, KAL-100, KAL-162, KAL-EX-30:
    D (HP 3) with 2 hand, 1 strategy, 1 accumulation falls to -1: A receives 3 cards,
    the accumulation card is discarded."""
    state = table([SABER, RIDER, ARCHER], turn_fates=(1, NEUTRAL, 2))
    state = quiet_until(state, "attack", 0)
    d = state.players[1]
    d.hp, d.hand, d.strategy, d.accumulation, d.spells = 3, ["gandr/1", "gandr/2"], "barrier/1", ["healing/1"], 0
    for card in ("gandr/1", "gandr/2", "healing/1"):
        state.drawn_in[card] = 0
    modify(state, 0, "attack", 2)  # 6 against 2: 4 damage, HP 3 → -1
    before = len(state.players[0].hand)
    state = resolve(act(state, "attack normal"))
    assert not state.players[1].alive and state.players[1].hp == -1
    assert len(state.players[0].hand) == before + 3 and "healing/1" in state.discard
    assert state.battle is None  # KAL-102


def test_kal_101_102_ex_29_rul_20_intervention_kills() -> None:
    """KAL-101, KAL-102, KAL-EX-29, KAL-RUL-20, KAL-RUL-39: an intervention brings D to 0: D is out, the
    battle phase ends, the intervener gets 3 hand + 1 strategy card, 2 accumulation cards are discarded."""
    state = table([SABER, RIDER, ARCHER], turn_fates=(1, 7, 2))  # field 7: defence +1
    state = quiet_until(state, "intervene", 2)
    d = state.players[1]
    d.hp, d.hand, d.strategy = 2, ["gandr/1", "gandr/2", "gandr/3"], "barrier/1"
    d.accumulation = ["healing/1", "healing/2"]
    for card in ("gandr/1", "gandr/2", "gandr/3", "healing/1", "healing/2"):
        state.drawn_in[card] = 0
    d.spells = 0
    state.players[2].hand = ["barrier/2"]
    state.drawn_in["barrier/2"] = 0
    state = act(state, "intervene 2 caladbolg")  # 5 against 3: 2, HP 2 → 0
    state = resolve(state)
    assert not state.players[1].alive and state.players[1].spells == 0
    assert len(state.players[2].hand) == 4 and {"healing/1", "healing/2"} <= set(state.discard)
    assert state.battle is None and top(state)[0] != "attack"


def test_kal_078_079_083_122_intervention_declared_before_attack() -> None:
    """KAL-078, KAL-079, KAL-083, KAL-122: a non-participant with a 介入可能 ability is asked at 【介入】,
    before 【攻撃】; it gets no participant timings."""
    state = table([SABER, RIDER, ARCHER], turn_fates=(1, NEUTRAL, 2))
    state = quiet_until(state, "intervene", 2)
    assert state.battle is not None and state.battle.step == "介入"
    options = legal(state)
    assert {"intervene 1 caladbolg", "intervene 2 caladbolg", "pass"} <= set(options)
    assert not any(o.startswith(("use reinforcement", "ability")) for o in options)  # KAL-122
    state = act(state, "intervene 1 caladbolg")
    assert state.battle is not None and not state.battle.is_participant(2)


def test_kal_080_081_ex_28_interventions_in_fate_order_once_per_battle() -> None:
    """KAL-080, KAL-081, KAL-EX-28: P3 (fate 3) then P5 (fate 5) both intervene; neither may again."""
    state = table([SABER, RIDER, ARCHER, ASSASSIN], turn_fates=(1, 2, 3, 5))
    state = quiet_until(state, "intervene")
    assert top(state) == ("intervene", 2)
    state = act(state, "intervene 1 caladbolg")
    while top(state)[0] == "pay":
        state = act(state, legal(state)[0])
    assert top(state) == ("intervene", 3)
    state.players[3].hand += ["gandr/1", "gandr/2"]
    state.drawn_in.update({"gandr/1": 0, "gandr/2": 0})
    state = act(state, "intervene 1 zabaniya")
    while top(state)[0] == "pay":
        state = act(state, legal(state)[0])
    assert top(state) == ("respond", 0)  # P3's intervention first
    state = resolve(state)
    assert top(state) == ("respond", 1) or top(state)[0] == "attack"
    state = quiet_until(state, "attack", 1)
    assert state.battle is not None and state.battle.intervened == [2, 3]


def test_kal_082_rul_27_intervention_handled_like_an_attack() -> None:
    """KAL-082, KAL-RUL-27: the attacked participant defends an intervention (cards, defence NP)."""
    state = table([SABER, BERSERKER, ARCHER], turn_fates=(1, NEUTRAL, 2))
    state = quiet_until(state, "intervene", 2)
    state.players[1].hand = ["barrier/1", "barrier/2", "barrier/3"]
    state = act(state, "intervene 2 caladbolg")
    while top(state)[0] == "pay":
        state = act(state, legal(state)[0])
    assert top(state) == ("respond", 1) and "guard twelve_labours" in legal(state)


def test_kal_119_ex_32_rul_22_no_effects_on_non_participants() -> None:
    """KAL-119, KAL-EX-32, KAL-RUL-22 (option interveners_protected): during P1 vs P2, nothing targets the
    intervener P3."""
    state = table([SABER, RIDER, ARCHER], turn_fates=(1, NEUTRAL, 2), options={"interveners_protected": True})
    state = quiet_until(state, "intervene", 2)
    state = act(state, "intervene 2 caladbolg")
    state = resolve(state)
    give(state, 0, "weakening/1")
    options = legal(state)
    assert "use weakening/1" in options and not any(o.endswith(" 2") and o.startswith("use") for o in options)


def test_kal_105_rul_30_non_participant_only_strategy_card() -> None:
    """KAL-105, KAL-RUL-30: a non-participant may use only its strategy card, never a hand card."""
    state = table([SABER, RIDER, ARCHER], turn_fates=(1, NEUTRAL, 2))
    state = quiet_until(state, "intervene", 2)
    give(state, 2, "reinforcement/5", "counter_magic/1")
    assert not any(o.startswith(("use reinforcement/5", "counter")) for o in legal(state))


def test_kal_103_participant_uses_cards_any_time() -> None:
    """KAL-103: a participant may use battle cards and non-attack abilities at its decisions in battle."""
    state = duel()
    give(state, 0, "barrier/1")
    assert {"use barrier/1", "ability mana_burst"} <= set(legal(state))


def test_kal_106_107_109_ex_34_retreat_costs_one() -> None:
    """KAL-106, KAL-107, KAL-109, KAL-EX-34: HP 2, retreat: HP 1 and the battle phase ends."""
    state = resolve(act(duel(), "attack normal"))
    state = quiet_until(state, "retreat", 0)
    state.players[0].hp = 2
    state = act(state, "retreat")
    assert state.players[0].hp == 1 and state.battle is None


def test_kal_108_ex_33_no_retreat_at_1hp() -> None:
    """KAL-108, KAL-EX-33: with HP 1 retreat is not legal."""
    state = resolve(act(duel(), "attack normal"))
    state = quiet_until(state, "retreat", 0)
    state.players[0].hp = 1
    assert "retreat" not in legal(state) and "stay" in legal(state)


def test_kal_110_ex_35_first_retreats_second_not_asked() -> None:
    """KAL-110, KAL-EX-35: when the first player retreats the second is never asked."""
    state = quiet_until(resolve(act(duel(), "attack normal")), "retreat", 0)
    state = act(state, "retreat")
    assert state.battle is None and top(state)[0] != "retreat"


def test_kal_111_ex_36_new_round() -> None:
    """KAL-111, KAL-EX-36: nobody retreats after a round with damage: a new round from the first player."""
    state = quiet_until(resolve(act(duel(), "attack normal")), "retreat", 0)
    state = act(state, "stay")
    assert top(state) == ("retreat", 1)
    state = act(state, "stay")
    assert top(state) == ("attack", 0) and state.battle is not None and state.battle.round == 2


def test_kal_112_ex_37_rul_31_stalemate_forces_first_out() -> None:
    """KAL-112, KAL-EX-37, KAL-RUL-31: a round with no damage between them: the first (HP 6) retreats to 5."""
    state = duel()
    modify(state, 0, "attack", -9)
    modify(state, 1, "attack", -9)
    state.players[0].hp, state.players[1].hp = 6, 4
    state.players[0].spells = 0
    state = resolve(act(state, "attack normal"))
    state = resolve(act(state, "attack normal"))
    assert state.players[0].hp == 5 and state.battle is None


def test_kal_ex_38_rul_32_stalemate_at_1hp() -> None:
    """KAL-EX-38, KAL-RUL-32: stalemate with the first at HP 1: the battle ends, nobody pays (default);
    option second_retreats makes the second player pay instead."""
    for option, expected in (("end_no_cost", (1, 4)), ("second_retreats", (1, 3))):
        state = table([SABER, RIDER], turn_fates=(1, NEUTRAL), options={"stalemate_at_1hp": option})
        state = quiet_until(state, "attack", 0)
        modify(state, 0, "attack", -9)
        modify(state, 1, "attack", -9)
        state.players[0].hp, state.players[1].hp = 1, 4
        state.players[0].spells = 0
        state = resolve(act(state, "attack normal"))
        state = resolve(act(state, "attack normal"))
        assert (state.players[0].hp, state.players[1].hp) == expected and state.battle is None


def test_kal_rul_33_retreat_cost_is_not_damage() -> None:
    """KAL-RUL-33: a retreat cost does not count as damage in the round (for the stalemate rule)."""
    state = duel()
    modify(state, 0, "attack", -9)
    modify(state, 1, "attack", -9)
    state.players[0].spells = 0
    state = resolve(act(state, "attack normal"))
    state = resolve(act(state, "attack normal"))
    assert state.battle is None  # forced out: the intervening HP costs did not count


def test_kal_ex_31_rul_36_reverse_clash_kills_attacker() -> None:
    """KAL-EX-31, KAL-RUL-36: reverse clash damage kills A: A's hand and strategy card go to D."""
    state = clash_state(8, 8, 0, 0)
    assert state.players[0].alive
    from bouts.games.kaleido.state import Effect

    state = duel()
    state.players[0].hand = ["gandr/1", "gandr/2", "gandr/3", "barrier/1"]
    state.players[0].strategy = "barrier/2"
    state.players[1].hand = ["healing/1", "healing/2", "healing/3"]
    for card in (*state.players[0].hand, *state.players[1].hand):
        state.drawn_in[card] = 0
    state.players[0].hp, state.players[0].spells = 1, 0
    state.effects += [Effect(1, "attack", 6, "turn", "fixture")]
    state = act(state, "attack excalibur")
    while top(state)[0] == "pay":
        state = act(state, "pay gandr/1" if "pay gandr/1" in legal(state) else legal(state)[0])
    state = resolve(unanswered(state), "clash bellerophon")
    assert not state.players[0].alive
    assert "barrier/2" in state.players[1].hand and "barrier/1" in state.players[1].hand


def test_kal_rul_37_38_simultaneous_deaths() -> None:
    """KAL-RUL-37, KAL-RUL-38: all at HP 0 or less fall together; if none remain, nobody wins."""
    from bouts.games.kaleido.battle_part import death_check

    state = duel()
    state.players[0].hp = state.players[1].hp = 0
    death_check(state)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == ()


def test_kal_004_rul_44_ex_51_game_ends_at_once() -> None:
    """KAL-004, KAL-RUL-44, KAL-EX-51: with 2 left, an elimination ends the game; the survivor wins."""
    state = duel()
    state.players[1].hp, state.players[1].spells = 1, 0
    state = resolve(act(state, "attack normal"))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and GAME.to_act(state) == ()


def test_kal_003_097_elimination_is_logged_by_name() -> None:
    """KAL-003, KAL-097, KAL-RUL-39: the blow that leaves a servant at 0 HP ends in a log line naming the
    eliminated master, for everyone to read."""
    state = duel()
    state.players[1].hp, state.players[1].spells = 1, 0
    state = resolve(act(state, "attack normal"))
    [event] = [e for e in GAME.events(state) if e.kind == "eliminated"]
    master = state.players[1].master
    assert master is not None and not state.players[1].alive
    assert event.text == f"P2 ({state.catalog.masters[master].name}) is eliminated"
    assert event.is_visible_to(0) and event.is_visible_to(None) and "KAL-097" in event.clauses


def test_kal_rul_40_41_dead_player_leaves_play() -> None:
    """KAL-RUL-40, KAL-RUL-41: a dead player is never nominated and has no special actions."""
    from bouts.games.kaleido.command_spells import special_actions

    state = table([SABER, RIDER, ARCHER], turn_fates=(1, NEUTRAL, 2))
    state = quiet_until(state, "attack", 0)
    state.players[1].hp, state.players[1].spells = 1, 0
    modify(state, 0, "attack", 5)
    state = resolve(act(state, "attack normal"))
    assert not state.players[1].alive
    state = quiet_until(state, "nominate", 2)
    assert "nominate 2" not in legal(state)
    from bouts.core.decisions import Decision

    assert special_actions(state, Decision.make(1, "nominate")) == []


def test_kal_rul_42_eliminated_player_loses_pending_battle() -> None:
    """KAL-RUL-42: a player eliminated before its battle phase has none."""
    state = table([SABER, RIDER, ARCHER], turn_fates=(1, NEUTRAL, 2))
    state = quiet_until(state, "attack", 0)
    state.players[2].hp, state.players[2].spells = 1, 0
    state.players[2].alive = True
    from bouts.games.kaleido.battle_part import death_check

    state.players[2].hp = 0
    death_check(state)
    from bouts.games.kaleido.flow import run

    run(state)
    kinds = [(f.kind, f.seat) for f in state.stack]
    assert kinds[-1] == ("nominate", 1) and ("battle_phase", 2) not in kinds  # skipped


def test_kal_rul_43_45_spoils_count_at_hand_check() -> None:
    """KAL-RUL-43, KAL-RUL-45: cards received count in the receiver's hand check that turn."""
    state = table([SABER, RIDER, ARCHER], turn_fates=(1, NEUTRAL, 2))
    state = quiet_until(state, "attack", 0)
    state.players[1].hp, state.players[1].spells = 1, 0
    state.players[1].hand = [f"gandr/{i}" for i in (1, 2, 3)] + ["healing/1", "healing/2"]
    for card in state.players[1].hand:
        state.drawn_in[card] = 0
    state = resolve(act(state, "attack normal"))
    assert len(state.players[0].hand) > 4
    state.stack = [f for f in state.stack if (f.kind, f.seat) != ("nominate", 2)]  # P2 sits out
    from bouts.games.kaleido.flow import run

    run(state)
    state = quiet_until(state, "discard", 0)
    assert top(state) == ("discard", 0)


def test_kal_118_rul_56_ability_not_again_while_in_effect() -> None:
    """KAL-118, KAL-RUL-56: a special ability is not offered again while its effect lasts."""
    state = duel()
    state.players[0].hand += ["gandr/1", "gandr/2"]
    state = act(state, "ability mana_burst")
    while top(state)[0] == "pay":
        state = act(state, legal(state)[0])
    assert "ability mana_burst" not in legal(state) and "ability projection" in legal(state)


def test_kal_121_rul_57_abilities_only_own_phase_or_battle() -> None:
    """KAL-121, KAL-RUL-57, KAL-160: abilities in one's own strategy phase or battles only."""
    state = table([SABER, RIDER, ARCHER], turn_fates=(1, NEUTRAL, 2))
    state = quiet_until(state, "intervene", 2)
    assert not any(o.startswith("ability") for o in legal(state))


def test_kal_rul_18_nomination_established_draw() -> None:
    """KAL-RUL-18, KAL-074: the nominator's draw comes once the nomination is established."""
    state = quiet_until(table([SABER, RIDER], turn_fates=(1, NEUTRAL)), "nominate", 0)
    before = len(state.players[0].hand)
    state = act(state, "nominate 2")
    assert len(state.players[0].hand) == before and top(state) == ("nominated", 1)  # not yet established
    state = act(state, "pass")
    assert len(state.players[0].hand) == before + 1 + 1  # +1 nomination, +1 言峰教会's draw


def test_kal_rul_34_combat_action_effect_lasts_one_action() -> None:
    """KAL-RUL-34, KAL-131: a 戦闘行動 effect ends after that combat action's 死亡判定; a round holds two."""
    state = duel()
    give(state, 0, "reinforcement/5")
    state = act(state, "use reinforcement/5")
    state = act(state, "pass") if top(state)[0] == "counter" else state
    assert any(e.card == "reinforcement/5" for e in state.effects)
    state = resolve(act(state, "attack normal"))
    assert top(state) == ("attack", 1) and not any(e.card == "reinforcement/5" for e in state.effects)
    assert "reinforcement/5" in state.discard


def test_kal_rul_35_130_battle_effect_used_early_binds_to_next_battle() -> None:
    """KAL-RUL-35, KAL-130: a 戦闘 effect used before the battle applies to the next battle phase and ends with it."""
    from bouts.games.kaleido.timings import attack_power

    state = duel()
    state.players[0].hand.append("mana_release/1")
    state.drawn_in["mana_release/1"] = 0
    before = attack_power(state, 0, "normal")
    state = act(state, "use mana_release/1")
    state = act(state, "pass") if top(state)[0] == "counter" else state
    assert attack_power(state, 0, "normal") == before + 1
    state = resolve(act(state, "attack normal"))
    state = quiet_until(state, "retreat", 0)
    state = act(state, "retreat")
    assert not any(e.card == "mana_release/1" for e in state.effects) and "mana_release/1" in state.discard


def test_kal_126_counter_cancels_a_card() -> None:
    """KAL-126: a 対抗 card answers the opponent's card use and cancels it."""
    state = duel()
    give(state, 0, "reinforcement/5")
    give(state, 1, "counter_magic/1")
    state = act(state, "use reinforcement/5")
    assert top(state) == ("counter", 1) and "counter counter_magic/1" in legal(state)
    state = act(state, "counter counter_magic/1")
    state = act(state, "pass") if top(state)[0] == "counter" else state
    assert not any(e.card == "reinforcement/5" for e in state.effects)
    assert {"reinforcement/5", "counter_magic/1"} <= set(state.discard)


def test_kal_128_special_card_on_nomination() -> None:
    """KAL-128: a 特殊 card works as its text says: 奇襲 makes the nominated player go first."""
    state = quiet_until(table([SABER, RIDER], turn_fates=(1, NEUTRAL)), "nominate", 0)
    give(state, 1, "ambush/1")
    state = act(state, "nominate 2")
    assert top(state) == ("nominated", 1) and "use ambush/1" in legal(state)
    state = act(state, "use ambush/1")
    state = act(state, "pass") if top(state)[0] == "counter" else state
    state = quiet_until(state, "attack")
    assert top(state) == ("attack", 1)


def test_kal_129_turn_effects_end_with_turn() -> None:
    """KAL-129, KAL-132: ターン lasts to the end of the turn; 瞬間 ends at once (ガンド)."""
    state = duel()
    give(state, 0, "gandr/1")
    state = act(state, "use gandr/1")
    state = act(state, "pass") if top(state)[0] == "counter" else state
    assert state.players[1].hp == 10 - 1 and "gandr/1" in state.discard and not state.effects
