"""SAO's numeric encoding: a fixed action index and an observation tensor (see docs/encoding.md).

The dice pool holds at most ``P = 9`` dice: up to 4 main dice and 4 support dice (a scenario's dice
amount is at most 4, SAO-020), plus Kirito's character die in Final Battle step 2 (4 main dice and his
character die, SAO-121). Dice are numbered ``1..9`` in pool order, as the game's actions number them
(``reroll 1 9``); ``D`` below is every non-empty set of dice ``1..9``, smallest sets first, each listed
in ascending order.

**Action index**, from the content pack's characters ``C``, their abilities, Sword Skills and the
items ``I`` (pack order)::

    partner <c>, exchange <c>, equip <c>         for c in C
    keep, finalize, ask_partner, back, done, done combined, yui, endure, finish
    support <v1> <v2> <v3> <v4>                   each multiset of four faces 1..6, ascending
    reroll <d>                                    for d in D
    control <i> <v>                               for die i in 1..P, value v in 1..6
    use <item> <c>, transfer <item> <c>           for item in I, c in C
    skill <s> <d>                                 for each Sword Skill s, each d in D of the skill's size
    ability <c> <a> ...                           by the ability's kind: Set die: ``<i> <v>`` for each
                                                  die and offered value; Set/Flip dice: each d in D of at
                                                  most the ability's count; Addition boost:
                                                  ``<target> <mode>``; Addition shield / die control,
                                                  Healing: ``<target>``

**Observation tensor** (``n`` seats, ``C`` characters, ``S`` scenarios, ``I`` items, ``K`` decision kinds):

- ``me`` (n), ``to_act`` (n), ``difficulty`` (3), ``turns`` (1: / 100), ``section`` (1: / 4),
  ``step`` (3: one-hot step 0..2 of the scenario), ``step_damage`` (1: / 40);
- ``characters`` (C x 14): in play, level 1/50/80 (3), HP / 20, damage / 20, usage / 5, usage max / 5,
  exhausted, dead, has a character die, free use left, is the turn player, is the partner;
- ``equipment`` (C x I);
- ``scenario`` (S): the scenario being fought; ``step_card`` (10): its step's HP / 40, damage / 10,
  area attack, defense / 5, reroll -1, no reroll, no abilities, no consumables, dice / 4, revealed;
- ``pool`` (P x 13): present, support die, character die, value one-hot 1..6, face, symbol, used, not rolled;
- ``rerolls_left`` (1: / 5), ``triggered`` (1: / 5), ``tokens`` (2 x 4: Lisbeth's and Silica's token:
  given, active, boost / shield / die control), ``item_deck`` (1: / 8), ``consumables`` (I),
  ``yui`` (2: Yui available, used), ``decision`` (K + n): the pending decision's kind and seat.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

from bouts.core.encoding import Layout, TextIndex, position
from bouts.games.sao.cards import FACE, SYMBOL, Catalog
from bouts.games.sao.rolling import rerolls_left
from bouts.games.sao.state import SaoState

POOL = 9
"""Most dice in the pool: 4 main dice and 4 support dice (SAO-020: a dice amount is at most 4), and
Kirito's character die beside his 4 main dice in Final Battle step 2 (SAO-121)."""
DIFFICULTIES = ("easy", "normal", "hard")
LEVELS = ("1", "50", "80")
DECISIONS = ("roll", "roll_window", "assign", "chain_partner", "exchange", "support_values", "partner_window",
             "yui", "equip", "transfer", "scenario_shuffle", "item_shuffle")
TOKEN_OWNERS = ("lisbeth", "silica")
TOKEN_KINDS = ("boost", "shield", "die_control")
CHARACTER_FEATURES = 14
DIE_FEATURES = 13


DICE = range(1, POOL + 1)
"""The dice of the pool as the game's actions number them: from 1, in pool order."""


def dice_sets(sizes: range) -> list[str]:
    """Sets of dice (numbered from 1) as text, for every set of these sizes (smallest first)."""
    return [" ".join(map(str, combo)) for size in sizes for combo in itertools.combinations(DICE, size)]


