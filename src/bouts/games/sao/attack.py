"""③ Choosing Sword Skills, Switch, ④ counter attack and ⑤ resolve (SAO-068..SAO-085,
SAO-120..SAO-127, SAO-145..SAO-149)."""

from __future__ import annotations

import itertools
from functools import lru_cache

from bouts.core.events import Event
from bouts.games.sao import clearing, turn
from bouts.games.sao.actions import Act, act
from bouts.games.sao.cards import SwordSkill
from bouts.games.sao.skills import VALUE_TEXT, Modifiers, skill_key, sorted_group_triggers
from bouts.games.sao.state import SaoState, plain_decision


def known_skills(state: SaoState, index: int) -> list[SwordSkill]:
    """The Sword Skills character ``index`` knows at his level (SAO-069)."""
    c = state.characters[index]
    return list(state.catalog.known_skills[c.id, c.level])


def modifiers(state: SaoState) -> Modifiers:
    """Defense, equipment bonus and Lisbeth's token for the turn player (SAO-RUL-43)."""
    me = state.characters[state.turn_char]
    bonus = sum(1 for item in me.equipment if state.catalog.items[item].effect == "sword")
    token = state.tokens.get("lisbeth")
    boost = token.mode if token is not None and token.holder == me.id and token.active else None
    return Modifiers(state.current_step.defense, bonus, boost)


def finalize(state: SaoState) -> None:
    """The result is final; ③ the turn player spends dice on Sword Skills (SAO-068)."""
    state.pending.pop()
    state.events.append(Event("final", "Final result: " + " ".join([VALUE_TEXT[d.value] for d in state.pool]),
                              {"pool": [d.value for d in state.pool]}))
    state.pending.append(plain_decision(state.characters[state.turn_char].seat, "assign"))


def skill_actions(state: SaoState) -> list[Act]:
    """Every distinct way to trigger one Sword Skill with unused dice (SAO-070, SAO-071).

    A group uses, of each value, the lowest-numbered unused dice showing it. Which groups trigger
    which skills depends only on the character, his level and the sorted unused values, so that is
    worked out once per pack and kept in the catalogue's memo.
    """
    values = [d.value for d in state.pool]
    used = state.used
    free = [i for i in range(len(values)) if i not in used] if used else range(len(values))
    order = sorted(free, key=values.__getitem__)  # stable: equal values keep die order
    me = state.characters[state.turn_char]
    key = ("skill_groups", me.id, me.level, tuple(map(values.__getitem__, order)))
    catalog = state.catalog
    groups: tuple[tuple[str, tuple[int, ...]], ...] | None = catalog.memo.get(key)
    if groups is None:
        groups = catalog.remember(key, _skill_groups(catalog.known_skills[me.id, me.level], key[3]))
    return [act("skill", skill_id, *[str(i + 1) for i in sorted(map(order.__getitem__, picks))])
            for skill_id, picks in groups]


