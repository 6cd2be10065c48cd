"""Battle (FGO-046..FGO-069): sealed battle cards, chains, totals, the result and the move after it."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any, Final

from bouts.core.i18n import Message
from bouts.games.fgo_duel.actions import Act
from bouts.games.fgo_duel.cards import CardType, Catalog
from bouts.games.fgo_duel.i18n import M_, N_
from bouts.games.fgo_duel.state import CHAIN_COUNTER_SQUARES, SKILL_FACE_UP, Chip, FgoState

BATTLE_CARDS: Final = 3
"""Command cards each player plays in a battle (FGO-048)."""
QUICK_BONUS: Final = 7
"""Quick CHAIN: power +7 in the next turn (FGO-051)."""
ARTS_BONUS: Final = 3
"""Arts CHAIN: power +3 in the next turn and the turn after (FGO-052)."""
BUSTER_BONUS: Final = 3
"""Buster CHAIN: power +3 this turn (FGO-053)."""
_BUSTER: Final = CardType.BUSTER
"""The Buster card type as a Final name (a compiled build reads it as a C static)."""


def battle_options(state: FgoState, seat: int) -> list[Act]:
    """Every choice of 3 hand cards (all of them when fewer are held, FGO-RUL-20).

    Cards alike in servant, type and power are interchangeable, so each combination is listed once.
    """
    hand = state.masters[seat].hand
    size = min(BATTLE_CARDS, len(hand))
    kinds = state.catalog.kinds
    numbers: dict[tuple[str, str, int], int] = {}  # each kind of card in the hand, numbered
    kind_of = [numbers.setdefault(kinds[c], len(numbers)) for c in hand]
    if len(numbers) == len(hand):  # no two cards alike: every combination is different
        return [Act("battle", combo) for combo in itertools.combinations(hand, size)]
    seen: set[tuple[int, ...]] = set()
    out = []
    for combo, combo_kinds in zip(itertools.combinations(hand, size), itertools.combinations(kind_of, size),
                                  strict=True):
        key = tuple(sorted(combo_kinds))
        if key not in seen:
            seen.add(key)
            out.append(Act("battle", combo))
    return out


def chains_of(catalog: Catalog, cards: list[str] | tuple[str, ...], fighting: str) -> list[str]:
    """The chains a player's battle cards make (FGO-050..FGO-054); several may occur at once (FGO-RUL-08)."""
    if len(cards) != BATTLE_CARDS:
        return []
    first, second, third = cards
    kinds = catalog.kinds  # instance -> (servant, type, power)
    a, b, c = kinds[first], kinds[second], kinds[third]
    chains = [a[1]] if a[1] == b[1] == c[1] else []  # QUICK, ARTS or BUSTER CHAIN
    if a[0] == fighting and b[0] == fighting and c[0] == fighting:  # FGO-054, FGO-RUL-07
        chains.append("brave")
    return chains


class Total:
    """A player's battle total and where it comes from (FGO-057). Treat it as immutable.

    A hand-written slots class with the methods of the ``@dataclass(slots=True)`` it was (``__init__``, ``__eq__``,
    ``__repr__``; unhashable, as defining ``__eq__`` alone makes it): a compiled build compiles these methods, where a
    dataclass's generated ones stay interpreted, and every battle builds two.
    """

    __slots__ = ("brave", "buster", "cards", "chains", "chips", "skills")

    def __init__(self, cards: int, buster: int, brave: int, chips: int, skills: int, chains: tuple[str, ...]) -> None:
        self.cards = cards
        self.buster = buster
        self.brave = brave
        self.chips = chips
        self.skills = skills
        self.chains = chains

    def _fields(self) -> tuple[int, int, int, int, int, tuple[str, ...]]:
        return (self.cards, self.buster, self.brave, self.chips, self.skills, self.chains)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Total)
        return self._fields() == other._fields()

    def __repr__(self) -> str:
        return (f"{type(self).__qualname__}(cards={self.cards!r}, buster={self.buster!r}, brave={self.brave!r}, "
                f"chips={self.chips!r}, skills={self.skills!r}, chains={self.chains!r})")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), self._fields())

    @property
    def value(self) -> int:
        """The total compared in step ④."""
        return self.cards + self.buster + self.brave + self.chips + self.skills


