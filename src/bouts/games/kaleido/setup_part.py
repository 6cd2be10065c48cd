"""Set-up (ゲーム前準備, KAL-007..KAL-026): master-choice order, masters and servants, HP, spells, first draw."""

from __future__ import annotations

from typing import Final

from bouts.core.decisions import Decision
from bouts.core.events import QUIET
from bouts.games.kaleido.actions import Act, act
from bouts.games.kaleido.cards import Catalog
from bouts.games.kaleido.flow import auto, decision, push, say, settle, verb
from bouts.games.kaleido.i18n import N_
from bouts.games.kaleido.mana import draw, seat_label
from bouts.games.kaleido.state import KaleidoState

INITIAL_DRAW: Final = 1
"""Every player draws 1 magic card as the last set-up step (KAL-023)."""


def initial_spells(seats: int) -> int:
    """初期令呪数: 2 with 2-4 players, 3 with 5-7 (KAL-021, KAL-022)."""
    return 2 if seats <= 4 else 3


def begin(state: KaleidoState) -> None:
    """Queue the set-up: fate cards 1-7 for the master-choice order (KAL-009), choices, the deck."""
    push(state, "turn")
    push(state, "initial_draw")
    push(state, "shuffle_deck")
    push(state, "choose_masters")
    push(state, "deal_fates", setup=True)
    fixed = fixed_pairs(state)
    if fixed is not None:  # dealt in advance (a design study): nobody chooses, so the order does not matter
        for seat, (master, servant) in enumerate(fixed):
            _master(state, Decision.make(seat, "master"), act("master", (master,)))
            _servant(state, Decision.make(seat, "servant"), act("servant", (servant,)))


def fixed_pairs(state: KaleidoState) -> list[tuple[str, str]] | None:
    """Each seat's (master, servant) from the ``pairs`` option, or ``None`` when they are chosen."""
    if state.options.pairs is None:
        return None
    by_id = {row: key for key, row in state.catalog.pairs.items()}
    return [by_id[token] if token in by_id else tuple(token.split("/", 1))  # type: ignore[misc]
            for token in state.options.pairs]


def pairs_problem(catalog: Catalog, shuffle_mode: bool, seats: int, tokens: tuple[str, ...]) -> str | None:
    """Why ``tokens`` (the ``pairs`` option) cannot seat ``seats`` players, or ``None`` (KAL-012, KAL-RUL-05)."""
    if len(tokens) != seats:
        return f"{len(tokens)} pairs for {seats} players"
    by_id = {row: key for key, row in catalog.pairs.items()}
    chosen: list[tuple[str, str]] = []
    for token in tokens:
        if token in by_id:
            chosen.append(by_id[token])
            continue
        master, _, servant = token.partition("/")
        if not shuffle_mode:
            return f"'{token}' is not a row of the pairing table (known: {', '.join(sorted(by_id))})"
        if master not in catalog.masters or servant not in catalog.servants:
            return f"'{token}' is not master/servant of this pack"
        chosen.append((master, servant))
    if len({m for m, _ in chosen}) < seats:
        return "two seats have the same master (KAL-012)"
    if len({s for _, s in chosen}) < seats:
        return "two seats have the same servant card (KAL-RUL-05)"
    return None


@auto("choose_masters")
def _choose_masters(state: KaleidoState, frame: Decision) -> None:
    order = state.order  # KAL-010: ascending fate number
    if state.options.pairs is not None:  # dealt before the fate cards (see begin): no choices to make
        return
    if state.options.shuffle_mode:  # KAL-019: servants after every master, last in order first
        for seat in order:
            push(state, "servant", seat)
        for seat in reversed(order):
            push(state, "master", seat)
    else:  # KAL-RUL-04: each servant straight after its master
        for seat in reversed(order):
            push(state, "servant", seat)
            push(state, "master", seat)


def taken_masters(state: KaleidoState) -> set[str]:
    """Master cards already chosen (KAL-012)."""
    return {p.master for p in state.players if p.master}


def servant_options(state: KaleidoState, seat: int) -> list[str]:
    """Servants ``seat`` may take: its master's pairs (KAL-013..KAL-016), or any in shuffle mode
    (KAL-018); a servant card already taken is gone (KAL-RUL-05)."""
    taken = {p.servant for p in state.players if p.servant}
    master = state.players[seat].master
    assert master is not None
    pool = state.catalog.servants if state.options.shuffle_mode else state.catalog.servants_of[master]
    return [s for s in pool if s not in taken]


@decision("master")
def master_menu(state: KaleidoState, frame: Decision) -> list[Act]:
    """Each player chooses one master not yet taken (KAL-011, KAL-012)."""
    taken = taken_masters(state)
    options = [act("master", (m,)) for m in state.catalog.masters if m not in taken]
    if not state.options.shuffle_mode:  # a master must still have a servant card left to command
        spoken = {p.servant for p in state.players if p.servant}
        options = [a for a in options
                   if any(s not in spoken for s in state.catalog.servants_of[a.args[0]])]
    return options


def _servant_open(state: KaleidoState, frame: Decision) -> bool:
    return len(servant_options(state, frame.seat)) > 1


def _only_servant(state: KaleidoState, frame: Decision) -> Act:
    return act("servant", (servant_options(state, frame.seat)[0],))


@decision("servant", _servant_open, _only_servant)
def servant_menu(state: KaleidoState, frame: Decision) -> list[Act]:
    """The servant cards this master may command (KAL-013..KAL-016, KAL-RUL-05)."""
    return [act("servant", (s,)) for s in servant_options(state, frame.seat)]


@verb("master")
def _master(state: KaleidoState, frame: Decision, act: Act) -> None:
    seat = frame.seat
    state.players[seat].master = act.args[0]
    if state.events is not QUIET:  # a quiet state makes no events: their arguments are not worked out
        say(state, "master", N_("P{number} chooses {master}"), {"seat": seat, "master": act.args[0]},
            args={"number": seat + 1, "master": state.catalog.masters[act.args[0]].name},
            clauses=("KAL-011", "KAL-012", "KAL-017"))
    settle(state, frame)


@verb("servant")
def _servant(state: KaleidoState, frame: Decision, act: Act) -> None:
    seat = frame.seat
    player = state.players[seat]
    servant = state.catalog.servants[act.args[0]]
    player.servant = servant.id
    player.hp = servant.hp  # KAL-020
    player.spells = initial_spells(state.seats)  # KAL-021, KAL-022
    if state.events is not QUIET:  # a quiet state makes no events: their arguments are not worked out
        say(state, "servant", N_("{seat} summons {servant} (HP {hp})"), {"seat": seat, "servant": servant.id},
            args={"seat": seat_label(state, seat), "servant": servant.name, "hp": servant.hp},
            clauses=("KAL-013", "KAL-017", "KAL-020"))
    settle(state, frame)


@auto("initial_draw")
def _initial_draw(state: KaleidoState, frame: Decision) -> None:
    for seat in reversed(state.order):  # KAL-023
        draw(state, seat, INITIAL_DRAW)
