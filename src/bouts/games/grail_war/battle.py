"""Total power and the Battle phase (戦闘フェイズ, DGW-091..DGW-095)."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import Any

from bouts.core.contract import Words
from bouts.core.events import QUIET
from bouts.core.i18n import Message, Text
from bouts.games.grail_war.board import card_tables, gain_spoils, log, name, situation_effect, stats
from bouts.games.grail_war.cards import AttackCard
from bouts.games.grail_war.effects import ON_CLASH
from bouts.games.grail_war.i18n import M_, N_
from bouts.games.grail_war.masters import has
from bouts.games.grail_war.state import (
    BATTLEFIELDS,
    MIYAMA,
    NPC_POWER,
    PLACE_NAMES,
    TOKEN_VALUE,
    GrailState,
    Pending,
    Player,
)

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
    events = state.events_at.get(place, ()) if place else ()
    return _after_effects(state, seat, place, *_printed(state, state.players[seat], card), events)


def _printed(state: GrailState, player: Player, card: str) -> tuple[int, tuple[str, ...]]:
    """A card's power and attributes before the battlefield's effects (:func:`stats`, an attack card read straight)."""
    c = state.catalog.cards[card]
    if type(c) is AttackCard:  # stats() of the common case, made here
        return c.power, c.attributes
    power, attributes, _ = stats(state, player, card)
    return power, attributes


def _after_effects(state: GrailState, seat: int, place: str | None, power: int, attributes: tuple[str, ...],
                   events: Any) -> int:
    """``power`` after the events at ``place`` (set-to-X, then attribute +X), the nullifications of other seats and
    the situation's attribute +X (DGW-RUL-58)."""
    plus = 0  # the events' attribute +X, added after set-to-X, the nullification and the situation's +X
    if events:
        catalog_events = state.catalog.events
        for event, _up in events:
            e = catalog_events[event]
            if e.attribute in attributes:
                if e.effect == "set_base":
                    power = e.amount
                elif e.effect == "attr_plus":
                    plus += e.amount
    if state.nullify:
        for where, attribute, owner in state.nullify:
            if where == place and owner != seat and attribute in attributes:
                power = 0
    if state.situation is not None:
        situation = state.catalog.situations[state.situation]
        if situation.effect == "attr_plus" and situation.attribute in attributes:
            power += situation.amount
    return power + plus


def land_advantage(state: GrailState, seat: int) -> int:
    """Land advantage power: tokens of this battlefield only (DGW-RUL-15), times any multiplier."""
    p = state.players[seat]
    place = p.location
    if place not in BATTLEFIELDS or seat not in state.tokens.values():
        return 0
    events = state.events_at.get(place)
    if events:
        catalog_events = state.catalog.events
        for e, _ in events:
            if catalog_events[e].effect == "no_land":
                return 0
    travels = state.options.land_advantage_travels
    total = 0
    for t, holder in state.tokens.items():
        if holder == seat and (travels or t.startswith(place)):
            total += TOKEN_VALUE[t]
    return total * p.land_multiplier if total else 0


def played_powers(state: GrailState, seat: int) -> list[int]:
    """:func:`card_power` of each card ``seat`` used this round, in order (0 face down; asked after most decisions:
    a change of total power is announced)."""
    p = state.players[seat]
    place = p.location
    events = state.events_at.get(place, ()) if place else ()
    return [_after_effects(state, seat, place, *_printed(state, p, card), events) if up else 0
            for card, up, _ in p.played]


def _played_total(state: GrailState, seat: int, p: Player) -> int:
    """``sum(played_powers(state, seat))``: with no event at the battlefield and no nullification, only the situation's
    attribute +X changes a printed power (:func:`_after_effects`), read once for all the cards."""
    place = p.location
    events = state.events_at.get(place, ()) if place else ()
    total = 0
    if events or state.nullify:
        for card, up, _ in p.played:
            if up:
                total += _after_effects(state, seat, place, *_printed(state, p, card), events)
        return total
    attribute: str | None = None  # the situation's attribute +X, if it has one
    amount = 0
    if state.situation is not None:
        situation = state.catalog.situations[state.situation]
        if situation.effect == "attr_plus":
            attribute, amount = situation.attribute, situation.amount
    printed = card_tables(state.catalog).printed
    attributes: tuple[str, ...]
    for card, up, _ in p.played:
        if up:
            known = printed.get(card)
            if known is not None:  # _printed() of an attack card, from the table
                power, attributes = known
            else:
                power, attributes, _cost = stats(state, p, card)
            total += power + amount if attribute in attributes else power
    return total


