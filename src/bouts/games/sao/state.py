"""SAO state: characters, the current scenario and step, the dice pool and the pending decisions."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any, Final

from bouts.core.contract import State
from bouts.core.decisions import Decision
from bouts.core.events import Event
from bouts.core.i18n import Message, Text
from bouts.games.sao.cards import Ability, Catalog, CharacterCard, ScenarioCard, StepCard
from bouts.games.sao.options import SaoOptions


@dataclass
class Character:
    """A character in the game (SAO-013)."""

    id: str
    """Character card id."""
    name: Text
    """His name, in both languages."""
    seat: int
    """The seat that plays him (in solo play one seat plays both, SAO-032)."""
    level: int = 0
    """Level stage: 0 = start, 1 = level 50, 2 = level 80 (SAO-RUL-49)."""
    damage: int = 0
    """Damage counters on the card (SAO-079)."""
    usage: int = 1
    """The ability usage token (SAO-038, SAO-066)."""
    exhausted: bool = False
    """Card turned sideways (SAO-087)."""
    dead: bool = False
    has_die: bool = False
    """Whether he has his character die (SAO-102)."""
    free_use: bool = False
    """Easy rule: a free ability use left this turn (SAO-130)."""
    equipment: list[str] = field(default_factory=list)
    """Equipment item instances he holds (SAO-094)."""

    def __init__(self, id: str, name: Text, seat: int, level: int = 0, damage: int = 0, usage: int = 1,
                 exhausted: bool = False, dead: bool = False, has_die: bool = False, free_use: bool = False,
                 equipment: list[str] | None = None) -> None:
        """The dataclass's ``__init__`` written out (compiled with the class; see :class:`SaoState`)."""
        self.id = id
        self.name = name
        self.seat = seat
        self.level = level
        self.damage = damage
        self.usage = usage
        self.exhausted = exhausted
        self.dead = dead
        self.has_die = has_die
        self.free_use = free_use
        self.equipment = [] if equipment is None else equipment

    def clone(self) -> Character:
        """A copy with its own list."""
        return Character(self.id, self.name, self.seat, self.level, self.damage, self.usage, self.exhausted,
                         self.dead, self.has_die, self.free_use, list(self.equipment))


@dataclass(frozen=True)
class Die:
    """One die in the pool."""

    kind: str
    """``main`` (turn player's) or ``support`` (partner's) (SAO-053)."""
    char: str | None = None
    """The character whose character die this is; ``None`` for a regular die."""
    value: int = 0
    """Face code: 1-6, FACE (any) or SYMBOL (1 or 2); 0 before it is rolled."""


@cache
def plain_decision(seat: int, kind: str) -> Decision:
    """``Decision.make(seat, kind)`` for a decision without details, built once and shared."""
    return Decision.make(seat, kind)


ROLL_WINDOWS: Final = tuple([plain_decision(seat, "roll_window") for seat in range(4)])
"""The turn player's roll decision of each seat (:func:`plain_decision`'s own, looked up without its cache)."""
ASSIGNS: Final = tuple([plain_decision(seat, "assign") for seat in range(4)])
"""The Sword Skill decision of each seat, likewise."""

_DICE: Final[dict[tuple[str, str | None, int], Die]] = {}


def make_die(kind: str, char: str | None = None, value: int = 0) -> Die:
    """``Die(kind, char, value)``, built once and shared (dice are frozen values)."""
    key = (kind, char, value)
    found = _DICE.get(key)
    if found is None:
        found = _DICE[key] = Die(kind, char, value)
    return found


@dataclass(frozen=True)
class Token:
    """An addition token given to another character (SAO-141)."""

    owner: str
    """``lisbeth`` or ``silica``: whose token."""
    kind: str
    """``boost``, ``shield`` or ``die_control``."""
    holder: str
    """Character id holding it."""
    mode: str = ""
    """``+2`` or ``x2`` for a boost."""
    given_on: int = 0
    """The turn number it was given in."""
    active: bool = False
    """Whether the holder's "next turn" is under way (SAO-RUL-37)."""


