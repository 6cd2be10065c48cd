"""A tiny game for testing the core alone: sealed bids, then a die roll; highest bid + roll wins.

Each seat also draws a secret card (a hidden number) that is revealed at the end.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bouts.core import CHANCE, Event, Game, GameInfo, Outcome, Roll, SealedChoices, Seat, State


@dataclass(frozen=True)
class Bid:
    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@dataclass(eq=True)
class ToyState(State):
    secrets: list[int] = field(default_factory=list)
    sealed: SealedChoices | None = None
    bids: dict[int, int] = field(default_factory=dict)
    roll: int | None = None
    passes: int = 0
    stage: str = "deal"

    def clone(self) -> ToyState:
        return ToyState(list(self.secrets), self.sealed.clone() if self.sealed else None, dict(self.bids),
                        self.roll, self.passes, self.stage)


class Toy(Game[ToyState, Any]):
    info = GameInfo("toy", "Toy", 2, 2, simultaneous=True)

    def setup(self, seats: int, options: Mapping[str, Any] | None = None, content: Any = None,
              seed: int = 0) -> ToyState:
        return ToyState()

    def to_act(self, state: ToyState) -> tuple[Seat, ...]:
        if state.stage in ("deal", "roll"):
            return (CHANCE,)
        if state.stage == "talk":
            return (state.passes % 2,)
        if state.stage == "bid":
            assert state.sealed is not None
            return tuple(state.sealed.waiting)
        return ()

    def _legal_actions(self, state: ToyState, seat: Seat) -> tuple[Any, ...]:
        if state.stage == "deal":
            return tuple(Roll((a, b)) for a in range(1, 4) for b in range(1, 4))
        if state.stage == "roll":
            return Roll.outcomes(1, 6)
        if state.stage == "talk":
            return (Pass(), Bid(0))
        return tuple(Bid(n) for n in (1, 2, 3))

    def parse_action(self, state: ToyState, seat: Seat, text: str) -> Any:
        if seat == CHANCE:
            return Roll.parse(text)
        return super().parse_action(state, seat, text)

    def _apply(self, state: ToyState, seat: Seat, action: Any) -> None:
        if state.stage == "deal":
            state.secrets = list(action.values)
            for s in (0, 1):
                state.events.append(Event("secret", f"your secret is {state.secrets[s]}", to=frozenset({s}),
                                          reveals=True))
            state.stage = "talk"
        elif state.stage == "talk":
            state.passes += 1
            state.events.append(Event("talk", f"seat {seat} says {action}"))
            if state.passes == 2:
                state.stage, state.sealed = "bid", SealedChoices([0, 1])
        elif state.stage == "bid":
            assert state.sealed is not None
            state.sealed.choose(seat, action.amount)
            state.events.append(Event("sealed", f"seat {seat} has bid"))
            if state.sealed.is_complete:
                state.bids = state.sealed.revealed()
                state.sealed = None
                state.events.append(Event("reveal", f"bids: {state.bids}", reveals=True))
                state.stage = "roll"
        else:
            state.roll = action.values[0]
            state.stage = "over"

    def view(self, state: ToyState, seat: Seat | None) -> dict[str, Any]:
        return {"stage": state.stage, "bids": {str(k): v for k, v in state.bids.items()},
                "sealed": state.sealed.public_view() if state.sealed else None,
                "secret": state.secrets[seat] if seat is not None and state.secrets else None,
                "roll": state.roll}

    def determinize(self, state: ToyState, seat: Seat | None, rng: random.Random) -> ToyState:
        new = state.clone()
        for s in (0, 1):
            if s != seat and new.secrets:
                new.secrets[s] = rng.randint(1, 3)
            if s != seat and new.sealed and s in new.sealed.chosen:
                new.sealed.chosen[s] = rng.randint(1, 3)
        return new

    def outcome(self, state: ToyState) -> Outcome | None:
        if state.stage != "over":
            return None
        assert state.roll is not None
        a, b = state.bids[0] + state.secrets[0], state.bids[1] + state.secrets[1]
        return Outcome((0,) if a > b else (1,) if b > a else (), "higher total")

    def load_content(self, path: str | None = None) -> Any:
        from bouts.core import ContentPack

        return ContentPack("toy", "toy:none@0", None, {})


TOY = Toy()
