"""Dominate Grail War options: the Casual rules, master choice and the rulings' flags."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from bouts.core.contract import Words
from bouts.core.options import Options
from bouts.games.grail_war.i18n import M_


class GrailWarOptions(Options):
    """Options for a Dominate Grail War game (flags name the rulings of rules/grail_war.md §5)."""

    casual: bool = False
    """The Casual rules (DGW-112..DGW-122): at most 4 players, 4 situation cards, no events, +2 mana,
    fixed spoils, 4 rounds."""
    masters: tuple[str, ...] | None = None
    """Master id per seat (DGW-025 "chosen freely"); default: dealt at random."""
    npc_counts_for_contested_bonus: bool = True
    """DGW-RUL-13: a player fighting only the NPC gets the contested bonus."""
    npc_counts_in_tie_divisor: bool = True
    """DGW-RUL-14: a tie with the NPC splits the spoils as if the NPC took a share."""
    npc_by_current_count: bool = False
    """DGW-RUL-10: the NPC follows the starting player count (false) or the players left (true)."""
    land_advantage_travels: bool = False
    """DGW-RUL-15: a land advantage token adds power only on its own battlefield (false)."""
    shirou_exempt_after_round8: bool = True
    """DGW-RUL-41: Shirou is never eliminated right after round 8."""
    clown_check: Literal["before_elimination", "after_elimination"] = "after_elimination"
    """DGW-RUL-42 (corrected): solo Shinji's last place is checked 「クライマックスラウンド開始時」, after the
    round-8 elimination that happens 「次のラウンドを開始する前」, among those still in (the facts agree). The
    earlier reading, checked before the elimination, is the option ``before_elimination``: with it a Shinji
    who never acts wins most 7-player games."""
    round_limit: int = Field(40, ge=1, le=200)
    """House guard for simulations: after this many rounds the most spoils win (the rulebook has none)."""


OPTION_HELP: dict[str, Words] = {
    "casual": M_("[true]: the Casual rules: 3-4 players, no events, 4 rounds, most spoils wins (default [false])"),
    "masters": M_("master id per seat, e.g. [[\"shirou\",\"rin\",\"kirei\"]]; default: dealt at random"),
    "npc_counts_for_contested_bonus": M_("DGW-RUL-13: beating only the NPC is contested (default [true])"),
    "npc_counts_in_tie_divisor": M_("DGW-RUL-14: the NPC takes a share in a tie (default [true])"),
    "npc_by_current_count": M_("DGW-RUL-10: [true]: NPC when the players left are 4 or fewer (default [false]: the "
                               "starting count)"),
    "land_advantage_travels": M_("DGW-RUL-15: [true]: land advantage counts on any battlefield (default [false])"),
    "shirou_exempt_after_round8": M_("DGW-RUL-41: Shirou survives the round-8 elimination (default [true])"),
    "clown_check": M_("DGW-RUL-42: [after_elimination] (default: last among those left as the climax begins) | "
                      "[before_elimination] (the earlier reading)"),
    "round_limit": M_("house guard: most spoils win after this many rounds (default [40])"),
}
