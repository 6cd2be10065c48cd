"""Card effects by effect id: 使用時 (on use, DGW-074) and 対決時 (on clash, DGW-091).

Each card's ``effect`` in the content names an entry of :data:`ON_USE` and/or :data:`ON_CLASH`.
Residual (残留) and constant (常時) effects are read where they apply (:mod:`battle`, :mod:`outpost`,
:mod:`movement`).
"""

from __future__ import annotations

from collections.abc import Callable

from bouts.games.grail_war.board import draw, gain_mana, gain_spoils, log, name
from bouts.games.grail_war.movement import enter, free_move_targets, recon_open
from bouts.games.grail_war.state import BATTLEFIELDS, PLACE_NAMES, PLACES, RECON, GrailState, Pending

Hook = Callable[[GrailState, int, str], None]


def make_lose(state: GrailState, target: int, why: str) -> None:
    """敗北させる: ``target`` cannot win this round (DGW-G17), unless 幸運 cancels it."""
    p = state.players[target]
    if p.protected:
        log(state, "effect", f"{name(state, target)} is protected by 幸運 from {why}")
        return
    p.lost = True
    log(state, "effect", f"{name(state, target)} is made to lose this round ({why})", {"seat": target})


def others_here(state: GrailState, seat: int) -> list[int]:
    """Other players on ``seat``'s battlefield (the NPC is not a player)."""
    here = state.players[seat].location
    if here not in BATTLEFIELDS:
        return []
    return [s for s in state.living() if s != seat and state.players[s].location == here]


def reveal(state: GrailState, seat: int, why: str) -> None:
    """Turn the servant tarot face up (真名解放, DGW-073)."""
    p = state.players[seat]
    if not p.revealed:
        p.revealed = p.exposed = True
        servant = state.catalog.servants[p.servant].name
        log(state, "reveal", f"{name(state, seat)} reveals the servant: {servant} ({why})",
            {"seat": seat, "servant": p.servant}, reveals=True, owner=seat)


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
    log(state, "effect", f"{name(state, seat)}: 無限の剣製 takes the whole servant deck into hand ({len(taken)} cards)")


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
                log(state, "effect", f"{name(state, seat)} takes the +{token[-1]} land advantage of "
                    f"{PLACE_NAMES[here]}" + (f" from {name(state, holder)}" if holder is not None else ""),
                    {"seat": seat, "token": token}, clauses=("DGW-S15",))
            state.tokens[token] = seat


def _petrification(state: GrailState, seat: int, card: str) -> None:
    for other in others_here(state, seat):
        o = state.players[other]
        if o.acted and not any(up and "special" in state.catalog.cards[c].attributes for c, up, _ in o.played):
            make_lose(state, other, "石化の魔眼")


def _riding(state: GrailState, seat: int, card: str) -> None:
    state.pending.append(Pending("riding", seat, card))


def _independent(state: GrailState, seat: int, card: str) -> None:
    gain_spoils(state, seat, state.catalog.cards[card].amount, f"{state.catalog.cards[card].name} (使用時)")


def _second_sword(state: GrailState, seat: int, card: str) -> None:
    here = state.players[seat].location
    if here in BATTLEFIELDS:
        state.silence[here] = seat


def _tsubame(state: GrailState, seat: int, card: str) -> None:
    used = {c for c, up, _ in state.players[seat].played if up}
    if {"first_sword", "second_sword"} <= used:  # 燕返し (DGW-S24)
        reveal(state, seat, "燕返し")
        state.players[seat].power_bonus += state.catalog.cards[card].amount


def _self_modification(state: GrailState, seat: int, card: str) -> None:
    p = state.players[seat]
    p.revealed = False
    log(state, "effect", f"{name(state, seat)}: 自己改造 hides the true name again", {"seat": seat})
    gain_spoils(state, seat, 2, "自己改造 (使用時)")


def _rush(state: GrailState, seat: int, card: str) -> None:
    here = state.players[seat].location
    if here is None or here == RECON:
        return
    dest = PLACES[PLACES.index(here) + 1]
    if dest == RECON and not recon_open(state):
        return
    enter(state, seat, dest, "rushes (急行)")


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
        make_lose(state, others[0], "刺し穿つ死棘の槍")


def _flag(flag: str) -> Hook:
    def hook(state: GrailState, seat: int, card: str) -> None:
        if _land_here(state, seat) is not None:
            state.players[seat].flags.append(flag)
    return hook


def _zabaniya(state: GrailState, seat: int, card: str) -> None:
    if state.climax_card is not None and state.catalog.situations[state.climax_card].remaining == 2:
        for other in others_here(state, seat):
            make_lose(state, other, "妄想心音")
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
            make_lose(state, s, "気配遮断")


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
