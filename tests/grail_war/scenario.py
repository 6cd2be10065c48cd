"""Whole games played only through actions, steered to the spoils a test asks for.

A test names the spoils every master must have at the end of some rounds (round 8, climax rounds). The game
is then played with the real rules: every placement, move and card is a legal action applied with
``GAME.apply`` from a set-up whose shuffles the test forces. Players stay where they place and use their
cards face down, so a battlefield goes to the one alone there, or to the first placed (its +3 land
advantage against +1), and the NPC's battlefield to the NPC. What is chosen is who places where each round
and the order of the event deck (a forced shuffle). A small search over a model of those rounds (event
spoils, the contested bonus, the situation, Kuzuki's 平穏 at the Workshop, Sakura's 刻まれた宿命) picks them;
the game is then played and every round's spoils checked against the model.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bouts.core import CHANCE
from bouts.games.grail_war.state import MIYAMA, SHINTO, WORKSHOP, GrailState
from tests.grail_war.helpers import CAT, GAME, MASTERS, SITUATIONS, start

PLAIN_EVENTS = [e.id for e in CAT.events.values() if e.effect != "add_event"]
"""Events the model uses: all but イベントを追加 (it draws another event), which stay at the bottom of the deck."""


def _value(event: str) -> tuple[int, int, int]:
    """An event as the model sees it: (spoils, extra spoils when contested, 1 when a contest can be decided
    there: not where land advantage gives no power, since face-down fighters would tie at 0)."""
    e = CAT.events[event]
    return e.spoils, e.amount if e.effect == "contested_plus" else 0, 0 if e.effect == "no_land" else 1
BONUS = {MIYAMA: 2, SHINTO: 3}
"""The contested bonus (DGW-094)."""


@dataclass
class Round:
    """One round of a scripted game: each seat's place, and the events of Miyama and Shinto."""

    places: dict[int, str]
    events: tuple[str, str]


@dataclass
class Steered:
    """A game reached by actions: the state after the last round asked for, and how it was played."""

    state: GrailState
    rounds: list[Round]
    events: list[str]
    spoils: dict[int, list[int]] = field(default_factory=dict)
    """Each round played: every seat's spoils at its end (before the next round starts)."""


# -- playing ---------------------------------------------------------------------------------------
def _specials_last(order: list[str]) -> list[str]:
    """A trash shuffle that puts Kuzuki's used 蛇 at the bottom (he never has to use one face up again)."""
    return [*(c for c in order if not c.startswith("snake")), *(c for c in order if c.startswith("snake"))]


def decide(state: GrailState, seat: int, places: dict[int, str]) -> str:
    """The scripted decision: the planned place, stay, face-down cards (a special card only when nothing else
    is left), no command spell, keep Shinji."""
    from bouts.games.grail_war.flow import pile
    if seat == CHANCE:
        return "shuffle " + " ".join(_specials_last(pile(state)))
    legal = [str(a) for a in GAME.legal_actions(state, seat)]
    if state.pending:
        return "keep" if "keep" in legal else ("done" if "done" in legal else legal[0])
    if state.step == "place":
        return f"place {places[seat]}"
    if state.stage == "before_move":
        return "stay"
    if state.stage == "prepare":
        downs = [a for a in legal if a.endswith(" down")]
        if downs:
            return downs[0]
        if "done" in legal:
            return "done"
        return next(a for a in legal if a.startswith("play"))
    return "next"


def play_round(state: GrailState, places: dict[int, str],
               choose: Callable[[GrailState, int, dict[int, str]], str] = decide) -> GrailState:
    """Play the current round through actions, to the next round's first placement (or the end)."""
    current = state.round
    while GAME.to_act(state) and (state.round == current or state.step != "place"
                                  or GAME.to_act(state) == (CHANCE,)):
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, choose(state, seat, places))
    return state


def end_spoils(state: GrailState) -> list[int]:
    """Every seat's spoils at the end of the round just played: gains logged since the next round began
    (刻まれた宿命) taken off."""
    spoils = [p.spoils for p in state.players]
    events = list(state.events)
    starts = [i for i, e in enumerate(events) if e.kind == "round"]
    if starts:
        for e in events[starts[-1]:]:
            if "spoils" in e.data and "seat" in e.data:
                spoils[e.data["seat"]] -= e.data["spoils"]
    return spoils


