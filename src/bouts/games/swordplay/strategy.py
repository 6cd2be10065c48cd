"""A sensible Swordplay player: arm up early, attack the weakest, counter with the narrowest card."""

from __future__ import annotations

import math
import random
from typing import Any

from bouts.core import CHANCE, Game, Seat
from bouts.games.swordplay.actions import Act
from bouts.games.swordplay.cards import LOCATION_NAMES, Location, target_index
from bouts.games.swordplay.combat import damage_of
from bouts.games.swordplay.i18n import _
from bouts.games.swordplay.monster import defense_value, monster_card
from bouts.games.swordplay.state import Fighter, Phase, SwordplayState
from bouts.games.swordplay.turn import fits
from bouts.games.swordplay.view import hands_text


def choose(game: Game[Any, Any], state: SwordplayState, seat: Seat, rng: random.Random) -> Any:
    """The heuristic's action for ``seat``."""
    legal = game.legal_actions(state, seat)
    if seat == CHANCE:
        return game.sample_chance(state, rng)
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    if phase is Phase.CHOOSE_HERO:
        return legal[0]
    if phase is Phase.DISCARD:
        return _discard(state, seat, legal)
    if phase is Phase.READY:
        return _ready(state, seat, legal)
    if phase is Phase.COMBAT:
        return _attack(state, seat, legal)
    if phase is Phase.DEFEND:
        return _defend(state, legal)
    return rng.choice(legal)


def _kind(state: SwordplayState, act: Act) -> str:
    return state.catalog.cards[act.card].type if act.card else ""


def _discard(state: SwordplayState, seat: Seat, legal: tuple[Any, ...]) -> Any:
    """Cycle the hand: drop an Item that cannot be readied, a spare Defense, or anything when no Attack is held."""
    me = state.fighters[seat]
    cards = state.catalog.cards
    discards = [a for a in legal if a.verb == "discard"]
    if not discards:
        return legal[0]
    unusable = [a for a in discards if cards[a.card].is_item and not fits(state, me, cards[a.card])]
    if unusable:
        return unusable[0]
    defenses = [a for a in discards if cards[a.card].type == "defense"]
    if sum(cards[c].type == "defense" for c in me.hand) >= 3:
        return min(defenses, key=lambda a: len(cards[a.card].counters))
    if not any(cards[c].type == "attack" for c in me.hand) and len(me.hand) >= state.options.hand_size:
        items = [a for a in discards if cards[a.card].is_item]
        return (items or defenses or discards)[0]
    return legal[0]  # keep


def _ready(state: SwordplayState, seat: Seat, legal: tuple[Any, ...]) -> Any:
    """Ready a Weapon when unarmed, Armor when bare, or anything when there is no attack to make."""
    me = state.fighters[seat]
    cards = state.catalog.cards
    has_attack = any(cards[c].type == "attack" for c in me.hand)
    readies = [a for a in legal if a.verb == "ready"]
    weapons = sorted((a for a in readies if _kind(state, a) == "weapon"), key=lambda a: -cards[a.card].damage)
    armors = sorted((a for a in readies if _kind(state, a) == "armor"), key=lambda a: -cards[a.card].absorb)
    shields = [a for a in readies if _kind(state, a) == "shield"]
    if weapons and (not me.weapons or not has_attack):
        return weapons[0]
    if armors and not me.has_armor:
        return armors[0]
    if not has_attack and (shields or armors):
        return (shields or armors)[0]
    return next(a for a in legal if a.verb == "pass")


def _attack(state: SwordplayState, seat: Seat, legal: tuple[Any, ...]) -> Any:
    """Attack the weakest target with the card most likely to land for the most damage."""
    attacks = [a for a in legal if a.verb == "attack"]
    if not attacks:
        return legal[0]
    me = state.fighters[seat]
    cards = state.catalog.cards

    def value(act: Act) -> float:
        card = cards[act.card or ""]
        target = target_index(act.target or "1", state.monster)
        foe = state.fighters[target]
        damage = damage_of(state, me, card)
        if foe.is_monster:
            need = defense_value(monster_card(state), card.strikes)
            land = min(max(need - 1, 0), 10) / 10
        else:
            land = 0.8 if card.strikes is Location.DODGE_ONLY else 0.55
            land -= 0.1 * bool(foe.shields) * (card.strikes is not Location.DODGE_ONLY)
        return land * damage + (1.0 if damage >= foe.life + max(foe.armor_value - foe.armor_damage, 0) else 0) \
            - foe.life * 0.01
    return max(attacks, key=value)


def _defend(state: SwordplayState, legal: tuple[Any, ...]) -> Any:
    """Counter whenever possible: the narrowest Defense card first, then a Shield, Dodge last."""
    cards = state.catalog.cards
    defends = [a for a in legal if a.verb == "defend"]
    specific = [a for a in defends if len(cards[a.card].counters) == 1]
    if specific:
        return specific[0]
    shields = [a for a in legal if a.verb == "shield"]
    if shields:
        return shields[0]
    if defends:
        return defends[0]
    return legal[0]


