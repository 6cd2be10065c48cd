"""Whole games played only through actions, steered to the spoils a test asks for.

A test names the spoils every master must have at the end of some rounds (round 8, a climax round). The
search plays the rounds with the real game: every placement, move and card is a legal action applied with
``GAME.apply``; players stay where they place and use their cards face down, so a battlefield goes to the one
alone there, or to the first placed (its +3 land advantage against +1), and the NPC's battlefield to the NPC.
The one thing the search chooses besides placements is the order of the event deck, a shuffle a test may
force: it explores with copies whose next two event cards it picks, then replays the chosen game from the
start with that order, so the state a test inspects was reached by actions alone, from a forced set-up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bouts.core import CHANCE
from bouts.games.grail_war.state import MIYAMA, SHINTO, WORKSHOP, GrailState
from tests.grail_war.helpers import CAT, GAME, MASTERS, SITUATIONS, start

PLAIN_EVENTS = [e.id for e in CAT.events.values() if e.effect not in ("add_event", "contested_plus")]
"""Events whose rules leave face-down play alone (no added event, no extra contested spoils)."""
BONUS = {MIYAMA: 2, SHINTO: 3}


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
    """Each round asked for: every seat's spoils at the end of that round (before the next round starts)."""


def _specials_last(order: list[str]) -> list[str]:
    """A shuffle that puts Kuzuki's 蛇 at the bottom (he then never has to use one face up)."""
    return [*(c for c in order if not c.startswith("snake")), *(c for c in order if c.startswith("snake"))]


def decide(state: GrailState, seat: int, places: dict[int, str]) -> str:
    """The scripted decision: the planned place, stay, face-down cards (special cards only when nothing else
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
        return [a for a in legal if a.startswith("play")][0]
    return "next"


def play_round(state: GrailState, places: dict[int, str],
               choose: Callable[[GrailState, int, dict[int, str]], str] = decide) -> GrailState:
    """Play the current round to the next round's first placement (or the end of the game)."""
    current = state.round
    while GAME.to_act(state) and (state.round == current or GAME.to_act(state) == (CHANCE,)
                                  or state.step != "place"):
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, choose(state, seat, places))
    return state


def end_spoils(state: GrailState) -> list[int]:
    """Every seat's spoils at the end of the round just played: the gains logged since the next round began
    (刻まれた宿命) taken off."""
    spoils = [p.spoils for p in state.players]
    events = list(state.events)
    starts = [i for i, e in enumerate(events) if e.kind == "round"]
    if starts:
        for e in events[starts[-1]:]:
            if "spoils" in e.data and "seat" in e.data:
                spoils[e.data["seat"]] -= e.data["spoils"]
    return spoils


def _candidates(state: GrailState, need: list[int], pool: list[str]) -> list[tuple[float, Round]]:
    """Plans for this round whose expected gains stay within every seat's need, best first."""
    order = list(state.order)
    npc = state.npc
    situation = CAT.situations[state.situation] if state.situation else None
    plus = situation.amount if situation and situation.effect == "contested_plus" else 0
    workshop_plus = situation.amount if situation and situation.effect == "workshop_plus" else 0
    found: list[tuple[float, Round]] = []
    fields = [f for f in (MIYAMA, SHINTO) if f != npc]
    wanting = [s for s in order if need[s] > 0]
    for a in [None, *wanting]:
        for b in [None, *wanting]:
            if a is not None and a == b:
                continue
            winners = {MIYAMA: a, SHINTO: b}
            if any(winners[f] is not None for f in (MIYAMA, SHINTO) if f not in fields):
                continue
            for contested in ((False, False), (True, False), (False, True), (True, True)):
                plan = _assign(order, winners, dict(zip((MIYAMA, SHINTO), contested, strict=True)), npc,
                               {s for s in order if need[s] == 0 and _tranquil(state, s)})
                if plan is None:
                    continue
                for em, es in _event_pairs(pool, a is not None, b is not None):
                    gains = [0] * len(need)
                    for f, seat, value in ((MIYAMA, a, CAT.events[em].spoils), (SHINTO, b, CAT.events[es].spoils)):
                        if seat is not None:
                            busy = sum(1 for s in order if plan[s] == f) > 1
                            gains[seat] += value + ((BONUS[f] + plus) if busy else 0)
                    at_workshop = [s for s in order if plan[s] == WORKSHOP]
                    for i, s in enumerate(at_workshop):
                        if _tranquil(state, s):
                            gains[s] += (2 if i == 0 else 1) + workshop_plus
                    if any(g > n for g, n in zip(gains, need, strict=True)):
                        continue
                    score = sum(g * (1 + need[s]) for s, g in enumerate(gains))
                    found.append((score, Round(plan, (em, es))))
    found.sort(key=lambda item: -item[0])
    unique: list[tuple[float, Round]] = []
    seen: set[tuple[Any, ...]] = set()
    for score, plan in found:
        key = (tuple(sorted(plan.places.items())), tuple(CAT.events[e].spoils for e in plan.events))
        if key not in seen:
            seen.add(key)
            unique.append((score, plan))
    return unique


