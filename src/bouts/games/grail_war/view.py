"""What a seat may know (``view``), and the terminal picture of it (``render``) with Rich markup."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bouts.core.text import escape_markup as escape
from bouts.games.grail_war.actions import Act
from bouts.games.grail_war.battle import card_power, total_power
from bouts.games.grail_war.board import np_cost, stats
from bouts.games.grail_war.cards import ATTRIBUTE_NAMES, TIMING_NAMES, NPCard
from bouts.games.grail_war.climax import at_stake
from bouts.games.grail_war.movement import recon_occupant
from bouts.games.grail_war.state import BATTLEFIELDS, PLACE_NAMES, PLACES, GrailState, Player

STAGE_NAMES = {"before_move": "command spells before moving", "move": "move", "after_move":
               "command spells before battle preparation", "prepare": "battle preparation",
               "resolve": "effects", "after_prepare": "command spells after battle preparation"}


def _card(state: GrailState, p: Player, card: str) -> dict[str, Any]:
    c = state.catalog.cards[card]
    power, attributes, cost = stats(state, p, card)
    text = c.text if not (isinstance(c, NPCard) and p.np.get(card) == "converted") else "(counts as an attack card)"
    return {"card": card, "name": c.name, "power": power, "attributes": list(attributes), "cost": cost,
            "timing": c.timing, "text": text}


def power_here(state: GrailState, seat: int, card: str) -> int | None:
    """A card's power where ``seat`` stands, with the situation's and the events' rules (attribute +X, base
    power set to X): ``None`` off a battlefield, or while an event there is still face down."""
    place = state.players[seat].location
    if place not in BATTLEFIELDS or any(not up for _, up in state.events_at.get(place, [])):
        return None
    return card_power(state, seat, card, True, place)


def _np(state: GrailState, p: Player, card: str) -> dict[str, Any]:
    entry = _card(state, p, card)
    entry["cost"] = np_cost(state, card)
    entry["status"] = p.np[card]
    return entry


def view_of(state: GrailState, seat: int | None, to_act: tuple[int, ...]) -> dict[str, Any]:
    """The public board, every master board, and ``seat``'s own cards; never a hidden card or deck order."""
    cat = state.catalog
    players = []
    for s, p in enumerate(state.players):
        own = s == seat
        known = own or p.exposed
        played = []
        for card, up, silent in p.played:
            if up or own:
                entry = _card(state, p, card)
                entry.update(face_up=up, power_now=card_power(state, s, card, up, p.location), silenced=silent)
                played.append(entry)
            else:
                played.append({"face_up": False})
        players.append({
            "seat": s, "master": p.master, "master_name": cat.masters[p.master].name if p.master else "",
            "servant": p.servant if known and p.servant else None,
            "servant_name": cat.servants[p.servant].name if known and p.servant else None,
            "revealed": p.revealed, "mana": p.mana, "infinite": p.infinite, "command_spells": p.command_spells,
            "spoils": p.spoils, "jewels": p.jewels, "location": p.location, "eliminated": p.eliminated,
            "hand": len(p.hand), "deck": len(p.deck),
            "trash": [(cat.cards[c].name if (up or own) else None) for c, up in p.trash],
            "np": [_np(state, p, c) for c in p.np] if known else len(p.np),
            "at_hand": [cat.cards[c].name for c in p.at_hand],
            "residual": [cat.cards[c].name for c, _ in p.residual],
            "played": played, "selected": len(p.selected), "use_b": p.use_b, "lost": p.lost,
            "power": total_power(state, s) if p.location in BATTLEFIELDS and p.acted else None,
            "acted": p.acted,
        })
    events = {}
    for place in BATTLEFIELDS:
        events[place] = [{"name": cat.events[e].name, "spoils": cat.events[e].spoils, "text": cat.events[e].text}
                         if up else {"face_down": True} for e, up in state.events_at.get(place, [])]
    situation = None
    if state.situation is not None:
        sit = cat.situations[state.situation]
        situation = {"id": sit.id, "name": sit.name, "supply": sit.supply, "text": sit.text}
    you: dict[str, Any] | None = None
    if seat is not None and 0 <= seat < state.seats and state.players[seat].master:
        p = state.players[seat]
        you = {"seat": seat, "hand": [{**_card(state, p, c), "power_here": power_here(state, seat, c)} for c in p.hand],
               "selected": [{"card": c, "name": cat.cards[c].name, "face_up": up} for c, up in p.selected],
               "at_hand": [_card(state, p, c) for c in p.at_hand],
               "np": [_np(state, p, c) for c in p.np],
               "deck": len(p.deck)}
    pending = None
    if state.pending:
        top = state.pending[-1]
        pending = {"kind": top.kind, "seat": top.seat, "card": cat.cards[top.card].name if top.card else "",
                   "choices": list(top.choices)}
    return {
        "game": "grail_war", "seat": seat, "seats": state.seats, "round": state.round, "step": state.step,
        "stage": state.stage, "casual": state.options.casual, "climax": state.climax_card is not None,
        "situation": situation, "situation_deck": len(state.situation_deck),
        "display": [cat.situations[s].name for s in state.display],
        "events": events, "event_deck": len(state.event_deck), "event_used": len(state.event_used),
        "event_trash": [cat.events[e].name for e in state.event_used],
        "tokens": dict(state.tokens), "npc": state.npc, "recon": recon_occupant(state), "start": state.start,
        "workshop": list(state.workshop), "players": players, "you": you, "pending": pending,
        "chance": state.chance[0] if state.chance else None, "to_act": list(to_act),
        "winners": list(state.winners) if state.winners is not None else None, "reason": state.reason,
        "at_stake": at_stake(state) if state.step in ("place", "turn") else None,
    }


