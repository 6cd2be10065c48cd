"""Dominate Grail War's case of the hidden-information check: a card that more than one servant deck holds
never tells the table whose deck it came from.

The generic check (test_contract) swaps in a determinization and compares what each observer sees; it passes
over a step that reveals something (a card played face up), so it cannot see what such a card gives away.
This case builds the two worlds itself: the same game, played with the same actions, where one master's
secret servant differs. That master plays the shared card face up; every other seat's view and log, and a
spectator's, must be the same in both worlds at every step of the round, the battle and the next round's
start included (DGW-017, DGW-029, DGW-030).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bouts.core import CHANCE
from bouts.core.events import visible
from bouts.games.grail_war.flow import pile
from tests.grail_war.helpers import CAT, GAME, start

SERVANTS = list(CAT.servants)
MASTERS = ["illya", "rin", "kirei", "shirou"]


def _in_several_decks() -> list[str]:
    """Card instances that more than one servant deck holds (the same card, the same id)."""
    holders = Counter(card for deck in CAT.decks.values() for card in set(deck))
    return sorted(card for card, count in holders.items() if count > 1)


def _several_by_entry() -> list[str]:
    """Card entries (by content id) that more than one servant deck holds, whatever their instance ids."""
    holders: Counter[str] = Counter()
    for deck in CAT.decks.values():
        holders.update({CAT.cards[card].id for card in deck})
    return sorted(entry for entry, count in holders.items() if count > 1)


def _world(servant: str, card: str, others: list[str]) -> list[tuple[Any, list[Any]]]:
    """Round 1 with seat 0's servant ``servant``: it places at Miyama and plays ``card`` face up and one of
    its own cards face down; the others place and play face down. Every state and its events, in order."""
    deck = CAT.decks[servant]
    shared = next(c for c in deck if CAT.cards[c].id == card)
    own = next(c for c in deck if CAT.cards[c].id != card and c not in _in_several_decks())
    state = start(4, masters=MASTERS, servants=[servant, *others], decks={0: [shared, own]})
    steps: list[tuple[Any, list[Any]]] = [(state, list(GAME.events(state)))]
    script = {0: ["place miyama", "stay", f"play {shared} up", f"play {own} down"],
              1: ["place workshop"], 2: ["place workshop"], 3: ["place shinto"]}
    while GAME.to_act(state) and state.round == 1:
        seat = GAME.to_act(state)[0]
        if seat == CHANCE:
            action = "shuffle " + " ".join(pile(state))
        elif script[seat]:
            action = script[seat].pop(0)
        else:
            legal = [str(a) for a in GAME.legal_actions(state, seat)]
            action = next((a for a in legal if a.endswith(" down")), None) or (
                "stay" if "stay" in legal else "done" if "done" in legal else "next" if "next" in legal else legal[0])
        state = GAME.apply(state, seat, action)
        steps.append((state, list(GAME.events(state))))
    return steps


@pytest.mark.parametrize("card", _several_by_entry())
def test_grail_war_a_card_in_several_decks_reveals_no_servant(card: str) -> None:
    """For every card that more than one servant deck holds, and every servant whose deck holds it: the
    table sees the same round whichever servant played it (ids, view, event data and text)."""
    holders = [s for s in SERVANTS if any(CAT.cards[c].id == card for c in CAT.decks[s])]
    assert len(holders) > 1
    base = holders[0]
    compared = 0
    for other in holders[1:]:
        rest = [s for s in SERVANTS if s not in (base, other)][:3]
        one, two = _world(base, card, rest), _world(other, card, rest)
        assert len(one) == len(two)
        for (a, events_a), (b, events_b) in zip(one, two, strict=True):
            for observer in (None, 1, 2, 3):
                assert GAME.view(a, observer) == GAME.view(b, observer), (card, other, observer)
                assert [e.to_json() for e in visible(events_a, observer)] == \
                       [e.to_json() for e in visible(events_b, observer)], (card, other, observer)
                compared += 1
        played = [e for _, events in one for e in events if e.kind == "prepare" and e.data.get("seat") == 0]
        assert played and CAT.cards[played[0].data["cards"][0]].id == card  # it was played face up
    assert compared > 100
