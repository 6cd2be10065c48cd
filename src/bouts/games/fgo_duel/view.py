"""What a seat may see of an FGO Duel match (FGO-RUL-35), menu lines, and the text picture of the map."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from bouts.core.chance import Roll, Shuffle
from bouts.core.contract import Seat
from bouts.core.text import cell_width as cell_len
from bouts.core.text import escape_markup as escape
from bouts.games.fgo_duel.actions import Act, FgoAction
from bouts.games.fgo_duel.battle import breakdown, chains_of, chips_in_effect, total_of
from bouts.games.fgo_duel.deck import card_name
from bouts.games.fgo_duel.skills import np_of
from bouts.games.fgo_duel.state import CHAIN_COUNTER_SQUARES, FgoState, Phase, ServantInPlay


def card_json(state: FgoState, instance: str) -> dict[str, Any]:
    """A visible command card as data."""
    card = state.catalog.command(instance)
    return {"id": instance, "servant": state.catalog.owner(instance), "type": card.type.value, "power": card.power}


def skill_json(state: FgoState, servant: ServantInPlay, seat: Seat | None, owner: int) -> dict[str, Any] | None:
    """A skill card: its text to its owner (FGO-088); face down, only its state to others (FGO-089)."""
    if servant.skill is None or servant.skill_state is None:
        return None
    data: dict[str, Any] = {"state": servant.skill_state.value}
    if seat == owner or servant.skill_revealed:
        skill = state.catalog.skills[servant.skill]
        data.update(id=skill.id, name=skill.name, kind=skill.kind, np_cost=skill.np_cost, text=skill.text,
                    target=servant.skill_target)
    return data


def servant_json(state: FgoState, servant: ServantInPlay, seat: Seat | None, owner: int) -> dict[str, Any]:
    """A status card (FGO-005) with its figure's area."""
    card = state.catalog.servants[servant.servant]
    return {"id": card.id, "name": card.name, "servant_no": card.servant_no, "class": card.servant_class,
            "rarity": card.rarity, "cost": card.cost, "slot": servant.slot, "area": servant.area,
            "commands": [{"type": c.type.value, "power": c.power} for c in card.commands],
            "skill": skill_json(state, servant, seat, owner)}


def master_json(state: FgoState, index: int, seat: Seat | None) -> dict[str, Any]:
    """One master as ``seat`` sees it."""
    master = state.masters[index]
    sealed = state.sealed
    data: dict[str, Any] = {
        "seat": index,
        "first": None if state.phase in (Phase.PARTY, Phase.FIRST_PLAYER) else index == state.first,
        "party": [servant_json(state, s, seat, index) for s in master.party],
        "deck_size": len(master.deck),
        "hand_size": len(master.hand),
        "trash": [dict(card_json(state, c), sideways=c in master.sideways) for c in master.trash],
        "removed": [card_json(state, c) for c in master.removed],
        "np": np_of(state, index),
        "chips": [{"chain": c.chain, "square": c.square} for c in master.chips],
        "chip_power": chips_in_effect(state, index),
        "card_total": master.card_total,
        "mulliganed": master.mulliganed,
        "battle_cards": len(master.battle),
        "has_chosen": sealed is not None and index in sealed.chosen,
        "status_cards_placed": (len(state.party_picks[index]) if state.phase in (Phase.PARTY, Phase.FIRST_PLAYER)
                                else len(master.party)),
    }
    if seat == index:
        data["hand"] = [card_json(state, c) for c in master.hand]
        if sealed is not None and index in sealed.chosen:
            data["sealed_choice"] = list(sealed.chosen[index])
        elif state.phase is Phase.PARTY:
            data["sealed_choice"] = list(state.party_picks[index])
    return data


