"""Battle part (戦闘パート, KAL-067..KAL-112): nomination, the combat action loop, interventions,
damage, death and retreat."""

from __future__ import annotations

from typing import Final

from bouts.core.decisions import Decision
from bouts.core.events import QUIET
from bouts.core.i18n import Message, Text
from bouts.games.kaleido.actions import PASS, RETREAT, STAY, Act, act
from bouts.games.kaleido.command_spells import RETREAT_COST, can_convert
from bouts.games.kaleido.flow import auto, decision, one, pop_to, push, say, settle, verb
from bouts.games.kaleido.i18n import M_, N_, N_n
from bouts.games.kaleido.mana import ability_cost, charge, draw, seat_label
from bouts.games.kaleido.state import Battle, KaleidoState, Strike
from bouts.games.kaleido.timings import (
    attack_methods,
    attack_power,
    bind_action,
    bind_battle,
    countered,
    defence_power,
    end_action_effects,
    end_battle_effects,
    end_effects,
    heal,
    is_np,
    is_outside_card,
    is_targetable,
    np_key,
    open_counters,
    pair_facts,
    payable_ids,
    strategy_card_free,
    strategy_counter,
)

NOMINATION_DRAW: Final = 1
"""The nominator draws 1 once the nomination is established (KAL-074)."""


@auto("battle_part")
def _battle_part(state: KaleidoState, frame: Decision) -> None:
    state.phase = "battle"
    for seat in reversed(state.order):  # KAL-067: normal-action players, in fate order
        if not state.players[seat].lurking:
            push(state, "battle_phase", seat)


@auto("battle_phase")
def _battle_phase(state: KaleidoState, frame: Decision) -> None:
    seat = frame.seat
    if not state.players[seat].alive or len(targets(state, seat)) < 1:
        return  # KAL-RUL-42
    push(state, "nominate", seat)


def targets(state: KaleidoState, seat: int) -> list[int]:
    """Whom ``seat`` may nominate: any other remaining player, lurking or not (KAL-041, KAL-RUL-17)."""
    return [s for s in range(state.seats) if s != seat and state.players[s].alive]


def _nominate_open(state: KaleidoState, frame: Decision) -> bool:
    player = state.players[frame.seat]
    return len(targets(state, frame.seat)) > 1 or player.spells > 0 or player.hp > 2


@decision("nominate", _nominate_open, lambda state, frame: act("nominate", (str(targets(state, frame.seat)[0]),)))
def nominate_menu(state: KaleidoState, frame: Decision) -> list[Act]:
    """① 対戦指名: one opponent (KAL-069)."""
    return [one("nominate", str(t)) for t in targets(state, frame.seat)]


@verb("nominate")
def _nominate(state: KaleidoState, frame: Decision, act: Act) -> None:
    seat, target = frame.seat, int(act.args[0])
    settle(state, frame)
    state.battles += 1
    state.phase_id += 1
    field = state.players[target].fate  # KAL-071
    state.battle = Battle(state.battles, seat, target, field, nominator=seat)  # KAL-073: nominator goes first
    fate = state.catalog.fates[field]
    if state.events is not QUIET:  # a quiet state makes no events: their arguments are not worked out
        say(state, "nominate", N_("{seat} nominates {target}: battlefield {number} {field}"),
            {"seat": seat, "target": target, "field": field},
            args={"seat": seat_label(state, seat), "target": seat_label(state, target), "number": fate.number,
                  "field": fate.name}, clauses=("KAL-069", "KAL-071", "KAL-073"))
    push(state, "battle_end")
    push(state, "round")
    push(state, "established", seat)
    push(state, "nominated", target)  # before it is established: a 特殊 card may still answer (KAL-RUL-18)


@auto("established")
def _established(state: KaleidoState, frame: Decision) -> None:
    """The nomination is established (成立): the nominator draws 1 (KAL-074), effects waiting for a battle bind
    (KAL-RUL-35) and the 霊地効果 arrives; a nomination a card stopped ends the battle phase, no draw
    (KAL-RUL-18)."""
    battle = state.battle
    assert battle is not None
    if battle.void:
        say(state, "not_established", N_("The nomination is not established: no battle, no draw"),
            clauses=("KAL-RUL-18",))
        end_battle(state)
        return
    bind_battle(state, battle.first)
    bind_battle(state, battle.second)
    push(state, "field_start", frame.seat)
    draw(state, battle.nominator, NOMINATION_DRAW)


