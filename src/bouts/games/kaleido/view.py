"""What a seat may know (a filter over the state), menu sentences, and the table as Rich markup."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bouts.core.text import escape_markup as escape
from bouts.games.kaleido.actions import Act
from bouts.games.kaleido.cards import DURATION_JA, TIMING_JA, MagicCard
from bouts.games.kaleido.state import KaleidoState

STEP_NAMES = ("介入", "攻撃", "防御", "ダメージ決定", "死亡判定")
EFFECT_TEXT = {"attack_up": "攻撃力+{v}", "defence_up": "防御力+{v}", "attack_down": "相手の攻撃力-{v}",
               "defence_down": "相手の防御力-{v}", "heal": "HP+{v}", "draw": "{v}枚引く", "damage": "相手のHP-{v}",
               "counter": "魔力カードか宝具を打ち消す", "ambush": "指名されたとき先攻になる",
               "evade": "指名されたとき対戦指名を不成立にする"}
FIELD_TEXT = {"attack_bonus": "攻撃力+{v}", "defence_bonus": "防御力+{v}", "attack_malus": "攻撃力-{v}",
              "np_discount": "宝具の消費-{v}", "heal": "HP+{v}", "draw": "{v}枚引く"}
DECISION_PROMPT = {
    "master": "choose your master", "servant": "choose your servant", "action": "① lurk or normal action",
    "set": "③ strategy card", "accumulate": "④ mana accumulation", "nominate": "nominate an opponent",
    "nominated": "you are nominated: answer?", "intervene": "【介入】 intervene?",
    "attack": "【攻撃】 choose an attack",
    "respond": "your turn in this step's window: act or pass",
    "counter": "対抗: answer the card or Noble Phantasm just used?",
    "last": "HP 0 or less: a command spell before 【死亡判定】?", "retreat": "撤退: retreat or stay",
    "forced_retreat": "膠着: you must retreat", "pay": "魔力消費: pay a card", "discard": "枚数チェック: discard",
    "end_window": "end part: use 戦略 cards before the hand check?",
}


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
    return {"power": attack_power(state, strike.attacker, strike.method),
            "defence": defence_power(state, strike.defender), "damage": damage, "reverse": reverse}


def card_view(card: MagicCard, instance: str | None = None) -> dict[str, Any]:
    """A magic card's face: 発動 / 持続 / 効果 (KAL-168)."""
    return {"id": instance or card.id, "name": card.name, "timing": TIMING_JA[card.timing],
            "duration": DURATION_JA[card.duration], "effect": EFFECT_TEXT[card.effect].format(v=card.value),
            "cost": "—"}


def view_of(state: KaleidoState, seat: int | None, acting: tuple[int, ...]) -> dict[str, Any]:
    """The public table plus ``seat``'s own hand (KAL-025, KAL-026)."""
    catalog = state.catalog
    players = []
    for index, p in enumerate(state.players):
        master = catalog.masters[p.master] if p.master else None
        servant = catalog.servants[p.servant] if p.servant else None
        players.append({
            "seat": index, "master": master.name if master else None, "servant": servant.name if servant else None,
            "hp": p.hp, "max_hp": servant.hp if servant else 0, "attack": servant.attack if servant else 0,
            "defence": servant.defence if servant else 0, "spells": p.spells, "fate": p.fate,
            "lurking": p.lurking, "hand": len(p.hand), "accumulation": len(p.accumulation),
            "strategy": card_view(catalog.magic[p.strategy], p.strategy) if p.strategy else None,
            "max_mana": master.max_mana if master else 0, "mana_rank": master.mana_rank if master else 0,
            "abilities": [_ability_line(state, a) for a in
                          ((master.abilities if master else ()) + (servant.abilities if servant else ()))],
            "alive": p.alive, "summoned": p.summoned,
        })
    battle = None
    b = state.battle
    if b is not None:
        fate = catalog.fates[b.battlefield]
        strike = b.strike
        battle = {"first": b.first, "second": b.second, "round": b.round, "step": b.step, "attacker": b.attacker,
                  "field": {"number": fate.number, "name": fate.name,
                            "effect": FIELD_TEXT[fate.effect].format(v=fate.value)},
                  "intervened": list(b.intervened),
                  "now": _current_values(state),
                  "strike": None if strike is None else {
                      "attacker": strike.attacker, "defender": strike.defender, "method": strike.method,
                      "method_name": "通常攻撃" if strike.method == "normal" else (
                          catalog.abilities[strike.method].name if strike.method in catalog.abilities
                          else strike.method),
                      "intervention": strike.intervention, "clash": strike.clash, "guard": strike.guard,
                      "clash_name": catalog.abilities[strike.clash].name if strike.clash else None,
                      "guard_name": catalog.abilities[strike.guard].name if strike.guard else None,
                      **_preview(state)}}
    decision = None
    if state.stack and acting and acting[0] >= 0:
        top = state.stack[-1]
        decision = {"seat": top.seat, "kind": top.kind, "prompt": DECISION_PROMPT.get(top.kind, top.kind),
                    **{k: v for k, v in top.data}}
    view: dict[str, Any] = {
        "game": "kaleido", "turn": state.turn, "phase": state.phase, "you": seat, "order": list(state.order),
        "to_act": list(acting), "decision": decision, "players": players, "battle": battle,
        "effects": [{"target": e.target, "stat": e.stat, "value": e.value, "scope": e.scope,
                     "source": e.source, "active": bool(e.bound) or e.scope == "turn"} for e in state.effects],
        "deck": len(state.deck), "discard": len(state.discard),
        "discard_top": [catalog.magic[c].name for c in state.discard[-3:]],
        "discard_pile": [catalog.magic[c].name for c in state.discard],
        "hand": None, "accumulation": None,
        "outcome": None if state.phase != "over" else {"winner": state.winner, "reason": state.reason},
    }
    if seat is not None and 0 <= seat < state.seats:
        me = state.players[seat]
        view["hand"] = [card_view(catalog.magic[c], c) for c in me.hand]
        view["accumulation"] = [catalog.magic[c].name for c in me.accumulation]
    return view


