"""The facts the hot paths keep give exactly what the plain ways give."""

from __future__ import annotations

import itertools
import random

from bouts.core import CHANCE
from bouts.games.fgo_duel.movement import distinct_cards, legal_moves
from bouts.games.fgo_duel.state import FgoState
from tests.fgo_duel.helpers import GAME


def _played_states(options: dict[str, object], seed: int) -> list[FgoState]:
    """Every state of one seeded random game played through ``apply``."""
    rng = random.Random(seed)
    state = GAME.setup(2, options, None, seed)
    states = [state]
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        action = GAME.sample_chance(state, rng) if seat == CHANCE else rng.choice(GAME.legal_actions(state, seat))
        state = GAME.apply(state, seat, action)
        states.append(state)
    return states


OPTION_SETS: tuple[dict[str, object], ...] = (
    {"map": "orleans", "advanced": True, "turn_limit": 9, "chain_turn": "own_turn"},
    {"turn_limit": 14}, {"advanced": True}, {})


def test_the_state_keeps_the_options_the_rules_read() -> None:
    """``advanced``, ``turn_limit``, ``own_turn_chains`` and ``map_board`` are fields of the state (read at every
    turn), equal to what the options say at every step of games played with those options, in clones and forks."""
    played = 0
    for options in OPTION_SETS:
        for seed in range(2):
            for state in _played_states(options, seed):
                for kept in (state, state.clone(), GAME.fork(state)):
                    opts = kept.options
                    assert (kept.advanced, kept.turn_limit, kept.own_turn_chains) == \
                        (opts.advanced, opts.turn_limit, opts.chain_turn == "own_turn")
                    assert kept.map_board is kept.catalog.boards[opts.map] is kept.board
                played += 1
    assert played > 100
    last = _played_states({"turn_limit": 9}, 0)[-1]  # and play reads them
    assert last.turns <= 9


def test_kind_keys_are_equal_exactly_when_kinds_are() -> None:
    """``Catalog.kind_keys`` (the move menu's one card per kind, FGO-038) names a kind as ``Catalog.kinds`` does."""
    catalog = GAME.catalog()
    kinds, keys = catalog.kinds, catalog.kind_keys
    assert keys.keys() == kinds.keys()
    for a, b in itertools.combinations(kinds, 2):
        assert (keys[a] == keys[b]) == (kinds[a] == kinds[b])


def test_move_menus_offer_one_card_per_kind() -> None:
    """In played games every move menu pays with the first hand card of each kind (as ``distinct_cards``)."""
    menus = 0
    for options in OPTION_SETS:
        for state in _played_states(options, 1):
            if state.phase.value != "action":
                continue
            seat = state.turn
            moves = legal_moves(state, seat)
            paid = {m.args[2] for m in moves}
            assert paid == {c for c in distinct_cards(state, state.masters[seat].hand) if c in paid}
            assert len(moves) == len(set(moves))
            menus += 1
    assert menus > 20


def test_move_menus_list_what_the_rules_allow_in_their_order() -> None:
    """The move menu (integer-coded cards, moves by card number) is, in played games of every option set, exactly the
    moves the rules allow in the documented order: servant (party order) on the map, adjacent area (link order) that is
    neither the own master area (FGO-042) nor held by an own servant (FGO-041), then each card of that servant in the
    hand, the first of each kind (hand order, FGO-038, FGO-039)."""
    menus = 0
    for options in OPTION_SETS:
        for seed in range(3):
            for state in _played_states(options, seed):
                if state.phase.value != "action":
                    continue
                seat = state.turn
                master = state.masters[seat]
                own_areas = {s.area for s in master.party}
                cards = distinct_cards(state, master.hand)
                expected = [f"move {s.servant} {area} {card}"
                            for s in master.party if s.area is not None
                            for area in state.map.neighbours(s.area)
                            if area != state.board.master_areas[seat] and area not in own_areas
                            for card in cards if state.catalog.owner(card) == s.servant]
                assert [str(m) for m in legal_moves(state, seat)] == expected
                menus += 1
    assert menus > 100
