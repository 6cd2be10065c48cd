"""The OpenSpiel adapter: pyspiel's random_sim_test, OpenSpiel's ISMCTSBot, chance and resampling."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from bouts.rl import openspiel
from tests.conformance.cases import Case
from tests.rl.cases import ENCODED, ENCODED_CASES

NAMES = openspiel.register()


@pytest.mark.parametrize("case", [pytest.param(c, id=str(c)) for c in ENCODED_CASES
                                  if c.seats == c.game.variants()[c.variant].seats[0]])
def test_random_sim_test(case: Case) -> None:
    """pyspiel's own random simulation test, for every game and variant (at its fewest seats)."""
    game = pyspiel.load_game(f"bouts_{case.game_id}", {"players": case.seats, "variant": case.variant})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("game_id", ENCODED)
def test_ismcts_bot_plays_to_the_end(game_id: str) -> None:
    """OpenSpiel's own ISMCTSBot (RandomRolloutEvaluator) resamples through resample_from_infostate."""
    game = pyspiel.load_game(f"bouts_{game_id}")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bots = [ismcts.ISMCTSBot(game, evaluator, 2.0, max_simulations=2, random_state=np.random.RandomState(seat))
            for seat in range(game.num_players())]
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    assert set(state.returns()) <= {0.0, 1.0}


def test_game_type_comes_from_game_info() -> None:
    sao = pyspiel.load_game("bouts_sao", {"players": 2})
    assert sao.get_type().utility == pyspiel.GameType.Utility.IDENTICAL
    assert sao.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    fgo = pyspiel.load_game("bouts_fgo_duel")
    assert fgo.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert fgo.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    coop = pyspiel.load_game("bouts_swordplay", {"players": 3, "variant": "coop"})
    assert coop.num_players() == 3 and coop.num_distinct_actions() > 0


def test_a_shuffle_is_dealt_card_by_card_with_probabilities() -> None:
    state = pyspiel.load_game("bouts_swordplay").new_initial_state()
    rng = random.Random(0)
    while not state.is_chance_node() or not state.action_to_string(state.chance_outcomes()[0][0]).startswith("draw"):
        state.apply_action(rng.choice(state.legal_actions() if not state.is_chance_node()
                                      else [o for o, _ in state.chance_outcomes()]))
    outcomes = state.chance_outcomes()
    assert len(outcomes) > 20 and abs(sum(p for _, p in outcomes) - 1) < 1e-9
    state.apply_action(outcomes[0][0])
    assert len(state.chance_outcomes()) == len(outcomes) - 1


def test_resample_keeps_the_seat_information() -> None:
    game = pyspiel.load_game("bouts_fgo_duel")
    state = game.new_initial_state()
    rng = random.Random(0)
    while (state.move_number() < 120 or state.is_chance_node()) and not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(3):
        other = state.resample_from_infostate(seat, sampler)
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
        assert other.observation_tensor(seat) == state.observation_tensor(seat)
        assert other.legal_actions() == state.legal_actions()


def test_illegal_action_is_refused() -> None:
    state = pyspiel.load_game("bouts_swordplay").new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    illegal = next(a for a in range(state.get_game().num_distinct_actions()) if a not in state.legal_actions())
    before = str(state), state.legal_actions()
    with pytest.raises(Exception, match="is not a legal action"):
        state.apply_action(illegal)
    assert (str(state), state.legal_actions()) == before


def play_until_decision(state: pyspiel.State, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()] if state.is_chance_node()
                                      else state.legal_actions()))
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])


@pytest.mark.parametrize("game_id", ENCODED)
def test_a_state_nobody_cloned_steps_in_place_and_clones_stay_apart(game_id: str) -> None:
    """apply_action advances the bouts state in place (no copy) until the state is cloned; then whichever
    of the two steps first forks it, and neither sees the other's steps."""
    game = pyspiel.load_game(f"bouts_{game_id}")
    state = game.new_initial_state()
    rng = random.Random(2)
    play_until_decision(state, rng, 30)
    assert not state.is_terminal()
    inner = state.bouts_state
    state.apply_action(state.legal_actions()[0])
    assert state.bouts_state is inner, "an unshared state is stepped in place"
    play_until_decision(state, rng, 5)
    if state.is_terminal():
        return
    clone = state.clone()
    before = str(state), state.information_state_string(), state.observation_tensor(), state.legal_actions()
    clone.apply_action(clone.legal_actions()[-1])
    play_until_decision(clone, rng, 20)
    assert (str(state), state.information_state_string(), state.observation_tensor(), state.legal_actions()) == before
    clone_before = str(clone), clone.observation_tensor()
    state.apply_action(state.legal_actions()[0])
    assert (str(clone), clone.observation_tensor()) == clone_before


def test_information_state_string_is_a_compact_key_of_what_the_seat_knows() -> None:
    """The key OpenSpiel's search bots use: no JSON view, equal for equal histories, short at any depth."""
    game = pyspiel.load_game("bouts_kaleido")
    a, b = game.new_initial_state(), game.new_initial_state()
    rng_a, rng_b = random.Random(5), random.Random(5)
    play_until_decision(a, rng_a, 80)
    play_until_decision(b, rng_b, 80)
    seat = a.current_player()
    key = a.information_state_string(seat)
    assert key == b.information_state_string(seat) and len(key) < 80 and "{" not in key
    before = a.information_state_string(seat)
    a.apply_action(a.legal_actions()[0])
    if not a.is_terminal():
        assert a.information_state_string(seat) != before
