"""What a seat may see of a Swordplay match, and its text picture."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bouts.core.chance import Roll, Shuffle
from bouts.core.contract import CHANCE, Seat
from bouts.core.text import escape_markup as esc
from bouts.games.swordplay.actions import SwordplayAction
from bouts.games.swordplay.cards import CombatCard, Location
from bouts.games.swordplay.combat import damage_of, pierces_armor
from bouts.games.swordplay.monster import defense_value, monster_card
from bouts.games.swordplay.state import Fighter, SwordplayState
from bouts.games.swordplay.turn import free_hands

LOCATION_NAMES = {Location.HIGH: "High", Location.LOW: "Low", Location.LEFT: "Left",
                  Location.RIGHT: "Right", Location.DODGE_ONLY: "Dodge Only"}
EFFECT_TEXT = {"armor_piercing": "armour piercing (its damage skips Armor)",
               "disarm": "disarm (a hit knocks the target's best Weapon away)"}


def card_text(card: CombatCard) -> str:
    """The rules text the physical card shows, from its fields (what it strikes, counters, adds).

    >>> from bouts.games.swordplay.cards import reference_catalog
    >>> card_text(reference_catalog().cards["jump/1"])
    'Defense: counters Low, Dodge Only'
    """
    if card.type == "attack":
        where = LOCATION_NAMES[card.strikes]
        text = ("Attack, Dodge Only: only a Dodge counters it, never a Shield" if card.strikes is Location.DODGE_ONLY
                else f"Attack, {where}")
        if card.bonus:
            text += f", +{card.bonus} damage"
    elif card.type == "defense":
        text = "Defense: counters " + ", ".join(LOCATION_NAMES[c] for c in card.counters)
        if card.parry:
            text += " (a parry)"
    elif card.type == "weapon":
        text = f"Weapon: +{card.damage} damage on every attack, {card.hands}-handed"
    elif card.type == "armor":
        text = f"Armor: absorbs {card.absorb} damage, then is discarded"
    else:
        text = f"Shield: counters {card.uses} located attacks (not Dodge Only), {card.hands}-handed"
    if card.effect:
        text += "; " + EFFECT_TEXT.get(card.effect, card.effect)
    return text


def ready_refusal(state: SwordplayState, fighter: Fighter, card: CombatCard) -> str:
    """Why the Item ``card`` in ``fighter``'s hand cannot be readied now ("" when it can, or is no Item)."""
    if not card.is_item:
        return ""
    if state.readied and state.fighters[state.turn] is fighter:
        return "you readied an Item this turn"
    if card.type == "armor":
        return ""
    free = free_hands(state, fighter)
    if card.hands > free:
        return f"needs {card.hands} hands, you have {free} free (drop an Item first)" if fighter.hands >= card.hands \
            else f"needs {card.hands} hands, your Hero has {fighter.hands}"
    return ""


def hit_numbers(state: SwordplayState, attacker: int, card: CombatCard, target: int) -> dict[str, Any]:
    """What an attack would do to ``target`` if it lands: damage, what Armor absorbs, life left, lethal."""
    foe = state.fighters[target]
    amount = damage_of(state, state.fighters[attacker], card)
    pierce = pierces_armor(state, state.fighters[attacker], card)
    armor_left = max(foe.armor_value - foe.armor_damage, 0)
    absorbed = 0 if pierce else min(amount, armor_left)
    life_after = foe.life - (amount - absorbed)
    return {"damage": amount, "armor_absorbs": absorbed, "armor_pierced": pierce and armor_left > 0,
            "to_life": amount - absorbed, "life_after": life_after, "lethal": life_after <= 0}


def hit_text(numbers: Mapping[str, Any]) -> str:
    """``4 damage: Armor absorbs 2, 2 to life -> life 8``, with ``LETHAL`` when it would defeat."""
    text = f"{numbers['damage']} damage: "
    if numbers["armor_pierced"]:
        text += "pierces Armor, "
    elif numbers["armor_absorbs"]:
        text += f"Armor absorbs {numbers['armor_absorbs']}, "
    text += f"{numbers['to_life']} to life -> life {numbers['life_after']}"
    if numbers["lethal"]:
        text += " LETHAL"
    return text


