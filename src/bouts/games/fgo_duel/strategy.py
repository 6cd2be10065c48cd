"""A sensible FGO Duel master: strong party, march on the enemy master area, attack only when the best
3 cards in hand should beat what the defender can be expected to show, play the best battle total.

It reads only what its seat may know: its own hand and the public table (the opponent's unseen cards are
estimated from their party's command cards minus the public trash and removed cards).
"""

from __future__ import annotations

import itertools
import math
import random
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bouts.core import CHANCE, Game, Seat
from bouts.games.fgo_duel.actions import Act
from bouts.games.fgo_duel.battle import chip_bonus, chips_in_effect, valuer
from bouts.games.fgo_duel.i18n import _
from bouts.games.fgo_duel.party import legal_parties
from bouts.games.fgo_duel.skills import np_of
from bouts.games.fgo_duel.state import FgoState, Phase

GUARD_WEIGHT = 8.0
"""How much the heuristic values keeping a servant next to its own master area."""
ATTACK_MARGIN = 1
"""How much the best own total must exceed the expected defence before attacking."""


_ACTION, _BATTLE, _PARTY, _MULLIGAN, _TRIGGER, _START, _REMOVE, _END_MOVE = (
    Phase.ACTION, Phase.BATTLE, Phase.PARTY, Phase.MULLIGAN, Phase.TRIGGER, Phase.START, Phase.REMOVE, Phase.END_MOVE)
"""The phases, read once (an enum member read from its class costs a lookup each time; rollouts ask every step)."""


def choose(game: Game[Any, Any], state: FgoState, seat: Seat, rng: random.Random) -> Any:
    """The heuristic's action for ``seat``."""
    if seat == CHANCE:
        return game.sample_chance(state, rng)
    legal = game.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    if phase is _ACTION:
        return _move(state, seat, legal, rng)
    if phase is _BATTLE:
        return _battle(state, seat, legal)
    if phase is _PARTY:
        return _party(state, seat, legal, rng)
    if phase is _MULLIGAN:
        return _mulligan(state, seat, legal)
    if phase is _TRIGGER:
        skills = [a for a in legal if a.verb == "skill"]
        return skills[0] if skills else legal[0]  # a defence bonus is worth its NP: pay from NP first
    if phase is _START:
        return _start_skill(state, seat, legal)
    if phase is _REMOVE:
        return _remove(state, seat, legal)
    if phase is _END_MOVE:
        return _end_move(state, seat, legal)
    return rng.choice(legal)


def _start_skill(state: FgoState, seat: Seat, legal: tuple[Any, ...]) -> Any:
    """A persistent skill as soon as it can be paid (it keeps working), else a draw, else a skill that adds power
    this turn only when an attack is possible this turn; otherwise none."""
    best, best_rank = legal[0], 0.0
    attack = _attack_possible(state, seat)
    for act in legal:
        if act.verb != "skill":
            continue
        skill = _skill_of(state, seat, act)
        rank = 0.0
        if skill.kind == "persistent":
            rank = 3.0
            if skill.effect == "card_power" and len(act.args) > 1 and not act.args[1].startswith("pay:"):
                rank += _typed_power(state, act.args[1], skill.card_type) / 100
        elif skill.effect == "draw":
            rank = 2.0
        elif attack:
            rank = 1.0
        if any(a.startswith("pay:") for a in act.args[1:]):
            rank -= 0.5  # keep the face-up skill card that could pay
        if rank > best_rank:
            best, best_rank = act, rank
    return best


def _skill_of(state: FgoState, seat: Seat, act: Any) -> Any:
    return state.catalog.skills[state.masters[seat].servant(act.args[0]).skill or ""]


def _typed_power(state: FgoState, servant_id: str, card_type: Any) -> int:
    """The power of a servant's command cards of one type (what 原初のルーン raises)."""
    return sum(c.power for c in state.catalog.servants[servant_id].commands if c.type == card_type)


def _attack_possible(state: FgoState, seat: Seat) -> bool:
    """Whether some own servant whose card is in hand stands next to an enemy servant."""
    me = state.masters[seat]
    owners = {state.catalog.owner(c) for c in me.hand}
    enemies = {s.area for s in state.masters[1 - seat].on_map()}
    return any(s.area is not None and s.servant in owners and enemies & set(state.board.neighbours[s.area])
               for s in me.on_map())


def _power(state: FgoState, card: str) -> int:
    return state.catalog.command(card).power


