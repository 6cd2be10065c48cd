"""SAO options: characters, difficulty (SAO-130..SAO-132), ruling flags and a simulation safety limit."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from bouts.core.options import Options
from bouts.games.sao.i18n import M_


class SaoOptions(Options):
    """Options for a game of Sword Art Online: Sword of Fellows."""

    characters: tuple[str, ...] | None = None
    """Character id per seat (solo: two ids, one of them ``kirito``); default Kirito, Asuna, Klein,
    Lisbeth in seat order (SAO-031, SAO-032)."""
    difficulty: Literal["easy", "normal", "hard"] = "normal"
    """``easy``: turn player and partner each get one free ability use per turn (SAO-130, SAO-RUL-46);
    ``hard``: ability usage reduced by ``hard_usage_reduction`` and no character dice (SAO-131,
    SAO-132, SAO-RUL-47)."""
    hard_usage_reduction: int = Field(1, ge=0)
    """How many ability uses the hard option removes (never below 0; SAO-RUL-47)."""
    character_dice: bool | None = None
    """Whether character dice are in play; default: yes, except on ``hard`` (SAO-132)."""
    die_control_any_number: bool = False
    """Silica's Die control changes any number of the holder's dice instead of one (SAO-RUL-38 flag)."""
    scenarios: tuple[str, ...] | None = None
    """Fixed scenario ids for lower, middle, upper and final (default: drawn at random, SAO-035)."""
    turn_limit: int | None = Field(None, ge=1)
    """House rule for simulations: the players lose after this many turns (the rulebook has none,
    so the default is none; random and heuristic games end on their own)."""

    @property
    def uses_character_dice(self) -> bool:
        """Whether character dice are in play."""
        if self.character_dice is not None:
            return self.character_dice
        return self.difficulty != "hard"


OPTION_HELP = {
    "characters": M_("character id per seat, e.g. [[\"kirito\",\"asuna\"]] (solo: 2 ids, one of them [kirito]); "
                     "default Kirito, Asuna, Klein, Lisbeth"),
    "difficulty": M_("[easy] (a free ability use each per turn) | [normal] (default) | [hard] (fewer uses, no "
                     "character dice)"),
    "hard_usage_reduction": M_("ability uses removed on [hard] (default 1)"),
    "character_dice": M_("[true] or [false]: character dice in play (default: yes, except on [hard])"),
    "die_control_any_number": M_("Silica's Die control changes any number of dice ([true]; default [false]: one die)"),
    "scenarios": M_("fixed scenario ids: lower section, middle section, upper section, Final Battle (default: "
                    "drawn at random)"),
    "turn_limit": M_("house rule for simulations: lose after this many turns (default: none, as in the rulebook)"),
}
"""Each option with its meaning; values to type are in brackets."""
