"""The public zones a player may look at by name (``view characters``, ``view scenarios``), drawn from a view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bouts.core.i18n import tr
from bouts.core.text import escape_markup as esc
from bouts.games.sao.i18n import _
from bouts.games.sao.view import EFFECT_NAMES, pattern_text, scenario_head


def render_characters(view: Mapping[str, Any]) -> str:
    """Every character: level, HP, ability uses, character die, abilities and every Sword Skill known now."""
    title = _("Characters")
    lines = [f"[bold]{esc(title)}[/]"]
    for c in view["characters"]:
        head = _("{character} (seat {number})  Lv {level}  HP {left}/{hp}  ability uses {usage}/{most}",
                 character=tr(c["name"]), number=c["seat"] + 1, level=c["level"], left=c["hp"] - c["damage"],
                 hp=c["hp"], usage=c["usage"], most=c["usage_max"])
        if c["dead"]:
            head += " " + _("dead")
        lines.append(f"[bold]{esc(head)}[/]")
        lines.append("    " + esc(_("character die {faces}", faces=" ".join(c["die"])) if c["has_die"] else
                                  _("no character die yet (level 50)")))
        for a in c["abilities"]:
            lines.append("    " + esc(_("ability {name}: {text}", name=tr(a["name"]), text=tr(a["text"]))))
        for s in c["skills"]:
            text = _("{skill}: {pattern} → {damage} damage", skill=tr(s["name"]), pattern=pattern_text(s),
                     damage=s["damage"])
            if s["piercing"]:
                text += _(", Piercing {piercing}", piercing=s["piercing"])
            lines.append("    " + esc(text))
    support = view.get("support")
    if support:
        state = _("the group has it") if view["yui"] else _("gained when the middle section is cleared")
        lines.append("[bold]" + esc(_("Support card {support} ({state})", support=tr(support["name"]), state=state))
                     + "[/]")
        lines.append("    " + esc(tr(support["text"])))
    return "\n".join(lines)


def render_scenarios(view: Mapping[str, Any]) -> str:
    """The scenario cards revealed so far, each step with its HP, counterattack damage and effects."""
    title = _("Scenarios")
    lines = [f"[bold]{esc(title)}[/]"]
    if not view["scenarios"]:
        lines.append(esc(_("no scenario is revealed yet")))
    for number, card in enumerate(view["scenarios"]):
        lines.append("[bold]" + esc(scenario_head(card, card["dice"])) + "[/]")
        for index, step in enumerate(card["steps"]):
            effects = [_(EFFECT_NAMES[k]) for k in EFFECT_NAMES if step.get(k)]
            if step.get("defense"):
                effects.append(_("Defense {defense}", defense=step["defense"]))
            current = number == len(view["scenarios"]) - 1 and index == (view["step"] or 0) and not view["result"]
            text = _("step {number}: {step}, HP {hp}, counterattack {damage}", number=index + 1,
                     step=tr(step["name"]), hp=step["hp"], damage=step["damage"])
            if effects:
                text = _("{text} ({effects})", text=text, effects=effects)
            if current:
                text = _("{text}  ← now", text=text)
            lines.append("    " + esc(text))
    return "\n".join(lines)
