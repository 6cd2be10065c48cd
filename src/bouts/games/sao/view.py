"""What a seat may see of an SAO game, its text picture, and menu lines for actions.

A view carries ids, numbers and names in both languages (``{"en": ..., "ja": ...}``); the table and the menu
lines are made from it in the reader's language (:mod:`bouts.games.sao.i18n`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from contextvars import ContextVar
from typing import Any

from bouts.core.chance import Roll, Shuffle
from bouts.core.contract import CHANCE, Seat
from bouts.core.i18n import Text, json_view, tr
from bouts.core.text import escape_markup as esc
from bouts.games.sao.actions import Act, SaoAction
from bouts.games.sao.cards import Ability, SwordSkill
from bouts.games.sao.clearing import SECTION_NAMES
from bouts.games.sao.i18n import N_, _, _n
from bouts.games.sao.skills import VALUE_TEXT, Modifiers
from bouts.games.sao.state import SaoState

LEVEL_NAMES = ("1", "50", "80")
GAME_NAME = Text(en="Sword Art Online: Sword of Fellows", ja="ソードアート・オンライン ソード・オブ・フェローズ",
                 original="ja")
"""The game's title: the Japanese box (KADOKAWA, 2017) and its English rulebook."""
DIFFICULTY_NAMES = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}
DECISION_NAMES = {
    "chain_partner": N_("choose a chaining partner"), "exchange": N_("roll a character die or not"),
    "support_values": N_("set the support dice"), "roll_window": N_("reroll, use abilities or finalize the dice"),
    "ability_window": N_("abilities or Consumables before the dice are final"),
    "assign": N_("spend the dice on Sword Skills"), "yui": N_("turn the counterattack back or take it"),
    "equip": N_("give the Equipment to a character"), "transfer": N_("move Equipment between characters"),
}
"""What each kind of decision asks, as the table's last line says it."""
EFFECT_NAMES = {"aoe": N_("AoE (the counterattack hits everyone)"),
                "reroll_minus_one": N_("Reroll -1 (one reroll a turn)"), "no_reroll": N_("No reroll"),
                "no_abilities": N_("No abilities"), "no_consumables": N_("No Consumables")}
"""The scenario effects a step may print (SAO-147..SAO-153)."""


# -- derived texts (current language) ------------------------------------------------------------------------
def pattern_text(skill: Mapping[str, Any]) -> str:
    """Which dice trigger a Sword Skill (as a view carries it): ``2 equal``, ``one 6``, ``straight of 3``,
    ``2 dice sum ≤ 4``."""
    pattern, size, values, threshold = skill["pattern"], skill["size"], list(skill["values"]), skill["threshold"]
    if pattern == "equal":
        if size == 1:
            return _("one {values}", values=_or(values)) if values else _("any one die")
        if values:
            return _("{size} equal ({values})", size=size, values=_or(values))
        return _("{size} equal", size=size)
    if pattern == "straight":
        return _("straight of {size}", size=size)
    if pattern == "sum_at_least":
        return _("{size} dice sum ≥ {threshold}", size=size, threshold=threshold)
    if pattern == "sum_at_most":
        return _("{size} dice sum ≤ {threshold}", size=size, threshold=threshold)
    return _("exactly {values}", values=" ".join(map(str, values)))


def _or(values: Sequence[int]) -> str:
    """``6``, ``5 or 6``, ``1, 2 or 3``."""
    if len(values) == 1:
        return str(values[0])
    return _("{some} or {last}", some=[str(v) for v in values[:-1]], last=values[-1])


def ability_text(ability: Ability, level: int) -> str:
    """What an ability does, from its kind and numbers (the card's rules text)."""
    kind = ability.kind
    if kind == "set_die":
        return _("set one die to {values}", values=_or(ability.values))
    if kind == "set_dice":
        return _("set up to {count} dice to {value}", count=ability.count, value=ability.values[0])
    if kind == "flip_dice":
        return _("turn up to {count} dice to the opposite face (1-6, 2-5, 3-4)", count=ability.count)
    if kind == "addition_boost":
        modes = " / ".join(ability.modes[min(level, len(ability.modes) - 1)])
        return _("Addition: give your {modes} token to another character for each of his Sword Skills in his "
                 "next turn", modes=modes)
    if kind == "addition_shield":
        return _("Addition: give your token to another character: he ignores the next damage")
    if kind == "addition_die_control":
        return _("Addition: give your token to another character: in his next turn he sets one of his dice")
    return _("heal one character for {amount}", amount=ability.amount)