def view_of(state: FgoState, seat: Seat | None, to_act: tuple[Seat, ...]) -> dict[str, Any]:
    """The match as ``seat`` may know it: never another hand, a deck order or a sealed choice."""
    game_map = state.map
    attack = state.attack
    return {
        "game": "fgo_duel",
        "seat": seat,
        "advanced": state.options.advanced,
        "cost_cap": state.options.cost_cap,
        "phase": state.phase.value,
        "turn": state.turn,
        "turns": state.turns,
        "first": state.first,
        "to_act": list(to_act),
        "map": {"id": game_map.id, "name": game_map.name,
                "areas": [{"id": a.id, "name": a.name, "pos": list(a.pos), "master": a.master,
                           "initial": None if a.initial is None else list(a.initial)} for a in game_map.areas],
                "links": [list(link) for link in game_map.links]},
        "masters": [master_json(state, i, seat) for i in range(len(state.masters))],
        "attack": None if attack is None else {"attacker": attack.attacker, "origin": attack.origin,
                                               "destination": attack.destination, "defender": attack.defender},
        "last_battle": state.last_battle,
        "winner": state.winner,
        "reason": state.reason,
    }


def describe_action(state: FgoState, seat: Seat, action: FgoAction) -> str:
    """A menu line for ``action``."""
    if isinstance(action, Roll):
        return f"seat {action.values[0] - 1} goes first"
    if isinstance(action, Shuffle):
        return "shuffle"
    catalog = state.catalog
    verb, args = action.verb, action.args
    if verb == "pick":
        servant_id, _, skill = args[0].partition(":")
        s = catalog.servants[servant_id]
        slot = len(state.party_picks[seat]) + 1
        cards = " ".join(f"{c.type.value[0].upper()}{c.power}" for c in s.commands)
        extra = f", skill {catalog.skills[skill].name}" if skill else ""
        spent = sum(catalog.servants[t.partition(':')[0]].cost for t in state.party_picks[seat])
        return (f"STATUS {slot}: {s.name} ({s.servant_class}, cost {s.cost}, party cost {spent + s.cost}; "
                f"{cards}{extra})")
    if verb == "party":
        names = []
        for number, token in enumerate(args, start=1):
            servant_id, _, skill = token.partition(":")
            s = catalog.servants[servant_id]
            extra = f", skill {catalog.skills[skill].name}" if skill else ""
            names.append(f"{number}: {s.name} ({s.servant_class}, cost {s.cost}{extra})")
        cost = sum(catalog.servants[t.partition(':')[0]].cost for t in args)
        return f"Party (cost {cost}) " + "; ".join(names)
    if verb == "keep":
        return "Keep this hand"
    if verb == "mulligan":
        return "Mulligan: shuffle the hand back and draw 5 (once only)"
    if verb == "pass":
        return {Phase.START: "Use no skill", Phase.TRIGGER: "Do not use the trigger skill",
                Phase.END_MOVE: "Do not move"}.get(state.phase, "Pass")
    if verb == "skill":
        servant = state.masters[seat].servant(args[0])
        skill_card = catalog.skills[servant.skill or ""]
        rest = [a for a in args[1:] if not a.startswith("pay:")]
        payer = next((a[4:] for a in args[1:] if a.startswith("pay:")), None)
        target = f" on {catalog.servants[rest[0]].name}" if rest else ""
        paying = f"NP {skill_card.np_cost}"
        if payer is not None:
            paid = catalog.skills[state.masters[seat].servant(payer).skill or ""]
            paying += f", removing {paid.name} of {catalog.servants[payer].name} for NP {paid.pays_np}"
        return f"Use {skill_card.name} of {catalog.servants[args[0]].name}{target} ({paying}): {skill_card.text}"
    if verb == "move":
        servant_id, area, card = args
        found = state.occupant(area)
        what = ""
        if area == state.map.master_area(1 - seat):
            what = " [bold]and win[/]"
        elif found is not None:
            what = f" and attack {catalog.servants[found[1].servant].name}"
        return (f"Move {catalog.servants[servant_id].name} to {state.map.area(area).name}{what}, "
                f"paying {card_name(state, card)}")
    if verb == "battle":
        fighting = enemy = ""
        if state.attack is not None:
            attack = state.attack
            fighting, enemy = ((attack.attacker, attack.defender or "") if seat == state.turn
                               else (attack.defender or "", attack.attacker))
        if not enemy:
            chains = chains_of(catalog, args, fighting)
            power = sum(catalog.command(c).power for c in args)
            return "Play " + ", ".join(card_name(state, c) for c in args) + f" (power {power}" + \
                (f", {' + '.join(chains)} CHAIN" if chains else "") + ")"
        total = total_of(state, seat, args, fighting, enemy)
        parts = breakdown(total.cards, total.buster, total.brave, total.chips, total.skills)
        return ("Play " + ", ".join(card_name(state, c) for c in args) + f": total {total.value} = {parts}"
                + (f" ({' + '.join(total.chains)} CHAIN)" if total.chains else ""))
    if verb == "remove":
        return f"Remove {card_name(state, args[0])} from the game and shuffle the rest of the trash"
    if verb == "end_move":
        return (f"Trash {card_name(state, args[2])}: move {catalog.servants[args[0]].name} "
                f"to {state.map.area(args[1]).name}")
    return str(action)


