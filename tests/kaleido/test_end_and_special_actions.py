"""End part, command spells and HP conversion (KAL-113..KAL-117, KAL-141..KAL-156, KAL-RUL-46..58, KAL-EX-39..48)."""

from __future__ import annotations

from bouts.core.decisions import Decision
from bouts.core.i18n import tr
from bouts.games.kaleido.command_spells import special_actions
from bouts.games.kaleido.state import KaleidoState
from tests.kaleido.helpers import (
    ASSASSIN,
    BERSERKER,
    CASTER,
    GAME,
    LANCER_B,
    RIDER,
    SABER,
    act,
    give,
    legal,
    modify,
    next_turn,
    quiet_until,
    table,
    top,
    unanswered,
)
from tests.kaleido.test_battle_part import NEUTRAL, duel, resolve


def to_end(state: KaleidoState) -> KaleidoState:
    """Lurk through the strategy part to the end part of turn 1 (no battles)."""
    for _ in range(100):
        if state.phase == "end" and state.stack[-1].kind in ("end_window", "discard"):
            return state
        options = legal(state)
        state = act(state, next(q for q in ("lurk", "no_accumulation", "no_strategy", "pass") if q in options))
    raise AssertionError("no end part")


def test_kal_114_115_ex_46_hand_check() -> None:
    """KAL-114, KAL-115, KAL-116, KAL-158, KAL-EX-46: max mana 4, 4 in hand, a strategy card, 2 accumulation
    cards: the strategy card returns (5), one is discarded by choice (4), accumulation stays."""
    state = table([SABER, RIDER])  # 衛宮士郎: max mana 4
    state = act(state, "act")
    state = act(state, f"set {state.players[0].hand[0]}")
    player = state.players[0]
    player.hand = ["gandr/1", "gandr/2", "healing/1", "barrier/1"]
    player.accumulation = ["barrier/2", "barrier/3"]
    state.drawn_in.update({c: 0 for c in (*player.hand, *player.accumulation)})
    state = act(state, "no_accumulation")
    state.players[0].lurking = True
    state = to_end(state)
    assert top(state) == ("end_window", 0)  # 5 > 4: a 戦略 card may still be used first
    state = act(state, "pass")
    state = quiet_until(state, "discard", 0)
    assert len(state.players[0].hand) == 5 and state.players[0].strategy is None
    state = act(state, "discard gandr/1")
    assert len(state.players[0].hand) == 4 and len(state.players[0].accumulation) == 2
    assert "gandr/1" in state.discard


def test_kal_113_ex_47_rul_58_strategy_card_before_check() -> None:
    """KAL-113, KAL-EX-47, KAL-RUL-58: using a 戦略 card in the end part before the check avoids a discard."""
    state = table([SABER, RIDER])
    state = act(state, "act")
    state = act(state, "no_strategy")
    player = state.players[0]
    player.hand = ["gandr/1", "gandr/2", "healing/1", "barrier/1", "barrier/2"]
    state.drawn_in.update({c: 0 for c in player.hand})
    state = act(state, "no_accumulation")
    state.players[0].lurking = True
    state = to_end(state)
    assert top(state) == ("end_window", 0) and "use healing/1" in legal(state)
    state = unanswered(act(state, "use healing/1"))
    assert top(state) == ("end_window", 0)  # still its window (more 戦略 cards may follow) until it passes
    state = act(state, "pass")
    assert len(state.players[0].hand) == 4 and not any(f.kind == "discard" and f.seat == 0 for f in state.stack
                                                         if len(state.players[0].hand) > 4)


def test_kal_ex_48_small_hand_no_change() -> None:
    """KAL-EX-48, KAL-RUL-58: a hand of 2 with max mana 4: nothing drawn or discarded."""
    state = table([SABER, RIDER])
    state.players[0].hand = ["gandr/1", "gandr/2"]
    state.drawn_in.update({"gandr/1": 0, "gandr/2": 0})
    state = next_turn(state)
    assert len(state.players[0].hand) == 2 + 1  # the lurk supply only


def test_kal_rul_10_lurk_ends_with_turn() -> None:
    """KAL-RUL-10: the sideways master card turns upright at the end of the turn."""
    state = act(table([SABER, RIDER]), "lurk")
    assert state.players[0].lurking
    assert not next_turn(state).players[0].lurking


def test_kal_141_143_144_154_spells_any_decision() -> None:
    """KAL-141, KAL-143, KAL-144, KAL-154: command spells in every decision of the seat; one use = one effect."""
    state = table([SABER, RIDER])
    assert {"spell draw", "spell boost", "spell heal"} <= set(legal(state))
    state = act(state, "spell heal")
    assert state.players[0].spells == 1 and top(state) == ("action", 0)
    state = act(state, "spell heal")
    assert state.players[0].spells == 0 and not any(o.startswith("spell") for o in legal(state))