# -- the model the search runs on ------------------------------------------------------------------
@dataclass(frozen=True)
class Table:
    """What decides a round's spoils in the model: turn order, the NPC, the situation's extra spoils, and
    who has 平穏 or 刻まれた宿命."""

    order: tuple[int, ...]
    npc: str | None
    contested_plus: int
    workshop_plus: int
    tranquil: frozenset[int]
    armed: frozenset[int] = frozenset()
    """Seats holding a card they must use face up this round (Kuzuki's first hand of two 蛇): never a loser."""


def _tables(state: GrailState, last: int) -> list[Table]:
    """The model of rounds ``state.round`` .. ``last`` (no elimination between them)."""
    living = [s for s in range(state.seats) if not state.players[s].eliminated]
    tranquil = frozenset(s for s in living if "tranquility" in CAT.masters[state.players[s].master].abilities)
    situations = [state.situation, *state.situation_deck]
    tables = []
    start_seat = state.start
    for offset, rnd in enumerate(range(state.round, last + 1)):
        order = tuple(s for s in ((start_seat + i) % state.seats for i in range(state.seats)) if s in living)
        sit = situations[offset] if rnd <= 8 and offset < len(situations) else state.situation if rnd > 8 else None
        card = CAT.situations[sit] if sit else None
        npc = (SHINTO if rnd % 2 else MIYAMA) if state.seats <= 4 else None
        tables.append(Table(order, npc, card.amount if card and card.effect == "contested_plus" else 0,
                            card.amount if card and card.effect == "workshop_plus" else 0, tranquil,
                            tranquil if rnd == 1 else frozenset()))
        start_seat = order[1 % len(order)]
    return tables


def _forced(state: GrailState, first: int, last: int) -> list[int]:
    """Spoils each seat gains whatever is placed: 刻まれた宿命's +2 at each round start after round ``first``
    up to ``last`` (not in rounds 1-3 with 7 players, 日常の象徴)."""
    found = [0] * state.seats
    for s, p in enumerate(state.players):
        if not p.eliminated and "engraved_fate" in CAT.masters[p.master].abilities:
            found[s] = 2 * sum(1 for r in range(first + 1, last + 1) if r >= 4 or state.seats < 7)
    return found


def _assign(order: tuple[int, ...], winners: dict[str, int | None], contested: dict[str, bool],
            npc: str | None, away: frozenset[int], loser: frozenset[int] = frozenset()) -> dict[int, str] | None:
    """Places for everyone: the winners, one loser after a contested winner (one of ``loser`` if it can),
    the rest at the Workshop (4 at most; ``away``, a Kuzuki who needs no more spoils, never), the overflow at
    the NPC's battlefield or after a winner; ``None`` when the plan cannot be placed."""
    plan: dict[int, str] = {}
    for f, seat in winners.items():
        if seat is not None:
            plan[seat] = f
    for f, seat in winners.items():
        if contested[f]:
            if seat is None:
                return None
            later = [s for s in order[order.index(seat) + 1:] if s not in plan]
            if not later:
                return None
            preferred = [s for s in later if s in loser]
            plan[(preferred or later)[-1]] = f
    rest = [s for s in order if s not in plan]
    others = [s for s in rest if s not in away]
    for s in others[:4]:
        plan[s] = WORKSHOP
    for s in [*others[4:], *(s for s in rest if s in away)]:
        if npc is not None:
            plan[s] = npc
            continue
        spots = [f for f, w in winners.items() if w is not None and order.index(w) < order.index(s)]
        if spots:
            plan[s] = spots[0]
        elif sum(1 for x in plan.values() if x == WORKSHOP) < 4 and s not in away:
            plan[s] = WORKSHOP
        else:
            return None
    return plan


