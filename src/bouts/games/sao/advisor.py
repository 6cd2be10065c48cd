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

Objective: the player's. When the counterattack would kill a character and lose the game (see
:func:`bouts.games.sao.attack.counter_loses`), a turn that does not avoid it (a Switch; in the final ordeal,
finishing the step) costs :data:`LOSS`, far more than any damage, so plans rank by the probability of not
losing this turn first and by damage after. In full: expected min(damage, step HP left) + (counterattack
damage avoided, on a Switch) - LOSS x P(losing) (so values stay comparable when an ability or a
Consumable makes the counterattack harmless). The reported expected damage, Switch, finish and
survival probabilities are those of the plan that maximises it.

>>> from bouts.games.sao.cards import FACE, SwordSkill
>>> arc = SwordSkill(id="vertical_arc", name="Vertical Arc", pattern="equal", size=2, damage=4, source="x")
>>> spike = SwordSkill(id="rage_spike", name="Rage Spike", pattern="equal", size=1, values=(6,), damage=1,
...                    source="x")
>>> a = best_assignment((2, 2, 3, 4, 4, 6), (arc, spike), Modifiers())
>>> a.damage, a.switch, a.can_switch
(9, False, False)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from bouts.games.sao.actions import FINALIZE as FINALIZE_ACT
from bouts.games.sao.cards import FACE, SwordSkill
from bouts.games.sao.skills import Modifiers, _triggers, skill_key

if TYPE_CHECKING:
    from bouts.games.sao.actions import Act
    from bouts.games.sao.state import SaoState

__all__ = ["Assignment", "Modifiers", "Option", "RerollChoice", "best_assignment", "hint_lines", "reroll_advice",
           "roll_options"]

NEG = -(10**9)
LOSS = 10_000
"""What losing the game this turn costs in the objective: more than any turn's damage can be worth."""


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
        ]
        self.memo: dict[tuple[tuple[int, ...], bool, int], tuple[int, tuple[tuple[int, tuple[int, ...]], ...]]] = {}
        self.groups_memo: dict[tuple[int, ...], list[tuple[int, tuple[int, ...], tuple[int, ...]]]] = {}
        self.advised: dict[tuple[tuple[int, ...], bool], AssignmentAdvice] = {}
        self.per_die = max((max(v) / s.size for s, *v in zip(skills, *self.values, strict=True)), default=0.0)
        """The most damage per die any skill deals (by either value function): bounds what a pool can deal."""

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
        """Best assignment and best full assignment (made once per dice and ``add_up``: every advice context of these
        skills and modifiers asks it for each final pool)."""
        key = (dice, add_up)
        found = self.advised.get(key)
        if found is None:
            found = self.advised[key] = self._advise(dice, add_up)
        return found

    def _advise(self, dice: tuple[int, ...], add_up: bool) -> AssignmentAdvice:
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
                # An added-up attack that pierces (SAO-RUL-29: every skill in it pierces) deals what the same
                # skills deal separately, so it never beats the separate total above: no option of its own.
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
_BY_IDENTITY: dict[tuple[object, ...], tuple[tuple[SwordSkill, ...], _Solver]] = {}
""":func:`_solver` by the identities of the skill objects (and the modifiers): the catalogue hands out the same frozen
skills again and again, and their ids cannot be reused while this keeps them."""


def _solver(skills: Sequence[SwordSkill], mods: Modifiers) -> _Solver:
    fast = (*map(id, skills), mods)
    held = _BY_IDENTITY.get(fast)
    if held is not None:
        return held[1]
    key = (tuple((s.id, skill_key(s), s.damage, s.piercing) for s in skills), mods)
    solver = _SOLVERS.get(key)
    if solver is None:
        if len(_SOLVERS) > 256:
            _SOLVERS.clear()
            _BY_IDENTITY.clear()
        solver = _SOLVERS[key] = _Solver(skills, mods)
    if len(_BY_IDENTITY) > 1024:
        _BY_IDENTITY.clear()
    _BY_IDENTITY[fast] = (tuple(skills), solver)
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
    safe: float = 1.0
    """Probability of not losing the game to this turn's counterattack."""


@dataclass(frozen=True)
class RerollChoice:
    """One reroll choice and its exact outlook under the best later play."""

    dice: tuple[int, ...]
    """Pool indices to reroll, from 0 (empty: finalize now); the action and the text number dice from 1."""
    outlook: Outlook

    def text(self, pool: Sequence[int]) -> str:
        """The choice's text form: ``finalize`` or ``reroll 1 3`` (dice numbered from 1)."""
        if not self.dice:
            return "finalize"
        return "reroll " + " ".join(str(i + 1) for i in self.dice)


Vec = tuple[float, float, float, float, float]
"""(value, damage, switch, finish, safe), summed with probabilities."""