def test_kal_145_ex_42_spell_one_draws_three() -> None:
    """KAL-145, KAL-EX-42: 2 spells, ①: draw 3, 1 left."""
    state = table([SABER, RIDER])
    state = act(state, "spell draw")
    assert len(state.players[0].hand) == 4 and state.players[0].spells == 1


def test_kal_146_147_148_ex_39_rul_47_spell_two_cancels_damage() -> None:
    """KAL-146, KAL-147, KAL-148, KAL-EX-39, KAL-RUL-47: HP 4 facing 5 damage: ② keeps HP 4, ends the phase,
    costs no HP."""
    state = duel()
    modify(state, 0, "attack", 2)  # 6 against 1: 5
    state.players[1].hp = 4
    state = act(state, "attack normal")
    assert top(state) == ("respond", 1) and "spell retreat" in legal(state)
    state = act(state, "spell retreat")
    assert state.players[1].hp == 4 and state.battle is None and state.players[1].spells == 1


def test_kal_149_151_ex_41_spell_three() -> None:
    """KAL-149, KAL-150, KAL-151, KAL-EX-41, KAL-RUL-51: ③ gives the servant +3/+3 (normal, defence, servant NP)
    for the battle phase, not the master's attacks; values return afterwards."""
    from bouts.games.kaleido.timings import attack_power, defence_power

    state = duel([LANCER_B, RIDER])  # Bazett (master NP 6) + Lancer (4/2, Gáe Bolg 7)
    state = act(state, "spell boost")
    assert (attack_power(state, 0, "normal"), defence_power(state, 0)) == (7, 5)
    assert attack_power(state, 0, "gae_bolg") == 10 and attack_power(state, 0, "fragarach") == 6
    state = resolve(act(state, "attack normal"))
    state = quiet_until(state, "retreat", 0)
    state = act(state, "retreat")
    assert (attack_power(state, 0, "normal"), defence_power(state, 0), attack_power(state, 0, "gae_bolg")) == (4, 2, 7)


def test_kal_rul_50_spell_three_stacks() -> None:
    """KAL-RUL-50: two uses of ③ in one battle phase give +6/+6."""
    from bouts.games.kaleido.timings import attack_power

    state = duel()
    state = act(act(state, "spell boost"), "spell boost")
    assert attack_power(state, 0, "normal") == 4 + 6


def test_kal_152_rul_53_spell_three_for_the_summoned_servant() -> None:
    """KAL-152, KAL-RUL-53: with Caster's summon out, ③ also boosts the summoned Assassin's attack."""
    from bouts.games.kaleido.timings import attack_power

    state = table([CASTER, RIDER], turn_fates=(1, NEUTRAL))
    state = act(state, "act")
    state = act(state, "ability summon_assassin")
    while top(state)[0] == "pay":
        state = act(state, legal(state)[0])
    state = unanswered(state)
    assert state.players[0].summoned
    state = quiet_until(state, "attack", 0)
    assert "attack assassin_strike" in legal(state)
    state = act(state, "spell boost")
    assert attack_power(state, 0, "assassin_strike") == 5 + 3


def test_kal_153_ex_43_rul_49_spell_four_heals_five() -> None:
    """KAL-153, KAL-EX-43, KAL-RUL-49: printed 10, HP 7, ④: 12 by default, 10 with the cap option."""
    for option, expected in ((False, 12), (True, 10)):
        state = table([SABER, RIDER], options={"command_spell_heal_capped": option})
        state.players[0].hp = 7
        assert act(state, "spell heal").players[0].hp == expected


def test_kal_163_ex_44_effects_never_exceed_printed_hp() -> None:
    """KAL-163, KAL-EX-44: printed 10, HP 8, a card heals: HP 10."""
    state = table([SABER, RIDER])
    give(state, 0, "healing/1")
    state.players[0].hp = 8
    assert unanswered(act(state, "use healing/1")).players[0].hp == 10


def test_kal_155_156_ex_40_hp_conversion() -> None:
    """KAL-155, KAL-156, KAL-EX-40: HP 2: illegal; HP 3: HP 1 and one more card."""
    state = table([SABER, RIDER])
    state.players[0].hp = 2
    assert "convert" not in legal(state)
    state.players[0].hp = 3
    state = act(state, "convert")
    assert state.players[0].hp == 1 and len(state.players[0].hand) == 2


def test_kal_ex_45_one_effect_per_spell() -> None:
    """KAL-EX-45, KAL-144: a use applies exactly one of ① to ④."""
    state = table([SABER, RIDER])
    state.players[0].hp = 5
    after = act(state, "spell draw")
    assert after.players[0].hp == 5 and len(after.players[0].hand) == 4 and not after.effects


