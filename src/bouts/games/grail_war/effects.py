"""Card effects by effect id: 使用時 (on use, DGW-074) and 対決時 (on clash, DGW-091).

Each card's ``effect`` in the content names an entry of :data:`ON_USE` and/or :data:`ON_CLASH`.
Residual (残留) and constant (常時) effects are read where they apply (:mod:`battle`, :mod:`outpost`,
:mod:`movement`).
"""

from __future__ import annotations

from collections.abc import Callable

from bouts.core.contract import Words
from bouts.games.grail_war.board import draw, gain_mana, gain_spoils, log, name
from bouts.games.grail_war.i18n import M_, N_
from bouts.games.grail_war.movement import enter, free_move_targets, recon_open
from bouts.games.grail_war.state import BATTLEFIELDS, PLACE_NAMES, PLACES, RECON, GrailState, Pending

Hook = Callable[[GrailState, int, str], None]


def make_lose(state: GrailState, target: int, why: Words) -> None:
    """敗北させる: ``target`` cannot win this round (DGW-G17), unless 幸運 cancels it."""
    p = state.players[target]
    if p.protected:
        log(state, "effect", N_("{master} is protected by Luck from {why}"), {"seat": target},
            args={"master": name(state, target), "why": why}, clauses=("DGW-G17",))
        return
    p.lost = True
    log(state, "effect", N_("{master} is made to lose this round ({why})"), {"seat": target},
        args={"master": name(state, target), "why": why}, clauses=("DGW-G17",))


def others_here(state: GrailState, seat: int) -> list[int]:
    """Other players on ``seat``'s battlefield (the NPC is not a player)."""
    here = state.players[seat].location
    if here not in BATTLEFIELDS:
        return []
    return [s for s in state.living() if s != seat and state.players[s].location == here]


def reveal(state: GrailState, seat: int, why: Words) -> None:
    """Turn the servant tarot face up (真名解放, DGW-073)."""
    p = state.players[seat]
    if not p.revealed:
        p.revealed = p.exposed = True
        servant = state.catalog.servants[p.servant].name
        log(state, "reveal", N_("{master} reveals the servant: {servant} ({why})"),
            {"seat": seat, "servant": p.servant}, args={"master": name(state, seat), "servant": servant, "why": why},
            reveals=True, owner=seat, clauses=("DGW-073",))


def _excalibur(state: GrailState, seat: int, card: str) -> None:
    if state.climax_card is not None:
        state.players[seat].power_bonus += state.catalog.cards[card].amount


def _ubw(state: GrailState, seat: int, card: str) -> None:
    p = state.players[seat]
    taken = p.deck + [c for c, _ in p.trash]
    p.epoch += 1  # everyone knows the whole deck and trash are in hand now
    p.since.update((c, p.epoch) for c, up in p.trash if up)
    p.origin.update((c, p.epoch) for c in taken)
    p.hand.extend(taken)
    p.deck, p.trash = [], []
    log(state, "effect", N_("{master}: {card} takes the whole servant deck into hand ({count} cards)"),
        {"seat": seat, "count": len(taken)},
        args={"master": name(state, seat), "card": state.catalog.cards[card].name, "count": len(taken)},
        clauses=("DGW-S06",))


def _multiply_land(factor: int | None) -> Hook:
    """Land advantage times ``factor`` (``None``: the card's amount)."""
    def hook(state: GrailState, seat: int, card: str) -> None:
        state.players[seat].land_multiplier *= factor or state.catalog.cards[card].amount
    return hook


def _win_bonus(state: GrailState, seat: int, card: str) -> None:
    state.players[seat].win_bonus += state.catalog.cards[card].amount


def _goto(workshop: bool) -> Hook:
    def hook(state: GrailState, seat: int, card: str) -> None:
        choices = free_move_targets(state, seat, workshop)
        if choices:
            state.pending.append(Pending("goto", seat, card, choices))
    return hook


def _rule_breaker(state: GrailState, seat: int, card: str) -> None:
    targets = tuple(str(s + 1) for s in others_here(state, seat) if state.players[s].command_spells <= 1)
    if targets:  # by the seat numbers the table prints (P1 is 1)
        state.pending.append(Pending("target", seat, card, targets))


