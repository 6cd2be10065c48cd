"""Swordplay's numeric encoding: a fixed action index and an observation tensor (see docs/encoding.md).

**Action index** (for ``n`` seats and the content pack's Heroes ``H`` and combat card instances ``I``,
each in pack order; targets ``T`` are the seats ``1..n`` as printed and, in solo and co-op, ``monster``)::

    hero <h>            for h in H
    keep                discard <i>      for i in I
    pass                drop <i>, ready <i>   for i in I
    end                 attack <i> <t>   for i in I, t in T
    take                defend <i>, shield <i>   for i in I

(in that order: ``hero`` block, ``keep``, ``discard`` block, ``pass``, ``drop`` block, ``ready`` block,
``end``, ``attack`` block (card-major), ``take``, ``defend`` block, ``shield`` block).

**Observation tensor** (``F`` fighters = ``n`` Heroes, plus the Monster in solo and co-op; ``K`` combat
card ids of the pack; segments in this order, each documented in :data:`SEGMENTS`):

- ``me`` (n): one-hot, the observing seat;
- ``phase`` (12): one-hot over :class:`~bouts.games.swordplay.state.Phase`;
- ``turn`` (F): one-hot, whose turn it is; ``to_act`` (n): who decides now; ``readied`` (1);
- ``fighters`` (F x 10): per fighter: life / 10 (0 when below), base damage / 5, hands / 2, defeated, is the Monster,
  armour absorb / 5, armour damage taken / 5, cards in hand / hand size, ready Weapon damage / 5,
  Shield counters left / 5;
- ``hero`` (F x |H|): one-hot, each fighter's Hero card;
- ``weapons`` / ``shields`` (F x K each): ready items by card id;
- ``hand`` (K): the observing seat's own hand, counts by card id (the only hidden cards it sees);
- ``discard`` (K): the discard pile by card id; ``deck`` (1): cards left in the deck / deck size;
- ``attack`` (F + F + 5 + K): the attack being countered: attacker, target, location, card id;
- ``turns`` (1): turns played / 100.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bouts.core.encoding import Layout, TextIndex, position
from bouts.games.swordplay.cards import Catalog, Location
from bouts.games.swordplay.state import Phase, SwordplayState

PHASES = tuple(Phase)
LOCATIONS = tuple(Location)
FIGHTER_FEATURES = 10


class SwordplayEncoding(TextIndex):
    """The encoding of one (seats, options, content)."""

    def __init__(self, game: Any, seats: int, options: Mapping[str, Any] | None, content: Any) -> None:
        catalog: Catalog = game.catalog(content)
        mode = dict(options or {}).get("mode", "arena")
        self.seats = seats
        self.fighters = seats + (0 if mode == "arena" else 1)
        self.heroes = tuple(catalog.heroes)
        instances = tuple(catalog.deck)
        self.kinds = tuple(dict.fromkeys(catalog.cards[i].id for i in instances))
        self.kind_of = {i: self.kinds.index(catalog.cards[i].id) for i in instances}
        targets = [str(s + 1) for s in range(seats)] + ([] if mode == "arena" else ["monster"])
        texts = [f"hero {h}" for h in self.heroes]
        texts += ["keep", *(f"discard {i}" for i in instances), "pass"]
        texts += [f"drop {i}" for i in instances] + [f"ready {i}" for i in instances] + ["end"]
        texts += [f"attack {i} {t}" for i in instances for t in targets] + ["take"]
        texts += [f"defend {i}" for i in instances] + [f"shield {i}" for i in instances]
        super().__init__(texts, game)
        self.hand_size = max(1, int(dict(options or {}).get("hand_size", 5)))
        self.deck_size = max(1, len(instances))
        fighters, kinds = self.fighters, len(self.kinds)
        self.layout = Layout([
            ("me", seats), ("phase", len(PHASES)), ("turn", fighters), ("to_act", seats), ("readied", 1),
            ("fighters", fighters * FIGHTER_FEATURES), ("hero", fighters * len(self.heroes)),
            ("weapons", fighters * kinds), ("shields", fighters * kinds), ("hand", kinds), ("discard", kinds),
            ("deck", 1), ("attacker", fighters), ("target", fighters), ("location", len(LOCATIONS)),
            ("attack_card", kinds), ("turns", 1),
        ])
        self.observation_size = self.layout.size
        self.max_chance_outcomes = max(10, len(instances))
        self.cards = catalog.cards
        self.phase_index = {p: i for i, p in enumerate(PHASES)}
        self.location_index = {loc: i for i, loc in enumerate(LOCATIONS)}
        self.hero_index = {h: i for i, h in enumerate(self.heroes)}
        self.weapon_damage = {i: catalog.cards[i].damage for i in instances}
        self.shield_uses = {i: catalog.cards[i].uses for i in instances}

    def observe(self, view: Mapping[str, Any]) -> list[float]:
        """The tensor of a seat's view (layout in the module docstring)."""
        layout, out = self.layout, self.layout.zeros()
        seat = view.get("seat")
        if isinstance(seat, int) and 0 <= seat < self.seats:
            layout.one_hot(out, "me", seat)
        layout.one_hot(out, "phase", PHASES.index(Phase(view["phase"])))
        if 0 <= view["turn"] < self.fighters and view["fighters"]:
            layout.one_hot(out, "turn", view["turn"])
        for s in view["to_act"]:
            if 0 <= s < self.seats:
                layout.one_hot(out, "to_act", s)
        layout.put(out, "readied", 0, float(bool(view["readied"])))
        kinds = len(self.kinds)
        for f in view["fighters"][: self.fighters]:
            i = f["index"]
            armor = f["armor"] or {}
            features = (max(f["life"], 0) / 10, f["base_damage"] / 5, f["hands"] / 2, float(f["defeated"]),
                        float(f["monster"]), armor.get("absorb", 0) / 5, armor.get("damage", 0) / 5,
                        f["hand_size"] / self.hand_size, sum(w["damage"] for w in f["weapons"]) / 5,
                        sum(s["uses"] - s["used"] for s in f["shields"]) / 5)
            for k, value in enumerate(features):
                layout.put(out, "fighters", i * FIGHTER_FEATURES + k, value)
            hero = position(self.heroes, f["card"])
            if hero is not None:
                layout.one_hot(out, "hero", i * len(self.heroes) + hero)
            for w in f["weapons"]:
                layout.one_hot(out, "weapons", i * kinds + self.kind_of[w["id"]])
            for s in f["shields"]:
                layout.one_hot(out, "shields", i * kinds + self.kind_of[s["id"]])
            for card in f.get("hand", ()):
                k = self.kind_of[card["id"]]
                out[layout.offsets["hand"] + k] += 1.0
        for card in view["discard"]:
            out[layout.offsets["discard"] + self.kind_of[card["id"]]] += 1.0
        layout.put(out, "deck", 0, view["deck_size"] / self.deck_size)
        attack = view.get("attack")
        if attack is not None:
            if 0 <= attack["attacker"] < self.fighters:
                layout.one_hot(out, "attacker", attack["attacker"])
            if 0 <= attack["target"] < self.fighters:
                layout.one_hot(out, "target", attack["target"])
            layout.one_hot(out, "location", LOCATIONS.index(Location(attack["location"])))
            layout.one_hot(out, "attack_card", self.kind_of[attack["card"]["id"]])
        layout.put(out, "turns", 0, view["turns"] / 100)
        return out

    def observe_into(self, state: SwordplayState, seat: int, out: Any) -> None:
        """The tensor of ``seat``'s view, written straight from the state into ``out`` (zeroed):
        equal to ``observe(game.view(state, seat))`` (tests/rl check it), without building the view."""
        at = self.layout.offsets
        n, fighters, kinds, kind_of = self.seats, self.fighters, len(self.kinds), self.kind_of
        if 0 <= seat < n:
            out[at["me"] + seat] = 1.0
        out[at["phase"] + self.phase_index[state.phase]] = 1.0
        if 0 <= state.turn < fighters and state.fighters:
            out[at["turn"] + state.turn] = 1.0
        to_act = at["to_act"]
        for s in self.acting(state):
            if 0 <= s < n:
                out[to_act + s] = 1.0
        if state.readied:
            out[at["readied"]] = 1.0
        base, heroes, weapons, shields = at["fighters"], at["hero"], at["weapons"], at["shields"]
        hand, damage_of, uses_of, hero_index = at["hand"], self.weapon_damage, self.shield_uses, self.hero_index
        hand_size, n_heroes = self.hand_size, len(self.heroes)
        for i, f in enumerate(state.fighters[:fighters]):
            row = base + i * FIGHTER_FEATURES
            features = (max(f.life, 0) / 10, f.base_damage / 5, f.hands / 2, float(f.defeated), float(f.is_monster),
                        f.armor_value / 5 if f.armor_value else 0.0, f.armor_damage / 5 if f.armor_value else 0.0,
                        len(f.hand) / hand_size, sum(damage_of[w] for w in f.weapons) / 5,
                        sum(uses_of[s] - used for s, used in f.shields.items()) / 5)
            for k, value in enumerate(features):
                if value:
                    out[row + k] = value
            hero = hero_index.get(f.card)
            if hero is not None:
                out[heroes + i * n_heroes + hero] = 1.0
            for w in f.weapons:
                out[weapons + i * kinds + kind_of[w]] = 1.0
            for shield in f.shields:
                out[shields + i * kinds + kind_of[shield]] = 1.0
            if i == seat:
                for card in f.hand:
                    out[hand + kind_of[card]] += 1.0
        discard = at["discard"]
        for card in state.discard:
            out[discard + kind_of[card]] += 1.0
        if state.deck:
            out[at["deck"]] = len(state.deck) / self.deck_size
        attack = state.attack
        if attack is not None:
            if 0 <= attack.attacker < fighters:
                out[at["attacker"] + attack.attacker] = 1.0
            if 0 <= attack.target < fighters:
                out[at["target"] + attack.target] = 1.0
            out[at["location"] + self.location_index[attack.location]] = 1.0
            out[at["attack_card"] + kind_of[attack.card]] = 1.0
        if state.turns:
            out[at["turns"]] = state.turns / 100

    def eliminated(self, state: SwordplayState) -> frozenset[int]:
        """Defeated Heroes in arena play (in solo and co-op the team shares the result: nobody leaves)."""
        if self.fighters != self.seats:
            return frozenset()
        return frozenset(i for i, f in enumerate(state.fighters[: self.seats]) if f.defeated)


def encoding(game: Any, seats: int, options: Mapping[str, Any] | None, content: Any) -> SwordplayEncoding:
    """Swordplay's encoding for a match with these seats, options and content."""
    return SwordplayEncoding(game, seats, options, content)