def chip_text(chips: list[Mapping[str, Any]]) -> str:
    """The chain counter as printed: the start square, the middle one and the rightmost one (FGO-RUL-05)."""
    squares = ["".join(c["chain"][0].upper() for c in chips if c["square"] == s) or "·"
               for s in range(CHAIN_COUNTER_SQUARES)]
    return "[start " + "|".join(squares) + " right]"


def hints_for(state: FgoState, seat: Seat, legal: tuple[FgoAction, ...]) -> list[str]:
    """Advice from ``seat``'s own knowledge: winning moves, and battle choices ranked by total."""
    out: list[str] = []
    if state.phase is Phase.ACTION:
        enemy_master = state.map.master_area(1 - seat)
        out += [f"{describe_action(state, seat, a)}: wins at once" for a in legal
                if isinstance(a, Act) and a.args[1:2] == (enemy_master,)]
        own_master = state.map.master_area(seat)
        for servant in state.masters[1 - seat].on_map():
            if servant.area is not None and own_master in state.map.neighbours(servant.area):
                out.append(f"{state.catalog.servants[servant.servant].name} stands at your master area's gate")
    elif state.phase is Phase.BATTLE and state.attack is not None:
        attack = state.attack
        fighting, enemy = ((attack.attacker, attack.defender or "") if seat == state.turn
                           else (attack.defender or "", attack.attacker))
        ranked = sorted((total_of(state, seat, a.args, fighting, enemy).value, str(a), a) for a in legal
                        if isinstance(a, Act))
        for value, _, action in reversed(ranked[-3:]):
            out.append(f"total {value}: {describe_action(state, seat, action)}")
        if seat == state.turn:
            out.append("the attacker wins only with a strictly greater total; a tie changes nothing")
        else:
            out.append("the defender holds on a tie: match the attacker's total to keep the servant")
    return out


TYPE_STYLE = {"quick": "green", "arts": "blue", "buster": "red"}


def _card(c: Mapping[str, Any]) -> str:
    style = TYPE_STYLE.get(c["type"], "white")
    return f"[{style}]{escape(c['servant'])} {c['type'][0].upper()}{c['power']}[/]"