def rule_breaker_hits(state: GrailState, seat: int, target: int, card: str) -> None:
    """破戒すべき全ての符 on ``target``: loses, command spells 0, no more cards; the card's amount (+10) of power
    to the user."""
    t = state.players[target]
    make_lose(state, target, state.catalog.cards[card].name)
    if t.lost:
        t.command_spells = 0
        t.blocked = True
        state.players[seat].power_bonus += state.catalog.cards[card].amount
        from bouts.games.grail_war.masters import check_forced_change
        check_forced_change(state, target)


def after_goto(state: GrailState, seat: int, card: str) -> None:
    """騎英の手綱: after moving, take every land advantage token of that battlefield."""
    if state.catalog.cards[card].effect != "bellerophon":
        return
    here = state.players[seat].location
    if here in BATTLEFIELDS:
        for token in (f"{here}3", f"{here}1"):
            holder = state.tokens[token]
            if holder != seat:
                msg = N_("{master} takes the +{value} land advantage of {place}") if holder is None else \
                    N_("{master} takes the +{value} land advantage of {place} from {holder}")
                log(state, "effect", msg, {"seat": seat, "token": token},
                    args={"master": name(state, seat), "value": int(token[-1]), "place": PLACE_NAMES[here],
                          "holder": name(state, holder) if holder is not None else ""}, clauses=("DGW-S15",))
            state.tokens[token] = seat


def _petrification(state: GrailState, seat: int, card: str) -> None:
    for other in others_here(state, seat):
        o = state.players[other]
        if o.acted and not any(up and "special" in state.catalog.cards[c].attributes for c, up, _ in o.played):
            make_lose(state, other, state.catalog.cards[card].name)


def _riding(state: GrailState, seat: int, card: str) -> None:
    state.pending.append(Pending("riding", seat, card))


def _independent(state: GrailState, seat: int, card: str) -> None:
    c = state.catalog.cards[card]
    gain_spoils(state, seat, c.amount, M_("{card} (on use)", card=c.name), ("DGW-S25",))


def _second_sword(state: GrailState, seat: int, card: str) -> None:
    here = state.players[seat].location
    if here in BATTLEFIELDS:
        state.silence[here] = seat


def _tsubame(state: GrailState, seat: int, card: str) -> None:
    used = {c for c, up, _ in state.players[seat].played if up}
    if {"first_sword", "second_sword"} <= used:  # 燕返し (DGW-S24)
        reveal(state, seat, M_("Tsubame Gaeshi"))
        state.players[seat].power_bonus += state.catalog.cards[card].amount


def _self_modification(state: GrailState, seat: int, card: str) -> None:
    p = state.players[seat]
    p.revealed = False
    log(state, "effect", N_("{master}: {card} hides the true name again"), {"seat": seat},
        args={"master": name(state, seat), "card": state.catalog.cards[card].name}, clauses=("DGW-S28",))
    gain_spoils(state, seat, 2, M_("{card} (on use)", card=state.catalog.cards[card].name), ("DGW-S28",))


def _rush(state: GrailState, seat: int, card: str) -> None:
    here = state.players[seat].location
    if here is None or here == RECON:
        return
    dest = PLACES[PLACES.index(here) + 1]
    if dest == RECON and not recon_open(state):
        return
    enter(state, seat, dest, state.catalog.cards[card].name)


def _luck(state: GrailState, seat: int, card: str) -> None:
    p = state.players[seat]
    p.protected = True
    p.lost = False


def _draw(state: GrailState, seat: int, card: str) -> None:
    state.players[seat].owed += state.catalog.cards[card].amount
    draw(state, seat)


def _mana(state: GrailState, seat: int, card: str) -> None:
    gain_mana(state, seat, state.catalog.cards[card].amount)


def _land_here(state: GrailState, seat: int) -> str | None:
    here = state.players[seat].location
    return here if here in BATTLEFIELDS else None


