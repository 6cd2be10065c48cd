"""Sword Art Online: Sword of Fellows on the game contract: set-up, who acts, legal actions, applying."""

from __future__ import annotations

import itertools
import operator
import random
from collections.abc import Mapping
from functools import cache
from itertools import repeat
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from bouts.core.chance import Roll, Shuffle, shuffle_in_place
from bouts.core.contract import (
    CHANCE,
    NO_PARTS,
    ActionParts,
    Game,
    GameInfo,
    IllegalAction,
    OptionsError,
    Outcome,
    Seat,
    Variant,
    Words,
    Zone,
    holds,
)
from bouts.core.decisions import Decision
from bouts.core.events import QUIET
from bouts.core.i18n import Message
from bouts.core.options import validate_options
from bouts.core.stepping import STEP_METHODS, install_fast_path
from bouts.games.sao import attack, clearing, rolling, turn
from bouts.games.sao.actions import DONE, DONE_COMBINED, FINALIZE, Act, SaoAction, act
from bouts.games.sao.cards import CATALOGS, SECTIONS, Catalog
from bouts.games.sao.clearing import SECTION_NAMES
from bouts.games.sao.i18n import M_, N_, _
from bouts.games.sao.log import say
from bouts.games.sao.options import OPTION_HELP, SaoOptions
from bouts.games.sao.state import Character, SaoState, plain_decision
from bouts.games.sao.view import GAME_NAME, describe_action, render_view, shown_values, view_of

DEFAULT_CHARACTERS: Final = ("kirito", "asuna", "klein", "lisbeth")
FEATURED: Final = 16
"""At most this many actions are featured on a menu's first page (the rest under ``more``)."""
LISTED_ROLL_DICE: Final = 4
"""Rolls of up to this many dice have their outcomes listed; bigger ones are sampled or forced."""
ASK_PARTNER: Final = act("ask_partner")
BACK: Final = act("back")
KEEP: Final = act("keep")
YUI: Final = act("yui")
ENDURE: Final = act("endure")
FINISH: Final = act("finish")
SUPPORT_VALUES: Final = tuple(act("support", *map(str, v))
                              for v in itertools.combinations_with_replacement(range(1, 7), 4))
"""A lone Kirito's choices of support dice results (SAO-129)."""


@cache
def roll_outcomes(dice: int) -> tuple[Roll, ...]:
    """Every ordered result of rolling ``dice`` six-sided dice."""
    return Roll.outcomes(dice, 6)


INFO: Final = GameInfo(
    id="sao",
    name=GAME_NAME,
    min_seats=1,
    max_seats=4,
    chance=True,
    hidden_information=True,
    simultaneous=False,
    cooperative=True,
    summary=M_(
        "Cooperative dice game for 1-4 players (KADOKAWA / Arclight, design Seiji Kanai). Beat one "
        "scenario each of the lower section, the middle section and the upper section of Aincrad, then the Final "
        "Battle. On a turn "
        "the turn player picks a chaining partner; he rolls the main dice and the partner the support "
        "dice, with up to two shared rerolls and limited abilities; then he spends the dice on his "
        "Sword Skills. Use every die for a Switch and the enemy cannot counterattack. If anyone dies, "
        "everyone loses."
    ),
)
ACTING: Final = {seat: (seat,) for seat in range(CHANCE, INFO.max_seats)}
"""``to_act`` answers, made once."""


# -- the rules of a step ------------------------------------------------------------------------------------
# Module functions: compiled, they call each other directly. The contract's methods among them (STEP_METHODS of
# core.stepping: to_act, legal_actions, sample_chance, advance and the ones the contract calls, each taking the
# game first) are Sao's methods as they are (the class body names them); see install_fast_path for why.


def to_act(game: object, state: SaoState) -> tuple[Seat, ...]:
    """The seat of the decision on top of the stack; ``CHANCE`` for rolls and shuffles."""
    if state.result is not None or not state.pending:
        return ()
    seat = state.pending[-1].seat
    return ACTING.get(seat) or (seat,)


