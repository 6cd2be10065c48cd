"""Information-set Monte Carlo tree search (single observer, SO-ISMCTS).

The agent searches one tree from the point of view of the seat it plays
(Cowling, Powley & Whitehouse, 2012). Each iteration:

1. *determinize*: draw a full state consistent with what the seat knows,
   ``game.determinize(state, seat, rng)`` (unseen cards reshuffled, other
   seats' sealed choices re-drawn), anew for every iteration;
2. *select* down the tree with UCT, using only the actions legal in this
   determinization, with availability counts in place of parent visits;
3. *expand* one untried action;
4. *roll out* with random or heuristic play, to the end of the game or, with a
   ``horizon``, for that many steps (and on until the game's ``settled`` test holds,
   if it has one: no turn half-done) and then score the position with the game's
   evaluation (``evaluate`` in its heuristic module: each seat's chance to win);
5. *back up* every seat's reward, ``Outcome.returns`` (1 for each winner),
   so a cooperative game's shared win rewards the whole team.

With ``prior=heuristic`` the game's heuristic guides the tree (progressive bias,
Chaslot et al., 2008): at a decision in the tree, the heuristic's choice for this
determinization is expanded first and earns a bonus ``bias * share / (visits + 1)``,
where ``share`` is how often it was the heuristic's choice; the bonus fades as
real results accumulate, so the search keeps the heuristic's judgement where it
has little evidence and overrules it where simulations disagree.

A game whose heuristic decides by what every seat sees and nothing else (no hidden card, no random
tie-break) says so with ``"public_hint": True`` in its ``SEARCH``: every determinization that reaches a
tree node then shows the heuristic the same position (the node's path fixes every action and every
chance outcome the seats saw), so the search asks it once per node instead of once per visit.

With ``widen`` (progressive widening, Coulom 2007; Chaslot et al., 2008), a
decision that has been tried ``n`` times opens a new action only while fewer than
``n ** widen`` are open (the heuristic's choice always first): where there are far
more actions than iterations (an SAO reroll has hundreds), the budget goes to
comparing a few candidates well instead of trying each once.

Each iteration forks its determinization once and plays it in place
(``Game.fork``/``Game.advance``): every action it applies comes from
``legal_actions`` or ``sample_chance``, so nothing needs checking or copying.

Chance steps are sampled with ``game.sample_chance``; the tree branches on what
the searching seat *sees* of a chance step (its visible events), never on hidden
outcomes such as a shuffled deck's order. When several seats decide at once
(sealed choices), each chooses by its own statistics without seeing the
others' choices (decoupled UCT), and the tree branches on the joint choice,
which is revealed to all.

Spec strings: ``ismcts`` (500 iterations), ``ismcts:iterations=1000``,
``ismcts:seconds=0.5``, ``ismcts:rollout=heuristic`` (with ``epsilon=0.05`` random moves),
``ismcts:c=0.7``, ``ismcts:rollout_limit=2000``, ``ismcts:horizon=20``, ``ismcts:prior=heuristic,bias=1``,
``ismcts:widen=0.5`` (or ``widen=off``).

An ``iterations=`` budget is reproducible: the same seed gives the same choices anywhere. A
``seconds=`` budget is not: how many iterations fit depends on the machine and its load.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from itertools import compress
from typing import Any

from bouts.agents.base import M_, AgentSpecError, agent_rng
from bouts.core.contract import CHANCE, Game, Seat
from bouts.core.i18n import BOUTS
from bouts.core.stepping import quiet

M_n = BOUTS.nmessage

Policy = Callable[[Game[Any, Any], Any, Seat, random.Random], Any]
"""A rollout policy: ``(game, state, seat, rng) -> action``."""
Evaluator = Callable[[Game[Any, Any], Any], Sequence[float]]
"""A game's evaluation: ``(game, state) -> each seat's estimated chance to win``, in [0, 1]."""
Settled = Callable[[Game[Any, Any], Any], bool]
"""A game's test of a position fit to evaluate: ``(game, state) -> bool``."""

