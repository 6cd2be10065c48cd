"""What a seat may know (``view``), the terminal picture of it (``render``) with Rich markup, menu lines, and the
table objects each action names.

A view carries ids, numbers and names in both languages (``{"en", "ja"}`` once through ``json_view``); every
sentence here is made in the reader's language when it is shown (``_``), and no menu line carries markup.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bouts.core.contract import NO_PARTS, ActionParts
from bouts.core.i18n import bilingual, json_view, tr
from bouts.core.text import cell_width
from bouts.core.text import escape_markup as escape
from bouts.games.grail_war.actions import Act
from bouts.games.grail_war.battle import card_power, power_parts, total_power
from bouts.games.grail_war.board import np_cost, situation_effect, stats
from bouts.games.grail_war.cards import NPCard
from bouts.games.grail_war.climax import at_stake
from bouts.games.grail_war.i18n import M_, N_, _
from bouts.games.grail_war.masters import has
from bouts.games.grail_war.movement import recon_occupant
from bouts.games.grail_war.outpost import WORKSHOP_FIRST, WORKSHOP_LATER
from bouts.games.grail_war.state import (
    BATTLEFIELDS,
    NPC_POWER,
    PLACE_NAMES,
    PLACES,
    TOKEN_VALUE,
    WORKSHOP,
    GrailState,
    Player,
)

ATTRIBUTE_NAMES = {"strength": N_("Strength"), "agility": N_("Agility"), "magic": N_("Magecraft"),
                   "noble": N_("Noble Phantasm"), "special": N_("Special")}
"""Card attributes as the cards print them (筋力, 敏捷, 魔術, 宝, 特; DGW-014)."""
TIMING_NAMES = {"use": N_("On use"), "clash": N_("On clash"), "constant": N_("Constant"), "residual": N_("Residual")}
"""When an effect works: 使用時, 対決時, 常時, 残留 (DGW-016)."""
STAGE_NAMES = {"before_move": N_("command spells before moving"), "move": N_("move"),
               "after_move": N_("command spells before battle preparation"), "prepare": N_("battle preparation"),
               "resolve": N_("effects"), "after_prepare": N_("command spells after battle preparation")}
"""The parts of a master's action (DGW-058, DGW-084)."""
PHASE_NAMES = {"place": N_("Outpost phase"), "turn": N_("Action phase"), "over": N_("Game over")}
NP_STATUS = {"down": N_("face down"), "up": N_("used"), "residual": N_("residual"), "converted": N_("attack card"),
             "removed": N_("removed")}
"""Where an NP/skill card lies beside the tarot."""
PENDING_NAMES = {"goto": N_("where to move"), "target": N_("whom to target"), "riding": N_("cards to add"),
                 "rebuild": N_("cards to discard"), "switch": N_("whether to change master")}


def _card(state: GrailState, p: Player, card: str) -> dict[str, Any]:
    c = state.catalog.cards[card]
    power, attributes, cost = stats(state, p, card)
    text: Any = (c.text or "") if not (isinstance(c, NPCard) and p.np.get(card) == "converted") else \
        bilingual(lambda: _("(counts as an attack card)"))
    return {"card": card, "name": c.name, "power": power, "attributes": list(attributes), "cost": cost,
            "timing": c.timing, "text": text}


def power_here(state: GrailState, seat: int, card: str) -> int | None:
    """A card's power where ``seat`` stands, with the situation's and the events' rules (attribute +X, base
    power set to X): ``None`` off a battlefield, or while an event there is still face down."""
    place = state.players[seat].location
    if place not in BATTLEFIELDS or any(not up for _, up in state.events_at.get(place, [])):
        return None
    return card_power(state, seat, card, True, place)


def power_preview(state: GrailState, seat: int) -> int | None:
    """The total power ``seat`` would have where it stands with the cards chosen so far in its battle preparation,
    the situation's and events' modifiers, land advantage and bonuses counted (DGW-079, DGW-RUL-16): ``None`` off
    a battlefield, while an event there is face down, or once its cards are used (its total is then public)."""
    p = state.players[seat]
    place = p.location
    if place not in BATTLEFIELDS or p.acted or any(not up for _, up in state.events_at.get(place, [])):
        return None
    return total_power(state, seat) + sum(card_power(state, seat, c, up, place) for c, up in p.selected)