@dataclass
class _Context:
    solver: _Solver
    add_up: bool
    remaining: int
    switch_value: int
    loss: int = 0
    """:data:`LOSS` when the counterattack would lose the game, else 0."""
    types: dict[tuple[int, ...], int] = field(default_factory=dict)
    """Die kinds (their six faces) by index; a die is ``kind * 16 + code``."""
    faces: list[tuple[int, ...]] = field(default_factory=list)
    finals: dict[tuple[int, ...], Vec] = field(default_factory=dict)
    weights: list[tuple[int, ...]] = field(default_factory=list)
    """Per die kind, the :func:`_pack` weight of each of its faces, in the faces' order."""
    packed_finals: dict[int, Vec] = field(default_factory=dict)
    """:meth:`final` by packed pool."""
    rolls: dict[int, Vec] = field(default_factory=dict)
    """:func:`_roll`'s values by :func:`_key` (packed dice kept, kinds rolled, rerolls left)."""
    splits: dict[int, Vec] = field(default_factory=dict)
    """:func:`_best_split`'s values by the same key."""
    ranked: dict[tuple[tuple[int, ...], int], tuple[RerollChoice, ...]] = field(default_factory=dict)
    """:func:`advise_pool`'s ranking by (encoded pool in pool order, rerolls): a search asks it again and again."""
    tops: dict[tuple[tuple[int, ...], int], RerollChoice] = field(default_factory=dict)
    """:func:`best_pool_choice`'s answer by the same key."""

    def kind(self, faces: tuple[int, ...]) -> int:
        found = self.types.get(faces)
        if found is None:
            found = self.types[faces] = len(self.types)
            if found >= MAX_KINDS:
                raise ValueError(f"more than {MAX_KINDS} kinds of dice")
            self.faces.append(faces)
            self.weights.append(tuple([_weight(found << 4 | code) for code in faces]))
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
            finish = a.damage >= self.remaining
            # the counterattack is avoided by a Switch, or in the final ordeal by finishing it (SAO-123)
            safe = switch or (self.add_up and finish) or not self.loss
            value = min(a.damage, self.remaining) + (self.switch_value if switch else 0) - (0 if safe else self.loss)
            out = (float(value), float(a.damage), 1.0 if switch else 0.0, 1.0 if finish else 0.0,
                   1.0 if safe else 0.0)
            if best is None or out[0] > best[0]:
                best = out
        assert best is not None
        self.finals[codes] = self.finals[pool] = best
        return best


_CONTEXTS: dict[tuple[object, ...], _Context] = {}
CONTEXT_CACHE = 96
"""How many advice contexts (skills, modifiers, HP left, Switch value) stay cached."""
RANKED_CACHE = 64
"""How many pools' rankings (:func:`advise_pool`) a context keeps."""


MAX_KINDS = 15
"""Kinds of dice (regular, each character die) one advice context tells apart: a kind rolled is a 4-bit count."""
CODES = 9
"""Face codes 0-8 (0: not rolled, 1-6, FACE, SYMBOL): a kept die is a 4-bit count in slot ``9 * kind + code``."""


def _weight(die: int) -> int:
    """What one die (``kind << 4 | code``) adds to a packed multiset of dice: one in its 4-bit count. Slots follow
    the dice's order (kind, then code), so the dice of a packed multiset read from its low bits up come sorted."""
    code = die & 15
    if code >= CODES:
        raise ValueError(f"face code {code} out of range")
    return 1 << 4 * (CODES * (die >> 4) + code)


def _pack(dice: Iterable[int]) -> int:
    """A multiset of dice as one integer (a 4-bit count per die, see :func:`_weight`)."""
    return sum([_weight(d) for d in dice])


def _pack_kinds(kinds: Iterable[int]) -> int:
    """A multiset of kinds of dice to roll as one integer (a 4-bit count per kind)."""
    return sum([1 << 4 * k for k in kinds])


def _key(kept: int, rolled: int, left: int) -> int:
    """The memo key of dice ``kept`` (packed), kinds ``rolled`` (packed) and ``left`` rerolls (under 16)."""
    return kept << 64 | rolled << 4 | left


_UNPACKED: dict[int, tuple[int, ...]] = {}
_MOVES: dict[int, tuple[tuple[int, int], ...]] = {}
PACKED_CACHE = 1 << 18
"""How many packed multisets :func:`_unpack` and :func:`_moves` keep (they do not depend on the context)."""