def _structures(table: Table, away: frozenset[int]) -> list[tuple[int | None, int | None, bool, bool,
                                                                  dict[int, str], tuple[int, ...]]]:
    """Every placement of a round by its winners: (Miyama winner, Shinto winner, Miyama contested, Shinto
    contested, places, Kuzuki's Workshop spoils by seat)."""
    found = []
    for a in [None, *table.order]:
        for b in [None, *table.order]:
            if (a is not None and a == b) or (table.npc == MIYAMA and a is not None) \
                    or (table.npc == SHINTO and b is not None):
                continue
            plans = []
            for cm, cs in ((False, False), (True, False), (False, True), (True, True)):
                for loser in (frozenset(), table.tranquil):
                    plan = _assign(table.order, {MIYAMA: a, SHINTO: b}, {MIYAMA: cm, SHINTO: cs}, table.npc, away,
                                   loser)
                    if plan is not None and plan not in plans:
                        plans.append(plan)
            for plan in plans:
                if any(plan[s] in (MIYAMA, SHINTO) and s not in (a, b) for s in table.armed):
                    continue
                busy_m = sum(1 for x in plan.values() if x == MIYAMA) > 1
                busy_s = sum(1 for x in plan.values() if x == SHINTO) > 1
                extra = [0] * (max(table.order) + 1)
                for i, s in enumerate(s for s in table.order if plan[s] == WORKSHOP):
                    if s in table.tranquil:
                        extra[s] += (2 if i == 0 else 1) + table.workshop_plus
                found.append((a, b, busy_m, busy_s, plan, tuple(extra)))
    return found


def _solve(tables: list[Table], need: tuple[int, ...], values: tuple[tuple[int, int, int], ...]
           ) -> list[tuple[dict[int, str], tuple[int, int, int], tuple[int, int, int]]] | None:
    """Plans for the rounds of ``tables`` whose gains add up to ``need`` exactly, by an integer program
    (scipy's HiGHS; only when a plan is not stored yet): each round one placement among those
    :func:`_structures` lists; each occupied battlefield one event; a winner gains its event's spoils, and the
    contested bonus when it is not alone there; Kuzuki gains at the Workshop."""
    import numpy as np
    from scipy.optimize import Bounds, LinearConstraint, milp
    from scipy.sparse import lil_matrix

    seats = len(need)
    classes = sorted(set(values))
    counts = [values.count(k) for k in classes]
    fields = (MIYAMA, SHINTO)
    structures = [_structures(t, frozenset()) + _structures(t, t.tranquil) for t in tables]
    columns: list[tuple[Any, ...]] = []
    for r, found in enumerate(structures):
        columns += [("x", r, i) for i in range(len(found))]
    for r in range(len(tables)):
        for f in fields:
            columns += [("u", r, f, i, k, c) for i in range(seats) for k in range(len(classes)) for c in (0, 1)]
            columns += [("t", r, f, k) for k in range(len(classes))]
    index = {col: n for n, col in enumerate(columns)}
    rows: list[tuple[dict[int, float], float, float]] = []
    for r, found in enumerate(structures):
        table = tables[r]
        rows.append(({index[("x", r, i)]: 1.0 for i in range(len(found))}, 1, 1))  # one placement a round
        for f, slot, busy_slot in ((MIYAMA, 0, 2), (SHINTO, 1, 3)):
            for i in range(seats):
                for c in (0, 1):  # seat i wins f (contested or not) exactly when the placement says so
                    row = {index[("u", r, f, i, k, c)]: 1.0 for k in range(len(classes))}
                    for n, st in enumerate(found):
                        if st[slot] == i and bool(st[busy_slot]) == bool(c):
                            row[index[("x", r, n)]] = row.get(index[("x", r, n)], 0.0) - 1.0
                    rows.append((row, 0, 0))
            row = {index[("t", r, f, k)]: 1.0 for k in range(len(classes))}  # an empty battlefield's event
            for n, st in enumerate(found):
                if st[slot] is None:
                    row[index[("x", r, n)]] = -1.0
            rows.append((row, 0, 0))
        del table
    for k, count in enumerate(counts):  # each event once
        row = {}
        for r in range(len(tables)):
            for f in fields:
                row[index[("t", r, f, k)]] = 1.0
                for i in range(seats):
                    for c in (0, 1):
                        row[index[("u", r, f, i, k, c)]] = 1.0
        rows.append((row, 0, count))
    for i in range(seats):  # every seat's gains add up to its need
        row = {}
        for r, found in enumerate(structures):
            table = tables[r]
            for n, st in enumerate(found):
                if st[5][i] if i < len(st[5]) else 0:
                    row[index[("x", r, n)]] = float(st[5][i])
            for f in fields:
                for k, (spoils, extra, _) in enumerate(classes):
                    row[index[("u", r, f, i, k, 0)]] = float(spoils)
                    row[index[("u", r, f, i, k, 1)]] = float(spoils + BONUS[f] + table.contested_plus + extra)
        rows.append((row, need[i], need[i]))
    matrix = lil_matrix((len(rows), len(columns)))
    lower, upper = [], []
    for n, (row, lo, hi) in enumerate(rows):
        for col, value in row.items():
            matrix[n, col] = value
        lower.append(lo)
        upper.append(hi)
    cost = np.array([1.0 if col[0] == "u" and col[5] else 0.0 for col in columns])  # few contests: tidy plans
    top = np.array([0.0 if col[0] == "u" and col[5] and not classes[col[4]][2] else 1.0 for col in columns])
    result = milp(cost, constraints=LinearConstraint(matrix.tocsr(), lower, upper),
                  integrality=np.ones(len(columns)), bounds=Bounds(0, top), options={"time_limit": 120})
    if result.x is None or not result.success:
        return None
    chosen = [col for col, value in zip(columns, result.x, strict=True) if value > 0.5]
    plan = []
    for r, found in enumerate(structures):
        n = next(col[2] for col in chosen if col[0] == "x" and col[1] == r)
        picked = {}
        for f in fields:
            k = next(col[4] if col[0] == "u" else col[3] for col in chosen
                     if col[0] in ("u", "t") and col[1] == r and col[2] == f)
            picked[f] = classes[k]
        plan.append((found[n][4], picked[MIYAMA], picked[SHINTO]))
    return plan


