"""Gymnasium single-agent environment: one learning seat, the other seats played by bouts agents.

>>> import gymnasium, bouts.rl
>>> env = gymnasium.make("bouts/swordplay-v0", opponents="heuristic")
>>> observation, info = env.reset(seed=0)
>>> sorted(observation), observation["action_mask"].dtype
(['action_mask', 'observation'], dtype('int8'))

- Observations are ``{"observation": Box(float32), "action_mask": Box(int8)}`` (the game's encoding);
  the mask is also in ``info["action_mask"]`` and :meth:`BoutsGym.action_masks` gives it too.
- ``opponents`` is an agent spec (``random``, ``heuristic``, ``ismcts:iterations=100``) for every other
  seat, or a list with one spec per other seat in seat order.
- The reward is the learning seat's ``Outcome.returns`` entry at the end of the match (0 before), and
  ``info["outcome"]`` the outcome as JSON (an empty dict before: vector envs merge infos key by key);
  the episode terminates when the match ends or the learning seat is eliminated.
- ``env.action_space.sample()`` draws a *legal* index (the space keeps the current mask). An illegal
  index passed to ``step`` raises :class:`bouts.core.IllegalAction` and changes nothing; with
  ``illegal="lose"`` it ends the episode instead, with reward ``-1`` and ``info["illegal"]`` (for
  learners and checkers that step unmasked actions, such as Gymnasium's ``check_env``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from bouts.agents import make_agent
from bouts.core.contract import IllegalAction
from bouts.rl.mask import new_mask
from bouts.rl.table import OBSERVATION_HIGH, Table, mark, observe_array


class LegalDiscrete(spaces.Discrete):
    """``Discrete(n)`` whose ``sample()`` draws among the legal indices of the current decision."""

    def __init__(self, n: int, seed: int | None = None) -> None:
        super().__init__(n, seed=seed)
        self.legal: np.ndarray[Any, Any] = np.ones(n, dtype=np.int8)
        """The current legal-action mask (the environment keeps it up to date)."""

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        """A random legal index (``mask`` overrides the current legal mask)."""
        if probability is not None:
            return super().sample(probability=probability)
        return super().sample(mask=self.legal if mask is None else mask)


class BoutsGym(gymnasium.Env[dict[str, Any], Any]):
    """One learning seat of a bouts match against bouts agents."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(self, game: str = "swordplay", seats: int | None = None, options: dict[str, Any] | None = None,
                 content: Any = None, seat: int = 0, opponents: str | Sequence[str] = "random",
                 render_mode: str | None = None, illegal: str = "raise", index: str = "flat") -> None:
        if illegal not in ("raise", "lose"):
            raise ValueError(f"illegal must be 'raise' or 'lose', not {illegal!r}")
        self.illegal = illegal
        """What an illegal action index does: ``raise`` (the default) or ``lose``."""
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.table = Table(game, seats, options, content, index)
        n = self.table.num_seats
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not a seat of a {n}-seat match")
        self.seat = seat
        self.render_mode = render_mode
        specs = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != n - 1:
            raise ValueError(f"give one opponent spec per other seat ({n - 1}), not {len(specs)}")
        self.opponent_specs = specs
        make_agent(specs[0] if specs else "random")  # a bad spec fails here, with its message
        encoding = self.table.encoding
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, OBSERVATION_HIGH, (encoding.observation_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (encoding.num_actions,), np.int8),
        })
        self.legal_space = LegalDiscrete(encoding.num_actions)
        """The action space, keeping the current legal mask for ``sample()``."""
        self.action_space = self.legal_space
        self.state: Any = None
        self._lost = False
        self._seeds: random.Random | None = None

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray[Any, Any]], dict[str, Any]]:
        """Start a new match and play the other seats up to the learning seat's first decision."""
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = random.Random(seed)
        elif self._seeds is None:
            self._seeds = random.Random(int(self.np_random.integers(2**62)))
        match_seed = self._seeds.getrandbits(63)
        self._chance = random.Random(match_seed)
        others = [s for s in range(self.table.num_seats) if s != self.seat]
        self.opponents = {s: make_agent(spec, seed=match_seed ^ (s + 1))
                          for s, spec in zip(others, self.opponent_specs, strict=True)}
        self.state = self.table.setup(match_seed)
        self._lost = False
        self._chosen: tuple[int, ...] = ()
        self._play_others()
        return self._observe(), self._info()

    def _over(self) -> bool:
        game = self.table.game
        return (self._lost or not game.to_act(self.state) or game.outcome(self.state) is not None
                or self.seat in self.table.encoding.eliminated(self.state))

    def _play_others(self) -> None:
        """Chance and the other seats, until the learning seat decides or the match ends for it."""
        table, game = self.table, self.table.game
        while True:
            table.resolve_chance(self.state, self._chance)
            if self._over():
                return
            seat = table.deciding(self.state)
            if seat is None or seat == self.seat:
                return
            action = self.opponents[seat].act(game, self.state, seat)
            game.advance(self.state, seat, action)

    def _mask(self) -> np.ndarray[Any, Any]:
        mask = new_mask(self.table.encoding.num_actions)
        if not self._over() and self.table.deciding(self.state) == self.seat:
            mark(mask, self._legal())
        return mask

    def _legal(self) -> Any:
        """The learning seat's next indices: its legal actions, or the next step of a choice in several."""
        encoding = self.table.encoding
        if encoding.multi_step:
            return encoding.next_steps(self.state, self.seat, self._chosen)
        return encoding.indexed(self.state, self.seat)

    def _observe(self) -> dict[str, np.ndarray[Any, Any]]:
        mask = self._mask()
        self.legal_space.legal = mask if mask.any() else np.ones_like(mask)
        encoding = self.table.encoding
        observation = np.zeros(encoding.observation_size, dtype=np.float32)
        observe_array(encoding, self.state, self.seat, observation, self._chosen)  # straight from the state
        return {"observation": observation, "action_mask": mask}

    def _info(self) -> dict[str, Any]:
        outcome = self.table.game.outcome(self.state)
        # always a dict (empty until the match ends): Gymnasium's vector envs merge infos key by key and
        # cannot merge a key that is None on one step and a dict on another
        return {"action_mask": self.legal_space.legal.copy(), "outcome": {} if outcome is None else outcome.to_json()}

    def action_masks(self) -> np.ndarray[Any, Any]:
        """The legal-action mask of the current decision (as sb3-contrib's MaskablePPO asks)."""
        return self._mask().astype(bool)

    def step(self, action: Any) -> tuple[dict[str, np.ndarray[Any, Any]], float, bool, bool, dict[str, Any]]:
        """The learning seat takes action index ``action``; the others play until it decides again."""
        if self.state is None:
            raise IllegalAction("call reset() before step()")
        if self._over():
            raise IllegalAction("the match is over for this seat: call reset()")
        try:
            legal = self._legal()
            decided = legal.get(int(action))
            if decided is None and int(action) in legal:  # one step of a choice taken in several
                self._chosen += (int(action),)
                return self._observe(), 0.0, False, False, self._info()
            if decided is None and self._chosen:
                raise IllegalAction(f"action index {action} does not continue the choice "
                                    f"{' '.join(map(str, self._chosen))} now")
            if decided is None:  # the encoding's own message (out of range, or not legal now)
                decided = self.table.encoding.decode(self.state, self.seat, int(action))
            self._chosen = ()
        except IllegalAction as exc:
            if self.illegal == "raise":
                raise
            self._lost = True
            return self._observe(), -1.0, True, False, dict(self._info(), illegal=str(exc))
        self.table.game.advance(self.state, self.seat, decided)
        self._play_others()
        terminated = self._over()
        reward = 0.0
        outcome = self.table.game.outcome(self.state)
        if outcome is not None:
            reward = float(outcome.returns(self.table.num_seats)[self.seat])
        return self._observe(), reward, terminated, False, self._info()

    def render(self) -> str | None:
        """The terminal picture (``render_mode="ansi"``)."""
        return None if self.render_mode is None else self.table.picture(self.state)


def register_envs() -> None:
    """Register ``bouts/<game>-v0`` for every registered game (done when :mod:`bouts.rl` is imported)."""
    import bouts

    for game_id in bouts.games():
        env_id = f"bouts/{game_id}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="bouts.rl.gym:BoutsGym", kwargs={"game": game_id},
                               disable_env_checker=True)
