"""Fate/kaleido grail on the game contract: set-up, who acts, legal actions, chance, views."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

from mypy_extensions import mypyc_attr

from bouts.core.chance import Shuffle, shuffle_in_place
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
from bouts.core.events import QUIET
from bouts.core.i18n import Text
from bouts.core.options import validate_options
from bouts.core.stepping import STEP_METHODS, install_fast_path
from bouts.games.kaleido import (  # noqa: F401  (each registers its steps, decisions and verbs)
    battle_part,
    command_spells,
    end_part,
    flow,
    mana,
    order_part,
    setup_part,
    strategy_part,
    table_objects,
    timings,
)
from bouts.games.kaleido.actions import PASS, SPELLS, Act, KaleidoAction
from bouts.games.kaleido.cards import CATALOGS, Catalog
from bouts.games.kaleido.flow import CHANCE_STEPS, VERBS, run
from bouts.games.kaleido.i18n import M_, N_, _
from bouts.games.kaleido.mana import seat_label
from bouts.games.kaleido.menus import WINDOWS, menu
from bouts.games.kaleido.options import OPTION_HELP, KaleidoOptions
from bouts.games.kaleido.state import KaleidoState, Player
from bouts.games.kaleido.view import (
    describe_action,
    render_abilities,
    render_discard,
    render_strategy,
    render_view,
    shown_values,
    view_of,
)

MOVES: Final = frozenset({"use", "counter", "ability", "spell", "convert", "clash", "guard", "attack", "intervene"})
"""Verbs that change the table: a step window asks again whoever passed before one (KAL-RUL-28)."""
PUBLIC_ONE_OPTION: Final = frozenset({"master", "servant", "nominate", "forced_retreat"})
"""Decisions whose options follow from the public table alone: with one option, skipping tells nobody anything."""
FEATURED: Final = 12
"""How many actions a long menu lists first (the rest by ``more`` or their text form)."""

INFO: Final = GameInfo(
    id="kaleido",
    # The official title mixes Latin letters and Japanese; a Japanese screen shows its reading.
    name=Text(en="Fate/kaleido grail: the Holy Grail War of Facing Mirrors",
              ja="フェイト/カレイドグレイル 〜合わせ鏡の聖杯戦争〜", original="ja"),
    min_seats=2,
    max_seats=7,
    chance=True,
    hidden_information=True,
    simultaneous=False,
    cooperative=False,
    summary=M_(
        "A Holy Grail War for 2-7 masters, each commanding one servant. Every turn fate cards set the "
        "order; in the strategy part each master lurks or acts, draws magic cards (mana), may set a "
        "face-up strategy card and a face-down mana accumulation card (worth 2 in battle); in the battle "
        "part each acting master nominates an opponent and the two trade combat actions (intervention, "
        "attack, defence, damage, death check) until one retreats or falls, while others may intervene. "
        "Command spells and HP conversion can be used at any time. The last servant standing wins.\n\n"
        "When you are asked (KAL-103, KAL-105, KAL-113, KAL-141, KAL-143): 【Defence】 (when a clash is possible) "
        "and 【Damage】 are steps of their own; in each the defender, the attacker, the other participant "
        "and every master whose face-up strategy card could act are asked in turn; any move asks again those "
        "who had passed, and the step ends once all have passed since the last move. Counter cards answer a card "
        "or Noble Phantasm at once, in a battle or outside it. Command spells and HP conversion are offered at "
        "every decision and window of yours, and at HP 0 or less before the death check; a master outside a "
        "battle is not stopped mid-battle only to be offered them, since its spells and conversion change "
        "nothing but itself and wait for its next decision. The end part asks every master holding cards "
        "before the hand check. KAL-119: an intervener takes part in the battle and may be targeted (option "
        "interveners_protected for the other reading)."
    ),
)


# -- the rules of a step ------------------------------------------------------------------------------------
# Module functions: compiled, they call each other directly. The contract's methods among them (STEP_METHODS of
# core.stepping: to_act, legal_actions, advance and the ones the contract calls, each taking the game first) are
# Kaleido's methods as they are (the class body names them); see install_fast_path for why.
_CHANCE_ONLY: Final = (CHANCE,)


def to_act(game: object, state: KaleidoState) -> tuple[Seat, ...]:
    """The seat of the decision on top of the stack; ``CHANCE`` for a shuffle (:meth:`Kaleido.to_act`)."""
    stack = state.stack
    if not stack:
        return ()
    top = stack[-1]
    return _CHANCE_ONLY if top.kind in CHANCE_STEPS else (top.seat,)


def legal_actions(game: object, state: KaleidoState, seat: Seat) -> tuple[KaleidoAction, ...]:
    """Every action ``seat`` may take now (empty when it is not to act), cached on the state: the menu of the
    decision on top of the stack when it is ``seat``'s; none for a shuffle (too many to list)."""
    legal = state._legal
    cached = legal.get(seat)
    if cached is None:
        stack = state.stack
        if stack:
            top = stack[-1]
            cached = menu(state, top) if top.seat == seat and seat != CHANCE and top.kind not in CHANCE_STEPS \
                else ()
        else:
            cached = ()
        legal[seat] = cached
    return cached


