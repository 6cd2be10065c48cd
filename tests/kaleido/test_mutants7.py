"""Mutation survivors of issues 23 and 27 (kaleido), killed by seeded games played through ``apply``.

Each scene is a seeded game of the reference content: chance steps from ``sample_chance`` and decisions drawn
from the legal actions by a seeded ``random.Random`` (optionally leaning towards using cards and abilities), up to
a fixed step where the situation arises. Each test names the mutant it kills; each was applied by hand and seen
failing (README, "Mutation testing")."""

from __future__ import annotations

import random

from bouts.core import CHANCE
from bouts.games.kaleido.state import KaleidoState
from tests.kaleido.helpers import GAME

USING = ("use", "clash", "guard", "ability", "counter")
"""What a leaning player prefers (7 times in 10) when it is offered."""


def scene(seed: int, seats: int, steps: int, lean: bool = False, spells: bool = True) -> KaleidoState:
    """The reference content's game of ``seed`` after ``steps`` actions (chance steps included); ``spells``
    False: nobody draws a command spell (they are kept for the test's own move)."""
    state = GAME.setup(seats, None, None, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = GAME.to_act(state)[0]
        if seat == CHANCE:
            state = GAME.apply(state, seat, GAME.sample_chance(state, rng))
            continue
        options = GAME.legal_actions(state, seat)
        if not spells:
            options = tuple(a for a in options if a.verb != "spell") or options
        using = [a for a in options if a.verb in USING] if lean else []
        choice = rng.choice(using) if using and rng.random() < 0.7 else rng.choice(options)
        state = GAME.apply(state, seat, choice)
    return state


def legal(state: KaleidoState) -> list[str]:
    return [str(a) for a in GAME.legal_actions(state, GAME.to_act(state)[0])]


def passing(state: KaleidoState, kinds: tuple[str, ...]) -> KaleidoState:
    """Everyone passes while the decision on top is one of ``kinds``."""
    while GAME.to_act(state) and state.stack[-1].kind in kinds:
        state = GAME.apply(state, GAME.to_act(state)[0], "pass")
    return state


def test_nominated_player_is_offered_an_ambush_and_an_evade_card() -> None:
    """KAL-128, KAL-RUL-18: nominated while holding 奇襲 (ambush) and two 回避 (dispersal), one card of each 特殊 kind
    is offered before the nomination is established (beside the 戦闘 cards; never the 対抗 card); 回避 used there
    stops it (no battle, no draw). Kills the ``nominated_menu`` mutants that offer only the first 特殊 card's kind,
    every copy of a kind, or cards of other timings."""
    state = scene(121, 3, 56, lean=True)
    assert state.stack[-1].kind == "nominated" and GAME.to_act(state) == (0,)
    assert {"ambush/1", "dispersal/1", "dispersal/2", "counter_magic/1"} <= set(state.players[0].hand)
    assert legal(state) == ["pass", "use ambush/1", "use dispersal/1", "use binding_curse/2", "use gandr/2",
                            "use barrier/2", "use reinforcement/3", "use weakening/3", "use mana_release/1", "convert"]
    state = passing(GAME.apply(state, 0, "use dispersal/1"), ("counter",))
    assert state.battle is not None and state.battle.void  # 回避 resolved: the nomination will not stand
    assert state.stack[-1].kind == "nominated" and "use ambush/1" in legal(state)
    state = passing(state, ("nominated",))
    assert state.battle is None and any(e.kind == "not_established" for e in state.events)


def test_an_ability_heals_its_user() -> None:
    """KAL-163, KAL-121: Kirei (15 of 25 HP) uses 治癒の秘蹟 (HP +3, cost 1) in a battle step window and pays; it
    resolves at once: 18 HP, and the log says so. Kills ``_resolve_ability``'s heal mutants (the fixture pack the
    rule tests use has no healing ability, so nothing reached that branch)."""
    state = scene(37, 3, 50)
    assert GAME.to_act(state) == (2,) and state.players[2].master == "kotomine_kirei"
    assert state.players[2].hp == 15 and "ability sacrament" in legal(state)
    state = GAME.apply(state, 2, "ability sacrament")
    assert state.stack[-1].kind == "pay" and state.players[2].hp == 15
    state = GAME.apply(state, 2, "pay accumulation")
    assert state.players[2].hp == 18
    heal = [e for e in state.events if e.kind == "heal"][-1]
    assert heal.data == {"seat": 2, "hp": 3} and "KAL-163" in heal.clauses


def answered(base: KaleidoState, seat: int, answer: str, defender: int) -> int:
    """The defender's HP once the damage is dealt, after ``seat`` answers the 対抗 window with ``answer`` and
    everyone passes."""
    state = GAME.apply(base, seat, answer)
    for _ in range(50):
        if not GAME.to_act(state) or state.battle is None or state.battle.strike is None \
                or "pass" not in legal(state):
            break
        state = GAME.apply(state, GAME.to_act(state)[0], "pass")
    return int(state.players[defender].hp)


def test_a_countered_guard_np_reduces_no_damage() -> None:
    """KAL-126, KAL-096, KAL-165: the defender answers with the guard Noble Phantasm 偽り写し記す万象 (damage -5); the
    attacker counters it with 対抗魔術: the guard does nothing, and the defender takes the whole damage (7, against 2
    when it stands). Kills ``_resolve_answer``'s mutants that keep a countered guard."""
    base = scene(0, 4, 344, lean=True)
    frame = base.stack[-1]
    assert frame.kind == "counter" and frame.get("card") == "np:verg_avesta:2" and GAME.to_act(base) == (3,)
    assert base.battle is not None and base.battle.strike is not None
    assert base.battle.strike.guard == "verg_avesta" and base.players[2].hp == 5
    assert answered(base, 3, "counter counter_magic/1", 2) == 5 - 7
    assert answered(base, 3, "pass", 2) == 5 - 2


def test_a_countered_clash_np_takes_nothing_off_the_attack() -> None:
    """KAL-126, KAL-090, KAL-092: the defender clashes with the Noble Phantasm 王の財宝 against an attack with
    約束された勝利の剣; the attacker counters it with 対抗魔術: the clash does nothing, and the defender takes the
    whole damage (13, against 4 when the clash stands). Kills ``_resolve_answer``'s mutants that keep a countered
    clash (or clear the guard slot instead)."""
    base = scene(337, 3, 183, lean=True)
    frame = base.stack[-1]
    assert frame.kind == "counter" and frame.get("card") == "np:gate_of_babylon:1" and GAME.to_act(base) == (0,)
    assert base.battle is not None and base.battle.strike is not None
    assert base.battle.strike.clash == "gate_of_babylon" and base.battle.strike.method == "excalibur"
    assert base.players[1].hp == 1
    assert answered(base, 0, "counter counter_magic/4", 1) == 1 - 13
    assert answered(base, 0, "pass", 1) == 1 - 4


def cards_in_play(state: KaleidoState) -> list[str]:
    """Every magic card instance somewhere: deck, discard, hands, strategy cards, accumulations, cards in effect
    and cards used but not yet resolved."""
    found = [*state.deck, *state.discard]
    for p in state.players:
        found += [*p.hand, *p.accumulation, *([p.strategy] if p.strategy else [])]
    found += [e.card for e in state.effects if e.card]
    found += [f.get("card") for f in state.stack if f.kind == "resolve_use" and not f.get("strategy")]
    return found


def test_a_card_whose_target_retreats_before_it_resolves_is_discarded() -> None:
    """KAL-135, KAL-146, KAL-RUL-47, KAL-126: seat 0 uses 束縛の呪い from hand on seat 1; in the 対抗 window seat 1
    retreats with command spell ②, which ends the battle phase before the card resolves: the card takes no effect
    and goes to the discard, and no card leaves the game. (Before the fix the battle's end dropped the card's
    pending resolution with the card: it was in no pile at all.) The ``apply_card`` branch for a gone target is
    not reached this way (the battle's end takes the resolution away), which makes its `None` mutant equivalent."""
    state = scene(0, 2, 79, lean=True, spells=False)
    frame = state.stack[-1]
    assert frame.kind == "counter" and frame.get("card") == "binding_curse/3" and GAME.to_act(state) == (1,)
    assert state.stack[-2].kind == "resolve_use" and "spell retreat" in legal(state)
    total = sorted(cards_in_play(state))
    assert len(total) == len(set(total)) == len(state.catalog.deck)
    state = GAME.apply(state, 1, "spell retreat")
    assert state.battle is None and "binding_curse/3" in state.discard and None not in state.discard
    assert all(e.card != "binding_curse/3" for e in state.effects)
    assert sorted(cards_in_play(state)) == total
