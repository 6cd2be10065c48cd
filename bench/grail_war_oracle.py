"""Dominate Grail War: IS-MCTS as an oracle for the heuristic's misplays (issue 23, one master's decisions).

    .venv/bin/python bench/grail_war_oracle.py [--master rin] [--seats 7] [--games 60] [--seed 0]
        [--every 3] [--iterations 200] [--jobs 1] [--out FILE.jsonl]

Plays the balance benchmark's seeded games (``grail_war_balance.py``: the heuristic on every seat, the same deals)
and, at every ``--every``-th decision of the named master that has more than one legal action, asks IS-MCTS (the
game's ``SEARCH``, ``--iterations`` iterations, seeded by game and decision) what it would choose there. The game
goes on with the heuristic's choice, so the states are those the heuristic reaches. Prints the agreement by
decision kind and by situation (round, mana, jewels, spoils rank, place), and the search's own estimate of what a
disagreement is worth (its chosen action's mean reward minus the heuristic's, when both were tried); ``--out``
writes one JSON line per state for further tables. Prints CPU seconds per search, the machine and its load.

Read the search's preferences with its evaluation in mind: a rollout cut at the horizon (about two rounds) is scored
by the heuristic module's ``evaluate``, which counts spoils and a tenth of a spoil per mana and nothing for command
spells or jewels; so the search leans to spending them, and to battles over the Workshop's mana (issue 23, tenth
pass: following its clearest pattern, Rin's Workshop placements with 5 jewels or more, cost her 1.6 points).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from _common import machine
from grail_war_balance import start

from bouts.agents import make_agent
from bouts.core import CHANCE

CLEAR = 1.2
"""A disagreement is clear when the search visited its choice this many times as often as the heuristic's."""


def kind(state: Any, legal: list[Any], pick: Any) -> str:
    """The decision's kind: what the menu offers (placement, move, command spell window, cards, jewels...)."""
    verbs = {a.verb for a in legal}
    if state.pending:
        return "pending:" + "/".join(sorted(verbs))
    if "place" in verbs:
        return "place"
    if "move" in verbs or "stay" in verbs:
        return "move"
    if state.stage == "prepare":
        return "cards"
    return "window:" + "/".join(sorted(verbs - {"next"}))


def situation(state: Any, seat: int) -> dict[str, Any]:
    """Round, mana, jewels, command spells, spoils rank among the living, place and stage of ``seat``."""
    p = state.players[seat]
    living = state.living()
    rank = 1 + sum(1 for s in living if state.players[s].spoils > p.spoils)
    return {"round": state.round, "mana": p.mana, "jewels": p.jewels, "spells": p.command_spells,
            "spoils": p.spoils, "rank": rank, "alive": len(living), "place": p.location, "stage": state.stage,
            "step": state.step}


def one_game(args: tuple[str, int, int, int, int, int]) -> tuple[list[dict[str, Any]], float, int]:
    """One seeded game: the sampled decisions of the master, each with both choices and the search's figures."""
    master, seats, seed, every, iterations, limit = args
    game, rng, state, agents = start(seats, seed, {}, None)
    found: list[dict[str, Any]] = []
    seconds = 0.0
    searches = 0
    count = 0
    while game.to_act(state):
        seat = game.to_act(state)[0]
        if seat == CHANCE:
            action = game.sample_chance(state, rng)
        else:
            action = agents[seat].act(game, state, seat)
            legal = list(game.legal_actions(state, seat))
            if state.players[seat].master == master and len(legal) > 1:
                count += 1
                if count % every == 0 and len(found) < limit:
                    oracle = make_agent(f"ismcts:iterations={iterations}", seed * 1000 + count)
                    started = time.process_time()
                    root = oracle.search(game, state, seat)  # type: ignore[attr-defined]
                    seconds += time.process_time() - started
                    searches += 1
                    stats = root.children if root.joint is None else root.joint.get(seat, {})
                    best = max(legal, key=lambda a: (stats[a].visits, stats[a].reward[seat]) if a in stats
                               else (-1, 0.0))

                    def mean(a: Any, stats: Any = stats, seat: int = seat) -> float | None:
                        node = stats.get(a)
                        return None if node is None or not node.visits else node.reward[seat] / node.visits

                    row = {"seed": seed, "kind": kind(state, legal, action), "heuristic": str(action),
                           "search": str(best), "agree": best == action, "options": len(legal),
                           "visits_h": stats[action].visits if action in stats else 0,
                           "visits_s": stats[best].visits if best in stats else 0,
                           "value_h": mean(action), "value_s": mean(best), **situation(state, seat)}
                    found.append(row)
        game.advance(state, seat, action)
    outcome = game.outcome(state)
    won = [s for s in range(seats) if state.players[s].master == master and outcome and s in outcome.winners]
    for row in found:
        row["won"] = bool(won)
    return found, seconds, searches


