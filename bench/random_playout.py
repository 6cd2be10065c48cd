"""Random-playout speed per game beside OpenSpiel's pure-Python kuhn_poker, in one run.

    .venv/bin/python bench/random_playout.py [--game ID] [--seconds 5] [--rounds 5] [--checked]
        [--compiled PYTHON] [--also LABEL=PYTHON ...] [--profile] [--floor]

Each subject plays uniform random playouts to the end (chance steps included in the count): every bouts
game on the simulator's fast path (``fork`` once, ``advance`` in place; ``--checked`` goes through
``apply``, a legality check and a fresh state every step, as an interactive match does) and the anchor,
OpenSpiel's pure-Python ``python_kuhn_poker`` through ``pyspiel`` (``legal_actions``/``chance_outcomes``/
``apply_action``), measured in the same run.

The machine is shared, so every figure is **actions per CPU-second** of this process, and the subjects
take turns: ``--rounds`` rounds, each giving every subject ``seconds / rounds`` CPU-seconds, so load
that comes and goes hits all subjects alike. The ratio column is each game's rate over the anchor's.

``--compiled PYTHON`` also measures every game in a worker process run by ``PYTHON`` (an interpreter
whose ``bouts`` is the mypyc-compiled build, e.g. ``.venv-fast/bin/python`` from ``make fast``), in the
same interleaved rounds: the worker only works while this process waits. It adds the compiled rate,
its ratio to the anchor and its speed-up over the interpreted build.

``--also LABEL=PYTHON`` (repeatable) measures every game in one more worker, in the same rounds, and adds
its rate and ratio to the anchor under ``LABEL``: another build to compare in one run (``main`` beside a
branch, interpreted or compiled; a wrapper script that sets ``PYTHONPATH`` names a source tree).

``--draw lean`` draws each decision as ``options[int(rng.random() * len(options))]``, with the loop's calls bound
once, instead of ``rng.choice`` (what the random agent does, and the default): ``random.py``'s ``choice`` is
interpreted Python in every build and costs the same in both, 9-30 % of a compiled playout. The anchor's loop draws
the same way in the same run, so the ratios to it stay fair; the chance steps are each game's own draws either way.

The fast path is quiet by default (``bouts.core.stepping.quiet``: no events, as the simulator and a search's
rollouts play); ``--events`` makes every step's events on it (as a search's tree and ``apply`` do). A build without
a quiet path (an older one under ``--also``) plays with events either way.

``--floor`` adds the same loop over a null game (no rule work): the loop's own ceiling.
``--profile`` runs pyinstrument over the (interpreted) playouts and prints where the time goes.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from _common import Profiling, default_setup, game_ids, machine, quiet, random_playout

import bouts
from bouts.core import CHANCE

ANCHOR = "openspiel:kuhn"


class Subject:
    """Something that plays random playouts for a CPU budget, remembering its totals."""

    def __init__(self, name: str, chunk: Callable[[float], int]) -> None:
        self.name = name
        self.chunk = chunk
        self.actions = 0
        self.cpu = 0.0

    def run(self, budget: float) -> None:
        started = time.process_time()
        self.actions += self.chunk(budget)
        self.cpu += time.process_time() - started

    @property
    def rate(self) -> float:
        return self.actions / self.cpu if self.cpu else 0.0


def lean_playout(game: Any, state: Any, rng: random.Random, events: bool = False) -> int:
    """:func:`_common.random_playout` on the fast path, drawing with ``rng.random()`` and the calls bound once
    (``--draw lean``); the steps played."""
    draw = rng.random
    to_act, legal_actions, advance, sample_chance = game.to_act, game.legal_actions, game.advance, game.sample_chance
    state = game.fork(state)
    if not events and quiet is not None:
        quiet(state)
    steps = 0
    while True:
        acting = to_act(state)
        if not acting:
            return steps
        seat = acting[0]
        if seat == CHANCE:
            action = sample_chance(state, rng)
        else:
            options = legal_actions(state, seat)
            action = options[int(draw() * len(options))]
        advance(state, seat, action)
        steps += 1


def game_subject(game_id: str, variant: str | None, checked: bool, lean: bool = False,
                 events: bool = False) -> tuple[Subject, str, int]:
    game = bouts.game(game_id)
    name, seats, options = default_setup(game, variant)
    content = game.load_content()
    rng = random.Random(1)
    seeds = iter(range(10**9))

    def chunk(budget: float) -> int:
        steps = 0
        until = time.process_time() + budget
        while time.process_time() < until:
            state = game.setup(seats, options, content, next(seeds))
            steps += (lean_playout(game, state, rng, events) if lean
                      else random_playout(game, state, rng, checked, events)[1])
        return steps

    return Subject(game_id, chunk), name, seats


def kuhn_subject(lean: bool = False) -> Subject:
    """OpenSpiel's pure-Python Kuhn poker (``open_spiel.python.games.kuhn_poker``) through pyspiel."""
    import open_spiel.python.games  # noqa: F401  (registers the python_* games)
    import pyspiel

    game = pyspiel.load_game("python_kuhn_poker")
    rng = random.Random(1)
    draw = rng.random

    def chunk(budget: float) -> int:
        steps = 0
        until = time.process_time() + budget
        while time.process_time() < until:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                    action = rng.choices(outcomes, probabilities)[0]
                elif lean:  # --draw lean: as lean_playout draws
                    legal = state.legal_actions()
                    action = legal[int(draw() * len(legal))]
                else:
                    action = rng.choice(state.legal_actions())
                state.apply_action(action)
                steps += 1
        return steps

    return Subject(ANCHOR, chunk)


