"""② Roll the dice: main and support dice, character dice, rerolls, abilities, Die control and
Consumables (SAO-053..SAO-067, SAO-102..SAO-106, SAO-121, SAO-128..SAO-129, SAO-133..SAO-144)."""

from __future__ import annotations

import itertools
import operator
import random
from collections.abc import Sequence
from functools import cache, lru_cache, partial
from typing import Any, Final

from bouts.core.chance import Roll
from bouts.core.decisions import Decision
from bouts.core.events import QUIET
from bouts.core.i18n import Message
from bouts.games.sao.actions import FINALIZE, Act, act
from bouts.games.sao.cards import SYMBOL
from bouts.games.sao.i18n import M_, N_
from bouts.games.sao.log import say
from bouts.games.sao.skills import VALUE_TEXT
from bouts.games.sao.state import ROLL_WINDOWS, Die, SaoState, Token, abilities_of, make_die, plain_decision

REGULAR: Final = (1, 2, 3, 4, 5, 6)
OPPOSITE: Final = {1: 6, 2: 5, 3: 4, 4: 3, 5: 2, 6: 1}
MAIN: Final = make_die("main")
SUPPORT: Final = make_die("support")
FACE_UP: Final = operator.attrgetter("value")
"""The face code a die shows (``FACE_UP(die)`` is ``die.value``, for :func:`map`)."""
ROLLED: Final = {kind: tuple(make_die(kind, None, v) for v in range(7)) for kind in ("main", "support")}
"""A regular main or support die showing 1-6, by value."""
ROLLED_MAIN: Final = ROLLED["main"]
ROLLED_SUPPORT: Final = ROLLED["support"]


def faces(state: SaoState, die: Die) -> tuple[int, ...]:
    """The six face codes of a die."""
    if die.char is None:
        return REGULAR
    return state.catalog.die_faces[die.char]


def dice_amount(state: SaoState) -> int:
    """The Dice amount: the step's if card data gives one, else the scenario's (SAO-054, SAO-RUL-03)."""
    return state.facts().dice


def begin_dice(state: SaoState) -> None:
    """Lay out the turn's dice (SAO-053, SAO-054, SAO-121) and offer character dice."""
    facts = state.facts()
    n = facts.dice  # dice_amount(state)
    if state.step >= 1 and facts.final:  # state.is_final_ordeal
        main = [MAIN] * 4
        if state.characters[state.kirito].has_die and state.character_dice:  # SAO-121
            main.append(make_die("main", "kirito"))
        state.pool = main + [SUPPORT] * n if state.partner is not None else main
    else:
        state.pool = [MAIN] * n + [SUPPORT] * n if state.partner is not None else [MAIN] * n
    next_pre_roll(state)


def exchange_options(state: SaoState, rolling: tuple[int, ...] = ()) -> tuple[int, list[str]] | None:
    """The next character dice that may be exchanged in before a roll, with the deciding character.

    ``rolling`` is the reroll's dice (empty: the first roll). A player may swap one of his regular dice
    being rolled for his character die (SAO-103, SAO-RUL-08); in the final ordeal Kirito may also swap
    main dice for dead players' character dice (SAO-128, SAO-RUL-32).
    """
    for c in state.characters:  # any(c.has_die ...) without a generator at every roll
        if c.has_die:
            break
    else:
        return None
    if not state.character_dice:
        return None
    in_pool = {d.char for d in state.pool if d.char is not None}
    deciders = [state.turn_char] + ([state.partner] if state.partner is not None else [])
    for index in deciders:
        c = state.characters[index]
        kind = "main" if index == state.turn_char else "support"
        if _swappable(state, kind, rolling) is None:
            continue
        dice: list[str] = []
        if c.has_die and c.id not in in_pool and c.id not in state.offered:
            dice.append(c.id)
        if state.is_final_ordeal and index == state.kirito:
            dice += [d.id for d in state.characters
                     if d.dead and d.has_die and d.id not in in_pool and d.id not in state.offered]
        if dice:
            return index, dice
    return None


def _swappable(state: SaoState, kind: str, rolling: tuple[int, ...]) -> int | None:
    """Pool index of the regular die of ``kind`` a character die would replace, if any."""
    candidates = rolling or tuple(range(len(state.pool)))
    for i in candidates:
        if state.pool[i].kind == kind and state.pool[i].char is None:
            return i
    return None


