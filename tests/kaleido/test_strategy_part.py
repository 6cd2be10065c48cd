"""Strategy part and magic-card use (KAL-036..KAL-066, KAL-123..KAL-140, KAL-RUL-07..16, KAL-EX-07..15)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bouts.core import CHANCE, IllegalAction
from bouts.core.i18n import tr
from bouts.games.kaleido.strategy_part import supply_count
from tests.kaleido.helpers import (
    ARCHER,
    CASTER,
    GAME,
    PACK,
    RIDER,
    SABER,
    act,
    deck,
    fates,
    give,
    legal,
    next_turn,
    quiet_until,
    table,
    top,
    unanswered,
)


def test_kal_036_037_rul_07_four_steps_one_player_at_a_time() -> None:
    """KAL-036, KAL-037, KAL-RUL-07: ① action ② supply ③ strategy ④ accumulation, one player after another."""
    state = table([SABER, RIDER])
    assert top(state) == ("action", 0)
    state = act(state, "act")
    assert len(state.players[0].hand) == 3  # ② ran
    assert top(state) == ("set", 0)
    state = act(state, "no_strategy")
    assert top(state) == ("accumulate", 0)
    state = act(state, "no_accumulation")
    assert top(state) == ("action", 1)


def test_kal_038_039_045_lurk_or_normal_action() -> None:
    """KAL-038, KAL-039, KAL-045: the choice is lurk or normal action; lurking turns the master sideways."""
    state = table([SABER, RIDER])
    assert {"act", "lurk"} <= set(legal(state))
    lurking = act(state, "lurk")
    assert lurking.players[0].lurking and GAME.view(lurking, 1)["players"][0]["lurking"]
    assert not act(state, "act").players[0].lurking


def test_kal_042_047_048_ex_07_mana_supply(tmp_path: Path) -> None:
    """KAL-042, KAL-047, KAL-048, KAL-159, KAL-EX-07: a rank-3 master (fixture pack) draws 3 acting, 1 lurking."""
    pack = tmp_path / "pack"
    shutil.copytree(PACK, pack)
    masters = (pack / "masters.toml").read_text()
    start = masters.index('id = "illyasviel"')
    masters = masters[:start] + masters[start:].replace("mana_rank = 2", "mana_rank = 3", 1)
    (pack / "masters.toml").write_text(masters)
    state = GAME.setup(2, None, str(pack), 0)
    state = GAME.apply(state, CHANCE, fates(1, 2))
    state = act(act(state, "master illyasviel"), "master matou_sakura")
    state = GAME.apply(state, CHANCE, deck())
    state = GAME.apply(state, CHANCE, fates(1, 2, pool=8))
    assert len(act(state, "act").players[0].hand) == 1 + 3
    assert len(act(state, "lurk").players[0].hand) == 1 + 1


def test_kal_043_rul_11_ancient_magus_works_while_lurking() -> None:
    """KAL-043, KAL-RUL-11: 古代の魔術士 (Caster) adds 1 to the supply, lurking too (cap of 1 applied first)."""
    state = table([CASTER, RIDER])
    lurking = act(state, "lurk")
    assert supply_count(lurking, 0) == 2 and len(lurking.players[0].hand) == 3
    assert len(act(state, "act").players[0].hand) == 1 + 2 + 1


def test_kal_044_052_ex_08_rul_09_lurk_no_strategy_card_but_accumulate() -> None:
    """KAL-044, KAL-052, KAL-EX-08, KAL-RUL-09: a lurker cannot set a strategy card but may accumulate."""
    state = act(table([SABER, RIDER]), "lurk")
    assert top(state) == ("accumulate", 0)  # ③ is skipped: the window would decide nothing
    with pytest.raises(IllegalAction):
        act(state, f"set {state.players[0].hand[0]}")
    state = act(state, f"accumulate {state.players[0].hand[0]}")
    assert len(state.players[0].accumulation) == 1


def test_kal_040_041_046_ex_09_lurker_has_no_battle_but_can_be_nominated() -> None:
    """KAL-040, KAL-041, KAL-046, KAL-EX-09, KAL-RUL-17: P1 lurks, P2 acts and may nominate P1."""
    state = table([SABER, RIDER, ARCHER])
    state = act(state, "lurk")
    state = quiet_until(state, "nominate")
    assert top(state)[1] == 1  # the lurker had no battle phase of its own
    assert "nominate 1" in legal(state) and "nominate 2" not in legal(state)


def test_kal_049_050_051_strategy_card_face_up() -> None:
    """KAL-049, KAL-050, KAL-051: one card face up, or none; it is public."""
    state = act(table([SABER, RIDER]), "act")
    assert "no_strategy" in legal(state)
    card = state.players[0].hand[0]
    state = act(state, f"set {card}")
    assert state.players[0].strategy == card
    assert GAME.view(state, 1)["players"][0]["strategy"]["id"] == card
    assert top(state) == ("accumulate", 0)  # no second strategy card


def test_kal_055_056_057_058_ex_13_rul_12_accumulation_limits() -> None:
    """KAL-055, KAL-056, KAL-057, KAL-058, KAL-EX-13, KAL-RUL-12:
    1 a turn, at most 2 at once; after spending one, legal again."""
    state = act(table([SABER, RIDER]), "act")
    state = act(state, "no_strategy")
    state = act(state, f"accumulate {state.players[0].hand[0]}")
    assert top(state) == ("action", 1)  # one per turn: the window closes
    assert GAME.view(state, 1)["players"][0]["accumulation"] == 1  # face down: only the count
    from bouts.games.kaleido.strategy_part import can_accumulate

    player = state.players[0]
    player.accumulated = False
    player.accumulation.append(player.hand.pop())
    assert not can_accumulate(state, 0)
    player.accumulation.pop()
    assert can_accumulate(state, 0)


def test_kal_rul_12_option_lifetime_cap() -> None:
    """KAL-RUL-12: the option counts the cap over the whole game."""
    from bouts.games.kaleido.strategy_part import can_accumulate

    state = table([SABER, RIDER], options={"accumulation_cap_lifetime": True})
    state.players[0].accumulated_ever = 2
    assert not can_accumulate(state, 0)


def test_kal_053_054_105_136_rul_29_strategy_card_outside_battle() -> None:
    """KAL-053, KAL-054, KAL-105, KAL-136, KAL-RUL-29: a non-participant uses its strategy card on a
    participant; the card stays."""
    state = table([SABER, RIDER, ARCHER])
    give(state, 2, "reinforcement/3")
    state = quiet_until(state, "set", 2)
    state = act(state, "set reinforcement/3")
    state = quiet_until(state, "intervene", 2)
    options = legal(state)
    assert "use reinforcement/3 1" in options and "use reinforcement/3 2" in options
    assert not any(o == "use reinforcement/3" for o in options)  # never on itself (KAL-119)
    state = act(state, "use reinforcement/3 1")
    while top(state)[0] == "counter":
        state = act(state, "pass")
    assert state.players[2].strategy == "reinforcement/3"
    assert any(e.target == 0 and e.value == 2 for e in state.effects)


def test_kal_059_063_ex_10_accumulation_pays_two_surplus_lost() -> None:
    """KAL-059, KAL-063, KAL-EX-10, KAL-RUL-13: an accumulation card pays a cost of 1; the surplus is lost."""
    state = table([SABER, RIDER])
    state.players[0].hand = []
    state.players[0].accumulation = ["gandr/1"]
    state.drawn_in["gandr/1"] = 0
    state = quiet_until(state, "attack", 0)
    state.players[0].hand = []
    assert "ability mana_burst" in legal(state)
    state = act(state, "ability mana_burst")
    assert state.players[0].accumulation == [] and "gandr/1" in state.discard
    assert state.players[0].hand == [] and top(state) == ("attack", 0)
    assert any("surplus 1 lost" in e.text for e in GAME.events(state))


def test_kal_059_139_ex_11_accumulation_plus_hand_pays_three() -> None:
    """KAL-059, KAL-139, KAL-138, KAL-137, KAL-EX-11: a cost of 3 paid with 1 accumulation card + 1 hand card."""
    state = table([SABER, RIDER], turn_fates=(1, 3))
    state = quiet_until(state, "attack", 0)
    player = state.players[0]
    player.hand = ["gandr/1", "barrier/1"]
    player.accumulation = ["healing/1"]
    for c in ("gandr/1", "barrier/1", "healing/1"):
        state.drawn_in[c] = 0
    state = act(state, "attack excalibur")
    assert top(state) == ("pay", 0)
    state = act(state, "pay accumulation")
    assert top(state) == ("pay", 0) and state.stack[-1].get("due") == 1
    state = act(state, "pay gandr/1")
    assert state.players[0].hand == ["barrier/1"] and {"gandr/1", "healing/1"} <= set(state.discard)
    assert top(unanswered(state))[0] == "respond"


def test_kal_061_ex_12_rul_59_accumulation_not_in_strategy_phase() -> None:
    """KAL-061, KAL-EX-12, KAL-RUL-59: outside a battle phase accumulation cards pay nothing; costs are
    paid in full or not at all."""
    from bouts.games.kaleido.mana import can_pay, mana_available

    state = table([CASTER, RIDER])
    player = state.players[0]
    player.hand = ["gandr/1"]
    player.accumulation = ["healing/1"]
    assert mana_available(state, 0) == 1 and not can_pay(state, 0, 2)
    state = act(state, "act")  # draws 3: now 4 in hand
    assert "ability summon_assassin" in legal(state)
    state = act(state, "ability summon_assassin")
    assert "pay accumulation" not in legal(state)


def test_kal_060_062_ex_14_accumulation_effect_never_used() -> None:
    """KAL-060, KAL-062, KAL-EX-14: an accumulation card is never offered for use nor returned to hand."""
    state = table([SABER, RIDER])
    state = quiet_until(state, "attack", 0)
    state.players[0].accumulation = ["reinforcement/6"]
    state.drawn_in["reinforcement/6"] = 0
    assert not any("reinforcement/6" in o and not o.startswith("pay") for o in legal(state))
    state = act(state, "retreat") if "retreat" in legal(state) else state
    end = next_turn(state)
    assert end.players[0].accumulation == ["reinforcement/6"]  # still face down after the hand check
    assert "reinforcement/6" not in end.players[0].hand


def test_kal_064_116_accumulation_ignored_by_hand_check() -> None:
    """KAL-064, KAL-116: accumulation cards do not count toward max mana."""
    from bouts.games.kaleido.end_part import max_mana

    state = table([SABER, RIDER])
    state.players[0].accumulation = ["gandr/1", "gandr/2"]
    assert max_mana(state, 0) == 4
    assert GAME.view(state, 0)["players"][0]["hand"] == 1


def test_kal_065_124_134_135_strategy_cards_in_own_phase() -> None:
    """KAL-065, KAL-124, KAL-134, KAL-135, KAL-132: 戦略 cards are used from hand in one's own strategy
    phase; an instant goes to the discard at once, a ターン card stays on the field until the turn ends."""
    state = table([SABER, RIDER])
    give(state, 0, "healing/1", "bounded_field/1")
    state.players[0].hp = 5
    assert {"use healing/1", "use bounded_field/1"} <= set(legal(state))
    state = unanswered(act(state, "use healing/1"))
    assert state.players[0].hp == 8 and "healing/1" in state.discard
    state = unanswered(act(state, "use bounded_field/1"))
    assert "bounded_field/1" not in state.discard and any(e.card == "bounded_field/1" for e in state.effects)
    assert "use reinforcement/1" not in legal(state)  # a 戦闘 card is not usable here
    state = next_turn(state)
    assert "bounded_field/1" in state.discard  # KAL-129: gone at the end of the turn


def test_kal_066_special_np_in_strategy_phase() -> None:
    """KAL-066, KAL-165: a special-type Noble Phantasm usable in the strategy phase (Caster's summon)."""
    state = table([CASTER, RIDER])
    state = act(state, "act")
    assert "ability summon_assassin" in legal(state)


def test_kal_140_ex_15_spending_strategy_card_ends_effect() -> None:
    """KAL-140, KAL-EX-15: a strategy card with a running 戦闘 effect, spent as mana: the effect ends."""
    state = table([SABER, RIDER])
    state = quiet_until(state, "attack", 0)
    player = state.players[0]
    player.strategy = "mana_release/1"
    player.hand = []
    state.used_strategy = {}
    state = act(state, "use mana_release/1")
    while top(state)[0] == "counter":
        state = act(state, "pass")
    assert any(e.source == "strategy:mana_release/1" for e in state.effects)
    state = act(state, "ability mana_burst")
    state = act(state, "pay strategy") if top(state)[0] == "pay" else state
    assert not any(e.source == "strategy:mana_release/1" for e in state.effects)
    assert "mana_release/1" in state.discard and state.players[0].strategy is None


def test_kal_rul_15_strategy_card_not_again_while_in_effect() -> None:
    """KAL-RUL-15, KAL-118: the strategy card is not offered again while its effect runs (and, by default,
    once per phase)."""
    state = table([SABER, RIDER])
    state = quiet_until(state, "attack", 0)
    state.players[0].strategy = "mana_release/1"
    state = act(state, "use mana_release/1")
    while top(state)[0] == "counter":
        state = act(state, "pass")
    assert "use mana_release/1" not in legal(state)


def test_kal_rul_16_strategy_timing_card_not_in_own_battle() -> None:
    """KAL-RUL-16: a 戦略 strategy card is not usable in a battle its owner is in; a 戦闘 one is."""
    state = table([SABER, RIDER])
    state = quiet_until(state, "attack", 0)
    state.players[0].strategy = "healing/1"
    assert "use healing/1" not in legal(state)
    state.players[0].strategy = "barrier/1"
    state._legal = {}
    assert "use barrier/1" in legal(state)


def test_kal_125_battle_cards_only_in_own_battle() -> None:
    """KAL-125, KAL-103: 戦闘 cards from hand in one's own battle; not in the strategy phase."""
    state = table([SABER, RIDER])
    assert "use reinforcement/1" not in legal(state)
    state = quiet_until(state, "attack", 0)
    assert "use reinforcement/1" in legal(state)


def test_kal_127_rul_54_auto_card_as_strategy_card() -> None:
    """KAL-127, KAL-RUL-54: an automatic card in force all turn as the strategy card, only for its owner."""
    from bouts.games.kaleido.timings import defence_power

    state = table([SABER, RIDER])
    give(state, 0, "magic_crest/1")
    state = act(state, "act")
    before = defence_power(state, 0)
    state = act(state, "set magic_crest/1")
    assert defence_power(state, 0) == before + 1 and defence_power(state, 1) == 2


def test_kal_rul_54_auto_card_from_hand_in_own_strategy_phase() -> None:
    """KAL-RUL-54: an automatic card may be used from hand in its owner's strategy phase."""
    state = table([SABER, RIDER])
    give(state, 0, "fighting_spirit/1")
    assert "use fighting_spirit/1" in legal(state)


def test_kal_123_133_168_card_faces() -> None:
    """KAL-123, KAL-133, KAL-168: every card has 発動, 持続 and 効果; three ways to use a card."""
    state = table([SABER, RIDER], top_cards=("gandr/1",))
    card = GAME.view(state, 0)["hand"][0]
    assert (tr(card["name"], "ja"), card["timing"], card["duration"], tr(card["effect"], "ja")) == (
        "ガンド", "battle", "instant", "相手のHP-1")
    assert tr(card["effect"], "en") == "opponent's HP -1"