class NullGame:
    """The contract calls the playout loop makes, doing no rule work: the loop's own ceiling."""

    def __init__(self, length: int = 100) -> None:
        self.length = length
        self.options = (0, 1, 2)

    def fork(self, state: list[int]) -> list[int]:
        return list(state)

    def to_act(self, state: list[int]) -> tuple[int, ...]:
        return (0,) if state[0] < self.length else ()

    def legal_actions(self, state: list[int], seat: int) -> tuple[int, ...]:
        return self.options

    def advance(self, state: list[int], seat: int, action: int) -> None:
        state[0] += 1


def null_subject() -> Subject:
    game: Any = NullGame()
    rng = random.Random(1)

    def chunk(budget: float) -> int:
        steps = 0
        until = time.process_time() + budget
        while time.process_time() < until:
            steps += random_playout(game, [0], rng)[1]
        return steps

    return Subject("(null game)", chunk)


class Worker:
    """A subject in another interpreter (the compiled build), driven one chunk at a time."""

    def __init__(self, python: str, args: argparse.Namespace) -> None:
        command = ([python, __file__, "--worker", "--draw", args.draw] + (["--checked"] if args.checked else [])
                   + (["--events"] if args.events else []))
        if args.variant:
            command += ["--variant", args.variant]
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.compiled = self.ask({"hello": True})["compiled"]

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit("the compiled worker died (is bouts installed in that interpreter?)")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


class RemoteSubject(Subject):
    """A game measured in the worker: its figures are the worker's own CPU time."""

    def __init__(self, worker: Worker, game_id: str) -> None:
        super().__init__(game_id, lambda budget: 0)
        self.worker = worker

    def run(self, budget: float) -> None:
        answer = self.worker.ask({"game": self.name, "budget": budget})
        self.actions += int(answer["actions"])
        self.cpu += float(answer["cpu"])


def is_compiled() -> bool:
    """Whether this interpreter's ``bouts.core.match`` is a mypyc extension module (compiled builds compile it)."""
    import bouts.core.match as match

    return not str(match.__file__).endswith(".py")