def field_arrives(state: KaleidoState, seat: int) -> None:
    """The 霊地効果 reaches a participant or an intervener: its one-off part (heal, draw)."""
    battle = state.battle
    assert battle is not None
    fate = state.catalog.fates[battle.battlefield]
    if fate.effect == "heal":
        heal(state, seat, fate.value)
    elif fate.effect == "draw":
        draw(state, seat, fate.value)


@auto("field_start")
def _field_start(state: KaleidoState, frame: Decision) -> None:
    battle = state.battle
    assert battle is not None
    for seat in (battle.second, battle.first):
        field_arrives(state, seat)


def _nominated_open(state: KaleidoState, frame: Decision) -> bool:
    return bool(state.players[frame.seat].hand)  # it may hold a 特殊 card for this moment


@decision("nominated", _nominated_open, lambda state, frame: PASS)
def nominated_menu(state: KaleidoState, frame: Decision) -> list[Act]:
    """The nominated player's window, before the nomination is established: 特殊 cards that answer a
    nomination (going first, stopping it), one per kind (KAL-128, KAL-RUL-18)."""
    options: list[Act] = []
    seen: set[str] = set()
    for card in state.players[frame.seat].hand:
        kind = card.partition("/")[0]
        if kind not in seen and state.catalog.magic[card].timing == "special":
            seen.add(kind)
            options.append(one("use", card))
    return options


# -- the combat action loop ------------------------------------------------------------------
@auto("round")
def _round(state: KaleidoState, frame: Decision) -> None:
    battle = state.battle
    assert battle is not None
    battle.round += 1
    battle.hurt = []
    state.stack.extend((Decision(-1, "retreat_step"),  # push's records, made here
                        Decision(battle.second, "combat_action"),  # KAL-075
                        Decision(battle.first, "combat_action")))


@auto("combat_action")
def _combat_action(state: KaleidoState, frame: Decision) -> None:
    """介入 → 攻撃 → 防御 → ダメージ決定 → 死亡判定 (KAL-076)."""
    battle = state.battle
    assert battle is not None
    state.actions += 1
    battle.action = state.actions
    battle.attacker = frame.seat
    battle.declared = []
    battle.step = "介入"
    bind_action(state)
    state.stack.extend((Decision(-1, "action_end"),  # push's records, made here
                        Decision(frame.seat, "attack"),
                        Decision(-1, "resolve_interventions")))
    for seat in reversed(state.order):  # KAL-080: asked and resolved in fate order
        if state.players[seat].alive and not (seat == battle.first or seat == battle.second):
            push(state, "intervene", seat)


def intervention_methods(state: KaleidoState, seat: int) -> list[str]:
    """介入可能 abilities ``seat`` can pay for (KAL-078)."""
    return attack_methods(state, seat, intervention=True)


def outside_strategy_use(state: KaleidoState, seat: int) -> bool:
    """Whether a non-participant's face-up strategy card is usable on someone in this battle (KAL-105, public)."""
    player = state.players[seat]
    if player.strategy is None or not strategy_card_free(state, seat):
        return False
    card = state.catalog.magic[player.strategy]
    return card.timing in ("strategy", "battle") and is_outside_card(card) \
        and any(is_targetable(state, t) for t in range(state.seats))


def _intervene_open(state: KaleidoState, frame: Decision) -> bool:
    battle = state.battle
    seat = frame.seat
    if battle is None or not state.players[seat].alive or (seat == battle.first or seat == battle.second):
        return False
    if seat not in battle.intervened and intervention_methods(state, seat):
        return True
    return outside_strategy_use(state, seat)  # KAL-105


@decision("intervene", _intervene_open, lambda state, frame: PASS)
def intervene_menu(state: KaleidoState, frame: Decision) -> list[Act]:
    """【介入】: attack one participant with a 介入可能 ability, once per battle phase (KAL-078..KAL-081)."""
    battle = state.battle
    assert battle is not None
    seat = frame.seat
    if seat in battle.intervened:
        return []
    return [act("intervene", (str(target), method))
            for method in intervention_methods(state, seat) for target in (battle.first, battle.second)]


