"""One real design question per game, answered with `bouts sweep` (the same code path), plots kept.

    .venv/bin/python bench/workbench_sweeps.py [--out /tmp/bouts-sweeps] [--only swordplay,kaleido] [--jobs 2]

Each question is a sweep of one field of a reference pack with the game's heuristic on every seat and, where
seats choose content, the content dealt at random (a design study). Prints each point's statistic with its
95 % interval and what the target found; the run folders (Parquet, report.html, sweep.png) stay in --out.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass
from pathlib import Path

from bouts.sim.sweep import Sweep, Target, parse_stat, parse_vary
from bouts.sim.variants import Design
from bouts.sim.workbench import Running, default_folder, sweep
from bouts.sim.workbench_report import sweep_lines


@dataclass(frozen=True)
class Question:
    """A design question as a sweep."""

    game: str
    question: str
    seats: tuple[str, ...]
    vary: str
    stat: str
    games: int
    target: str | None = None
    assign: str = "random"
    options: tuple[tuple[str, object], ...] = ()


QUESTIONS = (
    Question("swordplay", "With the optional Realistic Parries rule, what life makes the Mercenary an even match "
             "for the Gladiator (heuristic on both seats)?",
             ("heuristic", "heuristic"), "hero.mercenary.life=5..9", "content", 1000, "fair:1.1",
             options=(("realistic_parries", True),)),
    Question("sao", "How does the Final Battle's final ordeal HP (90 in the pack) change a heuristic pair's clear "
             "rate?", ("heuristic", "heuristic"), "scenario.final_battle.steps.1.hp=60..120:30", "team", 60,
             assign="choose"),
    Question("fgo_duel", "How does Artoria's cost change how often her party wins (parties dealt at random)?",
             ("heuristic", "heuristic"), "servant.artoria.cost=3..6", "content:artoria", 800),
    Question("kaleido", "How much does one point of Avenger's HP move Bazett and Avenger's pair at 5 players?",
             ("heuristic",) * 5, "servant.avenger.hp=8..13", "content:bazett-avenger", 600),
    Question("grail_war", "Which initial mana keeps Kirei above half his fair share at 4 players?",
             ("heuristic",) * 4, "master_board.kirei.initial_mana=5..9", "content:kirei", 800,
             "content:kirei>=0.125"),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/bouts-sweeps"))
    parser.add_argument("--only", default="")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--scale", type=float, default=1.0, help="Multiply every question's games by this.")
    args = parser.parse_args()
    wanted = {w for w in args.only.split(",") if w}
    for q in QUESTIONS:
        if wanted and q.game not in wanted:
            continue
        base = Design(q.game, q.seats, (), dict(q.options), assign=q.assign, seed=2026)
        grid = Sweep.of(base, [parse_vary(q.vary)], Target.parse(q.target) if q.target else None)
        games = max(20, round(q.games * args.scale))
        started = time.perf_counter()
        folder = args.out / default_folder(grid.design).name  # one folder per design: rerunning adds, never mixes
        outcome = sweep(grid, games, folder, selector=parse_stat(q.stat), running=Running(jobs=args.jobs))
        seconds = time.perf_counter() - started
        print(f"\n{q.game}: {q.question}")
        target = f" --target {q.target}" if q.target else ""
        options = " --options " + ",".join(f"{k}={json.dumps(v)}" for k, v in q.options) if q.options else ""
        print(f"  bouts sweep {q.game} --vary {q.vary} --seats {','.join(q.seats)} --assign {q.assign} -n {games} "
              f"--stat {q.stat}{target}{options}")
        key = parse_stat(q.stat)
        for point in outcome.summary["points"]:
            shown = [s for s in point["stats"] if (isinstance(key, tuple) and (s["kind"], s["name"]) == key)
                     or (key == "content" and s["kind"] == "content")]
            cells = ", ".join(f"{s['name'] or s['kind']} {s['value']:.1%} [{s['low']:.1%}, {s['high']:.1%}]"
                              for s in shown)
            status = f" target {point['target']}" if point["target"] else ""
            print(f"  {point['name']}: {cells}{status}")
        for line in sweep_lines(outcome.summary):
            print(f"  {line}")
        print(f"  {outcome.played} games played in {seconds:.0f} s; plot {folder / 'sweep.png'}")


if __name__ == "__main__":
    main()
