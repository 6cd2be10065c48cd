"""The Casual rules (DGW-112..DGW-122), played through actions."""

from __future__ import annotations

from typing import Any

from bouts.core import CHANCE
from bouts.core.i18n import tr
from tests.grail_war.helpers import CAT, GAME, act, legal, place_all, spoils, start, turn
from tests.grail_war.scenario import steer

FOUR = ["illya", "rin", "kirei", "shirou"]
"""Casual round 1 mana (initial + 2 + the situation's supply): Illya 10, Rin 9, Kirei 9, Shirou 6."""
SERVANTS = ["berserker", "saber", "archer", "lancer"]


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
    assert state.tokens == {"miyama3": None, "miyama1": None, "shinto3": None, "shinto1": None}


def test_no_events_in_casual() -> None:
    """DGW-116, DGW-118, DGW-121: no event is revealed in the Action phase; the normal phases run."""
    state = place_all(start(4, masters=FOUR, casual=True), "miyama", "shinto", "workshop", "workshop")
    assert state.events_at == {} and state.step == "turn"
    assert not [e for e in GAME.events(state) if e.kind == "event"]


def casual(round_two: bool, places: list[str], plays: list[dict[str, Any]],
           hands: dict[int, list[str]]) -> list[int]:
    """A Casual game's round 1 (or round 2, after a round 1 at the Workshop using the first two cards of
    ``hands`` face down): the placements and turns; the spoils each seat gained in that round."""
    state = start(4, masters=FOUR, servants=SERVANTS, casual=True, decks=hands)
    if round_two:
        state = place_all(state, *["workshop"] * 4)
        for seat in range(4):
            first, second = (hands.get(seat) or state.players[seat].hand)[:2]
            state = turn(state, cards=[f"{first} down", f"{second} down"])
        assert state.round == 2 and state.npc == "miyama"
    before = spoils(state)
    state = place_all(state, *places)
    for spec in plays:
        state = turn(state, **spec)
    return [a - b for a, b in zip(spoils(state), before, strict=True)]


STRONG = ["berserker_05", "berserker_06", "berserker_09"]
"""4 + 3 (and 2): 10 with the +3 land advantage."""
WEAK = ["saber_06", "saber_07", "saber_09"]
"""3 + 3: 7 with the +1."""
EVEN = ["saber_05", "saber_01", "saber_09"]
"""5 + 4: 10 with the +1."""


def test_ex44_casual_fixed_spoils() -> None:
    """DGW-EX-44, DGW-120, DGW-RUL-53: alone at a battlefield 2; beating a rival 4 at Miyama, 5 at Shinto."""
    gained = casual(False, ["miyama", "workshop", "workshop", "workshop"], [dict(), dict(), dict(), dict()], {})
    assert gained[0] == 2
    plays = [dict(cards=["berserker_05 up", "berserker_06 up"]), dict(cards=["saber_06 up", "saber_07 up"]),
             dict(), dict()]
    gained = casual(False, ["miyama", "miyama", "workshop", "workshop"], plays, {0: STRONG, 1: WEAK})
    assert gained[:2] == [4, 0]
    # round 2 (the NPC at Miyama): P2 places first (+3: 3 + 3 + 3 = 9), P1 last (+1: 5 + 4 + 1 = 10)
    plays = [dict(cards=["saber_06 up", "saber_07 up"]), dict(), dict(), dict(cards=["berserker_03 up",
                                                                                     "berserker_05 up"])]
    gained = casual(True, ["shinto", "workshop", "workshop", "shinto"], plays,
                    {0: ["berserker_08", "berserker_09", "berserker_03", "berserker_05"],
                     1: ["saber_02", "saber_03", "saber_06", "saber_07"]})
    assert gained[:2] == [5, 0]
    gained = casual(True, ["workshop", "workshop", "workshop", "shinto"], [dict(), dict(), dict(), dict()], {})
    assert gained[0] == 2


