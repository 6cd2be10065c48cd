"""What a seat may know (a filter over the state), menu sentences, and the table as Rich markup.

A view carries ids, numbers and names in both languages (:class:`~bouts.core.i18n.Text`, JSON-ready through
``json_view``); the renderers make the sentences in the reader's language (``_``/``tr``).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from rich.cells import cell_len

from bouts.core.i18n import Text, bilingual, json_view, tr
from bouts.core.text import escape_markup as escape
from bouts.games.kaleido.actions import Act
from bouts.games.kaleido.cards import Catalog, MagicCard
from bouts.games.kaleido.i18n import N_, _
from bouts.games.kaleido.state import KaleidoState

STEPS = ("介入", "攻撃", "防御", "ダメージ決定", "死亡判定")
"""The steps of a combat action as the state names them (KAL-076)."""
STEP_NAMES = STEPS
"""The same steps (the name the observation encoding imports)."""
STEP_LABEL = {"介入": N_("【Intervention】"), "攻撃": N_("【Attack】"), "防御": N_("【Defence】"),
              "ダメージ決定": N_("【Damage】"), "死亡判定": N_("【Death check】"), "撤退": N_("Retreat")}
TIMING = {"strategy": N_("strategy"), "battle": N_("battle"), "counter": N_("counter"), "auto": N_("automatic"),
          "special": N_("special")}
"""【発動】 (KAL-124..KAL-128)."""
DURATION = {"turn": N_("turn"), "battle": N_("battle"), "action": N_("combat action"), "instant": N_("instant")}
"""【持続】 (KAL-129..KAL-132)."""
EFFECT_TEXT = {"attack_up": N_("attack +{v}"), "defence_up": N_("defence +{v}"),
               "attack_down": N_("opponent's attack -{v}"), "defence_down": N_("opponent's defence -{v}"),
               "heal": N_("HP +{v}"), "draw": N_("draw {v}"), "damage": N_("opponent's HP -{v}"),
               "counter": N_("cancel a magic card or Noble Phantasm"), "ambush": N_("when nominated: attack first"),
               "evade": N_("when nominated: the nomination fails")}
FIELD_TEXT = {"attack_bonus": N_("attack +{v}"), "defence_bonus": N_("defence +{v}"), "attack_malus": N_("attack -{v}"),
              "np_discount": N_("Noble Phantasm cost -{v}"), "heal": N_("HP +{v}"), "draw": N_("draw {v}")}
DECISION_PROMPT = {
    "master": N_("choose your master"), "servant": N_("choose your servant"),
    "action": N_("① lurk or normal action"), "set": N_("③ strategy card"), "accumulate": N_("④ mana accumulation"),
    "nominate": N_("nominate an opponent"), "nominated": N_("you are nominated: answer?"),
    "intervene": N_("【Intervention】 intervene?"), "attack": N_("【Attack】 choose an attack"),
    "respond": N_("your turn in this step's window: act or pass"),
    "counter": N_("counter: answer the card or Noble Phantasm just used?"),
    "last": N_("HP 0 or less: a command spell before 【Death check】?"), "retreat": N_("retreat or stay"),
    "forced_retreat": N_("stalemate: you must retreat"), "pay": N_("mana spending: pay a card"),
    "discard": N_("hand check: discard"), "end_window": N_("end part: use strategy cards before the hand check?"),
}
PHASE = {"setup": N_("set-up"), "order": N_("order part"), "strategy": N_("strategy part"),
         "battle": N_("battle part"), "end": N_("end part"), "over": N_("game over")}
KIND = {"special_attack": N_("special attack"), "np_attack": N_("Noble Phantasm (attack)"),
        "np_defence": N_("Noble Phantasm (defence)"), "np_special": N_("Noble Phantasm (special)"),
        "boost": N_("special ability"), "support": N_("special ability"), "passive": N_("special ability")}
ABILITY_EFFECT = {"attack_up": N_("attack +{v}"), "defence_up": N_("defence +{v}"),
                  "attack_down": N_("opponent's attack -{v}"), "defence_down": N_("opponent's defence -{v}"),
                  "heal": N_("HP +{v}"), "draw": N_("draw {v}"), "summon": N_("summon Assassin"),
                  "ancient_magus": N_("mana supply +1")}


def seat_tag(seat: int) -> str:
    """``P1``: a seat as the table prints it, counted from 1."""
    return f"P{seat + 1}"


def effect_text(card: MagicCard) -> str:
    """A magic card's 【効果】 in the current language."""
    return _(EFFECT_TEXT[card.effect], v=card.value)