def total_power(state: GrailState, seat: int) -> int:
    """Cards' power + land advantage + 2 per Use B + effect bonuses (DGW-RUL-16)."""
    p = state.players[seat]
    total = _played_total(state, seat, p) if p.played else 0
    total += land_advantage(state, seat) + 2 * p.use_b + p.power_bonus
    if p.revealed and has(state, seat, "executor"):
        total += 2  # 代行者 (DGW-M26)
    if p.residual:
        cards = state.catalog.cards
        for kept, used in p.residual:
            residual = cards[kept]
            if residual.effect == "residual_power" and state.round > used:
                total += residual.amount  # 残留 from the next round (DGW-077)
    return total


def clash_effects(state: GrailState) -> None:
    """対決時 effects by player from the start player, clockwise (DGW-091, DGW-RUL-23, DGW-RUL-55)."""
    effects = card_tables(state.catalog).effects
    for seat in state.turn_order():
        played = state.players[seat].played
        if not played:
            continue
        for card, up, silent in list(played):
            if up and not silent:
                effect = effects[card]
                if effect in ON_CLASH:
                    ON_CLASH[effect or ""](state, seat, card)
                    announce(state, partial(_on_clash, state, seat, card))


def _on_clash(state: GrailState, seat: int, card: str) -> Words:
    return M_("{master}'s {card} (on clash)", master=name(state, seat), card=state.catalog.cards[card].name)


def power_parts(state: GrailState, seat: int) -> list[tuple[Words, int]]:
    """What makes up ``seat``'s total power: each face-up card, land advantage, command spells, effects,
    代行者 and residual cards (the parts of :func:`total_power`, for the log and the table)."""
    return [(_part_label(kind, what), value) for kind, what, value in _part_values(state, seat)]


def _part_values(state: GrailState, seat: int) -> list[tuple[str, Any, int]]:
    """:func:`power_parts` without the words: (kind, what the label names, value), the label made by
    :func:`_part_label` (a fighter's first total power line says them only when it is read)."""
    p = state.players[seat]
    parts: list[tuple[str, Any, int]] = []
    cards = state.catalog.cards
    if p.played:
        for (card, up, _), power in zip(p.played, played_powers(state, seat), strict=True):
            parts.append(("card", cards[card].name, power) if up else ("down", None, 0))
    land = land_advantage(state, seat)
    if land:
        parts.append(("land", None, land))
    if p.use_b:
        parts.append(("spell", p.use_b, 2 * p.use_b))
    if p.power_bonus:
        parts.append(("effects", None, p.power_bonus))
    if has(state, seat, "executor") and p.revealed:
        parts.append(("executor", None, 2))
    for card, used in p.residual:
        c = cards[card]
        if c.effect == "residual_power" and state.round > used:
            parts.append(("residual", c.name, c.amount))
    return parts


def _part_label(kind: str, what: Any) -> Words:
    """The label of a part of a total power (:func:`_part_values`)."""
    if kind == "card":
        return what  # type: ignore[no-any-return]
    if kind == "down":
        return M_("face down")
    if kind == "land":
        return M_("land advantage")
    if kind == "spell":
        return M_("command spell x{count}", count=what)
    if kind == "effects":
        return M_("effects")
    if kind == "executor":
        return M_("Executor")
    return M_("{card} (residual)", card=what)


