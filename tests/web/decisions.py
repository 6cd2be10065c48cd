"""Decisions of seeded games played by bots, as the browser receives them: each acting seat's JSON view and
its menu's table objects (what :func:`bouts.core.table.menu` puts in each entry's ``objects`` and ``select``, from
the game's ``action_parts``; the entries' words are left out, which makes a long SAO game minutes shorter)."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from typing import Any

import bouts
from bouts.agents import make_agent
from bouts.core import CHANCE, Match
from bouts.core.i18n import use_lang

SETUPS: dict[str, dict[str, Any]] = {
    "swordplay": {"seats": 2, "options": {"heroes": ["gladiator", "mercenary"]}},
    "sao": {"seats": 2, "options": {}},
    "fgo_duel": {"seats": 2, "options": {}},
    "kaleido": {"seats": 3, "options": {}},
    "grail_war": {"seats": 3, "options": {}},
}
"""The table each game is checked at: seats and options."""


@dataclass(frozen=True)
class Decision:
    """One seat's decision: what its browser draws (the view) and what it may do (the menu)."""

    game: str
    step: int
    seat: int
    view: dict[str, Any]
    menu: list[dict[str, Any]]

    @property
    def objects(self) -> set[str]:
        """Every table object some menu entry names (to point at, or to select)."""
        return {o for entry in self.menu for o in [*entry["objects"], *entry["select"]]}


@functools.cache
def decisions(game_id: str, seed: int = 1, *, lang: str = "en", every: int = 1, limit: int = 4000,
              agent: str = "heuristic") -> tuple[Decision, ...]:
    """A seeded game of ``game_id`` played by ``agent`` at every seat, every ``every``-th decision recorded."""
    setup = SETUPS[game_id]
    game = bouts.game(game_id)
    match = Match(game, setup["seats"], setup["options"], None, seed)
    agents = [make_agent(agent, seed + s) for s in range(setup["seats"])]
    found: list[Decision] = []
    count = 0
    with use_lang(lang):
        for _ in range(limit):
            acting = match.to_act()
            if not acting:
                break
            if acting == (CHANCE,):
                match.step_chance()
                continue
            seat = acting[0]
            if count % every == 0:
                view = json.loads(json.dumps(match.view(seat)))
                entries = []
                for action in game.legal_actions(match.state, seat):
                    parts = game.action_parts(match.state, seat, action)
                    entries.append({"text": str(action), "objects": list(parts.objects), "select": list(parts.select)})
                found.append(Decision(game_id, len(match.steps), seat, view, entries))
            count += 1
            match.apply(agents[seat].act(game, match.state, seat), seat)
    return tuple(found)
