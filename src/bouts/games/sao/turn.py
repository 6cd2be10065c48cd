"""The turn: ① choosing the chaining partner, Exhaustion and Refresh, ⑥ turn end (SAO-045..SAO-052,
SAO-086..SAO-090, SAO-117..SAO-129)."""

from __future__ import annotations

from bouts.core.decisions import Decision
from bouts.core.events import Event
from bouts.games.sao import rolling
from bouts.games.sao.state import SaoState


def lose(state: SaoState, reason: str) -> None:
    """Game over (SAO-114)."""
    state.result, state.reason, state.pending = "lost", reason, []
    state.events.append(Event("game_over", f"Game over: {reason}", {"reason": reason}))


def win(state: SaoState, reason: str) -> None:
    """Game beaten (SAO-115)."""
    state.result, state.reason, state.pending = "won", reason, []
    state.events.append(Event("game_beaten", f"Game beaten: {reason}", {"reason": reason}))


def refresh_all(state: SaoState, why: str) -> None:
    """Every character is Refreshed (SAO-052, SAO-108, SAO-118)."""
    for c in state.characters:
        c.exhausted = False
    state.events.append(Event("refresh", f"All characters are Refreshed ({why})"))


def return_tokens(state: SaoState, why: str) -> None:
    """Every addition token goes back to its owner (SAO-110, SAO-119)."""
    for owner in list(state.tokens):
        del state.tokens[owner]
        state.events.append(Event("token_back", f"{owner.capitalize()}'s token goes back ({why})",
                                  {"owner": owner}))


def partner_candidates(state: SaoState) -> list[int]:
    """Characters the turn player may chain with (SAO-047, SAO-051, SAO-RUL-28)."""
    exhaustion = state.uses_exhaustion
    return [i for i, c in enumerate(state.characters)
            if not c.dead and i != state.turn_char and not (exhaustion and c.exhausted)]


def start_turn(state: SaoState) -> None:
    """Begin a turn of ``state.turn_char``: refresh check, tokens, then ① select chaining partner."""
    state.turns += 1
    limit = state.options.turn_limit
    if limit is not None and state.turns > limit:
        lose(state, f"the turn limit of {limit} was reached")
        return
    if state.is_final_ordeal:
        state.turn_char = state.kirito  # SAO-120, SAO-RUL-35
    state.partner = None
    state.pool, state.rerolls_used, state.passed = [], 0, []
    state.offered, state.controlled, state.used, state.triggered = [], [], [], []
    me = state.characters[state.turn_char]
    if state.uses_exhaustion:  # SAO-052, SAO-RUL-17
        others = [i for i in state.living() if i != state.turn_char]
        if others and all(state.characters[i].exhausted for i in others):
            refresh_all(state, "all the other players are Exhausted")
    for owner, token in list(state.tokens.items()):  # SAO-RUL-37: the holder's next turn begins
        if token.holder == me.id and token.given_on < state.turns and token.kind != "shield":
            state.tokens[owner] = type(token)(token.owner, token.kind, token.holder, token.mode,
                                              token.given_on, True)
    for c in state.characters:
        c.free_use = False
    me.free_use = state.options.difficulty == "easy"  # SAO-130
    state.events.append(Event("turn", f"Turn {state.turns}: {me.name}'s turn",
                              {"character": me.id, "turn": state.turns}))
    candidates = partner_candidates(state)
    if len(candidates) == 1 or (candidates and len(state.characters) == 2):  # SAO-048, SAO-156
        set_partner(state, candidates[0])
    elif not candidates:  # only in the final ordeal: lone Kirito (SAO-126, SAO-129)
        state.events.append(Event("partner", f"{me.name} has no chaining partner"))
        rolling.begin_dice(state)
    else:
        state.pending.append(Decision.make(me.seat, "chain_partner", character=me.id))


def set_partner(state: SaoState, index: int) -> None:
    """The chaining partner is chosen (SAO-047); then ② roll the dice."""
    state.partner = index
    partner = state.characters[index]
    partner.free_use = state.options.difficulty == "easy"
    state.events.append(Event("partner", f"{state.characters[state.turn_char].name} chains with "
                              f"{partner.name}", {"partner": partner.id}))
    rolling.begin_dice(state)


def end_turn(state: SaoState) -> None:
    """⑥ Turn end: Exhaustion, token returns, and the turn goes to the partner (SAO-086..SAO-089)."""
    me = state.characters[state.turn_char]
    if state.uses_exhaustion:
        me.exhausted = True
        state.events.append(Event("exhausted", f"{me.name} is Exhausted", {"character": me.id}))
    for owner, token in list(state.tokens.items()):
        if token.holder == me.id and token.active:  # SAO-136, SAO-140, SAO-RUL-37
            del state.tokens[owner]
            state.events.append(Event("token_back", f"{me.name} gives the token back to "
                                      f"{owner.capitalize()}", {"owner": owner}))
    state.last_partner = state.partner
    if state.is_final_ordeal:
        state.turn_char = state.kirito
    elif state.partner is not None:
        state.turn_char = state.partner
    state.pool, state.used, state.triggered = [], [], []
    start_turn(state)