def _current_values(state: KaleidoState) -> list[dict[str, int]]:
    """Current 攻 (normal attack) and 防 of everyone the battle reaches, after strategy cards, the battlefield,
    command spells and every other effect in play (public numbers: KAL-088, KAL-089)."""
    from bouts.games.kaleido.timings import attack_power, defence_power

    battle = state.battle
    assert battle is not None
    seats = [battle.first, battle.second, *(s for s in battle.intervened if s not in (battle.first, battle.second))]
    return [{"seat": s, "attack": attack_power(state, s, "normal"), "defence": defence_power(state, s)}
            for s in seats if state.players[s].alive]


def _preview(state: KaleidoState) -> dict[str, int]:
    """The attack under way as it stands: its attack, the defence against it, and the damage (and reverse clash
    damage) it would deal if nothing more were played (KAL-095, KAL-RUL-24..26)."""
    from bouts.games.kaleido.battle_part import strike_damage
    from bouts.games.kaleido.timings import attack_power, defence_power

    battle = state.battle
    assert battle is not None and battle.strike is not None
    strike = battle.strike
    damage, reverse = strike_damage(state, strike)
    clash = attack_power(state, strike.defender, strike.clash) if strike.clash else 0
    return {"power": attack_power(state, strike.attacker, strike.method),
            "defence": defence_power(state, strike.defender), "damage": damage, "reverse": reverse,
            "clash_power": clash}


@functools.lru_cache(maxsize=4096)
def _effect_line(card: MagicCard) -> Text:
    """A magic card's 【効果】 in both languages (its numbers never change: made once per card)."""
    return bilingual(lambda: effect_text(card))


@functools.lru_cache(maxsize=4096)
def _ability_line(catalog: Catalog, ability_id: str) -> Text:
    """An ability's line (:func:`ability_line`) in both languages, made once per pack and ability: it reads
    nothing but the pack."""
    return bilingual(lambda: _ability_text(catalog, ability_id))


def card_view(card: MagicCard, instance: str | None = None) -> dict[str, Any]:
    """A magic card's face: 発動 / 持続 / 効果 (KAL-168), as ids with the effect in both languages."""
    return {"id": instance or card.id, "name": card.name, "timing": card.timing, "duration": card.duration,
            "effect": _effect_line(card), "value": card.value}


def effect_source_name(state: KaleidoState, source: str) -> Any:
    """What an effect in play comes from, as the table names it: the magic card or strategy card (used face up,
    so public), the ability or Noble Phantasm, or command spell ③ (KAL-149); ``None`` for anything else."""
    kind, _sep, rest = source.partition(":")
    if kind in ("card", "strategy") and rest in state.catalog.magic:
        return state.catalog.magic[rest].name
    ability = rest.split(":")[0]
    if kind == "ability" and ability in state.catalog.abilities:
        return state.catalog.abilities[ability].name
    if kind == "spell":
        return _spell_three()
    return None


@functools.cache
def _spell_three() -> Text:
    """``command spell ③`` in both languages (made once)."""
    return bilingual(lambda: _("command spell {spell}", spell="③"))


