"""Clearing a scenario: gaining items, level up, healing, next scenario (SAO-091..SAO-112)."""

from __future__ import annotations

from typing import Final

from bouts.core.decisions import Decision
from bouts.core.events import QUIET
from bouts.games.sao import turn
from bouts.games.sao.i18n import M_, N_
from bouts.games.sao.log import say
from bouts.games.sao.state import SaoState, plain_decision

SECTION_NAMES: Final = {"lower": N_("lower section"), "middle": N_("middle section"), "upper": N_("upper section"),
                        "final": N_("Final Battle")}
"""Each section of «Aincrad» as the rulebook names it."""
ITEM_TYPES: Final = {"equipment": N_("Equipment"), "consumable": N_("Consumable")}
"""The two kinds of item card (SAO-026)."""


def clear_scenario(state: SaoState) -> None:
    """The last step is beaten (SAO-084); the Final Battle wins at once (SAO-042, SAO-RUL-24)."""
    scenario = state.scenario
    say(state, "cleared", N_("{scenario} is cleared"), {"scenario": scenario.id},
        args={"scenario": scenario.name}, clauses=("SAO-084",))
    if scenario.section == "final":
        turn.win(state, M_("the Final Battle is beaten"), ("SAO-042", "SAO-115", "SAO-RUL-24"))
        return
    me = state.characters[state.turn_char]
    state.last_partner = state.partner
    if state.items:  # SAO-092, SAO-RUL-22
        item = state.items.pop(0)
        card = state.catalog.items[item]
        say(state, "item", N_("{character} draws {item} ({type}): {text}"),
            {"item": item, "type": card.type}, reveals=True,
            args={"character": me.name, "item": card.name,
                  "type": M_(ITEM_TYPES[card.type]), "text": card.text},
            clauses=("SAO-091", "SAO-092", "SAO-RUL-22"))
        if card.type == "equipment":  # SAO-093
            state.pending.append(Decision.make(me.seat, "equip", item=item))
            return
        state.consumables.append(item)  # SAO-096
    after_items(state)


def equip(state: SaoState, char_id: str) -> None:
    """The turn player gives the Equipment to a character (SAO-093, SAO-094)."""
    decision = state.pending.pop()
    item = decision.get("item")
    c = state.characters[state.index_of(char_id)]
    c.equipment.append(item)
    say(state, "equip", N_("{character} takes {item}"), {"item": item, "character": c.id},
        args={"character": c.name, "item": state.catalog.items[item].name},
        clauses=("SAO-093", "SAO-094"))
    after_items(state)


def after_items(state: SaoState) -> None:
    """2. Level up, then equipment transfers (SAO-095, SAO-RUL-23)."""
    level_up(state)
    state.moved = []
    offer_transfer(state)


def level_up(state: SaoState) -> None:
    """Level up by section (SAO-098..SAO-102, SAO-RUL-19)."""
    section = state.scenario.section
    if section == "lower":
        for c in state.characters:
            c.level, c.has_die = 1, True
        say(state, "level", N_("The characters reach level 50 and get their character dice"),
            clauses=("SAO-098", "SAO-099", "SAO-102"))
    elif section == "middle":
        for c in state.characters:
            c.level = 2
        state.yui = state.catalog.support is not None
        support = state.catalog.support
        say(state, "level", N_("The characters reach level 80; the group gains the Support card "
                        "{support}"), args={"support": support.name if support else "-"},
            clauses=("SAO-098", "SAO-100"))
    else:
        say(state, "level", N_("Level up: nothing happens (already level 80)"),
            clauses=("SAO-101", "SAO-RUL-19"))


def transfer_options(state: SaoState) -> list[tuple[str, str]]:
    """(item, character) moves still allowed at this scenario end."""
    out: list[tuple[str, str]] = []
    for c in state.characters:
        for item in c.equipment:
            if item in state.moved:
                continue
            out += [(item, o.id) for o in state.characters if o.id != c.id and not o.dead]
    return out


def offer_transfer(state: SaoState) -> None:
    """Ask for transfers while any are possible, else heal."""
    if transfer_options(state):
        state.pending.append(plain_decision(state.characters[state.turn_char].seat, "transfer"))
        return
    heal_and_continue(state)


def transfer(state: SaoState, item: str | None, char_id: str | None) -> None:
    """Move one Equipment card, or finish transferring."""
    state.pending.pop()
    if item is None or char_id is None:
        heal_and_continue(state)
        return
    for c in state.characters:
        if item in c.equipment:
            c.equipment.remove(item)
    target = state.characters[state.index_of(char_id)]
    target.equipment.append(item)
    state.moved.append(item)
    say(state, "transfer", N_("{item} goes to {character}"), {"item": item, "character": char_id},
        args={"item": state.catalog.items[item].name, "character": target.name},
        clauses=("SAO-095", "SAO-RUL-23"))
    offer_transfer(state)


def healing(state: SaoState) -> None:
    """3. Healing (SAO-107..SAO-110)."""
    for i, c in enumerate(state.characters):
        c.damage = 0
        c.usage = state.usage_max(i)
    turn.refresh_all(state, M_("Healing"), ("SAO-108",))
    turn.return_tokens(state, M_("Healing"), ("SAO-110", "SAO-RUL-21"))
    say(state, "healing", N_("Healing: every character's damage is removed and ability uses are back "
                      "at their maximum"), clauses=("SAO-107", "SAO-109"))


def heal_and_continue(state: SaoState) -> None:
    """Healing, then 4. Next scenario with the last chaining partner first (SAO-111, SAO-112)."""
    healing(state)
    state.section += 1
    if state.last_partner is not None:
        state.turn_char = state.last_partner
    begin_scenario(state)


def begin_scenario(state: SaoState) -> None:
    """Reveal the current scenario card and start its first turn (SAO-043, SAO-111)."""
    state.step, state.step_damage, state.yui_used = 0, 0, 0
    if state.events is not QUIET:
        scenario = state.scenario
        steps = [M_("{step} ({hp} HP, counterattack {damage})", step=s.name, hp=s.hp, damage=s.damage)
                 for s in scenario.steps]
        say(state, "scenario", N_("{scenario} ({section}, {dice} dice each) is revealed: {steps}"),
            {"scenario": scenario.id}, reveals=True,
            args={"scenario": scenario.name, "section": M_(SECTION_NAMES[scenario.section]),
                  "dice": scenario.dice, "steps": steps},
            clauses=("SAO-043", "SAO-111") if state.section else ("SAO-041", "SAO-043"))
    turn.start_turn(state)
