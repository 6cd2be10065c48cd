"""Statistics: Wilson intervals, seeds, seat lists, summaries."""

from __future__ import annotations

import json

import pytest

from bouts.sim import GameRecord, SimError, derive_seed, game_seed, split_specs, summarize, wilson
from bouts.sim.stats import Rate


@pytest.mark.parametrize(("k", "n", "low", "high"), [
    (8, 10, 0.4902, 0.9433),     # textbook example (Newcombe 1998, method 3)
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (50, 100, 0.4038, 0.5962),
    (1, 1000, 0.0002, 0.0057),
])
def test_wilson_interval_known_values(k: int, n: int, low: float, high: float) -> None:
    lo, hi = wilson(k, n)
    assert lo == pytest.approx(low, abs=1e-4)
    assert hi == pytest.approx(high, abs=1e-4)


def test_wilson_interval_without_trials_is_everything() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    assert Rate.of(0, 0).rate == 0.0


def test_seeds_are_stable_and_distinct() -> None:
    assert derive_seed("game", 0, 0) == game_seed(0, 0)
    assert game_seed(0, 0) == 8514206019149822386  # blake2b-64("game/0/0") >> 1: seeds must not change between versions
    seeds = {game_seed(s, i) for s in range(5) for i in range(200)}
    assert len(seeds) == 1000
    assert all(0 <= s < 2**63 for s in seeds)


def test_split_specs() -> None:
    assert split_specs("random,heuristic") == ["random", "heuristic"]
    assert split_specs("ismcts:iterations=50,rollout=heuristic,random") == [
        "ismcts:iterations=50,rollout=heuristic", "random"]
    assert split_specs("random*3, heuristic") == ["random", "random", "random", "heuristic"]
    with pytest.raises(SimError, match="repeat count"):
        split_specs("random*x")
    with pytest.raises(SimError, match="no agents"):
        split_specs(" , ")


def record(index: int, winners: tuple[int, ...], content: tuple[str | tuple[str, ...], ...] = ((), ()),
           agents: tuple[str, ...] = ("a", "b"), finished: bool = True, length: int = 10) -> GameRecord:
    seats = len(agents)
    choices = tuple((c,) if isinstance(c, str) else c for c in content)
    return GameRecord(index, index, agents, winners, tuple(float(s in winners) for s in range(seats)), "r",
                      finished, length, 2, (4,) * seats, choices)


def test_summary_per_seat_agent_and_content() -> None:
    records = [
        record(0, (0,), ("knight", "archer")),
        record(1, (1,), ("archer", "knight"), length=20),
        record(2, (0,), ("knight", "mage"), length=30),
        record(3, (), ("mage", "mage"), finished=False, length=40),
    ]
    summary = summarize(records)
    assert summary.games == 4
    assert summary.unfinished == 1 and summary.no_winner == 1
    assert [(a, r.wins, r.games) for a, r in summary.seats] == [("a", 2, 4), ("b", 1, 4)]
    assert {c: (r.wins, r.games) for c, r in summary.content} == {
        "knight": (3, 3), "archer": (0, 2), "mage": (0, 3)}
    assert summary.length.mean == 25.0 and summary.length.least == 10 and summary.length.most == 40
    assert summary.decisions[0].mean == 4.0
    assert summary.team.wins == 0
    seat0 = summary.seats[0][1]
    assert (seat0.low, seat0.high) == wilson(2, 4)


def test_summary_of_a_shared_win_counts_team_clears() -> None:
    records = [record(0, (0, 1)), record(1, ()), record(2, (0, 1))]
    summary = summarize(records)
    assert summary.team.wins == 2
    assert summary.no_winner == 1


def test_same_agent_at_several_seats_is_pooled() -> None:
    summary = summarize([record(0, (0,), agents=("x", "x")), record(1, (1,), agents=("x", "x"))])
    assert [(a, r.wins, r.games) for a, r in summary.agents] == [("x", 2, 4)]


def test_several_choices_per_seat_each_count() -> None:
    """A seat with a master and servants: each of its choices gets the seat's result."""
    summary = summarize([record(0, (0,), (("saber", "archer"), ("lancer", "archer")))])
    assert {c: (r.wins, r.games) for c, r in summary.content} == {
        "saber": (1, 1), "archer": (1, 2), "lancer": (0, 1)}


def test_record_json_round_trip() -> None:
    r = record(5, (1,), ("a", ()))
    assert GameRecord.from_json(r.to_json()) == r
    both = record(6, (0,), (("x", "y"), "z"))
    assert GameRecord.from_json(json.loads(json.dumps(both.to_json()))) == both
