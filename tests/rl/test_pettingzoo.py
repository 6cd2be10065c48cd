"""The PettingZoo AEC adapter against PettingZoo's own test suites, and its promises."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import bouts.rl
from bouts.core import IllegalAction
from bouts.core.events import QUIET
from tests.conformance.cases import Case
from tests.rl.cases import ENCODED_CASES, case_params, first_cases


def make(case: Case, **kwargs: object) -> bouts.rl.aec.BoutsAEC:
    return bouts.rl.env(case.game_id, seats=case.seats, options=case.options, **kwargs)  # type: ignore[arg-type]


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("case", case_params(ENCODED_CASES))
def test_pettingzoo_api_and_seed_tests(case: Case) -> None:
    api_test(make(case, render_mode="ansi"), num_cycles=120)
    seed_test(lambda: make(case), num_cycles=120)


def play(env: bouts.rl.aec.BoutsAEC, seed: int) -> dict[str, float]:
    """A random game to the end; each agent's final cumulative reward."""
    env.reset(seed=seed)
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
        else:
            env.step(env.action_space(agent).sample(observation["action_mask"]))
    return final


def test_rewards_are_the_outcome_and_cooperative_seats_share_them() -> None:
    arena = bouts.rl.env("swordplay", seats=2)
    for seed in range(3):
        assert sorted(play(arena, seed).values()) == [0.0, 1.0]
    coop = bouts.rl.env("swordplay", seats=3, options={"mode": "coop"})
    results = [play(coop, seed) for seed in range(4)]
    assert all(len(set(r.values())) == 1 for r in results), "a co-op team wins or loses together"


def test_eliminated_seats_terminate_while_the_match_goes_on() -> None:
    env = bouts.rl.env("swordplay", seats=3)
    for seed in range(20):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            observation, _, terminated, truncated, info = env.last()
            live = [a for a in env.agents if not env.terminations[a]]
            if terminated and info.get("eliminated") and len(live) >= 2:
                assert env.rewards[agent] == 0.0
                env.step(None)
                assert agent not in env.agents and len(env.agents) >= 2
                return
            env.step(None if terminated or truncated else
                     env.action_space(agent).sample(observation["action_mask"]))
    pytest.fail("no Hero was defeated before the end in 20 three-seat matches")


def test_sealed_choices_are_asked_one_seat_at_a_time_and_stay_hidden() -> None:
    """FGO Duel battle cards are sealed: whatever seat 0 seals, seat 1 is asked next and sees the same tensor."""
    env = bouts.rl.env("fgo_duel", seats=2)
    env.reset(seed=5)
    rng = np.random.default_rng(0)
    for agent in env.agent_iter(5000):
        game, state = env.table.game, env.state
        if len(game.to_act(state)) == 2 and game.view(state, None)["phase"] == "battle":
            assert agent == "seat_0"
            legal = list(env.table.encoding.legal_indices(state, 0))
            seen = []
            for index in legal[:3]:
                twin = bouts.rl.env("fgo_duel", seats=2)
                twin.reset(seed=5)
                twin.state = game.fork(state)
                twin._chance = __import__("random").Random(1)
                twin.step(index)
                assert twin.agent_selection == "seat_1"
                seen.append(twin.observe("seat_1")["observation"])
            assert len(legal) > 1 and all(np.array_equal(seen[0], s) for s in seen[1:])
            return
        observation, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else
                 int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    pytest.fail("no sealed battle choice reached")


def test_illegal_index_is_refused_and_changes_nothing() -> None:
    env = bouts.rl.env("swordplay", seats=2, render_mode="ansi")
    env.reset(seed=0)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    before = env.render(), env.observe(agent)["observation"].copy()
    with pytest.raises(IllegalAction, match="is not a legal action"):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    assert env.agent_selection == agent
    assert (env.render(), ) == before[:1] and np.array_equal(env.observe(agent)["observation"], before[1])


def test_render_gives_the_terminal_picture() -> None:
    env = bouts.rl.env("swordplay", seats=2, render_mode="ansi")
    env.reset(seed=0)
    picture = env.render()
    assert isinstance(picture, str) and "Swordplay: Arena" in picture and "[bold]" not in picture


@pytest.mark.parametrize("case", case_params(first_cases()))
def test_observations_and_masks_are_the_views_tensors_and_the_legal_actions(case: Case) -> None:
    """What ``observe`` returns on the adapter's fast path (written straight from the state, the mask from
    the menu's indices) is the view-based tensor and exactly the legal actions, at every decision."""
    env = make(case)
    encoding, game = env.table.encoding, env.table.game
    rng = np.random.default_rng(5)
    checked = 0
    for seed in range(2):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            seat = int(agent.removeprefix("seat_"))
            expected = np.asarray(encoding.observe(game.view(env.state, seat)), np.float32)
            assert np.array_equal(observation["observation"], expected), f"{case} seed {seed} {agent}"
            legal = sorted(encoding.encode(a) for a in game.legal_actions(env.state, seat))
            assert np.flatnonzero(observation["action_mask"]).tolist() == legal, f"{case} seed {seed} {agent}"
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            checked += 1
    assert checked


@pytest.mark.parametrize("case", first_cases(), ids=str)
def test_an_environment_plays_quiet(case: Case) -> None:
    """The environments play on a quiet state (``bouts.core.quiet``: no events, nothing an environment shows reads
    them), the same game as a state that makes events (tests/conformance/test_fast_paths.py)."""
    env = make(case)
    env.reset(seed=3)
    for _, agent in zip(range(60), env.agent_iter(), strict=False):
        assert env.state.events is QUIET and not env.state.events
        observation, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else env.action_space(agent).sample(observation["action_mask"]))
