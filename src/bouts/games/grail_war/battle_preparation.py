"""Battle preparation (戦闘準備, DGW-066..DGW-082): choose cards, pay once, reveal, 使用時 effects."""

from __future__ import annotations

from bouts.core.events import QUIET
from bouts.core.i18n import Text
from bouts.games.grail_war.actions import DONE, Act, act
from bouts.games.grail_war.board import (
    card_name,
    card_tables,
    is_attack,
    is_special,
    log,
    name,
    np_cost,
    prohibited,
    rank_top_half,
    stats,
)
from bouts.games.grail_war.cards import AttackCard, NPCard, SpecialCard
from bouts.games.grail_war.effects import ON_USE, reveal
from bouts.games.grail_war.i18n import M_, N_
from bouts.games.grail_war.masters import has
from bouts.games.grail_war.state import WORKSHOP, GrailState

CARDS_USED = 2
"""Cards a player uses in battle preparation (DGW-066, DGW-RUL-17)."""
NP_MANA = 8
"""NP/skill cards need mana 8 or more (DGW-068)."""


def ubw_residual(state: GrailState, seat: int) -> bool:
    """無限の剣製 is residual: 0-4 cards in the action phase, no draw in preparation."""
    p = state.players[seat]
    for c, status in p.np.items():
        if status == "residual" and state.catalog.cards[c].effect == "unlimited_blade_works" \
                and state.round > p.np_round.get(c, 99):
            return True
    return False


def card_limit(state: GrailState, seat: int, ubw: bool | None = None) -> int:
    """Cards that count toward the limit: 2, 3 with 隠された秘密, 4 under 無限の剣製 (``ubw``: whether
    :func:`ubw_residual` holds, when known)."""
    if ubw_residual(state, seat) if ubw is None else ubw:
        return 4
    return CARDS_USED + (1 if state.players[seat].infinite and has(state, seat, "hidden_secret") else 0)


def is_additional(state: GrailState, seat: int, card: str, selected: list[tuple[str, bool]]) -> bool:
    """Cards used additionally, beyond the count (DGW-G08): 干将・莫耶, ガンド, 三の太刀 after 2+ 敏捷 cards."""
    c = state.catalog.cards[card]
    if isinstance(c, AttackCard):
        return False
    if isinstance(c, SpecialCard) and c.at_hand:
        return True
    if isinstance(c, NPCard) and c.additional:
        p = state.players[seat]
        agile = sum(1 for x, up in selected if up and x != card and "agility" in stats(state, p, x)[1])
        return agile >= 2
    return False


def _spent(state: GrailState, seat: int) -> int:
    p = state.players[seat]
    if not p.selected:
        return 0
    return sum(stats(state, p, c)[2] for c, up in p.selected if up)


def _affordable(state: GrailState, seat: int, cost: int, spent: int | None = None) -> bool:
    p = state.players[seat]
    return p.infinite or (_spent(state, seat) if spent is None else spent) + cost <= p.mana


def np_usable(state: GrailState, seat: int, card: str, spent: int | None = None) -> bool:
    """Whether an NP/skill card beside the tarot may be chosen now (DGW-068, DGW-081, DGW-082, DGW-RUL-18)."""
    p = state.players[seat]
    c = state.catalog.cards[card]
    assert isinstance(c, NPCard)
    status = p.np[card]
    if status not in ("down", "up") or (status == "up" and c.once_per_game):
        return False
    if prohibited(state, "np"):
        return False
    if c.effect == "independent_action" and (p.location == WORKSHOP or not rank_top_half(state, seat)):
        return False
    if c.effect == "zabaniya" and p.revealed:
        return False
    if not (p.infinite or p.mana >= NP_MANA or c.any_mana):  # DGW-RUL-20: before payment
        return False
    return _affordable(state, seat, np_cost(state, card), spent)


_NONE: frozenset[str] = frozenset()
_PLAYS: dict[str, tuple[Act, Act]] = {}
"""Card -> (``play CARD up``, ``play CARD down``): the interned actions, looked up once per card."""


def _plays(card: str) -> tuple[Act, Act]:
    found = _PLAYS.get(card)
    if found is None:
        found = _PLAYS[card] = (act("play", card, "up"), act("play", card, "down"))
    return found