def _unpack(kept: int) -> tuple[int, ...]:
    """The sorted dice of a packed multiset."""
    found = _UNPACKED.get(kept)
    if found is None:
        out: list[int] = []
        slot, rest = 0, kept
        while rest:
            count = rest & 15
            if count:
                out += [(slot // CODES) << 4 | slot % CODES] * count
            rest >>= 4
            slot += 1
        found = tuple(out)
        if len(_UNPACKED) >= PACKED_CACHE:
            _UNPACKED.clear()
        _UNPACKED[kept] = found
    return found


def _moves(kept: int) -> tuple[tuple[int, int], ...]:
    """For each distinct die of the packed ``kept`` but a character's face, lowest first: (its weight in ``kept``,
    its kind's weight among the kinds rolled), what moving it into the reroll takes and adds."""
    found = _MOVES.get(kept)
    if found is None:
        found = tuple([(_weight(die), 1 << 4 * (die >> 4)) for die in dict.fromkeys(_unpack(kept))
                       if die & 15 != FACE])
        if len(_MOVES) >= PACKED_CACHE:
            _MOVES.clear()
        _MOVES[kept] = found
    return found


def _final(ctx: _Context, kept: int) -> Vec:
    """:meth:`_Context.final` of a packed pool."""
    found = ctx.packed_finals.get(kept)
    if found is None:
        found = ctx.packed_finals[kept] = ctx.final(_unpack(kept))
    return found


def _roll(ctx: _Context, kept: int, rolled: int, left: int) -> Vec:
    """Expected outlook after rolling dice of the kinds ``rolled`` (packed, not empty) next to the dice ``kept``
    (packed), with ``left`` rerolls counted from before this roll; the dice are added one at a time, the lowest kind
    first (they are independent).

    The memo lookups of the next die's outcomes are made here rather than in the calls they save (most are hits).
    Every value is the same sum in the same order as over sorted tuples of dice (what this replaces)."""
    rolls = ctx.rolls
    key = kept << 64 | rolled << 4 | left
    hit = rolls.get(key)
    if hit is not None:
        return hit
    kind = ((rolled & -rolled).bit_length() - 1) >> 2
    rest = rolled - (1 << 4 * kind)
    v0 = v1 = v2 = v3 = v4 = 0.0
    if rest:
        tail = rest << 4 | left
        for w in ctx.weights[kind]:
            grown = kept + w
            r = rolls.get(grown << 64 | tail)
            if r is None:
                r = _roll(ctx, grown, rest, left)
            v0 += r[0]
            v1 += r[1]
            v2 += r[2]
            v3 += r[3]
            v4 += r[4]
    elif left > 1:  # the last die: the pool's value with one reroll fewer
        splits = ctx.splits
        after = left - 1
        for w in ctx.weights[kind]:
            grown = kept + w
            r = splits.get(grown << 64 | after)
            if r is None:
                r = _best_split(ctx, grown, 0, after)
            v0 += r[0]
            v1 += r[1]
            v2 += r[2]
            v3 += r[3]
            v4 += r[4]
    else:  # the last die of the last reroll: the final pool's value
        finals = ctx.packed_finals
        for w in ctx.weights[kind]:
            grown = kept + w
            r = finals.get(grown)
            if r is None:
                r = _final(ctx, grown)
            v0 += r[0]
            v1 += r[1]
            v2 += r[2]
            v3 += r[3]
            v4 += r[4]
    total = (v0 / 6, v1 / 6, v2 / 6, v3 / 6, v4 / 6)
    rolls[key] = total
    return total


def _best_split(ctx: _Context, kept: int, rolled: int, left: int) -> Vec:
    """The best outlook over every way of moving more of ``kept`` into the reroll (packed dice and kinds).

    A die showing a character's face is never rerolled: it is worth at least any result it could
    roll, now and after any later reroll.
    """
    splits = ctx.splits
    key = kept << 64 | rolled << 4 | left
    hit = splits.get(key)
    if hit is not None:
        return hit
    best = _roll(ctx, kept, rolled, left) if rolled else _value(ctx, kept, left - 1)
    for w, kind in _moves(kept):
        fewer, more = kept - w, rolled + kind
        out = splits.get(fewer << 64 | more << 4 | left)
        if out is None:
            out = _best_split(ctx, fewer, more, left)
        if out[0] > best[0] + 1e-12:
            best = out
    splits[key] = best
    return best


def _value(ctx: _Context, pool: int, left: int) -> Vec:
    """The outlook of the packed ``pool`` with ``left`` rerolls still allowed, under the best play."""
    if left <= 0:
        return _final(ctx, pool)
    return _best_split(ctx, pool, 0, left)


def _rerolls(left: int) -> int:
    """``left``, checked to fit the memo keys (4 bits)."""
    if not 0 <= left < 16:
        raise ValueError(f"{left} rerolls")
    return left


def _context(dice: Sequence[tuple[tuple[int, ...], int]], skills: Sequence[SwordSkill], step: Modifiers,
             remaining: int, switch_value: int, add_up: bool, loss: int) -> _Context:
    solver = _solver(skills, step)
    # Exact sharing: no assignment of these dice can deal more than `bound`, so any HP left above it
    # gives the same values (the cap never binds and the step is never finished).
    bound = int(solver.per_die * len(dice)) + 1
    remaining = min(remaining, bound + 1)
    key = (id(solver), add_up, remaining, switch_value, loss)
    ctx = _CONTEXTS.get(key)
    if ctx is None or ctx.solver is not solver:
        while len(_CONTEXTS) >= CONTEXT_CACHE:
            del _CONTEXTS[next(iter(_CONTEXTS))]
        ctx = _CONTEXTS[key] = _Context(solver, add_up, remaining, switch_value, loss)
    return ctx


def best_pool_outlook(dice: Sequence[tuple[tuple[int, ...], int]], skills: Sequence[SwordSkill], step: Modifiers,
                      rerolls: int, remaining: int, switch_value: int, add_up: bool = False,
                      loss: int = 0) -> Outlook:
    """The outlook of the best choice :func:`advise_pool` would rank first, without ranking the others."""
    ctx = _context(dice, skills, step, remaining, switch_value, add_up, loss)
    pool = tuple(sorted(ctx.kind(faces) << 4 | code for faces, code in dice))
    return Outlook(*_value(ctx, _pack(pool), _rerolls(rerolls)))


def pool_scorer(dice: Sequence[tuple[tuple[int, ...], int]], skills: Sequence[SwordSkill], step: Modifiers,
                rerolls: int, remaining: int, switch_value: int, add_up: bool = False,
                loss: int = 0) -> Callable[[Sequence[int]], float]:
    """A function giving :func:`best_pool_outlook`'s value for ``dice`` showing other faces: given a face code per
    pool index (the dice's own faces stay), the value of those dice against the same facts; the advice context and
    each die's kind are found once instead of once per pool."""
    ctx = _context(dice, skills, step, remaining, switch_value, add_up, loss)
    left = _rerolls(rerolls)
    kinds = [ctx.kind(faces) << 4 for faces, _ in dice]

    def score(codes: Sequence[int]) -> float:
        return _value(ctx, sum([_weight(kind | code) for kind, code in zip(kinds, codes, strict=True)]), left)[0]

    return score


def advise_pool(dice: Sequence[tuple[tuple[int, ...], int]], skills: Sequence[SwordSkill], step: Modifiers,
                rerolls: int, remaining: int, switch_value: int, add_up: bool = False,
                loss: int = 0) -> list[RerollChoice]:
    """Rank every distinct reroll choice for ``dice`` ((faces, code) per pool index), best first.

    ``remaining`` is the step's HP left, ``switch_value`` the damage a Switch saves (-1: no Switch),
    ``loss`` what not avoiding the counterattack costs (:data:`LOSS` when it would lose the game).
    """
    ctx = _context(dice, skills, step, remaining, switch_value, add_up, loss)
    encoded = [ctx.kind(faces) << 4 | code for faces, code in dice]
    key = (tuple(encoded), rerolls)
    ranked = ctx.ranked.get(key)
    if ranked is not None:
        return list(ranked)
    choices = [RerollChoice((), Outlook(*ctx.final(tuple(sorted(encoded)))))]
    if rerolls > 0:
        left = _rerolls(rerolls)
        for picked, kept, rolled in _distinct_rerolls_of(tuple(encoded)):
            choices.append(RerollChoice(picked, Outlook(*_roll(ctx, _pack(kept), _pack_kinds(rolled), left))))
    choices.sort(key=lambda c: (-c.outlook.value, len(c.dice)))
    if len(ctx.ranked) >= RANKED_CACHE:
        ctx.ranked.clear()
    ctx.ranked[key] = tuple(choices)
    return choices


def best_pool_choice(dice: Sequence[tuple[tuple[int, ...], int]], skills: Sequence[SwordSkill], step: Modifiers,
                     rerolls: int, remaining: int, switch_value: int, add_up: bool = False,
                     loss: int = 0) -> RerollChoice:
    """The choice :func:`advise_pool` ranks first (the highest value, then the fewest dice, then the first in its
    order), without making and sorting the others."""
    ctx = _context(dice, skills, step, remaining, switch_value, add_up, loss)
    encoded = [ctx.kind(faces) << 4 | code for faces, code in dice]
    key = (tuple(encoded), rerolls)
    top = ctx.tops.get(key)
    if top is not None:
        return top
    ranked = ctx.ranked.get(key)
    if ranked is not None:
        return ranked[0]
    best: tuple[int, ...] = ()
    vec = ctx.final(tuple(sorted(encoded)))
    value = vec[0]
    if rerolls > 0:
        left = _rerolls(rerolls)
        rolls = ctx.rolls
        whole = _pack(encoded)
        # advise_pool sorts by (-value, len(dice)) stably, in the order of the first mask of each choice: so the
        # highest value wins, then the fewest dice, then the lowest mask (finalizing, no dice, wins every tie)
        best_count = best_mask = 0
        for taken, rolled, count, mask in _reroll_splits(tuple(encoded)):
            kept = whole - taken
            out = rolls.get(kept << 64 | rolled << 4 | left)
            if out is None:
                out = _roll(ctx, kept, rolled, left)
            v = out[0]
            if v > value or (v == value and (count < best_count or (count == best_count and mask < best_mask))):
                best_mask, best_count, vec, value = mask, count, out, v
        best = tuple([i for i in range(len(encoded)) if best_mask >> i & 1])
    if len(ctx.tops) >= RANKED_CACHE:
        ctx.tops.clear()
    top = ctx.tops[key] = RerollChoice(best, Outlook(*vec))
    return top


@lru_cache(maxsize=4096)
def _reroll_splits(encoded: tuple[int, ...]) -> tuple[tuple[int, int, int, int], ...]:
    """Every distinct reroll of the pool ``encoded`` (the same choices as :func:`_distinct_rerolls`), as (what it
    takes from the packed pool, the packed kinds it rolls, how many dice it rerolls, the mask of its first reroll in
    mask order), made without visiting every mask.

    A distinct reroll is how many dice of each distinct code it rerolls; its first mask in mask order (numeric order)
    takes the lowest-numbered dice of each code: any other mask with those counts swaps one for a higher-numbered die
    of the same code, whose bit is higher than every bit of the first mask's dice of that code.
    """
    positions: dict[int, list[int]] = {}
    for i, die in enumerate(encoded):
        positions.setdefault(die, []).append(i)
    entries = [(0, 0, 0, 0)]
    for die, where in positions.items():
        weight, kind = _weight(die), 1 << 4 * (die >> 4)
        grown = []
        for taken, rolled, count, mask in entries:
            grown.append((taken, rolled, count, mask))
            for position in where:
                taken, rolled, count, mask = taken + weight, rolled + kind, count + 1, mask | 1 << position
                grown.append((taken, rolled, count, mask))
        entries = grown
    return tuple(entries[1:])  # the first takes nothing: not a reroll


@lru_cache(maxsize=4096)
def _distinct_rerolls_of(encoded: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]],
                                                            ...]:
    """:func:`_distinct_rerolls`, kept per pool and made from the pool's pattern of equal dice.

    Which masks come first of their multiset depends only on which dice are equal, so the rerolls of the
    pattern (each die replaced by the rank of its code among the pool's distinct codes) are worked out once;
    ranks follow codes in order, and kinds (``code >> 4``) too, so sorted ranks map to sorted codes and kinds.
    """
    codes = sorted(set(encoded))
    rank = {v: r for r, v in enumerate(codes)}
    kinds = [v >> 4 for v in codes]
    return tuple([(picked, tuple([codes[r] for r in kept]), tuple([kinds[r] for r in rolled]))
                  for picked, kept, rolled in _pattern_rerolls(tuple([rank[v] for v in encoded]))])


