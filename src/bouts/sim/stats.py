"""Statistics of a batch: win rates with 95 % Wilson intervals, game lengths, decision counts."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bouts.core.i18n import N_
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

    @classmethod
    def of_counts(cls, counts: Mapping[int, int]) -> Spread:
        """The spread of values given as ``{value: how many times}`` (what a streaming tally keeps)."""
        total = sum(counts.values())
        if not total:
            return cls(0.0, 0.0, 0, 0)
        ordered = sorted(counts.items())
        mean = sum(v * c for v, c in ordered) / total

        def nth(k: int) -> int:  # the k-th value (from 0) in sorted order
            seen = 0
            for value, count in ordered:
                seen += count
                if k < seen:
                    return value
            return ordered[-1][0]

        median = float(nth(total // 2)) if total % 2 else (nth(total // 2 - 1) + nth(total // 2)) / 2
        return cls(mean, median, ordered[0][0], ordered[-1][0])

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
    content_by_agent: tuple[tuple[str, str, Rate], ...] = ()
    """Per content choice and agent spec: ``(choice, agent, rate)`` over the seats that agent held."""
    confounded: bool = False
    """Seats had different agents and chose their own content: per-choice rates mix content strength with
    which agent tends to choose it (see :data:`CONFOUNDED`)."""
    pairings: tuple[tuple[str, str, Rate], ...] = ()
    """``(a, b, rate)``: how often a seat holding choice ``a`` won against a seat holding choice ``b``."""
    flags: tuple[tuple[str, str], ...] = ()
    """``(choice, "strong" | "weak")``: choices whose 95 % interval lies wholly above (below) the rest's."""
    lengths: tuple[tuple[int, int], ...] = ()
    """``(steps, games)``: how many games had each length (for the histogram)."""

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "games": self.games, "unfinished": self.unfinished, "no_winner": self.no_winner,
            "seats": [dict(seat=i, agent=a, **r.to_json()) for i, (a, r) in enumerate(self.seats)],
            "agents": [dict(agent=a, **r.to_json()) for a, r in self.agents],
            "content": [dict(choice=c, **r.to_json()) for c, r in self.content],
            "content_by_agent": [dict(choice=c, agent=a, **r.to_json()) for c, a, r in self.content_by_agent],
            "confounded": self.confounded,
            "pairings": [dict(choice=a, against=b, **r.to_json()) for a, b, r in self.pairings],
            "flags": [dict(choice=c, flag=f) for c, f in self.flags],
            "team": self.team.to_json(), "length": self.length.to_json(),
            "decisions": [d.to_json() for d in self.decisions],
        }


CONFOUNDED = N_("the seats have different agents and each agent chose its own content, so a choice's win rate "
                "mixes its strength with the strength of the agents that chose it; see the rates per agent, "
                "or deal the choices with --assign random.")
"""What a report says when per-content rates are confounded with the agents (a message id, translated where it
is shown)."""
FLAGS = {"strong": N_("strong"), "weak": N_("weak")}
"""What a content choice's flag says (message ids; the summary keeps the flag's id)."""


class Tally:
    """Running totals of a batch: add games one by one, in any number; memory does not grow with them.

    >>> t = Tally(); t.games
    0
    """

    def __init__(self) -> None:
        self.games = 0
        self.unfinished = 0
        self.no_winner = 0
        self.team = 0
        self.agents: tuple[str, ...] = ()
        self.seat_wins: list[int] = []
        self.by_agent: dict[str, list[int]] = {}
        self.by_content: dict[str, list[int]] = {}
        self.by_content_agent: dict[tuple[str, str], list[int]] = {}
        self.by_pairing: dict[tuple[str, str], list[int]] = {}
        self.lengths: Counter[int] = Counter()
        self.decisions: list[Counter[int]] = []
        self.chose_own = True
        """Whether the seats chose their own content (False in a design study, where it is dealt)."""

    def add(self, record: GameRecord) -> None:
        """Count one game."""
        seat_count = len(record.agents)
        if not self.games:
            self.agents = record.agents
            self.seat_wins = [0] * seat_count
            self.decisions = [Counter() for _ in range(seat_count)]
        self.games += 1
        self.unfinished += not record.finished
        self.no_winner += not record.winners
        winners = set(record.winners)
        if seat_count and len(winners) == seat_count:
            self.team += 1
        self.lengths[record.length] += 1
        content = record.content
        for seat, spec in enumerate(record.agents):
            won = int(seat in winners)
            if seat < len(self.seat_wins):
                self.seat_wins[seat] += won
                self.decisions[seat][record.decisions[seat]] += 1
            _count(self.by_agent, spec, won)
            mine = content[seat] if seat < len(content) else ()
            for choice in mine:
                _count(self.by_content, choice, won)
                _count(self.by_content_agent, (choice, spec), won)
            for other in range(len(content)):
                if other != seat:
                    for choice in mine:
                        for theirs in content[other]:
                            _count(self.by_pairing, (choice, theirs), won)

    def summary(self) -> Summary:
        """The statistics of the games counted so far."""
        n = self.games
        agents = self.agents
        content = tuple((c, Rate.of(w, g)) for c, (w, g) in sorted(self.by_content.items()))
        return Summary(
            games=n, unfinished=self.unfinished, no_winner=self.no_winner,
            seats=tuple((agents[s], Rate.of(self.seat_wins[s], n)) for s in range(len(agents))),
            agents=tuple((a, Rate.of(w, g)) for a, (w, g) in self.by_agent.items()),
            content=content, team=Rate.of(self.team, n), length=Spread.of_counts(self.lengths),
            decisions=tuple(Spread.of_counts(d) for d in self.decisions),
            content_by_agent=tuple((c, a, Rate.of(w, g)) for (c, a), (w, g) in sorted(self.by_content_agent.items())),
            confounded=bool(content) and self.chose_own and len(set(agents)) > 1,
            pairings=tuple((a, b, Rate.of(w, g)) for (a, b), (w, g) in sorted(self.by_pairing.items())),
            flags=outliers(self.by_content),
            lengths=tuple(sorted(self.lengths.items())),
        )


def _count(table: dict[Any, list[int]], key: Any, won: int) -> None:
    tally = table.get(key)
    if tally is None:
        tally = table[key] = [0, 0]
    tally[0] += won
    tally[1] += 1


def outliers(by_content: Mapping[str, Sequence[int]]) -> tuple[tuple[str, str], ...]:
    """Choices whose win rate's 95 % interval lies wholly above (``strong``) or below (``weak``) the
    interval of every other choice pooled together."""
    wins = sum(w for w, _ in by_content.values())
    games = sum(g for _, g in by_content.values())
    flags: list[tuple[str, str]] = []
    for choice, (w, g) in sorted(by_content.items()):
        mine, rest = Rate.of(w, g), Rate.of(wins - w, games - g)
        if not rest.games:
            continue
        if mine.low > rest.high:
            flags.append((choice, "strong"))
        elif mine.high < rest.low:
            flags.append((choice, "weak"))
    return tuple(flags)


def summarize(records: Iterable[GameRecord], *, chose_own: bool = True) -> Summary:
    """Win rates per seat, agent and content choice, with lengths and decision counts."""
    tally = Tally()
    tally.chose_own = chose_own
    for record in records:
        tally.add(record)
    return tally.summary()