TEMPERATURE = 3.0
"""Staying power (life points) that makes a factor e in the odds between two Heroes."""


def staying_power(fighter: Fighter) -> float:
    """What a fighter can still take and give: life, Armor left, a readied Weapon, Shields."""
    if fighter.defeated:
        return 0.0
    return (fighter.life + max(fighter.armor_value - fighter.armor_damage, 0)
            + 1.5 * bool(fighter.weapons) + 0.5 * len(fighter.shields))


def evaluate(game: Game[Any, Any], state: SwordplayState) -> list[float]:
    """Each seat's chance to win, estimated from staying power (IS-MCTS scores cut-short rollouts with it).

    Arena: a softmax over the Heroes still standing. Solo and co-op: the Heroes' share of the staying
    power on the table, the same for every seat (they win or lose together).
    """
    fighters = state.fighters
    seats = state.seats
    if len(fighters) < seats:  # Heroes are still being chosen
        return [1.0 / seats] * seats
    monster = state.monster
    if monster is not None:
        heroes = sum(staying_power(fighters[i]) for i in range(seats))
        beast = staying_power(fighters[monster])
        share = heroes / (heroes + beast) if heroes + beast else 0.0
        return [share] * seats
    weights = [0.0 if fighters[i].defeated else math.exp(staying_power(fighters[i]) / TEMPERATURE)
               for i in range(seats)]
    total = sum(weights) or 1.0
    return [w / total for w in weights]


SEARCH = {"rollout": "heuristic", "prior": "heuristic", "horizon": 20}
"""What ``ismcts`` uses here unless its spec says otherwise: heuristic rollouts cut short after 20 steps
and scored by :func:`evaluate`, with the heuristic's bias in the tree (see ``bench/strength.py``)."""


def explain(game: Game[Any, Any], state: SwordplayState, seat: Seat, action: Any) -> str:
    """One line of reason for the heuristic's choice (the terminal's ``hint``), in the current language."""
    legal = game.legal_actions(state, seat)
    if len(legal) == 1:
        return _("it is the only legal action")
    if not isinstance(action, Act):
        return _("the heuristic's choice")
    cards = state.catalog.cards
    card = cards.get(action.card or "")
    me = state.fighters[seat] if 0 <= seat < len(state.fighters) else None
    verb = action.verb
    if verb == "hero":
        hero = state.catalog.heroes.get(action.card or "")
        if hero is None:
            return _("the heuristic's choice")
        return _("{hero}: {life} life, {damage} base damage, {hands}; the reference Heroes win about as "
                 "often as each other (51% to 49% in 4,000 heuristic games)", hero=hero.name,
                 life=hero.life, damage=hero.base_damage, hands=hands_text(hero.hands))
    if verb == "keep":
        return _("your hand is worth keeping: no Item you cannot ready, not too many Defense cards")
    if verb == "discard" and card is not None and me is not None:
        if card.is_item and not fits(state, me, card):
            return _("{card} cannot be readied (not enough free hands): make room for a card you can use",
                     card=card.name)
        if card.type == "defense":
            return _("you hold 3+ Defense cards: drop the one that counters the fewest locations")
        return _("no Attack card in hand: cycle a card to draw towards one")
    if verb == "ready" and card is not None:
        if card.type == "weapon":
            return _("arm up early: +{damage} damage on every later attack", damage=card.damage)
        if card.type == "armor":
            return _("no Armor yet: {absorb} damage absorbed before your life", absorb=card.absorb)
        return _("no Attack card to play this turn, so an Item costs nothing")
    if verb == "pass":
        return _("attack this turn instead: readying an Item would forbid it (SWP-039)")
    if verb == "end":
        return _("no attack worth making")
    if verb == "attack" and card is not None:
        target = target_index(action.target or "1", state.monster)
        foe = state.fighters[target]
        amount = damage_of(state, state.fighters[seat], card)
        if foe.is_monster:
            need = defense_value(monster_card(state), card.strikes)
            return _("{amount} damage, and it lands {chance}% of the time ({foe} counters {where} on d10 {need}+): "
                     "the best expected damage", amount=amount, chance=min(max(need - 1, 0), 10) * 10,
                     foe=foe.name, where=LOCATION_NAMES[card.strikes], need=need)
        return _("{amount} damage at {foe} (life {life}): the weakest target for the most likely damage",
                 amount=amount, foe=foe.name, life=foe.life)
    if verb == "defend" and card is not None:
        return _("counter with the narrowest card, keeping the ones that counter more locations")
    if verb == "shield":
        return _("no single-location Defense card fits: let the Shield take it")
    if verb == "take":
        return _("nothing you hold counters this attack")
    return _("the heuristic's choice")