@lru_cache(maxsize=4096)
def _pattern_rerolls(pattern: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]],
                                                        ...]:
    """:func:`_distinct_rerolls` of a pool of ranks (0 for its lowest code, 1 for the next...), with the ranks
    rerolled (sorted) in place of their kinds."""
    return tuple([(picked, kept, tuple(sorted([pattern[i] for i in picked])))
                  for picked, kept, _ in _distinct_rerolls(pattern)])


@lru_cache(maxsize=16)
def _masks(n: int) -> tuple[tuple[int, tuple[int, ...], tuple[int, ...], int], ...]:
    """Every non-empty reroll of ``n`` dice in mask order: (mask, the dice rerolled, the dice kept, the mask
    without its lowest die)."""
    return tuple((mask, tuple(i for i in range(n) if mask >> i & 1), tuple(i for i in range(n) if not mask >> i & 1),
                  mask & (mask - 1)) for mask in range(1, 1 << n))


def _distinct_rerolls(encoded: tuple[int, ...]) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
    """(dice rerolled, sorted codes kept, sorted kinds rerolled) of every reroll of the pool ``encoded``, the
    first of each distinct (kept, rerolled) pair in mask order (dice numbered as bits, lowest first).

    Two rerolls are alike exactly when they reroll the same multiset of codes (what is kept is the rest), so
    each mask is keyed by its multiset, counted in base ``n + 1`` per distinct code: a number made from the
    key of the mask without its lowest die, and the pairs are built only for the first mask of each key.
    """
    n = len(encoded)
    rank = {v: (n + 1) ** r for r, v in enumerate(sorted(set(encoded)))}
    weight = [rank[v] for v in encoded]
    keys = [0] * (1 << n)
    seen: set[int] = set()
    out = []
    for mask, picked, kept, rest in _masks(n):
        key = keys[mask] = keys[rest] + weight[(mask ^ rest).bit_length() - 1]
        if key in seen:
            continue
        seen.add(key)
        out.append((picked, tuple(sorted([encoded[i] for i in kept])),
                    tuple(sorted([encoded[i] >> 4 for i in picked]))))
    return out


