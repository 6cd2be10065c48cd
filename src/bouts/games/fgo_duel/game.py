"""Fate/Grand Order Duel on the game contract: set-up, who acts, legal actions and applying them."""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import partial
from typing import Any, Final

from mypy_extensions import mypyc_attr

from bouts.core.chance import Roll, Shuffle, shuffle_in_place
from bouts.core.contract import (
    CHANCE,
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
from bouts.core.decisions import SealedChoices
from bouts.core.events import QUIET, Event
from bouts.core.i18n import Text
from bouts.core.options import validate_options
from bouts.core.stepping import STEP_METHODS, install_fast_path
from bouts.games.fgo_duel import deck, party, skills, turn
from bouts.games.fgo_duel.actions import KEEP, MULLIGAN, Act, FgoAction
from bouts.games.fgo_duel.battle import battle_options
from bouts.games.fgo_duel.cards import CATALOGS, Catalog
from bouts.games.fgo_duel.deck import SEATS, seat_words
from bouts.games.fgo_duel.i18n import M_, N_
from bouts.games.fgo_duel.log import say
from bouts.games.fgo_duel.movement import legal_moves
from bouts.games.fgo_duel.options import OPTION_HELP, FgoOptions
from bouts.games.fgo_duel.state import (
    ONLY_SEAT,
    PHASE_ACTION,
    PHASE_BATTLE,
    PHASE_END_MOVE,
    PHASE_FIRST_PLAYER,
    PHASE_MULLIGAN,
    PHASE_OVER,
    PHASE_PARTY,
    PHASE_REMOVE,
    PHASE_SHUFFLE,
    PHASE_START,
    PHASE_TRIGGER,
    SKILL_FACE_DOWN,
    FgoState,
    Master,
)
from bouts.games.fgo_duel.view import (
    action_parts,
    describe_action,
    featured,
    help_examples,
    hints_for,
    render_skills,
    render_view,
    shown_values,
    view_of,
)

INFO: Final = GameInfo(
    id="fgo_duel",
    # The official title is written in Latin letters in Japan too; a Japanese screen shows its reading.
    name=Text(en="Fate/Grand Order Duel -collection figure-",
              ja="フェイト/グランドオーダー デュエル -コレクションフィギュア-", original="en"),
    min_seats=2,
    max_seats=2,
    chance=True,
    hidden_information=True,
    simultaneous=True,
    cooperative=False,
    summary=M_(
        "Two masters, three servants each, on a map of areas. On your turn put a command card of a servant "
        "into the trash to move it to an adjacent area; moving into an enemy servant starts a battle in which "
        "both masters reveal 3 command cards at once (Quick, Arts, Buster and Brave chains add power); "
        "the defender is destroyed only when the attacker's total is strictly greater. Win when all 3 enemy "
        "servants are destroyed, by entering the enemy master area, or when the enemy has 4 or fewer command "
        "cards left. The advanced rules add one skill card per servant, paid with NP (upright Arts cards in "
        "the trash)."
    ),
)


SHUFFLE_MSG: Final = N_("{seat} shuffles its command deck ({count} cards)")
SHUFFLE_CLAUSES: Final = ("FGO-022",)
BATTLE_CHOSEN_MSG: Final = N_("{seat} places {count} command cards face down on BATTLE")
BATTLE_CHOSEN_CLAUSES: Final = ("FGO-048",)
BATTLE_MINE_MSG: Final = N_("You play {cards}")


# -- the rules of a step ------------------------------------------------------------------------------------
# Module functions: compiled, they call each other directly. The contract's methods among them (STEP_METHODS of
# core.stepping: to_act, legal_actions, sample_chance, advance and the ones the contract calls, each taking the
# game first) are FgoDuel's methods as they are (the class body names them); see install_fast_path for why.


def _parties_ready(state: FgoState) -> None:
    """Both parties are prepared: step ② decides the first player (a chance step unless agreed)."""
    state.phase = PHASE_FIRST_PLAYER
    if state.options.first_player is not None:
        _first_player(state, state.options.first_player)


def _first_player(state: FgoState, first: int) -> None:
    """Step ②: who goes first (FGO-017); then ③ the status cards are turned face up and placed
    (FGO-018..FGO-021), ④-⑤ the decks and hands."""
    state.first = state.turn = first
    if state.events is not QUIET:
        say(state, "first", N_("{seat} is the first player"), {"first": first},
            args={"seat": seat_words(first)}, clauses=("FGO-017",))
    if state.options.parties is not None:
        chosen = dict(enumerate(tuple(tokens) for tokens in state.options.parties))
    else:
        assert state.sealed is not None
        chosen = state.sealed.revealed()
        state.sealed = None
    for seat in (0, 1):
        party.install_party(state, seat, tuple(chosen[seat]))
    turn.deal(state)


ONE_SEAT: Final = ((0,), (1,))
"""``(seat,)`` for seat 0 and seat 1, made once (to_act answers at every step)."""
BOTH_SEATS: Final = (0, 1)
CHANCE_ONLY: Final = (CHANCE,)


def to_act(game: object, state: FgoState) -> tuple[Seat, ...]:
    """The deciding seat(s), ``CHANCE`` for the first-player roll and shuffles, nobody when over."""
    phase = state.phase
    if phase is PHASE_ACTION or phase is PHASE_START or phase is PHASE_END_MOVE:
        return ONE_SEAT[state.turn]
    if phase is PHASE_BATTLE or phase is PHASE_PARTY:
        assert state.sealed is not None
        waiting = state.sealed.waiting
        if len(waiting) == 1:
            return ONE_SEAT[waiting[0]]
        return BOTH_SEATS if len(waiting) == 2 else tuple(sorted(waiting))  # (seats 0 and 1, sorted)
    if phase is PHASE_SHUFFLE or phase is PHASE_FIRST_PLAYER:
        return CHANCE_ONLY
    if phase is PHASE_MULLIGAN:
        return (state.mulligan_seat,)
    if phase is PHASE_TRIGGER:
        return (1 - state.turn,)
    if phase is PHASE_REMOVE:
        return (state.draws[0].seat,)
    return ()


def _legal_actions(game: object, state: FgoState, seat: Seat) -> tuple[FgoAction, ...]:
    phase = state.phase
    if phase is PHASE_FIRST_PLAYER:
        return Roll.outcomes(1, 2)
    if phase is PHASE_SHUFFLE:
        return ()
    if phase is PHASE_PARTY:
        return party.pick_actions(state.catalog, state.options.advanced, state.options.cost_cap,
                                  tuple(state.party_picks[seat]))
    if phase is PHASE_MULLIGAN:
        return (KEEP, MULLIGAN)
    if phase is PHASE_START:
        return tuple(skills.start_options(state))
    if phase is PHASE_ACTION:
        return tuple(legal_moves(state, seat))
    if phase is PHASE_TRIGGER:
        assert state.attack is not None and state.attack.defender is not None
        return tuple(skills.trigger_options(state, seat, state.attack.defender))
    if phase is PHASE_BATTLE:
        return tuple(battle_options(state, seat))
    if phase is PHASE_REMOVE:
        removals = state.catalog.removals
        return tuple([removals[c] for c in dict.fromkeys(state.masters[seat].trash)])
    if phase is PHASE_END_MOVE:
        return tuple(skills.end_move_options(state))
    return ()


def legal_actions(game: object, state: FgoState, seat: Seat) -> tuple[FgoAction, ...]:
    """Every action ``seat`` may take now (empty when it is not to act), cached on the state
    (:meth:`bouts.core.stepping.Stepping.legal_actions`)."""
    cached = state._legal.get(seat)
    if cached is None:
        cached = _legal_actions(game, state, seat) if seat in to_act(game, state) else ()
        state._legal[seat] = cached
    return cached


def sample_chance(game: object, state: FgoState, rng: random.Random) -> FgoAction:
    """Shuffle the pending deck, or decide the first player (1: seat 0, 2: seat 1)."""
    if state.phase is PHASE_SHUFFLE:
        order = list(state.masters[state.shuffling].deck)
        shuffle_in_place(order, rng)  # Shuffle.sample's draws, without random.py's frame per card
        return Shuffle(tuple(order))
    if state.phase is PHASE_FIRST_PLAYER:
        return Roll.sample(1, 2, rng)
    raise IllegalAction(M_("no chance step is pending"))


def advance(game: object, state: FgoState, seat: Seat, action: FgoAction) -> None:
    """Apply ``action`` in place, unchecked (:meth:`bouts.core.stepping.Stepping.advance`)."""
    if state.events is not QUIET:
        state.events = []
    state._legal = {}
    if isinstance(action, Act):  # the most frequent first (as _apply does), one call less
        if action.verb == "move":  # (and the most frequent decision, two calls less)
            servant_id, area, card = action.args
            turn.declare_move(state, seat, servant_id, area, card)
        else:
            _apply_act(state, seat, action)
    else:
        _apply(game, state, seat, action)


def _apply(game: object, state: FgoState, seat: Seat, action: FgoAction) -> None:
    if isinstance(action, Act):  # the most frequent first
        _apply_act(state, seat, action)
    elif isinstance(action, Shuffle):
        master = state.masters[state.shuffling]
        master.deck = list(action.order)
        master.unshuffled = False
        master.epoch += 1
        if state.events is not QUIET:
            state.events.append(Event("shuffle", SHUFFLE_MSG, {"seat": state.shuffling},
                                      args={"seat": SEATS[state.shuffling], "count": len(master.deck)},
                                      clauses=SHUFFLE_CLAUSES, domain="fgo_duel"))
        turn.resume(state)
    else:
        _first_player(state, action.values[0] - 1)


def _apply_act(state: FgoState, seat: Seat, act: Act) -> None:
    verb = act.verb
    if verb == "move":  # the most frequent decision first
        servant_id, area, card = act.args
        turn.declare_move(state, seat, servant_id, area, card)
        return
    master = state.masters[seat]
    if verb == "battle":  # FGO-048: sealed until both have chosen (the next most frequent verbs next)
        sealed = state.sealed
        assert sealed is not None
        cards = act.args
        hand = master.hand
        for card in cards:
            hand.remove(card)
        master.battle = list(cards)
        sealed.choose(seat, cards)
        count = len(cards)
        events = state.events
        if events is not QUIET:
            events.append(Event("battle_chosen", BATTLE_CHOSEN_MSG, {"seat": seat, "count": count},
                                args={"seat": SEATS[seat], "count": count}, clauses=BATTLE_CHOSEN_CLAUSES,
                                domain="fgo_duel"))
        if events is not QUIET:
            events.append(Event("battle_mine", BATTLE_MINE_MSG, {"cards": list(cards)},
                                args=partial(deck.cards_args, state.catalog, cards), to=ONLY_SEAT[seat],
                                domain="fgo_duel"))
        if sealed.is_complete:
            turn.resolve_battle(state)
    elif verb == "remove":  # FGO-071, FGO-072
        deck.remove_for_rebuild(state, seat, act.args[0])
        if state.phase is not PHASE_OVER:
            turn.resume(state)
    elif verb in ("party", "pick"):  # FGO-011, FGO-018, FGO-019, FGO-RUL-40
        assert state.sealed is not None
        state.party_picks[seat].extend(act.args)
        picks = state.party_picks[seat]
        if state.events is not QUIET:
            say(state, "status_placed", N_("{seat} places a status card face down ({placed} of 3)"),
                {"seat": seat, "placed": len(picks)},
                args={"seat": seat_words(seat), "placed": len(picks)},
                clauses=("FGO-018", "FGO-RUL-40"))
        if state.events is not QUIET:
            say(state, "party_mine", N_("You place {servants} (STATUS slots so far: {slots})"),
                {"party": list(picks)},
                args=partial(party.placed_args, state.catalog, act.args, tuple(picks)),
                to=ONLY_SEAT[seat])
        if len(picks) == party.PARTY_SIZE:
            state.sealed.choose(seat, tuple(picks))
        if state.sealed.is_complete:
            _parties_ready(state)
    elif verb in ("keep", "mulligan"):  # FGO-025, FGO-026
        if verb == "mulligan":
            deck.mulligan(state, seat)
            state.after = "mulligan"
            turn.resume(state)
        else:
            master.mulliganed = False
            if state.events is not QUIET:
                say(state, "keep", N_("{seat} keeps its hand"), {"seat": seat},
                    args={"seat": seat_words(seat)}, clauses=("FGO-025",))
            turn.next_mulligan(state)
    elif verb == "pass":
        if state.phase is PHASE_START:
            turn.action_phase(state)
        elif state.phase is PHASE_TRIGGER:
            turn.start_battle(state)
        else:
            turn.finish_turn(state)
    elif verb == "skill":
        rest = [a for a in act.args[1:] if not a.startswith("pay:")]
        payer = next((a[4:] for a in act.args[1:] if a.startswith("pay:")), None)
        state.after = "battle" if state.phase is PHASE_TRIGGER else "action"
        skills.use_skill(state, seat, act.args[0], rest[0] if rest else None, payer)
        turn.resume(state)
    elif verb == "end_move":
        servant_id, area, card = act.args
        master.hand.remove(card)
        master.trash.append(card)
        servant = master.servant(servant_id)
        if state.events is not QUIET:
            say(state, "end_move", N_("{seat} puts {card} into the trash: {servant} moves to {area}"),
                {"seat": seat, "servant": servant_id, "from": servant.area, "to": area,
                 "card": card},
                args={"seat": seat_words(seat), "card": deck.card_name(state, card),
                      "servant": turn.servant_name(state, servant_id),
                      "area": state.board.names[area]},
                reveals=True, owner=seat, clauses=("FGO-094", "FGO-095"))
        servant.area = area
        turn.finish_turn(state)
    else:  # pragma: no cover - legality was checked
        raise IllegalAction(M_("unknown action '{action}'", action=str(act)))


@mypyc_attr(native_class=False)  # a plain class in a compiled build: it subclasses the plain Game
class FgoDuel(Game[FgoState, FgoAction]):
    """Fate/Grand Order Duel, by its rules page (clauses FGO-001..FGO-101 of rules/fgo_duel.md)."""

    info = INFO

    # -- content --------------------------------------------------------------------
    catalogs = CATALOGS
    option_help = OPTION_HELP
    options_model = FgoOptions

    def __init__(self) -> None:
        install_fast_path(self, FgoDuel, STEP_METHODS)

    def variants(self) -> dict[str, Variant]:
        """Basic and advanced rules on both maps."""
        return {
            "basic": Variant((2,), {}, M_("the basic rules on {map}", map=self._map_name("fuyuki"))),
            "advanced": Variant((2,), {"advanced": True},
                                M_("the advanced rules (skill cards) on {map}", map=self._map_name("fuyuki"))),
            "orleans": Variant((2,), {"map": "orleans"}, M_("the basic rules on {map}",
                                                            map=self._map_name("orleans"))),
            "orleans_advanced": Variant((2,), {"map": "orleans", "advanced": True},
                                        M_("the advanced rules (skill cards) on {map}",
                                           map=self._map_name("orleans"))),
        }

    def _map_name(self, map_id: str) -> Text:
        found = self.catalog(None).maps.get(map_id)
        return found.name if found is not None else Text.of(map_id)

    # -- set-up ---------------------------------------------------------------------------
    def setup(self, seats: int, options: Mapping[str, Any] | None = None,
              content: Any | None = None, seed: int = 0) -> FgoState:
        """Prepare the parties (パーティの準備, sealed), then decide the first player (②), then reveal the status
        cards (③) and deal: the rulebook's order (rulebook L73-98, FGO-011, FGO-017..FGO-019, FGO-085)."""
        opts = validate_options(FgoOptions, options)
        catalog: Catalog = self.catalog(content)
        if seats != 2:
            raise OptionsError(M_("FGO Duel is a 2-player game, not {seats} (FGO-001)", seats=seats))
        if opts.map not in catalog.maps:
            raise OptionsError(M_("option 'map': unknown map '{map}' (known: {known})", map=opts.map,
                                  known=list(catalog.maps)))
        if opts.parties is not None:
            for seat, tokens in enumerate(opts.parties):
                problem = party.party_problem(catalog, opts, tuple(tokens))
                if problem:
                    raise OptionsError(M_("option 'parties': seat {number}: {problem}", number=seat + 1,
                                          problem=problem))
        elif not party.all_parties(catalog, opts.advanced, opts.cost_cap):
            raise OptionsError(M_("option 'cost_cap': {cap} is too low: no party of 3 servants with different "
                                  "servant numbers fits it (FGO-012)", cap=opts.cost_cap))
        state = FgoState(opts, catalog, [Master(), Master()], PHASE_PARTY)
        if opts.parties is None:  # パーティの準備 comes before the game's set-up steps (rulebook L73-98)
            state.sealed = SealedChoices(waiting=[0, 1])
        else:
            _parties_ready(state)
        return state

    # -- who acts, legal actions, chance, applying: the rules' module functions above --------------
    to_act = to_act
    legal_actions = legal_actions
    _legal_actions = _legal_actions
    sample_chance = sample_chance
    advance = advance
    _apply = _apply

    # -- chance -------------------------------------------------------------------------------
    def is_legal_chance(self, state: FgoState, action: FgoAction) -> bool:
        """Whether a forced roll or shuffle is possible now."""
        if state.phase is PHASE_SHUFFLE:
            return isinstance(action, Shuffle) and action.is_permutation_of(state.masters[state.shuffling].deck)
        return isinstance(action, Roll) and action.fits(1, 2)

    def parse_action(self, state: FgoState, seat: Seat, text: str) -> FgoAction:
        """Read an action's text form (``shuffle ...`` and ``roll N`` for chance)."""
        if seat == CHANCE and CHANCE in self.to_act(state):
            return Shuffle.parse(text) if state.phase is PHASE_SHUFFLE else Roll.parse(text)
        if seat not in self.to_act(state):
            raise IllegalAction(M_("it is not {seat}'s decision now", seat=self.seat_name(state, seat)))
        action = Act.parse(text)
        if state.phase is PHASE_PARTY and action.verb == "party":
            party.check_party(state.catalog, state.options, action.args)
        return action

    # -- applying ---------------------------------------------------------------------------------
    def is_legal(self, state: FgoState, seat: Seat, action: FgoAction) -> bool:
        """Legality; a party is checked by its rules rather than by listing every party."""
        if (state.phase is PHASE_PARTY and isinstance(action, Act) and action.verb == "party"
                and seat in self.to_act(state) and not state.party_picks[seat]):
            return party.party_problem(state.catalog, state.options, action.args) is None
        return super().is_legal(state, seat, action)

    # -- information ---------------------------------------------------------------------------
    def view(self, state: FgoState, seat: Seat | None) -> dict[str, Any]:
        """Public table plus ``seat``'s own hand, sealed choices and face-down skills (FGO-RUL-35)."""
        return view_of(state, seat, self.to_act(state))

    def determinize(self, state: FgoState, seat: Seat | None, rng: random.Random) -> FgoState:
        """Reshuffle what ``seat`` cannot see: deck orders, other hands, sealed choices, face-down skills.

        Hand cards drawn from the same shuffle (epoch) as the current deck are interchangeable with
        the deck to another seat; older hand cards only among themselves.
        """
        new = state.clone()
        new.events, new._legal = [], {}
        for index, master in enumerate(new.masters):
            if index == seat:
                if not master.unshuffled:
                    shuffle_in_place(master.deck, rng)
                continue
            sealed_battle = (new.phase is not PHASE_PARTY and new.sealed is not None
                             and index in new.sealed.chosen)
            self._reshuffle_hidden(master, rng, sealed_battle)
            for servant in master.party:
                if servant.skill_state is SKILL_FACE_DOWN:
                    options = new.catalog.servants[servant.servant].skills
                    servant.skill = rng.choice(options)
            if sealed_battle:
                assert new.sealed is not None
                new.sealed.chosen[index] = tuple(master.battle)
            elif new.sealed is not None and index in new.sealed.chosen:
                new.sealed.chosen[index] = self._resample_sealed(new, index, rng)
            if new.phase is PHASE_PARTY or new.phase is PHASE_FIRST_PLAYER:
                picks = new.party_picks[index]
                new.party_picks[index] = party.random_prefix(new.catalog, new.options, len(picks), rng)
                if new.sealed is not None and index in new.sealed.chosen:
                    new.sealed.chosen[index] = tuple(new.party_picks[index])
        return new

    @staticmethod
    def _reshuffle_hidden(master: Master, rng: random.Random, sealed_battle: bool = False) -> None:
        """Shuffle each group of interchangeable hidden cards among its places: hand cards of one epoch
        (and, while sealed, battle cards of that epoch: they came from the hand), with the deck joining the
        group of its own epoch (groups in order of first appearance in the hand, then the battle cards)."""
        hand, deck, drawn_in = master.hand, master.deck, master.drawn_in
        piles = [hand, master.battle] if sealed_battle else [hand]
        slots = [(pile, pos) for pile in piles for pos in range(len(pile))]
        epochs = [drawn_in.get(pile[pos], 0) for pile, pos in slots]
        deck_epoch = None if master.unshuffled or not deck else master.epoch
        for epoch in dict.fromkeys(epochs if deck_epoch is None else [*epochs, deck_epoch]):
            places = [slot for slot, e in zip(slots, epochs, strict=True) if e == epoch]
            pool = [pile[pos] for pile, pos in places]
            with_deck = epoch == deck_epoch
            if with_deck:
                pool.extend(deck)
            shuffle_in_place(pool, rng)
            for (pile, pos), instance in zip(places, pool, strict=False):  # hand and battle places come first
                pile[pos] = instance
                drawn_in[instance] = epoch
            if with_deck:
                deck[:] = pool[len(places):]

    def hidden_cards(self, state: FgoState, seat: Seat | None) -> list[dict[str, list[str]]]:
        """The cards ``seat`` cannot see, as groups of interchangeable cards by place: each other master's
        hand cards of one epoch, sealed battle cards of that epoch and (for the deck's epoch) the deck."""
        groups: list[dict[str, list[str]]] = []
        for index, master in enumerate(state.masters):
            if index == seat:
                continue
            sealed = state.phase is not PHASE_PARTY and state.sealed is not None and index in state.sealed.chosen
            by_epoch: dict[int, dict[str, list[str]]] = {}
            for place, pile in (("hand", master.hand), ("battle", master.battle if sealed else [])):
                for card in pile:
                    group = by_epoch.setdefault(master.drawn_in.get(card, 0), {})
                    group.setdefault(f"seat {index} {place}", []).append(card)
            if master.deck and not master.unshuffled:
                by_epoch.setdefault(master.epoch, {})[f"seat {index} deck"] = list(master.deck)
            groups.extend(by_epoch.values())
        return groups

    @staticmethod
    def _resample_sealed(state: FgoState, index: int, rng: random.Random) -> tuple[str, ...]:
        master = state.masters[index]
        if state.phase is PHASE_PARTY or state.phase is PHASE_FIRST_PLAYER:
            return rng.choice(party.all_parties(state.catalog, state.options.advanced, state.options.cost_cap))
        # battle cards: put the sealed ones back among the hidden cards, then draw a new choice
        count = len(master.battle)
        pool = master.hand + master.battle
        shuffle_in_place(pool, rng)
        master.battle, master.hand = pool[:count], pool[count:]
        return tuple(master.battle)

    def deal_content(self, seats: int, options: Mapping[str, Any], content: Any,
                     rng: random.Random) -> dict[str, Any] | None:
        """A legal party for each seat, uniformly among the legal parties (FGO-011..FGO-014)."""
        opts = validate_options(FgoOptions, {k: v for k, v in options.items() if k != "parties"})
        parties = party.all_parties(self.catalog(content), opts.advanced, opts.cost_cap)
        if not parties:
            raise OptionsError(M_("option 'cost_cap': {cap} is too low: no party fits it (FGO-012)", cap=opts.cost_cap))
        return {"parties": [list(rng.choice(parties)) for _ in range(seats)]}

    def content_choices(self, state: FgoState) -> dict[Seat, str | list[str]]:
        """Each master's party of servants."""
        return {seat: [s.servant for s in master.party] for seat, master in enumerate(state.masters)}

    def outcome(self, state: FgoState) -> Outcome | None:
        """The winner and the win condition met (FGO-028..FGO-031), or a draw at the house turn limit."""
        if state.phase is not PHASE_OVER:
            return None
        if state.winner is None:
            return Outcome((), state.reason)
        return Outcome((state.winner,), state.reason)

    # -- presentation ---------------------------------------------------------------------------
    def seat_name(self, state: FgoState, seat: Seat) -> Words:
        """``Seat 1 (first player)``: counted from 1 as the table prints seats; first or second once decided."""
        if seat in (0, 1):
            if state.phase is PHASE_PARTY or state.phase is PHASE_FIRST_PLAYER:
                return seat_words(seat)  # first and second are decided after the parties (rulebook L73-98)
            if seat == state.first:
                return M_("Seat {number} (first player)", number=seat + 1)
            return M_("Seat {number} (second player)", number=seat + 1)
        return super().seat_name(state, seat)

    def describe(self, state: FgoState, seat: Seat, action: FgoAction) -> str:
        """A menu line for ``action``, in the current language (no markup: the terminal escapes it)."""
        return describe_action(state, seat, action)

    def hints(self, state: FgoState, seat: Seat) -> list[str]:
        """Advice for ``seat``'s decision (the terminal's ``hint``): the recommended action first, with its reason,
        then what else the decision turns on."""
        return hints_for(self, state, seat)

    def recommend(self, state: FgoState, seat: Seat) -> tuple[FgoAction, str] | None:
        """The heuristic's action with the facts that make it good; Enter takes it."""
        from bouts.games.fgo_duel.strategy import choose, explain

        legal = self.legal_actions(state, seat)
        if not legal or seat == CHANCE:
            return None
        action = choose(self, state, seat, random.Random(0))
        return action, explain(self, state, seat, action)

    def featured_actions(self, state: FgoState, seat: Seat) -> tuple[FgoAction, ...]:
        """The first page of a menu: winning moves and attacks first, then one move per servant and destination
        (paying the card the heuristic would pay); every other payment is typed or listed by ``more``."""
        return featured(self, state, seat)

    def is_trivial(self, state: FgoState, seat: Seat, action: FgoAction) -> bool:
        """Whether the only option may be taken without asking: it decides nothing and skipping it hides nothing.

        Using no skill (start phase) or declining the trigger skill is skipped only when none of the skill cards
        the face-down cards could be (each servant's public pool) could be used now, judged from the public NP and
        face-up cards, so skipping the prompt tells the opponent nothing. Playing every card held (3 or fewer, a
        public count) and removing the only card of the public trash are skipped too.
        """
        if not isinstance(action, Act):
            return False
        if action.verb == "pass" and state.phase in (PHASE_START, PHASE_TRIGGER):
            return skills.declining_tells_nothing(state, seat)
        if action.verb == "battle":
            return len(state.masters[seat].hand) <= 3
        return action.verb == "remove"

    def action_parts(self, state: FgoState, seat: Seat, action: FgoAction) -> ActionParts:
        """The table objects an action names: a move starts on the figure and ends on the area, paying a card in
        hand; a battle selects its command cards in order; a skill names its card and target."""
        return action_parts(state, seat, action)

    def help_examples(self) -> list[tuple[str, str]]:
        """FGO Duel's commands as a player types them (each parses at the decision it names)."""
        return help_examples()

    def render(self, view: Mapping[str, Any]) -> str:
        """The map and both masters as Rich markup."""
        return render_view(view)

    def public_zones(self) -> Mapping[str, Zone]:
        """Public zones to look at: every visible skill card with its whole text."""
        return {"skills": Zone(M_("the skill cards on the table, whole texts (yours, and the opponent's face up ones)"),
                               render_skills)}

    def shown_values(self, view: Mapping[str, Any]) -> list[str]:
        """What :meth:`render` shows: area names, figures, chain counters, NP, skill cards, battle totals."""
        return shown_values(view)
