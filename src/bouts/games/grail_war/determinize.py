"""Determinization: a full state consistent with what one seat knows, for information-set search.

What the observer knows of another master's cards: the public ones (face up in play, in the trash, at hand,
residual), how many are in each hidden place, and, for every card once seen face up in the trash, the shuffle
(``Player.epoch``) it went back into: such a card can only be in the deck or in a slot filled from that
shuffle or a later one (a card held in hand since before the trash was shuffled cannot be it). Every hidden
slot keeps the shuffle it was filled from (``Player.origin``; the deck: the current one). Within those
limits each shuffle is uniform, so every consistent placement is equally likely: the cards bound to the
latest shuffle are placed first, uniformly among the slots they may be in, then the next latest, and so on.

Servants the observer has not seen are dealt again from the servants it has not seen (the others', the
unused ones), uniformly; a master in the middle of battle preparation included (its chosen cards are hand
cards nobody else has seen). A redealt servant's NP/skill cards take over the old ones' statuses.
"""

from __future__ import annotations

import random
from collections import Counter

from bouts.games.grail_war.board import stats
from bouts.games.grail_war.state import GrailState, Player

Slot = tuple[str, int]


def _slots(p: Player, own: bool) -> list[Slot]:
    """Places of the cards the observer cannot see: (pile, index)."""
    found: list[Slot] = [("deck", i) for i in range(len(p.deck))]
    if own:
        return found
    found += [("hand", i) for i in range(len(p.hand))]
    found += [("trash", i) for i, (_, up) in enumerate(p.trash) if not up]
    found += [("played", i) for i, (_, up, _) in enumerate(p.played) if not up]
    return found


def _get(p: Player, slot: Slot) -> str:
    pile, i = slot
    if pile == "deck":
        return p.deck[i]
    if pile == "hand":
        return p.hand[i]
    if pile == "trash":
        return p.trash[i][0]
    return p.played[i][0]


def _put(p: Player, slot: Slot, card: str) -> None:
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


def _origin(p: Player, slot: Slot, card: str) -> int:
    return p.epoch if slot[0] == "deck" else p.origin.get(card, 0)


def _deal(p: Player, slots: list[Slot], cards: list[str], bound: dict[str, int], rng: random.Random) -> dict[str, str]:
    """Put ``cards`` (the cards now in ``slots``, in their order) into ``slots`` uniformly among placements where
    no card sits in a slot filled before its bound; returns old card -> new card for each slot."""
    epoch, origin = p.epoch, p.origin
    origins = [epoch if pile == "deck" else origin.get(card, 0) for (pile, _), card in zip(slots, cards, strict=True)]
    count = len(slots)
    placed: list[str] = [""] * count
    levels = sorted({bound.get(c, 0) for c in cards}, reverse=True) if bound else [0] if cards else []
    if levels == [0]:  # no card is bound to a shuffle: one uniform placement (the draws of the loop below)
        for i, card in zip(rng.sample(list(range(count)), len(cards)), cards, strict=True):
            placed[i] = card
    else:
        free = list(range(count))
        for b in levels:
            group = [c for c in cards if bound.get(c, 0) == b]
            eligible = [i for i in free if origins[i] >= b] if b > 0 else list(free)
            if len(eligible) < len(group):  # cannot happen in play; stay consistent with the counts
                eligible = list(free)
            chosen = rng.sample(eligible, len(group))
            for i, card in zip(chosen, group, strict=True):
                placed[i] = card
            taken = set(chosen)
            free = [i for i in free if i not in taken]
    mapping: dict[str, str] = {}
    deck, hand, trash, played = p.deck, p.hand, p.trash, p.played
    for i, (pile, j) in enumerate(slots):
        card = placed[i]
        if pile == "deck":
            deck[j] = card
            origin.pop(card, None)
        else:
            if pile == "hand":
                hand[j] = card
            elif pile == "trash":
                trash[j] = (card, trash[j][1])
            else:
                _, up, silent = played[j]
                played[j] = (card, up, silent)
            origin[card] = origins[i]
        mapping[cards[i]] = card
    return mapping