def legal_actions(game: object, state: SaoState, seat: Seat) -> tuple[SaoAction, ...]:
    """Every action ``seat`` may take now (empty when it is not to act), cached on the state."""
    cached = state._legal.get(seat)
    if cached is None:
        pending = state.pending
        if state.result is None and pending and pending[-1].seat == seat:
            decision = pending[-1]
            kind = decision.kind  # the decisions of every turn here, the others through _legal_actions
            if kind == "roll_window":
                cached = _roll_window(state, decision)
            elif kind == "assign":
                cached = attack.skill_menu(state)
            else:
                cached = _legal_actions(game, state, seat)
        else:
            cached = ()
        state._legal[seat] = cached
    return cached


def _legal_actions(game: object, state: SaoState, seat: Seat) -> tuple[SaoAction, ...]:
    decision = state.pending[-1]
    kind = decision.kind
    if kind == "roll_window":
        return _roll_window(state, decision)
    if kind == "assign":
        return attack.skill_menu(state)
    if kind == "roll":
        n = len(decision.get("dice"))
        return roll_outcomes(n) if n <= LISTED_ROLL_DICE else ()
    if kind in ("scenario_shuffle", "item_shuffle"):
        return ()
    return tuple(_decisions(state, decision))


def _roll_window(state: SaoState, decision: Decision) -> tuple[Act, ...]:
    """The turn player's roll decision: finalize, the rerolls left, his (and a solo player's partner's)
    abilities, Die control, Consumables, and asking the others when one of them is waiting."""
    # rolling.rerolls_left(state) > 0
    opening = rolling.finalize_and_rerolls(len(state.pool)) if rolling.rerolls_allowed(state) > state.rerolls_used \
        else (FINALIZE,)
    # rolling.seat_characters: the turn player's and the partner's characters this seat plays
    characters, me, partner = state.characters, state.turn_char, state.partner
    out = rolling.ability_actions(state, me) if characters[me].seat == decision.seat else []
    if partner is not None and partner != me and characters[partner].seat == decision.seat:
        out += rolling.ability_actions(state, partner)
    if state.tokens:  # Die control needs Silica's token out
        out += rolling.die_control_actions(state)
    consumables = rolling.consumable_actions(state) if state.consumables else []
    out += consumables
    if rolling.is_anyone_waiting(state, bool(consumables)):
        out.append(ASK_PARTNER)
    return opening + tuple(out) if out else opening


def _decisions(state: SaoState, decision: Decision) -> list[Act]:
    kind = decision.kind
    if kind == "roll_window":
        return list(_roll_window(state, decision))
    if kind == "assign":
        return list(attack.skill_menu(state))
    if kind == "chain_partner":
        return [act("partner", state.characters[i].id) for i in turn.partner_candidates(state)]
    if kind == "exchange":
        return [act("exchange", d) for d in decision.get("dice")] + [KEEP]
    if kind == "support_values":
        return list(SUPPORT_VALUES)
    if kind == "ability_window":
        return [*rolling.window_actions(state, decision.seat), BACK]
    if kind == "yui":
        return [YUI, ENDURE]
    if kind == "equip":
        return [act("equip", state.characters[i].id) for i in state.living()]
    if kind == "transfer":
        return [act("transfer", *move) for move in clearing.transfer_options(state)] + [FINISH]
    raise IllegalAction(M_("unknown decision '{kind}'", kind=kind))  # pragma: no cover


def _shuffle_pile(state: SaoState) -> list[str]:
    if state.pending[-1].kind == "scenario_shuffle":
        return list(state.catalog.scenarios)
    return list(state.catalog.items)


def sample_chance(game: object, state: SaoState, rng: random.Random) -> SaoAction:
    """Roll the dice or shuffle the cards."""
    pending = state.pending
    decision = pending[-1] if pending else None
    if decision is None or decision.seat != CHANCE or state.result is not None:
        raise IllegalAction(M_("no roll or shuffle is pending"))
    if decision.kind == "roll":
        return Roll(rolling.d6_results(rng, len(decision.get("dice"))))  # as Roll.sample(n, 6, rng)
    order = _shuffle_pile(state)
    shuffle_in_place(order, rng)  # Shuffle.sample's draws, without random.py's frame per card
    return Shuffle(tuple(order))


def advance(game: object, state: SaoState, seat: Seat, action: SaoAction) -> None:
    """Apply ``action`` in place, unchecked (:meth:`bouts.core.stepping.Stepping.advance`)."""
    if state.events is not QUIET:
        state.events = []
    state._legal = {}
    _apply(game, state, seat, action)


