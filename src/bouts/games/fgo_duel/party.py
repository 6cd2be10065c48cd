"""Party building (FGO-011..FGO-015, FGO-085) and placing it on the map (FGO-018..FGO-022)."""

from __future__ import annotations

import itertools
import random
from functools import cache, partial
from typing import Any, Final

from bouts.core.contract import IllegalAction
from bouts.core.events import QUIET
from bouts.core.i18n import Message
from bouts.games.fgo_duel.actions import Act
from bouts.games.fgo_duel.cards import Board, Catalog
from bouts.games.fgo_duel.deck import seat_words
from bouts.games.fgo_duel.i18n import M_, N_
from bouts.games.fgo_duel.log import say
from bouts.games.fgo_duel.options import FgoOptions
from bouts.games.fgo_duel.state import SKILL_FACE_DOWN, FgoState, ServantInPlay

PARTY_SIZE: Final = 3
"""Servants in a party (FGO-011)."""


def split_token(token: str) -> tuple[str, str | None]:
    """``servant`` or ``servant:skill``."""
    servant, _, skill = token.partition(":")
    return servant, skill or None


def party_problem(catalog: Catalog, options: FgoOptions, tokens: tuple[str, ...]) -> Message | None:
    """Why a party is not legal, or ``None`` (FGO-011, FGO-012, FGO-013, FGO-014, FGO-085)."""
    if len(tokens) != PARTY_SIZE:
        return M_("a party has exactly {size} servants, not {count} (FGO-011)", size=PARTY_SIZE, count=len(tokens))
    numbers: list[int] = []
    cost = 0
    for token in tokens:
        servant_id, skill = split_token(token)
        servant = catalog.servants.get(servant_id)
        if servant is None:
            return M_("unknown servant '{servant}' (known: {known})", servant=servant_id, known=list(catalog.servants))
        if skill is not None:
            if not options.advanced:
                return M_("skill cards are used only in the advanced rules (FGO-007)")
            if skill not in servant.skills:
                return M_("'{skill}' is not a skill card of {servant} (its skills: {known})", skill=skill,
                          servant=servant.name, known=list(servant.skills))
        numbers.append(servant.servant_no)
        cost += servant.cost
    if len(set(numbers)) != len(numbers):
        return M_("a party may not hold two servants with the same servant ID (FGO-014)")
    if options.cost_cap is not None and cost > options.cost_cap:
        return M_("the party costs {cost}, more than the limit of {cap} (FGO-012)", cost=cost, cap=options.cost_cap)
    return None


def token_name(catalog: Catalog, token: str) -> Message:
    """A status card token as a player reads it: the servant, and the skill card prepared with it."""
    servant_id, skill = split_token(token)
    servant = catalog.servants[servant_id].name
    if skill is None:
        return M_("{servant}", servant=servant)
    return M_("{servant} with {skill}", servant=servant, skill=catalog.skills[skill].name)


def placed_args(catalog: Catalog, placed: tuple[str, ...], slots: tuple[str, ...]) -> dict[str, Any]:
    """The arguments of the event that shows a seat the status cards it placed, made when someone reads it."""
    return {"servants": [token_name(catalog, a) for a in placed], "slots": [token_name(catalog, a) for a in slots]}


def legal_parties(catalog: Catalog, options: FgoOptions) -> list[tuple[str, ...]]:
    """Every legal party, STATUS slots 1-3 in order; in the advanced rules each choice of skill card."""
    return list(all_parties(catalog, options.advanced, options.cost_cap))


@cache
def all_parties(catalog: Catalog, advanced: bool, cost_cap: int | None) -> tuple[tuple[str, ...], ...]:
    """:func:`legal_parties` as a tuple, worked out once per catalogue and rules (the party rules use only these)."""
    out: list[tuple[str, ...]] = []
    for trio in itertools.permutations(catalog.servants.values(), PARTY_SIZE):
        if len({s.servant_no for s in trio}) < PARTY_SIZE:
            continue
        if cost_cap is not None and sum(s.cost for s in trio) > cost_cap:
            continue
        if advanced:
            choices = [[s.id] if len(s.skills) <= 1 else [f"{s.id}:{k}" for k in s.skills] for s in trio]
            out.extend(tuple(combo) for combo in itertools.product(*choices))
        else:
            out.append(tuple(s.id for s in trio))
    return tuple(out)


