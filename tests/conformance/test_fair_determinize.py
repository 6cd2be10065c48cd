"""Fair search: `determinize` deals every unseen card uniformly over the places it could be (issue 18).

For every registered game that says which cards a seat cannot see (``Game.hidden_cards``: groups of
interchangeable cards by place), many determinizations of one position must put each unseen card in
each place of its group as often as a uniform deal would: ``places / cards``. A determinize that
keeps a hidden card near where it truly is (the sealed battle cards of FGO Duel came back 10 % of the
time) lets IS-MCTS peek. New games plug in by implementing ``hidden_cards``; a game with hidden information
that does not implement it fails here.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import bouts
from bouts.core import CHANCE
from tests.conformance.cases import CASES, Case

OBSERVER = 0
SAMPLES = 300
POSITIONS = 4


def first_cases() -> list[Case]:
    seen: dict[str, Case] = {}
    for case in CASES:
        if case.seats >= 2:
            seen.setdefault(case.game_id, case)
    return list(seen.values())


def positions(case: Case, seed: int) -> Iterator[tuple[Any, bool]]:
    """States in which the observer is to decide, from a random game; True when another seat's choice is sealed.

    At a sealed (simultaneous) decision the other seats choose first, so the observer faces their sealed choice.
    """
    game, rng = case.game, random.Random(seed)
    state = game.setup(case.seats, dict(case.options), None, seed)
    sealed = False
    for _ in range(3000):
        acting = game.to_act(state)
        if not acting:
            return
        if OBSERVER in acting:
            yield state, sealed
        if acting == (CHANCE,):
            state = game.apply(state, CHANCE, game.sample_chance(state, rng))
            sealed = False
            continue
        seat = max(acting)
        sealed = len(acting) > 1 and seat != OBSERVER
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))


def places_of(groups: list[dict[str, list[str]]]) -> dict[str, str]:
    return {card: place for group in groups for place, cards in group.items() for card in cards}


def check_fair(case: Case, state: Any, seed: int) -> int:
    """Run the check on one position; the number of (card, place) cells tested."""
    game = case.game
    groups = [g for g in game.hidden_cards(state, OBSERVER) or [] if len(g) > 1 and sum(map(len, g.values())) > 1]
    if not groups:
        return 0
    rng = random.Random(seed)
    counts: Counter[tuple[str, str]] = Counter()
    for _ in range(SAMPLES):
        dealt = places_of(game.hidden_cards(game.determinize(state, OBSERVER, rng), OBSERVER) or [])
        for group in groups:
            for cards in group.values():
                for card in cards:
                    counts[card, dealt.get(card, "(gone)")] += 1
    cells = 0
    for group in groups:
        size = sum(map(len, group.values()))
        for cards in group.values():
            for card in cards:
                assert counts[card, "(gone)"] == 0, f"{case}: {card} left its group's places"
                for place, there in group.items():
                    expected = len(there) / size
                    seen = counts[card, place] / SAMPLES
                    tolerance = 4.5 * math.sqrt(expected * (1 - expected) / SAMPLES) + 1 / SAMPLES
                    assert abs(seen - expected) <= tolerance, (
                        f"{case}: {card} is in '{place}' in {seen:.1%} of determinizations, "
                        f"a uniform deal gives {expected:.1%} ({len(there)} of {size} places)")
                    cells += 1
    return cells


@pytest.mark.parametrize("case", first_cases(), ids=lambda c: c.game_id)
def test_determinize_deals_unseen_cards_uniformly(case: Case) -> None:
    if case.game.hidden_cards(case.game.setup(case.seats, dict(case.options), None, 0), OBSERVER) is None:
        if not case.game.info.hidden_information:
            pytest.skip(f"{case.game_id} does not say which cards are hidden (Game.hidden_cards)")
        pytest.fail(f"{case.game_id} has hidden information but does not say which cards are hidden: "
                    "implement Game.hidden_cards (return [] if nothing is ever hidden, and say why)")
    checked = sealed_checked = 0
    for seed in range(6):
        last = -100
        for step, (state, sealed) in enumerate(positions(case, seed)):
            if not sealed and step - last < 25:
                continue
            cells = check_fair(case, state, seed * 1000 + step)
            if cells:
                checked += 1
                sealed_checked += sealed
                last = step
            if checked >= POSITIONS * (seed + 1) or (checked >= POSITIONS and sealed_checked):
                break
        if checked >= POSITIONS and (sealed_checked or not case.game.info.simultaneous):
            break
    assert checked, f"{case}: no position with unseen cards was found"
    if case.game.info.simultaneous and case.game_id == "fgo_duel":
        assert sealed_checked, "no position with a sealed battle choice was checked"


def test_fgo_true_sealed_battle_set_comes_back_no_more_than_a_fair_sample() -> None:
    """FGO determinize resampled the sealed battle cards from the hand alone: the true set came back 10 %."""
    case = next(c for c in first_cases() if c.game_id == "fgo_duel")
    game = bouts.game("fgo_duel")
    for seed in range(20):
        for state, sealed in positions(case, seed):
            battle = sorted(state.masters[1].battle)
            if sealed and len(battle) == 3 and len(state.masters[1].deck) >= 6:
                rng = random.Random(seed)
                same = sum(sorted(game.determinize(state, OBSERVER, rng).masters[1].battle) == battle
                           for _ in range(400))
                group = next(g for g in game.hidden_cards(state, OBSERVER) or [] if "seat 1 battle" in g)
                pool = sum(map(len, group.values()))
                fair = 1 / math.comb(pool, 3)  # each 3 of the group's cards equally likely in the battle places
                assert same / 400 <= fair + 0.02, f"the true sealed set came back {same / 400:.1%}, fair {fair:.1%}"
                return
    pytest.fail("no sealed FGO battle found")
