"""What the log shows of whole seeded games, searches in the party phase, and which prompts are skipped; played
through actions (tests added after mutation testing of the rules modules, issue 27)."""

from __future__ import annotations

import random
import re

import pytest

from bouts.core import CHANCE
from bouts.core.i18n import tr
from bouts.games.fgo_duel.actions import Act
from bouts.games.fgo_duel.state import FgoState, Phase
from tests.fgo_duel.helpers import GAME

CLAUSE = re.compile(r"^FGO-(RUL-|EX-)?\d+$")


def _random_game(options: dict[str, object], seed: int) -> list[FgoState]:
    """Every state of a seeded random game, through ``apply``."""
    rng = random.Random(seed)
    state = GAME.setup(2, options, None, seed)
    states = [state]
    while acting := GAME.to_act(state):
        seat = acting[0]
        action = GAME.sample_chance(state, rng) if seat == CHANCE else rng.choice(GAME.legal_actions(state, seat))
        state = GAME.apply(state, seat, action)
        states.append(state)
    return states


@pytest.mark.parametrize("options", [{}, {"advanced": True, "map": "orleans"}])
def test_every_log_line_of_seeded_games_is_filled_in_and_cites_checklist_ids(options: dict[str, object]) -> None:
    """FGO-028, FGO-057, FGO-071, FGO-072: every event of whole random games (battles with their chains, deck
    rebuilds, mulligans, the win) reads as a finished sentence in English and Japanese (no placeholder left, no
    ``None``), and the rules it cites are checklist ids as written (``FGO-RUL-30``, not another spelling)."""
    kinds: set[str] = set()
    chained = False
    for seed in range(6):
        for state in _random_game(options, seed)[1:]:
            for event in state.events:
                kinds.add(event.kind)
                for lang in ("en", "ja"):
                    text = event.render(lang)
                    assert "{" not in text and "None" not in text, (event.kind, lang, text)
                assert all(CLAUSE.match(clause) for clause in event.clauses), (event.kind, event.clauses)
                if event.kind == "destroyed":  # what a client animates: whose servant left the map
                    assert set(event.data) == {"seat", "servant"}, event.data
                if event.kind == "reveal" and any(side["chains"] for side in event.data["seats"].values()):
                    chained = True
                    assert "CHAIN" in event.render("en"), event.render("en")
    assert {"reveal", "rebuild", "remove", "win"} <= kinds and chained


def test_the_mulligan_and_rebuild_lines_read_as_the_rules_say() -> None:
    """FGO-025, FGO-072: the mulligan and the deck rebuild in the log, in the catalog's words."""
    seen: dict[str, str] = {}
    for seed in range(20):
        for state in _random_game({}, seed)[1:]:
            for event in state.events:
                if event.kind in ("mulligan", "rebuild", "remove"):
                    seen.setdefault(event.kind, event.render("en"))
        if len(seen) == 3:
            break
    assert re.fullmatch(r"Seat [12] takes a mulligan: the 5 hand cards go back into the command deck",
                        seen["mulligan"])
    assert re.fullmatch(r"Seat [12] makes its \d+ trash cards into a new command deck", seen["rebuild"])
    assert re.fullmatch(r"Seat [12]'s .+ is removed from the game to rebuild its command deck", seen["remove"])


def test_a_search_in_the_party_phase_keeps_the_searching_seat_view() -> None:
    """FGO-011, FGO-018, FGO-RUL-40: after seat 1 placed a status card face down, a search for seat 0 re-deals
    that hidden pick; seat 0's view and the number of seat 1's picks stay as they were."""
    state = GAME.setup(2, None, None, 3)
    assert state.phase is Phase.PARTY
    rng = random.Random(4)
    state = GAME.apply(state, 1, GAME.legal_actions(state, 1)[0])
    for _ in range(5):
        det = GAME.determinize(state, 0, rng)
        assert GAME.view(det, 0) == GAME.view(state, 0)
        assert len(det.party_picks[1]) == len(state.party_picks[1]) == 1
        assert GAME.legal_actions(det, 1)  # seat 1 can go on picking in the sampled world


def test_the_only_removal_is_taken_without_asking_and_a_move_never_is() -> None:
    """FGO-071: the only card a rebuild can remove is taken without a prompt; a move (a real choice) never is."""
    removal = move = False
    for seed in range(30):
        for state in _random_game({}, seed):
            acting = GAME.to_act(state)
            if not acting or acting[0] == CHANCE:
                continue
            seat = acting[0]
            legal = GAME.legal_actions(state, seat)
            if state.phase is Phase.REMOVE and len(legal) == 1:
                assert GAME.is_trivial(state, seat, legal[0])
                removal = True
            if state.phase is Phase.ACTION:
                assert isinstance(legal[0], Act) and not GAME.is_trivial(state, seat, legal[0])
                move = True
        if removal and move:
            return
    raise AssertionError("no single removal and move met")


def test_the_orleans_variants_name_their_map() -> None:
    """The variants table names the map each variant is played on (FGO-016)."""
    variants = GAME.variants()
    catalog = GAME.catalog(None)
    for name in ("orleans", "orleans_advanced"):
        assert tr(catalog.maps["orleans"].name, "en") in tr(variants[name].description, "en")