def next_exchange(state: SaoState, rolling: tuple[int, ...] = ()) -> bool:
    """Offer the next character die exchange before a roll; False when there is none."""
    found = exchange_options(state, rolling)
    if found is None:
        return False
    index, dice = found
    state.pending.append(Decision.make(state.characters[index].seat, "exchange",
                                       character=state.characters[index].id, dice=tuple(dice),
                                       rolling=rolling))
    return True


def next_pre_roll(state: SaoState) -> None:
    """Offer the next exchange, then a lone Kirito's support dice, then the first roll."""
    if next_exchange(state):
        return
    if state.partner is None and state.is_final_ordeal and not any(d.kind == "support" for d in state.pool):
        state.pending.append(plain_decision(state.characters[state.kirito].seat, "support_values"))
        return
    roll_dice(state, unrolled(state.pool))


def unrolled(pool: Sequence[Die]) -> tuple[int, ...]:
    """The indices of the dice of ``pool`` not rolled yet (showing 0)."""
    for d in pool:
        if d.value:
            break
    else:  # the first roll of a turn: none rolled yet
        return _every_die(len(pool))
    return tuple([i for i, d in enumerate(pool) if d.value == 0])


@cache
def _every_die(n: int) -> tuple[int, ...]:
    return tuple(range(n))


def exchange(state: SaoState, char_id: str | None) -> None:
    """Swap one regular die being rolled for a character die, or keep (SAO-103, SAO-RUL-08)."""
    decision = state.pending.pop()
    rolling: tuple[int, ...] = decision.get("rolling")
    if char_id is None:
        state.offered.extend(decision.get("dice"))
    else:
        state.offered.append(char_id)
        index = state.index_of(decision.get("character"))
        kind = "main" if index == state.turn_char else "support"
        pos = _swappable(state, kind, rolling)
        assert pos is not None
        state.pool[pos] = make_die(kind, char_id)
        if state.events is not QUIET:
            mine = char_id == state.characters[index].id
            say(state, "exchange", N_("{character} rolls his character die instead of a regular die (die "
                                      "{die})") if mine else
                N_("{character} rolls {owner}'s character die instead of a regular die (die {die})"),
                {"character": state.characters[index].id, "die": char_id},
                args={"character": state.characters[index].name, "die": pos + 1,
                      "owner": state.catalog.characters[char_id].name},
                clauses=("SAO-103", "SAO-RUL-08") if mine else ("SAO-128", "SAO-RUL-32"))
    if rolling:
        continue_reroll(state, rolling)
    else:
        next_pre_roll(state)


def set_support(state: SaoState, values: tuple[int, ...]) -> None:
    """A lone Kirito sets all 4 support dice to any results (SAO-129, SAO-RUL-33)."""
    state.pending.pop()
    state.pool += [make_die("support", None, v) for v in values]
    say(state, "support", N_("{character} stands alone: the support dice show {values}"),
        {"values": list(values)},
        args={"character": state.characters[state.kirito].name,
              "values": " ".join(map(str, values))}, clauses=("SAO-129", "SAO-RUL-33"))
    roll_dice(state, tuple(i for i, d in enumerate(state.pool) if d.value == 0))


def d6_results(rng: random.Random, dice: int) -> tuple[int, ...]:
    """``dice`` fair six-sided results: the very draws of ``rng.randint(1, 6)`` made ``dice`` times.

    A plain :class:`random.Random` draws ``randint(1, 6)`` as 1 + ``getrandbits(3)``, drawing again
    while that is 6 or more; doing so here saves four Python calls per die (a test checks that the
    draws stay those of ``randint``). Other generators go through ``randint`` itself.
    """
    if type(rng) is not random.Random:
        return tuple([rng.randint(1, 6) for _ in range(dice)])
    bits = rng.getrandbits
    out = []
    for _ in range(dice):
        r = bits(3)
        while r >= 6:
            r = bits(3)
        out.append(r + 1)
    return tuple(out)


def roll_dice(state: SaoState, indices: tuple[int, ...]) -> None:
    """A chance step rolls the given dice together (SAO-053, SAO-059, SAO-061)."""
    state.pending.append(_roll_decision(indices))


