"""A sensible Grail War player, using only what its seat may know (its own cards and the public board).

It weighs each place by what it can win there: the spoils on the open events and the contested bonus, against
the power it can put on the table (its best affordable cards, land advantage, command spells) and the power
its rivals have shown or may show; the NPC stands at 11. It uses every master's abilities (Kuzuki's 平穏 at
the Workshop, Shinji's 吸魔命令 at Miyama, Kirei's 監督役 and 代行者, Rin's jewels and ガンド, Shirou's
干将・莫耶, Sakura's unlimited mana, Illya's mana), the three command spells (Use A when the mana wins a
battle, Use B when 2 power decides it, Use C to Recon when the battle is lost) and each NP/skill card when its
effect pays: a 使用時 move to escape, 刺し穿つ死棘の槍 against a lone rival, 突き穿つ死翔の槍 against several,
破戒すべき全ての符 on a rival with one command spell, 十二の試練 in a battle it cannot win, 妄想心音 when it
will win with spoils to double, and so on. It plays against the climax favourite: Sakura with unlimited mana
(隠された秘密) counts at three free cards, so the others keep clear of her battles in the climax rounds, and in
rounds 7 and 8, while she is not first in spoils, a seat that can beat her values the spoils it keeps from her; and
in a climax round a seat that drops out whatever it wins plays against the spoils leader (joins its battle when it
can beat it there, spends its mana). Each choice comes with the reason it was made.
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
import random
import threading
from collections.abc import Sequence
from typing import Any

from bouts.core import CHANCE, Game, Seat
from bouts.games.grail_war.actions import Act
from bouts.games.grail_war.actions import act as _act
from bouts.games.grail_war.battle import card_power, total_power
from bouts.games.grail_war.battle_preparation import card_limit, is_additional
from bouts.games.grail_war.board import np_cost, rank_top_half, situation_effect, stats
from bouts.games.grail_war.cards import AttackCard, NPCard, SpecialCard
from bouts.games.grail_war.climax import LAST_NORMAL_ROUND, at_stake, dropping
from bouts.games.grail_war.i18n import _ as _say
from bouts.games.grail_war.masters import has
from bouts.games.grail_war.movement import RECON_SPOILS, paid_moves, recon_open
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
from bouts.games.grail_war.view import ATTRIBUTE_NAMES

SEARCH = {"rollout": "heuristic", "prior": "heuristic", "horizon": 40}
"""IS-MCTS settings: heuristic rollouts of about two rounds, scored by :func:`evaluate` at the next round's start.
Shorter rollouts are cheaper but weaker (issue 27, 4 seats, 2026-11-28; CPU-s per 1,000 iterations from
``bench/ismcts_speed.py``, 6 round-1 decisions, load 12-16): horizon 40 costs 4.1-4.3, heuristic rollouts to the end
of the round (horizon 1) 1.1-1.3, random ones 0.8-0.9. At 200 iterations in one seat against three heuristics, on
the same seeds (``bench/grail_war_search.py``'s games), horizon 40 won 28 of 34 and heuristic rollouts to the end
of the round (horizon 1 with :func:`settled` true only at a round's first placement: as it is, a rollout cut
between two placements is scored there, before any battle) 20 (paired difference -23.5 %, 95 % interval -43.9
to -3.2 %); random ones to the end of the round 7 of 19 where horizon 40 won 14 (-36.8 %, -67.6 to -6.1 %).
Horizons 10-20 cost 1.4-2.8."""

UNSEEN_POWER = 6
"""What a rival who has not used its cards yet is expected to show (two cards of about 3)."""
HIDDEN_EVENT = 2.5
"""The spoils expected of a face-down event."""
CONTESTED = {MIYAMA: 2, SHINTO: 3}
UNSEEN_UNLIMITED = 4.5
"""What each card of a rival with unlimited mana who has not used its cards yet is expected to show: its best
cards, NP/skill cards included, at no cost (Sakura's 隠された秘密 in the climax rounds, with a third card)."""
SECRET_ROUND = 7
"""From this round to round 8 a seat plays against a rival with 隠された秘密 who is not first in spoils: not
first after round 8, she has unlimited mana and a third card in the climax rounds, and spoils kept from her now
may drop her at the round-8 elimination."""
DENIAL = 0.5
"""What the spoils a seat keeps from the favourite (:func:`_favourite`) by beating it are worth to the seat, against
its own spoils' 1."""


_JEWEL_MANA = _act("jewel", "mana")
_JEWEL_REBUILD = _act("jewel", "rebuild")
_SPELL_MANA = _act("spell", "mana")
_SPELL_POWER = _act("spell", "power")
_SPELL_RECON = _act("spell", "move", RECON)
_NEXT = _act("next")
_DONE = _act("done")
_STAY = _act("stay")
"""The actions the heuristic asks its menu about, made once (the menus' own shared objects: ``in`` finds them by
identity)."""

class _Memo(threading.local):
    """What one decision of the heuristic has worked out (its best power and the threat at each place), kept
    while :func:`choose` or :func:`explain` makes that decision on a state nobody changes meanwhile; ``None``
    outside them. Per thread: servers ask bots from several."""

    found: dict[tuple[Any, ...], Any] | None = None
    quiet = False
    """Whether the reason is thrown away (:func:`choose`): its words are then not made."""


_MEMO = _Memo()


def _(msgid: str, /, **args: Any) -> str:
    """A reason's words in the current language, or ``""`` while :func:`choose` decides (nobody reads them)."""
    return "" if _MEMO.quiet else _say(msgid, **args)


class _Menu(list[Act]):
    """A decision's legal actions, where ``action in menu`` compares verb, what and how (an ``Act``'s equality)
    without calling the dataclass's ``__eq__`` on every entry (the heuristic asks it a dozen times a decision),
    and answers at once for a verb the menu does not have (``jewel`` and ``spell`` are asked of most menus)."""

    verbs: frozenset[str] | None = None
    """The verbs of the menu's actions, gathered when first asked (the menu is not changed meanwhile)."""

    def __contains__(self, action: object) -> bool:
        if type(action) is not Act:
            return list.__contains__(self, action)
        verb, what, how = action.verb, action.what, action.how
        verbs = self.verbs
        if verbs is None:
            verbs = self.verbs = frozenset([a.verb for a in self if type(a) is Act])
        if verb not in verbs:
            return False
        for a in self:  # noqa: SIM110  (a plain loop: any() over a generator costs more)
            if a is action or (type(a) is Act and a.verb == verb and a.what == what and a.how == how):
                return True
        return False


def _decide(state: GrailState, seat: int, legal: list[Act], quiet: bool) -> tuple[Act, str]:
    """:func:`_choose` with the memo of this one decision."""
    outer, was_quiet = _MEMO.found, _MEMO.quiet
    _MEMO.found, _MEMO.quiet = {}, quiet
    try:
        return _choose(state, seat, legal if type(legal) is _Menu else _Menu(legal))
    finally:
        _MEMO.found, _MEMO.quiet = outer, was_quiet


def _where(place: str | None) -> str:
    return str(PLACE_NAMES.get(place or "", str(place)))


def _mana_value(state: GrailState, seat: int) -> float:
    """How much a point of mana is worth in power now: more early and below the NP threshold of 8; nothing to a seat
    that drops out after this climax round whatever it wins."""
    p = state.players[seat]
    if p.infinite or _beyond_saving(state, seat) is not None:  # nothing to keep it for: it drops out
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
    travels = state.options.land_advantage_travels
    total = 0
    for t, holder in state.tokens.items():
        if holder == seat and (travels or t.startswith(place)):
            total += TOKEN_VALUE[t]
    return total * state.players[seat].land_multiplier


def _events_value(state: GrailState, place: str) -> float:
    """The spoils a win at ``place`` brings (face-down events at their expected value)."""
    if state.options.casual:
        return 0.0
    return sum(state.catalog.events[e].spoils if up else HIDDEN_EVENT for e, up in state.events_at.get(place, []))


def _rivals(state: GrailState, seat: int, place: str) -> list[int]:
    memo: dict[tuple[Any, ...], Any] | None = _MEMO.found
    if memo is not None:
        key = ("rivals", seat, place)
        found: list[int] | None = memo.get(key)
        if found is None:
            players = state.players
            found = memo[key] = [s for s in _living(state, memo) if s != seat and players[s].location == place]
        return found
    return [s for s in state.living() if s != seat and state.players[s].location == place]


def _living(state: GrailState, memo: dict[tuple[Any, ...], Any]) -> list[int]:
    """:meth:`GrailState.living`, asked once a decision (not to be changed: it is shared)."""
    found: list[int] | None = memo.get(("living",))
    if found is None:
        found = memo[("living",)] = state.living()
    return found


def _rival_power(state: GrailState, seat: int, rival: int, place: str) -> float:
    """What ``rival`` shows at ``place``: its total power once its cards are used, else an estimate (more for a
    rival with unlimited mana: its strongest cards, NP/skill cards included, cost it nothing)."""
    r = state.players[rival]
    if r.acted and r.location == place:
        return float(total_power(state, rival))
    land = _held_land(state, rival, place)
    bonus = 2 if has(state, rival, "executor") and r.revealed else 0
    unseen = UNSEEN_UNLIMITED * card_limit(state, rival) if r.infinite else UNSEEN_POWER
    return land + unseen + bonus + (1.0 if r.command_spells and state.round >= 6 else 0.0)


def _favourite(state: GrailState, seat: int) -> int | None:
    """The rival ``seat`` plays against, from what every seat sees: in the climax rounds one with unlimited mana
    (隠された秘密 wins most of the climax battles it enters); from round :data:`SECRET_ROUND` to round 8 one
    with 隠された秘密 who is not first in spoils (she would have it); else ``None``. (Playing against the spoils
    leader in the normal rounds was tried and dropped: it took Rin, often an early leader, from 7.5 % to 6 %.)"""
    memo: dict[tuple[Any, ...], Any] | None = _MEMO.found
    key = ("favourite", seat)
    if memo is not None and key in memo:
        found: int | None = memo[key]
        return found
    found = _favourite_now(state, seat)
    if memo is not None:
        memo[key] = found
    return found


def _favourite_now(state: GrailState, seat: int) -> int | None:
    if state.round < SECRET_ROUND:  # (before round 7 neither test below can find one: the others are not asked)
        return None
    living = [s for s in state.living() if s != seat]
    if state.round > LAST_NORMAL_ROUND:
        unlimited = [s for s in living if state.players[s].infinite]
        return max(unlimited, key=lambda s: state.players[s].spoils) if unlimited else None
    if state.options.casual or not living:
        return None
    top = max(state.players[s].spoils for s in state.living())
    coming = [s for s in living if has(state, s, "hidden_secret") and state.players[s].spoils < top]
    return coming[0] if coming else None


def _threat(state: GrailState, seat: int, place: str) -> float:
    """The highest power ``seat`` must beat at ``place`` (the NPC's 11 included)."""
    memo: dict[tuple[Any, ...], Any] | None = _MEMO.found
    if memo is not None:
        key = ("threat", seat, place)
        found = memo.get(key)
        if found is None:
            found = memo[key] = _threat_now(state, seat, place)
        return found
    return _threat_now(state, seat, place)


def _threat_now(state: GrailState, seat: int, place: str) -> float:
    found = [_rival_power(state, seat, r, place) for r in _rivals(state, seat, place)]
    if state.npc == place:
        found.append(NPC_POWER)
    return max(found, default=0.0)


def _power_at(state: GrailState, seat: int, card: str, place: str | None) -> int:
    """A card's power at ``place`` as ``seat`` can know it: a face-down event there is not taken into account."""
    known = _known_place(state, place)
    memo: dict[tuple[Any, ...], Any] | None = _MEMO.found
    if memo is None:
        return card_power(state, seat, card, True, known)
    powers = _powers(memo, seat, known)
    found = powers.get(card)
    if found is None:
        found = powers[card] = card_power(state, seat, card, True, known)
    return found


def _powers(memo: dict[tuple[Any, ...], Any], seat: int, known: str | None) -> dict[str, int]:
    """The card powers of ``seat`` worked out this decision for the place whose effects it knows (``known``, from
    :func:`_known_place`: every place with a face-down event shares ``None``'s), by card."""
    key = ("powers", seat, known)
    found: dict[str, int] | None = memo.get(key)
    if found is None:
        found = memo[key] = {}
    return found


def _known_place(state: GrailState, place: str | None) -> str | None:
    """The place whose effects ``seat`` takes into account for its cards' power: ``None`` (none of them) while a
    face-down event lies there."""
    if place:
        events = state.events_at.get(place)
        if events:
            for _event, up in events:
                if not up:
                    return None
    return place


def _card_options(state: GrailState, seat: int, place: str | None, mana: int) -> list[tuple[float, int, str, bool]]:
    """(power at ``place``, cost, card, additional) of each card ``seat`` could use face up with ``mana``."""
    infinite = state.players[seat].infinite
    return [(_power_at(state, seat, card, place), cost, card, additional)
            for cost, card, additional, needs8 in _cards_at(state, seat, place)
            if infinite or ((mana >= 8 or not needs8) and cost <= mana)]


def _cards_at(state: GrailState, seat: int, place: str | None) -> list[tuple[int, str, bool, bool]]:
    """(cost, card, additional, needs mana 8) of each card ``seat`` could use face up at ``place`` with enough mana,
    worked out once a decision (their power is asked only of those the mana affords)."""
    memo: dict[tuple[Any, ...], Any] | None = _MEMO.found
    if memo is None:
        return _cards_at_now(state, seat, place)
    key = ("cards", seat, place == WORKSHOP)  # the only thing of the place it asks (independent action's)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _cards_at_now(state, seat, place)
    return found


def _cards_at_now(state: GrailState, seat: int, place: str | None) -> list[tuple[int, str, bool, bool]]:
    p = state.players[seat]
    found: list[tuple[int, str, bool, bool]] = []
    situation = state.situation
    prohibited = situation is not None and state.catalog.situations[situation].effect
    cards = state.catalog.cards
    for card in p.hand:
        c = cards[card]
        if type(c) is AttackCard:
            found.append((c.cost, card, False, False))
            continue
        if isinstance(c, SpecialCard) and prohibited == "special_prohibited":
            continue
        found.append((stats(state, p, card)[2], card, False, False))
    if prohibited != "np_prohibited" and p.np:
        for card, status in p.np.items():
            if status != "down" and status != "up":
                continue
            c = cards[card]
            assert isinstance(c, NPCard)
            if status == "up" and c.once_per_game:
                continue
            if c.effect == "zabaniya" and p.revealed:
                continue
            if c.effect == "independent_action" and (place == WORKSHOP or not rank_top_half(state, seat)):
                continue
            found.append((np_cost(state, card), card, bool(c.additional), not c.any_mana))
    if prohibited != "special_prohibited" and p.at_hand:
        for card in p.at_hand:
            c = cards[card]
            assert isinstance(c, SpecialCard)
            if c.ability == "projection" and has(state, seat, "projection"):
                found.append((c.cost, card, True, True))
            elif c.ability == "jewel_magecraft" and has(state, seat, "jewel_magecraft") and p.jewels >= 1:
                found.append((c.cost, card, True, False))
    return found


def _best_power(state: GrailState, seat: int, place: str, mana: int) -> tuple[float, int]:
    """The most power ``seat``'s cards can add at ``place`` with ``mana`` (two cards, plus additional ones),
    and what it costs."""
    memo: dict[tuple[Any, ...], Any] | None = _MEMO.found
    if memo is not None:
        key = ("best", seat, place, mana)
        found = memo.get(key)
        if found is None:
            found = memo[key] = _best_power_now(state, seat, place, mana)
        return found
    return _best_power_now(state, seat, place, mana)


_POWER = operator.itemgetter(0)


def _best_power_now(state: GrailState, seat: int, place: str, mana: int) -> tuple[float, int]:
    infinite = state.players[seat].infinite
    known = _known_place(state, place)
    memo: dict[tuple[Any, ...], Any] | None = _MEMO.found
    powers: dict[str, int] = {} if memo is None else _powers(memo, seat, known)
    normal: list[tuple[float, int]] = []
    extra: list[tuple[float, int]] = []
    for cost, card, additional, needs8 in _cards_at(state, seat, place):  # _card_options, split
        if infinite or ((mana >= 8 or not needs8) and cost <= mana):
            power = powers.get(card)  # (_power_at's, asked only of the cards the mana affords)
            if power is None:
                power = powers[card] = card_power(state, seat, card, True, known)
            (extra if additional else normal).append((power, cost))
    # most power first; equal powers keep their order (a reversed sort is stable too)
    normal.sort(key=_POWER, reverse=True)
    del normal[6:]
    extra.sort(key=_POWER, reverse=True)
    count = 2 + (1 if infinite and has(state, seat, "hidden_secret") else 0)
    return _combination_of(tuple(normal), tuple(extra), count, mana, infinite)


@functools.lru_cache(maxsize=1 << 14)
def _combination_of(parts: tuple[tuple[float, int], ...], extra: tuple[tuple[float, int], ...], count: int,
                    mana: int, infinite: bool) -> tuple[float, int]:
    """:func:`_best_combination` of (power, cost) options, remembered: rollouts meet the same hands and mana
    again and again, and the answer is a function of these numbers alone."""
    return _best_combination(parts, extra, count, mana, infinite)


def _best_combination(normal: Sequence[Any], extra: Sequence[Any], count: int, mana: int,
                      infinite: bool) -> tuple[float, int]:
    """The most power from at most ``count`` of the ``normal`` card options (most power first) within ``mana``
    (any cost with ``infinite``), each combination topped up with the ``extra`` (additional) cards that still fit;
    the power and the mana the normal cards spend."""
    best, spent = 0.0, 0
    parts = [(o[0], o[1]) for o in normal]
    for size in range(min(count, len(parts)), -1, -1):
        for combo in itertools.combinations(parts, size):
            cost = 0
            power: float = 0
            for part_power, part_cost in combo:
                cost += part_cost
                power += part_power
            if not infinite and cost > mana:
                continue
            if extra:
                left = mana - cost
                for o in extra:
                    if infinite or o[1] <= left:
                        power += o[0]
                        left -= o[1]
            if power > best:
                best, spent = power, cost
    return best, spent


def _my_power(state: GrailState, seat: int, place: str, mana: int | None = None) -> float:
    """``seat``'s expected total power at ``place`` if it goes there now and uses its best cards."""
    memo: dict[tuple[Any, ...], Any] | None = _MEMO.found
    if memo is not None:
        key = ("mine", seat, place, mana)
        found: float | None = memo.get(key)
        if found is None:
            found = memo[key] = _my_power_now(state, seat, place, mana)
        return found
    return _my_power_now(state, seat, place, mana)


def _my_power_now(state: GrailState, seat: int, place: str, mana: int | None) -> float:
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


GANDR_MARGIN = 2
"""How close a battle must look (power against the threat) for Rin to spend a jewel and a mana on ガンド's +1."""
GANDR_LATE_ROUND = 7
"""From this round on (the elimination after round 8 near, then the climax) Rin spends a jewel on ガンド's +1 in
every battle against a rival or the NPC: a jewel kept has few rounds left to pay."""
JEWEL_PACE = 1.0
"""Jewels Rin keeps for each round left (to round 8) when she trades 2 of the rest for +1 mana after her cards."""
JEWEL_POWER_STEPS = 1
"""How many +1 mana trades (2 jewels each) Rin looks ahead before her cards for her best cards to win the battle."""
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


def _denial(state: GrailState, seat: int, place: str, mine: float, rivals: list[int]) -> float:
    """What going to ``place`` with about ``mine`` power is worth against the favourite (:func:`_favourite`) placed
    there: the spoils it would win there, times the chance to beat it, times :data:`DENIAL`."""
    favourite = _favourite(state, seat)
    if favourite is None or favourite not in rivals:
        return 0.0
    return DENIAL * _chance(mine - _rival_power(state, seat, favourite, place)) * _prize(state, favourite, place, True)


def _against(state: GrailState, seat: int, why: str) -> str:
    """``why``, and that the move plays against the favourite standing there."""
    favourite = _favourite(state, seat)
    if favourite is None:
        return why
    p = state.players[favourite]
    if p.infinite:
        return _("{why}; and a win there keeps P{number} (unlimited mana, {spoils} spoils) from its spoils", why=why,
                 number=favourite + 1, spoils=p.spoils)
    return _("{why}; and a win there keeps P{number} ({spoils} spoils) low: not first after round 8, Hidden Secret "
             "gives unlimited mana in the climax", why=why, number=favourite + 1, spoils=p.spoils)


LEADER_DENIAL = 1.0
"""What keeping the spoils leader from a battlefield's spoils is worth, per spoil, to a seat that drops out after
this climax round whatever it wins (:func:`_kingmaker`); 0 turns the play off."""


def _beyond_saving(state: GrailState, seat: int) -> int | None:
    """In a climax round: the spoils ``seat`` still needs to stay in at the elimination after it (the others'
    standing), when that is more than the most it can win this round (the richest battlefield's prize with the
    contested bonus, its Use B spoils, Recon's): whatever it wins it drops out; else ``None``."""
    if state.round <= LAST_NORMAL_ROUND or state.options.casual:
        return None
    memo: dict[tuple[Any, ...], Any] | None = _MEMO.found
    key = ("beyond", seat)
    if memo is not None and key in memo:
        found: int | None = memo[key]
        return found
    found = None
    stake = at_stake(state)
    need = {int(s): int(n) for s, n in stake["need"]} if stake else {}  # type: ignore[attr-defined]
    if seat in need:
        most = max([_prize(state, seat, f, True) for f in BATTLEFIELDS] + [float(_recon_gain(state))])
        if need[seat] > most + 2 * state.players[seat].command_spells:
            found = need[seat]
    if memo is not None:
        memo[key] = found
    return found


def _kingmaker(state: GrailState, seat: int, legal: list[Act]) -> tuple[Act, str] | None:
    """Play against the leader: in a climax round a seat that drops out whatever it wins (:func:`_beyond_saving`)
    goes to the battlefield where the spoils leader among the others stands, when beating it there is worth more
    than the contested bonus its coming gives the leader if it loses (the table's rule of thumb: the one who cannot
    win any more keeps the leader from winning)."""
    need = _beyond_saving(state, seat)
    if need is None:
        return None
    others = [s for s in state.living() if s != seat]
    if not others:
        return None
    leader = max(others, key=lambda s: state.players[s].spoils)
    there = state.players[leader].location
    by = {a.what: a for a in legal}
    if there not in BATTLEFIELDS or there not in by:
        return None
    p = state.players[seat]
    rivals = _rivals(state, seat, there)
    mine = _best_power(state, seat, there, p.mana)[0] + _token_at(state, there)
    threat = max([_rival_power(state, seat, r, there) for r in rivals] + ([NPC_POWER] if state.npc == there
                                                                         else [0.0]))
    chance = _chance(mine - threat)
    prize = _prize(state, leader, there, True)
    alone = rivals == [leader] and state.npc != there
    if LEADER_DENIAL * (chance * prize - (1 - chance) * (CONTESTED[there] if alone else 0)) <= 0:
        return None
    return by[there], _("Play against the leader: you drop out after this round whatever you win ({need} spoils "
                        "short); at {place}, about {mine} power against {threat}, a win keeps P{number}, the leader "
                        "with {spoils} spoils, from {prize} spoils", need=need, place=_where(there),
                        mine=round(mine), threat=round(threat), number=leader + 1,
                        spoils=state.players[leader].spoils, prize=round(prize))


# -- the decisions ------------------------------------------------------------------------------------------
def _place(state: GrailState, seat: int, legal: list[Act]) -> tuple[Act, str]:
    """Outpost: the place that pays most (DGW-043..DGW-055)."""
    p = state.players[seat]
    by = {a.what: a for a in legal}
    later = len(state.order) - state.cursor - 1
    if _clown_hold(state, seat):
        if WORKSHOP in by:
            return by[WORKSHOP], _("Clown: last of those still in as the climax begins wins; "
                                   "the Workshop wins no spoils")
        place = max((a.what for a in legal if a.what in BATTLEFIELDS),
                    key=lambda f: len(_rivals(state, seat, f or "")) + (2 if state.npc == f else 0), default=None)
        if place is not None:
            return by[place], _("Clown: {place}, the battle least likely to be won", place=_where(place))
    kingmaker = _kingmaker(state, seat, legal)
    if kingmaker is not None:
        return kingmaker
    scored: list[tuple[float, str, str]] = []
    if WORKSHOP in by:
        gain = 2 if not state.workshop else 1
        effect, _attribute, amount = situation_effect(state)
        if effect == "workshop_plus":
            gain += amount
        if has(state, seat, "tranquility"):
            scored.append((gain + 0.6, WORKSHOP, _("Tranquility: the Workshop pays {gain} spoils", gain=gain)))
        else:
            value = min(gain, 12 - p.mana) * _mana_value(state, seat) * (1.6 if p.mana < 8 else 1.0)
            if p.mana <= 4:
                value += 1.5
            scored.append((value + 0.3, WORKSHOP, _("the Workshop pays {gain} mana (you have {mana})", gain=gain,
                                                    mana=p.mana)))
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
        denial = _denial(state, seat, place, mine, rivals)
        if _MEMO.quiet:  # the reason is thrown away: its words (and the numbers in them) are not made
            scored.append((value + denial if denial > 0 else value, place, ""))
            continue
        why = _("{place}: about {mine} power against {threat}, the +{token} land advantage, {prize} spoils to win",
                place=_where(place), mine=round(mine), threat=round(threat) if rivals or state.npc == place
                else _("no one yet"), token=token, prize=round(_prize(state, seat, place, contested))) if token else \
            _("{place}: about {mine} power against {threat}, {prize} spoils to win", place=_where(place),
              mine=round(mine), threat=round(threat) if rivals or state.npc == place else _("no one yet"),
              prize=round(_prize(state, seat, place, contested)))
        if denial > 0:
            value += denial
            why = _against(state, seat, why)
        scored.append((value, place, why))
    value, place, why = max(scored, key=_POWER)
    return by[place], why


def _paid_moves(state: GrailState, seat: int) -> dict[str, int]:
    """:func:`paid_moves`, asked once a decision (the move decision asks it of every place)."""
    memo: dict[tuple[Any, ...], Any] | None = _MEMO.found
    if memo is None:
        return paid_moves(state, seat)
    key = ("paid", seat)
    found: dict[str, int] | None = memo.get(key)
    if found is None:
        found = memo[key] = paid_moves(state, seat)
    return found


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
    if now >= threat:  # it wins already: 4 more mana are not asked about
        return False
    more = _my_power(state, seat, place, min(12, p.mana + 4))
    return threat <= more and more - now >= 3


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
        cost = _paid_moves(state, seat)[RECON]
        if cost <= max(2, p.mana - 3) or p.infinite:
            return moves[RECON], _("the battle at {here} is lost ({mine} against {threat}): Recon pays 2 spoils for "
                                   "{cost} mana", here=_where(here), mine=round(mine), threat=round(threat),
                                   cost=cost)
    for place in BATTLEFIELDS:
        if place in moves and not _rivals(state, seat, place) and state.npc != place \
                and _paid_moves(state, seat)[place] <= p.mana - 2:
            return moves[place], _("{here} is lost ({mine} against {threat}); {place} is empty: its events alone",
                                   here=_where(here), mine=round(mine), threat=round(threat), place=_where(place))
    spell = _SPELL_RECON
    if spell in legal and (_spare_spells(state, seat) >= 2 or (state.round >= 6 and _spare_spells(state, seat))):
        return spell, _("the battle at {here} is lost ({mine} against {threat}): command spell Use C to Recon for 2 "
                        "spoils", here=_where(here), mine=round(mine), threat=round(threat))
    return None


def _before_move(state: GrailState, seat: int, legal: list[Act]) -> tuple[Act, str]:
    """Command spells before moving, then the move (DGW-059..DGW-064, DGW-084)."""
    p = state.players[seat]
    here = p.location
    if _clown_hold(state, seat) and _STAY in legal:
        return _STAY, _("Clown: stay and gain nothing, last of those still in as the climax begins")
    escape = _escape(state, seat, legal)
    if escape is not None:
        return escape
    moves = {a.what: a for a in legal if a.verb == "move"}
    if here == WORKSHOP:
        best: tuple[float, str, str] | None = None
        for place in BATTLEFIELDS:
            if place not in moves or state.npc == place:
                continue
            cost = _paid_moves(state, seat)[place]
            mine = _my_power(state, seat, place, p.mana - cost)
            threat = _threat(state, seat, place)
            rivals = _rivals(state, seat, place)
            chance = _chance(mine - threat) if rivals else 0.8
            denial = _denial(state, seat, place, mine, rivals)
            value = chance * _prize(state, seat, place, bool(rivals)) - cost * _mana_value(state, seat) + denial
            if value > 1.5 and (best is None or value > best[0]):
                why = _("{place} for {cost} mana: about {mine} power against {threat}, {prize} spoils to win",
                        place=_where(place), cost=cost, mine=round(mine),
                        threat=round(threat) if rivals else _("no one"),
                        prize=round(_prize(state, seat, place, bool(rivals))))
                best = (value, place, _against(state, seat, why) if denial > 0 else why)
        if RECON in moves and recon_open(state):
            cost = _paid_moves(state, seat)[RECON]
            value = 2 - cost * _mana_value(state, seat) + (1 if _in_danger(state, seat) else 0)
            if value > 0.2 and (best is None or value > best[0]):
                best = (value, RECON, _("Recon pays 2 spoils for {cost} mana", cost=cost))
        if best is not None:
            return moves[best[1]], best[2]
    if _SPELL_MANA in legal and _spell_use_a(state, seat, here):
        return _SPELL_MANA, _("command spell Use A: 4 more mana let your best cards win here")
    weak = [c for c in p.hand if stats(state, p, c)[0] <= 2 and not isinstance(state.catalog.cards[c], SpecialCard)] \
        if here in BATTLEFIELDS and p.jewels >= 3 + max(0, 8 - state.round) and _JEWEL_REBUILD in legal else []
    if len(weak) >= 2:
        return _JEWEL_REBUILD, _("Jewel Magecraft: 3 jewels to trade {count} weak cards (power 2 or less)",
                                 count=len(weak))
    if _MEMO.quiet:
        return _STAY, ""
    return _STAY, (_("stay at {place}: the battle can be won", place=_where(here)) if here in BATTLEFIELDS
                         else _("stay at {place}", place=_where(here)))


def _effect_value(state: GrailState, seat: int, card: str, place: str | None) -> tuple[float, str]:
    """What a card's effect is worth now, beyond its power, and why (each NP/skill card's timing)."""
    p = state.players[seat]
    c = state.catalog.cards[card]
    effect = c.effect or ""
    fighting = place in BATTLEFIELDS
    if effect not in _VALUED and not isinstance(c, SpecialCard):  # no effect weighed here: only the last test
        return _executor_value(state, seat, c, fighting)
    rivals = _rivals(state, seat, place) if fighting and place else []
    threat = mine = 0.0
    if fighting and place and (effect in _BY_MARGIN or isinstance(c, SpecialCard)):  # only where they are weighed
        threat = _threat(state, seat, place)
        mine = _my_power(state, seat, place)
    if effect == "gae_bolg_thrust":
        return (12.0, _("{card}: the only rival here loses", card=c.name)) if len(rivals) == 1 else (-3.0, "")
    if effect == "gae_bolg_thrown":
        return (1.0 * len(rivals), _("{card}: +{count} spoils against {count} rivals", card=c.name,
                                     count=len(rivals))) if len(rivals) >= 2 else (0.0, "")
    if effect == "rule_breaker":
        weak = [r for r in rivals if state.players[r].command_spells <= 1]
        return (12.0, _("{card}: a rival here with one command spell loses, +10 power", card=c.name)) if weak \
            else (-6.0, "")
    if effect in ("move_anywhere", "bellerophon"):
        if effect == "bellerophon":
            stolen = max((sum(TOKEN_VALUE[t] for t in (f"{f}3", f"{f}1")) for f in BATTLEFIELDS), default=0)
            return (stolen + 1.0, _("{card}: move and take that battlefield's land advantage", card=c.name))
        if fighting and mine + 2 < threat:
            if recon_open(state):
                return 8.0, _("{card}: move out of a lost battle, to Recon for 2 spoils", card=c.name)
            return 6.0, _("{card}: move out of a lost battle", card=c.name)
        return (1.5, _("{card}: to Recon for 2 spoils", card=c.name)) if not fighting and place != RECON and \
            recon_open(state) else (-2.0, "")
    if effect == "rush":
        if place in (WORKSHOP, SHINTO):
            return _rush_value(state, seat, card)
        return (1.0, _("{card}: on to the next place", card=c.name)) if not fighting and place == WORKSHOP \
            else (-1.0, "")
    if effect == "god_hand":
        return (4.0, _("{card}: 3 spoils from the battle you would lose", card=c.name)) if fighting and rivals and \
            mine < threat else (-1.0, "")
    if effect == "zabaniya":
        if state.climax_card and state.catalog.situations[state.climax_card].remaining == 2 and rivals:
            return 20.0, _("{card}: in the last two, the other player here loses", card=c.name)
        return (p.spoils * _chance(mine - threat), _("{card}: doubles your {count} spoils if you win", card=c.name,
                                                   count=p.spoils)) \
            if fighting and p.spoils >= 4 else (-2.0, "")
    if effect == "independent_action":
        return (3.0 - 5 * (1 - _chance(mine - threat)), _("{card}: +3 spoils now", card=c.name)) if fighting \
            else (3.0, _("{card}: +3 spoils with no battle to lose", card=c.name))
    if effect == "self_modification":
        return 2.0 + (2 if has(state, seat, "overseer") and p.revealed else 0), _("{card}: +2 spoils", card=c.name)
    if effect == "territory_creation":
        return (4.0, _("{card}: the Workshop pays 1 mana and 2 spoils each round from now", card=c.name)) \
            if state.round <= 6 else (0.0, "")
    if effect == "unlimited_blade_works":
        return (5.0, _("{card}: the whole deck in hand", card=c.name)) if len(p.deck) >= 5 else (-3.0, "")
    if effect in ("caladbolg", "land_multiplier", "remote_control"):
        land = _held_land(state, seat, place) if place else 0
        factor = 3 if effect == "caladbolg" else 2
        return land * (factor - 1) + (c.amount if effect != "land_multiplier" and rivals else 0), \
            _("{card}: land advantage x{factor}", card=c.name, factor=factor)
    if effect == "nullify":
        return (2.0, _("{card}: opponents' {attribute} cards here count 0", card=c.name,
                                  attribute=_(ATTRIBUTE_NAMES[c.target or ""]) if c.target else "")) \
            if rivals else (0.0, "")
    if effect == "petrification":
        done = [r for r in rivals if state.players[r].acted]
        return (6.0 * len(done), _("{card}: the rivals here who used no Special card lose", card=c.name)) \
            if done else (-2.0, "")
    if effect == "presence_concealment":
        shown = sorted((total_power(state, r) for r in rivals if state.players[r].acted), reverse=True)
        second = len(rivals) >= 2 and len(shown) >= 2 and shown[1] <= mine < shown[0]
        return (shown[0] if second else -2.0), _("{card}: second of three, the first loses", card=c.name)
    if effect == "riding":
        return _riding_value(state, seat, card, place) if fighting else (-2.0, "")
    if effect in ("draw_one", "mana_one"):
        return 1.0, _("{card}: a card now", card=c.name) if effect == "draw_one" else _("{card}: mana now", card=c.name)
    if effect == "excalibur" and state.climax_card:
        return 4.0, _("{card}: +4 in a climax round", card=c.name)
    if effect == "second_sword":
        later = [r for r in rivals if not state.players[r].acted]
        tsubame = any(state.catalog.cards[x].effect == "tsubame_gaeshi" and status == "down"
                      for x, status in p.np.items())
        if tsubame:
            return 1.5 * len(later) + 1.5, _("{card}: the {count} rivals here who act later lose their cards' "
                                             "effects, and Tsubame Gaeshi with First Sword", card=c.name,
                                             count=len(later))
        return 1.5 * len(later), _("{card}: the {count} rivals here who act later lose their cards' effects",
                                   card=c.name, count=len(later))
    if effect == "tsubame_gaeshi":
        return 3.0, _("{card}: Tsubame Gaeshi (+{amount} power with First Sword and Second Sword)", card=c.name,
                      amount=c.amount)
    if isinstance(c, SpecialCard) and c.ability == "jewel_magecraft":
        # ガンド is used additionally: it waits while its mana is needed for a stronger card in an open slot
        if fighting and not p.infinite:
            left = p.mana - sum(stats(state, p, x)[2] for x, up in p.selected if up)
            chosen = {x for x, _ in p.selected}
            normal = sum(1 for x, _ in p.selected if not is_additional(state, seat, x, p.selected))
            cards = tuple((_power_at(state, seat, x, place), stats(state, p, x)[2]) for x in p.hand if x not in chosen)
            slots = max(0, card_limit(state, seat) - normal)
            if slots and _most_power(cards, slots, left - c.cost) + c.power < _most_power(cards, slots, left):
                return -1.0, ""
        # ガンド's +1 decides only a close battle: elsewhere the jewel and the mana wait for one
        if fighting and (rivals or state.npc == place) and abs(mine - threat) <= GANDR_MARGIN:
            return 3.0, _("{card} for a jewel: +1 power in a close battle (about {mine} against {threat})",
                          card=c.name, mine=round(mine), threat=round(threat))
        if fighting and (rivals or state.npc == place) and state.round >= GANDR_LATE_ROUND:
            return 3.0, _("{card} for a jewel: +1 power in round {round}, with few rounds left for the {count} "
                          "jewels (about {mine} against {threat})", card=c.name, round=state.round, count=p.jewels,
                          mine=round(mine), threat=round(threat))
        return -1.0, ""
    return _executor_value(state, seat, c, fighting)


_VALUED = frozenset({
    "gae_bolg_thrust", "gae_bolg_thrown", "rule_breaker", "move_anywhere", "bellerophon", "rush", "god_hand",
    "zabaniya", "independent_action", "self_modification", "territory_creation", "unlimited_blade_works",
    "caladbolg", "land_multiplier", "remote_control", "nullify", "petrification", "presence_concealment", "riding",
    "draw_one", "mana_one", "excalibur", "second_sword", "tsubame_gaeshi"})
"""The effects :func:`_effect_value` weighs (with Rin's ガンド, a special card); any other card is worth only what
:func:`_executor_value` says, and the rivals, threat and power it would work out first are not needed."""
_BY_MARGIN = frozenset({"move_anywhere", "god_hand", "zabaniya", "independent_action", "presence_concealment"})
"""The effects :func:`_effect_value` weighs by ``seat``'s power against the threat (with the special cards): only
for them are the two worked out."""


@functools.lru_cache(maxsize=1 << 12)
def _most_power(cards: tuple[tuple[int, int], ...], slots: int, budget: int) -> float:
    """The most power from at most ``slots`` of ``cards`` ((power, cost) pairs) within ``budget`` mana; remembered
    (a function of these numbers alone, asked again and again in rollouts)."""
    return max((sum(o[0] for o in combo) for size in range(slots + 1)
                for combo in itertools.combinations(cards, size) if sum(o[1] for o in combo) <= budget), default=0.0)


def _executor_value(state: GrailState, seat: int, c: Any, fighting: bool) -> tuple[float, str]:
    """代行者: an NP/skill card with 【真名解放】 reveals Kirei's servant, worth 2 power from then on."""
    if isinstance(c, NPCard) and c.true_name_release and has(state, seat, "executor") \
            and not state.players[seat].revealed and fighting:
        return 2.0, _("Executor: a revealed servant adds 2 power from now on")
    return 0.0, ""


RUSH_TO = {WORKSHOP: MIYAMA, SHINTO: RECON}
"""Where 急行 takes a master (one arrow on) from the places where it is played on purpose."""


def _rushing(state: GrailState, seat: int) -> str | None:
    """Where ``seat`` goes when its cards are used (使用時, DGW-RUL-23) if it has chosen 急行 face up at the
    Workshop (Miyama) or at Shinto (Recon): its other cards are chosen for that place; else ``None``."""
    p = state.players[seat]
    if p.location not in RUSH_TO:
        return None
    if any(up and state.catalog.cards[x].effect == "rush" for x, up in p.selected):
        return RUSH_TO[p.location or ""]
    return None


def _rush_value(state: GrailState, seat: int, card: str) -> tuple[float, str]:
    """急行 (a 使用時 move, DGW-RUL-23), for every master: at the Workshop, the Workshop's mana and Miyama's battle
    in one round, when the cards the seat can add there (the rest of its mana, the card slot left, additional
    cards) win it against what it can see; no one walks into a battle they lose. At Shinto, out of a lost battle
    to Recon."""
    p = state.players[seat]
    c = state.catalog.cards[card]
    if p.location == SHINTO:  # out of a lost battle, to Recon
        if not recon_open(state):  # (asked first: the powers are not needed then)
            return -1.0, ""
        threat = _threat(state, seat, SHINTO)
        mine = _my_power(state, seat, SHINTO)
        if mine + 2 < threat:
            return 6.0 + _recon_gain(state), _("{card}: out of the battle at Shinto ({mine} against {threat}), to "
                                               "Recon for {gain} spoils", card=c.name, mine=round(mine),
                                               threat=round(threat), gain=_recon_gain(state))
        return -1.0, ""
    cost = stats(state, p, card)[2]
    left = p.mana - cost - sum(stats(state, p, x)[2] for x, up in p.selected if up)
    if left < 0 and not p.infinite:
        return -1.0, ""
    options = [o for o in _card_options(state, seat, MIYAMA, left) if o[2] != card]
    normal = sorted(((o[0], o[1]) for o in options if not o[3]), key=_POWER, reverse=True)
    extra = sorted(((o[0], o[1]) for o in options if o[3]), key=_POWER, reverse=True)
    slots = card_limit(state, seat) - 1 - sum(1 for x, _up in p.selected if not is_additional(state, seat, x,
                                                                                            p.selected))
    best, _spent = _combination_of(tuple(normal), tuple(extra), max(0, slots), left, False)
    mine = _power_at(state, seat, card, MIYAMA) + best + _held_land(state, seat, MIYAMA) + p.power_bonus
    rivals = _rivals(state, seat, MIYAMA)
    fought = bool(rivals) or state.npc == MIYAMA
    threat = _threat(state, seat, MIYAMA) if fought else 0.0
    if fought and mine < threat:
        return -1.0, ""
    prize = _prize(state, seat, MIYAMA, fought)
    chance = _chance(mine - threat) if fought else 0.85
    return chance * prize, _("{card}: from the Workshop into the battle at Miyama, about {mine} power against "
                             "{threat}, {prize} spoils to win", card=c.name, mine=round(mine),
                             threat=round(threat) if fought else _("no one"), prize=round(prize))


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
    for power, cost, _card in extra:
        if p.infinite or cost <= left:
            left -= 0 if p.infinite else cost
            value += power - cost * _mana_value(state, seat)
            added += 1
    if added < 2:  # it takes one of the two cards itself
        return -3.0, ""
    return value, _("{card}: {count} more cards of power {amount} or less from the hand", card=c.name, count=added,
                    amount=c.amount)


def _prepare(state: GrailState, seat: int, legal: list[Act]) -> tuple[Act, str]:
    """Battle preparation: the cards worth their mana; face down where there is no battle (DGW-065..DGW-082)."""
    p = state.players[seat]
    plays = [a for a in legal if a.verb == "play"]
    place = _rushing(state, seat) or p.location
    fighting = place in BATTLEFIELDS
    if not plays:
        return _DONE, _("nothing more to use")
    if _clown_hold(state, seat):
        face_down = [a for a in plays if a.how == "down"]
        if _DONE in legal:
            return _DONE, _("Clown: win nothing this round")
        if face_down:
            return face_down[0], _("Clown: face down, power 0, win nothing this round")
    mana_value = _mana_value(state, seat)
    scored: list[tuple[float, Act, str]] = []
    quiet = _MEMO.quiet
    cards = state.catalog.cards
    known = _known_place(state, place)
    memo: dict[tuple[Any, ...], Any] | None = _MEMO.found
    powers: dict[str, int] = {} if memo is None else _powers(memo, seat, known)  # (_power_at's, asked once)
    for a in plays:
        card = a.what or ""
        if a.how == "down":
            scored.append((0.0, a, "" if quiet else _("face down: it costs nothing")))
            continue
        if fighting:
            power = powers.get(card)
            if power is None:
                power = powers[card] = card_power(state, seat, card, True, known)
        else:
            power = 0
        c = cards[card]
        if type(c) is AttackCard:
            cost = c.cost
            # an attack card whose effect is not weighed is worth its power alone (_effect_value's first test;
            # _executor_value asks for an NP/skill card)
            bonus, why = (0.0, "") if c.effect not in _VALUED else _effect_value(state, seat, card, place)
        else:
            cost = stats(state, p, card)[2]
            bonus, why = _effect_value(state, seat, card, place)
        value = power + bonus - cost * mana_value - (0.5 if isinstance(c, NPCard) and not fighting else 0)
        if quiet:  # the reason is thrown away: its words are not made
            scored.append((value, a, ""))
            continue
        name = str(state.catalog.cards[card].name)
        reason = why or (_("power {power} for {cost} mana", power=power, cost=cost) if fighting
                         else _("for its effect"))
        if name not in reason:
            reason = _("{card}: {reason}", card=name, reason=reason)
        scored.append((value, a, reason))
    value, act, why = max(scored, key=_POWER)
    if _MEMO.quiet:  # the same choice as below, without the words nobody reads
        if value <= 0.3:
            if _DONE in legal:
                return _DONE, ""
            if not fighting and act.how == "up":
                for x in scored:
                    if x[1].how == "down":
                        return x[1], ""
        return act, ""
    no_battle = _("{card} takes you on to {place}, where there is no battle: a card face down costs nothing",
                  card=next(state.catalog.cards[x].name for x, up in p.selected if up and
                            state.catalog.cards[x].effect == "rush"), place=_where(place)) if place != p.location \
        else _("no battle here: a card face down costs nothing")  # (急行 chosen face up takes it on)
    if act.how == "down" and not fighting:
        why = no_battle
    elif act.how == "down":  # say why no card face up is worth it, with the best of them
        ups = [x for x in scored if x[1].how != "down"]
        if ups:
            best = max(ups, key=lambda item: item[0])
            why = _("face down: power 0 for no mana, while the best card face up is not worth its mana ({best})",
                    best=best[2])
        else:
            why = _("face down: power 0 for no mana; no card can be used face up with your {mana} mana", mana=p.mana)
    if _DONE in legal and value <= 0.3:
        return _DONE, _("keep the rest of the mana") if fighting else _("no battle here: keep the mana")
    if not fighting and act.how == "up" and value <= 0.3:
        downs = [x for x in scored if x[1].how == "down"]
        if downs:
            return downs[0][1], no_battle
    return act, why


def _battle_gain(state: GrailState, seat: int, place: str, power: int, use_b: int) -> int:
    """The spoils ``seat`` takes at ``place`` with total ``power`` and ``use_b`` Use B spells, against what it can
    see: the totals of the rivals who have used their cards, an estimate for the others, the NPC's 11."""
    p = state.players[seat]
    if p.lost:
        return 0
    rivals = _rivals(state, seat, place)
    powers = [_rival_power(state, seat, r, place) for r in rivals] + ([NPC_POWER] if state.npc == place else [])
    best = max(powers, default=-1.0)
    if power < best:
        return 0
    prize = math.ceil(_prize(state, seat, place, bool(powers)))
    tied = 1 + sum(1 for x in powers if x == power)
    return math.ceil(prize / tied) + 2 * use_b + p.win_bonus


def _recon_gain(state: GrailState) -> int:
    """Spoils for entering Recon this round (DGW-052, the situation's bonus)."""
    effect, _attribute, amount = situation_effect(state)
    return RECON_SPOILS + (amount if effect == "recon_plus" else 0)


def _rescue(state: GrailState, seat: int, legal: list[Act]) -> tuple[Act, str] | None:
    """Round 8 or a climax round, after the cards, when the elimination would remove ``seat`` with the spoils
    standing (DGW-107..DGW-111): the command spell that gains the spoils it needs (Use B to win the battle here,
    Use C to Recon), nothing when the battle already pays enough, or, plainly, that no move can save it."""
    stake = at_stake(state)
    if stake is None or seat not in stake["out"]:  # type: ignore[operator]
        return None
    p = state.players[seat]
    need = dict(stake["need"]).get(seat)  # type: ignore[call-overload]
    if need is None:
        return None
    here = p.location or ""
    others = [s for s in stake["out"] if s != seat]  # type: ignore[attr-defined]
    you = _("you (P{number})", number=seat + 1)
    out = ", ".join([you, *(_("P{number}", number=s + 1) for s in others)])
    facts = _("you are eliminated unless you gain {need} more spoils (you have {spoils}; with the spoils "
              "standing out: {out})", need=need, spoils=p.spoils, out=out)
    fighting = here in BATTLEFIELDS
    mine = total_power(state, seat) if fighting else 0
    threat = round(_threat(state, seat, here)) if fighting else 0
    now = _battle_gain(state, seat, here, mine, p.use_b) if fighting else 0
    # (gain, spells spent, action, why)
    options: list[tuple[int, int, Act, str]] = [
        (now, 0, _NEXT, _("the battle at {place} pays {gain} spoils as it stands ({mine} against {threat})",
                                place=_where(here), gain=now, mine=mine, threat=threat)
         if fighting else _("nothing more to gain here"))]
    if fighting and _SPELL_POWER in legal:
        for count in range(1, p.command_spells + 1):
            gain = _battle_gain(state, seat, here, mine + 2 * count, p.use_b + count)
            options.append((gain, count, _SPELL_POWER,
                            _("command spell Use B ({count} of them): {mine} power becomes {more} against "
                              "{threat}, a win pays {gain} spoils", count=count, mine=mine, more=mine + 2 * count,
                              threat=threat, gain=gain)))
    recon = _SPELL_RECON
    if recon in legal:
        options.append((_recon_gain(state), 1, recon,
                        _("command spell Use C to Recon: {gain} spoils for certain", gain=_recon_gain(state))))
    saving = [o for o in options if o[0] >= need]
    if saving:
        gain, spent, act, why = min(saving, key=lambda o: (o[1], -o[0]))
        if not spent:
            return act, _("{facts}: {why}, no command spell needed", facts=facts, why=why)
        return act, _("{facts}: {why}", facts=facts, why=why)
    gain, spent, act, why = max(options, key=lambda o: (o[0], -o[1]))
    return act, _("no move saves you this round: {facts}; the most spoils you can gain is {gain}: {why}", facts=facts,
                  gain=gain, why=why)


def _window(state: GrailState, seat: int, legal: list[Act]) -> tuple[Act, str]:
    """The command-spell window after the cards: Use B when 2 power decides the battle, Use C out of a lost
    one, Rin's jewels (DGW-084..DGW-089, DGW-M07)."""
    p = state.players[seat]
    here = p.location
    if _clown_hold(state, seat):
        return _NEXT, _("Clown: no command spell, win nothing this round")
    rescue = _rescue(state, seat, legal)
    if rescue is not None:
        return rescue
    if here in BATTLEFIELDS and p.acted and (_SPELL_POWER in legal or _SPELL_RECON in legal):  # (else no spell)
        mine = total_power(state, seat)
        threat = _threat(state, seat, here)
        usable = _spare_spells(state, seat)
        if _SPELL_POWER in legal and usable > 0:
            needed = int(threat - mine) // 2 + 1 if mine <= threat else 0
            worth = _prize(state, seat, here, True) >= 4 or _in_danger(state, seat) or state.round >= 7
            if 0 < needed <= min(usable, 2 if state.round >= 6 else 1) and worth:
                return _SPELL_POWER, _("command spell Use B: {mine} power against {threat}: +2 power wins or "
                                                "ties it", mine=mine, threat=round(threat))
        move = _SPELL_RECON
        if move in legal and mine + 4 < threat and usable >= 2:
            return move, _("the battle at {here} is lost ({mine} against {threat}): command spell Use C to Recon for "
                           "2 spoils", here=_where(here), mine=mine, threat=round(threat))
    rounds_left = max(1, 9 - state.round)
    if _JEWEL_MANA in legal and p.mana <= 10 and (p.jewels - 2 >= JEWEL_PACE * rounds_left or
                                                            (p.mana == 7 and p.jewels >= 3)):
        return _JEWEL_MANA, _("Jewel Magecraft: 2 jewels for +1 mana ({mana} → {more}): mana 8 opens the "
                                       "NP/skill cards", mana=p.mana, more=p.mana + 1) if p.mana == 7 else \
            _("Jewel Magecraft: 2 jewels for +1 mana ({mana} → {more}) now, where mana pays every round; {count} "
              "jewels kept for the {rounds} rounds to the elimination", mana=p.mana, more=p.mana + 1,
              count=p.jewels - 2, rounds=rounds_left)
    if not p.command_spells:
        return _NEXT, _("go on")
    if here in BATTLEFIELDS and p.acted:
        if _MEMO.quiet:  # the reason is thrown away: its numbers (a total power) are not worked out
            return _NEXT, ""
        return _NEXT, _("keep the command spells ({count} left): at {here} you have {mine} power against "
                              "{threat}, and +2 power would not change who wins", count=p.command_spells,
                              here=_where(here), mine=total_power(state, seat),
                              threat=round(_threat(state, seat, here)))
    return _NEXT, _("keep the command spells ({count} left) for a battle that +2 power decides",
                          count=p.command_spells)


def _jewel_for_power(state: GrailState, seat: int, legal: list[Act]) -> tuple[Act, str] | None:
    """Rin before her cards, at a battle against a rival or the NPC: 2 jewels for +1 mana when that mana lets her
    best cards add 1.5 power or more and the battle is then within reach (宝石魔術, DGW-M07)."""
    p = state.players[seat]
    here = p.location
    if _JEWEL_MANA not in legal or p.infinite or p.selected or here not in BATTLEFIELDS:
        return None
    if not (_rivals(state, seat, here) or state.npc == here):
        return None
    now = _best_power(state, seat, here, p.mana)[0]
    threat = _threat(state, seat, here)
    rest = _held_land(state, seat, here) + 2 * p.use_b + p.power_bonus
    for steps in range(1, min(JEWEL_POWER_STEPS, p.jewels // 2) + 1):
        more = _best_power(state, seat, here, min(12, p.mana + steps))[0]
        if more - now >= 1.5 and now + rest < threat + 1 <= more + rest + 2:
            break
    else:
        return None
    return _JEWEL_MANA, _("Jewel Magecraft: 2 jewels for +1 mana ({mana} → {more}): your best cards "
                                   "here then add {gain} power (about {power} against {threat})", mana=p.mana,
                                   more=p.mana + 1, gain=round(more - now), power=round(more + rest),
                                   threat=round(threat))


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
            return _act("goto", pick), _("{card}: to {place}, taking its land advantage", card=card.name,
                                        place=_where(pick))
        if RECON in top.choices:
            return _act("goto", RECON), _("{card}: to Recon, 2 spoils", card=card.name)
        pick = min(top.choices, key=lambda f: (_threat(state, seat, f) if f in BATTLEFIELDS else 99))
        return _act("goto", pick), _("{card}: to {place}, the weakest battle", card=card.name, place=_where(pick))
    if top.kind == "target":
        pick = max(top.choices, key=lambda s: total_power(state, int(s) - 1))
        return _act("target", pick), _("{card} on P{number}, the strongest rival it can hit",
                                      card=state.catalog.cards[top.card].name, number=pick)
    if top.kind == "riding":
        ups = [a for a in legal if a.verb == "play"]
        if ups:
            best = max(ups, key=lambda a: stats(state, p, a.what or "")[0] - stats(state, p, a.what or "")[2] * 0.4)
            return best, _("{riding}: {card} adds its power", riding=state.catalog.cards[top.card].name,
                           card=state.catalog.cards[best.what or ""].name)
        return _DONE, _("no more cards to add")
    if top.kind == "rebuild":
        weak = [a for a in legal if a.verb == "discard" and stats(state, p, a.what or "")[0] <= 2
                and not isinstance(state.catalog.cards[a.what or ""], SpecialCard)]
        if weak:
            return weak[0], _("discard {card}: power 2 or less", card=state.catalog.cards[weak[0].what or ""].name)
        return _DONE, _("draw the replacements")
    late = state.round >= 5 or p.command_spells <= 1
    return (_act("change"), _("Sakura's unlimited mana and Engraved Fate pay more from here")) if late else \
        (_act("keep"), _("Shinji's Mana Drain Order still pays at Miyama"))


def _choose(state: GrailState, seat: int, legal: list[Act]) -> tuple[Act, str]:
    if state.pending:
        return _pending(state, seat, legal)
    if state.step == "place":
        return _place(state, seat, legal)
    if state.stage == "before_move":
        return _before_move(state, seat, legal)
    if state.stage == PREPARE:
        cards = _Menu([a for a in legal if a.verb in ("play", "done")])
        p = state.players[seat]
        if not p.selected and _JEWEL_MANA in legal and p.mana == 7 and p.location in BATTLEFIELDS \
                and any(status in ("down", "up") for status in p.np.values()):
            return _JEWEL_MANA, _("Jewel Magecraft: 2 jewels for mana 8, the NP/skill cards' threshold")
        jewel = _jewel_for_power(state, seat, legal)
        if jewel is not None:
            return jewel
        if not p.selected and _SPELL_MANA in legal and _spell_use_a(state, seat, p.location):
            return _SPELL_MANA, _("command spell Use A: 4 more mana let your best cards win here")
        return _prepare(state, seat, cards or legal)
    return _window(state, seat, legal)


def choose(game: Game[Any, Any], state: GrailState, seat: Seat, rng: random.Random) -> Any:
    """The heuristic's action for ``seat``."""
    if seat == CHANCE:
        return game.sample_chance(state, rng)
    legal = _Menu(game.legal_actions(state, seat))
    if len(legal) == 1:
        return legal[0]
    action, _why = _decide(state, seat, legal, True)
    if action not in legal:
        return legal[0]
    return action


def explain(game: Game[Any, Any], state: GrailState, seat: Seat, action: Any) -> str:
    """One line of reason for ``action`` when it is the heuristic's pick (the terminal's ``hint``): it names
    what the action does and the numbers it turns on."""
    legal = list(game.legal_actions(state, seat))
    pick, why = _decide(state, seat, legal, False)
    if pick == action:
        return why if len(legal) > 1 else _("the only choice ({why})", why=why)
    return _("the only choice") if len(legal) <= 1 else ""


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


