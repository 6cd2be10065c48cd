"""Random playouts, replay, views and determinize; the content pack's provenance."""

from __future__ import annotations

import random
import tomllib

import pytest
from sao_helpers import GAME, act, roll, start

from bouts.core.contract import CHANCE, IllegalAction
from bouts.games.sao.cards import REFERENCE, reference_catalog


def playout(seats: int, seed: int, options=None):
    rng = random.Random(seed)
    s = GAME.setup(seats, options or {}, None, seed)
    actions = []
    for _ in range(5000):
        acting = GAME.to_act(s)
        if not acting:
            break
        seat = acting[0]
        if seat == CHANCE:
            a = GAME.sample_chance(s, rng)
        else:
            legal = GAME.legal_actions(s, seat)
            a = rng.choice(legal)
            assert GAME.parse_action(s, seat, str(a)) == a
        actions.append((seat, str(a)))
        s = GAME.apply(s, seat, a)
    return s, actions


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_random_playouts_terminate(seats):
    """Random play ends in a shared outcome (SAO-002, SAO-113) for 1-4 players."""
    for seed in range(6):
        s, _ = playout(seats, seed, {"difficulty": ["easy", "normal", "hard"][seed % 3]})
        outcome = GAME.outcome(s)
        assert outcome is not None and outcome.winners in ((), tuple(range(seats)))


def test_replay_is_exact():
    s, actions = playout(3, 11)
    r = GAME.setup(3, {}, None, 11)
    for seat, text in actions:
        r = GAME.apply(r, seat, text)
    assert r == s


def test_illegal_actions_change_nothing():
    s = roll(start(2), 1, 2, 3, 4, 5, 6)
    before = s.clone()
    for bad in ("reroll 10", "skill vertical_arc 1 2", "ability asuna flip 1", "fly"):
        with pytest.raises(IllegalAction):
            act(s, bad)
    with pytest.raises(IllegalAction):
        GAME.apply(s, 1, "finalize")  # Asuna's seat does not decide here
    assert s == before


def test_determinize_keeps_the_view():
    s = GAME.setup(2, {}, None, 5)
    s = GAME.apply(s, CHANCE, GAME.sample_chance(s, random.Random(5)))
    s = GAME.apply(s, CHANCE, GAME.sample_chance(s, random.Random(6)))
    for seed in range(5):
        d = GAME.determinize(s, 0, random.Random(seed))
        assert GAME.view(d, 0) == GAME.view(s, 0)
        assert d.scenarios[0] == s.scenarios[0] and sorted(d.items) == sorted(s.items)


def test_render_and_describe_every_action():
    s = roll(start(2), 2, 3, 6, 1, 2, 3)
    text = GAME.render(GAME.view(s, 0))
    assert "Ambush of the PK Guild" in text and "Kirito" in text and "rerolls left 2" in text
    for a in GAME.legal_actions(s, 0):
        assert GAME.describe(s, 0, a)
    s = act(s, "finalize")
    assert any("Vertical Arc" in GAME.describe(s, 0, a) for a in GAME.legal_actions(s, 0))


def test_reference_pack_provenance_and_mapping():
    """Every entry has a source or is a stand-in; characters say how they map to the reported cards."""
    for path in sorted(REFERENCE.glob("*.toml")):
        data = tomllib.loads(path.read_text())
        for section, entries in data.items():
            if section == "pack":
                continue
            for entry in entries:
                assert entry.get("source") or entry.get("stand_in"), (path.name, entry["id"])
                for skill in entry.get("skills", []):
                    assert skill.get("source") or skill.get("stand_in"), skill["id"]
    cat = reference_catalog()
    assert "supported" in cat.characters["kirito"].maps_to
    assert "never names the sixth" in cat.characters["agil"].maps_to and cat.characters["agil"].stand_in
    assert "no fan card" in cat.characters["lisbeth"].maps_to


def test_sao_rul_26_rage_spike_is_a_single_six_and_vertical_arc_a_double():
    """SAO-RUL-26: Rage Spike is one 6 (1 damage); Vertical Arc any double (4) - the example's skills."""
    kirito = {s.id: s for s in reference_catalog().characters["kirito"].skills}
    spike, arc = kirito["rage_spike"], kirito["vertical_arc"]
    assert (spike.size, spike.values, spike.damage) == (1, (6,), 1)
    assert (arc.size, arc.values, arc.damage) == (2, (), 4)


def test_sao_rul_02_callouts_carry_no_rules():
    """SAO-RUL-02: the circled numbers are token faces: 9 damage is 5 + 2 + 2, 3 is 2 + 1; the engine
    keeps plain integers."""
    s = roll(start(2), 2, 2, 6, 4, 4, 3)
    s = act(s, "finalize")
    for t in ("skill vertical_arc 1 2", "skill vertical_arc 4 5", "skill rage_spike 3", "done"):
        s = act(s, t)
    assert s.step_damage == 5 + 2 + 2 and s.characters[0].damage == 2 + 1


def test_heuristic_team_plays_legal_actions():
    """The heuristic bot (it uses the advisor) only picks legal actions."""
    from bouts.games.sao.strategy import choose

    rng = random.Random(2)
    s = GAME.setup(2, {}, None, 2)
    for _ in range(80):
        acting = GAME.to_act(s)
        if not acting:
            break
        seat = acting[0]
        a = GAME.sample_chance(s, rng) if seat == CHANCE else choose(GAME, s, seat, rng)
        if seat != CHANCE:
            assert a in GAME.legal_actions(s, seat)
        s = GAME.apply(s, seat, a)
    assert s.turns >= 3
