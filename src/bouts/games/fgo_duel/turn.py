"""The turn: start, action, charge and end phases (FGO-033..FGO-078), and what follows each step."""

from __future__ import annotations

from bouts.core.decisions import SealedChoices
from bouts.core.events import Event
from bouts.games.fgo_duel import battle, deck, skills
from bouts.games.fgo_duel.deck import HAND_SIZE, card_name, declare_winner
from bouts.games.fgo_duel.movement import holds_card_of_servant_on_map, legal_moves
from bouts.games.fgo_duel.state import Attack, DrawOrder, FgoState, Phase


def servant_name(state: FgoState, servant_id: str) -> str:
    """The name printed on a status card."""
    return str(state.catalog.servants[servant_id].name)


def resume(state: FgoState) -> None:
    """Finish pending shuffles and draws, then go on to what comes after them."""
    if not deck.continue_draws(state):
        return
    after, state.after = state.after, ""
    if after == "deal":
        state.phase, state.mulligan_seat = Phase.MULLIGAN, state.first
    elif after == "mulligan":
        next_mulligan(state)
    elif after == "action":
        action_phase(state)
    elif after == "battle":
        start_battle(state)
    elif after == "end":
        if state.fallen is not None:  # option both_short = draw, only one master fell
            declare_winner(state, 1 - state.fallen, state.reason)
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
        state.phase, state.mulligan_seat = Phase.MULLIGAN, 1 - state.first
        return
    state.turn = state.first  # FGO-035
    begin_turn(state)


def begin_turn(state: FgoState) -> None:
    """Start phase (FGO-036, FGO-090)."""
    limit = state.options.turn_limit
    if limit is not None and state.turns >= limit:
        state.phase, state.reason = Phase.OVER, f"the turn limit ({limit}) was reached: a draw"
        state.events.append(Event("turn_limit", state.reason))
        return
    state.turns += 1
    for master in state.masters:
        master.turn_skills = []
    state.events.append(Event("turn", f"Turn {state.turns}: seat {state.turn}", {"turn": state.turns,
                                                                                  "seat": state.turn}))
    if state.options.advanced and skills.has_face_down_skill(state, state.turn):
        state.phase = Phase.START
    else:
        action_phase(state)


def action_phase(state: FgoState) -> None:
    """Move one servant if possible (FGO-037, FGO-040); else trash the whole hand (FGO-043) or pass (FGO-RUL-13)."""
    seat = state.turn
    moves = legal_moves(state, seat)
    if moves:
        state.phase = Phase.ACTION
        state._legal[seat] = tuple(moves)  # the contract's cache of legal actions: found once, not twice
        return
    master = state.masters[seat]
    if holds_card_of_servant_on_map(state, seat) and state.options.boxed_in == "keep_hand":
        state.events.append(Event("no_move", f"Seat {seat} has no legal move: the action phase ends",
                                  {"seat": seat}, reveals=True, owner=seat))
        state.stalled += 1
        if state.stalled > 2:  # both masters boxed in with full hands: nothing can ever change
            state.phase, state.reason = Phase.OVER, "neither master can ever move again: a draw"
            state.events.append(Event("stalemate", state.reason))
            return
    else:
        names = ", ".join(card_name(state, c) for c in master.hand)
        master.trash.extend(master.hand)
        state.events.append(Event("trash_hand", f"Seat {seat} holds no card of a servant on the map and "
                                  f"trashes its whole hand ({names or 'empty'})",
                                  {"seat": seat, "cards": list(master.hand)}, reveals=True, owner=seat))
        master.hand = []
    charge_phase(state)


def declare_move(state: FgoState, seat: int, servant_id: str, area: str, card: str) -> None:
    """Pay the card (FGO-038, FGO-RUL-15), then win (FGO-030), battle (FGO-046) or move (FGO-047, FGO-066)."""
    master = state.masters[seat]
    servant = master.servant(servant_id)
    assert servant.area is not None
    master.hand.remove(card)
    master.trash.append(card)  # FGO-044: face up, upright
    state.stalled = 0
    board = state.board
    state.events.append(Event("move", f"Seat {seat} trashes {state.catalog.card_names[card]} to move "
                              f"{servant_name(state, servant_id)} to {board.names[area]}",
                              {"seat": seat, "servant": servant_id, "from": servant.area, "to": area, "card": card},
                              reveals=True, owner=seat))
    if area == board.master_areas[1 - seat]:
        servant.area = area
        declare_winner(state, seat, f"{servant_name(state, servant_id)} entered the enemy master area")
        return
    found = state.occupant(area)
    if found is None:
        servant.area = area
        charge_phase(state)
        return
    _, defender = found
    state.attack = Attack(servant_id, servant.area, area, defender.servant)
    if state.options.advanced and defender.skill_state is not None and defender.skill_state.value == "face_down":
        state.phase = Phase.TRIGGER
    else:
        start_battle(state)