def render_view(view: Mapping[str, Any]) -> str:
    """The map as a graph of full area names with the figures beside them, then each master's chain
    counter (chips and the power they give), NP, skill cards, trash and your hand (game strings escaped)."""
    game_map = view["map"]
    areas = {a["id"]: a for a in game_map["areas"]}
    figures: dict[str, tuple[str, str]] = {}
    for m in view["masters"]:
        colour = "cyan" if m["seat"] == 0 else "magenta"
        for s in m["party"]:
            if s["area"]:
                plain = f"S{m['seat']}:{s['id']}"
                figures[s["area"]] = (f"[bold {colour}]{escape(plain)}[/]", plain)
    by_pos = {tuple(a["pos"]): a for a in game_map["areas"]}
    links = {frozenset(link) for link in game_map["links"]}
    xs = sorted({a["pos"][0] for a in game_map["areas"]})
    ys = sorted({a["pos"][1] for a in game_map["areas"]}, reverse=True)

    def parts(a: Mapping[str, Any]) -> tuple[str, str]:
        """(markup, plain text) of an area's label: its full name, its tag and the figure in it."""
        tag = f"M{a['master']}" if a["master"] is not None else (
            f"{a['initial'][0]}.{a['initial'][1]}" if a["initial"] else "")
        plain = a["name"] + (" " + tag if tag else "")
        markup = escape(plain)
        figure = figures.get(a["id"])
        if figure is not None:
            markup += " " + figure[0]
            plain += " " + figure[1]
        return f"({markup})", f"({plain})"

    width = max(cell_len(parts(a)[1]) for a in game_map["areas"]) + 1

    def cell(pos: tuple[int, int]) -> str:
        a = by_pos.get(pos)
        if a is None:
            return " " * width
        markup, plain = parts(a)
        return markup + " " * max(0, width - cell_len(plain))

    def linked(p: tuple[int, int], q: tuple[int, int]) -> bool:
        a, b = by_pos.get(p), by_pos.get(q)
        return a is not None and b is not None and frozenset((a["id"], b["id"])) in links

    lines = [f"[bold]{escape(game_map['name'])}[/]  turn {view['turns']}  phase [bold]{view['phase']}[/]  "
             f"to act: {view['to_act']}  ({'advanced' if view['advanced'] else 'basic'} rules)"]
    for row_index, y in enumerate(ys):
        row = ""
        for x in xs:
            row += cell((x, y))
            row += "─" if linked((x, y), (x + 1, y)) else " "
        lines.append(row.rstrip())
        if row_index + 1 < len(ys):
            below = ys[row_index + 1]
            conn = ""
            for x in xs:
                vert = "│" if linked((x, y), (x, below)) else " "
                down_r = linked((x, y), (x + 1, below))
                up_r = linked((x, below), (x + 1, y))
                diag = "X" if down_r and up_r else ("\\" if down_r else ("/" if up_r else " "))
                conn += " " + vert + " " * (width - 2) + diag
            lines.append(conn.rstrip())
    legend = []
    for a in (a for a in areas.values() if a["master"] is not None):
        gates = [areas[b if x == a["id"] else x]["name"] for x, b in game_map["links"] if a["id"] in (x, b)]
        legend.append(f"M{a['master']} = seat {a['master']}'s master area, entered from {', '.join(gates)}")
    lines.append(escape("; ".join(legend) + "; S0:/S1: figures of seat 0/1; 0.1 = seat 0's initial area 1"))
    for m in view["masters"]:
        bonus = m.get("chip_power", 0)
        order = "" if m["first"] is None else (" (先攻)" if m["first"] else " (後攻)")
        head = (f"[bold]seat {m['seat']}[/]{order}  deck {m['deck_size']}  "
                f"hand {m['hand_size']}  trash {len(m['trash'])}  removed {len(m['removed'])}  "
                f"total {m['card_total']}  NP {m['np']}  chain counter: {escape(chip_text(m['chips']))}"
                + (f" (chips +{bonus} power now)" if bonus else ""))
        lines.append(head)
        for s in m["party"]:
            skill = s["skill"]
            where = areas[s["area"]]["name"] if s["area"] else "destroyed"
            cards = " ".join(f"{c['type'][0].upper()}{c['power']}" for c in s["commands"])
            line = f"   {s['slot']}. {s['name']} ({s['class']}) at {where}  [{cards}]"
            if skill is not None:
                line = fit(line + "  skill " + skill_line(skill), LINE_CELLS)
            lines.append(escape(line))
        if m["trash"]:
            lines.append("   trash: " + " ".join(_card(c) + ("↷" if c["sideways"] else "") for c in m["trash"]))
    attack = view.get("attack")
    if attack:
        where = escape(areas[attack["destination"]]["name"])
        defender = escape(attack["defender"] or "empty area")
        lines.append(f"[bold red]Attack:[/] {escape(attack['attacker'])} -> {defender} in {where}")
    battle = view.get("last_battle")
    if battle:
        sides = [f"seat {seat_key} {b['servant']} total {b['total']} = "
                 + breakdown(b["cards_power"], b["buster"], b["brave"], b["chips"], b["skills"])
                 + (f" ({' + '.join(b['chains'])} CHAIN)" if b["chains"] else "")
                 for seat_key, b in battle["seats"].items()]
        lines.append(escape(fit("last battle: " + " | ".join(sides) + f" | result: {battle['result']}", LINE_CELLS)))
    seat = view.get("seat")
    if seat is not None and 0 <= seat < len(view["masters"]):
        mine = view["masters"][seat]
        lines.append("[bold]Your hand:[/] " + (" ".join(_card(c) for c in mine.get("hand", [])) or "(empty)"))
    if view.get("winner") is not None or view["phase"] == "over":
        lines.append(f"[bold yellow]Game over:[/] {escape(str(view.get('reason')))}")
    return "\n".join(lines)


