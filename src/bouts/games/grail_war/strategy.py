"""A sensible Grail War player, using only what its seat may know (its own cards and the public board).

It banks mana early and at the Workshop, goes to Recon when it is cheap, fights where its cards and land
advantage can win, plays its strongest affordable cards face up and saves mana with face-down cards where
there is no battle, and spends command spells on power when a battle is close.
"""

from __future__ import annotations

import random
from typing import Any

from bouts.core import CHANCE, Game, Seat
from bouts.games.grail_war.actions import Act
from bouts.games.grail_war.battle import total_power
from bouts.games.grail_war.board import stats
from bouts.games.grail_war.movement import paid_moves
from bouts.games.grail_war.state import BATTLEFIELDS, NPC_POWER, PREPARE, RECON, SHINTO, WORKSHOP, GrailState

SEARCH = {"rollout": "heuristic", "prior": "heuristic", "horizon": 40}
"""IS-MCTS settings: heuristic rollouts of about two rounds, scored by :func:`evaluate`."""


def _hand_power(state: GrailState, seat: int) -> int:
    """What the best two affordable face-up cards would add (own knowledge only)."""
    p = state.players[seat]
    options = sorted(((stats(state, p, c)[0], stats(state, p, c)[2]) for c in p.hand), reverse=True)
    total, mana = 0, p.mana
    for power, cost in options[:2]:
        if p.infinite or cost <= mana:
            total += power
            mana -= cost
    return total


def _rivals(state: GrailState, seat: int, place: str) -> list[int]:
    return [s for s in state.living() if s != seat and state.players[s].location == place]


def _place(state: GrailState, seat: int, legal: list[Act]) -> tuple[Act, str]:
    p = state.players[seat]
    by = {a.what: a for a in legal}
    if WORKSHOP in by and p.mana <= 5 and not p.infinite:
        return by[WORKSHOP], "low on mana: the Workshop pays mana now"
    best, why, score = None, "", -99.0
    strength = _hand_power(state, seat)
    for place in BATTLEFIELDS:
        if place not in by:
            continue
        token = 3 if state.tokens[f"{place}3"] is None else (1 if state.tokens[f"{place}1"] is None else 0)
        rivals = len(_rivals(state, seat, place))
        npc = state.npc == place
        events = sum(state.catalog.events[e].spoils for e, up in state.events_at.get(place, []) if up)
        power = strength + token
        value = events + token - 1.5 * rivals + (1 if place == SHINTO else 0)
        if npc and power + 4 < NPC_POWER:
            value -= 6
        if value > score:
            best, score = place, value
            why = f"{place}: land advantage +{token}, {rivals} rival(s)" + (", the NPC is there" if npc else "")
    if best is None or (score < 0 and WORKSHOP in by):
        return by[WORKSHOP], "the battlefields look bad: bank mana at the Workshop"
    return by[best], why


def _move(state: GrailState, seat: int, legal: list[Act]) -> tuple[Act, str]:
    p = state.players[seat]
    moves = paid_moves(state, seat)
    here = p.location
    for a in legal:
        if a.verb == "move" and a.what == RECON and (p.infinite or moves[RECON] <= max(2, p.mana - 4)):
            return a, f"Recon is open: 2 spoils for {moves[RECON]} mana"
    if here in BATTLEFIELDS:
        rivals = _rivals(state, seat, here)
        if state.npc == here and _hand_power(state, seat) + 3 < NPC_POWER:
            for a in legal:
                if a.verb == "move" and a.what in BATTLEFIELDS and a.what != here:
                    return a, "leave the NPC's battlefield: it is too strong"
        del rivals
    if here == WORKSHOP and p.mana >= 7:
        for a in legal:
            if a.verb == "move" and a.what == SHINTO and state.npc != SHINTO:
                return a, "rich in mana: fight at Shinto for its bigger bonus"
    return Act("stay"), "stay where you are"


def _prepare(state: GrailState, seat: int, legal: list[Act]) -> tuple[Act, str]:
    p = state.players[seat]
    plays = [a for a in legal if a.verb == "play"]
    fighting = p.location in BATTLEFIELDS
    if not plays:
        return Act("done"), "nothing more to use"
    if not fighting:
        downs = [a for a in plays if a.how == "down"]
        if downs:
            return downs[0], "no battle here: use a card face down for free"
        if Act("done") in legal:
            return Act("done"), "no battle here: keep the mana"
        return min(plays, key=lambda a: stats(state, p, a.what or "")[2]), "no battle here: the cheapest card"
    ups = [a for a in plays if a.how == "up"]
    if ups:
        def value(a: Act) -> float:
            power, _, cost = stats(state, p, a.what or "")
            return power - 0.4 * cost
        best = max(ups, key=value)
        if value(best) > 0.5:
            return best, f"the strongest card for its mana (power {stats(state, p, best.what or '')[0]})"
    if Act("done") in legal:
        return Act("done"), "keep the rest of the mana"
    return plays[0], "the count of 2 cards must be met"


