"""The reroll advisor: exact best assignments of dice to Sword Skills, and exact reroll advice.

:func:`best_assignment` finds the damage-maximising way to spend dice on Sword Skills (Defense,
Piercing, the Sword's bonus, Lisbeth's +2/x2 and the final ordeal's adding-up included) by dynamic
programming over dice multisets, and whether a Switch is possible.

:func:`reroll_advice` ranks every distinct reroll choice of the turn (any set of the pool's dice,
character dice with their own faces) by the exact expected value of the rest of the roll phase,
assuming the best later rerolls and the best final assignment, by exact enumeration of the dice
outcomes over multisets (no sampling). It leaves abilities, Die control and Consumables out: they
are choices the players add on top of the advice; and it does not plan to exchange a character die in
at a later reroll (SAO-RUL-08), so when that option exists its values are a lower bound.

Objective: expected min(damage, step HP left) + (counterattack damage avoided, on a Switch); the
reported expected damage, Switch and finish probabilities are those of the plan that maximises it.

>>> from bouts.games.sao.cards import FACE, SwordSkill
>>> arc = SwordSkill(id="vertical_arc", name="Vertical Arc", pattern="equal", size=2, damage=4, source="x")
>>> spike = SwordSkill(id="rage_spike", name="Rage Spike", pattern="equal", size=1, values=(6,), damage=1,
...                    source="x")
>>> a = best_assignment((2, 2, 3, 4, 4, 6), (arc, spike), Modifiers())
>>> a.damage, a.switch, a.can_switch
(9, False, False)
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from bouts.games.sao.cards import FACE, SwordSkill
from bouts.games.sao.skills import Modifiers, _triggers, skill_key, value_text

if TYPE_CHECKING:
    from bouts.games.sao.state import SaoState

__all__ = ["Assignment", "Modifiers", "RerollChoice", "best_assignment", "hint_lines", "reroll_advice"]

NEG = -(10**9)


@dataclass(frozen=True)
class Assignment:
    """One way to spend dice on Sword Skills."""

    damage: int
    """Damage it deals to the step."""
    groups: tuple[tuple[str, tuple[int, ...]], ...]
    """(skill id, dice codes) per triggered skill."""
    switch: bool
    """Whether it uses every die (a Switch, SAO-075)."""
    combined: bool = False
    """Whether the skills are added up into one attack (final ordeal, SAO-RUL-29)."""


@dataclass(frozen=True)
class AssignmentAdvice:
    """The best assignment, and the best one that uses every die."""

    best: Assignment
    """The most damage (ties: the one with a Switch)."""
    best_switch: Assignment | None
    """The most damage among assignments using every die, ``None`` when no Switch is possible."""

    @property
    def damage(self) -> int:
        """The most damage possible."""
        return self.best.damage

    @property
    def switch(self) -> bool:
        """Whether the most-damage assignment also switches."""
        return self.best.switch

    @property
    def can_switch(self) -> bool:
        """Whether any assignment uses every die."""
        return self.best_switch is not None


class _Solver:
    """Memoised DP over sorted dice tuples for one set of skills and modifiers."""

    def __init__(self, skills: Sequence[SwordSkill], mods: Modifiers) -> None:
        # identical patterns: only the best of them matters for each value function
        self.skills = list(skills)
        self.keys = [skill_key(s) for s in skills]
        self.mods = mods
        self.values = [
            [mods.dealt(s) for s in skills],
            [mods.boosted(s) for s in skills],
            [mods.boosted(s) if mods.pierces(s) else NEG for s in skills],
        ]
        self.memo: dict[tuple[tuple[int, ...], bool, int], tuple[int, tuple[tuple[int, tuple[int, ...]], ...]]] = {}
        self.groups_memo: dict[tuple[int, ...], list[tuple[int, tuple[int, ...], tuple[int, ...]]]] = {}

    def groups(self, dice: tuple[int, ...]) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
        """(skill index, group, rest) for each skill triggered by a group containing ``dice[0]``."""
        found = self.groups_memo.get(dice)
        if found is not None:
            return found
        first, rest = dice[0], dice[1:]
        out: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
        sizes = {s.size for s in self.skills}
        subs: dict[int, tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]] = {}
        for size in sizes:
            if size - 1 <= len(rest):
                subs[size] = _sub_multisets(rest, size - 1)
        for index, (skill, key) in enumerate(zip(self.skills, self.keys, strict=True)):
            for picked, remainder in subs.get(skill.size, ()):
                group = (first, *picked)  # sorted: first is the smallest die
                if _triggers(key, group):
                    out.append((index, group, remainder))
        self.groups_memo[dice] = out
        return out

    def solve(self, dice: tuple[int, ...], full: bool, fn: int) -> tuple[int, tuple[tuple[int, tuple[int, ...]], ...]]:
        """Best total of value function ``fn`` over assignments (using every die when ``full``)."""
        if not dice:
            return 0, ()
        key = (dice, full, fn)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        best: tuple[int, tuple[tuple[int, tuple[int, ...]], ...]] = (NEG, ())
        if not full:
            best = self.solve(dice[1:], False, fn)
        values = self.values[fn]
        for index, group, rest in self.groups(dice):
            if values[index] <= NEG:
                continue
            sub_value, sub_groups = self.solve(rest, full, fn)
            if sub_value <= NEG:
                continue
            total = values[index] + sub_value
            if total > best[0]:
                best = (total, ((index, group), *sub_groups))
        self.memo[key] = best
        return best

    def advise(self, dice: tuple[int, ...], add_up: bool) -> AssignmentAdvice:
        """Best assignment and best full assignment."""
        results: list[Assignment | None] = []
        for full in (False, True):
            options: list[Assignment] = []
            value, groups = self.solve(dice, full, 0)
            if value > NEG:
                options.append(self._assignment(value, groups, full, dice, False))
            if add_up and self.mods.defense > 0:
                raw, raw_groups = self.solve(dice, full, 1)
                if raw > NEG and raw_groups:
                    options.append(self._assignment(max(0, raw - self.mods.defense), raw_groups, full, dice, True))
                pierced, p_groups = self.solve(dice, full, 2)
                if pierced > NEG and p_groups:
                    options.append(self._assignment(pierced, p_groups, full, dice, True))
            results.append(max(options, key=lambda a: (a.damage, not a.combined)) if options else None)
        best, best_switch = results
        assert best is not None
        if best_switch is not None and best_switch.damage >= best.damage:
            best = best_switch
        return AssignmentAdvice(best, best_switch)

    def _assignment(self, value: int, groups: tuple[tuple[int, tuple[int, ...]], ...], full: bool,
                    dice: tuple[int, ...], combined: bool) -> Assignment:
        used = sum(len(g) for _, g in groups)
        return Assignment(value, tuple((self.skills[i].id, g) for i, g in groups),
                          full or used == len(dice), combined)


@lru_cache(maxsize=1 << 16)
def _sub_multisets(dice: tuple[int, ...], size: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Every (chosen, rest) split of the sorted ``dice`` with ``size`` chosen, without repeats."""
    if size == 0:
        return (((), dice),)
    if len(dice) < size:
        return ()
    first = dice[0]
    run = 1
    while run < len(dice) and dice[run] == first:
        run += 1
    tail = dice[run:]
    out: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for k in range(min(run, size), -1, -1):
        for chosen, rest in _sub_multisets(tail, size - k):
            out.append(((first,) * k + chosen, (first,) * (run - k) + rest))
    return tuple(out)


