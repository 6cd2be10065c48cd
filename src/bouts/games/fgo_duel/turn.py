"""The turn: start, action, charge and end phases (FGO-033..FGO-078), and what follows each step."""

from __future__ import annotations

from functools import partial
from typing import Any, Final

from bouts.core.decisions import SealedChoices
from bouts.core.events import QUIET, Event
from bouts.core.i18n import Message, Text
from bouts.games.fgo_duel import battle, deck, skills
from bouts.games.fgo_duel.cards import CHAIN_NAMES, Board, Catalog
from bouts.games.fgo_duel.deck import (
    DRAW_ORDERS,
    HAND_SIZE,
    SEATS,
    card_name,
    catalog_cards_words,
    catalog_type_words,
    declare_winner,
    seat_words,
)
from bouts.games.fgo_duel.i18n import M_, N_
from bouts.games.fgo_duel.log import say
from bouts.games.fgo_duel.movement import holds_card_of_servant_on_map, legal_moves
from bouts.games.fgo_duel.state import (
    PHASE_ACTION,
    PHASE_BATTLE,
    PHASE_END_MOVE,
    PHASE_MULLIGAN,
    PHASE_OVER,
    PHASE_START,
    PHASE_TRIGGER,
    Attack,
    DrawOrder,
    FgoState,
)


def servant_name(state: FgoState, servant_id: str) -> Text:
    """The name printed on a status card, in both languages."""
    return state.catalog.servants[servant_id].name


def chain_words(chains: tuple[str, ...] | list[str]) -> list[Message]:
    """The chains a battle made, as the rulebook names them (``Quick CHAIN``)."""
    return [M_(CHAIN_NAMES[c]) for c in chains]


def resume(state: FgoState) -> None:
    """Finish pending shuffles and draws, then go on to what comes after them."""
    if not deck.continue_draws(state):
        return
    after, state.after = state.after, ""
    if after == "deal":
        state.phase, state.mulligan_seat = PHASE_MULLIGAN, state.first
    elif after == "mulligan":
        next_mulligan(state)
    elif after == "action":
        action_phase(state)
    elif after == "battle":
        start_battle(state)
    elif after == "end":
        if state.fallen is not None:  # option both_short = draw, only one master fell
            reason = state.reason if isinstance(state.reason, Message) else M_("{text}", text=state.reason)
            declare_winner(state, 1 - state.fallen, reason, ("FGO-031", "FGO-RUL-33"))
            return
        end_phase(state)


def deal(state: FgoState) -> None:
    """Step ④ and ⑤: shuffle each deck and draw 5, first player first (FGO-022, FGO-024)."""
    first, second = state.first, 1 - state.first
    state.draws = [DrawOrder(first, HAND_SIZE), DrawOrder(second, HAND_SIZE)]
    state.after = "deal"
    resume(state)


def next_mulligan(state: FgoState) -> None:
    """Ask the second player after the first (FGO-RUL-36); then the game begins (FGO-027)."""
    if state.mulligan_seat == state.first:
        state.phase, state.mulligan_seat = PHASE_MULLIGAN, 1 - state.first
        return
    state.turn = state.first  # FGO-035
    begin_turn(state)


def begin_turn(state: FgoState) -> None:
    """Start phase (FGO-036, FGO-090)."""
    limit = state.turn_limit
    if limit is not None and state.turns >= limit:
        state.phase, state.reason = PHASE_OVER, M_("the turn limit ({limit}) was reached: a draw", limit=limit)
        if state.events is not QUIET:
            say(state, "turn_limit", N_("the turn limit ({limit}) was reached: a draw"),
                args={"limit": limit})
        return
    turns = state.turns = state.turns + 1
    seat = state.turn
    for master in state.masters:
        if master.turn_skills:
            master.turn_skills = []
    if state.events is not QUIET:
        state.events.append(Event("turn", TURN_MSG, {"turn": turns, "seat": seat},
                                  args={"turn": turns, "seat": SEATS[seat]}, clauses=TURN_CLAUSES, domain=DOMAIN))
    if state.advanced and skills.has_face_down_skill(state, seat):
        state.phase = PHASE_START
        return
    moves = legal_moves(state, seat)  # action_phase(state), without the call
    if moves:
        state.phase = PHASE_ACTION
        state._legal[seat] = tuple(moves)  # the contract's cache of legal actions: found once, not twice
    else:
        _no_move(state, seat)