KIND_JA = {"special_attack": "特殊攻撃", "np_attack": "宝具/攻撃", "np_defence": "宝具/防御", "np_special": "宝具/特殊",
           "boost": "特殊能力", "support": "特殊能力", "passive": "特殊能力"}
ABILITY_EFFECT = {"attack_up": "攻撃力+{v}", "defence_up": "防御力+{v}", "attack_down": "相手の攻撃力-{v}",
                  "defence_down": "相手の防御力-{v}", "heal": "HP+{v}", "draw": "{v}枚引く", "summon": "アサシン召喚",
                  "ancient_magus": "魔力補給+{v}"}


def _ability_line(state: KaleidoState, ability_id: str) -> str:
    a = state.catalog.abilities[ability_id]
    if a.kind in ("special_attack", "np_attack"):
        what = f" {a.power}"
    elif a.kind == "np_defence":
        what = f" ダメージ-{a.power}"
    else:
        what = " " + ABILITY_EFFECT[a.effect].format(v=a.power)
        if a.kind == "boost":
            what += f" ({DURATION_JA[a.duration]})"
    marks = ("" if not a.offset else " 相殺可") + ("" if not a.intervene else " 介入可能")
    cost = f" 消費{a.cost}" if a.cost else ""
    return f"{a.name} ({KIND_JA[a.kind]}{what}{cost}{marks})"


