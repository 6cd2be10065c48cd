"""The SAO heuristic team: exact reroll advice, best Sword Skill assignment, simple ability sense."""

from __future__ import annotations

import random
from typing import Any

from bouts.core.contract import Game, Seat
from bouts.games.sao import advisor
from bouts.games.sao.actions import Act, act
from bouts.games.sao.attack import counter_targets, known_skills, modifiers
from bouts.games.sao.rolling import OPPOSITE, rerolls_left
from bouts.games.sao.skills import triggers
from bouts.games.sao.state import SaoState

DICE_VERBS = ("ability", "control")
LOOKAHEAD = 1
"""Rerolls the bot plans ahead for (the exact advisor with all rerolls is used by ``hint``; one is
much faster with character dice in the pool and loses little)."""
IMPROVEMENT = 2.0
"""How much better (in the advisor's score) a die-changing ability must make the final dice."""


def choose(game: Game[Any, Any], state: SaoState, seat: Seat, rng: random.Random) -> Any:
    """A sensible action for ``seat``."""
    actions = game.legal_actions(state, seat)
    decision = state.pending[-1]
    kind = decision.kind
    if kind == "chain_partner":
        return max(actions, key=lambda a: _hp_left(state, state.index_of(a.args[0])))
    if kind == "exchange":
        return actions[0]  # a character die is never worse than a regular one
    if kind == "support_values":
        skills = known_skills(state, state.turn_char)
        return max(actions, key=lambda a: advisor.best_assignment(
            [int(v) for v in a.args], skills, modifiers(state)).damage)
    if kind == "roll_window":
        return _roll_window(state, actions)
    if kind == "ability_window":
        return _partner_window(state, seat, actions)
    if kind == "assign":
        return _assign(state, actions)
    if kind == "yui":
        step = state.current_step
        deadly = any(_hp_left(state, i) <= step.damage for i in counter_targets(state))
        return Act("yui") if deadly or step.damage * len(counter_targets(state)) >= 8 else Act("endure")
    if kind == "equip":
        item = state.catalog.items[decision.get("item")]
        if item.effect == "coat":
            return min(actions, key=lambda a: state.hp(state.index_of(a.args[0])))
        kirito = Act("equip", ("kirito",))
        return kirito if kirito in actions else actions[0]
    if kind == "transfer":
        return Act("finish")
    return rng.choice(actions)


def _hp_left(state: SaoState, index: int) -> int:
    return state.hp(index) - state.characters[index].damage


def _final_score(state: SaoState) -> float:
    """The advisor's value of finalizing now (the counterattack's loss included)."""
    return advisor.best_outlook(state, 0).value


def _best_dice_change(state: SaoState, actions: tuple[Any, ...] | list[Any], char: int | None) -> Any | None:
    """The die-changing action that most improves the final score, if it is worth a use.

    A die change alters nothing the score looks at but the dice (not the HP, tokens, Switch value or
    Sword Skills), so each is scored on the changed dice beside the facts of ``state``, worked out once.
    """
    pool, *facts = advisor.outlook_arguments(state, 0)
    score = advisor.pool_scorer(pool, *facts)  # advisor.best_pool_outlook(pool, *facts).value, with other faces
    codes = [code for _, code in pool]
    base = score(codes)  # _final_score(state)
    best, best_gain = None, IMPROVEMENT
    abilities = _abilities(state.catalog)
    for action in actions:
        if not isinstance(action, Act) or action.verb not in DICE_VERBS:
            continue
        changed = list(codes)
        if action.verb == "ability":
            ability = abilities.get(action.args[:2]) or _ability(state.catalog, abilities, action.args)
            if ability.kind not in ("set_die", "set_dice", "flip_dice"):
                continue
            # what rolling.use_ability does to the dice, with the ability as the user's card prints it (the user's
            # card is the catalogue's card of the character named: the same ability)
            used = ability
            if used.kind == "set_die":
                changes = [(int(action.args[2]) - 1, int(action.args[3]))]
            else:
                changes = [(p, used.values[0] if used.kind == "set_dice" else OPPOSITE[state.pool[p].value])
                           for p in [int(r) - 1 for r in action.args[2:]]]
        else:  # rolling.control
            changes = [(int(action.args[0]) - 1, int(action.args[1]))]
        for position, value in changes:
            changed[position] = value
        gain = score(changed) - base
        if gain > best_gain:
            best, best_gain = action, gain
    return best