def worker_main(args: argparse.Namespace) -> None:
    subjects: dict[str, Subject] = {}
    for line in sys.stdin:
        request = json.loads(line)
        if "hello" in request:
            print(json.dumps({"compiled": is_compiled()}), flush=True)
            continue
        game_id = request["game"]
        if game_id not in subjects:
            subjects[game_id] = game_subject(game_id, args.variant, args.checked, args.draw == "lean",
                                             args.events)[0]
        subject = subjects[game_id]
        actions, cpu = subject.actions, subject.cpu
        subject.run(float(request["budget"]))
        print(json.dumps({"actions": subject.actions - actions, "cpu": subject.cpu - cpu}), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game")
    parser.add_argument("--variant")
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU-seconds per subject, over all rounds")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--checked", action="store_true", help="play through apply (checked, copying)")
    parser.add_argument("--compiled", metavar="PYTHON", help="also measure the build PYTHON imports")
    parser.add_argument("--also", metavar="LABEL=PYTHON", action="append", default=[],
                        help="also measure the build PYTHON imports, in one more worker, as LABEL")
    parser.add_argument("--events", action="store_true",
                        help="the fast path making every step's events (as a search's tree), not quiet")
    parser.add_argument("--profile", action="store_true", help="profile with pyinstrument")
    parser.add_argument("--floor", action="store_true", help="also time the loop over a null game")
    parser.add_argument("--draw", choices=("choice", "lean"), default="choice",
                        help="how every loop (the anchor's too) draws a decision: rng.choice (the random agent's "
                             "way, default) or rng.random() with the calls bound once")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker_main(args)
        return
    with Profiling(args.profile):
        _report(args)


def _report(args: argparse.Namespace) -> None:
    lean = args.draw == "lean"
    if lean and args.checked:
        raise SystemExit("--draw lean plays the fast path only (not with --checked)")
    anchor = kuhn_subject(lean)
    games: list[tuple[Subject, str, int]] = [game_subject(g, args.variant, args.checked, lean, args.events)
                                             for g in game_ids(args.game)]
    worker = Worker(args.compiled, args) if args.compiled else None
    compiled = {s.name: RemoteSubject(worker, s.name) for s, _, _ in games} if worker else {}
    others: list[tuple[str, Worker, dict[str, RemoteSubject]]] = []
    for spec in args.also:
        label, _, python = spec.partition("=")
        other = Worker(python, args)
        others.append((label, other, {s.name: RemoteSubject(other, s.name) for s, _, _ in games}))
    floor = null_subject() if args.floor else None
    order: list[Subject] = [anchor, *(s for s, _, _ in games), *compiled.values(),
                            *(subject for _, _, subjects in others for subject in subjects.values()),
                            *([floor] if floor else [])]
    budget = args.seconds / args.rounds
    for _ in range(args.rounds):
        for subject in order:
            subject.run(budget)
    if worker:
        worker.close()
    for _, other, _ in others:
        other.close()
    path = ("checked (apply)" if args.checked
            else "fast path (fork/advance), " + ("making events" if args.events else "quiet (no events)"))
    path += "; decisions drawn with rng.random() (--draw lean)" if lean else "; decisions drawn with rng.choice"
    print(f"random playouts, {path}; actions (chance steps included) per CPU-second; {args.rounds} interleaved "
          f"rounds, {args.seconds:g} CPU-s per subject; {machine()}")
    if worker and not worker.compiled:
        print(f"warning: {args.compiled} imports an interpreted bouts (no compiled build found there)")
    head = f"{'game':<12} {'variant':<10} {'seats':>5} {'actions/CPU-s':>13} {'x kuhn':>7}"
    if compiled:
        head += f" {'compiled':>13} {'x kuhn':>7} {'x interp.':>9}"
    for label, other, _ in others:
        head += f" {label + (' (c)' if other.compiled else ''):>13} {'x kuhn':>7}"
    print(head)
    print(f"{ANCHOR:<12} {'':<10} {2:>5} {anchor.rate:>13,.0f} {1.0:>7.2f}")
    for subject, name, seats in games:
        line = f"{subject.name:<12} {name:<10} {seats:>5} {subject.rate:>13,.0f} {subject.rate / anchor.rate:>7.2f}"
        if compiled:
            fast = compiled[subject.name]
            line += f" {fast.rate:>13,.0f} {fast.rate / anchor.rate:>7.2f} {fast.rate / subject.rate:>9.2f}"
        for _, _, subjects in others:
            rate = subjects[subject.name].rate
            line += f" {rate:>13,.0f} {rate / anchor.rate:>7.2f}"
        print(line)
    if floor:
        print(f"{floor.name:<12} {'':<10} {'':>5} {floor.rate:>13,.0f} {floor.rate / anchor.rate:>7.2f}"
              "   the loop alone: the ceiling for any game here")


if __name__ == "__main__":
    main()
