"""Swordplay: Arena on the game contract: set-up, who acts, legal actions and applying them."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from functools import partial
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
)
from bouts.core.events import QUIET
from bouts.core.i18n import Message
from bouts.core.options import validate_options
from bouts.core.stepping import STEP_METHODS, install_fast_path
from bouts.core.text import distinct_names
from bouts.games.swordplay import combat, monster, turn
from bouts.games.swordplay.actions import Act, SwordplayAction
from bouts.games.swordplay.cards import CATALOGS, Catalog
from bouts.games.swordplay.i18n import M_, N_, _
from bouts.games.swordplay.instances import target_index
from bouts.games.swordplay.log import say
from bouts.games.swordplay.options import OPTION_HELP, SwordplayOptions
from bouts.games.swordplay.state import (
    CHOOSE_HERO,
    COMBAT,
    DEFEND,
    DISCARD,
    FIRST_ROLL,
    MONSTER_DEFENSE,
    MONSTER_TARGET,
    MONSTER_TURN,
    OVER,
    READY,
    RESHUFFLE,
    SHUFFLE,
    Fighter,
    SwordplayState,
)
from bouts.games.swordplay.view import (
    GAME_NAME,
    describe_action,
    render_discard,
    render_view,
    shown_values,
    view_of,
)

D10: Final = 10

INFO: Final = GameInfo(
    id="swordplay",
    name=GAME_NAME,
    min_seats=1,
    max_seats=8,
    chance=True,
    hidden_information=True,
    simultaneous=False,
    cooperative=True,
    summary=M_(
        "Arena combat with medieval weapons (Digital Alchemy, 2006). Each player controls a Hero "
        "with 10 life. On your turn: discard up to 1 card, draw back to 5, ready one Weapon, Armor "
        "or Shield (and then you cannot attack), or attack a Hero at High, Low, Left or Right; the "
        "target may counter with a matching Defense card, Dodge or a ready Shield. Damage is base "
        "damage + every ready Weapon + the card's bonus, absorbed by Armor first. Last Hero standing "
        "wins. Modes: arena (2+), solo (1 Hero vs the Monster), coop (Heroes vs the Monster)."
    ),
)


_SEAT: Final[tuple[tuple[Seat, ...], ...]] = tuple((seat,) for seat in range(INFO.max_seats + 1))
"""``_SEAT[seat]``: the ``to_act`` answer when ``seat`` alone decides. Typed as tuples of any length: compiled, a
``tuple[int]`` is a C struct, and returning one boxed it into a new tuple at every call."""
_CHANCE_ONLY: Final[tuple[Seat, ...]] = (CHANCE,)
_ONE_D10: Final = Roll.outcomes(1, D10)


def _weakness(state: SwordplayState, action: SwordplayAction) -> tuple[int, str]:
    """How a featured menu ranks an action: attacks on the weakest Heroes first (a function, not a closure in
    the method: mypyc cannot compile a closure in a method of a plain class)."""
    if type(action) is not Act or action.verb != "attack" or action.target in (None, "monster"):
        return (-1, str(action))
    return (state.fighters[target_index(action.target or "1", state.monster)].life, str(action))


def _counter_options(state: SwordplayState) -> tuple[SwordplayAction, ...]:
    assert state.attack is not None
    return combat.counter_options(state, state.attack)


# -- the rules of a step ------------------------------------------------------------------------------------
# Module functions: compiled, they call each other directly. The contract's methods among them (STEP_METHODS of
# core.stepping: to_act, legal_actions, sample_chance, advance and the ones the contract calls, each taking the
# game first) are Swordplay's methods as they are (the class body names them); see install_fast_path for why.


def _seat_hero(state: SwordplayState, hero_id: str) -> None:
    hero = state.catalog.heroes[hero_id]
    state.fighters.append(Fighter(hero.id, hero.name, False, hero.life, hero.base_damage, hero.hands))
    if state.events is not QUIET:
        say(state, "hero", N_("Seat {number} selects {hero}"),
            {"seat": len(state.fighters) - 1, "hero": hero.id},
            args={"number": len(state.fighters), "hero": hero.name}, clauses=("SWP-025",))
    if len(state.fighters) == state.seats:
        _after_heroes(state)


def _after_heroes(state: SwordplayState) -> None:
    opts = state.options
    names = distinct_names([f.name for f in state.fighters])  # "The Gladiator (seat 2)" when shared
    for fighter, name in zip(state.fighters, names, strict=True):
        fighter.name = name
    if opts.mode != "arena":
        card = state.catalog.monsters[opts.monster or next(iter(state.catalog.monsters))]
        state.fighters.append(Fighter(card.id, card.name, True, card.life, card.base_damage, card.hands,
                                      armor_value=card.armor))
    state.contenders = tuple(range(len(state.fighters)))  # SWP-026, SWP-RUL-33
    state.phase = FIRST_ROLL


def to_act(game: object, state: SwordplayState) -> tuple[Seat, ...]:
    """The seat deciding now, ``CHANCE`` for rolls and shuffles, nobody when over (:meth:`Swordplay.to_act`)."""
    phase = state.phase
    if phase is DISCARD or phase is READY or phase is COMBAT:  # a Hero's turn (identity: no hash, compiled)
        return _SEAT[state.turn]
    if phase is DEFEND:
        assert state.attack is not None
        return _SEAT[state.attack.target]
    if phase is CHOOSE_HERO:
        return _SEAT[len(state.fighters)]
    if phase is OVER:
        return ()
    return _CHANCE_ONLY


def legal_actions(game: object, state: SwordplayState, seat: Seat) -> tuple[SwordplayAction, ...]:
    """Every action ``seat`` may take now (empty when it is not to act), cached on the state."""
    cached = state._legal.get(seat)
    if cached is None:
        phase = state.phase
        if phase is DISCARD:  # the phases of a Hero's turn, where ``state.turn`` decides
            cached = turn.discard_options(state) if seat == state.turn else ()
        elif phase is READY:
            cached = turn.ready_options(state) if seat == state.turn else ()
        elif phase is COMBAT:
            cached = turn.combat_options(state) if seat == state.turn else ()
        else:
            cached = _legal_actions(game, state, seat) if seat in to_act(game, state) else ()
        state._legal[seat] = cached
    return cached


def _legal_actions(game: object, state: SwordplayState, seat: Seat) -> tuple[SwordplayAction, ...]:
    phase = state.phase
    if phase is DISCARD:
        return turn.discard_options(state)
    if phase is READY:
        return turn.ready_options(state)
    if phase is COMBAT:
        return turn.combat_options(state)
    if phase is DEFEND:
        return _counter_options(state)
    if phase is CHOOSE_HERO:
        taken = {f.card for f in state.fighters}
        free = [h for h in state.catalog.heroes if h not in taken] or list(state.catalog.heroes)
        return tuple(Act("hero", h) for h in free)
    if phase in (MONSTER_DEFENSE, MONSTER_TARGET):
        return _ONE_D10
    if phase is FIRST_ROLL and len(state.contenders) <= 3:
        return Roll.outcomes(len(state.contenders), D10)
    return ()  # shuffles and many dice: too many outcomes to list


def _shuffle_pile(state: SwordplayState) -> list[str]:
    return list(state.catalog.deck) if state.phase is SHUFFLE else list(state.discard)


def _dice(state: SwordplayState) -> int:
    return len(state.contenders) if state.phase is FIRST_ROLL else 1


def sample_chance(game: object, state: SwordplayState, rng: random.Random) -> SwordplayAction:
    """Roll the dice or shuffle the pile (:meth:`Swordplay.sample_chance`)."""
    if state.phase in (SHUFFLE, RESHUFFLE):
        order = _shuffle_pile(state)
        shuffle_in_place(order, rng)  # as Shuffle.sample does
        return Shuffle(tuple(order))
    if state.phase in (FIRST_ROLL, MONSTER_DEFENSE, MONSTER_TARGET):
        return Roll.sample(_dice(state), D10, rng)
    raise IllegalAction("no chance step is pending")


def advance(game: object, state: SwordplayState, seat: Seat, action: SwordplayAction) -> None:
    """:meth:`Game.advance`, with a Hero's decision dispatched at once (:meth:`Swordplay.advance`)."""
    if state.events is not QUIET:
        state.events = []
    state._legal = {}
    if type(action) is Act:
        _decide(state, seat, action)
    else:
        _apply(game, state, seat, action)