def _party(state: FgoState, seat: Seat, legal: tuple[Any, ...], rng: random.Random) -> Any:
    """Toward the party with the most command-card power (ties broken at random), slot by slot."""
    servants = state.catalog.servants
    picked = tuple(state.party_picks[seat])
    parties = [p for p in legal_parties(state.catalog, state.options) if p[:len(picked)] == picked]

    power = {s.id: sum(c.power for c in s.commands) for s in servants.values()}
    token_power: dict[str, int] = {}

    def score(tokens: tuple[str, ...]) -> float:
        total = 0
        for token in tokens:
            found = token_power.get(token)
            if found is None:
                found = token_power[token] = power[token.partition(":")[0]]
            total += found
        return total + rng.random()

    best = max(parties, key=score)
    return next(a for a in legal if a.args == (best[len(picked)],))


def _mulligan(state: FgoState, seat: Seat, legal: tuple[Any, ...]) -> Any:
    """Mulligan a hand whose cards all belong to one servant (it can move only that one)."""
    owners = {state.catalog.owner(c) for c in state.masters[seat].hand}
    wanted = "mulligan" if len(owners) == 1 else "keep"
    return next(a for a in legal if a.verb == wanted)


_ADJACENCY: dict[int, tuple[Any, dict[str, tuple[str, ...]]]] = {}


def _adjacency(game_map: Any) -> dict[str, tuple[str, ...]]:
    """Each area's neighbours on ``game_map`` (cached per map object)."""
    found = _ADJACENCY.get(id(game_map))
    if found is None or found[0] is not game_map:
        table = {area.id: tuple(game_map.neighbours(area.id)) for area in game_map.areas}
        found = _ADJACENCY[id(game_map)] = (game_map, table)
    return found[1]


def _distance(state: FgoState, start: str, goal: str, blocked: set[str]) -> int:
    """Steps from ``start`` to ``goal`` avoiding ``blocked`` areas (a large number when unreachable)."""
    if start == goal:
        return 0
    links = _adjacency(state.map)
    seen = {start}
    frontier = [start]
    steps = 0
    while frontier:
        steps += 1
        following = []
        for area in frontier:
            for nxt in links[area]:
                if nxt == goal:
                    return steps
                if nxt not in seen and nxt not in blocked:
                    seen.add(nxt)
                    following.append(nxt)
        frontier = following
    return 99


def _distances_avoiding(state: FgoState, goal: str, blocked: set[str]) -> dict[str, int]:
    """Steps from each area to ``goal`` through areas not ``blocked`` (the starting area may be blocked)."""
    links = _adjacency(state.map)
    steps = {goal: 0}
    frontier = [goal]
    while frontier:
        following = []
        for area in frontier:
            reach = steps[area] + 1
            for nxt in links[area]:
                if nxt not in steps:
                    steps[nxt] = reach
                    if nxt not in blocked:
                        following.append(nxt)
        frontier = following
    return steps


def _best_total(state: FgoState, seat: Seat, hand: list[str], fighting: str, enemy: str,
                values: dict[tuple[str, str], Callable[[Sequence[str]], int]] | None = None) -> int:
    """The best battle total 3 of ``hand`` make (``values`` keeps each pairing's valuer across calls)."""
    size = min(3, len(hand))
    if size == 0:
        return chip_bonus(state.masters[seat].chips)
    value = None if values is None else values.get((fighting, enemy))
    if value is None:
        value = valuer(state, seat, fighting, enemy)
        if values is not None:
            values[(fighting, enemy)] = value
    return max(map(value, itertools.combinations(hand, size)))


def _expected_defence(state: FgoState, seat: Seat) -> float:
    """What the opponent may show: 3 times the mean power of its unseen cards, plus its chips."""
    other = state.masters[1 - seat]
    seen = set(other.trash)
    seen.update(other.removed)
    cards, count, total = _party_cards(state.catalog, tuple([s.servant for s in other.party]))
    for instance in seen:  # take the seen cards off the party's count and power
        found = cards.get(instance)
        if found is not None:
            count -= found[0]
            total -= found[1]
    mean = total / max(1, count)
    return 3 * mean + 2 + chip_bonus(other.chips)


_PARTY_CARDS: dict[tuple[int, tuple[str, ...]], tuple[Any, tuple[dict[str, tuple[int, int]], int, int]]] = {}


