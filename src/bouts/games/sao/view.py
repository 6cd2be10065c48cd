"""What a seat may see of an SAO game, its text picture, and menu lines for actions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bouts.core.chance import Roll, Shuffle
from bouts.core.contract import CHANCE, Seat
from bouts.core.text import escape_markup
from bouts.games.sao.actions import Act, SaoAction
from bouts.games.sao.skills import value_text
from bouts.games.sao.state import SaoState

LEVEL_NAMES = ("1", "50", "80")


def _revealed(state: SaoState) -> int:
    if not state.scenarios or (state.pending and state.pending[-1].kind in ("scenario_shuffle", "item_shuffle")):
        return 0
    return state.section + 1


def view_of(state: SaoState, seat: Seat | None, to_act: tuple[Seat, ...]) -> dict[str, Any]:
    """The game as anyone may know it: everything but face-down scenarios and the item deck order."""
    from bouts.games.sao import attack, rolling

    revealed = _revealed(state)
    scenarios = []
    for i in range(revealed):
        scen = state.catalog.scenarios[state.scenarios[i]]
        scenarios.append({"id": scen.id, "name": scen.name, "section": scen.section, "dice": scen.dice,
                          "steps": [s.model_dump() for s in scen.steps]})
    characters = []
    for i, c in enumerate(state.characters):
        card = state.card(i)
        characters.append({
            "index": i, "id": c.id, "name": c.name, "seat": c.seat, "level": LEVEL_NAMES[c.level],
            "hp": state.hp(i), "damage": c.damage, "usage": c.usage, "usage_max": state.usage_max(i),
            "exhausted": c.exhausted, "dead": c.dead, "has_die": c.has_die, "free_use": c.free_use,
            "equipment": [{"id": e, "name": state.catalog.items[e].name} for e in c.equipment],
            "skills": [{"id": s.id, "name": s.name, "pattern": s.pattern, "size": s.size,
                        "values": list(s.values), "threshold": s.threshold, "damage": s.damage,
                        "piercing": s.piercing} for s in attack.known_skills(state, i)],
            "abilities": [{"id": a.id, "name": a.name, "kind": a.kind} for a in card.abilities],
        })
    decision = state.pending[-1] if state.pending and state.result is None else None
    in_battle = revealed > 0 and state.result is None
    counter = None
    if in_battle:
        targets = attack.counter_targets(state)
        counter = {"damage": state.current_step.damage,
                   "targets": [state.characters[i].name for i in targets],
                   "kills": [state.characters[i].name for i in attack.counter_deaths(state)],
                   "warning": attack.counter_warning(state)}
    return {
        "game": "sao",
        "seat": seat,
        "to_act": list(to_act),
        "difficulty": state.options.difficulty,
        "turns": state.turns,
        "section": state.section,
        "scenarios": scenarios,
        "step": state.step if revealed else None,
        "step_damage": state.step_damage,
        "characters": characters,
        "turn_player": state.characters[state.turn_char].id,
        "partner": None if state.partner is None else state.characters[state.partner].id,
        "pool": [{"kind": d.kind, "char": d.char, "value": d.value, "used": i in state.used}
                 for i, d in enumerate(state.pool)],
        "rerolls_left": rolling.rerolls_left(state) if in_battle else 0,
        "triggered": [{"skill": s, "dice": list(d)} for s, d in state.triggered],
        "tokens": [{"owner": t.owner, "kind": t.kind, "holder": t.holder, "mode": t.mode, "active": t.active}
                   for t in state.tokens.values()],
        "item_deck": len(state.items),
        "consumables": [{"id": i, "name": state.catalog.items[i].name} for i in state.consumables],
        "yui": state.yui,
        "yui_used": state.yui_used,
        "counterattack": counter,
        "decision": None if decision is None else {"kind": decision.kind, "seat": decision.seat},
        "result": state.result,
        "reason": state.reason,
    }


def describe_action(state: SaoState, seat: Seat, action: SaoAction) -> str:
    """A menu line for ``action``."""
    if isinstance(action, Roll):
        return str(action)
    if isinstance(action, Shuffle):
        return "shuffle"
    verb, args = action.verb, action.args
    names = {c.id: c.name for c in state.characters}
    if verb == "partner":
        return f"Chain with {names[args[0]]}"
    if verb == "exchange":
        return f"Roll {state.catalog.characters[args[0]].name}'s character die instead of a regular die"
    if verb == "keep":
        return "Roll only regular dice"
    if verb == "support":
        return "Set the support dice to " + " ".join(args)
    if verb == "finalize":
        return "Finalize the dice" + _finalize_warning(state)
    if verb == "reroll":
        return "Reroll " + ", ".join(f"die {a} ({value_text(state.pool[int(a) - 1].value)})" for a in args)
    if verb == "ability":
        card = state.catalog.characters[args[0]]
        ability = next(a for a in card.abilities if a.id == args[1])
        rest = args[2:]
        if ability.kind == "set_die":
            what = f"die {rest[0]} ({value_text(state.pool[int(rest[0]) - 1].value)}) becomes {rest[1]}"
        elif ability.kind in ("set_dice", "flip_dice"):
            what = "dice " + ", ".join(f"{i} ({value_text(state.pool[int(i) - 1].value)})" for i in rest)
        else:
            what = " ".join(names.get(r, r) for r in rest)
        return f"{card.name}: {ability.name}: {what}"
    if verb == "control":
        return f"Die control: die {args[0]} becomes {args[1]}"
    if verb == "use":
        return f"Use {state.catalog.items[args[0]].name} on {names[args[1]]}"
    if verb == "ask_partner":
        return "Let the other players use abilities or Consumables now"
    if verb == "back":
        decision = state.pending[-1] if state.pending else None
        if decision is not None and decision.get("proposal") == "finalize":
            return "Pass: nothing more from me before the dice are finalized"
        return "Pass: hand the dice back to the turn player"
    if verb == "skill":
        from bouts.games.sao.attack import known_skills

        skill = next(s for s in known_skills(state, state.turn_char) if s.id == args[0])
        dice = " ".join(value_text(state.pool[int(a) - 1].value) for a in args[1:])
        return f"{skill.name} with {dice} ({skill.damage} damage" + (
            f", piercing {skill.piercing})" if skill.piercing else ")")
    if verb == "done":
        text = "Deal the damage (skills added up as one attack)" if args else "Deal the damage"
        switch = bool(state.pool) and len(state.used) == len(state.pool) and not state.is_final_ordeal
        if not switch:
            from bouts.games.sao.attack import counter_warning

            warning = counter_warning(state)
            if warning.startswith("LETHAL"):
                text += f" !! {warning.split(' unless')[0]}"
        return text
    if verb == "yui":
        return "Ask Yui to turn the counterattack back on the enemy"
    if verb == "endure":
        return "Take the counterattack"
    if verb == "equip":
        return f"Give the equipment to {names[args[0]]}"
    if verb == "transfer":
        return f"Move {state.catalog.items[args[0]].name} to {names[args[1]]}"
    if verb == "finish":
        return "Keep the equipment where it is"
    return str(action)


def _finalize_warning(state: SaoState) -> str:
    """A warning for the finalize line when the counterattack is lethal and these dice cannot Switch."""
    from bouts.games.sao.advisor import state_assignment
    from bouts.games.sao.attack import counter_warning

    warning = counter_warning(state)
    if not warning.startswith("LETHAL"):
        return ""
    if not state.is_final_ordeal and state_assignment(state).can_switch:
        return " (these dice can Switch: use every die, the counterattack is lethal)"
    return f" !! {warning}"


def render_view(view: Mapping[str, Any]) -> str:
    """The table as Rich markup: scenario and step, characters, dice (every game string escaped)."""
    e = escape_markup
    lines = [f"[bold]Sword Art Online: Sword of Fellows[/] ({view['difficulty']})  turn {view['turns']}"]
    if view["scenarios"]:
        card = view["scenarios"][-1]
        step = card["steps"][view["step"] or 0]
        lines.append(f"[bold magenta]{e(card['name'])}[/] ({card['section']}, {card['dice']} dice)  step "
                     f"{(view['step'] or 0) + 1}/{len(card['steps'])} [bold]{e(step['name'])}[/]  "
                     f"HP {max(0, step['hp'] - view['step_damage'])}/{step['hp']}  damage {step['damage']}"
                     + (f"  [yellow]{', '.join(_effects(step))}[/]" if _effects(step) else ""))
    for c in view["characters"]:
        marker = "[bold yellow]>[/] " if c["id"] == view["turn_player"] else (
            "[cyan]+[/] " if c["id"] == view["partner"] else "  ")
        if c["dead"]:
            lines.append(f"{marker}[strike dim]{e(c['name'])}[/] [red]dead[/]")
            continue
        parts = [f"{marker}[bold]{e(c['name'])}[/] [dim](seat {c['seat']})[/]", f"lv {c['level']}",
                 f"[green]HP {c['hp'] - c['damage']}/{c['hp']}[/]", f"uses {c['usage']}/{c['usage_max']}"]
        if c["free_use"]:
            parts.append("free use")
        if c["exhausted"]:
            parts.append("[dim]Exhausted[/]")
        if c["equipment"]:
            parts.append(", ".join(e(q["name"]) for q in c["equipment"]))
        for t in view["tokens"]:
            if t["holder"] == c["id"]:
                parts.append(f"[magenta]{e(t['owner'])} {t['kind'].replace('_', ' ')} {e(t['mode'])}[/]")
        if c["id"] in (view["turn_player"], view["partner"]):
            parts.append("[dim]abilities:[/] " + ", ".join(e(a["name"]) for a in c["abilities"]))
        lines.append("  ".join(parts))
        if c["id"] == view["turn_player"]:
            skills = ", ".join(f"{e(s['name'])} ({_pattern(s)}: {s['damage']}"
                               + (f", piercing {s['piercing']}" if s["piercing"] else "") + ")" for s in c["skills"])
            lines.append(f"    [dim]skills:[/] {skills}")
    if view["pool"]:
        dice = "  ".join(("[dim]" if d["used"] else "[bold]") + f"{i + 1}:{value_text(d['value'])}"
                         + ("*" if d["char"] else "") + ("[/]") + ("|" if d["kind"] == "main" and i + 1 < len(
                             view["pool"]) and view["pool"][i + 1]["kind"] == "support" else "")
                         for i, d in enumerate(view["pool"]))
        lines.append(f"Dice (main | support, * = character die, F any, S 1 or 2): {dice}   "
                     f"rerolls left {view['rerolls_left']}")
    counter = view.get("counterattack")
    if counter and counter["targets"]:
        text = f"Counterattack if no Switch: {counter['damage']} damage to {', '.join(map(e, counter['targets']))}"
        if counter["warning"]:
            text += f"  [bold red]{e(counter['warning'])}[/]"
        lines.append(text)
    extras = []
    if view["consumables"]:
        extras.append("consumables: " + ", ".join(e(c["name"]) for c in view["consumables"]))
    if view["yui"]:
        extras.append("Yui" + (" (used)" if view["yui_used"] else ""))
    extras.append(f"item deck {view['item_deck']}")
    lines.append("  ".join(extras))
    if view["result"]:
        lines.append(f"[bold]{'Game beaten' if view['result'] == 'won' else 'Game over'}:[/] {e(view['reason'])}")
    elif view["decision"] and view["decision"]["seat"] != CHANCE:
        lines.append(f"Waiting for: {view['decision']['kind'].replace('_', ' ')} (seat {view['decision']['seat']})")
    return "\n".join(lines)


def _effects(step: Mapping[str, Any]) -> list[str]:
    effects = [k.replace("_", " ") for k in ("aoe", "reroll_minus_one", "no_reroll", "no_abilities",
                                             "no_consumables") if step.get(k)]
    if step.get("defense"):
        effects.append(f"defense {step['defense']}")
    return effects


def shown_values(view: Mapping[str, Any]) -> list[str]:
    """Every value of ``view`` that :func:`render_view` shows, as printed."""
    out: list[str] = []
    if view["scenarios"]:
        card = view["scenarios"][-1]
        step = card["steps"][view["step"] or 0]
        out += [card["name"], step["name"], f"HP {max(0, step['hp'] - view['step_damage'])}/{step['hp']}",
                f"damage {step['damage']}", *_effects(step)]
    for c in view["characters"]:
        out.append(c["name"])
        if c["dead"]:
            continue
        out += [f"HP {c['hp'] - c['damage']}/{c['hp']}", f"uses {c['usage']}/{c['usage_max']}",
                *(q["name"] for q in c["equipment"])]
        if c["id"] in (view["turn_player"], view["partner"]):
            out += [a["name"] for a in c["abilities"]]
        if c["id"] == view["turn_player"]:
            out += [s["name"] for s in c["skills"]]
    out += [f"{i + 1}:{value_text(d['value'])}" for i, d in enumerate(view["pool"])]
    if view["pool"]:
        out.append(f"rerolls left {view['rerolls_left']}")
    counter = view.get("counterattack")
    if counter and counter["targets"] and counter["warning"]:
        out.append(counter["warning"])
    out += [c["name"] for c in view["consumables"]]
    if view["result"]:
        out.append(view["reason"])
    return out


def _pattern(s: Mapping[str, Any]) -> str:
    p = s["pattern"]
    if p == "equal":
        vals = "/".join(map(str, s["values"])) if s["values"] else "any"
        return f"{s['size']}x same ({vals})" if s["size"] > 1 else f"one {vals}"
    if p == "straight":
        return f"straight of {s['size']}"
    if p == "sum_at_least":
        return f"{s['size']} dice sum>={s['threshold']}"
    if p == "sum_at_most":
        return f"{s['size']} dice sum<={s['threshold']}"
    return "exactly " + " ".join(map(str, s["values"]))


__all__ = ["Act", "describe_action", "render_view", "shown_values", "view_of"]