def describe_action(state: KaleidoState, seat: int, act: Act) -> str:
    """A short menu sentence for ``act``."""
    catalog = state.catalog
    verb, args = act.verb, act.args

    def card(instance: str) -> str:
        c = catalog.magic[instance]
        return f"{c.name} [{TIMING_JA[c.timing]}/{DURATION_JA[c.duration]}] {EFFECT_TEXT[c.effect].format(v=c.value)}"

    def ability(ability_id: str) -> str:
        return _ability_line(state, ability_id)

    def who(text: str) -> str:
        s = int(text)
        m = state.players[s].master
        return f"P{s}" + (f" {catalog.masters[m].name}" if m else "")

    if verb == "master":  # the servants it would command decide the choice as much as the master's numbers
        m = catalog.masters[args[0]]
        taken = {p.servant for p in state.players if p.servant}
        pool = () if state.options.shuffle_mode else catalog.servants_of[m.id]
        servants = ", ".join(f"{catalog.servants[s].name} HP {catalog.servants[s].hp} 攻{catalog.servants[s].attack} "
                             f"防{catalog.servants[s].defence}" for s in pool if s not in taken)
        line = f"master {m.name} (最大魔力 {m.max_mana}, 魔力ランク {m.mana_rank})"
        return f"{line} → {servants}" if servants else line
    if verb == "servant":  # the Noble Phantasms and abilities set servants apart as much as their numbers
        s = catalog.servants[args[0]]
        return (f"servant {s.name} (HP {s.hp}, 攻撃 {s.attack}, 防御 {s.defence}) 宝具: "
                + "; ".join(_np_short(state, a) for a in s.abilities if catalog.abilities[a].kind.startswith("np_")))
    if verb == "use":
        strategy = args[0] == state.players[seat].strategy
        on = f" on {who(args[1])}" if len(args) > 1 else ""
        return f"use {card(args[0])}{' (strategy card)' if strategy else ''}{on}"
    if verb in ("set", "accumulate", "discard", "counter"):
        return f"{verb} {card(args[0])}"
    if verb == "pay":
        if args[0] in ("strategy", "accumulation"):
            return f"pay with the {args[0]} card" + (" (2 mana)" if args[0] == "accumulation" else "")
        return f"pay with {card(args[0])}"
    if verb == "attack":
        battle = state.battle
        target = battle.opponent(seat) if battle is not None else seat
        if args[0] == "normal":
            return f"normal attack (servant's 攻撃): {_forecast(state, seat, target, 'normal')}"
        return f"attack with {ability(args[0])}: {_forecast(state, seat, target, args[0])}"
    if verb in ("clash", "guard"):
        return f"{verb} with {ability(args[0])}: {_answer_forecast(state, verb, args[0])}"
    if verb == "ability":
        return f"ability {ability(args[0])}"
    if verb == "intervene":
        return (f"intervene against {who(args[0])} with {ability(args[1])}: "
                f"{_forecast(state, seat, int(args[0]), args[1], intervening=True)}")
    if verb == "nominate":
        return f"nominate {who(args[0])}"
    if verb == "pass" and state.stack and state.stack[-1].kind == "respond":
        return _pass_text(state, seat)
    if verb == "spell":
        from bouts.games.kaleido.command_spells import SPELL_MEANING

        return f"command spell {SPELL_MEANING[args[0]]}"
    return {"lurk": "lurk (潜伏): draw 1, no battle of your own",
            "act": "normal action (通常行動): draw by rank, nominate",
            "no_strategy": "no strategy card", "no_accumulation": "no accumulation",
            "pass": "pass", "retreat": "retreat (HP -1)", "stay": "stay for another round",
            "convert": "HP conversion: 2 HP for 1 card"}.get(verb, str(act))


def _pass_text(state: KaleidoState, seat: int) -> str:
    """What passing in a step window means: no clash, taking the damage, or letting the attack stand."""
    from bouts.games.kaleido.battle_part import strike_damage

    battle = state.battle
    if battle is None or battle.strike is None:
        return "pass"
    damage, reverse = strike_damage(state, battle.strike)
    outcome = f"{damage} damage to P{battle.strike.defender}" + (f", {reverse} back" if reverse else "")
    if seat == battle.strike.defender and battle.step == "防御":
        return f"pass: no clash (now {outcome})"
    if seat == battle.strike.defender:
        return f"pass: take the attack ({outcome})"
    return f"pass: let the attack stand ({outcome})"


def _np_short(state: KaleidoState, ability_id: str) -> str:
    """A Noble Phantasm in a few characters: ``約束された勝利の剣 攻13 消費4 相殺可``."""
    a = state.catalog.abilities[ability_id]
    what = {"np_attack": f"攻{a.power}", "np_defence": f"ダメージ-{a.power}"}.get(a.kind, ABILITY_EFFECT.get(
        a.effect, a.effect).format(v=a.power))
    return f"{a.name} {what} 消費{a.cost}" + (" 相殺可" if a.offset else "") + (" 介入可能" if a.intervene else "")


def _forecast(state: KaleidoState, seat: int, target: int, method: str, intervening: bool = False) -> str:
    """``攻撃 8 vs 防御 5 → 3 damage``: an attack's damage if nothing more were played (KAL-088, KAL-095)."""
    from bouts.games.kaleido.battle_part import strike_damage
    from bouts.games.kaleido.state import Strike
    from bouts.games.kaleido.timings import attack_power, defence_power

    if state.battle is None or seat == target:
        return "no target"
    power = attack_power(state, seat, method)
    if intervening and seat not in state.battle.intervened:
        from bouts.games.kaleido.timings import field_modifier

        power = max(0, power + field_modifier(state, "attack"))  # the battlefield reaches it once declared
    damage = max(0, power - defence_power(state, target)) if intervening else \
        strike_damage(state, Strike(seat, target, method))[0]
    return f"攻撃 {power} vs 防御 {defence_power(state, target)} → {damage} damage"


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
    return f"→ {damage} damage" + (f", {reverse} back to P{trial.attacker}" if reverse else "")


