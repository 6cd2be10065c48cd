"""Determinization: a full state consistent with what one seat knows, for information-set search."""

from __future__ import annotations

import random

from bouts.games.grail_war.state import GrailState, Player


def _slots(p: Player, own: bool) -> list[tuple[str, int]]:
    """Places of the cards the observer cannot see: (pile, index)."""
    chosen = {c for c, _ in p.selected}
    found: list[tuple[str, int]] = [("deck", i) for i in range(len(p.deck))]
    if own:
        return found
    found += [("hand", i) for i, c in enumerate(p.hand) if c not in chosen]
    found += [("trash", i) for i, (_, up) in enumerate(p.trash) if not up]
    found += [("played", i) for i, (_, up, _) in enumerate(p.played) if not up]
    return found


def _get(p: Player, slot: tuple[str, int]) -> str:
    pile, i = slot
    if pile == "deck":
        return p.deck[i]
    if pile == "hand":
        return p.hand[i]
    if pile == "trash":
        return p.trash[i][0]
    return p.played[i][0]


def _put(p: Player, slot: tuple[str, int], card: str) -> None:
    pile, i = slot
    if pile == "deck":
        p.deck[i] = card
    elif pile == "hand":
        p.hand[i] = card
    elif pile == "trash":
        p.trash[i] = (card, p.trash[i][1])
    else:
        _, up, silent = p.played[i]
        p.played[i] = (card, up, silent)


def determinize(state: GrailState, seat: int | None, rng: random.Random) -> GrailState:
    """Reshuffle exactly what ``seat`` cannot see (see :meth:`GrailWar.determinize`)."""
    new = state.clone()
    new.events, new._legal = [], {}
    cat = new.catalog
    pool = new.situation_deck + new.situation_removed
    rng.shuffle(pool)
    k = len(new.situation_deck)
    new.situation_deck, new.situation_removed = pool[:k], pool[k:]
    hidden = [(place, i) for place, cards in new.events_at.items() for i, (_, up) in enumerate(cards) if not up]
    events = new.event_deck + [new.events_at[place][i][0] for place, i in hidden]
    rng.shuffle(events)
    for place, i in hidden:
        new.events_at[place][i] = (events.pop(), False)
    new.event_deck = events
    # servants the observer has not seen go back in the pool (DGW-017, DGW-030)
    unknown = [s for s, p in enumerate(new.players)
               if s != seat and p.servant and not p.exposed and not p.selected]
    if unknown:
        seen = {p.servant for s, p in enumerate(new.players) if p.servant and s not in unknown}
        free = [sv for sv in cat.servants if sv not in seen]
        rng.shuffle(free)
        for s, servant in zip(unknown, free, strict=False):
            p = new.players[s]
            slots = _slots(p, False)
            old = [_get(p, sl) for sl in slots]
            kept = [c for c in old if cat.owner.get(c) != p.servant]
            dealt = len(kept) < len(old)  # the servant deck is built (DGW-031)
            p.servant = servant
            p.np = dict.fromkeys(cat.servants[servant].np_cards, "down")
            cards = [*cat.decks[servant], *kept] if dealt else old
            rng.shuffle(cards)
            for sl, card in zip(slots, cards, strict=True):
                _put(p, sl, card)
    for s, p in enumerate(new.players):
        if s in unknown:
            continue
        slots = _slots(p, s == seat)
        cards = [_get(p, sl) for sl in slots]
        rng.shuffle(cards)
        for sl, card in zip(slots, cards, strict=True):
            _put(p, sl, card)
    return new
