"""③ Choosing Sword Skills, Switch, ④ counter attack and ⑤ resolve (SAO-068..SAO-085,
SAO-120..SAO-127, SAO-145..SAO-149)."""

from __future__ import annotations

import itertools
from functools import lru_cache, partial
from typing import Final

from bouts.core.events import QUIET
from bouts.core.i18n import Message
from bouts.games.sao import clearing, turn
from bouts.games.sao.actions import DONE, DONE_COMBINED, Act, act
from bouts.games.sao.cards import SwordSkill
from bouts.games.sao.i18n import M_, N_
from bouts.games.sao.log import say
from bouts.games.sao.rolling import dice_indices, final_pool_args, final_pool_data
from bouts.games.sao.skills import VALUE_TEXT, Modifiers, skill_key, sorted_group_triggers
from bouts.games.sao.state import ASSIGNS, SaoState, plain_decision


def known_skills(state: SaoState, index: int) -> list[SwordSkill]:
    """The Sword Skills character ``index`` knows at his level (SAO-069)."""
    c = state.characters[index]
    return list(state.catalog.known_skills[c.id, c.level])


def modifiers(state: SaoState) -> Modifiers:
    """Defense, equipment bonus and Lisbeth's token for the turn player (SAO-RUL-43)."""
    me = state.characters[state.turn_char]
    bonus = sum(1 for item in me.equipment if state.catalog.items[item].effect == "sword") if me.equipment else 0
    token = state.tokens.get("lisbeth")
    boost = token.mode if token is not None and token.holder == me.id and token.active else None
    key = (state.facts().defense, bonus, boost)
    found = _MODIFIERS.get(key)
    if found is None:  # a frozen dataclass is slow to make, and the rules and the advisor ask at every step
        found = _MODIFIERS[key] = Modifiers(*key)
    return found


_MODIFIERS: Final[dict[tuple[int, int, str | None], Modifiers]] = {}
"""Each value of :func:`modifiers` made once (a handful: Defense values, equipment bonuses, boosts)."""


def finalize(state: SaoState) -> None:
    """The result is final; ③ the turn player spends dice on Sword Skills (SAO-068)."""
    state.pending.pop()
    if state.events is not QUIET:
        shown = tuple(state.pool)  # data and sentence made when someone reads them
        say(state, "final", N_("The dice are final: {pool}"), partial(final_pool_data, shown),
            args=partial(final_pool_args, shown), clauses=("SAO-057", "SAO-068"))
    state.pending.append(ASSIGNS[state.characters[state.turn_char].seat])  # plain_decision(seat, "assign")


def skill_menu(state: SaoState) -> tuple[Act, ...]:
    """The Sword Skill decision's menu: :func:`skill_actions`, then dealing the damage (``done``), and in the final
    ordeal dealing it added up (``done combined``, SAO-122)."""
    out = skill_actions(state)
    out.append(DONE)
    if state.is_final_ordeal:
        out.append(DONE_COMBINED)
    return tuple(out)


def skill_actions(state: SaoState) -> list[Act]:
    """Every distinct way to trigger one Sword Skill with unused dice (SAO-070, SAO-071).

    A group uses, of each value, the lowest-numbered unused dice showing it. Which groups trigger
    which skills depends only on the character, his level and the sorted unused values, so that is
    worked out once per pack and kept in the catalogue's memo.
    """
    pool = state.pool
    used = state.used
    # each free die as its value * 16 + its pool index (a pool has at most 9 dice): sorting these plain ints sorts
    # the dice by value, equal values in die order, without a key function called per die
    if used:
        codes = sorted([d.value * 16 + i for i, d in enumerate(pool) if i not in used])
    else:
        codes = sorted([d.value * 16 + i for i, d in enumerate(pool)])
    order = [c & 15 for c in codes]  # the free dice's pool indices, by the values they show
    me = state.characters[state.turn_char]
    key = ("skill_groups", me.id, me.level, tuple([c >> 4 for c in codes]))
    catalog = state.catalog
    groups: tuple[tuple[str, tuple[int, ...]], ...] | None = catalog.memo.get(key)
    if groups is None:
        groups = catalog.remember(key, _skill_groups(catalog.known_skills[me.id, me.level], key[3]))
    made = _SKILL_ACTS
    out: list[Act] = []
    for skill_id, picks in groups:
        dice = tuple([order[p] for p in picks])  # pool indices, in the order of the values they show
        found = made.get((skill_id, dice))
        if found is None:
            if len(made) >= SKILL_ACTS_LIMIT:
                made.clear()
            found = made[skill_id, dice] = act("skill", skill_id, *[str(i + 1) for i in sorted(dice)])
        out.append(found)
    return out


