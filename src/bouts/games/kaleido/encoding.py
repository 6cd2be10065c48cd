"""Fate/kaleido grail's numeric encoding: a fixed action index and an observation tensor (docs/encoding.md).

**Action index** (for ``n`` seats; the pack's masters ``M``, servants ``S``, abilities ``A`` and magic card
instances ``I`` (``<card id>/<copy>``), each in pack order; ``T`` the seats ``0..n-1``)::

    master <m>  servant <s>                          set-up (KAL-009)
    lurk  act  no_strategy  no_accumulation         strategy part ①③④
    pass  stay  retreat  convert                    windows (step windows too), 撤退, HP変換
    spell draw|retreat|boost|heal                   command spells ①..④
    nominate <t>                                    battle part
    attack normal, attack <a>, clash <a>, guard <a>, ability <a>, intervene <t> <a>
    set <i>  accumulate <i>  discard <i>  pay <i>  use <i>  counter <i>     for each instance i
    use <i> <t>                                     a non-participant's strategy card on seat t
    pay strategy  pay accumulation

Menus list one instance per card kind (the first in hand), so each legal action has its own index; the
index is by instance, as the action's text is, and means the same decision in every state.

**Observation tensor** (``K`` magic card kinds, ``F`` fate numbers; segments in this order):

- ``me`` (n): one-hot, the observing seat; ``phase`` (5): order/strategy/battle/end/over;
  ``turn`` (1): turn / 50; ``to_act`` (n); ``decision`` (|DECISIONS|): the kind of the decision on top;
- ``players`` (n x 17): HP / 20, max HP / 20, 攻 / 10, 防 / 10, command spells / 3, fate / 7, lurking,
  hand / 10, accumulation / 5, max mana / 10, mana rank / 5, alive, summoned, 先攻, 後攻, attacking now,
  has intervened;
- ``master`` (n x |M|), ``servant`` (n x |S|): one-hot by pack id; ``strategy`` (n x K): face-up strategy card;
- ``hand`` (K), ``accumulation`` (K): the observing seat's own cards, counts by kind (the only hidden cards
  it sees); ``discard`` (K): the public discard pile by kind; ``deck`` (1): cards left / deck size;
- ``battle`` (1 + |STEPS| + F + 1 + |A| + 1): in a battle, round / 10, the step, the battlefield's fate
  number, the strike's method (normal or ability) and whether it is an intervention;
- ``effects`` (n x 4): per seat, the sums of attack bonuses, attack maluses, defence bonuses and
  defence maluses in play, each / 10.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bouts.core.encoding import Layout, TextIndex, position
from bouts.core.i18n import tr
from bouts.games.kaleido.cards import Catalog
from bouts.games.kaleido.view import DECISION_PROMPT, STEP_NAMES

PHASES = ("order", "strategy", "battle", "end", "over")
STEPS = ("対戦指名", *STEP_NAMES, "撤退")
DECISIONS = tuple(DECISION_PROMPT)
PLAYER_FEATURES = 17


def kind_of(instance: str) -> str:
    """The card id of an instance id (``reinforcement/3`` -> ``reinforcement``)."""
    return instance.partition("/")[0]



def _en(name: object) -> str:
    """A content name (a ``Text``, or its ``{"en", "ja"}`` form in a view) as a lookup key: its English text."""
    return tr(name, "en")

class KaleidoEncoding(TextIndex):
    """The encoding of one (seats, options, content)."""

    def __init__(self, game: Any, seats: int, options: Mapping[str, Any] | None, content: Any) -> None:
        catalog: Catalog = game.catalog(content)
        self.seats = seats
        self.masters = tuple(catalog.masters)
        self.servants = tuple(catalog.servants)
        self.abilities = tuple(catalog.abilities)
        instances = tuple(catalog.deck)
        self.kinds = tuple(dict.fromkeys(kind_of(i) for i in instances))
        self.kind_by_name = {_en(catalog.magic[i].name): self.kinds.index(kind_of(i)) for i in instances}
        self.master_by_name = {_en(m.name): k for k, m in enumerate(catalog.masters.values())}
        self.servant_by_name = {_en(s.name): k for k, s in enumerate(catalog.servants.values())}
        self.fates = tuple(sorted(catalog.fates))
        targets = [str(t + 1) for t in range(seats)]  # text forms count seats from 1
        texts = [f"master {m}" for m in self.masters] + [f"servant {s}" for s in self.servants]
        texts += ["lurk", "act", "no_strategy", "no_accumulation", "pass", "stay", "retreat", "convert"]
        texts += [f"spell {s}" for s in ("draw", "retreat", "boost", "heal")]
        texts += [f"nominate {t}" for t in targets] + ["attack normal"]
        for verb in ("attack", "clash", "guard", "ability"):
            texts += [f"{verb} {a}" for a in self.abilities]
        texts += [f"intervene {t} {a}" for t in targets for a in self.abilities]
        for verb in ("set", "accumulate", "discard", "pay", "use", "counter"):
            texts += [f"{verb} {i}" for i in instances]
        texts += [f"use {i} {t}" for i in instances for t in targets]
        texts += ["pay strategy", "pay accumulation"]
        super().__init__(texts, game)
        self.deck_size = max(1, len(instances))
        kinds = len(self.kinds)
        self.layout = Layout([
            ("me", seats), ("phase", len(PHASES)), ("turn", 1), ("to_act", seats), ("decision", len(DECISIONS)),
            ("players", seats * PLAYER_FEATURES), ("master", seats * len(self.masters)),
            ("servant", seats * len(self.servants)), ("strategy", seats * kinds), ("hand", kinds),
            ("accumulation", kinds), ("discard", kinds), ("deck", 1), ("round", 1), ("step", len(STEPS)),
            ("field", len(self.fates)), ("method", 1 + len(self.abilities)), ("intervention", 1),
            ("effects", seats * 4),
        ])
        self.observation_size = self.layout.size
        self.max_chance_outcomes = max(len(instances), len(self.fates))
        self.catalog = catalog
        self.phase_index = {p: i for i, p in enumerate(PHASES)}
        self.step_index = {step: i for i, step in enumerate(STEPS)}
        self.decision_index = {kind: i for i, kind in enumerate(DECISIONS)}
        self.fate_index = {number: i for i, number in enumerate(self.fates)}
        self.ability_index = {ability: i for i, ability in enumerate(self.abilities)}
        # the view names masters, servants and cards: look each id up by its name, as observe() does
        self.master_slot = {m.id: self.master_by_name[_en(m.name)] for m in catalog.masters.values()}
        self.servant_slot = {s.id: self.servant_by_name[_en(s.name)] for s in catalog.servants.values()}
        self.card_kind = {i: self.kind_by_name[_en(catalog.magic[i].name)] for i in instances}

    def observe(self, view: Mapping[str, Any]) -> list[float]:
        """The tensor of a seat's view (layout in the module docstring)."""
        layout, out = self.layout, self.layout.zeros()
        me = view.get("you")
        if isinstance(me, int) and 0 <= me < self.seats:
            layout.one_hot(out, "me", me)
        layout.one_hot(out, "phase", position(PHASES, view["phase"]))
        layout.put(out, "turn", 0, min(view["turn"], 500) / 50)
        for s in view["to_act"]:
            if 0 <= s < self.seats:
                layout.one_hot(out, "to_act", s)
        decision = view.get("decision")
        if decision:
            layout.one_hot(out, "decision", position(DECISIONS, decision["kind"]))
        battle: Mapping[str, Any] = view.get("battle") or {}
        strike: Mapping[str, Any] = battle.get("strike") or {}
        kinds = len(self.kinds)
        for p in view["players"][: self.seats]:
            i = p["seat"]
            features = (
                max(p["hp"], 0) / 20, p["max_hp"] / 20, p["attack"] / 10, p["defence"] / 10, p["spells"] / 3,
                (p["fate"] or 0) / 7, float(p["lurking"]), p["hand"] / 10, p["accumulation"] / 5,
                p["max_mana"] / 10, p["mana_rank"] / 5, float(p["alive"]), float(p["summoned"]),
                float(battle.get("first") == i), float(battle.get("second") == i),
                float(strike.get("attacker") == i), float(i in battle.get("intervened", ())))
            for k, value in enumerate(features):
                layout.put(out, "players", i * PLAYER_FEATURES + k, value)
            if _en(p["master"]) in self.master_by_name:
                layout.one_hot(out, "master", i * len(self.masters) + self.master_by_name[_en(p["master"])])
            if _en(p["servant"]) in self.servant_by_name:
                layout.one_hot(out, "servant", i * len(self.servants) + self.servant_by_name[_en(p["servant"])])
            if p["strategy"]:
                layout.one_hot(out, "strategy", i * kinds + self.kind_by_name[_en(p["strategy"]["name"])])
        for card in view.get("hand") or []:
            out[layout.offsets["hand"] + self.kind_by_name[_en(card["name"])]] += 1.0
        for name in view.get("accumulation") or []:
            out[layout.offsets["accumulation"] + self.kind_by_name[_en(name)]] += 1.0
        for name in view.get("discard_pile") or []:
            out[layout.offsets["discard"] + self.kind_by_name[_en(name)]] += 1.0
        layout.put(out, "deck", 0, view["deck"] / self.deck_size)
        if battle:
            layout.put(out, "round", 0, battle["round"] / 10)
            layout.one_hot(out, "step", position(STEPS, battle["step"]))
            layout.one_hot(out, "field", position(self.fates, battle["field"]["number"]))
            if strike:
                found = position(self.abilities, strike["method"])
                layout.one_hot(out, "method", 0 if strike["method"] == "normal" else
                               None if found is None else found + 1)
                layout.put(out, "intervention", 0, float(bool(strike["intervention"])))
        for e in view.get("effects", []):
            if not 0 <= e["target"] < self.seats:
                continue
            slot = e["target"] * 4 + (0 if e["stat"] == "attack" else 2) + (0 if e["value"] >= 0 else 1)
            out[layout.offsets["effects"] + slot] += abs(e["value"]) / 10
        return out

    def eliminated(self, state: Any) -> frozenset[int]:
        """Fallen masters (脱落) decide nothing more while the war goes on."""
        if state.phase == "over":
            return frozenset()
        return frozenset(i for i, p in enumerate(state.players) if p.servant is not None and not p.alive)


    def observe_into(self, state: Any, seat: int, out: Any) -> None:
        """The tensor of ``seat``'s view, written straight from the state into ``out`` (zeroed):
        equal to ``observe(game.view(state, seat))`` (tests/rl check it), without building the view."""
        at, n, catalog = self.layout.offsets, self.seats, self.catalog
        if 0 <= seat < n:
            out[at["me"] + seat] = 1.0
        phase = self.phase_index.get(state.phase)
        if phase is not None:
            out[at["phase"] + phase] = 1.0
        if state.turn:
            out[at["turn"]] = min(state.turn, 500) / 50
        acting = self.acting(state)
        for s in acting:
            if 0 <= s < n:
                out[at["to_act"] + s] = 1.0
        if state.stack and acting and acting[0] >= 0:
            kind = self.decision_index.get(state.stack[-1].kind)
            if kind is not None:
                out[at["decision"] + kind] = 1.0
        battle, kinds, card_kind = state.battle, len(self.kinds), self.card_kind
        strike = None if battle is None else battle.strike
        first = second = attacker = None
        intervened: Any = ()
        if battle is not None:
            first, second, intervened = battle.first, battle.second, battle.intervened
            attacker = None if strike is None else strike.attacker
        players, masters, servants = at["players"], len(self.masters), len(self.servants)
        for i, p in enumerate(state.players[:n]):
            master = catalog.masters[p.master] if p.master else None
            servant = catalog.servants[p.servant] if p.servant else None
            features = (
                max(p.hp, 0) / 20, servant.hp / 20 if servant else 0.0, servant.attack / 10 if servant else 0.0,
                servant.defence / 10 if servant else 0.0, p.spells / 3, (p.fate or 0) / 7, float(p.lurking),
                len(p.hand) / 10, len(p.accumulation) / 5, master.max_mana / 10 if master else 0.0,
                master.mana_rank / 5 if master else 0.0, float(p.alive), float(p.summoned), float(first == i),
                float(second == i), float(attacker == i), float(i in intervened))
            row = players + i * PLAYER_FEATURES
            for k, value in enumerate(features):
                if value:
                    out[row + k] = value
            if master is not None:
                out[at["master"] + i * masters + self.master_slot[master.id]] = 1.0
            if servant is not None:
                out[at["servant"] + i * servants + self.servant_slot[servant.id]] = 1.0
            if p.strategy:
                out[at["strategy"] + i * kinds + card_kind[p.strategy]] = 1.0
        if 0 <= seat < state.seats:
            me = state.players[seat]
            for card in me.hand:
                out[at["hand"] + card_kind[card]] += 1.0
            for card in me.accumulation:
                out[at["accumulation"] + card_kind[card]] += 1.0
        for card in state.discard:
            out[at["discard"] + card_kind[card]] += 1.0
        if state.deck:
            out[at["deck"]] = len(state.deck) / self.deck_size
        if battle is not None:
            if battle.round:
                out[at["round"]] = battle.round / 10
            step = self.step_index.get(battle.step)
            if step is not None:
                out[at["step"] + step] = 1.0
            fate = self.fate_index.get(catalog.fates[battle.battlefield].number)
            if fate is not None:
                out[at["field"] + fate] = 1.0
            if strike is not None:
                found = self.ability_index.get(strike.method)
                method = 0 if strike.method == "normal" else None if found is None else found + 1
                if method is not None:
                    out[at["method"] + method] = 1.0
                if strike.intervention:
                    out[at["intervention"]] = 1.0
        sums: dict[int, float] = {}  # summed as observe() sums them, then written once (exact in float32 too)
        for e in state.effects:
            if not 0 <= e.target < n:
                continue
            slot = at["effects"] + e.target * 4 + (0 if e.stat == "attack" else 2) + (0 if e.value >= 0 else 1)
            sums[slot] = sums.get(slot, 0.0) + abs(e.value) / 10
        for slot, value in sums.items():
            if value:
                out[slot] = value


def encoding(game: Any, seats: int, options: Mapping[str, Any] | None, content: Any) -> KaleidoEncoding:
    """Kaleido's encoding for a match with these seats, options and content."""
    return KaleidoEncoding(game, seats, options, content)