def _party_cards(catalog: Any, servants: tuple[str, ...]) -> tuple[dict[str, tuple[int, int]], int, int]:
    """A party's command card instances, each with how many times the party holds it and their printed power
    together, and the count and power of them all (cached per catalogue)."""
    key = (id(catalog), servants)
    found = _PARTY_CARDS.get(key)
    if found is None or found[0] is not catalog:
        if len(_PARTY_CARDS) >= CACHE_LIMIT:
            _PARTY_CARDS.clear()
        cards: dict[str, tuple[int, int]] = {}
        count = total = 0
        for servant in servants:
            for number in range(1, 6):
                instance = f"{servant}/{number}"
                power = catalog.command(instance).power
                held = cards.get(instance, (0, 0))
                cards[instance] = (held[0] + 1, held[1] + power)
                count += 1
                total += power
        found = _PARTY_CARDS[key] = (catalog, (cards, count, total))
    party: tuple[dict[str, tuple[int, int]], int, int] = found[1]
    return party


CACHE_LIMIT = 4096
"""Most entries each of the heuristic's caches keeps (it starts afresh beyond)."""
_AVOIDING: dict[tuple[int, str, frozenset[str]], tuple[Any, dict[str, int]]] = {}


def _cached_distances_avoiding(state: FgoState, goal: str, blocked: frozenset[str]) -> dict[str, int]:
    """:func:`_distances_avoiding`, kept per map, goal and blocked areas (the caller must not change it)."""
    game_map = state.map
    key = (id(game_map), goal, blocked)
    found = _AVOIDING.get(key)
    if found is None or found[0] is not game_map:
        if len(_AVOIDING) >= CACHE_LIMIT:
            _AVOIDING.clear()
        found = _AVOIDING[key] = (game_map, _distances_avoiding(state, goal, set(blocked)))
    table: dict[str, int] = found[1]
    return table


BEST_LEFT_LIMIT = 1 << 15
"""Most entries the heuristic's table of best battle totals keeps (it starts afresh beyond)."""
_BEST_LEFT: dict[int, tuple[Any, dict[tuple[str, int], int], dict[str, int]]] = {}


def _best_left_tables(catalog: Any) -> tuple[dict[tuple[str, int], int], dict[str, int]]:
    """Per catalogue: (fighting servant, code of the cards left) -> their best battle total, less the chips and
    skills (under the basic rules a total depends on nothing else); and each card's share of such a code.

    Cards alike in servant, type and power are interchangeable (``Catalog.kinds``), so a code counts the cards
    of each kind: kind ``k`` adds ``16 ** k`` (a hand holds fewer than 16 cards of one kind: 5 per servant)."""
    found = _BEST_LEFT.get(id(catalog))
    if found is None or found[0] is not catalog:
        numbers: dict[tuple[str, str, int], int] = {}
        weights = {instance: 1 << (4 * numbers.setdefault(kind, len(numbers)))
                   for instance, kind in catalog.kinds.items()}
        found = _BEST_LEFT[id(catalog)] = (catalog, {}, weights)
    table: dict[tuple[str, int], int] = found[1]
    if len(table) >= BEST_LEFT_LIMIT:
        table.clear()
    return table, found[2]


CardFacts = tuple[float, bool, int]
"""What the heuristic reads of a command card: the move score's cost of paying it, whether it is Arts, its
printed power."""
_CARD_COSTS: dict[int, tuple[Any, dict[str, CardFacts]]] = {}


def _card_costs(catalog: Any) -> dict[str, CardFacts]:
    """Per catalogue: card -> its :data:`CardFacts`, filled as cards are met (with :func:`_card_cost`)."""
    found = _CARD_COSTS.get(id(catalog))
    if found is None or found[0] is not catalog:
        found = _CARD_COSTS[id(catalog)] = (catalog, {})
    costs: dict[str, CardFacts] = found[1]
    return costs


def _card_cost(catalog: Any, costs: dict[str, CardFacts], card: str) -> CardFacts:
    """A card's facts, kept in ``costs`` (its catalogue's :func:`_card_costs`)."""
    found = catalog.command(card)
    known = costs[card] = (0.3 * found.power, found.type.value == "arts", found.power)
    return known