def test_ex45_casual_ties_round_up() -> None:
    """DGW-EX-45, DGW-RUL-53: tied at 10 at Miyama each gains ceil(4/2) = 2; at Shinto ceil(5/2) = 3."""
    plays = [dict(cards=["berserker_05 up", "berserker_06 up"]), dict(cards=["saber_05 up", "saber_01 up"]),
             dict(), dict()]
    gained = casual(False, ["miyama", "miyama", "workshop", "workshop"], plays, {0: STRONG, 1: EVEN})
    assert gained[:2] == [2, 2]
    plays = [dict(cards=["saber_01 up", "saber_06 up"]), dict(), dict(), dict(cards=["berserker_03 up",
                                                                                     "berserker_05 up"])]
    gained = casual(True, ["shinto", "workshop", "workshop", "shinto"], plays,  # 4 + 3 + 3 and 5 + 4 + 1
                    {0: ["berserker_08", "berserker_09", "berserker_03", "berserker_05"],
                     1: ["saber_02", "saber_03", "saber_01", "saber_06"]})
    assert gained[:2] == [3, 3]


def test_ex46_ends_after_round_four() -> None:
    """DGW-EX-46, DGW-122, DGW-RUL-54: after round 4 the most spoils wins (here [4, 5, 2]: what 4 rounds of
    face-down play against the NPC can give); no climax, no round 5. Tied for the most, both win (DGW-RUL-53)."""
    state = steer(3, FOUR[:3], {4: [4, 5, 2]}, casual=True).state
    assert state.winners == (1,) and GAME.outcome(state).winners == (1,) and state.round == 4
    assert state.climax_card is None and "most spoils" in tr(state.reason)
    state = steer(3, FOUR[:3], {4: [5, 5, 2]}, casual=True).state
    assert state.winners == (0, 1)


def test_casual_np_threshold_and_npc_still_apply() -> None:
    """DGW-RUL-53, DGW-RUL-54, DGW-068: the NPC stands with 4 or fewer; NP/skill cards still need mana 8: Shirou
    (6 mana) gets none offered, and after command spell Use A (10) he does."""
    state = start(4, masters=["shirou", "rin", "kirei", "illya"], servants=SERVANTS, casual=True)
    assert state.npc == "shinto" and state.players[0].mana == 6
    state = place_all(state, "miyama", "workshop", "workshop", "workshop")
    state = act(state, 0, "stay")
    assert not [a for a in legal(state) if a.startswith("play god_hand")]
    state = start(4, masters=["shirou", "rin", "kirei", "illya"], servants=SERVANTS, casual=True)
    state = place_all(state, "miyama", "workshop", "workshop", "workshop")
    state = act(state, 0, "spell mana", "stay")
    assert state.players[0].mana == 10 and "play god_hand_1 up" in legal(state)


def test_dgw_120_casual_spoils_lines_say_alone_or_contested() -> None:
    """DGW-120: a Casual win says which fixed amount it is, in both languages: alone at Miyama 2 ("Casual: alone"),
    then beating a rival there 4 ("Casual: a contested Miyama")."""
    lines: list[tuple[str, str]] = []
    for places, plays, hands in (
            (["miyama", "workshop", "workshop", "workshop"], [dict(), dict(), dict(), dict()], {}),
            (["miyama", "miyama", "workshop", "workshop"],
             [dict(cards=["berserker_05 up", "berserker_06 up"]), dict(cards=["saber_06 up", "saber_07 up"]), dict(),
              dict()], {0: STRONG, 1: WEAK})):
        state = place_all(start(4, masters=FOUR, servants=SERVANTS, casual=True, decks=hands), *places)
        for spec in plays:
            state = turn(state, **spec)
        lines += [(e.render("en"), e.render("ja")) for e in GAME.events(state)
                  if e.kind == "battle" and e.data.get("place") == "miyama"]
    assert len(lines) == 2
    assert "(Casual: alone 2)" in lines[0][0] and "wins 2 spoils" in lines[0][0], lines[0]
    assert "(Casual: a contested Miyama 4)" in lines[1][0] and "wins 4 spoils" in lines[1][0], lines[1]
    assert "（カジュアル：1人 2）" in lines[0][1], lines[0]
    assert all("Casual" not in ja and "{" not in ja for _en, ja in lines), lines