@lru_cache(maxsize=1024)
def _roll_decision(indices: tuple[int, ...]) -> Decision:
    return Decision.make(-1, "roll", dice=indices)


def apply_roll(state: SaoState, roll: Roll) -> None:
    """The dice land; then the roll window opens."""
    decision = state.pending.pop()
    indices: tuple[int, ...] = decision.get("dice")
    pool = state.pool
    logged = state.events is not QUIET  # a quiet state keeps no events: nothing made for them
    old = [d.value for d in pool] if logged and state.rerolls_used else ()
    die_faces = state.catalog.die_faces
    values = roll.values  # as many as the dice rolled (the roll decision's outcomes, or a checked forced roll)
    for k, i in enumerate(indices):
        v = values[k]
        die = pool[i]
        if die.char is None:
            pool[i] = ROLLED_MAIN[v] if die.kind == "main" else ROLLED_SUPPORT[v]
        else:
            pool[i] = make_die(die.kind, die.char, die_faces[die.char][v - 1])
    state.passed = []
    if logged:
        shown = tuple(pool)  # the event's data and sentence are made when someone reads them
        if state.rerolls_used == 0:
            say(state, "roll", N_("Roll: {pool}"), partial(_roll_data, indices, roll.values, shown),
                args=partial(_pool_args, shown), clauses=("SAO-053", "SAO-054"))
        else:
            say(state, "roll", N_("Reroll {number}: {changes}; the dice now show {pool}"),
                partial(_roll_data, indices, roll.values, shown),
                args=partial(_reroll_args, state.rerolls_used, indices, old, shown),
                clauses=("SAO-059", "SAO-061"))
    state.pending.append(ROLL_WINDOWS[state.characters[state.turn_char].seat])  # plain_decision(seat, "roll_window")


def _roll_data(indices: tuple[int, ...], values: tuple[int, ...], pool: tuple[Die, ...]) -> dict[str, Any]:
    return {"dice": list(indices), "values": list(values), "pool": [d.value for d in pool]}


def _pool_args(pool: tuple[Die, ...]) -> dict[str, Any]:
    return {"pool": dice_text(pool)}


final_pool_args = _pool_args
"""The arguments of the event that shows the final dice."""


def final_pool_data(pool: tuple[Die, ...]) -> dict[str, Any]:
    """The data of the event that shows the final dice."""
    return {"pool": [d.value for d in pool]}


def _reroll_args(number: int, indices: tuple[int, ...], old: Sequence[int], pool: tuple[Die, ...]) -> dict[str, Any]:
    changes = [M_("die {die}: {old} → {new}", die=i + 1, old=VALUE_TEXT[old[i]], new=VALUE_TEXT[pool[i].value])
               for i in indices]
    return {"number": number, "changes": changes, "pool": dice_text(pool)}


def pool_text(state: SaoState) -> str:
    """Each die numbered as the table prints it, main dice | support dice: ``1:2 2:3 3:6 | 4:1 5:2 6:3``
    (``F`` a character's face, ``S`` Asuna's symbol, ``?`` not rolled yet)."""
    return dice_text(state.pool)


def dice_text(pool: Sequence[Die]) -> str:
    """:func:`pool_text` of the dice ``pool``."""
    main: list[str] = []
    support: list[str] = []
    for i, d in enumerate(pool, 1):
        (main if d.kind == "main" else support).append(f"{i}:{VALUE_TEXT[d.value]}")
    return f"{' '.join(main)} | {' '.join(support)}" if support else " ".join(main)


def rerolls_allowed(state: SaoState) -> int:
    """Rerolls in this turn: 2, 1 with Reroll -1, 0 with No reroll, +1 for a Ring (SAO-056, SAO-150)."""
    step = state.facts()
    if step.no_reroll:
        return 0
    base = 1 if step.reroll_minus_one else 2
    items = state.catalog.items
    for index in (state.turn_char, state.partner):
        if index is not None:
            for item in state.characters[index].equipment:
                if items[item].effect == "ring":
                    base += 1
    return base


def rerolls_left(state: SaoState) -> int:
    """Joint rerolls still allowed this turn (SAO-RUL-04)."""
    return max(0, rerolls_allowed(state) - state.rerolls_used)