@cache
def _prefixes(catalog: Catalog, advanced: bool, cost_cap: int | None) -> frozenset[tuple[str, ...]]:
    return frozenset(p[:n] for p in all_parties(catalog, advanced, cost_cap) for n in range(PARTY_SIZE + 1))


@cache
def _tokens(catalog: Catalog, advanced: bool) -> tuple[str, ...]:
    if not advanced:
        return tuple(catalog.servants)
    return tuple(t for s in catalog.servants.values()
                 for t in ([s.id] if len(s.skills) <= 1 else [f"{s.id}:{k}" for k in s.skills]))


def pick_options(catalog: Catalog, options: FgoOptions, picked: tuple[str, ...]) -> list[str]:
    """Status cards that may go in the next STATUS slot: each leaves a legal party within reach."""
    return [action.args[0] for action in pick_actions(catalog, options.advanced, options.cost_cap, picked)]


@cache
def pick_actions(catalog: Catalog, advanced: bool, cost_cap: int | None,
                 picked: tuple[str, ...]) -> tuple[Act, ...]:
    """The ``pick`` actions after ``picked`` (see :func:`pick_options`), built once per catalogue, rules and picks."""
    prefixes = _prefixes(catalog, advanced, cost_cap)
    return tuple(Act("pick", (t,)) for t in _tokens(catalog, advanced) if (*picked, t) in prefixes)


def random_prefix(catalog: Catalog, options: FgoOptions, length: int, rng: random.Random) -> list[str]:
    """A random start of a legal party (for determinizing a hidden party choice)."""
    return list(rng.choice(all_parties(catalog, options.advanced, options.cost_cap))[:length])


def check_party(catalog: Catalog, options: FgoOptions, tokens: tuple[str, ...]) -> None:
    """Raise :class:`IllegalAction` for an illegal party."""
    problem = party_problem(catalog, options, tokens)
    if problem:
        raise IllegalAction(problem)


def install_party(state: FgoState, seat: int, tokens: tuple[str, ...]) -> None:
    """Status cards in STATUS slots 1-3, figures on the matching initial areas (FGO-020), skill cards
    face down (FGO-086) and the 15 command cards as the command deck, to be shuffled (FGO-022)."""
    master = state.masters[seat]
    catalog = state.catalog
    master.party = []
    master.deck = []
    initial_areas = state.board.initial_areas[seat]
    for number, token in enumerate(tokens, start=1):
        servant_id, skill = split_token(token)
        servant = catalog.servants[servant_id]
        default = servant.skills[0] if servant.skills else None
        skill = (skill or default) if state.options.advanced else None
        area = initial_areas[number - 1]
        master.party.append(ServantInPlay(servant_id, number, area, skill,
                                          SKILL_FACE_DOWN if skill else None))
        master.deck.extend(catalog.instances(servant_id))
    master.unshuffled = True
    servants = [s.servant for s in master.party]
    areas = [s.area or "" for s in master.party]
    if state.events is not QUIET:
        say(state, "status", N_("{seat} turns its status cards face up: {party}"),
            {"seat": seat, "party": servants, "areas": list(areas)},
            args=partial(_status_args, catalog, state.board, seat, tuple(servants), tuple(areas)),
            reveals=True, owner=seat, clauses=("FGO-019", "FGO-020", "FGO-021"))


def _status_args(catalog: Catalog, board: Board, seat: int, servants: tuple[str, ...],
                 areas: tuple[str, ...]) -> dict[str, Any]:
    """The status cards' event arguments (slots 1-3 in order), made when someone reads the log."""
    return {"seat": seat_words(seat),
            "party": [M_("{slot}: {servant} in {area}", slot=slot, servant=catalog.servants[servant].figure_name,
                         area=board.names[area])
                      for slot, (servant, area) in enumerate(zip(servants, areas, strict=True), start=1)]}
