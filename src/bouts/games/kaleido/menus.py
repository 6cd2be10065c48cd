"""Every decision's menu: its own options, then the cards, abilities and special actions open now."""

from __future__ import annotations

from typing import Final

from bouts.core.decisions import Decision
from bouts.games.kaleido.actions import PASS, Act
from bouts.games.kaleido.battle_part import passed
from bouts.games.kaleido.command_spells import special_options
from bouts.games.kaleido.flow import MENUS, settle, verb
from bouts.games.kaleido.state import KaleidoState
from bouts.games.kaleido.timings import ability_uses, card_uses, context

WINDOWS: Final = frozenset({"nominated", "intervene", "respond", "counter", "last", "end_window"})
"""Response windows: passing is always an option."""
NO_EXTRAS: Final = frozenset({"master", "servant", "pay", "discard", "forced_retreat"})
"""Decisions without any-time options beyond their own (set-up; mid-payment; the hand check)."""
SPECIAL_ONLY: Final = frozenset({"nominate", "last", "counter", "nominated", "forced_retreat"})
"""Decisions that offer special actions but no card or ability use beyond their own."""


_RETREAT_ONLY: Final = 0
"""What a decision adds to its own options (``_MODES``): the retreat spell only,"""
_NONE: Final = 1
"""nothing,"""
_SPECIAL: Final = 2
"""special actions,"""
_ALL: Final = 3
"""or also cards and abilities."""


def _mode(kind: str) -> tuple[bool, int]:
    """Whether ``kind`` is a window (pass first) and which extras it offers."""
    if kind == "forced_retreat":
        extras = _RETREAT_ONLY
    elif kind in NO_EXTRAS:
        extras = _NONE
    elif kind in SPECIAL_ONLY:
        extras = _SPECIAL
    else:
        extras = _ALL
    return kind in WINDOWS, extras


_MODES: Final[dict[str, tuple[bool, int]]] = {}
"""Decision kind -> :func:`_mode`, worked out once per kind."""


def menu(state: KaleidoState, frame: Decision) -> tuple[Act, ...]:
    """The legal actions of the decision on top of the stack."""
    kind = frame.kind
    mode = _MODES.get(kind)
    if mode is None:
        mode = _MODES[kind] = _mode(kind)
    window, extras = mode
    own = MENUS[kind](state, frame)
    if extras == _NONE:
        return (PASS, *own) if window else tuple(own)
    if extras == _SPECIAL and kind != "nominated":
        return (PASS, *own, *special_options(state, frame)) if window else (*own, *special_options(state, frame))
    options = [PASS, *own] if window else own
    if extras == _RETREAT_ONLY:
        return (*options, *(a for a in special_options(state, frame) if a.args == ("retreat",)))
    if extras == _ALL:
        where = context(state, frame)
        if where != "none":
            options.extend(card_uses(state, frame, where))
            if where == "strategy" or where == "battle":
                options.extend(ability_uses(state, frame, where))
    else:  # nominated
        # Nothing to leave out: the window's own options are 特殊 hand cards, and card_uses never offers a 特殊 card
        # (hand cards of 戦略, 自動 or 戦闘 timing, the strategy card of 戦略 or 戦闘 timing; a card has one timing).
        options.extend(card_uses(state, frame))
    options.extend(special_options(state, frame))
    return tuple(options)


@verb("pass")
def _pass(state: KaleidoState, frame: Decision, act: Act) -> None:
    if frame.kind == "respond":
        passed(state, frame)
    settle(state, frame)