class _Attacks:
    """What the scoring of attacks shares within one choice of move, worked out at its first attack: the
    expected defence, the enemy servants next to the own master area, and the best battle totals left after
    paying (under the basic rules kept across choices, by the kinds of the cards left and the fighting
    servant: :func:`_best_left_tables`)."""

    __slots__ = ("base", "basic", "bests", "code", "defence", "hand", "seat", "state", "table", "threats", "totals",
                 "weights")

    def __init__(self, state: FgoState, seat: Seat, own_master: str) -> None:
        self.state = state
        self.seat = seat
        self.defence = _expected_defence(state, seat)
        links = state.board.neighbours
        self.threats = {s.servant for s in state.masters[1 - seat].party
                        if s.area is not None and own_master in links[s.area]}
        self.hand = hand = state.masters[seat].hand
        self.table, self.weights = _best_left_tables(state.catalog)
        self.basic = not state.options.advanced and len(hand) > 1
        self.base = self.code = 0
        if self.basic:
            try:
                self.code = sum(map(self.weights.__getitem__, hand))
            except KeyError:  # a card not of the pack's index: no code
                self.basic = False
            else:
                self.base = chips_in_effect(state, seat)
        self.totals: dict[tuple[str, str], Callable[[Sequence[str]], int]] = {}
        self.bests: dict[tuple[str, str, str], int] = {}

    def best_without(self, servant_id: str, enemy: str, card: str) -> int:
        """The best battle total left if ``card`` is played to move (the best 3 of the rest of the hand)."""
        if self.basic:
            key = (servant_id, self.code - self.weights[card])
            left = self.table.get(key)
            if left is None:
                value = valuer(self.state, self.seat, servant_id, enemy)
                rest = [c for c in self.hand if c != card]
                left = self.table[key] = max(map(value, itertools.combinations(rest, min(3, len(rest))))) - \
                    value(())
            return self.base + left
        best = self.bests.get((servant_id, enemy, card))
        if best is None:
            best = self.bests[(servant_id, enemy, card)] = _best_total(
                self.state, self.seat, [c for c in self.hand if c != card], servant_id, enemy, self.totals)
        return best


_AROUND: dict[tuple[int, str], tuple[Any, dict[tuple[frozenset[str], str], dict[str, int]]]] = {}


def _around_tables(state: FgoState, goal: str) -> dict[tuple[frozenset[str], str], dict[str, int]]:
    """Per map and goal: (the areas of a seat's servants and master area, the area of the servant that moves) ->
    :func:`_cached_distances_avoiding` around the others (the caller must not change the tables)."""
    game_map = state.map
    key = (id(game_map), goal)
    found = _AROUND.get(key)
    if found is None or found[0] is not game_map:
        found = _AROUND[key] = (game_map, {})
    tables: dict[tuple[frozenset[str], str], dict[str, int]] = found[1]
    if len(tables) >= CACHE_LIMIT:
        tables.clear()
    return tables


@dataclass(frozen=True)
class MoveFacts:
    """What the heuristic weighs in a move, as a player can check it on the table."""

    score: float
    before: int
    """Steps from the servant's area to the enemy master area (around your other servants)."""
    after: int
    """The same from the destination."""
    enemy: str | None
    """The enemy servant in the destination (a battle), if any."""
    best: int = 0
    """For an attack: your best battle total from the cards left after paying."""
    defence: float = 0.0
    """For an attack: the total the defender may be expected to show."""
    threat: bool = False
    """For an attack: the enemy stands next to your master area."""
    last_guard: bool = False
    """The servant is the last one at a gate of your master area."""
    new_guard: bool = False
    """The destination is a gate of your master area, which nobody guards."""


def move_facts(state: FgoState, seat: Seat, legal: tuple[Any, ...], rng: random.Random) -> dict[Any, MoveFacts]:
    """Each move's score and the facts behind it (a winning move scores infinity)."""
    return dict(_move_table(state, seat, legal, rng, True))


