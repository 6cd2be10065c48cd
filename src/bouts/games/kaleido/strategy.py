"""A sensible kaleido player: build mana for Noble Phantasms, strike the weakest, defend the fatal blow.

It looks only at the public table and its own hand, so it chooses the same on any determinization
of its seat's view (masters and servants are picked at random with the agent's rng, so that
simulations sample every master-servant pair).
"""

from __future__ import annotations

import random
import threading
from typing import Any

from bouts.core import CHANCE, Game, Seat
from bouts.games.kaleido.actions import Act
from bouts.games.kaleido.actions import act as interned
from bouts.games.kaleido.battle_part import strike_damage
from bouts.games.kaleido.end_part import max_mana
from bouts.games.kaleido.i18n import _ as _say
from bouts.games.kaleido.mana import ability_cost
from bouts.games.kaleido.state import KaleidoState, Strike
from bouts.games.kaleido.timings import attack_power, defence_power, printed_hp

VALUE = {"counter": 5, "attack_up": 4, "defence_up": 4, "heal": 3, "attack_down": 3, "defence_down": 2,
         "damage": 2, "draw": 2, "ambush": 1, "evade": 2}
"""How much the heuristic likes to keep a card, by effect."""


class _Quiet(threading.local):
    """Whether the reason being made is thrown away (:func:`choose`): its words are then not made. Per thread:
    servers ask bots from several."""

    on = False


_QUIET = _Quiet()


def _(msgid: str, /, **args: Any) -> str:
    """A reason's words in the current language, or ``""`` while :func:`choose` decides (nobody reads them)."""
    return "" if _QUIET.on else _say(msgid, **args)


def card_value(state: KaleidoState, instance: str) -> float:
    """A card's worth in hand (battle cards that last longer are worth a little more)."""
    card = state.catalog.magic[instance]
    bonus = {"battle": 0.5, "turn": 0.3}.get(card.duration, 0.0) + (0.5 if card.timing == "auto" else 0.0)
    return VALUE[card.effect] + card.value * 0.2 + bonus


def choose(game: Game[Any, Any], state: KaleidoState, seat: Seat, rng: random.Random) -> Any:
    """The heuristic's action for ``seat``."""
    if seat == CHANCE:
        return game.sample_chance(state, rng)
    legal = game.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    kind = state.stack[-1].kind
    if kind in ("master", "servant"):
        return rng.choice(legal)
    if kind == "nominate":  # near-equal targets at random: a table does not all pile on the same 1 HP
        options = [a for a in legal if a.verb == "nominate"]
        least = min(weakness(state, seat, int(a.args[0])) for a in options)
        return rng.choice([a for a in options if weakness(state, seat, int(a.args[0])) <= least + NEAR])
    was, _QUIET.on = _QUIET.on, True
    try:
        return advise(game, state, seat)[0]
    finally:
        _QUIET.on = was


NEAR = 3.0
"""Nomination targets within this much of the weakest are treated alike by ``choose``."""


def weakness(state: KaleidoState, seat: Seat, target: Seat) -> float:
    """How good a target ``target`` is for ``seat``: HP left after one of my normal attacks, and its hand."""
    p = state.players[target]
    return p.hp - max(0, attack_power(state, seat, "normal") - defence_power(state, target)) + 0.3 * len(p.hand)


def advise(game: Game[Any, Any], state: KaleidoState, seat: Seat) -> tuple[Act, str]:
    """The heuristic's choice and one line of why."""
    legal: tuple[Act, ...] = game.legal_actions(state, seat)
    kind = state.stack[-1].kind
    if kind in ("master", "servant"):
        best = max(legal, key=lambda a: _pick_value(state, a))
        return best, _("the strongest stand-in numbers left (bots pick at random for fair statistics)")
    handler = _ADVISORS.get(kind)
    if handler is not None:
        found = handler(state, seat, legal)
        if found is not None and _is_in(found[0], legal):
            return found
    return legal[0], _("nothing better to do")


