"""The action phase's move: choosing a servant and an adjacent destination, paying a card
(FGO-037..FGO-043, FGO-RUL-12..FGO-RUL-14)."""

from __future__ import annotations

from bouts.games.fgo_duel.actions import Act
from bouts.games.fgo_duel.state import FgoState


def distinct_cards(state: FgoState, cards: list[str]) -> list[str]:
    """One card per (servant, type, power): such cards are interchangeable."""
    seen: set[tuple[str, str, int]] = set()
    out: list[str] = []
    for instance in cards:
        card = state.catalog.command(instance)
        key = (state.catalog.owner(instance), card.type.value, card.power)
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
    own_master = state.map.master_area(seat)
    own_areas = {s.area for s in master.on_map()}
    return [a for a in state.map.neighbours(servant.area) if a != own_master and a not in own_areas]


def legal_moves(state: FgoState, seat: int) -> list[Act]:
    """Every move: servant on the map, destination, and a card of that same servant (FGO-038, FGO-039)."""
    master = state.masters[seat]
    out: list[Act] = []
    for servant in master.on_map():
        cards = distinct_cards(state, [c for c in master.hand if state.catalog.owner(c) == servant.servant])
        for area in destinations(state, seat, servant.servant):
            out.extend(Act("move", (servant.servant, area, card)) for card in cards)
    return out


def holds_card_of_servant_on_map(state: FgoState, seat: int) -> bool:
    """Whether the hand holds a command card of an own servant whose figure is on the map (FGO-043, FGO-RUL-14)."""
    master = state.masters[seat]
    on_map = {s.servant for s in master.on_map()}
    return any(state.catalog.owner(c) in on_map for c in master.hand)
