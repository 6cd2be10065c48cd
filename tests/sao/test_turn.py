"""Turn structure, partners, Exhaustion and Refresh (SAO-045..SAO-052, SAO-086..SAO-090, SAO-156)."""

from __future__ import annotations

from sao_helpers import GAME, act, char, kind, roll, texts
from sao_helpers import start as _start

QUIET = ("hooligans", "assassin", "giant", "final_battle")


def start(*args, **kw):
    """Games on Pack of hooligans (no AoE) so whiffed turns hurt only the turn player."""
    return _start(*args, scenarios=QUIET, **kw)



def whiff(s, partner: str | None = None):
    """Play a turn that deals nothing and switches nothing: roll all 5s (no skill uses them)."""
    if kind(s) == "chain_partner":
        s = act(s, f"partner {partner}")
    n = len(s.pending[-1].get("dice"))
    s = roll(s, *([5] * n))
    s = act(s, "finalize")
    return act(s, "done")


def test_sao_045_046_kirito_starts_and_turn_order_of_parts():
    """SAO-045: Kirito takes the first turn; SAO-046: ① partner, ② dice, ③ skills, ④ counter, ⑤ resolve, ⑥ end."""
    s = start(3, ("asuna", "kirito", "klein"))
    assert s.characters[s.turn_char].id == "kirito" and GAME.to_act(s) == (1,)
    assert kind(s) == "chain_partner"
    s = act(s, "partner klein")
    assert kind(s) == "roll"
    s = roll(s, 2, 2, 5, 5, 5, 5)
    assert kind(s) == "roll_window"
    s = act(s, "finalize")
    assert kind(s) == "assign"
    s = act(s, "skill vertical_arc 1 2")
    s = act(s, "done")
    order = [e.kind for e in s.events]
    assert order.index("damage") < order.index("hurt") < order.index("exhausted") < order.index("turn")


def test_sao_047_049_partner_choice_and_support_dice():
    """SAO-047: with 3+ players the turn player picks any other character; SAO-049: the partner rolls dice."""
    s = start(3, ("kirito", "asuna", "klein"))
    assert sorted(texts(s)) == ["partner asuna", "partner klein"]
    s = act(s, "partner klein")
    assert s.characters[s.partner].id == "klein"
    assert [d.kind for d in s.pool].count("support") == 3


def test_sao_048_dt_07_two_players_alternate_and_never_exhaust():
    """SAO-048, SAO-DT-07: the partner is always the other player; Kirito, Asuna, Kirito; no Exhaustion."""
    s = start(2)
    seen = []
    for _ in range(3):
        seen.append((s.characters[s.turn_char].id, s.characters[s.partner].id))
        s = whiff(s)
        assert not any(c.exhausted for c in s.characters)
    assert seen == [("kirito", "asuna"), ("asuna", "kirito"), ("kirito", "asuna")]


def test_sao_050_only_turn_player_and_partner_use_abilities():
    """SAO-050, SAO-RUL-06: the third character has no ability window this turn."""
    s = start(3, ("kirito", "asuna", "klein"))
    s = act(s, "partner asuna")
    s = roll(s, 1, 2, 3, 4, 5, 6)
    assert not any(t.startswith("ability klein") for t in texts(s))
    assert any(t.startswith("ability kirito") for t in texts(s))
    s = act(s, "ask_partner")
    assert all(t.startswith("ability asuna") or t == "back" for t in texts(s))


def test_sao_051_087_089_dt_05_rul_17_exhaustion_cycle_three_players():
    """SAO-DT-05, SAO-RUL-17: A chains B (A Exhausted), B must chain C, at C's turn everyone Refreshes.
    SAO-051 (no chaining with an Exhausted character), SAO-087, SAO-089, SAO-090, SAO-052, SAO-086."""
    s = start(3, ("kirito", "asuna", "klein"))
    s = whiff(s, "asuna")
    assert char(s, "kirito").exhausted and s.characters[s.turn_char].id == "asuna"
    # only Klein is legal for Asuna: chosen automatically
    assert s.characters[s.partner].id == "klein" and kind(s) == "roll"
    s = whiff(s)
    kinds = [(e.kind, e.data.get("character")) for e in s.events]
    assert kinds.index(("exhausted", "asuna")) < kinds.index(("refresh", None))
    assert s.characters[s.turn_char].id == "klein"
    assert not any(c.exhausted for c in s.characters)
    assert sorted(texts(s)) == ["partner asuna", "partner kirito"]


def test_sao_089_exhausted_even_after_switch():
    """SAO-089: the turn player becomes Exhausted whether or not a Switch occurred (SAO-DT-03)."""
    s = start(3, ("kirito", "asuna", "klein"))
    s = act(s, "partner asuna")
    s = roll(s, 2, 2, 4, 4, 6, 6)
    s = act(s, "finalize")
    for t in ("skill vertical_arc 1 2", "skill vertical_arc 3 4", "skill vertical_arc 5 6"):
        s = act(s, t)
    s = act(s, "done")
    assert any(e.kind == "switch" for e in s.events)
    assert not any(e.kind == "hurt" for e in s.events)
    assert char(s, "kirito").exhausted and s.characters[s.turn_char].id == "asuna"
    assert all(c.damage == 0 for c in s.characters)


def test_sao_dt_06_exhaustion_cycle_four_players():
    """SAO-DT-06: A->B->C->D; C's only legal partner was D; at D's turn everyone is Refreshed."""
    s = start(4, ("kirito", "asuna", "klein", "lisbeth"))
    s = whiff(s, "asuna")
    assert sorted(texts(s)) == ["partner klein", "partner lisbeth"]
    s = whiff(s, "klein")
    assert s.characters[s.turn_char].id == "klein"
    assert s.characters[s.partner].id == "lisbeth"  # the only one left
    s = whiff(s)
    assert s.characters[s.turn_char].id == "lisbeth"
    assert not any(c.exhausted for c in s.characters)
    assert sorted(texts(s)) == ["partner asuna", "partner kirito", "partner klein"]


def test_sao_088_156_rul_18_no_exhaustion_solo():
    """SAO-088, SAO-156, SAO-RUL-18: solo is a 2-character game: the other character is always the
    partner, nobody is Exhausted, and usage uses the 1-2 player column with two counters."""
    s = start(1, ("kirito", "klein"))
    assert s.characters[s.partner].id == "klein"
    s = whiff(s)
    assert s.characters[s.turn_char].id == "klein" and s.characters[s.partner].id == "kirito"
    assert not any(c.exhausted for c in s.characters)
    card = s.card(0)
    assert s.usage_max(0) == card.usage[0][0] and len({c.id for c in s.characters}) == 2


def test_sao_012_partner_takes_the_next_turn():
    """SAO-012, SAO-086: the chaining partner takes the next turn."""
    s = start(3, ("kirito", "asuna", "klein"))
    s = whiff(s, "klein")
    assert s.characters[s.turn_char].id == "klein"