def reroll(state: SaoState, indices: tuple[int, ...]) -> None:
    """One joint reroll of every agreed die, all at once (SAO-059..SAO-064)."""
    state.pending.pop()
    state.rerolls_used += 1
    if state.events is not QUIET:
        say(state, "reroll", N_("Reroll {number} of {allowed}: {dice} rolled again together")
            if len(indices) > 1 else N_("Reroll {number} of {allowed}: {dice} rolled again"),
            {"dice": list(indices)},
            args=partial(_reroll_dice_args, state.rerolls_used, rerolls_allowed(state), indices,
                         tuple(state.pool)),
            clauses=("SAO-056", "SAO-059", "SAO-060", "SAO-061", "SAO-RUL-04"))
    state.offered = []
    continue_reroll(state, indices)


def _reroll_dice_args(number: int, allowed: int, indices: tuple[int, ...], pool: tuple[Die, ...]) -> dict[str, Any]:
    return {"number": number, "allowed": allowed,
            "dice": [M_("die {die} (showing {value})", die=i + 1, value=VALUE_TEXT[pool[i].value]) for i in indices]}


_INDICES: Final[dict[tuple[str, ...], tuple[int, ...]]] = {}
"""The pool indices of each list of die numbers :func:`dice_indices` has read."""


def dice_indices(numbers: tuple[str, ...]) -> tuple[int, ...]:
    """The pool indices (from 0) of die numbers as an action's text names them (from 1, as the table prints them),
    read once per list of numbers."""
    found = _INDICES.get(numbers)
    if found is None:
        if len(_INDICES) >= INDICES_LIMIT:
            _INDICES.clear()
        found = _INDICES[numbers] = tuple([int(n) - 1 for n in numbers])
    return found


INDICES_LIMIT: Final = 65_536
"""Most lists of die numbers :data:`_INDICES` keeps (it starts afresh beyond)."""


def continue_reroll(state: SaoState, indices: tuple[int, ...]) -> None:
    """Offer character dice exchanges for the dice being rerolled, then roll them (SAO-RUL-08)."""
    if not next_exchange(state, indices):
        roll_dice(state, indices)


# -- abilities (SAO-065..SAO-067, SAO-133..SAO-144) ------------------------------------------------
def seat_characters(state: SaoState, seat: int) -> list[int]:
    """The turn player's and the partner's characters played by ``seat`` (the ones that may use abilities
    now, SAO-050, SAO-065)."""
    out = [state.turn_char] + ([state.partner] if state.partner is not None else [])
    return [i for i in dict.fromkeys(out) if state.characters[i].seat == seat]


def turn_seat(state: SaoState) -> int:
    """The turn player's seat."""
    return state.characters[state.turn_char].seat


def window_actions(state: SaoState, seat: int) -> list[Act]:
    """What ``seat`` (not the turn player's) may do in the roll phase: its abilities when it plays the
    chaining partner (SAO-065, SAO-RUL-07), and the group's Consumables (SAO-096, SAO-RUL-22)."""
    out: list[Act] = []
    for index in seat_characters(state, seat):
        out += ability_actions(state, index)
    return out + consumable_actions(state)


def waiting_seats(state: SaoState) -> list[int]:
    """Seats other than the turn player's that can act in the roll phase and have not passed on the dice as
    they are: the partner's first, then the others in seat order after the turn player.

    A seat can act when :func:`window_actions` offers it anything, asked without making the menus: the group's
    Consumables are anyone's; of the turn's characters only the partner can be played by another seat."""
    me = turn_seat(state)
    passed = state.passed
    partner = state.partner
    if not consumable_actions(state):  # only the partner's seat can wait, for his abilities
        if partner is None:
            return []
        seat = state.characters[partner].seat
        if seat == me or seat in passed or not has_ability_actions(state, partner):
            return []
        return [seat]  # a partner with abilities to use is alive, so his seat is a living character's
    seats = sorted({c.seat for c in state.characters if not c.dead} - {me}, key=lambda s: (s - me) % state.seats)
    if partner is not None and state.characters[partner].seat in seats:
        seats.remove(partner_seat := state.characters[partner].seat)
        seats.insert(0, partner_seat)
    return [s for s in seats if s not in passed]