def _apply(game: object, state: SaoState, seat: Seat, action: SaoAction) -> None:
    if not isinstance(action, Act):
        if isinstance(action, Roll):
            rolling.apply_roll(state, action)
        else:
            _apply_shuffle(state, action)
        return
    verb, args = action.verb, action.args
    # the verbs of every turn first, the rarer ones after (a call saved per step on the hot ones)
    if verb == "reroll":
        rolling.reroll(state, rolling.dice_indices(args))
    elif verb == "skill":
        attack.trigger(state, action)
    elif verb == "done":
        attack.done(state, combined=args == ("combined",))
    elif verb == "finalize":
        if not rolling.open_windows(state, "finalize"):  # SAO-RUL-07, SAO-RUL-22: the others first
            attack.finalize(state)
    else:
        _apply_act(state, action)


def _apply_shuffle(state: SaoState, shuffle: Shuffle) -> None:
    kind = state.pending.pop().kind
    if kind == "scenario_shuffle":  # SAO-035, SAO-036
        first: dict[str, str] = {}  # each section's first scenario in the shuffled order
        scenarios = state.catalog.scenarios
        for s in shuffle.order:
            first.setdefault(scenarios[s].section, s)
        state.scenarios = [first[section] for section in SECTIONS]
        say(state, "shuffle", N_("One scenario card is drawn face down from each section"),
            clauses=("SAO-035", "SAO-036"))
        state.pending.append(plain_decision(CHANCE, "item_shuffle"))
        return
    state.items = list(shuffle.order)  # SAO-037
    say(state, "shuffle", N_("The item deck is shuffled ({count} cards)"),
        args={"count": len(state.items)}, clauses=("SAO-037",))
    clearing.begin_scenario(state)


def _apply_act(state: SaoState, act: Act) -> None:
    """The rarer verbs (:func:`_apply` takes those of every turn itself)."""
    verb, args = act.verb, act.args
    if verb == "partner":
        state.pending.pop()
        turn.set_partner(state, state.index_of(args[0]))
    elif verb == "exchange":
        rolling.exchange(state, args[0])
    elif verb == "keep":
        rolling.exchange(state, None)
    elif verb == "support":
        rolling.set_support(state, tuple(int(a) for a in args))
    elif verb == "ability":
        rolling.use_ability(state, act)
    elif verb == "control":
        rolling.control(state, int(args[0]) - 1, int(args[1]))
    elif verb == "use":
        rolling.use_consumable(state, args[0], args[1])
    elif verb == "ask_partner":
        rolling.open_windows(state, "")
    elif verb == "back":
        rolling.pass_window(state)
    elif verb in ("yui", "endure"):
        attack.yui(state, verb == "yui")
    elif verb == "equip":
        clearing.equip(state, args[0])
    elif verb == "transfer":
        clearing.transfer(state, args[0], args[1])
    elif verb == "finish":
        clearing.transfer(state, None, None)
    else:  # pragma: no cover - legality was checked
        raise IllegalAction(M_("unknown action '{action}'", action=str(act)))