def hit_chance(state: SwordplayState, card: CombatCard) -> tuple[int, int]:
    """Against the Monster: (the d10 roll it counters on, the chance in % that the attack lands)."""
    need = defense_value(monster_card(state), card.strikes)
    return need, min(max(need - 1, 0), 10) * 10


def card_json(instance: str, card: CombatCard) -> dict[str, Any]:
    """A visible card as data."""
    data: dict[str, Any] = {"id": instance, "name": card.name, "type": card.type}
    if card.type == "attack":
        data.update(location=card.strikes.value, bonus=card.bonus)
    elif card.type == "defense":
        data.update(counters=[c.value for c in card.counters], parry=card.parry)
    elif card.type == "weapon":
        data.update(hands=card.hands, damage=card.damage)
    elif card.type == "armor":
        data.update(absorb=card.absorb)
    else:
        data.update(hands=card.hands, uses=card.uses)
    if card.effect:
        data["effect"] = card.effect
    data["text"] = card_text(card)
    return data


def fighter_json(state: SwordplayState, index: int, fighter: Fighter, seat: Seat | None) -> dict[str, Any]:
    """One fighter as ``seat`` sees it: items are public, the hand only to its owner."""
    cards = state.catalog.cards
    data: dict[str, Any] = {
        "index": index, "card": fighter.card, "name": fighter.name, "monster": fighter.is_monster,
        "life": fighter.life, "base_damage": fighter.base_damage, "hands": fighter.hands,
        "defeated": fighter.defeated,
        "weapons": [card_json(w, cards[w]) for w in fighter.weapons],
        "shields": [dict(card_json(s, cards[s]), used=used) for s, used in fighter.shields.items()],
        "armor": None if not fighter.armor_value else {
            "id": fighter.armor, "name": cards[fighter.armor].name if fighter.armor else "printed Armor",
            "absorb": fighter.armor_value, "damage": fighter.armor_damage},
        "hand_size": len(fighter.hand),
    }
    data["free_hands"] = free_hands(state, fighter)
    if seat == index:
        data["hand"] = [dict(card_json(c, cards[c]), cannot_ready=ready_refusal(state, fighter, cards[c]))
                        for c in fighter.hand]
    if fighter.is_monster:
        card = state.catalog.monsters[fighter.card]
        data["defense"] = card.defense.model_dump()
    return data


def view_of(state: SwordplayState, seat: Seat | None, to_act: tuple[Seat, ...]) -> dict[str, Any]:
    """The match as ``seat`` may know it (SWP hidden information: hands and deck order)."""
    cards = state.catalog.cards
    attack = state.attack
    return {
        "game": "swordplay",
        "seat": seat,
        "mode": state.options.mode,
        "realistic_parries": state.options.realistic_parries,
        "phase": state.phase.value,
        "turn": state.turn,
        "turns": state.turns,
        "to_act": list(to_act),
        "readied": state.readied,
        "fighters": [fighter_json(state, i, f, seat) for i, f in enumerate(state.fighters)],
        "deck_size": len(state.deck),
        "discard": [card_json(c, cards[c]) for c in state.discard],
        "attack": None if attack is None else {
            "attacker": attack.attacker, "target": attack.target, "location": attack.location.value,
            "card": card_json(attack.card, cards[attack.card]),
            "hit": None if attack.target < 0 else hit_numbers(state, attack.attacker, cards[attack.card],
                                                              attack.target)},
    }