def _move_table(state: FgoState, seat: Seat, legal: tuple[Any, ...], rng: random.Random,
                detailed: bool) -> list[tuple[Any, Any]]:
    """:func:`move_facts` (``detailed``), or only each move's score; the same scores, from the same draws of
    ``rng``, either way (and as :func:`_move` weighs them). Each legal move with its facts or score, in menu
    order."""
    me = state.masters[seat]
    board = state.board
    links = board.neighbours
    enemy_master = board.master_areas[1 - seat]
    own_master = board.master_areas[seat]
    attacks: _Attacks | None = None  # worked out at the first attack
    gates = links[own_master]
    mine = [s for s in me.party if s.area is not None]
    guards = [s.servant for s in mine if s.area in gates]
    occupied = frozenset([s.area for s in mine if s.area is not None] + [own_master])
    occupants: dict[str, str] = {}  # area -> the servant standing there (at most one, FGO-RUL-16)
    for master in state.masters:
        for figure in master.party:
            if figure.area is not None:
                occupants.setdefault(figure.area, figure.servant)
    tables: dict[str, dict[str, int]] = {}
    catalog = state.catalog
    costs = _card_costs(catalog)
    out: list[tuple[Any, Any]] = []
    append = out.append
    areas = {s.servant: s.area for s in reversed(me.party)}  # the first with an id, as Master.servant finds it
    sole_guard = guards[0] if len(guards) == 1 else None
    draw = rng.random
    # the menu lists moves servant by servant, destination by destination: the facts of a servant and
    # destination are worked out once for its cards
    moving = going = ""
    winning = last_guard = new_guard = False
    before = after = 0
    step = 0.0
    enemy: str | None = None
    for act in legal:
        servant_id, area, card = act.args
        if servant_id != moving or area != going:
            moving, going = servant_id, area
            servant_area = areas[servant_id]
            assert servant_area is not None
            table = tables.get(servant_area)  # steps to the enemy master area, around the other own servants
            if table is None:
                table = tables[servant_area] = _cached_distances_avoiding(state, enemy_master,
                                                                          occupied - {servant_area})
            before = table.get(servant_area, 99)
            winning = area == enemy_master
            if not winning:
                after = table.get(area, 99)
                step = 2.0 * (before - after)
                last_guard = sole_guard == servant_id
                new_guard = not guards and area in gates
                enemy = occupants.get(area)
        if winning:
            append((act, MoveFacts(math.inf, before, 0, None) if detailed else math.inf))
            continue
        known = costs.get(card) or _card_cost(catalog, costs, card)
        score = step - known[0] + draw() * 0.5
        if last_guard:
            score -= GUARD_WEIGHT  # keep the last guard on the gate of the own master area
        elif new_guard:
            score += GUARD_WEIGHT / 2
        if known[1]:
            score += 0.2  # NP for skills
        if enemy is None:
            append((act, MoveFacts(score, before, after, None, last_guard=last_guard, new_guard=new_guard)
                        if detailed else score))
            continue
        if attacks is None:
            attacks = _Attacks(state, seat, own_master)
        best = attacks.best_without(servant_id, enemy, card)
        edge = best - attacks.defence
        threat = enemy in attacks.threats
        if threat:
            score += 20 + edge  # it would walk into our master area next turn
        elif edge >= ATTACK_MARGIN:
            score += 3 + edge
        else:
            score -= 6 - edge
        append((act, MoveFacts(score, before, after, enemy, best, attacks.defence, threat, last_guard, new_guard)
                    if detailed else score))
    return out


def move_scores(state: FgoState, seat: Seat, legal: tuple[Any, ...], rng: random.Random) -> dict[Any, float]:
    """Each move's score (see :func:`move_facts`)."""
    scores: dict[Any, float] = dict(_move_table(state, seat, legal, rng, False))
    return scores


HALF_GUARD = GUARD_WEIGHT / 2


def _move(state: FgoState, seat: Seat, legal: tuple[Any, ...], rng: random.Random) -> Any:
    """A move into the enemy master area if there is one, else the first of the best scored moves: what
    :func:`_move_table` scores, worked out in one pass with no table (the rollouts' hottest code)."""
    board = state.board
    enemy_master = board.master_areas[1 - seat]
    me = state.masters[seat]
    own_master = board.master_areas[seat]
    attacks: _Attacks | None = None  # worked out at the first attack
    links = board.neighbours
    gates = links[own_master]
    guards: list[str] = []
    occupied = [own_master]
    areas: dict[str, str | None] = {}  # the first with an id, as Master.servant finds it
    near = False  # a servant next to the enemy master area: only then can a move enter it
    for figure in me.party:
        place = figure.area
        areas.setdefault(figure.servant, place)
        if place is not None:
            occupied.append(place)
            if place in gates:
                guards.append(figure.servant)
            if enemy_master in links[place]:
                near = True
    if near:
        for act in legal:
            if act.args[1] == enemy_master:
                return act
    blocked = frozenset(occupied)
    around = _around_tables(state, enemy_master)
    # area -> the enemy servant standing there (at most one, FGO-RUL-16; never an own one: FGO-041)
    occupants: dict[str, str] = {}
    for figure in state.masters[1 - seat].party:
        if figure.area is not None:
            occupants.setdefault(figure.area, figure.servant)
    catalog = state.catalog
    costs = _card_costs(catalog)
    sole_guard = guards[0] if len(guards) == 1 else None
    unguarded = not guards
    draw = rng.random
    moving = going = ""
    last_guard = new_guard = False
    before = 0
    step = 0.0
    enemy: str | None = None
    table: dict[str, int] = {}
    best_act, best_score = legal[0], -math.inf
    for act in legal:
        servant_id, area, card = act.args
        if area != going or servant_id != moving:
            if servant_id != moving:
                moving = servant_id
                servant_area = areas[servant_id]
                assert servant_area is not None
                # steps to the enemy master area, around the other own servants
                found = around.get((blocked, servant_area))
                if found is None:
                    found = around[(blocked, servant_area)] = _cached_distances_avoiding(
                        state, enemy_master, blocked - {servant_area})
                table = found
                before = table.get(servant_area, 99)
                last_guard = sole_guard == servant_id
            going = area
            step = 2.0 * (before - table.get(area, 99))
            new_guard = unguarded and area in gates
            enemy = occupants.get(area)
        known = costs.get(card) or _card_cost(catalog, costs, card)
        score = step - known[0] + draw() * 0.5
        if last_guard:
            score -= GUARD_WEIGHT
        elif new_guard:
            score += HALF_GUARD
        if known[1]:
            score += 0.2
        if enemy is not None:
            if attacks is None:
                attacks = _Attacks(state, seat, own_master)
            edge = attacks.best_without(servant_id, enemy, card) - attacks.defence
            if enemy in attacks.threats:
                score += 20 + edge
            elif edge >= ATTACK_MARGIN:
                score += 3 + edge
            else:
                score -= 6 - edge
        if score > best_score:
            best_act, best_score = act, score
    return best_act


