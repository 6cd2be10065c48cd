"""A turn's four phases: Discard, Draw, Ready, Combat, and passing play clockwise (SWP-030..SWP-046)."""

from __future__ import annotations

from typing import Final

from bouts.core.events import QUIET
from bouts.games.swordplay.actions import END, KEEP, PASS, Act
from bouts.games.swordplay.cards import CombatCard
from bouts.games.swordplay.combat import has_targets, target_texts
from bouts.games.swordplay.i18n import N_, N_n
from bouts.games.swordplay.log import ONLY, event, say
from bouts.games.swordplay.state import COMBAT, DISCARD, OVER, READY, RESHUFFLE, Fighter, SwordplayState

_END_ONLY: Final[tuple[Act, ...]] = (END,)
"""The Combat menu after readying an Item (typed as a tuple of any length: compiled, a tuple of one is a C struct
that every return would box into a new tuple)."""


def free_hands(state: SwordplayState, fighter: Fighter) -> int:
    """Hands not used by ready Weapons and Shields; Armor uses none (SWP-042, SWP-RUL-18)."""
    instances = state.instances
    used = 0
    for item in fighter.weapons:
        used += instances[item].hands
    for item in fighter.shields:
        used += instances[item].hands
    return fighter.hands - used


def fits(state: SwordplayState, fighter: Fighter, card: CombatCard) -> bool:
    """Whether an Item can be readied now: Armor always, Weapons and Shields in free hands (SWP-042)."""
    return card.type == "armor" or (card.is_item and card.hands <= free_hands(state, fighter))


def distinct(state: SwordplayState, instances: list[str]) -> list[str]:
    """One instance per card id: copies of a card are interchangeable."""
    seen: set[str] = set()
    out = []
    index = state.instances
    for instance in instances:
        card_id = index[instance].card_id
        if card_id not in seen:
            seen.add(card_id)
            out.append(instance)
    return out


def discard_options(state: SwordplayState) -> tuple[Act, ...]:
    """Discard at most one card (one per card id: copies are interchangeable), or keep them all (SWP-033)."""
    instances = state.instances
    options = [KEEP]
    seen = 0  # the bits of the card ids listed (Instance.bit): compiled, C integer operations, not a set of strings
    for instance in state.fighters[state.turn].hand:
        known = instances[instance]
        if not seen & known.bit:
            seen |= known.bit
            options.append(known.discard)
    return tuple(options)


def ready_options(state: SwordplayState) -> tuple[Act, ...]:
    """Drop ready Items first, then ready at most one Item, or pass (SWP-037, SWP-044)."""
    fighter = state.fighters[state.turn]
    instances = state.instances
    options = [PASS]
    if not state.readied:  # SWP-013, SWP-DT-06: one Item per Ready phase
        free = -1  # the free hands, counted at the first Weapon or Shield in hand
        seen = 0  # as in discard_options
        for instance in fighter.hand:
            known = instances[instance]
            if not known.is_item or seen & known.bit:
                continue
            if not known.is_armor:  # fits(): Armor always, Weapons and Shields in free hands
                if free < 0:
                    free = free_hands(state, fighter)
                if known.hands > free:
                    continue
            seen |= known.bit
            options.append(known.ready)
    for item in fighter.weapons:
        options.append(instances[item].drop)
    for item in fighter.shields:
        options.append(instances[item].drop)
    if fighter.armor:
        options.append(instances[fighter.armor].drop)
    return tuple(options)


def combat_options(state: SwordplayState) -> tuple[Act, ...]:
    """One Attack card at one target, or end the turn (SWP-046, SWP-047)."""
    if state.readied:
        return _END_ONLY  # SWP-039: no attack on a turn an Item was readied
    instances = state.instances
    targets = target_texts(state, state.turn)
    options = [END]
    seen = 0  # as in discard_options
    for instance in state.fighters[state.turn].hand:
        known = instances[instance]
        if known.attacks and not seen & known.bit:  # an Attack card
            seen |= known.bit
            attacks = known.attacks
            for target in targets:
                options.append(attacks[target])
    return tuple(options)