def action_phase(state: FgoState) -> None:
    """Move one servant if possible (FGO-037, FGO-040); else trash the whole hand (FGO-043) or pass (FGO-RUL-13)."""
    seat = state.turn
    moves = legal_moves(state, seat)
    if moves:
        state.phase = PHASE_ACTION
        state._legal[seat] = tuple(moves)  # the contract's cache of legal actions: found once, not twice
        return
    _no_move(state, seat)


def _no_move(state: FgoState, seat: int) -> None:
    """The action phase of ``seat``, which has no legal move (FGO-040, FGO-043, FGO-RUL-13, FGO-RUL-14)."""
    master = state.masters[seat]
    if holds_card_of_servant_on_map(state, seat) and state.options.boxed_in == "keep_hand":
        if state.events is not QUIET:
            say(state, "no_move", N_("{seat} has no legal move: the action phase ends"), {"seat": seat},
                args={"seat": seat_words(seat)}, reveals=True, owner=seat,
                clauses=("FGO-040", "FGO-RUL-13"))
        state.stalled += 1
        if state.stalled > 2:  # both masters boxed in with full hands: nothing can ever change
            state.phase, state.reason = PHASE_OVER, M_("neither master can ever move again: a draw")
            if state.events is not QUIET:
                say(state, "stalemate", N_("neither master can ever move again: a draw"),
                    clauses=("FGO-RUL-13",))
            return
    else:
        names = [card_name(state, c) for c in master.hand]
        master.trash.extend(master.hand)
        if state.events is not QUIET:
            say(state, "trash_hand", N_("{seat} holds no card of a servant on the map and puts its whole "
                                 "hand into the trash ({cards})") if names else
                N_("{seat} holds no card and no servant can move: the action phase ends"),
                {"seat": seat, "cards": list(master.hand)},
                args={"seat": seat_words(seat), "cards": names}, reveals=True, owner=seat,
                clauses=("FGO-043", "FGO-RUL-14"))
        master.hand = []
    charge_phase(state)


def declare_move(state: FgoState, seat: int, servant_id: str, area: str, card: str) -> None:
    """Pay the card (FGO-038, FGO-RUL-15), then win (FGO-030), battle (FGO-046) or move (FGO-047, FGO-066)."""
    master = state.masters[seat]
    for servant in master.party:  # master.servant(servant_id), without the call
        if servant.servant == servant_id:
            break
    else:  # pragma: no cover - legality was checked
        raise StopIteration(servant_id)
    origin = servant.area
    assert origin is not None
    master.hand.remove(card)
    master.trash.append(card)  # FGO-044: face up, upright
    state.stalled = 0
    catalog = state.catalog
    board = state.map_board
    if state.events is not QUIET:
        state.events.append(Event("move", MOVE_MSG,
                                  {"seat": seat, "servant": servant_id, "from": origin, "to": area, "card": card},
                                  args=partial(_move_args, catalog, board, seat, card, servant_id, area),
                                  reveals=True, owner=seat, clauses=MOVE_CLAUSES, domain=DOMAIN))
    if area == board.master_areas[1 - seat]:
        servant.area = area
        declare_winner(state, seat, M_("{servant} entered the enemy master area",
                                       servant=servant_name(state, servant_id)), ("FGO-030",))
        return
    for defender in state.masters[1 - seat].party:  # FGO-041: an own servant never stands there (state.occupant)
        if defender.area == area:
            break
    else:
        servant.area = area
        charge_phase(state)
        return
    state.attack = Attack(servant_id, origin, area, defender.servant)
    if state.advanced and defender.skill_state is not None and defender.skill_state.value == "face_down":
        state.phase = PHASE_TRIGGER
    else:
        start_battle(state)


DOMAIN: Final = "fgo_duel"
"""The message catalog of FGO Duel's events."""
TURN_MSG: Final = N_("Turn {turn}: {seat}'s turn")
TURN_CLAUSES: Final = ("FGO-033", "FGO-034")
MOVE_MSG: Final = N_("{seat} moves {servant} to {area}, putting its {card} into the trash")
MOVE_CLAUSES: Final = ("FGO-037", "FGO-038", "FGO-044", "FGO-RUL-15")


def _move_args(catalog: Catalog, board: Board, seat: int, card: str, servant_id: str, area: str) -> dict[str, Any]:
    """A move's arguments, made when someone reads the log (a rollout never does)."""
    return {"seat": SEATS[seat], "card": catalog_type_words(catalog, card),
            "servant": catalog.servants[servant_id].name, "area": board.names[area]}


