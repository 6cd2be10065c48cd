"""What a seat may see of a Swordplay match, and its text picture."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from bouts.core.chance import Roll, Shuffle
from bouts.core.contract import CHANCE, Seat
from bouts.core.i18n import Text, bilingual, json_view, tr
from bouts.core.text import escape_markup as esc
from bouts.games.swordplay.actions import SwordplayAction
from bouts.games.swordplay.cards import LOCATION_NAMES, CombatCard, HeroCard, Location, target_index
from bouts.games.swordplay.combat import damage_of, pierces_armor
from bouts.games.swordplay.i18n import N_, _, _n
from bouts.games.swordplay.monster import defense_value, monster_card
from bouts.games.swordplay.state import Fighter, SwordplayState
from bouts.games.swordplay.turn import free_hands

GAME_NAME = Text(en="Swordplay: Arena", ja="ソードプレイ：アリーナ", original="en")
"""The game's title (Digital Alchemy, 2006; the Japanese is our transliteration)."""
EFFECT_TEXT = {"armor_piercing": N_("armor piercing (its damage skips Armor)"),
               "disarm": N_("disarm (a hit knocks the target's best Weapon away)")}
MODE_NAMES = {"arena": N_("arena"), "solo": N_("solo"), "coop": N_("co-op")}
PHASE_NAMES = {"choose_hero": N_("choose a Hero"), "first_roll": N_("first-player roll"), "shuffle": N_("shuffle"),
               "discard": N_("Discard"), "ready": N_("Ready"), "combat": N_("Combat"), "defend": N_("defend"),
               "monster_defense": N_("the Monster defends"), "monster_target": N_("the Monster's target"),
               "reshuffle": N_("reshuffle"), "monster_turn": N_("the Monster's turn"), "over": N_("game over")}


def card_text(card: CombatCard) -> str:
    """The rules text the physical card shows, from its fields (what it strikes, counters, adds), in the current
    language.

    >>> from bouts.games.swordplay.cards import reference_catalog
    >>> card_text(reference_catalog().cards["jump/1"])
    'Defense: counters Low, Dodge Only'
    """
    if card.type == "attack":
        where = LOCATION_NAMES[card.strikes]
        if card.strikes is Location.DODGE_ONLY:
            text = _("Attack, Dodge Only: only a Dodge counters it, never a Shield")
        elif card.bonus:
            text = _("Attack, {where}, +{bonus} damage", where=where, bonus=card.bonus)
        else:
            text = _("Attack, {where}", where=where)
        if card.strikes is Location.DODGE_ONLY and card.bonus:
            text = _("{text}, +{bonus} damage", text=text, bonus=card.bonus)
    elif card.type == "defense":
        counters = [LOCATION_NAMES[c] for c in card.counters]
        text = (_("Defense: counters {locations} (a parry)", locations=counters) if card.parry
                else _("Defense: counters {locations}", locations=counters))
    elif card.type == "weapon":
        text = _("Weapon: +{damage} damage on every attack, {hands}-handed", damage=card.damage, hands=card.hands)
    elif card.type == "armor":
        text = _("Armor: absorbs {absorb} damage, then is discarded", absorb=card.absorb)
    else:
        text = _("Shield: counters {uses} located attacks (not Dodge Only), {hands}-handed", uses=card.uses,
                 hands=card.hands)
    if card.effect:
        text = _("{text}; {effect}", text=text, effect=_(EFFECT_TEXT[card.effect]))
    return text


@functools.lru_cache(maxsize=4096)
def card_text_both(card: CombatCard) -> Text:
    """:func:`card_text` in both languages (made once per card), as views carry it."""
    return bilingual(lambda: card_text(card))


def ready_refusal(state: SwordplayState, fighter: Fighter, card: CombatCard) -> str:
    """Why the Item ``card`` in ``fighter``'s hand cannot be readied now ("" when it can, or is no Item), in the
    current language."""
    if not card.is_item:
        return ""
    if state.readied and state.fighters[state.turn] is fighter:
        return _("you readied an Item this turn")
    if card.type == "armor":
        return ""
    free = free_hands(state, fighter)
    if card.hands > free:
        if fighter.hands >= card.hands:
            if card.hands == 1:
                return _("needs 1 hand, you have {free} free (drop an Item first)", free=free)
            return _("needs {needed} hands, you have {free} free (drop an Item first)", needed=card.hands, free=free)
        return _("needs {needed} hands, your Hero has {hands}", needed=card.hands, hands=fighter.hands)
    return ""