DEFAULT_ITERATIONS = 500
"""Iterations per decision when the spec gives no budget."""
DEFAULT_EXPLORATION = 0.7
"""UCT exploration constant, suited to rewards in [0, 1]."""
DEFAULT_EPSILON = 0.05
"""Share of random moves in heuristic rollouts, so two heuristics cannot stall a rollout forever."""
DEFAULT_ROLLOUT_LIMIT = 5000
"""Steps after which a rollout stops and scores every seat 0 (a guard against endless games)."""
DEFAULT_BIAS = 1.0
"""Weight of the heuristic's progressive bias (``prior=heuristic``), in units of reward."""


AUTO = "auto"
"""A setting left to the game's recommendation (``SEARCH`` in its heuristic module)."""
END = "end"
"""``horizon=end``: rollouts play on to the end of the game."""
OFF = "off"
"""``widen=off``: no progressive widening."""


@dataclass(frozen=True)
class Settings:
    """An agent's search settings resolved for one game."""

    rollout: str
    """``random`` or ``heuristic``."""
    prior: str
    """``none`` or ``heuristic``."""
    horizon: int | None
    """Rollout steps before evaluating, or ``None`` to play to the end."""
    policy: Policy
    """The rollout policy."""
    hint: Policy | None
    """The heuristic guiding the tree, if any."""
    evaluate: Evaluator | None
    """The game's evaluation, when rollouts stop at a horizon."""
    rollout_steps: int
    """Most steps a rollout plays."""
    settled: Settled | None = None
    """The game's test of a position its evaluation judges fairly: a rollout cut at the horizon plays on
    until it holds (``settled`` in the heuristic module; e.g. no turn half-done)."""
    bias: float = DEFAULT_BIAS
    """Weight of the heuristic's progressive bias."""
    widen: float | None = None
    """Progressive widening exponent (``None``: every legal action is tried before any is tried twice)."""
    public_hint: bool = False
    """Whether the heuristic's choice depends only on what every seat sees (``public_hint`` in the game's
    ``SEARCH``): then it is asked once per tree node and kept there."""


def random_policy(game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random) -> Any:
    """A uniformly random legal action."""
    return rng.choice(game.legal_actions(state, seat))


class Node:
    """A node of the search tree: the statistics of the edge that leads to it, and its children.

    For a single deciding seat, ``children`` maps each action tried to its node.
    For sealed choices, ``children`` maps the joint choice ``((seat, action), ...)``
    to its node and ``joint`` keeps each seat's own statistics per action.
    At a chance step, ``children`` maps what the searching seat saw to its node.
    """

    __slots__ = ("avail", "children", "hint", "hinted", "joint", "reward", "visits")

    def __init__(self, seats: int) -> None:
        self.visits = 0
        """Iterations that went through this edge."""
        self.avail = 1
        """Iterations in which this edge was legal when its parent was reached."""
        self.reward = [0.0] * seats
        """Summed reward of each seat over the visits."""
        self.children: dict[Hashable, Node] = {}
        """Child nodes by action, joint choice or observation."""
        self.joint: dict[Seat, dict[Any, Node]] | None = None
        """Per-seat statistics when several seats decide at once."""
        self.hinted = 0
        """Times this edge was the heuristic's choice when its parent was reached (``prior=heuristic``)."""
        self.hint: Any = _UNASKED
        """The heuristic's choice at this node, kept when the game's hint is public (``_UNASKED`` until asked)."""


_UNASKED: Any = object()
"""A node's hint not asked yet."""