def start_battle(state: FgoState) -> None:
    """Step ①: both players choose battle cards in secret (FGO-048)."""
    state.phase = PHASE_BATTLE
    state.sealed = SealedChoices(waiting=[state.turn, 1 - state.turn])
    attack = state.attack
    assert attack is not None
    if state.events is not QUIET:
        state.events.append(Event("battle", BATTLE_MSG, {"attacker": attack.attacker, "defender": attack.defender,
                                                          "area": attack.destination},
                                  args=partial(_battle_args, state.catalog, state.options.map, attack),
                                  clauses=BATTLE_CLAUSES, domain=DOMAIN))


BATTLE_MSG: Final = N_("Battle: {attacker} attacks {defender} in {area}; both masters choose 3 command cards face down")
BATTLE_CLAUSES: Final = ("FGO-046", "FGO-048")


def _battle_args(catalog: Catalog, map_id: str, attack: Attack) -> dict[str, Any]:
    """A battle's arguments, made when someone reads the log (an attack is never changed)."""
    return {"attacker": catalog.servants[attack.attacker].name,
            "defender": catalog.servants[attack.defender or ""].name,
            "area": catalog.boards[map_id].names[attack.destination]}


SIDE_KEYS: Final = ("0", "1")
"""Each seat as a key of ``last_battle["seats"]``."""


def resolve_battle(state: FgoState) -> None:
    """Steps ② to ⑤ and the move (FGO-050..FGO-069)."""
    sealed, attack = state.sealed, state.attack
    assert sealed is not None and attack is not None
    chosen = sealed.revealed()
    state.sealed = None
    defender_id = attack.defender
    assert defender_id is not None
    attacker_seat = state.turn
    defender_seat = 1 - attacker_seat
    masters = state.masters
    attacker_cards, defender_cards = chosen[attacker_seat], chosen[defender_seat]
    attacker_total = battle.total_of(state, attacker_seat, attacker_cards, attack.attacker, defender_id)
    defender_total = battle.total_of(state, defender_seat, defender_cards, defender_id, attack.attacker)
    if attacker_total.chains:
        battle.place_chips(state, attacker_seat, attacker_total.chains)
    if defender_total.chains:
        battle.place_chips(state, defender_seat, defender_total.chains)
    a, d = attacker_total.value, defender_total.value
    result = "attacker" if a > d else ("defender" if d > a else "tie")
    catalog = state.catalog
    card_names, kinds = catalog.card_names, catalog.kinds
    sides: dict[str, object] = {}
    for s, servant, total, played in ((attacker_seat, attack.attacker, attacker_total, attacker_cards),
                                      (defender_seat, defender_id, defender_total, defender_cards)):
        sides[SIDE_KEYS[s]] = {"servant": servant, "cards": list(played), "chains": list(total.chains),
                               "total": total.value, "cards_power": total.cards, "buster": total.buster,
                               "brave": total.brave, "chips": total.chips, "skills": total.skills,
                               "cards_text": [card_names[c] for c in played],
                               "codes": [[kinds[c][1], kinds[c][2]] for c in played]}
    last_battle: dict[str, object] = {"attacker": attacker_seat, "result": result, "seats": sides}
    state.last_battle = last_battle
    clauses: tuple[str, ...] = RESULT_CLAUSES[result]
    if attacker_total.chains or defender_total.chains:
        clauses += tuple(sorted({CHAIN_CLAUSES[c] for c in (*attacker_total.chains, *defender_total.chains)}))
    if state.events is not QUIET:
        state.events.append(Event("reveal", REVEAL_MSG, dict(last_battle),
                                  args=partial(_reveal_args, catalog, result,
                                               ((attacker_seat, tuple(attacker_cards), attacker_total),
                                                (defender_seat, tuple(defender_cards), defender_total))),
                                  reveals=True, clauses=clauses, domain=DOMAIN))
    for seat, played in ((attacker_seat, attacker_cards), (defender_seat, defender_cards)):  # step ⑤
        master = masters[seat]
        master.trash.extend(played)
        master.battle = []
    if result == "attacker":  # FGO-059, FGO-062, FGO-067
        defender = masters[defender_seat].servant(defender_id)
        defender.area = None
        skills.remove_skill_of_destroyed(state, defender_seat, defender)
        if state.events is not QUIET:
            say(state, "destroyed", N_("{servant} is destroyed (its figure is removed from the game); "
                                "{attacker} moves into {area}"),
                {"seat": defender_seat, "servant": defender_id},
                args={"servant": servant_name(state, defender_id),
                      "attacker": servant_name(state, attack.attacker),
                      "area": state.board.names[attack.destination]},
                clauses=("FGO-059", "FGO-062", "FGO-063", "FGO-067"))
        masters[attacker_seat].servant(attack.attacker).area = attack.destination
        if not masters[defender_seat].on_map():  # FGO-029
            declare_winner(state, attacker_seat, M_("all 3 enemy servants are destroyed"), ("FGO-029",))
            return
    charge_phase(state)