def start_player(state: GrailState) -> int:
    """The seat holding the start player marker: it passes over eliminated players (DGW-100, DGW-RUL-51)."""
    order = state.turn_order()
    return order[0] if order else state.start


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
            "seat": s, "number": s + 1, "master": p.master,
            "master_name": cat.masters[p.master].name if p.master else "",
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
            "power_parts": [{"label": label, "value": value} for label, value in power_parts(state, s)]
            if p.location in BATTLEFIELDS and p.acted else None,
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
               "deck": len(p.deck), "power_preview": power_preview(state, seat)}
    pending = None
    if state.pending:
        top = state.pending[-1]
        pending = {"kind": top.kind, "seat": top.seat, "card": cat.cards[top.card].name if top.card else "",
                   "choices": list(top.choices)}
    return json_view({
        "game": "grail_war", "seat": seat, "seats": state.seats, "round": state.round, "step": state.step,
        "stage": state.stage, "casual": state.options.casual, "climax": state.climax_card is not None,
        "places": [{"id": place, "name": PLACE_NAMES[place], "battlefield": place in BATTLEFIELDS}
                   for place in PLACES],
        "situation": situation, "situation_deck": len(state.situation_deck),
        "display": [cat.situations[s].name for s in state.display],
        "events": events, "event_deck": len(state.event_deck), "event_used": len(state.event_used),
        "event_trash": [cat.events[e].name for e in state.event_used],
        "tokens": dict(state.tokens), "npc": state.npc,
        "npc_power": {state.npc: NPC_POWER} if state.npc else {}, "recon": recon_occupant(state),
        "start": start_player(state),
        "workshop": list(state.workshop), "players": players, "you": you, "pending": pending,
        "chance": state.chance[0] if state.chance else None, "to_act": list(to_act),
        "winners": list(state.winners) if state.winners is not None else None,
        "reason": bilingual(lambda: tr(state.reason)) if state.reason else "",
        "at_stake": at_stake(state) if state.step in ("place", "turn") else None,
    })


# -- rendering ---------------------------------------------------------------------------------
def _none() -> str:
    """The word for an empty list."""
    return _("none")


def _attrs(attributes: list[str]) -> str:
    return "/".join(_(ATTRIBUTE_NAMES[a]) if a in ATTRIBUTE_NAMES else a for a in attributes) or "-"


def _pack(parts: list[str], first: str = "", rest: str = "   ", width: int = 154) -> list[str]:
    """Rich markup ``parts`` joined by `` · `` into lines of at most ``width`` cells, never breaking a part (a
    name or a number) across lines: 7 masters on a battlefield, or a whole deck in hand, still fit 160 columns."""
    lines: list[str] = []
    line = ""
    for part in parts:
        joined = (line + " · " + part) if line else (first + part)
        if line and cell_width(_plain(joined)) > width:
            lines.append(line)
            joined = rest + part
        line = joined
    if line:
        lines.append(line)
    return lines


def _place(place: str | None) -> str:
    return tr(PLACE_NAMES[place]) if place in PLACE_NAMES else ""


def _who(view: Mapping[str, Any], seat: int) -> str:
    p = view["players"][seat]
    return _("P{number} {master}", number=seat + 1, master=tr(p["master_name"])) if p["master_name"] else \
        _("P{number}", number=seat + 1)


def _card_line(c: Mapping[str, Any]) -> str:
    text = tr(c["text"]) if c.get("text") else ""
    timing = _(TIMING_NAMES[c["timing"]]) if c.get("timing") else ""
    if timing and timing in text:
        timing = ""
    here = c.get("power_here")
    power = f"[yellow]{c['power']}[/]"
    if here is not None and here != c["power"]:
        power += " " + _("([yellow]{power}[/] here)", power=here)
    line = _("[bold]{name}[/] [dim]{card}[/] power {power} cost [cyan]{cost}[/] {attributes}",
             name=escape(tr(c["name"])), card=escape(f"[{c['card']}]"), power=power, cost=c["cost"],
             attributes=escape(_attrs(c["attributes"])))
    if text:
        line += " — " + escape(_("{timing}: {text}", timing=timing, text=text) if timing else text)
    return line


