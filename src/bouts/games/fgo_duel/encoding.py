"""FGO Duel's numeric encoding: a fixed action index and an observation tensor (see docs/encoding.md).

**Action index**, from the content pack's servants ``S`` (pack order), their command card instances
``I`` (``<servant>/1..5``, sorted), skill cards, and the chosen map's areas ``A`` (map order)::

    pick <token>                 every status card token: servant ids, then ``servant:skill`` tokens
    mulligan, keep, pass
    skill <s>, skill <s> <ally>  for s, ally in S
    skill <s> [<ally>] pay:<p>   the same, paying NP by removing p's skill card, for p in S whose skill can
                                 pay NP (``pays_np``, Merlin's 夢幻のカリスマ)
    move <s> <a> <card>          for s in S, a in A, card in that servant's 5 instances
    battle <c1> [<c2> [<c3>]]    every set of 1 to 3 instances, listed sorted (the action's own text
                                 keeps the hand's order; encoding sorts it, so one set = one index)
    remove <card>                for card in I
    end_move <s> <a> <card>      for s with a 魔境の智慧 (end_move) skill in the pack, a in A, card in I

**Observation tensor** (``N`` servants, ``A`` areas, ``C`` = |I| instances, ``K`` skill cards):

- ``me`` (2), ``phase`` (11, one-hot over Phase), ``turn`` (2), ``first`` (2), ``to_act`` (2),
  ``turns`` (1: turns / 100);
- ``masters`` (2 x 9): deck size / 20, hand size / 10, NP / 10, card total / 20, mulliganed,
  battle cards / 3, has chosen (a sealed choice is made, not which), status cards placed / 3, chips / 5;
- ``chips`` (2 x 3): each master's chips by chain (quick, arts, buster);
- ``party`` (2 x 3 slots x N): the servant in each STATUS slot; ``areas`` (2 x 3 x A): its area;
  ``skill_state`` (2 x 3 x 3): face down / face up / removed; ``skill`` (2 x 3 x K): the skill card
  when the viewer may see it;
- ``trash`` (2 x C), ``removed`` (2 x C), ``sideways`` (2 x C): each master's public piles;
- ``hand`` (C): the viewer's own hand; ``sealed`` (C + N): the viewer's own sealed battle cards or
  party picks;
- ``attack`` (N + A + A + N): attacker, origin, destination, defender.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

from bouts.core.contract import IllegalAction
from bouts.core.encoding import Layout, TextIndex, position
from bouts.games.fgo_duel.actions import Act
from bouts.games.fgo_duel.cards import Catalog
from bouts.games.fgo_duel.skills import np_of
from bouts.games.fgo_duel.state import FgoState, Phase, SkillState

PHASES = tuple(Phase)
SKILL_STATES = tuple(SkillState)
CHAINS = ("quick", "arts", "buster")
MASTER_FEATURES = 9
BATTLE_CARDS = 3


class FgoEncoding(TextIndex):
    """The encoding of one (options, content); FGO Duel is for 2 seats."""

    two_level = False
    """Whether a battle's cards are chosen one index at a time (:class:`FgoTwoLevelEncoding`)."""

    def __init__(self, game: Any, seats: int, options: Mapping[str, Any] | None, content: Any) -> None:
        catalog: Catalog = game.catalog(content)
        opts = dict(options or {})
        game_map = catalog.maps[opts.get("map", "fuyuki")]
        self.servants = tuple(catalog.servants)
        self.areas = tuple(a.id for a in game_map.areas)
        self.skills = tuple(catalog.skills)
        self.instances = tuple(sorted(catalog.cards))
        tokens = list(self.servants) + [f"{s.id}:{k}" for s in catalog.servants.values()
                                        if len(s.skills) > 1 for k in s.skills]
        movers = [s.id for s in catalog.servants.values()
                  if any(catalog.skills[k].effect == "end_move" for k in s.skills if k in catalog.skills)]
        texts = [f"pick {t}" for t in tokens] + ["mulligan", "keep", "pass"]
        texts += [f"skill {s}" for s in self.servants]
        texts += [f"skill {s} {a}" for s in self.servants for a in self.servants]
        payers = [s.id for s in catalog.servants.values()
                  if any(catalog.skills[k].pays_np for k in s.skills if k in catalog.skills)]
        texts += [f"skill {s} pay:{p}" for s in self.servants for p in payers]
        texts += [f"skill {s} {a} pay:{p}" for s in self.servants for a in self.servants for p in payers]
        texts += [f"move {s} {a} {c}" for s in self.servants for a in self.areas for c in Catalog.instances(s)]
        if self.two_level:  # one index per card; a battle is its cards chosen one by one, in instance order
            texts += [f"battle {c}" for c in self.instances]
        else:
            for size in range(1, BATTLE_CARDS + 1):
                texts += ["battle " + " ".join(combo) for combo in itertools.combinations(self.instances, size)]
        texts += [f"remove {c}" for c in self.instances]
        texts += [f"end_move {s} {a} {c}" for s in movers for a in self.areas for c in self.instances]
        super().__init__(texts, game)
        n, a, c, k = len(self.servants), len(self.areas), len(self.instances), len(self.skills)
        self.layout = Layout([
            ("me", 2), ("phase", len(PHASES)), ("turn", 2), ("first", 2), ("to_act", 2), ("turns", 1),
            ("masters", 2 * MASTER_FEATURES), ("chips", 2 * len(CHAINS)), ("party", 2 * 3 * n),
            ("areas", 2 * 3 * a), ("skill_state", 2 * 3 * len(SKILL_STATES)), ("skill", 2 * 3 * k),
            ("trash", 2 * c), ("removed", 2 * c), ("sideways", 2 * c), ("hand", c), ("sealed", c + n),
            ("attacker", n), ("origin", a), ("destination", a), ("defender", n),
            *([("choosing", c)] if self.two_level else []),
        ])
        self.observation_size = self.layout.size
        self.max_chance_outcomes = max(2, 5 * 3)
        self._card = {card: i for i, card in enumerate(self.instances)}
        self.phase_index = {p: i for i, p in enumerate(PHASES)}
        self.skill_state_index = {s: i for i, s in enumerate(SKILL_STATES)}
        self.chain_index = {chain: i for i, chain in enumerate(CHAINS)}
        self.servant_index = {s: i for i, s in enumerate(self.servants)}
        self.area_index = {area: i for i, area in enumerate(self.areas)}
        self.skill_index = {skill: i for i, skill in enumerate(self.skills)}

    def _encode(self, action: Any) -> int:
        """The index of ``action``; a battle's cards are looked up as a set."""
        if isinstance(action, Act) and action.verb == "battle":
            return self.index_of("battle " + " ".join(sorted(action.args)))
        return super()._encode(action)

    def observe(self, view: Mapping[str, Any]) -> list[float]:
        """The tensor of a seat's view (layout in the module docstring)."""
        layout, out = self.layout, self.layout.zeros()
        seat = view.get("seat")
        if seat in (0, 1):
            layout.one_hot(out, "me", seat)
        layout.one_hot(out, "phase", PHASES.index(Phase(view["phase"])))
        layout.one_hot(out, "turn", view["turn"] if view["turn"] in (0, 1) else None)
        layout.one_hot(out, "first", view["first"] if view["first"] in (0, 1) else None)
        for s in view["to_act"]:
            if s in (0, 1):
                layout.one_hot(out, "to_act", s)
        layout.put(out, "turns", 0, view["turns"] / 100)
        n, a, c, k = len(self.servants), len(self.areas), len(self.instances), len(self.skills)
        for m in view["masters"]:
            i = m["seat"]
            features = (m["deck_size"] / 20, m["hand_size"] / 10, m["np"] / 10, m["card_total"] / 20,
                        float(m["mulliganed"] is True), m["battle_cards"] / 3, float(m["has_chosen"]),
                        m["status_cards_placed"] / 3, len(m["chips"]) / 5)
            for f, value in enumerate(features):
                layout.put(out, "masters", i * MASTER_FEATURES + f, value)
            for chip in m["chips"]:
                chain = position(CHAINS, chip["chain"])
                if chain is not None:
                    out[layout.offsets["chips"] + i * len(CHAINS) + chain] += 1.0
            for servant in m["party"]:
                slot = i * 3 + servant["slot"] - 1
                layout.one_hot(out, "party", slot * n + self.servants.index(servant["id"]))
                area = position(self.areas, servant["area"])
                if area is not None:
                    layout.one_hot(out, "areas", slot * a + area)
                skill = servant["skill"]
                if skill is not None:
                    layout.one_hot(out, "skill_state", slot * len(SKILL_STATES)
                                   + SKILL_STATES.index(SkillState(skill["state"])))
                    if "id" in skill:
                        layout.one_hot(out, "skill", slot * k + self.skills.index(skill["id"]))
            for card in m["trash"]:
                layout.one_hot(out, "trash", i * c + self._card[card["id"]])
                if card["sideways"]:
                    layout.one_hot(out, "sideways", i * c + self._card[card["id"]])
            for card in m["removed"]:
                layout.one_hot(out, "removed", i * c + self._card[card["id"]])
            if i == seat:
                for card in m.get("hand", ()):
                    layout.one_hot(out, "hand", self._card[card["id"]])
                for token in m.get("sealed_choice", ()):
                    if token in self._card:
                        layout.one_hot(out, "sealed", self._card[token])
                    else:
                        layout.one_hot(out, "sealed", c + self.servants.index(token.partition(":")[0]))
        attack = view.get("attack")
        if attack is not None:
            layout.one_hot(out, "attacker", position(self.servants, attack["attacker"]))
            layout.one_hot(out, "origin", position(self.areas, attack["origin"]))
            layout.one_hot(out, "destination", position(self.areas, attack["destination"]))
            layout.one_hot(out, "defender", position(self.servants, attack["defender"]))
        return out


    def observe_into(self, state: FgoState, seat: int, out: Any) -> None:
        """The tensor of ``seat``'s view, written straight from the state into ``out`` (zeroed):
        equal to ``observe(game.view(state, seat))`` (tests/rl check it), without building the view."""
        at = self.layout.offsets
        if seat in (0, 1):
            out[at["me"] + seat] = 1.0
        out[at["phase"] + self.phase_index[state.phase]] = 1.0
        if state.turn in (0, 1):
            out[at["turn"] + state.turn] = 1.0
        if state.first in (0, 1):
            out[at["first"] + state.first] = 1.0
        for s in self.acting(state):
            if s in (0, 1):
                out[at["to_act"] + s] = 1.0
        if state.turns:
            out[at["turns"]] = state.turns / 100
        n, a, c, k = len(self.servants), len(self.areas), len(self.instances), len(self.skills)
        chains, states = len(CHAINS), len(SKILL_STATES)
        cards, servant_index, area_index = self._card, self.servant_index, self.area_index
        sealed, picking = state.sealed, state.phase in (Phase.PARTY, Phase.FIRST_PLAYER)
        for i, m in enumerate(state.masters):
            has_chosen = sealed is not None and i in sealed.chosen
            features = (len(m.deck) / 20, len(m.hand) / 10, np_of(state, i) / 10, m.card_total / 20,
                        float(m.mulliganed is True), len(m.battle) / 3, float(has_chosen),
                        (len(state.party_picks[i]) if picking else len(m.party)) / 3, len(m.chips) / 5)
            row = at["masters"] + i * MASTER_FEATURES
            for f, value in enumerate(features):
                if value:
                    out[row + f] = value
            chips = at["chips"] + i * chains
            for chip in m.chips:
                chain = self.chain_index.get(chip.chain)
                if chain is not None:
                    out[chips + chain] += 1.0
            for servant in m.party:
                slot = i * 3 + servant.slot - 1
                out[at["party"] + slot * n + servant_index[servant.servant]] = 1.0
                area = None if servant.area is None else area_index.get(servant.area)
                if area is not None:
                    out[at["areas"] + slot * a + area] = 1.0
                if servant.skill is not None and servant.skill_state is not None:
                    out[at["skill_state"] + slot * states + self.skill_state_index[servant.skill_state]] = 1.0
                    if seat == i or servant.skill_revealed:
                        out[at["skill"] + slot * k + self.skill_index[servant.skill]] = 1.0
            trash, sideways = at["trash"] + i * c, at["sideways"] + i * c
            for card in m.trash:
                out[trash + cards[card]] = 1.0
                if card in m.sideways:
                    out[sideways + cards[card]] = 1.0
            removed = at["removed"] + i * c
            for card in m.removed:
                out[removed + cards[card]] = 1.0
            if i == seat:
                for card in m.hand:
                    out[at["hand"] + cards[card]] = 1.0
                tokens = (sealed.chosen[i] if has_chosen and sealed is not None
                          else state.party_picks[i] if state.phase is Phase.PARTY else ())
                for token in tokens:
                    if token in cards:
                        out[at["sealed"] + cards[token]] = 1.0
                    else:
                        out[at["sealed"] + c + servant_index[token.partition(":")[0]]] = 1.0
        attack = state.attack
        if attack is not None:
            for segment, found in (("attacker", servant_index.get(attack.attacker)),
                                   ("origin", area_index.get(attack.origin)),
                                   ("destination", area_index.get(attack.destination)),
                                   ("defender", None if attack.defender is None
                                    else servant_index.get(attack.defender))):
                if found is not None:
                    out[at[segment] + found] = 1.0