def _pool_of(state: SaoState) -> list[tuple[tuple[int, ...], int]]:
    from bouts.games.sao.rolling import faces

    return [(faces(state, d), d.value) for d in state.pool]


def switch_value(state: SaoState) -> int:
    """Counterattack damage a Switch would save this turn (-1 in the final ordeal: no Switch)."""
    from bouts.games.sao.attack import counter_targets

    if state.is_final_ordeal:
        return -1
    return state.current_step.damage * len(counter_targets(state))


def loss_value(state: SaoState) -> int:
    """:data:`LOSS` when this turn's counterattack would lose the game, else 0."""
    from bouts.games.sao.attack import counter_loses

    return LOSS if counter_loses(state) else 0


def _arguments(state: SaoState, lookahead: int | None) -> tuple[object, ...]:
    facts = state._legal.get(FACTS_SLOT)
    if facts is None:
        facts = state._legal[FACTS_SLOT] = _facts(state)
    if lookahead is None or lookahead >= facts[3]:  # type: ignore[operator]
        return facts
    return (*facts[:3], lookahead, *facts[4:])


def _facts(state: SaoState) -> tuple[object, ...]:
    """:func:`_arguments` with every reroll left."""
    from bouts.games.sao.attack import known_skills, modifiers
    from bouts.games.sao.rolling import rerolls_left

    step = state.current_step
    return (tuple(_pool_of(state)), tuple(known_skills(state, state.turn_char)), modifiers(state),
            rerolls_left(state), max(0, step.hp - state.step_damage), switch_value(state), state.is_final_ordeal,
            loss_value(state))


