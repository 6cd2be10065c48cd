"""The reference pack, the schema, user packs, and invariants over random play."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from bouts.core import CHANCE, ContentError
from bouts.games.swordplay.cards import REFERENCE, Location
from tests.swordplay.helpers import CAT, G, all_cards


def test_swp_004_five_types_of_card() -> None:
    """SWP-004: Hero, Attack, Defense, Item and Monster cards; the box holds 57 + 2 + 1 = 60."""
    types = {c.type for c in CAT.cards.values()}
    assert {"attack", "defense"} <= types and {"weapon", "armor", "shield"} <= types
    assert len(CAT.deck) == 57 and len(CAT.heroes) == 2 and len(CAT.monsters) == 1


def test_every_entry_records_its_source_or_is_a_stand_in() -> None:
    entries = [*CAT.heroes.values(), *CAT.monsters.values(), *{c.id: c for c in CAT.cards.values()}.values()]
    for entry in entries:
        assert entry.source or entry.stand_in, entry.id


def test_stand_ins_exercise_every_keyword_of_the_rulebook() -> None:
    cards = list({c.id: c for c in CAT.cards.values()}.values())
    attacks = [c for c in cards if c.type == "attack"]
    assert {c.strikes for c in attacks} == set(Location)  # four locations + Dodge Only specials
    assert any(c.bonus for c in attacks) and any(c.effect for c in attacks)
    defenses = [c for c in cards if c.type == "defense"]
    names = {c.name.get_text("en") for c in defenses}
    assert {"Duck", "Parry - High", "Dodge"} <= names
    assert any(c.parry for c in defenses) and any(not c.parry for c in defenses)
    covered = set().union(*(c.counters for c in defenses))
    assert covered == set(Location)
    weapons = [c for c in cards if c.type == "weapon"]
    assert {c.hands for c in weapons} == {1, 2} and any(c.effect for c in weapons)
    shields = [c for c in cards if c.type == "shield"]
    assert {c.hands for c in shields} == {1, 2} and all(c.uses for c in shields)
    assert len({c.absorb for c in cards if c.type == "armor"}) >= 2


def copy_pack(tmp_path: Path) -> Path:
    for f in REFERENCE.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    return tmp_path


@pytest.mark.parametrize(("file", "text", "message"), [
    ("bad.toml", "[[card]]\nid = \"x\"\nname = \"X\"\ntype = \"weapon\"\nstand_in = true\n",
     r"bad.toml: \[\[card\]\] entry #1 \(id 'x'\).*hands"),
    ("bad.toml", "[[card]]\nid = \"y\"\nname = \"Y\"\ntype = \"spell\"\nstand_in = true\n",
     r"bad.toml: \[\[card\]\] entry #1 \(id 'y'\): field 'type'"),
    ("bad.toml", "[[card]]\nid = \"z\"\nname = \"Z\"\ntype = \"armor\"\nabsorb = 2\n",
     r"bad.toml.*'z'.*source"),
    ("bad.toml", "[[potion]]\nid = \"p\"\n", r"bad.toml: unknown section \[\[potion\]\]"),
    ("bad.toml", "[[card\nid=", r"bad.toml: not valid TOML"),
    ("dupe.toml", "[[card]]\nid = \"dagger\"\nname = \"D\"\ntype = \"armor\"\nabsorb = 1\nstand_in = true\n",
     r"dupe.toml.*duplicate id 'dagger'"),
])
def test_a_broken_pack_names_file_entry_and_field(tmp_path: Path, file: str, text: str, message: str) -> None:
    copy_pack(tmp_path)
    (tmp_path / file).write_text(text)
    with pytest.raises(ContentError, match=message):
        G.load_content(str(tmp_path))


def test_a_user_pack_loads_and_has_its_own_id(tmp_path: Path) -> None:
    copy_pack(tmp_path)
    (tmp_path / "more.toml").write_text(
        '[[card]]\nid = "mace"\nname = "Mace"\ntype = "weapon"\nhands = 1\ndamage = 2\ncount = 2\n'
        'stand_in = true\n')
    pack = G.load_content(str(tmp_path))
    assert pack.id != CAT.pack.id and pack.path == str(tmp_path.resolve())
    state = G.setup(2, {"heroes": ["gladiator", "gladiator"]}, pack)
    assert len(state.catalog.deck) == 59


def test_missing_directory_is_a_clear_error() -> None:
    with pytest.raises(ContentError, match="does not exist"):
        G.load_content("/nonexistent/pack")


@pytest.mark.parametrize("mode,seats", [("arena", 2), ("arena", 4), ("solo", 1), ("coop", 3)])
def test_cards_are_conserved_and_life_bounded_in_random_play(mode: str, seats: int) -> None:
    """Every one of the 57 cards is in exactly one place after every step; life never rises."""
    for seed in range(40):
        rng = random.Random(seed)
        state = G.setup(seats, {"mode": mode})
        while G.to_act(state):
            seat = G.to_act(state)[0]
            action = G.sample_chance(state, rng) if seat == CHANCE else rng.choice(G.legal_actions(state, seat))
            before = [f.life for f in state.fighters]
            state = G.apply(state, seat, action)
            if state.phase.value not in ("choose_hero", "first_roll", "shuffle"):
                cards = all_cards(state)
                assert sorted(cards) == sorted(CAT.deck)
            for f, life in zip(state.fighters, before, strict=False):
                assert f.life <= life
                if not f.defeated:
                    assert f.life > 0
                    assert 0 <= f.armor_damage <= f.armor_value
                    assert len(f.hand) <= 5
