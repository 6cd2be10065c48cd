"""Climax rounds and eliminations (クライマックスラウンド, DGW-102..DGW-111), the Casual end (DGW-122)."""

from __future__ import annotations

from bouts.games.grail_war.board import log, name
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


def end_of_round(state: GrailState) -> None:
    """After cleanup: the Casual end, the eliminations after round 8 and after each climax round."""
    finished = state.round
    living = state.living()
    spoils = {s: state.players[s].spoils for s in living}
    if state.options.casual:
        if finished >= CASUAL_ROUNDS:
            _most_spoils(state, "the Casual game ends after round 4: most spoils wins")
            return
    elif finished == LAST_NORMAL_ROUND:
        end_of_round_eight(state)
        if _clown(state, "before_elimination"):
            return
        out = eliminate(spoils, 4, False) if len(living) >= 5 else eliminate(spoils, 1, True)  # DGW-108/109
        if state.options.shirou_exempt_after_round8:
            out = {s for s in out if not has(state, s, "avalon")}  # 全て遠き理想郷 (DGW-RUL-41)
        _drop(state, out)
        if _clown(state, "after_elimination"):
            return
    elif finished > LAST_NORMAL_ROUND and state.climax_card is not None:
        remaining = state.catalog.situations[state.climax_card].remaining
        out = eliminate(spoils, 1, True) if remaining == 2 else eliminate(spoils, 2, False)  # DGW-110/111
        _drop(state, out)
    living = state.living()
    if len(living) == 1:
        state.winners = (living[0],)
        state.reason = f"{name(state, living[0])} is the last master standing"
        state.step = "over"
        return
    if finished >= state.options.round_limit:
        _most_spoils(state, f"the round limit ({state.options.round_limit}) was reached: most spoils wins")
        return
    state.round += 1
    state.climax_card = None
    state.step = "round"


def _drop(state: GrailState, out: set[int]) -> None:
    for seat in sorted(out):
        state.players[seat].eliminated = True
        state.players[seat].location = None
        log(state, "eliminated", f"{name(state, seat)} is eliminated with {state.players[seat].spoils} spoils",
            {"seat": seat})


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
                state.reason = f"{name(state, seat)} is last when the climax begins: 道化 wins"
                state.step = "over"
                return True
    return False


def _most_spoils(state: GrailState, why: str) -> None:
    living = state.living()
    best = max(state.players[s].spoils for s in living)
    state.winners = tuple(s for s in living if state.players[s].spoils == best)  # DGW-RUL-53: ties share
    state.reason = why
    state.step = "over"