def _battle(state: FgoState, seat: Seat, legal: tuple[Any, ...]) -> Any:
    attack = state.attack
    assert attack is not None and attack.defender is not None
    fighting, enemy = ((attack.attacker, attack.defender) if seat == state.turn
                       else (attack.defender, attack.attacker))

    value = valuer(state, seat, fighting, enemy)
    catalog = state.catalog
    costs = _card_costs(catalog)
    totals = [value(act.args) for act in legal]
    top = max(totals)
    # the highest total; among equals, the least printed power spent (the first such choice)
    best, least = legal[0], None
    for act, total in zip(legal, totals, strict=True):
        if total == top:
            spent = sum([(costs.get(c) or _card_cost(catalog, costs, c))[2] for c in act.args])
            if least is None or spent < least:
                best, least = act, spent
    return best


def _remove(state: FgoState, seat: Seat, legal: tuple[Any, ...]) -> Any:
    """Remove a card of a destroyed servant if any, else the weakest card (the first such in the menu)."""
    on_map = {s.servant for s in state.masters[seat].party if s.area is not None}
    catalog = state.catalog
    owners = catalog.owners
    costs = _card_costs(catalog)
    best, best_key = legal[0], (True, math.inf)
    for act in legal:
        card = act.args[0]
        power = (costs.get(card) or _card_cost(catalog, costs, card))[2]
        key = ((owners.get(card) or catalog.owner(card)) in on_map, power)
        if key < best_key:
            best, best_key = act, key
    return best


def _end_move(state: FgoState, seat: Seat, legal: tuple[Any, ...]) -> Any:
    """Move with 魔境の智慧 only when it brings the servant closer to the enemy master area."""
    enemy_master = state.map.master_area(1 - seat)
    me = state.masters[seat]
    best, gain = legal[0], 0
    for act in legal:
        if act.verb != "end_move":
            continue
        servant = me.servant(act.args[0])
        assert servant.area is not None
        delta = _distance(state, servant.area, enemy_master, set()) - _distance(state, act.args[1], enemy_master, set())
        if delta > gain:
            best, gain = act, delta
    return best


SERVANT_WEIGHT = 1.0
"""Evaluation: the worth of a servant on the map (win condition A counts them)."""
DISTANCE_WEIGHT = 1.0
"""Evaluation: the cost of each step the nearest servant still needs to the enemy master area (condition B)."""
TEMPO = 0.5
"""Evaluation: the worth, in steps of that race, of being the seat whose turn it is."""
CARD_WEIGHT = 0.2
"""Evaluation: the worth of each command card above the four that lose (condition C), up to ``CARD_CAP``."""
CARD_CAP = 10
_DISTANCES: dict[tuple[int, str], tuple[Any, dict[str, int]]] = {}


def _distances_to(game_map: Any, goal: str) -> dict[str, int]:
    """Steps from every area to ``goal`` on an empty map (cached per map and goal)."""
    key = (id(game_map), goal)
    found = _DISTANCES.get(key)
    if found is None or found[0] is not game_map:
        steps = {goal: 0}
        queue = deque([goal])
        while queue:
            area = queue.popleft()
            for nxt in game_map.neighbours(area):
                if nxt not in steps:
                    steps[nxt] = steps[area] + 1
                    queue.append(nxt)
        found = _DISTANCES[key] = (game_map, steps)
    return found[1]