TRIGGER_SHORT = "【トリガー: when an enemy moves in】"
"""The long trigger tag as the table prints it (``view skills`` prints the card's own words)."""
LINE_CELLS = 154
"""Columns a table line may take inside the terminal's panel (160 wide): longer skill texts are cut with
an ellipsis (``view skills`` prints them whole)."""


def fit(text: str, cells: int) -> str:
    """``text`` cut to ``cells`` terminal columns, with an ellipsis when cut."""
    if cell_len(text) <= cells:
        return text
    while cell_len(text) > cells - 1:
        text = text[:-1]
    return text + "…"


def render_skills(view: Mapping[str, Any]) -> str:
    """Every skill card ``view`` shows, with its whole text (``view skills``)."""
    lines = []
    for m in view["masters"]:
        for s in m["party"]:
            if s["skill"] is not None:
                lines.append(escape(f"seat {m['seat']} {s['name']}: {skill_line(s['skill'], whole=True)}"))
    return "\n".join(lines) or "no skill cards (basic rules)"


def skill_line(skill: Mapping[str, Any], whole: bool = False) -> str:
    """A skill card as its owner (or anyone, once face up) reads it; face down to the opponent."""
    if "name" not in skill:
        return f"(face down) [{skill['state'].replace('_', ' ')}]"
    text = skill["text"]
    if not whole:
        text = re.sub(r"【コスト:NP\d+枚を消費】\s*", "", text)  # the NP cost is shown beside the name
        text = text.replace("【トリガー:敵が自身のエリアに移動しようとしたとき】", TRIGGER_SHORT)
    return (f"{skill['name']} [{skill['state'].replace('_', ' ')}, NP {skill['np_cost']}]: {text}"
            + (f" (on {skill['target']})" if skill.get("target") else ""))


def shown_values(view: Mapping[str, Any]) -> list[str]:
    """Every value of ``view`` that :func:`render_view` shows, as printed."""
    out = [view["map"]["name"], *(a["name"] for a in view["map"]["areas"])]
    for m in view["masters"]:
        out += [f"NP {m['np']}", f"deck {m['deck_size']}", f"hand {m['hand_size']}",
                f"chain counter: {chip_text(m['chips'])}"]
        for s in m["party"]:
            out.append(s["name"])
            if s["area"]:
                out.append(f"S{m['seat']}:{s['id']}")
            if s["skill"] is not None:
                out.append(fit(skill_line(s["skill"]), 60).rstrip("…"))
    battle = view.get("last_battle")
    if battle:
        out += [f"total {b['total']}" for b in battle["seats"].values()]
    return out