def _nullify(state: GrailState, seat: int, card: str) -> None:
    here, target = _land_here(state, seat), state.catalog.cards[card].target
    if here is not None and target is not None:
        state.nullify.append((here, target, seat))


def _thrown(state: GrailState, seat: int, card: str) -> None:
    state.players[seat].win_bonus += len(others_here(state, seat)) * state.catalog.cards[card].amount


def _thrust(state: GrailState, seat: int, card: str) -> None:
    others = others_here(state, seat)
    if len(others) == 1:
        make_lose(state, others[0], state.catalog.cards[card].name)


def _flag(flag: str) -> Hook:
    def hook(state: GrailState, seat: int, card: str) -> None:
        if _land_here(state, seat) is not None:
            state.players[seat].flags.append(flag)
    return hook


def _zabaniya(state: GrailState, seat: int, card: str) -> None:
    if state.climax_card is not None and state.catalog.situations[state.climax_card].remaining == 2:
        for other in others_here(state, seat):
            make_lose(state, other, state.catalog.cards[card].name)
    elif _land_here(state, seat) is not None:
        state.players[seat].flags.append("zabaniya")


def _presence(state: GrailState, seat: int, card: str) -> None:
    from bouts.games.grail_war.battle import total_power
    others = others_here(state, seat)
    if len(others) < 2:
        return
    powers = sorted(((total_power(state, s), s) for s in [seat, *others]), reverse=True)
    top = powers[0][0]
    firsts = [s for pw, s in powers if pw == top]
    below = [pw for pw, _ in powers if pw < top]
    if seat not in firsts and below and total_power(state, seat) == below[0]:
        for s in firsts:
            make_lose(state, s, state.catalog.cards[card].name)


def _shinto_plus(state: GrailState, seat: int, card: str) -> None:
    if state.players[seat].location == "shinto":
        state.players[seat].power_bonus += state.catalog.cards[card].amount


ON_USE: dict[str, Hook] = {
    "excalibur": _excalibur, "unlimited_blade_works": _ubw, "caladbolg": _multiply_land(3),
    "move_anywhere": _goto(False), "rule_breaker": _rule_breaker, "bellerophon": _goto(True),
    "petrification": _petrification, "riding": _riding, "land_multiplier": _multiply_land(None),
    "independent_action": _independent, "second_sword": _second_sword, "tsubame_gaeshi": _tsubame,
    "self_modification": _self_modification, "remote_control": _multiply_land(2), "rush": _rush,
    "luck": _luck, "draw_one": _draw, "mana_one": _mana,
}
"""使用時 effects."""

ON_CLASH: dict[str, Hook] = {
    "nullify": _nullify, "caladbolg": _win_bonus, "gae_bolg_thrown": _thrown, "gae_bolg_thrust": _thrust,
    "god_hand": _flag("god_hand"), "independent_action": _flag("independent"), "zabaniya": _zabaniya,
    "presence_concealment": _presence, "remote_control": _win_bonus, "clash_shinto_plus": _shinto_plus,
}
"""対決時 effects."""

CARD_EFFECTS = frozenset({*ON_USE, *ON_CLASH, "territory_creation", "residual_power", "constant_recon"})
"""Every card effect id the rules know: the 使用時 and 対決時 hooks, and 陣地作成, 残留 power and 常時 Recon, read
where they apply. A card whose ``effect`` is not here is refused when the content loads."""

EFFECT_NEEDS: dict[str, tuple[str, ...]] = {
    "nullify": ("target",), "excalibur": ("amount",), "caladbolg": ("amount",), "gae_bolg_thrown": ("amount",),
    "rule_breaker": ("amount",), "independent_action": ("amount",), "tsubame_gaeshi": ("amount",),
    "remote_control": ("amount",), "clash_shinto_plus": ("amount",), "draw_one": ("amount",),
    "mana_one": ("amount",), "residual_power": ("amount",), "constant_recon": ("amount",), "god_hand": ("amount",),
    "riding": ("amount",), "land_multiplier": ("amount",), "territory_creation": ("amount",),
    "self_modification": ("amount",),
}
"""The fields each card effect reads besides its keyword (a card without them would do nothing)."""