def _event_pairs(pool: list[str], miyama: bool, shinto: bool) -> list[tuple[str, str]]:
    """(Miyama event, Shinto event) choices: every pair of values where a winner is planned, the cheapest
    events where none is."""
    by_value = sorted(pool, key=lambda e: CAT.events[e].spoils)
    count = {v: sum(1 for e in pool if CAT.events[e].spoils == v) for v in {CAT.events[e].spoils for e in pool}}
    spare = sorted(pool, key=lambda e: (-count[CAT.events[e].spoils], CAT.events[e].spoils))
    pairs: list[tuple[str, str]] = []
    seen: set[tuple[int, int]] = set()
    firsts = by_value if miyama else spare[:1]
    for em in reversed(firsts):
        rest = [e for e in by_value if e != em]
        seconds = rest if shinto else [e for e in spare if e != em][:1]
        for es in reversed(seconds):
            key = (CAT.events[em].spoils, CAT.events[es].spoils)
            if key not in seen:
                seen.add(key)
                pairs.append((em, es))
    return pairs


def _tranquil(state: GrailState, seat: int) -> bool:
    """Kuzuki's 平穏: the Workshop pays him spoils."""
    return "tranquility" in CAT.masters[state.players[seat].master].abilities


def _assign(order: list[int], winners: dict[str, int | None], contested: dict[str, bool], npc: str | None,
            away: set[int]) -> dict[int, str] | None:
    """Places for everyone: the winners, one loser after a contested winner, the rest at the Workshop (4 at
    most; ``away``, a Kuzuki who needs no more spoils, never), the overflow at the NPC's battlefield or after
    a winner; ``None`` when the plan cannot be placed."""
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
            plan[later[-1]] = f
    rest = [s for s in order if s not in plan]
    kuzuki = [s for s in rest if s in away]
    others = [s for s in rest if s not in kuzuki]
    workshop = others[:4]
    overflow = [*others[4:], *kuzuki]
    for s in workshop:
        plan[s] = WORKSHOP
    for s in overflow:
        if npc is not None:
            plan[s] = npc
            continue
        spots = [f for f, w in winners.items() if w is not None and order.index(w) < order.index(s)]
        if not spots:
            if len([x for x in plan.values() if x == WORKSHOP]) < 4:
                plan[s] = WORKSHOP
                continue
            return None
        plan[s] = spots[0]
    return plan


def _search(state: GrailState, goals: dict[int, list[int]], pool: list[str], plan: list[Round],
            budget: list[int]) -> list[Round] | None:
    rnd = len(plan) + 1
    targets = [r for r in sorted(goals) if r >= rnd]
    if not targets:
        return plan
    if not GAME.to_act(state):
        return None
    goal = goals[targets[0]]
    left = targets[0] - rnd + 1
    need = [g - p.spoils if not p.eliminated else 0 for g, p in zip(goal, state.players, strict=True)]
    if any(n < 0 for n in need) or any(n > 9 * left for n in need):
        return None
    for _, candidate in _candidates(state, need, pool)[:12]:
        budget[0] -= 1
        if budget[0] < 0:
            return None
        trial = state.clone()
        trial._legal = {}
        trial.events = []
        em, es = candidate.events
        trial.events_at = {MIYAMA: [(em, True)], SHINTO: [(es, False)]}
        trial.event_deck = [e for e in pool if e not in (em, es)]
        after = play_round(trial, candidate.places)
        got = end_spoils(after)
        if any(got[s] > goal[s] for s in range(len(goal)) if not state.players[s].eliminated):
            continue
        if rnd == targets[0] and got != goal:
            continue
        found = _search(after, goals, [e for e in pool if e not in (em, es)], [*plan, candidate], budget)
        if found is not None:
            return found
    return None


def steer(seats: int, masters: list[str], goals: dict[int, list[int]], servants: list[str] | None = None,
          situations: list[str] | None = None, **options: Any) -> Steered:
    """Play a game through actions so that at the end of each round of ``goals`` every seat has the spoils
    given there; returns the state after the last of those rounds."""
    assert len(masters) == seats and all(m in MASTERS for m in masters)
    decks = {s: ["snake/1", "snake/2"] for s, m in enumerate(masters) if "tranquility" in CAT.masters[m].abilities}
    situations = situations or SITUATIONS
    base = start(seats, masters=masters, servants=servants, situations=situations, decks=decks, **options)
    plan = _search(base, goals, list(PLAIN_EVENTS), [], [4000])
    assert plan is not None, f"no game of {seats} reaches {goals}"
    events = [e for r in plan for e in r.events]
    events += [e for e in CAT.events if e not in events]
    state = start(seats, masters=masters, servants=servants, situations=situations, events=events, decks=decks,
                  **options)
    reached: dict[int, list[int]] = {}
    for number, r in enumerate(plan, 1):
        state = play_round(state, r.places)
        reached[number] = end_spoils(state)
    for rnd, goal in goals.items():
        assert reached.get(rnd) == goal, f"round {rnd}: {reached.get(rnd)} != {goal}"
    return Steered(state, plan, events, reached)

