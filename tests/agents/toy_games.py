"""Two tiny games on the contract, for checking agents and the simulator on what no registered game
may show yet: sealed (simultaneous) choices, and a cooperative team of 1 to 7 seats with chance.

They hold no rules of any real game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bouts.core.chance import Roll
from bouts.core.contract import CHANCE, Game, GameInfo, IllegalAction, Outcome, Seat, State
from bouts.core.decisions import SealedChoices
from bouts.core.events import Event

SIGNS = ("rock", "paper", "scissors")
BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}


@dataclass(frozen=True)
class Sign:
    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(eq=True)
class DuelState(State):
    sealed: SealedChoices
    revealed: dict[int, str] = field(default_factory=dict)

    def clone(self) -> DuelState:
        return DuelState(self.sealed.clone(), dict(self.revealed))


class SealedDuel(Game[DuelState, Sign]):
    """Rock, paper, scissors with sealed choices: both seats choose, then both are revealed."""

    info = GameInfo("sealed_duel", "Sealed duel", 2, 2, chance=False, hidden_information=True,
                    simultaneous=True)

    def setup(self, seats: int, options: Mapping[str, Any] | None = None, content: Any | None = None,
              seed: int = 0) -> DuelState:
        return DuelState(SealedChoices(waiting=[0, 1]))

    def load_content(self, path: str | None = None) -> Any:
        return None

    def to_act(self, state: DuelState) -> tuple[Seat, ...]:
        return () if state.revealed else tuple(state.sealed.waiting)

    def _legal_actions(self, state: DuelState, seat: Seat) -> tuple[Sign, ...]:
        return tuple(Sign(s) for s in SIGNS)

    def _apply(self, state: DuelState, seat: Seat, action: Sign) -> None:
        state.sealed.choose(seat, action.name)
        state.events.append(Event("seal", f"seat {seat} has chosen"))
        if state.sealed.is_complete:
            state.revealed = state.sealed.revealed()
            state.events.append(Event("reveal", f"{state.revealed[0]} against {state.revealed[1]}"))

    def view(self, state: DuelState, seat: Seat | None) -> dict[str, Any]:
        data: dict[str, Any] = {"sealed": state.sealed.public_view(), "revealed": state.revealed}
        if seat is not None and seat in state.sealed.chosen and not state.revealed:
            data["mine"] = state.sealed.chosen[seat]
        return data

    def determinize(self, state: DuelState, seat: Seat | None, rng: random.Random) -> DuelState:
        new = state.clone()
        for other in list(new.sealed.chosen):
            if other != seat and not new.revealed:
                new.sealed.chosen[other] = rng.choice(SIGNS)
        return new

    def outcome(self, state: DuelState) -> Outcome | None:
        if not state.revealed:
            return None
        a, b = state.revealed[0], state.revealed[1]
        if a == b:
            return Outcome((), "a tie")
        return Outcome((0,) if BEATS[a] == b else (1,), f"{a} against {b}")

    def content_choices(self, state: DuelState) -> dict[Seat, str]:
        """The sign each seat showed (a stand-in for a hero or a servant)."""
        return dict(state.revealed)


@dataclass(frozen=True)
class Add:
    amount: int

    def __str__(self) -> str:
        return f"add {self.amount}"


@dataclass(eq=True)
class TeamState(State):
    seats: int
    target: int | None = None
    total: int = 0
    turn: int = 0

    def clone(self) -> TeamState:
        return TeamState(self.seats, self.target, self.total, self.turn)


class TeamSum(Game[TeamState, Add]):
    """A cooperative count: a die sets a target, each seat in turn adds 0 to 3; the team wins on the target.

    Every seat wins or loses together (a shared reward).
    """

    info = GameInfo("team_sum", "Team sum", 1, 7, chance=True, hidden_information=False, cooperative=True)

    def setup(self, seats: int, options: Mapping[str, Any] | None = None, content: Any | None = None,
              seed: int = 0) -> TeamState:
        if not 1 <= seats <= 7:
            raise IllegalAction("1 to 7 seats")
        return TeamState(seats)

    def load_content(self, path: str | None = None) -> Any:
        return None

    def to_act(self, state: TeamState) -> tuple[Seat, ...]:
        if state.target is None:
            return (CHANCE,)
        return () if state.turn >= state.seats else (state.turn,)

    def _legal_actions(self, state: TeamState, seat: Seat) -> tuple[Any, ...]:
        if seat == CHANCE:
            return Roll.outcomes(1, 3 * state.seats)
        return tuple(Add(n) for n in range(4))

    def parse_action(self, state: TeamState, seat: Seat, text: str) -> Any:
        if seat == CHANCE:
            return Roll.parse(text)
        return super().parse_action(state, seat, text)

    def _apply(self, state: TeamState, seat: Seat, action: Any) -> None:
        if isinstance(action, Roll):
            state.target = action.values[0]
            state.events.append(Event("roll", f"the target is {state.target}"))
            return
        state.total += action.amount
        state.turn += 1
        state.events.append(Event("add", f"seat {seat} adds {action.amount}"))

    def view(self, state: TeamState, seat: Seat | None) -> dict[str, Any]:
        return {"target": state.target, "total": state.total, "turn": state.turn}

    def determinize(self, state: TeamState, seat: Seat | None, rng: random.Random) -> TeamState:
        return state.clone()

    def outcome(self, state: TeamState) -> Outcome | None:
        if state.target is None or state.turn < state.seats:
            return None
        if state.total == state.target:
            return Outcome(tuple(range(state.seats)), "the team hit the target")
        return Outcome((), "the team missed the target")


SEALED_DUEL = SealedDuel()
TEAM_SUM = TeamSum()