_SKILL_ACTS: Final[dict[tuple[str, tuple[int, ...]], Act]] = {}
"""The ``skill`` action of each Sword Skill and dice (pool indices from 0, in any order; the action names them in
ascending order), made once."""
SKILL_ACTS_LIMIT: Final = 65_536
"""Most actions :data:`_SKILL_ACTS` keeps (it starts afresh beyond)."""


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
    args = act.args
    skill_id = args[0]
    indices = dice_indices(args[1:])  # dice are numbered from 1 as printed
    state.used.extend(indices)
    state.triggered.append((skill_id, indices))
    if state.events is QUIET:  # the rest only tells the log
        return
    me = state.characters[state.turn_char]
    skill = state.catalog.skill_named[me.id, skill_id]
    mods = modifiers(state)
    say(state, "skill", N_("{character} triggers {skill} with {dice}: {damage} damage"),
        {"skill": skill_id, "dice": list(indices)},
        args={"character": me.name, "skill": skill.name,
              "dice": " ".join([f"{i + 1}:{VALUE_TEXT[state.pool[i].value]}" for i in indices]),
              "damage": mods.dealt(skill)},
        clauses=("SAO-068", "SAO-070") + (("SAO-148",) if mods.defense else ()))


def turn_damage(state: SaoState, combined: bool) -> int:
    """Damage of the triggered skills: each separately, or added up in the final ordeal (SAO-122)."""
    if not state.triggered:
        return 0
    mods = modifiers(state)
    skills = skills_by_id(state, state.characters[state.turn_char].id)
    if combined:  # SAO-RUL-29
        chosen = [skills[s] for s, _ in state.triggered]
        total = sum(mods.boosted(s) for s in chosen)
        if all(mods.pierces(s) for s in chosen):
            return total
        return max(0, total - mods.defense)
    amount = 0  # a loop, not sum() over a generator: this runs every turn
    for skill_id, _dice in state.triggered:
        amount += mods.dealt(skills[skill_id])
    return amount


def skills_by_id(state: SaoState, char_id: str) -> dict[str, SwordSkill]:
    """A character's Sword Skills by id (the last one printed with an id, should a pack repeat it), made once per
    pack (kept in the catalogue's memo)."""
    key = ("skills_by_id", char_id)
    catalog = state.catalog
    found: dict[str, SwordSkill] | None = catalog.memo.get(key)
    if found is None:
        found = catalog.remember(key, {s.id: s for s in catalog.characters[char_id].skills})
    return found


def done(state: SaoState, combined: bool) -> None:
    """Deal the damage (SAO-072), check Switch (SAO-075), then ④ and ⑤."""
    state.pending.pop()
    amount = turn_damage(state, combined)
    step = state.facts()
    state.step_damage += amount
    logged = state.events is not QUIET  # a quiet state keeps no events: nothing made for them
    if logged:
        say(state, "damage", N_("{amount} damage to {step} ({hp} HP left)"),
            {"damage": amount, "step_damage": state.step_damage},
            args={"amount": amount, "step": step.card.name, "hp": max(0, step.hp - state.step_damage)},
            clauses=("SAO-072",) + (("SAO-122", "SAO-RUL-29") if combined else ()) + (
                ("SAO-149",) if step.defense and not combined else ()))
    final = state.step >= 1 and step.final  # state.is_final_ordeal
    if final and state.step_damage >= step.hp:  # SAO-123
        turn.win(state, M_("the final ordeal is overcome"), ("SAO-115", "SAO-123"))
        return
    switch = bool(state.pool) and len(state.used) == len(state.pool) and not final
    if switch:  # SAO-075, SAO-124
        if logged:
            say(state, "switch", N_("Switch! Every die was used: no counterattack"),
                clauses=("SAO-010", "SAO-075", "SAO-RUL-13"))
        resolve(state)
        return
    if state.yui and state.catalog.support is not None and \
            state.yui_used < state.catalog.support.uses_per_scenario:
        state.pending.append(plain_decision(state.characters[state.turn_char].seat, "yui"))
        return
    counter_attack(state)


def counter_targets(state: SaoState) -> list[int]:
    """Who takes the counterattack (SAO-078, SAO-147, SAO-125, SAO-126, SAO-RUL-14, SAO-RUL-30)."""
    step = state.facts()
    if state.step >= 1 and step.final:  # state.is_final_ordeal
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


def counter_warning(state: SaoState) -> Message | None:
    """What the counterattack would do now, for the table, menus and hints (``None`` when nobody dies)."""
    step = state.current_step
    losing = counter_loses(state)
    if losing:
        names = [M_("{character} ({hp} HP)", character=state.characters[i].name,
                    hp=state.hp(i) - state.characters[i].damage) for i in losing]
        if state.is_final_ordeal:
            return M_("LETHAL: the counterattack ({damage} damage) kills {names} and loses the game unless you finish "
                      "the step", damage=step.damage, names=names)
        return M_("LETHAL: the counterattack ({damage} damage) kills {names} and loses the game unless you Switch "
                  "(use every die)", damage=step.damage, names=names)
    if counter_deaths(state) and yui_ready(state):
        support = state.catalog.support
        return M_("the counterattack would kill, but {support} can turn it back",
                  support=support.name if support is not None else "")
    return None


