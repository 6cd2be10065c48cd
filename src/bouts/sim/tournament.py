"""Tournaments: every pair of agents, in every seat order, a win-rate matrix and a ranking.

With ``k`` seats, a pairing of agents ``a`` and ``b`` is played in every
arrangement where one of them holds one seat and the other holds the rest
(for 2 seats: ``a, b`` and ``b, a``). ``matrix[a][b]`` is the share of those
games in which some seat of ``a`` won.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from bouts.core.i18n import BOUTS
from bouts.sim.backends import Progress, Stop, run_batches
from bouts.sim.config import SimConfig, SimError, derive_seed
from bouts.sim.play import GameRecord
from bouts.sim.stats import Rate

M_ = BOUTS.message


def arrangements(a: str, b: str, seats: int) -> list[tuple[str, ...]]:
    """Every seating of one agent against the other filling the other seats, without repeats.

    >>> arrangements("x", "y", 2)
    [('x', 'y'), ('y', 'x')]
    """
    found: list[tuple[str, ...]] = []
    for lone, rest in ((a, b), (b, a)):
        for position in range(seats):
            seating = tuple(lone if s == position else rest for s in range(seats))
            if seating not in found:
                found.append(seating)
    return found


@dataclass(frozen=True)
class TournamentResult:
    """A tournament's games, win-rate matrix and ranking."""

    agents: tuple[str, ...]
    """The agents, as given."""
    matrix: dict[str, dict[str, Rate]]
    """``matrix[a][b]``: how often ``a`` won against ``b``."""
    ranking: tuple[tuple[str, float, Rate], ...]
    """Agents by mean win rate over their opponents (with their overall rate)."""
    games: tuple[tuple[SimConfig, tuple[GameRecord, ...]], ...]
    """Every seating played and its games."""

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form (without the games)."""
        return {
            "agents": list(self.agents),
            "matrix": {a: {b: r.to_json() for b, r in row.items()} for a, row in self.matrix.items()},
            "ranking": [{"agent": a, "mean_win_rate": m, **r.to_json()} for a, m, r in self.ranking],
        }


def tournament_configs(game: str, agents: Sequence[str], seats: int, options: Mapping[str, Any],
                       content: str | None, seed: int) -> list[SimConfig]:
    """The batches a tournament plays; each seating's seed derives from the seed and the seating."""
    if len(agents) < 2:
        raise SimError(M_("a tournament needs at least 2 agents"))
    if len(set(agents)) != len(agents):
        raise SimError(M_("each agent may appear only once in a tournament"))
    configs = []
    for a, b in combinations(agents, 2):
        for seating in arrangements(a, b, seats):
            configs.append(SimConfig(game, seating, dict(options), content,
                                     derive_seed("tournament", seed, *seating)))
    return configs


def run_tournament(game: str, agents: Sequence[str], n: int, *, seats: int = 2,
                   options: Mapping[str, Any] | None = None, content: str | None = None, seed: int = 0,
                   backend: str = "local", jobs: int | None = None, address: str | None = None,
                   progress: Progress | None = None, stop: Stop | None = None) -> TournamentResult:
    """Play ``n`` games of every seating of every pair of ``agents``."""
    configs = tournament_configs(game, agents, seats, options or {}, content, seed)
    for config in configs[:1]:
        config.check()
    results = run_batches([(c, n) for c in configs], backend=backend, jobs=jobs, address=address,
                          progress=progress, stop=stop)
    tally: dict[tuple[str, str], list[int]] = {}
    for config, records in zip(configs, results, strict=True):
        present = sorted(set(config.seats))
        for me in present:
            for them in present:
                if me == them:
                    continue
                mine = {s for s, spec in enumerate(config.seats) if spec == me}
                entry = tally.setdefault((me, them), [0, 0])
                entry[0] += sum(1 for r in records if mine & set(r.winners))
                entry[1] += len(records)
    matrix = {a: {b: Rate.of(*tally[(a, b)]) for b in agents if b != a} for a in agents}
    scored = []
    for a in agents:
        row = matrix[a]
        mean = sum(r.rate for r in row.values()) / len(row)
        overall = Rate.of(sum(r.wins for r in row.values()), sum(r.games for r in row.values()))
        scored.append((a, mean, overall))
    scored.sort(key=lambda t: (-t[1], agents.index(t[0])))
    return TournamentResult(tuple(agents), matrix, tuple(scored),
                            tuple((c, tuple(r)) for c, r in zip(configs, results, strict=True)))