@verb("intervene")
def _intervene(state: KaleidoState, frame: Decision, act: Act) -> None:
    battle = state.battle
    assert battle is not None
    seat, target, method = frame.seat, int(act.args[0]), act.args[1]
    settle(state, frame)
    battle.intervened.append(seat)  # KAL-081
    battle.declared.append((seat, target, method))
    ability = state.catalog.abilities[method]
    if state.events is not QUIET:  # a quiet state makes no events: their arguments are not worked out
        say(state, "intervene", N_("{seat} intervenes against {target} with {ability}"),
            {"seat": seat, "target": target, "ability": method},
            args={"seat": seat_label(state, seat), "target": seat_label(state, target), "ability": ability.name},
            clauses=("KAL-078", "KAL-079", "KAL-081"))
    bind_battle(state, seat)  # KAL-RUL-23: the battlefield reaches the intervener from now on
    field_arrives(state, seat)
    charge(state, seat, ability_cost(state, seat, method), ability.name)


@auto("resolve_interventions")
def _resolve_interventions(state: KaleidoState, frame: Decision) -> None:
    battle = state.battle
    assert battle is not None
    for seat, target, method in reversed(battle.declared):  # KAL-080, KAL-RUL-20: each a full attack
        state.stack.append(Decision(seat, "strike", (("defender", target), ("intervention", True),
                                                     ("method", method))))  # push's record, made here
        if is_np(state, method):  # KAL-126, KAL-RUL-22: the target may counter the NP aimed at it
            open_counters(state, seat, np_key(method, seat), target)


NORMAL_ATTACK: Final = act("attack", ("normal",))
"""``attack normal`` (the shared action :func:`one` gives too)."""


@decision("attack")
def attack_menu(state: KaleidoState, frame: Decision) -> list[Act]:
    """【攻撃】: a normal attack, a special attack or an attack NP (KAL-084..KAL-087, KAL-RUL-19)."""
    options = [NORMAL_ATTACK]
    for method in attack_methods(state, frame.seat):
        options.append(one("attack", method))
    return options


@verb("attack")
def _attack(state: KaleidoState, frame: Decision, act: Act) -> None:
    battle = state.battle
    assert battle is not None
    seat, method = frame.seat, act.args[0]
    settle(state, frame)
    defender = battle.opponent(seat)
    state.stack.append(Decision(seat, "strike", (("defender", defender), ("intervention", False),
                                                 ("method", method))))  # push's record, made here
    if is_np(state, method):  # KAL-126: a 対抗 card may interrupt a Noble Phantasm
        open_counters(state, seat, np_key(method, seat), defender)
    if method != "normal":
        charge(state, seat, ability_cost(state, seat, method), state.catalog.abilities[method].name)


def method_name(state: KaleidoState, method: str) -> Message | Text:
    """An attack method as a player names it, in both languages."""
    return M_("normal attack") if method == "normal" else state.catalog.abilities[method].name


@auto("strike")
def _strike(state: KaleidoState, frame: Decision) -> None:
    """【攻撃】 is declared: 【防御】 (a clash) and 【ダメージ決定】 (a defence NP) follow as steps of their own,
    each with a window for everyone who may act then (KAL-076, KAL-096, KAL-103, KAL-165, KAL-RUL-28)."""
    battle = state.battle
    assert battle is not None
    (_, defender), (_, intervention), (_, method) = frame.data  # push's record: its keys sorted
    attacker = frame.seat
    if not state.players[defender].alive or not state.players[attacker].alive:
        return
    if is_np(state, method) and countered(state, np_key(method, attacker)):
        return
    battle.strike = strike = Strike(attacker, defender, method, intervention)
    battle.step = "攻撃"
    if state.events is not QUIET:  # a quiet state makes no events: their arguments (the power) are not worked out
        power = attack_power(state, attacker, method)
        say(state, "strike", N_("{attacker} attacks {defender} with {method} (attack {power})"),
            {"attacker": attacker, "defender": defender, "method": method, "power": power},
            args={"attacker": seat_label(state, attacker), "defender": seat_label(state, defender),
                  "method": method_name(state, method), "power": power},
            clauses=("KAL-082",) if intervention else ("KAL-084", "KAL-088"))
    battle.passed, battle.mark = [attacker], state.moves  # declaring was the attacker's move
    push(state, "damage")
    push(state, "step_window", step="ダメージ決定")
    if clash_options(state, defender, strike, payable=False):  # public: the method and the defender's NPs
        push(state, "step_window", step="防御")


