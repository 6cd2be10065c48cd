"""Shared helpers for the FGO Duel tests: ready-made states and a small example content pack."""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bouts.core import CHANCE
from bouts.games.fgo_duel.cards import REFERENCE, Catalog, load_catalog
from bouts.games.fgo_duel.game import FgoDuel
from bouts.games.fgo_duel.state import FgoState, Phase

GAME = FgoDuel()
P0 = ("artoria", "medusa", "hassan")
"""Seat 0's default party (cost 5 + 3 + 2 = 10)."""
P1 = ("emiya", "cu_chulainn", "medea")
"""Seat 1's default party (cost 4 + 3 + 2 = 9)."""

EXAMPLE_SERVANTS = '''
[[servant]]
id = "t_saber"
name = "Test Saber"
servant_no = 101
servant_class = "Saber"
rarity = 5
cost = 5
commands = [{type = "quick", power = 3}, {type = "arts", power = 5}, {type = "buster", power = 6},
            {type = "buster", power = 2}, {type = "arts", power = 4}]
skills = ["mana_burst"]
stand_in = true

[[servant]]
id = "t_buster"
name = "Test Buster"
servant_no = 102
servant_class = "Berserker"
rarity = 4
cost = 4
commands = [{type = "buster", power = 2}, {type = "buster", power = 4}, {type = "buster", power = 4},
            {type = "quick", power = 2}, {type = "quick", power = 3}]
skills = ["mad_enhancement"]
stand_in = true

[[servant]]
id = "t_arts"
name = "Test Arts"
servant_no = 103
servant_class = "Caster"
rarity = 3
cost = 2
commands = [{type = "arts", power = 3}, {type = "arts", power = 3}, {type = "quick", power = 3},
            {type = "buster", power = 3}, {type = "buster", power = 3}]
skills = ["riding"]
stand_in = true

[[servant]]
id = "t_guard"
name = "Test Guard"
servant_no = 104
servant_class = "Shielder"
rarity = 3
cost = 3
commands = [{type = "arts", power = 2}, {type = "quick", power = 2}, {type = "buster", power = 5},
            {type = "buster", power = 3}, {type = "arts", power = 1}]
skills = ["wall_of_snowflakes"]
stand_in = true

[[servant]]
id = "t_lancer"
name = "Test Lancer"
servant_no = 105
servant_class = "Lancer"
rarity = 3
cost = 3
commands = [{type = "quick", power = 4}, {type = "quick", power = 4}, {type = "arts", power = 3},
            {type = "buster", power = 3}, {type = "quick", power = 1}]
skills = ["primordial_rune", "wisdom_of_dun_scaith", "god_slayer"]
stand_in = true

[[servant]]
id = "t_twin"
name = "Test Arts (another name)"
servant_no = 103
servant_class = "Caster"
rarity = 1
cost = 1
commands = [{type = "arts", power = 1}, {type = "arts", power = 1}, {type = "quick", power = 1},
            {type = "buster", power = 3}, {type = "buster", power = 1}]
skills = ["t_alarm"]
stand_in = true

[[skill]]
id = "t_alarm"
name = "Test alarm"
kind = "trigger"
trigger = "enemy_moves_in"
effect = "draw"
amount = 1
stand_in = true
text = "【トリガー:敵が自身のエリアに移動しようとしたとき】 Draw 1 card."
'''
E0 = ("t_saber", "t_buster", "t_arts")
"""Example seat 0 party (cost 11)."""
E1 = ("t_guard", "t_lancer", "t_twin")
"""Example seat 1 party (t_twin shares t_arts's servant ID: allowed across parties, FGO-RUL-38)."""


TINY_MAP = '''
[[map]]
id = "tiny"
name = "Tiny test map"
stand_in = true
areas = [
  {id = "m0", name = "master 0", pos = [1, -1], master = 0},
  {id = "s1", name = "s1", pos = [0, 0], initial = [0, 1]},
  {id = "s2", name = "s2", pos = [1, 0], initial = [0, 2]},
  {id = "s3", name = "s3", pos = [2, 0], initial = [0, 3]},
  {id = "mid", name = "mid", pos = [1, 1]},
  {id = "t1", name = "t1", pos = [2, 2], initial = [1, 1]},
  {id = "t2", name = "t2", pos = [1, 2], initial = [1, 2]},
  {id = "t3", name = "t3", pos = [0, 2], initial = [1, 3]},
  {id = "m1", name = "master 1", pos = [1, 3], master = 1},
]
links = [["m0", "s3"], ["s3", "s1"], ["s3", "s2"], ["s1", "mid"], ["s2", "mid"], ["mid", "t1"], ["mid", "t2"],
         ["t3", "t1"], ["t3", "t2"], ["t3", "m1"], ["s2", "m0"], ["t2", "m1"]]
'''
"""A small map: s3 touches only s1, s2 and its own master area, so it can be boxed in (FGO-RUL-13)."""


