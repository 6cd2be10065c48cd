"""Fate/kaleido grail options: the optional shuffle mode and the rulings that are choices."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from bouts.core.options import Options
from bouts.games.kaleido.i18n import M_


class KaleidoOptions(Options):
    """Options for a Fate/kaleido grail match."""

    shuffle_mode: bool = False
    """シャッフルモード: any master with any servant, servants chosen last-to-first (KAL-018, KAL-019)."""
    command_spell_heal_capped: bool = False
    """Command spell ④ limited by the printed HP (KAL-RUL-49: not capped by default)."""
    stalemate_at_1hp: Literal["end_no_cost", "second_retreats"] = "end_no_cost"
    """A stalemate when the first player has HP 1 (KAL-RUL-32)."""
    accumulation_cap_lifetime: bool = False
    """Count the 2-card accumulation cap over the whole game instead of at once (KAL-RUL-12)."""
    strategy_reuse: Literal["once_per_phase", "while_not_in_effect"] = "once_per_phase"
    """How often a strategy card's effect may be used: once per phase (default, see the README's
    rulings) or, as KAL-RUL-15 reads, again as soon as its previous use has ended."""
    interveners_protected: bool = False
    """KAL-119 read as protecting interveners too: no effect, reverse clash damage included, may reach a player
    who intervenes (KAL-RUL-21, KAL-RUL-29 as first written). Default: 「介入を含む戦闘に参加していない
    プレイヤー」 reads "players not taking part in the battle, interventions included", so an intervener takes
    part and may be targeted; only bystanders are protected."""
    pairs: tuple[str, ...] | None = Field(None, max_length=7)
    """Each seat's master and servant fixed in advance instead of chosen at set-up (design studies,
    ``bouts sim --assign random``): a pairing-table row id per seat, or ``master/servant`` in shuffle mode."""
    turn_limit: int = Field(40, ge=0, le=1000)
    """House safeguard: the match is a draw after this many turns (0: no limit; the rulebook has none)."""


OPTION_HELP = {
    "shuffle_mode": M_("optional rule: any master with any servant (default false)"),
    "command_spell_heal_capped": M_("command spell ④ cannot heal above printed HP (default false)"),
    "stalemate_at_1hp": M_("end_no_cost (default) | second_retreats: a stalemate when the first player has HP 1"),
    "accumulation_cap_lifetime": M_("at most 2 accumulation cards per game instead of at once (default false)"),
    "strategy_reuse": M_("once_per_phase (default) | while_not_in_effect: a strategy card's effect used again as soon "
                         "as its previous use has ended"),
    "interveners_protected": M_("protect interveners too: no curse, card or reverse clash damage reaches a player "
                                "who intervenes (default false: interveners take part and may be targeted, only "
                                "bystanders are protected)"),
    "pairs": M_("fix each seat's master and servant: pairing-table row ids (master/servant in shuffle mode)"),
    "turn_limit": M_("house safeguard: draw after this many turns (default 40, 0 = none)"),
}
"""One line per option, in the reader's language (no clause ids: the rules panel and ``bouts rules`` cite them)."""