def clash_options(state: KaleidoState, seat: int, strike: Strike, payable: bool = True) -> list[str]:
    """相殺可 NPs of ``seat`` that may meet a 相殺可 NP attack at 【防御】 (KAL-090, KAL-091)."""
    if strike.method == "normal" or strike.clash is not None:
        return []
    used = state.catalog.abilities[strike.method]
    if used.kind != "np_attack" or not used.offset:
        return []
    facts = pair_facts(state, seat)[1]
    return payable_ids(state, seat, facts) if payable else [fact[0] for fact in facts]


def guard_options(state: KaleidoState, seat: int, strike: Strike, payable: bool = True) -> list[str]:
    """Type-防御 NPs of ``seat`` usable at 【ダメージ決定】 (KAL-096, KAL-165)."""
    if strike.guard is not None:
        return []
    facts = pair_facts(state, seat)[2]
    return payable_ids(state, seat, facts) if payable else [fact[0] for fact in facts]


def step_options(state: KaleidoState, seat: int, step: str) -> list[Act]:
    """The step's own options for the defender: clash at 【防御】, a defence NP at 【ダメージ決定】."""
    battle = state.battle
    if battle is None or battle.strike is None or seat != battle.strike.defender:
        return []
    strike = battle.strike
    if step == "防御":
        return [one("clash", a) for a in clash_options(state, seat, strike)]
    if step == "ダメージ決定":
        return [one("guard", a) for a in guard_options(state, seat, strike)]
    return []


def window_order(state: KaleidoState) -> list[int]:
    """Who a step window asks, in order: the defender, the attacker, the other participant, then the others
    in fate order (KAL-RUL-28)."""
    battle = state.battle
    assert battle is not None and battle.strike is not None
    strike = battle.strike
    order = [strike.defender, strike.attacker]
    order += [s for s in (battle.first, battle.second) if s not in order]
    order += [s for s in state.order if s not in order]
    return [s for s in order if state.players[s].alive]


def may_respond(state: KaleidoState, seat: int, step: str) -> bool:
    """Whether ``seat`` could act in this step's window, judged from public information only (hand counts,
    face-up strategy cards, command spells, HP, printed abilities), so that who is asked tells nobody what a
    hand holds. Participants act at any time (KAL-103); others with a usable strategy card (KAL-105) and the
    intervener on its own attack (its command spells, KAL-RUL-52). Bystanders' command spells are theirs at
    their own decisions: a bystander's spell cannot change a battle it is not in."""
    battle = state.battle
    assert battle is not None and battle.strike is not None
    player = state.players[seat]
    if seat == battle.first or seat == battle.second:  # is_participant
        return bool(player.hand or player.strategy or player.accumulation or player.spells or can_convert(state, seat)
                    or step_options(state, seat, step))
    if seat == battle.strike.attacker and player.spells:
        return True
    return outside_strategy_use(state, seat)


@auto("step_window")
def _step_window(state: KaleidoState, frame: Decision) -> None:
    """A step's window: everyone who may act is asked in turn; a move asks again those who had passed; the
    step ends when all have passed since the last move (KAL-103 "好きなタイミングで", kept finite: every move
    spends a card, mana, a command spell, HP or an ability's use)."""
    battle = state.battle
    if battle is None or battle.strike is None:
        return
    ((_, step),) = frame.data  # push's record: ("step", step) only
    if battle.step != step:
        battle.step = step
        defender = battle.strike.defender
        if step_options(state, defender, step) and defender in battle.passed:
            battle.passed.remove(defender)  # a new option of its own: asked again
    if state.moves != battle.mark:
        battle.passed, battle.mark = [], state.moves
    for seat in window_order(state):
        if seat not in battle.passed and may_respond(state, seat, step):
            record = (("step", step),)  # push's records, made here
            state.stack.append(Decision(-1, "step_window", record))
            state.stack.append(Decision(seat, "respond", record))
            return


@decision("respond")
def respond_menu(state: KaleidoState, frame: Decision) -> list[Act]:
    """A seat's turn in a step window: the step's own option (clash, defence NP), cards, abilities (the extras
    are added by ``menus``), or pass."""
    ((_, step),) = frame.data  # push's record: ("step", step) only
    return step_options(state, frame.seat, step)


