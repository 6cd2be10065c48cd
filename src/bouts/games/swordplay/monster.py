"""Solo and co-op play: the Monster's turn, its d10 defenses and its random target (SWP-058..SWP-071)."""

from __future__ import annotations

from bouts.core.events import QUIET
from bouts.games.swordplay.cards import Location, MonsterCard
from bouts.games.swordplay.combat import declare_attack
from bouts.games.swordplay.i18n import N_
from bouts.games.swordplay.log import say
from bouts.games.swordplay.state import MONSTER_TARGET, MONSTER_TURN, RESHUFFLE, Attack, SwordplayState
from bouts.games.swordplay.turn import end_turn, free_hands


def monster_card(state: SwordplayState) -> MonsterCard:
    """The Monster card in play."""
    index = state.monster
    assert index is not None
    return state.catalog.monsters[state.fighters[index].card]


def defense_value(card: MonsterCard, location: Location) -> int:
    """The Defense value the Monster rolls against (SWP-060, SWP-RUL-30)."""
    return int(getattr(card.defense, location.value))


def defends(card: MonsterCard, location: Location, roll: int) -> bool:
    """A d10 roll at or above the Defense value counters the attack (SWP-061, SWP-062)."""
    return roll >= defense_value(card, location)


def monster_turn(state: SwordplayState) -> None:
    """The Monster draws one combat card and resolves it (SWP-063..SWP-068, SWP-RUL-25)."""
    index = state.monster
    assert index is not None
    monster = state.fighters[index]
    if not state.deck:
        if state.discard:
            state.phase, state.resume = RESHUFFLE, MONSTER_TURN
            return
        if state.events is not QUIET:
            say(state, "monster_idle", N_("{monster} finds no card to draw"), args={"monster": monster.name},
                clauses=("SWP-RUL-07",))
        end_turn(state)
        return
    instance = state.deck.pop(0)
    card = state.catalog.cards[instance]
    if state.events is not QUIET:
        say(state, "monster_draw", N_("{monster} draws {card}"), {"card": instance},
            args={"monster": monster.name, "card": card.name}, reveals=True,
            clauses=("SWP-063",))
    if card.type == "attack":  # SWP-066
        living = state.living_heroes()
        if len(living) == 1:
            declare_attack(state, index, instance, living[0])
        else:  # SWP-071: the target is chosen by a die roll
            state.attack = Attack(index, instance, -1, card.strikes)
            state.phase = MONSTER_TARGET
        return
    if card.type == "weapon" and card.hands <= free_hands(state, monster):  # SWP-067, SWP-RUL-28
        monster.weapons.append(instance)
        if state.events is not QUIET:
            say(state, "ready", N_("{fighter} readies {card}"), {"card": instance},
                args={"fighter": monster.name, "card": card.name}, clauses=("SWP-067",))
    else:  # SWP-064, SWP-065, SWP-068, SWP-RUL-26
        state.discard.append(instance)
        if state.events is not QUIET:
            say(state, "monster_discard", N_("{monster} discards {card}"), {"card": instance},
                args={"monster": monster.name, "card": card.name},
                clauses=("SWP-064", "SWP-065", "SWP-068"))
    end_turn(state)


def target_of(living: list[int], roll: int) -> int | None:
    """The Hero a d10 roll picks: equal ranges, re-roll what is left over (SWP-RUL-32).

    >>> target_of([0, 1], 5), target_of([0, 1], 6), target_of([0, 1, 2], 10)
    (0, 1, None)
    """
    size = 10 // len(living)
    if roll > size * len(living):
        return None
    return living[(roll - 1) // size]


def choose_target(state: SwordplayState, roll: int) -> None:
    """Resolve the Monster's target roll in co-op play."""
    attack = state.attack
    assert attack is not None and state.monster is not None
    living = state.living_heroes()
    target: int | None = target_of(living, roll)
    if target is None:
        if state.events is not QUIET:
            say(state, "roll", N_("Target roll: {roll}, roll again"), {"roll": roll, "target": target},
                args={"roll": roll}, clauses=("SWP-071", "SWP-RUL-32"))
        return
    if state.events is not QUIET:
        say(state, "roll", N_("Target roll: {roll}: {fighter}"), {"roll": roll, "target": target},
            args={"roll": roll, "fighter": state.fighters[target].name},
            clauses=("SWP-071", "SWP-RUL-32"))
    state.attack = None
    declare_attack(state, state.monster, attack.card, target)
