"""Timings (【発動】) and durations (【持続】) of magic cards and abilities, and attack/defence values.

The three ways to use a magic card (KAL-133): normal use from hand (KAL-134, KAL-135), strategy use
of the strategy card (KAL-136), and mana spending (``mana.py``).
"""

from __future__ import annotations

from typing import Final

from bouts.core.decisions import Decision
from bouts.core.events import QUIET, Event
from bouts.core.i18n import Text
from bouts.games.kaleido.actions import Act, act
from bouts.games.kaleido.cards import ATTACK_KINDS, HOSTILE_EFFECTS, MODIFIER_EFFECTS, Ability, Catalog, MagicCard
from bouts.games.kaleido.flow import auto, one, push, say, settle, verb
from bouts.games.kaleido.i18n import N_
from bouts.games.kaleido.mana import ability_cost, card_name, charge, draw, mana_available, np_discount, seat_label
from bouts.games.kaleido.state import Effect, KaleidoState

STRATEGY_PHASE_DECISIONS: Final = frozenset({"action", "set", "accumulate"})
"""The decisions of a player's own strategy phase (KAL-065)."""


# -- values -----------------------------------------------------------------------------------
def _active(state: KaleidoState, effect: Effect) -> bool:
    scope = effect.scope
    if scope == "turn":
        return True
    battle = state.battle
    if battle is None or not effect.bound:
        return False
    if scope == "battle":
        return effect.bound == battle.number
    return effect.bound == battle.action and battle.attacker >= 0


def modifier(state: KaleidoState, seat: int, stat: str, servant_attack: bool = True) -> int:
    """The sum of every change to ``seat``'s attack or defence now (KAL-088, KAL-089, KAL-120)."""
    total = 0
    for effect in state.effects:
        if effect.target == seat and effect.stat == stat and _active(state, effect):
            if effect.servant_only and not servant_attack:
                continue  # KAL-151: command spell ③ is not for the master's attacks
            total += effect.value
    player = state.players[seat]
    if player.strategy is not None:  # KAL-RUL-54: an automatic strategy card is always in force
        card = state.catalog.magic[player.strategy]
        if card.timing == "auto":
            total += _signed(card, stat)
    battle = state.battle
    if battle is not None and battle.involves(seat):  # KAL-072
        total += field_modifier(state, stat)
    return total


def field_modifier(state: KaleidoState, stat: str) -> int:
    """The battlefield's 霊地効果 on attack or defence, for those it reaches (KAL-072, KAL-171)."""
    battle = state.battle
    assert battle is not None
    fate = state.catalog.fates[battle.battlefield]
    effect = fate.effect
    if effect == _BONUS[stat]:
        return fate.value
    if stat == "attack" and effect == "attack_malus":
        return -fate.value
    return 0


_BONUS: Final = {"attack": "attack_bonus", "defence": "defence_bonus"}
_UP: Final = {"attack": "attack_up", "defence": "defence_up"}
_DOWN: Final = {"attack": "attack_down", "defence": "defence_down"}
"""Each stat's effect names (a battlefield's bonus, a card's raise and cut), made once."""


def _signed(card: MagicCard, stat: str) -> int:
    if card.effect == _UP[stat]:
        return card.value
    if card.effect == _DOWN[stat]:
        return -card.value
    return 0


def is_servant_method(state: KaleidoState, seat: int, method: str) -> bool:
    """Whether an attack method is the servant's (command spell ③ applies, KAL-150..KAL-152)."""
    if method == "normal":
        return True
    servant = state.players[seat].servant
    if servant is not None and method in state.catalog.servants[servant].abilities:
        return True
    return state.players[seat].summoned and method in summoned_abilities(state, seat)


def base_attack(state: KaleidoState, seat: int, method: str) -> int:
    """The chosen attack's printed power (KAL-085..KAL-087)."""
    if method == "normal":
        servant = state.players[seat].servant
        assert servant is not None
        return state.catalog.servants[servant].attack
    return state.catalog.abilities[method].power


def attack_power(state: KaleidoState, seat: int, method: str) -> int:
    """Final attack: printed power plus every applicable effect, never below 0 (KAL-088, KAL-104)."""
    return max(0, base_attack(state, seat, method)
               + modifier(state, seat, "attack", is_servant_method(state, seat, method)))


def defence_power(state: KaleidoState, seat: int) -> int:
    """Final defence: printed 防御 plus every applicable effect, never below 0 (KAL-089, KAL-104)."""
    servant = state.players[seat].servant
    assert servant is not None
    return max(0, state.catalog.servants[servant].defence + modifier(state, seat, "defence"))


def printed_hp(state: KaleidoState, seat: int) -> int:
    """The servant's printed HP (KAL-163)."""
    servant = state.players[seat].servant
    return state.catalog.servants[servant].hp if servant else 0


def heal(state: KaleidoState, seat: int, amount: int, capped: bool = True) -> int:
    """Restore HP; effects never go above printed HP (KAL-163). Returns HP gained."""
    player = state.players[seat]
    before = player.hp
    player.hp += amount
    if capped:
        player.hp = min(player.hp, max(before, printed_hp(state, seat)))
    return player.hp - before