class StepFacts:
    """The facts of the step under the Step token that the rules read at every turn, as typed fields: compiled, a
    native class read as C struct fields, where each read of the pydantic card goes through its ``__getattr__``
    hook. Made by :meth:`SaoState.facts` when the scenario or the step changes."""

    __slots__ = ("aoe", "card", "catalog", "damage", "defense", "dice", "final", "hp", "no_abilities",
                 "no_consumables", "no_reroll", "reroll_minus_one", "scenario", "scenario_id", "step")

    def __init__(self, catalog: Catalog, scenario_id: str, step: int) -> None:
        scenario = catalog.scenarios[scenario_id]
        card = scenario.steps[step]
        self.catalog = catalog
        """The catalogue it was read from."""
        self.scenario_id = scenario_id
        self.step = step
        """Which scenario and step these are the facts of."""
        self.scenario: ScenarioCard = scenario
        self.card: StepCard = card
        self.final: bool = scenario.section == "final"
        """Whether the scenario is the Final Battle."""
        self.dice: int = card.dice or scenario.dice
        """The Dice amount: the step's if card data gives one, else the scenario's (SAO-054, SAO-RUL-03)."""
        self.hp: int = card.hp
        self.damage: int = card.damage
        self.aoe: bool = card.aoe
        self.defense: int = card.defense
        self.no_reroll: bool = card.no_reroll
        self.reroll_minus_one: bool = card.reroll_minus_one
        self.no_abilities: bool = card.no_abilities
        self.no_consumables: bool = card.no_consumables

    def __reduce__(self) -> tuple[Any, ...]:
        return (StepFacts, (self.catalog, self.scenario_id, self.step))


class AbilityFacts:
    """What the roll decision's menu reads of a character's ability (:class:`~bouts.games.sao.cards.Ability`), as
    typed fields (compiled: C struct fields, where each read of the pydantic card goes through its ``__getattr__``
    hook); :func:`abilities_of` makes them once per pack."""

    __slots__ = ("count", "id", "kind", "modes", "values")

    def __init__(self, ability: Ability) -> None:
        self.id: str = ability.id
        self.kind: str = ability.kind
        self.values: tuple[int, ...] = ability.values
        self.count: int = ability.count
        self.modes: tuple[tuple[str, ...], ...] = ability.modes


def abilities_of(catalog: Catalog, char_id: str) -> tuple[AbilityFacts, ...]:
    """The :class:`AbilityFacts` of a character's abilities, in card order, made once per pack (the catalogue's
    memo)."""
    key = ("ability_facts", char_id)
    found: tuple[AbilityFacts, ...] | None = catalog.memo.get(key)
    if found is None:
        found = catalog.remember(key, tuple([AbilityFacts(a) for a in catalog.characters[char_id].abilities]))
    return found


