"""Command spells (令呪, DGW-083..DGW-090) and Rin's jewels (宝石魔術, DGW-M07)."""

from __future__ import annotations

from bouts.core.events import QUIET
from bouts.games.grail_war.actions import Act, act
from bouts.games.grail_war.board import gain_mana, log, name
from bouts.games.grail_war.i18n import M_, N_
from bouts.games.grail_war.masters import check_forced_change
from bouts.games.grail_war.movement import enter, recon_open
from bouts.games.grail_war.state import PLACES, RECON, WORKSHOP, GrailState, Pending

USE_A_MANA = 4
"""Use A: +4 mana (DGW-087)."""


_SPELL_MANA, _SPELL_POWER, _JEWEL_MANA, _JEWEL_REBUILD, _NEXT = (
    act("spell", "mana"), act("spell", "power"), act("jewel", "mana"), act("jewel", "rebuild"), act("next"))
_SPELL_MOVES = tuple((d, act("spell", "move", d)) for d in PLACES if d != WORKSHOP)
"""Use C's moves, in place order (never to the Workshop): the interned actions, made once."""


def window_options(state: GrailState, seat: int, going_on: bool = True) -> list[Act]:
    """What ``seat`` may do at a command-spell window (DGW-084): spells, jewels, or go on (``going_on``: with
    ``next``; without it, the spells and jewels alone, as the move and preparation menus add them)."""
    p = state.players[seat]
    found: list[Act] = []
    if p.command_spells > 0:
        found.append(_SPELL_MANA)
        found.append(_SPELL_POWER)
        here = p.location  # free_move_targets(state, seat, workshop=False), its Recon test made once
        recon = recon_open(state)
        for d, spell in _SPELL_MOVES:
            if d != here and (d != RECON or recon):
                found.append(spell)
    if p.jewels >= 2 and "jewel_magecraft" in state.catalog.masters[p.master].abilities:  # has(): no count rule
        found.append(_JEWEL_MANA)
        if p.jewels >= 3 and p.hand:
            found.append(_JEWEL_REBUILD)
    if going_on:
        found.append(_NEXT)
    return found


def use_spell(state: GrailState, seat: int, act: Act) -> None:
    """Declare a command spell, apply its use and remove one token (DGW-086..DGW-089)."""
    p = state.players[seat]
    p.command_spells -= 1
    if act.what == "mana":
        gain_mana(state, seat, USE_A_MANA)
        if state.events is not QUIET:  # a quiet state makes no line: its arguments are not made
            log(state, "spell", N_("{master} uses a command spell: +4 mana"), {"seat": seat, "use": "A"},
                args={"master": name(state, seat)}, clauses=("DGW-087",))
    elif act.what == "power":
        p.use_b += 1
        if state.events is not QUIET:  # a quiet state makes no line: its arguments are not made
            log(state, "spell", N_("{master} uses a command spell: +2 power, +2 spoils on a win"),
                {"seat": seat, "use": "B"}, args={"master": name(state, seat)}, clauses=("DGW-088",))
    else:
        assert act.how is not None
        if state.events is not QUIET:  # a quiet state makes no line: its arguments are not made
            log(state, "spell", N_("{master} uses a command spell to move"), {"seat": seat, "use": "C"},
                args={"master": name(state, seat)}, clauses=("DGW-089",))
        enter(state, seat, act.how, M_("command spell, free"))
    check_forced_change(state, seat)


def use_jewels(state: GrailState, seat: int, act: Act) -> None:
    """宝石魔術: 2 jewels for +1 mana; 3 jewels to rebuild the hand."""
    p = state.players[seat]
    if act.what == "mana":
        p.jewels -= 2
        gain_mana(state, seat, 1)
        log(state, "ability", N_("{master}: Jewel Magecraft, 2 jewels for +1 mana"), {"seat": seat},
            args={"master": name(state, seat)}, clauses=("DGW-M07",))
    else:
        p.jewels -= 3
        log(state, "ability", N_("{master}: Jewel Magecraft, 3 jewels to rebuild the hand"), {"seat": seat},
            args={"master": name(state, seat)}, clauses=("DGW-M07",))
        state.pending.append(Pending("rebuild", seat))