def render_view(view: Mapping[str, Any]) -> str:
    """The board as Rich markup: places, pieces, power, events, round and situation; the master boards;
    the viewer's own cards with cost, power, attributes and effect text."""
    lines: list[str] = []
    step = view["step"]
    phase = _(PHASE_NAMES[step]) if step in PHASE_NAMES else step
    head = _("[bold]Dominate Grail War[/]")
    if view["casual"]:
        head += " · " + _("Casual")
    head += " · " + _("Round [bold]{round}[/]", round=view["round"])
    if view["climax"]:
        head += " " + _("[red](climax)[/]")
    head += " · " + escape(phase) + " · " + _("start player {player}", player=escape(_who(view, view["start"])))
    head += " · " + _("situation deck {count} · events deck {events}", count=view["situation_deck"],
                      events=view["event_deck"])
    lines.append(head)
    sit = view["situation"]
    line = _("Situation: [bold]{name}[/] — {text}", name=escape(tr(sit["name"])), text=escape(tr(sit["text"]))) \
        if sit else ""
    if view["display"]:
        line += (" · " if line else "") + _("round display: {count} cards", count=len(view["display"]))
    if line:
        lines.append(line)
    for place in PLACES:
        pieces = []
        for p in view["players"]:
            if p["location"] == place:
                piece = escape(_who(view, p["seat"]))
                if p["power"] is not None:
                    piece += f" [yellow]{p['power']}[/]"
                if p["lost"]:
                    piece += " " + _("[red]made to lose[/]")
                pieces.append(piece)
        if view["npc"] == place:
            pieces.append(_("NPC [yellow]{power}[/]", power=11))
        extra: list[str] = []
        if place in BATTLEFIELDS:
            evs = [_("[dim]face down[/]") if e.get("face_down") else
                   _("{name}: {text}", name=escape(tr(e["name"])), text=escape(tr(e["text"])))
                   for e in view["events"][place]]
            tokens = []
            for t in (f"{place}3", f"{place}1"):
                holder = view["tokens"].get(t)
                tokens.append(f"+{t[-1]}: " + (escape(_who(view, holder)) if holder is not None else _("free")))
            extra = [_("events: {events}", events="; ".join(evs) or _none()),
                     _("land advantage {tokens}", tokens=", ".join(tokens))]
        line = f"[bold]{escape(_place(place))}[/]: " + (", ".join(pieces) or _("[dim]empty[/]"))
        lines += _pack([line, *extra])
    lines.append("")
    lines.append(_("[bold]Masters[/]  (mana · command spells · spoils · servant · hand/deck/trash · used this round)"))
    for p in view["players"]:
        if not p["master_name"]:
            continue
        servant = escape(tr(p["servant_name"])) if p["servant_name"] else _("[dim]hidden[/]")
        if p["revealed"]:
            servant += " " + _("(revealed)")
        mana = "∞" if p["infinite"] else str(p["mana"])
        jewels = " · " + _("jewels {count}", count=p["jewels"]) if p["jewels"] else ""
        played = ", ".join((escape(tr(c["name"])) + f" {c['power_now']}" if c["face_up"] else _("face down"))
                           for c in p["played"]) or "-"
        status = " " + _("[red]eliminated[/]") if p["eliminated"] else ""
        np = ""
        if not isinstance(p["np"], int):
            used = [tr(n["name"]) for n in p["np"] if n["status"] != "down"]
            np = " · " + _("NP used: {cards}", cards=escape(", ".join(used)) if used else _none())
        cards = f"{p['hand']}/{p['deck']}/{len(p['trash'])}"
        use_b = " · " + _("command spell +2 power x{count}", count=p["use_b"]) if p["use_b"] else ""
        head = " " + escape(_who(view, p["seat"])) + status + ": " + \
            _("mana [cyan]{mana}[/] · command spells {spells} · spoils [green]{spoils}[/]", mana=mana,
              spells=p["command_spells"], spoils=p["spoils"]) + jewels
        lines += _pack([head, servant, cards, played, *([use_b[3:]] if use_b else []), *([np[3:]] if np else [])],
                       first="", rest="    ")
    you = view["you"]
    if you is not None:
        lines.append("")
        lines.append(_("[bold]Your cards[/] (deck {count}):", count=you["deck"]))
        chosen = {s["card"] for s in you["selected"]}
        mark = " " + _("[magenta]chosen[/]")
        if len(you["hand"]) > 6:  # 無限の剣製: the whole deck in hand, four cards a line without their text
            short = [escape(tr(c["name"])) + " [dim]" + escape("[" + c["card"] + "]") + "[/] "
                     f"[yellow]{c['power']}[/]/[cyan]{c['cost']}[/]" + (mark if c["card"] in chosen else "")
                     for c in you["hand"]]
            lines.append("  " + _("hand (power/cost):"))
            lines += _pack(short, "    ", "    ")
            short = []
        else:
            for c in you["hand"]:
                lines.append("  " + _("hand: {card}", card=_card_line(c)) + (mark if c["card"] in chosen else ""))
        for c in you["at_hand"]:
            lines.append("  " + _("at hand: {card}", card=_card_line(c)))
        whole_deck = len(you["hand"]) > 6
        spent = []
        for c in you["np"]:
            status = _(NP_STATUS[c["status"]]) if c["status"] in NP_STATUS else c["status"]
            if whole_deck and c["status"] != "down":  # used or residual: their text is known, the screen is full
                spent.append(_("{card} [dim]{id}[/] [yellow]{power}[/]/[cyan]{cost}[/] ({status})",
                               card=escape(tr(c["name"])), id=escape("[" + c["card"] + "]"), power=c["power"],
                               cost=c["cost"], status=escape(status)))
                continue
            lines.append("  " + _("NP/skill ({status}): {card}", status=escape(status), card=_card_line(c)))
        if spent:
            lines += _pack(spent, "  " + _("NP/skill (power/cost): "), "    ")
        if you["selected"]:
            chosen_names = [_("{card} (up)", card=tr(s["name"])) if s["face_up"] else
                            _("{card} (down)", card=tr(s["name"])) for s in you["selected"]]
            costs = {c["card"]: c["cost"] for zone in ("hand", "at_hand", "np") for c in you[zone]}
            cost = sum(costs.get(s["card"], 0) for s in you["selected"] if s["face_up"])
            me = view["players"][you["seat"]]
            lines.append("  " + _("chosen: {cards}", cards=escape(", ".join(chosen_names))) + " · "
                         + (_("cost {cost} (unlimited mana)", cost=cost) if me["infinite"] else
                            _("cost {cost}: mana {mana} → {left}", cost=cost, mana=me["mana"], left=me["mana"] - cost)))
    lines += stake_lines(view)
    if view["pending"]:
        pend = view["pending"]
        what = _(PENDING_NAMES[pend["kind"]]) if pend["kind"] in PENDING_NAMES else pend["kind"]
        lines.append(_("Waiting: {player} decides {what} ({card})", player=escape(_who(view, pend["seat"])),
                       what=escape(what), card=escape(tr(pend["card"]))) if pend["card"] else
                     _("Waiting: {player} decides {what}", player=escape(_who(view, pend["seat"])), what=escape(what)))
    elif view["to_act"] and view["to_act"][0] >= 0 and view["step"] in ("place", "turn"):
        who = view["to_act"][0]
        stage = view["stage"]
        what = _("placement") if view["step"] == "place" else (_(STAGE_NAMES[stage]) if stage in STAGE_NAMES
                                                              else stage)
        lines.append(_("Now: {player} — {what}", player=escape(_who(view, who)), what=escape(what)))
    if view["winners"] is not None:
        lines.append(_("[bold green]Winners:[/] {players} — {reason}",
                       players=escape(", ".join(_who(view, s) for s in view["winners"])),
                       reason=escape(tr(view["reason"]))))
    return "\n".join(lines)