_ABILITIES: dict[int, tuple[Any, dict[tuple[str, ...], Any]]] = {}


def _abilities(catalog: Any) -> dict[tuple[str, ...], Any]:
    """Per catalogue: (character id, ability id) -> that ability of the character's card, filled as abilities are
    met (with :func:`_ability`)."""
    found = _ABILITIES.get(id(catalog))
    if found is None or found[0] is not catalog:
        found = _ABILITIES[id(catalog)] = (catalog, {})
    table: dict[tuple[str, ...], Any] = found[1]
    return table


def _ability(catalog: Any, abilities: dict[tuple[str, ...], Any], args: tuple[str, ...]) -> Any:
    """The ability an ``ability`` action names (its character's card's ability of that id), kept in ``abilities``
    (its catalogue's :func:`_abilities`)."""
    ability = abilities[args[:2]] = next(a for a in catalog.characters[args[0]].abilities if a.id == args[1])
    return ability


def _support_ability(state: SaoState, actions: tuple[Any, ...] | list[Any]) -> Any | None:
    """Addition powers and healing, when they obviously help."""
    me = state.characters[state.turn_char]
    abilities = _abilities(state.catalog)
    for action in actions:
        if not isinstance(action, Act) or action.verb != "ability":
            continue
        ability = abilities.get(action.args[:2]) or _ability(state.catalog, abilities, action.args)
        user = state.characters[state.index_of(action.args[0])]
        spare = user.free_use or user.usage >= 2
        if ability.kind == "healing":
            target = state.index_of(action.args[2])
            if _hp_left(state, target) <= state.current_step.damage + 1 and state.characters[target].damage >= 3:
                return action
        elif ability.kind == "addition_shield" and spare:
            if action.args[2] == me.id and action.args[2] != user.id:
                return action
        elif ability.kind == "addition_boost" and spare and state.partner is not None:
            if action.args[2] == state.characters[state.partner].id and action.args[3] == "x2":
                return action
            if action.args[2] == state.characters[state.partner].id and len(ability.modes[user.level]) == 1:
                return action
    return None


def _life_saver(state: SaoState, actions: tuple[Any, ...]) -> Any | None:
    """A Healing potion for a character the counterattack would kill."""
    for action in actions:
        if isinstance(action, Act) and action.verb == "use":
            item = state.catalog.items[action.args[0]]
            target = state.index_of(action.args[1])
            if item.effect == "healing_potion" and _hp_left(state, target) <= state.current_step.damage:
                return action
    return None


def _roll_window(state: SaoState, actions: tuple[Any, ...]) -> Any:
    saver = _life_saver(state, actions)
    if saver is not None:
        return saver
    support = _support_ability(state, actions)
    if support is not None:
        return support
    top = advisor.best_reroll(state, LOOKAHEAD)
    if top.dice and rerolls_left(state) > 0:
        return act("reroll", *[str(i + 1) for i in top.dice])  # the very action the menu lists
    change = _best_dice_change(state, actions, state.turn_char)
    if change is not None:
        return change
    if Act("ask_partner") in actions and state.partner is not None and \
            state.characters[state.partner].seat != state.characters[state.turn_char].seat:
        trial_actions = _partner_options(state)
        if _best_dice_change(state, trial_actions, state.partner) is not None or \
                _support_ability(state, trial_actions) is not None:
            return Act("ask_partner")
    return Act("finalize")


def _partner_options(state: SaoState) -> list[Any]:
    from bouts.games.sao.rolling import ability_actions

    assert state.partner is not None
    return list(ability_actions(state, state.partner))


