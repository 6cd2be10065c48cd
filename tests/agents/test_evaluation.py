"""Each game's evaluation (what IS-MCTS scores a rollout cut short at its ``horizon`` with), and the
heuristic's progressive bias in the search tree (``prior=heuristic``)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import bouts
from bouts.agents import AgentSpecError, make_agent
from bouts.agents.ismcts import ISMCTSAgent, random_policy
from bouts.core import CHANCE
from bouts.games.fgo_duel import strategy as fgo_heuristic
from bouts.games.sao import strategy as sao_heuristic
from bouts.games.swordplay import strategy as swordplay_heuristic
from tests.agents.toy_games import TEAM_SUM

EVALUATED = [("swordplay", {}, 2), ("swordplay", {"mode": "coop"}, 3), ("swordplay", {}, 4),
             ("sao", {}, 2), ("sao", {}, 4), ("fgo_duel", {}, 2), ("fgo_duel", {"advanced": True}, 2)]


def play_along(game_id: str, options: dict[str, Any], seats: int, seed: int,
               policy: Any = random_policy) -> Iterator[Any]:
    """Every state of one game played by ``policy``, as it is reached."""
    game = bouts.game(game_id)
    rng = random.Random(seed)
    state = game.setup(seats, options, None, seed)
    yield state
    while game.to_act(state):
        seat = game.to_act(state)[0]
        action = game.sample_chance(state, rng) if seat == CHANCE else policy(game, state, seat, rng)
        state = game.apply(state, seat, action)
        yield state


def states_along_a_game(game_id: str, options: dict[str, Any], seats: int, seed: int) -> list[Any]:
    """Every state of one random game."""
    return list(play_along(game_id, options, seats, seed))


@pytest.mark.parametrize(("game_id", "options", "seats"), EVALUATED)
def test_evaluation_gives_every_seat_a_chance_in_0_1(game_id: str, options: dict[str, Any], seats: int) -> None:
    game = bouts.game(game_id)
    module = {"swordplay": swordplay_heuristic, "sao": sao_heuristic, "fgo_duel": fgo_heuristic}[game_id]
    cooperative = game_id == "sao" or options.get("mode") == "coop"
    for state in states_along_a_game(game_id, options, seats, seed=5)[::7]:
        values = module.evaluate(game, state)
        assert len(values) == seats
        assert all(0.0 <= v <= 1.0 for v in values)
        if cooperative:
            assert len(set(values)) == 1
        else:
            assert sum(values) == pytest.approx(1.0)


def test_swordplay_evaluation_favours_the_hero_with_more_life_and_gives_the_fallen_nothing() -> None:
    game = bouts.game("swordplay")
    state = states_along_a_game("swordplay", {}, 3, seed=2)[30]
    before = swordplay_heuristic.evaluate(game, state)
    hurt = state.clone()
    hurt.fighters[1].life -= 3
    after = swordplay_heuristic.evaluate(game, hurt)
    assert after[1] < before[1] and after[0] > before[0] and after[2] > before[2]
    hurt.fighters[1].defeated = True
    assert swordplay_heuristic.evaluate(game, hurt)[1] == 0.0


def test_fgo_evaluation_counts_servants_distance_and_cards() -> None:
    game = bouts.game("fgo_duel")
    state = next(s for s in states_along_a_game("fgo_duel", {}, 2, seed=3)
                 if len(s.masters[1].on_map()) == 3 and len(s.masters[1].deck) >= 4)
    base = fgo_heuristic.evaluate(game, state)[0]
    fewer_cards = state.clone()
    del fewer_cards.masters[1].deck[:4]  # below the cap on counted cards
    assert fgo_heuristic.evaluate(game, fewer_cards)[0] > base
    fallen = state.clone()
    fallen.masters[1].party[0].area = None
    assert fgo_heuristic.evaluate(game, fallen)[0] > base


def test_sao_evaluation_grows_with_damage_dealt_and_shrinks_with_damage_taken() -> None:
    game = bouts.game("sao")
    state = next(s for s in states_along_a_game("sao", {}, 2, seed=4) if s.result is None and s.turns >= 1)
    base = sao_heuristic.evaluate(game, state)[0]
    hit = state.clone()
    hit.step_damage += 1
    assert sao_heuristic.evaluate(game, hit)[0] > base
    hurt = hit.clone()
    hurt.characters[0].damage += 1
    assert sao_heuristic.evaluate(game, hurt)[0] < sao_heuristic.evaluate(game, hit)[0]


def test_a_horizon_needs_the_games_evaluation() -> None:
    agent = make_agent("ismcts:horizon=10")
    assert isinstance(agent, ISMCTSAgent)
    with pytest.raises(AgentSpecError, match="team_sum has no evaluation for 'horizon'"):
        agent.check(TEAM_SUM)


def test_unset_search_settings_follow_the_games_recommendation() -> None:
    """``ismcts`` alone searches each game as its heuristic module's ``SEARCH`` says; a spec overrides."""
    game = bouts.game("swordplay")
    plain = make_agent("ismcts")
    assert isinstance(plain, ISMCTSAgent)
    settings = plain.settings(game)
    recommended = swordplay_heuristic.SEARCH
    assert (settings.rollout, settings.prior, settings.horizon) == \
        (recommended["rollout"], recommended["prior"], recommended["horizon"])
    assert settings.evaluate is swordplay_heuristic.evaluate
    assert settings.hint is swordplay_heuristic.choose
    custom = make_agent("ismcts:rollout=random,prior=none,horizon=end")
    assert isinstance(custom, ISMCTSAgent)
    settings = custom.settings(game)
    assert (settings.rollout, settings.prior, settings.horizon, settings.hint, settings.evaluate) == \
        ("random", "none", None, None, None)
    bare = plain.settings(TEAM_SUM)  # a game without a heuristic module
    assert (bare.rollout, bare.prior, bare.horizon, bare.hint, bare.evaluate) == ("random", "none", None, None, None)


