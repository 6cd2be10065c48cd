"""Every game's fixed action index and observation tensor (games/<id>/encoding.py, docs/encoding.md)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import bouts
from bouts.core import CHANCE, IllegalAction
from tests.conformance.cases import Case
from tests.rl.cases import ENCODED_CASES, case_params, has_encoding


@pytest.mark.parametrize("game_id", bouts.games())
def test_every_registered_game_has_an_encoding(game_id: str) -> None:
    """A new game cannot silently skip the RL adapters: it must bring games/<id>/encoding.py."""
    assert has_encoding(game_id), f"{game_id} has no encoding module (games/{game_id}/encoding.py, docs/encoding.md)"


def decisions(case: Case, seed: int, limit: int = 400) -> Any:
    """(state, seat) at each decision of a random playout, chance by the game's sampler."""
    game = case.game
    rng = random.Random(seed)
    state = game.setup(case.seats, case.options, None, seed)
    for _ in range(20_000):
        acting = game.to_act(state)
        if not acting or limit <= 0:
            return
        seat = rng.choice(acting)
        if seat == CHANCE:
            state = game.apply(state, seat, game.sample_chance(state, rng))
            continue
        limit -= 1
        yield state, seat, rng
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))


@pytest.mark.parametrize("case", case_params(ENCODED_CASES))
def test_action_index_round_trips_and_mask_matches_legal_actions(case: Case) -> None:
    game = case.game
    encoding = game.encoding(case.seats, case.options, None)
    for state, seat, _ in decisions(case, seed=1):
        legal = game.legal_actions(state, seat)
        mask = encoding.legal_mask(state, seat)
        assert sum(mask) == len(legal), f"{case}: the mask must mark each legal action once"
        for action in legal:
            index = encoding.encode(action)
            assert mask[index] == 1
            assert encoding.decode(state, seat, index) is action
            assert encoding.action_string(index).split()[0] == str(action).split()[0]
        observation = encoding.observe(game.view(state, seat))
        assert len(observation) == encoding.observation_size
        assert all(0.0 <= x < 1e4 for x in observation), f"{case}: features are scaled, never negative"


@pytest.mark.parametrize("case", case_params(ENCODED_CASES))
def test_tensors_equal_over_determinizations_of_a_view(case: Case) -> None:
    """No tensor holds what the view hides: two determinizations of a seat's view give its tensor."""
    game = case.game
    encoding = game.encoding(case.seats, case.options, None)
    for step, (state, _, rng) in enumerate(decisions(case, seed=2, limit=120)):
        if step % 6:
            continue
        for seat in range(case.seats):
            tensor = encoding.observe(game.view(state, seat))
            for _ in range(2):
                other = game.determinize(state, seat, random.Random(rng.random()))
                assert encoding.observe(game.view(other, seat)) == tensor, f"{case} step {step} seat {seat}"


@pytest.mark.parametrize("case", case_params(ENCODED_CASES))
def test_illegal_indices_are_refused_and_change_nothing(case: Case) -> None:
    game = case.game
    encoding = game.encoding(case.seats, case.options, None)
    for step, (state, seat, _) in enumerate(decisions(case, seed=3, limit=60)):
        if step % 10:
            continue
        mask = encoding.legal_mask(state, seat)
        before = game.view(state, None), game.view(state, seat), game.to_act(state)
        illegal = next((i for i, m in enumerate(mask) if not m), None)
        if illegal is not None:
            with pytest.raises(IllegalAction, match="is not a legal action"):
                encoding.decode(state, seat, illegal)
        with pytest.raises(IllegalAction, match="out of range"):
            encoding.decode(state, seat, encoding.num_actions)
        assert (game.view(state, None), game.view(state, seat), game.to_act(state)) == before


def test_encoding_is_built_once_per_match_settings() -> None:
    game = bouts.game("swordplay")
    assert game.encoding(2, {}, None) is game.encoding(2, {}, None)
    assert game.encoding(3, {}, None) is not game.encoding(2, {}, None)


def test_fgo_skill_paid_by_removing_a_skill_card_has_an_index() -> None:
    """FGO's ``skill <s> pay:<p>`` (NP paid by removing Merlin's 夢幻のカリスマ) is in the fixed index: the
    random advanced game of seed 44 reaches such a decision, and every legal action there encodes and
    decodes back."""
    game = bouts.game("fgo_duel")
    options = {"advanced": True}
    encoding = game.encoding(2, options, None)
    rng = random.Random(44)
    state = game.setup(2, options, None, 44)
    paying = []
    while game.to_act(state) and not paying:
        seat = rng.choice(game.to_act(state))
        if seat == CHANCE:
            state = game.apply(state, seat, game.sample_chance(state, rng))
            continue
        legal = game.legal_actions(state, seat)
        paying = [a for a in legal if "pay:" in str(a)]
        if not paying:
            state = game.apply(state, seat, rng.choice(legal))
    assert paying, "seed 44 no longer reaches a skill paid by removal: pick another seed"
    for action in game.legal_actions(state, seat):
        assert encoding.decode(state, seat, encoding.encode(action)) == action