class ISMCTSAgent:
    """A seat played by single-observer information-set MCTS."""

    name = "ismcts"

    def __init__(self, seed: int = 0, *, iterations: int | None = None, seconds: float | None = None,
                 rollout: str = AUTO, exploration: float = DEFAULT_EXPLORATION,
                 rollout_limit: int = DEFAULT_ROLLOUT_LIMIT, epsilon: float = DEFAULT_EPSILON,
                 horizon: int | str = AUTO, prior: str = AUTO, bias: float | None = None,
                 widen: float | str = AUTO) -> None:
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        self.iterations = iterations
        """Iterations per decision (``None`` when the budget is time)."""
        self.seconds = seconds
        """Seconds per decision (``None`` when the budget is iterations)."""
        self.rollout = rollout
        """``random``, ``heuristic``, or ``auto`` (the game's recommendation)."""
        self.exploration = exploration
        """The UCT constant."""
        self.rollout_limit = rollout_limit
        """Steps after which a rollout gives up."""
        self.epsilon = epsilon
        """Share of uniformly random moves in heuristic rollouts."""
        self.horizon = horizon
        """Rollout steps before the game's evaluation scores the position; ``end`` plays on to the end;
        ``auto`` takes the game's recommendation."""
        self.prior = prior
        """``none``, ``heuristic`` (the heuristic's progressive bias in the tree), or ``auto``."""
        self.bias = bias
        """Weight of that bias (``None``: the game's recommendation, else ``DEFAULT_BIAS``)."""
        self.widen = widen
        """Progressive widening exponent in (0, 1), ``off``, or ``auto`` (the game's recommendation)."""
        self.rng = agent_rng(seed)
        self.last_iterations = 0
        """Iterations the last decision ran (for benchmarks)."""
        self._settings: dict[str, Settings] = {}

    def settings(self, game: Game[Any, Any]) -> Settings:
        """This agent's search settings for ``game``: what the spec gives, the rest as the game recommends.

        A game recommends settings in its strategy module as ``SEARCH`` (e.g.
        ``{"rollout": "heuristic", "horizon": 20, "prior": "heuristic"}``); a game with no heuristic
        module is searched with random rollouts to the end and no prior.
        """
        found = self._settings.get(game.info.id)
        if found is None:
            found = self._settings[game.info.id] = self._resolve(game)
        return found

    def _resolve(self, game: Game[Any, Any]) -> Settings:
        module = _heuristic_module(game)
        recommended: dict[str, Any] = dict(getattr(module, "SEARCH", {})) if module is not None else {}
        rollout = recommended.get("rollout", "random") if self.rollout == AUTO else self.rollout
        prior = recommended.get("prior", "none") if self.prior == AUTO else self.prior
        horizon = recommended.get("horizon", END) if self.horizon == AUTO else self.horizon
        needs_module = rollout == "heuristic" or prior == "heuristic"
        if module is None and needs_module:
            raise AgentSpecError(M_("no heuristic agent for {game} yet", game=game.info.id))
        evaluate: Evaluator | None = None
        if horizon != END:
            evaluate = getattr(module, "evaluate", None)
            if evaluate is None:
                raise AgentSpecError(M_("ismcts: {game} has no evaluation for 'horizon' "
                                        "(play rollouts to the end with horizon=end)", game=game.info.id))
        choose: Policy | None = module.choose if needs_module and module is not None else None
        policy: Policy = random_policy
        if rollout == "heuristic" and choose is not None:
            heuristic, epsilon = choose, self.epsilon

            def mixed(game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random) -> Any:
                if epsilon and rng.random() < epsilon:
                    return rng.choice(game.legal_actions(state, seat))
                return heuristic(game, state, seat, rng)

            policy = mixed
        steps = self.rollout_limit if horizon == END else min(int(horizon), self.rollout_limit)
        settled: Settled | None = getattr(module, "settled", None) if evaluate is not None else None
        bias = float(recommended.get("bias", DEFAULT_BIAS)) if self.bias is None else self.bias
        widen = recommended.get("widen", OFF) if self.widen == AUTO else self.widen
        return Settings(rollout, prior, None if horizon == END else int(horizon), policy,
                        choose if prior == "heuristic" else None, evaluate, steps, settled, bias,
                        None if widen == OFF else float(widen), bool(recommended.get("public_hint", False)))

    def check(self, game: Game[Any, Any]) -> None:
        """Raise :class:`AgentSpecError` now if this agent cannot play ``game``."""
        self.settings(game)

    # -- the agent interface ---------------------------------------------------------
    def act(self, game: Game[Any, Any], state: Any, seat: Seat) -> Any:
        """The action searched best for ``seat``."""
        legal = game.legal_actions(state, seat)
        if not legal:
            raise ValueError(M_("{seat} has no decision to make now", seat=game.seat_name(state, seat)))
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = self.search(game, state, seat)
        stats: dict[Any, Node] = root.children if root.joint is None else root.joint.get(seat, {})
        best = max(legal, key=lambda a: (stats[a].visits, stats[a].reward[seat]) if a in stats else (-1, 0.0))
        return best

    # -- the search ------------------------------------------------------------------------
    def search(self, game: Game[Any, Any], state: Any, seat: Seat) -> Node:
        """Run the budget of iterations from ``state`` for observer ``seat``; the root node."""
        seats = self._seat_count(game, state)
        root = Node(seats)
        search = _Search(self, game, seat, seats)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        count = 0
        while True:
            if self.iterations is not None and count >= self.iterations:
                break
            if deadline is not None and count > 0 and time.perf_counter() >= deadline:
                break
            search.iterate(game.fork(game.determinize(state, seat, self.rng)), root)
            count += 1
        self.last_iterations = count
        return root

    @staticmethod
    def _seat_count(game: Game[Any, Any], state: Any) -> int:
        """Reward vectors are as long as the game's largest table (seats beyond the real ones get 0)."""
        return game.info.max_seats


