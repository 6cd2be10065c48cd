"""The information-set MCTS agent: specs, seeding, sealed choices, chance, cooperative rewards."""

from __future__ import annotations

import random

import pytest

import bouts
from bouts.agents import AgentSpecError, make_agent
from bouts.agents.ismcts import DEFAULT_ITERATIONS, ISMCTSAgent
from bouts.core import CHANCE
from bouts.core.chance import Roll
from tests.agents.toy_games import SEALED_DUEL, TEAM_SUM, Add, Sign


def test_spec_strings() -> None:
    agent = make_agent("ismcts:iterations=500", 3)
    assert isinstance(agent, ISMCTSAgent)
    assert (agent.iterations, agent.seconds, agent.rollout, agent.horizon, agent.prior) == \
        (500, None, "auto", "auto", "auto")
    timed = make_agent("ismcts:seconds=0.5", 3)
    assert isinstance(timed, ISMCTSAgent)
    assert (timed.iterations, timed.seconds) == (None, 0.5)
    plain = make_agent("ismcts")
    assert isinstance(plain, ISMCTSAgent)
    assert plain.iterations == DEFAULT_ITERATIONS
    tuned = make_agent("ismcts:rollout=heuristic,c=1.4,rollout_limit=100")
    assert isinstance(tuned, ISMCTSAgent)
    assert (tuned.rollout, tuned.exploration, tuned.rollout_limit) == ("heuristic", 1.4, 100)
    assert tuned.epsilon == 0.05
    greedy = make_agent("ismcts:rollout=heuristic,epsilon=0")
    assert isinstance(greedy, ISMCTSAgent)
    assert greedy.epsilon == 0.0
    widening = make_agent("ismcts:widen=0.5")
    assert isinstance(widening, ISMCTSAgent)
    assert widening.widen == 0.5
    narrow = make_agent("ismcts:widen=off")
    assert isinstance(narrow, ISMCTSAgent)
    assert narrow.widen == "off"


@pytest.mark.parametrize(("spec", "message"), [
    ("ismcts:iterations=many", "must be a number"),
    ("ismcts:iterations=0", "must be positive"),
    ("ismcts:seconds=-1", "must be positive"),
    ("ismcts:iterations=5,seconds=1", "not both"),
    ("ismcts:rollout=smart", "rollout must be"),
    ("ismcts:depth=3", "unknown parameter"),
    ("ismcts:horizon=soon", "must be a number"),
    ("ismcts:prior=oracle", "prior must be"),
    ("ismcts:rollout=heuristic,epsilon=2", "between 0 and 1"),
    ("ismcts:epsilon=some", "must be a number"),
    ("ismcts:iterations", "name=value"),
    ("ismcts:widen=2", "between 0 and 1"),
    ("ismcts:widen=wide", "must be a number"),
])
def test_bad_specs_are_refused_clearly(spec: str, message: str) -> None:
    with pytest.raises(AgentSpecError, match=message):
        make_agent(spec)


def test_unknown_parameters_are_counted_in_words() -> None:
    """One unknown parameter is "parameter", two are "parameters" (no "parameter(s)"); Japanese has one form."""
    with pytest.raises(AgentSpecError) as one:
        make_agent("ismcts:depth=3")
    with pytest.raises(AgentSpecError) as two:
        make_agent("ismcts:depth=3,width=2")
    assert "unknown parameter depth (" in one.value.args[0].render("en")
    assert "unknown parameters depth, width (" in two.value.args[0].render("en")
    assert "(s)" not in one.value.args[0].render("en") + two.value.args[0].render("en")
    assert "不明なパラメータ" in two.value.args[0].render("ja")


def test_heuristic_rollouts_need_a_heuristic() -> None:
    agent = make_agent("ismcts:rollout=heuristic")
    assert isinstance(agent, ISMCTSAgent)
    with pytest.raises(AgentSpecError, match="no heuristic agent for team_sum"):
        agent.check(TEAM_SUM)


def midgame(seed: int) -> tuple[object, int]:
    """A Swordplay arena state where a seat has a real choice to make."""
    game = bouts.game("swordplay")
    rng = random.Random(seed)
    state = game.setup(2, {}, None, seed)
    while True:
        acting = game.to_act(state)
        seat = acting[0]
        if seat != CHANCE and len(game.legal_actions(state, seat)) > 2 and rng.random() < 0.3:
            return state, seat
        action = game.sample_chance(state, rng) if seat == CHANCE else rng.choice(game.legal_actions(state, seat))
        state = game.apply(state, seat, action)


def test_same_seed_same_decision() -> None:
    game = bouts.game("swordplay")
    state, seat = midgame(4)
    first = make_agent("ismcts:iterations=60", 11).act(game, state, seat)
    again = make_agent("ismcts:iterations=60", 11).act(game, state, seat)
    assert first == again
    assert game.is_legal(state, seat, first)


def test_time_budget_runs_at_least_one_iteration() -> None:
    game = bouts.game("swordplay")
    state, seat = midgame(5)
    agent = make_agent("ismcts:seconds=0.05", 1)
    assert isinstance(agent, ISMCTSAgent)
    assert game.is_legal(state, seat, agent.act(game, state, seat))
    assert agent.last_iterations >= 1


def test_solo_seat_searches_its_whole_budget_and_finds_the_amount() -> None:
    state = TEAM_SUM.apply(TEAM_SUM.setup(1), CHANCE, Roll((2,)))
    agent = make_agent("ismcts:iterations=50", 0)
    assert isinstance(agent, ISMCTSAgent)
    assert agent.act(TEAM_SUM, state, 0) == Add(2)
    assert agent.last_iterations == 50