def damage_text(skill: Mapping[str, Any], defense: int) -> str:
    """A Sword Skill's damage as it lands this turn: ``4``, ``4 → 0 (Defense 5)``, ``3 (Piercing 5)``."""
    printed, dealt = skill["damage"], skill.get("dealt", skill["damage"])
    boosted = skill.get("boosted", printed)
    if defense and skill.get("pierces"):
        return _("{damage} (Piercing {piercing})", damage=dealt, piercing=skill["piercing"])
    if defense or boosted != printed:
        return _("{printed} → {damage}", printed=printed, damage=dealt)
    return str(printed)


def _then(*parts: str) -> str:
    """Clauses of one line, joined as the language joins them (``a; b`` / ``a。b``)."""
    text = parts[0]
    for part in parts[1:]:
        text = _("{first}; {second}", first=text, second=part)
    return text


def _die(number: int, value: int) -> str:
    return f"{number}:{VALUE_TEXT[value]}"


# -- the view --------------------------------------------------------------------------------------------------
def _revealed(state: SaoState) -> int:
    if not state.scenarios or (state.pending and state.pending[-1].kind in ("scenario_shuffle", "item_shuffle")):
        return 0
    return state.section + 1


def _skill_json(skill: SwordSkill, mods: Modifiers | None) -> dict[str, Any]:
    data: dict[str, Any] = {"id": skill.id, "name": skill.name, "pattern": skill.pattern, "size": skill.size,
                            "values": list(skill.values), "threshold": skill.threshold, "damage": skill.damage,
                            "piercing": skill.piercing}
    if mods is not None:  # the turn player's: what each deals this turn (SAO-RUL-43)
        data.update(boosted=mods.boosted(skill), dealt=mods.dealt(skill),
                    pierces=bool(mods.defense and skill.piercing and mods.pierces(skill)))
    return data


def _item_json(state: SaoState, item: str) -> dict[str, Any]:
    card = state.catalog.items[item]
    return {"id": item, "name": card.name, "type": card.type, "text": card.text}


