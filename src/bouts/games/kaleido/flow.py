"""The pending-decision stack: steps run until a decision or a chance step is on top.

Each frame is a :class:`~bouts.core.decisions.Decision`. Automatic steps (``AUTO``) run at once;
decisions (``MENUS``) wait for their seat; chance steps (``CHANCE_STEPS``) wait for a shuffle.
A decision whose window nobody can use is not opened: its ``OPEN`` test (public information only,
so every seat's view agrees on who is to act) fails and its ``DEFAULT`` is applied instead.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from bouts.core.decisions import Decision
from bouts.core.events import QUIET, Event
from bouts.games.kaleido.actions import Act, act
from bouts.games.kaleido.state import KaleidoState

Handler = Callable[[KaleidoState, Decision], None]
Menu = Callable[[KaleidoState, Decision], list[Act]]
Verb = Callable[[KaleidoState, Decision, Act], None]

AUTO: Final[dict[str, Handler]] = {}
"""Automatic steps by kind."""
MENUS: Final[dict[str, Menu]] = {}
"""Decisions by kind: their own options (the any-time extras are added by ``menus``)."""
OPEN: Final[dict[str, Callable[[KaleidoState, Decision], bool]]] = {}
"""Whether a decision's window opens (public information only)."""
DEFAULT: Final[dict[str, Callable[[KaleidoState, Decision], Act]]] = {}
"""What a decision that does not open does."""
VERBS: Final[dict[str, Verb]] = {}
"""Each verb's effect; it pops the decision when the decision is settled."""
CHANCE_STEPS: Final = frozenset({"deal_fates", "shuffle_deck", "reshuffle"})


def auto(kind: str) -> Callable[[Handler], Handler]:
    """Register an automatic step."""
    def register(fn: Handler) -> Handler:
        AUTO[kind] = fn
        return fn
    return register


def decision(kind: str, is_open: Callable[[KaleidoState, Decision], bool] | None = None,
             default: Callable[[KaleidoState, Decision], Act] | None = None) -> Callable[[Menu], Menu]:
    """Register a decision's menu, its opening test and its default."""
    def register(fn: Menu) -> Menu:
        MENUS[kind] = fn
        if is_open is not None:
            OPEN[kind] = is_open
        if default is not None:
            DEFAULT[kind] = default
        return fn
    return register


def verb(*names: str) -> Callable[[Verb], Verb]:
    """Register a verb's handler."""
    def register(fn: Verb) -> Verb:
        for name in names:
            VERBS[name] = fn
        return fn
    return register


_ONE_WORD: Final[dict[str, dict[str, Act]]] = {}
"""Verb -> word -> ``act(verb, (word,))``: menus ask for the same few actions at every step."""


def one(verb: str, word: str) -> Act:
    """``act(verb, (word,))``, the same shared action, found without making its key (menus build these all the
    time; a compiled build calls no interpreted code for them)."""
    by_word = _ONE_WORD.get(verb)
    if by_word is None:
        by_word = _ONE_WORD[verb] = {}
    found = by_word.get(word)
    if found is None:
        found = by_word[word] = act(verb, (word,))
    return found


def ones(verb: str) -> dict[str, Act]:
    """Word -> :func:`one` ``(verb, word)`` for the words asked so far: a menu that makes many asks for the table once
    and calls :func:`one` only for a word it lacks."""
    by_word = _ONE_WORD.get(verb)
    if by_word is None:
        by_word = _ONE_WORD[verb] = {}
    return by_word


def push(state: KaleidoState, kind: str, seat: int = -1, **data: Any) -> None:
    """Put a step on top of the stack."""
    # Decision.make's record, without sorting what needs none (and none at all for a step without details)
    if not data:
        state.stack.append(Decision(seat, kind))
        return
    state.stack.append(Decision(seat, kind, tuple(sorted(data.items())) if len(data) > 1 else tuple(data.items())))


def say(state: KaleidoState, kind: str, msg: str, data: dict[str, Any] | None = None, *,
        args: Mapping[str, Any] | None = None, clauses: tuple[str, ...] = (), to: int | None = None,
        reveals: bool = False, owner: int | None = None) -> None:
    """Log an event of kaleido's catalog: ``msg`` (marked with ``N_``) filled with ``args``, with the checklist
    ids of the rule that produced it (``to``: only that seat sees it)."""
    events = state.events
    if events is not QUIET:  # a quiet state (bouts.core.stepping.quiet) makes no events
        events.append(Event(kind, msg, data or {}, to=None if to is None else ONLY[to],
                            reveals=reveals, owner=owner, clauses=clauses, args=args, domain="kaleido"))


ONLY: Final = tuple(frozenset({seat}) for seat in range(7))
"""The viewers of an event only one seat sees, per seat (a frozenset is never changed: one per seat is shared)."""


def run(state: KaleidoState) -> None:
    """Run automatic steps (and unopened windows) until a decision or chance step is on top."""
    stack = state.stack
    while stack:
        if state.phase == "over":
            stack.clear()
            return
        top = stack[-1]
        kind = top.kind
        step = AUTO.get(kind)
        if step is not None:  # the most frequent: an automatic step
            stack.pop()
            step(state, top)
            continue
        if kind in CHANCE_STEPS:
            return
        is_open = OPEN.get(kind)
        if is_open is None or is_open(state, top):
            return  # a decision (one without an opening test is always asked)
        act = DEFAULT[kind](state, top)
        VERBS[act.verb](state, top, act)
    if state.phase == "over":
        stack.clear()


def pop_to(state: KaleidoState, kind: str) -> Decision | None:
    """Remove frames down to and including the topmost ``kind`` frame; return it."""
    stack = state.stack
    while stack:
        frame = stack.pop()
        if frame.kind == kind:
            return frame
    return None


def settle(state: KaleidoState, frame: Decision) -> None:
    """Pop ``frame`` (a decision that has been answered) from the top of the stack."""
    if state.stack and state.stack[-1] is frame:
        state.stack.pop()
