"""The Combat phase: attacks, counters, the damage formula, Armor and defeat (SWP-046..SWP-057)."""

from __future__ import annotations

from typing import Final

from bouts.core.events import QUIET
from bouts.core.i18n import Message, Text
from bouts.games.swordplay.actions import TAKE, Act
from bouts.games.swordplay.cards import CombatCard, Effect, Location
from bouts.games.swordplay.i18n import M_, N_, N_n
from bouts.games.swordplay.instances import TARGETS
from bouts.games.swordplay.log import say
from bouts.games.swordplay.state import DEFEND, MONSTER_DEFENSE, Attack, Fighter, SwordplayState

_DODGE_ONLY: Final = Location.DODGE_ONLY


def can_counter(card: CombatCard, location: Location) -> bool:
    """Whether a Defense card counters an attack at ``location`` (SWP-011, SWP-012, SWP-RUL-10)."""
    return card.type == "defense" and location in card.counters


def shield_can_counter(location: Location) -> bool:
    """A ready Shield counters any located attack, never a Dodge Only one (SWP-RUL-15)."""
    return location is not _DODGE_ONLY


def attack_targets(state: SwordplayState, attacker: int) -> list[int]:
    """Whom ``attacker`` may attack: any other living Hero, or only the Monster (SWP-RUL-21, SWP-070)."""
    fighters, seats = state.fighters, state.seats
    if len(fighters) > seats:  # the Monster fights
        return [] if fighters[seats].defeated else [seats]
    return [i for i in range(seats) if i != attacker and not fighters[i].defeated]


def target_texts(state: SwordplayState, attacker: int) -> list[str]:
    """:func:`attack_targets` as the text forms attack actions name them by (a seat, or ``monster``)."""
    fighters, seats = state.fighters, state.seats
    if len(fighters) > seats:
        return [] if fighters[seats].defeated else ["monster"]
    return [TARGETS[i] for i in range(seats) if i != attacker and not fighters[i].defeated]


def has_targets(state: SwordplayState, attacker: int) -> bool:
    """Whether ``attacker`` has anyone to attack (see :func:`attack_targets`)."""
    fighters, seats = state.fighters, state.seats
    if len(fighters) > seats:
        return not fighters[seats].defeated
    for index in range(seats):  # a plain loop: this asks on every Hero's turn
        if index != attacker and not fighters[index].defeated:
            break
    else:
        return False
    return True


def damage_of(state: SwordplayState, attacker: Fighter, card: CombatCard) -> int:
    """Base damage + ALL ready Weapons + the Attack card's bonus (SWP-053, SWP-RUL-22)."""
    return _damage(state, attacker, card.bonus)


def _damage(state: SwordplayState, attacker: Fighter, bonus: int) -> int:
    """:func:`damage_of` given the Attack card's bonus."""
    instances = state.instances
    damage = attacker.base_damage + bonus
    for weapon in attacker.weapons:
        damage += instances[weapon].damage
    return damage


def pierces_armor(state: SwordplayState, attacker: Fighter, card: CombatCard) -> bool:
    """Whether card text says the damage skips Armor ("unless otherwise stated", SWP-055)."""
    return _pierces(state, attacker, card.effect)


def _pierces(state: SwordplayState, attacker: Fighter, effect: Effect | None) -> bool:
    """:func:`pierces_armor` given the Attack card's effect."""
    if effect == "armor_piercing":
        return True
    if not attacker.weapons:
        return False
    instances = state.instances
    return any(instances[weapon].effect == "armor_piercing" for weapon in attacker.weapons)


def counter_options(state: SwordplayState, attack: Attack) -> tuple[Act, ...]:
    """The target's choices: take the hit, a Defense card, or a ready Shield (SWP-050, SWP-RUL-16)."""
    target = state.fighters[attack.target]
    instances = state.instances
    location = attack.location
    options = [TAKE]
    no_parry = (state.realistic_parries and not target.weapons
                and bool(state.fighters[attack.attacker].weapons))
    seen = 0  # the bits of the card ids listed, as in turn.discard_options
    for instance in target.hand:
        known = instances[instance]
        if not known.is_defense or seen & known.bit:
            continue
        if location not in known.counters:  # can_counter()
            continue
        if no_parry and known.parry:
            continue  # SWP-072: an unarmed Hero parries only unarmed attackers
        seen |= known.bit
        options.append(known.defend)
    if location is not _DODGE_ONLY:  # shield_can_counter()
        for shield in target.shields:
            options.append(instances[shield].shield)
    return tuple(options)