def view_of(state: KaleidoState, seat: int | None, acting: tuple[int, ...]) -> dict[str, Any]:
    """The public table plus ``seat``'s own hand (KAL-025, KAL-026)."""
    catalog = state.catalog
    players = []
    for index, p in enumerate(state.players):
        master = catalog.masters[p.master] if p.master else None
        servant = catalog.servants[p.servant] if p.servant else None
        owned = (master.abilities if master else ()) + (servant.abilities if servant else ())
        players.append({
            "seat": index, "master": master.name if master else None, "servant": servant.name if servant else None,
            "master_id": p.master, "servant_id": p.servant,
            "hp": p.hp, "max_hp": servant.hp if servant else 0, "attack": servant.attack if servant else 0,
            "defence": servant.defence if servant else 0, "spells": p.spells, "fate": p.fate,
            "lurking": p.lurking, "hand": len(p.hand), "accumulation": len(p.accumulation),
            "strategy": card_view(catalog.magic[p.strategy], p.strategy) if p.strategy else None,
            "max_mana": master.max_mana if master else 0, "mana_rank": master.mana_rank if master else 0,
            "abilities": [_ability_line(catalog, a) for a in owned],
            "ability_ids": list(owned),
            "alive": p.alive, "summoned": p.summoned,
        })
    battle = None
    b = state.battle
    if b is not None:
        fate = catalog.fates[b.battlefield]
        strike = b.strike
        battle = {"first": b.first, "second": b.second, "round": b.round, "step": b.step, "attacker": b.attacker,
                  "field": {"number": fate.number, "name": fate.name,
                            "effect": bilingual(lambda: _(FIELD_TEXT[fate.effect], v=fate.value))},
                  "intervened": list(b.intervened),
                  "now": _current_values(state),
                  "strike": None if strike is None else {
                      "attacker": strike.attacker, "defender": strike.defender, "method": strike.method,
                      "method_name": bilingual(lambda: _("normal attack")) if strike.method == "normal" else (
                          catalog.abilities[strike.method].name if strike.method in catalog.abilities
                          else strike.method),
                      "intervention": strike.intervention, "clash": strike.clash, "guard": strike.guard,
                      "clash_name": catalog.abilities[strike.clash].name if strike.clash else None,
                      "guard_name": catalog.abilities[strike.guard].name if strike.guard else None,
                      **_preview(state)}}
    decision = None
    if state.stack and acting and acting[0] >= 0:
        top = state.stack[-1]
        decision = {"seat": top.seat, "kind": top.kind,
                    "prompt": bilingual(lambda: _(DECISION_PROMPT[top.kind])) if top.kind in DECISION_PROMPT
                    else top.kind, **{k: v for k, v in top.data}}
    reason = state.reason
    view: dict[str, Any] = {
        "game": "kaleido", "turn": state.turn, "phase": state.phase, "you": seat, "order": list(state.order),
        "to_act": list(acting), "decision": decision, "players": players, "battle": battle,
        "effects": [{"target": e.target, "stat": e.stat, "value": e.value, "scope": e.scope,
                     "source": e.source, "source_name": effect_source_name(state, e.source),
                     "active": bool(e.bound) or e.scope == "turn"} for e in state.effects],
        "deck": len(state.deck), "discard": len(state.discard),
        "discard_top": [catalog.magic[c].name for c in state.discard[-3:]],
        "discard_pile": [catalog.magic[c].name for c in state.discard],
        "hand": None, "accumulation": None,
        "outcome": None if state.phase != "over" else {
            "winner": state.winner, "reason": bilingual(lambda: tr(reason) if reason else _("no winner"))},
    }
    if state.phase == "setup":  # the master and servant cards still open to choose (KAL-011..KAL-013)
        taken_masters = {p.master for p in state.players if p.master}
        taken_servants = {p.servant for p in state.players if p.servant}
        def lines(owned: tuple[str, ...]) -> list[Any]:
            return [_ability_line(catalog, a) for a in owned]

        view["open"] = {"masters": [{"id": m.id, "name": m.name, "max_mana": m.max_mana, "mana_rank": m.mana_rank,
                                     "abilities": lines(m.abilities)} for m in catalog.masters.values()
                                    if m.id not in taken_masters],
                        "servants": [{"id": s.id, "name": s.name, "hp": s.hp, "attack": s.attack,
                                      "defence": s.defence, "abilities": lines(s.abilities)}
                                     for s in catalog.servants.values() if s.id not in taken_servants]}
    if seat is not None and 0 <= seat < state.seats:
        me = state.players[seat]
        view["hand"] = [card_view(catalog.magic[c], c) for c in me.hand]
        view["accumulation"] = [catalog.magic[c].name for c in me.accumulation]
        view["accumulation_ids"] = list(me.accumulation)
    return json_view(view)


def ability_line(state: KaleidoState, ability_id: str) -> str:
    """An ability or Noble Phantasm with its numbers, in the current language:
    ``Excalibur (Noble Phantasm (attack) 13, cost 4, can clash)``."""
    return _ability_text(state.catalog, ability_id)


def _ability_text(catalog: Catalog, ability_id: str) -> str:
    a = catalog.abilities[ability_id]
    if a.kind in ("special_attack", "np_attack"):
        what = _("attack {v}", v=a.power)
    elif a.kind == "np_defence":
        what = _("damage -{v}", v=a.power)
    else:
        what = _(ABILITY_EFFECT[a.effect], v=a.power)
        if a.kind == "boost":
            what = _("{effect} ({duration})", effect=what, duration=_(DURATION[a.duration]))
    parts = [_(KIND[a.kind]), what]
    if a.cost:
        parts.append(_("cost {v}", v=a.cost))
    if a.offset:
        parts.append(_("can clash"))
    if a.intervene:
        parts.append(_("can intervene"))
    return _("{name} ({details})", name=tr(a.name), details=_(", ").join(parts))