def stake_lines(view: Mapping[str, Any]) -> list[str]:
    """Round 8 and the climax rounds: who drops out after the round with the spoils standing, and what the
    viewer must gain to stay in (DGW-107..DGW-111)."""
    stake = view.get("at_stake")
    if not stake:
        return []
    rule = _("keep the {count} with the most", count=stake["keep"]) if not stake["once"] else \
        _("the fewest spoils drop out")
    out = ", ".join(_("{player} ({spoils})", player=_who(view, s), spoils=view["players"][s]["spoils"])
                    for s in stake["out"])
    lines = [_("[bold red]After this round[/] ({clause}: {rule}): ", clause=escape(stake["clause"]), rule=escape(rule))
             + (_("with the spoils standing, {players} would be eliminated", players=escape(out)) if out else
                _("with the spoils standing, nobody would be eliminated"))]
    seat = view.get("seat")
    need = {s: k for s, k in stake["need"]}
    if isinstance(seat, int) and seat in need:
        lines.append(_("[bold red]You are eliminated unless you gain {count} more spoils[/] (you have {spoils})",
                       count=need[seat], spoils=view["players"][seat]["spoils"]))
    return lines


def describe_action(state: GrailState, seat: int, act: Act) -> str:
    """A menu line for an action, in the reader's language, with the numbers it turns on."""
    cat = state.catalog
    verb = act.verb
    p = state.players[seat] if 0 <= seat < state.seats else None
    if verb == "place":
        return _place_line(state, seat, act.what or "")
    if verb == "move":
        from bouts.games.grail_war.movement import paid_moves
        cost = paid_moves(state, seat).get(act.what or "", 0)
        return _("Move to {place} for {cost} mana", place=_place(act.what), cost=cost)
    if verb == "stay":
        return _("Stay where you are")
    if verb == "spell":
        if act.what == "mana":
            return _("Command spell: +4 mana")
        if act.what == "power":
            return _("Command spell: +2 power (+2 spoils if you win)")
        return _("Command spell: move free to {place}", place=_place(act.how))
    if verb == "jewel":
        return _("Jewels (2): +1 mana") if act.what == "mana" else \
            _("Jewels (3): discard cards face down, draw as many")
    if verb == "next":
        return {"before_move": _("Go on to your move"), "after_move": _("Go on to battle preparation")}.get(
            state.stage, _("End your action"))
    if verb == "play" and p is not None:
        card = cat.cards[act.what or ""]
        power, attributes, cost = stats(state, p, act.what or "")
        if act.how == "down":
            return _("Use {card} face down (power 0, cost 0)", card=tr(card.name))
        here = power_here(state, seat, act.what or "")
        if here is None or here == power:
            return _("Use {card} face up (power {power}, cost {cost}, {attributes})", card=tr(card.name),
                     power=power, cost=cost, attributes=_attrs(list(attributes)))
        return _("Use {card} face up (power {power} at {place} (printed {printed}), cost {cost}, {attributes})",
                 card=tr(card.name), power=here, place=_place(p.location), printed=power, cost=cost,
                 attributes=_attrs(list(attributes)))
    if verb == "done":
        if state.pending and state.pending[-1].kind == "rebuild":
            return _("Stop discarding and draw")
        return _("Done: pay and use the chosen cards") if not state.pending else _("Done")
    if verb == "goto":
        return _("Move to {place}", place=_place(act.what))
    if verb == "target":
        t = int(act.what or 1) - 1
        return _("Target P{number} {master}", number=t + 1, master=tr(cat.masters[state.players[t].master].name))
    if verb == "discard":
        return _("Discard {card} face down", card=tr(cat.cards[act.what or ""].name))
    if verb == "change":
        return _("Change master to {master} (Book of the False Attendant)", master=tr(cat.masters["sakura"].name))
    if verb == "keep":
        return _("Stay {master}", master=tr(cat.masters[p.master].name)) if p is not None else _("Stay")
    return str(act)


