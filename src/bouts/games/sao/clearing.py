"""Clearing a scenario: gaining items, level up, healing, next scenario (SAO-091..SAO-112)."""

from __future__ import annotations

from bouts.core.decisions import Decision
from bouts.core.events import Event
from bouts.games.sao import turn
from bouts.games.sao.state import SaoState, plain_decision


def clear_scenario(state: SaoState) -> None:
    """The last step is beaten (SAO-084); the Final Battle wins at once (SAO-042, SAO-RUL-24)."""
    scenario = state.scenario
    state.events.append(Event("cleared", f"{scenario.name} is cleared", {"scenario": scenario.id}))
    if scenario.section == "final":
        turn.win(state, "the Final Battle is beaten")
        return
    me = state.characters[state.turn_char]
    state.last_partner = state.partner
    if state.items:  # SAO-092, SAO-RUL-22
        item = state.items.pop(0)
        card = state.catalog.items[item]
        state.events.append(Event("item", f"{me.name} draws {card.name} ({card.type})",
                                  {"item": item, "type": card.type}, reveals=True))
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
    state.events.append(Event("equip", f"{c.name} takes {state.catalog.items[item].name}",
                              {"item": item, "character": c.id}))
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
        state.events.append(Event("level", "The characters reach level 50 and get their character dice"))
    elif section == "middle":
        for c in state.characters:
            c.level = 2
        state.yui = state.catalog.support is not None
        state.events.append(Event("level", "The characters reach level 80; the group gains Yui"))
    else:
        state.events.append(Event("level", "Level up: nothing happens (already level 80)"))


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
    state.events.append(Event("transfer", f"{state.catalog.items[item].name} goes to {target.name}",
                              {"item": item, "character": char_id}))
    offer_transfer(state)


def healing(state: SaoState) -> None:
    """3. Healing (SAO-107..SAO-110)."""
    for i, c in enumerate(state.characters):
        c.damage = 0
        c.usage = state.usage_max(i)
    turn.refresh_all(state, "Healing")
    turn.return_tokens(state, "Healing")
    state.events.append(Event("healing", "Healing: damage removed, ability usage at maximum"))


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
    scenario = state.scenario
    state.events.append(Event("scenario", f"{scenario.name} ({scenario.section}) is revealed: "
                              + ", ".join(f"{s.name} {s.hp} HP" for s in scenario.steps),
                              {"scenario": scenario.id}, reveals=True))
    turn.start_turn(state)