REVEAL_MSG: Final = N_("Revealed: {attacker}; {defender}; {result}")


def _reveal_args(catalog: Any, result: str, sides: tuple[tuple[int, tuple[str, ...], battle.Total], ...]
                 ) -> dict[str, Any]:
    """The reveal's arguments, made when someone reads the log (a rollout never does): each side's cards, chains
    and total (the table breaks each total down; the log line keeps to one row), and the verdict."""
    words = []
    for seat, cards, total in sides:
        if total.chains:
            words.append(M_("{seat}: {cards} ({chains}) = {total}", seat=seat_words(seat),
                            cards=catalog_cards_words(catalog, cards), chains=chain_words(total.chains),
                            total=total.value))
        else:
            words.append(M_("{seat}: {cards} = {total}", seat=seat_words(seat),
                            cards=catalog_cards_words(catalog, cards), total=total.value))
    verdict = {"attacker": M_("the attacker wins"), "defender": M_("the defender holds (a greater total)"),
               "tie": M_("a tie: nothing happens")}[result]
    return {"attacker": words[0], "defender": words[1], "result": verdict}


RESULT_CLAUSES: Final = {"attacker": ("FGO-057", "FGO-058", "FGO-059"), "defender": ("FGO-057", "FGO-058", "FGO-060"),
                  "tie": ("FGO-057", "FGO-061", "FGO-069")}
"""The rules a battle's reveal applies, by result."""
CHAIN_CLAUSES: Final = {"quick": "FGO-051", "arts": "FGO-052", "buster": "FGO-053", "brave": "FGO-054"}
"""The rule of each chain."""


def charge_phase(state: FgoState) -> None:
    """Both players draw up to 5, turn player first (FGO-070, FGO-RUL-33, FGO-RUL-34)."""
    state.attack = None
    first = state.turn
    masters = state.masters
    first_master, second_master = masters[first], masters[1 - first]
    first_need = HAND_SIZE - len(first_master.hand)
    second_need = HAND_SIZE - len(second_master.hand)
    if (state.fallen is None and not first_master.unshuffled and not second_master.unshuffled
            and len(first_master.deck) >= first_need and len(second_master.deck) >= second_need):
        # the usual charge: no shuffle, no rebuild, nobody fallen, so the pending draws of the general path below
        # (continue_draws) would each draw in full and come to end_phase: made at once, with the same events
        if state.draws:
            state.draws = []
        if state.after:
            state.after = ""
        if first_need > 0:
            deck.draw_from(state, first, first_need, deck.CHARGE_DRAW_CLAUSES)
        if second_need > 0:
            deck.draw_from(state, 1 - first, second_need, deck.CHARGE_DRAW_CLAUSES)
        end_phase(state)
        return
    orders = DRAW_ORDERS  # DrawOrder is never changed in place: one object per (seat, count) serves every state
    state.draws = [orders[first][max(0, first_need)], orders[1 - first][max(0, second_need)]]
    state.after = "end"
    resume(state)


def end_phase(state: FgoState) -> None:
    """Chips advance (FGO-075, FGO-076); 魔境の智慧 may move; the turn ends (FGO-077)."""
    masters = state.masters
    if masters[0].chips or masters[1].chips:
        battle.advance_chips(state)
    if state.advanced:
        options = skills.end_move_options(state)
        if len(options) > 1:
            state.phase = PHASE_END_MOVE
            state._legal[state.turn] = tuple(options)  # the contract's cache of legal actions: found once
            return
    state.turn = 1 - state.turn  # finish_turn(state), without the call
    begin_turn(state)


def finish_turn(state: FgoState) -> None:
    """The other player's turn begins (FGO-033, FGO-078)."""
    state.turn = 1 - state.turn
    begin_turn(state)