# -- abilities ----------------------------------------------------------------------------------
def abilities_of(state: KaleidoState, seat: int) -> list[str]:
    """The master's and servant's ability ids, plus a summoned servant's (KAL-152)."""
    player = state.players[seat]
    found: list[str] = []
    if player.master:
        found.extend(state.catalog.masters[player.master].abilities)
    if player.servant:
        found.extend(state.catalog.servants[player.servant].abilities)
    if player.summoned:
        found.extend(summoned_abilities(state, seat))
    return found


def summoned_abilities(state: KaleidoState, seat: int) -> list[str]:
    """Abilities granted by a summon the seat owns."""
    return [state.catalog.abilities[a].grants for a in _own(state, seat)
            if state.catalog.abilities[a].grants]


def _own(state: KaleidoState, seat: int) -> list[str]:
    player = state.players[seat]
    found: list[str] = []
    if player.master:
        found.extend(state.catalog.masters[player.master].abilities)
    if player.servant:
        found.extend(state.catalog.servants[player.servant].abilities)
    return found


def owned_abilities(state: KaleidoState, seat: int) -> tuple[tuple[str, Ability], ...]:
    """:func:`abilities_of` with each ability: made once per master and servant for a seat without a summoned
    servant (its abilities depend on the pair only), afresh for one with."""
    player = state.players[seat]
    catalog = state.catalog
    if player.summoned:  # a summon's abilities come and go
        return tuple((a, catalog.abilities[a]) for a in abilities_of(state, seat))
    key = (player.master, player.servant)
    found = _OWNED.get(key)
    if found is None or found[0] is not catalog:
        found = _OWNED[key] = (catalog, tuple((a, catalog.abilities[a]) for a in abilities_of(state, seat)))
    return found[1]


_OWNED: Final[dict[tuple[str | None, str | None], tuple[Catalog, tuple[tuple[str, Ability], ...]]]] = {}
"""(master, servant) -> (the catalog, :func:`owned_abilities`); the catalog is kept so another pack's is made
afresh."""


def affordable(state: KaleidoState, seat: int, ability_id: str, ability: Ability, intervening: bool = False) -> bool:
    """``can_pay(state, seat, ability_cost(state, seat, ability_id, intervening))``, asking ``ability_cost`` only
    when a battlefield may discount it (a Noble Phantasm in a battle phase)."""
    cost = ability.cost
    if state.battle is not None and ability.kind.startswith("np_"):
        cost = ability_cost(state, seat, ability_id, intervening=intervening)
    return cost <= 0 or mana_available(state, seat) >= cost


def has_passive(state: KaleidoState, seat: int, effect: str) -> int:
    """The power of a passive ability ``effect`` the seat has (0: none)."""
    for _ability_id, ability in owned_abilities(state, seat):
        if ability.kind == "passive" and ability.effect == effect:
            return ability.power
    return 0


def attack_methods(state: KaleidoState, seat: int, intervention: bool = False) -> list[str]:
    """Special attacks and attack NPs the seat can pay for now (KAL-084; 介入可能 ones for KAL-078)."""
    return payable_ids(state, seat, pair_facts(state, seat)[0], intervention)


Priced = tuple[str, int, bool, bool]
"""An ability as :func:`payable_ids` checks it: its id, its printed 【消費】, whether it is a Noble Phantasm (a
battlefield may discount it) and whether it is 介入可能."""
PairFacts = tuple[tuple[Priced, ...], tuple[Priced, ...], tuple[Priced, ...]]
"""A seat's attack methods (special attacks and attack NPs, KAL-084), its 相殺可 attack NPs (KAL-090) and its
defence NPs (KAL-096), each in :func:`owned_abilities` order: what the attack menu, the clash and the guard check."""


def _priced(ability_id: str, ability: Ability) -> Priced:
    return (ability_id, ability.cost, ability.kind.startswith("np_"), ability.intervene)


def _pair_facts(owned: tuple[tuple[str, Ability], ...]) -> PairFacts:
    return (tuple(_priced(a, ability) for a, ability in owned if ability.kind in ATTACK_KINDS),
            tuple(_priced(a, ability) for a, ability in owned if ability.kind == "np_attack" and ability.offset),
            tuple(_priced(a, ability) for a, ability in owned if ability.kind == "np_defence"))


def pair_facts(state: KaleidoState, seat: int) -> PairFacts:
    """:data:`PairFacts` of ``seat``: made once per master and servant for a seat without a summoned servant (as
    :func:`owned_abilities` is), afresh for one with."""
    player = state.players[seat]
    if player.summoned:  # a summon's abilities come and go
        return _pair_facts(owned_abilities(state, seat))
    key = (player.master, player.servant)
    found = _PAIR_FACTS.get(key)
    if found is None or found[0] is not state.catalog:
        found = _PAIR_FACTS[key] = (state.catalog, _pair_facts(owned_abilities(state, seat)))
    return found[1]


_PAIR_FACTS: Final[dict[tuple[str | None, str | None], tuple[Catalog, PairFacts]]] = {}
"""(master, servant) -> (the catalog, :func:`pair_facts`); the catalog is kept so another pack's is made afresh."""


