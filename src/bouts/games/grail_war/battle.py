"""Total power and the Battle phase (戦闘フェイズ, DGW-091..DGW-095)."""

from __future__ import annotations

import math

from bouts.games.grail_war.board import gain_spoils, log, name, situation_effect, stats
from bouts.games.grail_war.effects import ON_CLASH
from bouts.games.grail_war.masters import has
from bouts.games.grail_war.state import BATTLEFIELDS, MIYAMA, NPC_POWER, TOKEN_VALUE, GrailState, Pending

CONTESTED_BONUS = {MIYAMA: 2, "shinto": 3}
"""Spoils a winner adds when two or more fought (DGW-094)."""
CASUAL_SPOILS = {"alone": 2, MIYAMA: 4, "shinto": 5}
"""Casual battle spoils (DGW-120)."""


def card_power(state: GrailState, seat: int, card: str, face_up: bool, place: str | None) -> int:
    """A used card's base power after effects: set-to-X first, then attribute +X (DGW-RUL-58).

    A face-down card has power 0 and no attribute (DGW-071, DGW-RUL-59).
    """
    if not face_up:
        return 0
    p = state.players[seat]
    power, attributes, _ = stats(state, p, card)
    for event, _up in state.events_at.get(place or "", []) if place else []:
        e = state.catalog.events[event]
        if e.effect == "set_base" and e.attribute in attributes:
            power = e.amount
    for where, attribute, owner in state.nullify:
        if where == place and owner != seat and attribute in attributes:
            power = 0
    effect, boosted, amount = situation_effect(state)
    if effect == "attr_plus" and boosted in attributes:
        power += amount
    if place:
        for event, _ in state.events_at.get(place, []):
            e = state.catalog.events[event]
            if e.effect == "attr_plus" and e.attribute in attributes:
                power += e.amount
    return power


def land_advantage(state: GrailState, seat: int) -> int:
    """Land advantage power: tokens of this battlefield only (DGW-RUL-15), times any multiplier."""
    p = state.players[seat]
    place = p.location
    if place not in BATTLEFIELDS:
        return 0
    if any(state.catalog.events[e].effect == "no_land" for e, _ in state.events_at.get(place, [])):
        return 0
    travels = state.options.land_advantage_travels
    total = sum(TOKEN_VALUE[t] for t, holder in state.tokens.items()
                if holder == seat and (travels or t.startswith(place)))
    return total * p.land_multiplier


def total_power(state: GrailState, seat: int) -> int:
    """Cards' power + land advantage + 2 per Use B + effect bonuses (DGW-RUL-16)."""
    p = state.players[seat]
    place = p.location
    total = sum(card_power(state, seat, c, up, place) for c, up, _ in p.played)
    total += land_advantage(state, seat) + 2 * p.use_b + p.power_bonus
    if has(state, seat, "executor") and p.revealed:
        total += 2  # 代行者 (DGW-M26)
    for card, used in p.residual:
        c = state.catalog.cards[card]
        if c.effect == "residual_power" and state.round > used:
            total += c.amount  # 残留 from the next round (DGW-077)
    return total


def clash_effects(state: GrailState) -> None:
    """対決時 effects by player from the start player, clockwise (DGW-091, DGW-RUL-23, DGW-RUL-55)."""
    for seat in state.turn_order():
        for card, up, silent in list(state.players[seat].played):
            effect = state.catalog.cards[card].effect
            if up and not silent and effect in ON_CLASH:
                ON_CLASH[effect](state, seat, card)


def resolve(state: GrailState, place: str) -> list[int]:
    """The battle at ``place``: winners and spoils (DGW-092..095); returns the players who lost there."""
    seats = [s for s in state.living() if state.players[s].location == place]
    if not seats:
        return []
    opts = state.options
    npc = state.npc == place
    powers = {s: total_power(state, s) for s in seats}
    able = [s for s in seats if not state.players[s].lost]  # 敗北させる (DGW-G18)
    best = max([powers[s] for s in able] + ([NPC_POWER] if npc else []), default=None)
    winners = [s for s in able if powers[s] == best]
    losers = [s for s in seats if s not in winners]
    participants = len(seats) + (1 if npc and opts.npc_counts_for_contested_bonus else 0)
    contested = participants >= 2  # DGW-RUL-29: made-to-lose players still count
    text = ", ".join(f"{name(state, s)} {powers[s]}" for s in seats) + (f", NPC {NPC_POWER}" if npc else "")
    if not winners:
        log(state, "battle", f"Battle at {place}: {text}; no player wins", {"place": place})
        _losses(state, losers, [])
        return losers
    if opts.casual:
        pool = CASUAL_SPOILS[place] if contested else CASUAL_SPOILS["alone"]
    else:
        pool = sum(state.catalog.events[e].spoils for e, _ in state.events_at.get(place, []))  # DGW-G13
        if contested:
            pool += CONTESTED_BONUS[place]
            effect, _, amount = situation_effect(state)
            if effect == "contested_plus":
                pool += amount
            pool += sum(state.catalog.events[e].amount for e, _ in state.events_at.get(place, [])
                        if state.catalog.events[e].effect == "contested_plus")
    divisor = len(winners) + (1 if npc and best == NPC_POWER and opts.npc_counts_in_tie_divisor else 0)
    share = math.ceil(pool / divisor)  # DGW-095, DGW-RUL-30
    for s in winners:
        p = state.players[s]
        if "zabaniya" in p.flags and len(seats) >= 2:
            gain_spoils(state, s, p.spoils)  # 妄想心音: double before this round's spoils
        gained = share + 2 * p.use_b + p.win_bonus  # DGW-088, DGW-RUL-25
        gained -= 3 * sum(state.players[x].flags.count("god_hand") for x in losers)
        before = p.spoils
        gain_spoils(state, s, gained)
        log(state, "battle", f"Battle at {place}: {text}; {name(state, s)} wins and gains {p.spoils - before} spoils",
            {"place": place, "seat": s, "spoils": p.spoils - before})
    _losses(state, losers, winners)
    return losers


def _losses(state: GrailState, losers: list[int], winners: list[int]) -> None:
    for s in losers:
        p = state.players[s]
        if winners:
            hands = p.flags.count("god_hand")
            if hands:
                gain_spoils(state, s, 3 * hands)  # 十二の試練
                log(state, "effect", f"{name(state, s)}: 十二の試練, +{3 * hands} spoils")
        if "independent" in p.flags:
            gain_spoils(state, s, -5)  # 単独行動
            log(state, "effect", f"{name(state, s)}: 単独行動, -5 spoils")


def battle_phase(state: GrailState) -> None:
    """対決時 effects, then Miyama and Shinto; Shinji may change to Sakura after losing (DGW-RUL-47)."""
    clash_effects(state)
    lost: list[int] = []
    for place in BATTLEFIELDS:
        lost.extend(resolve(state, place))
    for seat in sorted(set(lost), key=lambda s: state.turn_order().index(s), reverse=True):
        if has(state, seat, "false_book") and "sakura" in state.catalog.masters:
            state.pending.append(Pending("switch", seat))
