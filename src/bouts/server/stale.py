"""Whether an action chosen at an older step of a match may still be taken.

Several seats may decide at once (FGO Duel's sealed picks: ``to_act`` names them all). A person's pick and another
seat's (a bot, a friend) then race to the server, and the one that arrives second was chosen on a table one step
older than the match's. Refusing it would make the person choose the same thing again for nothing: the other
seat's sealed pick changed nothing they could see or choose. So the server takes it when, since the step it was
chosen at, nothing the chooser could act on changed (:func:`still_open`); anything else is refused as before.

The decision looks only at who took each step since (public: every seat sees whose decision it is and that a
chance step happened) and at the chooser's own menus, never at what another seat chose, so taking or refusing
the action tells the chooser nothing its own frames do not show.
"""

from __future__ import annotations

from bouts.core import Match
from bouts.core.contract import Seat
from bouts.core.table import menu


def still_open(match: Match, seat: Seat, step: int) -> bool:
    """Whether ``seat``'s decision at history index ``step`` (an older step than the match's) is still open, as it
    was then: ``seat`` was to act before every step since and is to act now (so no step since was a chance step:
    only ``CHANCE`` is to act before one), none of those steps was its own, and its menu now (the actions, their
    words and table objects) is the one it had at ``step``.

    The history up to ``step`` must be the one the chooser saw (no undo since): the caller checks that.
    """
    steps, states = match.steps, match.states
    if not 0 <= step < len(steps):
        return False
    game = match.game
    for index in range(step, len(steps)):
        if steps[index].seat == seat or seat not in game.to_act(states[index]):
            return False
    if seat not in game.to_act(states[-1]):
        return False
    return menu(game, states[step], seat, with_hint=False) == menu(game, states[-1], seat, with_hint=False)
