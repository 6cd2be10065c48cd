"""The reference content pack: counts, facts with sources, stand-ins with reasons, effects the rules know."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bouts.core.content import ContentError
from bouts.games.grail_war.cards import REFERENCE, NPCard, SpecialCard
from bouts.games.grail_war.effects import CARD_EFFECTS
from tests.grail_war.helpers import CAT, GAME


def test_counts() -> None:
    """DGW-012 and §2.3: 7 masters, 9 servants of 12 attack + 3 NP/skill cards, 27 NP/skill cards, 13 situation
    cards (10 + 3 climax; Casual uses 4 of the 10, DGW-113), 20 events, the special cards."""
    assert len(CAT.masters) == 7 and len(CAT.servants) == 9
    assert all(len(deck) == 12 for deck in CAT.decks.values())
    assert len([c for c in CAT.cards.values() if isinstance(c, NPCard)]) == 27
    kinds = [s.kind for s in CAT.situations.values()]
    assert len(CAT.situations) == 13 and (kinds.count("regular"), kinds.count("climax")) == (10, 3)
    assert len(CAT.casual_situations()) == 4
    assert len(CAT.events) == 20
    assert sum(1 for c in CAT.cards if isinstance(CAT.cards[c], SpecialCard)) == 4


def test_public_deck_totals() -> None:
    """facts/grail_war.md: Saber's deck totals 41 (five power-4 cards), Archer's 32 (six power-2 cards)."""
    def total(servant: str) -> int:
        return sum(CAT.cards[c].power for c in CAT.decks[servant])
    assert total("saber") == 41 and total("archer") == 32
    assert sum(CAT.cards[c].power == 4 for c in CAT.decks["saber"]) == 5
    assert sum(CAT.cards[c].power == 2 for c in CAT.decks["archer"]) == 6


def test_every_entry_has_a_source_or_a_stand_in_reason() -> None:
    """Facts carry ``source``; stand-ins carry a one-line ``reason``; every effect id is implemented."""
    for entries in CAT.pack.sections.values():
        for e in entries:
            assert e.source or (e.stand_in and getattr(e, "reason", ""))
            effect = getattr(e, "effect", None)
            if effect and e.__class__.__name__ in ("AttackCard", "NPCard", "SpecialCard"):
                assert effect in CARD_EFFECTS, e.id
    attrs = {a for c in CAT.cards.values() for a in c.attributes}
    assert {"strength", "agility", "magic"} <= attrs


def test_broken_pack_names_file_entry_and_field(tmp_path: Path) -> None:
    """A bad content pack gets one line naming the file, the entry and the field."""
    pack = tmp_path / "pack"
    shutil.copytree(REFERENCE, pack)
    text = (pack / "events.toml").read_text().replace("spoils = 3", "spoils = 99", 1)
    (pack / "events.toml").write_text(text)
    with pytest.raises(ContentError, match=r"events.toml: \[\[event\]\] entry #1 \(id 'e01'\): field 'spoils'"):
        GAME.load_content(str(pack))


def _pack_without(tmp_path: Path, file: str, drop: str) -> Path:
    """A copy of the reference pack with every entry of ``file`` whose text contains ``drop`` removed."""
    pack = tmp_path / "pack"
    shutil.copytree(REFERENCE, pack)
    head, *entries = (pack / file).read_text().split("\n[[")
    kept = [e for e in entries if drop not in e]
    (pack / file).write_text("\n[[".join([head, *kept]))
    return pack


@pytest.mark.parametrize(("file", "drop", "message"), [
    ("situations.toml", 'id = "s10"', r"10 regular situation cards.*DGW-020"),
    ("situations.toml", "remaining = 2", r"climax situation card for 2 masters left \(DGW-RUL-39\)"),
    ("events.toml", "event]]", r"no \[\[event\]\] cards \(DGW-019\)"),
])
def test_dgw_020_a_pack_that_cannot_make_a_legal_game_is_refused_at_load(tmp_path: Path, file: str, drop: str,
                                                                         message: str) -> None:
    """DGW-020, DGW-113, DGW-RUL-39, DGW-019: a pack short of the situation, Casual, climax or event cards a
    game needs is refused when it is loaded, with one line saying what is missing."""
    with pytest.raises(ContentError, match=message):
        GAME.load_content(str(_pack_without(tmp_path, file, drop)))


def test_dgw_001_ids_and_numbers_have_rulebook_bounds(tmp_path: Path) -> None:
    """DGW-001, DGW-007: ids are lowercase words, and a number past its rulebook bound (mana 12) is refused."""
    pack = tmp_path / "pack"
    shutil.copytree(REFERENCE, pack)
    text = (pack / "masters.toml").read_text()
    (pack / "masters.toml").write_text(text.replace("initial_mana = 2", "initial_mana = 13", 1))
    with pytest.raises(ContentError, match=r"masters.toml.*initial_mana"):
        GAME.load_content(str(pack))
    (pack / "masters.toml").write_text(text.replace('id = "shirou"', 'id = "Shirou Emiya"', 1))
    with pytest.raises(ContentError, match=r"masters.toml"):
        GAME.load_content(str(pack))


def _edited(tmp_path: Path, file: str, old: str, new: str) -> Path:
    """A copy of the reference pack with the first ``old`` of ``file`` replaced by ``new``."""
    pack = tmp_path / "pack"
    shutil.copytree(REFERENCE, pack)
    text = (pack / file).read_text()
    assert old in text
    (pack / file).write_text(text.replace(old, new, 1))
    return pack


CANNOT_WORK = [
    ("attack_cards.toml", 'id = "saber_01"', 'id = "excalibur"',
     r"id 'excalibur' names entries in \[\[attack\]\] and \[\[np\]\]"),
    ("attack_cards.toml", 'effect = "clash_shinto_plus"', 'effect = "clash_shinto_pluss"',
     r"attack_cards.toml: \[\[attack\]\] .*id 'saber_08'.*field 'effect'.*unknown effect 'clash_shinto_pluss'"),
    ("servants.toml", 'effect = "excalibur"', 'effect = "excaliburr"',
     r"servants.toml: \[\[np\]\] .*id 'excalibur'.*field 'effect'.*unknown effect 'excaliburr'"),
    ("situations.toml", 'effect = "attr_plus"', 'effect = "attr_pluss"',
     r"situations.toml: \[\[situation\]\] .*id 's03'.*field 'effect'"),
    ("events.toml", 'effect = "attr_plus"', 'effect = "attr_minus"',
     r"events.toml: \[\[event\]\] .*id 'e05'.*field 'effect'"),
    ("masters.toml", '"immature", "projection"', '"immature", "projektion"',
     r"masters.toml: \[\[master\]\] .*id 'shirou'.*field 'abilities"),
    ("servants.toml", 'target = "strength"', "",
     r"servants.toml: \[\[np\]\] .*id 'invisible_air'.*'nullify' needs a 'target'"),
    ("events.toml", 'attribute = "strength"', "",
     r"events.toml: \[\[event\]\] .*id 'e05'.*'attr_plus' needs an 'attribute'"),
    ("special_cards.toml", 'ability = "projection"', 'ability = "jewel_magecraft"',
     r"special card 'kanshou_bakuya': its master 'shirou' has no ability 'jewel_magecraft'"),
    ("situations.toml", "casual = true", "casual = false", r"exactly 4 Casual situation cards.*\(DGW-113\)"),
]


@pytest.mark.parametrize(("file", "old", "new", "message"), CANNOT_WORK,
                         ids=["shared-id", "attack-effect", "np-effect", "situation-effect", "event-effect",
                              "master-ability", "nullify-target", "event-attribute", "special-ability", "casual-4"])
def test_content_that_cannot_work_is_refused_at_load(tmp_path: Path, file: str, old: str, new: str,
                                                     message: str) -> None:
    """Content is validated as if an enemy wrote it: an id two sections share (the cards would merge), an
    effect keyword the rules do not know on an attack, NP/skill, situation or event card, a master ability
    the rules do not know, an effect without the field it needs, a special card no ability of its master
    allows: each is refused when the pack loads, with one line saying where (DGW-012, DGW-016)."""
    with pytest.raises(ContentError, match=message) as refused:
        GAME.load_content(str(_edited(tmp_path, file, old, new)))
    assert "\n" not in str(refused.value)


def test_a_broken_pack_stops_the_command_with_one_line_and_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Through the command's real entry point (``bouts.cli.main:run``): ``bouts rules grail_war --content DIR``
    with each broken pack exits 2 with one line on stderr and no traceback."""
    from bouts.cli.main import run
    for number, (file, old, new, _) in enumerate(CANNOT_WORK):
        pack = _edited(tmp_path / str(number), file, old, new)
        monkeypatch.setattr("sys.argv", ["bouts", "rules", "grail_war", "--content", str(pack)])
        with pytest.raises(SystemExit) as done:
            run()
        err = capsys.readouterr().err
        assert done.value.code == 2, (file, err)
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err


def test_card_effects_is_what_content_is_checked_against() -> None:
    """CARD_EFFECTS is every effect id with rules behind it: each 使用時/対決時 hook and each effect read where it
    applies; the reference pack uses only those, and every one of them is used by some card."""
    from bouts.games.grail_war.effects import ON_CLASH, ON_USE
    assert set(ON_USE) | set(ON_CLASH) <= CARD_EFFECTS
    used = {c.effect for c in CAT.cards.values() if c.effect}
    assert used <= CARD_EFFECTS
