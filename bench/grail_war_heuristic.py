"""The Grail War heuristic's cost per decision on the positions IS-MCTS rollouts ask it about, and a digest of its
choices there (issue 27: the heuristic is most of a 4-player search's time).

    .venv/bin/python bench/grail_war_heuristic.py [--seats 4] [--iterations 100] [--decisions 3] [--repeat 5]

Records every position the game's ``SEARCH`` rollouts hand to ``choose`` during ``--decisions`` mid-game searches of
``--iterations`` iterations (``bench/ismcts_speed.py``'s positions), then times ``choose`` on all of them
``--repeat`` times: the least CPU time per decision, and the share of the decisions of each kind. Run it with two
builds (``/tmp/.../main-python`` and yours) one after the other: the recorded positions are the same when the
rules and the heuristic play the same, and the choices' digest must be equal (a speed change plays bit for bit).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from _common import decision_states, default_setup, machine

import bouts
from bouts.agents import make_agent


def kind(state: Any) -> str:
    """Which of the heuristic's decisions a position asks (an effect's choice, Outpost, Move, Battle preparation,
    the command-spell window)."""
    if state.pending:
        return "pending"
    if state.step == "place":
        return "place"
    return str(state.stage) if state.stage in ("before_move", "prepare") else "window"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--decisions", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    game = bouts.game("grail_war")
    strategy = game.strategy()
    choose = strategy.choose
    recorded: list[tuple[Any, int]] = []

    def recording(game: Any, state: Any, seat: Any, rng: random.Random) -> Any:
        recorded.append((game.fork(state), seat))
        return choose(game, state, seat, rng)

    _name, _seats, options = default_setup(game, None)
    strategy.choose = recording  # the search reads the module's choose when it is made
    try:
        for state, seat in decision_states(game, args.seats, options, args.decisions):
            agent = make_agent(f"ismcts:iterations={args.iterations}", 1)
            agent.search(game, state, seat)
    finally:
        strategy.choose = choose
    rng = random.Random(0)
    best = float("inf")
    picks: list[str] = []
    for _ in range(args.repeat):
        started = time.process_time()
        picks = [str(choose(game, state, seat, rng)) for state, seat in recorded]
        best = min(best, time.process_time() - started)
    kinds = Counter(kind(state) for state, _seat in recorded)
    digest = hashlib.sha256("\n".join(picks).encode()).hexdigest()[:16]
    print(f"Grail War heuristic on IS-MCTS rollout positions, {args.seats} seats; CPU time; {machine()}")
    print(f"{len(recorded)} decisions ({', '.join(f'{k} {n}' for k, n in kinds.most_common())}); "
          f"least of {args.repeat}: {best * 1e6 / len(recorded):.1f} CPU-us per decision; choices {digest}")


if __name__ == "__main__":
    main()