def _redeal_servants(new: GrailState, seat: int | None, rng: random.Random) -> list[int]:
    """Deal the servants ``seat`` has not seen again; returns the seats redealt."""
    cat = new.catalog
    unknown = [s for s, p in enumerate(new.players) if s != seat and p.servant and not p.exposed]
    if not unknown:
        return []
    seen = {p.servant for s, p in enumerate(new.players) if p.servant and s not in unknown}
    free = [sv for sv in cat.servants if sv not in seen]
    rng.shuffle(free)
    for s, servant in zip(unknown, free, strict=False):
        p = new.players[s]
        old = p.servant
        old_np = list(cat.servants[old].np_cards)
        new_np = list(cat.servants[servant].np_cards)
        rng.shuffle(new_np)
        np_map = dict(zip(old_np, new_np, strict=True))
        slots = _slots(p, False)
        held = [_get(p, sl) for sl in slots]
        in_deck = Counter(c for c in cat.specials.get(p.master, ()) if not cat.cards[c].at_hand)  # type: ignore[union-attr]
        if any(c in cat.decks[old] for c in held):  # the servant deck is built (DGW-031)
            # what is hidden is the new servant's deck less the cards everyone has seen (those in several
            # decks, and 蛇): they are the same cards whichever servant it is
            seen_cards = Counter(cat.decks[old]) + in_deck - Counter(c for c in held if c not in np_map)
            hidden = Counter(cat.decks[servant]) + in_deck - seen_cards
            cards = [*hidden.elements(), *(np_map[c] for c in held if c in np_map)]
        else:
            cards = [np_map.get(c, c) for c in held]
        origins = [_origin(p, sl, c) for sl, c in zip(slots, held, strict=True)]
        p.servant = servant
        p.np = {np_map[c]: status for c, status in p.np.items()}
        p.np_round = {np_map.get(c, c): r for c, r in p.np_round.items()}
        p.since = {c: b for c, b in p.since.items() if cat.owner.get(c) != old}
        p.origin = {c: o for c, o in p.origin.items() if cat.owner.get(c) != old and c not in np_map}
        slot_map = dict(zip(held, cards, strict=True))
        p.selected = [(slot_map.get(c, np_map.get(c, c)), up) for c, up in p.selected]
        for sl, card, origin in zip(slots, cards, origins, strict=True):
            _put(p, sl, card)
            if sl[0] != "deck":
                p.origin[card] = origin
    return unknown


def _fix_selection(new: GrailState, p: Player, mapping: dict[str, str]) -> None:
    """Chosen cards follow their slots; a face-up choice the new card cannot pay for goes face down."""
    spent, mana = 0, p.mana
    fixed = []
    for card, up in p.selected:
        card = mapping.get(card, card)
        cost = stats(new, p, card)[2] if up else 0
        if up and not p.infinite and spent + cost > mana:
            up, cost = False, 0
        spent += cost
        fixed.append((card, up))
    p.selected = fixed


def determinize(state: GrailState, seat: int | None, rng: random.Random) -> GrailState:
    """Sample uniformly what ``seat`` cannot see (see :meth:`GrailWar.determinize`)."""
    new = state.clone()
    new.events, new._legal = [], {}
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
    _redeal_servants(new, seat, rng)
    for s, p in enumerate(new.players):
        own = s == seat
        slots = _slots(p, own)
        cards = [_get(p, sl) for sl in slots]
        bound = {} if own else p.since
        mapping = _deal(p, slots, cards, bound, rng)
        if not own and p.selected:
            _fix_selection(new, p, mapping)
    return new


def hidden_cards(state: GrailState, seat: int | None) -> list[dict[str, list[str]]]:
    """The cards ``seat`` cannot see, as groups a fair determinization deals uniformly over their places:
    the situation deck with the 2 cards removed unseen, the event deck with the face-down events, and
    each other master's deck, hand and face-down cards when its servant is known and no seen card is
    bound to a later shuffle (a redealt servant changes the cards themselves; a bound card is dealt only
    among the slots of its shuffle, so those groups are not uniform over every place)."""
    groups: list[dict[str, list[str]]] = [
        {"situation deck": list(state.situation_deck), "situations removed": list(state.situation_removed)},
        {"event deck": list(state.event_deck),
         **{f"{place} face down": [e for e, up in cards if not up] for place, cards in state.events_at.items()}},
    ]
    for s, p in enumerate(state.players):
        own = s == seat
        if not p.servant or not (own or p.exposed):
            continue
        slots = _slots(p, own)
        lowest = min((_origin(p, sl, _get(p, sl)) for sl in slots), default=0)
        if any(p.since.get(_get(p, sl), 0) > lowest for sl in slots) and not own:
            continue
        group: dict[str, list[str]] = {}
        for sl in slots:
            group.setdefault(f"seat {s} {sl[0]}", []).append(_get(p, sl))
        groups.append(group)
    return groups
