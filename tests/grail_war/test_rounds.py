"""Preparation phase (DGW-037..DGW-042) and the end-of-round cleanup (DGW-096..DGW-101)."""

from __future__ import annotations

import pytest

from bouts.core import CHANCE, IllegalAction
from bouts.games.grail_war.flow import pile
from tests.grail_war.helpers import GAME, act, legal, place_all, start, turn

FIVE = ["illya", "rin", "kirei", "shirou", "shinji"]


def test_draw_up_to_three_no_hand_limit() -> None:
    """DGW-037, DGW-038, DGW-RUL-34: each draws to 3; a player who used only NP/skill cards still holds 3 and
    draws nothing in the next preparation."""
    state = start(5, masters=FIVE)
    assert all(v["hand"] == 3 for v in GAME.view(state, None)["players"])
    state = start(5, masters=FIVE, servants=["saber", "archer", "berserker", "lancer", "caster"])
    state = place_all(state, "miyama", "workshop", "workshop", "workshop", "workshop")
    state = act(state, 0, "spell mana", "stay", "play excalibur up", "play invisible_air up", "next")
    while state.round == 1:
        state = turn(state)
    assert GAME.view(state, 1)["players"][0]["hand"] == 3
    draws = [e.text for e in GAME.events(state) if e.kind == "draw"]
    assert not any(t.startswith("P1 ") for t in draws) and any(t.startswith("P2 ") for t in draws)


def test_ex47_reshuffle_the_trash_mid_refill() -> None:
    """DGW-EX-47, DGW-041, DGW-RUL-31: round 6, P1 holds 1 card, its deck 1 and its trash 10: it draws 1, the
    deck is empty, the 10 are shuffled face down into a new deck, and it draws 1 more."""
    state = start(5, masters=FIVE)
    while state.round < 6 or (state.step == "place" and GAME.to_act(state) != (CHANCE,)):
        if GAME.to_act(state) == (CHANCE,):
            break
        seat = GAME.to_act(state)[0]
        if state.step == "place":
            state = act(state, seat, "place workshop" if "place workshop" in legal(state) else "place shinto")
        else:
            state = turn(state)
    view = GAME.view(state, 1)
    assert view["chance"] == "trash" and state.round == 6
    p1 = view["players"][0]
    assert (p1["hand"], p1["deck"], len(p1["trash"])) == (2, 0, 10)
    order = pile(state)
    assert len(order) == 10
    state = GAME.apply(state, CHANCE, "shuffle " + " ".join(order))
    p1 = GAME.view(state, 1)["players"][0]
    assert (p1["hand"], p1["deck"], p1["trash"]) == (3, 9, [])


def test_situation_supply_and_extra_rule() -> None:
    """DGW-009, DGW-010, DGW-039: the round's situation supplies mana to everyone (up to 12) at once."""
    state = start(5, masters=FIVE)
    assert state.situation == "s01" and state.players[0].mana == 6 + 2
    view = GAME.view(state, 0)
    assert view["situation"]["name"] == {"en": "Quiet Night", "ja": "静かな夜"}


def test_event_spoils_and_rule_on_its_battlefield() -> None:
    """DGW-011, DGW-G12: an event's spoils go to that battlefield's winner; イベントを追加 adds one more face up."""
    events = ["e09", "e02", *[f"e{i:02d}" for i in range(1, 21) if i not in (2, 9)]]
    state = start(5, masters=FIVE, events=events)
    assert [e for e, _ in state.events_at["miyama"]] == ["e09", "e01"]
    assert state.events_at["shinto"] == [("e02", False)]


def test_ex48_event_deck_reshuffles_the_used_pile() -> None:
    """DGW-EX-48, DGW-042, DGW-RUL-32: when the event deck is empty, the used events are shuffled into a new
    deck; the cards on the board stay there. (3 players who never fight: every elimination is a tie of all, so
    the climax rounds go on, DGW-RUL-37.)"""
    state = start(3, masters=["illya", "rin", "kirei"])
    while GAME.view(state, 0)["chance"] != "event_trash":
        seat = GAME.to_act(state)[0]
        if seat == CHANCE:  # a servant deck runs out: its trash is shuffled
            state = GAME.apply(state, CHANCE, "shuffle " + " ".join(pile(state)))
        else:
            state = act(state, seat, "place workshop") if state.step == "place" else turn(state)
    view = GAME.view(state, 0)
    assert view["event_deck"] == 0 and state.round > 8
    on_board = [e for cards in state.events_at.values() for e, _ in cards]
    assert sorted(pile(state)) == sorted(state.event_used) and not set(on_board) & set(pile(state))
    assert len(pile(state)) + len(on_board) == 20
    with pytest.raises(IllegalAction):
        GAME.apply(state, CHANCE, "shuffle " + " ".join([*pile(state)[1:], *on_board[:1]]))
    state = GAME.apply(state, CHANCE, "shuffle " + " ".join(pile(state)))
    assert all(e in [x for cards in state.events_at.values() for x, _ in cards] for e in on_board)


def test_cleanup() -> None:
    """DGW-096, DGW-098, DGW-099, DGW-100, DGW-101, DGW-006, DGW-EX-50, DGW-RUL-33: cards to the trash, tokens
    back, pieces off, situation on the round display, events to the used pile, start player to P2, next round."""
    state = place_all(start(5, masters=FIVE), "miyama", "shinto", "workshop", "workshop", "workshop")
    while state.round == 1:
        state = turn(state)
    assert state.round == 2 and state.start == 1
    assert state.display == ["s01"] and sorted(state.event_used) == ["e01", "e02"]
    assert all(t is None or state.step != "place" for t in state.tokens.values())
    assert all(p.location is None for p in state.players)
    assert all(len(p.trash) == 2 for p in state.players)
    assert state.situation == "s02" and GAME.to_act(state) == (1,)


def test_illya_gains_a_mana_each_round_end() -> None:
    """DGW-M15, DGW-RUL-44: Illya spends 7 of her 8 mana, gains 1 at the end of the round (a log line says so),
    then round 2's supply of 3: 5."""
    state = start(5, masters=FIVE, servants=["berserker", "archer", "saber", "lancer", "caster"],
                  decks={0: ["berserker_01", "berserker_03", "berserker_08"]})
    state = place_all(state, "miyama", *["workshop"] * 4)
    state = act(state, 0, "stay", "play berserker_01 up", "play berserker_03 up", "next")
    assert state.players[0].mana == 1
    while state.round == 1:
        state = turn(state)
    assert GAME.view(state, 1)["players"][0]["mana"] == 1 + 1 + 3
    assert any("Holy Grail" in e.text and "+1 mana" in e.text for e in GAME.events(state))


def test_the_round_limit_house_guard_ends_with_the_most_spoils_and_says_so() -> None:
    """The option ``round_limit`` (a house guard, no rulebook clause; DGW-RUL-53 for who wins): with a limit of 2
    the game ends after round 2, the most spoils win, and the reason reads whole in both languages."""
    from bouts.core.i18n import tr
    from tests.grail_war.helpers import finish_round
    state = finish_round(start(4, round_limit=2))
    assert state.step != "over" and state.round == 2
    state = finish_round(state)
    outcome = GAME.outcome(state)
    assert outcome is not None and state.round == 2
    best = max(p.spoils for p in state.players)
    assert outcome.winners == tuple(s for s, p in enumerate(state.players) if p.spoils == best)
    assert tr(outcome.reason, "en") == "the round limit (2) was reached: most spoils wins"
    assert tr(outcome.reason, "ja") == "ラウンドの上限（2）に達した：戦果の最も多いプレイヤーの勝利"