def _apply(game: object, state: SwordplayState, seat: Seat, action: SwordplayAction) -> None:
    if type(action) is Act:
        _decide(state, seat, action)
    elif isinstance(action, Roll):
        _apply_roll(state, action)
    elif isinstance(action, Shuffle):
        _apply_shuffle(state, action)
    else:
        _apply_act(state, seat, action)


def _apply_roll(state: SwordplayState, roll: Roll) -> None:
    if state.phase is FIRST_ROLL:
        rolls = [M_("{fighter} {value}", fighter=state.fighters[f].name, value=v)
                 for f, v in zip(state.contenders, roll.values, strict=True)]
        best = max(roll.values)
        tied = tuple(f for f, v in zip(state.contenders, roll.values, strict=True) if v == best)
        if state.events is not QUIET:
            say(state, "roll", N_("First-player roll: {rolls}"), {"rolls": list(roll.values)},
                args={"rolls": rolls}, clauses=("SWP-026", "SWP-RUL-04"))
        if len(tied) > 1:  # SWP-RUL-04: only the tied players roll again
            state.contenders = tied
            return
        state.turn, state.contenders = tied[0], ()
        if state.events is not QUIET:
            say(state, "first", N_("{fighter} goes first"), {"fighter": tied[0]},
                args={"fighter": state.fighters[tied[0]].name}, clauses=("SWP-026",))
        state.phase = SHUFFLE
    elif state.phase is MONSTER_DEFENSE:
        attack = state.attack
        assert attack is not None
        card = monster.monster_card(state)
        value = monster.defense_value(card, attack.location)
        countered = monster.defends(card, attack.location, roll.values[0])
        if state.events is not QUIET:
            say(state,
                "roll", N_("{monster} rolls {roll} against {needed}+: countered") if countered
                else N_("{monster} rolls {roll} against {needed}+: the attack hits"),
                {"roll": roll.values[0], "needed": value, "countered": countered},
                args={"monster": card.name, "roll": roll.values[0], "needed": value},
                clauses=("SWP-061", "SWP-062", "SWP-RUL-30"))
        if not countered:
            combat.resolve_hit(state)
        combat.finish_attack(state)
        turn.end_turn(state)
    elif state.phase is MONSTER_TARGET:
        monster.choose_target(state, roll.values[0])