def hit_numbers(state: SwordplayState, attacker: int, card: CombatCard, target: int) -> dict[str, Any]:
    """What an attack would do to ``target`` if it lands: damage, what Armor absorbs, life left (never shown
    below 0: the log tells the overkill), lethal."""
    foe = state.fighters[target]
    amount = damage_of(state, state.fighters[attacker], card)
    pierce = pierces_armor(state, state.fighters[attacker], card)
    armor_left = max(foe.armor_value - foe.armor_damage, 0)
    absorbed = 0 if pierce else min(amount, armor_left)
    life_after = foe.life - (amount - absorbed)
    return {"damage": amount, "armor_absorbs": absorbed, "armor_pierced": pierce and armor_left > 0,
            "to_life": amount - absorbed, "life_after": max(life_after, 0), "lethal": life_after <= 0}


def hit_text(numbers: Mapping[str, Any]) -> str:
    """``4 damage: Armor absorbs 2, 2 to life -> life 8``, with ``LETHAL`` when it would defeat."""
    if numbers["armor_pierced"]:
        text = _("{damage} damage: pierces Armor, {to_life} to life -> life {life}", damage=numbers["damage"],
                 to_life=numbers["to_life"], life=numbers["life_after"])
    elif numbers["armor_absorbs"]:
        text = _("{damage} damage: Armor absorbs {absorbs}, {to_life} to life -> life {life}",
                 damage=numbers["damage"], absorbs=numbers["armor_absorbs"], to_life=numbers["to_life"],
                 life=numbers["life_after"])
    else:
        text = _("{damage} damage: {to_life} to life -> life {life}", damage=numbers["damage"],
                 to_life=numbers["to_life"], life=numbers["life_after"])
    if numbers["lethal"]:
        text = _("{text} LETHAL", text=text)
    return text


def hit_chance(state: SwordplayState, card: CombatCard) -> tuple[int, int]:
    """Against the Monster: (the d10 roll it counters on, the chance in % that the attack lands)."""
    need = defense_value(monster_card(state), card.strikes)
    return need, min(max(need - 1, 0), 10) * 10


def card_json(instance: str, card: CombatCard) -> dict[str, Any]:
    """A visible card as data: its id, its name and rules text in both languages, its numbers."""
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
    data["text"] = card_text_both(card)
    return data


def hero_json(hero: HeroCard) -> dict[str, Any]:
    """A Hero card a seat may select (SWP-025): public, as the box shows it."""
    return {"id": hero.id, "name": hero.name, "life": hero.life, "base_damage": hero.base_damage,
            "hands": hero.hands, "text": hero.text}


def fighter_json(state: SwordplayState, index: int, fighter: Fighter, seat: Seat | None) -> dict[str, Any]:
    """One fighter as ``seat`` sees it: items are public, the hand only to its owner; life is shown from 0 up
    (a defeated fighter's overkill is in the damage line of the log)."""
    cards = state.catalog.cards
    max_life = (state.catalog.monsters[fighter.card].life if fighter.is_monster
                else state.catalog.heroes[fighter.card].life)
    data: dict[str, Any] = {
        "index": index, "card": fighter.card, "name": fighter.name, "monster": fighter.is_monster,
        "life": max(fighter.life, 0), "max_life": max_life, "base_damage": fighter.base_damage, "hands": fighter.hands,
        "defeated": fighter.defeated,
        "weapons": [card_json(w, cards[w]) for w in fighter.weapons],
        "shields": [dict(card_json(s, cards[s]), used=used) for s, used in fighter.shields.items()],
        "armor": None if not fighter.armor_value else {
            "id": fighter.armor, "name": cards[fighter.armor].name if fighter.armor else bilingual(
                lambda: _("printed Armor")),
            "absorb": fighter.armor_value, "damage": fighter.armor_damage,
            "left": fighter.armor_value - fighter.armor_damage},
        "hand_size": len(fighter.hand),
    }
    data["free_hands"] = free_hands(state, fighter)
    if seat == index:
        data["hand"] = [dict(card_json(c, cards[c]),
                             cannot_ready=bilingual(functools.partial(ready_refusal, state, fighter, cards[c])))
                        for c in fighter.hand]
    if fighter.is_monster:
        card = state.catalog.monsters[fighter.card]
        data["defense"] = card.defense.model_dump()
    return data


