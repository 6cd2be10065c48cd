"""Phase 2, Outpost (前哨フェイズ, DGW-043..DGW-055): placement, Workshop mana, land advantage, the NPC."""

from __future__ import annotations

from bouts.core.events import QUIET
from bouts.games.grail_war.actions import Act, act
from bouts.games.grail_war.board import gain_mana, gain_spoils, log, name, situation_effect
from bouts.games.grail_war.i18n import M_, N_
from bouts.games.grail_war.masters import has
from bouts.games.grail_war.movement import enter
from bouts.games.grail_war.state import BATTLEFIELDS, MIYAMA, NPC_POWER, PLACE_NAMES, SHINTO, WORKSHOP, GrailState

WORKSHOP_FIRST, WORKSHOP_LATER, WORKSHOP_CAP = 2, 1, 4
"""Workshop: 2 mana first, 1 later, at most 4 pieces (DGW-045, DGW-046)."""
NPC_MAX_PLAYERS = 4


def begin_outpost(state: GrailState) -> None:
    """The NPC takes its place (DGW-054, DGW-RUL-09..11); placement starts with the start player."""
    count = len(state.living()) if state.options.npc_by_current_count else state.seats
    state.npc = None
    if count <= NPC_MAX_PLAYERS:
        state.npc = SHINTO if state.round % 2 == 1 else MIYAMA
        if state.events is not QUIET:  # a quiet state makes no line: its arguments are not made
            log(state, "npc", N_("The NPC stands at {place} with power {power}"), {"place": state.npc},
                args={"place": PLACE_NAMES[state.npc], "power": NPC_POWER},
                clauses=("DGW-054",))
    state.order = state.turn_order()
    state.cursor = 0
    state.workshop = []
    state.step = "place"


def place_options(state: GrailState) -> list[Act]:
    """Workshop (while fewer than 4 are there), Miyama or Shinto; never Recon (DGW-044, DGW-051)."""
    return list(_ALL_PLACES if len(state.workshop) < WORKSHOP_CAP else _BATTLEFIELDS_ONLY)


_TOKENS_AT = {place: (f"{place}3", f"{place}1") for place in BATTLEFIELDS}
"""Each battlefield's land advantage tokens, +3 first."""
_ALL_PLACES = (act("place", WORKSHOP), act("place", MIYAMA), act("place", SHINTO))
_BATTLEFIELDS_ONLY = _ALL_PLACES[1:]


def place(state: GrailState, seat: int, where: str) -> None:
    """Place a piece and take its gain at once (DGW-RUL-05)."""
    p = state.players[seat]
    if where == WORKSHOP:
        gain = WORKSHOP_FIRST if not state.workshop else WORKSHOP_LATER  # DGW-RUL-04
        effect, _, amount = situation_effect(state)
        if effect == "workshop_plus":
            gain += amount
        state.workshop.append(seat)
        p.location = WORKSHOP
        if has(state, seat, "tranquility"):  # 平穏 (DGW-RUL-43)
            log(state, "place", N_("{master} places at the Workshop (Tranquility: spoils instead of mana)"),
                {"seat": seat, "place": where}, args={"master": name(state, seat)}, clauses=("DGW-044", "DGW-M21"))
            gain_spoils(state, seat, gain, M_("Tranquility at the Workshop"), ("DGW-M21", "DGW-RUL-43"))
        else:
            gain_mana(state, seat, gain)
            if state.events is not QUIET:  # a quiet state makes no line: its arguments are not made
                log(state, "place", N_("{master} places at the Workshop and gains {count} mana"),
                    {"seat": seat, "place": where}, args={"master": name(state, seat), "count": gain},
                    clauses=("DGW-045",))
        for card in p.np:
            if p.np[card] == "converted" and state.catalog.cards[card].effect == "territory_creation" \
                    and state.round > p.np_round.get(card, 99):
                gain_mana(state, seat, 1)  # 陣地作成 (残留)
                log(state, "effect", N_("{master}: {card}, +1 mana"), {"seat": seat},
                    args={"master": name(state, seat), "card": state.catalog.cards[card].name}, clauses=("DGW-077",))
                gain_spoils(state, seat, 2, M_("{card} at the Workshop", card=state.catalog.cards[card].name),
                            ("DGW-077",))
        return
    token = None
    for t in _TOKENS_AT[where]:  # DGW-048, DGW-049
        if state.tokens[t] is None:
            state.tokens[t] = seat
            token = t
            break
    if state.events is not QUIET:  # a quiet state makes no line: its arguments are not made
        log(state, "place", N_("{master} places at {place} and takes the +{value} land advantage") if token else
            N_("{master} places at {place}"), {"seat": seat, "place": where},
            args={"master": name(state, seat), "place": PLACE_NAMES[where], "value": int(token[-1]) if token else 0},
            clauses=("DGW-048",) if token else ("DGW-049",))
    if where in BATTLEFIELDS:
        enter(state, seat, where, "")
