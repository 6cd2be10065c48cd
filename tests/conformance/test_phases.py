"""The rules panel's phase list (issue 24: "its phases with the current one marked"), the same way over every
registered game: each game declares its phases (``Game.phases``, from its ``phases`` module, citing the clause of
its checklist that lists each one), and at every step of random games its current phase (``Game.phase``) is one
of them until the game is over, when there is none. Each declared phase has a name in English and Japanese."""

from __future__ import annotations

import re
from collections import Counter

import pytest

import bouts
from bouts.core.i18n import tr
from tests.conformance.cases import CASES, Case, playout

IDS = [str(c) for c in CASES]
GAMES = sorted(bouts.games())
CLAUSE = re.compile(r"^[A-Z]{3}-\d{3}$")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_declares_its_phases_in_both_languages(game_id: str) -> None:
    game = bouts.game(game_id)
    phases = game.phases()
    assert len(phases) >= 4, f"{game_id} declares {len(phases)} phases"
    ids = [p.id for p in phases]
    assert len(set(ids)) == len(ids), ids
    prefix = {"swordplay": "SWP", "sao": "SAO", "fgo_duel": "FGO", "kaleido": "KAL", "grail_war": "DGW"}[game_id]
    for phase in phases:
        assert CLAUSE.match(phase.clause) and phase.clause.startswith(prefix), phase
        english, japanese = tr(phase.name, "en"), tr(phase.name, "ja")
        assert english and japanese and english != japanese, (phase.id, english, japanese)
        assert not re.search(r"[A-Za-z]{3}", japanese), japanese  # read as Japanese, not an untranslated id
        assert phase.to_json("ja") == {"id": phase.id, "name": japanese, "clause": phase.clause}


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_current_phase_is_a_declared_one_at_every_step(case: Case) -> None:
    game = case.game
    declared = {p.id for p in game.phases()}
    seen: Counter[str] = Counter()
    for seed in range(3):
        state = None
        for t in playout(case, seed):
            now = game.phase(t.before)
            assert now in declared, f"{case} seed {seed}: phase {now!r} of {t.before!r:.200} is not declared"
            seen[now] += 1
            state = t.after
        assert state is not None and game.outcome(state) is not None
        assert game.phase(state) is None  # the game is over: no phase is current
    assert len(seen) >= 3, f"{case}: random games only visit {dict(seen)}"
