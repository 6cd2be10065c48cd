"""The round procedure as a step machine: automatic steps run until a decision or a shuffle is due.

Decisions are one at a time: the outpost placement, each stage of a player's action (command-spell
windows, move, battle preparation), and the stack of pending decisions effects ask for.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from bouts.core.contract import Words
from bouts.core.events import QUIET as QUIET_EVENTS
from bouts.games.grail_war import battle, cleanup, climax, outpost, preparation
from bouts.games.grail_war.actions import Act, act
from bouts.games.grail_war.battle import announce
from bouts.games.grail_war.battle_preparation import (
    choose,
    finish,
    prepare_options,
    riding_options,
    riding_play,
)
from bouts.games.grail_war.board import draw, gain_mana, log, name
from bouts.games.grail_war.command_spells import use_jewels, use_spell, window_options
from bouts.games.grail_war.effects import ON_USE, after_goto, rule_breaker_hits
from bouts.games.grail_war.i18n import M_, N_
from bouts.games.grail_war.masters import change_to_sakura, start_of_game
from bouts.games.grail_war.movement import enter, paid_moves, pay_and_move
from bouts.games.grail_war.state import (
    AFTER_PREPARE,
    BEFORE_MOVE,
    PLACES,
    PREPARE,
    RESOLVE,
    GrailState,
    Pending,
)

CASUAL_MANA = 2
"""Casual: every player gains 2 mana before round 1 (DGW-117)."""


# -- chance -----------------------------------------------------------------------------------
def pile(state: GrailState) -> list[str]:
    """The cards (or masters, servants) the pending shuffle orders."""
    assert state.chance is not None
    kind, seat = state.chance
    cat = state.catalog
    if kind == "masters":
        return [m for m, master in cat.masters.items() if not master.seven_only or state.seats == 7]  # DGW-026
    if kind == "servants":
        return list(cat.servants)
    if kind == "situations":
        return cat.casual_situations() if state.options.casual else cat.regular_situations()
    if kind == "events":
        return list(cat.events)
    if kind == "deck":
        p = state.players[seat]
        snakes = [c for c in cat.specials.get(p.master, ()) if not cat.cards[c].at_hand]  # type: ignore[union-attr]
        return [*cat.decks[p.servant], *snakes]  # DGW-031, DGW-G06
    if kind == "trash":
        return [c for c, _ in state.players[seat].trash]
    return list(state.event_used)


def shuffled(state: GrailState, order: tuple[str, ...]) -> None:
    """Apply a shuffle's outcome, then go on."""
    assert state.chance is not None
    kind, seat = state.chance
    state.chance = None
    n = state.seats
    if kind == "masters":
        for s in range(n):
            state.players[s].master = order[s]
        if state.events is not QUIET_EVENTS:  # a quiet state makes no line: its arguments are not made
            log(state, "masters", N_("Masters: {masters}"), {"masters": [state.players[s].master for s in range(n)]},
                args={"masters": [name(state, s) for s in range(n)]}, clauses=("DGW-025",))
        state.chance = ("servants", 0)
    elif kind == "servants":  # DGW-029, DGW-030: secret
        for s in range(n):
            p = state.players[s]
            p.servant = order[s]
            p.np = dict.fromkeys(state.catalog.servants[p.servant].np_cards, "down")
            if state.events is not QUIET_EVENTS:  # a quiet state makes no line: its arguments are not made
                log(state, "servant", N_("Your servant is {servant}"), {"seat": s, "servant": p.servant},
                    args={"servant": state.catalog.servants[p.servant].name}, to=frozenset({s}), reveals=True,
                    clauses=("DGW-029",))
        log(state, "servants", N_("Each master receives a secret servant"), clauses=("DGW-029", "DGW-030"))
        state.chance = ("situations", 0)
    elif kind == "situations":
        if state.options.casual:  # DGW-113
            state.situation_deck = list(order)
            state.chance = ("deck", 0)
        else:  # DGW-020, DGW-021
            state.situation_removed, state.situation_deck = list(order[:2]), list(order[2:])
            state.chance = ("events", 0)
        if state.events is not QUIET_EVENTS:  # a quiet state makes no line: its arguments are not made
            log(state, "setup", N_("The situation deck holds {count} cards"), {"count": len(state.situation_deck)},
                args={"count": len(state.situation_deck)},
                clauses=("DGW-113",) if state.options.casual else ("DGW-020", "DGW-021"))
    elif kind == "events":  # DGW-019
        state.event_deck = list(order)
        state.chance = ("deck", 0)
    elif kind == "deck":
        state.players[seat].deck = list(order)
        if state.events is not QUIET_EVENTS:  # a quiet state makes no line: its arguments are not made
            log(state, "setup", N_("{master} shuffles the servant deck"), {"seat": seat},
                args={"master": name(state, seat)}, clauses=("DGW-031",))
        if seat + 1 < n:
            state.chance = ("deck", seat + 1)
        else:
            for s in range(n):
                start_of_game(state, s)
                if state.options.casual:
                    gain_mana(state, s, CASUAL_MANA)
            state.step = "round"
    elif kind == "trash":  # DGW-041
        p = state.players[seat]
        p.epoch += 1
        p.since.update((c, p.epoch) for c, up in p.trash if up)
        p.deck, p.trash = list(order), []
        if state.events is not QUIET_EVENTS:  # a quiet state makes no line: its arguments are not made
            log(state, "shuffle", N_("{master} shuffles the trash face down into a new deck ({count})"),
                {"seat": seat, "count": len(order)}, args={"master": name(state, seat), "count": len(order)},
                clauses=("DGW-041",))
    else:  # DGW-042
        state.event_deck, state.event_used = list(order), []
        log(state, "shuffle", N_("The used events are shuffled into a new event deck ({count})"),
            {"count": len(order)}, args={"count": len(order)}, clauses=("DGW-042",))
    run(state)