class _Search:
    """One decision's search: the agent's settings bound to a game, an observer and a table size."""

    def __init__(self, agent: ISMCTSAgent, game: Game[Any, Any], observer: Seat, seats: int) -> None:
        self.game = game
        self.observer = observer
        self.seats = seats
        self.rng = agent.rng
        self.exploration = agent.exploration
        settings = agent.settings(game)
        self.bias = settings.bias
        self.policy = settings.policy
        self.hint = settings.hint
        self.evaluate = settings.evaluate
        self.rollout_steps = settings.rollout_steps
        self.settled = settings.settled
        self.rollout_limit = agent.rollout_limit
        self.widen = settings.widen
        self.public_hint = settings.public_hint

    def iterate(self, state: Any, root: Node) -> None:
        """One iteration on ``state``, a forked determinization this search may change in place."""
        game, rng, seats = self.game, self.rng, self.seats
        node = root
        path: list[Node] = [root]
        joint_path: list[tuple[Node, Seat]] = []
        expanded = False
        while not expanded:
            acting = game.to_act(state)
            if not acting:
                break
            if acting[0] == CHANCE:
                game.advance(state, CHANCE, game.sample_chance(state, rng))
                key = _observation(state.events, self.observer)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = Node(seats)
                node = child
            elif len(acting) == 1:
                node, expanded = self._select_one(state, acting[0], node)
            else:
                node, expanded = self._select_joint(state, acting, node, joint_path)
            path.append(node)
        returns = self._rollout(state)
        for visited in path:
            visited.visits += 1
            reward = visited.reward
            for s in range(seats):
                reward[s] += returns[s]
        for stats_node, s in joint_path:
            stats_node.visits += 1
            stats_node.reward[s] += returns[s]

    def _ucb_pick(self, options: tuple[Any, ...], stats: dict[Any, Node] | dict[Hashable, Node], seat: Seat,
                  hinted: Any = None) -> tuple[Any, bool]:
        """UCT over the actions legal now; an untried one first. Returns (action, was_untried)."""
        nodes = list(map(stats.get, options))  # each option's node, None when not tried yet
        opened = list(filter(None, nodes))  # the tried ones, in menu order (a Node is always true)
        pulls = 0
        for found in opened:
            found.avail += 1
            pulls += found.visits
        hint_node = None if hinted is None else stats.get(hinted)
        if hint_node is not None:
            hint_node.hinted += 1
        widen = self.widen
        untried = len(options) - len(opened)
        hint_untried = hinted is not None and hint_node is None and hinted in options
        if untried and (widen is None or not opened or hint_untried or len(opened) < pulls ** widen):
            if hint_untried:
                action = hinted
            elif untried == 1:
                action = options[nodes.index(None)]
            else:
                action = self.rng.choice([a for a, n in zip(options, nodes, strict=True) if n is None])
            child = stats[action] = Node(self.seats)
            child.hinted = int(action == hinted)
            return action, True
        c, bias = self.exploration, self.bias
        log, sqrt = math.log, math.sqrt
        best, best_value = options[0], -math.inf
        for a, node in zip(compress(options, nodes), opened, strict=True):
            visits = node.visits
            value = node.reward[seat] / visits + c * sqrt(log(node.avail) / visits)
            if node.hinted:
                value += bias * node.hinted / node.avail / (visits + 1)
            if value > best_value:
                best, best_value = a, value
        return best, False

    def _hinted(self, state: Any, seat: Seat, options: tuple[Any, ...]) -> Any:
        """The heuristic's choice for ``seat`` in this determinization (``None`` without a prior)."""
        if self.hint is None or len(options) == 1:
            return None
        return self.hint(self.game, state, seat, self.rng)

    def _select_one(self, state: Any, seat: Seat, node: Node) -> tuple[Node, bool]:
        game = self.game
        options = game.legal_actions(state, seat)
        if self.public_hint:
            hinted = node.hint
            if hinted is _UNASKED:
                hinted = node.hint = self._hinted(state, seat, options)
        else:
            hinted = self._hinted(state, seat, options)
        action, fresh = self._ucb_pick(options, node.children, seat, hinted)
        game.advance(state, seat, action)
        return node.children[action], fresh

    def _select_joint(self, state: Any, acting: tuple[Seat, ...], node: Node,
                      joint_path: list[tuple[Node, Seat]]) -> tuple[Node, bool]:
        """Sealed choices: each seat picks by its own statistics, blind to the others' picks."""
        game = self.game
        if node.joint is None:
            node.joint = {}
        fresh_any = False
        picks: list[tuple[Seat, Any]] = []
        for seat in acting:
            stats = node.joint.setdefault(seat, {})
            options = game.legal_actions(state, seat)
            action, fresh = self._ucb_pick(options, stats, seat, self._hinted(state, seat, options))
            fresh_any = fresh_any or fresh
            picks.append((seat, action))
        applied: list[tuple[Seat, Any]] = []
        for seat, action in picks:
            if seat not in game.to_act(state):
                continue
            if not game.is_legal(state, seat, action):  # another choice changed what is legal
                action = self.rng.choice(game.legal_actions(state, seat))
            else:
                joint_path.append((node.joint[seat][action], seat))
            game.advance(state, seat, action)
            applied.append((seat, action))
        key = tuple(applied)
        child = node.children.get(key)
        if child is None:
            child = node.children[key] = Node(self.seats)
            fresh_any = True
        return child, fresh_any

    def _rollout(self, state: Any) -> list[float]:
        """Play on in place to the end (or the horizon, then evaluate); each seat's reward."""
        game, rng, policy, seats, settled = self.game, self.rng, self.policy, self.seats, self.settled
        quiet(state)  # nobody reads a rollout's events: its steps make none
        steps = 0
        while steps < self.rollout_steps or (settled is not None and steps < self.rollout_limit
                                              and not settled(game, state)):
            acting = game.to_act(state)
            if not acting:
                break
            seat = acting[0]
            action = game.sample_chance(state, rng) if seat == CHANCE else policy(game, state, seat, rng)
            game.advance(state, seat, action)
            steps += 1
        if not game.to_act(state):
            outcome = game.outcome(state)
            return list(outcome.returns(seats)) if outcome is not None else [0.0] * seats
        if self.evaluate is None:
            return [0.0] * seats
        values = list(self.evaluate(game, state))
        return values + [0.0] * (seats - len(values))