def payable_ids(state: KaleidoState, seat: int, facts: tuple[Priced, ...], intervention: bool = False) -> list[str]:
    """The ids of ``facts`` that ``seat`` can pay for now (:func:`affordable` of each: a Noble Phantasm's cost less the
    battlefield's discount in a battle phase, KAL-072, KAL-RUL-59); with ``intervention`` only 介入可能 ones, priced
    as an intervener pays (KAL-078, KAL-RUL-23)."""
    found: list[str] = []
    battle = state.battle
    mana = -1  # mana_available, worked out when a cost asks for it
    discount = -1  # np_discount, worked out when a Noble Phantasm asks for it
    for ability_id, cost, np, intervene in facts:
        if intervention and not intervene:
            continue
        if np and battle is not None:
            if discount < 0:
                discount = np_discount(state, seat, intervention)
            cost = max(0, cost - discount)
        if cost > 0:
            if mana < 0:
                mana = mana_available(state, seat)
            if mana < cost:
                continue
        found.append(ability_id)
    return found


def in_effect(state: KaleidoState, source: str) -> bool:
    """Whether an effect from ``source`` is still running (KAL-118)."""
    for e in state.effects:  # noqa: SIM110 (a loop, not any() over a generator: asked for every menu)
        if e.source == source:
            return True
    return False


def _timed_abilities(state: KaleidoState, seat: int, timing: str) -> list[Timed]:
    """The boosts, supports and special NPs of ``seat`` with ``timing``, each with what :func:`ability_uses` asks
    of it (:data:`Timed`)."""
    abilities = state.catalog.abilities
    found = []
    for ability_id in abilities_of(state, seat):
        ability = abilities[ability_id]
        if ability.kind in ("boost", "support", "np_special") and ability.timing == timing:
            found.append((ability_id, f"ability:{ability_id}:{seat}", ability.effect == "summon", ability.cost,
                          ability.kind.startswith("np_"), is_hostile_ability(state, ability_id),
                          one("ability", ability_id)))
    return found


Timed = tuple[str, str, bool, int, bool, bool, Act]
"""A timed ability as :func:`ability_uses` checks it: its id, its once-a-turn and effect source name
(``ability:<id>:<seat>``), whether it summons, its printed cost, whether it is a Noble Phantasm (a battlefield may
discount it), whether it is hostile (:func:`is_hostile_ability`) and its ``ability ID`` action."""

_TIMED: Final[dict[tuple[int, str | None, str | None, str], tuple[Catalog, list[Timed]]]] = {}
"""(seat, master, servant, timing) -> (the catalog, :func:`_timed_abilities`): what ``ability_uses`` checks
made once per pair and seat (a seat without a summoned servant; the catalog is kept so another pack's is made
afresh)."""


# -- effects and durations ---------------------------------------------------------------------------
def add_effect(state: KaleidoState, effect: Effect) -> None:
    """Start a lasting effect, bound to the battle or combat action under way if it reaches the target."""
    battle = state.battle
    if battle is not None and battle.involves(effect.target):
        if effect.scope == "battle":
            effect.bound = battle.number
        elif effect.scope == "action" and battle.attacker >= 0:  # an intervener's too (KAL-119)
            effect.bound = battle.action
    state.effects.append(effect)


def bind_battle(state: KaleidoState, seat: int) -> None:
    """Battle effects used outside a battle start when ``seat`` next takes part (KAL-RUL-35)."""
    battle = state.battle
    assert battle is not None
    for effect in state.effects:
        if effect.target == seat and effect.scope == "battle" and not effect.bound:
            effect.bound = battle.number


def bind_action(state: KaleidoState) -> None:
    """Combat-action effects used outside one cover the next combat action (KAL-RUL-34)."""
    battle = state.battle
    assert battle is not None
    for effect in state.effects:
        if effect.scope == "action" and not effect.bound and battle.involves(effect.target):
            effect.bound = battle.action


def end_effects(state: KaleidoState, ended: list[Effect]) -> None:
    """End effects; normally used cards leave the field for the discard pile (KAL-135)."""
    if not ended:
        return
    gone = {id(e) for e in ended}
    state.effects = [e for e in state.effects if id(e) not in gone]
    for effect in ended:
        if effect.card is not None:
            state.discard.append(effect.card)


def end_strategy_effects(state: KaleidoState, card: str) -> None:
    """A strategy card spent or returned: its effects end (KAL-140)."""
    source = f"strategy:{card}"
    end_effects(state, [e for e in state.effects if e.source == source])


def end_action_effects(state: KaleidoState) -> None:
    """A combat action ends: its 戦闘行動 effects end (KAL-131)."""
    battle = state.battle
    assert battle is not None
    end_effects(state, [e for e in state.effects if e.scope == "action" and e.bound == battle.action])


def end_battle_effects(state: KaleidoState) -> None:
    """A battle phase ends: its 戦闘 and 戦闘行動 effects end, pending ones of its participants too (KAL-130,
    KAL-RUL-34)."""
    battle = state.battle
    assert battle is not None
    end_effects(state, [e for e in state.effects
                        if (e.scope == "battle" and e.bound == battle.number)
                        or (e.scope == "action" and (e.bound or battle.involves(e.target)))])


def end_turn_effects(state: KaleidoState) -> None:
    """The turn ends: every remaining effect ends (KAL-129, KAL-RUL-35)."""
    end_effects(state, list(state.effects))