# -- the automatic steps ---------------------------------------------------------------------
def _turns(state: GrailState) -> None:
    state.order = state.turn_order()
    state.cursor = 0
    state.stage = BEFORE_MOVE
    state.step = "turn"


def _resolve(state: GrailState) -> None:
    """使用時 effects in the order chosen (DGW-076), then the last command-spell window."""
    seat = state.acting
    while state.resolve:
        card = state.resolve.pop(0)
        ON_USE[state.catalog.cards[card].effect or ""](state, seat, card)
        announce(state, partial(_on_use, state, seat, card))
        if state.chance or state.pending:
            return
    state.stage = AFTER_PREPARE


def _battle(state: GrailState) -> None:
    battle.battle_phase(state)
    state.step = "cleanup"


def _cleanup(state: GrailState) -> None:
    cleanup.cleanup(state)
    state.step = "end"


STEPS: dict[str, Callable[[GrailState], None]] = {
    "round": preparation.begin_round, "refill": preparation.refill, "situation": preparation.reveal_situation,
    "events": preparation.place_events, "outpost": outpost.begin_outpost, "action": preparation.reveal_events,
    "turns": _turns, "battle": _battle, "cleanup": _cleanup, "end": climax.end_of_round,
}


def run(state: GrailState) -> None:
    """Run automatic steps until a decision or a shuffle is due, or the game is over."""
    players = state.players
    while state.chance is None and not state.pending:
        step = state.step
        if step != "refill":  # a draw owed outside the refill comes first (the refill draws in its own order)
            owed = -1
            for s, p in enumerate(players):
                if p.owed > 0:
                    owed = s
                    break
            if owed >= 0:
                if not draw(state, owed):
                    return
                continue
        if step == "turn":
            if state.stage != RESOLVE:
                if state.stage == AFTER_PREPARE:
                    seat = state.order[state.cursor]
                    p = players[seat]
                    if p.command_spells == 0 and p.jewels < 2:  # nothing to decide after preparation
                        _turn(state, seat, _NEXT)
                        continue
                return
            _resolve(state)
            continue
        handler = STEPS.get(step)
        if handler is None:
            return
        handler(state)


# -- decisions --------------------------------------------------------------------------------
def options(state: GrailState, seat: int) -> list[Act]:
    """The decisions open to ``seat`` now."""
    if state.pending:
        top = state.pending[-1]
        if top.kind == "goto":
            return [act("goto", c) for c in top.choices]
        if top.kind == "target":
            return [act("target", c) for c in top.choices]
        if top.kind == "riding":
            return riding_options(state, seat)
        if top.kind == "rebuild":
            return [*(act("discard", c) for c in state.players[seat].hand), act("done")]
        return [act("change"), act("keep")]
    if state.step == "place":
        return outpost.place_options(state)
    stage = state.stage
    if stage == BEFORE_MOVE:  # command spells before moving (DGW-084), or the move itself
        found = [_MOVES[d] for d in paid_moves(state, seat)]
        found.append(_STAY)
        found += window_options(state, seat, going_on=False)
        return found
    if stage == PREPARE:  # command spells between moving and battle preparation, or the cards
        cards = prepare_options(state, seat)
        if state.players[seat].selected:
            return cards
        cards += window_options(state, seat, going_on=False)
        return cards
    return window_options(state, seat)


_MOVES = {d: act("move", d) for d in PLACES}
_STAY = act("stay")
_NEXT = act("next")