class FgoTwoLevelEncoding(FgoEncoding):
    """FGO Duel with a two-level index: a battle's cards are chosen one at a time.

    The flat index has one index per set of 1 to 3 of the pack's command cards (37,820 of its 38,513
    indices). Here the battle part of the index is one index per card, ``battle <c>``: a battle of cards
    ``c1 < c2 < c3`` (in instance order) is the decision ``battle c1``, then ``battle c2``, then
    ``battle c3``, each masked to the cards that still complete a legal battle; the action is applied when
    its last card is chosen. The cards chosen so far are the ``choosing`` segment of the observation.
    Order within a battle does not matter (FGO-048: the cards are put face down together and revealed
    at once; the rules list a battle as a set), so the set is the whole choice. Every other decision
    keeps its flat index: 2,523 indices instead of 38,513 with the reference pack.
    """

    two_level = True
    multi_step = True

    def _encode(self, action: Any) -> int:
        """The index of a one-step action; a battle has several (:meth:`steps_of`), never one."""
        if isinstance(action, Act) and action.verb == "battle":
            raise IllegalAction(f"'{action}' is chosen in several steps in the two-level index (steps_of)")
        return super()._encode(action)

    def steps_of(self, action: Any) -> tuple[int, ...]:
        """A battle: one index per card, in instance order; anything else: its one index."""
        if isinstance(action, Act) and action.verb == "battle":
            return tuple(self.index_of(f"battle {c}") for c in sorted(action.args))
        return (self.encode(action),)

    def observe_chosen(self, out: Any, chosen: tuple[int, ...]) -> None:
        """Mark the battle cards chosen so far in the ``choosing`` segment."""
        base = self.layout.offsets["choosing"]
        for index in chosen:
            out[base + self._card[self.names[index].partition(" ")[2]]] = 1.0


def encoding(game: Any, seats: int, options: Mapping[str, Any] | None, content: Any) -> FgoEncoding:
    """FGO Duel's encoding for a match with these options and content."""
    return FgoEncoding(game, seats, options, content)


def two_level_encoding(game: Any, seats: int, options: Mapping[str, Any] | None, content: Any) -> FgoEncoding:
    """FGO Duel's two-level encoding (:class:`FgoTwoLevelEncoding`): battle cards chosen one at a time."""
    return FgoTwoLevelEncoding(game, seats, options, content)


INDEXES = {"flat": encoding, "two_level": two_level_encoding}
"""The action indexes this game offers, by name (``bouts.rl.env("fgo_duel", index="two_level")``)."""