def start_battle(state: FgoState) -> None:
    """Step ①: both players choose battle cards in secret (FGO-048)."""
    state.phase = Phase.BATTLE
    state.sealed = SealedChoices(waiting=[state.turn, 1 - state.turn])
    attack = state.attack
    assert attack is not None
    place = state.board.names[attack.destination]
    state.events.append(Event("battle", f"Battle: {servant_name(state, attack.attacker)} attacks "
                              f"{servant_name(state, attack.defender or '')} in {place}",
                              {"attacker": attack.attacker, "defender": attack.defender, "area": attack.destination}))


def resolve_battle(state: FgoState) -> None:
    """Steps ② to ⑤ and the move (FGO-050..FGO-069)."""
    assert state.sealed is not None and state.attack is not None
    chosen = state.sealed.revealed()
    state.sealed = None
    attack = state.attack
    assert attack.defender is not None
    attacker_seat, defender_seat = state.turn, 1 - state.turn
    fighting = {attacker_seat: attack.attacker, defender_seat: attack.defender}
    totals = {}
    for seat in (attacker_seat, defender_seat):
        cards = list(chosen[seat])
        state.masters[seat].battle = cards
        totals[seat] = battle.total_of(state, seat, cards, fighting[seat], fighting[1 - seat])
    for seat in (attacker_seat, defender_seat):
        battle.place_chips(state, seat, totals[seat].chains)
    a, d = totals[attacker_seat].value, totals[defender_seat].value
    result = "attacker" if a > d else ("defender" if d > a else "tie")
    state.last_battle = {
        "attacker": attacker_seat, "result": result,
        "seats": {str(s): {"servant": fighting[s], "cards": list(chosen[s]), "chains": list(totals[s].chains),
                           "total": totals[s].value, "cards_power": totals[s].cards, "buster": totals[s].buster,
                           "brave": totals[s].brave, "chips": totals[s].chips, "skills": totals[s].skills,
                           "cards_text": [state.catalog.card_names[c] for c in chosen[s]]}
                  for s in (attacker_seat, defender_seat)},
    }
    names = state.catalog.card_names
    parts = []
    for s in (attacker_seat, defender_seat):
        chains = totals[s].chains
        parts.append(f"seat {s}: " + ", ".join([names[c] for c in chosen[s]])
                     + (f" [{' '.join(chains)} CHAIN]" if chains else "") + f" = {totals[s].value} ("
                     + battle.breakdown(totals[s].cards, totals[s].buster, totals[s].brave, totals[s].chips,
                                        totals[s].skills) + ")")
    text = "; ".join(parts)
    state.events.append(Event("reveal", f"Battle cards revealed: {text}; {result}"
                              + (" wins" if result != "tie" else ""), dict(state.last_battle), reveals=True))
    for seat in (attacker_seat, defender_seat):  # step ⑤
        master = state.masters[seat]
        master.trash.extend(master.battle)
        master.battle = []
    if result == "attacker":  # FGO-059, FGO-062, FGO-067
        defender = state.masters[defender_seat].servant(attack.defender)
        defender.area = None
        skills.remove_skill_of_destroyed(state, defender_seat, defender)
        state.events.append(Event("destroyed", f"{servant_name(state, attack.defender)} is destroyed",
                                  {"seat": defender_seat, "servant": attack.defender}))
        state.masters[attacker_seat].servant(attack.attacker).area = attack.destination
        if not state.masters[defender_seat].on_map():  # FGO-029
            declare_winner(state, attacker_seat, "all 3 enemy servants are destroyed")
            return
    charge_phase(state)


def charge_phase(state: FgoState) -> None:
    """Both players draw up to 5, turn player first (FGO-070, FGO-RUL-33, FGO-RUL-34)."""
    state.attack = None
    first, second = state.turn, 1 - state.turn
    masters = state.masters
    state.draws = [DrawOrder(first, max(0, HAND_SIZE - len(masters[first].hand))),
                   DrawOrder(second, max(0, HAND_SIZE - len(masters[second].hand)))]
    state.after = "end"
    resume(state)


def end_phase(state: FgoState) -> None:
    """Chips advance (FGO-075, FGO-076); 魔境の智慧 may move; the turn ends (FGO-077)."""
    battle.advance_chips(state)
    if state.options.advanced:
        options = skills.end_move_options(state)
        if len(options) > 1:
            state.phase = Phase.END_MOVE
            state._legal[state.turn] = tuple(options)  # the contract's cache of legal actions: found once
            return
    finish_turn(state)


def finish_turn(state: FgoState) -> None:
    """The other player's turn begins (FGO-033, FGO-078)."""
    state.turn = 1 - state.turn
    begin_turn(state)
