"""A turn's four phases: Discard, Draw, Ready, Combat, and passing play clockwise (SWP-030..SWP-046)."""

from __future__ import annotations

from bouts.core.events import Event
from bouts.games.swordplay.actions import END, KEEP, PASS, Act
from bouts.games.swordplay.cards import CombatCard
from bouts.games.swordplay.combat import attack_targets
from bouts.games.swordplay.state import Fighter, Phase, SwordplayState


def free_hands(state: SwordplayState, fighter: Fighter) -> int:
    """Hands not used by ready Weapons and Shields; Armor uses none (SWP-042, SWP-RUL-18)."""
    cards = state.catalog.cards
    used = sum(cards[w].hands for w in fighter.weapons) + sum(cards[s].hands for s in fighter.shields)
    return fighter.hands - used


def fits(state: SwordplayState, fighter: Fighter, card: CombatCard) -> bool:
    """Whether an Item can be readied now: Armor always, Weapons and Shields in free hands (SWP-042)."""
    return card.type == "armor" or (card.is_item and card.hands <= free_hands(state, fighter))


def distinct(state: SwordplayState, instances: list[str]) -> list[str]:
    """One instance per card id: copies of a card are interchangeable."""
    seen: set[str] = set()
    out = []
    for instance in instances:
        card_id = state.catalog.cards[instance].id
        if card_id not in seen:
            seen.add(card_id)
            out.append(instance)
    return out


def discard_options(state: SwordplayState) -> list[Act]:
    """Discard at most one card, or keep them all (SWP-033)."""
    hand = state.fighters[state.turn].hand
    return [KEEP, *(Act("discard", c) for c in distinct(state, hand))]


def ready_options(state: SwordplayState) -> list[Act]:
    """Drop ready Items first, then ready at most one Item, or pass (SWP-037, SWP-044)."""
    fighter = state.fighters[state.turn]
    cards = state.catalog.cards
    items = [c for c in fighter.hand if cards[c].is_item and fits(state, fighter, cards[c])]
    drops = [*fighter.weapons, *fighter.shields, *([fighter.armor] if fighter.armor else [])]
    return [PASS, *(Act("ready", c) for c in distinct(state, items)), *(Act("drop", c) for c in drops)]


def combat_options(state: SwordplayState) -> list[Act]:
    """One Attack card at one target, or end the turn (SWP-046, SWP-047)."""
    if state.readied:
        return [END]  # SWP-039: no attack on a turn an Item was readied
    fighter = state.fighters[state.turn]
    cards = state.catalog.cards
    attacks = [c for c in fighter.hand if cards[c].type == "attack"]
    targets = attack_targets(state, state.turn)
    monster = state.monster
    return [END, *(Act("attack", c, "monster" if t == monster else str(t))
                   for c in distinct(state, attacks) for t in targets)]


def draw(state: SwordplayState, index: int, count: int) -> int:
    """Draw up to ``count`` cards from the top of the combat deck; returns how many were drawn."""
    fighter = state.fighters[index]
    got = state.deck[:count]
    del state.deck[:count]
    fighter.hand.extend(got)
    for instance in got:
        state.drawn_in[instance] = state.epoch
    if got:
        names = ", ".join(state.catalog.cards[c].name for c in got)
        state.events.append(Event("draw", f"{fighter.name} draws {len(got)} card(s)",
                                  {"seat": index, "count": len(got)}))
        state.events.append(Event("drew", f"You draw {names}", {"seat": index, "cards": got},
                                  to=frozenset({index}), reveals=True))
    return len(got)


def begin_turn(state: SwordplayState) -> None:
    """Start the turn of ``state.turn``: the Monster acts, a Hero goes to its Discard phase."""
    from bouts.games.swordplay.monster import monster_turn

    limit = state.options.turn_limit
    if limit is not None and state.turns >= limit:
        state.phase = Phase.OVER
        state.events.append(Event("turn_limit", f"The turn limit ({limit}) is reached: a draw"))
        return
    state.turns += 1
    state.readied = False
    fighter = state.fighters[state.turn]
    state.events.append(Event("turn", f"{fighter.name}'s turn", {"fighter": state.turn, "turn": state.turns}))
    if fighter.is_monster:
        monster_turn(state)
    elif fighter.hand:
        state.phase = Phase.DISCARD
    else:
        draw_phase(state)


def draw_phase(state: SwordplayState) -> None:
    """Draw up to the hand size, reshuffling the discard pile when the deck runs out (SWP-034..SWP-036)."""
    fighter = state.fighters[state.turn]
    need = state.options.hand_size - len(fighter.hand)
    while need > 0:
        if not state.deck:
            if state.discard:
                state.phase, state.resume = Phase.RESHUFFLE, Phase.DISCARD
                return
            break  # SWP-RUL-07: nothing to reshuffle, play on with fewer cards
        need -= draw(state, state.turn, need)
    ready_phase(state)


def ready_phase(state: SwordplayState) -> None:
    """Enter the Ready phase; skip it only for an empty hand with nothing to drop.

    Skipping depends on public facts alone: skipping because the hand holds no
    Item would tell the other seats what the hand holds.
    """
    state.phase = Phase.READY
    fighter = state.fighters[state.turn]
    if not fighter.hand and not (fighter.weapons or fighter.shields or fighter.armor):
        combat_phase(state)


def combat_phase(state: SwordplayState) -> None:
    """Enter the Combat phase; skip it when an attack is publicly impossible.

    That is: an Item was readied (SWP-039), the hand is empty, or no one can be
    targeted. Whether the hand holds an Attack card is hidden, so it is not used.
    """
    state.phase = Phase.COMBAT
    if state.readied or not state.fighters[state.turn].hand or not attack_targets(state, state.turn):
        end_turn(state)


def is_over(state: SwordplayState) -> bool:
    """Last Hero standing (SWP-057), or in solo/co-op the Monster or every Hero down (SWP-RUL-34)."""
    if state.monster is not None:
        return state.fighters[state.monster].defeated or not state.living_heroes()
    return len(state.living_heroes()) <= 1


def end_turn(state: SwordplayState) -> None:
    """The turn is over; the next living fighter clockwise takes a turn (SWP-031, SWP-032, SWP-RUL-06)."""
    state.attack = None
    if is_over(state):
        state.phase = Phase.OVER
        return
    count = len(state.fighters)
    nxt = (state.turn + 1) % count
    while state.fighters[nxt].defeated:
        nxt = (nxt + 1) % count
    state.turn = nxt
    begin_turn(state)
