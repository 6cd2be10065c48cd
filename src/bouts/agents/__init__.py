"""Agents: random, per-game heuristics, information-set MCTS."""

from bouts.agents.base import Agent, AgentSpecError, make_agent, parse_spec, register_agent

__all__ = ["Agent", "AgentSpecError", "make_agent", "parse_spec", "register_agent"]