def _place_line(state: GrailState, seat: int, place: str) -> str:
    """A placement with what it gives at once: the Workshop's mana (or 平穏's spoils), a battlefield's land
    advantage token (DGW-045, DGW-048, DGW-049, DGW-RUL-43)."""
    if place == WORKSHOP:
        gain = WORKSHOP_FIRST if not state.workshop else WORKSHOP_LATER
        effect, _attribute, amount = situation_effect(state)
        if effect == "workshop_plus":
            gain += amount
        if has(state, seat, "tranquility"):
            return _("Place your piece at {place} (+{count} spoils: Tranquility)", place=_place(place), count=gain)
        return _("Place your piece at {place} (+{count} mana)", place=_place(place), count=gain)
    free = [t for t in (f"{place}3", f"{place}1") if state.tokens.get(t) is None]
    if free:
        return _("Place your piece at {place} (land advantage +{value})", place=_place(place),
                 value=TOKEN_VALUE[free[0]])
    return _("Place your piece at {place} (no land advantage left)", place=_place(place))


def action_parts(state: GrailState, seat: int, act: Act) -> ActionParts:
    """The table objects an action names (issue 24), as the view names them: ``place:<id>`` (a place of the
    central board), ``seat:<index>`` (a master: its piece and board), ``card:<instance>`` (one of the acting
    seat's own cards), ``spell:<index>`` (its command spells), ``jewel:<index>`` (Rin's jewels)."""
    verb = act.verb
    if verb == "place":  # one click on the place puts the piece there (the piece is the only one to place)
        return ActionParts(objects=(f"place:{act.what}",), group=M_("Outpost"))
    if verb == "move" or verb == "goto":  # one click on the place the piece goes to
        return ActionParts(objects=(f"place:{act.what}",), group=M_("Move"))
    if verb == "spell":
        if act.what == "move":
            return ActionParts(objects=(f"spell:{seat}", f"place:{act.how}"), group=M_("Command spell"))
        return ActionParts(objects=(f"spell:{seat}",), group=M_("Command spell"))
    if verb == "jewel":
        return ActionParts(objects=(f"jewel:{seat}",), group=M_("Jewel Magecraft"))
    if verb == "play":
        return ActionParts(objects=(f"card:{act.what}",),
                           group=M_("Use face up") if act.how == "up" else M_("Use face down"))
    if verb == "discard":
        return ActionParts(objects=(f"card:{act.what}",), group=M_("Discard face down"))
    if verb == "target":
        return ActionParts(objects=(f"seat:{int(act.what or 1) - 1}",), group=M_("Target"))
    return NO_PARTS


