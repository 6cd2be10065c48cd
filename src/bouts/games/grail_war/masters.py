"""Master abilities (マスター&サーヴァント情報, DGW-M01..M26)."""

from __future__ import annotations

from bouts.core.events import QUIET
from bouts.games.grail_war.board import gain_mana, gain_spoils, log, name
from bouts.games.grail_war.i18n import M_, N_
from bouts.games.grail_war.state import GrailState


def has(state: GrailState, seat: int, ability: str) -> bool:
    """Whether ``seat``'s master has ``ability`` in this game.

    偽臣の書 works with 6 or fewer players, 道化 and 日常の象徴 only with 7 (DGW-M12, DGW-M20).
    """
    abilities = state.catalog.masters[state.players[seat].master].abilities
    if ability not in abilities:
        return False
    if ability == "false_book":
        return state.seats <= 6
    if ability in ("clown", "symbol_of_everyday"):
        return state.seats == 7
    return True


def start_of_game(state: GrailState, seat: int) -> None:
    """Initial mana, command spells, jewels and special cards at hand (DGW-027, DGW-028, DGW-034)."""
    p = state.players[seat]
    master = state.catalog.masters[p.master]
    p.mana = state.catalog.initial_mana[p.master]
    p.command_spells = master.command_spells - (1 if has(state, seat, "absolute_order") else 0)  # DGW-M05
    p.jewels = master.jewels
    p.at_hand = [c for c in state.catalog.specials[p.master] if state.catalog.cards[c].at_hand]  # type: ignore[union-attr]


def round_start(state: GrailState, seat: int) -> None:
    """刻まれた宿命: at round start, with mana 2+, lose 2 mana and gain 2 spoils (日常の象徴: not in rounds 1-3)."""
    p = state.players[seat]
    if "engraved_fate" not in state.catalog.masters[p.master].abilities:  # has(): no count rule for it
        return
    if has(state, seat, "symbol_of_everyday") and state.round <= 3:
        return
    if p.infinite:
        gain_spoils(state, seat, 2, M_("Engraved Fate, paid from unlimited mana"), ("DGW-M10",))
    elif p.mana >= 2:
        p.mana -= 2
        if state.events is not QUIET:  # a quiet state makes no line: its arguments are not made
            log(state, "ability", N_("{master}: Engraved Fate, -2 mana"), {"seat": seat},
                args={"master": name(state, seat)}, clauses=("DGW-M10",))
        gain_spoils(state, seat, 2, M_("Engraved Fate"), ("DGW-M10",))


def round_end(state: GrailState, seat: int) -> None:
    """聖杯: Illya gains 1 mana at the end of each round (DGW-RUL-44)."""
    if "holy_grail" in state.catalog.masters[state.players[seat].master].abilities:  # has(): no count rule for it
        gain_mana(state, seat, 1)
        if state.events is not QUIET:  # a quiet state makes no line: its arguments are not made
            log(state, "ability", N_("{master}: Holy Grail, +1 mana at the end of the round"), {"seat": seat},
                args={"master": name(state, seat)}, clauses=("DGW-M15", "DGW-RUL-44"))


def change_to_sakura(state: GrailState, seat: int) -> None:
    """「マスターを間桐桜に変更する」: only the master changes; everything else stays (DGW-G15, DGW-G16)."""
    p = state.players[seat]
    p.master = "sakura"
    p.switched = True
    log(state, "change", N_("P{number} changes master from {old} to {new}"), {"seat": seat},
        args={"number": seat + 1, "old": state.catalog.masters["shinji"].name if "shinji" in state.catalog.masters
              else "shinji", "new": state.catalog.masters["sakura"].name}, clauses=("DGW-G15", "DGW-G16"))


def check_forced_change(state: GrailState, seat: int) -> None:
    """偽臣の書: Shinji must change to Sakura once he has lost all command spells (DGW-RUL-47)."""
    p = state.players[seat]
    if p.command_spells == 0 and has(state, seat, "false_book") and "sakura" in state.catalog.masters:
        change_to_sakura(state, seat)


def end_of_round_eight(state: GrailState) -> None:
    """隠された秘密: Sakura not first in spoils after round 8 has unlimited mana from then on (DGW-M11)."""
    living = state.living()
    best = max(state.players[s].spoils for s in living)
    for seat in living:
        p = state.players[seat]
        if has(state, seat, "hidden_secret") and not p.infinite and p.spoils < best:
            p.infinite = True
            log(state, "ability", N_("{master}: Hidden Secret, unlimited mana from now on"), {"seat": seat},
                args={"master": name(state, seat)}, clauses=("DGW-M11",))
