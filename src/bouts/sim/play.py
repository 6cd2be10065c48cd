"""Playing one simulated game, and a chunk of games (the unit a worker runs)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from bouts.agents.base import Agent, make_agent
from bouts.core.contract import CHANCE, Game, Seat
from bouts.core.i18n import BOUTS
from bouts.core.stepping import quiet
from bouts.sim.config import SimConfig, SimError, derive_seed, game_seed, reason, resolve_game

M_ = BOUTS.message


@dataclass(frozen=True)
class GameRecord:
    """The result of one simulated game: a pure function of its config and index."""

    index: int
    """The game's index in its batch."""
    seed: int
    """The game's own seed (set-up, agents and chance derive from it)."""
    agents: tuple[str, ...]
    """The agent spec at each seat."""
    winners: tuple[Seat, ...]
    """Seats that won (every seat of a team that cleared a cooperative game)."""
    returns: tuple[float, ...]
    """Each seat's reward (``Outcome.returns``)."""
    reason: str
    """Why the game ended, in English: a record is data, the same whatever language the batch was run in."""
    finished: bool
    """False when the step limit stopped the game."""
    length: int
    """Steps played, chance steps included."""
    chance_steps: int
    """Random steps (rolls, shuffles)."""
    decisions: tuple[int, ...]
    """Decisions each seat made."""
    content: tuple[tuple[str, ...], ...]
    """The content each seat chose (a hero; or a master and servants...), when the game says."""

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form."""
        data = asdict(self)
        data = {k: list(v) if isinstance(v, tuple) else v for k, v in data.items()}
        data["content"] = [list(choices) for choices in self.content]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameRecord:
        """Read :meth:`to_json`'s form back."""
        fields: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
        fields["content"] = tuple(tuple(choices) for choices in fields.get("content", ()))
        return cls(**fields)


def content_choices(game: Game[Any, Any], state: Any, seats: int) -> tuple[tuple[str, ...], ...]:
    """What each seat chose from the content, by the game's optional ``content_choices(state)`` hook.

    A game may define ``content_choices(state) -> dict[seat, str | list[str]]``: the hero, party,
    master or servants of each seat (a list when a seat has several). A game without it reports nothing.
    """
    hook = getattr(game, "content_choices", None)
    if hook is None:
        return ((),) * seats
    chosen = hook(state) or {}
    result: list[tuple[str, ...]] = []
    for seat in range(seats):
        value = chosen.get(seat)
        if value is None:
            result.append(())
        elif isinstance(value, str):
            result.append((value,))
        else:
            result.append(tuple(str(v) for v in value))
    return tuple(result)


def play_game(config: SimConfig, index: int) -> GameRecord:
    """Play game ``index`` of ``config``'s batch to its end (or the step limit)."""
    game = resolve_game(config.game)
    seats = len(config.seats)
    seed = game_seed(config.seed, index)
    try:
        content = config.pack()
        # The simulator owns this state, so it plays on it in place (``fork``/``advance``):
        # no copy per step, and no events (``quiet``: a record keeps no log, a replay makes it again from the
        # seed and actions). Agent choices are still checked before they are applied.
        state = quiet(game.fork(game.setup(seats, config.game_options(seed), content, seed)))
        agents: list[Agent] = [make_agent(spec, derive_seed(seed, "seat", seat))
                               for seat, spec in enumerate(config.seats)]
        chance = random.Random(derive_seed(seed, "chance"))
        length = chance_steps = 0
        decisions = [0] * seats
        while length < config.max_steps:
            acting = game.to_act(state)
            if not acting:
                break
            if acting[0] == CHANCE:
                game.advance(state, CHANCE, game.sample_chance(state, chance))
                length += 1
                chance_steps += 1
                continue
            # Every seat deciding now chooses on the same state, before any choice is applied,
            # so no agent can see another's sealed choice.
            choices = []
            for seat in acting:
                action = agents[seat].act(game, state, seat)
                if not game.is_legal(state, seat, action):
                    raise SimError(M_("game {index} (seed {seed}): agent '{agent}' at seat {seat} chose '{action}', "
                                      "which is not legal", index=index, seed=seed, agent=config.seats[seat],
                                      seat=seat, action=str(action)))
                choices.append((seat, action))
            for seat, action in choices:
                if seat not in game.to_act(state):
                    continue
                if not game.is_legal(state, seat, action):
                    action = agents[seat].act(game, state, seat)
                game.advance(state, seat, action)
                decisions[seat] += 1
                length += 1
    except SimError:
        raise
    except Exception as exc:
        raise SimError(M_("game {index} (seed {seed}) of {game} failed: {kind}: {problem}", index=index, seed=seed,
                          game=config.game, kind=type(exc).__name__, problem=reason(exc))) from exc
    outcome = game.outcome(state)
    if outcome is None:
        return GameRecord(index, seed, tuple(config.seats), (), (0.0,) * seats,
                          M_("stopped after {steps} steps (the step limit)", steps=length).render("en"), False,
                          length, chance_steps,
                          tuple(decisions), content_choices(game, state, seats))
    return GameRecord(index, seed, tuple(config.seats), tuple(outcome.winners),
                      tuple(outcome.returns(seats)), outcome.reason_text("en"), True, length, chance_steps,
                      tuple(decisions), content_choices(game, state, seats))


def play_chunk(config: SimConfig, indices: Sequence[int]) -> list[GameRecord]:
    """Play several games of one batch (what one worker task does)."""
    return [play_game(config, i) for i in indices]