PART_NAMES: Final = (N_("Buster {value}"), N_("Brave {value}"), N_("chips {value}"), N_("skills {value}"))
"""The parts of a battle total after the cards' own power: Buster CHAIN, Brave CHAIN, chips, skills."""


def breakdown_message(cards: int, buster: int, brave: int, chips: int, skills: int) -> Message:
    """A battle total's parts as a player adds them up (FGO-057): ``cards 9 + Brave 3 + chips 7``."""
    message = M_("cards {value}", value=cards)
    for name, value in zip(PART_NAMES, (buster, brave, chips, skills), strict=True):
        if value:
            message = M_("{sum} + {part}", sum=message, part=M_(name, value=value))
    return message


def breakdown(cards: int, buster: int, brave: int, chips: int, skills: int) -> str:
    """:func:`breakdown_message` in the current language."""
    return breakdown_message(cards, buster, brave, chips, skills).render()


def chip_bonus(chips: list[Chip]) -> int:
    """Power from chips placed in earlier turns (FGO-051, FGO-052, FGO-055, FGO-RUL-05, FGO-RUL-06)."""
    total = 0
    for chip in chips:
        if chip.chain == "quick" and chip.square == 1:
            total += QUICK_BONUS
        elif chip.chain == "arts" and chip.square in (1, 2):
            total += ARTS_BONUS
    return total


def chips_in_effect(state: FgoState, seat: int) -> int:
    """Chip power for ``seat`` now; with ``chain_turn = own_turn`` only on its own turns (FGO-RUL-01)."""
    if state.own_turn_chains and state.turn != seat:
        return 0
    return chip_bonus(state.masters[seat].chips)


def card_power(state: FgoState, seat: int, instance: str) -> int:
    """A card's power in battle: printed power plus 【常駐】 card_power skills (原初のルーン)."""
    catalog = state.catalog
    card = catalog.command(instance)
    power = card.power
    if state.advanced:
        owner = catalog.owner(instance)
        for servant in state.masters[seat].on_map():
            if servant.skill is None or servant.skill_state is not SKILL_FACE_UP:
                continue
            skill = catalog.skills[servant.skill]
            if skill.effect == "card_power" and servant.skill_target == owner and skill.card_type == card.type:
                power += skill.amount
    return power


def skill_bonus(state: FgoState, seat: int, fighting: str, enemy: str) -> int:
    """Power from ``power`` skills in effect for ``seat`` in this battle (FGO-092, FGO-095)."""
    if not state.advanced:
        return 0
    catalog = state.catalog
    master = state.masters[seat]
    enemy_class = catalog.servants[enemy].servant_class
    total = 0
    for servant in master.party:
        if servant.skill is None:
            continue
        skill = catalog.skills[servant.skill]
        if skill.effect != "power":
            continue
        if skill.kind == "persistent":
            active = servant.skill_state is SKILL_FACE_UP and servant.is_on_map
        else:
            active = servant.servant in master.turn_skills
        if not active:
            continue
        if skill.scope == "self" and servant.servant != fighting:
            continue
        if skill.when == "own_turn" and state.turn != seat:
            continue
        if skill.when == "opponent_turn" and state.turn == seat:
            continue
        if skill.against and enemy_class not in skill.against:
            continue
        total += skill.amount
    return total


def total_of(state: FgoState, seat: int, cards: list[str] | tuple[str, ...], fighting: str, enemy: str) -> Total:
    """Step ③: card powers plus every chain modifier (FGO-057, FGO-RUL-09, FGO-RUL-10)."""
    catalog = state.catalog
    kinds = catalog.kinds  # instance -> (servant, type, printed power)
    chains = chains_of(catalog, cards, fighting)
    buster = BUSTER_BONUS if "buster" in chains else 0
    brave = min([kinds[c][2] for c in cards]) if "brave" in chains else 0
    if state.advanced:
        power = sum([card_power(state, seat, c) for c in cards])
        skills = skill_bonus(state, seat, fighting, enemy)
    else:  # printed powers only (card_power and skill_bonus add skills, an advanced rule)
        power = sum([kinds[c][2] for c in cards])
        skills = 0
    chips = chips_in_effect(state, seat) if state.masters[seat].chips else 0
    return Total(power, buster, brave, chips, skills, tuple(chains))