_SOLVERS: dict[tuple[object, ...], _Solver] = {}


def _solver(skills: Sequence[SwordSkill], mods: Modifiers) -> _Solver:
    key = (tuple((s.id, skill_key(s), s.damage, s.piercing) for s in skills), mods)
    solver = _SOLVERS.get(key)
    if solver is None:
        if len(_SOLVERS) > 256:
            _SOLVERS.clear()
        solver = _SOLVERS[key] = _Solver(skills, mods)
    return solver


def best_assignment(dice: Iterable[int], skills: Sequence[SwordSkill], step: Modifiers,
                    add_up: bool = False) -> AssignmentAdvice:
    """The damage-maximising assignment of ``dice`` (codes) to ``skills`` against ``step``.

    ``add_up`` allows the final ordeal's adding-up of all skills into one attack (SAO-RUL-29).
    Exact: dynamic programming over the multiset of dice.
    """
    return _solver(skills, step).advise(tuple(sorted(dice)), add_up)


# -- reroll advice ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Outlook:
    """Expected results of a plan (exact probabilities)."""

    value: float
    """The objective: expected min(damage, HP left) + counterattack damage avoided by a Switch."""
    damage: float
    """Expected damage dealt this turn."""
    switch: float
    """Probability of a Switch."""
    finish: float
    """Probability that the step is finished this turn."""