def is_anyone_waiting(state: SaoState, consumables: bool | None = None) -> bool:
    """Whether :func:`waiting_seats` names any seat, without making the other seats' menus (``consumables``:
    whether :func:`consumable_actions` offers any, when the caller knows)."""
    characters = state.characters
    me = characters[state.turn_char].seat  # turn_seat(state)
    passed = state.passed
    if consumables is None:
        consumables = bool(consumable_actions(state))
    if consumables:  # anyone may use the group's Consumables: every living seat but mine that has not passed waits
        return any(not c.dead and c.seat != me and c.seat not in passed for c in characters)
    partner = state.partner  # of the turn's characters, only the partner can be played by another seat
    if partner is None:
        return False
    seat = characters[partner].seat  # a partner with abilities to use is alive
    return seat != me and seat not in passed and has_ability_actions(state, partner)


def open_windows(state: SaoState, proposal: str) -> bool:
    """Give each waiting seat its window in turn (``proposal``: ``finalize`` when the turn player wants to
    finalize once all have passed); False when no seat is waiting."""
    seats = waiting_seats(state)
    if not seats:
        return False
    state.pending.append(Decision.make(seats[0], "ability_window", queue=tuple(seats[1:]), proposal=proposal))
    return True


def pass_window(state: SaoState) -> None:
    """The seat of the window passes: the next seat's window, or the round ends. After a round in which
    nobody changed anything, a proposed finalize happens; otherwise the turn player decides again."""
    decision = state.pending.pop()
    state.passed.append(decision.seat)
    proposal = decision.get("proposal")
    waiting = waiting_seats(state)
    queue = [s for s in decision.get("queue") if s in waiting]
    if queue:
        state.pending.append(Decision.make(queue[0], "ability_window", queue=tuple(queue[1:]), proposal=proposal))
        return
    if proposal == "finalize" and not waiting:
        from bouts.games.sao.attack import finalize

        finalize(state)  # the turn player's roll window lies under the windows


def can_use_abilities(state: SaoState, index: int) -> bool:
    """Whether character ``index`` may use an ability now (SAO-050, SAO-066, SAO-152)."""
    if index != state.turn_char and index != state.partner:
        return False
    c = state.characters[index]
    return not c.dead and (c.usage > 0 or c.free_use) and not state.facts().no_abilities


def ability_actions(state: SaoState, index: int) -> list[Act]:
    """Every ability use of character ``index`` now."""
    if not can_use_abilities(state, index):
        return []
    c = state.characters[index]
    out: list[Act] = []
    pool = state.pool
    for ability in abilities_of(state.catalog, c.id):
        kind = ability.kind
        if kind == "set_die":
            table = _set_die_table(c.id, ability.id, ability.values, len(pool))
            for k, die in enumerate(pool):  # (the table has a row per die of the pool)
                out += table[k][die.value]
        elif kind == "set_dice":
            target = ability.values[0]
            out += _dice_combos(c.id, ability.id, ability.count,
                                tuple([i for i, d in enumerate(pool) if d.value != target]))
        elif kind == "flip_dice":
            out += _dice_combos(c.id, ability.id, ability.count,
                                tuple([i for i, d in enumerate(pool) if d.value <= 6]))
        elif kind == "addition_boost":
            if "lisbeth" not in state.tokens:
                others = [i for i in state.living() if i != index]
                for mode in ability.modes[c.level]:
                    out += [act("ability", c.id, ability.id, state.characters[i].id, mode) for i in others]
        elif kind in ("addition_shield", "addition_die_control"):
            if "silica" not in state.tokens:
                out += [act("ability", c.id, ability.id, state.characters[i].id)
                        for i in state.living() if i != index]
        elif kind == "healing":
            out += [act("ability", c.id, ability.id, state.characters[i].id) for i in state.living()
                    if state.characters[i].damage > 0]
    return out