def _key(seats: int, masters: list[str], goals: dict[int, list[int]], servants: list[str] | None,
         situations: list[str] | None, options: dict[str, Any]) -> str:
    return json.dumps([seats, masters, {str(k): v for k, v in sorted(goals.items())}, servants, situations,
                       sorted(options.items())], ensure_ascii=False)


PLANS_FILE = Path(__file__).with_name("steered.json")
"""Plans found by the search, by scenario (``python -m tests.grail_war.scenario`` adds the missing ones)."""
PLANS: dict[str, list[list[Any]]] = json.loads(PLANS_FILE.read_text()) if PLANS_FILE.exists() else {}
MISSING: dict[str, list[list[Any]]] = {}


def replay(seats: int, masters: list[str], plan: list[list[Any]], servants: list[str] | None = None,
           situations: list[str] | None = None, **options: Any) -> tuple[GrailState, dict[int, list[int]], list[str]]:
    """Play a stored plan (per round: places by seat, Miyama's and Shinto's events) through actions."""
    decks = {s: ["snake/1", "snake/2"] for s, m in enumerate(masters) if "tranquility" in CAT.masters[m].abilities}
    chosen = [e for _, events in plan for e in events if e]
    order = [*chosen, *(e for e in CAT.events if e not in chosen)]
    default = CAT.casual_situations() if options.get("casual") else SITUATIONS
    state = start(seats, masters=masters, servants=servants, situations=situations or default, events=order,
                  decks=decks, **options)
    reached: dict[int, list[int]] = {}
    for number, (places, _) in enumerate(plan, 1):
        state = play_round(state, {int(s): p for s, p in places.items()})
        reached[number] = end_spoils(state)
    return state, reached, order


def steer(seats: int, masters: list[str], goals: dict[int, list[int]], servants: list[str] | None = None,
          situations: list[str] | None = None, **options: Any) -> Steered:
    """Play a game through actions so that at the end of each round of ``goals`` every seat has the spoils
    given there; returns the state after the last of those rounds. Every round after round 8 (and round 8)
    up to the last goal must have a goal: eliminations follow them. A plan stored in ``steered.json`` is
    replayed; a new one is searched for (seconds to minutes) and kept for ``python -m
    tests.grail_war.scenario`` to store."""
    key = _key(seats, masters, goals, servants, situations, options)
    stored = PLANS.get(key)
    if stored is not None:
        state, reached, order = replay(seats, masters, stored, servants, situations, **options)
        for rnd, goal in goals.items():
            assert reached.get(rnd) == goal, (f"the stored plan no longer reaches {goal} after round {rnd} "
                                              f"({reached.get(rnd)}): delete it from steered.json and run "
                                              "python -m tests.grail_war.scenario")
        return Steered(state, [Round({int(s): p for s, p in places.items()}, (ev[0], ev[1]))
                               for places, ev in stored], order, reached)
    found = _steer(seats, masters, goals, servants, situations, **options)
    MISSING[key] = [[{str(s): p for s, p in r.places.items()}, list(r.events)] for r in found.rounds]
    return found