def evaluate(game: Game[Any, Any], state: FgoState) -> list[float]:
    """Each seat's chance to win, estimated from the three win conditions (IS-MCTS scores cut-short
    rollouts with it): servants on the map, the nearest servant's distance to the enemy master area, and
    the command cards left above four; the difference goes through a logistic."""
    game_map = state.map
    master_areas = state.board.master_areas  # the map's master areas, by seat
    turn = state.turn
    scores = []
    for seat, master in enumerate(state.masters):
        places = [s.area for s in master.party if s.area is not None]  # the servants on the map
        steps = _distances_to(game_map, master_areas[1 - seat])
        nearest = min([steps.get(area, 10) for area in places], default=10)
        cards = min(master.card_total - 4, CARD_CAP)
        tempo = TEMPO if seat == turn else 0.0
        scores.append(SERVANT_WEIGHT * len(places) - DISTANCE_WEIGHT * (nearest - tempo) + CARD_WEIGHT * cards)
    first = 1.0 / (1.0 + math.exp(scores[1] - scores[0]))
    return [first, 1.0 - first]


SEARCH = {"rollout": "heuristic", "prior": "heuristic", "horizon": 12}
"""What ``ismcts`` uses here unless its spec says otherwise: heuristic rollouts cut short after 12 steps
and scored by :func:`evaluate`, with the heuristic's bias in the tree. Random rollouts misjudge the race
to the master areas (20 games against the heuristic: 30-50 % with random rollouts, 95 % with these). Shorter
horizons are cheaper but weaker: at 200 iterations against the heuristic, on the same 80 seeds, horizon 12 won 70,
horizon 8 63 (horizon 10: 31 of the 40 where 12 won 35)."""


def explain(game: Game[Any, Any], state: FgoState, seat: Seat, action: Any) -> str:
    """Why the heuristic chose ``action``, in facts the player can check on the table (the terminal's ``hint``),
    in the current language."""
    legal = game.legal_actions(state, seat)
    if not isinstance(action, Act):
        return _("it is the only legal action") if len(legal) == 1 else ""
    phase = state.phase
    catalog = state.catalog
    if phase is Phase.PARTY:
        return _explain_party(state, seat, action)
    if phase is Phase.MULLIGAN:
        owners = {catalog.owner(c) for c in state.masters[seat].hand}
        if action.verb == "mulligan":
            return _("every card in your hand is {servant}'s: only that servant could move; the mulligan draws 5 new "
                     "cards (once only)", servant=catalog.servants[next(iter(owners))].name)
        return _("your hand holds cards of {count} servants, so {count} of them can move", count=len(owners))
    if phase is Phase.START:
        return _explain_start(state, seat, action, legal)
    if phase is Phase.TRIGGER:
        if action.verb == "skill":
            skill = _skill_of(state, seat, action)
            return _("{skill} adds power {amount} to this battle, for NP {cost}", skill=skill.name,
                     amount=skill.amount, cost=skill.np_cost) if skill.effect == "power" else \
                _("{skill} is the only chance to use this trigger skill: it is removed if the servant is destroyed",
                  skill=skill.name)
        return _("the trigger skill cannot be used now (NP {np})", np=np_of(state, seat))
    if phase is Phase.ACTION:
        return _explain_move(state, seat, action, legal)
    if phase is Phase.BATTLE:
        return _explain_battle(state, seat, action, legal)
    if phase is Phase.REMOVE:
        card = action.args[0]
        owner = catalog.owner(card)
        if owner not in {s.servant for s in state.masters[seat].on_map()}:
            return _("{card} belongs to {servant}, who is destroyed: it can never pay for a move again",
                     card=catalog.card_names[card], servant=catalog.servants[owner].name)
        return _("{card} is your weakest card (power {power}), and every servant of yours is on the map",
                 card=catalog.card_names[card], power=_power(state, card))
    if phase is Phase.END_MOVE:
        enemy_master = state.map.master_area(1 - seat)
        if action.verb == "end_move":
            servant = state.masters[seat].servant(action.args[0])
            after = _distance(state, action.args[1], enemy_master, set())
            return _("{servant} comes a step closer to the enemy master area ({steps} steps left)",
                     servant=catalog.servants[servant.servant].name, steps=after)
        return _("no move at the end phase brings a servant closer to the enemy master area")
    return ""


def _party_power(state: FgoState, tokens: tuple[str, ...]) -> int:
    return sum(c.power for t in tokens for c in state.catalog.servants[t.partition(":")[0]].commands)


