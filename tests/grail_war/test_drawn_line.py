"""A seat's private draw line names every card it drew, in the order drawn (its words are made when the line is
read, from the cards of that step)."""

from __future__ import annotations

import random

from bouts.core import CHANCE
from bouts.core.i18n import tr
from tests.grail_war.helpers import GAME


def test_dgw_037_the_drawn_line_names_each_card_drawn_in_both_languages() -> None:
    """DGW-037: each seat draws up to 3; the line only the drawing seat sees names the cards that joined its hand,
    every one of them, in the order drawn, in English and Japanese, read after later steps have changed the hand."""
    catalog = GAME.catalog(None)
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.setup(4, {}, None, seed)
        lines = []
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            action = GAME.sample_chance(state, rng) if seat == CHANCE else rng.choice(GAME.legal_actions(state, seat))
            before = state
            state = GAME.apply(state, seat, action)
            for e in GAME.events(state):
                if e.kind == "drawn":
                    drawer = e.data["seat"]
                    joined = state.players[drawer].hand[len(state.players[drawer].hand) - len(e.data["cards"]):]
                    assert list(e.data["cards"]) == joined
                    assert [c for c in e.data["cards"] if c not in before.players[drawer].hand] == joined
                    assert e.to == frozenset({drawer})
                    lines.append(e)  # read at the end of the game, after every later step
        for e in lines:
            for lang in ("en", "ja"):
                names = [tr(catalog.cards[c].name, lang) for c in e.data["cards"]]
                text = e.render(lang)
                at = 0
                for n in names:  # each name, in the order drawn
                    found = text.find(n, at)
                    assert found >= 0, (text, names)
                    at = found + len(n)
            checked += 1
    assert checked > 30
