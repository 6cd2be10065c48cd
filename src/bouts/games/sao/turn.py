"""The turn: ① choosing the chaining partner, Exhaustion and Refresh, ⑥ turn end (SAO-045..SAO-052,
SAO-086..SAO-090, SAO-117..SAO-129)."""

from __future__ import annotations

from bouts.core.decisions import Decision
from bouts.core.events import QUIET
from bouts.core.i18n import Message, Text
from bouts.games.sao import rolling
from bouts.games.sao.i18n import M_, N_
from bouts.games.sao.log import say
from bouts.games.sao.state import SaoState


def lose(state: SaoState, reason: Message, clauses: tuple[str, ...] = ("SAO-113", "SAO-114")) -> None:
    """Game over (SAO-114)."""
    state.result, state.reason, state.pending = "lost", reason, []
    say(state, "game_over", N_("Game over: {reason}"), {"reason": reason.msgid},
        args={"reason": reason}, clauses=clauses)


def win(state: SaoState, reason: Message, clauses: tuple[str, ...] = ("SAO-113", "SAO-115")) -> None:
    """Game beaten (SAO-115)."""
    state.result, state.reason, state.pending = "won", reason, []
    say(state, "game_beaten", N_("Game beaten: {reason}"), {"reason": reason.msgid},
        args={"reason": reason}, clauses=clauses)


def refresh_all(state: SaoState, why: Message, clauses: tuple[str, ...]) -> None:
    """Every character is Refreshed (SAO-052, SAO-108, SAO-118)."""
    for c in state.characters:
        c.exhausted = False
    say(state, "refresh", N_("All characters are Refreshed ({why})"), args={"why": why},
        clauses=clauses)


def return_tokens(state: SaoState, why: Message, clauses: tuple[str, ...]) -> None:
    """Every addition token goes back to its owner (SAO-110, SAO-119)."""
    for owner in list(state.tokens):
        del state.tokens[owner]
        say(state, "token_back", N_("{owner}'s addition token goes back ({why})"), {"owner": owner},
            args={"owner": owner_name(state, owner), "why": why}, clauses=clauses)


def owner_name(state: SaoState, owner: str) -> Text | str:
    """The name of the character whose addition token this is (Lisbeth, Silica)."""
    card = state.catalog.characters.get(owner)
    return card.name if card is not None else owner


def partner_candidates(state: SaoState) -> list[int]:
    """Characters the turn player may chain with (SAO-047, SAO-051, SAO-RUL-28)."""
    exhaustion = state.uses_exhaustion
    return [i for i, c in enumerate(state.characters)
            if not c.dead and i != state.turn_char and not (exhaustion and c.exhausted)]


def start_turn(state: SaoState) -> None:
    """Begin a turn of ``state.turn_char``: refresh check, tokens, then ① select chaining partner."""
    state.turns += 1
    limit = state.turn_limit
    if limit is not None and state.turns > limit:
        lose(state, M_("the turn limit of {limit} was reached", limit=limit), clauses=())
        return
    final = state.is_final_ordeal  # the step does not change here
    if final:
        state.turn_char = state.kirito  # SAO-120, SAO-RUL-35
    state.partner = None
    state.pool, state.rerolls_used, state.passed = [], 0, []
    state.offered, state.controlled, state.used, state.triggered = [], [], [], []
    me = state.characters[state.turn_char]
    if len(state.characters) >= 3 and not final:  # state.uses_exhaustion: SAO-052, SAO-RUL-17
        others = [i for i in state.living() if i != state.turn_char]
        if others and all(state.characters[i].exhausted for i in others):
            refresh_all(state, M_("all the other players are Exhausted"), ("SAO-052", "SAO-RUL-17"))
    if state.tokens:
        for owner, token in list(state.tokens.items()):  # SAO-RUL-37: the holder's next turn begins
            if token.holder == me.id and token.given_on < state.turns and token.kind != "shield":
                state.tokens[owner] = type(token)(token.owner, token.kind, token.holder, token.mode,
                                                  token.given_on, True)
    for c in state.characters:
        c.free_use = False
    me.free_use = state.easy  # SAO-130
    if state.events is not QUIET:
        say(state, "turn", N_("Turn {turn}: {character}'s turn"),
            {"character": me.id, "turn": state.turns}, args={"turn": state.turns, "character": me.name},
            clauses=("SAO-120",) if final else ("SAO-045", "SAO-086") if state.turns > 1 else ("SAO-045",))
    exhaustion = len(state.characters) >= 3 and not final  # partner_candidates(state), the step known
    candidates = [i for i, c in enumerate(state.characters)
                  if not c.dead and i != state.turn_char and not (exhaustion and c.exhausted)]
    if len(candidates) == 1 or (candidates and len(state.characters) == 2):  # SAO-048, SAO-156
        set_partner(state, candidates[0])
    elif not candidates:  # only in the final ordeal: lone Kirito (SAO-126, SAO-129)
        say(state, "partner", N_("{character} has no chaining partner"), args={"character": me.name},
            clauses=("SAO-126", "SAO-129"))
        rolling.begin_dice(state)
    else:
        state.pending.append(Decision.make(me.seat, "chain_partner", character=me.id))


def set_partner(state: SaoState, index: int) -> None:
    """The chaining partner is chosen (SAO-047); then ② roll the dice."""
    state.partner = index
    partner = state.characters[index]
    partner.free_use = state.easy
    if state.events is not QUIET:
        alone = len(state.characters) == 2 or len(partner_candidates(state)) == 1
        say(state, "partner", N_("{character} chains with {partner}"), {"partner": partner.id},
            args={"character": state.characters[state.turn_char].name, "partner": partner.name},
            clauses=("SAO-047", "SAO-048") if alone else ("SAO-047",))
    rolling.begin_dice(state)


def end_turn(state: SaoState) -> None:
    """⑥ Turn end: Exhaustion, token returns, and the turn goes to the partner (SAO-086..SAO-089)."""
    me = state.characters[state.turn_char]
    final = state.is_final_ordeal
    if len(state.characters) >= 3 and not final:  # state.uses_exhaustion
        me.exhausted = True
        if state.events is not QUIET:
            say(state, "exhausted", N_("{character} is Exhausted"), {"character": me.id},
                args={"character": me.name}, clauses=("SAO-087", "SAO-089"))
    for owner, token in list(state.tokens.items()) if state.tokens else ():
        if token.holder == me.id and token.active:  # SAO-136, SAO-140, SAO-RUL-37
            del state.tokens[owner]
            say(state, "token_back", N_("{character} gives the addition token back to {owner}"),
                {"owner": owner}, args={"character": me.name, "owner": owner_name(state, owner)},
                clauses=("SAO-136", "SAO-RUL-37") if owner == "lisbeth"
                else ("SAO-140", "SAO-RUL-37"))
    state.last_partner = state.partner
    if final:
        state.turn_char = state.kirito
    elif state.partner is not None:
        state.turn_char = state.partner
    state.pool, state.used, state.triggered = [], [], []
    start_turn(state)
