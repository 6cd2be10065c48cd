"""Every bouts game as an OpenSpiel Python game.

>>> import pyspiel
>>> from bouts.rl import openspiel
>>> names = openspiel.register()
>>> game = pyspiel.load_game("bouts_swordplay", {"players": 3})
>>> game.num_players(), game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
(3, True)

- **Parameters**: ``players`` (the seat count), ``variant`` (a name from ``game.variants()``) and
  ``options`` (JSON object of further options; they override the variant's).
- **GameType** from :class:`~bouts.core.contract.GameInfo`: explicit chance when the game has random
  steps; imperfect information when it has hidden information or sealed simultaneous choices;
  ``SEQUENTIAL`` dynamics (sealed choices are asked one seat at a time, lowest seat first, and the
  information state keeps each one from the other seats, the usual way OpenSpiel turns a simultaneous
  move into a sequential one); ``IDENTICAL`` utility for a game whose encoding says its seats always
  share the result (SAO), else ``GENERAL_SUM``; terminal rewards, ``Outcome.returns`` (0 or 1).
- **Chance**: a roll of ``k`` dice is expanded into ``k`` successive fair die draws (outcome ``v - 1``
  for face ``v``, each ``1 / sides``); a shuffle is expanded into successive card draws (outcome ``i``
  draws the ``i``-th card, in sorted order, of those not yet drawn, each ``1 / remaining``). Any other
  listed chance step is uniform over ``game.legal_actions(state, CHANCE)``.
- **Information**: the observation string is the seat's view as JSON, and its tensor the game's
  encoding of that view (built straight from the state); the information-state string, which OpenSpiel's
  search bots key their trees by, is a digest of the seat's own past decisions followed by one of that tensor
  (no view is built and nothing is serialised as JSON), and the information-state tensor is the view's
  tensor (bouts views are what a seat knows).
- **Stepping**: a decision is checked once, against the state's legal indices (the mask), and applied in
  place (``Game.advance``). A state shares its bouts state with its clones until one of them steps: that
  one forks it first (copy on write), so a state that is never cloned is never copied.
- ``resample_from_infostate(player, sampler)`` is :meth:`Game.determinize`, seeded from ``sampler``.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

import bouts
from bouts.core.chance import Roll, Shuffle
from bouts.core.contract import CHANCE, Game, IllegalAction
from bouts.rl.table import Table, observe_array

PREFIX = "bouts_"
MAX_GAME_LENGTH = 100_000
"""OpenSpiel asks for a bound on a game's length (chance draws included); no bouts game comes near it."""


class _Shared:
    """A bouts state (from :meth:`Game.fork`) shared by an OpenSpiel state and its clones.

    ``exclusive`` while only one OpenSpiel state holds it: that state steps it in place. Cloning (OpenSpiel
    deep-copies a Python state) shares it and clears the flag, so whichever holder steps next forks it first.
    """

    __slots__ = ("chance", "exclusive", "legal", "player", "state")

    def __init__(self, state: Any) -> None:
        self.state = state
        self.exclusive = True
        """Whether one OpenSpiel state alone holds it (it may then be stepped in place)."""
        self.chance: tuple[str, Any] | None = None
        """The pending chance step, once worked out."""
        self.player: int | None = None
        """Who acts (OpenSpiel's player id), once worked out."""
        self.legal: Mapping[int, Any] | None = None
        """The acting seat's legal actions by index, once worked out."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        self.exclusive = False
        return self

    def stepped(self) -> None:
        """Forget what was worked out of the state before it changed in place."""
        self.chance = self.player = self.legal = None


class _Trail:
    """An immutable list that grows at its end in O(1) and is shared, never copied, by clones."""

    __slots__ = ("item", "length", "previous")

    def __init__(self, previous: _Trail | None, item: str) -> None:
        self.previous = previous
        self.item = item
        self.length: int = 1 if previous is None else previous.length + 1

    def __deepcopy__(self, memo: dict[int, Any]) -> _Trail:
        return self

    def items(self) -> list[str]:
        """Every item, oldest first."""
        out: list[str] = []
        trail: _Trail | None = self
        while trail is not None:
            out.append(trail.item)
            trail = trail.previous
        return out[::-1]


def _recall(previous: str, decision: str) -> str:
    """A seat's own decisions so far, as a chained digest: one step per decision, never the whole list."""
    return hashlib.blake2b(f"{previous}|{decision}".encode(), digest_size=16).hexdigest()