def _heuristic_module(game: Game[Any, Any]) -> Any:
    """The game's strategy module (``choose``, ``evaluate``, ``settled``, ``SEARCH``), or ``None``."""
    return game.strategy()


def _observation(events: list[Any], observer: Seat) -> Hashable:
    """What ``observer`` saw of a step: the kinds and texts of the events it may see."""
    return tuple(e.observed() for e in events if e.is_visible_to(observer))


def _number(params: dict[str, str], key: str, kind: type[int] | type[float]) -> Any:
    raw = params.pop(key, None)
    if raw is None:
        return None
    try:
        value = kind(raw)
    except (ValueError, OverflowError):
        if kind is int:
            raise AgentSpecError(M_("ismcts: '{key}' must be a number (whole), not '{value}'", key=key,
                                    value=raw)) from None
        raise AgentSpecError(M_("ismcts: '{key}' must be a number, not '{value}'", key=key, value=raw)) from None
    if not math.isfinite(value) or value <= 0:
        raise AgentSpecError(M_("ismcts: '{key}' must be positive (a finite number), not '{value}'", key=key,
                                value=raw))
    return value


def _word_or_number(params: dict[str, str], key: str, words: tuple[str, ...],
                    kind: type[int] | type[float]) -> Any:
    """A parameter that is one of ``words`` or a positive number (``AUTO`` when absent)."""
    value = params.get(key, AUTO)
    if value == AUTO or value in words:
        return params.pop(key, AUTO)
    return _number(params, key, kind)