@dataclass(frozen=True)
class RerollChoice:
    """One reroll choice and its exact outlook under the best later play."""

    dice: tuple[int, ...]
    """Pool indices to reroll (empty: finalize now)."""
    outlook: Outlook

    def text(self, pool: Sequence[int]) -> str:
        """The choice as a player reads it."""
        if not self.dice:
            return "finalize"
        return "reroll " + " ".join(f"{i}({value_text(pool[i])})" for i in self.dice)


Vec = tuple[float, float, float, float]
"""(value, damage, switch, finish), summed with probabilities."""


@dataclass
class _Context:
    solver: _Solver
    add_up: bool
    remaining: int
    switch_value: int
    types: dict[tuple[int, ...], int] = field(default_factory=dict)
    """Die kinds (their six faces) by index; a die is ``kind * 16 + code``."""
    faces: list[tuple[int, ...]] = field(default_factory=list)
    finals: dict[tuple[int, ...], Vec] = field(default_factory=dict)
    rolls: dict[tuple[tuple[int, ...], tuple[int, ...], int], Vec] = field(default_factory=dict)
    splits: dict[tuple[tuple[int, ...], tuple[int, ...], int], Vec] = field(default_factory=dict)

    def kind(self, faces: tuple[int, ...]) -> int:
        found = self.types.get(faces)
        if found is None:
            found = self.types[faces] = len(self.types)
            self.faces.append(faces)
        return found

    def final(self, pool: tuple[int, ...]) -> Vec:
        hit = self.finals.get(pool)
        if hit is not None:
            return hit
        codes = tuple(sorted(x & 15 for x in pool))
        hit = self.finals.get(codes)
        if hit is not None:
            self.finals[pool] = hit
            return hit
        advice = self.solver.advise(codes, self.add_up)
        options = [advice.best] + ([advice.best_switch] if advice.best_switch is not None else [])
        best: Vec | None = None
        for a in options:
            switch = a.switch and self.switch_value >= 0
            value = min(a.damage, self.remaining) + (self.switch_value if switch else 0)
            out = (float(value), float(a.damage), 1.0 if switch else 0.0,
                   1.0 if a.damage >= self.remaining else 0.0)
            if best is None or out[0] > best[0]:
                best = out
        assert best is not None
        self.finals[codes] = self.finals[pool] = best
        return best


_CONTEXTS: dict[tuple[object, ...], _Context] = {}
CONTEXT_CACHE = 96
"""How many advice contexts (skills, modifiers, HP left, Switch value) stay cached."""


def _insert(kept: tuple[int, ...], die: int) -> tuple[int, ...]:
    """``kept`` with ``die`` added, still sorted."""
    i = bisect_left(kept, die)
    return (*kept[:i], die, *kept[i:])


def _roll(ctx: _Context, kept: tuple[int, ...], rolled: tuple[int, ...], left: int) -> Vec:
    """Expected outlook after rolling dice of kinds ``rolled`` next to ``kept``, with ``left`` rerolls
    counted from before this roll; the dice are added one at a time (they are independent)."""
    if not rolled:
        return _value(ctx, kept, left - 1)
    key = (kept, rolled, left)
    hit = ctx.rolls.get(key)
    if hit is not None:
        return hit
    kind, rest = rolled[0], rolled[1:]
    v0 = v1 = v2 = v3 = 0.0
    for code in ctx.faces[kind]:
        r = _roll(ctx, _insert(kept, kind << 4 | code), rest, left)
        v0 += r[0]
        v1 += r[1]
        v2 += r[2]
        v3 += r[3]
    total = (v0 / 6, v1 / 6, v2 / 6, v3 / 6)
    ctx.rolls[key] = total
    return total


def _best_split(ctx: _Context, kept: tuple[int, ...], rolled: tuple[int, ...], left: int) -> Vec:
    """The best outlook over every way of moving more of ``kept`` into the reroll.

    A die showing a character's face is never rerolled: it is worth at least any result it could
    roll, now and after any later reroll.
    """
    key = (kept, rolled, left)
    hit = ctx.splits.get(key)
    if hit is not None:
        return hit
    best = _roll(ctx, kept, rolled, left) if rolled else _value(ctx, kept, left - 1)
    previous = -1
    for i, die in enumerate(kept):
        if die == previous or die & 15 == FACE:
            continue
        previous = die
        out = _best_split(ctx, kept[:i] + kept[i + 1:], _insert(rolled, die >> 4), left)
        if out[0] > best[0] + 1e-12:
            best = out
    ctx.splits[key] = best
    return best


def _value(ctx: _Context, pool: tuple[int, ...], left: int) -> Vec:
    """The outlook of ``pool`` with ``left`` rerolls still allowed, under the best play."""
    if left <= 0:
        return ctx.final(pool)
    return _best_split(ctx, pool, (), left)