def _reserve(pool: list[str], now: list[int], then: list[int], rounds: int) -> list[str]:
    """Events to keep for the climax rounds after this goal: one worth each later gain (a lone winner's), and
    the commonest others, two a round."""
    kept: list[str] = []
    for gain in sorted((b - a for a, b in zip(now, then, strict=True) if b > a), reverse=True):
        match = [e for e in pool if _value(e)[0] == gain and e not in kept]
        if match:
            kept.append(match[0])
    rest = sorted((e for e in pool if e not in kept),
                  key=lambda e: (-sum(1 for x in pool if _value(x) == _value(e)), _value(e)))
    kept += rest[:max(0, 2 * rounds - len(kept))]
    return kept


def _steer(seats: int, masters: list[str], goals: dict[int, list[int]], servants: list[str] | None = None,
           situations: list[str] | None = None, **options: Any) -> Steered:
    assert len(masters) == seats and all(m in MASTERS for m in masters)
    last = max(goals)
    assert all(r in goals for r in range(8, last + 1)), "give the spoils after round 8 and each climax round"
    decks = {s: ["snake/1", "snake/2"] for s, m in enumerate(masters) if "tranquility" in CAT.masters[m].abilities}
    situations = situations or (CAT.casual_situations() if options.get("casual") else SITUATIONS)
    setup = dict(masters=masters, servants=servants, situations=situations, decks=decks, **options)
    pool = list(PLAIN_EVENTS)
    chosen: list[str] = []
    plan: list[Round] = []
    state = start(seats, **setup)  # the model needs only the turn order and the situations
    reached: dict[int, list[int]] = {}
    first = 1
    for goal_round in sorted(goals):
        tables = _tables(state, goal_round)
        if not tables:
            continue
        forced_each = []
        for rnd in range(first, goal_round + 1):
            forced_each.append(_forced(state, rnd, min(rnd + 1, goal_round)))
        need = tuple(goals[goal_round][s] - state.players[s].spoils if not state.players[s].eliminated else 0
                     for s in range(seats))
        later = [r for r in sorted(goals) if r > goal_round]
        kept = _reserve(pool, goals[goal_round], goals[later[-1]], len(later)) if later else []
        values = tuple(sorted(_value(e) for e in pool if e not in kept))
        if options.get("casual"):  # no events: alone 2, contested 4 at Miyama and 5 at Shinto (DGW-120)
            values = ((2, 0, 1),) * (2 * len(tables))
        forced = [sum(f[s] for f in forced_each) for s in range(seats)]
        solved = _solve(tables, tuple(n - f for n, f in zip(need, forced, strict=True)), values)
        assert solved is not None, f"no game of {seats} reaches {goals[goal_round]} after round {goal_round}"
        for places, vm, vs in solved:
            if options.get("casual"):
                plan.append(Round(places, ("", "")))
                continue
            em = next(e for e in pool if _value(e) == vm and e not in kept)
            es = next(e for e in pool if _value(e) == vs and e != em and e not in kept)
            pool = [e for e in pool if e not in (em, es)]
            chosen += [em, es]
            plan.append(Round(places, (em, es)))
        # replay from the start with the event order chosen so far: the state is reached by actions alone
        order = [*chosen, *pool, *(e for e in CAT.events if e not in PLAIN_EVENTS)]
        state = start(seats, events=order, **setup)
        for number, r in enumerate(plan, 1):
            state = play_round(state, r.places)
            reached[number] = end_spoils(state)
        assert reached[goal_round] == goals[goal_round], \
            f"round {goal_round}: {reached[goal_round]} != {goals[goal_round]} ({reached})"
        first = goal_round + 1
    return Steered(state, plan, [*chosen, *pool], reached)


def main() -> None:
    """Run the Grail War tests that steer games and store the plans they had to search for."""
    import pytest

    from tests.grail_war import scenario  # the module the tests import (this file runs as __main__)
    code = pytest.main(["-q", *(sys.argv[1:] or [str(Path(__file__).parent)])])
    if scenario.MISSING:
        scenario.PLANS.update(scenario.MISSING)
        PLANS_FILE.write_text(json.dumps(scenario.PLANS, ensure_ascii=False, indent=0, sort_keys=True) + "\n")
        print(f"stored {len(scenario.MISSING)} plan(s) in {PLANS_FILE}")
    raise SystemExit(code)


if __name__ == "__main__":
    main()
