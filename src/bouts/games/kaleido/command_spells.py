"""Special actions usable at any time (rulebook §5): command spells (令呪) and HP conversion (HP変換).

They are offered in every decision of their seat and in the response windows (KAL-141, KAL-RUL-46);
a special action resolves at once, before any pending ability or card effect (KAL-142).
"""

from __future__ import annotations

from typing import Final

from bouts.core.decisions import Decision
from bouts.core.events import QUIET, Event
from bouts.games.kaleido.actions import CONVERT, SPELLS, Act
from bouts.games.kaleido.flow import say, verb
from bouts.games.kaleido.i18n import M_, N_
from bouts.games.kaleido.mana import draw, seat_label
from bouts.games.kaleido.state import Effect, KaleidoState
from bouts.games.kaleido.timings import add_effect, heal

SPELL_DRAW: Final = 3
"""Command spell ①: draw 3 (KAL-145)."""
SPELL_BOOST: Final = 3
"""Command spell ③: +3 attack and defence for a battle phase (KAL-149)."""
SPELL_HEAL: Final = 5
"""Command spell ④: recover 5 HP (KAL-153)."""
RETREAT_COST: Final = 1
"""撤退 costs 1 HP (KAL-107)."""
CONVERSION_COST: Final = 2
"""HP conversion: 2 HP for 1 card (KAL-155)."""

SPELL_MEANING: Final = {"draw": N_("① draw 3"), "retreat": N_("② retreat at once, no HP"),
                 "boost": N_("③ +3 attack/defence this battle"), "heal": N_("④ recover 5 HP")}
"""What each command spell does, as message ids (translated where shown)."""
SPELL_CLAUSES: Final = {"draw": ("KAL-145",), "retreat": ("KAL-146", "KAL-148"), "boost": ("KAL-149", "KAL-150"),
                 "heal": ("KAL-153", "KAL-RUL-49")}


def can_convert(state: KaleidoState, seat: int) -> bool:
    """HP conversion needs HP >= 3 so that HP stays above 0 (KAL-156)."""
    return state.players[seat].hp > CONVERSION_COST


def special_actions(state: KaleidoState, frame: Decision) -> list[Act]:
    """The command spells and HP conversion ``frame.seat`` may use in this decision."""
    return list(special_options(state, frame))


def special_options(state: KaleidoState, frame: Decision) -> tuple[Act, ...]:
    """:func:`special_actions` as one of the few tuples it can be (menus ask at almost every step)."""
    seat = frame.seat
    player = state.players[seat]
    if not player.alive or player.servant is None:
        return ()  # KAL-RUL-41
    kind = frame.kind
    index = 0
    if player.spells > 0:
        index = 4
        battle = state.battle
        if battle is not None and (seat == battle.first or seat == battle.second) and kind != "last" \
                and kind != "pay":
            index = 6  # KAL-RUL-47: ② retreat, a participant only
    if player.hp > CONVERSION_COST and kind != "pay":  # can_convert
        index += 1
    return _SPECIAL_OPTIONS[index]


def _special_options(spells: bool, retreat: bool, convert: bool) -> tuple[Act, ...]:
    options: list[Act] = []
    if spells:
        options.append(SPELLS["draw"])
        if retreat:
            options.append(SPELLS["retreat"])
        options.append(SPELLS["boost"])
        options.append(SPELLS["heal"])
    if convert:
        options.append(CONVERT)
    return tuple(options)


_SPECIAL_OPTIONS: Final = tuple(_special_options(bool(index & 4), bool(index & 2), bool(index & 1))
                                for index in range(8))
""":func:`special_options` by 4 (command spells left) + 2 (② retreat open too) + 1 (HP conversion open)."""


@verb("spell")
def _spell(state: KaleidoState, frame: Decision, act: Act) -> None:
    seat = frame.seat
    player = state.players[seat]
    which = act.args[0]
    player.spells -= 1  # KAL-154
    if state.events is not QUIET:  # a quiet state makes no events: their arguments are not worked out
        say(state, "spell", N_("{seat} uses a command spell: {spell} ({left} left)"), {"seat": seat, "spell": which},
            args={"seat": seat_label(state, seat), "spell": M_(SPELL_MEANING[which]), "left": player.spells},
            clauses=("KAL-141", "KAL-143", "KAL-154", *SPELL_CLAUSES[which]))
    if which == "draw":
        draw(state, seat, SPELL_DRAW)
    elif which == "heal":
        heal(state, seat, SPELL_HEAL, capped=state.options.command_spell_heal_capped)  # KAL-RUL-49
    elif which == "boost":  # KAL-149..KAL-151, KAL-RUL-51
        for stat in ("attack", "defence"):
            add_effect(state, Effect(seat, stat, SPELL_BOOST, "battle", f"spell:{seat}", servant_only=True))
    elif which == "retreat":  # KAL-146..KAL-148: pending damage is cancelled, the battle phase ends
        from bouts.games.kaleido.battle_part import end_battle

        if state.events is not QUIET:  # a quiet state makes no events: their arguments are not worked out
            say(state, "retreat", N_("{seat} retreats at no cost"), {"seat": seat},
                args={"seat": seat_label(state, seat)}, clauses=("KAL-146", "KAL-148"))
        end_battle(state)


@verb("convert")
def _convert(state: KaleidoState, frame: Decision, act: Act) -> None:
    seat = frame.seat
    state.players[seat].hp -= CONVERSION_COST
    if state.events is not QUIET:  # say's event, made here
        state.events.append(Event("convert", _CONVERT_MSG, {"seat": seat}, args={"seat": seat_label(state, seat)},
                                  clauses=_CONVERT_CLAUSES, domain="kaleido"))
    state.stack.append(Decision(seat, "draw", (("count", 1),)))  # draw(state, seat, 1)


_CONVERT_MSG: Final = N_("{seat} converts 2 HP into a card")
_CONVERT_CLAUSES: Final = ("KAL-155", "KAL-156")