def _is_in(action: Act, legal: tuple[Act, ...]) -> bool:
    """``action in legal``, looking for the very object first (the advisors return the menu's own actions or
    shared ones, so an equality test per entry is rarely needed)."""
    for entry in legal:
        if entry is action:
            return True
    return action in legal


def explain(game: Game[Any, Any], state: KaleidoState, seat: Seat, action: Any) -> str:
    """One line of why ``action`` (the heuristic's own reason when it is its pick)."""
    if seat == CHANCE:
        return _("chance")
    best, reason = advise(game, state, seat)
    if action == best:
        return reason
    return _("the heuristic prefers [{best}]: {reason}", best=str(best), reason=reason)


def _pick_value(state: KaleidoState, act: Act) -> float:
    catalog = state.catalog
    if act.verb == "master":
        m = catalog.masters[act.args[0]]
        return m.max_mana + m.mana_rank * 2
    s = catalog.servants[act.args[0]]
    return s.hp + 2 * s.attack + 2 * s.defence


def _find(legal: tuple[Act, ...], verb: str, *args: str) -> Act | None:
    for act in legal:
        if act.verb == verb and act.args[:len(args)] == args:
            return act
    return None


def _uses(state: KaleidoState, legal: tuple[Act, ...], effect: str) -> list[Act]:
    return [a for a in legal if a.verb == "use" and state.catalog.magic[a.args[0]].effect == effect]


def _own_use(state: KaleidoState, seat: Seat, legal: tuple[Act, ...]) -> tuple[Act, str] | None:
    """Cards worth using in one's own strategy phase or end part."""
    me = state.players[seat]
    heals = _uses(state, legal, "heal")
    if heals and me.hp <= printed_hp(state, seat) - 3:
        return heals[0], _("recover HP while it is worth the full 3")
    draws = [a for a in _uses(state, legal, "draw") if a.args[0] != me.strategy]
    if draws and len(me.hand) + 1 < max_mana(state, seat):
        return draws[0], _("more cards mean more mana for Noble Phantasms")
    for ability in (a for a in legal if a.verb == "ability"):
        record = state.catalog.abilities[ability.args[0]]
        if record.effect == "summon" and len(me.hand) >= 3:
            return ability, _("a summoned servant adds a free special attack this turn")
        if record.effect == "heal" and me.hp <= printed_hp(state, seat) - record.power and len(me.hand) >= 2:
            return ability, _("recover {amount} HP for one card", amount=record.power)
        if record.effect == "draw" and len(me.hand) + record.power <= max_mana(state, seat):
            return ability, _("one card becomes {count}", count=record.power)
    if me.spells > 0 and me.hp <= 3 and _find(legal, "spell", "heal"):
        return interned("spell", ("heal",)), _("HP 3 or less: a command spell heals 5")
    return None


def _action(state: KaleidoState, seat: Seat, legal: tuple[Act, ...]) -> tuple[Act, str] | None:
    found = _own_use(state, seat, legal)
    if found:
        return found
    me = state.players[seat]
    living = [s for s in range(state.seats) if state.players[s].alive]
    if me.hp <= 3 and len(living) > 2:
        return interned("lurk"), _("low HP: lurk and let the others fight")
    return interned("act"), _("take normal action: draw by mana rank and fight")


def _set(state: KaleidoState, seat: Seat, legal: tuple[Act, ...]) -> tuple[Act, str] | None:
    found = _own_use(state, seat, legal)
    if found:
        return found
    sets = [a for a in legal if a.verb == "set"]
    if not sets:
        return None

    def rank(act: Act) -> float:
        card = state.catalog.magic[act.args[0]]
        if card.timing == "auto":
            return 10 + card.value
        if card.effect == "counter":
            return 9
        if card.timing == "battle" and card.is_modifier:
            return 6 + card.value
        return 0

    best = max(sets, key=rank)
    if rank(best) <= 0:
        return interned("no_strategy"), _("no card here is worth keeping face up")
    return best, _("a strategy card works every phase and is not discarded")


