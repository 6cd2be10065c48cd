"""Equipment at work in play (SAO-026, SAO-079): the Coat, earned by clearing a scenario, takes 1 off each hit."""

from __future__ import annotations

import shutil
from pathlib import Path

from sao_helpers import GAME, ITEMS, act, char, kind, roll

from bouts.core.contract import CHANCE
from bouts.games.sao.cards import REFERENCE, Catalog, load_catalog
from bouts.games.sao.state import SaoState

SCENARIOS = ["ambush", "assassin", "giant", "final_battle"]


def pack(tmp_path: Path, assassin_damage: int) -> Catalog:
    """The reference pack with a one-step, 2-HP Ambush (so one Sword Skill clears it) and the Assassin's
    step dealing ``assassin_damage`` (a pack may give a step any Damage from 0 up)."""
    target = tmp_path / "pack"
    shutil.copytree(REFERENCE, target)
    path = target / "scenarios.toml"
    text = path.read_text()
    ambush = ('hp = 20, damage = 3, aoe = true },\n  { name = { en = "The guild leader", ja = "ギルドの頭目" }, '
              'translated = true, hp = 20, damage = 5 },')
    assassin = "hp = 60, damage = 8, no_consumables = true"
    assert ambush in text and assassin in text
    text = text.replace(ambush, "hp = 2, damage = 3, aoe = true },")
    path.write_text(text.replace(assassin, f"hp = 60, damage = {assassin_damage}, no_consumables = true"))
    return load_catalog(str(target))


def coat_on_asuna(catalog: Catalog) -> SaoState:
    """Play Ambush to its end with Vertical Arc, give the drawn Coat to Asuna, and play into the Assassin's first
    counterattack, where Asuna is the turn player and rolls only 1s (no Sword Skill, no damage to the step)."""
    s = GAME.setup(2, {"scenarios": SCENARIOS}, catalog)
    s = GAME.apply(s, CHANCE, "shuffle " + " ".join(ITEMS))
    s = act(roll(s, 2, 2, 4, 4, 6, 3), "finalize")
    s = act(act(s, "skill vertical_arc 1 2"), "done")
    assert kind(s) == "equip" and s.scenario.id == "ambush"
    s = act(act(s, "equip asuna"), "finish")
    assert char(s, "asuna").equipment == ["coat/1"] and s.scenario.id == "assassin"
    while kind(s) == "exchange":
        s = act(s, "keep")
    s = act(roll(s, *([1] * len(s.pending[-1].get("dice")))), "finalize")
    assert [a for a in map(str, GAME.legal_actions(s, GAME.to_act(s)[0]))] == ["done"]
    return act(s, "done")


def hurt(s: SaoState) -> list[tuple[dict[str, object], str]]:
    """The hurt lines of the last step: their data and English sentence."""
    return [(dict(e.data), e.render("en")) for e in s.events if e.kind == "hurt"]


def test_sao_026_079_coat_takes_one_off_each_hit(tmp_path: Path) -> None:
    """SAO-026 (Equipment's lasting effect), SAO-079: a 3-Damage counterattack on the Coat's holder leaves 2
    damage counters, and the log says the Coat took 1 off."""
    s = coat_on_asuna(pack(tmp_path, 3))
    assert [(c.id, c.damage) for c in s.characters] == [("kirito", 0), ("asuna", 2)]
    assert hurt(s) == [({"character": "asuna", "damage": 2}, "Asuna takes 2 damage (1 less for Coat; 10 HP left)")]


def test_sao_026_079_a_coat_never_turns_a_hit_into_healing_or_damage(tmp_path: Path) -> None:
    """SAO-079: a 1-Damage counterattack on the Coat's holder places no damage counter (the Coat absorbs the whole
    hit), and a 0-Damage one places none either: a hit never takes counters away."""
    for damage in (1, 0):
        s = coat_on_asuna(pack(tmp_path / str(damage), damage))
        assert [(c.id, c.damage) for c in s.characters] == [("kirito", 0), ("asuna", 0)]
        assert hurt(s) == [({"character": "asuna", "damage": 0},
                            "Asuna takes 0 damage (1 less for Coat; 12 HP left)")]
