"""The battle preparation reads card facts from per-catalogue tables (``board.card_tables``) instead of the cards'
records: its menus and the cards it uses must still be what the rules say, worked out from the records.

Every battle preparation menu of seeded random games through ``apply`` (3 and 4 seats, standard and Casual) is
compared with one built from the record-level rule helpers (``stats``, ``is_attack``, ``np_usable``,
``card_limit``, ``is_additional``); each finished preparation's payment, and each cleanup's residual attack cards,
with the records'."""

from __future__ import annotations

import random

import pytest

from bouts.core import CHANCE
from bouts.games.grail_war.battle_preparation import (
    NP_MANA,
    _spent,
    card_limit,
    is_additional,
    np_usable,
    prepare_options,
    ubw_residual,
)
from bouts.games.grail_war.board import is_attack, is_special, prohibited, stats
from bouts.games.grail_war.cards import AttackCard, NPCard, SpecialCard
from bouts.games.grail_war.masters import has
from bouts.games.grail_war.state import PREPARE, GrailState
from tests.grail_war.helpers import GAME


def _reference_menu(state: GrailState, seat: int) -> list[str]:
    """The battle preparation menu by the rules (DGW-066..DGW-069, DGW-081, DGW-G08, DGW-RUL-18..20), every fact
    read from the cards' records."""
    p = state.players[seat]
    cards = state.catalog.cards
    chosen = {c for c, _ in p.selected}
    normal = sum(1 for c, _ in p.selected if not is_additional(state, seat, c, p.selected))
    spent = _spent(state, seat)
    room = normal < card_limit(state, seat)
    plays: list[str] = []
    extra: list[str] = []
    if not p.blocked:
        if room:
            for card in p.hand:
                if card in chosen:
                    continue
                fits = p.infinite or spent + stats(state, p, card)[2] <= p.mana
                if is_special(state, card):
                    if fits and not prohibited(state, "special"):
                        plays.append(f"play {card} up")
                    continue
                if fits:
                    plays.append(f"play {card} up")
                if is_attack(state, p, card):
                    plays.append(f"play {card} down")
        for card in p.np:
            if card in chosen or not np_usable(state, seat, card, spent):
                continue
            record = cards[card]
            assert isinstance(record, NPCard)
            if record.additional and is_additional(state, seat, card, [*p.selected, (card, True)]):
                extra.append(f"play {card} up")
            elif room:
                plays.append(f"play {card} up")
        if not prohibited(state, "special"):
            for card in p.at_hand:
                special = cards[card]
                assert isinstance(special, SpecialCard)
                if card in chosen or not (p.infinite or spent + special.cost <= p.mana):
                    continue
                if special.ability == "projection":
                    allowed = has(state, seat, "projection") and (p.infinite or p.mana >= NP_MANA)
                else:
                    allowed = has(state, seat, "jewel_magecraft") and p.jewels >= 1
                if allowed:
                    extra.append(f"play {card} up")
    found = plays + extra
    if ubw_residual(state, seat) or p.blocked or not plays:
        found.append("done")
    return found


@pytest.mark.parametrize(("variant", "seats"), [("standard", 3), ("standard", 4), ("casual", 3)])
def test_preparation_menus_and_uses_follow_the_card_records(variant: str, seats: int) -> None:
    """DGW-066..DGW-069, DGW-072, DGW-077, DGW-096: at every battle preparation decision of seeded random games the
    menu is the one the records give; each preparation pays once the face-up cards' costs from the records and uses
    the cards chosen; at each cleanup an attack card stays residual exactly when it was used face up and its record's
    timing is residual, and is trashed otherwise."""
    options = dict(GAME.variants()[variant].options)
    menus = uses = residuals = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = GAME.setup(seats, options, None, seed)
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            if seat == CHANCE:
                state = GAME.apply(state, seat, GAME.sample_chance(state, rng))
                continue
            legal = GAME.legal_actions(state, seat)
            preparing = not state.pending and state.step == "turn" and state.stage == PREPARE
            if preparing:
                assert [str(a) for a in prepare_options(state, seat)] == _reference_menu(state, seat)
                menus += 1
            action = rng.choice(legal)
            p = state.players[seat]
            selected = list(p.selected)
            if preparing and action.verb == "play":
                selected.append((action.what, action.how == "up"))
            used_round = state.round
            after = GAME.apply(state, seat, action)
            paid = [e for e in GAME.events(after) if e.kind == "prepare" and e.data.get("seat") == seat]
            if preparing and paid:  # this decision finished the preparation: pay once (DGW-072), as the records say
                assert paid[0].data["cost"] == sum(stats(state, p, c)[2] for c, up in selected if up)
                assert paid[0].data["cards"] == [c for c, up in selected if up]
                assert paid[0].data["face_down"] == sum(1 for _, up in selected if not up)
                uses += 1
            if after.round != used_round:  # a cleanup ran: 残留 attack cards stay (DGW-077), the rest are trashed
                for s, before in enumerate(state.players):
                    for card, up, _ in before.played:
                        record = state.catalog.cards[card]
                        if type(record) is AttackCard and not before.eliminated:
                            kept = (card, used_round) in after.players[s].residual
                            assert kept == (up and record.timing == "residual")
                            residuals += kept
            state = after
    assert menus > 300 and uses > 100 and residuals > 0
