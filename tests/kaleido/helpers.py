"""Helpers for kaleido tests: tables set up through the real play path, with forced shuffles."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import bouts
from bouts.core import CHANCE
from bouts.games.kaleido.game import Kaleido
from bouts.games.kaleido.state import Effect, KaleidoState

GAME: Kaleido = bouts.game("kaleido")  # type: ignore[assignment]
PACK = str(Path(__file__).parent / "pack")
"""The rule tests' content: a frozen fixture pack (the reference pack is tuned for play and may change)."""
CATALOG = GAME.catalog(PACK)
FATE_IDS = {n: f.id for n, f in CATALOG.fates.items()}

QUIET = ("act", "no_strategy", "no_accumulation", "pass", "stay", "attack normal")
"""What a test's bystander does: the plain choice that changes nothing."""


def fates(*numbers: int, pool: int = 7) -> str:
    """A forced fate shuffle: the living seats (in seat order) draw ``numbers``."""
    rest = [n for n in range(1, pool + 1) if n not in numbers]
    return "shuffle " + " ".join(FATE_IDS[n] for n in (*numbers, *rest))


def deck(*top: str, content: str = PACK) -> str:
    """A forced deck shuffle: ``top`` cards first (instance ids), then the rest in pack order."""
    rest = [c for c in GAME.catalog(content).deck if c not in top]
    return "shuffle " + " ".join((*top, *rest))


def act(state: KaleidoState, text: str) -> KaleidoState:
    """Apply ``text`` for whoever is to act."""
    state._legal.clear()  # tests change states by hand
    return GAME.apply(state, GAME.to_act(state)[0], text)


def unanswered(state: KaleidoState) -> KaleidoState:
    """Pass every 対抗 window open on top (KAL-126: the others may answer a card or an NP)."""
    while GAME.to_act(state) and state.stack[-1].kind == "counter":
        state = act(state, "pass")
    return state


def top(state: KaleidoState) -> tuple[str, int]:
    """The decision on top: (kind, seat)."""
    frame = state.stack[-1]
    return frame.kind, frame.seat


def legal(state: KaleidoState) -> list[str]:
    """The text forms of the legal actions of the seat to act."""
    seat = GAME.to_act(state)[0]
    state._legal.clear()  # tests change states by hand
    return [str(a) for a in GAME.legal_actions(state, seat)]


def quiet_until(state: KaleidoState, kind: str, seat: int | None = None, limit: int = 400) -> KaleidoState:
    """Play the quiet choice for everyone until decision ``kind`` (for ``seat``) is on top."""
    for _ in range(limit):
        acting = GAME.to_act(state)
        assert acting, "the game ended first"
        if acting[0] != CHANCE and state.stack[-1].kind == kind and (seat is None or acting[0] == seat):
            return state
        assert acting[0] != CHANCE, f"a chance step came first: {state.stack[-1].kind}"
        options = legal(state)
        choice = next((q for q in QUIET if q in options), options[0])
        state = act(state, choice)
    raise AssertionError(f"no {kind} decision")


def table(pairs: list[tuple[str, str]], *, options: dict[str, Any] | None = None, turn_fates: tuple[int, ...] = (),
          top_cards: tuple[str, ...] = (), seed: int = 0, content: str = PACK) -> KaleidoState:
    """A match set up through the real path: seat i draws fate i+1 and picks ``pairs[i]``; the deck
    starts with ``top_cards`` (seat 0 draws the first at set-up); turn 1's fates are ``turn_fates``
    (default: seat order). Returns the state at turn 1's first decision."""
    n = len(pairs)
    state = GAME.setup(n, options, content, seed)
    state = GAME.apply(state, CHANCE, fates(*range(1, n + 1)))
    for master, servant in pairs:
        state = act(state, f"master {master}")
        if state.stack[-1].kind == "servant":
            state = act(state, f"servant {servant}")
    state = GAME.apply(state, CHANCE, deck(*top_cards, content=content))
    pool = 8 if n == 2 else 7
    state = GAME.apply(state, CHANCE, fates(*(turn_fates or tuple(range(1, n + 1))), pool=pool))
    return state


def modify(state: KaleidoState, seat: int, stat: str, value: int) -> None:
    """A fixture modifier for the turn (to reach a checklist example's numbers)."""
    state.effects.append(Effect(seat, stat, value, "turn", "fixture"))


def give(state: KaleidoState, seat: int, *cards: str) -> None:
    """Put cards into a hand (taken from wherever they are)."""
    for card in cards:
        for place in (state.deck, state.discard, *(p.hand for p in state.players)):
            if card in place:
                place.remove(card)
        state.players[seat].hand.insert(0, card)  # first: the menu offers this copy
        state.drawn_in[card] = state.epoch


SABER = ("emiya_shirou", "saber")
ARCHER = ("tohsaka_rin", "archer_emiya")
RIDER = ("matou_sakura", "rider")
CASTER = ("kuzuki_souichirou", "caster")
BERSERKER = ("illyasviel", "berserker")
LANCER_K = ("kotomine_kirei", "lancer_kotomine")
GILGAMESH = ("kotomine_kirei", "gilgamesh")
ASSASSIN = ("matou_zouken", "true_assassin")
LANCER_B = ("bazett", "lancer_bazett")
AVENGER = ("bazett", "avenger")


def next_turn(state: KaleidoState, *numbers: int) -> KaleidoState:
    """Everyone lurks to the next turn; its fate cards are ``numbers`` (default: seat order)."""
    for _ in range(400):
        if GAME.to_act(state) == (CHANCE,) and state.stack[-1].kind == "deal_fates":
            living = [s for s in range(state.seats) if state.players[s].alive]
            pool = 8 if len(living) == 2 else 7
            return GAME.apply(state, CHANCE, fates(*(numbers or tuple(range(1, len(living) + 1))), pool=pool))
        options = legal(state)
        state = act(state, next((q for q in ("lurk", "no_accumulation", "no_strategy", "pass", "retreat",
                                              "stay", "attack normal") if q in options), options[0]))
    raise AssertionError("no next turn")
