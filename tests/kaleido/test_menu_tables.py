"""The tables menus are made from (issue 27: made once per catalog or per seat) against the rules they stand for,
at every decision of seeded random games played through ``apply``."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from bouts.core import CHANCE
from bouts.core.decisions import Decision
from bouts.games.kaleido.battle_part import clash_options, guard_options
from bouts.games.kaleido.cards import HOSTILE_EFFECTS
from bouts.games.kaleido.command_spells import special_actions
from bouts.games.kaleido.mana import ability_cost, can_pay
from bouts.games.kaleido.state import KaleidoState
from bouts.games.kaleido.timings import (
    abilities_of,
    ability_uses,
    attack_methods,
    card_uses,
    context,
    counter_menu,
    in_effect,
    is_hostile_ability,
    is_targetable,
    natural_target,
    owned_abilities,
    strategy_counter,
)
from tests.kaleido.helpers import GAME, PACK

HAND_TIMINGS = {"strategy": {"strategy", "auto"}, "end": {"strategy"}, "battle": {"battle"}}
"""KAL-124, KAL-125, KAL-RUL-54: the timings of the hand cards usable in each context, as the rulebook has them."""


def _decisions(seats: int, content: str | None, games: int) -> list[tuple[KaleidoState, Decision]]:
    """Every decision of ``games`` seeded random games, played through ``apply`` (the path play uses)."""
    found = []
    for seed in range(games):
        rng = random.Random(seed)
        state = GAME.setup(seats, {}, GAME.load_content(content) if content else None, seed)
        for _ in range(3000):
            acting = GAME.to_act(state)
            if not acting:
                break
            seat = acting[0]
            if seat == CHANCE:
                action = GAME.sample_chance(state, rng)
            else:
                found.append((state, state.stack[-1]))
                action = rng.choice(GAME.legal_actions(state, seat))
            state = GAME.apply(state, seat, action)
    return found


def _hand_uses(state: KaleidoState, frame: Decision, where: str) -> list[str]:
    """The hand's card uses by the rules: the first copy of each kind whose timing is open (KAL-123..KAL-125); a
    hostile card on its natural target and on every other player it may name (KAL-119)."""
    player = state.players[frame.seat]
    if where in ("none", "outside"):
        return []
    found: list[str] = []
    kinds: set[str] = set()
    for card in player.hand:
        kind = card.partition("/")[0]
        if kind in kinds:
            continue
        kinds.add(kind)
        magic = state.catalog.magic[card]
        if magic.timing not in HAND_TIMINGS[where]:
            continue
        if magic.effect not in HOSTILE_EFFECTS:
            found.append(f"use {card}")
            continue
        natural = natural_target(state, frame.seat)
        if natural is not None:
            found.append(f"use {card}")
        found += [f"use {card} {t + 1}" for t in range(state.seats)
                  if t != frame.seat and t != natural and is_targetable(state, t)]
    return found


@pytest.mark.parametrize(("seats", "content"), [(2, None), (3, None), (5, PACK)])
def test_kal_124_card_uses_match_the_hand_and_the_open_timings(seats: int, content: str | None) -> None:
    """KAL-124, KAL-125, KAL-RUL-54, KAL-119: the per-catalog table of which hand card is usable where gives the
    uses the rules give, first copy of each kind first, at every decision where hand cards may be used."""
    checked = 0
    for state, frame in _decisions(seats, content, 12):
        where = context(state, frame)
        if where in ("none", "outside") or not state.players[frame.seat].hand:
            continue
        uses = [str(a) for a in card_uses(state, frame, where)]
        expected = _hand_uses(state, frame, where)
        assert uses[:len(expected)] == expected
        strategy = state.players[frame.seat].strategy
        assert all(use.split()[1] == strategy for use in uses[len(expected):])  # the strategy card's own uses
        checked += bool(expected)
    assert checked > 100


def _specials(state: KaleidoState, frame: Decision) -> list[str]:
    """Command spells and HP conversion by the rules: every spell while spells are left, ② only for a participant
    and not in the HP 0 window or mid-payment (KAL-141, KAL-RUL-47); conversion at HP 3 or more, not mid-payment
    (KAL-155, KAL-156); nothing for a fallen master (KAL-RUL-41)."""
    player = state.players[frame.seat]
    if not player.alive or player.servant is None:
        return []
    found = []
    if player.spells > 0:
        battle = state.battle
        found.append("spell draw")
        if battle is not None and battle.is_participant(frame.seat) and frame.kind not in ("last", "pay"):
            found.append("spell retreat")
        found += ["spell boost", "spell heal"]
    if player.hp >= 3 and frame.kind != "pay":
        found.append("convert")
    return found


@pytest.mark.parametrize("seats", [2, 3])
def test_kal_141_special_actions_match_spells_hp_and_the_decision(seats: int) -> None:
    """KAL-141, KAL-RUL-47, KAL-156: the eight made-once special-action menus give what the rules give."""
    kinds = set()
    for state, frame in _decisions(seats, None, 12):
        assert [str(a) for a in special_actions(state, frame)] == _specials(state, frame)
        kinds.add(tuple(_specials(state, frame)))
    assert len(kinds) >= 4  # spells or not, ② or not, conversion or not: half the table at least


def test_seat_labels_follow_the_catalog_of_the_match(tmp_path: Path) -> None:
    """A log's ``P1 (master)`` label is kept per seat and master id; a pack that names the same master otherwise
    gets its own label, whichever pack's match made one first."""
    renamed = tmp_path / "pack"
    shutil.copytree(PACK, renamed)
    masters = renamed / "masters.toml"
    masters.write_text(masters.read_text(encoding="utf-8").replace('name = "衛宮士郎"', 'name = "衛宮士郎 (renamed)"'),
                       encoding="utf-8")
    seen = set()
    for content in (PACK, str(renamed), PACK, str(renamed)):
        for seed in range(6):
            state = GAME.setup(2, {}, GAME.load_content(content), seed)
            rng = random.Random(seed)
            while any(p.master is None for p in state.players):
                seat = GAME.to_act(state)[0]
                action = GAME.sample_chance(state, rng) if seat == CHANCE \
                    else rng.choice(GAME.legal_actions(state, seat))
                state = GAME.apply(state, seat, action)
            for seat, player in enumerate(state.players):
                assert player.master is not None
                name = state.catalog.masters[player.master].name
                label = GAME.seat_name(state, seat)
                assert label.args == {"number": seat + 1, "master": name}
                assert name.get_text("ja") in label.render("ja")
                seen.add(label.render("ja"))
    assert any("renamed" in label for label in seen) and any("renamed" not in label and "衛宮士郎" in label
                                                              for label in seen)


