"""The end part's hand check played through actions (KAL-064, KAL-113..KAL-116, KAL-158, KAL-RUL-58)."""

from __future__ import annotations

from bouts.core import CHANCE
from bouts.games.kaleido.state import KaleidoState
from tests.kaleido.helpers import ARCHER, GAME, RIDER, SABER, act, legal, table, top


def to_next_turn(state: KaleidoState) -> tuple[KaleidoState, list[tuple[str, int]]]:
    """Lurk and pass to the next turn's fate cards; every decision asked on the way."""
    seen: list[tuple[str, int]] = []
    while not (GAME.to_act(state) == (CHANCE,) and state.stack[-1].kind == "deal_fates"):
        seen.append(top(state))
        options = legal(state)
        state = act(state, next((q for q in ("lurk", "no_strategy", "no_accumulation", "pass") if q in options),
                                options[0]))
    return state, seen


def test_kal_064_116_accumulation_cards_are_not_counted_at_the_hand_check() -> None:
    """KAL-064, KAL-116, KAL-115: 衛宮士郎 (max mana 4) draws 3 by command spell ①, lurks (+1), puts one card face
    down: 4 in hand and 1 accumulation card: nothing to discard, the accumulation card stays."""
    state = table([SABER, RIDER])
    state = act(state, "spell draw")
    state = act(state, "lurk")
    assert len(state.players[0].hand) == 5
    state = act(state, f"accumulate {state.players[0].hand[0]}")
    state, seen = to_next_turn(state)
    assert ("discard", 0) not in seen
    assert len(state.players[0].hand) == 4 and len(state.players[0].accumulation) == 1


def test_kal_115_158_each_masters_own_max_mana() -> None:
    """KAL-115, KAL-158: the check keeps each master's own max mana: 遠坂凛 (5) keeps 5 cards, 衛宮士郎 (4) with
    5 cards discards one."""
    state = table([SABER, ARCHER])
    for _ in range(2):  # each: command spell ① (+3), lurk (+1): 5 cards
        state = act(state, "spell draw")
        state = act(state, "lurk")
        state = act(state, "no_accumulation")
    assert [len(p.hand) for p in state.players] == [5, 5]
    state, seen = to_next_turn(state)
    assert ("discard", 0) in seen and ("discard", 1) not in seen
    assert [len(p.hand) for p in state.players] == [4, 5]


def test_kal_113_rul_58_end_window_without_a_discard_looming() -> None:
    """KAL-113, KAL-124, KAL-RUL-58: every master holding cards is asked before the check, not only one who
    would discard: Rider (HP 8 after an HP conversion, 2 cards) heals with 治癒魔術 in the end part."""
    state = table([SABER, RIDER], top_cards=("gandr/1", "healing/1"))
    state = act(state, "lurk")
    state = act(state, "no_accumulation")
    state = act(state, "convert")  # P1: HP 10 -> 8, one more card
    state = act(state, "lurk")
    state = act(state, "no_accumulation")
    while top(state) != ("end_window", 1):
        state = act(state, "pass")
    assert "use healing/1" in legal(state) and len(state.players[1].hand) <= 4
    state = act(state, "use healing/1")
    while top(state)[0] == "counter":
        state = act(state, "pass")
    assert state.players[1].hp == 10


def test_kal_114_115_a_discard_is_logged_with_its_card_for_everyone() -> None:
    """KAL-114, KAL-115: a card discarded at the hand check goes face up to the discard pile: its log line names
    the master and the card, everyone sees it, and it reveals the discarder's own card (its owner)."""
    state = table([SABER, ARCHER])
    for _ in range(2):
        state = act(state, "spell draw")
        state = act(state, "lurk")
        state = act(state, "no_accumulation")
    while top(state) != ("discard", 0):
        options = legal(state)
        state = act(state, next((q for q in ("no_strategy", "no_accumulation", "pass") if q in options), options[0]))
    card = state.players[0].hand[0]
    state = act(state, f"discard {card}")
    [event] = [e for e in GAME.events(state) if e.kind == "discard"]
    name = state.catalog.magic[card].name
    assert event.text == f"P1 ({state.catalog.masters[state.players[0].master or ''].name}) discards {name}"
    assert event.is_visible_to(1) and event.reveals and event.owner == 0
    assert event.clauses == ("KAL-114", "KAL-115") and card in state.discard