def view_of(state: SwordplayState, seat: Seat | None, to_act: tuple[Seat, ...]) -> dict[str, Any]:
    """The match as ``seat`` may know it (SWP hidden information: hands and deck order); names and rules texts
    in both languages (``{"en": ..., "ja": ...}``)."""
    cards = state.catalog.cards
    attack = state.attack
    return json_view({
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
        "heroes": [hero_json(h) for h in state.catalog.heroes.values()] if state.phase.value == "choose_hero" else [],
        "deck_size": len(state.deck),
        "discard": [card_json(c, cards[c]) for c in state.discard],
        "attack": None if attack is None else {
            "attacker": attack.attacker, "target": attack.target, "location": attack.location.value,
            "card": card_json(attack.card, cards[attack.card]),
            "hit": None if attack.target < 0 else hit_numbers(state, attack.attacker, cards[attack.card],
                                                              attack.target)},
    })


def describe_action(state: SwordplayState, seat: Seat, action: SwordplayAction) -> str:
    """A menu line for ``action``, in the current language."""
    if isinstance(action, Roll):
        return _("roll {values}", values=" ".join(map(str, action.values)))
    if isinstance(action, Shuffle):
        return _("shuffle")
    cards = state.catalog.cards
    card = cards.get(action.card or "")
    verb = action.verb
    if verb == "hero":
        hero = state.catalog.heroes[action.card or ""]
        return _("Select {hero} ({life} life, {damage} damage, {hands}): {text}", hero=hero.name,
                 life=hero.life, damage=hero.base_damage, hands=hands_text(hero.hands), text=hero.text)
    if verb == "keep":
        return _("Discard nothing")
    if verb == "pass":
        return _("Ready nothing (you may still attack)")
    if verb == "end":
        return _("End your turn without attacking")
    if verb == "take":
        attack = state.attack
        if attack is None or attack.target < 0:
            return _("Take the hit (no counter)")
        numbers = hit_numbers(state, attack.attacker, cards[attack.card], attack.target)
        return _("Take the hit (no counter): {hit}", hit=hit_text(numbers))
    assert card is not None
    if verb == "discard":
        return _("Discard {card} ({text})", card=card.name, text=card_text(card))
    if verb == "drop":
        return _("Drop {card}", card=card.name)
    if verb == "ready":
        if card.type == "weapon":
            extra = _("+{damage} damage, {hands}-handed", damage=card.damage, hands=card.hands)
        elif card.type == "armor":
            extra = _("absorbs {absorb}", absorb=card.absorb)
        else:
            extra = _("{uses} counters, {hands}-handed", uses=card.uses, hands=card.hands)
        return _("Ready {card} ({extra}; no attack this turn)", card=card.name, extra=extra)
    if verb == "attack":
        target = target_index(action.target or "1", state.monster)
        numbers = hit_numbers(state, seat, card, target)
        foe = state.fighters[target].name
        where = LOCATION_NAMES[card.strikes]
        if state.fighters[target].is_monster:
            need, chance = hit_chance(state, card)
            if need <= 10:
                return _("Attack {target} with {card} ({where}, lands {chance}%: it counters on d10 {need}+; {hit})",
                         target=foe, card=card.name, where=where, chance=chance, need=need, hit=hit_text(numbers))
            return _("Attack {target} with {card} ({where}, lands 100%; {hit})", target=foe, card=card.name,
                     where=where, hit=hit_text(numbers))
        return _("Attack {target} with {card} ({where}; {hit})", target=foe, card=card.name, where=where,
                 hit=hit_text(numbers))
    if verb == "defend":
        return _("Counter with {card} ({text})", card=card.name, text=card_text(card))
    if verb == "shield":
        used = state.fighters[seat].shields.get(action.card or "", 0)
        return _("Counter with your {card} ({used}/{uses} used; {left} left after)", card=card.name, used=used,
                 uses=card.uses, left=card.uses - used - 1)
    return str(action)