def example_pack(directory: Path) -> Catalog:
    """Write and load the example pack (reference maps and skills, test servants)."""
    directory.mkdir(parents=True, exist_ok=True)
    shutil.copy(REFERENCE / "maps.toml", directory / "maps.toml")
    shutil.copy(REFERENCE / "skills.toml", directory / "skills.toml")
    (directory / "servants.toml").write_text(EXAMPLE_SERVANTS, encoding="utf-8")
    (directory / "tiny.toml").write_text(TINY_MAP, encoding="utf-8")
    return load_catalog(str(directory))


def identity_shuffles(state: FgoState) -> FgoState:
    """Resolve pending shuffles leaving each deck in its current order (party order at set-up)."""
    while GAME.to_act(state) == (CHANCE,) and state.phase is Phase.SHUFFLE:
        order = state.masters[state.shuffling].deck
        state = GAME.apply(state, CHANCE, "shuffle " + " ".join(order))
    return state


def ready(options: dict[str, Any] | None = None, parties: Sequence[Sequence[str]] = (P0, P1), first: int = 0,
          content: Any = None) -> FgoState:
    """A game set up with fixed parties, unshuffled decks (slot 1's cards on top) and both hands kept.

    Seat 0 then holds all 5 cards of its slot-1 servant, seat 1 likewise.
    """
    opts = {"parties": [list(p) for p in parties], "first_player": first, **(options or {})}
    state = identity_shuffles(GAME.setup(2, opts, content))
    state = GAME.apply(state, first, "keep")
    return GAME.apply(state, 1 - first, "keep")


def arrange(state: FgoState, seat: int, *, hand: Sequence[str] | None = None, deck: Sequence[str] | None = None,
            trash: Sequence[str] | None = None, removed: Sequence[str] | None = None,
            areas: dict[str, str | None] | None = None) -> FgoState:
    """A copy with ``seat``'s zones and figures set as given (the rest unchanged)."""
    new = state.clone()
    new._legal = {}
    master = new.masters[seat]
    if hand is not None:
        master.hand = list(hand)
    if deck is not None:
        master.deck = list(deck)
    if trash is not None:
        master.trash = list(trash)
        master.sideways = []
    if removed is not None:
        master.removed = list(removed)
    for servant, area in (areas or {}).items():
        master.servant(servant).area = area
    return new


def all_cards(state: FgoState, seat: int) -> list[str]:
    """Every command card of ``seat``'s party, in party order."""
    return [f"{s.servant}/{n}" for s in state.masters[seat].party for n in range(1, 6)]


def clash(content: Any, attacker_hand: Sequence[str], defender_hand: Sequence[str], *, attacker: str = "t_saber",
          defender: str = "t_guard", options: dict[str, Any] | None = None) -> FgoState:
    """Seat 0's turn 1 with ``attacker`` on fuyuki_21 next to seat 1's ``defender`` on fuyuki_31, hands as given
    and every other card in the decks (example pack parties E0 and E1)."""
    state = ready(options, parties=(E0, E1), content=content)
    for seat, hand, servant, area in ((0, attacker_hand, attacker, "fuyuki_21"),
                                      (1, defender_hand, defender, "fuyuki_31")):
        rest = [c for c in all_cards(state, seat) if c not in hand]
        state = arrange(state, seat, hand=hand, deck=rest, trash=[], areas={servant: area})
    return state


def act(state: FgoState, seat: int, *texts: str) -> FgoState:
    """Apply several actions of one seat."""
    for text in texts:
        state = GAME.apply(state, seat, text)
    return state


def legal_texts(state: FgoState, seat: int) -> set[str]:
    """The text forms of ``seat``'s legal actions."""
    return {str(a) for a in GAME.legal_actions(state, seat)}