def prepare_options(state: GrailState, seat: int) -> list[Act]:
    """Cards that may be added to the battle preparation now, and ``done`` when the count is met."""
    p = state.players[seat]
    ubw = "residual" in p.np.values() and ubw_residual(state, seat)  # no residual NP/skill card: not 無限の剣製
    limit = 4 if ubw else (CARDS_USED + 1 if p.infinite and has(state, seat, "hidden_secret") else CARDS_USED)
    situation = state.situation  # prohibited(): the situation card's effect, read once
    catalog = state.catalog
    effect = catalog.situations[situation].effect if situation is not None else None
    tables = card_tables(catalog)
    attacks = tables.attacks
    cards = catalog.cards
    chosen: frozenset[str] | set[str]
    selected = p.selected
    if selected:  # the cards chosen, those counting toward the limit and their mana (_spent), in one pass
        picked: set[str] = set()
        normal = spent = 0
        for used, up in selected:
            picked.add(used)
            known = attacks.get(used)
            if known is not None:  # an attack card: never additional; its printed cost (stats())
                normal += 1
                if up:
                    spent += known[0]
                continue
            if not is_additional(state, seat, used, selected):
                normal += 1
            if up:
                spent += stats(state, p, used)[2]
        chosen = picked
    else:
        chosen, normal, spent = _NONE, 0, 0
    room = normal < limit
    mana = p.mana
    infinite = p.infinite
    plays: list[Act] = []
    extra: list[Act] = []
    if not p.blocked:
        special_ok = effect != "special_prohibited"
        if room:
            for card in p.hand:
                if card in chosen:
                    continue
                known = attacks.get(card)
                if known is not None:  # the common case: its printed cost, up when it fits, and down
                    if infinite or spent + known[0] <= mana:
                        plays.append(known[1])
                    plays.append(known[2])
                    continue
                c = cards[card]
                if isinstance(c, NPCard):  # stats() and is_attack() of a (converted) NP/skill card
                    cost, attack = stats(state, p, card)[2], is_attack(state, p, card)
                else:  # an attack or special card: its printed cost
                    cost, attack = c.cost, isinstance(c, AttackCard)
                fits = infinite or spent + cost <= mana
                if isinstance(c, SpecialCard):  # 蛇: never face down (DGW-RUL-19)
                    if special_ok and fits:
                        plays.append(act("play", card, "up"))
                    continue
                if fits:
                    plays.append(act("play", card, "up"))
                if attack:
                    plays.append(act("play", card, "down"))
        if p.np and effect != "np_prohibited":  # np_usable's test, its parts common to every card made once
            enough = infinite or mana >= NP_MANA
            nps = tables.np
            for card, status in p.np.items():
                if status not in ("down", "up") or card in chosen:
                    continue
                additional, any_mana, once, np_effect, printed, per_round, play = nps[card]
                if not (room or additional):  # the count is met: only a card used additionally may join
                    continue
                if not (enough or any_mana):  # DGW-RUL-20: mana 8+ before payment (the commonest refusal first)
                    continue
                if status == "up" and once:
                    continue
                if np_effect == "independent_action" and (p.location == WORKSHOP or not rank_top_half(state, seat)):
                    continue
                if np_effect == "zabaniya" and p.revealed:
                    continue
                if not infinite:  # np_cost(): 陣地作成 costs 16 - 2 x round
                    price = max(0, printed - per_round * state.round) if per_round else printed if printed > 0 else 0
                    if spent + price > mana:
                        continue
                if additional and is_additional(state, seat, card, [*selected, (card, True)]):
                    extra.append(play)
                elif room:
                    plays.append(play)
        if special_ok:
            for card in p.at_hand:
                if card in chosen:
                    continue
                special = cards[card]
                if not (infinite or spent + special.cost <= mana):  # a special card's printed cost (stats())
                    continue
                ability = special.ability  # type: ignore[union-attr]
                if ability == "projection":  # 投影: with mana 8+ (DGW-M02)
                    allowed = has(state, seat, "projection") and (infinite or mana >= NP_MANA)
                else:  # 宝石魔術: 1 jewel (DGW-M07)
                    allowed = has(state, seat, "jewel_magecraft") and p.jewels >= 1
                if allowed:
                    extra.append((_PLAYS.get(card) or _plays(card))[0])
    found = plays + extra
    if ubw or p.blocked or not plays:
        found.append(DONE)
    return found


def choose(state: GrailState, seat: int, card: str, face_up: bool) -> None:
    """Add a card to the preparation (DGW-067, DGW-069)."""
    state.players[seat].selected.append((card, face_up))


