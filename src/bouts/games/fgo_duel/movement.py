"""The action phase's move: choosing a servant and an adjacent destination, paying a card
(FGO-037..FGO-043, FGO-RUL-12..FGO-RUL-14)."""

from __future__ import annotations

from typing import Final

from bouts.games.fgo_duel.actions import Act
from bouts.games.fgo_duel.cards import Board, Catalog
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


class MoveMenus:
    """One map's move look-ups by small integers (made once per board, :func:`menus_of`).

    A servant's moves are its destinations (link order) times its cards in the hand, one per kind in hand order
    (FGO-038, FGO-039). :attr:`codes` gives each hand card its servant and a small integer (its kind and number),
    :attr:`numbers` a servant's hand cards so coded to the numbers of the cards it may pay with, and :attr:`exits`
    each destination with the servant's 5 ``move`` actions into it, as a tuple indexed by card number: a menu
    makes each move by tuple indexing, where it made a dictionary look-up per move (and several per hand card).
    """

    def __init__(self, board: Board, catalog: Catalog) -> None:
        self.board = board  # (kept: the look-up of these menus is keyed by its id)
        self.codes: dict[str, tuple[str, int]] = {}
        """Command card instance -> its servant and ``kind * 5 + number + 1``: numbers 0 to 4, the kind the number of
        the servant's first card of that kind (:attr:`Catalog.kind_keys`)."""
        self.numbers: dict[int, tuple[int, ...]] = {}
        """A servant's hand cards, 5 bits each (their codes, the first card highest) -> the numbers of the first card
        of each kind, in hand order (made when first asked)."""
        self.exits: tuple[dict[str, dict[str, tuple[tuple[str, tuple[Act, ...]], ...]]], ...] = ({}, {})
        """Seat -> servant id -> area -> each adjacent area but the seat's master area (FGO-042, :attr:`Board.exits`)
        with the servant's moves into it by card number (:attr:`Board.moves`)."""
        for servant_id in catalog.servants:
            instances = Catalog.instances(servant_id)
            for number, instance in enumerate(instances):
                kind = instances.index(catalog.kind_keys[instance])
                self.codes[instance] = (servant_id, kind * 5 + number + 1)
            moves = board.moves[servant_id]
            rows = {area: tuple([paid[card] for card in instances]) for area, paid in moves.items()}
            for seat in (0, 1):
                self.exits[seat][servant_id] = {area: tuple([(near, rows[near]) for near in exits])
                                                for area, exits in board.exits[seat].items()}


_MENUS: Final[list[MoveMenus]] = []
"""The menus made so far, the newest first (a board is unhashable: a list searched by identity)."""


def menus_of(state: FgoState) -> MoveMenus:
    """The move look-ups of the map in play."""
    board = state.map_board
    for found in _MENUS:
        if found.board is board:
            return found
    found = MoveMenus(board, state.catalog)
    _MENUS.insert(0, found)
    del _MENUS[64:]  # (boards come from packs: a bound all the same)
    return found


def _numbers(menus: MoveMenus, cards: int) -> tuple[int, ...]:
    """The numbers of the first card of each kind among ``cards`` (5 bits each, the first highest), in order."""
    codes = []
    packed = cards
    while packed:
        codes.append(packed & 31)
        packed >>= 5
    kinds: set[int] = set()
    numbers: list[int] = []
    for code in reversed(codes):
        kind, number = divmod(code - 1, 5)
        if kind not in kinds:
            kinds.add(kind)
            numbers.append(number)
    found = menus.numbers[cards] = tuple(numbers)
    return found


def legal_moves(state: FgoState, seat: int) -> list[Act]:
    """Every move: servant on the map, destination, and a card of that same servant (FGO-038, FGO-039).

    Listed servant by servant (party order), then destination (link order), then card (hand order).
    """
    master = state.masters[seat]
    hand = master.hand
    out: list[Act] = []
    if not hand:
        return out
    party = master.party
    if len(party) != 3:  # a party is 3 (FGO-011)
        return _any_party_moves(state, seat)
    menus = menus_of(state)
    codes, numbers = menus.codes, menus.numbers
    first, second, third = party[0].servant, party[1].servant, party[2].servant
    # each party member's hand cards, 5 bits each (kind and number), the first highest
    cards0 = cards1 = cards2 = 0
    for instance in hand:
        owner, code = codes[instance]
        if owner == first:
            cards0 = cards0 << 5 | code
        elif owner == second:
            cards1 = cards1 << 5 | code
        elif owner == third:
            cards2 = cards2 << 5 | code
    own_areas = {party[0].area, party[1].area, party[2].area}  # None too: no destination is None
    exits = menus.exits[seat]
    for servant in party:
        area = servant.area
        if area is None:
            continue
        servant_id = servant.servant
        cards = cards0 if servant_id == first else cards1 if servant_id == second else cards2
        if not cards:
            continue
        listed = numbers.get(cards)
        if listed is None:
            listed = _numbers(menus, cards)
        for destination, row in exits[servant_id][area]:
            if destination not in own_areas:  # FGO-041
                for number in listed:
                    out.append(row[number])  # (compiled: PyList_Append, where a bound append is a Python call)
    return out


def _any_party_moves(state: FgoState, seat: int) -> list[Act]:
    """:func:`legal_moves` for a party of any size, by dictionary look-ups."""
    master = state.masters[seat]
    catalog = state.catalog
    kind_keys, owners = catalog.kind_keys, catalog.owners
    cards_of: dict[str, list[str]] = {}  # servant -> its hand cards, one per kind, hand order
    seen: set[str] = set()
    for instance in master.hand:
        key = kind_keys[instance]
        if key not in seen:
            seen.add(key)
            cards_of.setdefault(owners[instance], []).append(instance)
    own_areas = {s.area for s in master.party}
    board = state.map_board
    out: list[Act] = []
    for servant in master.party:
        cards = cards_of.get(servant.servant)
        if servant.area is None or not cards:
            continue
        moves = board.moves[servant.servant]
        for destination in board.exits[seat][servant.area]:
            if destination not in own_areas:  # FGO-041
                out.extend(moves[destination][card] for card in cards)
    return out


def holds_card_of_servant_on_map(state: FgoState, seat: int) -> bool:
    """Whether the hand holds a command card of an own servant whose figure is on the map (FGO-043, FGO-RUL-14)."""
    master = state.masters[seat]
    on_map = {s.servant for s in master.party if s.area is not None}
    owners = state.catalog.owners
    return any(owners[c] in on_map for c in master.hand)
