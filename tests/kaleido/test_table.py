"""Kaleido at the table (docs/table.md): public zones, featured menus, trivial prompts, escaped names."""

from __future__ import annotations

import random

from bouts.core import CHANCE
from bouts.core.i18n import tr
from bouts.games.kaleido import strategy
from tests.kaleido.helpers import GAME


def _played(seats: int, seed: int, steps: int) -> list:  # type: ignore[type-arg]
    rng = random.Random(seed)
    state = GAME.setup(seats, seed=seed)
    states = [state]
    for _ in range(steps):
        acting = GAME.to_act(state)
        if not acting:
            break
        seat = acting[0]
        action = GAME.sample_chance(state, rng) if seat == CHANCE else strategy.choose(GAME, state, seat, rng)
        state = GAME.apply(state, seat, action)
        states.append(state)
    return states


def test_discard_pile_and_strategy_cards_are_public_zones_KAL_025() -> None:
    """KAL-025: the discard pile and face-up strategy cards are open to every seat (and spectators)."""
    assert set(GAME.zones()) == {"discard", "strategy", "abilities"}
    for state in _played(3, 4, 250):
        names = [GAME.catalog().magic[c].name for c in state.discard]
        for seat in (0, 1, 2, None):
            view = GAME.view(state, seat)
            assert view["discard_pile"] == [name.to_json() for name in names]
            text = GAME.render_zone(view, "discard")
            assert all(str(name) in text for name in names)
            shown = GAME.render_zone(view, "strategy")
            for p in view["players"]:
                if p["strategy"]:
                    assert tr(p["strategy"]["name"]) in shown


def test_featured_actions_are_legal_and_lead_with_the_heuristic_pick() -> None:
    """A long menu starts with the heuristic's pick; every featured action is legal."""
    for state in _played(5, 2, 300):
        acting = GAME.to_act(state)
        if not acting or acting[0] == CHANCE:
            continue
        featured = GAME.featured_actions(state, acting[0])
        assert featured and all(GAME.is_legal(state, acting[0], a) for a in featured)
        if len(GAME.legal_actions(state, acting[0])) > len(featured):
            assert featured[0] == strategy.advise(GAME, state, acting[0])[0]


def test_windows_are_never_skipped_even_with_one_option() -> None:
    """Skipping a response window or a payment would show the seat's hand: never trivial."""
    for state in _played(3, 7, 300):
        acting = GAME.to_act(state)
        if not acting or acting[0] == CHANCE:
            continue
        kind = state.stack[-1].kind
        for action in GAME.legal_actions(state, acting[0]):
            if GAME.is_trivial(state, acting[0], action):
                assert kind in ("master", "servant", "nominate", "forced_retreat")
                assert len(GAME.legal_actions(state, acting[0])) == 1


def test_names_with_markup_are_escaped() -> None:
    """A card or master name with ``[`` is shown, not read as a style tag."""
    import io

    from rich.console import Console

    state = _played(3, 1, 120)[-1]
    view = GAME.view(state, 0)
    view["players"][0]["master"] = "[bold]Rin"
    out = io.StringIO()
    Console(file=out, width=160, color_system=None).print(GAME.render(view))
    assert "[bold]Rin" in out.getvalue()