def passed(state: KaleidoState, frame: Decision) -> None:
    """``frame.seat`` passes in a step window: moves since the window began start it afresh with this seat
    as the one that has passed."""
    battle = state.battle
    if battle is None:
        return
    if state.moves != battle.mark:
        battle.passed, battle.mark = [], state.moves
    battle.passed.append(frame.seat)


@verb("clash", "guard")
def _defend(state: KaleidoState, frame: Decision, act: Act) -> None:
    battle = state.battle
    assert battle is not None and battle.strike is not None
    seat = frame.seat
    ability_id = act.args[0]
    ability = state.catalog.abilities[ability_id]
    if act.verb == "clash":
        battle.strike.clash = ability_id
    else:
        battle.strike.guard = ability_id
    if state.events is not QUIET:  # a quiet state makes no events: their arguments are not worked out
        say(state, act.verb, N_("{seat} answers with {ability}"), {"seat": seat, "ability": ability_id},
            args={"seat": seat_label(state, seat), "ability": ability.name},
            clauses=("KAL-090",) if act.verb == "clash" else ("KAL-096", "KAL-165"))
    push(state, "resolve_answer", seat, ability=ability_id, slot=act.verb)
    if not battle.strike.intervention:
        open_counters(state, seat, np_key(ability_id, seat), battle.strike.attacker)  # KAL-126
    elif strategy_counter(state, battle.strike.attacker):  # an intervener: its strategy card only (KAL-RUL-30)
        push(state, "counter", battle.strike.attacker, card=np_key(ability_id, seat), user=seat)
    charge(state, seat, ability_cost(state, seat, ability_id), ability.name)


@auto("resolve_answer")
def _resolve_answer(state: KaleidoState, frame: Decision) -> None:
    """A countered clash or guard NP does nothing (its cost stays paid)."""
    battle = state.battle
    if battle is None or battle.strike is None:
        return
    if countered(state, np_key(frame.get("ability"), frame.seat)):
        if frame.get("slot") == "clash":
            battle.strike.clash = None
        else:
            battle.strike.guard = None


def strike_damage(state: KaleidoState, strike: Strike) -> tuple[int, int]:
    """(damage to the defender, reverse damage to the attacker) (KAL-092..KAL-096, KAL-RUL-24..26); reverse
    damage reaches an intervener unless option ``interveners_protected`` (KAL-119, KAL-RUL-21)."""
    catalog = state.catalog
    attack = attack_power(state, strike.attacker, strike.method)
    defence = defence_power(state, strike.defender)
    reverse = 0
    if strike.clash is not None:
        answer = attack_power(state, strike.defender, strike.clash)
        if answer > attack:
            reverse = max(0, answer - attack - defence_power(state, strike.attacker))
        attack = max(0, attack - answer)
    damage = max(0, attack - defence)
    if strike.guard is not None:
        damage = max(0, damage - catalog.abilities[strike.guard].power)
    if not is_targetable(state, strike.attacker):
        reverse = 0  # KAL-RUL-21 under interveners_protected: nothing reaches an intervener
    return damage, reverse


@auto("damage")
def _damage(state: KaleidoState, frame: Decision) -> None:
    battle = state.battle
    assert battle is not None and battle.strike is not None
    strike = battle.strike
    battle.step = "ダメージ決定"
    damage, reverse = strike_damage(state, strike)
    hits = ((strike.defender, damage, strike.attacker), (strike.attacker, reverse, strike.defender))
    for seat, amount, source in hits:
        if amount <= 0:
            continue
        hp = state.players[seat].hp = state.players[seat].hp - amount
        if state.events is not QUIET:  # a quiet state makes no events: their arguments are not worked out
            say(state, "hp", N_("{seat} loses {amount} HP (now {hp})") if hp >= 0 else  # the table counts HP from 0
                N_("{seat} loses {amount} HP (now 0, {over} past 0)"), {"seat": seat, "hp": amount},
                args={"seat": seat_label(state, seat), "amount": amount, "hp": hp, "over": -hp},
                clauses=("KAL-095",) if seat == strike.defender else ("KAL-093", "KAL-094"))
        if not strike.intervention and seat not in battle.hurt:
            battle.hurt.append(seat)  # KAL-RUL-31
        if state.players[seat].hp <= 0:
            state.killer[seat] = source  # KAL-RUL-36
    if damage <= 0 and reverse <= 0:
        say(state, "hp", N_("No damage"), clauses=("KAL-095", "KAL-RUL-26"))
    push(state, "death_check")
    for seat in (strike.attacker, strike.defender):  # KAL-RUL-48: last chance before the check
        push(state, "last", seat)