def _fighter_line(f: Mapping[str, Any], current: bool) -> str:
    marker = "[bold yellow]>[/] " if current else "  "
    plain = tr(f["name"])
    name = esc(plain)
    if f["defeated"]:
        return f"{marker}[strike dim]{name}[/] [red]" + esc(_("defeated")) + "[/]"
    # one message with the name, so each language spaces its own brackets (Japanese: none before （)
    label = (_("{name} (monster)", name=plain) if f["monster"]
             else _("{name} (seat {number})", name=plain, number=f["index"] + 1))
    who = label[len(plain):] if label.startswith(plain) else ""
    if plain.endswith(who.strip()):  # two seats with one Hero: the name says the seat already
        who = ""
    parts = [f"{marker}[bold]{name}[/]" + (f"[magenta]{esc(who)}[/]" if f["monster"] else f"[dim]{esc(who)}[/]"),
             f"[green]{esc(life_text(f))}[/]", esc(_("dmg {damage}", damage=f["base_damage"])),
             esc(_("hands {free}/{hands} free", free=f["free_hands"], hands=f["hands"]))]
    if f["armor"]:
        parts.append(f"[cyan]{esc(armor_text(f['armor']))}[/]")
    for w in f["weapons"]:
        parts.append(f"[red]{esc(weapon_text(w))}[/]")
    for s in f["shields"]:
        parts.append(f"[blue]{esc(shield_text(s))}[/]")
    if not f["monster"]:
        parts.append(esc(_("hand {count}", count=f["hand_size"])))
    else:
        parts.append(esc(defense_text(f["defense"])))
    return "  ".join(parts)


def life_text(f: Mapping[str, Any]) -> str:
    """``life 7/10``: life left of the fighter's own starting life."""
    return _("life {life}/{max}", life=f["life"], max=f.get("max_life", f["life"]))


def armor_text(armor: Mapping[str, Any]) -> str:
    """A ready Armor: ``Chain Mail absorbs 2 more (2/4 left)``."""
    left = armor["absorb"] - armor["damage"]
    return _("{armor} absorbs {left} more ({left}/{absorb} left)", armor=armor["name"], left=left,
             absorb=armor["absorb"])


def weapon_text(weapon: Mapping[str, Any]) -> str:
    """A ready Weapon: ``Broadsword +2`` (and its special rule)."""
    text = _("{weapon} +{damage}", weapon=weapon["name"], damage=weapon["damage"])
    if weapon.get("effect") == "armor_piercing":
        text = _("{text} (armor piercing)", text=text)
    return text


def shield_text(shield: Mapping[str, Any]) -> str:
    """A ready Shield: ``Buckler 1/2 counters left``."""
    return _("{shield} {left}/{uses} counters left", shield=shield["name"], left=shield["uses"] - shield["used"],
             uses=shield["uses"])


def defense_text(defense: Mapping[str, int]) -> str:
    """A Monster's d10 Defense values as the table shows them."""
    return _("counters on d10: {values}", values=[_("{where} {value}+", where=LOCATION_NAMES[Location(k)], value=v)
                                                   for k, v in defense.items()])


def hand_line(card: Mapping[str, Any]) -> str:
    """One card of your hand: its name and its rules text, and why it cannot be readied now."""
    line = f"    [bold]{esc(tr(card['name']))}[/]: {esc(tr(card['text']))}"
    refusal = tr(card.get("cannot_ready"))
    if refusal:
        line += " [yellow]" + esc(_("(cannot ready: {reason})", reason=refusal)) + "[/]"
    return line


def attack_line(view: Mapping[str, Any]) -> str | None:
    """The attack being resolved, with what it does if it lands."""
    attack = view.get("attack")
    if not attack:
        return None
    names = {f["index"]: f["name"] for f in view["fighters"]}
    card = attack["card"]
    label = esc(_("Attack:"))
    if attack["target"] < 0:  # SWP-071: the Monster's target is rolled for
        return f"[bold red]{label}[/] " + esc(_("{attacker} plays {card} ({text}); a d10 roll picks the Hero it "
                                                 "strikes", attacker=names[attack["attacker"]], card=card["name"],
                                                 text=card["text"]))
    line = f"[bold red]{label}[/] " + esc(_("{attacker} -> {target} with {card} ({text})",
                                             attacker=names[attack["attacker"]], target=names[attack["target"]],
                                             card=card["name"], text=card["text"]))
    if attack.get("hit"):
        line += "\n  " + esc(_("if it lands: {hit}", hit=hit_text(attack["hit"])))
    return line


def header_text(view: Mapping[str, Any]) -> str:
    """The match line: mode, optional rule, turn number, phase, deck and discard sizes."""
    mode = _(MODE_NAMES[view["mode"]])
    if view["realistic_parries"]:
        mode = _("{mode} + realistic parries", mode=mode)
    if not view["turns"]:  # choosing Heroes comes before turn 1: no "turn 0"
        return _("({mode})  phase {phase}  deck {deck}  discard {discard}", mode=mode,
                 phase=_(PHASE_NAMES[view["phase"]]), deck=view["deck_size"], discard=len(view["discard"]))
    return _("({mode})  turn {turn}  phase {phase}  deck {deck}  discard {discard}", mode=mode, turn=view["turns"],
             phase=_(PHASE_NAMES[view["phase"]]), deck=view["deck_size"], discard=len(view["discard"]))


