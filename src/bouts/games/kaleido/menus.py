"""Every decision's menu: its own options, then the cards, abilities and special actions open now."""

from __future__ import annotations

from bouts.core.decisions import Decision
from bouts.games.kaleido.actions import PASS, Act
from bouts.games.kaleido.command_spells import special_actions
from bouts.games.kaleido.flow import MENUS, settle, verb
from bouts.games.kaleido.state import KaleidoState
from bouts.games.kaleido.timings import ability_uses, card_uses, context

WINDOWS = frozenset({"nominated", "intervene", "respond", "counter", "last", "end_window"})
"""Response windows: passing is always an option."""
NO_EXTRAS = frozenset({"master", "servant", "pay", "discard", "forced_retreat"})
"""Decisions without any-time options beyond their own (set-up; mid-payment; the hand check)."""
SPECIAL_ONLY = frozenset({"nominate", "last", "counter", "nominated", "forced_retreat"})
"""Decisions that offer special actions but no card or ability use beyond their own."""


def menu(state: KaleidoState, frame: Decision) -> tuple[Act, ...]:
    """The legal actions of the decision on top of the stack."""
    kind = frame.kind
    options = MENUS[kind](state, frame)
    if kind in WINDOWS:
        options = [PASS, *options]
    if kind == "forced_retreat":
        return (*options, *(a for a in special_actions(state, frame) if a.args == ("retreat",)))
    if kind in NO_EXTRAS:
        return tuple(options)
    if kind not in SPECIAL_ONLY:
        where = context(state, frame)
        options.extend(card_uses(state, frame, where))
        options.extend(ability_uses(state, frame, where))
    if kind == "nominated":
        options.extend(a for a in card_uses(state, frame) if a not in options)
    options.extend(special_actions(state, frame))
    return tuple(options)


@verb("pass")
def _pass(state: KaleidoState, frame: Decision, act: Act) -> None:
    if frame.kind == "respond":
        from bouts.games.kaleido.battle_part import passed

        passed(state, frame)
    settle(state, frame)