def test_sealed_choices_of_others_stay_unseen() -> None:
    """Seat 0 decides the same whatever seat 1 has sealed: the search re-draws it every iteration."""
    chosen = {}
    for sign in ("rock", "paper", "scissors"):
        state = SEALED_DUEL.apply(SEALED_DUEL.setup(2), 1, Sign(sign))
        assert SEALED_DUEL.to_act(state) == (0,)
        chosen[sign] = make_agent("ismcts:iterations=200", 7).act(SEALED_DUEL, state, 0)
    assert len(set(chosen.values())) == 1


def test_simultaneous_root_is_searched_for_the_asking_seat() -> None:
    state = SEALED_DUEL.setup(2)
    assert SEALED_DUEL.to_act(state) == (0, 1)
    agent = make_agent("ismcts:iterations=90", 2)
    assert isinstance(agent, ISMCTSAgent)
    root = agent.search(SEALED_DUEL, state, 1)
    assert root.joint is not None
    assert {str(a) for a in root.joint[0]} == {str(a) for a in root.joint[1]} == {"rock", "paper", "scissors"}
    assert sum(n.visits for n in root.joint[1].values()) == 90


@pytest.mark.parametrize("seats", [1, 2, 4, 7])
def test_cooperative_team_completes_the_target(seats: int) -> None:
    """Shared reward: the last seat adds exactly what the team still needs (any seat count up to 7)."""
    game = TEAM_SUM
    state = game.apply(game.setup(seats), CHANCE, Roll((3 * seats - 1,)))
    for seat in range(seats - 1):
        state = game.apply(state, seat, Add(3))
    assert make_agent("ismcts:iterations=200", seats).act(game, state, seats - 1) == Add(2)


def test_cooperative_team_wins_most_games_from_the_start() -> None:
    game = TEAM_SUM
    rng = random.Random(3)
    agents = [make_agent("ismcts:iterations=150", s) for s in range(4)]
    clears = 0
    for _ in range(10):
        state = game.setup(4)
        while game.to_act(state):
            seat = game.to_act(state)[0]
            action = game.sample_chance(state, rng) if seat == CHANCE else agents[seat].act(game, state, seat)
            state = game.apply(state, seat, action)
        outcome = game.outcome(state)
        assert outcome is not None
        clears += len(outcome.winners) == 4
    assert clears >= 8


def test_search_tree_branches_on_what_the_observer_sees_of_chance() -> None:
    """The roll before anyone acts is public: the tree keeps one child per target seen."""
    game = TEAM_SUM
    state = game.setup(2)
    agent = make_agent("ismcts:iterations=300", 1)
    assert isinstance(agent, ISMCTSAgent)
    root = agent.search(game, state, 0)
    assert 1 < len(root.children) <= 6
    assert all(isinstance(key, tuple) and key and key[0][0] == "roll" for key in root.children)


def sao_roll_decision() -> tuple[object, int]:
    """An SAO state (2 seats) at the turn player's first roll window, where the advisor guides the tree."""
    game = bouts.game("sao")
    rng = random.Random(2)
    state = game.setup(2, {}, None, 2)
    while True:
        seat = game.to_act(state)[0]
        if seat != CHANCE and state.pending[-1].kind == "roll_window":
            return state, seat
        action = game.sample_chance(state, rng) if seat == CHANCE else game.legal_actions(state, seat)[0]
        state = game.apply(state, seat, action)


def test_a_public_hint_is_asked_once_per_node_and_searches_alike() -> None:
    """SAO's advisor decides by the open table alone (``public_hint``): the search asks it once per tree node and
    every statistic of the tree is what asking it at every visit gives."""
    import dataclasses

    game = bouts.game("sao")
    state, seat = sao_roll_decision()
    trees = {}
    asked = {}
    for public in (True, False):
        agent = make_agent("ismcts:iterations=120", 5)
        assert isinstance(agent, ISMCTSAgent)
        settings = agent.settings(game)
        assert settings.public_hint and settings.hint is not None
        calls: list[int] = []
        hint = settings.hint

        def counted(game: object, state: object, seat: int, rng: random.Random, hint: object = hint,
                    calls: list[int] = calls) -> object:
            calls.append(seat)
            return hint(game, state, seat, rng)  # type: ignore[operator]

        agent._settings[game.info.id] = dataclasses.replace(settings, public_hint=public, hint=counted)
        root = agent.search(game, state, seat)
        trees[public] = {str(a): (n.visits, n.hinted, n.reward[seat]) for a, n in root.children.items()}
        asked[public] = len(calls)
    assert trees[True] == trees[False]
    assert asked[True] < asked[False] / 2


def test_an_actions_availability_counts_the_iterations_it_was_on_the_menu_since_it_was_opened() -> None:
    """UCT's parent count for an action is how often it was legal at its parent since it was tried: at a root
    whose menu never changes, each untried action is opened in turn, so the k-th opened (from 0) has been
    available in its own iteration and every later one (``avail`` = iterations - k), and the visits add up."""
    state = TEAM_SUM.apply(TEAM_SUM.setup(1), CHANCE, Roll((2,)))
    menu = TEAM_SUM.legal_actions(state, 0)
    agent = make_agent("ismcts:iterations=50", 3)
    assert isinstance(agent, ISMCTSAgent)
    root = agent.search(TEAM_SUM, state, 0)
    assert len(menu) > 1 and set(root.children) == set(menu)
    assert sorted((child.avail for child in root.children.values()), reverse=True) == \
        [50 - k for k in range(len(menu))]
    assert sum(child.visits for child in root.children.values()) == 50
    assert all(child.visits >= 1 for child in root.children.values())