def _window(state: GrailState, seat: int, legal: list[Act]) -> tuple[Act, str]:
    p = state.players[seat]
    here = p.location
    if here in BATTLEFIELDS and p.acted and Act("spell", "power") in legal:
        mine = total_power(state, seat)
        others = [total_power(state, s) for s in _rivals(state, seat, here) if state.players[s].acted]
        if state.npc == here:
            others.append(NPC_POWER)
        top = max(others, default=-1)
        late = state.round >= 6 or p.command_spells >= 3
        if others and top - 2 <= mine <= top and late:
            return Act("spell", "power"), f"a close battle ({mine} against {top}): +2 power wins or ties it"
    if Act("jewel", "mana") in legal and p.mana <= 9:
        return Act("jewel", "mana"), "jewels for mana"
    return Act("next"), "keep the command spells"


def _choose(state: GrailState, seat: int, legal: list[Act]) -> tuple[Act, str]:
    if state.pending:
        top = state.pending[-1]
        if top.kind == "goto":
            pick = RECON if RECON in top.choices else (SHINTO if SHINTO in top.choices else top.choices[0])
            return Act("goto", pick), "Recon pays spoils, Shinto the bigger bonus"
        if top.kind == "target":
            return Act("target", top.choices[0]), "the only rival it can hit"
        if top.kind == "riding":
            ups = [a for a in legal if a.verb == "play"]
            if ups:
                return ups[0], "騎乗: one more card for power"
            return Act("done"), "no more cards to add"
        if top.kind == "rebuild":
            p = state.players[seat]
            weak = [a for a in legal if a.verb == "discard" and stats(state, p, a.what or "")[0] <= 2]
            if weak and len(top.choices) < 2:
                return weak[0], "discard a weak card"
            return Act("done"), "draw the replacements"
        return (Act("change"), "Sakura is stronger late") if state.round >= 4 else (Act("keep"), "stay Shinji")
    if state.step == "place":
        return _place(state, seat, legal)
    if state.stage == "before_move":
        return _move(state, seat, legal)
    if state.stage == PREPARE:
        return _prepare(state, seat, [a for a in legal if a.verb in ("play", "done")] or legal)
    return _window(state, seat, legal)


def choose(game: Game[Any, Any], state: GrailState, seat: Seat, rng: random.Random) -> Any:
    """The heuristic's action for ``seat``."""
    if seat == CHANCE:
        return game.sample_chance(state, rng)
    legal = list(game.legal_actions(state, seat))
    if len(legal) == 1:
        return legal[0]
    action, _ = _choose(state, seat, legal)
    if action not in legal:
        return legal[0]
    return action


def explain(game: Game[Any, Any], state: GrailState, seat: Seat, action: Any) -> str:
    """One line of reason for ``action`` when it is the heuristic's pick (the terminal's ``hint``)."""
    legal = list(game.legal_actions(state, seat))
    if len(legal) <= 1:
        return "the only choice"
    pick, why = _choose(state, seat, legal)
    return why if pick == action else ""


def ranked(game: Game[Any, Any], state: GrailState, seat: Seat, legal: list[Act]) -> list[Act]:
    """The legal actions best first, for long menus: the heuristic's pick, ``done``, then face-up cards by
    power for their mana, then the rest (face-down uses)."""
    best = choose(game, state, seat, random.Random(0))
    p = state.players[seat]

    def key(a: Act) -> tuple[int, float, str]:
        if a == best:
            return (0, 0.0, str(a))
        if a.verb in ("done", "next", "stay"):
            return (1, 0.0, str(a))
        if a.verb == "play" and a.how == "up":
            power, _, cost = stats(state, p, a.what or "")
            return (2, -(power - 0.4 * cost), str(a))
        return (3, 0.0, str(a))

    return sorted(legal, key=key)


def evaluate(game: Game[Any, Any], state: GrailState) -> list[float]:
    """Each seat's chance to win, from its spoils against the leader's (eliminated seats 0)."""
    living = state.living()
    if state.winners is not None:
        return [1.0 if s in state.winners else 0.0 for s in range(state.seats)]
    best = max((state.players[s].spoils for s in living), default=0)
    raw = [0.0 if s not in living else (1 + state.players[s].spoils + 0.1 * state.players[s].mana) / (
        2 + best) for s in range(state.seats)]
    total = sum(raw) or 1.0
    return [r / total for r in raw]


def settled(game: Game[Any, Any], state: GrailState) -> bool:
    """A position fit to score: between rounds' decisions, not inside a player's action."""
    return state.step == "place" or state.step == "over"