def _ability_uses(state: KaleidoState, frame: Decision, where: str) -> list[str]:
    """Boosts, supports and special NPs by the rules: in one's own strategy phase or battle (KAL-121), with the
    timing open there, not used this turn nor still in effect (KAL-118), no second summon, paid in full
    (KAL-RUL-59, a battlefield's NP discount included, KAL-072), a curse only on a natural target (KAL-119)."""
    if where not in ("strategy", "battle"):
        return []
    seat = frame.seat
    player = state.players[seat]
    found = []
    for ability_id in abilities_of(state, seat):
        ability = state.catalog.abilities[ability_id]
        source = f"ability:{ability_id}:{seat}"
        if ability.kind not in ("boost", "support", "np_special") or ability.timing != where \
                or source in state.once or in_effect(state, source) \
                or (ability.effect == "summon" and player.summoned) \
                or not can_pay(state, seat, ability_cost(state, seat, ability_id)) \
                or (is_hostile_ability(state, ability_id) and natural_target(state, seat) is None):
            continue
        found.append(f"ability {ability_id}")
    return found


@pytest.mark.parametrize(("seats", "content"), [(2, None), (3, None), (5, PACK)])
def test_kal_121_ability_uses_match_the_rules(seats: int, content: str | None) -> None:
    """KAL-118, KAL-121, KAL-RUL-59: the per-seat table of timed abilities (their source names, costs and whether
    they summon, are Noble Phantasms or curses, made once per pair) gives the uses the rules give, at every
    decision of seeded games."""
    offered = 0
    for state, frame in _decisions(seats, content, 12):
        where = context(state, frame)
        expected = _ability_uses(state, frame, where)
        assert [str(a) for a in ability_uses(state, frame, where)] == expected
        offered += bool(expected)
    assert offered > 50