# -- whom an effect may reach (KAL-119) ----------------------------------------------------------------
def is_targetable(state: KaleidoState, seat: int) -> bool:
    """Whether an effect may be used on ``seat`` now (KAL-119, KAL-RUL-22): in a battle phase only players
    taking part in it: the participants and, unless option ``interveners_protected``, the interveners."""
    if not state.players[seat].alive:
        return False
    battle = state.battle
    if battle is None or seat == battle.first or seat == battle.second:
        return True
    return seat in battle.intervened and not state.options.interveners_protected


def natural_target(state: KaleidoState, user: int) -> int | None:
    """Whom a hostile effect of ``user`` aims at without naming a target: the other side of the attack under
    way (an intervener who attacks you, the one you attack), else the opposing participant; ``None`` when
    that player may not be targeted (KAL-119)."""
    battle = state.battle
    if battle is None:
        return None
    strike = battle.strike
    aim: int | None = None
    if strike is not None and user == strike.defender:
        aim = strike.attacker
    elif strike is not None and user == strike.attacker:
        aim = strike.defender
    elif user == battle.first or user == battle.second:  # is_participant
        aim = battle.opponent(user)
    return aim if aim is not None and aim != user and is_targetable(state, aim) else None


def other_targets(state: KaleidoState, user: int) -> list[int]:
    """Everyone else an effect of ``user`` may name as its target now, in seat order."""
    players = state.players
    battle = state.battle
    if battle is None:  # is_targetable, written out
        return [s for s in range(state.seats) if s != user and players[s].alive]
    first, second = battle.first, battle.second
    interveners: list[int] = [] if state.options.interveners_protected else battle.intervened
    return [s for s in range(state.seats)
            if s != user and players[s].alive and (s in (first, second) or s in interveners)]


# -- when may a card be used -------------------------------------------------------------------------
def strategy_card_free(state: KaleidoState, seat: int) -> bool:
    """Whether the strategy card's effect may be used again now (KAL-RUL-15 and the reuse option)."""
    card = state.players[seat].strategy
    if card is None:
        return False
    if state.effects and in_effect(state, f"strategy:{card}"):  # no effects: no source name to make
        return False
    if state.options.strategy_reuse == "once_per_phase":
        return state.used_strategy.get(seat) != state.phase_id
    return True


def context(state: KaleidoState, frame: Decision) -> str:
    """Which timings are open to the deciding seat: ``strategy`` (own strategy phase), ``end``,
    ``battle`` (a participant), ``outside`` (a non-participant in a battle phase), ``none``."""
    kind = frame.kind
    if kind in STRATEGY_PHASE_DECISIONS:
        return "strategy"
    if kind == "end_window":
        return "end"
    battle = state.battle
    if battle is not None and kind not in ("pay", "last", "discard", "nominate"):
        return "battle" if (frame.seat == battle.first or frame.seat == battle.second) else "outside"
    return "none"


HAND_TIMINGS: Final = {"strategy": frozenset({"strategy", "auto"}), "end": frozenset({"strategy"}),
                "battle": frozenset({"battle"})}
"""The timings of the hand cards usable in each context (KAL-124, KAL-125, KAL-RUL-54)."""


def card_uses(state: KaleidoState, frame: Decision, where: str | None = None) -> list[Act]:
    """Magic cards the deciding seat may use now, one entry per card kind (KAL-123..KAL-136); a hostile card
    names its target when it is not the natural one (KAL-119). ``where``: :func:`context`, when known."""
    if where is None:
        where = context(state, frame)
    if where == "none":
        return []
    seat = frame.seat
    player = state.players[seat]
    catalog = state.catalog
    options: list[Act] = []
    if where != "outside" and player.hand:
        seen: set[str] = set()
        natural: int | str | None = _UNKNOWN  # natural_target, made once when a hostile card needs it
        others: list[int] = []  # other_targets, made with it
        known = _USABLE.get(id(catalog))  # _usable_facts, found here
        usable = (known[1] if known is not None and known[0] is catalog else _usable_facts(catalog))[where]
        for card in player.hand:  # KAL-124, KAL-125, KAL-RUL-54
            fact = usable[card]
            if fact is None:  # a timing not open now (every copy of its kind alike)
                continue
            kind, hostile, use, aimed = fact
            if kind in seen:
                continue
            seen.add(kind)
            if not hostile:  # _aimed's first case, made here
                options.append(use)
                continue
            if natural is _UNKNOWN:
                natural = natural_target(state, seat)
                others = other_targets(state, seat)
            if natural is not None:  # _aimed's second case, made here
                options.append(use)
            for target in others:
                if target != natural:
                    options.append(aimed[target])  # act("use", (card, str(target)))
    strategy_card = player.strategy
    if strategy_card is not None and strategy_card_free(state, seat):
        magic = catalog.magic[strategy_card]
        timing = magic.timing
        if (where in ("strategy", "end") and timing == "strategy") or (where == "battle" and timing == "battle"):
            options.extend(_aimed(state, seat, strategy_card))  # KAL-RUL-16: not 戦略 cards in one's own battle
        elif where == "outside" and timing in ("strategy", "battle") and is_outside_card(magic):
            # KAL-053, KAL-105, KAL-RUL-29: on a player taking part, itself only as an intervener (KAL-119)
            options.extend(act("use", (strategy_card, str(t))) for t in range(state.seats) if is_targetable(state, t))
    return options


