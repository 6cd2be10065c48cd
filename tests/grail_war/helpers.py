"""Helpers for Grail War tests: a game with every shuffle forced, and turns played through ``apply``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import bouts
from bouts.core import CHANCE
from bouts.games.grail_war.state import GrailState

GAME: Any = bouts.game("grail_war")
CAT = GAME.catalog()
MASTERS = ["illya", "rin", "kirei", "kuzuki", "shirou", "shinji", "sakura"]
SERVANTS = ["berserker", "archer", "saber", "lancer", "caster", "rider", "assassin", "gilgamesh", "true_assassin"]
SITUATIONS = ["s05", "s06", "s01", "s02", "s03", "s04", "s07", "s08", "s09", "s10"]
"""s05 and s06 removed unseen; rounds 1-8 reveal s01 s02 s03 s04 s07 s08 s09 s10."""
EVENTS = [f"e{i:02d}" for i in range(1, 21)]


def start(seats: int = 4, masters: list[str] | None = None, servants: list[str] | None = None,
          situations: list[str] | None = None, events: list[str] | None = None,
          decks: dict[int, list[str]] | None = None, **options: Any) -> GrailState:
    """A game at round 1's first placement, every shuffle forced: decks in catalogue order, or with the
    cards of ``decks[seat]`` on top in that order (the first three are the round-1 hand)."""
    masters = masters or [m for m in MASTERS if m != "sakura" or seats == 7][:seats]
    state = GAME.setup(seats, {"masters": masters, **options}, None, 0)
    servants = servants or SERVANTS[:seats]
    rest = [s for s in SERVANTS if s not in servants]
    state = GAME.apply(state, CHANCE, "shuffle " + " ".join([*servants, *rest]))
    if options.get("casual"):
        state = GAME.apply(state, CHANCE, "shuffle " + " ".join(situations or CAT.casual_situations()))
    else:
        state = GAME.apply(state, CHANCE, "shuffle " + " ".join(situations or SITUATIONS))
        state = GAME.apply(state, CHANCE, "shuffle " + " ".join(events or EVENTS))
    from bouts.games.grail_war.flow import pile
    for seat in range(seats):
        order = pile(state)
        top = (decks or {}).get(seat, [])
        assert all(card in order for card in top), f"seat {seat} has no {top} in its deck"
        order = [*top, *(c for c in order if c not in top)]
        state = GAME.apply(state, CHANCE, "shuffle " + " ".join(order))
    return state


def act(state: GrailState, seat: int, *texts: str) -> GrailState:
    """Apply decisions of ``seat`` by their text forms."""
    for text in texts:
        state = GAME.apply(state, seat, text)
    return state


def place_all(state: GrailState, *places: str) -> GrailState:
    """Outpost placements in turn order."""
    for place in places:
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, f"place {place}")
    return state


def turn(state: GrailState, move: str = "stay", cards: Iterable[str] = (), before: Iterable[str] = (),
         after: Iterable[str] = ()) -> GrailState:
    """The acting player's whole action: spells before moving, the move, the cards ("CARD up|down"),
    spells after preparation, then the end of the action."""
    seat = GAME.to_act(state)[0]
    for text in before:
        state = GAME.apply(state, seat, text)
    state = GAME.apply(state, seat, move)
    for card in cards:
        state = GAME.apply(state, seat, f"play {card}")
    while GAME.to_act(state) == (seat,) and state.stage == "prepare" and not state.pending:
        options = legal(state, seat)
        if "done" in options:
            state = GAME.apply(state, seat, "done")
            break
        pick = [o for o in options if o.endswith(" down")] or [o for o in options if o.startswith("play")]
        state = GAME.apply(state, seat, pick[0])
    for text in after:
        state = GAME.apply(state, seat, text)
    if GAME.to_act(state) == (seat,) and state.stage == "after_prepare" and not state.pending:
        state = GAME.apply(state, seat, "next")
    return state


def spoils(state: GrailState) -> list[int]:
    """Every seat's spoils."""
    return [p.spoils for p in state.players]


def legal(state: GrailState, seat: int | None = None) -> list[str]:
    """The text forms of the legal actions of ``seat`` (default: whoever acts)."""
    if seat is None:
        seat = GAME.to_act(state)[0]
    return [str(a) for a in GAME.legal_actions(state, seat)]


def finish_round(state: GrailState) -> GrailState:
    """Play on with the heuristic until the next round starts (or the game ends)."""
    import random
    strategy = GAME.strategy()
    rng = random.Random(0)
    current = state.round
    while GAME.to_act(state) and state.round == current:
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, strategy.choose(GAME, state, seat, rng))
    return state