def card_line(state: KaleidoState, instance: str) -> str:
    """``Reinforcement [battle/combat action] attack +2``: a magic card as a menu names it."""
    c = state.catalog.magic[instance]
    return _("{name} [{timing}/{duration}] {effect}", name=tr(c.name), timing=_(TIMING[c.timing]),
             duration=_(DURATION[c.duration]), effect=effect_text(c))


def who(state: KaleidoState, seat: int) -> str:
    """``P2 Rin Tohsaka``: a seat and its master, as menus name them."""
    m = state.players[seat].master
    return f"{seat_tag(seat)} {tr(state.catalog.masters[m].name)}" if m else seat_tag(seat)


def describe_action(state: KaleidoState, seat: int, act: Act) -> str:
    """A short menu sentence for ``act``, in the current language, with every number the choice turns on."""
    catalog = state.catalog
    verb, args = act.verb, act.args
    if verb == "master":  # the servants it would command decide the choice as much as the master's numbers
        m = catalog.masters[args[0]]
        taken = {p.servant for p in state.players if p.servant}
        pool = () if state.options.shuffle_mode else catalog.servants_of[m.id]
        servants = _(", ").join(
            _("{servant} HP {hp} atk {attack} def {defence}", servant=tr(catalog.servants[s].name),
              hp=catalog.servants[s].hp, attack=catalog.servants[s].attack, defence=catalog.servants[s].defence)
            for s in pool if s not in taken)
        line = _("{master}: max mana {mana}, rank {rank}", master=tr(m.name), mana=m.max_mana,
                 rank=m.mana_rank)
        return _("{master} → {servants}", master=line, servants=servants) if servants else line
    if verb == "servant":  # the Noble Phantasms and abilities set servants apart as much as their numbers
        s = catalog.servants[args[0]]
        nps = "; ".join(np_short(state, a) for a in s.abilities if catalog.abilities[a].kind.startswith("np_"))
        return _("{servant} HP {hp} atk {attack} def {defence} | {nps}",
                 servant=tr(s.name), hp=s.hp, attack=s.attack, defence=s.defence, nps=nps)
    if verb == "use":
        strategy = args[0] == state.players[seat].strategy
        card = card_line(state, args[0])
        if len(args) > 1:
            return (_("use {card} (strategy card) on {target}", card=card, target=who(state, int(args[1])))
                    if strategy else _("use {card} on {target}", card=card, target=who(state, int(args[1]))))
        return _("use {card} (strategy card)", card=card) if strategy else _("use {card}", card=card)
    if verb == "set":
        return _("set {card} as strategy card", card=card_line(state, args[0]))
    if verb == "accumulate":
        return _("accumulate {card} face down (2 mana in battle)", card=tr(catalog.magic[args[0]].name))
    if verb == "discard":
        return _("discard {card}", card=card_line(state, args[0]))
    if verb == "counter":
        return _("counter with {card}", card=card_line(state, args[0]))
    if verb == "pay":
        if args[0] == "strategy":
            return _("pay with the strategy card")
        if args[0] == "accumulation":
            return _("pay with the accumulation card (2 mana)")
        return _("pay with {card}", card=card_line(state, args[0]))
    if verb == "attack":
        battle = state.battle
        target = battle.opponent(seat) if battle is not None else seat
        if args[0] == "normal":
            return _("normal attack (servant's attack): {forecast}",
                     forecast=_forecast(state, seat, target, "normal"))
        return _("attack with {ability}: {forecast}", ability=ability_short(state, args[0]),
                 forecast=_forecast(state, seat, target, args[0]))
    if verb == "clash":
        return _("clash with {ability}: {forecast}", ability=ability_line(state, args[0]),
                 forecast=_answer_forecast(state, verb, args[0]))
    if verb == "guard":
        return _("guard with {ability}: {forecast}", ability=ability_line(state, args[0]),
                 forecast=_answer_forecast(state, verb, args[0]))
    if verb == "ability":
        return _("ability {ability}", ability=ability_line(state, args[0]))
    if verb == "intervene":
        return _("intervene against {target} with {ability}: {forecast}", target=who(state, int(args[0])),
                 ability=ability_short(state, args[1]),
                 forecast=_forecast(state, seat, int(args[0]), args[1], intervening=True))
    if verb == "nominate":
        return _("nominate {target}", target=who(state, int(args[0])))
    if verb == "pass" and state.stack and state.stack[-1].kind == "respond":
        return _pass_text(state, seat)
    if verb == "spell":
        from bouts.games.kaleido.command_spells import SPELL_MEANING

        return _("command spell {spell}", spell=_(SPELL_MEANING[args[0]]))
    plain = {"lurk": N_("lurk: draw 1, no battle of your own"),
             "act": N_("normal action: draw by mana rank, nominate"),
             "no_strategy": N_("no strategy card"), "no_accumulation": N_("no accumulation"),
             "pass": N_("pass"), "retreat": N_("retreat (HP -1)"), "stay": N_("stay for another round"),
             "convert": N_("HP conversion: 2 HP for 1 card")}
    return _(plain[verb]) if verb in plain else str(act)