def is_outside_card(card: MagicCard) -> bool:
    """Whether a strategy card does something in a battle its owner is not in (a change of numbers, damage)."""
    return card.effect in MODIFIER_EFFECTS or card.effect == "damage"


_UNKNOWN: Final = "?"
_FACTS: Final[dict[int, tuple[Catalog, dict[str, tuple[str, str, bool, Act]]]]] = {}
"""Per catalog (by id, the catalog kept so that the id stays its own): card instance -> (kind, timing, whether
hostile, ``use CARD``), what a menu asks of each hand card, made once for the whole catalog."""


def _hand_facts(catalog: Catalog) -> dict[str, tuple[str, str, bool, Act]]:
    """Card instance -> (kind, timing, whether hostile, ``use CARD``) in ``catalog``."""
    found = _FACTS.get(id(catalog))
    if found is None or found[0] is not catalog:
        found = _FACTS[id(catalog)] = (catalog, {
            card: (card.partition("/")[0], magic.timing, magic.effect in HOSTILE_EFFECTS, one("use", card))
            for card, magic in catalog.magic.items()})
    return found[1]


Usable = dict[str, tuple[str, bool, Act, tuple[Act, ...]] | None]
_USABLE: Final[dict[int, tuple[Catalog, dict[str, Usable]]]] = {}
"""Per catalog (by id, the catalog kept so that the id stays its own): :func:`_usable_facts`."""


def _usable_facts(catalog: Catalog) -> dict[str, Usable]:
    """Per context of :data:`HAND_TIMINGS`: card instance -> (kind, whether hostile, ``use CARD``, and for a hostile
    card ``use CARD SEAT`` by seat), or ``None`` for a card whose timing is not open there. The copies of a kind are
    one card (``<card id>/<copy>``, and a card id has no ``/``), so a card skipped here leaves no kind that a later
    copy could be the first of."""
    found = _USABLE.get(id(catalog))
    if found is None or found[0] is not catalog:
        facts = _hand_facts(catalog)
        found = _USABLE[id(catalog)] = (catalog, {
            where: {card: (kind, hostile, use, _named_uses(card) if hostile else ()) if timing in timings else None
                    for card, (kind, timing, hostile, use) in facts.items()}
            for where, timings in HAND_TIMINGS.items()})
    return found[1]


def _named_uses(card: str) -> tuple[Act, ...]:
    """``use CARD SEAT`` for every seat a table may have (index: the seat)."""
    return tuple(act("use", (card, str(seat))) for seat in range(MAX_SEATS))


MAX_SEATS: Final = 7
"""The most seats a table has (``INFO.max_seats``; flow.ONLY has one entry per seat as well)."""


def _aimed(state: KaleidoState, seat: int, card: str, natural: int | str | None = _UNKNOWN) -> list[Act]:
    """The uses of ``card`` by ``seat``: on itself, or a hostile card on its natural target and on each other
    player it may name (KAL-119); outside a battle phase a hostile card names any other master (``natural``:
    :func:`natural_target`, when known)."""
    if state.catalog.magic[card].effect not in HOSTILE_EFFECTS:
        return [one("use", card)]
    if natural is _UNKNOWN:
        natural = natural_target(state, seat)
    found = [one("use", card)] if natural is not None else []
    found += [act("use", (card, str(t))) for t in other_targets(state, seat) if t != natural]
    return found


def ability_uses(state: KaleidoState, frame: Decision, where: str | None = None) -> list[Act]:
    """Boosts and special NPs usable now: own strategy phase or own battles only (KAL-121), not one already used
    this turn or still in effect (KAL-118), not a second summon, and only one the seat can pay for; a hostile one
    only when its natural target may be targeted. ``where``: :func:`context`, when known."""
    if where is None:
        where = context(state, frame)
    if where != "strategy" and where != "battle":
        return []
    seat = frame.seat
    player = state.players[seat]
    if player.summoned:  # a summon's abilities come and go: worked out afresh
        candidates = _timed_abilities(state, seat, where)
    else:
        key = (seat, player.master, player.servant, where)
        cached = _TIMED.get(key)
        if cached is None or cached[0] is not state.catalog:
            cached = _TIMED[key] = (state.catalog, _timed_abilities(state, seat, where))
        candidates = cached[1]
    found: list[Act] = []
    if not candidates:
        return found
    battle = state.battle
    once = state.once
    mana = -1  # mana_available, worked out when a cost asks for it
    discount = -1  # np_discount (ability_cost's), worked out when a Noble Phantasm asks for it
    natural: int | str | None = _UNKNOWN  # natural_target, worked out when a hostile ability asks for it
    effects = state.effects
    for _ability_id, source, summon, cost, np, hostile, use in candidates:
        if source in once or (effects and in_effect(state, source)):
            continue
        if summon and player.summoned:
            continue
        if np and battle is not None:  # a battlefield's NP discount
            if discount < 0:
                discount = np_discount(state, seat)
            cost = max(0, cost - discount)
        if cost > 0:  # can_pay
            if mana < 0:
                mana = mana_available(state, seat)
            if mana < cost:
                continue
        if hostile:
            if natural is _UNKNOWN:
                natural = natural_target(state, seat)
            if natural is None:
                continue
        found.append(use)
    return found


