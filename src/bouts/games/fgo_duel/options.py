"""FGO Duel options: map, advanced rules, the cost cap, parties given up front, a house turn limit."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from bouts.core.options import Options
from bouts.games.fgo_duel.i18n import M_


class FgoOptions(Options):
    """Options for a Fate/Grand Order Duel match."""

    map: str = "fuyuki"
    """Map id: ``fuyuki`` (炎上汚染都市 冬木) or ``orleans`` (邪竜百年戦争 オルレアン) (FGO-RUL-41)."""
    advanced: bool = False
    """The advanced rules: the basic rules plus skill cards (FGO-002, FGO-079)."""
    cost_cap: int | None = Field(11, ge=0)
    """Party cost limit (FGO-012); players may agree to relax it (FGO-013, FGO-RUL-39); ``None``: no cap."""
    parties: tuple[tuple[str, ...], tuple[str, ...]] | None = None
    """Each seat's party, STATUS slot 1 to 3 in order (``servant`` or ``servant:skill``); when left
    out, each seat builds its party as a sealed set-up decision (FGO-011, FGO-RUL-40)."""
    first_player: int | None = Field(None, ge=0, le=1)
    """Seat that goes first (FGO-017); ``None``: decided by a chance step (like じゃんけん)."""
    chain_turn: Literal["game_turn", "own_turn"] = "game_turn"
    """What "the next turn" of Quick/Arts CHAIN means (FGO-RUL-01): the next turn of the game (default), or
    the chain owner's own next turns."""
    boxed_in: Literal["keep_hand", "trash_hand"] = "keep_hand"
    """With cards of on-map servants but no legal destination (FGO-RUL-13): keep the hand (default), or trash
    it as FGO-043 does for a hand with no card of a servant on the map."""
    both_short: Literal["turn_player_first", "draw"] = "turn_player_first"
    """Both masters falling to 4 or fewer cards in one charge phase (FGO-RUL-33): the turn player's draws are
    resolved first and decide (default), or, with ``draw``, the game is a draw if both fall."""
    turn_limit: int | None = Field(None, ge=1)
    """House rule for simulations: a draw after this many turns (the rulebook has none)."""


OPTION_HELP = {
    "map": M_("[fuyuki] Flame Contaminated City: Fuyuki (default) | [orleans] Hundred Years' War of the Evil Dragons: "
              "Orleans"),
    "advanced": M_("[true]: the advanced rules with skill cards (default [false])"),
    "cost_cap": M_("the party cost limit, default [11]; [null] for no limit (agreed by both players)"),
    "parties": M_("each seat's party, STATUS slots 1 to 3, e.g. [[[\"artoria\",\"medusa\",\"hassan\"],...]]; "
                  "default: built at set-up"),
    "first_player": M_("the first player: [0] for seat 1, [1] for seat 2; default: decided at random"),
    "chain_turn": M_("[game_turn] (default: Quick and Arts CHAIN bonuses in the next turns of the game) | [own_turn] "
                     "(in the chain owner's own next turns)"),
    "boxed_in": M_("[keep_hand] (default, FGO-RUL-13) | [trash_hand]: when no servant can move"),
    "both_short": M_("[turn_player_first] (default, FGO-RUL-33) | [draw]: both masters fall to 4 or fewer command "
                     "cards in one charge phase"),
    "turn_limit": M_("house rule for simulations: a draw after this many turns (default: none)"),
}