@dataclass(eq=True)
class SaoState(State):
    """The whole game."""

    options: SaoOptions
    catalog: Catalog
    seats: int
    characters: list[Character]
    scenarios: list[str]
    """The drawn scenario per section (lower, middle, upper, final); unrevealed ones are hidden."""
    pending: list[Decision]
    """The pending decision stack; the last one is decided next."""
    section: int = 0
    """Index of the current scenario in ``scenarios`` (SAO-041)."""
    step: int = 0
    """The Step token (SAO-044)."""
    step_damage: int = 0
    """Damage counters on the scenario card (SAO-072)."""
    items: list[str] = field(default_factory=list)
    """The item deck, top first (hidden order)."""
    consumables: list[str] = field(default_factory=list)
    """The group's Consumables (SAO-096)."""
    yui: bool = False
    """Whether the group has the Support card (SAO-100)."""
    yui_used: int = 0
    """Yui uses this scenario."""
    turn_char: int = 0
    """Index of the turn player's character."""
    partner: int | None = None
    """Index of the chaining partner this turn."""
    last_partner: int | None = None
    pool: list[Die] = field(default_factory=list)
    """The dice of this turn: main first, then support."""
    rerolls_used: int = 0
    passed: list[int] = field(default_factory=list)
    """Seats other than the turn player's that passed on the dice as they are (SAO-RUL-07, SAO-RUL-22):
    any change by anyone empties it, so each seat is asked again only when there is something new."""
    offered: list[str] = field(default_factory=list)
    """Character dice already offered for exchange before the current roll."""
    controlled: list[int] = field(default_factory=list)
    """Dice changed by Die control this turn."""
    used: list[int] = field(default_factory=list)
    """Pool indices spent on Sword Skills (SAO-070)."""
    triggered: list[tuple[str, tuple[int, ...]]] = field(default_factory=list)
    """Sword Skills triggered this turn, with their dice."""
    tokens: dict[str, Token] = field(default_factory=dict)
    """Addition tokens attached, by owner (``lisbeth``, ``silica``)."""
    moved: list[str] = field(default_factory=list)
    """Equipment transferred at this scenario end (SAO-RUL-23)."""
    turns: int = 0
    result: str | None = None
    """``won`` or ``lost`` once the game is over."""
    reason: Message | str = ""
    """Why the game ended (a message, read in the reader's language)."""
    # the options read at every turn, as typed fields (a pydantic attribute read is several times slower)
    easy: bool = field(init=False, repr=False, compare=False)
    """``options.difficulty == "easy"``: a free ability use each turn (SAO-130)."""
    hard: bool = field(init=False, repr=False, compare=False)
    """``options.difficulty == "hard"`` (SAO-131)."""
    character_dice: bool = field(init=False, repr=False, compare=False)
    """``options.uses_character_dice``."""
    turn_limit: int | None = field(init=False, repr=False, compare=False)
    """``options.turn_limit``."""
    _facts: StepFacts | None = field(default=None, init=False, repr=False, compare=False)
    """The current step's facts, as :meth:`facts` last made them."""

    def __init__(self, options: SaoOptions, catalog: Catalog, seats: int, characters: list[Character],
                 scenarios: list[str], pending: list[Decision], section: int = 0, step: int = 0, step_damage: int = 0,
                 items: list[str] | None = None, consumables: list[str] | None = None, yui: bool = False,
                 yui_used: int = 0, turn_char: int = 0, partner: int | None = None, last_partner: int | None = None,
                 pool: list[Die] | None = None, rerolls_used: int = 0, passed: list[int] | None = None,
                 offered: list[str] | None = None, controlled: list[int] | None = None, used: list[int] | None = None,
                 triggered: list[tuple[str, tuple[int, ...]]] | None = None, tokens: dict[str, Token] | None = None,
                 moved: list[str] | None = None, turns: int = 0, result: str | None = None,
                 reason: Message | str = "", *, events: list[Event] | None = None,
                 _legal: dict[int, tuple[Any, ...]] | None = None) -> None:
        """The dataclass's ``__init__`` written out (the fields in their order, a new list or dict for each one left
        out), then the options read at every turn: compiled, a written ``__init__`` is compiled too, where the one
        ``dataclasses`` makes stays interpreted (and a state is made at every set-up and fork)."""
        self.events = [] if events is None else events
        self._legal = {} if _legal is None else _legal
        self.options = options
        self.catalog = catalog
        self.seats = seats
        self.characters = characters
        self.scenarios = scenarios
        self.pending = pending
        self.section = section
        self.step = step
        self.step_damage = step_damage
        self.items = [] if items is None else items
        self.consumables = [] if consumables is None else consumables
        self.yui = yui
        self.yui_used = yui_used
        self.turn_char = turn_char
        self.partner = partner
        self.last_partner = last_partner
        self.pool = [] if pool is None else pool
        self.rerolls_used = rerolls_used
        self.passed = [] if passed is None else passed
        self.offered = [] if offered is None else offered
        self.controlled = [] if controlled is None else controlled
        self.used = [] if used is None else used
        self.triggered = [] if triggered is None else triggered
        self.tokens = {} if tokens is None else tokens
        self.moved = [] if moved is None else moved
        self.turns = turns
        self.result = result
        self.reason = reason
        self.easy = options.difficulty == "easy"
        self.hard = options.difficulty == "hard"
        self.character_dice = options.uses_character_dice
        self.turn_limit = options.turn_limit
        self._facts = None

    def clone(self) -> SaoState:
        """A copy deep enough to apply an action to (no events, no cached legal actions)."""
        new = SaoState(  # the scalars, options and catalogue are immutable: shared
            options=self.options, catalog=self.catalog, seats=self.seats,
            characters=[c.clone() for c in self.characters], scenarios=list(self.scenarios),
            pending=list(self.pending), section=self.section, step=self.step, step_damage=self.step_damage,
            items=list(self.items), consumables=list(self.consumables), yui=self.yui, yui_used=self.yui_used,
            turn_char=self.turn_char, partner=self.partner, last_partner=self.last_partner, pool=list(self.pool),
            rerolls_used=self.rerolls_used, passed=list(self.passed), offered=list(self.offered),
            controlled=list(self.controlled), used=list(self.used), triggered=list(self.triggered),
            tokens=dict(self.tokens), moved=list(self.moved), turns=self.turns, result=self.result,
            reason=self.reason,
        )
        new._facts = self._facts
        return new

    # -- lookups ----------------------------------------------------------------------
    def facts(self) -> StepFacts:
        """The current step's facts (:class:`StepFacts`), made again only when the scenario or the step changed."""
        found = self._facts
        scenario_id = self.scenarios[self.section]
        if found is None or found.step != self.step or found.scenario_id != scenario_id or \
                found.catalog is not self.catalog:
            found = self._facts = StepFacts(self.catalog, scenario_id, self.step)
        return found

    @property
    def scenario(self) -> ScenarioCard:
        """The current scenario card."""
        return self.catalog.scenarios[self.scenarios[self.section]]

    @property
    def current_step(self) -> StepCard:
        """The step under the Step token."""
        return self.catalog.scenarios[self.scenarios[self.section]].steps[self.step]

    @property
    def is_final_ordeal(self) -> bool:
        """Whether this is Final Battle step 2 (SAO-116)."""
        return self.step >= 1 and self.facts().final

    @property
    def decision(self) -> Decision | None:
        """The decision to take next."""
        return self.pending[-1] if self.pending else None

    def card(self, index: int) -> CharacterCard:
        """The character card of character ``index``."""
        return self.catalog.characters[self.characters[index].id]

    def index_of(self, char_id: str) -> int:
        """Character index of a character id."""
        for i, c in enumerate(self.characters):
            if c.id == char_id:
                return i
        raise KeyError(char_id)

    @property
    def kirito(self) -> int:
        """Kirito's character index."""
        return self.index_of("kirito")

    def hp(self, index: int) -> int:
        """Current maximum HP of character ``index`` (SAO-015)."""
        return self.card(index).hp[self.characters[index].level]

    def usage_max(self, index: int) -> int:
        """Ability usage maximum for the level and player count (SAO-017, SAO-RUL-18, SAO-RUL-47)."""
        column = 0 if self.seats <= 2 else min(self.seats, 4) - 2
        value = self.card(index).usage[self.characters[index].level][column]
        if self.hard:
            value -= self.options.hard_usage_reduction
        return max(0, value)

    def starting_usage(self, index: int) -> int:
        """The usage token at set-up: 1 (SAO-038, SAO-RUL-05), less the hard option's reduction from the
        first scenario on (SAO-131, SAO-RUL-47), never above the maximum nor below 0."""
        start = 1 - (self.options.hard_usage_reduction if self.options.difficulty == "hard" else 0)
        return max(0, min(start, self.usage_max(index)))

    def living(self) -> list[int]:
        """Indices of living characters."""
        return [i for i, c in enumerate(self.characters) if not c.dead]

    @property
    def uses_exhaustion(self) -> bool:
        """Exhaustion is used only with 3 or more players (SAO-088), never in the final ordeal."""
        return len(self.characters) >= 3 and not self.is_final_ordeal
