"""Issue 28, "changes as data": patches over a content pack or the options, validated like content."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import bouts
from bouts.cli.main import app
from bouts.core.content import ContentError, ContentPack
from bouts.core.patch import Change, Patch, PatchError, field_value, numeric_fields
from bouts.sim import SimConfig, simulate

runner = CliRunner()
SWORDPLAY = bouts.game("swordplay")
FGO = bouts.game("fgo_duel")


def reference(game: str = "swordplay") -> ContentPack:
    return bouts.game(game).load_content(None)


def test_a_change_sets_adds_and_swaps_and_the_game_plays_the_patched_pack() -> None:
    patch = Patch.parse("hero.mercenary.base_damage += 2; hero.gladiator.life = 12\n"
                        "card.attack_high -> card.overhead_smash  # one Attack - High becomes a Smash")
    pack = patch.apply_content(reference())
    assert field_value(pack, {}, "hero.mercenary.base_damage") == 4
    assert field_value(pack, {}, "hero.gladiator.life") == 12
    assert field_value(pack, {}, "card.attack_high.count") == 4
    assert field_value(pack, {}, "card.overhead_smash.count") == 2
    assert pack.id != reference().id and pack.id.startswith(reference().id)
    catalog = SWORDPLAY.catalog(pack)
    assert sum(1 for card in catalog.deck if card.startswith("overhead_smash/")) == 2
    state = SWORDPLAY.setup(2, {"heroes": ["mercenary", "gladiator"]}, pack, 1)
    assert state.fighters[0].card == "mercenary"
    assert SWORDPLAY.view(state, 0)  # a real game over the patched pack
    assert reference().by_id("hero")["mercenary"].base_damage == 2  # the base pack is untouched


def test_nested_fields_and_list_items_are_changes_too() -> None:
    patch = Patch.parse('servant.artoria.commands[0].power += 1; servant.artoria.skills.1 = charisma; '
                        'servant.artoria.commands.2 = {type = "arts", power = 3}')
    pack = patch.apply_content(reference("fgo_duel"))
    commands = field_value(pack, {}, "servant.artoria.commands")
    assert commands[0] == {"type": "buster", "power": 6} and commands[2] == {"type": "arts", "power": 3}
    assert field_value(pack, {}, "servant.artoria.skills")[1] == "charisma"
    FGO.catalog(pack)


def test_options_and_house_rules_are_changes() -> None:
    patch = Patch.parse("options.realistic_parries = true; option.hand_size = 6")
    assert patch.apply_options({}, SWORDPLAY.options_help()) == {"realistic_parries": True, "hand_size": 6}
    assert Patch.parse("toggle options.realistic_parries").apply_options(
        {"realistic_parries": True}, SWORDPLAY.options_help()) == {"realistic_parries": False}
    assert Patch.parse("options.hand_size += 1").apply_options({"hand_size": 5}, SWORDPLAY.options_help()) == \
        {"hand_size": 6}
    config = SimConfig("swordplay", ("random", "random"), {}, None, 3, patch=patch)
    config.check()
    assert config.game_options(1) == {"realistic_parries": True, "hand_size": 6}


def test_entries_can_be_dropped_and_added() -> None:
    patch = Patch.parse('drop card.lunge; add hero.giant = {name = "The Giant", life = 60, stand_in = true}')
    pack = patch.apply_content(reference())
    assert "lunge" not in pack.by_id("card") and pack.by_id("hero")["giant"].life == 60
    catalog = SWORDPLAY.catalog(pack)
    assert "giant" in catalog.heroes and not any(c.startswith("lunge/") for c in catalog.deck)


@pytest.mark.parametrize(("text", "message"), [
    ("hero.merc.life = 3", "no hero 'merc' (ids: gladiator, mercenary)"),
    ("hero.mercenary.power += 1", "hero 'mercenary' has no field 'power' (fields: name, text, life, base_damage"),
    ("heroes.mercenary.life = 300", "field 'life': Input should be less than or equal to 100"),
    ("villain.x.life = 1", "no section 'villain' in swordplay content (sections: card, hero, monster)"),
    ("options.nope = 1", "no option 'nope' (options: mode, heroes"),
    ("hero.mercenary.life += true", "+= needs a number"),
    ("hero.mercenary.life += 1e9", "out of range"),
    ("hero.mercenary.name *= 2", "not a number"),
    ("card.attack_high -> card.nothing", "no card 'nothing'"),
    ("hero.gladiator -> hero.mercenary", "no 'count' of copies"),
    ("toggle hero.mercenary.life", "not true/false"),
    ("options.hand_size += 1", "has no value given here"),
    ("hero.mercenary", "not a change"),
    ("hero.mercenary.id = x", "has no field 'id'"),
    ("servant.artoria.commands.9.power = 1", "is a list"),
    ("add hero.mercenary = {name = \"again\", stand_in = true}", "exists already"),
    ("add hero.ogre = {life = 5}", "field 'name': Field required"),
])
def test_a_bad_change_is_one_clear_error(text: str, message: str) -> None:
    game = "fgo_duel" if text.startswith("servant") else "swordplay"
    with pytest.raises(PatchError) as caught:
        patch = Patch.parse(text)
        patch.apply_content(reference(game))
        patch.apply_options({}, bouts.game(game).options_help())
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_cross_references_are_checked_by_the_game_as_for_any_pack() -> None:
    with pytest.raises(ContentError, match="the pack has no \\[\\[hero\\]\\] entries"):
        SimConfig("swordplay", ("random", "random"), {}, None, patch=Patch.parse(
            "drop hero.gladiator; drop hero.mercenary")).check()
    with pytest.raises(ContentError, match="servant 'artoria': field 'skills': unknown skill 'charisma'"):
        SimConfig("fgo_duel", ("random", "random"), {}, None, patch=Patch.parse("drop skill.charisma")).check()


def test_a_patch_file_is_toml_checked_like_content(tmp_path: Path) -> None:
    file = tmp_path / "stronger.toml"
    file.write_text('name = "Mercenary hits harder"\n'
                    'changes = ["hero.mercenary.base_damage += 2"]\n'
                    'drop = ["card.lunge"]\n'
                    '[set]\nhero.gladiator.life = 11\noptions.realistic_parries = true\n'
                    '[add]\ncard.attack_low.count = -1\n'
                    '[[new.hero]]\nid = "giant"\nname = "The Giant"\nlife = 60\nstand_in = true\n', encoding="utf-8")
    patch = Patch.load(file)
    assert patch.name == "Mercenary hits harder"
    assert [str(c) for c in patch.changes] == [
        "hero.mercenary.base_damage += 2", "hero.gladiator.life = 11", "options.realistic_parries = true",
        "card.attack_low.count += -1", "drop card.lunge",
        'add hero.giant = {"life":60,"name":"The Giant","stand_in":true}']
    pack = patch.apply_content(reference())
    assert field_value(pack, {}, "card.attack_low.count") == 4 and field_value(pack, {}, "hero.giant") is True
    bad = tmp_path / "bad.toml"
    bad.write_text('chnages = ["hero.mercenary.life = 3"]\n', encoding="utf-8")
    with pytest.raises(PatchError, match=r"bad\.toml: unknown key 'chnages'"):
        Patch.load(bad)
    bad.write_text('changes = ["hero.mercenary.life = 3"\n', encoding="utf-8")
    with pytest.raises(PatchError, match=r"bad\.toml: not valid TOML"):
        Patch.load(bad)


def test_changes_round_trip_through_their_text_and_json() -> None:
    for text in ("hero.mercenary.base_damage += 2", "options.realistic_parries = true", "drop card.lunge",
                 "card.attack_high -> card.overhead_smash", "toggle options.realistic_parries",
                 'servant.artoria.commands.2 = {"power":3,"type":"arts"}', "hero.gladiator.life *= 1.5"):
        change = Change.parse(text)
        assert Change.parse(str(change)) == change
        assert Change.from_json(change.to_json()) == change
    patch = Patch.parse("hero.mercenary.life = 8; options.realistic_parries = true", "mine")
    assert Patch.from_json(patch.to_json()) == patch


def test_a_no_op_patch_plays_the_very_same_games() -> None:
    base = SimConfig("swordplay", ("random", "random"), {}, None, 5)
    same = SimConfig("swordplay", ("random", "random"), {}, None, 5,
                     patch=Patch.parse("hero.gladiator.life += 0; options.realistic_parries = false"))
    assert simulate(base, 6, jobs=1) == simulate(same, 6, jobs=1)


def test_the_designers_menu_lists_numbers_with_their_bounds() -> None:
    fields = {f.path: f for f in numeric_fields(reference())}
    life = fields["hero.mercenary.life"]
    assert (life.value, life.kind, life.low, life.high) == (7, "int", 1, 100)


def test_the_command_line_refuses_a_bad_patch_in_one_line_with_exit_code_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["compare", "swordplay", "base", "hero.mercenary.power += 1", "-n", "5", "-q",
                                 "--out", str(tmp_path / "run")])
    assert result.exit_code == 2
    assert result.stderr.strip() == ("error: 'hero.mercenary.power += 1': hero 'mercenary' has no field 'power' "
                                     "(fields: name, text, life, base_damage, hands)")
    assert not (tmp_path / "run").exists() or not any((tmp_path / "run").rglob("*.parquet"))
    result = runner.invoke(app, ["sweep", "swordplay", "--vary", "hero.mercenary.life=50..150:50", "-n", "5", "-q",
                                 "--out", str(tmp_path / "sweep")])
    assert result.exit_code == 2 and "less than or equal to 100" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_game_without_content_packs_takes_option_changes_only() -> None:
    import tests.agents.toy_games  # noqa: F401  (games named as 'tests.agents.toy_games:...' must be imported)

    with pytest.raises(PatchError, match="sealed_duel has no content pack to change"):
        SimConfig("tests.agents.toy_games:SEALED_DUEL", ("random", "random"),
                  patch=Patch.parse("hero.x.life = 1")).check()


def test_docstring_examples_of_the_workbench() -> None:
    import doctest

    import bouts.core.patch
    import bouts.sim.paired
    import bouts.sim.store
    import bouts.sim.sweep
    import bouts.sim.variants
    import bouts.sim.wording

    for module in (bouts.core.patch, bouts.sim.paired, bouts.sim.store, bouts.sim.sweep, bouts.sim.variants,
                   bouts.sim.wording):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, module.__name__


PIECES = ["hero", "mercenary", "card", "count", "life", "options", "hand_size", ".", "=", "+=", "*=", "-=", "->",
          " ", ";", "[0]", "0", "1e308", "nan", "inf", "-1", "true", "{", "}", "[", "]", '"', "'", "drop ", "add ",
          "toggle ", "#", "\n", "commands", "é", "\x00", "{a = {b = {c = 1}}}", "[[[[[[1]]]]]]"]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(PIECES), max_size=14).map("".join))
def test_any_text_is_a_patch_or_one_clear_error(text: str) -> None:
    """Patches are read as content is, as if an enemy wrote them: only a PatchError, whatever the text."""
    try:
        patch = Patch.parse(text)
        patch.apply_options({"hand_size": 5}, SWORDPLAY.options_help())
        SWORDPLAY.catalog(patch.apply_content(reference()))
    except (PatchError, ContentError) as exc:
        assert str(exc).strip()


def test_hostile_values_are_refused() -> None:
    for text in ("hero.mercenary.life *= 1e308", "hero.mercenary.life = nan", "hero.mercenary.life += inf",
                 "hero.mercenary.life = " + "[" * 5000 + "]" * 5000, "options.hand_size = " + "{a=" * 3000):
        with pytest.raises(PatchError):
            patch = Patch.parse(text)
            patch.apply_content(reference())
            SimConfig("swordplay", ("random", "random"), {"hand_size": 5}, None, patch=patch).check()
