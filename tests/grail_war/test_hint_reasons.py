"""Issue 25: Grail War's hint says why with the facts the player can check, also when it advises doing nothing
(keeping the command spells) or a card face down: never a bare "keep the command spells" round after round."""

from __future__ import annotations

import random
import re

from bouts.core import CHANCE
from bouts.games.grail_war.state import BATTLEFIELDS, GrailState
from tests.grail_war.helpers import GAME


def _reasons(seats: int, seeds: range) -> list[tuple[str, str, GrailState, int]]:
    rng = random.Random(1)
    out = []
    for seed in seeds:
        state = GAME.setup(seats, None, None, seed)
        while GAME.to_act(state) and state.round <= 8:
            seat = GAME.to_act(state)[0]
            if seat == CHANCE:
                state = GAME.apply(state, seat, GAME.sample_chance(state, rng))
                continue
            action = GAME.strategy().choose(GAME, state, seat, random.Random(0))
            out.append((str(action), GAME.strategy().explain(GAME, state, seat, action), state, seat))
            state = GAME.apply(state, seat, action)
    return out


def test_keeping_the_command_spells_says_how_many_and_why_with_the_powers() -> None:
    kept = [(r, s, seat) for a, r, s, seat in _reasons(4, range(3)) if a == "next" and "command spells" in r]
    assert kept
    for reason, state, seat in kept:
        assert reason != "keep the command spells"
        assert f"({state.players[seat].command_spells} left)" in reason, reason
    at_battle = [r for r, _s, _seat in kept if "power against" in r]
    assert at_battle and all(re.search(r"you have \d+ power against \d+", r) for r in at_battle), at_battle


def test_a_card_face_down_says_why_no_card_face_up() -> None:
    downs = [(r, s, seat) for a, r, s, seat in _reasons(4, range(6)) if a.endswith(" down")]
    assert downs
    for reason, state, seat in downs:
        assert reason != "face down: it costs nothing"
        if state.players[seat].location in BATTLEFIELDS:  # a battle: which card, or the mana
            assert ("not worth its mana (" in reason
                    or f"with your {state.players[seat].mana} mana" in reason), reason
        else:
            assert reason == "no battle here: a card face down costs nothing", reason
