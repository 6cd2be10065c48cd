"""Swordplay options: game mode, hero choices, the optional rule, a house turn limit."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from bouts.core.options import Options


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
    "mode": "arena (free-for-all, default) | solo (1 hero vs the monster) | coop (heroes vs the monster)",
    "heroes": "hero id per seat, e.g. [\"gladiator\",\"mercenary\"]; default: chosen at set-up",
    "monster": "monster id for solo/coop (default: the pack's first monster)",
    "realistic_parries": "optional rule: unarmed heroes parry only unarmed attackers (default false)",
    "turn_limit": "house rule for simulations: draw after this many turns (default: none)",
    "hand_size": "hand size dealt and drawn up to (default 5)",
}
