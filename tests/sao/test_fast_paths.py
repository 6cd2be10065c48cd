"""The roll window's menu asks whether another seat is waiting (SAO-065, SAO-096, SAO-RUL-07, SAO-RUL-22)
without building the other seats' menus: the shortcut must answer as the full list of waiting seats does."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from sao_helpers import GAME, ITEMS, start

from bouts.core.contract import CHANCE
from bouts.games.sao import rolling
from bouts.games.sao.state import SaoState


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


HELD = ("healing_potion/1", "healing_potion/2", "ability_potion/1", "ability_potion/2")
"""Consumables a group holds from the start in some tests (the item deck keeps them last: games rarely draw so far)."""


LAST_HELD = (*(item for item in ITEMS if item not in HELD), *HELD)


def _hold_consumables(state: SaoState) -> None:
    state.consumables = list(HELD)


def _roll_phase_states(seats: int, games: int, characters: tuple[str, ...] | None = None,
                       consumables: bool = False) -> Iterator[SaoState]:
    """States of heuristic games (with a random move now and then) in the roll phase: dice laid out, game on;
    with ``consumables``, the group holds :data:`HELD` from the start (and the scenarios are fixed)."""
    from bouts.games.sao import strategy

    for seed in range(games):
        rng = random.Random(seed)
        options = {"characters": characters} if characters else {}
        state = GAME.fork(start(seats, characters, LAST_HELD, prep=_hold_consumables) if consumables
                          else GAME.setup(seats, options, None, seed))
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            if state.result is None and state.pool and state.pending[-1].kind in ("roll_window", "ability_window"):
                yield state
            if seat == CHANCE:
                action = GAME.sample_chance(state, rng)
            elif rng.random() < 0.3:
                action = rng.choice(GAME.legal_actions(state, seat))
            else:
                action = strategy.choose(GAME, state, seat, rng)  # the heuristic gets further: items, levels
            GAME.advance(state, seat, action)


@pytest.mark.parametrize("characters", (*CAST, ("asuna", "kirito")))
def test_the_ability_shortcut_answers_as_the_abilities_listed(characters: tuple[str, str]) -> None:
    """SAO-065, SAO-066, SAO-133..SAO-144: ``rolling.has_ability_actions`` (whether the partner's seat waits,
    asked at every roll decision) answers as the abilities ``rolling.ability_actions`` lists, for every character
    of the turn, whatever his abilities, uses left, tokens out, damage and dice."""
    answers: set[tuple[str, bool]] = set()
    for state in _roll_phase_states(2, 8, characters):
        for index in {state.turn_char, state.partner} - {None}:
            assert index is not None
            expected = bool(rolling.ability_actions(state, index))
            assert rolling.has_ability_actions(state, index) is expected
            answers.add((state.characters[index].id, expected))
    assert {(character, answer) for character in characters for answer in (True, False)} <= answers


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_the_waiting_seats_are_the_seats_with_a_window_menu(seats: int) -> None:
    """SAO-RUL-07, SAO-RUL-22: ``rolling.waiting_seats`` names, the partner's seat first and then the others in
    seat order after the turn player, each living seat but the turn player's that has not passed and whose
    window menu (``rolling.window_actions``: the partner's abilities, the group's Consumables) is not empty; and
    ``rolling.is_anyone_waiting`` answers whether there is any, Consumables held or not."""
    checked = with_consumables = 0
    for state in _roll_phase_states(seats, 3, consumables=True):
        me = rolling.turn_seat(state)
        order = sorted({c.seat for c in state.characters if not c.dead} - {me}, key=lambda s: (s - me) % seats)
        if state.partner is not None and state.characters[state.partner].seat in order:
            order.remove(state.characters[state.partner].seat)
            order.insert(0, state.characters[state.partner].seat)
        expected = [s for s in order if s not in state.passed and rolling.window_actions(state, s)]
        assert rolling.waiting_seats(state) == expected
        assert rolling.is_anyone_waiting(state) is bool(expected)
        checked += 1
        with_consumables += bool(expected) and bool(rolling.consumable_actions(state))
    assert checked > 50
    if seats > 1:
        assert with_consumables > 0


def test_the_kept_skills_by_id_are_the_turn_players_card_skills() -> None:
    """SAO-072, SAO-122: the damage dealt reads each triggered Sword Skill from ``attack.skills_by_id``, kept per
    pack and character; at every damage step of random games it is the turn player's card's skills by id, as made
    afresh, and the damage dealt is theirs."""
    from bouts.games.sao.attack import modifiers, skills_by_id

    checked: set[str] = set()
    for seed in range(30):
        rng = random.Random(seed)
        state = GAME.fork(GAME.setup(2, {"characters": CAST[seed % len(CAST)]}, None, seed))
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            action = GAME.sample_chance(state, rng) if seat == CHANCE else rng.choice(GAME.legal_actions(state, seat))
            if seat != CHANCE and action.verb == "done" and state.triggered:
                card = state.card(state.turn_char)
                assert skills_by_id(state, card.id) == {s.id: s for s in card.skills}
                named = {s.id: s for s in card.skills}
                dealt = sum(modifiers(state).dealt(named[s]) for s, _ in state.triggered)
                GAME.advance(state, seat, action)
                assert next(e for e in GAME.events(state) if e.kind == "damage").data["damage"] == dealt
                checked.add(card.id)
                continue
            GAME.advance(state, seat, action)
    assert len(checked) >= 4
