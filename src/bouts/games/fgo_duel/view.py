"""What a seat may see of an FGO Duel match (FGO-RUL-35), menu lines, hints, the table objects of each action,
and the text picture of the map.

A view carries ids, numbers and names in both languages (``{"en", "ja"}``); every sentence here is made in the
reader's language when it is shown (``_``), and no menu line carries markup (the terminal escapes it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from bouts.core.chance import Roll, Shuffle
from bouts.core.contract import NO_PARTS, ActionParts, Seat
from bouts.core.i18n import Message, json_view, tr
from bouts.core.text import cell_width as cell_len
from bouts.core.text import escape_markup as escape
from bouts.games.fgo_duel.actions import Act, FgoAction
from bouts.games.fgo_duel.battle import breakdown, chains_of, chips_in_effect, total_of
from bouts.games.fgo_duel.cards import CHAIN_NAMES, SKILL_TAGS, CardType, class_name
from bouts.games.fgo_duel.i18n import M_, N_, _
from bouts.games.fgo_duel.skills import np_of
from bouts.games.fgo_duel.state import CHAIN_COUNTER_SQUARES, FgoState, Phase, ServantInPlay

if TYPE_CHECKING:
    from bouts.games.fgo_duel.game import FgoDuel

PHASE_NAMES = {"party": N_("party building"), "first_player": N_("deciding the first player"),
               "shuffle": N_("shuffling"), "mulligan": N_("mulligan"), "start": N_("start phase"),
               "action": N_("action phase"), "trigger": N_("trigger skill"), "battle": N_("battle"),
               "remove": N_("rebuilding the command deck"), "end_move": N_("end phase"), "over": N_("game over")}
"""Each phase as the table names it (FGO-034 and the set-up steps)."""
SKILL_STATES = {"face_down": N_("face down"), "face_up": N_("face up"), "removed": N_("removed from the game")}
"""Where a skill card lies (FGO-086, FGO-093, FGO-094)."""


# -- the view ------------------------------------------------------------------------------------------


def code(card_type: str, power: int) -> str:
    """A command card's type and power as the table abbreviates it: ``B5`` (Buster 5), the same in both
    languages."""
    return f"{card_type[0].upper()}{power}"


def card_json(state: FgoState, instance: str) -> dict[str, Any]:
    """A visible command card as data: its instance id, its servant, type, power and name in both languages."""
    card = state.catalog.command(instance)
    owner = state.catalog.owner(instance)
    return {"id": instance, "servant": owner, "type": card.type.value, "power": card.power,
            "code": code(card.type.value, card.power), "short": state.catalog.servants[owner].figure_name,
            "name": state.catalog.card_names[instance]}


def figure_id(seat: int, servant: str) -> str:
    """The id of a figure (and of the skill card beside its status card): ``<seat>/<servant>`` (both masters may
    field the same servant, FGO-RUL-38)."""
    return f"{seat}/{servant}"


def skill_json(state: FgoState, servant: ServantInPlay, seat: Seat | None, owner: int) -> dict[str, Any] | None:
    """A skill card: its text to its owner (FGO-088); face down, only its state to others (FGO-089)."""
    if servant.skill is None or servant.skill_state is None:
        return None
    data: dict[str, Any] = {"state": servant.skill_state.value, "card": figure_id(owner, servant.servant)}
    if seat == owner or servant.skill_revealed:
        skill = state.catalog.skills[servant.skill]
        data.update(id=skill.id, name=skill.name, kind=skill.kind, np_cost=skill.np_cost, text=skill.text,
                    target=servant.skill_target,
                    target_name=None if servant.skill_target is None
                    else state.catalog.servants[servant.skill_target].name)
    return data


def _commands(commands: Any) -> list[dict[str, Any]]:
    return [{"type": c.type.value, "power": c.power, "code": code(c.type.value, c.power)} for c in commands]


def servant_json(state: FgoState, servant: ServantInPlay, seat: Seat | None, owner: int) -> dict[str, Any]:
    """A status card (FGO-005) with its figure's area."""
    card = state.catalog.servants[servant.servant]
    return {"id": card.id, "figure": figure_id(owner, card.id), "name": card.name, "short": card.figure_name,
            "servant_no": card.servant_no, "class": card.servant_class, "class_name": class_name(card.servant_class),
            "rarity": card.rarity, "cost": card.cost, "slot": servant.slot, "area": servant.area,
            "commands": _commands(card.commands), "skill": skill_json(state, servant, seat, owner)}


def roster_json(state: FgoState) -> list[dict[str, Any]]:
    """The servants a party may be built from (public content, FGO-011..FGO-014), with their skill cards."""
    catalog = state.catalog
    return [{"id": s.id, "name": s.name, "short": s.figure_name, "servant_no": s.servant_no,
             "class": s.servant_class, "class_name": class_name(s.servant_class), "rarity": s.rarity, "cost": s.cost,
             "commands": _commands(s.commands),
             "skills": [{"id": k, "card": f"{s.id}:{k}", "name": catalog.skills[k].name,
                         "np_cost": catalog.skills[k].np_cost, "kind": catalog.skills[k].kind,
                         "text": catalog.skills[k].text}
                        for k in s.skills] if state.options.advanced else []}
            for s in catalog.servants.values()]


