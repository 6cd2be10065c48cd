"""Dominate Grail War's numeric encoding: a fixed action index and an observation tensor (docs/encoding.md).

**Action index** (for ``n`` seats; ``P`` the four places workshop, miyama, shinto, recon; ``C`` every card
id of the content pack: attack card instances, NP/skill cards and masters' special cards, in pack order)::

    place <p>           for p in workshop, miyama, shinto        (Outpost phase, DGW-043)
    move <p>            for p in P; stay                         (one-way paid movement, DGW-059)
    spell mana, spell power, spell move <p> for p in P           (command spells, DGW-084..DGW-088)
    jewel mana, jewel rebuild                                     (Rin's 宝石魔術)
    next                                                          (go on / end the action)
    play <c> up, play <c> down   for c in C                       (battle preparation, 騎乗)
    done
    goto <p> for p in P; target <s> for s in 1..n (P1 is 1)      (effects' choices)
    discard <c> for c in C                                        (宝石魔術: discard face down)
    change, keep                                                  (偽臣の書)

**Observation tensor** (``S`` situation cards, ``E`` event cards, ``M`` masters, ``V`` servants, ``N``
distinct card names; the trash, residual and at-hand piles show names only; segments in this order):

- ``me`` (n): the observing seat; ``to_act`` (n): who decides; ``start`` (n): the start player;
- ``round`` (1): round / 10; ``step`` (4): place, turn, over, other; ``stage`` (6); ``flags`` (2): casual,
  climax; ``situation`` (S): the situation now; ``display`` (S): used situations;
- ``piles`` (3): situation deck / 10, event deck / 20, used events / 20;
- ``events`` (2 x (E + 1)): per battlefield, face-up events by id and the count face down;
- ``tokens`` (4 x (n + 1)): each land advantage token's holder, or free; ``npc`` (3): none, Miyama, Shinto;
  ``recon`` (n + 1); ``workshop`` (n): pieces placed at the Workshop;
- ``players`` (n x 20): mana / 12, unlimited mana, command spells / 3, spoils / 20, jewels / 10,
  location (5: none + P), eliminated, revealed, lost (敗北), acted, hand / 10, deck / 20, trash / 20,
  Use B / 3, power / 30;
- ``master`` (n x M), ``servant`` (n x (V + 1)): each master, and its servant when the viewer knows it
  (else the last slot); ``np`` (n x 6): NP/skill cards by status (down, up, residual, converted,
  removed) / 3 and the count when unknown / 3;
- ``played`` (n x (N + 1)): cards used this round face up by name and the count face down;
- ``trash`` (n x (N + 1)): face-up trash by name and the count face down; ``kept`` (n x N): residual and
  at-hand cards by name;
- ``hand`` (C), ``at_hand`` (C), ``selected`` (C), ``own_np`` (C): the viewer's own cards by id (chosen
  ones: 1 face down, 2 face up); ``own_deck`` (1): its deck / 20;
- ``pending`` (6 + n): the effect's kind (goto, target, riding, rebuild, switch, other) and who decides;
- ``winners`` (n).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bouts.core.encoding import Layout, TextIndex, position
from bouts.games.grail_war.battle import total_power
from bouts.games.grail_war.cards import Catalog
from bouts.games.grail_war.movement import recon_occupant
from bouts.games.grail_war.state import BATTLEFIELDS, MIYAMA, PLACES, SHINTO, TOKENS, GrailState

STEPS = ("place", "turn", "over")
STAGES = ("before_move", "move", "after_move", "prepare", "resolve", "after_prepare")
PENDING = ("goto", "target", "riding", "rebuild", "switch")
NP_STATUS = ("down", "up", "residual", "converted", "removed")


def _en(name: Any) -> Any:
    """A name as the catalogue keys it: views carry names in both languages (``{"en", "ja"}``)."""
    return name["en"] if isinstance(name, dict) else name
PLAYER_FEATURES = 20


class GrailWarEncoding(TextIndex):
    """The encoding of one (seats, options, content)."""

    def __init__(self, game: Any, seats: int, options: Mapping[str, Any] | None, content: Any) -> None:
        cat: Catalog = game.catalog(content)
        self.seats = seats
        self.cards = tuple(cat.cards)
        self.card_names = tuple(dict.fromkeys(c.name for c in cat.cards.values()))
        self.masters = tuple(cat.masters)
        self.servants = tuple(cat.servants)
        self.situations = tuple(cat.situations)
        self.situation_names = {s.name: i for i, s in reversed(list(enumerate(cat.situations.values())))}
        self.events = tuple(cat.events)
        self.event_names = {e.name: i for i, e in reversed(list(enumerate(cat.events.values())))}
        texts = [f"place {p}" for p in PLACES[:3]]
        texts += [f"move {p}" for p in PLACES] + ["stay", "spell mana", "spell power"]
        texts += [f"spell move {p}" for p in PLACES] + ["jewel mana", "jewel rebuild", "next"]
        texts += [f"play {c} {how}" for c in self.cards for how in ("up", "down")] + ["done"]
        texts += [f"goto {p}" for p in PLACES] + [f"target {s + 1}" for s in range(seats)]
        texts += [f"discard {c}" for c in self.cards] + ["change", "keep"]
        super().__init__(texts, game)
        n, names, cards = seats, len(self.card_names) + 1, len(self.cards)
        self.layout = Layout([
            ("me", n), ("to_act", n), ("start", n), ("round", 1), ("step", len(STEPS) + 1),
            ("stage", len(STAGES)), ("flags", 2), ("situation", len(self.situations)),
            ("display", len(self.situations)), ("piles", 3), ("events", len(BATTLEFIELDS) * (len(self.events) + 1)),
            ("tokens", len(TOKENS) * (n + 1)), ("npc", 3), ("recon", n + 1), ("workshop", n),
            ("players", n * PLAYER_FEATURES), ("master", n * len(self.masters)),
            ("servant", n * (len(self.servants) + 1)), ("np", n * 6), ("played", n * names),
            ("trash", n * names), ("kept", n * (names - 1)), ("hand", cards), ("at_hand", cards),
            ("selected", cards), ("own_np", cards), ("own_deck", 1), ("pending", len(PENDING) + 1 + n),
            ("winners", n),
        ])
        self.observation_size = self.layout.size
        deck = max(len(d) for d in cat.decks.values()) + max((len(s) for s in cat.specials.values()), default=0)
        self.max_chance_outcomes = max(deck, len(self.events), len(self.situations), len(self.servants),
                                       len(self.masters))
        self.catalog = cat
        self.card_index = {c: i for i, c in enumerate(self.cards)}
        self.master_index = {m: i for i, m in enumerate(self.masters)}
        self.servant_index = {v: i for i, v in enumerate(self.servants)}
        # the view names cards, situations and events: look each id up through its name, as observe() does
        self.card_slot = {c: self._name(card.name) for c, card in cat.cards.items()}
        self.situation_slot = {k: self.situations.index(sit.id) for k, sit in cat.situations.items()}
        self.display_slot = {k: self.situation_names[sit.name] for k, sit in cat.situations.items()}
        self.event_slot = {k: self.event_names[e.name] for k, e in cat.events.items()}
        self.step_index = {step: i for i, step in enumerate(STEPS)}
        self.stage_index = {stage: i for i, stage in enumerate(STAGES)}
        self.pending_index = {kind: i for i, kind in enumerate(PENDING)}
        self.np_index = {status: i for i, status in enumerate(NP_STATUS)}
        self.location_index: dict[str | None, int] = {None: 0, **{place: 1 + i for i, place in enumerate(PLACES)}}

    def _name(self, name: str | None) -> int:
        """A card name's slot (the last slot of a segment: face down / unknown)."""
        found = position(self.card_names, _en(name)) if name is not None else None
        return len(self.card_names) if found is None else found

    def observe(self, view: Mapping[str, Any]) -> list[float]:
        """The tensor of a seat's view (layout in the module docstring)."""
        layout, out, n = self.layout, self.layout.zeros(), self.seats
        seat = view.get("seat")
        if isinstance(seat, int) and 0 <= seat < n:
            layout.one_hot(out, "me", seat)
        for s in view["to_act"]:
            if 0 <= s < n:
                layout.one_hot(out, "to_act", s)
        layout.one_hot(out, "start", view["start"])
        layout.put(out, "round", 0, view["round"] / 10)
        layout.one_hot(out, "step", STEPS.index(view["step"]) if view["step"] in STEPS else len(STEPS))
        if view["stage"] in STAGES:
            layout.one_hot(out, "stage", STAGES.index(view["stage"]))
        layout.put(out, "flags", 0, float(view["casual"]))
        layout.put(out, "flags", 1, float(view["climax"]))
        if view["situation"]:
            layout.one_hot(out, "situation", self.situations.index(view["situation"]["id"]))
        for name in view["display"]:
            layout.put(out, "display", self.situation_names[_en(name)], 1.0)
        layout.put(out, "piles", 0, view["situation_deck"] / 10)
        layout.put(out, "piles", 1, view["event_deck"] / 20)
        layout.put(out, "piles", 2, view["event_used"] / 20)
        width = len(self.events) + 1
        for b, place in enumerate(BATTLEFIELDS):
            for e in view["events"][place]:
                slot = len(self.events) if e.get("face_down") else self.event_names[_en(e["name"])]
                out[layout.offsets["events"] + b * width + slot] += 1.0
        for t, token in enumerate(TOKENS):
            holder = view["tokens"].get(token)
            layout.one_hot(out, "tokens", t * (n + 1) + (n if holder is None else holder))
        layout.one_hot(out, "npc", {MIYAMA: 1, SHINTO: 2}.get(view["npc"], 0))
        layout.one_hot(out, "recon", n if view["recon"] is None else view["recon"])
        for s in view["workshop"]:
            layout.one_hot(out, "workshop", s)
        names = len(self.card_names) + 1
        for p in view["players"]:
            self._player(out, p, names)
        you = view["you"]
        if you is not None:
            for c in you["hand"]:
                out[layout.offsets["hand"] + self.cards.index(c["card"])] += 1.0
            for c in you["at_hand"]:
                out[layout.offsets["at_hand"] + self.cards.index(c["card"])] += 1.0
            for c in you["selected"]:
                layout.put(out, "selected", self.cards.index(c["card"]), 2.0 if c["face_up"] else 1.0)
            for c in you["np"]:
                layout.put(out, "own_np", self.cards.index(c["card"]), 1.0 + NP_STATUS.index(c["status"]))
            layout.put(out, "own_deck", 0, you["deck"] / 20)
        pending = view["pending"]
        if pending:
            kind = PENDING.index(pending["kind"]) if pending["kind"] in PENDING else len(PENDING)
            layout.one_hot(out, "pending", kind)
            layout.one_hot(out, "pending", len(PENDING) + 1 + pending["seat"])
        for s in view["winners"] or ():
            layout.one_hot(out, "winners", s)
        return out

    def _player(self, out: list[float], p: Mapping[str, Any], names: int) -> None:
        layout, s = self.layout, p["seat"]
        location = 0 if p["location"] is None else 1 + PLACES.index(p["location"])
        features = (p["mana"] / 12, float(p["infinite"]), p["command_spells"] / 3, p["spoils"] / 20,
                    p["jewels"] / 10, *(float(i == location) for i in range(5)), float(p["eliminated"]),
                    float(p["revealed"]), float(p["lost"]), float(p["acted"]), p["hand"] / 10, p["deck"] / 20,
                    len(p["trash"]) / 20, p["use_b"] / 3, (p["power"] or 0) / 30)
        for k, value in enumerate(features):
            layout.put(out, "players", s * PLAYER_FEATURES + k, max(0.0, value))
        master = position(self.masters, p["master"])
        if master is not None:
            layout.one_hot(out, "master", s * len(self.masters) + master)
        servant = position(self.servants, p["servant"]) if p["servant"] else None
        layout.one_hot(out, "servant", s * (len(self.servants) + 1) + (len(self.servants) if servant is None
                                                                         else servant))
        if isinstance(p["np"], int):
            layout.put(out, "np", s * 6 + 5, p["np"] / 3)
        else:
            for c in p["np"]:
                out[layout.offsets["np"] + s * 6 + NP_STATUS.index(c["status"])] += 1 / 3
        for c in p["played"]:
            out[layout.offsets["played"] + s * names + self._name(c.get("name") if c["face_up"] else None)] += 1.0
        for name in p["trash"]:
            out[layout.offsets["trash"] + s * names + self._name(name)] += 1.0
        for name in [*p["residual"], *p["at_hand"]]:
            slot = self._name(name)
            if slot < names - 1:
                out[layout.offsets["kept"] + s * (names - 1) + slot] += 1.0

    def observe_into(self, state: GrailState, seat: int, out: Any) -> None:
        """The tensor of ``seat``'s view, written straight from the state into ``out`` (zeroed):
        equal to ``observe(game.view(state, seat))`` (tests/rl check it), without building the view."""
        at, n = self.layout.offsets, self.seats
        if 0 <= seat < n:
            out[at["me"] + seat] = 1.0
        for s in self.acting(state):
            if 0 <= s < n:
                out[at["to_act"] + s] = 1.0
        out[at["start"] + state.start] = 1.0
        if state.round:
            out[at["round"]] = state.round / 10
        out[at["step"] + self.step_index.get(state.step, len(STEPS))] = 1.0
        stage = self.stage_index.get(state.stage)
        if stage is not None:
            out[at["stage"] + stage] = 1.0
        if state.options.casual:
            out[at["flags"]] = 1.0
        if state.climax_card is not None:
            out[at["flags"] + 1] = 1.0
        if state.situation is not None:
            out[at["situation"] + self.situation_slot[state.situation]] = 1.0
        for situation in state.display:
            out[at["display"] + self.display_slot[situation]] = 1.0
        piles = at["piles"]
        for k, value in enumerate((len(state.situation_deck) / 10, len(state.event_deck) / 20,
                                   len(state.event_used) / 20)):
            if value:
                out[piles + k] = value
        width, face_down = len(self.events) + 1, len(self.events)
        for b, place in enumerate(BATTLEFIELDS):
            for e, up in state.events_at.get(place, ()):
                out[at["events"] + b * width + (self.event_slot[e] if up else face_down)] += 1.0
        for t, token in enumerate(TOKENS):
            holder = state.tokens.get(token)
            out[at["tokens"] + t * (n + 1) + (n if holder is None else holder)] = 1.0
        out[at["npc"] + (1 if state.npc == MIYAMA else 2 if state.npc == SHINTO else 0)] = 1.0
        occupant = recon_occupant(state)
        out[at["recon"] + (n if occupant is None else occupant)] = 1.0
        for s in state.workshop:
            out[at["workshop"] + s] = 1.0
        names = len(self.card_names) + 1
        for s, p in enumerate(state.players):
            self._player_from_state(state, out, s, p, s == seat, names)
        if 0 <= seat < state.seats and state.players[seat].master:
            p, cards = state.players[seat], self.card_index
            for c in p.hand:
                out[at["hand"] + cards[c]] += 1.0
            for c in p.at_hand:
                out[at["at_hand"] + cards[c]] += 1.0
            for c, up in p.selected:
                out[at["selected"] + cards[c]] = 2.0 if up else 1.0
            for c, status in p.np.items():
                out[at["own_np"] + cards[c]] = 1.0 + self.np_index[status]
            if p.deck:
                out[at["own_deck"]] = len(p.deck) / 20
        if state.pending:
            top = state.pending[-1]
            out[at["pending"] + self.pending_index.get(top.kind, len(PENDING))] = 1.0
            out[at["pending"] + len(PENDING) + 1 + top.seat] = 1.0
        for s in state.winners or ():
            out[at["winners"] + s] = 1.0

    def _player_from_state(self, state: GrailState, out: Any, s: int, p: Any, own: bool, names: int) -> None:
        at = self.layout.offsets
        row = at["players"] + s * PLAYER_FEATURES
        # the features of _player(), in order; only the positive ones are written (observe() clips at 0)
        if p.mana > 0:
            out[row] = p.mana / 12
        if p.infinite:
            out[row + 1] = 1.0
        if p.command_spells > 0:
            out[row + 2] = p.command_spells / 3
        if p.spoils > 0:
            out[row + 3] = p.spoils / 20
        if p.jewels > 0:
            out[row + 4] = p.jewels / 10
        out[row + 5 + self.location_index[p.location]] = 1.0
        if p.eliminated:
            out[row + 10] = 1.0
        if p.revealed:
            out[row + 11] = 1.0
        if p.lost:
            out[row + 12] = 1.0
        if p.acted:
            out[row + 13] = 1.0
            if p.location in BATTLEFIELDS:
                power = total_power(state, s)
                if power > 0:
                    out[row + 18] = power / 30
        if p.hand:
            out[row + 14] = len(p.hand) / 10
        if p.deck:
            out[row + 15] = len(p.deck) / 20
        if p.trash:
            out[row + 16] = len(p.trash) / 20
        if p.use_b > 0:
            out[row + 17] = p.use_b / 3
        master = self.master_index.get(p.master)
        if master is not None:
            out[at["master"] + s * len(self.masters) + master] = 1.0
        known = own or p.exposed
        servant = self.servant_index.get(p.servant) if known and p.servant else None
        out[at["servant"] + s * (len(self.servants) + 1) + (len(self.servants) if servant is None else servant)] = 1.0
        np = at["np"] + s * 6
        if known:
            if p.np:
                sums: dict[int, float] = {}  # summed as observe() sums them, then written once (exact in float32)
                for status in p.np.values():
                    slot = np + self.np_index[status]
                    sums[slot] = sums.get(slot, 0.0) + 1 / 3
                for slot, value in sums.items():
                    out[slot] = value
        elif p.np:
            out[np + 5] = len(p.np) / 3
        unknown, card_slot = names - 1, self.card_slot
        if p.played:
            played = at["played"] + s * names
            for card, up, _ in p.played:
                out[played + (card_slot[card] if up else unknown)] += 1.0
        if p.trash:
            trash = at["trash"] + s * names
            for card, up in p.trash:
                out[trash + (card_slot[card] if up or own else unknown)] += 1.0
        if p.residual or p.at_hand:
            kept = at["kept"] + s * (names - 1)
            for card, _ in p.residual:
                slot = card_slot[card]
                if slot < unknown:
                    out[kept + slot] += 1.0
            for card in p.at_hand:
                slot = card_slot[card]
                if slot < unknown:
                    out[kept + slot] += 1.0

    def eliminated(self, state: GrailState) -> frozenset[int]:
        """Masters eliminated in the climax rounds (DGW-104): out for good while the others play on."""
        return frozenset(s for s, p in enumerate(state.players) if p.eliminated)


def encoding(game: Any, seats: int, options: Mapping[str, Any] | None, content: Any) -> GrailWarEncoding:
    """Grail War's encoding for a match with these seats, options and content."""
    return GrailWarEncoding(game, seats, options, content)
