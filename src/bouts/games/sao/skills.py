"""Sword Skill patterns and damage (SAO-018, SAO-068..SAO-071, SAO-133..SAO-149).

A die in a pool is a code: 1-6, :data:`FACE` (any number) or :data:`SYMBOL` (1 or 2). A group of
dice triggers a skill when some choice of the wild faces' values fits the pattern (SAO-RUL-09).

>>> from bouts.games.sao.cards import SwordSkill
>>> arc = SwordSkill(id="a", name="Vertical Arc", pattern="equal", size=2, damage=4, source="x")
>>> triggers(arc, (2, 2)), triggers(arc, (2, 7)), triggers(arc, (3, 8)), triggers(arc, (2, 8))
(True, True, False, True)
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from bouts.games.sao.cards import FACE, SYMBOL, SwordSkill

WILD_VALUES: Final = {FACE: (1, 2, 3, 4, 5, 6), SYMBOL: (1, 2)}


@dataclass(frozen=True)
class Modifiers:
    """What changes a Sword Skill's damage this turn (SAO-RUL-43)."""

    defense: int = 0
    """The current step's Defense X (SAO-148)."""
    bonus: int = 0
    """Flat damage added to each skill before the boost (the Sword equipment)."""
    boost: str | None = None
    """Lisbeth's adjustment held by the turn player: ``+2`` or ``x2`` (SAO-134)."""

    def boosted(self, skill: SwordSkill) -> int:
        """Printed damage, then equipment bonus, then +2/x2 (before Defense)."""
        amount = skill.damage + self.bonus
        if self.boost == "+2":
            amount += 2
        elif self.boost == "x2":
            amount *= 2
        return amount

    def pierces(self, skill: SwordSkill) -> bool:
        """Piercing X ignores Defense when Defense <= X (SAO-145, SAO-146, SAO-RUL-42)."""
        return self.defense == 0 or (skill.piercing > 0 and self.defense <= skill.piercing)

    def dealt(self, skill: SwordSkill) -> int:
        """Damage one triggered skill deals: boosted, minus Defense unless pierced, floor 0 (SAO-149)."""
        amount = self.boosted(skill)
        return amount if self.pierces(skill) else max(0, amount - self.defense)


def attack_damage(amount: int, defense: int, piercing: int) -> int:
    """One attack of ``amount`` against Defense (SAO-148) with Piercing (SAO-145).

    >>> attack_damage(3, 3, 0), attack_damage(3, 3, 5), attack_damage(6, 8, 5), attack_damage(8, 3, 0)
    (0, 3, 0, 5)
    """
    if defense == 0 or (piercing > 0 and defense <= piercing):
        return amount
    return max(0, amount - defense)


def _fits(skill_key: tuple[str, int, tuple[int, ...], int], values: tuple[int, ...]) -> bool:
    pattern, size, allowed, threshold = skill_key
    if len(values) != size:
        return False
    if pattern == "equal":
        return len(set(values)) == 1 and (not allowed or values[0] in allowed)
    if pattern == "straight":
        ordered = sorted(values)
        return all(b == a + 1 for a, b in itertools.pairwise(ordered))
    if pattern == "sum_at_least":
        return sum(values) >= threshold
    if pattern == "sum_at_most":
        return sum(values) <= threshold
    return tuple(sorted(values)) == tuple(sorted(allowed))


@lru_cache(maxsize=1 << 16)
def _triggers(skill_key: tuple[str, int, tuple[int, ...], int], group: tuple[int, ...]) -> bool:
    if len(group) != skill_key[1]:
        return False
    fixed = tuple(d for d in group if d <= 6)
    wild = [WILD_VALUES[d] for d in group if d > 6]
    return any(_fits(skill_key, fixed + choice) for choice in itertools.product(*wild))


def skill_key(skill: SwordSkill) -> tuple[str, int, tuple[int, ...], int]:
    """The part of a skill that decides which dice trigger it."""
    return (skill.pattern, skill.size, skill.values, skill.threshold)


def triggers(skill: SwordSkill, group: tuple[int, ...] | list[int]) -> bool:
    """Whether the dice ``group`` (codes, used up entirely) trigger ``skill``."""
    return _triggers(skill_key(skill), tuple(sorted(group)))


def sorted_group_triggers(key: tuple[str, int, tuple[int, ...], int], group: tuple[int, ...]) -> bool:
    """:func:`triggers` for a skill's :func:`skill_key` and a group already in ascending order."""
    return _triggers(key, group)


VALUE_TEXT: Final = {0: "?", 1: "1", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", FACE: "F", SYMBOL: "S"}
"""Every die code as a player reads it: ``?`` not rolled yet, ``F`` a character's face (any number), ``S``
Asuna's symbol (1 or 2)."""


def value_text(code: int) -> str:
    """A die code as a player reads it."""
    text = VALUE_TEXT.get(code)
    return str(code) if text is None else text