def _legal_actions(game: object, state: KaleidoState, seat: Seat) -> tuple[KaleidoAction, ...]:
    if seat == CHANCE:
        return ()  # shuffles: too many to list
    return menu(state, state.stack[-1])


def advance(game: object, state: KaleidoState, seat: Seat, action: KaleidoAction) -> None:
    """:meth:`Game.advance` (:meth:`Kaleido.advance`): the step, in place."""
    if state.events is not QUIET:
        state.events = []
    state._legal = {}
    _apply(game, state, seat, action)


def _apply(game: object, state: KaleidoState, seat: Seat, action: KaleidoAction) -> None:
    if type(action) is Act:
        verb = action.verb
        if verb in MOVES:
            state.moves += 1
        VERBS[verb](state, state.stack[-1], action)
    else:
        assert isinstance(action, Shuffle)
        _shuffle(state, action)
    run(state)


def _shuffle(state: KaleidoState, shuffle: Shuffle) -> None:
    frame = state.stack.pop()
    if frame.kind == "deal_fates":
        order_part.deal(state, shuffle.order, frame.get("setup"))
        return
    state.deck = list(reversed(shuffle.order))  # the text lists the top card first
    if frame.kind == "reshuffle":  # KAL-008
        state.discard = []
        state.epoch += 1
        flow.say(state, "shuffle", N_("The discard pile is shuffled into a new deck ({count} cards)"),
                 args={"count": len(state.deck)}, clauses=("KAL-008", "KAL-RUL-02"))
    else:  # KAL-007
        flow.say(state, "shuffle", N_("The magic deck is shuffled ({count} cards)"),
                 args={"count": len(state.deck)}, clauses=("KAL-007",))