def describe_action(state: SwordplayState, seat: Seat, action: SwordplayAction) -> str:
    """A menu line for ``action``."""
    if isinstance(action, Roll):
        return f"roll {' '.join(map(str, action.values))}"
    if isinstance(action, Shuffle):
        return "shuffle"
    cards = state.catalog.cards
    card = cards.get(action.card or "")
    verb = action.verb
    if verb == "hero":
        hero = state.catalog.heroes[action.card or ""]
        hands = "1 hand" if hero.hands == 1 else f"{hero.hands} hands"
        return f"Select {hero.name} ({hero.life} life, {hero.base_damage} damage, {hands}): {hero.text}"
    if verb == "keep":
        return "Discard nothing"
    if verb == "pass":
        return "Ready nothing (you may still attack)"
    if verb == "end":
        return "End your turn without attacking"
    if verb == "take":
        attack = state.attack
        if attack is None or attack.target < 0:
            return "Take the hit (no counter)"
        numbers = hit_numbers(state, attack.attacker, cards[attack.card], attack.target)
        return f"Take the hit (no counter): {hit_text(numbers)}"
    assert card is not None
    if verb == "discard":
        return f"Discard {card.name} ({card_text(card)})"
    if verb == "drop":
        return f"Drop {card.name}"
    if verb == "ready":
        extra = {"weapon": f"+{card.damage} damage, {card.hands}-handed",
                 "armor": f"absorbs {card.absorb}",
                 "shield": f"{card.uses} counters, {card.hands}-handed"}.get(card.type, "")
        return f"Ready {card.name} ({extra}; no attack this turn)"
    if verb == "attack":
        target = state.monster if action.target == "monster" else int(action.target or 0)
        assert target is not None
        numbers = hit_numbers(state, seat, card, target)
        text = f"Attack {state.fighters[target].name} with {card.name} ({LOCATION_NAMES[card.strikes]}"
        if state.fighters[target].is_monster:
            need, chance = hit_chance(state, card)
            text += f", lands {chance}%: it counters on d10 {need}+" if need <= 10 else ", lands 100%"
        return text + f"; {hit_text(numbers)})"
    if verb == "defend":
        return f"Counter with {card.name} ({card_text(card)})"
    if verb == "shield":
        used = state.fighters[seat].shields.get(action.card or "", 0)
        return f"Counter with your {card.name} ({used}/{card.uses} used; {card.uses - used - 1} left after)"
    return str(action)


def _fighter_line(f: Mapping[str, Any], current: bool) -> str:
    marker = "[bold yellow]>[/] " if current else "  "
    name = esc(f["name"])
    if f["defeated"]:
        return f"{marker}[strike dim]{name}[/] [red]defeated[/]"
    parts = [f"{marker}[bold]{name}[/]" + (" [magenta](monster)[/]" if f["monster"] else
                                            f" [dim](seat {f['index']})[/]"),
             f"[green]life {f['life']}[/]", f"dmg {f['base_damage']}", f"hands {f['free_hands']}/{f['hands']} free"]
    if f["armor"]:
        a = f["armor"]
        parts.append(f"[cyan]{esc(a['name'])} {a['absorb'] - a['damage']}/{a['absorb']}[/]")
    for w in f["weapons"]:
        parts.append(f"[red]{esc(w['name'])} +{w['damage']}[/]" + (" (armour piercing)" if w.get("effect") ==
                                                                   "armor_piercing" else ""))
    for s in f["shields"]:
        parts.append(f"[blue]{esc(s['name'])} {s['uses'] - s['used']}/{s['uses']}[/]")
    if not f["monster"]:
        parts.append(f"hand {f['hand_size']}")
    else:
        parts.append(defense_text(f["defense"]))
    return "  ".join(parts)


def defense_text(defense: Mapping[str, int]) -> str:
    """A Monster's d10 Defense values as the table shows them."""
    return "counters on d10: " + ", ".join(
        f"{LOCATION_NAMES[Location(k)]} {v}+" for k, v in defense.items())


def hand_line(card: Mapping[str, Any]) -> str:
    """One card of your hand: its name and its rules text, and why it cannot be readied now."""
    line = f"    [bold]{esc(card['name'])}[/]: {esc(card['text'])}"
    if card.get("cannot_ready"):
        line += f" [yellow](cannot ready: {esc(card['cannot_ready'])})[/]"
    return line


