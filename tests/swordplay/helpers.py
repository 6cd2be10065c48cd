"""Arrange Swordplay tables for clause tests, as players would set up a position."""

from __future__ import annotations

from typing import Any

from bouts.core import CHANCE, Shuffle
from bouts.games.swordplay import GAME
from bouts.games.swordplay.state import Fighter, Phase, SwordplayState

G = GAME
CAT = GAME.catalog()


TYPICAL = "gladiator"
"""The Hero with the rulebook's typical values (L25: 10 life, 1 damage, 2 hands), for golden tests."""


def start(seats: int = 2, *, mode: str = "arena", first: int = 0, heroes: list[str] | None = None,
          **options: Any) -> SwordplayState:
    """Heroes seated (the typical Hero in every seat by default), ``first`` wins the first-player roll,
    the deck in pack order."""
    heroes = heroes or [TYPICAL] * seats
    state = G.setup(seats, {"heroes": heroes, "mode": mode, **options})
    rolls = [1] * len(state.fighters)
    rolls[first] = 10
    state = G.apply(state, CHANCE, "roll " + " ".join(map(str, rolls)))
    return G.apply(state, CHANCE, Shuffle(CAT.deck))


def where(state: SwordplayState, instance: str) -> tuple[str, Any]:
    """Where a card instance is: ``deck``, ``discard``, ``hand``/``weapon``/``shield``/``armor`` of a fighter."""
    if instance in state.deck:
        return "deck", None
    if instance in state.discard:
        return "discard", None
    for i, f in enumerate(state.fighters):
        for place, pile in (("hand", f.hand), ("weapon", f.weapons), ("shield", list(f.shields))):
            if instance in pile:
                return place, i
        if f.armor == instance:
            return "armor", i
    if state.attack is not None and state.attack.card == instance:
        return "attack", None
    raise AssertionError(f"{instance} is nowhere")


def take(state: SwordplayState, instance: str) -> None:
    """Lift a card from wherever it is."""
    place, i = where(state, instance)
    if place == "deck":
        state.deck.remove(instance)
    elif place == "discard":
        state.discard.remove(instance)
    elif place == "hand":
        state.fighters[i].hand.remove(instance)
    elif place == "weapon":
        state.fighters[i].weapons.remove(instance)
    elif place == "shield":
        del state.fighters[i].shields[instance]
    elif place == "armor":
        f = state.fighters[i]
        f.armor, f.armor_value, f.armor_damage = None, 0, 0


def arrange(state: SwordplayState, index: int, *, hand: list[str] | None = None,
            weapons: list[str] = (), shields: dict[str, int] | None = None,  # type: ignore[assignment]
            armor: str | None = None, armor_damage: int = 0, life: int | None = None) -> Fighter:
    """Give fighter ``index`` exactly this hand (old hand to the discard) and these items."""
    f = state.fighters[index]
    if hand is not None:
        old = list(f.hand)
        for c in old:
            f.hand.remove(c)
            state.discard.append(c)
        for c in hand:
            take(state, c)
            f.hand.append(c)
            state.drawn_in[c] = state.epoch
    for w in weapons:
        take(state, w)
        f.weapons.append(w)
    for s, used in (shields or {}).items():
        take(state, s)
        f.shields[s] = used
    if armor is not None:
        take(state, armor)
        f.armor, f.armor_value, f.armor_damage = armor, CAT.cards[armor].absorb, armor_damage
    if life is not None:
        f.life = life
    state._legal.clear()
    return f


def at(state: SwordplayState, index: int, phase: Phase) -> SwordplayState:
    """Make it fighter ``index``'s turn, in ``phase``."""
    state.turn, state.phase, state.readied, state.attack = index, phase, False, None
    state._legal.clear()
    return state


def act(state: SwordplayState, seat: int, text: str) -> SwordplayState:
    """Apply an action by its text form."""
    return G.apply(state, seat, text)


def texts(state: SwordplayState, seat: int) -> set[str]:
    """The text forms of the legal actions."""
    return {str(a) for a in G.legal_actions(state, seat)}


def all_cards(state: SwordplayState) -> list[str]:
    """Every combat card instance on the table (card conservation)."""
    cards = [*state.deck, *state.discard]
    for f in state.fighters:
        cards += [*f.hand, *f.weapons, *f.shields, *([f.armor] if f.armor else [])]
    if state.attack is not None and state.attack.card not in cards:
        cards.append(state.attack.card)
    return cards