def _damage_text(damage: int, reverse: int, attacker: int) -> str:
    if reverse:
        return _("{damage} damage, {reverse} back to {attacker}", damage=damage, reverse=reverse,
                 attacker=seat_tag(attacker))
    return _("{damage} damage", damage=damage)


def _pass_text(state: KaleidoState, seat: int) -> str:
    """What passing in a step window means: no clash, taking the damage, or letting the attack stand."""
    from bouts.games.kaleido.battle_part import strike_damage

    battle = state.battle
    if battle is None or battle.strike is None:
        return _("pass")
    damage, reverse = strike_damage(state, battle.strike)
    outcome = _("{damage} to {defender}", damage=_damage_text(damage, reverse, battle.strike.attacker),
                defender=seat_tag(battle.strike.defender))
    if seat == battle.strike.defender and battle.step == "防御" and not battle.strike.clash:
        return _("pass: no clash (now {outcome})", outcome=outcome)
    if seat == battle.strike.defender:
        return _("pass: take the attack ({outcome})", outcome=outcome)
    return _("pass: let the attack stand ({outcome})", outcome=outcome)


def np_short(state: KaleidoState, ability_id: str) -> str:
    """A Noble Phantasm in a few words for a menu line: ``Excalibur 13 (cost 4, clash)``."""
    a = state.catalog.abilities[ability_id]
    if a.kind == "np_attack":
        what = str(a.power)
    elif a.kind == "np_defence":
        what = _("damage -{v}", v=a.power)
    else:
        what = _(ABILITY_EFFECT[a.effect], v=a.power)
    parts = [_("cost {v}", v=a.cost)]
    if a.offset:
        parts.append(_("clash"))
    if a.intervene:
        parts.append(_("intervene"))
    return _("{name} {what} ({details})", name=tr(a.name), what=what, details=_(", ").join(parts))


def ability_short(state: KaleidoState, ability_id: str) -> str:
    """An attack method with its cost, for a line that shows its attack beside: ``Excalibur (cost 4)``."""
    a = state.catalog.abilities[ability_id]
    return _("{name} (cost {v})", name=tr(a.name), v=a.cost) if a.cost else tr(a.name)


def _forecast(state: KaleidoState, seat: int, target: int, method: str, intervening: bool = False) -> str:
    """``attack 8 vs defence 5 → 3 damage``: an attack's damage if nothing more were played (KAL-088, KAL-095)."""
    from bouts.games.kaleido.battle_part import strike_damage
    from bouts.games.kaleido.state import Strike
    from bouts.games.kaleido.timings import attack_power, defence_power

    if state.battle is None or seat == target:
        return _("no target")
    power = attack_power(state, seat, method)
    if intervening and seat not in state.battle.intervened:
        from bouts.games.kaleido.timings import field_modifier

        power = max(0, power + field_modifier(state, "attack"))  # the battlefield reaches it once declared
    damage = max(0, power - defence_power(state, target)) if intervening else \
        strike_damage(state, Strike(seat, target, method))[0]
    return _("attack {power} vs defence {defence} → {damage} damage", power=power,
             defence=defence_power(state, target), damage=damage)


def _answer_forecast(state: KaleidoState, verb: str, ability_id: str) -> str:
    """The damage (and reverse damage) of the attack under way with this clash or defence NP."""
    from bouts.games.kaleido.battle_part import strike_damage

    battle = state.battle
    if battle is None or battle.strike is None:
        return ""
    trial = battle.strike.clone()
    if verb == "clash":
        trial.clash = ability_id
    else:
        trial.guard = ability_id
    damage, reverse = strike_damage(state, trial)
    if verb == "clash":
        from bouts.games.kaleido.timings import attack_power, defence_power

        attack = attack_power(state, trial.attacker, trial.method)
        answer = attack_power(state, trial.defender, ability_id)
        return _("attack {attack} - clash {answer} = {left} vs defence {defence} → {outcome}", attack=attack,
                 answer=answer, left=max(0, attack - answer), defence=defence_power(state, trial.defender),
                 outcome=_damage_text(damage, reverse, trial.attacker))
    return "→ " + _damage_text(damage, reverse, trial.attacker)