def master_json(state: FgoState, index: int, seat: Seat | None) -> dict[str, Any]:
    """One master as ``seat`` sees it."""
    master = state.masters[index]
    sealed = state.sealed
    data: dict[str, Any] = {
        "seat": index,
        "first": None if state.phase in (Phase.PARTY, Phase.FIRST_PLAYER) else index == state.first,
        "master_area": state.board.master_areas[index],
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
            if state.phase is not Phase.PARTY and state.phase is not Phase.FIRST_PLAYER:
                data["battle"] = [card_json(state, c) for c in master.battle]
        elif state.phase is Phase.PARTY:
            data["sealed_choice"] = list(state.party_picks[index])
    return data


def view_of(state: FgoState, seat: Seat | None, to_act: tuple[Seat, ...]) -> dict[str, Any]:
    """The match as ``seat`` may know it: never another hand, a deck order or a sealed choice."""
    game_map = state.map
    attack = state.attack
    return json_view({
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
        "roster": roster_json(state) if state.phase is Phase.PARTY else [],
        "attack": None if attack is None else {
            "attacker": attack.attacker, "origin": attack.origin, "destination": attack.destination,
            "defender": attack.defender, "attacker_name": state.catalog.servants[attack.attacker].name,
            "defender_name": None if attack.defender is None else state.catalog.servants[attack.defender].name},
        "last_battle": state.last_battle,
        "winner": state.winner,
        "reason": state.reason,
    })


# -- menu lines ----------------------------------------------------------------------------------------


def fighting(state: FgoState, seat: Seat) -> tuple[str, str]:
    """(``seat``'s servant in the battle, the enemy servant), or empty ids outside a battle."""
    attack = state.attack
    if attack is None:
        return "", ""
    if seat == state.turn:
        return attack.attacker, attack.defender or ""
    return attack.defender or "", attack.attacker


def card_short(state: FgoState, instance: str) -> str:
    """A command card as a menu line names it: ``Altria B5`` (the figure's short name and the code)."""
    card = state.catalog.command(instance)
    servant = state.catalog.servants[state.catalog.owner(instance)]
    return _("{servant} {code}", servant=servant.figure_name, code=code(card.type.value, card.power))


def np_gain(state: FgoState, instance: str) -> str:
    """`` (+1 NP)`` when the card paid is an Arts card and NP matters (the advanced rules, FGO-082), else ``""``."""
    if state.options.advanced and state.catalog.command(instance).type is CardType.ARTS:
        return _(" (+1 NP)")
    return ""


def move_kind(state: FgoState, seat: Seat, area: str) -> str:
    """``win`` (the enemy master area, FGO-030), ``attack`` (an enemy servant there, FGO-046) or ``move``."""
    if area == state.board.master_areas[1 - seat]:
        return "win"
    return "attack" if state.occupant(area) is not None else "move"


def battle_line(state: FgoState, seat: Seat, cards: tuple[str, ...] | list[str]) -> str:
    """A battle choice with the total the battle will use: ``Altria B5 + Altria B4 + Medusa Q4 = 13 (cards 13)``."""
    ours, enemy = fighting(state, seat)
    played = _(" + ").join(card_short(state, c) for c in cards)
    if not enemy:
        chains = chains_of(state.catalog, cards, ours)
        line = _("{cards} = power {power}", cards=played, power=sum(state.catalog.command(c).power for c in cards))
        return _("{line} ({chains})", line=line, chains=[M_(CHAIN_NAMES[c]) for c in chains]) if chains else line
    total = total_of(state, seat, cards, ours, enemy)
    parts = breakdown(total.cards, total.buster, total.brave, total.chips, total.skills)
    line = _("{cards} = {total} ({parts})", cards=played, total=total.value, parts=parts)
    later = [M_(CHAIN_NAMES[c]) for c in total.chains if c in ("quick", "arts")]
    if later:
        line = _("{line}; a {chains} chip for later turns", line=line, chains=later)
    return line


def token_words(state: FgoState, token: str) -> str:
    """A status card for the party: ``Altria Pendragon (Saber, cost 5; B5 B4 B4 A3 Q3)``; with the skill card
    prepared with it in the advanced rules (the roster above the menu shows the cards): ``Altria Pendragon (cost 5)
    with Mana Burst A (NP 1)``."""
    servant_id, _sep, skill = token.partition(":")
    s = state.catalog.servants[servant_id]
    if skill:
        k = state.catalog.skills[skill]
        return _("{servant} (cost {cost}) with {skill} (NP {np})", servant=s.name, cost=s.cost, skill=k.name,
                 np=k.np_cost)
    cards = " ".join(code(c.type.value, c.power) for c in s.commands)
    return _("{servant} ({cls}, cost {cost}; {cards})", servant=s.name, cls=class_name(s.servant_class), cost=s.cost,
             cards=cards)


DESCRIBE_CELLS = 100
"""The most columns a menu line takes: with the number and the bracketed text form it fits 160 columns without
wrapping (a wrapped Japanese line would break mid-number). Every line puts its numbers first."""


def describe_action(state: FgoState, seat: Seat, action: FgoAction) -> str:
    """A menu line for ``action`` in the current language: plain text (no markup), every number it turns on, at
    most :data:`DESCRIBE_CELLS` columns."""
    return fit(_describe(state, seat, action), DESCRIBE_CELLS)


def _describe(state: FgoState, seat: Seat, action: FgoAction) -> str:
    if isinstance(action, Roll):
        return _("Seat {number} is the first player", number=action.values[0])
    if isinstance(action, Shuffle):
        return _("shuffle")
    catalog = state.catalog
    verb, args = action.verb, action.args
    if verb == "pick":
        slot = len(state.party_picks[seat]) + 1
        spent = sum(catalog.servants[t.partition(":")[0]].cost for t in state.party_picks[seat])
        cost = catalog.servants[args[0].partition(":")[0]].cost
        return _("Slot {slot}: {servant}; party cost {total}", slot=slot, servant=token_words(state, args[0]),
                 total=spent + cost)
    if verb == "party":
        cost = sum(catalog.servants[t.partition(":")[0]].cost for t in args)
        return _("Party (cost {cost}): {servants}", cost=cost, servants=[token_words(state, t) for t in args])
    if verb == "keep":
        return _("Keep this hand")
    if verb == "mulligan":
        return _("Mulligan: shuffle the hand back into the command deck and draw 5 (once only)")
    if verb == "pass":
        if state.phase is Phase.START:
            return _("Use no skill this turn")
        if state.phase is Phase.TRIGGER:
            return _("Do not use the trigger skill")
        if state.phase is Phase.END_MOVE:
            return _("Do not move at the end phase")
        return _("Pass")
    if verb == "skill":
        return _skill_line(state, seat, args)
    if verb == "move":
        servant_id, area, card = args
        kind = move_kind(state, seat, area)
        who = catalog.servants[servant_id].figure_name
        where = state.board.names[area]
        paid = catalog.command(card)
        paying = code(paid.type.value, paid.power)
        if kind == "win":
            return _("Win: {servant} enters the enemy master area, paying {card}", servant=who, card=paying)
        if kind == "attack":
            found = state.occupant(area)
            assert found is not None
            paying += np_gain(state, card)
            return _("Attack {enemy} in {area} with {servant}, paying {card}",
                     enemy=catalog.servants[found[1].servant].figure_name, area=where, servant=who, card=paying)
        return _("Move {servant} to {area}, paying {card}", servant=who, area=where, card=paying + np_gain(state, card))
    if verb == "battle":
        return _("Play {line}", line=battle_line(state, seat, args))
    if verb == "remove":
        return _("{card} is removed from the game; the rest of the trash becomes the new command deck",
                 card=card_short(state, args[0]))
    if verb == "end_move":
        command = catalog.command(args[2])
        return _("Put {card} into the trash: {servant} moves to {area}",
                 card=code(command.type.value, command.power) + np_gain(state, args[2]),
                 servant=catalog.servants[args[0]].figure_name, area=state.board.names[args[1]])
    return str(action)


def _skill_line(state: FgoState, seat: Seat, args: tuple[str, ...]) -> str:
    catalog = state.catalog
    servant = state.masters[seat].servant(args[0])
    skill_card = catalog.skills[servant.skill or ""]
    rest = [a for a in args[1:] if not a.startswith("pay:")]
    payer = next((a[4:] for a in args[1:] if a.startswith("pay:")), None)
    user = catalog.servants[args[0]].figure_name
    kind = _(KIND_NAMES[skill_card.kind]) if KIND_NAMES.get(skill_card.kind) else ""
    if payer is not None:
        paid = catalog.skills[state.masters[seat].servant(payer).skill or ""]
        paying = _("NP {cost}, {np} of it by removing {skill} of {servant} from the game", cost=skill_card.np_cost,
                   np=paid.pays_np, skill=paid.name, servant=catalog.servants[payer].figure_name)
    elif skill_card.np_cost:
        paying = _("NP {cost} of your {np}", cost=skill_card.np_cost, np=np_of(state, seat))
    else:
        paying = _("no NP")
    if kind:
        paying = _("{kind}, {paying}", kind=kind, paying=paying)
    if rest:
        return _("Use {skill} of {servant} on {target} ({paying}): {text}", skill=skill_card.name, servant=user,
                 target=catalog.servants[rest[0]].figure_name, paying=paying, text=skill_body(skill_card.text))
    return _("Use {skill} of {servant} ({paying}): {text}", skill=skill_card.name, servant=user, paying=paying,
             text=skill_body(skill_card.text))


# -- table objects ---------------------------------------------------------------------------------------


GROUPS: dict[str, Message] = {
    "pick": M_("Choose your party"), "party": M_("Choose your party"), "keep": M_("Mulligan"),
    "mulligan": M_("Mulligan"), "battle": M_("Battle"), "remove": M_("Rebuild the command deck"),
    "end_move": M_("End phase: move"),
}


def action_parts(state: FgoState, seat: Seat, action: FgoAction) -> ActionParts:
    """The table objects an action names (``figure:<seat>/<servant>``, ``area:<id>``, ``card:<instance>``,
    ``skill:<seat>/<servant>``, ``servant:<id>`` for a status card to place, ``skill:<servant>:<skill>`` for a skill
    card to place with it: one name per card the roster shows, as several servants offer the same skill)."""
    if not isinstance(action, Act):
        return NO_PARTS
    verb, args = action.verb, action.args
    if verb == "pick":
        servant_id, _sep, skill = args[0].partition(":")
        objects = (f"servant:{servant_id}",) + ((f"skill:{servant_id}:{skill}",) if skill else ())
        return ActionParts(objects, group=GROUPS[verb])
    if verb == "party":
        return ActionParts(select=tuple(f"servant:{t.partition(':')[0]}" for t in args), ordered=True,
                           group=GROUPS[verb])
    if verb == "move":
        servant_id, area, card = args
        group = {"win": M_("Win"), "attack": M_("Attack"), "move": M_("Move")}[move_kind(state, seat, area)]
        return ActionParts((f"figure:{figure_id(seat, servant_id)}", f"card:{card}", f"area:{area}"), group=group)
    if verb == "end_move":
        servant_id, area, card = args
        return ActionParts((f"figure:{figure_id(seat, servant_id)}", f"card:{card}", f"area:{area}"),
                           group=GROUPS[verb])
    if verb == "battle":
        return ActionParts(select=tuple(f"card:{c}" for c in args), ordered=True, group=GROUPS[verb])
    if verb == "remove":
        return ActionParts((f"card:{args[0]}",), group=GROUPS[verb])
    if verb == "skill":
        rest = [a for a in args[1:] if not a.startswith("pay:")]
        payer = [a[4:] for a in args[1:] if a.startswith("pay:")]
        objects = (f"skill:{figure_id(seat, args[0])}", *(f"skill:{figure_id(seat, p)}" for p in payer),
                   *(f"figure:{figure_id(seat, t)}" for t in rest))
        group = M_("Trigger skill") if state.phase is Phase.TRIGGER else M_("Start phase: skill")
        return ActionParts(objects, group=group)
    if verb == "pass":
        group = {Phase.TRIGGER: M_("Trigger skill"), Phase.END_MOVE: M_("End phase: move")}.get(
            state.phase, M_("Start phase: skill"))
        return ActionParts(group=group)
    return ActionParts(group=GROUPS.get(verb, ""))


# -- featured actions, hints, help ---------------------------------------------------------------------------


MENU_LIMIT = 8
"""The most actions the first page of a menu lists, so a decision fits a 50-row screen (the table takes at most
26 rows, the news since the last decision 13, the menu this many, the ``more`` line and the prompt 2)."""


def featured(game: FgoDuel, state: FgoState, seat: Seat) -> tuple[FgoAction, ...]:
    """The first page of a menu: every action when few; else winning moves, attacks, then the heuristic's best other
    moves, one per servant and destination (paying the card the heuristic would pay), grouped by destination; battle
    choices by total. The heuristic's own choice is always among them (Enter takes it)."""
    import random

    from bouts.games.fgo_duel import strategy

    legal = game.legal_actions(state, seat)
    if len(legal) <= MENU_LIMIT or seat not in (0, 1):
        return legal
    if state.phase is Phase.ACTION:
        scores = strategy.move_scores(state, seat, legal, random.Random(0))
        best: dict[tuple[str, str], Act] = {}
        for act in legal:
            assert isinstance(act, Act)
            key = (act.args[0], act.args[1])
            if key not in best or scores[act] > scores[best[key]]:
                best[key] = act
        rank = {"win": 0, "attack": 1, "move": 2}
        kinds = {act: rank[move_kind(state, seat, act.args[1])] for act in best.values()}
        chosen = sorted(best.values(), key=lambda a: (kinds[a], -scores[a]))[:MENU_LIMIT]
        names = state.board.names
        return tuple(sorted(chosen, key=lambda a: (kinds[a], str(names[a.args[1]]), a.args[0])))
    if state.phase is Phase.PARTY:
        chosen = strategy.choose(game, state, seat, random.Random(0))
        first: dict[str, FgoAction] = {}
        for act in legal:
            assert isinstance(act, Act)
            servant_id = act.args[0].partition(":")[0]
            if servant_id not in first or act == chosen:
                first[servant_id] = act
        return tuple(first.values())
    if state.phase is Phase.REMOVE:
        chosen = strategy.choose(game, state, seat, random.Random(0))
        by_kind: dict[tuple[str, str, int], FgoAction] = {}
        for action in sorted(legal, key=lambda a: a != chosen):
            assert isinstance(action, Act)
            by_kind.setdefault(state.catalog.kinds[action.args[0]], action)
        return tuple(by_kind.values())[:MENU_LIMIT]
    if state.phase is Phase.BATTLE:
        ours, enemy = fighting(state, seat)

        def total(action: FgoAction) -> int:
            return total_of(state, seat, action.args, ours, enemy).value if isinstance(action, Act) else 0

        return tuple(sorted(legal, key=lambda a: -total(a))[:MENU_LIMIT])
    return legal


def hints_for(game: FgoDuel, state: FgoState, seat: Seat) -> list[str]:
    """Advice from ``seat``'s own knowledge: the recommended action with the facts behind it, then what else the
    decision turns on (a threat at the gate of your master area, the spread of your battle totals)."""
    found = game.recommend(state, seat)
    if found is None:
        return []
    action, reason = found
    out = [_("{action} [{text}]: {reason}", action=describe_action(state, seat, action), text=str(action),
             reason=reason)]
    if state.phase is Phase.ACTION:
        own_master = state.board.master_areas[seat]
        for servant in state.masters[1 - seat].on_map():
            if servant.area is not None and own_master in state.board.neighbours[servant.area]:
                out.append(_("{enemy} stands next to your master area: it wins if it moves in next turn",
                             enemy=state.catalog.servants[servant.servant].name))
    elif state.phase is Phase.BATTLE and state.attack is not None:
        ours, enemy = fighting(state, seat)
        totals = sorted((total_of(state, seat, a.args, ours, enemy).value
                         for a in game.legal_actions(state, seat) if isinstance(a, Act)), reverse=True)
        if len(totals) > 1:
            out.append(_("your totals: best {best}, worst {worst} ({count} choices)", best=totals[0],
                         worst=totals[-1], count=len(totals)))
        if seat == state.turn:
            out.append(_("the attacker wins only with a strictly greater total; a tie changes nothing"))
        else:
            out.append(_("the defender holds on a tie: match the attacker's total to keep the servant"))
    return out


def help_examples() -> list[tuple[str, str]]:
    """FGO Duel's commands as a player types them (each parses at the decision it names)."""
    return [
        ("pick artoria", _("Party building: put Altria Pendragon's status card in the next STATUS slot")),
        ("pick scathach:god_slayer", _("Advanced rules: the status card with the skill card you prepare")),
        ("keep", _("Keep the opening hand (mulligan: shuffle it back and draw 5, once)")),
        ("move artoria fuyuki_11 artoria/4", _("Action phase: move a servant to an adjacent area, paying one of "
                                               "its command cards (an enemy there means a battle)")),
        ("battle artoria/1 artoria/2 medusa/3", _("Battle: the 3 command cards you place face down")),
        ("skill medea", _("Start phase (advanced rules): turn a skill card face up, paying its NP")),
        ("pass", _("Use no skill, decline a trigger skill, or do not move at the end phase")),
        ("remove artoria/5", _("Deck rebuild: the trash card removed from the game")),
        ("view skills", _("Every skill card you may read, with its whole text")),
    ]


# -- the table ---------------------------------------------------------------------------------------------


TYPE_STYLE = {"quick": "green", "arts": "blue", "buster": "red"}
SEAT_STYLE = ("cyan", "magenta")
PANEL_CELLS = 156
"""Columns inside the terminal's panel (160 wide, less the border and padding)."""
LINE_CELLS = 154
"""Columns a table line may take: longer lines are cut with an ellipsis (``view skills`` prints texts whole)."""
SIDE_CELLS = 28
"""The fewest columns beside the map that the hand and the battles may take (else they go below it)."""
HALF_CELLS = 76
"""Columns of each master's half of the table (the two masters side by side)."""


def fit(text: str, cells: int) -> str:
    """``text`` cut to ``cells`` terminal columns, with an ellipsis when cut."""
    if cell_len(text) <= cells:
        return text
    while cell_len(text) > cells - 1:
        text = text[:-1]
    return text + "…"


def wrap(text: str, cells: int) -> list[str]:
    """``text`` in lines of at most ``cells`` columns, broken at spaces where it can be (else anywhere); the lines
    after the first are indented by two."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if cell_len(candidate) <= cells or not line:
            line = candidate
        else:
            lines.append(line)
            line = "  " + word
        while cell_len(line) > cells:
            cut = len(line)
            while cell_len(line[:cut]) > cells:
                cut -= 1
            lines.append(line[:cut])
            line = "  " + line[cut:]
    lines.append(line)
    return lines


def seat_label(m: Mapping[str, Any]) -> str:
    """``Seat 1 (first player)``: a master as the table names it, counted from 1."""
    if m["first"] is None:
        return _("Seat {number}", number=m["seat"] + 1)
    if m["first"]:
        return _("Seat {number} (first player)", number=m["seat"] + 1)
    return _("Seat {number} (second player)", number=m["seat"] + 1)


def chip_text(chips: list[Mapping[str, Any]]) -> str:
    """The chain counter as printed: the start square, the middle one and the rightmost one (FGO-RUL-05)."""
    squares = ["".join(c["chain"][0].upper() for c in chips if c["square"] == s) or "·"
               for s in range(CHAIN_COUNTER_SQUARES)]
    return _("[start {squares} right]", squares="|".join(squares))


def counts_text(m: Mapping[str, Any], advanced: bool) -> str:
    """A master's numbers: deck, hand, trash, removed, the total win condition C counts, NP (advanced)."""
    text = _("deck {deck} hand {hand} trash {trash} removed {removed} ({total} cards)", deck=m["deck_size"],
             hand=m["hand_size"], trash=len(m["trash"]), removed=len(m["removed"]), total=m["card_total"])
    if advanced:
        text = _("{text} NP {np}", text=text, np=m["np"])
    return text


def chain_text(m: Mapping[str, Any]) -> str:
    """The chain counter and the power its chips give now."""
    text = _("chain counter {counter}", counter=chip_text(m["chips"]))
    if m.get("chip_power"):
        text = _("{text}: chips +{power} power now", text=text, power=m["chip_power"])
    return text


def servant_text(s: Mapping[str, Any], areas: Mapping[str, Mapping[str, Any]]) -> str:
    """One status card: ``1 Altria Pendragon (Saber) at Fuyuki Church: B5 B4 B4 A3 Q3``."""
    cards = " ".join(c["code"] for c in s["commands"])
    if s["area"]:
        return _("{slot} {servant} ({cls}) at {area}: {cards}", slot=s["slot"], servant=s["name"], cls=s["class_name"],
                 area=areas[s["area"]]["name"], cards=cards)
    return _("{slot} {servant} ({cls}) destroyed: {cards}", slot=s["slot"], servant=s["name"], cls=s["class_name"],
             cards=cards)


KIND_NAMES = {"persistent": N_("persistent"), "trigger": N_("trigger"), "active": ""}


def skill_body(text: Any) -> str:
    """A skill's effect, without the tags its card text begins with (shown beside its name)."""
    return SKILL_TAGS.sub("", tr(text)).strip()


def skill_tags(kind: str, np_cost: int) -> str:
    """What the tags of a skill card say, short: ``persistent, NP 1``."""
    kind_name = KIND_NAMES.get(kind, "")
    if kind_name:
        return _("{kind}, NP {np}", kind=_(kind_name), np=np_cost)
    return _("NP {np}", np=np_cost)


def skill_line(skill: Mapping[str, Any], whole: bool = False) -> str:
    """A skill card as its owner (or anyone, once face up) reads it; face down to the opponent."""
    where = _(SKILL_STATES[skill["state"]])
    if "name" not in skill:
        return _("skill card ({state})", state=where)
    if whole:
        line = _("{skill} ({state}, NP {np}): {text}", skill=skill["name"], state=where, np=skill["np_cost"],
                 text=skill["text"])
    else:
        line = _("{skill} ({state}, {tags}): {text}", skill=skill["name"], state=where,
                 tags=skill_tags(skill["kind"], skill["np_cost"]), text=skill_body(skill["text"]))
    if skill.get("target_name"):
        line = _("{line} (on {target})", line=line, target=skill["target_name"])
    return line


def by_servant(cards: list[Mapping[str, Any]]) -> str:
    """Cards grouped by their servant, in order of first appearance: ``Altria B5 B4 · Medusa Q4``; ``↷`` marks a
    trash card turned sideways (spent NP)."""
    groups: dict[str, list[str]] = {}
    for c in cards:
        groups.setdefault(tr(c["short"]), []).append(c["code"] + ("↷" if c.get("sideways") else ""))
    return " · ".join(f"{name} {' '.join(codes)}" for name, codes in groups.items())


def trash_text(m: Mapping[str, Any]) -> str:
    """The face-up trash, grouped by servant."""
    return _("trash: {cards}", cards=by_servant(m["trash"]) or _("(empty)"))


def _markup(text: str, style: str = "") -> str:
    return f"[{style}]{escape(text)}[/]" if style else escape(text)


def _map_lines(view: Mapping[str, Any]) -> list[tuple[str, int]]:
    """The map as a graph of area names with the figures beside them: (markup, width) per line; a master area
    says whose it is."""
    game_map = view["map"]
    figures: dict[str, tuple[str, str]] = {}
    for m in view["masters"]:
        for s in m["party"]:
            if s["area"]:
                plain = f"{m['seat'] + 1}:{tr(s['short'])}"
                figures[s["area"]] = (f"[bold {SEAT_STYLE[m['seat'] % 2]}]{escape(plain)}[/]", plain)
        owner = _("Seat {number}", number=m["seat"] + 1)
        figures.setdefault(m["master_area"], (f"[dim]{escape(owner)}[/]", owner))
    by_pos = {tuple(a["pos"]): a for a in game_map["areas"]}
    links = {frozenset(link) for link in game_map["links"]}
    xs = sorted({a["pos"][0] for a in game_map["areas"]})
    ys = sorted({a["pos"][1] for a in game_map["areas"]}, reverse=True)

    def parts(a: Mapping[str, Any]) -> tuple[str, str]:
        plain = tr(a["name"])
        markup = escape(plain)
        figure = figures.get(a["id"])
        if figure is not None:
            markup += " " + figure[0]
            plain += " " + figure[1]
        return f"({markup})", f"({plain})"

    labels = {a["id"]: parts(a) for a in game_map["areas"]}
    # a master area sits alone in its row: its label may run on into the empty cells beside it
    width = max(cell_len(labels[a["id"]][1]) for a in game_map["areas"] if a["master"] is None) + 1
    debt = 0

    def cell(pos: tuple[int, int]) -> tuple[str, int]:
        nonlocal debt
        a = by_pos.get(pos)
        if a is None:
            pad = max(0, width - debt)
            debt = max(0, debt - width)
            return " " * pad, pad
        markup, plain = labels[a["id"]]
        used = max(width, cell_len(plain))
        debt = used - width
        return markup + " " * (used - cell_len(plain)), used

    def linked(p: tuple[int, int], q: tuple[int, int]) -> bool:
        a, b = by_pos.get(p), by_pos.get(q)
        return a is not None and b is not None and frozenset((a["id"], b["id"])) in links

    lines: list[tuple[str, int]] = []
    for row_index, y in enumerate(ys):
        row, cells = "", 0
        debt = 0
        for x in xs:
            markup, used = cell((x, y))
            row += markup + ("─" if linked((x, y), (x + 1, y)) else " ")
            cells += used + 1
        lines.append((row, cells))
        if row_index + 1 < len(ys):
            below = ys[row_index + 1]
            conn = ""
            for x in xs:
                vert = "│" if linked((x, y), (x, below)) else " "
                down_r = linked((x, y), (x + 1, below))
                up_r = linked((x, below), (x + 1, y))
                diag = "X" if down_r and up_r else ("\\" if down_r else ("/" if up_r else " "))
                conn += " " + vert + " " * (width - 2) + diag
            lines.append((escape(conn), cell_len(conn)))
    return lines


def _master_block(view: Mapping[str, Any], m: Mapping[str, Any], cells: int) -> list[tuple[str, int]]:
    """One master's half of the table: name and numbers, chain counter, status cards (and skill cards), trash."""
    areas = {a["id"]: a for a in view["map"]["areas"]}
    plain = [_("{seat}: {counts}", seat=seat_label(m), counts=counts_text(m, view["advanced"]))]
    styles = [f"bold {SEAT_STYLE[m['seat'] % 2]}"]
    if any(other["chips"] for other in view["masters"]):  # an empty chain counter on both sides says nothing
        plain.append(chain_text(m))
        styles.append("")
    for s in m["party"]:
        plain.append(servant_text(s, areas))
        styles.append("" if s["area"] else "dim")
        if s["skill"] is not None:
            plain.append("  " + skill_line(s["skill"]))
            styles.append("dim" if s["skill"]["state"] == "removed" else "")
    plain.append(trash_text(m))
    styles.append("")
    out = []
    for text, style in zip(plain, styles, strict=True):
        text = fit(text, cells)
        out.append((_markup(text, style), cell_len(text)))
    return out


def _side_lines(view: Mapping[str, Any], cells: int) -> list[tuple[str, int]]:
    """What sits beside the map: your hand, the battle being fought, the last battle revealed."""
    out: list[tuple[str, int]] = []

    def add(text: str, style: str = "") -> None:
        for piece in wrap(text, cells):
            out.append((_markup(piece, style), cell_len(piece)))

    masters = view["masters"]
    seat = view.get("seat")
    areas = {a["id"]: a for a in view["map"]["areas"]}
    if seat is not None and 0 <= seat < len(masters) and view["phase"] not in ("party", "first_player"):
        add(_("Your hand: {cards}", cards=by_servant(masters[seat].get("hand", [])) or _("(empty)")), "bold")
        battle_cards = masters[seat].get("battle")
        if battle_cards:
            add(_("Your battle cards (face down): {cards}", cards=by_servant(battle_cards)))
    attack = view.get("attack")
    if attack:
        add(_("Battle: {attacker} attacks {defender} in {area}", attacker=attack["attacker_name"],
              defender=attack["defender_name"] or "-", area=areas[attack["destination"]]["name"]), "bold red")
    battle = view.get("last_battle")
    if battle:
        if out:
            out.append(("", 0))
        for line in last_battle_lines(view, battle):
            add(line)
    return out


def render_view(view: Mapping[str, Any]) -> str:
    """The table as Rich markup: the map with its links and figures (your hand and the battles beside it), then the
    two masters side by side: numbers, chain counter, status and skill cards, trash."""
    phase = _(PHASE_NAMES[view["phase"]])
    acting = [seat_label(view["masters"][s]) for s in view["to_act"] if 0 <= s < len(view["masters"])]
    rules = _("advanced rules") if view["advanced"] else _("basic rules")
    header = _("{map}  turn {turn}  {phase}  to act: {acting}  ({rules})", map=view["map"]["name"],
               turn=view["turns"], phase=phase, acting=acting or "-", rules=rules)
    lines = [f"[bold]{escape(fit(header, PANEL_CELLS))}[/]"]
    board = _map_lines(view)
    width = max(w for _m, w in board) + 2
    free = PANEL_CELLS - width
    side = _side_lines(view, free if free >= SIDE_CELLS else PANEL_CELLS)
    if free < SIDE_CELLS:  # a wide map: what would sit beside it goes below
        lines += [markup for markup, _w in board] + [markup for markup, _w in side]
    else:
        top = max(0, (len(board) - len(side)) // 2)
        for row, (markup, used) in enumerate(board):
            beside = side[row - top][0] if 0 <= row - top < len(side) else ""
            lines.append(markup + (" " * (width - used) + beside if beside else ""))
        lines += [markup for markup, _w in side[len(board) - top:]]
    masters = view["masters"]
    setting_up = view["phase"] in ("party", "first_player")
    blocks = [] if setting_up else [_master_block(view, m, HALF_CELLS) for m in masters]
    for row in range(max((len(b) for b in blocks), default=0)):
        left = blocks[0][row] if row < len(blocks[0]) else ("", 0)
        right = blocks[1][row] if row < len(blocks[1]) else ("", 0)
        lines.append(left[0] + " " * (HALF_CELLS + 2 - left[1]) + right[0])
    if view.get("roster"):
        cap = view["cost_cap"] if view["cost_cap"] is not None else "-"
        head = (_("Servants to choose from (cost limit {cap}; view skills: every skill card's text):", cap=cap)
                if view["advanced"] else _("Servants to choose from (cost limit {cap}):", cap=cap))
        lines.append("[bold]" + escape(head) + "[/]")
        for s in view["roster"]:
            cards = " ".join(c["code"] for c in s["commands"])
            text = _("No.{number} {servant} ({cls}, cost {cost}): {cards}", number=s["servant_no"], servant=s["name"],
                     cls=s["class_name"], cost=s["cost"], cards=cards)
            if s["skills"]:
                skills = [skill_cost(k) for k in s["skills"]]
                text = _("{text}; skill cards: {skills}", text=text, skills=skills)
            lines.append("  " + escape(fit(text, LINE_CELLS)))
    if view.get("winner") is not None:  # both masters may field one Medusa: the end line names the winning seat
        lines.append("[bold yellow]" + escape(_("Game over:")) + "[/] "
                     + escape(_("{seat} wins: {reason}", seat=_("Seat {number}", number=int(view["winner"]) + 1),
                                reason=tr(view.get("reason")))))
    elif view["phase"] == "over":
        lines.append("[bold yellow]" + escape(_("Game over:")) + "[/] " + escape(tr(view.get("reason"))))
    return "\n".join(lines)


def skill_cost(skill: Mapping[str, Any]) -> str:
    """A skill card's name and NP cost: ``Mana Burst A NP 1``."""
    return _("{skill} NP {np}", skill=skill["name"], np=skill["np_cost"])


def last_battle_lines(view: Mapping[str, Any], battle: Mapping[str, Any]) -> list[str]:
    """The last battle, revealed: the result, then each side's servant, cards and total broken down."""
    result = {"attacker": _("the attacker won"), "defender": _("the defender held"),
              "tie": _("a tie, nothing happened")}[battle["result"]]
    out = [_("Last battle: {result}", result=result)]
    attacker = battle.get("attacker")
    sides = sorted(battle["seats"].items(), key=lambda side: int(side[0]) != attacker)  # the attacker first
    for seat_key, b in sides:
        m = view["masters"][int(seat_key)]
        name = next((s["short"] for s in m["party"] if s["id"] == b["servant"]), b["servant"])
        parts = breakdown(b["cards_power"], b["buster"], b["brave"], b["chips"], b["skills"])
        codes = " ".join(code(kind[0], kind[1]) for kind in b.get("codes", []))
        seat = _("Seat {number}", number=int(seat_key) + 1)
        if attacker is not None:  # who attacked: "the defender held" reads against the right side
            seat = (_("{seat} (attacker)", seat=seat) if int(seat_key) == attacker
                    else _("{seat} (defender)", seat=seat))
        out.append(_("{seat} {servant}: {cards}, total {total} = {parts}", seat=seat, servant=name, cards=codes,
                     total=b["total"], parts=parts))
    return out


def render_skills(view: Mapping[str, Any]) -> str:
    """Every skill card ``view`` shows, with its whole text (``view skills``); while parties are built, every skill
    card of every servant to choose from."""
    lines = []
    for s in view.get("roster", []):
        for k in s["skills"]:
            lines.append(escape(_("{servant}: {skill} (NP {np}): {text}", servant=s["name"], skill=k["name"],
                                  np=k["np_cost"], text=k["text"])))
    for m in view["masters"]:
        for s in m["party"]:
            if s["skill"] is not None:
                lines.append(escape(_("{seat} {servant}: {skill}", seat=seat_label(m), servant=s["name"],
                                      skill=skill_line(s["skill"], whole=True))))
    if lines:
        return "\n".join(lines)
    return escape(_("no skill cards on the table (advanced rules)") if view["advanced"]
                  else _("no skill cards: they are used only in the advanced rules"))


def shown_values(view: Mapping[str, Any]) -> list[str]:
    """Every value of ``view`` that :func:`render_view` shows, as printed (in the current language)."""
    out = [tr(view["map"]["name"]), *(tr(a["name"]) for a in view["map"]["areas"])]
    if view["phase"] in ("party", "first_player"):
        return out + [tr(s["name"]) for s in view.get("roster", [])]
    for m in view["masters"]:
        out.append(counts_text(m, view["advanced"]))
        if any(other["chips"] for other in view["masters"]):
            out.append(chip_text(m["chips"]))
        for s in m["party"]:
            out.append(tr(s["name"]))
            if s["area"]:
                out.append(f"{m['seat'] + 1}:{tr(s['short'])}")
            if s["skill"] is not None:
                out.append(fit("  " + skill_line(s["skill"]), 40).rstrip("…").strip())
    battle = view.get("last_battle")
    if battle:
        out += [_("total {total}", total=b["total"]) for b in battle["seats"].values()]
    return out