FACTS_SLOT = -300
"""Where :func:`_arguments` keeps the facts of ``state`` it reads (the dice, Sword Skills, modifiers, rerolls, HP
left, Switch value, final ordeal, loss): ``state._legal[FACTS_SLOT]``, dropped with the cached legal actions whenever
the state changes, like :data:`ADVICE_SLOT` (below :data:`INDEX_SLOT`'s slots: they never meet). The heuristic asks
for them two or three times at one roll decision."""


def outlook_arguments(state: SaoState, lookahead: int | None = None) -> tuple[Any, ...]:
    """What :func:`best_pool_outlook` weighs for ``state``: its dice ((faces, code) per pool index) first,
    then the facts of the turn (Sword Skills, modifiers, rerolls, HP left, Switch value, final ordeal, loss)."""
    return _arguments(state, lookahead)


def reroll_advice(state: SaoState, lookahead: int | None = None) -> list[RerollChoice]:
    """Every distinct reroll choice of the turn (empty dice = finalize), ranked by exact expectation.

    ``lookahead`` caps how many of the rerolls left are planned for (``None``: all of them, the exact
    answer); bots use 1 to trade a little accuracy for speed.
    """
    return advise_pool(*_arguments(state, lookahead))  # type: ignore[arg-type]


def best_reroll(state: SaoState, lookahead: int | None = None) -> RerollChoice:
    """The reroll choice :func:`reroll_advice` ranks first."""
    return best_pool_choice(*_arguments(state, lookahead))  # type: ignore[arg-type]


def best_outlook(state: SaoState, lookahead: int | None = None) -> Outlook:
    """The outlook of the best reroll choice of ``state`` (what :func:`reroll_advice` ranks first)."""
    return best_pool_outlook(*_arguments(state, lookahead))  # type: ignore[arg-type]


def state_assignment(state: SaoState) -> AssignmentAdvice:
    """The best assignment of the unused dice of ``state``."""
    from bouts.games.sao.attack import known_skills, modifiers

    dice = [d.value for i, d in enumerate(state.pool) if i not in state.used]
    return best_assignment(dice, known_skills(state, state.turn_char), modifiers(state),
                           add_up=state.is_final_ordeal)


def outlook_text(state: SaoState, o: Outlook) -> str:
    """An outlook as a player reads it, in the current language (survival first when the counterattack is
    lethal): exact expectations under the best later play. The damage is what the step takes: damage beyond its
    HP left is lost (SAO-082), so it is counted up to that HP, as the advisor ranks plans."""
    from bouts.games.sao.i18n import _

    loss = loss_value(state)
    saved = max(switch_value(state), 0)
    taken = o.value - saved * o.switch + loss * (1 - o.safe)
    damage = format(max(taken, 0.0), ".1f")
    text = _("expect {damage} damage, Switch {switch}, step finished {finish}", damage=damage,
             switch=_percent(o.switch), finish=_percent(o.finish))
    return _("survive {safe}, {text}", safe=_percent(o.safe), text=text) if loss else text


def _percent(p: float) -> str:
    """A probability as a player reads it: ``42%``, ``<1%``, ``100%``."""
    if 0 < p < 0.005:
        return "<1%"
    if 0.995 <= p < 1:
        return ">99%"
    return f"{p:.0%}"


