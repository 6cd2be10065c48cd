"""Clearing a scenario: items, level up, Healing, next scenario (SAO-091..SAO-112, SAO-RUL-19..SAO-RUL-25)."""

from __future__ import annotations

from sao_helpers import GAME, ITEMS, act, char, kind, roll, start, texts

from bouts.games.sao.state import Token


def clear_current(s, dice=None):
    """Beat the current scenario: its last step already carries damage equal to its HP (SAO-RUL-10)."""
    s.step = len(s.scenario.steps) - 1
    s.step_damage = s.current_step.hp
    n = len(s.pending[-1].get("dice"))
    s = act(roll(s, *([5] * n)), "finalize")
    s = act(s, "done")
    return act(s, "endure") if kind(s) == "yui" else s


def test_sao_091_092_093_094_equipment_flow():
    """SAO-091 order (items, level up, healing, next), SAO-092: the finisher draws the top item;
    SAO-093, SAO-094: Equipment goes to the character the turn player picks; SAO-027, SAO-RUL-22."""
    s = start(2)
    s.characters[0].damage = 3
    s = clear_current(s)
    assert kind(s) == "equip" and GAME.to_act(s) == (0,)
    assert [e.data.get("item") for e in s.events if e.kind == "item"] == ["coat/1"]
    assert sorted(texts(s)) == ["equip asuna", "equip kirito"]
    s = act(s, "equip asuna")
    kinds = [e.kind for e in s.events]
    assert char(s, "asuna").equipment == ["coat/1"]
    assert kind(s) == "transfer"
    s = act(s, "finish")
    kinds += [e.kind for e in s.events]
    assert kinds.index("equip") < kinds.index("level") < kinds.index("healing") < kinds.index("scenario")
    assert s.scenario.section == "middle"


def test_sao_095_rul_23_equipment_transfer_at_scenario_end():
    """SAO-095, SAO-RUL-23: at the end of a scenario Equipment may move between living characters."""
    s = act(clear_current(start(2)), "equip asuna")
    assert texts(s) == ["transfer coat/1 kirito", "finish"]
    s = act(s, "transfer coat/1 kirito")
    assert char(s, "kirito").equipment == ["coat/1"] and char(s, "asuna").equipment == []
    assert kind(s) != "transfer"  # each card moves at most once per scenario end


def test_sao_096_097_rul_22_consumables_shared_and_discarded():
    """SAO-096: a Consumable is the group's; SAO-097: it is discarded when used; SAO-026."""
    items = ("healing_potion/1", *[i for i in ITEMS if i != "healing_potion/1"])
    s = clear_current(start(2, items=items, scenarios=("ambush", "dragon", "giant", "final_battle")))
    assert s.consumables == ["healing_potion/1"]
    s.characters[1].damage = 4
    # the next scenario's first turn: the partner (Kirito) may use it too
    while kind(s) != "roll_window":
        s = act(s, "keep") if kind(s) == "exchange" else roll(s, *([1] * len(s.pending[-1].get("dice"))))
    assert "use healing_potion/1 asuna" in texts(s)
    partner = act(s, "ask_partner")  # the partner's seat may use the group's Consumables too
    assert GAME.to_act(partner) == (0,) and "use healing_potion/1 asuna" in texts(partner)
    s = act(s, "use healing_potion/1 asuna")
    assert char(s, "asuna").damage == 0 and s.consumables == []


def test_sao_153_no_consumables():
    """SAO-153: No Consumables blocks Consumables; Equipment still works."""
    items = ("healing_potion/1", *[i for i in ITEMS if i != "healing_potion/1"])
    s = clear_current(start(2, items=items))
    assert s.scenario.id == "assassin" and s.current_step.no_consumables
    s.characters[1].damage = 4
    while kind(s) != "roll_window":
        s = act(s, "keep") if kind(s) == "exchange" else roll(s, *([1] * len(s.pending[-1].get("dice"))))
    assert not any(t.startswith("use") for t in texts(s))