@mypyc_attr(native_class=False)  # a plain class in a compiled build: it subclasses the plain Game
class Kaleido(Game[KaleidoState, KaleidoAction]):
    """Fate/kaleido grail, by its rulebook (clauses KAL-001..KAL-172 of rules/kaleido.md)."""

    info = INFO

    def __init__(self) -> None:
        install_fast_path(self, Kaleido, STEP_METHODS)

    catalogs = CATALOGS
    option_help = OPTION_HELP
    options_model = KaleidoOptions

    def variants(self) -> dict[str, Variant]:
        """Standard pairs at 2, 3, 5 and 7 players, and the optional shuffle mode."""
        return {
            "standard": Variant((2, 3, 5, 7), {},
                                M_("masters with their servants by the pairing table (4 and 6 players work too)")),
            "shuffle": Variant((3,), {"shuffle_mode": True}, M_("shuffle mode: any master with any servant")),
        }

    # -- set-up -------------------------------------------------------------------------------
    def setup(self, seats: int, options: Mapping[str, Any] | None = None,
              content: Any | None = None, seed: int = 0) -> KaleidoState:
        """Fate cards for the master-choice order first (KAL-009)."""
        opts = validate_options(KaleidoOptions, options)
        catalog: Catalog = self.catalog(content)
        if not INFO.min_seats <= seats <= INFO.max_seats:
            raise OptionsError(M_("Fate/kaleido grail takes {least} to {most} players, not {seats}",
                                  least=INFO.min_seats, most=INFO.max_seats, seats=seats))
        if len(catalog.masters) < seats or len(catalog.servants) < seats:
            raise OptionsError(M_("the content pack has too few masters or servants for {seats} players", seats=seats))
        if opts.pairs is not None:
            problem = setup_part.pairs_problem(catalog, opts.shuffle_mode, seats, opts.pairs)
            if problem:
                raise OptionsError(M_("option 'pairs': {problem}", problem=problem))
        state = KaleidoState(opts, catalog, seats, [Player() for _ in range(seats)])
        setup_part.begin(state)
        run(state)
        return state

    # -- who acts (module functions below) -------------------------------------------------------
    to_act = to_act
    legal_actions = legal_actions
    _legal_actions = _legal_actions

    # -- chance ----------------------------------------------------------------------------------
    def _pile(self, state: KaleidoState) -> list[str]:
        top = state.stack[-1]
        if top.kind == "deal_fates":
            return order_part.fate_pool(state, top.get("setup"))
        if top.kind == "shuffle_deck":
            return list(state.catalog.deck)
        return list(state.discard)

    def is_legal_chance(self, state: KaleidoState, action: KaleidoAction) -> bool:
        """A forced shuffle must order exactly the pile being shuffled."""
        return isinstance(action, Shuffle) and bool(state.stack) and state.stack[-1].kind in CHANCE_STEPS \
            and action.is_permutation_of(self._pile(state))

    def sample_chance(self, state: KaleidoState, rng: random.Random) -> KaleidoAction:
        """Shuffle the fate cards, the deck, or the discard pile into a new deck."""
        if not state.stack or state.stack[-1].kind not in CHANCE_STEPS:
            raise IllegalAction(M_("no chance step is pending"))
        pile = self._pile(state)
        shuffle_in_place(pile, rng)  # rng.shuffle's draws, compiled
        return Shuffle(tuple(pile))

    def parse_action(self, state: KaleidoState, seat: Seat, text: str) -> KaleidoAction:
        """Read an action's text form (``shuffle ...`` for chance)."""
        if seat == CHANCE and CHANCE in self.to_act(state):
            return Shuffle.parse(text)
        return super().parse_action(state, seat, text)

    # -- applying (module functions below) ----------------------------------------------------------
    advance = advance
    _apply = _apply

    # -- information ------------------------------------------------------------------------------
    def view(self, state: KaleidoState, seat: Seat | None) -> dict[str, Any]:
        """The public table and ``seat``'s own hand; never another hand, accumulation card or deck order."""
        return view_of(state, seat, self.to_act(state))

    def determinize(self, state: KaleidoState, seat: Seat | None, rng: random.Random) -> KaleidoState:
        """Reshuffle every card ``seat`` cannot see (other hands, accumulation cards, the deck) among
        those places; cards drawn from the same deck (epoch) are interchangeable to ``seat``."""
        new = state.clone()
        new.events, new._legal = [], {}
        places: list[list[str]] = []
        for other, player in enumerate(new.players):
            if other != seat:
                if player.hand:
                    places.append(player.hand)
                if player.accumulation:
                    places.append(player.accumulation)
        pools: dict[int, list[str]] = {}
        drawn_in = new.drawn_in
        for place in places:
            for card in place:
                pools.setdefault(drawn_in[card], []).append(card)
        if new.deck:
            pools.setdefault(new.epoch, []).extend(new.deck)
        for pool in pools.values():
            shuffle_in_place(pool, rng)
        cursors = {epoch: iter(pool) for epoch, pool in pools.items()}
        for place in places:
            for index, card in enumerate(place):
                epoch = drawn_in[card]
                place[index] = fresh = next(cursors[epoch])
                drawn_in[fresh] = epoch
        if new.deck:
            new.deck[:] = list(cursors[new.epoch])
        return new

    def hidden_cards(self, state: KaleidoState, seat: Seat | None) -> list[dict[str, list[str]]]:
        """What ``seat`` cannot see, grouped as :meth:`determinize` deals it: per deck (epoch), the other
        seats' hands and accumulation cards drawn from that deck, and the deck itself for the current one."""
        groups: dict[int, dict[str, list[str]]] = {}
        for other, player in enumerate(state.players):
            if other == seat:
                continue
            for place, cards in ((f"seat {other} hand", player.hand), (f"seat {other} accumulation",
                                                                       player.accumulation)):
                for card in cards:
                    groups.setdefault(state.drawn_in[card], {}).setdefault(place, []).append(card)
        if state.deck:
            groups.setdefault(state.epoch, {})["deck"] = list(state.deck)
        return list(groups.values())

    def outcome(self, state: KaleidoState) -> Outcome | None:
        """The last servant standing wins (KAL-004); none when all fall together or at the turn limit."""
        if state.phase != "over":
            return None
        if state.winner is not None:
            return Outcome((state.winner,), state.reason or M_("no winner"))
        return Outcome((), state.reason or M_("no winner"))

    def deal_content(self, seats: int, options: Mapping[str, Any], content: Any,
                     rng: random.Random) -> dict[str, Any] | None:
        """Each seat's master and servant dealt uniformly from every legal seating (option ``pairs``):
        distinct masters (KAL-012) and distinct servant cards (KAL-RUL-05); pairing-table rows, or any
        master with any servant in shuffle mode (KAL-018)."""
        catalog: Catalog = self.catalog(content)
        shuffle_mode = bool(validate_options(KaleidoOptions, options).shuffle_mode)
        if shuffle_mode:
            masters, servants = sorted(catalog.masters), sorted(catalog.servants)
            if len(masters) < seats or len(servants) < seats:
                raise OptionsError(M_("the content pack has too few masters or servants for {seats} players",
                                      seats=seats))
            chosen = [f"{m}/{s}" for m, s in zip(rng.sample(masters, seats), rng.sample(servants, seats),
                                                    strict=True)]
            return {"pairs": chosen}
        rows = sorted(catalog.pairs.values())
        for _attempt in range(10_000):  # rejection sampling: uniform over the legal ordered seatings
            tokens = tuple(rng.sample(rows, seats)) if len(rows) >= seats else ()
            if tokens and setup_part.pairs_problem(catalog, False, seats, tokens) is None:
                return {"pairs": list(tokens)}
        raise OptionsError(M_("the pairing table cannot seat {seats} players with different masters and servants",
                              seats=seats))

    def content_choices(self, state: KaleidoState) -> dict[Seat, str | list[str]]:
        """Each seat's master-servant pair (its pairing-table row; master and servant in shuffle mode):
        ``bouts sim`` reports per pair."""
        chosen: dict[Seat, str | list[str]] = {}
        for seat, p in enumerate(state.players):
            if p.master and p.servant:
                row = state.catalog.pairs.get((p.master, p.servant))
                chosen[seat] = row if row is not None else [p.master, p.servant]
        return chosen

    # -- presentation ------------------------------------------------------------------------------
    def seat_name(self, state: KaleidoState, seat: Seat) -> Words:
        """``P1 (Shirou Emiya)``: seats counted from 1 as the table prints them, with the master once chosen."""
        if 0 <= seat < state.seats:
            return seat_label(state, seat)
        return super().seat_name(state, seat)

    def action_parts(self, state: KaleidoState, seat: Seat, action: KaleidoAction) -> ActionParts:
        """The table objects an action names: a card in hand or face up, an ability or Noble Phantasm printed on
        a face-up card, a servant, a master's seat; the thing first, then its target."""
        if isinstance(action, Act) and seat != CHANCE:
            return table_objects.action_parts(state, seat, action)
        return ActionParts()

    def describe(self, state: KaleidoState, seat: Seat, action: KaleidoAction) -> str:
        """A menu line for ``action``, in the current language (no markup: the terminal escapes it)."""
        if isinstance(action, Act):
            return describe_action(state, seat, action)
        return str(action)

    def render(self, view: Mapping[str, Any]) -> str:
        """The table as Rich markup."""
        return render_view(view)

    def shown_values(self, view: Mapping[str, Any]) -> list[str]:
        """Names, HP, command spells, hand sizes, face-up strategy cards, your hand with 発動/持続/効果, the battle."""
        return shown_values(view)

    def public_zones(self) -> Mapping[str, Zone]:
        """The public zones: the face-up discard pile, the face-up strategy cards (KAL-025) and the abilities
        printed on the face-up master and servant cards (KAL-017)."""
        return {"discard": Zone(M_("the discard pile, face up, with copies counted"), render_discard),
                "strategy": Zone(M_("every master's face-up strategy card with its text"), render_strategy),
                "abilities": Zone(M_("every master's and servant's special abilities and Noble Phantasms with "
                                     "attack, cost, can clash and can intervene"), render_abilities)}

    def featured_actions(self, state: KaleidoState, seat: Seat) -> tuple[KaleidoAction, ...]:
        """Short menus whole; a long one (many cards in hand, special actions) starts with the heuristic's
        pick, passing, and the decision's own options before card uses and special actions."""
        legal = self.legal_actions(state, seat)
        if len(legal) <= FEATURED or seat == CHANCE:
            return legal
        from bouts.games.kaleido.strategy import advise

        best = advise(self, state, seat)[0]
        own = [a for a in legal if isinstance(a, Act) and a.verb not in ("use", "ability", "spell", "convert")]
        picked: list[KaleidoAction] = [best]
        for action in [*own, *legal]:
            if len(picked) >= FEATURED:
                break
            if action not in picked:
                picked.append(action)
        return tuple(picked)

    def is_trivial(self, state: KaleidoState, seat: Seat, action: KaleidoAction) -> bool:
        """A lone option is skipped only where the menu follows from the public table (the last master or
        servant left, the only opponent to nominate, a forced retreat); response windows, payments and the
        hand check are always asked, since skipping them would show the seat's hand."""
        if seat == CHANCE or not state.stack or not isinstance(action, Act):
            return False
        return state.stack[-1].kind in PUBLIC_ONE_OPTION and len(self.legal_actions(state, seat)) == 1

    def idle_answer(self, state: KaleidoState, seat: Seat) -> KaleidoAction | None:
        """Pass a window whose only options besides passing are command spells and HP conversion, unless a
        command spell could change something now: at 【ダメージ決定】 of an attack on or by this seat, when it
        would take damage (② retreat, ③ +3 defence) or ③ +3 attack would deal more. Elsewhere the spells change
        nothing but the master itself, as well at its next real decision (the HP 0 window is always asked)."""
        if seat == CHANCE or not state.stack or state.stack[-1].kind not in WINDOWS or state.stack[-1].kind == "last":
            return None
        legal = self.legal_actions(state, seat)
        if PASS not in legal or any(not isinstance(a, Act) or a.verb not in ("pass", "spell", "convert")
                                    for a in legal):
            return None
        return None if self._spell_matters(state, seat, legal) else PASS

    def _spell_matters(self, state: KaleidoState, seat: Seat, legal: tuple[KaleidoAction, ...]) -> bool:
        """Whether a command spell changes the damage of the attack about to be dealt, to or by ``seat``."""
        from bouts.games.kaleido.battle_part import strike_damage

        frame, battle = state.stack[-1], state.battle
        if battle is None or battle.strike is None or frame.kind != "respond" or frame.get("step") != "ダメージ決定":
            return False
        strike = battle.strike
        if seat not in (strike.attacker, strike.defender):
            return False
        damage, reverse = strike_damage(state, strike)
        if (damage if seat == strike.defender else reverse) > 0:
            return any(a in legal for a in (SPELLS["retreat"], SPELLS["boost"]))
        if seat == strike.attacker and SPELLS["boost"] in legal:
            boosted = self.apply(state, seat, SPELLS["boost"])
            if boosted.battle is not None and boosted.battle.strike is not None:
                return strike_damage(boosted, boosted.battle.strike)[0] > damage
        return False

    def help_examples(self) -> list[tuple[str, str]]:
        """Kaleido's commands as a player types them (each parses at the decision it names)."""
        return [
            ("act", _("strategy part ①: normal action (draw by mana rank, nominate later); 'lurk' to hide")),
            ("nominate 1", _("battle part: nominate the master in seat 1 as your opponent")),
            ("attack normal", _("【Attack】: a normal attack with your servant's attack")),
            ("use reinforcement/1", _("use a magic card from your hand (its id from the menu), e.g. at 【Defence】")),
            ("pass", _("answer a window (counter, intervention, nomination) with nothing")),
            ("spell heal", _("use a command spell at any time")),
            ("view discard", _("look at the face-up discard pile; 'view strategy' for strategy cards")),
            ("view abilities", _("every master's and servant's abilities and Noble Phantasms")),
        ]

    def hints(self, state: KaleidoState, seat: Seat) -> list[str]:
        """The heuristic's choice with its reason (the same action Enter takes)."""
        found = self.recommend(state, seat)
        if found is None:
            return []
        action, reason = found
        return [_("{action} [{text}]: {reason}", action=self.describe(state, seat, action), text=str(action),
                  reason=reason)]

    def recommend(self, state: KaleidoState, seat: Seat) -> tuple[KaleidoAction, str] | None:
        """The heuristic's action with the facts that make it good; Enter takes it."""
        from bouts.games.kaleido.strategy import advise

        if seat not in self.to_act(state) or seat == CHANCE:
            return None
        return advise(self, state, seat)
