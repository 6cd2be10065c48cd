"""The Casual rules (DGW-112..DGW-122)."""

from __future__ import annotations

from bouts.games.grail_war import battle, climax
from bouts.core import CHANCE
from tests.grail_war.helpers import CAT, GAME, edit, place_all, start, turn

FOUR = ["illya", "rin", "kirei", "shirou"]


def test_ex43_casual_setup() -> None:
    """DGW-EX-43, DGW-113, DGW-114, DGW-115, DGW-117, DGW-119: Casual shuffles 4 of the rulebook's 13 situation
    cards (「下記の4枚…残りのシチュエーションカードはカジュアルルールでは使用しません」), tokens, decks, +2 mana
    before round 1, no events."""
    casual = CAT.casual_situations()
    assert len(casual) == 4 and all(CAT.situations[s].kind == "regular" for s in casual)
    from bouts.games.grail_war.flow import pile
    state = GAME.setup(4, {"masters": FOUR, "casual": True}, None, 0)
    state = GAME.apply(state, CHANCE, "shuffle " + " ".join(pile(state)))  # servants
    assert sorted(pile(state)) == sorted(casual)  # the situation shuffle orders those 4 only
    state = start(4, masters=FOUR, casual=True, situations=list(reversed(casual)))
    assert state.situation == casual[-1] and len(state.situation_deck) == 3
    assert state.event_deck == [] and state.events_at == {}
    supply = CAT.situations[casual[-1]].supply
    assert [p.mana for p in state.players] == [min(12, CAT.initial_mana[m] + 2 + supply) for m in FOUR]
    assert all(len(p.hand) == 3 for p in state.players)


def test_no_events_in_casual() -> None:
    """DGW-116, DGW-118, DGW-121: no event is revealed in the Action phase; the normal phases run."""
    state = place_all(start(4, masters=FOUR, casual=True), "miyama", "shinto", "workshop", "workshop")
    assert state.events_at == {} and state.step == "turn"


def test_ex44_ex45_fixed_spoils() -> None:
    """DGW-EX-44, DGW-EX-45, DGW-120, DGW-RUL-53: alone 2; beating a rival 4 at Miyama, 5 at Shinto; ties ceil."""
    state = edit(start(4, masters=FOUR, casual=True))
    state.npc = None
    p0, p1 = state.players[0], state.players[1]
    p0.location = "shinto"
    battle.resolve(state, "shinto")
    assert p0.spoils == 2
    p0.spoils = 0
    p0.location = p1.location = "miyama"
    p0.played = [("berserker_01", True, False)]
    battle.resolve(state, "miyama")
    assert p0.spoils == 4
    p0.spoils = 0
    p0.location = p1.location = "shinto"
    battle.resolve(state, "shinto")
    assert p0.spoils == 5
    p0.spoils = 0
    p0.played = []
    battle.resolve(state, "shinto")
    assert (p0.spoils, p1.spoils) == (3, 3)
    p0.spoils = p1.spoils = 0
    p0.location = p1.location = "miyama"
    battle.resolve(state, "miyama")
    assert (p0.spoils, p1.spoils) == (2, 2)


def test_ex46_ends_after_round_four() -> None:
    """DGW-EX-46, DGW-122, DGW-RUL-54: after round 4 the most spoils wins; no climax, no round 5."""
    state = edit(start(3, masters=FOUR[:3], casual=True))
    state.round = 4
    for p, v in zip(state.players, [9, 12, 7], strict=True):
        p.spoils = v
    climax.end_of_round(state)
    assert state.winners == (1,) and GAME.outcome(state).winners == (1,) and state.round == 4


def test_casual_np_threshold_and_npc_still_apply() -> None:
    """DGW-RUL-53, DGW-RUL-54: the NPC stands with 4 or fewer; NP/skill cards still need mana 8."""
    state = start(4, masters=FOUR, casual=True)
    assert state.npc == "shinto"
    state = edit(place_all(state, "miyama", "workshop", "workshop", "workshop"))
    state.players[0].mana = 7
    state = turn(state) if False else state
    from tests.grail_war.helpers import act, legal
    state = act(state, 0, "stay")
    assert not [a for a in legal(state) if a.startswith("play god_hand")]