def _accumulate(state: KaleidoState, seat: Seat, legal: tuple[Act, ...]) -> tuple[Act, str] | None:
    found = _own_use(state, seat, legal)
    if found:
        return found
    me = state.players[seat]
    options = [a for a in legal if a.verb == "accumulate"]
    costly = any(state.catalog.abilities[a].cost >= 2 for a in _abilities(state, seat))
    if options and costly and len(me.hand) >= 2:
        worst = min(options, key=lambda a: card_value(state, a.args[0]))
        return worst, _("an accumulation card pays 2 toward a Noble Phantasm")
    return interned("no_accumulation"), _("keep the cards in hand")


def _abilities(state: KaleidoState, seat: Seat) -> list[str]:
    from bouts.games.kaleido.timings import abilities_of

    return abilities_of(state, seat)


def _best_attack(state: KaleidoState, seat: Seat, target: Seat, legal: tuple[Act, ...], verb: str = "attack"
                 ) -> tuple[Act | None, int]:
    best: Act | None = None
    best_score = -99.0
    best_damage = 0
    defence = defence_power(state, target)
    for act in legal:
        if act.verb != verb:
            continue
        if verb == "intervene" and int(act.args[0]) != target:
            continue
        method = act.args[-1]
        damage = max(0, attack_power(state, seat, method) - defence)
        cost = 0 if method == "normal" else ability_cost(state, seat, method)
        score = damage - 0.6 * cost + (5 if damage >= state.players[target].hp else 0)
        if score > best_score:
            best, best_score, best_damage = act, score, damage
    return best, best_damage


def _nominate(state: KaleidoState, seat: Seat, legal: tuple[Act, ...]) -> tuple[Act, str] | None:
    options = [a for a in legal if a.verb == "nominate"]
    if not options:
        return None
    best = min(options, key=lambda act: weakness(state, seat, int(act.args[0])))
    return best, _("the opponent my attacks hurt most for their HP")


def _intervene(state: KaleidoState, seat: Seat, legal: tuple[Act, ...]) -> tuple[Act, str] | None:
    battle = state.battle
    if battle is None:
        return None
    best: tuple[Act, str] | None = None
    best_score = 1.5
    for target in (battle.first, battle.second):
        act, damage = _best_attack(state, seat, target, legal, "intervene")
        if act is None:
            continue
        kill = damage >= state.players[target].hp
        if not kill and len(state.players[seat].hand) < 5:
            continue  # keep the cards for one's own battles
        score = damage + (4 if kill else 0) - 0.8 * ability_cost(state, seat, act.args[1], intervening=True)
        if score > best_score:
            best, best_score = (act, _("{damage} damage to P{number} without joining the battle", damage=damage,
                                             number=target + 1)), score
    return best or (interned("pass"), _("no intervention worth its cost"))


def _attack(state: KaleidoState, seat: Seat, legal: tuple[Act, ...]) -> tuple[Act, str] | None:
    battle = state.battle
    if battle is None:
        return None
    target = battle.opponent(seat)
    me = state.players[seat]
    act, damage = _best_attack(state, seat, target, legal)
    boosts = _uses(state, legal, "attack_up") + _uses(state, legal, "defence_down")
    if boosts and len(me.hand) >= 2 and damage < state.players[target].hp:
        return boosts[0], _("your best attack now deals {damage} damage against their {hp} HP: push it past their "
                            "defence first", damage=damage, hp=state.players[target].hp)
    ability = next((a for a in legal if a.verb == "ability"
                    and state.catalog.abilities[a.args[0]].effect in ("attack_up", "attack_down")), None)
    if ability is not None and len(me.hand) >= 2:
        return ability, _("your best attack now deals {damage} damage against their {hp} HP: a special ability "
                          "for this combat action first", damage=damage, hp=state.players[target].hp)
    if act is None:
        return None
    return act, _("about {damage} damage", damage=damage)