def test_sao_dt_12_level_up_schedule_and_healing():
    """SAO-DT-12, SAO-098..SAO-102, SAO-107..SAO-112, SAO-RUL-19, SAO-RUL-20, SAO-RUL-21, SAO-RUL-25."""
    s = start(2)
    s.characters[0].damage, s.characters[1].damage = 3, 2
    s.characters[1].usage = 0
    s.tokens["silica"] = Token("silica", "shield", "kirito", "", 0)
    s = act(act(clear_current(s), "equip kirito"), "finish")
    kirito, asuna = char(s, "kirito"), char(s, "asuna")
    assert (kirito.level, asuna.level) == (1, 1) and kirito.has_die and asuna.has_die  # SAO-099
    assert s.hp(0) == s.card(0).hp[1] > s.card(0).hp[0]  # HP up
    assert (kirito.damage, asuna.damage) == (0, 0)  # SAO-107, SAO-RUL-20
    assert asuna.usage == s.usage_max(1)  # SAO-109
    assert s.tokens == {}  # SAO-110, SAO-RUL-21
    assert not s.yui
    # SAO-112, SAO-RUL-25: Asuna was the last chaining partner and starts the middle section
    assert s.characters[s.turn_char].id == "asuna" and s.scenario.section == "middle"
    # middle section: level 80, usage up, Yui (SAO-100)
    usage_50 = s.usage_max(0)
    while kind(s) == "exchange":
        s = act(s, "keep")
    s = clear_current(s)
    while kind(s) in ("equip", "transfer"):
        s = act(s, texts(s)[-1])
    assert char(s, "kirito").level == 2 and s.yui and s.usage_max(0) > usage_50
    assert s.characters[s.turn_char].id == "kirito"
    # upper section: nothing happens (SAO-101, SAO-RUL-19), an item is still drawn, Healing happens
    while kind(s) == "exchange":
        s = act(s, "keep")
    s.characters[1].damage = 3
    hp_before = s.hp(0)
    s = clear_current(s)
    while kind(s) in ("equip", "transfer"):
        s = act(s, texts(s)[-1])
    assert char(s, "kirito").level == 2 and s.hp(0) == hp_before
    assert len(s.items) == 5 and char(s, "asuna").damage == 0  # three items drawn in all
    assert s.scenario.section == "final"  # SAO-111, SAO-041


def test_sao_014_level_makes_characters_stronger():
    """SAO-014: levels raise HP and add Sword Skills."""
    s = start(2)
    card = s.card(0)
    assert card.hp[0] < card.hp[1] < card.hp[2]
    assert {k.level for k in card.skills} == {1, 50, 80}


def test_sao_043_first_scenario_is_lower():
    """SAO-041, SAO-043: the lower section card is revealed first."""
    s = start(2)
    assert s.scenario.section == "lower" and [e.kind for e in s.events].count("scenario") == 1


def test_sao_028_yui_support_card():
    """SAO-028, SAO-RUL-50: Yui (card data: turn one counterattack back per scenario) once the group has her."""
    s = start(2, scenarios=("hooligans", "assassin", "giant", "final_battle"))
    s.yui = True
    s = act(roll(s, 5, 5, 5, 5, 5, 5), "finalize")
    s = act(s, "done")
    assert kind(s) == "yui" and texts(s) == ["yui", "endure"]
    s = act(s, "yui")
    assert all(c.damage == 0 for c in s.characters) and s.step_damage == 3 and s.yui_used == 1
    s = act(roll(s, 5, 5, 5, 5, 5, 5), "finalize")
    s = act(s, "done")
    assert kind(s) != "yui" and char(s, "asuna").damage == 3  # used up this scenario


def test_sao_108_healing_refreshes():
    """SAO-108: Healing Refreshes every character."""
    s = start(3, ("kirito", "asuna", "klein"))
    s = act(s, "partner asuna")
    s.characters[2].exhausted = True
    s = clear_current(s)
    while kind(s) in ("equip", "transfer"):
        s = act(s, texts(s)[-1])
    assert not any(c.exhausted for c in s.characters) and s.scenario.section == "middle"
