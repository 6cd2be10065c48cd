"""Dominate Grail War on the game contract: set-up, who acts, legal actions, applying, views."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from bouts.core.chance import Shuffle
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
)
from bouts.core.i18n import Text
from bouts.core.options import validate_options
from bouts.games.grail_war import flow
from bouts.games.grail_war.actions import Act, GrailAction
from bouts.games.grail_war.cards import CATALOGS, Catalog
from bouts.games.grail_war.i18n import M_, _
from bouts.games.grail_war.options import OPTION_HELP, GrailWarOptions
from bouts.games.grail_war.state import TOKENS, GrailState, Player
from bouts.games.grail_war.view import (
    action_parts,
    describe_action,
    render_events,
    render_trash,
    render_view,
    shown_values,
    view_of,
)

INFO = GameInfo(
    id="grail_war",
    # The box prints the title in Latin letters; a Japanese screen shows its reading in katakana.
    name=Text(en="Dominate Grail War -Fate/stay night on Board Game-",
              ja="ドミネイト・グレイルウォー -フェイト/ステイナイト オン ボードゲーム-", original="en"),
    min_seats=3,
    max_seats=7,
    chance=True,
    hidden_information=True,
    simultaneous=False,
    cooperative=False,
    summary=M_(
        "3-7 masters, each with a secret servant, fight for spoils on two battlefields. Each round: draw "
        "to 3 and reveal the situation and events; place your piece at the Workshop (mana), Miyama or "
        "Shinto (land advantage); then in turn move (paying mana, Recon gives 2 spoils), use command "
        "spells and prepare 2 cards (face down costs nothing; NP/skill cards need mana 8+); the highest "
        "total power on each battlefield wins its spoils. After round 8 the masters with the fewest "
        "spoils drop out in climax rounds until one is left. Casual: 3-4 players, 4 rounds, most spoils."
    ),
)

_CHANCE = (CHANCE,)
_SEAT = tuple((s,) for s in range(8))


@mypyc_attr(native_class=False)  # a plain class in a compiled build: it subclasses the plain Game
class GrailWar(Game[GrailState, GrailAction]):
    """Dominate Grail War, by its rulebook (clauses DGW-001..DGW-122 of rules/grail_war.md)."""

    info = INFO
    catalogs = CATALOGS
    option_help = OPTION_HELP
    options_model = GrailWarOptions

    def variants(self) -> dict[str, Variant]:
        """The normal rules at 3-7 players, and the Casual rules at 3-4."""
        return {
            "standard": Variant((3, 4, 5, 7), {}, M_("the normal rules: 8 rounds, then climax rounds to the last "
                                                     "master (6 players also play: the suite runs 3, 4, 5 and 7)")),
            "casual": Variant((3, 4), {"casual": True}, M_("the Casual rules: no events, 4 rounds, most spoils wins")),
        }

    # -- set-up (DGW-019..DGW-035) -------------------------------------------------------------
    def setup(self, seats: int, options: Mapping[str, Any] | None = None,
              content: Any | None = None, seed: int = 0) -> GrailState:
        """The board before the first shuffle: masters dealt (or chosen), then servants, decks and cards."""
        opts = validate_options(GrailWarOptions, options)
        catalog: Catalog = self.catalog(content)
        if not INFO.min_seats <= seats <= INFO.max_seats:
            raise OptionsError(M_("Dominate Grail War takes 3 to 7 players, not {count}", count=seats))
        playable = [m for m in catalog.masters.values() if not m.seven_only or seats == 7]
        if seats > len(catalog.servants) or seats > len(playable):
            raise OptionsError(M_("this content pack has {servants} servants and {masters} masters for {count} "
                                  "players: each player needs a different one (DGW-025, DGW-029)",
                                  servants=len(catalog.servants), masters=len(playable), count=seats))
        if opts.casual and seats > 4:
            raise OptionsError(M_("the Casual rules are for at most 4 players (DGW-112)"))
        players = [Player("") for _ in range(seats)]
        state = GrailState(opts, catalog, seats, players, tokens=dict.fromkeys(TOKENS))
        if opts.masters is not None:
            if len(opts.masters) != seats:
                raise OptionsError(M_("option 'masters': give one master per seat ({seats}), not {count}",
                                      seats=seats, count=len(opts.masters)))
            if len(set(opts.masters)) != seats:
                raise OptionsError(M_("option 'masters': each master may be chosen once"))
            for s, master in enumerate(opts.masters):
                if master not in catalog.masters:
                    raise OptionsError(M_("option 'masters': unknown master [{master}] (known: {known})",
                                          master=master, known=[f"[{m}]" for m in catalog.masters]))
                if catalog.masters[master].seven_only and seats != 7:
                    raise OptionsError(M_("option 'masters': {master} enters only by replacing {shinji} unless 7 "
                                          "play (DGW-026)", master=catalog.masters[master].name,
                                          shinji=catalog.masters["shinji"].name if "shinji" in catalog.masters
                                          else "shinji"))
                players[s].master = master
            state.chance = ("servants", 0)
        else:
            state.chance = ("masters", 0)
        return state

    # -- who acts ---------------------------------------------------------------------------------
    def to_act(self, state: GrailState) -> tuple[Seat, ...]:
        """``CHANCE`` for a shuffle; the seat deciding; nobody when over."""
        if state.chance is not None:
            return _CHANCE
        if state.pending:
            return _SEAT[state.pending[-1].seat]
        if state.step in ("place", "turn"):
            return _SEAT[state.order[state.cursor]]
        return ()

    def _legal_actions(self, state: GrailState, seat: Seat) -> tuple[GrailAction, ...]:
        if seat == CHANCE:
            return ()
        return tuple(flow.options(state, seat))

    # -- chance ------------------------------------------------------------------------------------
    def is_legal_chance(self, state: GrailState, action: GrailAction) -> bool:
        """A forced shuffle must order exactly the pile being shuffled."""
        return isinstance(action, Shuffle) and action.is_permutation_of(flow.pile(state))

    def sample_chance(self, state: GrailState, rng: random.Random) -> GrailAction:
        """Shuffle the pending pile."""
        if state.chance is None:
            raise IllegalAction(M_("no chance step is pending"))
        order = flow.pile(state)
        rng.shuffle(order)
        return Shuffle(tuple(order))

    def parse_action(self, state: GrailState, seat: Seat, text: str) -> GrailAction:
        """Read an action's text form (``shuffle ...`` for chance)."""
        if seat == CHANCE and state.chance is not None:
            return Shuffle.parse(text)
        return super().parse_action(state, seat, text)

    # -- applying ----------------------------------------------------------------------------------
    def _apply(self, state: GrailState, seat: Seat, action: GrailAction) -> None:
        if isinstance(action, Shuffle):
            flow.shuffled(state, action.order)
        else:
            flow.decide(state, seat, action)

    # -- information -------------------------------------------------------------------------------
    def view(self, state: GrailState, seat: Seat | None) -> dict[str, Any]:
        """The public board and master boards, and ``seat``'s own cards and servant."""
        return view_of(state, seat, self.to_act(state))

    def determinize(self, state: GrailState, seat: Seat | None, rng: random.Random) -> GrailState:
        """Reshuffle what ``seat`` cannot see: other seats' unexposed servants (from the servants it has
        not seen), their hands, decks and face-down cards, its own deck order, the situation deck with
        the 2 removed cards, and the event deck with any face-down event."""
        from bouts.games.grail_war.determinize import determinize
        return determinize(state, seat, rng)

    def hidden_cards(self, state: GrailState, seat: Seat | None) -> list[dict[str, list[str]]] | None:
        """What ``seat`` cannot see, in groups dealt uniformly by :meth:`determinize` (see
        :func:`bouts.games.grail_war.determinize.hidden_cards`)."""
        from bouts.games.grail_war.determinize import hidden_cards
        return hidden_cards(state, seat)

    def outcome(self, state: GrailState) -> Outcome | None:
        """The last master standing (DGW-106), 道化, or the most spoils (Casual, DGW-122)."""
        if state.step != "over" or state.winners is None:
            return None
        return Outcome(state.winners, state.reason, tuple(float(p.spoils) for p in state.players))

    def deal_content(self, seats: int, options: Mapping[str, Any], content: Any,
                     rng: random.Random) -> dict[str, Any] | None:
        """Masters dealt uniformly from those that may play at this count (Sakura only at 7, DGW-026); the
        servants are dealt by the game's own shuffle (DGW-029)."""
        catalog: Catalog = self.catalog(content)
        playable = [m for m, master in catalog.masters.items() if not master.seven_only or seats == 7]
        if not INFO.min_seats <= seats <= min(INFO.max_seats, len(playable)):
            raise OptionsError(M_("Dominate Grail War cannot deal masters for {count} players", count=seats))
        return {"masters": rng.sample(playable, seats)}

    def content_choices(self, state: GrailState) -> dict[Seat, str | list[str]]:
        """Each seat's starting master and its servant."""
        return {s: [("shinji" if p.switched else p.master), *([p.servant] if p.servant else [])]
                for s, p in enumerate(state.players) if p.master}

    # -- presentation ------------------------------------------------------------------------------
    def seat_name(self, state: GrailState, seat: Seat) -> Words:
        """``P2 Tohsaka Rin``: the seat counted from 1, as the table prints it, and its master."""
        if 0 <= seat < state.seats and state.players[seat].master:
            return M_("P{number} {master}", number=seat + 1,
                      master=state.catalog.masters[state.players[seat].master].name)
        if 0 <= seat < state.seats:
            return M_("P{number}", number=seat + 1)
        return super().seat_name(state, seat)

    def describe(self, state: GrailState, seat: Seat, action: GrailAction) -> str:
        """A menu line."""
        if isinstance(action, Act):
            return describe_action(state, seat, action)
        return str(action)

    MENU_LIMIT: ClassVar[int] = 16

    def action_parts(self, state: GrailState, seat: Seat, action: GrailAction) -> ActionParts:
        """The table objects ``action`` names (see :func:`bouts.games.grail_war.view.action_parts`)."""
        if isinstance(action, Act) and seat != CHANCE:
            return action_parts(state, seat, action)
        return NO_PARTS

    def featured_actions(self, state: GrailState, seat: Seat) -> tuple[GrailAction, ...]:
        """All legal actions when they are few; else (無限の剣製: the whole deck in hand) the heuristic's pick,
        ending the preparation, and the face-up cards with the most power for their mana; the rest (the
        face-down uses) are listed by ``more`` or typed."""
        legal = self.legal_actions(state, seat)
        if len(legal) <= self.MENU_LIMIT or seat == CHANCE:
            return legal
        from bouts.games.grail_war.strategy import ranked
        return tuple(ranked(self, state, seat, [a for a in legal if isinstance(a, Act)])[:self.MENU_LIMIT])

    def is_trivial(self, state: GrailState, seat: Seat, action: GrailAction) -> bool:
        """A one-option prompt whose only option follows from public facts: going on with no command spell
        or jewel to use, staying with no mana to move, the only place or rival an effect allows. ``done`` is
        always asked: being unable to add a card (騎乗, or a hand of unusable cards) hinges on the hidden hand,
        and skipping the prompt in hot-seat play would show it."""
        return isinstance(action, Act) and action.verb in ("next", "stay", "goto", "target")

    def help_examples(self) -> list[tuple[str, str]]:
        """Grail War's commands as a player types them."""
        return [
            ("place workshop", _("Outpost phase: put your piece at the Workshop (mana), [miyama] or [shinto]")),
            ("move recon", _("Action phase: move (one way, paying mana); [stay]: keep your place")),
            ("spell power", _("Command spell: +2 power ([spell mana]: +4 mana; [spell move shinto]: move free)")),
            ("play rush up", _("Battle preparation: choose a card face up (or [down]: power 0, free)")),
            ("done", _("pay and use the chosen cards; [next]: go on to the next step")),
            ("view trash", _("every master's trash (face-up cards)")),
            ("view events", _("the events on the battlefields and the used ones")),
        ]

    def public_zones(self) -> Mapping[str, Zone]:
        """The public trashes and the events."""
        return {"trash": Zone(M_("every master's trash: face-up cards by name, face-down ones counted"), render_trash),
                "events": Zone(M_("the events on Miyama and Shinto and the used event cards"), render_events)}

    def shown_values(self, view: Mapping[str, Any]) -> list[str]:
        """What :meth:`render` shows: round, situation, places, open events, each master's numbers and known
        servant, and the viewer's own cards."""
        return shown_values(view)

    def render(self, view: Mapping[str, Any]) -> str:
        """The table as Rich markup."""
        return render_view(view)