def _apply_shuffle(state: SwordplayState, shuffle: Shuffle) -> None:
    state.deck = list(shuffle.order)
    if state.phase is SHUFFLE:  # SWP-027, SWP-028
        if state.events is not QUIET:
            say(state, "shuffle", N_("The combat deck is shuffled ({count} cards)"),
                args={"count": len(state.deck)}, clauses=("SWP-027", "SWP-028"))
        for seat in range(state.seats):
            turn.draw(state, seat, state.options.hand_size)
        turn.begin_turn(state)
        return
    state.discard = []  # SWP-036
    state.epoch += 1
    if state.events is not QUIET:
        say(state, "shuffle", N_("The discard pile is shuffled into a new combat deck ({count} cards)"),
            args={"count": len(state.deck)}, clauses=("SWP-036",))
    if state.resume is MONSTER_TURN:
        state.resume = None
        monster.monster_turn(state)
    else:
        state.resume = None
        turn.draw_phase(state)


def _decide(state: SwordplayState, seat: Seat, act: Act) -> None:
    """A Hero's decision, by its verb: the handler of :data:`_VERBS`, called directly (compiled, a direct C call
    where a call through the table goes through each handler's Python entry point and its argument parsing)."""
    verb = act.verb
    if verb == "keep" or verb == "discard":  # the most frequent verbs first
        _keep_or_discard(state, seat, act)
    elif verb == "pass":
        _pass(state, seat, act)
    elif verb == "ready":
        _ready_item(state, seat, act)
    elif verb == "attack":
        _attack(state, seat, act)
    elif verb == "end":
        _end(state, seat, act)
    elif verb == "take" or verb == "defend" or verb == "shield":
        _counter(state, seat, act)
    elif verb == "drop":
        _drop_item(state, seat, act)
    else:
        _apply_act(state, seat, act)


def _apply_act(state: SwordplayState, seat: Seat, act: Act) -> None:
    handler = _VERBS.get(act.verb)
    if handler is None:  # pragma: no cover - legality was checked
        raise IllegalAction(M_("unknown action '{action}'", action=str(act)))
    handler(state, seat, act)


def _hero(state: SwordplayState, seat: Seat, act: Act) -> None:
    assert act.card is not None
    _seat_hero(state, act.card)