# -- rendering ---------------------------------------------------------------------------------
def _attrs(attributes: list[str]) -> str:
    return "/".join(ATTRIBUTE_NAMES.get(a, a) for a in attributes) or "-"


def _who(view: Mapping[str, Any], seat: int) -> str:
    p = view["players"][seat]
    return f"P{seat + 1} {p['master_name'].split(' ', 1)[-1]}" if p["master_name"] else f"P{seat + 1}"


def _card_line(c: Mapping[str, Any]) -> str:
    timing = f"{TIMING_NAMES[c['timing']]}: " if c.get("timing") and TIMING_NAMES[c["timing"]] not in c["text"] else ""
    here = c.get("power_here")
    power = f"[yellow]{c['power']}[/]" + (f" ([yellow]{here}[/] here)" if here is not None and here != c["power"]
                                            else "")
    return (f"[bold]{escape(c['name'])}[/] [dim]({escape(c['card'])})[/] power {power} "
            f"cost [cyan]{c['cost']}[/] {escape(_attrs(c['attributes']))}"
            + (f" — {escape(timing + c['text'])}" if c.get("text") else ""))


def render_view(view: Mapping[str, Any]) -> str:
    """The board as Rich markup: places, pieces, power, events, round and situation; the master boards;
    the viewer's own cards with cost, power, attributes and effect text."""
    lines: list[str] = []
    casual = " · Casual" if view["casual"] else ""
    phase = {"place": "Outpost phase", "turn": "Action phase", "over": "Game over"}.get(view["step"], view["step"])
    sit = view["situation"]
    lines.append(f"[bold]Dominate Grail War[/]{casual} · Round [bold]{view['round']}[/]"
                 + (" [red](climax)[/]" if view["climax"] else "") + f" · {escape(phase)}"
                 + f" · start player {escape(_who(view, view['start']))}"
                 + f" · situation deck {view['situation_deck']} · events deck {view['event_deck']}")
    if sit:
        lines.append(f"Situation: [bold]{escape(sit['name'])}[/] — {escape(sit['text'])}")
    if view["display"]:
        lines.append("Round display: " + escape(", ".join(view["display"])))
    for place in PLACES:
        pieces = []
        for p in view["players"]:
            if p["location"] == place:
                power = f" [yellow]{p['power']}[/]" if p["power"] is not None else ""
                pieces.append(escape(_who(view, p["seat"])) + power + (" [red]敗北[/]" if p["lost"] else ""))
        if view["npc"] == place:
            pieces.append("NPC [yellow]11[/]")
        extra = ""
        if place in BATTLEFIELDS:
            evs = [("[dim]face down[/]" if e.get("face_down") else
                    f"{escape(e['name'])} ([green]{e['spoils']}[/]) {escape(e['text'])}")
                   for e in view["events"][place]]
            tokens = []
            for t in (f"{place}3", f"{place}1"):
                holder = view["tokens"].get(t)
                tokens.append(f"+{t[-1]}: " + (escape(_who(view, holder)) if holder is not None else "free"))
            extra = " · events: " + ("; ".join(evs) or "none") + " · land " + ", ".join(tokens)
        lines.append(f"[bold]{escape(PLACE_NAMES[place])}[/]: " + (", ".join(pieces) or "[dim]empty[/]") + extra)
    lines.append("")
    lines.append("[bold]Masters[/]  (mana · command spells · spoils · servant · hand/deck/trash · used this round)")
    for p in view["players"]:
        if not p["master_name"]:
            continue
        servant = p["servant_name"] or "[dim]hidden[/]"
        servant = escape(servant) if p["servant_name"] else servant
        if p["revealed"]:
            servant += " (revealed)"
        mana = "∞" if p["infinite"] else str(p["mana"])
        jewels = f" jewels {p['jewels']}" if p["jewels"] else ""
        played = ", ".join((escape(c["name"]) + f" {c['power_now']}" if c["face_up"] else "face down")
                           for c in p["played"]) or "-"
        status = " [red]eliminated[/]" if p["eliminated"] else ""
        np = "" if isinstance(p["np"], int) else " · NP used: " + escape(", ".join(
            n["name"] for n in p["np"] if n["status"] != "down") or "none")
        cards = f"{p['hand']}/{p['deck']}/{len(p['trash'])}"
        lines.append(f" {escape(_who(view, p['seat']))}{status}: mana [cyan]{mana}[/] · spells {p['command_spells']}"
                     f" · spoils [green]{p['spoils']}[/]{jewels} · {servant} · {cards}"
                     f" · {played}" + (f" · Use B x{p['use_b']}" if p["use_b"] else "") + np)
    you = view["you"]
    if you is not None:
        lines.append("")
        lines.append(f"[bold]Your cards[/] (deck {you['deck']}):")
        chosen = {s["card"] for s in you["selected"]}
        if len(you["hand"]) > 6:  # 無限の剣製: the whole deck in hand, three cards a line without their text
            short = [f"{escape(c['name'])} [dim]({escape(c['card'])})[/] [yellow]{c['power']}[/]/[cyan]{c['cost']}[/] "
                     f"{escape(_attrs(c['attributes']))}" + (" [magenta]chosen[/]" if c["card"] in chosen else "")
                     for c in you["hand"]]
            for i in range(0, len(short), 3):
                lines.append("  hand (power/cost): " + " · ".join(short[i:i + 3]))
        else:
            for c in you["hand"]:
                lines.append("  hand: " + _card_line(c) + (" [magenta]chosen[/]" if c["card"] in chosen else ""))
        for c in you["at_hand"]:
            lines.append("  at hand: " + _card_line(c))
        for c in you["np"]:
            lines.append(f"  NP/skill ({escape(c['status'])}): " + _card_line(c))
        if you["selected"]:
            lines.append("  chosen: " + escape(", ".join(s["name"] + (" (up)" if s["face_up"] else " (down)")
                                                         for s in you["selected"])))
    lines += stake_lines(view)
    if view["pending"]:
        pend = view["pending"]
        lines.append(f"Waiting: {escape(_who(view, pend['seat']))} decides "
                     f"({escape(pend['kind'])} {escape(pend['card'])})")
    elif view["to_act"] and view["to_act"][0] >= 0 and view["step"] in ("place", "turn"):
        who = view["to_act"][0]
        what = "placement" if view["step"] == "place" else STAGE_NAMES.get(view["stage"], view["stage"])
        lines.append(f"Now: {escape(_who(view, who))} — {escape(what)}")
    if view["winners"] is not None:
        lines.append("[bold green]Winners:[/] " + escape(", ".join(_who(view, s) for s in view["winners"]))
                     + " — " + escape(view["reason"]))
    return "\n".join(lines)