def declare_attack(state: SwordplayState, attacker: int, instance: str, target: int) -> None:
    """Play an Attack card at a target (SWP-048, SWP-049); the target answers next."""
    known = state.instances[instance]
    fighters = state.fighters
    fighter = fighters[attacker]
    if instance in fighter.hand:
        fighter.hand.remove(instance)
        drawn_in = state.drawn_in
        if instance in drawn_in:  # not dict.pop(key, None): compiled, a generic method call
            del drawn_in[instance]
    strikes = known.strikes
    state.attack = Attack(attacker, instance, target, strikes)
    foe = fighters[target]
    if state.events is not QUIET:
        say(state,
            "attack", N_("{attacker} plays {card}: a {where} attack on {target}"),
            {"attacker": attacker, "card": instance, "target": target, "location": known.location},
            args={"attacker": fighter.name, "card": known.name, "where": known.where, "target": foe.name},
            reveals=not fighter.is_monster, owner=None if fighter.is_monster else attacker,
            clauses=("SWP-048", "SWP-049"))
    state.phase = MONSTER_DEFENSE if foe.is_monster else DEFEND


def resolve_counter(state: SwordplayState, act: Act) -> bool:
    """Apply the target's answer; True when the attack is countered (SWP-052)."""
    attack = state.attack
    assert attack is not None
    target = state.fighters[attack.target]
    if act.verb == "defend" and act.card is not None:
        target.hand.remove(act.card)
        drawn_in = state.drawn_in
        if act.card in drawn_in:  # not dict.pop(key, None): compiled, a generic method call
            del drawn_in[act.card]
        state.discard.append(act.card)
        if state.events is not QUIET:
            say(state, "counter", N_("{fighter} counters with {card}"),
                {"seat": attack.target, "card": act.card},
                args={"fighter": target.name, "card": state.instances[act.card].name}, reveals=True,
                owner=attack.target, clauses=("SWP-050", "SWP-052"))
        return True
    if act.verb == "shield" and act.card is not None:
        shield = state.instances[act.card]
        target.shields[act.card] += 1  # SWP-022: each counter damages the Shield
        used = target.shields[act.card]
        args = {"fighter": target.name, "shield": shield.name, "used": used, "uses": shield.uses}
        if used >= shield.uses:  # SWP-023
            del target.shields[act.card]
            state.discard.append(act.card)
            if state.events is not QUIET:
                say(state,
                    "counter", N_("{fighter} counters with {shield} ({used}/{uses} counters used); it breaks and "
                                  "is discarded"),
                    {"seat": attack.target, "shield": act.card, "broken": True}, args=args,
                    clauses=("SWP-021", "SWP-022", "SWP-023"))
        else:
            if state.events is not QUIET:
                say(state, "counter", N_("{fighter} counters with {shield} ({used}/{uses} counters used)"),
                    {"seat": attack.target, "shield": act.card}, args=args,
                    clauses=("SWP-021", "SWP-022"))
        return True
    if state.events is not QUIET:
        say(state, "no_counter", N_("{fighter} does not counter"), {"seat": attack.target},
            args={"fighter": target.name})
    return False


def apply_damage(state: SwordplayState, index: int, amount: int, *, skip_armor: bool = False) -> None:
    """Damage goes to ready Armor first, the rest to life (SWP-054, SWP-055, SWP-RUL-17)."""
    fighter = state.fighters[index]
    to_armor = 0
    armor_left = fighter.armor_value - fighter.armor_damage
    if armor_left > 0 and not skip_armor:  # fighter.has_armor
        to_armor = amount if amount < armor_left else armor_left
        fighter.armor_damage += to_armor
    to_life = amount - to_armor
    life = fighter.life = fighter.life - to_life
    if state.events is not QUIET:  # the event's data made only for a state that keeps events
        _damage_event(state, index, amount, to_armor, to_life, life, skip_armor)
    if fighter.armor_value and fighter.armor_damage >= fighter.armor_value:
        discard_armor(state, fighter, DESTROYED)
    if life <= 0:
        defeat(state, index)