def _on_use(state: GrailState, seat: int, card: str) -> Words:
    return M_("{master}'s {card} (on use)", master=name(state, seat), card=state.catalog.cards[card].name)


def _card_why(state: GrailState, seat: int, card: str) -> Words:
    return M_("{master}'s {card}", master=name(state, seat), card=state.catalog.cards[card].name)


def decide(state: GrailState, seat: int, act: Act) -> None:
    """Apply a checked decision, announce the total powers it changed, then run on."""
    if state.pending:
        top = state.pending[-1]
        _pending(state, seat, act)
        if top.card:
            announce(state, partial(_card_why, state, seat, top.card))
    elif state.step == "place":
        assert act.what is not None
        outpost.place(state, seat, act.what)
        state.cursor += 1
        if state.cursor == len(state.order):
            state.step = "action"
    else:
        left = _turn(state, seat, act)
        # a turn decision (a command spell, jewels, the cards used) changes no total but the deciding seat's; a
        # quiet state announces nothing (announce() drops the seat's said total instead)
        if act.verb == "spell":
            announce(state, lambda: M_("{master}'s command spell", master=name(state, seat)), seat)
        elif act.verb not in QUIET and (act.verb != "play" or left is None):
            # moving, staying, going on, or a card chosen while the preparation goes on (it only joins
            # ``selected``) change no total power: nothing to announce (the step before announced every change)
            announce(state, lambda: M_("{master}'s cards", master=name(state, seat)), seat)
        if left is not None and state.chance is None and not _owed(state):
            # nothing runs before the seat decides again (no draw is owed, no decision is pending, and ``run``
            # stops at once in the preparation): its menu is the one just made, kept as the contract's cache
            # of legal actions rather than made a second time
            state._legal[seat] = tuple(left)
            return
    run(state)


def _owed(state: GrailState) -> bool:
    """Whether some seat is owed a draw."""
    for p in state.players:  # noqa: SIM110 (a plain loop: asked after every card chosen)
        if p.owed:
            return True
    return False


QUIET = ("move", "stay", "next")
"""Turn decisions that change no total power: a paid move or staying (before the seat's own preparation, so it
is on no power track yet; nobody else's total depends on its place, mana or spoils), and going on (the step or
stage moves on; the battle announces its own)."""


def _turn(state: GrailState, seat: int, act: Act) -> list[Act] | None:
    """Apply a turn decision; returns ``seat``'s menu when it was made on the way (battle preparation goes on)."""
    verb = act.verb
    if verb == "spell":
        use_spell(state, seat, act)
    elif verb == "jewel":
        use_jewels(state, seat, act)
    elif verb == "next":
        if state.stage == AFTER_PREPARE:
            state.cursor += 1
            state.stage = BEFORE_MOVE
            if state.cursor == len(state.order):
                state.step = "battle"
    elif verb == "move":
        assert act.what is not None
        pay_and_move(state, seat, act.what)
        state.stage = PREPARE
    elif verb == "stay":
        state.stage = PREPARE
    elif verb == "play":
        assert act.what is not None
        choose(state, seat, act.what, act.how == "up")
    elif verb == "done":
        finish(state, seat)
        state.stage = RESOLVE
    if state.stage == PREPARE and state.players[seat].selected:
        left = prepare_options(state, seat)
        if len(left) == 1 and left[0].verb == "done":  # the count is met and nothing may be added
            finish(state, seat)
            state.stage = RESOLVE
            return None
        return left
    return None


def _pending(state: GrailState, seat: int, act: Act) -> None:
    top = state.pending[-1]
    p = state.players[seat]
    verb = act.verb
    if verb == "goto":
        assert act.what is not None
        state.pending.pop()
        enter(state, seat, act.what, state.catalog.cards[top.card].name)
        after_goto(state, seat, top.card)
    elif verb == "target":
        state.pending.pop()
        rule_breaker_hits(state, seat, int(act.what or 1) - 1, top.card)
    elif verb == "play":
        assert act.what is not None
        riding_play(state, seat, act.what)
    elif verb == "discard":
        assert act.what is not None
        p.hand.remove(act.what)
        p.trash.append((act.what, False))
        state.pending[-1] = Pending("rebuild", seat, "", (*top.choices, act.what))
    elif verb == "done":
        state.pending.pop()
        if top.kind == "rebuild":
            p.owed += len(top.choices)
            log(state, "ability", N_("{master} discards {count} face down and draws as many"),
                {"seat": seat, "count": len(top.choices)},
                args={"master": name(state, seat), "count": len(top.choices)},
                clauses=("DGW-M07",))
    elif verb == "change":
        state.pending.pop()
        change_to_sakura(state, seat)
    else:
        state.pending.pop()