def _keep_or_discard(state: SwordplayState, seat: Seat, act: Act) -> None:  # SWP-033
    if act.card is not None:
        fighter = state.fighters[seat]
        fighter.hand.remove(act.card)
        drawn_in = state.drawn_in
        if act.card in drawn_in:  # not dict.pop(key, None): compiled, a generic method call
            del drawn_in[act.card]
        state.discard.append(act.card)
        if state.events is not QUIET:
            say(state, "discard", N_("{fighter} discards {card}"), {"seat": seat, "card": act.card},
                args={"fighter": fighter.name, "card": state.instances[act.card].name},
                reveals=True, owner=seat, clauses=("SWP-033",))
    turn.draw_phase(state)


def _drop_item(state: SwordplayState, seat: Seat, act: Act) -> None:  # SWP-044, SWP-045
    assert act.card is not None
    _drop(state, state.fighters[seat], act.card)
    turn.ready_phase(state)


def _ready_item(state: SwordplayState, seat: Seat, act: Act) -> None:  # SWP-037..SWP-043
    assert act.card is not None
    _ready(state, seat, state.fighters[seat], act.card)
    turn.combat_phase(state)


def _pass(state: SwordplayState, seat: Seat, act: Act) -> None:
    turn.combat_phase(state)


def _attack(state: SwordplayState, seat: Seat, act: Act) -> None:  # SWP-046..SWP-049
    assert act.card is not None and act.target is not None
    target = target_index(act.target, state.monster)
    assert target is not None
    combat.declare_attack(state, seat, act.card, target)


def _end(state: SwordplayState, seat: Seat, act: Act) -> None:
    turn.end_turn(state)


def _counter(state: SwordplayState, seat: Seat, act: Act) -> None:  # SWP-050..SWP-056
    if not combat.resolve_counter(state, act):
        combat.resolve_hit(state)
    combat.finish_attack(state)
    turn.end_turn(state)


def _drop(state: SwordplayState, fighter: Fighter, instance: str) -> None:
    if instance in fighter.weapons:
        fighter.weapons.remove(instance)
    elif instance in fighter.shields:
        del fighter.shields[instance]
    else:
        fighter.armor, fighter.armor_value, fighter.armor_damage = None, 0, 0
    state.discard.append(instance)
    if state.events is not QUIET:
        say(state, "drop", N_("{fighter} drops {card}"), {"card": instance},
            args={"fighter": fighter.name, "card": state.catalog.cards[instance].name},
            clauses=("SWP-044", "SWP-045"))


def _ready(state: SwordplayState, seat: Seat, fighter: Fighter, instance: str) -> None:
    card = state.instances[instance]  # the card's facts as native fields (not the pydantic model's)
    fighter.hand.remove(instance)
    drawn_in = state.drawn_in
    if instance in drawn_in:  # not dict.pop(key, None): compiled, a generic method call
        del drawn_in[instance]
    state.readied = True
    if card.type == "armor":
        if fighter.armor is not None:  # SWP-041
            combat.discard_armor(state, fighter, combat.REPLACED)
        fighter.armor, fighter.armor_value, fighter.armor_damage = instance, card.absorb, 0
    elif card.type == "weapon":
        fighter.weapons.append(instance)
    else:
        fighter.shields[instance] = 0
    if state.events is not QUIET:
        say(state, "ready", N_("{fighter} readies {card}"), {"seat": seat, "card": instance},
            args={"fighter": fighter.name, "card": card.name}, reveals=True, owner=seat,
            clauses=("SWP-037", "SWP-038"))