def view_of(state: SaoState, seat: Seat | None, to_act: tuple[Seat, ...]) -> dict[str, Any]:
    """The game as anyone may know it: everything but face-down scenarios and the item deck order (SAO is played
    open: every seat sees the same)."""
    from bouts.core.i18n import bilingual
    from bouts.games.sao import attack, rolling

    revealed = _revealed(state)
    scenarios = []
    for i in range(revealed):
        scen = state.catalog.scenarios[state.scenarios[i]]
        scenarios.append({"id": scen.id, "name": scen.name, "section": scen.section, "dice": scen.dice,
                          "steps": [s.model_dump() | {"name": s.name} for s in scen.steps]})
    clearing = bool(state.pending) and state.pending[-1].kind in ("equip", "transfer")
    in_battle = revealed > 0 and state.result is None and not clearing
    mods = attack.modifiers(state) if in_battle else None
    characters = []
    for i, c in enumerate(state.characters):
        card = state.card(i)
        characters.append({
            "index": i, "id": c.id, "name": c.name, "seat": c.seat, "level": LEVEL_NAMES[c.level],
            "hp": state.hp(i), "damage": c.damage, "usage": c.usage, "usage_max": state.usage_max(i),
            "exhausted": c.exhausted, "dead": c.dead, "has_die": c.has_die, "free_use": c.free_use,
            "die": [VALUE_TEXT[f] for f in state.catalog.die_faces[c.id]],
            "equipment": [_item_json(state, e) for e in c.equipment],
            "skills": [_skill_json(s, mods if i == state.turn_char else None) for s in attack.known_skills(state, i)],
            "abilities": [{"id": a.id, "name": a.name, "kind": a.kind,
                           "text": bilingual(functools.partial(ability_text, a, c.level))}
                          for a in card.abilities],
        })
    decision = state.pending[-1] if state.pending and state.result is None else None
    counter = None
    queued: dict[str, Any] | None = None
    if in_battle:
        targets = attack.counter_targets(state)
        counter = {"damage": state.current_step.damage,
                   "targets": [state.characters[i].name for i in targets],
                   "kills": [state.characters[i].name for i in attack.counter_deaths(state)],
                   "warning": attack.counter_warning(state),
                   "lethal": bool(attack.counter_loses(state))}
        if state.triggered or (decision is not None and decision.kind == "assign"):
            step = state.current_step
            queued = {"damage": attack.turn_damage(state, False),
                      "combined": attack.turn_damage(state, True) if state.is_final_ordeal else None,
                      "hp_left": max(0, step.hp - state.step_damage),
                      "dice_left": [i + 1 for i in range(len(state.pool)) if i not in state.used]}
    details: dict[str, Any] = {}
    if decision is not None:
        details = {"kind": decision.kind, "seat": decision.seat}
        if decision.kind == "equip":
            details["item"] = _item_json(state, decision.get("item"))
        elif decision.kind == "exchange":
            details["character"] = decision.get("character")
            details["dice"] = list(decision.get("dice"))
        elif decision.kind == "ability_window":
            details["proposal"] = decision.get("proposal")
    support = state.catalog.support
    named = {s.id: s for i in range(len(state.characters)) for s in attack.known_skills(state, i)}
    return json_view({
        "game": "sao",
        "seat": seat,
        "to_act": list(to_act),
        "difficulty": state.options.difficulty,
        "turns": state.turns,
        "section": state.section,
        "scenarios": scenarios,
        "step": state.step if revealed else None,
        "step_damage": state.step_damage,
        "cleared": clearing,
        "characters": characters,
        "turn_player": state.characters[state.turn_char].id,
        "partner": None if state.partner is None else state.characters[state.partner].id,
        "pool": [{"number": i + 1, "kind": d.kind, "char": d.char, "value": d.value, "used": i in state.used}
                 for i, d in enumerate(state.pool)] if in_battle else [],
        "rerolls_left": rolling.rerolls_left(state) if in_battle else 0,
        "rerolls_allowed": rolling.rerolls_allowed(state) if in_battle else 0,
        "triggered": [{"skill": s, "name": named[s].name if s in named else s, "dice": [i + 1 for i in d],
                       "damage": mods.dealt(named[s]) if mods is not None and s in named else 0}
                      for s, d in state.triggered],
        "queued": queued,
        "tokens": [{"owner": t.owner, "owner_name": state.catalog.characters[t.owner].name
                    if t.owner in state.catalog.characters else t.owner, "kind": t.kind, "holder": t.holder,
                    "mode": t.mode, "active": t.active} for t in state.tokens.values()],
        "item_deck": len(state.items),
        "consumables": [_item_json(state, i) for i in state.consumables],
        "yui": state.yui,
        "support": None if support is None else {"id": support.id, "name": support.name, "text": support.text,
                                                  "uses": support.uses_per_scenario},
        "yui_used": state.yui_used,
        "counterattack": counter,
        "decision": details or None,
        "result": state.result,
        "reason": state.reason,
    })


# -- the table -------------------------------------------------------------------------------------------------
def _seat_words(view: Mapping[str, Any], seat: int) -> str:
    names = [tr(c["name"]) for c in view["characters"] if c["seat"] == seat]
    return _("seat {number} ({characters})", number=seat + 1, characters=names)


def _step_effects(step: Mapping[str, Any]) -> list[str]:
    effects = [_(EFFECT_NAMES[k]) for k in EFFECT_NAMES if step.get(k)]
    if step.get("defense"):
        effects.append(_("Defense {defense}", defense=step["defense"]))
    return effects


def scenario_head(card: Mapping[str, Any], dice: int) -> str:
    """``Trap room (lower section, 3 dice each)``; the Final Battle is its own section."""
    if card["section"] == "final":
        return _("{scenario} ({dice} dice each)", scenario=tr(card["name"]), dice=dice)
    return _("{scenario} ({section}, {dice} dice each)", scenario=tr(card["name"]),
             section=_(SECTION_NAMES[card["section"]]), dice=dice)