def announce(state: GrailState, why: Words | Callable[[], Words], only: int | None = None) -> None:
    """Say every fighter's total power that changed (or is first known, once its cards are used), with why:
    each change of total power is a public log line (DGW-013, DGW-079, DGW-RUL-16). ``why`` may be a function
    that makes the words, called only when a change is said (most steps change no total).

    ``only``: the one seat whose total what happened may have changed (its own decision): every other total is
    as last announced, since each step announces what it changed, so only that seat is looked at."""
    if state.events is QUIET:  # a quiet state says nothing: a total said before it went quiet (a search's tree
        if state.shown_power:  # state, then a quiet rollout) may change now, so it is dropped; resolve() adds up
            if only is None:   # whatever total nobody said
                state.shown_power.clear()
            else:
                state.shown_power.pop(only, None)
        return
    shown = state.shown_power
    players = state.players
    for seat in range(len(players)) if only is None else (only,):  # the living seats, in seat order
        p = players[seat]
        if p.eliminated:
            continue
        if not p.acted or p.location not in BATTLEFIELDS:
            if shown:
                shown.pop(seat, None)  # off the power track: announced afresh if it comes back
            continue
        old = shown.get(seat)
        if old is None:  # first known: its parts are said, and they add up to the total (power_parts)
            found = _part_values(state, seat)
            total = 0
            for _, _, value in found:
                total += value
        else:
            total = total_power(state, seat)
            if old == total:
                continue
        shown[seat] = total
        data = {"seat": seat, "total_power": total, "power": total - (old or 0)}
        if old is None:  # the words of the parts made when the line is read (a rollout never reads it)
            log(state, "power", N_("{master}: total power {total} at {place} ({parts})"), data,
                args=partial(_first_known, name(state, seat), total, PLACE_NAMES[p.location], found),
                clauses=("DGW-079", "DGW-RUL-16"))
        else:
            if callable(why):
                why = why()
            log(state, "power", N_("{master}: total power {old} → {total} ({why})"), data,
                args={"master": name(state, seat), "old": old, "total": total, "why": why},
                clauses=("DGW-079", "DGW-RUL-16"))


def _first_known(master: Words, total: int, place: Words, found: list[tuple[str, Any, int]]) -> dict[str, Any]:
    """The arguments of a fighter's first total power line: each part's label and value."""
    parts = [M_("{label}: {value}", label=_part_label(kind, what), value=value) for kind, what, value in found]
    return {"master": master, "total": total, "place": place, "parts": parts or M_("no card")}


