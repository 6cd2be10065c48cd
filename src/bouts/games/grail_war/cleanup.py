"""End-of-round cleanup (DGW-096..DGW-101)."""

from __future__ import annotations

from bouts.games.grail_war.board import card_tables
from bouts.games.grail_war.cards import NPCard, SpecialCard
from bouts.games.grail_war.masters import round_end
from bouts.games.grail_war.state import BEFORE_MOVE, TOKENS, GrailState


def cleanup(state: GrailState) -> None:
    """Cards to the trash as used, NP/skill cards back face up, tokens back, pieces off, start player on."""
    catalog_cards = state.catalog.cards
    tables = card_tables(state.catalog)
    attacks, residual = tables.attacks, tables.residual
    for seat, p in enumerate(state.players):
        if p.eliminated:
            continue
        if p.residual:
            for card, placed in list(p.residual):
                if state.round > placed:  # a residual attack card's round is over
                    p.residual.remove((card, placed))
                    p.trash.append((card, True))
        for card, up, _ in p.played:
            if card in attacks:  # an attack card: the trash, or its residual state (the last two cases below)
                if up and card in residual:
                    p.residual.append((card, state.round))
                else:
                    p.trash.append((card, up))
                continue
            c = catalog_cards[card]
            if isinstance(c, NPCard):
                if p.np.get(card) == "converted":
                    p.trash.append((card, up))  # now an attack card
                elif c.effect == "god_hand":
                    p.np[card] = "removed"  # 十二の試練 leaves the game
                # otherwise it lies face up beside the tarot (DGW-097)
            elif isinstance(c, SpecialCard) and c.at_hand:
                p.at_hand.append(card)  # back at hand (DGW-G05)
            elif up and c.timing == "residual":
                p.residual.append((card, state.round))  # 残留 (DGW-077, DGW-RUL-21)
            else:
                p.trash.append((card, up))  # DGW-096, DGW-G07
        p.played = []
        p.use_b = p.power_bonus = p.win_bonus = 0
        p.land_multiplier = 1
        p.lost = p.protected = p.blocked = p.engaged = p.acted = False
        p.flags = []
        p.location = None  # DGW-RUL-33
        round_end(state, seat)
    state.tokens = {t: None for t in TOKENS}  # DGW-098
    if state.situation is not None:
        state.display.append(state.situation)  # DGW-099
    state.situation = None
    for cards in state.events_at.values():
        state.event_used.extend([c for c, _ in cards])
    state.events_at = {}
    state.workshop, state.npc = [], None
    state.nullify, state.silence, state.shown_power = [], {}, {}
    state.stage = BEFORE_MOVE
    living = state.living()
    n = state.seats
    for step in range(1, n + 1):  # DGW-100, DGW-RUL-51
        nxt = (state.start + step) % n
        if nxt in living:
            state.start = nxt
            break