def gap(text: str) -> str:
    """The space before ``text`` beside another part of a line: none before a full-width bracket (Japanese)."""
    return "" if text.startswith("（") else " "


def render_view(view: Mapping[str, Any]) -> str:
    """The arena as Rich markup: fighters, items, the attack in progress and your hand (every name escaped)."""
    header, aside = header_text(view), _("(view discard)")
    lines = [f"[bold]{esc(tr(GAME_NAME))}[/]" + gap(header) + esc(header) + gap(aside) + "[dim]" + esc(aside) + "[/]"]
    for f in view["fighters"]:
        lines.append(_fighter_line(f, f["index"] == view["turn"]))
    if view.get("heroes"):
        lines.append("[bold]" + esc(_("Heroes to choose from:")) + "[/]")
        lines.extend(f"    [bold]{esc(tr(h['name']))}[/]: " + esc(hero_text(h)) for h in view["heroes"])
    attack = attack_line(view)
    if attack:
        lines.append(attack)
    seat = view.get("seat")
    if seat is not None and seat != CHANCE and seat < len(view["fighters"]):
        hand = view["fighters"][seat].get("hand", [])
        lines.append("[bold]" + esc(_("Your hand:")) + "[/]" + ("" if hand else gap(_("(empty)")) + esc(_("(empty)"))))
        lines.extend(hand_line(c) for c in hand)
    return "\n".join(lines)


def hero_text(hero: Mapping[str, Any]) -> str:
    """A Hero card's numbers and text: ``10 life, 1 damage, 2 hands: A typical warrior…``."""
    return _("{life} life, {damage} damage, {hands}: {text}", life=hero["life"], damage=hero["base_damage"],
             hands=hands_text(hero["hands"]), text=hero["text"])


def hands_text(count: int) -> str:
    """``1 hand``, ``2 hands``."""
    return _n("{count} hand", "{count} hands", count)


def render_discard(view: Mapping[str, Any]) -> str:
    """The face-up discard pile (``view discard``): each card once, with how many copies, newest last."""
    pile = view["discard"]
    if not pile:
        return "[bold]" + esc(_("Discard pile:")) + "[/]" + gap(_("(empty)")) + esc(_("(empty)"))
    counts: dict[str, int] = {}
    first: dict[str, Mapping[str, Any]] = {}
    for card in pile:
        key = tr(card["name"])
        counts[key] = counts.get(key, 0) + 1
        first.setdefault(key, card)
    lines = [esc(_("Discard pile ({count} cards, face up; the newest is {newest}):", count=len(pile),
                   newest=pile[-1]["name"]))]
    for name, count in counts.items():
        lines.append(f"  {count} x [bold]{esc(name)}[/]: {esc(tr(first[name]['text']))}")
    return "\n".join(lines)


def shown_values(view: Mapping[str, Any]) -> list[str]:
    """Every value of ``view`` that :func:`render_view` shows, as printed (in the current language)."""
    values = [header_text(view)]
    for hero in view.get("heroes", []):
        values += [tr(hero["name"]), hero_text(hero)]
    for f in view["fighters"]:
        values.append(tr(f["name"]))
        if f["defeated"]:
            continue
        values += [life_text(f), _("dmg {damage}", damage=f["base_damage"]),
                   _("hands {free}/{hands} free", free=f["free_hands"], hands=f["hands"])]
        if f["armor"]:
            values.append(armor_text(f["armor"]))
        values += [weapon_text(w) for w in f["weapons"]]
        values += [shield_text(s) for s in f["shields"]]
        values.append(defense_text(f["defense"]) if f["monster"] else _("hand {count}", count=f["hand_size"]))
        for card in f.get("hand", []):
            values += [tr(card["name"]), tr(card["text"])]
            if tr(card["cannot_ready"]):
                values.append(tr(card["cannot_ready"]))
    attack = view.get("attack")
    if attack:
        values += [tr(attack["card"]["name"]), tr(attack["card"]["text"])]
        if attack.get("hit"):
            values.append(hit_text(attack["hit"]))
    return values