def test_a_horizon_cuts_rollouts_short_and_still_plays_legally() -> None:
    game = bouts.game("swordplay")
    deciding = [s for s in states_along_a_game("swordplay", {}, 2, seed=6) if game.to_act(s)
                and game.to_act(s)[0] != CHANCE]
    state = deciding[len(deciding) // 2]
    seat = game.to_act(state)[0]
    assert seat != CHANCE
    agent = make_agent("ismcts:iterations=40,horizon=5", 1)
    assert game.is_legal(state, seat, agent.act(game, state, seat))


@pytest.mark.parametrize("seed", range(4))
def test_the_heuristic_prior_expands_the_heuristics_choice_first(seed: int) -> None:
    """With one iteration, the only child tried is the heuristic's choice, so that is what it plays."""
    game = bouts.game("swordplay")
    states = [s for s in states_along_a_game("swordplay", {}, 2, seed=seed)
              if game.to_act(s) and game.to_act(s)[0] != CHANCE and len(game.legal_actions(s, game.to_act(s)[0])) > 2]
    for state in states[:10]:
        seat = game.to_act(state)[0]
        expected = swordplay_heuristic.choose(game, state, seat, random.Random(0))
        agent = make_agent("ismcts:iterations=1,prior=heuristic", 3)
        assert agent.act(game, state, seat) == expected


def test_a_rollout_cut_at_the_horizon_plays_on_until_the_game_calls_the_position_settled() -> None:
    """SAO judges a position only between turns: a rollout cut mid-turn (dice rolled, reroll pending)
    finishes the turn before :func:`evaluate` scores it."""
    from bouts.agents.ismcts import _Search

    game = bouts.game("sao")
    agent = make_agent("ismcts:iterations=1,rollout=random,horizon=1", 2)
    assert isinstance(agent, ISMCTSAgent)
    assert agent.settings(game).settled is sao_heuristic.settled
    mid_turn = [s for s in states_along_a_game("sao", {}, 2, seed=5)
                if s.result is None and not sao_heuristic.settled(game, s)]
    assert mid_turn
    for state in mid_turn[:8]:
        copy = game.fork(state)
        search = _Search(agent, game, 0, 2)
        rewards = search._rollout(copy)
        assert sao_heuristic.settled(game, copy)
        assert len(rewards) == 2 and all(0.0 <= r <= 1.0 for r in rewards)


def test_the_bias_weight_follows_the_games_recommendation_unless_the_spec_sets_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = bouts.game("swordplay")
    monkeypatch.setattr(swordplay_heuristic, "SEARCH", {**swordplay_heuristic.SEARCH, "bias": 3.5})
    plain = make_agent("ismcts")
    assert isinstance(plain, ISMCTSAgent)
    assert plain.settings(game).bias == 3.5
    chosen = make_agent("ismcts:bias=0.25")
    assert isinstance(chosen, ISMCTSAgent)
    assert chosen.settings(game).bias == 0.25
    bare = make_agent("ismcts")
    assert isinstance(bare, ISMCTSAgent)
    assert bare.settings(TEAM_SUM).bias == 1.0


def _sao_reroll_choice(seed: int) -> tuple[Any, int]:
    """An SAO state where a seat chooses among many rerolls (the heuristic team playing)."""
    game = bouts.game("sao")
    for state in play_along("sao", {}, 2, seed, sao_heuristic.choose):
        acting = game.to_act(state)
        if acting and acting[0] != CHANCE and len(game.legal_actions(state, acting[0])) > 100:
            return state, acting[0]
    raise AssertionError("no reroll choice in this game")


def test_progressive_widening_opens_about_the_square_root_of_the_visits_heuristic_first() -> None:
    """With ``widen=0.5`` and 100 iterations over hundreds of rerolls, the root opens a handful of
    actions (the heuristic's choice first) and visits them repeatedly; without it, each once."""
    game = bouts.game("sao")
    state, seat = _sao_reroll_choice(2)
    options = len(game.legal_actions(state, seat))
    widened = make_agent("ismcts:iterations=100,widen=0.5,prior=heuristic", 4)
    assert isinstance(widened, ISMCTSAgent)
    root = widened.search(game, state, seat)
    assert 2 <= len(root.children) <= 12 < options
    assert sum(child.visits for child in root.children.values()) == 100
    hinted = sao_heuristic.choose(game, game.determinize(state, seat, random.Random(0)), seat, random.Random(0))
    assert hinted in root.children and root.children[hinted].hinted > 0
    flat = make_agent("ismcts:iterations=100,widen=off,prior=heuristic", 4)
    assert isinstance(flat, ISMCTSAgent)
    assert len(flat.search(game, state, seat).children) == 100


def test_sao_search_follows_the_reroll_advisor_where_rollouts_cannot_tell_better() -> None:
    """SAO's recommended search (advisor prior, widening) keeps the advisor's reroll with 100 iterations,
    where plain UCT over hundreds of rerolls would pick one by a single lucky rollout."""
    game = bouts.game("sao")
    agreed = 0
    choices = [_sao_reroll_choice(seed) for seed in range(3)]
    for state, seat in choices:
        expected = sao_heuristic.choose(game, state, seat, random.Random(0))
        agreed += make_agent("ismcts:iterations=100", 1).act(game, state, seat) == expected
    assert agreed >= 2