class SaoEncoding(TextIndex):
    """The encoding of one (seats, options, content)."""

    utility = "identical"

    def __init__(self, game: Any, seats: int, options: Mapping[str, Any] | None, content: Any) -> None:
        catalog: Catalog = game.catalog(content)
        self.seats = seats
        self.characters = tuple(catalog.characters)
        self.items = tuple(catalog.items)
        self.scenarios = tuple(catalog.scenarios)
        chars = self.characters
        texts = [f"partner {c}" for c in chars] + [f"exchange {c}" for c in chars] + [f"equip {c}" for c in chars]
        texts += ["keep", "finalize", "ask_partner", "back", "done", "done combined", "yui", "endure", "finish"]
        texts += ["support " + " ".join(map(str, v))
                  for v in itertools.combinations_with_replacement(range(1, 7), 4)]
        texts += [f"reroll {d}" for d in dice_sets(range(1, POOL + 1))]
        texts += [f"control {i} {v}" for i in DICE for v in range(1, 7)]
        texts += [f"use {item} {c}" for item in self.items for c in chars]
        texts += [f"transfer {item} {c}" for item in self.items for c in chars]
        sizes: dict[str, set[int]] = {}
        for card in catalog.characters.values():
            for skill in card.skills:
                sizes.setdefault(skill.id, set()).add(skill.size)
        for skill_id, skill_sizes in sizes.items():
            for size in sorted(skill_sizes):
                texts += [f"skill {skill_id} {d}" for d in dice_sets(range(size, size + 1))]
        for c, card in catalog.characters.items():
            for ability in card.abilities:
                head = f"ability {c} {ability.id}"
                if ability.kind == "set_die":
                    texts += [f"{head} {i} {v}" for i in DICE for v in ability.values]
                elif ability.kind in ("set_dice", "flip_dice"):
                    texts += [f"{head} {d}" for d in dice_sets(range(1, ability.count + 1))]
                elif ability.kind == "addition_boost":
                    modes = dict.fromkeys(m for level in ability.modes for m in level)
                    texts += [f"{head} {t} {m}" for t in chars for m in modes]
                else:
                    texts += [f"{head} {t}" for t in chars]
        super().__init__(texts, game)
        n = seats
        self.layout = Layout([
            ("me", n), ("to_act", n), ("difficulty", len(DIFFICULTIES)), ("turns", 1), ("section", 1),
            ("step", 3), ("step_damage", 1), ("characters", len(chars) * CHARACTER_FEATURES),
            ("equipment", len(chars) * len(self.items)), ("scenario", len(self.scenarios)), ("step_card", 10),
            ("pool", POOL * DIE_FEATURES), ("rerolls_left", 1), ("triggered", 1),
            ("tokens", len(TOKEN_OWNERS) * (2 + len(TOKEN_KINDS))), ("item_deck", 1),
            ("consumables", len(self.items)), ("yui", 2), ("decision", len(DECISIONS) + n),
        ])
        self.observation_size = self.layout.size
        self.max_chance_outcomes = max(6, len(self.items), len(self.scenarios))
        self.difficulty_index = {d: i for i, d in enumerate(DIFFICULTIES)}
        self.character_index = {c: i for i, c in enumerate(chars)}
        self.item_index = {item: i for i, item in enumerate(self.items)}
        self.scenario_index = {scenario: i for i, scenario in enumerate(self.scenarios)}
        self.decision_index = {kind: i for i, kind in enumerate(DECISIONS)}
        self.token_owner_index = {owner: i for i, owner in enumerate(TOKEN_OWNERS)}
        self.token_kind_index = {kind: i for i, kind in enumerate(TOKEN_KINDS)}
        self.step_features = {
            (scenario.id, k): (card.hp / 40, card.damage / 10, float(card.aoe), card.defense / 5,
                               float(card.reroll_minus_one), float(card.no_reroll), float(card.no_abilities),
                               float(card.no_consumables), (card.dice or 0) / 4, 1.0)
            for scenario in catalog.scenarios.values() for k, card in enumerate(scenario.steps)}

    def observe(self, view: Mapping[str, Any]) -> list[float]:
        """The tensor of a seat's view (layout in the module docstring)."""
        layout, out = self.layout, self.layout.zeros()
        n = self.seats
        seat = view.get("seat")
        if isinstance(seat, int) and 0 <= seat < n:
            layout.one_hot(out, "me", seat)
        for s in view["to_act"]:
            if 0 <= s < n:
                layout.one_hot(out, "to_act", s)
        layout.one_hot(out, "difficulty", position(DIFFICULTIES, view["difficulty"]))
        layout.put(out, "turns", 0, view["turns"] / 100)
        layout.put(out, "section", 0, view["section"] / 4)
        step = view["step"]
        if isinstance(step, int) and 0 <= step < 3:
            layout.one_hot(out, "step", step)
        layout.put(out, "step_damage", 0, view["step_damage"] / 40)
        items = len(self.items)
        for c in view["characters"]:
            i = self.characters.index(c["id"])
            level = LEVELS.index(c["level"])
            features = [1.0, *(float(level == k) for k in range(3)), c["hp"] / 20, c["damage"] / 20,
                        c["usage"] / 5, c["usage_max"] / 5, float(c["exhausted"]), float(c["dead"]),
                        float(c["has_die"]), float(c["free_use"]), float(c["id"] == view["turn_player"]),
                        float(c["id"] == view["partner"])]
            for f, value in enumerate(features):
                layout.put(out, "characters", i * CHARACTER_FEATURES + f, value)
            for e in c["equipment"]:
                layout.one_hot(out, "equipment", i * items + self.items.index(e["id"]))
        scenarios = view["scenarios"]
        if scenarios and isinstance(step, int):
            current = scenarios[-1]
            layout.one_hot(out, "scenario", position(self.scenarios, current["id"]))
            if 0 <= step < len(current["steps"]):
                card = current["steps"][step]
                features = [card["hp"] / 40, card["damage"] / 10, float(card["aoe"]), card["defense"] / 5,
                            float(card["reroll_minus_one"]), float(card["no_reroll"]),
                            float(card["no_abilities"]), float(card["no_consumables"]),
                            (card["dice"] or 0) / 4, 1.0]
                for f, value in enumerate(features):
                    layout.put(out, "step_card", f, value)
        for p, die in enumerate(view["pool"][:POOL]):
            base = p * DIE_FEATURES
            value = die["value"]
            layout.put(out, "pool", base, 1.0)
            layout.put(out, "pool", base + 1, float(die["kind"] == "support"))
            layout.put(out, "pool", base + 2, float(die["char"] is not None))
            if 1 <= value <= 6:
                layout.put(out, "pool", base + 2 + value, 1.0)
            elif value in (FACE, SYMBOL):
                layout.put(out, "pool", base + 9 + (value - FACE), 1.0)
            layout.put(out, "pool", base + 11, float(die["used"]))
            layout.put(out, "pool", base + 12, float(value == 0))
        layout.put(out, "rerolls_left", 0, view["rerolls_left"] / 5)
        layout.put(out, "triggered", 0, len(view["triggered"]) / 5)
        width = 2 + len(TOKEN_KINDS)
        for token in view["tokens"]:
            owner = position(TOKEN_OWNERS, token["owner"])
            if owner is None:
                continue
            layout.put(out, "tokens", owner * width, 1.0)
            layout.put(out, "tokens", owner * width + 1, float(bool(token["active"])))
            kind = position(TOKEN_KINDS, token["kind"])
            if kind is not None:
                layout.put(out, "tokens", owner * width + 2 + kind, 1.0)
        layout.put(out, "item_deck", 0, view["item_deck"] / 8)
        for item in view["consumables"]:
            layout.one_hot(out, "consumables", self.items.index(item["id"]))
        layout.put(out, "yui", 0, float(bool(view["yui"])))
        layout.put(out, "yui", 1, float(bool(view["yui_used"])))
        decision = view["decision"]
        if decision is not None:
            layout.one_hot(out, "decision", position(DECISIONS, decision["kind"]))
            if 0 <= decision["seat"] < n:
                layout.one_hot(out, "decision", len(DECISIONS) + decision["seat"])
        return out


    def observe_into(self, state: SaoState, seat: int, out: Any) -> None:
        """The tensor of ``seat``'s view, written straight from the state into ``out`` (zeroed):
        equal to ``observe(game.view(state, seat))`` (tests/rl check it), without building the view."""
        at = self.layout.offsets
        n = self.seats
        if 0 <= seat < n:
            out[at["me"] + seat] = 1.0
        to_act = at["to_act"]
        for s in self.acting(state):
            if 0 <= s < n:
                out[to_act + s] = 1.0
        difficulty = self.difficulty_index.get(state.options.difficulty)
        if difficulty is not None:
            out[at["difficulty"] + difficulty] = 1.0
        if state.turns:
            out[at["turns"]] = state.turns / 100
        if state.section:
            out[at["section"]] = state.section / 4
        # the scenarios revealed so far (the view's list): none while a shuffle of them is pending
        revealed = 0 if not state.scenarios or (state.pending and state.pending[-1].kind in (
            "scenario_shuffle", "item_shuffle")) else state.section + 1
        step = state.step
        if revealed and 0 <= step < 3:
            out[at["step"] + step] = 1.0
        if state.step_damage:
            out[at["step_damage"]] = state.step_damage / 40
        characters, equipment, items = at["characters"], at["equipment"], len(self.items)
        turn_player = state.characters[state.turn_char].id
        partner = None if state.partner is None else state.characters[state.partner].id
        for index, c in enumerate(state.characters):
            i = self.character_index[c.id]
            row = characters + i * CHARACTER_FEATURES
            features = (1.0, float(c.level == 0), float(c.level == 1), float(c.level == 2), state.hp(index) / 20,
                        c.damage / 20, c.usage / 5, state.usage_max(index) / 5, float(c.exhausted), float(c.dead),
                        float(c.has_die), float(c.free_use), float(c.id == turn_player), float(c.id == partner))
            for f, value in enumerate(features):
                if value:
                    out[row + f] = value
            for e in c.equipment:
                out[equipment + i * items + self.item_index[e]] = 1.0
        if revealed:
            current = state.scenarios[revealed - 1]
            scenario = self.scenario_index.get(current)
            if scenario is not None:
                out[at["scenario"] + scenario] = 1.0
            card = self.step_features.get((current, step))
            if card is not None:
                base = at["step_card"]
                for f, value in enumerate(card):
                    if value:
                        out[base + f] = value
        clearing = bool(state.pending) and state.pending[-1].kind in ("equip", "transfer")
        in_battle = revealed > 0 and state.result is None and not clearing
        pool, used = at["pool"], state.used
        for p, die in enumerate(state.pool[:POOL] if in_battle else ()):
            base = pool + p * DIE_FEATURES
            face = die.value
            out[base] = 1.0
            if die.kind == "support":
                out[base + 1] = 1.0
            if die.char is not None:
                out[base + 2] = 1.0
            if 1 <= face <= 6:
                out[base + 2 + face] = 1.0
            elif face in (FACE, SYMBOL):
                out[base + 9 + (face - FACE)] = 1.0
            if p in used:
                out[base + 11] = 1.0
            if face == 0:
                out[base + 12] = 1.0
        if in_battle:
            left = rerolls_left(state)
            if left:
                out[at["rerolls_left"]] = left / 5
        if state.triggered:
            out[at["triggered"]] = len(state.triggered) / 5
        width, tokens = 2 + len(TOKEN_KINDS), at["tokens"]
        for token in state.tokens.values():
            owner = self.token_owner_index.get(token.owner)
            if owner is None:
                continue
            out[tokens + owner * width] = 1.0
            if token.active:
                out[tokens + owner * width + 1] = 1.0
            kind = self.token_kind_index.get(token.kind)
            if kind is not None:
                out[tokens + owner * width + 2 + kind] = 1.0
        if state.items:
            out[at["item_deck"]] = len(state.items) / 8
        consumables = at["consumables"]
        for item in state.consumables:
            out[consumables + self.item_index[item]] = 1.0
        if state.yui:
            out[at["yui"]] = 1.0
        if state.yui_used:
            out[at["yui"] + 1] = 1.0
        if state.pending and state.result is None:
            decision = state.pending[-1]
            kind = self.decision_index.get(decision.kind)
            if kind is not None:
                out[at["decision"] + kind] = 1.0
            if 0 <= decision.seat < n:
                out[at["decision"] + len(DECISIONS) + decision.seat] = 1.0


def encoding(game: Any, seats: int, options: Mapping[str, Any] | None, content: Any) -> SaoEncoding:
    """SAO's encoding for a match with these seats, options and content."""
    return SaoEncoding(game, seats, options, content)
