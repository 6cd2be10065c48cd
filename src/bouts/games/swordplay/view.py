"""What a seat may see of a Swordplay match, and its text picture."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bouts.core.chance import Roll, Shuffle
from bouts.core.contract import CHANCE, Seat
from bouts.games.swordplay.actions import SwordplayAction
from bouts.games.swordplay.cards import CombatCard, Location
from bouts.games.swordplay.combat import damage_of
from bouts.games.swordplay.state import Fighter, SwordplayState


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
    if seat == index:
        data["hand"] = [card_json(c, cards[c]) for c in fighter.hand]
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
            "card": card_json(attack.card, cards[attack.card])},
    }


LOCATION_NAMES = {Location.HIGH: "High", Location.LOW: "Low", Location.LEFT: "Left",
                  Location.RIGHT: "Right", Location.DODGE_ONLY: "Dodge Only"}


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
        return f"Select {hero.name} ({hero.life} life, {hero.base_damage} damage, {hero.hands} hands)"
    if verb == "keep":
        return "Discard nothing"
    if verb == "pass":
        return "Ready nothing (you may still attack)"
    if verb == "end":
        return "End your turn without attacking"
    if verb == "take":
        return "Take the hit (no counter)"
    assert card is not None
    if verb == "discard":
        return f"Discard {card.name}"
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
        amount = damage_of(state, state.fighters[seat], card)
        return (f"Attack {state.fighters[target].name} with {card.name} "
                f"({LOCATION_NAMES[card.strikes]}, {amount} damage)")
    if verb == "defend":
        return f"Counter with {card.name}"
    if verb == "shield":
        used = state.fighters[seat].shields.get(action.card or "", 0)
        return f"Counter with your {card.name} ({used}/{card.uses} used)"
    return str(action)


def _fighter_line(f: Mapping[str, Any], current: bool) -> str:
    marker = "[bold yellow]>[/] " if current else "  "
    if f["defeated"]:
        return f"{marker}[strike dim]{f['name']}[/] [red]defeated[/]"
    parts = [f"{marker}[bold]{f['name']}[/]" + (" [magenta](monster)[/]" if f["monster"] else
                                                 f" [dim](seat {f['index']})[/]"),
             f"[green]life {f['life']}[/]", f"dmg {f['base_damage']}"]
    if f["armor"]:
        a = f["armor"]
        parts.append(f"[cyan]{a['name']} {a['absorb'] - a['damage']}/{a['absorb']}[/]")
    for w in f["weapons"]:
        parts.append(f"[red]{w['name']} +{w['damage']}[/]")
    for s in f["shields"]:
        parts.append(f"[blue]{s['name']} {s['uses'] - s['used']}/{s['uses']}[/]")
    if not f["monster"]:
        parts.append(f"hand {f['hand_size']}")
    else:
        d = f["defense"]
        parts.append(f"defends H{d['high']} L{d['low']} Le{d['left']} R{d['right']} D{d['dodge_only']}")
    return "  ".join(parts)


def render_view(view: Mapping[str, Any]) -> str:
    """The arena as Rich markup: fighters, items, the attack in progress and your hand."""
    lines = [f"[bold]Swordplay: Arena[/] ({view['mode']})  turn {view['turns']}  "
             f"phase [bold]{view['phase']}[/]  deck {view['deck_size']}  discard {len(view['discard'])}"]
    for f in view["fighters"]:
        lines.append(_fighter_line(f, f["index"] == view["turn"]))
    attack = view.get("attack")
    if attack and attack["target"] >= 0:
        names = {f["index"]: f["name"] for f in view["fighters"]}
        lines.append(f"[bold red]Attack:[/] {names[attack['attacker']]} -> {names[attack['target']]} "
                     f"with {attack['card']['name']} ({LOCATION_NAMES[Location(attack['location'])]})")
    seat = view.get("seat")
    if seat is not None and seat != CHANCE and seat < len(view["fighters"]):
        hand = view["fighters"][seat].get("hand", [])
        lines.append("[bold]Your hand:[/] " + (", ".join(c["name"] for c in hand) or "(empty)"))
    return "\n".join(lines)