def _names(p: Mapping[str, Any]) -> str:
    return _("{master} / {servant}", master=escape(tr(p["master"]) or "?"), servant=escape(tr(p["servant"]) or "?"))


def render_view(view: Mapping[str, Any]) -> str:
    """The table for a terminal, as Rich markup (every name escaped); compact enough for 160x50 with a menu."""
    lines: list[str] = []
    me = view.get("you")
    players = view["players"]
    order = view.get("order") or []
    fate_order = "  ".join(f"{players[s]['fate']}:{seat_tag(s)}" for s in order
                           if players[s]["alive"] and players[s]["fate"])
    top = [tr(name) for name in view.get("discard_top") or []]
    phase = view["phase"]
    head = _("[bold]Fate/kaleido grail[/bold]  turn {turn}  {phase}  fate order {order}  deck {deck}  "
             "discard {discard}", turn=view["turn"], phase=_(PHASE[phase]) if phase in PHASE else escape(phase),
             order=fate_order or "-", deck=view["deck"], discard=view["discard"])
    if not view["turn"]:  # set-up comes before turn 1: no "turn 0"
        head = _("[bold]Fate/kaleido grail[/bold]  {phase}  fate order {order}  deck {deck}  discard {discard}",
                 phase=_(PHASE[phase]) if phase in PHASE else escape(phase), order=fate_order or "-",
                 deck=view["deck"], discard=view["discard"])
    if top:
        head += " " + _("(top: {cards})", cards=escape(_(", ").join(reversed(top))))
    lines.append(head)
    for p in players:
        tag = seat_tag(p["seat"])
        name = f"[bold]{tag}[/bold]" if p["seat"] == me else tag
        if not p["alive"]:
            out = _("eliminated")
            lines.append(f"{name} {_names(p)}  [red]{out}[/red]")
            continue
        if not p["master"]:  # set-up: nothing chosen yet
            lines.append(_("{seat} fate {fate}: no master yet", seat=name, fate=p["fate"] or "-"))
            continue
        if not p["servant"]:
            lines.append(_("{seat} fate {fate} {master}: no servant yet", seat=name, fate=p["fate"] or "-",
                           master=escape(tr(p["master"]))))
            continue
        line = _("{seat} fate {fate} {names}  HP {hp}/{max_hp} attack {attack} defence {defence}  command spells "
                 "{spells}  hand {hand}/{max_mana}  accumulation {accumulation}", seat=name, fate=p["fate"] or "-",
                 names=_names(p), hp=p["hp"], max_hp=p["max_hp"], attack=p["attack"], defence=p["defence"],
                 spells=p["spells"], hand=p["hand"], max_mana=p["max_mana"], accumulation=p["accumulation"])
        if p["lurking"]:
            lurking = _("lurking")
            line += f" [dim]{lurking}[/dim]"
        if p["summoned"]:
            line += " " + _("summoned")
        lines.append(line)
        strategy = p["strategy"]
        if strategy:  # on a line of its own: the player line stays within 160 columns
            card = escape(tr(strategy["name"]))
            lines.append("    " + _("strategy {card} \\[{timing}/{duration}] {effect}", card=card,
                                    timing=_(TIMING[strategy["timing"]]), duration=_(DURATION[strategy["duration"]]),
                                    effect=escape(tr(strategy["effect"]))))
    battle = view.get("battle") if view["phase"] != "over" else None  # the last blow is in the news
    if battle:
        field = battle["field"]
        steps = "→".join(f"[reverse]{_(STEP_LABEL[s])}[/reverse]" if s == battle["step"] else _(STEP_LABEL[s])
                         for s in (*STEPS, "撤退"))
        if battle["round"]:
            line = _("[bold]battle[/bold] {first} (first) vs {second} (second)  round {round}  battlefield {number} "
                     "{field}: {effect}", first=seat_tag(battle["first"]), second=seat_tag(battle["second"]),
                     round=battle["round"], number=field["number"], field=escape(tr(field["name"])),
                     effect=escape(tr(field["effect"])))
        else:  # the nomination is not established yet: no round has begun
            line = _("[bold]battle[/bold] {first} (first) vs {second} (second)  nominated, not yet established  "
                     "battlefield {number} {field}: {effect}", first=seat_tag(battle["first"]),
                     second=seat_tag(battle["second"]), number=field["number"], field=escape(tr(field["name"])),
                     effect=escape(tr(field["effect"])))
        if battle["intervened"]:
            line += "  " + _("interveners: {seats}", seats=", ".join(seat_tag(s) for s in battle["intervened"]))
        lines.append(line)
        lines.append("  " + steps)
        now = battle.get("now") or []
        if now:
            lines.append("  " + _("now: {values}", values="  ".join(now_text(v) for v in now)))
        strike = battle.get("strike")
        if strike:
            method = escape(tr(strike["method_name"]))
            line = f"  {seat_tag(strike['attacker'])} → {seat_tag(strike['defender'])}: {method}"
            if strike["intervention"]:
                line += " " + _("(intervention)")
            if strike.get("clash_name"):
                line += "  " + _("clash {ability}", ability=escape(tr(strike["clash_name"])))
            if strike.get("guard_name"):
                line += "  " + _("defence Noble Phantasm {ability}", ability=escape(tr(strike["guard_name"])))
            lines.append(f"{line}  {preview_text(strike)}")
    effects = [effect_line(e) for e in view.get("effects", [])]
    for start in range(0, len(effects), 6):
        lines.append((_("effects:") + " " if start == 0 else "         ") + "  ".join(effects[start:start + 6]))
    for p in players:
        if p["seat"] == me and p["abilities"]:
            lines += packed(_("your abilities: {abilities}", abilities="").rstrip(),
                            [escape(tr(a)) for a in p["abilities"]])
    hand = view.get("hand")
    if hand is not None:
        stored = escape(_(", ").join(tr(n) for n in view.get("accumulation") or [])) or "-"
        lines.append(_("[bold]your hand[/bold] ({count})  accumulation: {cards}", count=len(hand), cards=stored))
        counts: dict[str, int] = {}
        faces: dict[str, Mapping[str, Any]] = {}
        for c in hand:
            key = tr(c["name"])
            counts[key] = counts.get(key, 0) + 1
            faces[key] = c
        for key, count in counts.items():
            c = faces[key]
            copies = f" x{count}" if count > 1 else ""
            lines.append("  " + _("{card}{copies}  activation {timing}  duration {duration}  effect {effect}",
                                  card=escape(key), copies=copies,
                                  timing=_(TIMING[c["timing"]]), duration=_(DURATION[c["duration"]]),
                                  effect=escape(tr(c["effect"]))))
    decision = view.get("decision")
    if decision:
        prompt = escape(tr(decision["prompt"]))
        if "due" in decision:
            prompt += " " + _("(due {due} for {what})", due=decision["due"], what=escape(tr(decision.get("what"))))
        lines.append(f"[bold yellow]{seat_tag(decision['seat'])}: {prompt}[/bold yellow]")
    outcome = view.get("outcome")
    if outcome:
        lines.append(f"[bold green]{escape(tr(outcome['reason']))}[/bold green]")
    return "\n".join(lines)


