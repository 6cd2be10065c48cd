"""Kaleido content checked like an enemy wrote it (issue 18): ids, rulebook bounds, packs that cannot play."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bouts.core import ContentError
from tests.kaleido.helpers import GAME

REFERENCE = GAME.catalogs.reference_dir


def _pack(tmp_path: Path) -> Path:
    folder = tmp_path / "pack"
    shutil.copytree(REFERENCE, folder)
    return folder


def _edit(folder: Path, name: str, old: str, new: str) -> None:
    text = (folder / name).read_text(encoding="utf-8")
    assert old in text
    (folder / name).write_text(text.replace(old, new, 1), encoding="utf-8")


def _refused(folder: Path, pattern: str) -> None:
    with pytest.raises(ContentError, match=pattern) as caught:
        GAME.load_content(str(folder))
    assert "\n" not in str(caught.value)


def test_ids_are_lowercase_words(tmp_path: Path) -> None:
    folder = _pack(tmp_path)
    _edit(folder, "magic.toml", 'id = "gandr"', 'id = "Gandr Shot"')
    _refused(folder, r"\[a-z0-9_-\]\+")


@pytest.mark.parametrize(("file", "old", "new", "field"), [
    ("servants.toml", "hp = ", "hp = 3", "hp"),  # hp = 22 becomes 322
    ("masters.toml", "mana_rank = 2", "mana_rank = 6", "mana_rank"),
    ("magic.toml", "copies = 4", "copies = 21", "copies"),
    ("abilities.toml", "cost = 3", "cost = 7", "cost"),
])
def test_numbers_have_bounds(tmp_path: Path, file: str, old: str, new: str, field: str) -> None:
    """Schema bounds: HP at most 30 (the stand-ins print about 20-24), mana rank 5, 20 copies, NP cost 6."""
    folder = _pack(tmp_path)
    _edit(folder, file, old, new)
    _refused(folder, field)


def test_kal_023_a_deck_too_small_for_the_first_draws_is_refused(tmp_path: Path) -> None:
    """KAL-023: each player draws one magic card at set-up: a 7-player game needs 7 cards."""
    folder = _pack(tmp_path)
    text = (folder / "magic.toml").read_text(encoding="utf-8")
    blocks = text.split("\n[[magic]]")
    kept = [blocks[0], blocks[1].replace("copies = 5", "copies = 1").replace("copies = 4", "copies = 1")]
    (folder / "magic.toml").write_text("\n[[magic]]".join(kept), encoding="utf-8")
    _refused(folder, "KAL-023")


def test_kal_013_a_pairing_table_without_seven_distinct_servants_is_refused(tmp_path: Path) -> None:
    """KAL-013..KAL-016: every master needs a servant of its own; three masters left with only Saber cannot."""
    folder = _pack(tmp_path)
    _edit(folder, "pairs.toml", 'servant = "archer_emiya"', 'servant = "saber"')
    _edit(folder, "pairs.toml", 'servant = "rider"', 'servant = "saber"')
    _refused(folder, "7 different servants")


def test_hidden_cards_mirror_the_view() -> None:
    """Every card a seat cannot see is in exactly one hidden place; its own hand never is."""
    import random

    from bouts.core import CHANCE
    from bouts.games.kaleido import strategy

    state = GAME.setup(3, seed=5)
    rng = random.Random(5)
    for _ in range(200):
        acting = GAME.to_act(state)
        if not acting:
            break
        seat = acting[0]
        action = GAME.sample_chance(state, rng) if seat == CHANCE else strategy.choose(GAME, state, seat, rng)
        state = GAME.apply(state, seat, action)
    hidden = [c for group in GAME.hidden_cards(state, 0) for cards in group.values() for c in cards]
    assert not set(hidden) & set(state.players[0].hand)
    assert sorted(hidden) == sorted([*state.deck, *(c for p in state.players[1:] for c in (*p.hand, *p.accumulation))])