def attack_line(view: Mapping[str, Any]) -> str | None:
    """The attack being resolved, with what it does if it lands."""
    attack = view.get("attack")
    if not attack:
        return None
    names = {f["index"]: f["name"] for f in view["fighters"]}
    card = attack["card"]
    if attack["target"] < 0:  # SWP-071: the Monster's target is rolled for
        return (f"[bold red]Attack:[/] {esc(names[attack['attacker']])} plays {esc(card['name'])} "
                f"({esc(card['text'])}); a d10 roll picks the Hero it strikes")
    line = (f"[bold red]Attack:[/] {esc(names[attack['attacker']])} -> {esc(names[attack['target']])} "
            f"with {esc(card['name'])} ({esc(card['text'])})")
    if attack.get("hit"):
        line += f"\n  if it lands: {hit_text(attack['hit'])}"
    return line


def render_view(view: Mapping[str, Any]) -> str:
    """The arena as Rich markup: fighters, items, the attack in progress and your hand (every name escaped)."""
    rules = " + realistic parries" if view["realistic_parries"] else ""
    lines = [f"[bold]Swordplay: Arena[/] ({view['mode']}{rules})  turn {view['turns']}  "
             f"phase [bold]{view['phase']}[/]  deck {view['deck_size']}  discard {len(view['discard'])} "
             "[dim](view discard)[/]"]
    for f in view["fighters"]:
        lines.append(_fighter_line(f, f["index"] == view["turn"]))
    attack = attack_line(view)
    if attack:
        lines.append(attack)
    seat = view.get("seat")
    if seat is not None and seat != CHANCE and seat < len(view["fighters"]):
        hand = view["fighters"][seat].get("hand", [])
        lines.append("[bold]Your hand:[/]" + ("" if hand else " (empty)"))
        lines.extend(hand_line(c) for c in hand)
    return "\n".join(lines)


def render_discard(view: Mapping[str, Any]) -> str:
    """The face-up discard pile (``view discard``): each card once, with how many copies, newest last."""
    pile = view["discard"]
    if not pile:
        return "[bold]Discard pile:[/] (empty)"
    counts: dict[str, int] = {}
    first: dict[str, Mapping[str, Any]] = {}
    for card in pile:
        counts[card["name"]] = counts.get(card["name"], 0) + 1
        first.setdefault(card["name"], card)
    lines = [f"[bold]Discard pile[/] ({len(pile)} cards, face up; the newest is {esc(pile[-1]['name'])}):"]
    for name, count in counts.items():
        lines.append(f"  {count} x [bold]{esc(name)}[/]: {esc(first[name]['text'])}")
    return "\n".join(lines)


def shown_values(view: Mapping[str, Any]) -> list[str]:
    """Every value of ``view`` that :func:`render_view` shows, as printed."""
    values = [view["mode"], str(view["turns"]), view["phase"], f"deck {view['deck_size']}",
              f"discard {len(view['discard'])}"]
    if view["realistic_parries"]:
        values.append("realistic parries")
    for f in view["fighters"]:
        values.append(f["name"])
        if f["defeated"]:
            continue
        values += [f"life {f['life']}", f"dmg {f['base_damage']}", f"hands {f['free_hands']}/{f['hands']} free"]
        if f["armor"]:
            a = f["armor"]
            values.append(f"{a['name']} {a['absorb'] - a['damage']}/{a['absorb']}")
        values += [f"{w['name']} +{w['damage']}" for w in f["weapons"]]
        values += [f"{s['name']} {s['uses'] - s['used']}/{s['uses']}" for s in f["shields"]]
        values.append(defense_text(f["defense"]) if f["monster"] else f"hand {f['hand_size']}")
        for card in f.get("hand", []):
            values += [card["name"], card["text"]]
            if card["cannot_ready"]:
                values.append(card["cannot_ready"])
    attack = view.get("attack")
    if attack:
        values += [attack["card"]["name"], attack["card"]["text"]]
        if attack.get("hit"):
            values.append(hit_text(attack["hit"]))
    return values