def render_view(view: Mapping[str, Any]) -> str:
    """The table for a terminal, as Rich markup (every name escaped); compact enough for 160x50 with a menu."""
    lines: list[str] = []
    me = view.get("you")
    players = view["players"]
    order = view.get("order") or []
    fate_order = "  ".join(f"{players[s]['fate']}:P{s}" for s in order if players[s]["alive"] and players[s]["fate"])
    top = view.get("discard_top") or []
    lines.append(f"[bold]Fate/kaleido grail[/bold]  turn {view['turn']}  {escape(str(view['phase']))} part  "
                 f"fate order {fate_order or '-'}  deck {view['deck']}  discard {view['discard']}"
                 + (f" (top: {escape(', '.join(reversed(top)))})" if top else ""))
    for p in players:
        name = f"[bold]P{p['seat']}[/bold]" if p["seat"] == me else f"P{p['seat']}"
        if not p["alive"]:
            lines.append(f"{name} {escape(p['master'] or '?')} / {escape(p['servant'] or '?')}  [red]脱落[/red]")
            continue
        strategy = p["strategy"]
        strat = (f"  戦略 {escape(strategy['name'])} \\[{escape(strategy['timing'])}/{escape(strategy['duration'])}] "
                 f"{escape(strategy['effect'])}") if strategy else ""
        lines.append(
            f"{name} fate {p['fate'] or '-'} {escape(p['master'] or '?')} / {escape(p['servant'] or '?')}  "
            f"HP {p['hp']}/{p['max_hp']} 攻{p['attack']} 防{p['defence']}  令呪 {p['spells']}  "
            f"手札 {p['hand']}/{p['max_mana']}  蓄積 {p['accumulation']}"
            + (" [dim]潜伏[/dim]" if p["lurking"] else "") + (" 召喚中" if p["summoned"] else "") + strat)
    battle = view.get("battle")
    if battle:
        field = battle["field"]
        steps = "→".join(f"[reverse]{s}[/reverse]" if s == battle["step"] else s for s in (*STEP_NAMES, "撤退"))
        interveners = ", ".join(f"P{s}" for s in battle["intervened"])
        lines.append(f"[bold]battle[/bold] P{battle['first']} (先攻) vs P{battle['second']} (後攻)  round "
                     f"{battle['round']}  戦場 {field['number']} {escape(field['name'])}: {escape(field['effect'])}  "
                     f"{steps}" + (f"  介入: {interveners}" if interveners else ""))
        now = battle.get("now") or []
        if now:
            lines.append("  now: " + "  ".join(now_text(v) for v in now))
        strike = battle.get("strike")
        if strike:
            lines.append(f"  P{strike['attacker']} → P{strike['defender']}: {escape(strike['method_name'])}"
                         + (" (介入)" if strike["intervention"] else "")
                         + (f"  相殺 {escape(strike['clash_name'])}" if strike.get("clash_name") else "")
                         + (f"  防御宝具 {escape(strike['guard_name'])}" if strike.get("guard_name") else "")
                         + f"  {preview_text(strike)}")
    effects = [f"P{e['target']} {'攻' if e['stat'] == 'attack' else '防'}{e['value']:+d} "
               f"({escape(e['scope'])}{'' if e['active'] else ', next'})" for e in view.get("effects", [])]
    for start in range(0, len(effects), 6):
        lines.append(("effects: " if start == 0 else "         ") + "  ".join(effects[start:start + 6]))
    for p in players:
        if p["seat"] == me and p["abilities"]:
            lines.append("your abilities: " + escape("; ".join(p["abilities"])))
    hand = view.get("hand")
    if hand is not None:
        stored = escape(", ".join(view.get("accumulation") or [])) or "-"
        lines.append(f"[bold]your hand[/bold] ({len(hand)})  蓄積: {stored}")
        counts: dict[str, int] = {}
        faces: dict[str, dict[str, Any]] = {}
        for c in hand:
            counts[c["name"]] = counts.get(c["name"], 0) + 1
            faces[c["name"]] = c
        for name, count in counts.items():
            c = faces[name]
            lines.append(f"  {escape(name)}{f' x{count}' if count > 1 else ''}  発動 {escape(c['timing'])}  "
                         f"持続 {escape(c['duration'])}  消費 {escape(c['cost'])}  効果 {escape(c['effect'])}")
    decision = view.get("decision")
    if decision:
        lines.append(f"[bold yellow]P{decision['seat']}: {escape(decision['prompt'])}[/bold yellow]"
                     + (f" (due {decision['due']})" if "due" in decision else ""))
    outcome = view.get("outcome")
    if outcome:
        lines.append(f"[bold green]{escape(outcome['reason'])}[/bold green]")
    return "\n".join(lines)