def advise_pool(dice: Sequence[tuple[tuple[int, ...], int]], skills: Sequence[SwordSkill], step: Modifiers,
                rerolls: int, remaining: int, switch_value: int, add_up: bool = False) -> list[RerollChoice]:
    """Rank every distinct reroll choice for ``dice`` ((faces, code) per pool index), best first.

    ``remaining`` is the step's HP left, ``switch_value`` the damage a Switch saves (-1: no Switch).
    """
    solver = _solver(skills, step)
    # Exact sharing: no assignment of these dice can deal more than `bound`, so any HP left above it
    # gives the same values (the cap never binds and the step is never finished).
    per_die = max((max(v) / s.size for s, *v in zip(skills, *solver.values, strict=True)), default=0.0)
    bound = int(per_die * len(dice)) + 1
    remaining = min(remaining, bound + 1)
    key = (id(solver), add_up, remaining, switch_value)
    ctx = _CONTEXTS.get(key)
    if ctx is None or ctx.solver is not solver:
        while len(_CONTEXTS) >= CONTEXT_CACHE:
            del _CONTEXTS[next(iter(_CONTEXTS))]
        ctx = _CONTEXTS[key] = _Context(solver, add_up, remaining, switch_value)
    encoded = [ctx.kind(faces) << 4 | code for faces, code in dice]
    choices = [RerollChoice((), Outlook(*ctx.final(tuple(sorted(encoded)))))]
    if rerolls > 0:
        seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
        n = len(dice)
        for mask in range(1, 1 << n):
            picked = tuple(i for i in range(n) if mask >> i & 1)
            kept = tuple(sorted(encoded[i] for i in range(n) if not mask >> i & 1))
            rolled = tuple(sorted(encoded[i] >> 4 for i in picked))
            if (kept, rolled) in seen:
                continue
            seen.add((kept, rolled))
            choices.append(RerollChoice(picked, Outlook(*_roll(ctx, kept, rolled, rerolls))))
    choices.sort(key=lambda c: (-c.outlook.value, len(c.dice)))
    return choices


def _pool_of(state: SaoState) -> list[tuple[tuple[int, ...], int]]:
    from bouts.games.sao.rolling import faces

    return [(faces(state, d), d.value) for d in state.pool]


def switch_value(state: SaoState) -> int:
    """Counterattack damage a Switch would save this turn (-1 in the final ordeal: no Switch)."""
    from bouts.games.sao.attack import counter_targets

    if state.is_final_ordeal:
        return -1
    return state.current_step.damage * len(counter_targets(state))


def reroll_advice(state: SaoState, lookahead: int | None = None) -> list[RerollChoice]:
    """Every distinct reroll choice of the turn (empty dice = finalize), ranked by exact expectation.

    ``lookahead`` caps how many of the rerolls left are planned for (``None``: all of them, the exact
    answer); bots use 1 to trade a little accuracy for speed.
    """
    from bouts.games.sao.attack import known_skills, modifiers
    from bouts.games.sao.rolling import rerolls_left

    step = state.current_step
    left = rerolls_left(state) if lookahead is None else min(lookahead, rerolls_left(state))
    return advise_pool(_pool_of(state), known_skills(state, state.turn_char), modifiers(state),
                       left, max(0, step.hp - state.step_damage), switch_value(state),
                       add_up=state.is_final_ordeal)


def state_assignment(state: SaoState) -> AssignmentAdvice:
    """The best assignment of the unused dice of ``state``."""
    from bouts.games.sao.attack import known_skills, modifiers

    dice = [d.value for i, d in enumerate(state.pool) if i not in state.used]
    return best_assignment(dice, known_skills(state, state.turn_char), modifiers(state),
                           add_up=state.is_final_ordeal)


def hint_lines(state: SaoState, seat: int, top: int = 3) -> list[str]:
    """Human-readable top reroll choices for ``seat``'s pending roll decision (empty otherwise)."""
    decision = state.pending[-1] if state.pending and state.result is None else None
    if decision is None or decision.kind != "roll_window" or decision.seat != seat:
        return []
    pool = [d.value for d in state.pool]
    lines = []
    for rank, choice in enumerate(reroll_advice(state)[:top], 1):
        o = choice.outlook
        lines.append(f"{rank}. {choice.text(pool)}: expected damage {o.damage:.2f}, "
                     f"switch {o.switch:.1%}, finish step {o.finish:.1%} (score {o.value:.2f})")
    return lines
