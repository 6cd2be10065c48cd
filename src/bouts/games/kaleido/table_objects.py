"""The table objects each action names (issue 24): what a player points at to act on the thing itself.

Object names are ``"<kind>:<id>"`` exactly as the view carries them: ``master:<id>`` and ``servant:<id>`` (the
cards open at set-up, ``view["open"]``), ``card:<instance>`` (a card in one's own hand, one's own accumulation
card, or a face-up strategy card), ``ability:<id>`` (an ability or Noble Phantasm printed on a face-up master
or servant card, ``players[i]["ability_ids"]``), ``servant:<id>`` (a servant on the table, for its normal
attack) and ``seat:<index>`` (a master at the table). An action lists the thing first, then its target.
"""

from __future__ import annotations

from bouts.core.contract import ActionParts
from bouts.games.kaleido.actions import Act
from bouts.games.kaleido.i18n import M_
from bouts.games.kaleido.state import KaleidoState

CARD_VERBS = {"use": M_("Use a card"), "set": M_("Strategy card"), "accumulate": M_("Mana accumulation"),
              "discard": M_("Hand check"), "counter": M_("Counter"), "pay": M_("Mana spending")}
"""Verbs whose first word is a magic card instance, with the heading of their group."""
ABILITY_VERBS = {"clash": M_("Clash"), "guard": M_("Defence Noble Phantasm"), "ability": M_("Special abilities")}


def action_parts(state: KaleidoState, seat: int, act: Act) -> ActionParts:
    """The objects ``act`` names, in the order a player points at them, and the heading of its group."""
    verb, args = act.verb, act.args
    if verb == "master":
        return ActionParts(objects=(f"master:{args[0]}",), group=M_("Choose your master"))
    if verb == "servant":
        return ActionParts(objects=(f"servant:{args[0]}",), group=M_("Choose your servant"))
    if verb == "pay":
        player = state.players[seat]
        if args[0] == "strategy":
            card = player.strategy
        elif args[0] == "accumulation":
            card = player.accumulation[0] if player.accumulation else None
        else:
            card = args[0]
        return ActionParts(objects=(f"card:{card}",) if card else (), group=CARD_VERBS[verb])
    if verb in CARD_VERBS:
        targets = (f"seat:{args[1]}",) if verb == "use" and len(args) > 1 else ()
        return ActionParts(objects=(f"card:{args[0]}", *targets), group=CARD_VERBS[verb])
    if verb == "attack":
        battle = state.battle
        target = (f"seat:{battle.opponent(seat)}",) if battle is not None else ()
        if args[0] == "normal":
            servant = state.players[seat].servant
            return ActionParts(objects=(f"servant:{servant}", *target), group=M_("Attack"))
        return ActionParts(objects=(f"ability:{args[0]}", *target), group=M_("Attack"))
    if verb == "intervene":
        return ActionParts(objects=(f"ability:{args[1]}", f"seat:{args[0]}"), group=M_("Intervention"))
    if verb in ABILITY_VERBS:
        return ActionParts(objects=(f"ability:{args[0]}",), group=ABILITY_VERBS[verb])
    if verb == "nominate":
        return ActionParts(objects=(f"seat:{args[0]}",), group=M_("Nomination"))
    if verb in ("spell", "convert"):
        return ActionParts(group=M_("Special actions"))
    return ActionParts(group=M_("Decision"))