def resolve(state: GrailState, place: str) -> list[int]:
    """The battle at ``place``: winners and spoils (DGW-092..095); returns the players who lost there."""
    seats = [s for s, p in enumerate(state.players) if not p.eliminated and p.location == place]  # living there
    if not seats:
        return []
    opts = state.options
    npc = state.npc == place
    # every fighter has used its cards, and each change of its total since was announced (announce()): the totals
    # last announced are the totals now, and the battle line shows them (DGW-RUL-16); a quiet state announces
    # nothing, and its totals are added up here
    shown = state.shown_power
    powers = {s: shown[s] if s in shown else total_power(state, s) for s in seats}
    able = [s for s in seats if not state.players[s].lost]  # 敗北させる (DGW-G18)
    best = max([powers[s] for s in able] + ([NPC_POWER] if npc else []), default=None)
    winners = [s for s in able if powers[s] == best]
    losers = [s for s in seats if s not in winners]
    participants = len(seats) + (1 if npc and opts.npc_counts_for_contested_bonus else 0)
    contested = participants >= 2  # DGW-RUL-29: made-to-lose players still count
    where = PLACE_NAMES[place]
    loud = state.events is not QUIET  # a quiet state makes no line: its arguments are not made
    fought = [(name(state, s), powers[s], state.players[s].lost) for s in seats] if loud else []
    if not winners:
        if loud:
            data = {"place": place, "powers": {str(s): powers[s] for s in seats}, "winners": winners, "npc": npc}
            log(state, "battle", N_("Battle at {place}: {fighters} — no player wins ({why})"), data,
                args=partial(_no_winner_args, where, fought, npc, npc and bool(able)),
                clauses=("DGW-092", "DGW-RUL-12") if npc and able else ("DGW-G17", "DGW-G18"))
        _losses(state, losers, [])
        return losers
    parts: list[int] = []
    labels: list[tuple[str, Text | None]] = []  # what each part of the pool is, said by _label when read
    if opts.casual:  # DGW-120
        parts.append(CASUAL_SPOILS[place] if contested else CASUAL_SPOILS["alone"])
        labels.append(("casual contested", where) if contested else ("casual alone", None))
    else:
        for e, _ in state.events_at.get(place, []):  # DGW-G13
            parts.append(state.catalog.events[e].spoils)
            labels.append(("event", state.catalog.events[e].name))
        if contested:  # DGW-094
            parts.append(CONTESTED_BONUS[place])
            labels.append(("contested", None))
            effect, _, amount = situation_effect(state)
            if effect == "contested_plus":
                parts.append(amount)
                labels.append(("situation", None))
            for e, _ in state.events_at.get(place, []):
                if state.catalog.events[e].effect == "contested_plus":
                    parts.append(state.catalog.events[e].amount)
                    labels.append(("event", state.catalog.events[e].name))
    pool = sum(parts)
    tied_npc = npc and best == NPC_POWER and opts.npc_counts_in_tie_divisor
    divisor = len(winners) + (1 if tied_npc else 0)
    share = math.ceil(pool / divisor)  # DGW-095, DGW-RUL-30
    if loud:
        names = [name(state, s) for s in winners]
        data = {"place": place, "powers": {str(s): powers[s] for s in seats}, "winners": winners, "npc": npc,
                "pool": pool, "share": share, "parts": list(parts)}
        log(state, "battle", N_("Battle at {place}: {fighters} — {result}"), data,
            args=partial(_battle_args, where, fought, npc, parts, labels, names, tied_npc, divisor, pool, share),
            clauses=("DGW-092", "DGW-095" if divisor > 1 else ("DGW-094" if contested else "DGW-093")))
    for s in winners:
        p = state.players[s]
        if "zabaniya" in p.flags and len(seats) >= 2:  # 妄想心音: double before this round's spoils
            doubler = [state.catalog.cards[c].name for c, _up, _silent in p.played
                       if state.catalog.cards[c].effect == "zabaniya"]
            gain_spoils(state, s, p.spoils, M_("{card} doubles the spoils before this battle's", card=doubler[0]),
                        ("DGW-S28",))
        gained = share + 2 * p.use_b  # DGW-088, DGW-RUL-25
        sources: list[Text] = []
        if p.win_bonus:
            sources = [state.catalog.cards[c].name for c, up, silent in p.played
                       if up and not silent and state.catalog.cards[c].effect in WIN_BONUS]
            gained += p.win_bonus
        hands = 0
        for x in losers:
            hands += god_hand(state, x)
        gained -= hands
        gain_spoils(state, s, gained,  # the reason made when the line is read, and only when a line is made
                    partial(_win_why, where, divisor, share, p.use_b, p.win_bonus, sources, hands) if loud else "",
                    ("DGW-094",))
    _losses(state, losers, winners)
    return losers


def _win_why(where: Text, divisor: int, share: int, use_b: int, win_bonus: int, sources: list[Text],
             hands: int) -> Words:
    """Why a winner gains its spoils: its share or the battle, command spells, win bonuses and God Hand, added
    up (made when the line is read)."""
    pieces: list[tuple[Words, int]] = [
        (M_("share at {place}", place=where) if divisor > 1 else M_("battle at {place}", place=where), share)]
    if use_b:
        pieces.append((M_("command spell x{count}", count=use_b), 2 * use_b))
    if win_bonus:
        pieces.append((M_("{cards}", cards=sources) if sources else M_("cards"), win_bonus))
    if hands:
        pieces.append((M_("God Hand"), -hands))
    why: Words = pieces[0][0]
    if len(pieces) > 1:
        why = M_("{label} {value}", label=pieces[0][0], value=pieces[0][1])
        for label, v in pieces[1:]:
            why = M_("{left} + {label} {value}", left=why, label=label, value=v) if v >= 0 else \
                M_("{left} - {label} {value}", left=why, label=label, value=-v)
    return why


def _fighters(fought: list[tuple[Message, int, bool]], npc: bool) -> list[Words]:
    """Each fighter at a battle and its total power (made to lose, the NPC)."""
    fighters: list[Words] = [M_("{master} {power} (made to lose)", master=master, power=power) if lost
                             else M_("{master} {power}", master=master, power=power) for master, power, lost in fought]
    if npc:
        fighters.append(M_("NPC {power}", power=NPC_POWER))
    return fighters


