"""Dealt master-servant pairs for design studies (``pairs`` option, ``deal_content``)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import bouts
from bouts.core import CHANCE, OptionsError

GAME = bouts.game("kaleido")


def past_setup(seats: int, options: dict[str, object]) -> object:
    rng = random.Random(3)
    state = GAME.setup(seats, options, None, 0)
    while GAME.to_act(state) == (CHANCE,):
        state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
    return state


@pytest.mark.parametrize("seats", [2, 3, 5, 7])
def test_kal_012_rul_05_dealt_pairs_are_legal_seatings_and_skip_the_choices(seats: int) -> None:
    """KAL-012 / KAL-RUL-05: dealt pairs give every seat a different master and a different servant card,
    and set-up then asks nobody to choose (the first decision is already the game's)."""
    dealt = GAME.deal_content(seats, {}, None, random.Random(seats))
    assert dealt is not None
    state = past_setup(seats, dealt)
    chosen = GAME.content_choices(state)  # type: ignore[arg-type]
    assert [chosen[s] for s in range(seats)] == dealt["pairs"]
    players = state.players  # type: ignore[attr-defined]
    assert len({p.master for p in players}) == seats
    assert len({p.servant for p in players}) == seats
    assert all(p.hp == GAME.catalog().servants[p.servant].hp for p in players)  # KAL-020
    assert state.stack[-1].kind not in ("master", "servant")  # type: ignore[attr-defined]


def test_dealt_pairs_are_uniform_over_the_pairing_table() -> None:
    """Every row of the pairing table is dealt about equally often (2 seats, 2,000 deals)."""
    rng = random.Random(0)
    counts: Counter[str] = Counter()
    for _ in range(2000):
        dealt = GAME.deal_content(2, {}, None, rng)
        assert dealt is not None
        counts.update(dealt["pairs"])
    rows = sorted(GAME.catalog().pairs.values())
    assert set(counts) == set(rows)
    expected = 4000 / len(rows)
    assert all(abs(n - expected) < 0.25 * expected for n in counts.values()), counts


@pytest.mark.parametrize(("pairs", "message"), [
    (["emiya_shirou-saber"], "1 pairs for 2 players"),
    (["emiya_shirou-saber", "emiya_shirou-saber"], "same master"),
    (["kotomine_kirei-lancer_kotomine", "bazett-lancer_bazett", "emiya_shirou-saber"], None),
    (["nobody", "emiya_shirou-saber"], "not a row of the pairing table"),
])
def test_kal_012_bad_pairs_are_an_options_error(pairs: list[str], message: str | None) -> None:
    """KAL-012: a master is taken once; a bad ``pairs`` option names what is wrong."""
    seats = len(pairs) if message is None else 2
    if message is None:  # two different Lancer cards (KAL-RUL-05) may both be in play
        past_setup(seats, {"pairs": pairs})
        return
    with pytest.raises(OptionsError, match=message):
        GAME.setup(seats, {"pairs": pairs}, None, 0)


def test_shuffle_mode_deals_any_master_with_any_servant() -> None:
    """KAL-018: in shuffle mode the dealt pairs are master/servant tokens, still all different."""
    dealt = GAME.deal_content(3, {"shuffle_mode": True}, None, random.Random(1))
    assert dealt is not None and all("/" in token for token in dealt["pairs"])
    state = past_setup(3, {"shuffle_mode": True, **dealt})
    assert len({p.servant for p in state.players}) == 3  # type: ignore[attr-defined]
