"""Statistics of a batch: win rates with 95 % Wilson intervals, game lengths, decision counts."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bouts.sim.play import GameRecord

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""


@dataclass(frozen=True)
class Rate:
    """A proportion ``wins / games`` with its 95 % Wilson score interval.

    >>> r = Rate.of(8, 10); round(r.rate, 2), round(r.low, 3), round(r.high, 3)
    (0.8, 0.49, 0.943)
    """

    wins: int
    games: int
    rate: float
    low: float
    high: float

    @classmethod
    def of(cls, wins: int, games: int) -> Rate:
        """The rate and interval for ``wins`` out of ``games``."""
        low, high = wilson(wins, games)
        return cls(wins, games, wins / games if games else 0.0, low, high)

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"wins": self.wins, "games": self.games, "rate": self.rate, "low": self.low, "high": self.high}

    def __str__(self) -> str:
        return f"{self.rate:6.1%} [{self.low:.1%}, {self.high:.1%}]"


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``(0, 1)`` when there are no trials).

    >>> tuple(round(x, 4) for x in wilson(0, 10))
    (0.0, 0.2775)
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return low, high


@dataclass(frozen=True)
class Spread:
    """Mean, median, least and most of a list of counts."""

    mean: float
    median: float
    least: int
    most: int

    @classmethod
    def of(cls, values: Sequence[int]) -> Spread:
        """The spread of ``values`` (all zero when empty)."""
        if not values:
            return cls(0.0, 0.0, 0, 0)
        return cls(statistics.fmean(values), float(statistics.median(values)), min(values), max(values))

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"mean": self.mean, "median": self.median, "min": self.least, "max": self.most}


@dataclass(frozen=True)
class Summary:
    """What a batch shows."""

    games: int
    """Games played."""
    unfinished: int
    """Games stopped by the step limit."""
    no_winner: int
    """Games that ended with no winner (draws, shared losses)."""
    seats: tuple[tuple[str, Rate], ...]
    """Per seat: its agent and its win rate."""
    agents: tuple[tuple[str, Rate], ...]
    """Per agent spec, over every seat it held."""
    content: tuple[tuple[str, Rate], ...]
    """Per content choice (hero, master, servant...), over every seat that chose it."""
    team: Rate
    """Games every seat won together (a cooperative clear)."""
    length: Spread
    """Steps per game, chance steps included."""
    decisions: tuple[Spread, ...]
    """Decisions per game of each seat."""

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "games": self.games, "unfinished": self.unfinished, "no_winner": self.no_winner,
            "seats": [dict(seat=i, agent=a, **r.to_json()) for i, (a, r) in enumerate(self.seats)],
            "agents": [dict(agent=a, **r.to_json()) for a, r in self.agents],
            "content": [dict(choice=c, **r.to_json()) for c, r in self.content],
            "team": self.team.to_json(), "length": self.length.to_json(),
            "decisions": [d.to_json() for d in self.decisions],
        }


def summarize(records: Sequence[GameRecord]) -> Summary:
    """Win rates per seat, agent and content choice, with lengths and decision counts."""
    seat_count = len(records[0].agents) if records else 0
    seat_wins = [0] * seat_count
    by_agent: dict[str, list[int]] = {}
    by_content: dict[str, list[int]] = {}
    team = 0
    for record in records:
        winners = set(record.winners)
        if seat_count and len(winners) == seat_count:
            team += 1
        for seat, spec in enumerate(record.agents):
            won = int(seat in winners)
            seat_wins[seat] += won
            tally = by_agent.setdefault(spec, [0, 0])
            tally[0] += won
            tally[1] += 1
            for choice in record.content[seat] if seat < len(record.content) else ():
                tally = by_content.setdefault(choice, [0, 0])
                tally[0] += won
                tally[1] += 1
    n = len(records)
    agents = records[0].agents if records else ()
    return Summary(
        games=n,
        unfinished=sum(not r.finished for r in records),
        no_winner=sum(not r.winners for r in records),
        seats=tuple((agents[s], Rate.of(seat_wins[s], n)) for s in range(seat_count)),
        agents=tuple((a, Rate.of(w, g)) for a, (w, g) in by_agent.items()),
        content=tuple((c, Rate.of(w, g)) for c, (w, g) in sorted(by_content.items())),
        team=Rate.of(team, n),
        length=Spread.of([r.length for r in records]),
        decisions=tuple(Spread.of([r.decisions[s] for r in records]) for s in range(seat_count)),
    )