def _choice(params: dict[str, str], key: str, allowed: tuple[str, ...]) -> str:
    value = params.pop(key, allowed[0])
    if value not in allowed:
        raise AgentSpecError(M_("ismcts: {key} must be {choices} or {last}, not '{value}'", key=key,
                                choices=[repr(a) for a in allowed[:-1]], last=repr(allowed[-1]), value=value))
    return value


KNOWN = ("iterations", "seconds", "rollout", "epsilon", "c", "rollout_limit", "horizon", "prior", "bias",
         "widen")
"""The parameters an ``ismcts`` spec may give."""


def make(params: dict[str, str], seed: int) -> ISMCTSAgent:
    """Build from a spec: ``ismcts:iterations=500``, ``ismcts:seconds=0.5``, ``ismcts:rollout=heuristic``."""
    params = dict(params)
    iterations = _number(params, "iterations", int)
    seconds = _number(params, "seconds", float)
    if iterations is not None and seconds is not None:
        raise AgentSpecError(M_("ismcts: give either iterations or seconds, not both"))
    exploration = _number(params, "c", float)
    limit = _number(params, "rollout_limit", int)
    horizon: int | str = _word_or_number(params, "horizon", (END,), int)
    bias = _number(params, "bias", float)
    widen: float | str = _word_or_number(params, "widen", (OFF,), float)
    if isinstance(widen, float) and not widen < 1:
        raise AgentSpecError(M_("ismcts: 'widen' must be between 0 and 1 (or 'off'), not '{value}'", value=widen))
    raw_epsilon = params.pop("epsilon", None)
    try:
        epsilon = DEFAULT_EPSILON if raw_epsilon is None else float(raw_epsilon)
    except ValueError:
        raise AgentSpecError(M_("ismcts: 'epsilon' must be a number, not '{value}'", value=raw_epsilon)) from None
    if not 0 <= epsilon <= 1:  # also refuses nan
        raise AgentSpecError(M_("ismcts: 'epsilon' must be between 0 and 1, not '{value}'", value=raw_epsilon))
    rollout = _choice(params, "rollout", (AUTO, "random", "heuristic"))
    prior = _choice(params, "prior", (AUTO, "none", "heuristic"))
    if params:
        raise AgentSpecError(M_n("ismcts: unknown parameter {params} (known: {known})",
                                 "ismcts: unknown parameters {params} (known: {known})", len(params),
                                 params=sorted(params), known=list(KNOWN)))
    return ISMCTSAgent(seed, iterations=iterations, seconds=seconds, rollout=rollout,
                       exploration=DEFAULT_EXPLORATION if exploration is None else exploration,
                       rollout_limit=DEFAULT_ROLLOUT_LIMIT if limit is None else limit, epsilon=epsilon,
                       horizon=horizon, prior=prior, bias=bias, widen=widen)