def packed(head: str, items: list[str], width: int = 150) -> list[str]:
    """``head`` and ``items`` joined by ``; `` into lines of at most ``width`` cells, broken between items (never
    mid-number); continuation lines are indented."""
    lines: list[str] = []
    line = head
    for item in items:
        joined = f"{line} {item}" if line == head else f"{line}; {item}"
        if line not in (head, "   ") and cell_len(joined) > width:
            lines.append(line + ";")
            line = "    " + item
        else:
            line = joined
    lines.append(line)
    return lines


def effect_line(e: Mapping[str, Any]) -> str:
    """``P1 attack +2 (battle)``: an effect in play on a seat."""
    stat = _("attack {value:+d}", value=e["value"]) if e["stat"] == "attack" else \
        _("defence {value:+d}", value=e["value"])
    scope = _(DURATION[e["scope"]]) if e["scope"] in DURATION else escape(e["scope"])
    return _("{seat} {stat} ({scope})", seat=seat_tag(e["target"]), stat=stat, scope=scope) if e["active"] else \
        _("{seat} {stat} ({scope}, next)", seat=seat_tag(e["target"]), stat=stat, scope=scope)


def now_text(value: Mapping[str, Any]) -> str:
    """``P1 attack 6 defence 5``: a seat's current attack and defence in the battle."""
    return _("{seat} attack {attack} defence {defence}", seat=seat_tag(value["seat"]), attack=value["attack"],
             defence=value["defence"])