def tabulate(rows: list[dict[str, Any]], key: str, title: str) -> list[str]:
    """Agreement by one field: states, disagreements, their share, the search's mean value gain when it differs."""
    groups: dict[Any, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        groups[r[key]].append(r)
    lines = [f"  by {title:<34} {'states':>6} {'differ':>6} {'share':>6} {'clear':>6} {'gain':>7}  most frequent "
             "differences"]
    for value in sorted(groups, key=lambda v: (str(type(v)), v if v is not None else "")):
        g = groups[value]
        diff = [r for r in g if not r["agree"]]
        clear = sum(1 for r in diff if r["visits_s"] >= CLEAR * max(1, r["visits_h"]))
        gains = [r["value_s"] - r["value_h"] for r in diff if r["value_s"] is not None and r["value_h"] is not None]
        gain = sum(gains) / len(gains) if gains else 0.0
        common = Counter(f"{r['heuristic']} -> {r['search']}" for r in diff).most_common(2)
        lines.append(f"    {value!s:<36} {len(g):>6} {len(diff):>6} {len(diff) / len(g):>6.0%} {clear:>6} "
                     f"{gain:>+7.3f}  " + "; ".join(f"{k} ({n})" for k, n in common))
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--master", default="rin")
    parser.add_argument("--seats", type=int, default=7)
    parser.add_argument("--games", type=int, default=60, help="games in which the master plays, from --seed on")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--every", type=int, default=3, help="search every n-th decision with a choice")
    parser.add_argument("--limit", type=int, default=1000, help="most searched states a game")
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", default="")
    args = parser.parse_args()
    seeds: list[int] = []
    index = 0
    while len(seeds) < args.games:  # the balance benchmark's seeds whose deal has the master
        seed = args.seed * 100_000 + index
        _game, _rng, state, _agents = start(args.seats, seed, {}, None)
        if any(p.master == args.master for p in state.players):
            seeds.append(seed)
        index += 1
    print(f"grail_war oracle: {args.master}'s decisions at {args.seats} seats, {len(seeds)} games with her/him "
          f"among seeds {args.seed * 100_000}-{args.seed * 100_000 + index - 1}, every {args.every}. decision, "
          f"IS-MCTS {args.iterations} iterations; {machine()}; load {os.getloadavg()[0]:.1f}", flush=True)
    work = [(args.master, args.seats, s, args.every, args.iterations, args.limit) for s in seeds]
    rows: list[dict[str, Any]] = []
    seconds = 0.0
    searches = 0
    with ProcessPoolExecutor(args.jobs) as pool:
        for found, spent, count in pool.map(one_game, work):
            rows.extend(found)
            seconds += spent
            searches += count
    if args.out:
        Path(args.out).write_text("".join(json.dumps(r) + "\n" for r in rows))
    print(f"  {searches} searches, {seconds:.0f} CPU s ({seconds / max(1, searches):.2f} CPU s a search); "
          f"load {os.getloadavg()[0]:.1f}")
    for r in rows:
        r["mana band"] = "0-3" if r["mana"] <= 3 else "4-7" if r["mana"] <= 7 else "8-12"
        r["jewel band"] = "0-1" if r["jewels"] <= 1 else "2-4" if r["jewels"] <= 4 else "5-10"
        r["round band"] = "1" if r["round"] == 1 else "2-4" if r["round"] <= 4 else "5-8" if r["round"] <= 8 else "9+"
    for key, title in (("kind", "decision kind"), ("round band", "round"), ("mana band", "mana"),
                       ("jewel band", "jewels"), ("rank", "spoils rank"), ("place", "place")):
        print("\n".join(tabulate(rows, key, title)))
    print("  disagreements by kind and round:")
    by = Counter((r["kind"], r["round band"]) for r in rows if not r["agree"])
    of = Counter((r["kind"], r["round band"]) for r in rows)
    for (k, rd), n in sorted(by.items(), key=lambda x: -x[1]):
        print(f"    {k:<40} round {rd:<4} {n:>4} of {of[(k, rd)]}")


if __name__ == "__main__":
    main()