def is_hostile_ability(state: KaleidoState, ability_id: str) -> bool:
    """Whether an ability is used on the other side (a curse such as 石化の魔眼)."""
    ability = state.catalog.abilities[ability_id]
    return ability.kind == "boost" and ability.effect in ("attack_down", "defence_down")


def counter_target(state: KaleidoState, user: int, target: int | None) -> int | None:
    """Who may answer a card use with a 対抗 card: the opposing participant (KAL-126, KAL-RUL-30)."""
    battle = state.battle
    if battle is None:
        return None
    if user == battle.first or user == battle.second:  # is_participant
        return battle.opponent(user)
    if target is not None:
        return target
    return None


NP_KEY: Final = "np:{ability}:{seat}"
"""How a Noble Phantasm's use is named for 対抗 (a magic card's use is named by its instance id)."""


def np_key(ability_id: str, seat: int) -> str:
    """The 対抗 key of ``seat``'s use of Noble Phantasm ``ability_id``."""
    return NP_KEY.format(ability=ability_id, seat=seat)


def is_np(state: KaleidoState, ability_id: str) -> bool:
    """Whether an ability is a Noble Phantasm (宝具), which 対抗 cards may interrupt (KAL-126)."""
    ability = state.catalog.abilities.get(ability_id)
    return ability is not None and ability.kind.startswith("np_")


def used_name(state: KaleidoState, key: str) -> Text:
    """What a 対抗 answers, as players name it: a magic card or a Noble Phantasm."""
    if key.startswith("np:"):
        return state.catalog.abilities[key.split(":")[1]].name
    return state.catalog.magic[key].name


def counter_holders(state: KaleidoState, user: int, target: int | None = None) -> list[int]:
    """Who may answer ``user``'s action with a 対抗 card, in the order they are asked (KAL-126).

    Outside a battle phase (strategy part, end part) every other master, in fate order. In a battle phase,
    a participant's action may be answered by the opposing participant, then by non-participants whose
    face-up strategy card is a 対抗 card (KAL-105, KAL-RUL-30: hand cards are not theirs to use there); an
    action of a non-participant only by the participant it aims at (KAL-119, KAL-RUL-22).
    """
    battle = state.battle
    if battle is None:
        return _others_alive(state, user)
    if user == battle.first or user == battle.second:  # is_participant (counter_target, written out)
        holders = [battle.second if user == battle.first else battle.first]
        if state.seats > 2:  # with two seats nobody is outside the battle
            holders += [s for s in _others_alive(state, user)
                        if not (s == battle.first or s == battle.second) and strategy_counter(state, s)]
        return holders
    return [] if target is None else [target]


def _others_alive(state: KaleidoState, user: int) -> list[int]:
    """Every other living seat: fate order first, then any seat the order lacks, in seat order."""
    players = state.players
    order = state.order
    alive = [s for s in order if s != user and players[s].alive]
    if len(order) != state.seats:  # the fate order is a permutation of the seats unless someone had fallen
        alive += [s for s in range(state.seats) if s != user and players[s].alive and s not in alive]
    return alive


def strategy_counter(state: KaleidoState, seat: int) -> bool:
    """Whether ``seat``'s face-up strategy card is a usable 対抗 card (public information)."""
    card = state.players[seat].strategy
    return card is not None and state.catalog.magic[card].timing == "counter" and strategy_card_free(state, seat)


def open_counters(state: KaleidoState, user: int, key: str, target: int | None = None) -> None:
    """Open the 対抗 windows on ``user``'s action ``key`` (asked in order: pushed in reverse)."""
    stack = state.stack
    for seat in reversed(counter_holders(state, user, target)):
        stack.append(Decision(seat, "counter", (("card", key), ("user", user))))  # push's record, made here


_USE_MSG: Final = {(True, True): N_("{seat} uses {card} (strategy card) on {target}"),
                   (False, True): N_("{seat} uses {card} (from hand) on {target}"),
                   (True, False): N_("{seat} uses {card} (strategy card)"),
                   (False, False): N_("{seat} uses {card} (from hand)")}
"""A card use's message by (strategy use, named target)."""
_STRATEGY_USE_CLAUSES: Final = ("KAL-133", "KAL-136")
_HAND_USE_CLAUSES: Final = ("KAL-133", "KAL-134")


@verb("use")
def _use(state: KaleidoState, frame: Decision, act: Act) -> None:
    seat = frame.seat
    player = state.players[seat]
    card = act.args[0]
    target = int(act.args[1]) if len(act.args) > 1 else None
    magic = state.catalog.magic[card]
    strategy_use = card == player.strategy
    if strategy_use:
        state.used_strategy[seat] = state.phase_id
    else:
        player.hand.remove(card)
        state.drawn_in.pop(card, None)
    if state.events is not QUIET:
        state.events.append(Event(  # say's event, made here
            "use", _USE_MSG[strategy_use, target is not None], {"seat": seat, "card": card, "strategy": strategy_use},
            args={"seat": seat_label(state, seat), "card": magic.name,
                  "target": seat_label(state, target) if target is not None else ""},
            reveals=True, owner=seat, clauses=_STRATEGY_USE_CLAUSES if strategy_use else _HAND_USE_CLAUSES,
            domain="kaleido"))
    state.stack.append(Decision(seat, "resolve_use", (("card", card), ("counter_of", ""), ("strategy", strategy_use),
                                                       ("target", -1 if target is None else target))))  # push's
    open_counters(state, seat, card, target)


