"""Skill cards, the advanced rules (FGO-079..FGO-100, FGO-RUL-42..FGO-RUL-48)."""

from __future__ import annotations

from bouts.core.events import QUIET
from bouts.games.fgo_duel.actions import PASS, Act, act
from bouts.games.fgo_duel.cards import SkillCard, skill_effect
from bouts.games.fgo_duel.deck import seat_words
from bouts.games.fgo_duel.i18n import N_
from bouts.games.fgo_duel.log import say
from bouts.games.fgo_duel.movement import distinct_cards
from bouts.games.fgo_duel.state import (
    SKILL_FACE_DOWN,
    SKILL_FACE_UP,
    SKILL_REMOVED,
    DrawOrder,
    FgoState,
    ServantInPlay,
)


def np_of(state: FgoState, seat: int) -> int:
    """NP: upright Arts command cards in the trash (FGO-082, FGO-084)."""
    master = state.masters[seat]
    arts, sideways = state.catalog.arts, master.sideways
    count = 0
    for c in master.trash:
        if c in arts and c not in sideways:
            count += 1
    return count


def pay_np(state: FgoState, seat: int, count: int) -> None:
    """Turn ``count`` upright Arts trash cards sideways, oldest first (FGO-083, FGO-RUL-48)."""
    master = state.masters[seat]
    arts = state.catalog.arts
    for instance in list(master.trash):
        if count == 0:
            break
        if instance in arts and instance not in master.sideways:
            master.sideways.append(instance)
            count -= 1


def skill_of(state: FgoState, servant: ServantInPlay) -> SkillCard | None:
    """The skill card of a servant, if any."""
    return None if servant.skill is None else state.catalog.skills[servant.skill]


def can_pay(state: FgoState, seat: int, skill: SkillCard) -> bool:
    """Whether the NP cost can be paid (FGO-083, FGO-RUL-44, FGO-RUL-48)."""
    return np_of(state, seat) >= skill.np_cost


def np_payers(state: FgoState, seat: int, user: str) -> list[tuple[str, int]]:
    """(servant, NP) of face-up skill cards that may be removed from the game to pay NP (夢幻のカリスマ),
    other than the card being used."""
    out = []
    for servant in state.masters[seat].party:
        if servant.servant == user or servant.skill is None or servant.skill_state is not SKILL_FACE_UP:
            continue
        pays = state.catalog.skills[servant.skill].pays_np
        if pays:
            out.append((servant.servant, pays))
    return out


def payments(state: FgoState, seat: int, user: str, skill: SkillCard, np: int) -> list[tuple[str, ...]]:
    """The ways to pay ``skill``'s NP cost: ``()`` from NP alone, ``("pay:S",)`` removing S's skill card."""
    if skill.np_cost == 0:
        return [()]
    out: list[tuple[str, ...]] = [()] if np >= skill.np_cost else []
    for servant, pays in np_payers(state, seat, user):
        if np + pays >= skill.np_cost:
            out.append((f"pay:{servant}",))
    return out


def has_face_down_skill(state: FgoState, seat: int) -> bool:
    """Whether ``seat`` has a face-down skill card of a servant on the map (public knowledge)."""
    return any(s.skill_state is SKILL_FACE_DOWN and s.area is not None for s in state.masters[seat].party)


def start_options(state: FgoState) -> list[Act]:
    """Start phase: use at most 1 face-down skill that is not a trigger, or none (FGO-090, FGO-091, FGO-097)."""
    seat = state.turn
    master = state.masters[seat]
    out = [PASS]
    np: int | None = None  # counted once, when a skill needs it
    for servant in master.on_map():
        skill = skill_of(state, servant)
        if skill is None or servant.skill_state is not SKILL_FACE_DOWN or skill.kind == "trigger":
            continue
        if np is None:
            np = np_of(state, seat)
        ways = payments(state, seat, servant.servant, skill, np)
        if not ways:  # FGO-083: it cannot be paid
            continue
        for pay in ways:
            if skill.effect == "card_power":
                out.extend(act("skill", (servant.servant, ally.servant, *pay)) for ally in master.on_map())
            else:
                out.append(act("skill", (servant.servant, *pay)))
    return out


def trigger_options(state: FgoState, seat: int, servant_id: str) -> list[Act]:
    """A defender's 【トリガー:敵が自身のエリアに移動しようとしたとき】 skill, or none.

    FGO-098, FGO-RUL-42, FGO-RUL-45.
    """
    servant = state.masters[seat].servant(servant_id)
    skill = skill_of(state, servant)
    out = [PASS]
    if skill is not None and servant.skill_state is SKILL_FACE_DOWN and skill.trigger == "enemy_moves_in":
        out.extend(act("skill", (servant_id, *pay)) for pay in payments(state, seat, servant_id, skill,
                                                                         np_of(state, seat)))
    return out


def end_move_options(state: FgoState) -> list[Act]:
    """魔境の智慧: trash 1 hand card to move to an empty adjacent non-master area, or not."""
    seat = state.turn
    master = state.masters[seat]
    out = [PASS]
    skills = state.catalog.skills
    movers = [servant for servant in master.party
              if servant.area is not None and servant.skill is not None
              and skills[servant.skill].effect == "end_move" and servant.skill_state is SKILL_FACE_UP]
    if not movers:
        return out
    board = state.board
    masters = set(board.master_areas)
    cards = distinct_cards(state, master.hand)
    for servant in movers:
        assert servant.area is not None
        for area in board.neighbours[servant.area]:
            if area not in masters and state.occupant(area) is None:
                out.extend(act("end_move", (servant.servant, area, card)) for card in cards)
    return out