def stake_lines(view: Mapping[str, Any]) -> list[str]:
    """Round 8 and the climax rounds: who drops out after the round with the spoils standing, and what the
    viewer must gain to stay in (DGW-107..DGW-111)."""
    stake = view.get("at_stake")
    if not stake:
        return []
    rule = (f"keep the {stake['keep']} with the most" if not stake["once"] else "the fewest drop out")
    out = ", ".join(f"{_who(view, s)} ({view['players'][s]['spoils']})" for s in stake["out"])
    lines = [f"[bold red]After this round[/] ({escape(stake['clause'])}: {escape(rule)}): "
             + (f"with the spoils standing, {escape(out)} would be eliminated" if out else
                "with the spoils standing, nobody would be eliminated")]
    seat = view.get("seat")
    need = {s: k for s, k in stake["need"]}
    if isinstance(seat, int) and seat in need:
        lines.append(f"[bold red]You are eliminated unless you gain {need[seat]} more spoils[/] "
                     f"(you have {view['players'][seat]['spoils']})")
    return lines


def describe_action(state: GrailState, seat: int, act: Act) -> str:
    """A menu line for an action."""
    cat = state.catalog
    verb = act.verb
    p = state.players[seat] if 0 <= seat < state.seats else None
    if verb == "place":
        return f"Place your piece at {PLACE_NAMES[act.what or '']}"
    if verb == "move":
        from bouts.games.grail_war.movement import paid_moves
        cost = paid_moves(state, seat).get(act.what or "", 0)
        return f"Move to {PLACE_NAMES[act.what or '']} for {cost} mana"
    if verb == "stay":
        return "Stay where you are"
    if verb == "spell":
        if act.what == "mana":
            return "Command spell: +4 mana"
        if act.what == "power":
            return "Command spell: +2 power (+2 spoils if you win)"
        return f"Command spell: move free to {PLACE_NAMES[act.how or '']}"
    if verb == "jewel":
        return "Jewels (2): +1 mana" if act.what == "mana" else "Jewels (3): discard cards face down, draw as many"
    if verb == "next":
        return {"before_move": "Go on to your move", "after_move": "Go on to battle preparation"}.get(
            state.stage, "End your action")
    if verb == "play" and p is not None:
        card = cat.cards[act.what or ""]
        power, attributes, cost = stats(state, p, act.what or "")
        if act.how == "down":
            return f"Use {card.name} face down (power 0, cost 0)"
        here = power_here(state, seat, act.what or "")
        shown = f"power {power}" if here is None or here == power else \
            f"power {here} at {PLACE_NAMES[p.location or ''].split()[0]} (printed {power})"
        return f"Use {card.name} face up ({shown}, cost {cost}, {_attrs(list(attributes))})"
    if verb == "done":
        if state.pending and state.pending[-1].kind == "rebuild":
            return "Stop discarding and draw"
        return "Done: pay and use the chosen cards" if not state.pending else "Done"
    if verb == "goto":
        return f"Move to {PLACE_NAMES[act.what or '']}"
    if verb == "target":
        t = int(act.what or 1) - 1
        return f"Target P{t + 1} {str(cat.masters[state.players[t].master].name).split(' ', 1)[-1]}"
    if verb == "discard":
        return f"Discard {cat.cards[act.what or ''].name} face down"
    if verb == "change":
        return "Change master to Matou Sakura (偽臣の書)"
    if verb == "keep":
        return "Stay Matou Shinji"
    return str(act)