def _scenario_line(view: Mapping[str, Any]) -> tuple[str, list[str]]:
    card = view["scenarios"][-1]
    index = view["step"] or 0
    step = card["steps"][index]
    hp = (_("cleared") if view.get("cleared") else
          _("HP {left}/{hp}", left=max(0, step["hp"] - view["step_damage"]), hp=step["hp"]))
    counter = _("counterattack {damage}", damage=step["damage"])
    head = scenario_head(card, step.get("dice") or card["dice"])
    where = _("step {number}/{steps}: {step}", number=index + 1, steps=len(card["steps"]), step=tr(step["name"]))
    effects = _step_effects(step)
    line = (f"[bold magenta]{esc(head)}[/]  [bold]{esc(where)}[/]  [green]{esc(hp)}[/]  {esc(counter)}"
            + (f"  [yellow]{esc(tr(effects))}[/]" if effects else ""))
    nxt = [_("then: {step} (HP {hp}, counterattack {damage})", step=tr(s["name"]), hp=s["hp"], damage=s["damage"])
           for s in card["steps"][index + 1:index + 2]]
    if nxt:
        line += f"  [dim]{esc(nxt[0])}[/]"
    return line, [head, where, hp, counter, *effects, *nxt]


def _character_line(view: Mapping[str, Any], c: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    acting = c["id"] == view["turn_player"]
    marker = "[bold yellow]>[/] " if acting else ("[cyan]+[/] " if c["id"] == view["partner"] else "  ")
    name = tr(c["name"])
    who = _("{character} (seat {number})", character=name, number=c["seat"] + 1)
    if c["dead"]:
        dead = _("dead")
        return [f"{marker}[strike dim]{esc(who)}[/] [red]{esc(dead)}[/]"], [who, dead]
    level = _("Lv {level}", level=c["level"])
    hp = _("HP {left}/{hp}", left=c["hp"] - c["damage"], hp=c["hp"])
    uses = _("ability uses {usage}/{most}", usage=c["usage"], most=c["usage_max"])
    parts = [f"{marker}[bold]{esc(who)}[/]", esc(level), f"[green]{esc(hp)}[/]", esc(uses)]
    shown = [who, level, hp, uses]
    extra = []
    if c["free_use"]:
        extra.append(_("a free use this turn"))
    if c["exhausted"]:
        extra.append(_("Exhausted"))
    if c["has_die"]:
        extra.append(_("character die {faces}", faces=" ".join(c["die"])))
    for q in c["equipment"]:
        extra.append(_("{item} ({text})", item=tr(q["name"]), text=tr(q["text"])))
    for t in view["tokens"]:
        if t["holder"] == c["id"]:
            extra.append(_token_text(t))
    parts += [esc(e) for e in extra]
    shown += extra
    lines = ["  ".join(parts)]
    if acting or c["id"] == view["partner"]:
        for a in c["abilities"]:
            text = _("ability {name}: {text}", name=tr(a["name"]), text=tr(a["text"]))
            lines.append(f"    [dim]{esc(text)}[/]")
            shown.append(text)
    if acting:
        defense = _current_defense(view)
        skills = [_("{skill} ({pattern}): {damage}", skill=tr(s["name"]), pattern=pattern_text(s),
                    damage=damage_text(s, defense)) + (_(", Piercing {piercing}", piercing=s["piercing"])
                                                       if s["piercing"] and not defense else "")
                  for s in c["skills"]]
        boosted = any(s.get("boosted", s["damage"]) != s["damage"] for s in c["skills"])
        if defense:
            title = _("Sword Skills (damage after Defense {defense}):", defense=defense)
        elif boosted:
            title = _("Sword Skills (damage with this turn's bonus):")
        else:
            title = _("Sword Skills:")
        lines.append(f"    [dim]{esc(title)}[/] " + esc("  ·  ".join(skills)))
        shown += [title, *skills]
    return lines, shown


def _token_text(t: Mapping[str, Any]) -> str:
    owner = tr(t["owner_name"])
    if t["kind"] == "boost":
        text = _("{owner}'s {mode} addition token", owner=owner, mode=t["mode"])
    elif t["kind"] == "shield":
        text = _("{owner}'s Shield addition token (ignores the next damage)", owner=owner)
    else:
        text = _("{owner}'s Die control addition token", owner=owner)
    if t["kind"] != "shield":
        text += " " + (_("(works this turn)") if t["active"] else _("(works in his next turn)"))
    return text


def _current_defense(view: Mapping[str, Any]) -> int:
    if not view["scenarios"] or view["result"]:
        return 0
    step = view["scenarios"][-1]["steps"][view["step"] or 0]
    return int(step.get("defense") or 0)


def _dice_line(view: Mapping[str, Any]) -> tuple[str, list[str]]:
    main = [d for d in view["pool"] if d["kind"] == "main"]
    support = [d for d in view["pool"] if d["kind"] == "support"]

    def show(d: Mapping[str, Any]) -> str:
        text = _die(d["number"], d["value"]) + ("*" if d["char"] else "")
        if d["used"]:
            used = _("{die} used", die=text)
            return f"[dim]{esc(used)}[/]"
        return f"[bold]{esc(text)}[/]"

    main_title, support_title = _("Main dice:"), _("Support dice:")
    line = f"{esc(main_title)} " + "  ".join(show(d) for d in main)
    shown = [main_title, *(_die(d["number"], d["value"]) for d in main)]
    if support:
        line += f"   {esc(support_title)} " + "  ".join(show(d) for d in support)
        shown += [support_title, *(_die(d["number"], d["value"]) for d in support)]
    legend = _("(* character die, F any number, S 1 or 2, ? not rolled yet)")
    decision = view.get("decision") or {}
    if decision.get("kind") in ("roll_window", "ability_window", "exchange", "support_values", None):
        rerolls = _("rerolls left {left}/{allowed}", left=view["rerolls_left"], allowed=view["rerolls_allowed"])
        line += f"   {esc(rerolls)}"
        shown.append(rerolls)
    line += f"   [dim]{esc(legend)}[/]"
    return line, shown


def render_view(view: Mapping[str, Any]) -> str:
    """The table as Rich markup, in the current language (every game string escaped)."""
    return "\n".join(_picture(view)[0])


def shown_values(view: Mapping[str, Any]) -> list[str]:
    """Every value of ``view`` that :func:`render_view` shows, as printed."""
    return _picture(view)[1]


def _picture(view: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    """The table's lines (Rich markup) and the plain texts they promise to show."""
    title = _("{game} ({difficulty})  turn {turn}", game=tr(GAME_NAME),
              difficulty=_(DIFFICULTY_NAMES[view["difficulty"]]), turn=view["turns"])
    lines = [f"[bold]{esc(title)}[/]"]
    shown = [title]
    if view["scenarios"] and not view["result"]:
        line, texts = _scenario_line(view)
        lines.append(line)
        shown += texts
    for c in view["characters"]:
        more, texts = _character_line(view, c)
        lines += more
        shown += texts
    if view["pool"]:
        line, texts = _dice_line(view)
        lines.append(line)
        shown += texts
    queued = view.get("queued")
    if queued:
        parts = [_("{skill} {dice}: {damage}", skill=tr(t["name"]), dice=" ".join(map(str, t["dice"])),
                   damage=t["damage"]) for t in view["triggered"]]
        text = _("Queued {damage} damage / HP {hp} left", damage=queued["damage"], hp=queued["hp_left"])
        if queued.get("combined") is not None:
            text += " " + _("(added up as one attack: {damage})", damage=queued["combined"])
        left = _("dice left: {dice}", dice=" ".join(_die(n, view["pool"][n - 1]["value"]) for n in queued["dice_left"])
                 or "-")
        full = _then(text, *([tr(parts)] if parts else []), left)
        lines.append(f"[bold cyan]{esc(full)}[/]")
        shown.append(full)
    counter = view.get("counterattack")
    if counter and counter["targets"] and not view["result"]:
        text = _("Counterattack if no Switch: {damage} damage to {targets}", damage=counter["damage"],
                 targets=[tr(t) for t in counter["targets"]])
        warning = tr(counter["warning"]) if counter.get("warning") else ""
        lines.append(esc(text) + (f"  [bold red]{esc(warning)}[/]" if warning else ""))
        shown += [text, *([warning] if warning else [])]
    extras = []
    if view["consumables"]:
        extras.append(_("Consumables: {items}", items=[_("{item} ({text})", item=tr(c["name"]), text=tr(c["text"]))
                                                        for c in view["consumables"]]))
    if view["yui"] and view.get("support"):
        support = view["support"]
        extras.append(_("Support card {support}: {used}/{uses} used this scenario", support=tr(support["name"]),
                        used=view["yui_used"], uses=support["uses"]))
    extras.append(_("item deck {count}", count=view["item_deck"]))
    for extra in extras:
        lines.append(esc(extra))
    shown += extras
    decision = view.get("decision")
    if view["result"]:
        head = _("Game beaten:") if view["result"] == "won" else _("Game over:")
        reason = tr(view["reason"])
        lines.append(f"[bold]{esc(head)}[/] {esc(reason)}")
        shown += [head, reason]
    elif decision and decision["seat"] != CHANCE:
        text = _("Waiting for {who}: {what}", who=_seat_words(view, decision["seat"]),
                 what=_(DECISION_NAMES.get(decision["kind"], decision["kind"])))
        if decision["kind"] == "equip" and decision.get("item"):
            item = decision["item"]
            text += " " + _("({item}: {text})", item=tr(item["name"]), text=tr(item["text"]))
        lines.append(esc(text))
        shown.append(text)
    return lines, shown


# -- menu lines ----------------------------------------------------------------------------------------------------
def describe_action(state: SaoState, seat: Seat, action: SaoAction) -> str:
    """A menu line for ``action``, in the current language, with the numbers it turns on (plain text: no markup)."""
    if isinstance(action, Roll):
        return _("roll {values}", values=" ".join(map(str, action.values)))
    if isinstance(action, Shuffle):
        return _("shuffle")
    verb = action.verb
    handler = _DESCRIBE.get(verb)
    return handler(state, seat, action) if handler is not None else str(action)


def _name(state: SaoState, char_id: str) -> Any:
    for c in state.characters:
        if c.id == char_id:
            return c.name
    return state.catalog.characters[char_id].name


def _dice_words(state: SaoState, numbers: Sequence[str]) -> str:
    """``dice 2, 5 (showing 2 1)``: dice as the table numbers them, and what they show."""
    values = " ".join(VALUE_TEXT[state.pool[int(n) - 1].value] for n in numbers)
    if len(numbers) == 1:
        return _("die {number} (showing {values})", number=numbers[0], values=values)
    return _("dice {numbers} (showing {values})", numbers=list(numbers), values=values)


def plain_description(state: SaoState, seat: Seat, action: SaoAction) -> str:
    """:func:`describe_action` without the advisor's outlook (``hint`` gives it beside the line)."""
    token = _WITH_OUTLOOK.set(False)
    try:
        return describe_action(state, seat, action)
    finally:
        _WITH_OUTLOOK.reset(token)


_WITH_OUTLOOK: ContextVar[bool] = ContextVar("sao_with_outlook", default=True)


def _outlook_suffix(state: SaoState, seat: Seat, action: Act) -> str:
    """``: expect 7.2 damage, Switch 31%, ...`` for an action the roll advisor ranks at this decision."""
    from bouts.games.sao import advisor

    if not _WITH_OUTLOOK.get():
        return ""
    decision = state.pending[-1] if state.pending else None
    if decision is None or decision.kind not in ("roll_window", "ability_window") or decision.seat != seat:
        return ""
    option = advisor.option_for(state, seat, action)
    if option is None:
        return ""
    return _(": {outlook}", outlook=advisor.outlook_text(state, option.outlook))


def _describe_partner(state: SaoState, seat: Seat, action: Act) -> str:
    index = state.index_of(action.args[0])
    c = state.characters[index]
    abilities = [tr(a.name) for a in state.card(index).abilities]
    return _("Chain with {character} (HP {left}/{hp}, ability uses {usage}: {abilities})", character=c.name,
             left=state.hp(index) - c.damage, hp=state.hp(index), usage=c.usage, abilities=abilities)


def _describe_exchange(state: SaoState, seat: Seat, action: Act) -> str:
    faces = " ".join(VALUE_TEXT[f] for f in state.catalog.die_faces[action.args[0]])
    return _("Roll {owner}'s character die instead of a regular die (faces {faces})",
             owner=state.catalog.characters[action.args[0]].name, faces=faces)


def _describe_finalize(state: SaoState, seat: Seat, action: Act) -> str:
    from bouts.games.sao.advisor import state_assignment
    from bouts.games.sao.attack import counter_loses, counter_warning

    plan = state_assignment(state)
    if plan.can_switch:
        text = _("Finalize the dice (best use: {damage} damage; these dice can Switch)",
                 damage=plan.best_switch.damage if plan.best_switch is not None else plan.damage)
    else:
        text = _("Finalize the dice (best use: {damage} damage, no Switch)", damage=plan.damage)
    if counter_loses(state) and not (plan.can_switch and not state.is_final_ordeal):
        warning = counter_warning(state)
        if warning is not None:
            text += " !! " + tr(warning)
    return text + _outlook_suffix(state, seat, action)


def _describe_reroll(state: SaoState, seat: Seat, action: Act) -> str:
    return _("Reroll {dice}", dice=_dice_words(state, action.args)) + _outlook_suffix(state, seat, action)


def _describe_ability(state: SaoState, seat: Seat, action: Act) -> str:
    card = state.catalog.characters[action.args[0]]
    ability = next(a for a in card.abilities if a.id == action.args[1])
    rest = action.args[2:]
    if ability.kind == "set_die":
        what = _("die {die}: {old} → {new}", die=rest[0], old=VALUE_TEXT[state.pool[int(rest[0]) - 1].value],
                 new=rest[1])
    elif ability.kind in ("set_dice", "flip_dice"):
        from bouts.games.sao.rolling import OPPOSITE

        changes = []
        for n in rest:
            old = state.pool[int(n) - 1].value
            new = ability.values[0] if ability.kind == "set_dice" else OPPOSITE.get(old, old)
            changes.append(_("die {die}: {old} → {new}", die=n, old=VALUE_TEXT[old], new=VALUE_TEXT[new]))
        what = tr(changes)
    elif ability.kind == "addition_boost":
        what = _("give the {mode} addition token to {target}", mode=rest[1], target=_name(state, rest[0]))
    elif ability.kind == "addition_shield":
        what = _("give the Shield addition token to {target}", target=_name(state, rest[0]))
    elif ability.kind == "addition_die_control":
        what = _("give the Die control addition token to {target}", target=_name(state, rest[0]))
    else:
        index = state.index_of(rest[0])
        target = state.characters[index]
        healed = min(ability.amount, target.damage)
        left = state.hp(index) - target.damage
        what = _("heal {target} for {amount} (HP {left} → {after})", target=target.name, amount=healed, left=left,
                 after=left + healed)
    user = state.characters[state.index_of(action.args[0])]
    cost = _("free use") if user.free_use else _("{count} uses left after", count=user.usage - 1)
    return _("{character}: {ability}: {what} ({cost})", character=user.name, ability=ability.name, what=what,
             cost=cost) + _outlook_suffix(state, seat, action)


def _describe_control(state: SaoState, seat: Seat, action: Act) -> str:
    return _("Die control: die {die}: {old} → {new}", die=action.args[0],
             old=VALUE_TEXT[state.pool[int(action.args[0]) - 1].value], new=action.args[1]) + \
        _outlook_suffix(state, seat, action)


def _describe_use(state: SaoState, seat: Seat, action: Act) -> str:
    card = state.catalog.items[action.args[0]]
    index = state.index_of(action.args[1])
    c = state.characters[index]
    if card.effect == "ability_potion":
        what = _("ability uses {usage} → {after}/{most}", usage=c.usage, after=c.usage + 1, most=state.usage_max(index))
    else:
        what = _("HP {left} → {hp}", left=state.hp(index) - c.damage, hp=state.hp(index))
    return _("Use {item} on {character} ({what})", item=card.name, character=c.name, what=what) + \
        _outlook_suffix(state, seat, action)


def _describe_ask(state: SaoState, seat: Seat, action: Act) -> str:
    from bouts.games.sao.rolling import seat_characters, waiting_seats

    who = []
    for other in waiting_seats(state):
        for index in seat_characters(state, other):
            c = state.characters[index]
            if not c.dead:
                who.append(_n("{character}: {count} ability use", "{character}: {count} ability uses",
                              c.usage + (1 if c.free_use else 0), character=c.name))
    if state.consumables and not state.current_step.no_consumables:
        who.append(_n("{count} Consumable", "{count} Consumables", len(state.consumables)))
    return _("Ask the other players for abilities or Consumables first ({who})", who=who) + \
        _outlook_suffix(state, seat, action)


def _describe_back(state: SaoState, seat: Seat, action: Act) -> str:
    decision = state.pending[-1] if state.pending else None
    if decision is not None and decision.get("proposal") == "finalize":
        text = _("Pass: nothing more from me, the dice are finalized")
    else:
        text = _("Pass: hand the dice back to the turn player")
    return text + _outlook_suffix(state, seat, action)


def _describe_skill(state: SaoState, seat: Seat, action: Act) -> str:
    from bouts.games.sao.attack import modifiers, turn_damage

    skill = state.catalog.skill_named[state.characters[state.turn_char].id, action.args[0]]
    mods = modifiers(state)
    data = _skill_json(skill, mods)
    dealt = mods.dealt(skill)
    queued = turn_damage(state, False) + dealt
    hp = max(0, state.current_step.hp - state.step_damage)
    left = len(state.pool) - len(state.used) - len(action.args[1:])
    return _("{skill} with {dice}: {damage} damage; then queued {queued} / HP {hp}, {left} dice left",
             skill=skill.name, dice=_dice_words(state, action.args[1:]),
             damage=damage_text(data, mods.defense), queued=queued, hp=hp, left=left)


def _describe_done(state: SaoState, seat: Seat, action: Act) -> str:
    from bouts.games.sao.attack import counter_loses, counter_targets, counter_warning, turn_damage

    combined = action.args == ("combined",)
    amount = turn_damage(state, combined)
    step = state.current_step
    hp = max(0, step.hp - state.step_damage)
    unused = len(state.pool) - len(state.used)
    if combined:
        text = _("Deal the damage added up as one attack: {amount} to {step} (HP {hp} → {after})", amount=amount,
                 step=step.name, hp=hp, after=max(0, hp - amount))
    else:
        text = _("Deal {amount} damage to {step} (HP {hp} → {after})", amount=amount, step=step.name, hp=hp,
                 after=max(0, hp - amount))
    if state.is_final_ordeal and amount >= hp:
        return _then(text, _("the final ordeal is overcome: the game is won"))
    if state.pool and unused == 0 and not state.is_final_ordeal:
        return _then(text, _("Switch: every die is used, no counterattack"))
    targets = [state.characters[i].name for i in counter_targets(state)]
    text = _then(text, _("{unused} dice unused: counterattack {damage} to {targets}", unused=unused,
                         damage=step.damage, targets=targets))
    if counter_loses(state):
        warning = counter_warning(state)
        if warning is not None:
            text += " !! " + tr(warning)
    return text


def _describe_yui(state: SaoState, seat: Seat, action: Act) -> str:
    from bouts.games.sao.attack import counter_targets

    support = state.catalog.support
    step = state.current_step
    return _("Ask {support} to turn the counterattack back: {damage} damage to {step} instead of to {targets}",
             support=support.name if support is not None else "", damage=step.damage, step=step.name,
             targets=[state.characters[i].name for i in counter_targets(state)])


def _describe_endure(state: SaoState, seat: Seat, action: Act) -> str:
    from bouts.games.sao.attack import counter_targets

    step = state.current_step
    hits = [_("{character} (HP {left} → {after})", character=state.characters[i].name,
              left=state.hp(i) - state.characters[i].damage,
              after=state.hp(i) - state.characters[i].damage - step.damage) for i in counter_targets(state)]
    return _("Take the counterattack: {damage} damage to {targets}", damage=step.damage, targets=hits)


def _describe_equip(state: SaoState, seat: Seat, action: Act) -> str:
    item = state.catalog.items[state.pending[-1].get("item")] if state.pending else None
    return _("Give {item} to {character}", item=item.name if item is not None else "",
             character=_name(state, action.args[0]))


def _describe_transfer(state: SaoState, seat: Seat, action: Act) -> str:
    owner = next((c.name for c in state.characters if action.args[0] in c.equipment), "")
    return _("Move {item} from {owner} to {character}", item=state.catalog.items[action.args[0]].name, owner=owner,
             character=_name(state, action.args[1]))


_DESCRIBE: dict[str, Callable[[SaoState, Seat, Act], str]] = {
    "partner": _describe_partner, "exchange": _describe_exchange,
    "keep": lambda s, seat, a: _("Roll only regular dice"),
    "support": lambda s, seat, a: _("Set the support dice to {values}", values=" ".join(a.args)),
    "finalize": _describe_finalize, "reroll": _describe_reroll, "ability": _describe_ability,
    "control": _describe_control, "use": _describe_use, "ask_partner": _describe_ask, "back": _describe_back,
    "skill": _describe_skill, "done": _describe_done, "yui": _describe_yui, "endure": _describe_endure,
    "equip": _describe_equip, "transfer": _describe_transfer,
    "finish": lambda s, seat, a: _("Keep the Equipment where it is"),
}
"""Each verb's menu line."""

__all__ = ["Act", "describe_action", "render_view", "shown_values", "view_of"]
