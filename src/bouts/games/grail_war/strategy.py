"""A sensible Grail War player, using only what its seat may know (its own cards and the public board).

It weighs each place by what it can win there: the spoils on the open events and the contested bonus, against
the power it can put on the table (its best affordable cards, land advantage, command spells) and the power
its rivals have shown or may show; the NPC stands at 11. It uses every master's abilities (Kuzuki's 平穏 at
the Workshop, Shinji's 吸魔命令 at Miyama, Kirei's 監督役 and 代行者, Rin's jewels and ガンド, Shirou's
干将・莫耶, Sakura's unlimited mana, Illya's mana), the three command spells (Use A when the mana wins a
battle, Use B when 2 power decides it, Use C to Recon when the battle is lost) and each NP/skill card when its
effect pays: a 使用時 move to escape, 刺し穿つ死棘の槍 against a lone rival, 突き穿つ死翔の槍 against several,
破戒すべき全ての符 on a rival with one command spell, 十二の試練 in a battle it cannot win, 妄想心音 when it
will win with spoils to double, and so on. Each choice comes with the reason it was made.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

from bouts.core import CHANCE, Game, Seat
from bouts.games.grail_war.actions import Act
from bouts.games.grail_war.battle import card_power, total_power
from bouts.games.grail_war.board import np_cost, rank_top_half, situation_effect, stats
from bouts.games.grail_war.cards import NPCard, SpecialCard
from bouts.games.grail_war.climax import LAST_NORMAL_ROUND, dropping
from bouts.games.grail_war.masters import has
from bouts.games.grail_war.movement import paid_moves, recon_open
from bouts.games.grail_war.state import (
    BATTLEFIELDS,
    MIYAMA,
    NPC_POWER,
    PLACE_NAMES,
    PREPARE,
    RECON,
    SHINTO,
    TOKEN_VALUE,
    WORKSHOP,
    GrailState,
)

SEARCH = {"rollout": "heuristic", "prior": "heuristic", "horizon": 40}
"""IS-MCTS settings: heuristic rollouts of about two rounds, scored by :func:`evaluate`."""

UNSEEN_POWER = 6
"""What a rival who has not used its cards yet is expected to show (two cards of about 3)."""
HIDDEN_EVENT = 2.5
"""The spoils expected of a face-down event."""
CONTESTED = {MIYAMA: 2, SHINTO: 3}


def _where(place: str | None) -> str:
    return PLACE_NAMES.get(place or "", str(place)).split()[0]


def _mana_value(state: GrailState, seat: int) -> float:
    """How much a point of mana is worth in power now: more early and below the NP threshold of 8."""
    p = state.players[seat]
    if p.infinite:
        return 0.0
    base = 0.6 if state.round <= 4 else 0.4 if state.round <= 8 else 0.25
    return base + (0.2 if p.mana < 8 else 0.0)


def _token_at(state: GrailState, place: str) -> int:
    """The land advantage the next piece placed at ``place`` takes."""
    for token in (f"{place}3", f"{place}1"):
        if state.tokens.get(token) is None:
            return TOKEN_VALUE[token]
    return 0


def _held_land(state: GrailState, seat: int, place: str) -> int:
    """Land advantage ``seat`` holds that counts at ``place``."""
    p = state.players[seat]
    travels = state.options.land_advantage_travels
    total = sum(TOKEN_VALUE[t] for t, holder in state.tokens.items() if holder == seat and (travels or
                                                                                            t.startswith(place)))
    return total * p.land_multiplier


def _events_value(state: GrailState, place: str) -> float:
    """The spoils a win at ``place`` brings (face-down events at their expected value)."""
    if state.options.casual:
        return 0.0
    return sum(state.catalog.events[e].spoils if up else HIDDEN_EVENT for e, up in state.events_at.get(place, []))


def _rivals(state: GrailState, seat: int, place: str) -> list[int]:
    return [s for s in state.living() if s != seat and state.players[s].location == place]


def _rival_power(state: GrailState, seat: int, rival: int, place: str) -> float:
    """What ``rival`` shows at ``place``: its total power once its cards are used, else an estimate."""
    r = state.players[rival]
    if r.acted and r.location == place:
        return float(total_power(state, rival))
    land = _held_land(state, rival, place)
    bonus = 2 if has(state, rival, "executor") and r.revealed else 0
    return land + UNSEEN_POWER + bonus + (1.0 if r.command_spells and state.round >= 6 else 0.0)


def _threat(state: GrailState, seat: int, place: str) -> float:
    """The highest power ``seat`` must beat at ``place`` (the NPC's 11 included)."""
    found = [_rival_power(state, seat, r, place) for r in _rivals(state, seat, place)]
    if state.npc == place:
        found.append(NPC_POWER)
    return max(found, default=0.0)


def _power_at(state: GrailState, seat: int, card: str, place: str | None) -> int:
    """A card's power at ``place`` as ``seat`` can know it: a face-down event there is not taken into account."""
    if place and any(not up for _, up in state.events_at.get(place, [])):
        return card_power(state, seat, card, True, None)
    return card_power(state, seat, card, True, place)


def _card_options(state: GrailState, seat: int, place: str | None, mana: int) -> list[tuple[float, int, str, bool]]:
    """(power at ``place``, cost, card, additional) of each card ``seat`` could use face up with ``mana``."""
    p = state.players[seat]
    found: list[tuple[float, int, str, bool]] = []
    prohibited = state.situation is not None and state.catalog.situations[state.situation].effect
    for card in p.hand:
        c = state.catalog.cards[card]
        if isinstance(c, SpecialCard) and prohibited == "special_prohibited":
            continue
        cost = stats(state, p, card)[2]
        if p.infinite or cost <= mana:
            found.append((_power_at(state, seat, card, place), cost, card, False))
    if prohibited != "np_prohibited":
        for card, status in p.np.items():
            c = state.catalog.cards[card]
            assert isinstance(c, NPCard)
            if status not in ("down", "up") or (status == "up" and c.once_per_game):
                continue
            if not (p.infinite or mana >= 8 or c.any_mana):
                continue
            if c.effect == "zabaniya" and p.revealed:
                continue
            if c.effect == "independent_action" and (place == WORKSHOP or not rank_top_half(state, seat)):
                continue
            cost = np_cost(state, card)
            if p.infinite or cost <= mana:
                found.append((_power_at(state, seat, card, place), cost, card, bool(c.additional)))
    if prohibited != "special_prohibited":
        for card in p.at_hand:
            c = state.catalog.cards[card]
            assert isinstance(c, SpecialCard)
            ok = (c.ability == "projection" and has(state, seat, "projection") and (p.infinite or mana >= 8)) or \
                 (c.ability == "jewel_magecraft" and has(state, seat, "jewel_magecraft") and p.jewels >= 1)
            if ok and (p.infinite or c.cost <= mana):
                found.append((_power_at(state, seat, card, place), c.cost, card, True))
    return found


def _best_power(state: GrailState, seat: int, place: str, mana: int) -> tuple[float, int]:
    """The most power ``seat``'s cards can add at ``place`` with ``mana`` (two cards, plus additional ones),
    and what it costs."""
    options = _card_options(state, seat, place, mana)
    normal = sorted((o for o in options if not o[3]), key=lambda o: -o[0])[:6]
    extra = [o for o in options if o[3]]
    best, spent = 0.0, 0
    count = 2 + (1 if state.players[seat].infinite and has(state, seat, "hidden_secret") else 0)
    for size in range(min(count, len(normal)), -1, -1):
        for combo in itertools.combinations(normal, size):
            cost = sum(o[1] for o in combo)
            if not state.players[seat].infinite and cost > mana:
                continue
            power = sum(o[0] for o in combo)
            left = mana - cost
            for o in sorted(extra, key=lambda o: -o[0]):
                if state.players[seat].infinite or o[1] <= left:
                    power += o[0]
                    left -= o[1]
            if power > best:
                best, spent = power, cost
    return best, spent


def _my_power(state: GrailState, seat: int, place: str, mana: int | None = None) -> float:
    """``seat``'s expected total power at ``place`` if it goes there now and uses its best cards."""
    p = state.players[seat]
    land = _held_land(state, seat, place) if p.location == place else 0
    cards, _ = _best_power(state, seat, place, p.mana if mana is None else mana)
    return cards + land + 2 * p.use_b + p.power_bonus + (2 if has(state, seat, "executor") and p.revealed else 0)


def _prize(state: GrailState, seat: int, place: str, contested: bool) -> float:
    """What winning ``place`` brings ``seat``: the events, the contested bonus, its Use B spoils."""
    if state.options.casual:
        return {MIYAMA: 4, SHINTO: 5}[place] if contested else 2
    prize = _events_value(state, place) + (CONTESTED[place] if contested else 0)
    effect, _, amount = situation_effect(state)
    if contested and effect == "contested_plus":
        prize += amount
    return prize


def _chance(margin: float) -> float:
    """A rough chance to win from the power margin."""
    return max(0.05, min(0.95, 0.5 + margin / 8))


def _in_danger(state: GrailState, seat: int) -> bool:
    """Near or in the climax, among the fewest spoils."""
    if state.options.casual or state.round < 7:
        return False
    living = state.living()
    ranked = sorted(state.players[s].spoils for s in living)
    return state.players[seat].spoils <= ranked[min(len(ranked) - 1, max(0, len(living) // 2 - 1))]


CLOWN_MARGIN = 2
"""How far above the first who would drop out solo Shinji must stand to stop gaining spoils in round 8 (道化)."""


def _clown_hold(state: GrailState, seat: int) -> bool:
    """道化 (7 players): in round 8, with the spoils standing, ``seat`` would be strictly last among those still
    in when the climax begins (DGW-M20, DGW-RUL-42) and at least :data:`CLOWN_MARGIN` above the best of those
    who would drop out: it wins by gaining nothing more this round."""
    if state.round != LAST_NORMAL_ROUND or state.options.casual or not has(state, seat, "clown"):
        return False
    spoils = {s: state.players[s].spoils for s in state.living()}
    mine = spoils[seat]
    if state.options.clown_check == "before_elimination":
        return all(v > mine for s, v in spoils.items() if s != seat)
    out = dropping(state, spoils)
    kept = [v for s, v in spoils.items() if s not in out and s != seat]
    return seat not in out and all(v > mine for v in kept) and all(mine - spoils[s] >= CLOWN_MARGIN for s in out)


# -- the decisions ------------------------------------------------------------------------------------------
def _place(state: GrailState, seat: int, legal: list[Act]) -> tuple[Act, str]:
    """Outpost: the place that pays most (DGW-043..DGW-055)."""
    p = state.players[seat]
    by = {a.what: a for a in legal}
    later = len(state.order) - state.cursor - 1
    if _clown_hold(state, seat):
        if WORKSHOP in by:
            return by[WORKSHOP], "道化: last of those still in as the climax begins wins; the Workshop wins no spoils"
        place = max((a.what for a in legal if a.what in BATTLEFIELDS),
                    key=lambda f: len(_rivals(state, seat, f or "")) + (2 if state.npc == f else 0), default=None)
        if place is not None:
            return by[place], f"道化: {_where(place)}, the battle least likely to be won"
    scored: list[tuple[float, str, str]] = []
    if WORKSHOP in by:
        gain = 2 if not state.workshop else 1
        effect, _, amount = situation_effect(state)
        if effect == "workshop_plus":
            gain += amount
        if has(state, seat, "tranquility"):
            scored.append((gain + 0.6, WORKSHOP, f"平穏: the Workshop pays {gain} spoils"))
        else:
            value = min(gain, 12 - p.mana) * _mana_value(state, seat) * (1.6 if p.mana < 8 else 1.0)
            if p.mana <= 4:
                value += 1.5
            scored.append((value + 0.3, WORKSHOP, f"the Workshop pays {gain} mana (you have {p.mana})"))
    for place in BATTLEFIELDS:
        if place not in by:
            continue
        token = _token_at(state, place)
        rivals = _rivals(state, seat, place)
        mine = _best_power(state, seat, place, p.mana)[0] + token + (2 if has(state, seat, "executor")
                                                                   and p.revealed else 0)
        threat = max([_rival_power(state, seat, r, place) for r in rivals] + ([NPC_POWER] if state.npc == place
                                                                              else [0.0]))
        contested = bool(rivals) or state.npc == place or later > 1
        chance = _chance(mine - threat) if (rivals or state.npc == place) else 0.85 - 0.1 * min(later, 3)
        value = chance * _prize(state, seat, place, contested) + (1 if place == MIYAMA and
                                                                  has(state, seat, "mana_drain") else 0)
        why = (f"{_where(place)}: about {mine:.0f} power against "
               + (f"{threat:.0f}" if rivals or state.npc == place else "no one yet")
               + (f", the +{token} land advantage" if token else "") + f", {_prize(state, seat, place, contested):.0f}"
               " spoils to win")
        scored.append((value, place, why))
    value, place, why = max(scored, key=lambda item: item[0])
    return by[place], why


def _spare_spells(state: GrailState, seat: int) -> int:
    """Command spells ``seat`` may spend now: Shinji keeps one early (偽臣の書 changes him when the last goes)."""
    p = state.players[seat]
    spare = p.command_spells
    if has(state, seat, "false_book") and state.round < 5:
        spare -= 1
    return max(0, spare)


def _spell_use_a(state: GrailState, seat: int, place: str | None) -> bool:
    """Whether 4 more mana wins a battle it would lose (an NP/skill card, a second strong card)."""
    p = state.players[seat]
    if _spare_spells(state, seat) == 0 or p.infinite or place not in BATTLEFIELDS or p.mana >= 12:
        return False
    threat = _threat(state, seat, place)
    now = _my_power(state, seat, place)
    more = _my_power(state, seat, place, min(12, p.mana + 4))
    return now < threat <= more and more - now >= 3


def _escape(state: GrailState, seat: int, legal: list[Act]) -> tuple[Act, str] | None:
    """A lost battle: go to Recon (paid, 監督役 or Use C) or to an empty battlefield."""
    p = state.players[seat]
    here = p.location
    if here not in BATTLEFIELDS:
        return None
    threat = _threat(state, seat, here)
    mine = _my_power(state, seat, here, min(12, p.mana + (4 if p.command_spells else 0)))
    if mine + 2 >= threat:
        return None
    moves = {a.what: a for a in legal if a.verb == "move"}
    if RECON in moves:
        cost = paid_moves(state, seat)[RECON]
        if cost <= max(2, p.mana - 3) or p.infinite:
            return moves[RECON], f"the battle at {_where(here)} is lost ({mine:.0f} against {threat:.0f}): " \
                                 f"Recon pays 2 spoils for {cost} mana"
    for place in BATTLEFIELDS:
        if place in moves and not _rivals(state, seat, place) and state.npc != place \
                and paid_moves(state, seat)[place] <= p.mana - 2:
            return moves[place], f"{_where(here)} is lost ({mine:.0f} against {threat:.0f}); " \
                                 f"{_where(place)} is empty: its events alone"
    spell = Act("spell", "move", RECON)
    if spell in legal and (_spare_spells(state, seat) >= 2 or (state.round >= 6 and _spare_spells(state, seat))):
        return spell, f"the battle at {_where(here)} is lost ({mine:.0f} against {threat:.0f}): command spell Use C " \
                      "to Recon for 2 spoils"
    return None


def _before_move(state: GrailState, seat: int, legal: list[Act]) -> tuple[Act, str]:
    """Command spells before moving, then the move (DGW-059..DGW-064, DGW-084)."""
    p = state.players[seat]
    here = p.location
    if _clown_hold(state, seat) and Act("stay") in legal:
        return Act("stay"), "道化: stay and gain nothing, last of those still in as the climax begins"
    escape = _escape(state, seat, legal)
    if escape is not None:
        return escape
    moves = {a.what: a for a in legal if a.verb == "move"}
    if here == WORKSHOP:
        best: tuple[float, str, str] | None = None
        for place in BATTLEFIELDS:
            if place not in moves or state.npc == place:
                continue
            cost = paid_moves(state, seat)[place]
            mine = _my_power(state, seat, place, p.mana - cost)
            threat = _threat(state, seat, place)
            rivals = _rivals(state, seat, place)
            chance = _chance(mine - threat) if rivals else 0.8
            value = chance * _prize(state, seat, place, bool(rivals)) - cost * _mana_value(state, seat)
            if value > 1.5 and (best is None or value > best[0]):
                best = (value, place, f"{_where(place)} for {cost} mana: about {mine:.0f} power against "
                                      + (f"{threat:.0f}" if rivals else "no one") + f", "
                                      f"{_prize(state, seat, place, bool(rivals)):.0f} spoils to win")
        if RECON in moves and recon_open(state):
            cost = paid_moves(state, seat)[RECON]
            value = 2 - cost * _mana_value(state, seat) + (1 if _in_danger(state, seat) else 0)
            if value > 0.2 and (best is None or value > best[0]):
                best = (value, RECON, f"Recon pays 2 spoils for {cost} mana")
        if best is not None:
            return moves[best[1]], best[2]
    if Act("spell", "mana") in legal and _spell_use_a(state, seat, here):
        return Act("spell", "mana"), "command spell Use A: 4 more mana let your best cards win here"
    weak = [c for c in p.hand if stats(state, p, c)[0] <= 2 and not isinstance(state.catalog.cards[c], SpecialCard)]
    if Act("jewel", "rebuild") in legal and here in BATTLEFIELDS and len(weak) >= 2 and \
            p.jewels >= 3 + max(0, 8 - state.round):
        return Act("jewel", "rebuild"), f"宝石魔術: 3 jewels to trade {len(weak)} weak cards (power 2 or less)"
    return Act("stay"), (f"stay at {_where(here)}" + (": the battle can be won" if here in BATTLEFIELDS else ""))


def _effect_value(state: GrailState, seat: int, card: str, place: str | None) -> tuple[float, str]:
    """What a card's effect is worth now, beyond its power, and why (each NP/skill card's timing)."""
    p = state.players[seat]
    c = state.catalog.cards[card]
    effect = c.effect or ""
    fighting = place in BATTLEFIELDS
    rivals = _rivals(state, seat, place) if fighting and place else []
    threat = _threat(state, seat, place) if fighting and place else 0.0
    mine = _my_power(state, seat, place) if fighting and place else 0.0
    if effect == "gae_bolg_thrust":
        return (12.0, "刺し穿つ死棘の槍: the only rival here loses") if len(rivals) == 1 else (-3.0, "")
    if effect == "gae_bolg_thrown":
        return (1.0 * len(rivals), f"突き穿つ死翔の槍: +{len(rivals)} spoils against {len(rivals)} rivals") \
            if len(rivals) >= 2 else (0.0, "")
    if effect == "rule_breaker":
        weak = [r for r in rivals if state.players[r].command_spells <= 1]
        return (12.0, "破戒すべき全ての符: a rival here with one command spell loses, +10 power") if weak \
            else (-6.0, "")
    if effect in ("move_anywhere", "bellerophon"):
        if effect == "bellerophon":
            stolen = max((sum(TOKEN_VALUE[t] for t in (f"{f}3", f"{f}1")) for f in BATTLEFIELDS), default=0)
            return (stolen + 1.0, "騎英の手綱: move and take that battlefield's land advantage")
        if fighting and mine + 2 < threat:
            return 6.0 + (2.0 if recon_open(state) else 0.0), f"{c.name}: move out of a lost battle" + (
                ", to Recon for 2 spoils" if recon_open(state) else "")
        return (1.5, f"{c.name}: to Recon for 2 spoils") if not fighting and place != RECON and \
            recon_open(state) else (-2.0, "")
    if effect == "rush":
        return (1.0, "急行: on to the next place") if not fighting and place == WORKSHOP else (-1.0, "")
    if effect == "god_hand":
        return (4.0, "十二の試練: 3 spoils from the battle you would lose") if fighting and rivals and \
            mine < threat else (-1.0, "")
    if effect == "zabaniya":
        if state.climax_card and state.catalog.situations[state.climax_card].remaining == 2 and rivals:
            return 20.0, "妄想心音: in the last two, the other player here loses"
        return (p.spoils * _chance(mine - threat), f"妄想心音: doubles your {p.spoils} spoils if you win") \
            if fighting and p.spoils >= 4 else (-2.0, "")
    if effect == "independent_action":
        return (3.0 - 5 * (1 - _chance(mine - threat)), "単独行動: +3 spoils now") if fighting \
            else (3.0, "単独行動: +3 spoils with no battle to lose")
    if effect == "self_modification":
        return 2.0 + (2 if has(state, seat, "overseer") and p.revealed else 0), "自己改造: +2 spoils"
    if effect == "territory_creation":
        return (4.0, "陣地作成: the Workshop pays 1 mana and 2 spoils each round from now") if state.round <= 6 \
            else (0.0, "")
    if effect == "unlimited_blade_works":
        return (5.0, "無限の剣製: the whole deck in hand") if len(p.deck) >= 5 else (-3.0, "")
    if effect in ("caladbolg", "land_multiplier", "remote_control"):
        land = _held_land(state, seat, place) if place else 0
        factor = 3 if effect == "caladbolg" else 2
        return land * (factor - 1) + (c.amount if effect != "land_multiplier" and rivals else 0), \
            f"{c.name}: land advantage x{factor}"
    if effect == "nullify":
        return (2.0, f"{c.name}: opponents' {c.target} cards here count 0") if rivals else (0.0, "")
    if effect == "petrification":
        done = [r for r in rivals if state.players[r].acted]
        return (6.0 * len(done), "石化の魔眼: the rivals here who used no 特 card lose") if done else (-2.0, "")
    if effect == "presence_concealment":
        shown = sorted((total_power(state, r) for r in rivals if state.players[r].acted), reverse=True)
        second = len(rivals) >= 2 and len(shown) >= 2 and shown[1] <= mine < shown[0]
        return (shown[0] if second else -2.0), "気配遮断: second of three, the first loses"
    if effect == "riding":
        return _riding_value(state, seat, card, place) if fighting else (-2.0, "")
    if effect in ("draw_one", "mana_one"):
        return 1.0, f"{c.name}: {'a card' if effect == 'draw_one' else 'mana'} now"
    if effect == "excalibur" and state.climax_card:
        return 4.0, "約束された勝利の剣: +4 in a climax round"
    if effect == "second_sword":
        later = [r for r in rivals if not state.players[r].acted]
        tsubame = any(state.catalog.cards[x].effect == "tsubame_gaeshi" and status == "down"
                      for x, status in p.np.items())
        return 1.5 * len(later) + (1.5 if tsubame else 0.0), f"{c.name}: the {len(later)} rivals here who act " \
            "later lose their cards' effects" + (", and 燕返し with 一の太刀" if tsubame else "")
    if effect == "tsubame_gaeshi":
        return 3.0, f"{c.name}: 燕返し (+{c.amount} power with 一の太刀 and 二の太刀)"
    if isinstance(c, SpecialCard) and c.ability == "jewel_magecraft":
        return (1.5, "ガンド for a jewel: +1 power in a close battle") if fighting and (rivals or state.npc == place) \
            else (-1.0, "")
    if isinstance(c, NPCard) and c.true_name_release and has(state, seat, "executor") and not p.revealed \
            and fighting:
        return 2.0, "代行者: a revealed servant adds 2 power from now on"
    return 0.0, ""


def _riding_value(state: GrailState, seat: int, card: str, place: str | None) -> tuple[float, str]:
    """騎乗: the hand cards of base power up to its amount that it adds, each paid in turn, worth their power
    less their mana (the cards already chosen stay in the count)."""
    p = state.players[seat]
    c = state.catalog.cards[card]
    chosen = {x for x, _ in p.selected}
    left = p.mana - sum(stats(state, p, x)[2] for x, up in p.selected if up) - np_cost(state, card)
    extra = sorted(((_power_at(state, seat, x, place), stats(state, p, x)[2], x) for x in p.hand
                    if x not in chosen and stats(state, p, x)[0] <= c.amount), key=lambda o: -o[0] + 0.4 * o[1])
    value, added = 0.0, 0
    for power, cost, _ in extra:
        if p.infinite or cost <= left:
            left -= 0 if p.infinite else cost
            value += power - cost * _mana_value(state, seat)
            added += 1
    if added < 2:  # it takes one of the two cards itself
        return -3.0, ""
    return value, f"{c.name}: {added} more cards of power {c.amount} or less from the hand"


def _prepare(state: GrailState, seat: int, legal: list[Act]) -> tuple[Act, str]:
    """Battle preparation: the cards worth their mana; face down where there is no battle (DGW-065..DGW-082)."""
    p = state.players[seat]
    plays = [a for a in legal if a.verb == "play"]
    place = p.location
    fighting = place in BATTLEFIELDS
    if not plays:
        return Act("done"), "nothing more to use"
    if _clown_hold(state, seat):
        face_down = [a for a in plays if a.how == "down"]
        if Act("done") in legal:
            return Act("done"), "道化: win nothing this round"
        if face_down:
            return face_down[0], "道化: face down, power 0, win nothing this round"
    mana_value = _mana_value(state, seat)
    scored: list[tuple[float, Act, str]] = []
    for a in plays:
        card = a.what or ""
        if a.how == "down":
            scored.append((0.0, a, "face down: it costs nothing"))
            continue
        power = _power_at(state, seat, card, place) if fighting else 0
        cost = stats(state, p, card)[2]
        bonus, why = _effect_value(state, seat, card, place)
        value = power + bonus - cost * mana_value - (0.5 if isinstance(state.catalog.cards[card], NPCard)
                                                     and not fighting else 0)
        name = state.catalog.cards[card].name
        reason = why or (f"power {power} for {cost} mana" if fighting else "for its effect")
        if name not in reason:
            reason = f"{name}: {reason}"
        scored.append((value, a, reason))
    value, act, why = max(scored, key=lambda item: item[0])
    if Act("done") in legal and value <= 0.3:
        return Act("done"), "keep the rest of the mana" if fighting else "no battle here: keep the mana"
    if not fighting and act.how == "up" and value <= 0.3:
        downs = [x for x in scored if x[1].how == "down"]
        if downs:
            return downs[0][1], "no battle here: a card face down costs nothing"
    return act, why


def _window(state: GrailState, seat: int, legal: list[Act]) -> tuple[Act, str]:
    """The command-spell window after the cards: Use B when 2 power decides the battle, Use C out of a lost
    one, Rin's jewels (DGW-084..DGW-089, DGW-M07)."""
    p = state.players[seat]
    here = p.location
    if _clown_hold(state, seat):
        return Act("next"), "道化: no command spell, win nothing this round"
    if here in BATTLEFIELDS and p.acted:
        mine = total_power(state, seat)
        threat = _threat(state, seat, here)
        usable = _spare_spells(state, seat)
        if Act("spell", "power") in legal and usable > 0:
            needed = int(threat - mine) // 2 + 1 if mine <= threat else 0
            worth = _prize(state, seat, here, True) >= 4 or _in_danger(state, seat) or state.round >= 7
            if 0 < needed <= min(usable, 2 if state.round >= 6 else 1) and worth:
                return Act("spell", "power"), f"Use B: {mine} power against {threat:.0f}: +2 power wins or ties it"
        move = Act("spell", "move", RECON)
        if move in legal and mine + 4 < threat and usable >= 2:
            return move, f"the battle at {_where(here)} is lost ({mine} against {threat:.0f}): Use C to Recon " \
                         "for 2 spoils"
    rounds_left = max(1, 9 - state.round)
    if Act("jewel", "mana") in legal and p.mana <= 10 and (p.jewels - 2 >= rounds_left or
                                                            (p.mana == 7 and p.jewels >= 3)):
        return Act("jewel", "mana"), f"宝石魔術: 2 jewels for +1 mana ({p.mana} → {p.mana + 1})" + (
            ": mana 8 opens the NP/skill cards" if p.mana == 7 else "")
    return Act("next"), "keep the command spells" if p.command_spells else "go on"


def _pending(state: GrailState, seat: int, legal: list[Act]) -> tuple[Act, str]:
    """An effect's choice: where to move, whom to target, which cards to add or discard, Shinji's change."""
    p = state.players[seat]
    top = state.pending[-1]
    if top.kind == "goto":
        card = state.catalog.cards[top.card]
        if card.effect == "bellerophon":
            def taken(place: str) -> float:
                if place not in BATTLEFIELDS:
                    return -99.0
                land = sum(TOKEN_VALUE[t] for t in (f"{place}3", f"{place}1"))
                return land - max((total_power(state, r) if state.players[r].acted else UNSEEN_POWER)
                                  for r in [*_rivals(state, seat, place), seat]) * 0.1 \
                    - (NPC_POWER if state.npc == place else 0)
            pick = max(top.choices, key=taken)
            return Act("goto", pick), f"{card.name}: to {_where(pick)}, taking its land advantage"
        if RECON in top.choices:
            return Act("goto", RECON), f"{card.name}: to Recon, 2 spoils"
        pick = min(top.choices, key=lambda f: (_threat(state, seat, f) if f in BATTLEFIELDS else 99))
        return Act("goto", pick), f"{card.name}: to {_where(pick)}, the weakest battle"
    if top.kind == "target":
        pick = max(top.choices, key=lambda s: total_power(state, int(s) - 1))
        return Act("target", pick), f"破戒すべき全ての符 on P{pick}, the strongest rival it can hit"
    if top.kind == "riding":
        ups = [a for a in legal if a.verb == "play"]
        if ups:
            best = max(ups, key=lambda a: stats(state, p, a.what or "")[0] - stats(state, p, a.what or "")[2] * 0.4)
            return best, f"騎乗: {state.catalog.cards[best.what or ''].name} adds its power"
        return Act("done"), "no more cards to add"
    if top.kind == "rebuild":
        weak = [a for a in legal if a.verb == "discard" and stats(state, p, a.what or "")[0] <= 2
                and not isinstance(state.catalog.cards[a.what or ""], SpecialCard)]
        if weak:
            return weak[0], f"discard {state.catalog.cards[weak[0].what or ''].name}: power 2 or less"
        return Act("done"), "draw the replacements"
    late = state.round >= 5 or p.command_spells <= 1
    return (Act("change"), "Sakura's unlimited mana and 刻まれた宿命 pay more from here") if late else \
        (Act("keep"), "Shinji's 吸魔命令 still pays at Miyama")


def _choose(state: GrailState, seat: int, legal: list[Act]) -> tuple[Act, str]:
    if state.pending:
        return _pending(state, seat, legal)
    if state.step == "place":
        return _place(state, seat, legal)
    if state.stage == "before_move":
        return _before_move(state, seat, legal)
    if state.stage == PREPARE:
        cards = [a for a in legal if a.verb in ("play", "done")]
        p = state.players[seat]
        if not p.selected and Act("jewel", "mana") in legal and p.mana == 7 and p.location in BATTLEFIELDS \
                and any(status in ("down", "up") for status in p.np.values()):
            return Act("jewel", "mana"), "宝石魔術: 2 jewels for mana 8, the NP/skill cards' threshold"
        if not p.selected and Act("spell", "mana") in legal and _spell_use_a(state, seat, p.location):
            return Act("spell", "mana"), "command spell Use A: 4 more mana let your best cards win here"
        return _prepare(state, seat, cards or legal)
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
    """One line of reason for ``action`` when it is the heuristic's pick (the terminal's ``hint``): it names
    what the action does and the numbers it turns on."""
    legal = list(game.legal_actions(state, seat))
    pick, why = _choose(state, seat, legal)
    if pick == action:
        return why if len(legal) > 1 else f"the only choice ({why})"
    return "the only choice" if len(legal) <= 1 else ""


def ranked(game: Game[Any, Any], state: GrailState, seat: Seat, legal: Sequence[Act]) -> list[Act]:
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