def _explain_party(state: FgoState, seat: Seat, action: Act) -> str:
    catalog = state.catalog
    picked = tuple(state.party_picks[seat])
    token = action.args[0] if action.verb == "pick" else action.args[-1]
    servant = catalog.servants[token.partition(":")[0]]
    parties = [p for p in legal_parties(catalog, state.options) if p[:len(picked) + 1] == (*picked, token)]
    if not parties:
        return ""
    best = max(parties, key=lambda p: _party_power(state, p))
    cost = sum(catalog.servants[t.partition(":")[0]].cost for t in best)
    cap = state.options.cost_cap
    return _("{servant}: {power} power on its 5 command cards for cost {cost}; it leads to a party of {total} power "
             "and cost {party_cost} (limit {cap}), the most command card power a party can have",
             servant=servant.name, power=sum(c.power for c in servant.commands), cost=servant.cost,
             total=_party_power(state, best), party_cost=cost, cap=cap if cap is not None else "-")


def _explain_start(state: FgoState, seat: Seat, action: Act, legal: tuple[Any, ...]) -> str:
    np = np_of(state, seat)
    if action.verb == "skill":
        skill = _skill_of(state, seat, action)
        if skill.kind == "persistent":
            return _("{skill} is persistent: once face up it keeps working until its servant is destroyed (NP {cost} "
                     "of your {np})", skill=skill.name, cost=skill.np_cost, np=np)
        if skill.effect == "draw" and skill.np_cost:
            return _("{skill} draws {amount} cards now: more cards to move and battle with this turn (NP {cost} of "
                     "your {np})", skill=skill.name, amount=skill.amount, cost=skill.np_cost, np=np)
        if skill.effect == "draw":
            return _("{skill} draws {amount} cards now, for no NP: more cards to move and battle with this turn",
                     skill=skill.name, amount=skill.amount)
        return _("an enemy servant stands next to one of yours that you hold a card of: {skill} adds power {amount} "
                 "to this turn's battle", skill=skill.name, amount=skill.amount)
    if len(legal) == 1:
        return _("no face down skill card can be used now: trigger skills wait for an enemy, and NP {np} pays for "
                 "none of the others", np=np)
    return _("no attack is possible this turn, so a skill that adds power this turn would be wasted; keep it")


def _explain_move(state: FgoState, seat: Seat, action: Act, legal: tuple[Any, ...]) -> str:
    catalog = state.catalog
    servant_id, area, card = action.args
    name = catalog.servants[servant_id].name
    if area == state.map.master_area(1 - seat):
        return _("{servant} enters the enemy master area: you win at once", servant=name)
    facts = move_facts(state, seat, legal, random.Random(0))[action]
    command = catalog.command(card)
    np = _(" and +1 NP") if state.options.advanced and command.type.value == "arts" else ""
    paying = _("it pays with {card} (power {power}{np}), its cheapest card to lose", card=catalog.card_names[card],
               power=command.power, np=np)
    if facts.enemy is not None:
        enemy = catalog.servants[facts.enemy].name
        expected = round(facts.defence)
        if facts.threat:
            return _("{enemy} stands next to your master area and wins if it moves in: attack it now (your best 3 "
                     "cards left make {best}, against about {expected} it may show)", enemy=enemy, best=facts.best,
                     expected=expected)
        if facts.best - facts.defence >= ATTACK_MARGIN:
            return _("your best 3 cards left after paying make {best}, above the about {expected} that {enemy} may "
                     "show (3 times the mean power of its master's unseen cards, plus 2 and chips); {paying}",
                     best=facts.best, expected=expected, enemy=enemy, paying=paying)
        return _("every other move is worse; your best total after paying is {best} against about {expected}",
                 best=facts.best, expected=expected)
    if facts.after < facts.before:
        text = _("{servant} comes {steps} step(s) closer to the enemy master area ({left} left)", servant=name,
                 steps=facts.before - facts.after, left=facts.after)
    elif facts.new_guard:
        text = _("{servant} guards the gate of your master area, which nobody guards", servant=name)
    else:
        text = _("no move brings a servant closer without leaving the gate of your master area unguarded")
    return _("{text}; {paying}", text=text, paying=paying)


def _explain_battle(state: FgoState, seat: Seat, action: Act, legal: tuple[Any, ...]) -> str:
    attack = state.attack
    assert attack is not None and attack.defender is not None
    fighting, enemy = ((attack.attacker, attack.defender) if seat == state.turn
                       else (attack.defender, attack.attacker))
    value = valuer(state, seat, fighting, enemy)
    total = value(action.args)
    totals = sorted({value(a.args) for a in legal}, reverse=True)
    if total == totals[0]:
        text = _("total {total}, the highest of your {count} choices", total=total, count=len(legal))
    else:
        text = _("total {total}", total=total)
    if seat == state.turn:
        expected = round(_expected_defence(state, seat))
        return _("{text}; the attacker needs strictly more than the defender, who may show about {expected}",
                 text=text, expected=expected)
    return _("{text}; the defender keeps the servant on a tie or better", text=text)