def yui(state: SaoState, use: bool) -> None:
    """Yui's Support card: redirect this counterattack to the enemy (stand-in, SAO-RUL-50)."""
    state.pending.pop()
    if not use:
        counter_attack(state)
        return
    state.yui_used += 1
    amount = state.current_step.damage
    state.step_damage += amount
    support = state.catalog.support
    say(state, "yui", N_("{support} turns the counterattack back: {amount} damage to {step}"),
        {"damage": amount},
        args={"support": support.name if support is not None else "", "amount": amount,
              "step": state.current_step.name}, clauses=("SAO-028", "SAO-RUL-50"))
    if state.is_final_ordeal and state.step_damage >= state.current_step.hp:
        turn.win(state, M_("the final ordeal is overcome"), ("SAO-115", "SAO-123"))
        return
    resolve(state)


def counter_attack(state: SaoState) -> None:
    """④ The enemy attacks back, even at 0 HP (SAO-077..SAO-080)."""
    damage = state.facts().damage
    for index in counter_targets(state):
        take_damage(state, index, damage)
        if state.result is not None:
            return
    resolve(state)


def take_damage(state: SaoState, index: int, amount: int) -> None:
    """Damage to a character: Shield, Coat, death (SAO-079, SAO-138, SAO-RUL-16, SAO-RUL-40)."""
    c = state.characters[index]
    token = state.tokens.get("silica")
    if token is not None and token.kind == "shield" and token.holder == c.id:
        del state.tokens["silica"]
        say(state, "shield", N_("{character}'s Shield addition token cancels {amount} damage and goes "
                         "back to {owner}"), {"character": c.id},
            args={"character": c.name, "amount": amount,
                  "owner": turn.owner_name(state, "silica")},
            clauses=("SAO-138", "SAO-RUL-40"))
        return
    coat = [i for i in c.equipment if state.catalog.items[i].effect == "coat"] if c.equipment else []
    coats = len(coat)
    amount = max(0, amount - coats)
    c.damage += amount
    hp = state.hp(index)
    if state.events is not QUIET:
        clauses = ("SAO-077", "SAO-078", "SAO-079") + (("SAO-147",) if state.facts().aoe else ()) + (
            ("SAO-125",) if state.is_final_ordeal and index != state.kirito else ())
        if coats:
            say(state, "hurt", N_("{character} takes {amount} damage ({coats} less for {item}; {hp} HP "
                                  "left)"), {"character": c.id, "damage": amount},
                args={"character": c.name, "amount": amount, "coats": coats,
                      "item": state.catalog.items[coat[0]].name,
                      "hp": max(0, hp - c.damage)}, clauses=clauses)
        else:
            say(state, "hurt", N_("{character} takes {amount} damage ({hp} HP left)"),
                {"character": c.id, "damage": amount},
                args={"character": c.name, "amount": amount, "hp": max(0, hp - c.damage)},
                clauses=clauses)
    if c.damage < hp:
        return
    relic = next((i for i in state.consumables if state.catalog.items[i].effect == "relic"), None)
    if relic is not None and not state.facts().no_consumables:
        state.consumables.remove(relic)
        c.damage = hp - 1
        say(state, "relic", N_("{item} saves {character} (1 HP) and is discarded"), {"character": c.id},
            args={"item": state.catalog.items[relic].name, "character": c.name},
            clauses=("SAO-096", "SAO-097"))
        return
    c.dead = True
    goes_on = state.is_final_ordeal and c.id != "kirito"  # SAO-127, SAO-RUL-31
    say(state, "death", N_("{character} dies"), {"character": c.id}, args={"character": c.name},
        clauses=("SAO-015", "SAO-RUL-16") + (("SAO-127", "SAO-RUL-31") if goes_on else ()))
    if goes_on:
        for owner, tok in list(state.tokens.items()):
            if tok.holder == c.id:
                del state.tokens[owner]
        return
    turn.lose(state, M_("{character} died", character=c.name),
              ("SAO-114", "SAO-RUL-31") if state.is_final_ordeal else ("SAO-114", "SAO-RUL-15"))


def resolve(state: SaoState) -> None:
    """⑤ Resolve: a step at 0 HP or less is beaten; no carry-over (SAO-081..SAO-085, SAO-RUL-10)."""
    step = state.facts()
    if state.step_damage >= step.hp:
        say(state, "step_beaten", N_("{step} is beaten"), {"step": state.step}, args={"step": step.card.name},
            clauses=("SAO-011", "SAO-081", "SAO-082", "SAO-RUL-10"))
        state.step_damage = 0
        if state.step + 1 < len(step.scenario.steps):
            state.step += 1
            say(state, "step", N_("The Step token moves to {step} ({hp} HP)"), {"step": state.step},
                args={"step": state.current_step.name, "hp": state.current_step.hp},
                clauses=("SAO-044", "SAO-081"))
            if state.is_final_ordeal and state.step == 1:  # SAO-118, SAO-119
                turn.refresh_all(state, M_("the final ordeal begins"), ("SAO-118", "SAO-RUL-34"))
                turn.return_tokens(state, M_("the final ordeal begins"), ("SAO-119",))
        else:
            clearing.clear_scenario(state)
            return
    turn.end_turn(state)