def finish(state: GrailState, seat: int) -> None:
    """Pay once (DGW-072), reveal the tarot for 【真名解放】 (DGW-073), queue 使用時 effects (DGW-074)."""
    p = state.players[seat]
    selected = p.selected
    catalog = state.catalog
    cards = catalog.cards
    tables = card_tables(catalog)
    attacks = tables.attacks
    cost = 0  # _spent(), before any NP/skill card changes its state
    for card, up in selected:
        if up:
            known = attacks.get(card)
            cost += known[0] if known is not None else stats(state, p, card)[2]
    if not p.infinite:
        p.mana -= cost
    here = p.location
    silenced = here in state.silence and state.silence[here] != seat
    shown_ids: list[str] = []
    down = 0
    releases: list[NPCard] = []
    hand = p.hand
    owner = catalog.owner
    for card, up in selected:
        if card in attacks:  # an attack card: never an NP/skill or special card
            if card in hand:
                hand.remove(card)
            elif card in p.at_hand:
                p.at_hand.remove(card)
            p.played.append((card, up, silenced))
            if up:
                shown_ids.append(card)
                if owner.get(card) == p.servant:
                    p.exposed = True
            else:
                down += 1
            continue
        c = cards[card]
        if card in hand:
            hand.remove(card)
        elif card in p.at_hand:
            p.at_hand.remove(card)
            if isinstance(c, SpecialCard) and c.ability == "jewel_magecraft":
                p.jewels -= 1
        if isinstance(c, NPCard) and p.np.get(card) != "converted":
            p.np[card] = "residual" if c.timing == "residual" or c.effect == "unlimited_blade_works" else "up"
            p.np_round[card] = state.round
            if c.effect in ("territory_creation", "self_modification"):
                p.np[card] = "converted"
        p.played.append((card, up, silenced))
        if up:
            shown_ids.append(card)
            if isinstance(c, NPCard):
                p.exposed = True
                if c.true_name_release:
                    releases.append(c)
            elif owner.get(card) == p.servant:
                p.exposed = True
        else:
            down += 1
    if state.events is not QUIET:  # a quiet state makes no line: its arguments are not made
        shown: list[Text] = [cards[card].name for card in shown_ids]  # card_name
        if shown and down:
            msg = N_("{master} uses {cards} and {down} face down, paying {cost} mana")
        elif shown:
            msg = N_("{master} uses {cards}, paying {cost} mana")
        elif down:
            msg = N_("{master} uses no face-up card and {down} face down, paying {cost} mana")
        else:
            msg = N_("{master} uses no card, paying {cost} mana")
        log(state, "prepare", msg,
            {"seat": seat, "cards": shown_ids, "face_down": down, "cost": cost},
            args={"master": name(state, seat), "cards": shown, "down": down, "cost": cost},
            clauses=("DGW-066", "DGW-072"),
            reveals=bool(shown) or len(selected) < CARDS_USED, owner=seat)  # short: no card left to use
    for c in releases:
        reveal(state, seat, M_("True Name Release: {card}", card=c.name))
    if silenced or not shown_ids:
        state.resolve = []
    else:
        effects = tables.effects
        state.resolve = [c for c in shown_ids if effects[c] in ON_USE]
    p.selected = []
    p.acted = True


def riding_options(state: GrailState, seat: int) -> list[Act]:
    """騎乗: hand cards of base power 3 or less (the card's amount), paid one by one, then ``done``."""
    p = state.players[seat]
    top = state.pending[-1] if state.pending else None
    most = state.catalog.cards[top.card].amount if top is not None and top.card else 3
    found = [act("play", c, "up") for c in p.hand
             if stats(state, p, c)[0] <= most and (p.infinite or stats(state, p, c)[2] <= p.mana)
             and not (is_special(state, c) and prohibited(state, "special"))]
    return [*found, DONE]


def riding_play(state: GrailState, seat: int, card: str) -> None:
    """Play one more card under 騎乗, paying its mana at once."""
    p = state.players[seat]
    if not p.infinite:
        p.mana -= stats(state, p, card)[2]
    p.hand.remove(card)
    p.played.append((card, True, False))
    if state.catalog.owner.get(card) == p.servant:
        p.exposed = True
    log(state, "prepare", N_("{master} also uses {card} ({riding})"), {"seat": seat, "card": card},
        args={"master": name(state, seat), "card": card_name(state, card),
              "riding": state.catalog.cards[state.pending[-1].card].name if state.pending and state.pending[-1].card
              else ""},
        reveals=True, owner=seat, clauses=("DGW-S16",))
    if state.catalog.cards[card].effect in ON_USE:
        state.resolve.append(card)