def has_ability_actions(state: SaoState, index: int) -> bool:
    """Whether :func:`ability_actions` offers character ``index`` any use, without making them."""
    if not can_use_abilities(state, index):
        return False
    pool = state.pool
    for ability in abilities_of(state.catalog, state.characters[index].id):
        kind = ability.kind
        if kind == "set_die":  # some die shows a face other than one of the values
            values = ability.values
            for die in pool:
                for v in values:
                    if die.value != v:
                        return True
        elif kind == "set_dice":  # a use changes 1 to ``count`` (at least 1) dice not showing the value
            target = ability.values[0]
            for die in pool:
                if die.value != target:
                    return True
        elif kind == "flip_dice":
            for die in pool:
                if die.value <= 6:
                    return True
        elif kind == "addition_boost":
            if "lisbeth" not in state.tokens and ability.modes[state.characters[index].level] and \
                    any(i != index for i in state.living()):
                return True
        elif kind in ("addition_shield", "addition_die_control"):
            if "silica" not in state.tokens and any(i != index for i in state.living()):
                return True
        elif kind == "healing" and any(state.characters[i].damage > 0 for i in state.living()):
            return True
    return False


@lru_cache(maxsize=1024)
def _set_die_table(char_id: str, ability_id: str, values: tuple[int, ...],
                   n: int) -> tuple[tuple[tuple[Act, ...], ...], ...]:
    """For each die of an ``n``-die pool and each face code it may show (0 to :data:`~bouts.games.sao.cards.SYMBOL`),
    the uses of a Set die ability on it: one per value the ability offers, but the one it shows."""
    return tuple(tuple(tuple(act("ability", char_id, ability_id, str(pos + 1), str(v)) for v in values if code != v)
                       for code in range(SYMBOL + 1))
                 for pos in range(n))


@lru_cache(maxsize=4096)
def _dice_combos(char_id: str, ability_id: str, count: int, changeable: tuple[int, ...]) -> tuple[Act, ...]:
    """Uses of a Set/Flip dice ability on 1..``count`` dice, all of them among ``changeable``.

    Combinations of the changeable dice come in the same order as the combinations of the whole
    pool filtered to those the ability changes.
    """
    return tuple(act("ability", char_id, ability_id, *[str(i + 1) for i in combo])
                 for size in range(1, count + 1) for combo in itertools.combinations(changeable, size))


@cache
def reroll_actions(n: int) -> tuple[Act, ...]:
    """Every reroll of an ``n``-die pool: each non-empty set of dice, smallest sets first (SAO-059)."""
    return tuple(act("reroll", *[str(i + 1) for i in combo]) for size in range(1, n + 1)
                 for combo in itertools.combinations(range(n), size))


@cache
def finalize_and_rerolls(n: int) -> tuple[Act, ...]:
    """``finalize``, then every reroll of an ``n``-die pool (:func:`reroll_actions`): how a roll decision's menu
    begins while rerolls are left (SAO-057, SAO-059)."""
    return (FINALIZE, *reroll_actions(n))