def _last_open(state: KaleidoState, frame: Decision) -> bool:
    player = state.players[frame.seat]
    return player.alive and player.hp <= 0 and player.spells > 0


@decision("last", _last_open, lambda state, frame: PASS)
def last_menu(state: KaleidoState, frame: Decision) -> list[Act]:
    """HP 0 or less before 【死亡判定】: a command spell may still save the servant (KAL-RUL-48)."""
    return []


@auto("death_check")
def death_check(state: KaleidoState, frame: Decision | None = None) -> None:
    """【死亡判定】: every servant at HP 0 or less is eliminated (KAL-097, KAL-102)."""
    battle = state.battle
    if battle is not None:
        battle.step = "死亡判定"
    dead = [s for s in range(state.seats) if state.players[s].alive and state.players[s].hp <= 0]
    if not dead:
        return
    for seat in dead:
        state.players[seat].alive = False
    for seat in dead:
        eliminate(state, seat)
    living = [s for s in range(state.seats) if state.players[s].alive]
    if len(living) <= 1:  # KAL-004, KAL-RUL-38, KAL-RUL-44
        state.phase = "over"
        state.winner = living[0] if living else None
        state.reason = (M_("{seat} is the last master standing", seat=seat_label(state, living[0])) if living
                        else M_("the last servants fell together: no winner"))
        return
    if battle is not None:
        end_battle(state)  # KAL-102


def eliminate(state: KaleidoState, seat: int) -> None:
    """脱落: hand and strategy card to the killer, accumulation discarded, spells lost (KAL-098..KAL-101)."""
    player = state.players[seat]
    killer = state.killer.get(seat)
    if killer is None or killer == seat or not state.players[killer].alive:
        battle = state.battle  # KAL-RUL-36: own effect or battlefield: the opposing participant
        killer = battle.opponent(seat) if battle is not None and battle.is_participant(seat) else None
    cards = list(player.hand) + ([player.strategy] if player.strategy else [])
    player.hand, player.strategy = [], None
    end_effects(state, [e for e in state.effects if e.target == seat])
    if killer is not None and state.players[killer].alive:  # KAL-RUL-37
        state.players[killer].hand.extend(cards)
        for card in cards:
            state.drawn_in[card] = state.epoch
        if state.events is not QUIET:  # a quiet state makes no events: their arguments are not worked out
            say(state, "spoils",
                N_n("{seat} takes {count} card from {loser}", "{seat} takes {count} cards from {loser}")
                if cards else N_("{seat} takes no cards: {loser} has none"),
                {"seat": killer, "from": seat, "count": len(cards)},
                args={"seat": seat_label(state, killer), "count": len(cards), "loser": seat_label(state, seat)},
                clauses=("KAL-098", "KAL-099"))
        if cards and state.events is not QUIET:  # a quiet state makes no events: nor their arguments
            say(state, "spoils_cards", N_("You receive {cards}"), {"cards": cards},
                args={"cards": [state.catalog.magic[c].name for c in cards]}, to=killer, reveals=True, owner=seat,
                clauses=("KAL-099",))
    else:
        state.discard.extend(cards)
        for card in cards:
            state.drawn_in.pop(card, None)
    for card in player.accumulation:
        state.drawn_in.pop(card, None)
    state.discard.extend(player.accumulation)  # KAL-100
    if player.accumulation and state.events is not QUIET:  # a quiet state makes no events: nor their arguments
        say(state, "discard", N_("{seat}'s accumulation cards are discarded: {cards}"),
            {"cards": list(player.accumulation)},
            args={"seat": seat_label(state, seat), "cards": [state.catalog.magic[c].name for c in player.accumulation]},
            reveals=True, clauses=("KAL-100",))
    player.accumulation = []
    player.spells = 0  # KAL-RUL-39
    if state.events is not QUIET:  # a quiet state makes no events: their arguments are not worked out
        say(state, "eliminated", N_("{seat} is eliminated"), {"seat": seat}, args={"seat": seat_label(state, seat)},
            clauses=("KAL-003", "KAL-097", "KAL-RUL-39"))


