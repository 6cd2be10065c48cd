"""The FGO Duel heuristic's move choice: the rollouts' one-pass choice (``_move``) weighs every move as the
scores a player can ask for (``move_scores``, behind ``hint``) do, from the same draws, and its shortcuts (best
battle totals kept by the kinds of the cards left, the expected defence counted from the seen cards) give the
totals worked out afresh."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from typing import Any

import pytest

import bouts
from bouts.core import CHANCE
from bouts.games.fgo_duel import strategy
from bouts.games.fgo_duel.battle import chip_bonus, valuer
from bouts.games.fgo_duel.state import FgoState, Phase

SETUPS = [{}, {"advanced": True}, {"map": "orleans"}, {"map": "orleans", "advanced": True}]


def action_decisions(options: dict[str, Any], seeds: range, phase: Phase = Phase.ACTION
                     ) -> Iterator[tuple[FgoState, int]]:
    """Every decision in ``phase`` (by default every move) of seeded games, the heuristic on both seats (with a
    random move now and then, so that unusual positions come up too)."""
    game = bouts.game("fgo_duel")
    for seed in seeds:
        rng = random.Random(seed)
        state = game.setup(2, options, None, seed)
        while game.to_act(state):
            seat = game.to_act(state)[0]
            if seat == CHANCE:
                action = game.sample_chance(state, rng)
            else:
                if state.phase is phase:
                    yield state, seat
                legal = game.legal_actions(state, seat)
                action = rng.choice(legal) if rng.random() < 0.1 else strategy.choose(game, state, seat, rng)
            state = game.apply(state, seat, action)


@pytest.mark.parametrize("options", SETUPS, ids=["basic", "advanced", "orleans", "orleans_advanced"])
def test_the_rollouts_move_is_the_best_scored_move_from_the_same_draws(options: dict[str, Any]) -> None:
    game = bouts.game("fgo_duel")
    checked = attacks = 0
    for state, seat in action_decisions(options, range(6)):
        legal = game.legal_actions(state, seat)
        enemy_master = state.board.master_areas[1 - seat]
        fast, table = random.Random(checked), random.Random(checked)
        chosen = strategy._move(state, seat, legal, fast)
        winning = [a for a in legal if a.args[1] == enemy_master]
        if winning:
            assert chosen is winning[0]
            assert fast.random() == table.random()  # no draw either way
            continue
        scores = strategy.move_scores(state, seat, legal, table)
        best = max(scores.values())
        assert chosen is next(a for a in legal if scores[a] == best)
        assert fast.getstate() == table.getstate()
        checked += 1
        attacks += any(f.enemy is not None for f in strategy.move_facts(state, seat, legal, random.Random(0)).values())
    assert checked > 100 and attacks > 20


@pytest.mark.parametrize("options", SETUPS[:2], ids=["basic", "advanced"])
def test_the_best_totals_left_after_paying_are_the_totals_worked_out_afresh(options: dict[str, Any]) -> None:
    game = bouts.game("fgo_duel")
    compared = 0
    for state, seat in action_decisions(options, range(6, 12)):
        hand = state.masters[seat].hand
        occupants = {f.area: f.servant for f in state.masters[1 - seat].party if f.area is not None}
        attacks = strategy._Attacks(state, seat, state.board.master_areas[seat])
        for act in game.legal_actions(state, seat):
            servant_id, area, card = act.args
            enemy = occupants.get(area)
            if enemy is None:
                continue
            afresh = strategy._best_total(state, seat, [c for c in hand if c != card], servant_id, enemy)
            assert attacks.best_without(servant_id, enemy, card) == afresh
            compared += 1
    assert compared > 50


def test_the_expected_defence_is_counted_from_the_unseen_cards() -> None:
    compared = 0
    for state, seat in action_decisions({}, range(12, 16)):
        other = state.masters[1 - seat]
        seen = set(other.trash) | set(other.removed)
        unseen = [state.catalog.command(f"{s.servant}/{n}").power for s in other.party for n in range(1, 6)
                  if f"{s.servant}/{n}" not in seen]
        mean = sum(unseen) / max(1, len(unseen))
        assert strategy._expected_defence(state, seat) == 3 * mean + 2 + chip_bonus(other.chips)
        compared += 1
    assert compared > 50


@pytest.mark.parametrize("options", SETUPS[:2], ids=["basic", "advanced"])
def test_the_battle_cards_make_the_highest_total_spending_the_least_power(options: dict[str, Any]) -> None:
    game = bouts.game("fgo_duel")
    compared = ties = 0
    for state, seat in action_decisions(options, range(40, 56), Phase.BATTLE):
        legal = game.legal_actions(state, seat)
        attack = state.attack
        assert attack is not None and attack.defender is not None
        fighting, enemy = ((attack.attacker, attack.defender) if seat == state.turn
                           else (attack.defender, attack.attacker))
        value = valuer(state, seat, fighting, enemy)

        def spent(act: Any, catalog: Any = state.catalog) -> int:
            return sum(catalog.command(c).power for c in act.args)

        expected = max(legal, key=lambda a: (value(a.args), -spent(a)))
        assert strategy.choose(game, state, seat, random.Random(0)) is expected
        compared += len(legal) > 1
        top = value(expected.args)
        ties += len({spent(a) for a in legal if value(a.args) == top}) > 1  # the least power decides
    assert compared > 30 and ties > 0


@pytest.mark.parametrize("options", [SETUPS[0], SETUPS[2]], ids=["fuyuki", "orleans"])
def test_the_evaluation_weighs_the_win_conditions_as_the_table_shows_them(options: dict[str, Any]) -> None:
    """FGO-029..FGO-032: servants on the map, the nearest one's steps to the enemy master area (on the empty map)
    and the command cards left above four, each seat's total through a logistic (what ``evaluate`` reads
    through its kept tables, worked out here from the map's own lookups)."""
    game = bouts.game("fgo_duel")
    compared = 0
    for state, _ in action_decisions(options, range(20, 26)):
        game_map = state.map
        totals = []
        for seat in (0, 1):
            on_map = state.masters[seat].on_map()
            goal = game_map.master_area(1 - seat)
            steps = [_steps(game_map, s.area, goal) for s in on_map if s.area is not None]
            nearest = min(steps, default=10)
            cards = min(state.masters[seat].card_total - 4, strategy.CARD_CAP)
            tempo = strategy.TEMPO if seat == state.turn else 0.0
            totals.append(strategy.SERVANT_WEIGHT * len(on_map) - strategy.DISTANCE_WEIGHT * (nearest - tempo)
                          + strategy.CARD_WEIGHT * cards)
        first = 1.0 / (1.0 + math.exp(totals[1] - totals[0]))
        assert strategy.evaluate(game, state) == pytest.approx([first, 1.0 - first], abs=1e-12)
        compared += 1
    assert compared > 100