def _respond(state: KaleidoState, seat: Seat, legal: tuple[Act, ...]) -> tuple[Act, str] | None:
    """A step window: the defender defends; the attacker answers a defence that stopped its attack."""
    battle = state.battle
    if battle is None or battle.strike is None:
        return None
    strike = battle.strike
    if seat == strike.defender:
        return _defend(state, seat, legal)
    damage = strike_damage(state, strike)[0]
    boosts = _uses(state, legal, "attack_up")
    if seat == strike.attacker and damage <= 0 and boosts and len(state.players[seat].hand) >= 3:
        return boosts[0], _("their defence stops my attack: push it through")
    return interned("pass"), _("nothing to add to this attack")


def _defend(state: KaleidoState, seat: Seat, legal: tuple[Act, ...]) -> tuple[Act, str] | None:
    battle = state.battle
    if battle is None or battle.strike is None:
        return None
    strike = battle.strike
    me = state.players[seat]
    damage = strike_damage(state, strike)[0]
    heals = [a for a in legal if a.verb == "ability" and state.catalog.abilities[a.args[0]].effect == "heal"]
    if heals and damage >= me.hp and damage < me.hp + state.catalog.abilities[heals[0].args[0]].power:
        return heals[0], _("heal now and survive the blow")
    for act in legal:
        if act.verb == "clash":
            trial = Strike(strike.attacker, strike.defender, strike.method, strike.intervention, act.args[0])
            if strike_damage(state, trial)[0] < damage:
                return act, _("meet their Noble Phantasm with mine (clash)")
    if damage >= me.hp:
        if me.spells and _find(legal, "spell", "retreat") and not strike.intervention and me.hp > 5:
            return interned("spell", ("retreat",)), _("the blow would be fatal: retreat by command spell")
        if me.spells and _find(legal, "spell", "heal"):
            return interned("spell", ("heal",)), _("the blow would be fatal: heal 5 first")
    guard = _find(legal, "guard")
    if guard is not None and damage >= 3:
        return guard, _("a defensive Noble Phantasm takes the edge off")
    shields = _uses(state, legal, "defence_up") + _uses(state, legal, "attack_down")
    if shields and damage > 0:
        return shields[0], _("reduce the damage")
    return interned("pass"), _("take {damage} damage", damage=damage)


def _counter(state: KaleidoState, seat: Seat, legal: tuple[Act, ...]) -> tuple[Act, str] | None:
    counters = [a for a in legal if a.verb == "counter"]
    if not counters:
        return interned("pass"), _("nothing to answer with")
    frame = state.stack[-1]
    answered, battle = frame.get("card"), state.battle
    if answered.startswith("np:"):
        return counters[0], _("cancel the Noble Phantasm just used")
    if battle is None:  # outside a battle a card helps only its user: answer only lasting boosts
        card = state.catalog.magic[answered]
        if card.is_modifier and card.duration == "turn":
            return counters[0], _("cancel a boost that would last all turn")
        return interned("pass"), _("keep the counter for a battle")
    return counters[0], _("cancel the card just used")


def _last(state: KaleidoState, seat: Seat, legal: tuple[Act, ...]) -> tuple[Act, str] | None:
    if _find(legal, "spell", "heal"):
        return interned("spell", ("heal",)), _("heal 5 or be eliminated")
    return None


def _pay(state: KaleidoState, seat: Seat, legal: tuple[Act, ...]) -> tuple[Act, str] | None:
    due = state.stack[-1].get("due")
    if due >= 2 and _find(legal, "pay", "accumulation"):
        return interned("pay", ("accumulation",)), _("an accumulation card pays 2")
    cards = [a for a in legal if a.verb == "pay" and a.args[0] not in ("strategy", "accumulation")]
    if cards:
        return min(cards, key=lambda a: card_value(state, a.args[0])), _("the card I need least")
    return legal[0], _("the only source left")


def _threat(state: KaleidoState, attacker: Seat, defender: Seat) -> int:
    """The damage ``attacker`` can do to ``defender`` next combat action: its best attack it can pay for
    without spending cards (a normal attack, or a free special attack), from public numbers."""
    from bouts.games.kaleido.timings import attack_methods

    methods = ["normal", *(m for m in attack_methods(state, attacker) if ability_cost(state, attacker, m) == 0)]
    return max(max(0, attack_power(state, attacker, m) - defence_power(state, defender)) for m in methods)