def valuer(state: FgoState, seat: int, fighting: str, enemy: str) -> Callable[[Sequence[str]], int]:
    """``cards -> total_of(state, seat, cards, fighting, enemy).value``, for weighing many choices of
    battle cards on one state: what does not depend on the cards (chips, skills) is worked out once, and
    each card's power, type and owner once per card."""
    catalog = state.catalog
    base = chips_in_effect(state, seat) + skill_bonus(state, seat, fighting, enemy)
    # with skills (advanced rules) a card's power depends on the state: facts per call; with printed powers only,
    # on the pack and the fighting servant alone: facts shared
    facts: dict[str, tuple[int, int, CardType, bool]] = {} if state.options.advanced else \
        _basic_facts(catalog, fighting)

    def fact_of(card: str) -> tuple[int, int, CardType, bool]:
        command = catalog.command(card)
        fact = facts[card] = (card_power(state, seat, card), command.power, command.type,
                              catalog.owner(card) == fighting)
        return fact

    def value(cards: Sequence[str]) -> int:
        if len(cards) == BATTLE_CARDS:  # the usual case, unrolled (the same total as below)
            first, second, third = cards
            a = facts.get(first) or fact_of(first)
            b = facts.get(second) or fact_of(second)
            c = facts.get(third) or fact_of(third)
            total = base + a[0] + b[0] + c[0]
            if a[2] is _BUSTER and b[2] is _BUSTER and c[2] is _BUSTER:
                total += BUSTER_BONUS
            if a[3] and b[3] and c[3]:  # Brave CHAIN: the lowest printed power again
                total += min(a[1], b[1], c[1])
            return total
        total = base
        types: set[CardType] = set()
        own = True
        lowest = 1_000_000
        for card in cards:
            fact = facts.get(card)
            if fact is None:
                command = catalog.command(card)
                fact = facts[card] = (card_power(state, seat, card), command.power, command.type,
                                      catalog.owner(card) == fighting)
            total += fact[0]
            types.add(fact[2])
            own = own and fact[3]
            lowest = min(lowest, fact[1])
        if len(cards) != BATTLE_CARDS:
            return total
        if len(types) == 1 and _BUSTER in types:
            total += BUSTER_BONUS
        if own:  # Brave CHAIN: the lowest printed power again
            total += lowest
        return total

    return value


_BASIC_FACTS: Final[dict[tuple[int, str], tuple[Catalog, dict[str, tuple[int, int, CardType, bool]]]]] = {}


def _basic_facts(catalog: Catalog, fighting: str) -> dict[str, tuple[int, int, CardType, bool]]:
    """The facts :func:`valuer` keeps per card under the basic rules (power, printed power, type, whether it is
    ``fighting``'s own card), shared per pack and fighting servant."""
    key = (id(catalog), fighting)
    found = _BASIC_FACTS.get(key)
    if found is None or found[0] is not catalog:
        if len(_BASIC_FACTS) >= 1024:
            _BASIC_FACTS.clear()
        found = _BASIC_FACTS[key] = (catalog, {})
    facts: dict[str, tuple[int, int, CardType, bool]] = found[1]
    return facts


def place_chips(state: FgoState, seat: int, chains: tuple[str, ...]) -> None:
    """Quick and Arts CHAIN put a chip on the start square (FGO-051, FGO-052, FGO-056)."""
    for chain in chains:
        if chain in ("quick", "arts"):
            state.masters[seat].chips.append(Chip(chain, 0))


def advance_chips(state: FgoState) -> None:
    """End phase: every chip moves 1 square; one on the rightmost square is removed (FGO-075, FGO-076).

    With ``chain_turn = own_turn`` (FGO-RUL-01 alternative) a master's chips advance only at the end of
    that master's own turns, except that a chip just placed leaves the start square at once.
    """
    masters = state.masters
    if not masters[0].chips and not masters[1].chips:  # the usual end phase: no chip on either counter
        return
    own_turn = state.own_turn_chains
    for seat, master in enumerate(masters):
        if not master.chips:
            continue
        kept = []
        for chip in master.chips:
            if own_turn and seat != state.turn and chip.square != 0:
                kept.append(chip)
            elif chip.square < CHAIN_COUNTER_SQUARES - 1:
                kept.append(Chip(chip.chain, chip.square + 1))
        master.chips = kept