def changes(state: SaoState, actions: Sequence[Act] | None = None) -> list[tuple[Act, Outlook]]:
    """Every ability, Die control or Consumable use open now to the turn player's seat or the chaining
    partner (or only ``actions``), with the best outlook after it under the best later play, best first
    (each tried on a copy of the state; ties keep the order of the actions)."""
    from bouts.games.sao.rolling import (
        ability_actions,
        consumable_actions,
        control,
        die_control_actions,
        use_ability,
        use_consumable,
    )

    if actions is None:
        found: list[Act] = []
        for index in dict.fromkeys([state.turn_char] + ([state.partner] if state.partner is not None else [])):
            found += ability_actions(state, index)
        actions = found + die_control_actions(state) + consumable_actions(state)
    out: list[tuple[Act, Outlook]] = []
    for action in actions:
        if action.verb not in ("ability", "control", "use"):
            continue
        trial = state.clone()
        trial.events = []
        if action.verb == "ability":
            use_ability(trial, action)
        elif action.verb == "control":
            control(trial, int(action.args[0]) - 1, int(action.args[1]))
        else:
            use_consumable(trial, action.args[0], action.args[1])
        out.append((action, best_outlook(trial)))
    out.sort(key=lambda pair: -pair[1].value)
    return out


USE_WORTH = 1.0
"""How much an ability, Die control or Consumable use must gain over the best plan without it (in the
objective's units: expected damage) before the advisor spends it: uses are few (SAO-066) and the advisor
does not see the later turns they could save."""


@dataclass(frozen=True)
class Option:
    """One choice at a roll decision, with its exact outlook under the best later play."""

    action: Act
    """What the seat types: a reroll, ``finalize``, an ability, Die control or Consumable use, ``ask_partner``,
    ``back``."""
    outlook: Outlook
    via: Act | None = None
    """For ``ask_partner``: the other seat's use the advisor expects (that seat's advisor picks the same)."""


def roll_options(state: SaoState, seat: int) -> list[Option]:
    """``seat``'s choices at its roll decision (the turn player's roll window, or another seat's window before
    the dice are final), best first, exactly as ``hint`` ranks them and ``recommend`` (Enter) takes the first.

    Rerolls and finalizing are ranked by :func:`reroll_advice`; a use (ability, Die control, Consumable) comes
    first only when it beats them by :data:`USE_WORTH`. A use that only another seat can make is offered as
    ``ask_partner`` naming it; that seat's own window ranks its uses against passing the same way, so it makes
    the use the hint named.
    """
    slot = ADVICE_SLOT - seat
    hit = state._legal.get(slot)
    if hit is not None:
        return list(hit)
    options = _roll_options(state, seat)
    state._legal[slot] = tuple(options)
    return options


ADVICE_SLOT = -100
"""Where :func:`roll_options` keeps its answer for seat ``s``: ``state._legal[ADVICE_SLOT - s]``, beside the cached
legal actions, so it is dropped with them whenever the state changes (``apply`` copies, ``advance`` resets it in
place; seats are never below ``CHANCE`` = -1, so the slots never meet a real seat)."""


def _roll_options(state: SaoState, seat: int) -> list[Option]:
    from bouts.games.sao.actions import act
    from bouts.games.sao.rolling import ability_actions, consumable_actions, die_control_actions, window_actions

    decision = state.pending[-1] if state.pending and state.result is None else None
    if decision is None or decision.seat != seat or decision.kind not in ("roll_window", "ability_window"):
        return []
    if decision.kind == "ability_window":
        # Passing: the turn player decides again, or (when he proposed to finalize) the dice are final.
        base = best_outlook(state, 0 if decision.get("proposal") == "finalize" else None)
        ranked = [Option(a, o) for a, o in changes(state, window_actions(state, seat))]
        best_pass = Option(act("back"), base)
        return ([o for o in ranked if o.outlook.value > base.value + USE_WORTH - 1e-9] + [best_pass]
                + [o for o in ranked if o.outlook.value <= base.value + USE_WORTH - 1e-9])
    legal = set()
    from bouts.games.sao.rolling import seat_characters

    for index in seat_characters(state, seat):
        legal.update(ability_actions(state, index))
    legal.update(die_control_actions(state))
    legal.update(consumable_actions(state))
    plans = [Option(FINALIZE_ACT if not c.dice else act("reroll", *[str(i + 1) for i in c.dice]), c.outlook)
             for c in reroll_advice(state)]
    best = plans[0].outlook.value
    uses = []
    partner = state.characters[state.partner] if state.partner is not None else None
    askable = partner is not None and partner.seat != seat and _may_ask(state)
    for action, outlook in changes(state):
        if outlook.value <= best + USE_WORTH - 1e-9:
            continue
        if action in legal:
            uses.append(Option(action, outlook))
        elif askable and partner is not None and action.verb == "ability" and action.args[0] == partner.id:
            uses.append(Option(act("ask_partner"), outlook, via=action))
    ranked_uses: list[Option] = []
    seen_ask = False
    for option in uses:  # already best first; the partner is asked once, for his best use
        if option.via is not None:
            if seen_ask:
                continue
            seen_ask = True
        ranked_uses.append(option)
    return ranked_uses + plans