def use_skill(state: FgoState, seat: int, servant_id: str, target: str | None, payer: str | None = None) -> None:
    """Turn the card face up paying its NP (``payer``: the servant whose face-up 夢幻のカリスマ is removed
    from the game to pay part of it), carry out its effect, remove it unless 【常駐】 (FGO-091..FGO-095)."""
    master = state.masters[seat]
    servant = master.servant(servant_id)
    skill = skill_of(state, servant)
    assert skill is not None
    cost = skill.np_cost
    if payer is not None:
        paying = master.servant(payer)
        paid = state.catalog.skills[paying.skill or ""]
        paying.skill_state = SKILL_REMOVED
        cost = max(0, cost - paid.pays_np)
        if state.events is not QUIET:
            say(state, "skill_paid",
                N_("{seat}'s {skill} of {servant} is removed from the game to pay {np} NP"),
                {"seat": seat, "servant": payer, "skill": paid.id},
                args={"seat": seat_words(seat), "skill": paid.name,
                      "servant": state.catalog.servants[payer].name, "np": paid.pays_np},
                clauses=("FGO-083",))
    pay_np(state, seat, cost)
    servant.skill_state = SKILL_FACE_UP
    servant.skill_revealed = True
    name = state.catalog.servants[servant_id].name
    clauses: tuple[str, ...] = (("FGO-098", "FGO-RUL-45") if skill.kind == "trigger"
                                else ("FGO-090", "FGO-091", "FGO-092"))
    if skill.np_cost:
        clauses += ("FGO-083", "FGO-RUL-48")
    clauses += ("FGO-094", "FGO-095") if skill.kind == "persistent" else ("FGO-093",)
    args = {"seat": seat_words(seat), "servant": name, "skill": skill.name, "text": skill_effect(skill.text),
            "np": skill.np_cost}
    if target is not None:
        args["target"] = state.catalog.servants[target].name
    message = ((N_("{seat}'s {servant} uses {skill} on {target}, turning {np} NP sideways: {text}") if skill.np_cost
                else N_("{seat}'s {servant} uses {skill} on {target}: {text}")) if target is not None else
               (N_("{seat}'s {servant} uses {skill}, turning {np} NP sideways: {text}") if skill.np_cost
                else N_("{seat}'s {servant} uses {skill}: {text}")))
    if state.events is not QUIET:
        say(state, "skill", message, {"seat": seat, "servant": servant_id, "skill": skill.id,
                               "target": target}, args=args, reveals=True, owner=seat,
            clauses=clauses)
    if skill.effect == "power" and skill.kind != "persistent":
        master.turn_skills.append(servant_id)
    elif skill.effect == "card_power":
        servant.skill_target = target
    elif skill.effect == "draw":
        state.draws.append(DrawOrder(seat, skill.amount))
    if skill.kind != "persistent":  # FGO-093, FGO-RUL-43
        servant.skill_state = SKILL_REMOVED


def remove_skill_of_destroyed(state: FgoState, seat: int, servant: ServantInPlay) -> None:
    """A destroyed servant's skill card leaves the game, even face down (FGO-096, FGO-099, FGO-100)."""
    if servant.skill is not None and servant.skill_state is not SKILL_REMOVED:
        servant.skill_state = SKILL_REMOVED
        if state.events is not QUIET:
            say(state, "skill_removed", N_("{seat}'s skill card of {servant} is removed from the game "
                                    "with it"), {"seat": seat, "servant": servant.servant},
                args={"seat": seat_words(seat),
                      "servant": state.catalog.servants[servant.servant].name},
                clauses=("FGO-096", "FGO-099", "FGO-100"))


def could_use(state: FgoState, seat: int, servant_id: str, skill: SkillCard, phase_trigger: bool) -> bool:
    """Whether ``skill``, were it the face-down card of ``servant_id``, could be used now (at the start phase, or
    as the trigger of an enemy moving in), judged from public facts only: NP and face-up skill cards."""
    if phase_trigger != (skill.trigger == "enemy_moves_in"):
        return False
    return bool(payments(state, seat, servant_id, skill, np_of(state, seat)))


def declining_tells_nothing(state: FgoState, seat: int) -> bool:
    """Whether skipping ``seat``'s only option, using no skill, tells the opponent nothing: no skill card that any
    of its face-down cards could be (each servant's public pool of skill cards) could be used now."""
    catalog = state.catalog
    master = state.masters[seat]
    trigger = state.phase.value == "trigger"
    if trigger:
        assert state.attack is not None and state.attack.defender is not None
        servants = [master.servant(state.attack.defender)]
    else:
        servants = [s for s in master.on_map() if s.skill_state is SKILL_FACE_DOWN]
    for servant in servants:
        for skill_id in catalog.servants[servant.servant].skills:
            if could_use(state, seat, servant.servant, catalog.skills[skill_id], trigger):
                return False
    return True
