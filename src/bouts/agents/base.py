"""The agent interface and agent spec strings (``random``, ``heuristic``, ``ismcts:iterations=500``)."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any, Protocol

from bouts.core.contract import Game, Seat


class AgentSpecError(ValueError):
    """An agent spec string that names no agent or has bad parameters."""


class Agent(Protocol):
    """Something that picks an action for a seat."""

    name: str
    """The spec string that made it."""

    def act(self, game: Game[Any, Any], state: Any, seat: Seat) -> Any:
        """A legal action for ``seat`` in ``state``."""
        ...


AgentFactory = Callable[[dict[str, str], int], Agent]
"""Builds an agent from its spec parameters and a seed."""

_FACTORIES: dict[str, str] = {
    "random": "bouts.agents.random_agent:make",
    "heuristic": "bouts.agents.heuristic:make",
    "ismcts": "bouts.agents.ismcts:make",
}


def register_agent(kind: str, target: str) -> None:
    """Make ``kind`` available in spec strings (``target`` is ``module:function``)."""
    _FACTORIES[kind] = target


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``kind:key=value,key=value``.

    >>> parse_spec("ismcts:iterations=500,rollout=heuristic")
    ('ismcts', {'iterations': '500', 'rollout': 'heuristic'})
    """
    kind, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        if "=" not in part:
            raise AgentSpecError(f"agent '{spec}': parameter '{part}' must look like name=value")
        key, value = part.split("=", 1)
        params[key.strip()] = value.strip()
    return kind, params


def split_seats(text: str) -> list[str]:
    """Split a seat list such as ``ismcts:iterations=500,rollout=heuristic,random``.

    Seats are separated by commas. An agent's parameters follow its colon and are
    separated by commas too: a part with ``=`` and no ``:`` is a parameter of the
    agent before it. ``random*3`` stands for three random seats.

    >>> split_seats("ismcts:iterations=50,rollout=heuristic,random*2,human")
    ['ismcts:iterations=50,rollout=heuristic', 'random', 'random', 'human']
    """
    specs: list[str] = []
    if not text.replace(",", "").strip():
        raise AgentSpecError("no agents given (e.g. --seats random,random)")
    for raw in text.split(","):
        part = raw.strip()
        if not part:
            raise AgentSpecError(f"empty seat in '{text}': give each seat as human or an agent "
                                 "(e.g. human,random,random)")
        if "=" in part and ":" not in part:
            if not specs:
                raise AgentSpecError(f"'{part}' is a parameter but no agent comes before it "
                                     "(e.g. ismcts:iterations=50,rollout=random)")
            specs[-1] += ("," if ":" in specs[-1] else ":") + part
            continue
        name, star, count = part.rpartition("*")
        if star and "=" not in count:
            try:
                times = int(count)
            except ValueError:
                raise AgentSpecError(f"'{part}': a repeat count after '*' must be a whole number") from None
            if not 1 <= times <= 1000:
                raise AgentSpecError(f"'{part}': a repeat count must be from 1 to 1000")
            specs.extend([name.strip()] * times)
        else:
            specs.append(part)
    if not specs:
        raise AgentSpecError("no agents given (e.g. --seats random,random)")
    return specs


def make_agent(spec: str, seed: int = 0) -> Agent:
    """Build the agent a spec string names, seeded."""
    kind, params = parse_spec(spec)
    target = _FACTORIES.get(kind)
    if target is None:
        raise AgentSpecError(f"unknown agent '{kind}' (known: {', '.join(sorted(_FACTORIES))})")
    module_name, _, attribute = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        raise AgentSpecError(f"agent '{kind}' is not available: {exc}") from None
    factory: AgentFactory = getattr(module, attribute)
    agent = factory(params, seed)
    agent.name = spec
    return agent


def agent_rng(seed: int) -> random.Random:
    """A private RNG for an agent (never part of a game state)."""
    return random.Random(seed ^ 0x5EED)