def test_kal_142_rul_46_special_action_before_effects() -> None:
    """KAL-142, KAL-RUL-46: a special action resolves at once, inside a window, before the pending attack."""
    state = duel()
    modify(state, 0, "attack", 8)  # 12 against 2: 10
    state = act(state, "attack normal")
    state = act(state, "spell heal")  # resolves now, before 【ダメージ決定】
    assert state.players[1].hp == 15 and top(state) == ("respond", 1)
    state = act(state, "pass")
    assert top(state) == ("respond", 0)  # a move was made: the attacker may answer (KAL-103, KAL-RUL-28)
    state = act(state, "pass")
    assert state.players[1].hp == 15 - 10


def test_kal_rul_48_spell_after_damage_before_death_check() -> None:
    """KAL-RUL-48: HP 0 or less after damage: a command spell ④ before 【死亡判定】 saves the servant."""
    state = duel()
    modify(state, 0, "attack", 5)  # 9 against 2: 7
    state.players[1].hp = 6
    state = act(act(state, "attack normal"), "pass")
    assert top(state) == ("last", 1) and state.players[1].hp == -1
    state = act(state, "spell heal")
    assert state.players[1].alive and state.players[1].hp == 4


def test_kal_rul_52_intervener_boosts_itself() -> None:
    """KAL-RUL-52: an intervener may use command spell ③ on its own intervention."""
    from bouts.games.kaleido.timings import attack_power

    state = table([SABER, RIDER, ASSASSIN], turn_fates=(1, NEUTRAL, 2))
    state.players[2].hand += ["gandr/1", "gandr/2"]
    state.drawn_in.update({"gandr/1": 0, "gandr/2": 0})
    state = quiet_until(state, "attack", 0)
    assert attack_power(state, 2, "zabaniya") == 8
    decision = Decision.make(2, "intervene")
    assert any(str(a) == "spell boost" for a in special_actions(state, decision))


def test_kal_rul_14_accumulation_pays_for_intervention() -> None:
    """KAL-RUL-14: an intervener may spend accumulation cards (it is a battle phase)."""
    from bouts.games.kaleido.mana import mana_available

    state = table([SABER, RIDER, ASSASSIN], turn_fates=(1, NEUTRAL, 2))
    state.players[2].accumulation = ["gandr/1"]
    state.drawn_in["gandr/1"] = 0
    state = quiet_until(state, "attack", 0)
    assert mana_available(state, 2) == len(state.players[2].hand) + 2


def test_kal_rul_55_same_cards_stack() -> None:
    """KAL-RUL-55: two copies of a card stack."""
    from bouts.games.kaleido.timings import attack_power

    state = duel()
    give(state, 0, "reinforcement/5", "reinforcement/6")
    for _ in range(2):
        card = next(o for o in legal(state) if o.startswith("use reinforcement"))
        state = act(state, card)
        state = act(state, "pass") if top(state)[0] == "counter" else state
    assert attack_power(state, 0, "normal") == 4 + 4


def test_kal_157_161_167_170_card_anatomy_in_view() -> None:
    """KAL-157, KAL-161, KAL-167, KAL-170: masters show max mana, rank and abilities; servants HP, 攻撃,
    防御, abilities and NPs with their effects; fate cards a location."""
    state = duel([BERSERKER, SABER])
    view = GAME.view(state, 1)
    me = view["players"][0]
    assert (me["max_mana"], me["mana_rank"], me["hp"], me["attack"], me["defence"]) == (5, 2, 10, 4, 2)
    assert any("十二の試練" in tr(a, "ja") and "宝具/防御" in tr(a, "ja") for a in me["abilities"])
    assert any("Noble Phantasm (defence), damage -" in tr(a, "en") for a in me["abilities"])
    assert tr(view["battle"]["field"]["name"], "ja") == "言峰教会"


def test_kal_rul_08_lurking_player_intervenes() -> None:
    """KAL-RUL-08: a lurking player may intervene (intervening is not participating)."""
    state = table([SABER, RIDER, ASSASSIN], turn_fates=(1, NEUTRAL, 2))
    state.players[2].hand += ["gandr/1", "gandr/2"]
    state.drawn_in.update({"gandr/1": 0, "gandr/2": 0})
    state = quiet_until(state, "action", 2)
    state = act(state, "lurk")
    state = quiet_until(state, "intervene", 2)
    assert any(o.startswith("intervene 2 zabaniya") for o in legal(state))


def test_spell_retreat_only_for_participants() -> None:
    """KAL-146, KAL-RUL-47: command spell ② is a participant's; not in the strategy part."""
    assert "spell retreat" not in legal(table([SABER, RIDER]))
    assert "spell retreat" in legal(duel())