def _retreat(state: KaleidoState, seat: Seat, legal: tuple[Act, ...]) -> tuple[Act, str] | None:
    battle = state.battle
    if battle is None:
        return None
    other = battle.opponent(seat)
    me, them = state.players[seat], state.players[other]
    incoming = _threat(state, other, seat) + 1
    outgoing = _threat(state, seat, other)
    if _find(legal, "retreat") and me.hp <= incoming + 1 and them.hp > outgoing:
        return interned("retreat"), _("another round could be fatal")
    if _find(legal, "retreat") and incoming > outgoing + 1 and 2 * me.hp < printed_hp(state, seat) \
            and them.hp > 2 * outgoing:
        return interned("retreat"), _("I lose this exchange: keep my HP for another day")
    return interned("stay"), _("keep fighting")


def _discard(state: KaleidoState, seat: Seat, legal: tuple[Act, ...]) -> tuple[Act, str] | None:
    options = [a for a in legal if a.verb == "discard"]
    if not options:
        return None
    return min(options, key=lambda a: card_value(state, a.args[0])), _("the card I need least")


def _end_window(state: KaleidoState, seat: Seat, legal: tuple[Act, ...]) -> tuple[Act, str] | None:
    heals = _uses(state, legal, "heal")
    if heals and state.players[seat].hp < printed_hp(state, seat):
        return heals[0], _("heal before the hand check would discard it")
    return interned("pass"), _("go to the hand check")


def _nominated(state: KaleidoState, seat: Seat, legal: tuple[Act, ...]) -> tuple[Act, str] | None:
    battle = state.battle
    evade = [a for a in legal if a.verb == "use" and state.catalog.magic[a.args[0]].effect == "evade"]
    if evade and battle is not None:
        threat = max(0, attack_power(state, battle.nominator, "normal") - defence_power(state, seat))
        if state.players[seat].hp <= 3 * threat + 2:
            return evade[0], _("this fight could be fatal: stop the nomination")
    ambush = [a for a in legal if a.verb == "use" and state.catalog.magic[a.args[0]].effect == "ambush"]
    if ambush:
        return ambush[0], _("strike first")
    return interned("pass"), _("nothing to answer with")


_ADVISORS = {"action": _action, "set": _set, "accumulate": _accumulate, "nominate": _nominate,
             "intervene": _intervene, "attack": _attack, "respond": _respond, "counter": _counter, "last": _last,
             "pay": _pay, "retreat": _retreat,
             "forced_retreat": lambda s, seat, legal: (legal[0], _("stalemate: you must retreat")),
             "discard": _discard, "end_window": _end_window, "nominated": _nominated}


def evaluate(game: Game[Any, Any], state: KaleidoState) -> list[float]:
    """Per-seat share of the table's strength (HP, cards, spells) among the living; 1 for a winner."""
    outcome = game.outcome(state)
    if outcome is not None:
        return list(outcome.returns(state.seats))
    strength = []
    for seat, p in enumerate(state.players):
        if not p.alive or p.servant is None:
            strength.append(0.0)
            continue
        hp = max(0, p.hp) / max(1, printed_hp(state, seat))
        strength.append(hp + 0.06 * len(p.hand) + 0.1 * len(p.accumulation) + 0.12 * p.spells + 0.05)
    total = sum(strength) or 1.0
    return [s / total for s in strength]


SEARCH = {"rollout": "heuristic", "prior": "heuristic", "horizon": 12}
"""IS-MCTS settings recommended for kaleido: heuristic rollouts cut short after 12 steps and scored by
:func:`evaluate`, with the heuristic's bias in the tree. Horizon 12 rather than 20 costs about two thirds of the
time per iteration and plays as well: at 200 iterations, on the same 40 seeds against the heuristic, horizon 12
won 37 and horizon 20 won 34 (``bench/strength.py``).
The heuristic cannot be asked once per node (``public_hint``): it reads its own hand and breaks some choices at
random."""
