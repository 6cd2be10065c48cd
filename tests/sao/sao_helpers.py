"""Helpers for SAO tests: games with forced scenarios, item order and dice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bouts.core.chance import Roll
from bouts.core.contract import CHANCE
from bouts.games.sao.game import Sao
from bouts.games.sao.state import SaoState

GAME = Sao()
SCENARIOS = ("ambush", "assassin", "giant", "final_battle")
ITEMS = ("coat/1", "ring/1", "sword/1", "ability_potion/1", "ability_potion/2",
         "healing_potion/1", "healing_potion/2", "relic/1")


def start(seats: int = 2, characters: tuple[str, ...] | None = None, items: tuple[str, ...] = ITEMS,
          scenarios: tuple[str, ...] = SCENARIOS, prep: Callable[[SaoState], None] | None = None,
          **options: Any) -> SaoState:
    """A game set up with fixed scenarios and item order, at its first decision or roll."""
    opts: dict[str, Any] = {"scenarios": list(scenarios), **options}
    if characters is not None:
        opts["characters"] = list(characters)
    state = GAME.setup(seats, opts)
    if prep is not None:
        prep(state)
    return GAME.apply(state, CHANCE, "shuffle " + " ".join(items))


def act(state: SaoState, text: str) -> SaoState:
    """The seat to act takes the action with this text form. After ``finalize`` the other seats' ability
    windows (SAO-RUL-07, SAO-RUL-22) are passed, so the dice are final (``act_only`` leaves them open)."""
    state = act_only(state, text)
    while text == "finalize" and kind(state) == "ability_window":
        state = act_only(state, "back")
    return state


def act_only(state: SaoState, text: str) -> SaoState:
    """The seat to act takes the action with this text form, nothing more."""
    seat = GAME.to_act(state)[0]
    return GAME.apply(state, seat, GAME.parse_action(state, seat, text))


def roll(state: SaoState, *values: int) -> SaoState:
    """Force the pending roll."""
    assert GAME.to_act(state) == (CHANCE,), state.pending
    return GAME.apply(state, CHANCE, Roll(tuple(values)))


def kind(state: SaoState) -> str:
    """The kind of the pending decision."""
    return state.pending[-1].kind if state.pending else ""


def texts(state: SaoState) -> list[str]:
    """Legal action texts for the seat to act."""
    return [str(a) for a in GAME.legal_actions(state, GAME.to_act(state)[0])]


def char(state: SaoState, cid: str) -> Any:
    """A character by id."""
    return state.characters[state.index_of(cid)]


def kinds_of(state: SaoState) -> list[str]:
    """Event kinds of the last step."""
    return [e.kind for e in state.events]



def level(n: int, section: int = 0) -> Callable[[SaoState], None]:
    """A ``prep`` that puts every character at level stage ``n`` (1: 50 with dice, 2: 80) and the game
    in scenario ``section``."""
    def prep(state: SaoState) -> None:
        for c in state.characters:
            c.level, c.has_die = n, n >= 1
        state.section = section
    return prep