def shown_values(view: Mapping[str, Any]) -> list[str]:
    """Every value :func:`render_view` promises to show, as printed: the round, the situation, places and
    pieces, open events, each master's line of numbers and known servant, and the viewer's own cards."""
    values = [_plain(_("Round [bold]{round}[/]", round=view["round"])),
              _plain(_("situation deck {count} · events deck {events}", count=view["situation_deck"],
                       events=view["event_deck"]))]
    if view["situation"]:
        values.append(tr(view["situation"]["name"]))
    values += [_place(place) for place in PLACES]
    for place in BATTLEFIELDS:
        values += [tr(e["name"]) for e in view["events"][place] if not e.get("face_down")]
    for p in view["players"]:
        if not p["master_name"]:
            continue
        status = " " + _("eliminated") if p["eliminated"] else ""
        mana = "∞" if p["infinite"] else str(p["mana"])
        values.append(_who(view, p["seat"]) + status + ": "
                      + _plain(_("mana [cyan]{mana}[/] · command spells {spells} · spoils [green]{spoils}[/]",
                                 mana=mana, spells=p["command_spells"], spoils=p["spoils"])))
        if p["servant_name"]:
            values.append(tr(p["servant_name"]))
        values.append(f"{p['hand']}/{p['deck']}/{len(p['trash'])}")
    you = view["you"]
    if you is not None:
        values.append(_plain(_("[bold]Your cards[/] (deck {count}):", count=you["deck"])))
        for c in [*you["hand"], *you["at_hand"], *you["np"]]:
            values += [tr(c["name"]), f"[{c['card']}]"]
    if view["winners"] is not None:
        values.append(tr(view["reason"]))
    values += [_plain(line) for line in stake_lines(view)]
    return values


def _plain(markup: str) -> str:
    """Rich markup as the screen prints it."""
    from rich.text import Text
    return Text.from_markup(markup).plain


def render_trash(view: Mapping[str, Any]) -> str:
    """``view trash``: each master's trash as the viewer sees it (face-down cards unnamed)."""
    lines = [_("[bold]Trash[/] (face-up cards are public; face-down ones only their owner knows)")]
    for p in view["players"]:
        if not p["master_name"]:
            continue
        named = [escape(tr(c)) for c in p["trash"] if c is not None]
        down = sum(1 for c in p["trash"] if c is None)
        lines.append(f" {escape(_who(view, p['seat']))}: " + (", ".join(named) or "-")
                     + (" · " + _("{count} face down", count=down) if down else ""))
    return "\n".join(lines)


def render_events(view: Mapping[str, Any]) -> str:
    """``view events``: the events on each battlefield (face-down ones unnamed) and the used events."""
    lines = [_("[bold]Events[/]")]
    for place in BATTLEFIELDS:
        evs = [_("[dim]face down[/]") if e.get("face_down") else
               _("{name} ([green]{spoils}[/] spoils) — {text}", name=escape(tr(e["name"])), spoils=e["spoils"],
                 text=escape(tr(e["text"])))
               for e in view["events"][place]]
        lines.append(f" [bold]{escape(_place(place))}[/]: " + ("; ".join(evs) or _("none")))
    used = [tr(n) for n in view["event_trash"]]
    lines.append(" " + _("deck {count} · used: {names}", count=view["event_deck"],
                         names=escape(", ".join(used)) if used else _none()))
    return "\n".join(lines)
