"""The roll window's menu asks whether another seat is waiting (SAO-065, SAO-096, SAO-RUL-07, SAO-RUL-22)
without building the other seats' menus: the shortcut must answer as the full list of waiting seats does."""

from __future__ import annotations

import random

import pytest
from sao_helpers import GAME

from bouts.core.contract import CHANCE
from bouts.games.sao import rolling


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_anyone_waiting_answers_as_the_waiting_seats_do(seats: int) -> None:
    """SAO-RUL-07: the turn player may ask the partner (and others with Consumables) only when one waits."""
    checked = waiting = 0
    for seed in range(25):
        rng = random.Random(seed)
        state = GAME.fork(GAME.setup(seats, {}, None, seed))
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            if state.pending and state.pending[-1].kind == "roll_window" and state.result is None:
                expected = bool(rolling.waiting_seats(state))
                assert rolling.is_anyone_waiting(state) is expected
                checked += 1
                waiting += expected
            action = GAME.sample_chance(state, rng) if seat == CHANCE else rng.choice(GAME.legal_actions(state, seat))
            GAME.advance(state, seat, action)
    assert checked > 50
    if seats > 1:
        assert waiting > 0


def test_the_kept_modifiers_are_the_turns_modifiers_made_afresh() -> None:
    """SAO-RUL-43, SAO-148, SAO-134: ``attack.modifiers`` hands out one kept object per value; each is the
    step's Defense, the Sword equipment bonus and Lisbeth's boost of the turn player, as made afresh (games of the
    heuristic, which reach later steps and equipment)."""
    from bouts.games.sao import strategy
    from bouts.games.sao.attack import modifiers
    from bouts.games.sao.skills import Modifiers

    seen: set[Modifiers] = set()
    for seed in range(12):
        rng = random.Random(seed)
        state = GAME.fork(GAME.setup(2, {}, None, seed))
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            if state.result is None and state.section < len(state.scenarios) and state.pool:
                me = state.characters[state.turn_char]
                bonus = sum(1 for item in me.equipment if state.catalog.items[item].effect == "sword")
                token = state.tokens.get("lisbeth")
                boost = token.mode if token is not None and token.holder == me.id and token.active else None
                found = modifiers(state)
                assert found == Modifiers(state.current_step.defense, bonus, boost)
                seen.add(found)
            if seat == CHANCE:
                action = GAME.sample_chance(state, rng)
            elif rng.random() < 0.1:
                action = rng.choice(GAME.legal_actions(state, seat))
            else:
                action = strategy.choose(GAME, state, seat, rng)  # the heuristic gets further: later steps
            GAME.advance(state, seat, action)
    assert len({m.defense for m in seen}) > 1 and len({m.bonus for m in seen}) > 1  # Lisbeth's boost is rare


CAST = (("kirito", "silica"), ("silica", "kirito"), ("kirito", "agil"), ("klein", "kirito"))
"""Characters for 2 seats, one each (Kirito is always in the game, SAO-031): Silica's card has three abilities."""


def test_the_heuristics_kept_abilities_are_the_users_card_abilities() -> None:
    """SAO-050: an ``ability`` action names a character and one of its card's abilities; the heuristic's kept
    table gives the ability the user's card prints (what ``rolling.use_ability`` applies), for every one listed."""
    from bouts.games.sao import strategy

    checked: set[tuple[str, ...]] = set()
    for seed in range(20):
        rng = random.Random(seed)
        state = GAME.fork(GAME.setup(2, {"characters": CAST[seed % len(CAST)]}, None, seed))
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            if seat != CHANCE:
                for action in GAME.legal_actions(state, seat):
                    if action.verb == "ability":
                        table = strategy._abilities(state.catalog)
                        found = table.get(action.args[:2]) or strategy._ability(state.catalog, table, action.args)
                        card = state.card(state.index_of(action.args[0]))
                        assert found is next(a for a in card.abilities if a.id == action.args[1])
                        checked.add(action.args[:2])
            action = GAME.sample_chance(state, rng) if seat == CHANCE else rng.choice(GAME.legal_actions(state, seat))
            GAME.advance(state, seat, action)
    assert {"shield", "die_control", "heal"} <= {ability for character, ability in checked if character == "silica"}
    assert len({character for character, _ in checked}) > 3