def now_text(value: Mapping[str, Any]) -> str:
    """``P1 攻6 防5``: a seat's current attack and defence in the battle."""
    return f"P{value['seat']} 攻{value['attack']} 防{value['defence']}"


def preview_text(strike: Mapping[str, Any]) -> str:
    """``攻撃 8 vs 防御 5 → 3 damage`` (and reverse clash damage): what the attack does if nothing more is played."""
    text = f"攻撃 {strike['power']} vs 防御 {strike['defence']} → {strike['damage']} damage"
    return text + (f", {strike['reverse']} back to P{strike['attacker']}" if strike.get("reverse") else "")


def shown_values(view: Mapping[str, Any]) -> list[str]:
    """Every value of ``view`` that :func:`render_view` prints, as printed (the render test checks each)."""
    values = [str(view["turn"]), str(view["phase"]), str(view["deck"]), str(view["discard"]),
              *view.get("discard_top", [])]
    for p in view["players"]:
        values += [f"P{p['seat']}", p["master"] or "?", p["servant"] or "?"]
        if not p["alive"]:
            continue
        values += [f"HP {p['hp']}/{p['max_hp']}", f"令呪 {p['spells']}", f"手札 {p['hand']}/{p['max_mana']}",
                   f"蓄積 {p['accumulation']}"]
        if p["strategy"]:
            values += [p["strategy"]["name"], p["strategy"]["effect"]]
        if p["seat"] == view.get("you"):
            values += list(p["abilities"])
    battle = view.get("battle")
    if battle:
        values += [battle["field"]["name"], battle["field"]["effect"], f"round {battle['round']}"]
        values += [now_text(v) for v in battle.get("now") or []]
        strike = battle.get("strike")
        if strike:
            values += [strike["method_name"], preview_text(strike)]
            values += [name for name in (strike.get("clash_name"), strike.get("guard_name")) if name]
    for c in view.get("hand") or []:
        values += [c["name"], c["timing"], c["duration"], c["effect"]]
    values += list(view.get("accumulation") or [])
    if view.get("decision"):
        values.append(view["decision"]["prompt"])
    if view.get("outcome"):
        values.append(view["outcome"]["reason"])
    return [v for v in values if v]


def render_discard(view: Mapping[str, Any]) -> str:
    """The discard pile (捨て札), face up, oldest first, with copies counted (``view discard``)."""
    pile = list(view.get("discard_pile") or [])
    if not pile:
        return "捨て札 (discard pile): empty"
    counts: dict[str, int] = {}
    for name in pile:
        counts[name] = counts.get(name, 0) + 1
    return f"捨て札 (discard pile), {len(pile)} cards: " + ", ".join(
        escape(name) + (f" x{n}" if n > 1 else "") for name, n in counts.items())


def render_strategy(view: Mapping[str, Any]) -> str:
    """Every face-up strategy card on the table (``view strategy``)."""
    lines = []
    for p in view["players"]:
        c = p.get("strategy")
        if c:
            lines.append(f"P{p['seat']} {escape(p['master'] or '?')}: {escape(c['name'])} "
                         f"\\[発動 {escape(c['timing'])} / 持続 {escape(c['duration'])}] {escape(c['effect'])}")
    return "\n".join(lines) if lines else "no strategy card is face up"


def render_abilities(view: Mapping[str, Any]) -> str:
    """Every master's and servant's special abilities and Noble Phantasms, printed on the face-up cards
    (``view abilities``)."""
    lines = []
    for p in view["players"]:
        if p.get("abilities") and p["alive"]:
            lines.append(f"P{p['seat']} {escape(p['master'] or '?')} / {escape(p['servant'] or '?')}: "
                         + escape("; ".join(p["abilities"])))
    return "\n".join(lines) if lines else "no abilities on the table yet"
