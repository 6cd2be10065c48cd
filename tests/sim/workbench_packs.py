"""Test packs and designs for the workbench tests."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import bouts
from bouts.sim.variants import Design, Variant, variant_of

TYPICAL_HEROES = ("squire", "archer", "duelist")
"""Heroes added to the reference Swordplay pack, each with the rulebook's typical values (10 life, 1 damage,
2 hands): so a planted change to one of them has a known direction."""



def move_to_end(section: str, ident: str) -> str:
    """A change with no effect on the odds that still changes every game: the entry is dropped and added back,
    the same in every field, at the end of its section. For a card this puts the unshuffled deck (and so every
    shuffled deck) in another order; the deck is shuffled uniformly, so the games' distribution is the same:
    a true null, for measuring false positives."""
    entry = bouts.game("swordplay").load_content(None).by_id(section)[ident]
    fields = {k: v for k, v in entry.model_dump(mode="json").items() if k != "id" and v is not None}
    return f"drop {section}.{ident}; add {section}.{ident} = {json.dumps(fields)}"


MOVE_DODGE = move_to_end("card", "dodge")
"""Dodge moved to the end of the combat cards (a null change that reorders every deck)."""


def typical_pack(root: Path) -> Path:
    """The reference Swordplay pack with three more typical Heroes."""
    folder = root / "typical-pack"
    if folder.exists():
        return folder
    shutil.copytree(bouts.game("swordplay").catalogs.reference_dir, folder)
    extra = "".join(f'\n[[hero]]\nid = "{hero}"\nname = "{hero}"\nstand_in = true\n' for hero in TYPICAL_HEROES)
    with (folder / "heroes.toml").open("a", encoding="utf-8") as handle:
        handle.write(extra)
    return folder


def study(pack: Path, *variants: str, seed: int = 0, paired: bool = True) -> Design:
    """A two-seat design study (random agents, Heroes dealt at random) of ``variants`` over ``pack``."""
    chosen: list[Variant] = [variant_of(v) for v in variants]
    return Design("swordplay", ("random", "random"), tuple(chosen), content=str(pack), seed=seed,
                  assign="random", paired=paired)
