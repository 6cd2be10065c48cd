"""Mutation survivors of issues 23 and 27 (battle preparation), killed by games played through ``apply``.

Each test names the mutant it kills; each was applied by hand and seen failing (README, "Mutation testing")."""

from __future__ import annotations

import random

from bouts.core import CHANCE
from bouts.core.i18n import tr
from bouts.games.grail_war.flow import pile
from bouts.games.grail_war.state import GrailState
from tests.grail_war.helpers import GAME, act, legal, place_all, start
from tests.grail_war.scenario import steer


def test_cards_after_a_snake_in_hand_are_still_offered() -> None:
    """DGW-067, DGW-069, DGW-M22, DGW-RUL-19: Kuzuki with 蛇 first in his hand is offered 蛇 face up only (a special
    card is never face down) and every card after it, up and down; 蛇 and a card after it are used together.
    Kills `continue` -> `break` after a special card in ``prepare_options`` (nothing after 蛇 was offered)."""
    state = start(4, masters=["kuzuki", "rin", "kirei", "illya"],
                  decks={0: ["snake/1", "berserker_01", "berserker_02"]})
    assert state.players[0].hand == ["snake/1", "berserker_01", "berserker_02"]
    state = act(place_all(state, "miyama", "workshop", "workshop", "workshop"), 0, "stay")
    plays = [a for a in legal(state) if a.startswith("play")]
    assert plays == ["play snake/1 up", "play berserker_01 up", "play berserker_01 down",
                     "play berserker_02 up", "play berserker_02 down"]
    state = act(state, 0, "play snake/1 up", "play berserker_02 down")
    assert state.players[0].played == [("snake/1", True, False), ("berserker_02", False, False)]
    assert state.players[0].hand == ["berserker_01"]


def _until_converted_card_in_hand(seed: int) -> GrailState:
    """Illya with True Assassin uses 自己改造 in round 1 (it becomes an attack card and goes to the trash at the
    round's end); then every seat plays seeded random legal actions, every shuffle of seat 0's trash puts 自己改造
    on top, until Illya is at her battle preparation with it back in her hand."""
    state = start(4, masters=["illya", "rin", "kirei", "kuzuki"],
                  servants=["true_assassin", "archer", "saber", "lancer"], decks={0: ["true_assassin_01"]})
    state = act(place_all(state, "miyama", "workshop", "workshop", "workshop"), 0, "stay")
    state = act(state, 0, "play self_modification up", "play true_assassin_01 down")
    assert state.players[0].np["self_modification"] == "converted"
    rng = random.Random(seed)
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        p = state.players[0]
        if seat == 0 and state.stage == "prepare" and not state.pending and "self_modification" in p.hand:
            return state
        if seat == CHANCE:
            order = pile(state)
            if "self_modification" in order:
                order = ["self_modification", *(c for c in order if c != "self_modification")]
            state = GAME.apply(state, CHANCE, "shuffle " + " ".join(order))
        else:
            state = GAME.apply(state, seat, rng.choice(legal(state, seat)))
    raise AssertionError("the game ended before 自己改造 came back to the hand")


def test_converted_np_card_may_be_used_face_down() -> None:
    """DGW-069, DGW-071, DGW-S28 (自己改造: from then on an Agility attack card of base power 2): back in the hand
    from the trash, the converted card is offered face up and face down like any attack card; used face down it
    lies face down, unseen by the others. Kills the two mutants of the converted card's face-down entry in
    ``prepare_options`` (`if attack` negated; the entry's ``down`` misspelt)."""
    state = _until_converted_card_in_hand(0)
    options = legal(state)
    assert "play self_modification up" in options and "play self_modification down" in options
    state = act(state, 0, "play self_modification down")
    assert ("self_modification", False) in state.players[0].selected
    while state.players[0].played == [] and GAME.to_act(state) == (0,):
        rest = [a for a in legal(state) if a.endswith(" down") or a == "done"]
        state = act(state, 0, rest[0])
    assert ("self_modification", False, False) in state.players[0].played
    shown = GAME.view(state, 1)["players"][0]["played"]
    assert {"face_up": False} in shown and all(c.get("card") != "self_modification" for c in shown)


def test_each_battlefield_holds_one_event_besides_add_event_cards() -> None:
    """DGW-040, DGW-G12, DGW-042: a battlefield's event slot takes one card, and each イベントを追加 card adds one more
    slot, so a battlefield never holds two events other than イベントを追加 (the reshuffled pile holds only earlier
    rounds' events). Seeded random games at 3 to 7 seats, checked after every action. This is why ``card_power``'s
    `plus += e.amount` -> `plus = e.amount` survives: two attribute +X events never meet on one battlefield."""
    for seats in range(3, 8):
        state = GAME.setup(seats, {}, None, seats)
        rng = random.Random(seats)
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            action = GAME.sample_chance(state, rng) if seat == CHANCE else rng.choice(GAME.legal_actions(state, seat))
            state = GAME.apply(state, seat, action)
            for cards in state.events_at.values():
                assert sum(state.catalog.events[e].effect != "add_event" for e, _ in cards) <= 1


def test_the_clown_win_says_how_the_game_ended_in_both_languages() -> None:
    """DGW-M20, DGW-RUL-42: Shinji (P6, 道化) strictly last of the four left as the climax would begin wins; the
    end of the game says so in English and Japanese (the finished-game screen shows this reason). Kills the
    fresh sample's `_clown` mutant that misspells the message id (the tests only looked for "Clown")."""
    state = steer(7, ["illya", "rin", "kirei", "kuzuki", "shirou", "shinji", "sakura"],
                  {8: [10, 4, 5, 6, 9, 7, 12]}).state
    assert GAME.outcome(state).winners == (5,)
    assert tr(state.reason, "en") == "P6 Matou Shinji is last when the climax begins: Clown wins"
    assert tr(state.reason, "ja") == "P6 間桐慎二はクライマックスラウンド開始時に最下位：道化の勝利"


def test_each_command_spell_use_is_logged_with_its_letter() -> None:
    """DGW-087, DGW-088, DGW-089: Use A (+4 mana), Use B (+2 power) and Use C (a free move) are each a public log
    line whose data names the use, A, B or C (what a client or a replay reader keys on). Kills the fresh sample's
    mutants that lower-case "B" or "C" in ``use_spell``'s event data."""
    state = place_all(start(4), "miyama", "workshop", "workshop", "workshop")
    uses = []
    for spell in ("spell mana", "spell power", "spell move shinto"):
        state = act(state, 0, spell)
        uses += [(e.data["seat"], e.data["use"]) for e in GAME.events(state) if e.kind == "spell"]
    assert uses == [(0, "A"), (0, "B"), (0, "C")]
    assert state.players[0].command_spells == 0 and state.players[0].location == "shinto"


def test_the_last_master_standing_is_named_in_both_languages() -> None:
    """DGW-109, DGW-RUL-36, DGW-EX-37: 3 players [8, 4, 4] after round 8: both 4s drop out and Illya, the one left,
    wins at once; the end of the game names her in English and Japanese. Kills the fresh sample's
    ``end_of_round`` mutant that drops the reason's ``master`` argument (the test only looked for the words)."""
    state = steer(3, ["illya", "rin", "kirei"], {8: [8, 4, 4]}).state
    assert GAME.outcome(state).winners == (0,)
    assert tr(state.reason, "en") == "P1 Illyasviel von Einzbern is the last master standing"
    assert tr(state.reason, "ja") == "P1 イリヤスフィール・フォン・アインツベルンが最後に残ったマスター"
