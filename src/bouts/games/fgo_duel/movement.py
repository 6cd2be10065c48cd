"""The action phase's move: choosing a servant and an adjacent destination, paying a card
(FGO-037..FGO-043, FGO-RUL-12..FGO-RUL-14)."""

from __future__ import annotations

from bouts.games.fgo_duel.actions import Act
from bouts.games.fgo_duel.state import FgoState


def distinct_cards(state: FgoState, cards: list[str]) -> list[str]:
    """One card per (servant, type, power): such cards are interchangeable."""
    kinds = state.catalog.kinds
    seen: set[tuple[str, str, int]] = set()
    out: list[str] = []
    for instance in cards:
        key = kinds[instance]
        if key not in seen:
            seen.add(key)
            out.append(instance)
    return out


def destinations(state: FgoState, seat: int, servant_id: str) -> list[str]:
    """Adjacent areas a servant may move to: not one holding an own servant (FGO-041), not the own
    master area (FGO-042); enemy-occupied areas and the enemy master area are allowed (FGO-RUL-12)."""
    master = state.masters[seat]
    servant = master.servant(servant_id)
    if servant.area is None:
        return []
    own_areas = {s.area for s in master.party if s.area is not None}
    return [a for a in state.board.exits[seat][servant.area] if a not in own_areas]


def legal_moves(state: FgoState, seat: int) -> list[Act]:
    """Every move: servant on the map, destination, and a card of that same servant (FGO-038, FGO-039).

    Listed servant by servant (party order), then destination (link order), then card (hand order).
    """
    master = state.masters[seat]
    hand = master.hand
    out: list[Act] = []
    if not hand:
        return out
    catalog = state.catalog
    kind_keys = catalog.kind_keys  # one string per kind: its hash is kept, a kind's tuple hashes again
    owners = catalog.owners  # an instance's servant: its kind's first word
    board = state.map_board  # (state.board, without the property's call)
    exits = board.exits[seat]  # FGO-042: never into the own master area
    party = master.party
    # a party of 3 (FGO-011) without a comprehension's call; None too: no destination is None
    own_areas = {party[0].area, party[1].area, party[2].area} if len(party) == 3 else {s.area for s in party}
    append = out.append
    cards_of: dict[str, list[str]] = {}  # servant -> its hand cards, one per kind, hand order
    seen: set[str] = set()
    for instance in hand:
        key = kind_keys[instance]
        if key not in seen:
            seen.add(key)
            servant_id = owners[instance]
            found = cards_of.get(servant_id)
            if found is None:
                cards_of[servant_id] = [instance]
            else:
                found.append(instance)
    for servant in party:
        area = servant.area
        if area is None:
            continue
        servant_id = servant.servant
        cards = cards_of.get(servant_id)
        if not cards:
            continue
        moves = board.moves[servant_id]
        for destination in exits[area]:
            if destination not in own_areas:  # FGO-041
                paid = moves[destination]
                for card in cards:
                    append(paid[card])
    return out


def holds_card_of_servant_on_map(state: FgoState, seat: int) -> bool:
    """Whether the hand holds a command card of an own servant whose figure is on the map (FGO-043, FGO-RUL-14)."""
    master = state.masters[seat]
    on_map = {s.servant for s in master.party if s.area is not None}
    owners = state.catalog.owners
    return any(owners[c] in on_map for c in master.hand)
