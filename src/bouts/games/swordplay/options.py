"""Swordplay options: game mode, hero choices, the optional rule, a house turn limit."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from bouts.core.options import Options
from bouts.games.swordplay.i18n import M_


class SwordplayOptions(Options):
    """Options for a Swordplay: Arena match."""

    mode: Literal["arena", "solo", "coop"] = "arena"
    """``arena``: free-for-all between Heroes (SWP-029); ``solo``: one Hero against the Monster
    (SWP-058); ``coop``: several Heroes against the Monster (SWP-069)."""
    heroes: tuple[str, ...] | None = None
    """Hero card id per seat; when left out, each seat selects a Hero at set-up (SWP-025)."""
    monster: str | None = None
    """Monster card id for solo and co-op play (default: the pack's first Monster)."""
    realistic_parries: bool = False
    """The optional Realistic Parries rule (SWP-072)."""
    turn_limit: int | None = Field(None, ge=1)
    """House rule for simulations: the match is a draw after this many turns (the rulebook has none)."""
    hand_size: int = Field(5, ge=1)
    """Cards dealt and drawn up to (SWP-028, SWP-034)."""


OPTION_HELP = {
    "mode": M_("[arena] free-for-all (default) | [solo] one Hero against the Monster | [coop] Heroes against the "
               "Monster"),
    "heroes": M_("Hero id per seat, e.g. [[\"gladiator\",\"mercenary\"]]; default: chosen at set-up"),
    "monster": M_("Monster id for solo and co-op play (default: the pack's first Monster)"),
    "realistic_parries": M_("optional rule: a Hero without a ready Weapon parries only attackers without one ([true] "
                            "or [false], default [false])"),
    "turn_limit": M_("house rule for simulations: a draw after this many turns (default: none)"),
    "hand_size": M_("cards dealt and drawn up to (default 5)"),
}
"""Each option with its meaning; values to type are in brackets."""