def _damage_event(state: SwordplayState, index: int, amount: int, to_armor: int, to_life: int, life: int,
                  skip_armor: bool) -> None:
    """The event of :func:`apply_damage` (SWP-053..SWP-055, SWP-RUL-17)."""
    fighter = state.fighters[index]
    data = {"seat": index, "amount": amount, "armor": to_armor, "life": life}
    args = {"fighter": fighter.name, "amount": amount, "armor": to_armor, "to_life": to_life, "life": life}
    if life < 0:  # the table shows life from 0 up; the log tells how far past 0 the blow went
        args = {"fighter": fighter.name, "amount": amount, "armor": to_armor, "to_life": to_life, "life": 0,
                "over": -life}
    if to_armor:
        say(state, "damage", N_("{fighter} takes {amount} damage: {armor} to Armor, {to_life} to "
                         "life (now {life})") if life >= 0 else
            N_("{fighter} takes {amount} damage: {armor} to Armor, {to_life} to life (now "
               "{life}, {over} past 0)"), data, args=args,
            clauses=("SWP-053", "SWP-054", "SWP-RUL-17"))
    else:
        say(state, "damage", N_("{fighter} takes {amount} damage: {to_life} to life (now {life})")
            if life >= 0 else
            N_("{fighter} takes {amount} damage: {to_life} to life (now {life}, {over} past 0)"),
            data, args=args, clauses=("SWP-053", "SWP-055") if skip_armor else ("SWP-053",))


DESTROYED: Final = N_("{fighter}'s {armor} is destroyed")
"""Armor that took its listed damage (SWP-020)."""
REPLACED: Final = N_("{fighter}'s {armor} is replaced and discarded")
"""Armor replaced by a newly readied one (SWP-041)."""
PRINTED_ARMOR: Final = M_("printed Armor")
"""The Armor printed on a Monster card (SWP-060)."""


def discard_armor(state: SwordplayState, fighter: Fighter, why: str) -> None:
    """Remove the current Armor with its damage markers (SWP-020, SWP-041); ``why`` is :data:`DESTROYED` or
    :data:`REPLACED`."""
    name: Text | Message
    if fighter.armor is not None:
        state.discard.append(fighter.armor)
        name = state.catalog.cards[fighter.armor].name
    else:
        name = PRINTED_ARMOR
    if state.events is not QUIET:
        say(state, "armor_gone", why, {"armor": fighter.armor}, args={"fighter": fighter.name,
                                                                "armor": name},
            clauses=("SWP-020",) if why is DESTROYED else ("SWP-018", "SWP-041"))
    fighter.armor, fighter.armor_value, fighter.armor_damage = None, 0, 0


def defeat(state: SwordplayState, index: int) -> None:
    """A fighter at 0 life or less leaves the game; its cards go to the discard pile (SWP-056, SWP-RUL-06)."""
    fighter = state.fighters[index]
    fighter.defeated = True
    for instance in fighter.hand:
        state.drawn_in.pop(instance, None)
    state.discard.extend(fighter.hand)
    state.discard.extend(fighter.weapons)
    state.discard.extend(fighter.shields)
    if fighter.armor is not None:
        state.discard.append(fighter.armor)
    held = len(fighter.hand)
    fighter.hand, fighter.weapons, fighter.shields = [], [], {}
    fighter.armor, fighter.armor_value, fighter.armor_damage = None, 0, 0
    if state.events is not QUIET:
        say(state, "defeat", N_n("{fighter} is defeated; {count} card from the hand goes to the discard "
                          "pile", "{fighter} is defeated; {count} cards from the hand go to the "
                          "discard pile"), {"seat": index, "hand": held},
            args={"fighter": fighter.name, "count": held}, reveals=held > 0, owner=index,
            clauses=("SWP-056", "SWP-RUL-06"))


def resolve_hit(state: SwordplayState) -> None:
    """An attack that was not countered deals its damage and card effects (SWP-053..SWP-056)."""
    attack = state.attack
    assert attack is not None
    instances = state.instances  # the card's facts as native fields (not the pydantic model's)
    attacker = state.fighters[attack.attacker]
    card = instances[attack.card]
    amount = _damage(state, attacker, card.bonus)
    apply_damage(state, attack.target, amount, skip_armor=_pierces(state, attacker, card.effect))
    if card.effect == "disarm":
        target = state.fighters[attack.target]
        if not target.defeated and target.weapons:
            best = max(target.weapons, key=lambda w: instances[w].damage)  # first readied wins ties
            target.weapons.remove(best)
            state.discard.append(best)
            if state.events is not QUIET:
                say(state, "disarm", N_("{fighter} drops {weapon}"), {"seat": attack.target, "weapon": best},
                    args={"fighter": target.name, "weapon": instances[best].name},
                    clauses=("SWP-017",))


def finish_attack(state: SwordplayState) -> None:
    """The played Attack card goes to the discard pile (SWP-RUL-09)."""
    attack = state.attack
    assert attack is not None
    state.discard.append(attack.card)
    state.attack = None