@auto("resolve_use")
def _resolve_use(state: KaleidoState, frame: Decision) -> None:
    (_, card), (_, counter_of), (_, strategy_use), (_, target) = frame.data  # push's record: its keys sorted
    if card in state.cancelled:
        state.cancelled.remove(card)
        if state.events is not QUIET:  # a quiet state makes no events: their arguments are not worked out
            say(state, "countered", N_("{what} is countered"), args={"what": card_name(state, card)},
                clauses=("KAL-126",))
        if not strategy_use:
            state.discard.append(card)
        return
    apply_card(state, frame.seat, card, target, strategy_use, counter_of)


def apply_card(state: KaleidoState, seat: int, card: str, target: int, strategy_use: bool,
               counter_of: str = "") -> None:
    """A magic card's 【効果】 takes place (``target`` -1: the card's natural target)."""
    kept = None if strategy_use else card
    magic = state.catalog.magic[card]
    battle = state.battle
    if target < 0:
        target = seat
        if magic.effect in HOSTILE_EFFECTS:
            aim = natural_target(state, seat)
            if aim is None:  # the aim left the battle or fell before the card resolved: nothing to do
                if kept is not None:
                    state.discard.append(card)
                return
            target = aim
    elif not is_targetable(state, target):  # the target fell or the battle ended first
        if kept is not None:
            state.discard.append(card)
        return
    effect = magic.effect
    if effect in MODIFIER_EFFECTS:
        source = f"strategy:{card}" if strategy_use else f"card:{card}"
        stat = "attack" if effect.startswith("attack") else "defence"
        value = magic.value if effect.endswith("_up") else -magic.value
        scope = magic.duration if magic.timing != "auto" else "turn"
        add_effect(state, Effect(target, stat, value, scope, source, card=kept))
        return
    if effect == "heal":
        gained = heal(state, target, magic.value)
        if state.events is not QUIET:  # a quiet state makes no events: their arguments are not worked out
            say(state, "heal", N_("{seat} recovers {amount} HP"), {"seat": target, "hp": gained},
                args={"seat": seat_label(state, target), "amount": gained}, clauses=("KAL-163",))
    elif effect == "draw":
        draw(state, target, magic.value)
    elif effect == "damage":
        state.players[target].hp -= magic.value
        if state.events is not QUIET:  # a quiet state makes no events: their arguments are not worked out
            say(state, "damage", N_("{seat} loses {amount} HP to {card}"), {"seat": target, "hp": magic.value},
                args={"seat": seat_label(state, target), "amount": magic.value, "card": magic.name},
                clauses=("KAL-134", "KAL-RUL-43"))
        if state.players[target].hp <= 0:  # KAL-141, KAL-RUL-48: the same last chance as after an attack
            state.killer[target] = seat
            push(state, "death_check")
            push(state, "last", target)
    elif effect == "counter" and counter_of:
        state.cancelled.append(counter_of)
    elif effect == "ambush" and battle is not None and battle.second == seat:
        battle.first, battle.second = battle.second, battle.first
        if state.events is not QUIET:  # a quiet state makes no events: their arguments are not worked out
            say(state, "ambush", N_("{seat} goes first"), {"seat": seat}, args={"seat": seat_label(state, seat)},
                clauses=("KAL-073", "KAL-128"))
    elif effect == "evade" and battle is not None and battle.round == 0 and seat != battle.nominator:
        battle.void = True  # KAL-RUL-18: the nomination is not established
        if state.events is not QUIET:  # a quiet state makes no events: their arguments are not worked out
            say(state, "evade", N_("{seat} stops the nomination"), {"seat": seat},
                args={"seat": seat_label(state, seat)}, clauses=("KAL-128", "KAL-RUL-18"))
    if kept is not None:
        state.discard.append(card)  # KAL-132: an instant ends at once


# -- abilities used ------------------------------------------------------------------------------------
@verb("ability")
def _ability(state: KaleidoState, frame: Decision, act: Act) -> None:
    seat = frame.seat
    ability_id = act.args[0]
    ability = state.catalog.abilities[ability_id]
    if state.events is not QUIET:  # a quiet state makes no events: their arguments are not worked out
        say(state, "ability", N_("{seat} uses {ability}"), {"seat": seat, "ability": ability_id},
            args={"seat": seat_label(state, seat), "ability": ability.name}, clauses=("KAL-121", "KAL-160"))
    if ability.once_per_turn:
        state.once.append(f"ability:{ability_id}:{seat}")
    state.stack.append(Decision(seat, "resolve_ability", (("ability", ability_id),)))  # push's record, made here
    if is_np(state, ability_id):
        open_counters(state, seat, np_key(ability_id, seat))
    charge(state, seat, ability_cost(state, seat, ability_id), ability.name)