def draw(state: SwordplayState, index: int, count: int) -> int:
    """Draw up to ``count`` cards from the top of the combat deck; returns how many were drawn."""
    deck = state.deck
    if not deck:
        return 0
    fighter = state.fighters[index]
    if count == 1:  # the usual draw, after one card was played or discarded: no list of one
        card = deck.pop(0)
        fighter.hand.append(card)
        state.drawn_in[card] = state.epoch
        if state.events is not QUIET:
            _drawn(state, index, fighter, [card])
        return 1
    got = deck[:count]
    del deck[:count]
    fighter.hand.extend(got)
    drawn_in, epoch = state.drawn_in, state.epoch
    for instance in got:
        drawn_in[instance] = epoch
    if state.events is not QUIET:
        _drawn(state, index, fighter, got)
    return len(got)


def _drawn(state: SwordplayState, index: int, fighter: Fighter, got: list[str]) -> None:
    """The events of :func:`draw`: how many cards, to everyone; which, to the drawer (SWP-028, SWP-034)."""
    instances = state.instances
    drawn = len(got)
    state.events += (event("draw", N_n("{fighter} draws {count} card", "{fighter} draws {count} cards"),
                           {"seat": index, "count": drawn},
                           args={"fighter": fighter.name, "count": drawn}, clauses=("SWP-028", "SWP-034")),
                     event("drew", N_("You draw {cards}"), {"seat": index, "cards": got},
                           args={"cards": [instances[c].name for c in got]}, to=ONLY[index], reveals=True))


def begin_turn(state: SwordplayState) -> None:
    """Start the turn of ``state.turn``: the Monster acts, a Hero goes to its Discard phase."""
    limit = state.turn_limit
    if limit is not None and state.turns >= limit:
        state.phase = OVER
        if state.events is not QUIET:
            say(state, "turn_limit", N_("The turn limit ({limit}) is reached: a draw"),
                args={"limit": limit})
        return
    state.turns += 1
    state.readied = False
    fighter = state.fighters[state.turn]
    if state.events is not QUIET:
        say(state, "turn", N_("Turn {turn}: {fighter}'s turn"), {"fighter": state.turn, "turn": state.turns},
            args={"fighter": fighter.name, "turn": state.turns}, clauses=("SWP-030",))
    if fighter.is_monster:
        from bouts.games.swordplay.monster import monster_turn  # the Monster's turn ends with end_turn

        monster_turn(state)
    elif fighter.hand:
        state.phase = DISCARD
    else:
        draw_phase(state)


def draw_phase(state: SwordplayState) -> None:
    """Draw up to the hand size, reshuffling the discard pile when the deck runs out (SWP-034..SWP-036)."""
    fighter = state.fighters[state.turn]
    need = state.hand_size - len(fighter.hand)
    while need > 0:
        if not state.deck:
            if state.discard:
                state.phase, state.resume = RESHUFFLE, DISCARD
                return
            break  # SWP-RUL-07: nothing to reshuffle, play on with fewer cards
        need -= draw(state, state.turn, need)
    ready_phase(state)


def ready_phase(state: SwordplayState) -> None:
    """Enter the Ready phase; skip it only for an empty hand with nothing to drop.

    Skipping depends on public facts alone: skipping because the hand holds no
    Item would tell the other seats what the hand holds.
    """
    state.phase = READY
    fighter = state.fighters[state.turn]
    if not fighter.hand and not (fighter.weapons or fighter.shields or fighter.armor):
        combat_phase(state)


def combat_phase(state: SwordplayState) -> None:
    """Enter the Combat phase; skip it when an attack is publicly impossible.

    That is: an Item was readied (SWP-039), the hand is empty, or no one can be
    targeted. Whether the hand holds an Attack card is hidden, so it is not used.
    """
    state.phase = COMBAT
    if state.readied or not state.fighters[state.turn].hand or not has_targets(state, state.turn):
        end_turn(state)


def is_over(state: SwordplayState) -> bool:
    """Last Hero standing (SWP-057), or in solo/co-op the Monster or every Hero down (SWP-RUL-34)."""
    fighters, seats = state.fighters, state.seats
    standing = 0
    for index in range(seats):
        if not fighters[index].defeated:
            standing += 1
    if len(fighters) > seats:  # the Monster fights
        return fighters[seats].defeated or not standing
    return standing <= 1


def end_turn(state: SwordplayState) -> None:
    """The turn is over; the next living fighter clockwise takes a turn (SWP-031, SWP-032, SWP-RUL-06)."""
    state.attack = None
    if is_over(state):
        state.phase = OVER
        return
    fighters = state.fighters
    count = len(fighters)
    nxt = (state.turn + 1) % count
    while fighters[nxt].defeated:
        nxt = (nxt + 1) % count
    state.turn = nxt
    begin_turn(state)