def end_battle(state: KaleidoState) -> None:
    """The battle phase ends now: its pending steps go (KAL-102, KAL-110); a hand card used but not yet resolved
    (its target retreated in the 対抗 window) takes no effect and is discarded (KAL-135)."""
    for frame in reversed(state.stack):
        if frame.kind == "battle_end":
            break
        if frame.kind == "resolve_use" and not frame.get("strategy"):
            state.discard.append(frame.get("card"))
    if pop_to(state, "battle_end") is not None:
        close_battle(state)


@auto("action_end")
def _action_end(state: KaleidoState, frame: Decision) -> None:
    battle = state.battle
    assert battle is not None
    end_action_effects(state)
    battle.attacker = -1
    battle.strike = None


@auto("retreat_step")
def _retreat_step(state: KaleidoState, frame: Decision) -> None:
    """③ 撤退選択: stalemate forces the first player out; else first, then second (KAL-106..KAL-112)."""
    battle = state.battle
    assert battle is not None
    battle.step = "撤退"
    if not battle.hurt:  # KAL-112, KAL-RUL-31
        push(state, "forced_retreat", battle.first)
        return
    push(state, "round")  # KAL-111
    push(state, "retreat", battle.second)
    push(state, "retreat", battle.first)  # KAL-109


def can_retreat(state: KaleidoState, seat: int) -> bool:
    """A retreat may not leave HP at 0 or less (KAL-108)."""
    return state.players[seat].hp > RETREAT_COST


def _retreat_open(state: KaleidoState, frame: Decision) -> bool:
    player = state.players[frame.seat]
    return can_retreat(state, frame.seat) or player.spells > 0


@decision("retreat", _retreat_open, lambda state, frame: STAY)
def retreat_menu(state: KaleidoState, frame: Decision) -> list[Act]:
    """Retreat (1 HP) or stay for another round."""
    return [STAY, RETREAT] if can_retreat(state, frame.seat) else [STAY]


@decision("forced_retreat", lambda state, frame: state.players[frame.seat].spells > 0, lambda state, frame: RETREAT)
def forced_retreat_menu(state: KaleidoState, frame: Decision) -> list[Act]:
    """Stalemate (膠着): the first player must retreat (KAL-112)."""
    return [RETREAT]


@verb("retreat", "stay")
def _retreat(state: KaleidoState, frame: Decision, act: Act) -> None:
    battle = state.battle
    assert battle is not None
    seat = frame.seat
    settle(state, frame)
    if act.verb == "stay":
        return
    if can_retreat(state, seat):
        state.players[seat].hp -= RETREAT_COST  # KAL-107
        if state.events is not QUIET:  # a quiet state makes no events: their arguments are not worked out
            say(state, "retreat", N_("{seat} retreats (HP -1, now {hp})"), {"seat": seat},
                args={"seat": seat_label(state, seat), "hp": state.players[seat].hp},
                clauses=("KAL-106", "KAL-107") if frame.kind == "retreat" else ("KAL-112", "KAL-107"))
    elif frame.kind == "forced_retreat" and state.options.stalemate_at_1hp == "second_retreats" \
            and can_retreat(state, battle.second):
        other = battle.second
        state.players[other].hp -= RETREAT_COST
        if state.events is not QUIET:  # a quiet state makes no events: their arguments are not worked out
            say(state, "retreat", N_("Stalemate: {seat} retreats instead (HP -1)"), {"seat": other},
                args={"seat": seat_label(state, other)}, clauses=("KAL-112", "KAL-RUL-32"))
    else:  # KAL-RUL-32
        say(state, "retreat", N_("Stalemate: the battle phase ends at no cost"), {"seat": seat},
            clauses=("KAL-112", "KAL-RUL-32"))
    end_battle(state)


@auto("battle_end")
def _battle_end(state: KaleidoState, frame: Decision) -> None:
    close_battle(state)


def close_battle(state: KaleidoState) -> None:
    """The battle phase's effects end and the battle leaves the table (KAL-130)."""
    battle = state.battle
    if battle is None:
        return
    end_battle_effects(state)
    say(state, "battle_end", N_("The battle phase ends"), clauses=("KAL-068",))
    state.battle = None
    state.phase_id += 1
