"""PettingZoo AEC environment over any bouts game with an encoding.

>>> from bouts.rl import env
>>> e = env("swordplay", seats=2)
>>> e.reset(seed=1)
>>> sorted(e.observe(e.agent_selection))
['action_mask', 'observation']

- Agents are ``seat_0``, ``seat_1``, ...; each observation is ``{"observation": Box(float32),
  "action_mask": Box(int8)}`` from the game's encoding (the mask is all zeros for an agent that is not
  asked now).
- Chance steps (rolls, shuffles) are resolved inside the environment with its seeded RNG.
- Sealed simultaneous choices (an FGO Duel battle) are asked one seat at a time, lowest seat first; the
  game's view keeps a sealed choice from every other seat, so no observation can show it.
- Rewards are ``Outcome.returns`` when the match ends (a cooperative win rewards every seat).
- A seat the game's encoding calls eliminated (a defeated Hero in arena play) terminates at once with
  reward 0; the match goes on for the others.
- ``render()`` with ``render_mode="ansi"`` returns the terminal picture (the spectator's view).
- An action index that is not legal now raises :class:`bouts.core.IllegalAction` and changes nothing.
- ``index="two_level"`` (FGO Duel) picks a factored action index: a battle's cards are chosen one step
  at a time, the same agent stepping again until the last card completes the battle (the mask offers
  only cards that still complete a legal battle; the observation marks the cards chosen so far). The flat
  index stays the default; the two-level one is the faster choice for learning (docs/encoding.md).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from bouts.core.contract import IllegalAction
from bouts.rl.mask import new_mask
from bouts.rl.table import OBSERVATION_HIGH, Table, mark, observe_array


class BoutsAEC(AECEnv):  # type: ignore[misc]
    """One bouts match as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["ansi"], "name": "bouts_v0", "is_parallelizable": False}

    def __init__(self, game: str, seats: int | None = None, options: dict[str, Any] | None = None,
                 content: Any = None, render_mode: str | None = None, max_steps: int | None = None,
                 index: str = "flat") -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.table = Table(game, seats, options, content, index)
        self.render_mode = render_mode
        self.max_steps = max_steps
        """Optional cap on decisions: every seat is truncated after this many."""
        self.metadata = dict(self.metadata, name=f"bouts_{game}_v0")
        n = self.table.num_seats
        self.possible_agents = [f"seat_{s}" for s in range(n)]
        self._seat_of = {agent: s for s, agent in enumerate(self.possible_agents)}
        encoding = self.table.encoding
        obs_space = spaces.Dict({
            "observation": spaces.Box(0.0, OBSERVATION_HIGH, (encoding.observation_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (encoding.num_actions,), np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(encoding.num_actions) for a in self.possible_agents}
        self._seeds: random.Random | None = None
        self.state: Any = None
        self.steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: one index per decision of the game's action index."""
        return self.action_spaces[agent]

    # -- the match -------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new match; ``seed`` fixes the set-up and every chance step."""
        if seed is not None:
            self._seeds = random.Random(seed)
        elif self._seeds is None:
            self._seeds = random.Random()
        match_seed = self._seeds.getrandbits(63)
        self._chance = random.Random(match_seed)
        self.state = self.table.setup(match_seed)
        acting = self.table.resolve_chance(self.state, self._chance)
        self._legal_now: dict[int, Mapping[int, Any]] = {}
        self._chosen: tuple[int, ...] = ()
        """The indices chosen so far of a decision taken in several steps (a two-level index)."""
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._finished = False
        """Whether some agent has terminated or been truncated (it must take its ``None`` step first)."""
        self._settle(acting)
        self._select(acting)

    def _select(self, acting: tuple[int, ...] | None = None) -> None:
        """Finished agents take their last (``None``) step first; then the seat the game asks."""
        if self._finished:
            done = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
            if done:
                self.agent_selection = done[0]
                return
            self._finished = False
        seat = self.table.deciding(self.state, acting)
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def _settle(self, acting: tuple[int, ...]) -> None:
        """Rewards and terminations after a step (``acting``: who acts now): the outcome, or seats
        eliminated on the way."""
        game = self.table.game
        outcome = game.outcome(self.state)
        if outcome is not None or not acting:
            self._finished = True
            n = self.table.num_seats
            returns = outcome.returns(n) if outcome is not None else (0.0,) * n
            for agent in self.agents:
                if not self.terminations[agent]:
                    self.rewards[agent] = float(returns[self._seat_of[agent]])
                    self.terminations[agent] = True
                    self.infos[agent]["outcome"] = None if outcome is None else outcome.to_json()
            return
        for seat in self.table.encoding.eliminated(self.state):
            agent = self.possible_agents[seat]
            if agent in self.terminations and not self.terminations[agent]:
                self.terminations[agent] = True
                self.infos[agent]["eliminated"] = True
                self._finished = True
        if self.max_steps is not None and self.steps >= self.max_steps:
            for agent in self.agents:
                self.truncations[agent] = True
            self._finished = True

    def step(self, action: Any) -> None:
        """The selected agent takes action index ``action`` (``None`` for a finished agent's last step)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise IllegalAction(f"{agent} has finished: its only step is None")
            for table in (self.rewards, self._cumulative_rewards, self.terminations, self.truncations, self.infos):
                del table[agent]
            self.agents.remove(agent)
            self.rewards = {a: 0.0 for a in self.agents}
            self._finished = True  # _select looks for other finished agents
            self._select()
            return
        if action is None:
            raise IllegalAction(f"{agent} must choose an action index, not None")
        seat = self._seat_of[agent]
        legal = self._legal(seat)
        decided = legal.get(int(action))
        if decided is None:
            if int(action) in legal:  # one step of a decision taken in several: the same agent goes on
                self._chosen += (int(action),)
                self._legal_now = {}
                self._cumulative_rewards[agent] = 0.0
                self.rewards = {a: 0.0 for a in self.agents}
                return
            if self._chosen:
                raise IllegalAction(f"action index {action} does not continue the choice "
                                    f"{' '.join(map(str, self._chosen))} for {agent} now")
            # the encoding's own message (out of range, or not legal now); nothing changed
            decided = self.table.encoding.decode(self.state, seat, int(action))
        self._chosen = ()
        self._legal_now = {}
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        self.table.game.advance(self.state, seat, decided)
        acting = self.table.resolve_chance(self.state, self._chance)
        self.steps += 1
        self._settle(acting)
        self._select(acting)
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        """``agent``'s observation tensor (from its view alone) and its legal-action mask."""
        seat = self._seat_of[agent]
        encoding = self.table.encoding
        observation = np.zeros(encoding.observation_size, dtype=np.float32)
        mask = new_mask(encoding.num_actions)
        asked = (agent == self.agent_selection and agent in self.terminations and not self.terminations[agent]
                 and not self.truncations[agent])
        # straight from the state: no view is built
        observe_array(encoding, self.state, seat, observation, self._chosen if asked else ())
        if asked:
            mark(mask, self._legal(seat))
        return {"observation": observation, "action_mask": mask}

    def _legal(self, seat: int) -> Mapping[int, Any]:
        """``seat``'s legal actions by index in the current state (worked out once per step)."""
        found = self._legal_now.get(seat)
        if found is None:
            encoding = self.table.encoding
            found = self._legal_now[seat] = (encoding.next_steps(self.state, seat, self._chosen)
                                             if encoding.multi_step else encoding.indexed(self.state, seat))
        return found

    def render(self) -> str | None:
        """The terminal picture (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        return self.table.picture(self.state)

    def close(self) -> None:
        """Nothing to release."""