def _skill_groups(skills: tuple[SwordSkill, ...],
                  dice: tuple[int, ...]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """(skill id, positions in ``dice``) for every group of the sorted ``dice`` that triggers a skill.

    Groups come skill by skill, then by how many dice of each value they take (fewest of the lowest
    value first); of each value a group takes the first dice.
    """
    limits = tuple(dice.count(v) for v in sorted(set(dice)))
    found: list[tuple[str, tuple[int, ...]]] = []
    for skill in skills:
        key = skill_key(skill)
        for picks in _sub_groups(limits, skill.size):
            if sorted_group_triggers(key, tuple(map(dice.__getitem__, picks))):
                found.append((skill.id, picks))
    return tuple(found)


@lru_cache(maxsize=4096)
def _sub_groups(limits: tuple[int, ...], size: int) -> tuple[tuple[int, ...], ...]:
    """Every group of ``size`` dice from sorted dice with ``limits`` dice of each value, as positions.

    A group takes the first dice of each value; groups come in the lexicographic order of how many
    they take of each value.
    """
    starts = (0, *itertools.accumulate(limits))[:-1]  # the position of each value's first die
    return tuple(tuple(start + j for start, k in zip(starts, counts, strict=True) for j in range(k))
                 for counts in itertools.product(*(range(k + 1) for k in limits)) if sum(counts) == size)


def trigger(state: SaoState, act: Act) -> None:
    """Spend dice on a Sword Skill (SAO-070)."""
    skill_id, *dice = act.args
    indices = tuple(int(d) - 1 for d in dice)  # dice are numbered from 1 as printed
    state.used.extend(indices)
    state.triggered.append((skill_id, indices))
    me = state.characters[state.turn_char]
    skill = state.catalog.skill_named[me.id, skill_id]
    state.events.append(Event("skill", f"{me.name} triggers {skill.name} with "
                              + " ".join([VALUE_TEXT[state.pool[i].value] for i in indices]),
                              {"skill": skill_id, "dice": list(indices)}))


def turn_damage(state: SaoState, combined: bool) -> int:
    """Damage of the triggered skills: each separately, or added up in the final ordeal (SAO-122)."""
    if not state.triggered:
        return 0
    mods = modifiers(state)
    skills = {s.id: s for s in state.card(state.turn_char).skills}
    chosen = [skills[s] for s, _ in state.triggered]
    if combined and chosen:  # SAO-RUL-29
        total = sum(mods.boosted(s) for s in chosen)
        if all(mods.pierces(s) for s in chosen):
            return total
        return max(0, total - mods.defense)
    return sum(mods.dealt(s) for s in chosen)


def done(state: SaoState, combined: bool) -> None:
    """Deal the damage (SAO-072), check Switch (SAO-075), then ④ and ⑤."""
    state.pending.pop()
    amount = turn_damage(state, combined)
    step = state.current_step
    state.step_damage += amount
    state.events.append(Event("damage", f"{amount} damage to {step.name} "
                              f"({max(0, step.hp - state.step_damage)} HP left)",
                              {"damage": amount, "step_damage": state.step_damage}))
    final = state.is_final_ordeal
    if final and state.step_damage >= step.hp:  # SAO-123
        turn.win(state, "the final ordeal is overcome")
        return
    switch = bool(state.pool) and len(state.used) == len(state.pool) and not final
    if switch:  # SAO-075, SAO-124
        state.events.append(Event("switch", "Switch! Every die was used: no counterattack"))
        resolve(state)
        return
    if state.yui and state.catalog.support is not None and \
            state.yui_used < state.catalog.support.uses_per_scenario:
        state.pending.append(plain_decision(state.characters[state.turn_char].seat, "yui"))
        return
    counter_attack(state)


def counter_targets(state: SaoState) -> list[int]:
    """Who takes the counterattack (SAO-078, SAO-147, SAO-125, SAO-126, SAO-RUL-14, SAO-RUL-30)."""
    step = state.current_step
    if state.is_final_ordeal:
        if state.partner is None or state.characters[state.partner].dead:
            if step.aoe:
                return [i for i in state.living() if i != state.kirito] or [state.kirito]
            return [state.kirito]
        if step.aoe:
            return [i for i in state.living() if i != state.kirito]
        return [state.partner]
    if step.aoe:
        return state.living()
    return [state.turn_char]


def yui_ready(state: SaoState) -> bool:
    """Whether Yui can still turn this turn's counterattack back (SAO-RUL-50)."""
    support = state.catalog.support
    return state.yui and support is not None and state.yui_used < support.uses_per_scenario


def counter_deaths(state: SaoState) -> list[int]:
    """Characters the counterattack would kill now, if it came (Shield, Coats and the Sacred Relic counted,
    Yui not; SAO-079, SAO-RUL-16, SAO-RUL-40), the Relic saving the first."""
    step = state.current_step
    relic = not step.no_consumables and any(state.catalog.items[i].effect == "relic" for i in state.consumables)
    shield = state.tokens.get("silica")
    dying: list[int] = []
    for index in counter_targets(state):
        c = state.characters[index]
        if shield is not None and shield.kind == "shield" and shield.holder == c.id:
            continue
        coats = sum(1 for i in c.equipment if state.catalog.items[i].effect == "coat")
        if c.damage + max(0, step.damage - coats) >= state.hp(index):
            if relic:
                relic = False
                continue
            dying.append(index)
    return dying


def counter_loses(state: SaoState) -> list[int]:
    """The deaths from :func:`counter_deaths` that lose the game (in the final ordeal only Kirito's,
    SAO-RUL-31); empty when Yui can still turn the counterattack back."""
    if yui_ready(state):
        return []
    deaths = counter_deaths(state)
    if state.is_final_ordeal:
        return [i for i in deaths if state.characters[i].id == "kirito"]
    return deaths


def counter_warning(state: SaoState) -> str:
    """One line on what the counterattack would do now ('' when nobody dies), for menus and hints."""
    step = state.current_step
    losing = counter_loses(state)
    if losing:
        names = ", ".join(f"{state.characters[i].name} ({state.hp(i) - state.characters[i].damage} HP)"
                          for i in losing)
        escape = "finish the step" if state.is_final_ordeal else "Switch (use every die)"
        return f"LETHAL: the counterattack ({step.damage} damage) kills {names} and loses the game unless you {escape}"
    if counter_deaths(state) and yui_ready(state):
        return "the counterattack would kill, but Yui can turn it back"
    return ""


def yui(state: SaoState, use: bool) -> None:
    """Yui's Support card: redirect this counterattack to the enemy (stand-in, SAO-RUL-50)."""
    state.pending.pop()
    if not use:
        counter_attack(state)
        return
    state.yui_used += 1
    amount = state.current_step.damage
    state.step_damage += amount
    state.events.append(Event("yui", f"Yui turns the counterattack back: {amount} damage to the enemy",
                              {"damage": amount}))
    if state.is_final_ordeal and state.step_damage >= state.current_step.hp:
        turn.win(state, "the final ordeal is overcome")
        return
    resolve(state)


def counter_attack(state: SaoState) -> None:
    """④ The enemy attacks back, even at 0 HP (SAO-077..SAO-080)."""
    step = state.current_step
    for index in counter_targets(state):
        take_damage(state, index, step.damage)
        if state.result is not None:
            return
    resolve(state)


def take_damage(state: SaoState, index: int, amount: int) -> None:
    """Damage to a character: Shield, Coat, death (SAO-079, SAO-138, SAO-RUL-16, SAO-RUL-40)."""
    c = state.characters[index]
    token = state.tokens.get("silica")
    if token is not None and token.kind == "shield" and token.holder == c.id:
        del state.tokens["silica"]
        state.events.append(Event("shield", f"{c.name}'s Shield ignores {amount} damage; the token goes "
                                  "back to Silica", {"character": c.id}))
        return
    coats = sum(1 for i in c.equipment if state.catalog.items[i].effect == "coat") if c.equipment else 0
    amount = max(0, amount - coats)
    c.damage += amount
    hp = state.hp(index)
    state.events.append(Event("hurt", f"{c.name} takes {amount} damage ({max(0, hp - c.damage)} HP left)",
                              {"character": c.id, "damage": amount}))
    if c.damage < hp:
        return
    relic = next((i for i in state.consumables if state.catalog.items[i].effect == "relic"), None)
    if relic is not None and not state.current_step.no_consumables:
        state.consumables.remove(relic)
        c.damage = hp - 1
        state.events.append(Event("relic", f"The Sacred Relic saves {c.name} (1 HP)", {"character": c.id}))
        return
    c.dead = True
    state.events.append(Event("death", f"{c.name} dies", {"character": c.id}))
    if state.is_final_ordeal and c.id != "kirito":  # SAO-127, SAO-RUL-31
        for owner, tok in list(state.tokens.items()):
            if tok.holder == c.id:
                del state.tokens[owner]
        return
    turn.lose(state, f"{c.name} died")


def resolve(state: SaoState) -> None:
    """⑤ Resolve: a step at 0 HP or less is beaten; no carry-over (SAO-081..SAO-085, SAO-RUL-10)."""
    step = state.current_step
    if state.step_damage >= step.hp:
        state.events.append(Event("step_beaten", f"{step.name} is beaten", {"step": state.step}))
        state.step_damage = 0
        if state.step + 1 < len(state.scenario.steps):
            state.step += 1
            state.events.append(Event("step", f"The Step token moves to {state.current_step.name}",
                                      {"step": state.step}))
            if state.is_final_ordeal and state.step == 1:  # SAO-118, SAO-119
                turn.refresh_all(state, "the final ordeal begins")
                turn.return_tokens(state, "the final ordeal begins")
        else:
            clearing.clear_scenario(state)
            return
    turn.end_turn(state)
