"""Simulation at scale: batches of games, statistics, reports, tournaments; local pool or Ray."""

from bouts.sim.backends import BACKENDS, run_batches
from bouts.sim.config import SimConfig, SimError, derive_seed, game_seed, split_specs
from bouts.sim.play import GameRecord, play_game
from bouts.sim.stats import Rate, Summary, summarize, wilson
from bouts.sim.tournament import TournamentResult, run_tournament


def simulate(config: SimConfig, n: int, **kwargs: object) -> list[GameRecord]:
    """Play ``n`` games of ``config`` (keyword arguments as :func:`run_batches`)."""
    return run_batches([(config, n)], **kwargs)[0]  # type: ignore[arg-type]


__all__ = [
    "BACKENDS", "GameRecord", "Rate", "SimConfig", "SimError", "Summary", "TournamentResult", "derive_seed",
    "game_seed", "play_game", "run_batches", "run_tournament", "simulate", "split_specs", "summarize", "wilson",
]