@mypyc_attr(native_class=False)  # a plain class in a compiled build: it subclasses the plain Game
class Sao(Game[SaoState, SaoAction]):
    """Sword Art Online: Sword of Fellows, by its rulebook (rules/sao.md, SAO-001..SAO-157)."""

    info = INFO

    # -- content --------------------------------------------------------------------------
    catalogs = CATALOGS
    option_help = OPTION_HELP
    options_model = SaoOptions

    def __init__(self) -> None:
        install_fast_path(self, Sao, STEP_METHODS)

    def variants(self) -> dict[str, Variant]:
        """Normal, easy and hard play (SAO-130..SAO-132)."""
        return {
            "standard": Variant((1, 2, 3, 4), {}, M_("the rulebook game (solo: Kirito and Asuna)")),
            "easy": Variant((1, 2, 3, 4), {"difficulty": "easy"},
                            M_("the turn player and the partner each get one free ability use a turn")),
            "hard": Variant((1, 2, 3, 4), {"difficulty": "hard"}, M_("fewer ability uses, no character dice")),
        }

    # -- set-up (SAO-031..SAO-040) ----------------------------------------------------------
    def setup(self, seats: int, options: Mapping[str, Any] | None = None,
              content: Any | None = None, seed: int = 0) -> SaoState:
        """Characters seated, then the scenario draw and the item deck shuffle (chance steps)."""
        opts = validate_options(SaoOptions, options)
        catalog: Catalog = self.catalog(content)
        if not 1 <= seats <= INFO.max_seats:
            raise OptionsError(M_("this game takes 1 to {most} seats, not {seats} (SAO-001)", most=INFO.max_seats,
                                  seats=seats))
        wanted = 2 if seats == 1 else seats
        chosen = opts.characters or DEFAULT_CHARACTERS[:wanted]
        if len(chosen) != wanted:
            raise OptionsError(M_("option 'characters': give {count} characters (solo: Kirito and one other)",
                                  count=wanted) if seats == 1 else
                               M_("option 'characters': give {count} characters, one per seat", count=wanted))
        for c in chosen:
            if c not in catalog.characters:
                raise OptionsError(M_("option 'characters': unknown character '{character}' (known: {known})",
                                      character=c, known=list(catalog.characters)))
        if "kirito" not in chosen:
            raise OptionsError(M_("option 'characters': Kirito must be in the game (SAO-031)"))
        if len(set(chosen)) != len(chosen):
            raise OptionsError(M_("option 'characters': each character can be chosen once"))
        characters = [Character(c, catalog.characters[c].name, 0 if seats == 1 else i)
                      for i, c in enumerate(chosen)]
        state = SaoState(opts, catalog, seats, characters, [], [])
        state.turn_char = state.kirito  # SAO-045
        for i, character in enumerate(state.characters):
            character.usage = state.starting_usage(i)  # SAO-038, SAO-RUL-05, SAO-131
        if opts.scenarios is not None:
            if len(opts.scenarios) != 4:
                raise OptionsError(M_("option 'scenarios': give 4 ids (lower section, middle section, upper section, "
                                      "Final Battle)"))
            for section, sid in zip(SECTIONS, opts.scenarios, strict=True):
                card = catalog.scenarios.get(sid)
                if card is None or card.section != section:
                    raise OptionsError(M_("option 'scenarios': '{scenario}' is not a {section} scenario "
                                          "(known: {known})", scenario=sid, section=M_(SECTION_NAMES[section]),
                                          known=list(catalog.section(section))))
            state.scenarios = list(opts.scenarios)
            state.pending.append(plain_decision(CHANCE, "item_shuffle"))
        else:
            state.pending.append(plain_decision(CHANCE, "scenario_shuffle"))
        say(state, "setup", N_("Characters: {characters}"), {"characters": list(chosen)},
            args={"characters": [c.name for c in characters]},
            clauses=("SAO-031", "SAO-032") if seats == 1 else ("SAO-031",))
        return state

    # -- who acts, legal actions, chance, applying: the rules' module functions above --------------
    to_act = to_act
    legal_actions = legal_actions
    _legal_actions = _legal_actions
    sample_chance = sample_chance
    advance = advance
    _apply = _apply

    # -- chance --------------------------------------------------------------------------------
    def is_legal_chance(self, state: SaoState, action: SaoAction) -> bool:
        """Whether a forced roll or shuffle is possible now."""
        kind = state.pending[-1].kind
        if kind in ("scenario_shuffle", "item_shuffle"):
            return isinstance(action, Shuffle) and action.is_permutation_of(_shuffle_pile(state))
        return isinstance(action, Roll) and action.fits(len(state.pending[-1].get("dice")), 6)

    def is_legal(self, state: SaoState, seat: Seat, action: SaoAction) -> bool:
        """Whether ``seat`` may take ``action`` now.

        An action taken from :meth:`legal_actions` (as agents and the simulator do) is found by
        identity, without comparing it field by field with every action listed before it.
        """
        if seat == CHANCE:
            return super().is_legal(state, seat, action)
        legal = self.legal_actions(state, seat)
        return any(map(operator.is_, legal, repeat(action))) or holds(legal, action)

    def parse_action(self, state: SaoState, seat: Seat, text: str) -> SaoAction:
        """Read an action's text form (``roll 3 5 ...``, ``shuffle ...`` for chance)."""
        if seat == CHANCE and CHANCE in self.to_act(state):
            if state.pending[-1].kind in ("scenario_shuffle", "item_shuffle"):
                return Shuffle.parse(text)
            return Roll.parse(text)
        return super().parse_action(state, seat, text)

    # -- information -------------------------------------------------------------------------------
    def view(self, state: SaoState, seat: Seat | None) -> dict[str, Any]:
        """The public table: unrevealed scenario cards and the item deck order stay hidden; for the seat deciding
        its Sword Skills, the advisor's plan (``plan``, see :mod:`bouts.games.sao.plan`)."""
        from bouts.core.i18n import jsonable
        from bouts.games.sao.plan import advisor_plan

        view = view_of(state, seat, self.to_act(state))
        view["plan"] = jsonable(advisor_plan(self, state, seat))
        return view

    def determinize(self, state: SaoState, seat: Seat | None, rng: random.Random) -> SaoState:
        """Redraw the face-down scenario cards and reshuffle the item deck (nobody has seen them)."""
        new = state.clone()
        new.events, new._legal = [], {}
        if new.scenarios and new.options.scenarios is None:
            revealed = new.section + 1 if not new.pending or new.pending[-1].kind != "item_shuffle" else 0
            for i in range(revealed, len(SECTIONS)):
                new.scenarios[i] = rng.choice(new.catalog.section(SECTIONS[i]))
        rng.shuffle(new.items)
        return new

    def hidden_cards(self, state: SaoState, seat: Seat | None) -> list[dict[str, list[str]]]:
        """What nobody at the table sees (SAO is cooperative: every seat sees the same, so ``seat`` does
        not matter): each face-down scenario card among its section's cards (SAO-035), and the item
        deck's order, one place per deck position (SAO-037). Before the shuffles, nothing is hidden yet.

        Scenarios fixed by the ``scenarios`` option are known to everyone, so they are not hidden.
        """
        groups: list[dict[str, list[str]]] = []
        if state.scenarios and state.options.scenarios is None:
            revealed = 0 if state.pending and state.pending[-1].kind == "item_shuffle" else state.section + 1
            for i in range(revealed, len(SECTIONS)):
                drawn = state.scenarios[i]
                section = SECTIONS[i]
                groups.append({f"{section} scenario (face down)": [drawn],
                               f"{section} scenarios not drawn": [s for s in state.catalog.section(section)
                                                                  if s != drawn]})
        if state.items:
            groups.append({f"item deck {position}": [item] for position, item in enumerate(state.items, 1)})
        return groups

    def content_choices(self, state: SaoState) -> dict[Seat, str | list[str]]:
        """The characters each seat plays (two for a solo player)."""
        chosen: dict[Seat, str | list[str]] = {}
        for character in state.characters:
            mine = chosen.setdefault(character.seat, [])
            assert isinstance(mine, list)
            mine.append(character.id)
        return chosen

    def deal_content(self, seats: int, options: Mapping[str, Any], content: Any,
                     rng: random.Random) -> dict[str, Any] | None:
        """The characters, uniformly among the legal choices: distinct characters, one per seat (two for
        a solo player), Kirito among them (SAO-031, SAO-032), every ordering equally likely."""
        if not 1 <= seats <= INFO.max_seats:
            raise OptionsError(M_("this game takes 1 to {most} seats, not {seats} (SAO-001)", most=INFO.max_seats,
                                  seats=seats))
        catalog: Catalog = self.catalog(content)
        if "kirito" not in catalog.characters:
            raise OptionsError(M_("the pack has no Kirito, who must be in the game (SAO-031)"))
        others = sorted(c for c in catalog.characters if c != "kirito")
        wanted = 2 if seats == 1 else seats
        if len(others) < wanted - 1:
            raise OptionsError(M_("the pack has {count} characters, too few to deal {wanted}", count=len(others) + 1,
                                  wanted=wanted))
        chosen = rng.sample(others, wanted - 1)
        chosen.insert(rng.randrange(wanted), "kirito")
        return {"characters": chosen}

    def outcome(self, state: SaoState) -> Outcome | None:
        """Everyone wins together or loses together (SAO-002, SAO-113)."""
        if state.result is None:
            return None
        if state.result == "won":
            return Outcome(tuple(range(state.seats)), state.reason)
        return Outcome((), state.reason)

    # -- presentation ---------------------------------------------------------------------------------
    def seat_name(self, state: SaoState, seat: Seat) -> Words:
        """``Seat 2 (Asuna)``: seats counted from 1, as the table prints them, with the characters they play."""
        names = [c.name for c in state.characters if c.seat == seat]
        if not names:
            return super().seat_name(state, seat)
        return M_("Seat {number} ({characters})", number=seat + 1, characters=names)

    def describe(self, state: SaoState, seat: Seat, action: SaoAction) -> str:
        """A menu line for ``action``, with the numbers it turns on."""
        return describe_action(state, seat, action)

    def hints(self, state: SaoState, seat: Seat) -> list[str]:
        """At a roll decision, the exact reroll advisor's best choices, the first being what Enter takes; at the
        other decisions nothing here (``advice`` then gives :meth:`recommend` with its reason)."""
        from bouts.games.sao.advisor import hint_lines

        return hint_lines(state, seat)

    def recommend(self, state: SaoState, seat: Seat) -> tuple[SaoAction, str] | None:
        """What ``hint`` advises and why: the exact reroll advisor's first choice at a roll decision (so Enter takes
        what ``hint`` says), the heuristic's pick with its reason elsewhere."""
        legal = self.legal_actions(state, seat)
        if not legal or seat == CHANCE:
            return None
        from bouts.games.sao.advisor import option_reason, roll_options
        from bouts.games.sao.strategy import choose, explain

        kind = state.pending[-1].kind
        if kind in ("roll_window", "ability_window"):
            options = roll_options(state, seat)
            if options:
                return options[0].action, option_reason(state, options[0], seat)
        action = choose(self, state, seat, random.Random(0))
        return action, explain(self, state, seat, action)

    def render(self, view: Mapping[str, Any]) -> str:
        """The table as Rich markup, in the current language."""
        return render_view(view)

    def shown_values(self, view: Mapping[str, Any]) -> list[str]:
        """What :meth:`render` shows: scenario and step, characters with HP, uses, abilities and skills, dice, what is
        queued, the counterattack and its warning, items, the decision awaited."""
        return shown_values(view)

    def public_zones(self) -> Mapping[str, Zone]:
        """Every character's abilities and Sword Skills, and the scenarios revealed so far with all their steps."""
        from bouts.games.sao.zones import render_characters, render_scenarios

        return {"characters": Zone(M_("every character: HP, abilities and Sword Skills at this level"),
                                   render_characters),
                "scenarios": Zone(M_("the scenarios revealed so far, every step with its HP, counterattack and "
                                     "effects"), render_scenarios)}

    def featured_actions(self, state: SaoState, seat: Seat) -> tuple[SaoAction, ...]:
        """The best few of a large choice: the advisor's ranking at a roll decision (rerolls, uses, asking the
        partner), the heuristic's pick of Sword Skills or support values; small decisions list everything."""
        legal = self.legal_actions(state, seat)
        if len(legal) <= FEATURED:
            return legal
        from bouts.games.sao.advisor import option_for, roll_options
        from bouts.games.sao.strategy import choose

        decision = state.pending[-1]
        picked: list[SaoAction] = []
        rest: list[SaoAction] = list(legal)
        if decision.kind in ("roll_window", "ability_window"):
            picked += [option.action for option in roll_options(state, seat)[:8]]
            # the rest of the page best first too, by the advisor's value of each line (an equal reroll of the
            # same kinds and values ranks beside its twin); what the advisor does not rank keeps its menu place
            # at the end: every line shows its outlook, so a page out of that order reads as a wrong ranking
            ranked: list[tuple[float, int, SaoAction]] = []
            unranked: list[SaoAction] = []
            for place, a in enumerate(legal):
                option = option_for(state, seat, a) if isinstance(a, Act) else None
                if option is None:
                    unranked.append(a)
                else:
                    ranked.append((-option.outlook.value, place, a))
            rest = [a for _value, _place, a in sorted(ranked)] + unranked
        else:
            picked.append(choose(self, state, seat, random.Random(0)))
        for closing in (FINALIZE, ASK_PARTNER, DONE, DONE_COMBINED, act("back"), act("finish")):
            if closing in legal:
                picked.append(closing)
        picked += [a for a in legal if isinstance(a, Act) and a.verb in ("use",)]
        out = list(dict.fromkeys(a for a in picked if a in legal))
        for a in rest:  # fill the page with the rest
            if len(out) >= FEATURED:
                break
            if a not in out:
                out.append(a)
        return tuple(out[:FEATURED])

    def is_trivial(self, state: SaoState, seat: Seat, action: SaoAction) -> bool:
        """Everything in SAO is public, so a prompt with one option tells nobody anything: skip it."""
        return True

    def help_examples(self) -> list[tuple[str, str]]:
        """SAO's own example commands (each parses at the decision it names; dice are numbered from 1 as the table
        prints them)."""
        return [("reroll 1 3 4", _("Roll the dice: reroll dice 1, 3 and 4 together")),
                ("finalize", _("Roll the dice: keep the dice as they are (the other players may use abilities "
                               "first)")),
                ("ability kirito edge 2 6", _("Roll the dice: Kirito's Dual edge turns die 2 into a 6")),
                ("ability asuna flip 2 5", _("Roll the dice: Asuna's Flashing flip turns dice 2 and 5 to their "
                                             "opposite faces")),
                ("ask_partner", _("Roll the dice: let the other players use abilities or Consumables first")),
                ("skill vertical_arc 1 4", _("Sword Skills: trigger Vertical Arc with dice 1 and 4")),
                ("done", _("Sword Skills: deal the damage of the skills triggered")),
                ("partner asuna", _("Chaining partner: chain with Asuna")),
                ("hint", _("the exact reroll advisor's best choices, or the heuristic's pick with its reason"))]

    _GROUPS: ClassVar[dict[str, Message]] = {
        "partner": M_("Chaining partner"), "exchange": M_("Character die"), "keep": M_("Character die"),
        "support": M_("Support dice"), "reroll": M_("Reroll"), "finalize": M_("Dice"), "ability": M_("Abilities"),
        "control": M_("Die control"), "use": M_("Consumables"), "ask_partner": M_("Dice"), "back": M_("Dice"),
        "skill": M_("Sword Skills"), "done": M_("Sword Skills"), "yui": M_("Counterattack"),
        "endure": M_("Counterattack"), "equip": M_("Equipment"), "transfer": M_("Equipment"),
        "finish": M_("Equipment"),
    }

    def action_parts(self, state: SaoState, seat: Seat, action: SaoAction) -> ActionParts:
        """The table objects an action involves, named as the view names them: dice ``die:<n>`` (numbered from 1
        as printed), character cards ``card:<character>``, item cards ``card:<item>/<copy>``, the Support card
        ``card:<id>`` and Sword Skills ``skill:<id>``. Rerolls and skill assignments select dice; an ability names
        its character's card, then its target card or dice; finalizing, passing and dealing the damage are plain
        controls."""
        if not isinstance(action, Act):
            return NO_PARTS
        verb, args = action.verb, action.args
        group = self._GROUPS.get(verb, "")
        if verb == "reroll":
            return ActionParts(select=tuple(f"die:{n}" for n in args), group=group)
        if verb == "skill":
            return ActionParts(objects=(f"skill:{args[0]}",), select=tuple(f"die:{n}" for n in args[1:]), group=group)
        if verb in ("partner", "exchange", "equip"):
            first = (f"card:{state.pending[-1].get('item')}",) if verb == "equip" else ()
            return ActionParts(objects=(*first, f"card:{args[0]}"), group=group)
        if verb == "ability":
            card = f"card:{args[0]}"
            ability = next(a for a in state.catalog.characters[args[0]].abilities if a.id == args[1])
            if ability.kind == "set_die":
                return ActionParts(objects=(card, f"die:{args[2]}"), group=group)
            if ability.kind in ("set_dice", "flip_dice"):
                return ActionParts(objects=(card,), select=tuple(f"die:{n}" for n in args[2:]), group=group)
            return ActionParts(objects=(card, f"card:{args[2]}"), group=group)
        if verb == "control":
            return ActionParts(objects=(f"die:{args[0]}",), group=group)
        if verb in ("use", "transfer"):
            return ActionParts(objects=(f"card:{args[0]}", f"card:{args[1]}"), group=group)
        if verb == "yui" and state.catalog.support is not None:
            return ActionParts(objects=(f"card:{state.catalog.support.id}",), group=group)
        return ActionParts(group=group)