def _no_winner_args(where: Text, fought: list[tuple[Message, int, bool]], npc: bool,
                    npc_best: bool) -> dict[str, Any]:
    """The arguments of a battle line without a winning player (made when the line is read)."""
    nobody = M_("the NPC's {power} is highest", power=NPC_POWER) if npc_best else \
        M_("every player there was made to lose")
    return {"place": where, "fighters": _fighters(fought, npc), "why": nobody}


def _label(kind: str, what: Text | None) -> Words:
    """A part of a battle's spoils pool, as the battle line names it."""
    if kind == "event":
        return M_("event {event}", event=what)
    if kind == "contested":
        return M_("contested")
    if kind == "situation":
        return M_("situation")
    if kind == "casual contested":
        return M_("Casual: a contested {place}", place=what)
    return M_("Casual: alone")


def _battle_args(where: Text, fought: list[tuple[Message, int, bool]], npc: bool, parts: list[int],
                 labels: list[tuple[str, Text | None]], names: list[Message], tied_npc: bool, divisor: int,
                 pool: int, share: int) -> dict[str, Any]:
    """The arguments of a battle line with winners: the pool's parts added up and how it is shared (made when the
    line is read; a rollout never reads it)."""
    sum_text = " + ".join(str(v) for v in parts) or "0"
    named: Words = ""
    for (kind, what), v in zip(labels, parts, strict=True):
        label = _label(kind, what)
        named = M_("{label} {value}", label=label, value=v) if not named else \
            M_("{left} + {label} {value}", left=named, label=label, value=v)
    winners: list[Words] = [*names, *([M_("the NPC")] if tied_npc else [])]
    if divisor == 1:
        result = M_("{winners} wins {pool} spoils ({parts})", winners=winners, pool=pool, parts=named) if parts \
            else M_("{winners} wins {pool} spoils", winners=winners, pool=pool)
    elif tied_npc:
        result = M_("{winners} tie: ({sum}) ÷ {divisor} = {share} spoils each ({parts}); the NPC's share goes to "
                    "no one", winners=winners, sum=sum_text, divisor=divisor, share=share, parts=named)
    else:
        result = M_("{winners} tie: ({sum}) ÷ {divisor} = {share} spoils each ({parts})", winners=winners,
                    sum=sum_text, divisor=divisor, share=share, parts=named)
    return {"place": where, "fighters": _fighters(fought, npc), "result": result}


WIN_BONUS = ("remote_control", "caladbolg", "gae_bolg_thrown")
"""Effects that add spoils to a win (遠隔操作, 偽・螺旋剣, 突き穿つ死翔の槍)."""


def god_hand(state: GrailState, seat: int) -> int:
    """十二の試練 in ``seat``'s battle: the spoils it moves from the winner to its loser (each card's amount)."""
    p = state.players[seat]
    if "god_hand" not in p.flags:
        return 0
    return sum(state.catalog.cards[c].amount for c, up, silent in p.played
               if up and not silent and state.catalog.cards[c].effect == "god_hand")


def _losses(state: GrailState, losers: list[int], winners: list[int]) -> None:
    for s in losers:
        p = state.players[s]
        if winners:
            hands = god_hand(state, s)
            if hands:
                gain_spoils(state, s, hands, M_("God Hand after a lost battle"), ("DGW-S20",))
        if "independent" in p.flags:
            gain_spoils(state, s, -5, M_("Independent Action after a lost battle"), ("DGW-S25",))


def battle_phase(state: GrailState) -> None:
    """対決時 effects, then Miyama and Shinto; Shinji may change to Sakura after losing (DGW-RUL-47)."""
    clash_effects(state)
    lost: list[int] = []
    for place in BATTLEFIELDS:
        lost.extend(resolve(state, place))
    if lost:
        order = state.turn_order()
        for seat in sorted(set(lost), key=order.index, reverse=True):
            if has(state, seat, "false_book") and "sakura" in state.catalog.masters:
                state.pending.append(Pending("switch", seat))
