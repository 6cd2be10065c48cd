"""Field and player set-up (DGW-019..DGW-035), components and masters' starting items."""

from __future__ import annotations

import pytest

from bouts.core import CHANCE, OptionsError
from tests.grail_war.helpers import CAT, GAME, SITUATIONS, legal, start


def test_three_to_seven_players_each_a_master_with_a_servant() -> None:
    """DGW-001: 3-7 players, each a master with a servant; DGW-025 masters chosen freely or dealt at random."""
    for seats in (3, 4, 5, 6, 7):
        state = start(seats)
        assert all(p.master and p.servant for p in state.players)
    with pytest.raises(OptionsError):
        GAME.setup(2)
    with pytest.raises(OptionsError):
        GAME.setup(8)
    random_deal = GAME.setup(5)
    assert random_deal.chance == ("masters", 0)


def test_casual_is_offered_for_three_or_four_players() -> None:
    """DGW-002 (guidance) and DGW-112: the Casual rules for 3-4 players; 5 is refused."""
    assert GAME.variants()["casual"].seats == (3, 4)
    with pytest.raises(OptionsError):
        GAME.setup(5, {"casual": True})


def test_situation_deck_of_eight_from_ten_climax_set_aside() -> None:
    """DGW-020, DGW-021, DGW-EX-49: 3 climax cards aside, 2 of 10 removed unseen, 8 in the deck (DGW-024)."""
    state = start(4)
    assert sorted(state.situation_removed) == ["s05", "s06"]
    assert len(state.situation_deck) + 1 == 8  # round 1 has revealed one
    assert len([s for s in CAT.situations.values() if s.kind == "climax"]) == 3
    view = GAME.view(state, 0)
    assert "s05" not in str(view) and view["situation_deck"] == 7


def test_event_deck_is_shuffled_and_hidden() -> None:
    """DGW-019, DGW-024: 20 events shuffled face down; their order is never in a view."""
    state = start(4)
    assert len(state.event_deck) == 18 and len(CAT.events) == 20
    assert GAME.view(state, 0)["event_deck"] == 18
    assert "e03" not in str(GAME.view(state, 0))


def test_land_advantage_tokens_on_their_spaces() -> None:
    """DGW-022, DGW-018: the +3 and +1 tokens of Miyama and of Shinto start unclaimed."""
    state = start(4)
    assert state.tokens == {"miyama3": None, "miyama1": None, "shinto3": None, "shinto1": None}


def test_servant_decks_twelve_attack_and_three_np() -> None:
    """DGW-012, DGW-023, DGW-030, DGW-031: 12 attack cards shuffled as the deck, 3 NP/skill cards apart."""
    state = start(4)
    for p in state.players:
        cards = [*p.hand, *p.deck]
        own = [c for c in cards if not c.startswith("snake")]  # Kuzuki's 蛇 are shuffled in too (DGW-G06)
        assert sorted(own) == sorted(CAT.decks[p.servant]) and len(own) == 12
        assert list(p.np) == list(CAT.servants[p.servant].np_cards)
        assert all(v == "down" for v in p.np.values())


def test_servants_are_secret() -> None:
    """DGW-017, DGW-029: a servant is known to its own seat only; the deal is a forced chance step."""
    state = start(4)
    view = GAME.view(state, 1)
    assert view["players"][1]["servant"] == "archer"
    assert view["players"][0]["servant"] is None and view["players"][0]["np"] == 3
    assert GAME.view(state, None)["players"][1]["servant"] is None


def test_sakura_only_with_seven() -> None:
    """DGW-026, DGW-M12: Sakura cannot be chosen with 6 or fewer; she is dealt only with 7."""
    with pytest.raises(OptionsError):
        GAME.setup(6, {"masters": ["sakura", "rin", "illya", "kirei", "kuzuki", "shinji"]})
    state = GAME.setup(6)
    assert "sakura" not in __import__("bouts.games.grail_war.flow", fromlist=["pile"]).pile(state)
    state = GAME.setup(7)
    assert "sakura" in __import__("bouts.games.grail_war.flow", fromlist=["pile"]).pile(state)


def test_initial_mana_and_command_spells() -> None:
    """DGW-027, DGW-028, DGW-RUL-03, DGW-EX-51, DGW-M05, DGW-M06, DGW-M01, DGW-M14: initial mana from the
    board (Shirou 2, Illya 6), 3 command spells each, Rin 2; DGW-032: spoils start at 0."""
    state = start(7, masters=["illya", "rin", "kirei", "kuzuki", "shirou", "shinji", "sakura"])
    # round 1's situation s01 supplies 2 mana before the first decision
    assert [p.mana for p in state.players] == [CAT.initial_mana[p.master] + 2 for p in state.players]
    assert (CAT.initial_mana["shirou"], CAT.initial_mana["illya"]) == (2, 6)
    assert all(2 < CAT.initial_mana[m] < 6 for m in CAT.masters if m not in ("shirou", "illya"))
    assert [p.command_spells for p in state.players] == [3, 2, 3, 3, 3, 3, 3]
    assert all(p.spoils == 0 for p in state.players)


def test_start_player_and_game_start_items() -> None:
    """DGW-033, DGW-035, DGW-G01: seat 0 starts; DGW-034, DGW-G03, DGW-G04, DGW-G06: 干将・莫耶 and ガンド at
    hand, Kuzuki's two 蛇 in his deck; DGW-G02: the special cards; Rin's 10 jewels (DGW-M07)."""
    state = start(5, masters=["shirou", "rin", "kuzuki", "illya", "kirei"])
    assert state.start == 0 and GAME.to_act(state) == (0,)
    assert state.players[0].at_hand == ["kanshou_bakuya"]
    assert state.players[1].at_hand == ["gandr"] and state.players[1].jewels == 10
    kuzuki = state.players[2]
    assert {"snake/1", "snake/2"} <= set(kuzuki.hand + kuzuki.deck)
    specials = {c.name.get_text("ja") for c in CAT.cards.values() if c.__class__.__name__ == "SpecialCard"}
    assert specials == {"干将・莫耶", "ガンド", "蛇"}


def test_shuffles_are_chance_steps_that_a_test_can_force() -> None:
    """DGW-029/DGW-031: every shuffle is a chance step; a wrong pile is refused."""
    state = GAME.setup(3, {"masters": ["rin", "illya", "kirei"]})
    assert GAME.to_act(state) == (CHANCE,)
    with pytest.raises(ValueError):
        GAME.apply(state, CHANCE, "shuffle saber archer")
    state = start(3, situations=list(reversed(SITUATIONS)))
    assert state.situation_removed == ["s10", "s09"]
    assert "place workshop" in legal(state)