def shown_values(view: Mapping[str, Any]) -> list[str]:
    """Every value :func:`render_view` promises to show, as printed: the round, the situation, places and
    pieces, open events, each master's line of numbers and known servant, and the viewer's own cards."""
    values = [f"Round {view['round']}", f"situation deck {view['situation_deck']}",
              f"events deck {view['event_deck']}"]
    if view["situation"]:
        values.append(view["situation"]["name"])
    values += view["display"]
    values += [PLACE_NAMES[place] for place in PLACES]
    for place in BATTLEFIELDS:
        values += [e["name"] for e in view["events"][place] if not e.get("face_down")]
    for p in view["players"]:
        if not p["master_name"]:
            continue
        status = " eliminated" if p["eliminated"] else ""
        mana = "∞" if p["infinite"] else str(p["mana"])
        values.append(f"{_who(view, p['seat'])}{status}: mana {mana} · spells {p['command_spells']}"
                      f" · spoils {p['spoils']}")
        if p["servant_name"]:
            values.append(p["servant_name"])
        values.append(f"{p['hand']}/{p['deck']}/{len(p['trash'])}")
    you = view["you"]
    if you is not None:
        values.append(f"Your cards (deck {you['deck']})")
        for c in [*you["hand"], *you["at_hand"], *you["np"]]:
            values += [c["name"], f"({c['card']})"]
    if view["winners"] is not None:
        values.append(view["reason"])
    values += [_plain(line) for line in stake_lines(view)]
    return values


def _plain(markup: str) -> str:
    """Rich markup as the screen prints it."""
    from rich.text import Text
    return Text.from_markup(markup).plain


def render_trash(view: Mapping[str, Any]) -> str:
    """``view trash``: each master's trash as the viewer sees it (face-down cards unnamed)."""
    lines = ["[bold]Trash[/] (face-up cards are public; face-down ones only their owner knows)"]
    for p in view["players"]:
        if not p["master_name"]:
            continue
        named = [escape(c) for c in p["trash"] if c is not None]
        down = sum(1 for c in p["trash"] if c is None)
        lines.append(f" {escape(_who(view, p['seat']))}: " + (", ".join(named) or "-")
                     + (f" · {down} face down" if down else ""))
    return "\n".join(lines)


def render_events(view: Mapping[str, Any]) -> str:
    """``view events``: the events on each battlefield (face-down ones unnamed) and the used events."""
    lines = ["[bold]Events[/]"]
    for place in BATTLEFIELDS:
        evs = [("[dim]face down[/]" if e.get("face_down") else
                f"{escape(e['name'])} ([green]{e['spoils']}[/] spoils) — {escape(e['text'])}")
               for e in view["events"][place]]
        lines.append(f" [bold]{escape(PLACE_NAMES[place])}[/]: " + ("; ".join(evs) or "none"))
    lines.append(f" deck {view['event_deck']} · used: " + (escape(", ".join(view["event_trash"])) or "none"))
    return "\n".join(lines)
