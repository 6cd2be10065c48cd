"""NP/skill card and shared special card effects (DGW-S01..S29, facts/grail_war.md)."""

from __future__ import annotations

from bouts.games.grail_war import battle
from bouts.games.grail_war.battle import total_power
from tests.grail_war.helpers import GAME, act, edit, legal, place_all, start

FIVE = ["illya", "rin", "kirei", "shirou", "kuzuki"]


def duel(servants: list[str], hands: list[list[str]], place: str = "miyama", mana: int = 12):
    """Seats 0 and 1 at ``place`` (0 first), the others at the Workshop, seat 0 at its preparation."""
    state = start(5, masters=FIVE, servants=[*servants, *[s for s in ["saber", "archer", "berserker", "lancer",
                                                                        "rider", "caster"] if s not in servants]][:5])
    state = edit(place_all(state, place, place, "workshop", "workshop", "workshop"))
    for seat, hand in enumerate(hands):
        state.players[seat].hand = list(hand)
        state.players[seat].mana = mana
    return act(state, 0, "stay")


def test_saber_nullifies_strength() -> None:
    """DGW-S01, DGW-S02, DGW-S03: 風王結界 makes opponents' 筋力 cards there power 0 in battle."""
    state = duel(["saber", "berserker"], [["saber_01"], ["berserker_01", "berserker_03"]])
    state = act(state, 0, "play invisible_air up", "play saber_01 up", "next")
    state = act(state, 1, "stay", "play berserker_01 up", "play berserker_03 up", "done")
    state = edit(state)
    battle.clash_effects(state)
    assert total_power(state, 1) == 0 + 1  # the +1 token only


def test_archer_ubw_and_caladbolg() -> None:
    """DGW-S04, DGW-S05, DGW-S06: 無限の剣製 takes the whole deck into hand; 偽・螺旋剣 triples land advantage."""
    state = duel(["archer", "saber"], [["archer_01"], ["saber_01", "saber_02"]])
    deck = len(state.players[0].deck)
    state = act(state, 0, "play unlimited_blade_works up", "play archer_01 up")
    assert len(state.players[0].hand) == deck and state.players[0].deck == []
    state = duel(["archer", "saber"], [["archer_01"], ["saber_01", "saber_02"]])
    state = act(state, 0, "play caladbolg up", "play archer_01 up")
    assert total_power(state, 0) == 4 + 2 + 9


def test_lancer_thrust_makes_the_only_rival_lose() -> None:
    """DGW-S07, DGW-S08, DGW-S09, DGW-S10: 刺し穿つ死棘の槍 with one rival there: that rival loses."""
    state = duel(["lancer", "berserker"], [["lancer_01"], ["berserker_01", "berserker_02"]])
    state = act(state, 0, "play gae_bolg_thrust up", "play lancer_01 up", "next")
    state = act(state, 1, "stay", "play berserker_01 up", "play berserker_02 up", "done")
    state = edit(state)
    battle.clash_effects(state)
    assert state.players[1].lost


def test_rider_bellerophon_takes_land_advantage() -> None:
    """DGW-S14, DGW-S15, DGW-S16, DGW-S17: 騎英の手綱 moves and takes every token of that battlefield."""
    state = duel(["rider", "saber"], [["rider_01"], ["saber_01", "saber_02"]], place="shinto")
    state = act(state, 0, "play bellerophon up", "play rider_01 up")
    assert "goto miyama" in legal(state)
    state = act(state, 0, "goto workshop") if False else act(state, 0, "goto miyama")
    assert state.players[0].location == "miyama"


def test_caster_rule_breaker() -> None:
    """DGW-S11, DGW-S12, DGW-S13, DGW-G17: 破戒すべき全ての符 on a rival there with 1 command spell (Rin used one of
    her 2): it loses, its command spells drop to 0, it can play no more cards, and the user gets +10 power. The
    choice is typed with the seat number the table prints: the menu's "Target P1" is ``target 1``."""
    state = start(5, masters=["rin", "illya", "kirei", "shirou", "shinji"],
                  servants=["saber", "caster", "berserker", "lancer", "rider"],
                  decks={0: ["saber_01", "saber_02", "saber_03"], 1: ["caster_08", "caster_09", "caster_07"]})
    state = place_all(state, "miyama", "miyama", "workshop", "workshop", "workshop")
    state = act(state, 0, "spell mana", "stay", "play saber_01 down", "play saber_02 down", "done", "next")
    assert state.players[0].command_spells == 1
    state = act(state, 1, "stay", "play rule_breaker up", "play caster_08 down")
    assert legal(state) == ["target 1"]
    assert GAME.describe(state, 1, GAME.parse_action(state, 1, "target 1")).startswith("Target P1 ")
    state = act(state, 1, "target 1")
    rin, illya = state.players[0], state.players[1]
    assert rin.lost and rin.command_spells == 0 and rin.blocked and illya.power_bonus == 10
    assert GAME.view(state, 2)["players"][1]["power"] == 0 + 0 + 1 + 10  # cards 0, land +1, 破戒すべき全ての符 +10


def test_berserker_god_hand() -> None:
    """DGW-S18, DGW-S19, DGW-S20: 十二の試練: losing gives 3 spoils, the winner 3 fewer; the card leaves the game."""
    state = duel(["berserker", "saber"], [["berserker_09"], ["saber_01", "saber_05"]])
    state = act(state, 0, "play god_hand_1 up", "play berserker_09 down", "next")
    state = act(state, 1, "stay", "play saber_01 up", "play saber_05 up", "done")
    state = edit(state)
    battle.clash_effects(state)
    battle.resolve(state, "miyama")
    assert state.players[0].spoils == 3 and state.players[1].spoils == 3 + 2 - 3


def test_assassin_agility() -> None:
    """DGW-S22: most Assassin attack cards are 敏捷."""
    cat = GAME.catalog()
    own = [c for i, c in cat.cards.items() if cat.owner.get(i) == "assassin" and "/" not in i]
    assert sum("agility" in c.attributes for c in own) > len(own) / 2


def test_gilgamesh_and_true_assassin() -> None:
    """DGW-S25, DGW-S26, DGW-S27, DGW-S28, DGW-S29: 王の財宝 doubles land advantage; 自己改造 hides the name again."""
    state = duel(["gilgamesh", "saber"], [["gilgamesh_01"], ["saber_01", "saber_02"]])
    state = act(state, 0, "play gate_of_babylon up", "play gilgamesh_01 up")
    assert total_power(state, 0) == 4 + 5 + 6
    state = duel(["true_assassin", "saber"], [["true_assassin_01"], ["saber_01", "saber_02"]])
    state = act(state, 0, "play self_modification up", "play true_assassin_01 up")
    assert not state.players[0].revealed and state.players[0].spoils == 2


def test_shared_luck_cancels_losing() -> None:
    """幸運 (facts, shared special cards): cancels effects that make its user lose."""
    state = duel(["saber", "lancer"], [["luck", "saber_01"], ["lancer_01", "lancer_02"]])
    state = act(state, 0, "play luck up", "play saber_01 up")
    assert state.players[0].protected


def test_kirei_executor_bonus() -> None:
    """DGW-M26: Kirei's revealed servant gives +2 total power."""
    state = start(5, masters=["kirei", "rin", "illya", "shirou", "kuzuki"])
    state = edit(place_all(state, "miyama", "workshop", "workshop", "workshop", "workshop"))
    base = total_power(state, 0)
    state.players[0].revealed = True
    assert total_power(state, 0) == base + 2
