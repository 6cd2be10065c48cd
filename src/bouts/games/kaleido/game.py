"""Fate/kaleido grail on the game contract: set-up, who acts, legal actions, chance, views."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from bouts.core.chance import Shuffle
from bouts.core.contract import CHANCE, Game, GameInfo, IllegalAction, OptionsError, Outcome, Seat, Variant, Zone
from bouts.core.options import validate_options
from bouts.games.kaleido import (  # noqa: F401  (each registers its steps, decisions and verbs)
    battle_part,
    command_spells,
    end_part,
    flow,
    mana,
    order_part,
    setup_part,
    strategy_part,
    timings,
)
from bouts.games.kaleido.actions import Act, KaleidoAction
from bouts.games.kaleido.cards import CATALOGS, Catalog
from bouts.games.kaleido.flow import CHANCE_STEPS, VERBS, run
from bouts.games.kaleido.menus import menu
from bouts.games.kaleido.options import OPTION_HELP, KaleidoOptions
from bouts.games.kaleido.state import KaleidoState, Player
from bouts.games.kaleido.view import (
    describe_action,
    render_discard,
    render_strategy,
    render_view,
    shown_values,
    view_of,
)

PUBLIC_ONE_OPTION = frozenset({"master", "servant", "nominate", "forced_retreat"})
"""Decisions whose options follow from the public table alone: with one option, skipping tells nobody anything."""
FEATURED = 12
"""How many actions a long menu lists first (the rest by ``more`` or their text form)."""

INFO = GameInfo(
    id="kaleido",
    name="Fate/kaleido grail 〜合わせ鏡の聖杯戦争〜",
    min_seats=2,
    max_seats=7,
    chance=True,
    hidden_information=True,
    simultaneous=False,
    cooperative=False,
    summary=(
        "A Holy Grail War for 2-7 masters, each commanding one servant. Every turn fate cards set the "
        "order; in the strategy part each master lurks or acts, draws magic cards (mana), may set a "
        "face-up strategy card and a face-down mana accumulation card (worth 2 in battle); in the battle "
        "part each acting master nominates an opponent and the two trade combat actions (intervention, "
        "attack, defence, damage, death check) until one retreats or falls, while others may intervene. "
        "Command spells and HP conversion can be used at any time. The last servant standing wins."
    ),
)


class Kaleido(Game[KaleidoState, KaleidoAction]):
    """Fate/kaleido grail, by its rulebook (clauses KAL-001..KAL-172 of rules/kaleido.md)."""

    info = INFO
    catalogs = CATALOGS
    option_help = OPTION_HELP
    options_model = KaleidoOptions

    def variants(self) -> dict[str, Variant]:
        """Standard pairs at 2, 3, 5 and 7 players, and the optional shuffle mode."""
        return {
            "standard": Variant((2, 3, 5, 7), {},
                                "masters with their servants by the pairing table (4 and 6 players work too)"),
            "shuffle": Variant((3,), {"shuffle_mode": True}, "シャッフルモード: any master with any servant"),
        }

    # -- set-up -------------------------------------------------------------------------------
    def setup(self, seats: int, options: Mapping[str, Any] | None = None,
              content: Any | None = None, seed: int = 0) -> KaleidoState:
        """Fate cards for the master-choice order first (KAL-009)."""
        opts = validate_options(KaleidoOptions, options)
        catalog: Catalog = self.catalog(content)
        if not INFO.min_seats <= seats <= INFO.max_seats:
            raise OptionsError(f"Fate/kaleido grail takes {INFO.min_seats} to {INFO.max_seats} players, not {seats}")
        if len(catalog.masters) < seats or len(catalog.servants) < seats:
            raise OptionsError(f"the content pack has too few masters or servants for {seats} players")
        if opts.pairs is not None:
            problem = setup_part.pairs_problem(catalog, opts.shuffle_mode, seats, opts.pairs)
            if problem:
                raise OptionsError(f"option 'pairs': {problem}")
        state = KaleidoState(opts, catalog, seats, [Player() for _ in range(seats)])
        setup_part.begin(state)
        run(state)
        return state

    # -- who acts --------------------------------------------------------------------------------
    def to_act(self, state: KaleidoState) -> tuple[Seat, ...]:
        """The seat of the decision on top of the stack; ``CHANCE`` for a shuffle."""
        if not state.stack:
            return ()
        top = state.stack[-1]
        return (CHANCE,) if top.kind in CHANCE_STEPS else (top.seat,)

    def _legal_actions(self, state: KaleidoState, seat: Seat) -> tuple[KaleidoAction, ...]:
        if seat == CHANCE:
            return ()  # shuffles: too many to list
        return menu(state, state.stack[-1])

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
            raise IllegalAction("no chance step is pending")
        pile = self._pile(state)
        rng.shuffle(pile)
        return Shuffle(tuple(pile))

    def parse_action(self, state: KaleidoState, seat: Seat, text: str) -> KaleidoAction:
        """Read an action's text form (``shuffle ...`` for chance)."""
        if seat == CHANCE and CHANCE in self.to_act(state):
            return Shuffle.parse(text)
        return super().parse_action(state, seat, text)

    # -- applying --------------------------------------------------------------------------------
    def _apply(self, state: KaleidoState, seat: Seat, action: KaleidoAction) -> None:
        if isinstance(action, Shuffle):
            self._shuffle(state, action)
        else:
            frame = state.stack[-1]
            VERBS[action.verb](state, frame, action)
        run(state)

    @staticmethod
    def _shuffle(state: KaleidoState, shuffle: Shuffle) -> None:
        frame = state.stack.pop()
        if frame.kind == "deal_fates":
            order_part.deal(state, shuffle.order, frame.get("setup"))
            return
        state.deck = list(reversed(shuffle.order))  # the text lists the top card first
        if frame.kind == "reshuffle":  # KAL-008
            state.discard = []
            state.epoch += 1
            flow.say(state, "shuffle", f"The discard pile is shuffled into a new deck ({len(state.deck)} cards)")
        else:  # KAL-007
            flow.say(state, "shuffle", f"The magic deck is shuffled ({len(state.deck)} cards)")

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
            rng.shuffle(pool)
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
            return Outcome((state.winner,), state.reason)
        return Outcome((), state.reason or "no winner")

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
                raise OptionsError(f"the content pack has too few masters or servants for {seats} players")
            chosen = [f"{m}/{s}" for m, s in zip(rng.sample(masters, seats), rng.sample(servants, seats),
                                                    strict=True)]
            return {"pairs": chosen}
        rows = sorted(catalog.pairs.values())
        for _ in range(10_000):  # rejection sampling: uniform over the legal ordered seatings
            tokens = tuple(rng.sample(rows, seats)) if len(rows) >= seats else ()
            if tokens and setup_part.pairs_problem(catalog, False, seats, tokens) is None:
                return {"pairs": list(tokens)}
        raise OptionsError(f"the pairing table cannot seat {seats} players with different masters and servants")

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
    def seat_name(self, state: KaleidoState, seat: Seat) -> str:
        """``P<n> <master>`` (unique per seat)."""
        if 0 <= seat < state.seats:
            master = state.players[seat].master
            return f"P{seat}" + (f" {state.catalog.masters[master].name}" if master else "")
        return str(super().seat_name(state, seat))

    def describe(self, state: KaleidoState, seat: Seat, action: KaleidoAction) -> str:
        """A menu line for ``action``."""
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
        """The public zones: the face-up discard pile and the face-up strategy cards (KAL-025)."""
        return {"discard": Zone("the discard pile (捨て札), face up, with copies counted", render_discard),
                "strategy": Zone("every master's face-up strategy card (戦略カード) with its text", render_strategy)}

    def featured_actions(self, state: KaleidoState, seat: Seat) -> tuple[KaleidoAction, ...]:
        """Short menus whole; a long one (many cards in hand, special actions) starts with the heuristic's
        pick, passing, and the decision's own options before card uses and special actions."""
        legal = self.legal_actions(state, seat)
        if len(legal) <= FEATURED or seat == CHANCE:
            return legal
        from bouts.games.kaleido import strategy

        best = strategy.advise(self, state, seat)[0]
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

    def help_examples(self) -> list[tuple[str, str]]:
        """Kaleido's commands as a player types them."""
        return [
            ("act", "strategy part ①: normal action (draw by mana rank, nominate later); 'lurk' to hide"),
            ("nominate 2", "battle part: nominate the master in seat 2 as your opponent"),
            ("attack normal", "【攻撃】: a normal attack with your servant's 攻撃"),
            ("use <card>", "use a magic card from your hand (its id from the menu), e.g. in 【防御】"),
            ("pass", "answer a window (対抗, 介入, 指名) with nothing"),
            ("spell heal", "use a command spell (令呪) at any time"),
            ("view discard", "look at the face-up discard pile; 'view strategy' for strategy cards"),
        ]

    def hints(self, state: KaleidoState, seat: Seat) -> list[str]:
        """The heuristic's choice with its reason."""
        from bouts.games.kaleido import strategy

        if seat not in self.to_act(state) or seat == CHANCE:
            return []
        action, reason = strategy.advise(self, state, seat)
        return [f"{self.describe(state, seat, action)}  ({action}) — {reason}"]
