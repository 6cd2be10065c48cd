"""A sensible Swordplay player: arm up early, attack the weakest, counter with the narrowest card."""

from __future__ import annotations

import math
import random
from typing import Any

from bouts.core import CHANCE, Game, Seat
from bouts.games.swordplay.actions import Act
from bouts.games.swordplay.cards import Location
from bouts.games.swordplay.combat import damage_of
from bouts.games.swordplay.monster import defense_value, monster_card
from bouts.games.swordplay.state import Fighter, Phase, SwordplayState
from bouts.games.swordplay.turn import fits
from bouts.games.swordplay.view import LOCATION_NAMES


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
        target = state.monster if act.target == "monster" else int(act.target or 0)
        assert target is not None
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
    """One line of reason for the heuristic's choice (the terminal's ``hint``)."""
    legal = game.legal_actions(state, seat)
    if len(legal) == 1:
        return "it is the only legal action"
    if not isinstance(action, Act):
        return "the heuristic's choice"
    cards = state.catalog.cards
    card = cards.get(action.card or "")
    me = state.fighters[seat] if 0 <= seat < len(state.fighters) else None
    verb = action.verb
    if verb == "hero":
        return ("the two Heroes are about even (The Mercenary wins 50.8% of heuristic games against The Gladiator): "
                "more life to outlast, or more damage on fewer hands")
    if verb == "keep":
        return "your hand is worth keeping: no Item you cannot ready, not too many Defense cards"
    if verb == "discard" and card is not None and me is not None:
        if card.is_item and not fits(state, me, card):
            return f"{card.name} cannot be readied (not enough free hands): make room for a card you can use"
        if card.type == "defense":
            return "you hold 3+ Defense cards: drop the one that counters the fewest locations"
        return "no Attack card in hand: cycle a card to draw towards one"
    if verb == "ready" and card is not None:
        if card.type == "weapon":
            return f"arm up early: +{card.damage} damage on every later attack"
        if card.type == "armor":
            return f"no Armor yet: {card.absorb} damage absorbed before your life"
        return "no Attack card to play this turn, so an Item costs nothing"
    if verb == "pass":
        return "attack this turn instead: readying an Item would forbid it (SWP-039)"
    if verb == "end":
        return "no attack worth making"
    if verb == "attack" and card is not None:
        target = state.monster if action.target == "monster" else int(action.target or 0)
        assert target is not None
        foe = state.fighters[target]
        amount = damage_of(state, state.fighters[seat], card)
        if foe.is_monster:
            need = defense_value(monster_card(state), card.strikes)
            return (f"{amount} damage, and it lands {min(max(need - 1, 0), 10) * 10}% of the time "
                    f"({foe.name} counters {LOCATION_NAMES[card.strikes]} on d10 {need}+): the best expected damage")
        return f"{amount} damage at {foe.name} (life {foe.life}): the weakest target for the most likely damage"
    if verb == "defend" and card is not None:
        return "counter with the narrowest card, keeping the ones that counter more locations"
    if verb == "shield":
        return "no single-location Defense card fits: let the Shield take it"
    if verb == "take":
        return "nothing you hold counters this attack"
    return "the heuristic's choice"