@mypyc_attr(native_class=False)  # a plain class in a compiled build: it subclasses the plain Game
class Swordplay(Game[SwordplayState, SwordplayAction]):
    """Swordplay: Arena, by its rulebook (clauses SWP-001..SWP-072 of rules/swordplay.md)."""

    info = INFO

    # -- content ------------------------------------------------------------------
    catalogs = CATALOGS
    option_help = OPTION_HELP
    options_model = SwordplayOptions

    def __init__(self) -> None:
        install_fast_path(self, Swordplay, STEP_METHODS)

    def variants(self) -> dict[str, Variant]:
        """Arena, solo, co-op, and arena with the optional Realistic Parries rule."""
        return {
            "arena": Variant((2, 3, 4, 5, 6), {}, M_("free-for-all, last Hero standing (2+ players)")),
            "solo": Variant((1,), {"mode": "solo"}, M_("one Hero against the Monster")),
            "coop": Variant((2, 3, 4), {"mode": "coop"}, M_("several Heroes against the Monster")),
            "realistic_parries": Variant((2, 3), {"realistic_parries": True},
                                         M_("arena with the optional Realistic Parries rule")),
        }

    # -- set-up (SWP-025..SWP-028) -------------------------------------------------------
    def setup(self, seats: int, options: Mapping[str, Any] | None = None,
              content: Any | None = None, seed: int = 0) -> SwordplayState:
        """Heroes chosen (or to choose), then the first-player roll."""
        opts = validate_options(SwordplayOptions, options)
        catalog: Catalog = self.catalog(content)
        if opts.mode == "arena" and seats < 2:
            raise OptionsError(M_("arena play needs at least 2 seats (use mode=solo for one Hero)"))
        if opts.mode == "solo" and seats != 1:
            raise OptionsError(M_("solo play is for exactly 1 seat (use mode=coop for several Heroes)"))
        if opts.mode == "coop" and seats < 2:
            raise OptionsError(M_("co-op play needs at least 2 seats (use mode=solo for one Hero)"))
        if not 1 <= seats <= INFO.max_seats:
            raise OptionsError(M_("Swordplay takes 1 to {most} seats, not {seats}", most=INFO.max_seats,
                                  seats=seats))
        if opts.mode != "arena":
            if not catalog.monsters:
                raise OptionsError(M_("the content pack has no Monster card for solo or co-op play"))
            if opts.monster is not None and opts.monster not in catalog.monsters:
                raise OptionsError(M_("option 'monster': unknown monster '{monster}' (known: {known})",
                                      monster=opts.monster, known=list(catalog.monsters)))
        state = SwordplayState(opts, catalog, seats, [], [], [], CHOOSE_HERO)
        if opts.heroes is not None:
            if len(opts.heroes) != seats:
                raise OptionsError(M_("option 'heroes': give one Hero per seat ({seats}), not {count}", seats=seats,
                                      count=len(opts.heroes)))
            for hero in opts.heroes:
                if hero not in catalog.heroes:
                    raise OptionsError(M_("option 'heroes': unknown hero '{hero}' (known: {known})", hero=hero,
                                          known=list(catalog.heroes)))
                _seat_hero(state, hero)
        return state

    # -- who acts, legal actions, chance, applying: the rules' module functions above --------------
    to_act = to_act
    legal_actions = legal_actions
    _legal_actions = _legal_actions
    sample_chance = sample_chance
    advance = advance
    _apply = _apply

    # -- chance --------------------------------------------------------------------------
    def is_legal_chance(self, state: SwordplayState, action: SwordplayAction) -> bool:
        """Whether a forced roll or shuffle is possible now."""
        if state.phase in (SHUFFLE, RESHUFFLE):
            return isinstance(action, Shuffle) and action.is_permutation_of(_shuffle_pile(state))
        return isinstance(action, Roll) and action.fits(_dice(state), D10)

    def parse_action(self, state: SwordplayState, seat: Seat, text: str) -> SwordplayAction:
        """Read an action's text form (``roll 7``, ``shuffle ...`` for chance)."""
        if seat == CHANCE and CHANCE in self.to_act(state):
            if state.phase in (SHUFFLE, RESHUFFLE):
                return Shuffle.parse(text)
            return Roll.parse(text)
        return super().parse_action(state, seat, text)

    # -- information -----------------------------------------------------------------------
    def view(self, state: SwordplayState, seat: Seat | None) -> dict[str, Any]:
        """Public table plus ``seat``'s own hand; never another hand or the deck order."""
        return view_of(state, seat, self.to_act(state))

    def hidden_cards(self, state: SwordplayState, seat: Seat | None) -> list[dict[str, list[str]]]:
        """The cards ``seat`` cannot see, as groups of interchangeable cards by place: other hands' cards
        drawn from one shuffle (epoch), with the deck in the group of the current epoch."""
        groups: dict[int, dict[str, list[str]]] = {}
        for index in range(min(state.seats, len(state.fighters))):
            if index != seat:
                for card in state.fighters[index].hand:
                    groups.setdefault(state.drawn_in[card], {}).setdefault(f"seat {index} hand", []).append(card)
        if state.deck:
            groups.setdefault(state.epoch, {})["deck"] = list(state.deck)
        return list(groups.values())

    def determinize(self, state: SwordplayState, seat: Seat | None, rng: random.Random) -> SwordplayState:
        """Reshuffle every card ``seat`` cannot see among the places it could be.

        Cards drawn from the same shuffle of the combat deck (the same epoch) are
        interchangeable to ``seat``; the deck's contents after a reshuffle are public.
        """
        new = state.clone()
        new.events, new._legal = [], {}
        drawn_in, epoch_now = state.drawn_in, state.epoch
        fighters = new.fighters
        hands = [fighters[i].hand for i in range(min(new.seats, len(fighters))) if i != seat and fighters[i].hand]
        # The unseen cards by epoch, in the order of their places: other hands in seat order, then the deck.
        pools: dict[int, list[str]] = {}
        for hand in hands:
            for instance in hand:
                epoch = drawn_in[instance]
                pool = pools.get(epoch)
                if pool is None:
                    pools[epoch] = [instance]
                else:
                    pool.append(instance)
        deck = new.deck
        if deck:
            pool = pools.get(epoch_now)
            if pool is None:
                pools[epoch_now] = list(deck)
            else:
                pool.extend(deck)
        for pool in pools.values():
            shuffle_in_place(pool, rng)
        # Deal each pool back into its places, in the same order.
        new_drawn_in = new.drawn_in
        if len(pools) == 1:  # the usual case: every unseen card comes from the current deck
            epoch, pool = next(iter(pools.items()))
            dealt = 0
            for hand in hands:
                size = len(hand)
                hand[:] = pool[dealt:dealt + size]
                dealt += size
                for instance in hand:
                    new_drawn_in[instance] = epoch
            deck[:] = pool[dealt:]
            return new
        cursors = {epoch: iter(pool) for epoch, pool in pools.items()}
        for hand in hands:
            for pos, instance in enumerate(hand):
                epoch = drawn_in[instance]
                hand[pos] = card = next(cursors[epoch])
                new_drawn_in[card] = epoch
        if deck:
            deck[:] = cursors[epoch_now]
        return new

    def deal_content(self, seats: int, options: Mapping[str, Any], content: Any,
                     rng: random.Random) -> dict[str, Any] | None:
        """A different Hero for each seat, uniformly at random (SWP-025: each Hero card is played once)."""
        heroes = sorted(self.catalog(content).heroes)
        if len(heroes) < seats:
            raise OptionsError(M_("the pack has {count} Heroes, too few to deal one to each of {seats} seats",
                                  count=len(heroes), seats=seats))
        return {"heroes": rng.sample(heroes, seats)}

    def is_cooperative(self, state: SwordplayState) -> bool:
        """Solo and co-op Heroes win or lose together against the Monster (SWP-RUL-34); arena is every Hero for
        himself (SWP-003)."""
        return state.options.mode != "arena"

    def content_choices(self, state: SwordplayState) -> dict[Seat, str | list[str]]:
        """Each seat's Hero card."""
        return {seat: state.fighters[seat].card for seat in range(min(state.seats, len(state.fighters)))}

    def outcome(self, state: SwordplayState) -> Outcome | None:
        """Last Hero standing; in solo/co-op the Heroes win or lose together (SWP-057, SWP-RUL-34)."""
        if state.phase is not OVER:
            return None
        if state.monster is not None:
            if state.fighters[state.monster].defeated:
                return Outcome(tuple(range(state.seats)), M_("{monster} is defeated",
                                                             monster=state.fighters[state.monster].name))
            if not state.living_heroes():
                return Outcome((), M_("every Hero is defeated"))
            return Outcome((), M_("the turn limit was reached"))
        living = state.living_heroes()
        if len(living) == 1:
            return Outcome((living[0],), M_("{fighter} is the last Hero standing",
                                            fighter=state.fighters[living[0]].name))
        return Outcome((), M_("the turn limit was reached"))

    # -- presentation -------------------------------------------------------------------------
    def seat_name(self, state: SwordplayState, seat: Seat) -> Words:
        """The seat's Hero as the table names it (``The Gladiator (seat 2)`` when two seats share a Hero), or
        ``Seat N`` before it has one."""
        if 0 <= seat < len(state.fighters):
            return state.fighters[seat].name
        return super().seat_name(state, seat)

    def describe(self, state: SwordplayState, seat: Seat, action: SwordplayAction) -> str:
        """A menu line for ``action``."""
        return describe_action(state, seat, action)

    def render(self, view: Mapping[str, Any]) -> str:
        """The table as Rich markup."""
        return render_view(view)

    def shown_values(self, view: Mapping[str, Any]) -> list[str]:
        """What :meth:`render` shows of ``view``: names, life, items, your hand with its text, the attack."""
        return shown_values(view)

    def public_zones(self) -> Mapping[str, Zone]:
        """The face-up discard pile (SWP-036: it is public)."""
        return {"discard": Zone(M_("the discard pile, face up: every card with its text and copies"), render_discard)}

    MENU_LIMIT: ClassVar[int] = 16

    def featured_actions(self, state: SwordplayState, seat: Seat) -> tuple[SwordplayAction, ...]:
        """All legal actions when they are few; else (many Heroes to attack) the heuristic's pick, ending the
        turn, and the attacks on the weakest targets; every other one is still typed or listed by ``more``."""
        legal = self.legal_actions(state, seat)
        if len(legal) <= self.MENU_LIMIT:
            return legal
        from bouts.games.swordplay.strategy import choose

        best = choose(self, state, seat, random.Random(0))
        ranked = sorted((a for a in legal if a != best), key=partial(_weakness, state))
        return (best, *ranked[:self.MENU_LIMIT - 1])

    def is_trivial(self, state: SwordplayState, seat: Seat, action: SwordplayAction) -> bool:
        """One-option prompts of your own turn decide nothing and tell nobody anything: the only Hero
        left, keeping an empty hand, readying nothing with no Item to hand, ending the turn with no
        Attack card. "Take the hit" is always asked: skipping it in hot-seat would show that the
        defender held no counter."""
        return type(action) is Act and action.verb in ("hero", "keep", "pass", "end")

    def help_examples(self) -> list[tuple[str, str]]:
        """Swordplay's commands as a player types them (each parses at the decision it names)."""
        return [
            ("discard attack_low/2", _("Discard phase: discard one card (keep: discard nothing)")),
            ("ready broadsword/1", _("Ready phase: ready a Weapon, Armor or Shield (then no attack this turn)")),
            ("attack attack_high/1 2", _("Combat: attack the Hero in seat 2 High (in solo and co-op the target is "
                                         "[monster])")),
            ("defend duck/1", _("When attacked: counter with a Defense card")),
            ("shield buckler/1", _("When attacked: counter with a ready Shield")),
            ("take", _("When attacked: take the hit without countering")),
            ("view discard", _("The face-up discard pile")),
        ]

    _GROUPS: ClassVar[dict[str, Message]] = {
        "hero": M_("Choose a Hero"), "discard": M_("Discard"), "keep": M_("Discard"), "ready": M_("Ready"),
        "drop": M_("Ready"), "pass": M_("Ready"), "attack": M_("Attack"), "end": M_("Attack"),
        "defend": M_("Counter"), "shield": M_("Counter"), "take": M_("Counter"),
    }

    def action_parts(self, state: SwordplayState, seat: Seat, action: SwordplayAction) -> ActionParts:
        """A card in your hand or on the table (``card:<instance>``), then for an attack the fighter it targets
        (``fighter:<index>``); a Hero card to choose (``hero:<id>``); keeping, passing, ending the turn and
        taking the hit are plain controls."""
        if type(action) is not Act:
            return NO_PARTS
        group = self._GROUPS.get(action.verb, "")
        if action.verb == "hero":
            return ActionParts((f"hero:{action.card}",), group=group)
        if action.verb == "attack":
            target = target_index(action.target or "1", state.monster)
            return ActionParts((f"card:{action.card}", f"fighter:{target}"), group=group)
        if action.card is not None:
            return ActionParts((f"card:{action.card}",), group=group)
        return ActionParts(group=group)


_VERBS: Final[dict[str, Callable[[SwordplayState, Seat, Act], None]]] = {
    "hero": _hero, "keep": _keep_or_discard, "discard": _keep_or_discard, "drop": _drop_item, "ready": _ready_item,
    "pass": _pass, "attack": _attack, "end": _end, "take": _counter, "defend": _counter, "shield": _counter,
}
"""Each verb's handler."""