def option_for(state: SaoState, seat: int, action: Act) -> Option | None:
    """The advisor's option for ``action`` at ``seat``'s roll decision: itself, or for a reroll the ranked one that
    rerolls the same kinds of dice showing the same values (an equal choice); ``None`` when the advisor does not
    rank it (an Addition, a Consumable that changes nothing this turn).

    A menu asks this of every action (up to 255 rerolls): the options are indexed once per state and seat, by
    action and by what a reroll rerolls, the first option of each kept (:data:`INDEX_SLOT`)."""
    slot = INDEX_SLOT - seat
    hit = state._legal.get(slot)
    if hit is None:
        hit = state._legal[slot] = _option_index(state, seat)
    by_action, by_dice = hit
    found: Option | None = by_action.get(action)
    if found is not None or action.verb != "reroll":
        return found
    return by_dice.get(_reroll_key(state, action.args))  # type: ignore[no-any-return]


INDEX_SLOT = -200
"""Where :func:`option_for` keeps its index for seat ``s``: ``state._legal[INDEX_SLOT - s]``, dropped with the
cached legal actions (below :data:`ADVICE_SLOT`'s slots: they never meet)."""


def _reroll_key(state: SaoState, numbers: Sequence[str]) -> tuple[tuple[tuple[int, ...], int], ...]:
    """What a reroll of the dice ``numbers`` (from 1) rerolls: (faces, value) of each die, sorted."""
    from bouts.games.sao.rolling import faces

    pool = state.pool
    return tuple(sorted([(faces(state, pool[int(n) - 1]), pool[int(n) - 1].value) for n in numbers]))


def _option_index(state: SaoState, seat: int) -> tuple[dict[Act, Option], dict[Any, Option]]:
    """``seat``'s roll options by action, and its reroll options by :func:`_reroll_key`, the first of each."""
    by_action: dict[Act, Option] = {}
    by_dice: dict[Any, Option] = {}
    for option in roll_options(state, seat):
        by_action.setdefault(option.action, option)
        if option.action.verb == "reroll":
            by_dice.setdefault(_reroll_key(state, option.action.args), option)
    return by_action, by_dice


def _may_ask(state: SaoState) -> bool:
    from bouts.games.sao.rolling import waiting_seats

    return state.partner is not None and state.characters[state.partner].seat in waiting_seats(state)


def option_reason(state: SaoState, option: Option, seat: int) -> str:
    """Why ``option`` is advised, in the current language: its exact outlook, against finalizing now (or passing)."""
    from bouts.games.sao.i18n import _

    decision = state.pending[-1]
    text = outlook_text(state, option.outlook)
    if option.via is not None:
        from bouts.games.sao.view import plain_description

        partner = state.characters[state.partner or 0]
        return _("then {use} does better: {text}", use=plain_description(state, partner.seat, option.via), text=text)
    if decision.kind == "ability_window":
        base = best_outlook(state, 0 if decision.get("proposal") == "finalize" else None)
        if option.action.verb == "back":
            worth = format(USE_WORTH, ".0f")
            return _("{text}; none of your abilities or Consumables gains {worth}+ damage on that", text=text,
                     worth=worth)
        return _("{text} (passing: {base})", text=text, base=outlook_text(state, base))
    now = Outlook(*_value_now(state))
    if option.action.verb == "finalize":
        from bouts.games.sao.rolling import rerolls_left

        if rerolls_left(state) <= 0:
            return _("no reroll is left: {text}", text=text)
        return _("{text}; no reroll does better on average", text=text)
    return _("{text} (finalizing now: {now})", text=text, now=outlook_text(state, now))


def _value_now(state: SaoState) -> tuple[float, float, float, float, float]:
    o = best_outlook(state, 0)
    return (o.value, o.damage, o.switch, o.finish, o.safe)


def hint_lines(state: SaoState, seat: int, top: int = 3) -> list[str]:
    """What ``hint`` says at ``seat``'s roll decision, in the current language (empty at other decisions): the
    lethal warning first, then the best choice (the one Enter takes) and the next ones, each with its text form
    and its exact outlook; no internal score."""
    from bouts.core.i18n import tr
    from bouts.games.sao.attack import counter_warning
    from bouts.games.sao.i18n import _
    from bouts.games.sao.view import plain_description

    options = roll_options(state, seat)
    if not options:
        return []
    lines = []
    warning = counter_warning(state)
    if warning is not None:
        lines.append(tr(warning))
    for rank, option in enumerate(options[:top], 1):
        what = plain_description(state, seat, option.action)
        reason = option_reason(state, option, seat) if rank == 1 else outlook_text(state, option.outlook)
        lines.append(_("{rank}. {action} [{text}]: {reason}", rank=rank, action=what, text=str(option.action),
                       reason=reason))
    return lines