def preview_text(strike: Mapping[str, Any]) -> str:
    """``attack 8 vs defence 5 → 3 damage`` (and reverse clash damage): what the attack does if nothing more is
    played."""
    outcome = _damage_text(strike["damage"], strike.get("reverse") or 0, strike["attacker"])
    if strike.get("clash"):
        answer = strike.get("clash_power") or 0
        return _("attack {attack} - clash {answer} = {left} vs defence {defence} → {outcome}", attack=strike["power"],
                 answer=answer, left=max(0, strike["power"] - answer), defence=strike["defence"], outcome=outcome)
    return _("attack {power} vs defence {defence} → {damage}", power=strike["power"], defence=strike["defence"],
             damage=outcome)


def shown_values(view: Mapping[str, Any]) -> list[str]:
    """Every value of ``view`` that :func:`render_view` prints, as printed (the render test checks each)."""
    values = [str(view["turn"])] if view["turn"] else []
    values += [str(view["deck"]), str(view["discard"]), *(tr(n) for n in view.get("discard_top", []))]
    for p in view["players"]:
        values.append(seat_tag(p["seat"]))
        if not p["master"] or not p["servant"]:  # set-up: only what has been chosen is printed
            values.append(tr(p["master"]))
            continue
        values += [tr(p["master"]), tr(p["servant"])]
        if not p["alive"]:
            continue
        values += [f"HP {p['hp']}/{p['max_hp']}", str(p["spells"]), f"{p['hand']}/{p['max_mana']}"]
        if p["strategy"]:
            values += [tr(p["strategy"]["name"]), tr(p["strategy"]["effect"])]
        if p["seat"] == view.get("you"):
            values += [tr(a) for a in p["abilities"]]
    battle = view.get("battle") if view["phase"] != "over" else None
    if battle:
        values += [tr(battle["field"]["name"]), tr(battle["field"]["effect"])]
        values += [now_text(v) for v in battle.get("now") or []]
        strike = battle.get("strike")
        if strike:
            values += [tr(strike["method_name"]), preview_text(strike)]
            values += [tr(name) for name in (strike.get("clash_name"), strike.get("guard_name")) if name]
    for c in view.get("hand") or []:
        values += [tr(c["name"]), _(TIMING[c["timing"]]), _(DURATION[c["duration"]]), tr(c["effect"])]
    values += [tr(n) for n in view.get("accumulation") or []]
    if view.get("decision"):
        values.append(tr(view["decision"]["prompt"]))
    if view.get("outcome"):
        values.append(tr(view["outcome"]["reason"]))
    return [v for v in values if v]


def render_discard(view: Mapping[str, Any]) -> str:
    """The discard pile, face up, oldest first, with copies counted (``view discard``)."""
    pile = [tr(name) for name in view.get("discard_pile") or []]
    if not pile:
        return _("discard pile: empty")
    counts: dict[str, int] = {}
    for name in pile:
        counts[name] = counts.get(name, 0) + 1
    return _("discard pile, {count} cards: {cards}", count=len(pile), cards=_(", ").join(
        escape(name) + (f" x{n}" if n > 1 else "") for name, n in counts.items()))


def render_strategy(view: Mapping[str, Any]) -> str:
    """Every face-up strategy card on the table (``view strategy``)."""
    lines = []
    for p in view["players"]:
        c = p.get("strategy")
        if c:
            lines.append(_("{seat} {master}: {card} \\[activation {timing} / duration {duration}] {effect}",
                           seat=seat_tag(p["seat"]), master=escape(tr(p["master"]) or "?"), card=escape(tr(c["name"])),
                           timing=_(TIMING[c["timing"]]), duration=_(DURATION[c["duration"]]),
                           effect=escape(tr(c["effect"]))))
    return "\n".join(lines) if lines else _("no strategy card is face up")


def render_abilities(view: Mapping[str, Any]) -> str:
    """Every master's and servant's special abilities and Noble Phantasms, printed on the face-up cards
    (``view abilities``)."""
    lines = []
    for p in view["players"]:
        if p.get("abilities") and p["alive"]:
            lines.append(f"{seat_tag(p['seat'])} {_names(p)}: " + escape("; ".join(tr(a) for a in p["abilities"])))
    return "\n".join(lines) if lines else _("no abilities on the table yet")