@pytest.mark.parametrize(("seats", "content"), [(2, None), (3, None), (5, PACK)])
def test_kal_084_owned_abilities_and_attack_methods_follow_the_pair_and_the_summon(seats: int,
                                                                                   content: str | None) -> None:
    """KAL-084, KAL-078, KAL-152: the abilities kept per master and servant are every seat's abilities at every
    decision (a summoned servant's included while it is out), and the attack methods and defence NPs read from
    them are those the seat can pay for (a battlefield's NP discount included)."""
    summoned = methods = 0
    for state, _frame in _decisions(seats, content, 12):
        for seat, player in enumerate(state.players):
            ids = abilities_of(state, seat)
            assert owned_abilities(state, seat) == tuple((a, state.catalog.abilities[a]) for a in ids)
            summoned += player.summoned
            for intervention in (False, True):
                expected = [a for a in ids if state.catalog.abilities[a].kind in ("special_attack", "np_attack")
                            and (state.catalog.abilities[a].intervene or not intervention)
                            and can_pay(state, seat, ability_cost(state, seat, a, intervening=intervention))]
                assert attack_methods(state, seat, intervention) == expected
                methods += bool(expected)
    assert summoned > 0 and methods > 100


@pytest.mark.parametrize(("seats", "content"), [(2, None), (3, None), (5, PACK)])
def test_kal_090_096_clash_and_guard_options_follow_the_pair_and_the_mana(seats: int, content: str | None) -> None:
    """KAL-090, KAL-091, KAL-096, KAL-165, KAL-072: the 相殺可 attack NPs and the defence NPs read from the facts kept
    per master and servant are, for every seat at every decision with an attack under way, those of its abilities
    the rules give (a clash only against a 相殺可 NP attack, none once chosen), and with ``payable`` only those it
    can pay for (a battlefield's NP discount included)."""
    clashes = guards = unpaid = 0
    for state, _frame in _decisions(seats, content, 12):
        battle = state.battle
        if battle is None or battle.strike is None:
            continue
        strike = battle.strike
        abilities = state.catalog.abilities
        used = abilities.get(strike.method)
        clash_open = strike.clash is None and used is not None and used.kind == "np_attack" and used.offset
        for seat in range(seats):
            ids = abilities_of(state, seat)
            clash = [a for a in ids if clash_open and abilities[a].kind == "np_attack" and abilities[a].offset]
            guard = [a for a in ids if strike.guard is None and abilities[a].kind == "np_defence"]
            assert clash_options(state, seat, strike, payable=False) == clash
            assert guard_options(state, seat, strike, payable=False) == guard
            assert clash_options(state, seat, strike) == [a for a in clash if can_pay(state, seat,
                                                                                     ability_cost(state, seat, a))]
            assert guard_options(state, seat, strike) == [a for a in guard if can_pay(state, seat,
                                                                                     ability_cost(state, seat, a))]
            clashes += bool(clash)
            guards += bool(guard)
            unpaid += len(guard_options(state, seat, strike)) + len(clash_options(state, seat, strike)) \
                < len(guard) + len(clash)
    assert clashes > 0 and guards > 100 and unpaid > 0


@pytest.mark.parametrize("seats", [2, 3])
def test_kal_126_counter_menus_offer_the_first_counter_card_in_hand(seats: int) -> None:
    """KAL-126, KAL-105, KAL-RUL-30: a 対抗 window offers the first 対抗 card of the hand (a participant's, or
    anyone's outside a battle phase) and a usable 対抗 strategy card; the per-catalog table of 対抗 cards gives
    just that at every 対抗 decision of seeded games."""
    offered = 0
    for state, frame in _decisions(seats, None, 12):
        if frame.kind != "counter":
            continue
        player = state.players[frame.seat]
        battle = state.battle
        expected = []
        if battle is None or battle.is_participant(frame.seat):
            expected = [f"counter {c}" for c in player.hand if state.catalog.magic[c].timing == "counter"][:1]
        if player.strategy is not None and strategy_counter(state, frame.seat):
            expected.append(f"counter {player.strategy}")
        assert [str(a) for a in counter_menu(state, frame)] == expected
        offered += bool(expected)
    assert offered > 20