def _partner_window(state: SaoState, seat: Seat, actions: tuple[Any, ...]) -> Any:
    """Another seat's window before the dice are final. Asked by the turn player: the use the exact reroll advisor
    ranks first (the very use ``hint`` named when it told him to ask). When he proposed to finalize: a
    life-saving potion, a helpful Addition, or a die change that clearly improves the final dice (cheaper: this
    window opens nearly every turn)."""
    if state.pending[-1].get("proposal") != "finalize":
        options = advisor.roll_options(state, seat)
        if options and options[0].action.verb != "back":
            return options[0].action
    saver = _life_saver(state, actions)
    if saver is not None:
        return saver
    support = _support_ability(state, actions)
    if support is not None:
        return support
    change = _best_dice_change(state, actions, state.partner)
    return change if change is not None else Act("back")


def _assign(state: SaoState, actions: tuple[Any, ...]) -> Any:
    plan = advisor.state_assignment(state)
    sv = advisor.switch_value(state)
    loss = advisor.loss_value(state)
    remaining = max(0, state.current_step.hp - state.step_damage)
    options = [plan.best] + ([plan.best_switch] if plan.best_switch is not None else [])

    def value(a: advisor.Assignment) -> float:
        switch = a.switch and sv >= 0
        safe = switch or (state.is_final_ordeal and a.damage >= remaining)
        return min(a.damage, remaining) + (sv if switch else 0) - (0 if safe else loss)

    chosen = max(options, key=value)
    skills = {s.id: s for s in known_skills(state, state.turn_char)}
    for skill_id, group in chosen.groups:
        for action in actions:
            if isinstance(action, Act) and action.verb == "skill" and action.args[0] == skill_id:
                codes = tuple(sorted(state.pool[int(i) - 1].value for i in action.args[1:]))
                if codes == group and triggers(skills[skill_id], codes):
                    return action
    return Act("done", ("combined",)) if chosen.combined else Act("done")


def progress(state: SaoState) -> float:
    """How far the team has come, 0 at the start to 1 when the Final Battle is beaten."""
    if state.result is not None:
        return 1.0 if state.result == "won" else 0.0
    sections = len(state.scenarios)
    if state.section >= sections:  # the scenarios are still to be drawn
        return 0.0
    steps = state.scenario.steps
    step_hp = steps[state.step].hp if state.step < len(steps) else 1
    within = (state.step + min(state.step_damage / step_hp, 1.0)) / len(steps)
    return (state.section + within) / sections


def evaluate(game: Game[Any, Any], state: SaoState) -> list[float]:
    """The team's chance to clear, estimated from its progress and its weakest character's health
    (any death loses, SAO-114); the same for every seat (IS-MCTS scores cut-short rollouts with it)."""
    if state.result is not None:
        value = 1.0 if state.result == "won" else 0.0
    else:
        weakest = min((_hp_left(state, i) / max(state.hp(i), 1) for i in range(len(state.characters))),
                      default=0.0)
        value = progress(state) * (0.5 + 0.5 * max(weakest, 0.0))
    return [value] * state.seats


def settled(game: Game[Any, Any], state: SaoState) -> bool:
    """Whether ``state`` is between turns (no die of the turn rolled yet), where :func:`evaluate` is fair:
    cut mid-turn, a rollout would count the damage of a finished roll but not that of a pending reroll."""
    return state.result is not None or all(die.value == 0 for die in state.pool)


SEARCH = {"rollout": "heuristic", "prior": "heuristic", "horizon": 1, "widen": 0.5, "public_hint": True}
"""IS-MCTS settings for SAO: the advisor guides the tree and plays the rollouts, which finish the turn
(``horizon`` 1, then on until :func:`settled`) and are scored by :func:`evaluate`. The advisor decides by the
open table alone (SAO is played open; it never looks at the face-down scenarios or the item deck and draws no
random numbers), so the search asks it once per tree node (``public_hint``)."""