def _game_type(game_id: str, table: Table) -> Any:
    info = table.game.info
    variant = next(iter(table.game.variants()))
    utility = (pyspiel.GameType.Utility.IDENTICAL if table.encoding.utility == "identical"
               else pyspiel.GameType.Utility.GENERAL_SUM)
    return pyspiel.GameType(
        short_name=PREFIX + game_id,
        long_name=f"bouts: {info.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if info.chance
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION
                     if info.hidden_information or info.simultaneous
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_seats,
        min_num_players=info.min_seats,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": table.num_seats, "variant": variant, "options": "{}"},
    )


class BoutsGame(pyspiel.Game):  # type: ignore[misc]
    """A bouts game with its parameters (seats, variant, options) as an OpenSpiel game."""

    game_id: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game = bouts.game(self.game_id)
        variants = game.variants()
        variant_name = str(params.get("variant", next(iter(variants))))
        if variant_name not in variants:
            raise IllegalAction(f"{self.game_id} has no variant '{variant_name}' (known: {', '.join(variants)})")
        variant = variants[variant_name]
        try:
            extra = json.loads(str(params.get("options", "{}")) or "{}")
        except json.JSONDecodeError as exc:
            raise IllegalAction(f"parameter 'options' is not a JSON object: {exc}") from None
        options = {**variant.options, **extra}
        seats = int(params.get("players", variant.seats[0]))
        self.table = Table(self.game_id, seats, options)
        encoding = self.table.encoding
        utility_sum = None
        game_type = _GAME_TYPES[self.game_id]
        super().__init__(game_type, pyspiel.GameInfo(
            num_distinct_actions=encoding.num_actions,
            max_chance_outcomes=encoding.max_chance_outcomes,
            num_players=seats,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=utility_sum,
            max_game_length=MAX_GAME_LENGTH,
        ), {"players": seats, "variant": variant_name, "options": json.dumps(extra, sort_keys=True)})

    def new_initial_state(self) -> BoutsState:
        """The match before its first step."""
        return BoutsState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> BoutsObserver:
        """An observer: the view tensor, and the view (with past decisions for the information state)."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return BoutsObserver(self.table, perfect_recall)


class BoutsState(pyspiel.State):  # type: ignore[misc]
    """A bouts match inside OpenSpiel (chance draws of a roll or shuffle kept until it is complete)."""

    def __init__(self, game: BoutsGame, state: Any = None) -> None:
        super().__init__(game)
        self.table = game.table
        rules = self.table.game
        self._shared = _Shared(rules.fork(rules.setup(self.table.num_seats, self.table.options,
                                                      self.table.content, 0) if state is None else state))
        self._drawn: tuple[Any, ...] = ()
        """Outcomes drawn so far of the pending roll (faces) or shuffle (cards)."""
        self._decisions: tuple[str, ...] = ("",) * self.table.num_seats
        """Each seat's own past decisions, as a chained digest (:func:`_recall`)."""
        self._log: _Trail | None = None
        """Every completed step, as text (chance included)."""

    @property
    def bouts_state(self) -> Any:
        """The bouts state now (do not change it; it changes in place as this state steps: keep
        ``game.fork(state.bouts_state)`` to hold on to it)."""
        return self._shared.state

    def _advance(self, seat: int, action: Any) -> None:
        """Apply a checked action: in place if this state alone holds its bouts state, else on a fork."""
        game = self.table.game
        shared = self._shared
        if shared.exclusive:
            game.advance(shared.state, seat, action)
            shared.stepped()
        else:
            state = game.fork(shared.state)
            game.advance(state, seat, action)
            self._shared = _Shared(state)

    def _indexed(self, player: int) -> Mapping[int, Any]:
        """The acting seat's legal actions by index (worked out once per state)."""
        legal = self._shared.legal
        if legal is None:
            legal = self._shared.legal = self.table.encoding.indexed(self._shared.state, player)
        return legal

    # -- who acts ---------------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to decide, CHANCE, or TERMINAL."""
        player = self._shared.player
        if player is None:
            player = self._shared.player = self._work_out_player()
        return player

    def _work_out_player(self) -> int:
        game = self.table.game
        acting = game.to_act(self._shared.state)
        if not acting or game.outcome(self._shared.state) is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        if acting == (CHANCE,):
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.table.deciding(self._shared.state)
        assert seat is not None
        return seat

    def is_terminal(self) -> bool:
        """Whether the match is over."""
        return bool(self.current_player() == pyspiel.PlayerId.TERMINAL)

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        return list(self._indexed(player))

    # -- chance -----------------------------------------------------------------------------------
    def _chance_step(self) -> tuple[str, Any]:
        """The pending chance step: ``("roll", (dice, sides))``, ``("shuffle", pile)`` or ``("list", outcomes)``."""
        if self._shared.chance is None:
            self._shared.chance = self._work_out_chance()
        return self._shared.chance

    def _work_out_chance(self) -> tuple[str, Any]:
        game: Game[Any, Any] = self.table.game
        state = self._shared.state
        listed = game.legal_actions(state, CHANCE)
        sample = game.sample_chance(state, random.Random(0))
        if isinstance(sample, Shuffle):
            return "shuffle", tuple(sorted(sample.order))
        if isinstance(sample, Roll):
            dice, sides = len(sample.values), max(sample.values)
            while sides < 1000 and game.is_legal_chance(state, Roll((sides + 1,) * dice)):
                sides += 1
            return "roll", (dice, sides)
        return "list", listed

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next draw's outcomes with their probabilities."""
        kind, spec = self._chance_step()
        if kind == "roll":
            sides = spec[1]
            return [(v, 1.0 / sides) for v in range(sides)]
        if kind == "shuffle":
            left = len(spec) - len(self._drawn)
            return [(i, 1.0 / left) for i in range(left)]
        return [(i, 1.0 / len(spec)) for i in range(len(spec))]

    def _remaining(self, pile: tuple[str, ...]) -> list[str]:
        left = list(pile)
        for card in self._drawn:
            left.remove(card)
        return left

    def _apply_chance(self, outcome: int) -> None:
        kind, spec = self._chance_step()
        if kind == "roll":
            dice, sides = spec
            if not 0 <= outcome < sides:
                raise IllegalAction(f"chance outcome {outcome} is not a face of a {sides}-sided die")
            self._drawn += (outcome + 1,)
            if len(self._drawn) == dice:
                self._chance_done(Roll(tuple(self._drawn)))
        elif kind == "shuffle":
            left = self._remaining(spec)
            if not 0 <= outcome < len(left):
                raise IllegalAction(f"chance outcome {outcome} is not one of the {len(left)} cards left to draw")
            self._drawn += (left[outcome],)
            if len(self._drawn) == len(spec):
                self._chance_done(Shuffle(tuple(self._drawn)))
        else:
            if not 0 <= outcome < len(spec):
                raise IllegalAction(f"chance outcome {outcome} is out of range")
            self._chance_done(spec[outcome])

    def _chance_done(self, outcome: Any) -> None:
        """Apply a complete chance outcome (a roll of every die, a whole shuffle, a listed outcome)."""
        if not self.table.game.is_legal_chance(self._shared.state, outcome):  # the draws make a legal outcome
            raise IllegalAction(f"{outcome} is not a possible chance outcome now")
        self._advance(CHANCE, outcome)
        self._log = _Trail(self._log, str(outcome))
        self._drawn = ()

    # -- playing ----------------------------------------------------------------------------------
    def _apply_action(self, action: int) -> None:
        player = self.current_player()
        if player == pyspiel.PlayerId.CHANCE:
            self._apply_chance(int(action))
            return
        if player < 0:
            raise IllegalAction("the game is over")
        decided = self._indexed(player).get(int(action))  # checked once, against the mask
        if decided is None:  # the encoding's own message (out of range, or not legal now); nothing changed
            decided = self.table.encoding.decode(self._shared.state, player, int(action))
        self._advance(player, decided)
        text = str(decided)
        decisions = list(self._decisions)
        decisions[player] = _recall(decisions[player], text)
        self._decisions = tuple(decisions)
        self._log = _Trail(self._log, f"{player}: {text}")

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            kind, spec = self._chance_step()
            if kind == "roll":
                return f"die {action + 1}"
            if kind == "shuffle":
                left = self._remaining(spec)
                return f"draw {left[action]}" if 0 <= action < len(left) else f"draw #{action}"
            return str(spec[action])
        return str(self.table.encoding.action_string(action))

    def returns(self) -> list[float]:
        """Each seat's return: ``Outcome.returns`` at the end, 0 before."""
        outcome = self.table.game.outcome(self._shared.state)
        if outcome is None:
            return [0.0] * self.table.num_seats
        return [float(r) for r in outcome.returns(self.table.num_seats)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BoutsState:
        """A state consistent with what ``player_id`` knows (:meth:`Game.determinize`), for IS-MCTS."""
        seed = int(float(probability_sampler()) * 2**53)
        game = self.table.game
        new = BoutsState(self.get_game(), game.determinize(self._shared.state, player_id, random.Random(seed)))
        # (BoutsState forks it: the determinization may share parts with this state's)
        new._decisions = self._decisions
        new._log = _Trail(None, "(resampled)")
        return new

    def render(self) -> str:
        """The terminal picture of the table (the spectator's view)."""
        return self.table.picture(self._shared.state)

    def __str__(self) -> str:
        """The match so far: every step's text form (the full state, as OpenSpiel's ToString is)."""
        return "" if self._log is None else "; ".join(self._log.items())


class BoutsObserver:
    """OpenSpiel's Python observer over a seat's view (the game's encoding gives the tensor)."""

    def __init__(self, table: Table, perfect_recall: bool) -> None:
        self.table = table
        self.perfect_recall = perfect_recall
        """Information state (past decisions in the string) rather than the current observation."""
        self.tensor = np.zeros(table.encoding.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: BoutsState, player: int) -> None:
        """Write ``player``'s view tensor of ``state`` (straight from the state)."""
        self.tensor.fill(0.0)
        observe_array(self.table.encoding, state.bouts_state, player, self.tensor)

    def string_from(self, state: BoutsState, player: int) -> str:
        """The observation string: ``player``'s view as JSON. The information-state string (what search
        bots key their trees by): a digest of ``player``'s own past decisions, then one of its view tensor."""
        if not self.perfect_recall:
            return json.dumps(self.table.game.view(state.bouts_state, player), sort_keys=True, ensure_ascii=False)
        tensor = np.zeros(self.table.encoding.observation_size, np.float32)
        observe_array(self.table.encoding, state.bouts_state, player, tensor)
        digest = hashlib.blake2b(tensor.tobytes(), digest_size=16).hexdigest()
        return f"{state._decisions[player]} || {digest}"


_GAME_TYPES: dict[str, Any] = {}


def register(games: list[str] | None = None) -> list[str]:
    """Register every game with an encoding (or those named) as ``bouts_<id>``; returns the names."""
    from bouts.rl.table import encoded_games

    names = []
    for game_id in games if games is not None else encoded_games():
        name = PREFIX + game_id
        names.append(name)
        if game_id in _GAME_TYPES:
            continue
        _GAME_TYPES[game_id] = _game_type(game_id, Table(game_id))
        factory = type(f"Bouts_{game_id}", (BoutsGame,), {"game_id": game_id})
        pyspiel.register_game(_GAME_TYPES[game_id], factory)
    return names
