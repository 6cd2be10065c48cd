"""Climax rounds and eliminations (クライマックスラウンド, DGW-102..DGW-111), the Casual end (DGW-122)."""

from __future__ import annotations

from bouts.core.contract import Words
from bouts.games.grail_war.board import log, name
from bouts.games.grail_war.i18n import M_, N_
from bouts.games.grail_war.masters import end_of_round_eight, has
from bouts.games.grail_war.state import GrailState

LAST_NORMAL_ROUND = 8
CASUAL_ROUNDS = 4


def eliminate(spoils: dict[int, int], target: int, single: bool) -> set[int]:
    """Who drops out: everyone with the fewest spoils, repeated until ``target`` or fewer remain
    (DGW-107, DGW-RUL-36), or once (``single``: DGW-109, DGW-111). A step that would remove every
    remaining player removes nobody (DGW-RUL-37, DGW-RUL-38).

    >>> sorted(eliminate({0: 10, 1: 9, 2: 8, 3: 7, 4: 7, 5: 5, 6: 3}, 4, False))
    [3, 4, 5, 6]
    """
    left = dict(spoils)
    out: set[int] = set()
    while len(left) > target or (single and not out):
        low = min(left.values())
        group = {s for s, v in left.items() if v == low}
        if len(group) == len(left):
            break
        out |= group
        for s in group:
            del left[s]
        if single:
            break
    return out


def elimination_rule(state: GrailState) -> tuple[str, int, bool] | None:
    """The elimination that follows the round being played: (clause, players to keep at most, once only), or
    ``None`` when none follows (rounds 1-7, Casual)."""
    if state.options.casual or state.round < LAST_NORMAL_ROUND:
        return None
    if state.round == LAST_NORMAL_ROUND:
        return ("DGW-108", 4, False) if len(state.living()) >= 5 else ("DGW-109", 1, True)
    if state.climax_card is None:
        return None
    if state.catalog.situations[state.climax_card].remaining == 2:
        return "DGW-111", 1, True
    return "DGW-110", 2, False


def dropping(state: GrailState, spoils: dict[int, int]) -> set[int]:
    """Who the elimination after this round removes with these spoils (Shirou's 全て遠き理想郷 after round 8)."""
    rule = elimination_rule(state)
    if rule is None:
        return set()
    _, target, single = rule
    out = eliminate(spoils, target, single)
    if state.round == LAST_NORMAL_ROUND and state.options.shirou_exempt_after_round8:
        out = {s for s in out if not has(state, s, "avalon")}  # 全て遠き理想郷 (DGW-RUL-41)
    return out


def at_stake(state: GrailState) -> dict[str, object] | None:
    """What the elimination after this round would do with the spoils standing: the clause, who would drop
    out, and how many more spoils each of them needs to stay in (the others' unchanged)."""
    rule = elimination_rule(state)
    if rule is None:
        return None
    clause, target, single = rule
    spoils = {s: state.players[s].spoils for s in state.living()}
    out = dropping(state, spoils)
    need = []
    for seat in sorted(out):
        for more in range(1, 60):
            if seat not in dropping(state, {**spoils, seat: spoils[seat] + more}):
                need.append([seat, more])
                break
    return {"clause": clause, "keep": target, "once": single, "out": sorted(out), "need": need}


def end_of_round(state: GrailState) -> None:
    """After cleanup: the Casual end, the eliminations after round 8 and after each climax round."""
    finished = state.round
    living = state.living()
    spoils = {s: state.players[s].spoils for s in living}
    if state.options.casual:
        if finished >= CASUAL_ROUNDS:
            _most_spoils(state, M_("the Casual game ends after round {round}: most spoils wins", round=CASUAL_ROUNDS))
            return
    elif finished == LAST_NORMAL_ROUND:
        end_of_round_eight(state)
        if _clown(state, "before_elimination"):
            return
        _drop(state, dropping(state, spoils))  # DGW-108/109, DGW-RUL-41
        if _clown(state, "after_elimination"):
            return
    elif finished > LAST_NORMAL_ROUND and state.climax_card is not None:
        _drop(state, dropping(state, spoils))  # DGW-110/111
    living = state.living()
    if len(living) == 1:
        state.winners = (living[0],)
        state.reason = M_("{master} is the last master standing", master=name(state, living[0]))
        state.step = "over"
        return
    if finished >= state.options.round_limit:
        _most_spoils(state, M_("the round limit ({rounds}) was reached: most spoils wins",
                               rounds=state.options.round_limit))
        return
    state.round += 1
    state.climax_card = None
    state.step = "round"


def _drop(state: GrailState, out: set[int]) -> None:
    for seat in sorted(out):
        state.players[seat].eliminated = True
        state.players[seat].location = None
        log(state, "eliminated", N_("{master} is eliminated with {count} spoils"), {"seat": seat},
            args={"master": name(state, seat), "count": state.players[seat].spoils},
            clauses=("DGW-110", "DGW-111") if state.round > 8 else ("DGW-108", "DGW-109"))
    living = state.living()
    if out and living and state.start not in living:  # DGW-RUL-51: the marker passes to the next survivor
        state.start = next(s for s in ((state.start + i) % state.seats for i in range(1, state.seats + 1))
                           if s in living)


def _clown(state: GrailState, when: str) -> bool:
    """道化: solo Shinji strictly last when the climax rounds begin wins (DGW-M20, DGW-RUL-42)."""
    if state.options.clown_check != when:
        return False
    living = state.living()
    for seat in living:
        if has(state, seat, "clown"):
            mine = state.players[seat].spoils
            if all(state.players[s].spoils > mine for s in living if s != seat):
                state.winners = (seat,)
                state.reason = M_("{master} is last when the climax begins: Clown wins", master=name(state, seat))
                state.step = "over"
                return True
    return False


def _most_spoils(state: GrailState, why: Words) -> None:
    living = state.living()
    best = max(state.players[s].spoils for s in living)
    state.winners = tuple(s for s in living if state.players[s].spoils == best)  # DGW-RUL-53: ties share
    state.reason = why
    state.step = "over"
