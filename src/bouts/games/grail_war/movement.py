"""Move (移動, DGW-059..DGW-066), the Engaged state and Recon (偵察, DGW-052/053)."""

from __future__ import annotations

from bouts.core.contract import Words
from bouts.core.events import QUIET
from bouts.games.grail_war.board import gain_mana, gain_spoils, log, name, situation_effect
from bouts.games.grail_war.i18n import M_, N_
from bouts.games.grail_war.masters import has
from bouts.games.grail_war.state import BATTLEFIELDS, MIYAMA, PLACE_NAMES, PLACES, RECON, WORKSHOP, GrailState

ARROWS = (1, 2, 2)
"""Arrow costs Workshop→Miyama, Miyama→Shinto, Shinto→Recon (DGW-RUL-01; facts/grail_war.md, Board)."""
RECON_SPOILS = 2
"""Spoils for entering Recon (DGW-052)."""


def move_cost(state: GrailState, seat: int, dest: str) -> int | None:
    """The mana a paid move to ``dest`` costs: the sum of the arrows crossed; ``None`` if not forward (DGW-060..062)."""
    here = state.players[seat].location
    if here is None:
        return None
    a, b = PLACES.index(here), PLACES.index(dest)
    if b <= a:
        return None
    arrows = list(ARROWS)
    if has(state, seat, "integrity"):
        arrows[0] = 0  # 実直 (DGW-M23)
    return sum(arrows[a:b])


def is_engaged(state: GrailState, seat: int) -> bool:
    """Engaged: at a battlefield with another master piece, the NPC included (DGW-063, DGW-RUL-07)."""
    here = state.players[seat].location
    if here not in BATTLEFIELDS:
        return False
    if state.npc == here:
        return True
    for s, p in enumerate(state.players):  # noqa: SIM110 (a plain loop: asked at every move menu)
        if s != seat and not p.eliminated and p.location == here:
            return True
    return False


def recon_occupant(state: GrailState) -> int | None:
    """The player whose piece stands at Recon now, if any."""
    for s, p in enumerate(state.players):  # the living seats, in seat order
        if not p.eliminated and p.location == RECON:
            return s
    return None


def recon_open(state: GrailState) -> bool:
    """Recon holds at most one piece at a time (「最大1人まで置く」, DGW-053, DGW-RUL-27): free once its occupant
    has left."""
    return recon_occupant(state) is None


def paid_moves(state: GrailState, seat: int) -> dict[str, int]:
    """Places a paid move may reach now and their costs (not while Engaged, DGW-063)."""
    p = state.players[seat]
    found: dict[str, int] = {}
    here = p.location
    abilities = state.catalog.masters[p.master].abilities  # has(): no count rule for 実直 or 監督役
    if here is not None and not is_engaged(state, seat):  # tested as the Move step begins, after any spell before it
        a = PLACES.index(here)  # move_cost to each place ahead, its arrows summed as they are passed
        cost = 0
        integrity = "integrity" in abilities
        for b in range(a + 1, len(PLACES)):
            cost += 0 if b == 1 and integrity else ARROWS[b - 1]  # 実直 (DGW-M23)
            dest = PLACES[b]
            if dest == RECON and not recon_open(state):
                continue
            if p.infinite or cost <= p.mana:
                found[dest] = cost
    if "overseer" in abilities and not p.revealed and recon_open(state) and p.location != RECON:
        cost = 2  # 監督役 (DGW-M25, DGW-RUL-46)
        if p.infinite or cost <= p.mana:
            found[RECON] = min(cost, found.get(RECON, cost))
    return found


def enter(state: GrailState, seat: int, dest: str, how: Words) -> None:
    """Put ``seat``'s piece at ``dest``: Recon gives spoils, Miyama gives Shinji mana (DGW-RUL-45). ``how``
    says how it got there ("paying 3 mana", a card's name); empty for a placement, which has its own line."""
    p = state.players[seat]
    p.location = dest
    if how and state.events is not QUIET:  # a quiet state makes no line: its arguments are not made
        log(state, "move", N_("{master} moves to {place} ({how})"), {"seat": seat, "place": dest},
            args={"master": name(state, seat), "place": PLACE_NAMES[dest], "how": how}, clauses=("DGW-059",))
    if dest == RECON:
        gained = RECON_SPOILS
        why: list[Words] = [M_("entering Recon")]
        effect, _, amount = situation_effect(state)
        if effect == "recon_plus":
            gained += amount
            why.append(M_("+{amount} from the situation", amount=amount))
        constant = [c for c in [*p.hand, *(c for c, up, _ in p.played if up)]
                    if state.catalog.cards[c].effect == "constant_recon"]
        for card in constant:  # 常時 works from the hand too (DGW-RUL-22, DGW-RUL-56)
            gained += state.catalog.cards[card].amount
            why.append(M_("+{amount} from {card}", amount=state.catalog.cards[card].amount,
                          card=state.catalog.cards[card].name))
            log(state, "reveal", N_("{master} shows {card} (constant: Recon +{amount})"), {"seat": seat, "card": card},
                args={"master": name(state, seat), "card": state.catalog.cards[card].name,
                      "amount": state.catalog.cards[card].amount}, reveals=True, owner=seat, clauses=("DGW-066",))
        gain_spoils(state, seat, gained, M_("{parts}", parts=why), ("DGW-052",))
    if dest == MIYAMA and has(state, seat, "mana_drain"):
        gain_mana(state, seat, 1)
        log(state, "ability", N_("{master}: Mana Drain Order, +1 mana"), {"seat": seat},
            args={"master": name(state, seat)}, clauses=("DGW-M17",))


def pay_and_move(state: GrailState, seat: int, dest: str) -> None:
    """A paid move (DGW-059); Kirei's 監督役 move to Recon when it is cheaper or he is Engaged."""
    p = state.players[seat]
    cost = paid_moves(state, seat)[dest]
    if not p.infinite:
        p.mana -= cost
    # a quiet state makes no line: the words are not made ("" says no more than a placement would)
    enter(state, seat, dest, M_("paying {cost} mana", cost=cost) if state.events is not QUIET else "")


def free_move_targets(state: GrailState, seat: int, workshop: bool) -> tuple[str, ...]:
    """Where a free move may go, ignoring engagement and arrows (Use C, 戦闘続行, 騎英の手綱)."""
    here = state.players[seat].location
    return tuple(d for d in PLACES if d != here and (workshop or d != WORKSHOP)
                 and (d != RECON or recon_open(state)))