def use_ability(state: SaoState, act: Act) -> None:
    """Apply an ability use; it costs one usage unless the easy rule's free use is left (SAO-066)."""
    char_id, ability_id, *rest = act.args
    index = state.index_of(char_id)
    c = state.characters[index]
    ability = next(a for a in state.card(index).abilities if a.id == ability_id)
    free = c.free_use
    if free:
        c.free_use = False
    else:
        c.usage -= 1
    state.passed = []
    logged = state.events is not QUIET  # a quiet state keeps no events: no sentence parts made for them
    what: Message | list[Message] | None = None
    clauses: tuple[str, ...] = ("SAO-130", "SAO-RUL-46") if free else ("SAO-065", "SAO-066")
    if ability.kind == "set_die":
        pos, value = int(rest[0]) - 1, int(rest[1])
        die = state.pool[pos]
        state.pool[pos] = make_die(die.kind, die.char, value)
        if logged:
            what = M_("die {die}: {old} → {new}", die=pos + 1, old=VALUE_TEXT[die.value], new=value)
    elif ability.kind in ("set_dice", "flip_dice"):
        changes = []
        for p in [int(r) - 1 for r in rest]:
            die = state.pool[p]
            new = ability.values[0] if ability.kind == "set_dice" else OPPOSITE[die.value]
            state.pool[p] = make_die(die.kind, die.char, new)
            if logged:
                changes.append(M_("die {die}: {old} → {new}", die=p + 1, old=VALUE_TEXT[die.value], new=new))
        what = changes
    elif ability.kind == "addition_boost":
        state.tokens["lisbeth"] = Token("lisbeth", "boost", rest[0], rest[1], state.turns)
        if logged:
            what = M_("gives the {mode} addition token to {target}", mode=rest[1],
                      target=state.catalog.characters[rest[0]].name)
        clauses += ("SAO-133", "SAO-141", "SAO-143")
    elif ability.kind in ("addition_shield", "addition_die_control"):
        kind = "shield" if ability.kind == "addition_shield" else "die_control"
        state.tokens["silica"] = Token("silica", kind, rest[0], "", state.turns)
        if logged:
            what = (M_("gives the Shield addition token to {target}",
                       target=state.catalog.characters[rest[0]].name) if kind == "shield" else
                    M_("gives the Die control addition token to {target}",
                       target=state.catalog.characters[rest[0]].name))
        clauses += ("SAO-137", "SAO-141", "SAO-143") if kind == "shield" else ("SAO-139", "SAO-141", "SAO-143")
    else:  # healing
        target = state.characters[state.index_of(rest[0])]
        healed = min(ability.amount, target.damage)  # SAO-RUL-41
        target.damage -= healed
        if logged:
            what = M_("heals {target} for {amount} ({hp}/{max} HP)", target=target.name, amount=healed,
                      hp=state.hp(state.index_of(rest[0])) - target.damage, max=state.hp(state.index_of(rest[0])))
        clauses += ("SAO-144", "SAO-RUL-41")
    if logged:
        say(state, "ability", N_("{character} uses {ability}: {what} ({paid})"),
            {"character": c.id, "ability": ability.id, "args": list(rest)},
            args={"character": c.name, "ability": ability.name, "what": what,
                  "paid": M_("a free use") if free else M_("{count} uses left", count=c.usage)},
            clauses=clauses)


def die_control_actions(state: SaoState) -> list[Act]:
    """Die control on the holder's own dice during his next turn (SAO-140, SAO-RUL-38)."""
    token = state.tokens.get("silica")
    me = state.characters[state.turn_char]
    if token is None or token.kind != "die_control" or token.holder != me.id or not token.active:
        return []
    if state.controlled and not state.options.die_control_any_number:
        return []
    return [Act("control", (str(i + 1), str(v))) for i, d in enumerate(state.pool)
            if d.kind == "main" and i not in state.controlled for v in range(1, 7) if d.value != v]


def control(state: SaoState, pos: int, value: int) -> None:
    """Turn one of the holder's dice into a result of his choice."""
    die = state.pool[pos]
    state.pool[pos] = make_die(die.kind, die.char, value)
    state.controlled.append(pos)
    state.passed = []
    if state.events is not QUIET:
        say(state, "control",
            N_("{character} uses the Die control addition token: die {die}: {old} → {new}"),
            {"die": pos, "value": value},
            args={"character": state.characters[state.turn_char].name, "die": pos + 1,
                  "old": VALUE_TEXT[die.value], "new": value}, clauses=("SAO-140", "SAO-RUL-38"))


def consumable_actions(state: SaoState) -> list[Act]:
    """Consumables anyone may use now (SAO-096, SAO-153, SAO-RUL-22); the Relic works by itself."""
    if not state.consumables or state.facts().no_consumables:
        return []
    out: list[Act] = []
    seen: set[str] = set()
    for item in state.consumables:
        card = state.catalog.items[item]
        if card.effect in seen:
            continue
        seen.add(card.effect)
        for i in state.living():
            c = state.characters[i]
            if (card.effect == "ability_potion" and c.usage < state.usage_max(i)) or (
                    card.effect == "healing_potion" and c.damage > 0):
                out.append(Act("use", (item, c.id)))
    return out


def use_consumable(state: SaoState, item: str, char_id: str) -> None:
    """Use and discard a Consumable (SAO-097)."""
    state.consumables.remove(item)
    state.passed = []
    card = state.catalog.items[item]
    c = state.characters[state.index_of(char_id)]
    if card.effect == "ability_potion":
        c.usage += 1
    else:
        c.damage = 0
    if state.events is not QUIET:
        say(state, "consumable", N_("{item} is used on {character} and discarded"),
            {"item": item, "character": c.id}, args={"item": card.name, "character": c.name},
            clauses=("SAO-096", "SAO-097", "SAO-RUL-22"))