def _steps(game_map: Any, start: str, goal: str) -> int:
    """Steps from ``start`` to ``goal`` on the empty map, by a walk of the map's own links."""
    frontier, seen, steps = [start], {start}, 0
    while goal not in frontier:
        frontier = [b for a in frontier for b in game_map.neighbours(a) if b not in seen and not seen.add(b)]
        steps += 1
    return steps


@pytest.mark.parametrize("options", SETUPS[:2], ids=["basic", "advanced"])
def test_the_card_removed_is_a_destroyed_servants_else_the_weakest(options: dict[str, Any]) -> None:
    """FGO-071 (a short deck: a card of the trash removed from the game): the heuristic removes the first card of
    a destroyed servant, else the first of the least printed power, as the menu lists them."""
    game = bouts.game("fgo_duel")
    compared = destroyed = 0
    for state, seat in action_decisions(options, range(60, 90), Phase.REMOVE):
        legal = game.legal_actions(state, seat)
        on_map = {s.servant for s in state.masters[seat].on_map()}
        expected = min(legal, key=lambda a: (state.catalog.owner(a.args[0]) in on_map,
                                             state.catalog.command(a.args[0]).power))
        assert strategy.choose(game, state, seat, random.Random(0)) is expected
        compared += len(legal) > 1
        destroyed += any(state.catalog.owner(a.args[0]) not in on_map for a in legal)
    assert compared > 20 and destroyed > 0
