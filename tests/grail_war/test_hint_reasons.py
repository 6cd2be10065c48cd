"""Issue 25: Grail War's hint says why with the facts the player can check, also when it advises doing nothing
(keeping the command spells) or a card face down: never a bare "keep the command spells" round after round."""

from __future__ import annotations

import random
import re

from bouts.core import CHANCE
from bouts.games.grail_war.state import BATTLEFIELDS, GrailState
from tests.grail_war.helpers import GAME


def _reasons(seats: int, seeds: range) -> list[tuple[str, str, GrailState, int]]:
    rng = random.Random(1)
    out = []
    for seed in seeds:
        state = GAME.setup(seats, None, None, seed)
        while GAME.to_act(state) and state.round <= 8:
            seat = GAME.to_act(state)[0]
            if seat == CHANCE:
                state = GAME.apply(state, seat, GAME.sample_chance(state, rng))
                continue
            action = GAME.strategy().choose(GAME, state, seat, random.Random(0))
            out.append((str(action), GAME.strategy().explain(GAME, state, seat, action), state, seat))
            state = GAME.apply(state, seat, action)
    return out


def test_keeping_the_command_spells_says_how_many_and_why_with_the_powers() -> None:
    kept = [(r, s, seat) for a, r, s, seat in _reasons(4, range(3)) if a == "next" and "command spells" in r]
    assert kept
    for reason, state, seat in kept:
        assert reason != "keep the command spells"
        assert f"({state.players[seat].command_spells} left)" in reason, reason
    at_battle = [r for r, _s, _seat in kept if "power against" in r]
    assert at_battle and all(re.search(r"you have \d+ power against \d+", r) for r in at_battle), at_battle


def test_a_card_face_down_says_why_no_card_face_up() -> None:
    downs = [(r, s, seat) for a, r, s, seat in _reasons(4, range(6)) if a.endswith(" down")]
    assert downs
    for reason, state, seat in downs:
        assert reason != "face down: it costs nothing"
        rushing = any(up and state.catalog.cards[x].effect == "rush" for x, up in state.players[seat].selected)
        if rushing:  # 急行 chosen face up takes the seat on, out of the battle (to Recon)
            assert "takes you on to" in reason, reason
        elif state.players[seat].location in BATTLEFIELDS:  # a battle: which card, or the mana
            assert ("not worth its mana (" in reason
                    or f"with your {state.players[seat].mana} mana" in reason), reason
        else:
            assert reason == "no battle here: a card face down costs nothing", reason


def test_rin_trades_two_jewels_for_the_mana_her_best_cards_need_and_says_why() -> None:
    """DGW-M07 (宝石魔術: 2 jewels for +1 mana): Rin alone with the NPC (11) at Shinto, 5 mana, holding two Strength
    5 cards of cost 3 and one of power 2: with 5 mana her best cards make about 11 with the land advantage, with 6
    about 13: the heuristic trades 2 jewels for the mana before choosing cards, and the hint says so."""
    from tests.grail_war.helpers import place_all, start
    state = start(4, masters=["rin", "illya", "kirei", "shirou"], servants=["berserker", "saber", "archer", "lancer"],
                  situations=["s05", "s06", "s08", "s01", "s02", "s03", "s04", "s07", "s09", "s10"],
                  decks={0: ["berserker_03", "berserker_04", "berserker_08"]})
    state = place_all(state, "shinto", "workshop", "workshop", "miyama")
    state = GAME.apply(state, 0, "stay")
    assert state.npc == "shinto" and state.players[0].mana == 5 and state.players[0].jewels == 10
    strategy = GAME.strategy()
    pick = strategy.choose(GAME, state, 0, random.Random(0))
    assert str(pick) == "jewel mana"
    assert strategy.explain(GAME, state, 0, pick) == ("Jewel Magecraft: 2 jewels for +1 mana (5 → 6): your best "
                                                      "cards here then add 2 power (about 13 against 11)")
    state = GAME.apply(state, 0, pick)
    assert (state.players[0].mana, state.players[0].jewels) == (6, 8)
    while GAME.to_act(state) == (0,) and state.stage == "prepare":  # ガンド waits: its mana is the second card's
        state = GAME.apply(state, 0, strategy.choose(GAME, state, 0, random.Random(0)))
    played = [(card, up) for card, up, _silent in state.players[0].played]
    assert played == [("berserker_03", True), ("berserker_04", True)]
    assert GAME.view(state, None)["players"][0]["power"] == 5 + 5 + 3