@auto("resolve_ability")
def _resolve_ability(state: KaleidoState, frame: Decision) -> None:
    seat = frame.seat
    ability: Ability = state.catalog.abilities[frame.get("ability")]
    if countered(state, np_key(ability.id, seat)):
        return
    if ability.kind == "boost":
        aim = natural_target(state, seat) if is_hostile_ability(state, ability.id) else seat
        if aim is None:  # the other side of the attack under way left or may not be targeted (KAL-119)
            return
        target = aim
        stat = "attack" if ability.effect.startswith("attack") else "defence"
        value = ability.power if ability.effect.endswith("_up") else -ability.power
        add_effect(state, Effect(target, stat, value, ability.duration, f"ability:{ability.id}:{seat}"))
    elif ability.effect == "summon":
        state.players[seat].summoned = True
        if state.events is not QUIET:  # a quiet state makes no events: their arguments are not worked out
            say(state, "summon", N_("{seat} summons a servant for this turn"), {"seat": seat},
                args={"seat": seat_label(state, seat)}, clauses=("KAL-152", "KAL-RUL-53"))
    elif ability.effect == "heal":  # KAL-163: an ability heals up to the printed HP
        gained = heal(state, seat, ability.power)
        if state.events is not QUIET:  # a quiet state makes no events: their arguments are not worked out
            say(state, "heal", N_("{seat} recovers {amount} HP"), {"seat": seat, "hp": gained},
                args={"seat": seat_label(state, seat), "amount": gained}, clauses=("KAL-163",))
    elif ability.effect == "draw":
        draw(state, seat, ability.power)


# -- 対抗 -----------------------------------------------------------------------------------------------
def countered(state: KaleidoState, key: str) -> bool:
    """Whether the use ``key`` was cancelled by a 対抗 card (and forget it): its effect does not happen."""
    if key not in state.cancelled:
        return False
    state.cancelled.remove(key)
    if state.events is not QUIET:  # a quiet state makes no events: their arguments are not worked out
        say(state, "countered", N_("{what} is countered"), args={"what": used_name(state, key)}, clauses=("KAL-126",))
    return True


def _hand_counters_allowed(state: KaleidoState, seat: int) -> bool:
    battle = state.battle
    return battle is None or seat == battle.first or seat == battle.second  # KAL-105, KAL-RUL-30


def _counter_open(state: KaleidoState, frame: Decision) -> bool:
    """Opened on public information only: a hand that may hold a 対抗 card (where hand cards may be used),
    or a face-up 対抗 strategy card; never once the use is already cancelled."""
    seat = frame.seat
    player = state.players[seat]
    if not player.alive or frame.data[0][1] in state.cancelled:  # the record's first key: "card"
        return False
    battle = state.battle
    if player.hand and (battle is None or seat == battle.first or seat == battle.second):  # _hand_counters_allowed
        return True  # it may hold a counter: opening only when it does would tell everyone
    return strategy_counter(state, seat)


def counter_menu(state: KaleidoState, frame: Decision) -> list[Act]:
    """対抗 cards that answer the action just taken (hand, or the strategy card), or pass."""
    seat = frame.seat
    player = state.players[seat]
    options: list[Act] = []
    battle = state.battle
    if player.hand and (battle is None or seat == battle.first or seat == battle.second):  # _hand_counters_allowed
        counters = _counter_uses(state.catalog)
        for card in player.hand:
            use = counters[card]
            if use is not None:  # the first 対抗 card in hand is offered
                options.append(use)
                break
    if player.strategy is not None and strategy_counter(state, seat):
        options.append(one("counter", player.strategy))
    return options


_COUNTER_USES: Final[dict[int, tuple[Catalog, dict[str, Act | None]]]] = {}
"""Per catalog (by id, the catalog kept so that the id stays its own): card instance -> ``counter CARD`` for a 対抗
card, ``None`` for any other."""


def _counter_uses(catalog: Catalog) -> dict[str, Act | None]:
    found = _COUNTER_USES.get(id(catalog))
    if found is None or found[0] is not catalog:
        found = _COUNTER_USES[id(catalog)] = (catalog, {
            card: one("counter", card) if magic.timing == "counter" else None for card, magic in catalog.magic.items()})
    return found[1]


@verb("counter")
def _counter(state: KaleidoState, frame: Decision, act: Act) -> None:
    seat = frame.seat
    player = state.players[seat]
    card = act.args[0]
    strategy_use = card == player.strategy
    if strategy_use:
        state.used_strategy[seat] = state.phase_id
    else:
        player.hand.remove(card)
        state.drawn_in.pop(card, None)
    answered = frame.get("card")
    if state.events is not QUIET:  # a quiet state makes no events: their arguments are not worked out
        say(state, "counter", N_("{seat} answers {what} with {card}"),
            {"seat": seat, "card": card, "against": answered},
            args={"seat": seat_label(state, seat), "what": used_name(state, answered), "card": card_name(state, card)},
            reveals=True, owner=seat, clauses=("KAL-126",))
    settle(state, frame)
    state.stack.append(Decision(seat, "resolve_use", (("card", card), ("counter_of", answered),
                                                       ("strategy", strategy_use), ("target", -1))))  # push's record
    open_counters(state, seat, card, frame.get("user"))


def _register_counter() -> None:
    from bouts.games.kaleido.flow import decision

    decision("counter", _counter_open, lambda state, frame: act("pass"))(counter_menu)


_register_counter()
