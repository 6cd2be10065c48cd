"""What SAO hides (``Game.hidden_cards``) and the characters a design study deals (``Game.deal_content``),
issue 18. The statistical fairness of ``determinize`` over these groups is checked for every game in
``tests/conformance/test_fair_determinize.py``."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from sao_helpers import GAME, ITEMS, start
from typer.testing import CliRunner

from bouts.cli.main import app
from bouts.core.contract import CHANCE, OptionsError
from bouts.games.sao.cards import SECTIONS, reference_catalog
from bouts.games.sao.state import SaoState


def shuffled(seed: int, seats: int = 2) -> SaoState:
    """A game with the scenarios drawn and the item deck shuffled at random."""
    state = GAME.setup(seats, {}, None, seed)
    rng = random.Random(seed)
    while GAME.to_act(state) == (CHANCE,) and state.pending[-1].kind in ("scenario_shuffle", "item_shuffle"):
        state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
    return state


def test_sao_035_037_nothing_is_hidden_before_the_shuffles():
    """SAO-035, SAO-037: before the scenario draw and the item shuffle there is no face-down card yet."""
    assert GAME.hidden_cards(GAME.setup(2), 0) == []


def test_sao_035_unrevealed_scenarios_and_sao_037_item_deck_order_are_hidden():
    """SAO-035: one scenario card per section is drawn face down, only the current one is revealed;
    SAO-037: the item deck is face down, so its order is hidden (one place per position)."""
    state = shuffled(3)
    groups = GAME.hidden_cards(state, 0)
    catalog = reference_catalog()
    assert state.section == 0
    scenario_groups = groups[:-1]
    assert len(scenario_groups) == len(SECTIONS) - 1  # the lower scenario is face up (being played)
    for section, group, drawn in zip(SECTIONS[1:], scenario_groups, state.scenarios[1:], strict=True):
        assert group[f"{section} scenario (face down)"] == [drawn]
        assert sorted([drawn, *group[f"{section} scenarios not drawn"]]) == sorted(catalog.section(section))
    deck = groups[-1]
    assert list(deck) == [f"item deck {i}" for i in range(1, len(state.items) + 1)]
    assert [cards[0] for cards in deck.values()] == state.items and sorted(state.items) == sorted(ITEMS)
    # cooperative: every seat, and a spectator, is equally in the dark
    assert GAME.hidden_cards(state, 1) == GAME.hidden_cards(state, None) == groups


def test_sao_035_scenarios_fixed_by_option_are_not_hidden():
    """SAO-035 draws the scenarios at random; the ``scenarios`` option fixes them for everyone to see."""
    groups = GAME.hidden_cards(start(), 0)
    assert len(groups) == 1 and list(groups[0]) == [f"item deck {i}" for i in range(1, len(ITEMS) + 1)]


def test_determinize_keeps_the_hidden_cards_in_their_places():
    """A determinization deals every hidden card among its group's places, and changes nothing else."""
    state = shuffled(5)
    places = {p for g in GAME.hidden_cards(state, 0) for p in g}
    dealt = GAME.determinize(state, 0, random.Random(1))
    assert {p for g in GAME.hidden_cards(dealt, 0) for p in g} == places
    assert dealt.scenarios[0] == state.scenarios[0] and sorted(dealt.items) == sorted(state.items)
    assert GAME.view(dealt, 0) == GAME.view(state, 0)


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_sao_031_dealt_characters_are_legal_and_include_kirito(seats: int):
    """SAO-031: Kirito is always in the game; SAO-032: solo plays two characters; each character once."""
    rng = random.Random(seats)
    for _ in range(50):
        options = GAME.deal_content(seats, {}, None, rng)
        assert options is not None
        chosen = options["characters"]
        assert "kirito" in chosen and len(set(chosen)) == len(chosen) == (2 if seats == 1 else seats)
        state = GAME.setup(seats, options)
        dealt = [c for seat in range(seats) for c in GAME.content_choices(state)[seat]]
        assert dealt == chosen


def test_dealt_characters_are_uniform_among_the_legal_choices():
    """Every other character joins Kirito equally often, and Kirito sits at every seat equally often."""
    rng = random.Random(0)
    others = sorted(c for c in reference_catalog().characters if c != "kirito")
    joined: Counter[str] = Counter()
    kirito_at: Counter[int] = Counter()
    deals = 3000
    for _ in range(deals):
        options = GAME.deal_content(3, {}, None, rng)
        assert options is not None
        chosen = options["characters"]
        joined.update(c for c in chosen if c != "kirito")
        kirito_at[chosen.index("kirito")] += 1
    for character in others:  # each joins with probability 2 / len(others)
        assert abs(joined[character] / deals - 2 / len(others)) < 0.05, joined
    for seat in range(3):
        assert abs(kirito_at[seat] / deals - 1 / 3) < 0.05, kirito_at


def test_deal_content_refuses_a_bad_seat_count():
    """SAO-001: 1 to 4 players."""
    with pytest.raises(OptionsError, match="1 to 4"):
        GAME.deal_content(5, {}, None, random.Random(0))


def test_a_design_study_runs_on_sao(tmp_path: Path) -> None:
    """`bouts sim sao --assign random` deals the characters instead of refusing the game."""
    result = CliRunner().invoke(app, ["sim", "sao", "-n", "4", "--seats", "heuristic,heuristic", "--assign",
                                      "random", "--jobs", "1", "-q", "--options", "turn_limit=8",
                                      "--out", str(tmp_path / "study")])
    assert result.exit_code == 0, result.output
    assert "design study" in result.stdout
