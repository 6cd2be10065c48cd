"""Results are a pure function of (game, options, content, seats, seed, N), whatever the backend."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator

import pytest

import tests.agents.toy_games  # noqa: F401  (games named as 'tests.agents.toy_games:...' must be imported)
from bouts.sim import SimConfig, SimError, play_game, run_tournament, simulate, summarize
from bouts.sim.backends import make_tasks

HAS_RAY = importlib.util.find_spec("ray") is not None
needs_ray = pytest.mark.skipif(not HAS_RAY, reason="Ray is not installed (pip install 'bouts[ray]')")

ARENA = SimConfig("swordplay", ("random", "random"), {}, None, seed=11)
THREE = SimConfig("swordplay", ("random", "ismcts:iterations=3,rollout_limit=30", "random"),
                  {"turn_limit": 30}, None, seed=5)
DUEL = SimConfig("tests.agents.toy_games:SEALED_DUEL", ("random", "ismcts:iterations=10"), seed=2)
TEAM = SimConfig("tests.agents.toy_games:TEAM_SUM", ("random",) * 5, seed=3)


@pytest.mark.parametrize("config", [ARENA, THREE, DUEL, TEAM], ids=["arena", "three", "duel", "team"])
def test_process_pool_gives_the_same_games_as_one_process(config: SimConfig) -> None:
    alone = simulate(config, 12, jobs=1)
    pooled = simulate(config, 12, jobs=2)
    assert alone == pooled
    assert [r.index for r in alone] == list(range(12))
    assert all(r.finished for r in alone)


def test_a_game_depends_only_on_the_config_and_its_index() -> None:
    batch = simulate(ARENA, 8, jobs=1)
    assert play_game(ARENA, 5) == batch[5]
    assert simulate(ARENA, 3, jobs=1) == batch[:3]
    other_seed = simulate(SimConfig("swordplay", ("random", "random"), {}, None, seed=12), 8, jobs=1)
    assert other_seed != batch


def test_tasks_cover_every_game_once() -> None:
    tasks = make_tasks([(ARENA, 1000), (DUEL, 7)], 2)
    covered = [(number, i) for number, _, indices in tasks for i in indices]
    assert sorted(covered) == [(0, i) for i in range(1000)] + [(1, i) for i in range(7)]


def test_content_choices_hook_feeds_the_summary() -> None:
    summary = summarize(simulate(DUEL, 30, jobs=1))
    assert {c for c, _ in summary.content} <= {"rock", "paper", "scissors"}
    assert sum(r.games for _, r in summary.content) == 60


def test_cooperative_batch_counts_team_clears() -> None:
    records = simulate(TEAM, 40, jobs=1)
    summary = summarize(records)
    assert summary.team.wins == sum(len(r.winners) == 5 for r in records) > 0
    assert all(r.winners in ((), (0, 1, 2, 3, 4)) for r in records)


def test_step_limit_marks_games_unfinished() -> None:
    config = SimConfig("swordplay", ("random", "random"), {}, None, seed=1, max_steps=20)
    records = simulate(config, 3, jobs=1)
    assert not any(r.finished for r in records)
    assert all(r.length == 20 and "step limit" in r.reason for r in records)


def test_bad_configs_fail_before_playing() -> None:
    with pytest.raises(SimError, match="seat 1: unknown agent 'nobody'"):
        SimConfig("swordplay", ("random", "nobody")).check()
    with pytest.raises(SimError, match="takes 1 to 8 seats, not 9"):
        SimConfig("swordplay", ("random",) * 9).check()
    with pytest.raises(SimError, match="cannot load game"):
        SimConfig("tests.nowhere:GAME", ("random",)).check()
    with pytest.raises(SimError, match="backend"):
        simulate(ARENA, 1, backend="cloud")
    with pytest.raises(SimError, match="at least 1"):
        simulate(ARENA, 1, jobs=0)


def test_tournament_plays_every_pairing_and_seat_order() -> None:
    agents = ["random", "ismcts:iterations=5", "ismcts:iterations=20"]
    result = run_tournament("tests.agents.toy_games:SEALED_DUEL", agents, 6, seed=1, jobs=1)
    seatings = [config.seats for config, _ in result.games]
    assert sorted(seatings) == sorted((a, b) for a in agents for b in agents if a != b)
    for a in agents:
        for b in agents:
            if a != b:
                ab, ba = result.matrix[a][b], result.matrix[b][a]
                assert ab.games == ba.games == 12
                ties = sum(not r.winners for c, rs in result.games if set(c.seats) == {a, b} for r in rs)
                assert ab.wins + ba.wins + ties == 12
    assert sorted(a for a, _, _ in result.ranking) == sorted(agents)
    means = [m for _, m, _ in result.ranking]
    assert means == sorted(means, reverse=True)


def test_tournament_seatings_with_more_seats() -> None:
    result = run_tournament("tests.agents.toy_games:TEAM_SUM", ["random", "ismcts:iterations=10"], 2, seats=3,
                            seed=1, jobs=1)
    assert len(result.games) == 6
    assert all(len(config.seats) == 3 for config, _ in result.games)


@pytest.fixture(scope="module")
def local_ray() -> Iterator[object]:
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield ray
    ray.shutdown()


@needs_ray
def test_ray_gives_the_same_games_as_the_process_pool(local_ray: object) -> None:
    for config in (ARENA, THREE):
        assert simulate(config, 10, backend="ray", jobs=2) == simulate(config, 10, jobs=2)


@needs_ray
def test_tournament_on_ray_matches_local(local_ray: object) -> None:
    agents = ["random", "ismcts:iterations=4,rollout_limit=30"]
    on_ray = run_tournament("swordplay", agents, 3, options={"turn_limit": 25}, seed=4, backend="ray", jobs=2)
    local = run_tournament("swordplay", agents, 3, options={"turn_limit": 25}, seed=4, jobs=1)
    assert on_ray.games == local.games
    assert on_ray.to_json() == local.to_json()


@pytest.mark.parametrize("jobs", [1, 2])
def test_progress_reports_every_game_once(jobs: int) -> None:
    done: list[int] = []
    simulate(DUEL, 37, jobs=jobs, progress=done.append)
    assert sum(done) == 37