def explain(game: Game[Any, Any], state: SaoState, seat: Seat, action: Any) -> str:
    """Why ``action`` is a good choice for ``seat`` now, in the current language: the facts that make it good
    (what the dice give, who is at risk), for every kind of decision. ``hint`` shows it beside the action."""
    from bouts.core.i18n import tr
    from bouts.games.sao.attack import counter_loses, counter_targets, counter_warning, turn_damage
    from bouts.games.sao.i18n import _

    legal = game.legal_actions(state, seat)
    if len(legal) == 1:
        return _("it is the only choice")
    kind = state.pending[-1].kind
    if not isinstance(action, Act):
        return _("the heuristic's choice")
    if kind in ("roll_window", "ability_window"):
        for option in advisor.roll_options(state, seat):
            if option.action == action:
                return advisor.option_reason(state, option, seat)
        return advisor.outlook_text(state, advisor.best_outlook(state))
    if kind == "chain_partner":
        index = state.index_of(action.args[0])
        return _("{character} has the most HP left ({hp}): the partner takes the next turn and, in the final "
                 "ordeal, the counterattacks", character=state.characters[index].name, hp=_hp_left(state, index))
    if kind == "exchange":
        return (_("a character die is never worse than a regular one: its face counts as any number")
                if action.verb == "exchange" else _("the heuristic's choice"))
    if kind == "support_values":
        damage = advisor.best_assignment([int(v) for v in action.args], known_skills(state, state.turn_char),
                                         modifiers(state)).damage
        return _("these support dice give the most damage with the best Sword Skills: {damage}", damage=damage)
    if kind == "assign":
        plan = advisor.state_assignment(state)
        lethal = bool(advisor.loss_value(state))
        chosen = plan.best_switch if plan.best_switch is not None and (plan.best.switch or lethal) else plan.best
        if action.verb == "done":
            queued = turn_damage(state, action.args == ("combined",))
            if state.pool and len(state.used) == len(state.pool):
                return _("every die is used: {damage} damage and a Switch", damage=queued)
            return _("no Sword Skill adds damage with the dice left: {damage} damage in all", damage=queued)
        if chosen is plan.best_switch and chosen is not None:
            text = _("part of the best use of the dice that uses every die: {damage} damage and a Switch, so no "
                     "counterattack", damage=chosen.damage)
            if chosen.damage < plan.damage:
                text = _("{text} (the most damage without a Switch would be {most})", text=text, most=plan.damage)
            return text
        text = _("part of the best use of the dice: {damage} damage", damage=plan.damage)
        if plan.best_switch is None:
            return _("{text}; no Switch is possible with these dice", text=text)
        return _("{text}, more than the {damage} a Switch would deal", text=text, damage=plan.best_switch.damage)
    if kind == "yui":
        step = state.current_step
        targets = [state.characters[i].name for i in counter_targets(state)]
        if action.verb == "yui":
            if counter_loses(state) or any(_hp_left(state, i) <= step.damage for i in counter_targets(state)):
                return _("the counterattack ({damage}) would kill one of {targets}", damage=step.damage,
                         targets=targets)
            return _("the counterattack hurts a lot: {damage} damage to each of {targets}, and it hits the enemy "
                     "instead", damage=step.damage, targets=targets)
        warning = counter_warning(state)
        return (tr(warning) if warning is not None else
                _("the counterattack ({damage}) is survivable: keep the Support card for a worse one",
                  damage=step.damage))
    if kind == "equip":
        item = state.catalog.items[state.pending[-1].get("item")]
        target = state.characters[state.index_of(action.args[0])]
        if item.effect == "coat":
            return _("{item} to {character}, who has the lowest maximum HP ({hp})", item=item.name,
                     character=target.name, hp=state.hp(state.index_of(action.args[0])))
        return _("{item} to {character}: he takes the final ordeal's turns", item=item.name, character=target.name)
    if kind == "transfer":
        return _("the Equipment already is where it helps most")
    return _("the heuristic's choice")
