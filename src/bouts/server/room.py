"""A live match on the server: its :class:`Match`, its seats, and who is watching here.

Every process that has connections to a match holds a room for it with a copy of the match.
One of them, the *owner* (see :mod:`bouts.server.bus`), makes every change of the game: actions,
undos, concessions and bots go through :meth:`Room.act`, :meth:`Room.undo` and
:meth:`Room.concede` under the room's lock: the game validates the action, pending chance steps
are resolved with the match's secret seed, the new actions are committed to the database (on
condition that nobody else wrote meanwhile) and only then is the sender acknowledged and every
connection told to fetch a fresh frame. A room that does not own its match forwards those
requests to the owner and follows the changes the owner publishes.

Nothing here waits on a connection: :meth:`Room.broadcast` only marks each connection as due a
frame, and each connection's own writer builds that frame with :meth:`Room.messages_for`, from
the match's current state, for that connection (its seat; its log so far). A frame for a seat is
built from ``game.view(state, seat)``, that seat's log (``Match.log(seat)``) and, when it is to
act, its legal actions (with their ``action_parts``); besides those only public things are added (the game's
clause summaries, summary and options, and the turn counter of the spectator's view after each step). Never
anything else, so no frame can carry another seat's hidden cards, the deck order, the seed or the RNG state.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import sys
import time
import unicodedata
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from bouts.core import CHANCE, IllegalAction, Match
from bouts.core.contract import Seat
from bouts.core.i18n import BOUTS, DEFAULT_LANG, LANGS, Message, normalize_lang, tr, use_lang, views_in
from bouts.core.table import changed_paths, menu
from bouts.server import stale, wire
from bouts.server.limits import Bucket
from bouts.server.store import Conflict, MatchRecord, Store

T = TypeVar("T")

CHAT_MAX_CHARS = 500
"""The longest chat line, in characters."""
CHAT_RATE = 0.5
"""Chat lines a seat may send per second on average (bursts of 5)."""
CHAT_KEPT = 100
"""Chat lines a connection is sent when it joins (the newest)."""
REQUEST_TIMEOUT = 3.0
"""Seconds a forwarded request waits for the owner before this process tries to take the match over."""
ZOMBIE_AGENT = "random"
"""Who plays a seat that conceded in a game of three or more that goes on."""


M_ = BOUTS.message


def to_wire(error: Exception) -> Any:
    """An error's text as it travels to another process: its message (rendered there, in its reader's language)."""
    said = error.args[0] if error.args else ""
    return {"$message": said.to_json()} if isinstance(said, Message) else str(said)


def from_wire(said: Any) -> Message | str:
    """What :func:`to_wire` sent, as a message again."""
    if isinstance(said, dict) and isinstance(said.get("$message"), dict):
        with contextlib.suppress(Exception):
            return Message.from_json(said["$message"])
    return str(said)


class Unavailable(Exception):
    """The change could not be made now (storage away, owner unreachable): nothing changed, try again."""


class Sink(Protocol):
    """Somewhere frames go: a WebSocket connection, or a test's recorder."""

    seat: Seat | None
    """The seat it speaks for (``None``: a spectator)."""
    log_sent: int
    """How many log entries it has been sent."""
    epoch: int
    """The room's undo epoch when its log was last sent in full."""
    steps_seen: int
    """How many of the match's steps its log has covered."""
    acting: bool
    """Whether its seat was to act in the last frame it was sent."""
    away: bool
    """Whether its client said the page is hidden."""
    lang: str | None
    """The language its reader asked for (``hello``'s ``lang``); frames are made in it (English by default)."""
    last_view: dict[str, Any] | None
    """The view it was last sent, for the next frame's ``changed`` paths (``None`` before the first)."""

    def changed(self, full: bool = False) -> None:
        """The table changed: a fresh frame is due (built by :meth:`Room.messages_for`)."""

    def push(self, message: dict[str, Any]) -> None:
        """Queue one message."""


class Services(Protocol):
    """What a room needs from the hub: storage, the other processes, bots, the lobby."""

    store: Store
    bus: Any
    bots: Any

    async def run_db(self, function: Callable[..., T], *args: Any) -> T:
        """Run a blocking store call off the event loop."""

    def lobby_changed(self, tell_others: bool = True) -> None:
        """The list of open matches may have changed."""

    def room_idle(self, room: Room) -> None:
        """A room may be unloaded (over, and nobody here watches)."""


def apply_stored(match: Match, seat: Seat, text: str) -> None:
    """Replay one stored action; a chance step the seed gives is marked drawn, as ``Match.from_json`` does."""
    drawn = seat == CHANCE and " ".join(text.split()) == str(match.draw_chance())
    match._apply(text, seat, drawn=drawn)


def rebuild(record: MatchRecord) -> Match:
    """The match a stored record describes, rebuilt by replaying its actions."""
    from bouts.core.registry import get_game

    game = get_game(record.game)
    match = Match(game, record.seats, record.options, None, record.seed)
    for seat, text in record.actions:
        apply_stored(match, seat, text)
    return match


def sink_lang(sink: Any) -> str:
    """The language a connection reads (its ``hello``'s ``lang``), English when it said nothing we speak."""
    return normalize_lang(getattr(sink, "lang", None)) or DEFAULT_LANG


_NAME_KEYS = frozenset({*LANGS, "original"})
_PLAIN = (str, int, float, bool, type(None))


def localize(value: Any, lang: str) -> Any:
    """A JSON view with every name in both languages (``{"en", "ja"}``) and every message (``{"$message"}``)
    made a string in ``lang``, so a renderer draws it as it is."""
    kind = type(value)
    if kind in _PLAIN:  # the leaves, most of a view: no isinstance chain
        return value
    if kind is dict:
        if "$message" in value:
            return tr(value, lang)
        if value and value.keys() <= _NAME_KEYS and all(type(v) is str for v in value.values()):
            return tr(value, lang)
        return {k: localize(v, lang) for k, v in value.items()}
    if kind is list:
        return [localize(v, lang) for v in value]
    return _localize_other(value, lang)


def _localize_other(value: Any, lang: str) -> Any:
    if isinstance(value, dict):
        if "$message" in value:
            return tr(value, lang)
        if value and set(value) <= _NAME_KEYS and all(isinstance(v, str) for v in value.values()):
            return tr(value, lang)
        return {k: localize(v, lang) for k, v in value.items()}
    if isinstance(value, list):
        return [localize(v, lang) for v in value]
    if isinstance(value, Message):
        return value.render(lang)
    return value


VIEW_CHECKS = 3
"""How many of a game's views are made both ways (in one pass with ``views_in``, and JSON then :func:`localize`) and
found the same before the server makes them in one pass only; a game whose views differ is localized afterwards."""

_view_checks: dict[str, int] = {}
"""Per game id: how many of its one-pass views matched (-1: one did not; that game's views are localized after)."""


def localized_view(match: Match, seat: Seat | None, lang: str) -> dict[str, Any]:
    """``seat``'s view localized into ``lang``: ``localize(match.view(seat), lang)``, made in one pass where the game
    builds its view through ``json_view``/``jsonable`` (every game here does; checked, see :data:`VIEW_CHECKS`)."""
    game_id = match.game.info.id
    checked = _view_checks.get(game_id, 0)
    if checked < 0:
        return localize(match.view(seat), lang)  # type: ignore[no-any-return]
    with views_in(lang):
        made = match.view(seat)
    if checked < VIEW_CHECKS:
        plain = localize(match.view(seat), lang)
        if plain != made:
            print(f"bouts serve: {game_id}'s view is not made by json_view alone: localized in two passes",
                  file=sys.stderr)
            _view_checks[game_id] = -1
            return plain  # type: ignore[no-any-return]
        _view_checks[game_id] = checked + 1
    return made


TURN_KEYS = ("turns", "round", "turn")
"""Where a view keeps its turn counter, in order of preference (the log is grouped by it)."""

TURN_CHECKS = 3
"""How many times a game's spectator view must show its turn counter equal to the state's field of that name
before the server reads the field instead of building the view (a whole view for one number)."""

_turn_fields: dict[str, tuple[str, int]] = {}
"""Per game id: the state field its turn counter comes from ("": none) and how often that was confirmed."""


def turn_counter(view: dict[str, Any]) -> int | None:
    """The turn counter a view shows, if any."""
    for key in TURN_KEYS:
        value = view.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def turn_of(game: Any, state: Any) -> int | None:
    """The public turn counter of ``state``: the one its spectator's view shows (see :data:`TURN_CHECKS`)."""
    name, confirmed = _turn_fields.get(game.info.id, ("", 0))
    if name and confirmed >= TURN_CHECKS:
        value = getattr(state, name, None)
        if type(value) is int:
            return value
    view = game.view(state, None)
    key = next((k for k in TURN_KEYS if type(view.get(k)) is int), "")
    found: int | None = view[key] if key else None
    if key and (type(getattr(state, key, None)) is not int or getattr(state, key) != found):
        key = ""  # the state has no such field, or it says something else: read the view
    _turn_fields[game.info.id] = (key, confirmed + 1 if key == name else 1)
    return found


def clean_chat(text: str) -> str | None:
    """A chat line made presentable (control characters dropped, spaces collapsed), or ``None`` if empty."""
    kept = "".join(" " if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") else c for c in text)
    kept = " ".join(kept.split())
    return kept or None


@dataclass
class Room:
    """One live match and its connections in this process."""

    record: MatchRecord
    match: Match
    services: Services
    owner: bool = False
    """Whether this process owns the match's writes."""
    sinks: set[Any] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    epoch: int = 0
    """Bumped by every undo: the logs sent so far are no longer right."""
    bot_task: asyncio.Task[None] | None = None
    touched: float = field(default_factory=time.monotonic)
    """When someone last connected here or the match last changed."""
    chat: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=CHAT_KEPT))
    chat_loaded: bool = False
    chat_buckets: dict[int, Bucket] = field(default_factory=dict)
    remote: dict[str, dict[int, str]] = field(default_factory=dict)
    """Presence of the seats' connections on other processes: node -> seat -> ``connected``/``away``."""
    published: dict[int, str] = field(default_factory=dict)
    """The presence of this process's connections as last told to the others."""
    version_seen: asyncio.Event = field(default_factory=asyncio.Event)
    reloading: asyncio.Task[None] | None = None
    reload_again: bool = False
    _turns: list[Any] = field(default_factory=list)
    """The (match, undo epoch) these marks are for, then the turn counter after each step (``turn_after``)."""
    _rules: dict[str, dict[str, Any]] = field(default_factory=dict)
    generation: int = 0
    """Bumped by every :meth:`broadcast` (whatever a frame shows may have changed)."""
    _frames: dict[Any, Any] = field(default_factory=dict)
    """The frames built for the current state, per audience (see :meth:`_built`)."""
    _frames_stamp: Any = None
    _menus: dict[tuple[Seat, str], list[dict[str, Any]]] = field(default_factory=dict)
    """The menus of the current state, per seat and language (see :meth:`menu_of`)."""
    _menus_state: Any = None
    _view_serials: int = 0
    unbroken_since: int = -1
    """The version since which this room has seen its match's history only grow: no undo, no write of another
    process it did not follow, no step taken back after a failed write (the version it was loaded at, at first).
    An action chosen on a frame of an older version is accepted only on the very step it was chosen at."""

    def __post_init__(self) -> None:
        self.unbroken_since = self.record.version

    @property
    def id(self) -> str:
        """The match id."""
        return self.record.id

    @property
    def version(self) -> int:
        """The version of the match this room holds."""
        return self.record.version

    @property
    def over(self) -> bool:
        """Whether the match has ended (by the rules, or by a concession)."""
        return self.record.finished or self.match.is_over

    def seat_name(self, seat: Seat) -> str:
        """The game's name for a seat."""
        return str(self.match.game.seat_name(self.match.state, seat))

    def is_bot(self, seat: Seat) -> bool:
        """Whether a bot plays ``seat`` (a seat that conceded in a game that goes on is played by one)."""
        return bool(self.record.seat_kinds[seat]["kind"] == "bot")

    def acting(self) -> list[Seat]:
        """The seats to decide now (none once the match is over)."""
        if self.record.finished:
            return []
        return [s for s in self.match.to_act() if s != CHANCE]

    def bot_turn(self) -> bool:
        """Whether a bot is to act."""
        return any(self.is_bot(s) for s in self.acting())

    # -- presence ----------------------------------------------------------------------
    def local_presence(self) -> dict[int, str]:
        """Each seat with a connection here: ``connected`` if any is in view, else ``away``."""
        found: dict[int, str] = {}
        for sink in self.sinks:
            if sink.seat is None:
                continue
            if not sink.away:
                found[sink.seat] = "connected"
            else:
                found.setdefault(sink.seat, "away")
        return found

    def presence(self, seat: Seat, local: dict[int, str] | None = None) -> str:
        """``bot``, ``connected`` (a connection in view), ``away`` (connected, page hidden) or ``offline``."""
        if self.is_bot(seat):
            return "bot"
        here = self.local_presence() if local is None else local
        states = [here.get(seat)] + [seats.get(seat) for seats in self.remote.values()]
        if "connected" in states:
            return "connected"
        if "away" in states:
            return "away"
        return "offline"

    def presence_changed(self) -> None:
        """This process's connections changed: tell the others (if it shows), refresh every frame."""
        now = self.local_presence()
        if now != self.published:
            self.published = now
            self._publish({"op": "presence", "m": self.id, "seats": {str(k): v for k, v in now.items()}})
        self.broadcast()

    def _publish(self, message: dict[str, Any]) -> None:
        bus = self.services.bus
        if bus.multi:
            task = asyncio.get_running_loop().create_task(bus.publish(message))
            task.add_done_callback(lambda t: t.cancelled() or t.exception())

    # -- frames ------------------------------------------------------------------------
    def frame(self, sink: Any, full: bool = False) -> dict[str, Any]:
        """The ``state`` frame for ``sink`` in its language (``docs/web.md``): its localized view, what changed
        since its previous view, its new log entries (with their step, turn and clauses), its menu."""
        return self._built(sink, full)[0]

    def _built(self, sink: Any, full: bool) -> tuple[dict[str, Any], str]:
        """The frame for ``sink`` and its encoded text, built once per audience.

        Connections that see the same thing (the same seat, or spectators; the same language; the same log
        and previous view so far) get the very same frame: it is built and encoded for the first of them and
        handed to the others from :attr:`_frames`, which holds the frames of the room's current state only.
        The rules panel goes in a frame only when it differs from the one the connection was last sent (a fresh
        frame always has it); connections with the same previous view were sent the same panel, so this too is
        the same for everyone who shares the frame.
        """
        steps = len(self.match.steps)
        seen = sink.steps_seen
        fresh = full or sink.epoch != self.epoch or seen > steps or seen == 0
        start, first = (0, 0) if fresh else (sink.log_sent, seen)
        prior: Any = getattr(sink, "view_serial", None)
        if prior is None and getattr(sink, "last_view", None) is not None:
            prior = ("own", id(sink))  # a previous view of its own: not shared
        lang = sink_lang(sink)
        stamp = (self.generation, self.version, steps, self.epoch, id(self.match))
        if self._frames_stamp != stamp:
            self._frames.clear()
            self._frames_stamp = stamp
        key = (sink.seat, lang, start, first, prior)
        built = self._frames.get(key)
        if built is None:
            rules_seen = None if fresh else getattr(sink, "rules_seen", None)
            with use_lang(lang):
                frame, view, rules_now = self._frame(sink.seat, lang, start, first,
                                                     getattr(sink, "last_view", None), rules_seen)
            self._view_serials += 1
            built = self._frames[key] = (frame, wire.encode(frame), view, self._view_serials,
                                         start + len(frame["log"]), rules_now)
        frame, text, view, serial, log_sent, rules_now = built
        sink.log_sent, sink.epoch, sink.steps_seen = log_sent, self.epoch, steps
        with contextlib.suppress(AttributeError):
            sink.last_view = view
            sink.view_serial = serial
            sink.rules_seen = rules_now
        return frame, text

    def _frame(self, seat: Seat | None, lang: str, start: int, first: int, previous: dict[str, Any] | None,
               rules_seen: Any = None) -> tuple[dict[str, Any], dict[str, Any], Any]:
        """The frame of ``seat`` with its log entries from step ``first`` (log index ``start``) on; its view; and what
        its rules panel shows (the panel is left out when that is ``rules_seen``, what its reader already has)."""
        match = self.match
        game = match.game
        acting = self.acting()
        steps = match.steps
        entries: list[dict[str, Any]] = []
        cited: set[str] = set()
        for index in range(first, len(steps)):
            step = steps[index]
            events = [e for e in step.events if e.is_visible_to(seat)]
            if not events:
                continue
            turn = self.turn_after(index)
            for event in events:
                entry = event.to_json(lang)
                entry.update(step=index, actor=step.seat, turn=turn)
                entries.append(entry)
                cited.update(event.clauses)
        entries_menu: list[dict[str, Any]] = []
        if seat is not None and seat in acting:
            entries_menu = self.menu_of(seat, lang)
        view = localized_view(match, seat, lang)
        changed = [] if previous is None else changed_paths(previous, view)
        summaries = game.clauses() if cited else {}
        record = self.record
        rules_now = self.rules_state(view)
        local = self.local_presence()
        seats = []
        for s in range(match.seats):
            presence = self.presence(s, local)
            seats.append({"seat": s, "name": self.seat_name(s), "kind": record.seat_kinds[s]["kind"],
                          "agent": record.seat_kinds[s].get("agent"), "presence": presence,
                          "connected": presence in ("connected", "away"), "resigned": record.resigned[s]})
        frame = {
            "type": "state",
            "match": self.id,
            "game": game.info.id,
            "title": tr(game.info.name),
            "seat": seat,
            "step": len(match.steps),
            "version": record.version,
            "seats": seats,
            "view": view,
            "changed": changed,
            "to_act": acting,
            "waiting_for": [self.seat_name(s) for s in acting],
            "menu": entries_menu,
            "legal": [{"text": e["text"], "label": e["label"]} for e in entries_menu],
            "can_undo": (seat is not None and not self.over and seat in range(match.seats)
                         and not self.is_bot(seat) and match.can_undo(seat)),
            "log_from": start,
            "log": entries,
            "clauses": {c: tr(summaries[c], lang) for c in sorted(cited) if c in summaries},
            "over": self.over,
            "outcome": self.outcome(lang),
            "rematch": record.rematch,
        }
        if rules_now != rules_seen:
            frame["rules"] = self.rules(view, lang)
        return frame, view, rules_now

    def menu_of(self, seat: Seat, lang: str) -> list[dict[str, Any]]:
        """``seat``'s menu of the current state in ``lang``, made once per state (a presence change, another
        connection of the seat or another audience's frame do not make it again: SAO's advisor is in it)."""
        match = self.match
        if self._menus_state is not match.state:  # the state itself is kept, so its id is never another's
            self._menus.clear()
            self._menus_state = match.state
        found = self._menus.get((seat, lang))
        if found is None:
            found = self._menus[(seat, lang)] = menu(match.game, match.state, seat, with_hint=False)
        return found

    def turn_after(self, index: int) -> int | None:
        """The table's turn counter after step ``index`` (public: read from a spectator's view), cached."""
        marks = self._turns
        if marks and (marks[0][0] is not self.match or marks[0][1] != self.epoch):  # reloaded, or an undo
            marks.clear()
        if not marks:
            marks.append((self.match, self.epoch))
        steps = self.match.steps
        del marks[len(steps) + 1:]
        while len(marks) <= index + 1:
            at = len(marks) - 1
            marks.append(turn_of(self.match.game, self.match.states[at + 1]))
        found = marks[index + 1]
        return found if isinstance(found, int) else None

    def rules(self, view: dict[str, Any], lang: str) -> dict[str, Any]:
        """The rules panel: the game's summary, its phases (``Game.phases``) and the current one (``current``, its id:
        public, the same for every seat), every option in force with its help."""
        cached = self._rules.get(lang)
        if cached is None:
            game = self.match.game
            given = self.record.options
            options = [{"name": c["name"], "value": given.get(c["name"], c.get("default")), "help": c.get("help", "")}
                       for c in game.options_form()]
            known = {o["name"] for o in options}
            options += [{"name": k, "value": v, "help": tr(game.option_help.get(k, ""), lang)}
                        for k, v in given.items() if k not in known]
            cached = self._rules[lang] = {"summary": tr(game.info.summary, lang), "options": options,
                                          "phases": [p.to_json(lang) for p in game.phases()]}
        phase, current = self.rules_state(view)
        return {**cached, "phase": phase, "current": current}

    def rules_state(self, view: dict[str, Any]) -> tuple[str | None, Any]:
        """What of the rules panel changes during a match: the view's phase name and the game's current phase."""
        phase = next((view[k] for k in ("phase", "stage", "step") if isinstance(view.get(k), str)), None)
        return phase, self.match.game.phase(self.match.state)

    def messages_for(self, sink: Any, full: bool = False) -> list[dict[str, Any]]:
        """What a connection is sent when a frame is due: its state frame, with ``ack`` when it acknowledges the
        connection's own action and ``your_turn`` when it just became the connection's seat's turn."""
        frame, _ = self._built(sink, full)
        extra = self._extras(sink, frame)
        return [{**frame, **extra} if extra else frame]

    async def settled(self) -> None:
        """Return once no change of the match is on its way to storage (an action, an undo, a reload: whatever holds
        :attr:`lock`), so that a frame built right after shows a committed match with its own version.

        A change is applied in memory before its write, and an undo or a failed write takes steps back: a frame
        built meanwhile would show steps with the version before them (a pick made on it would look older than it
        is) or steps that are then taken back. Waiting takes as long as the write, which storage bounds."""
        if self.lock.locked():
            async with self.lock:
                pass

    def texts_for(self, sink: Any, full: bool = False) -> list[dict[str, Any] | str]:
        """:meth:`messages_for` already encoded: the frame is encoded once for everyone who sees the same, and this
        connection's own fields are spliced in front of it."""
        frame, text = self._built(sink, full)
        extra = self._extras(sink, frame)
        if not extra:
            return [text]
        return ["{" + wire.encode(extra)[1:-1] + "," + text[1:]]

    def _extras(self, sink: Any, frame: dict[str, Any]) -> dict[str, Any]:
        """The fields of a state frame that are this connection's alone: ``ack`` and ``your_turn``."""
        extra: dict[str, Any] = {}
        ack = getattr(sink, "ack_due", None)
        if ack is not None:
            extra["ack"] = ack
            sink.ack_due = None
        now_acting = bool(frame["legal"])
        if now_acting and not sink.acting:
            extra["your_turn"] = True
        sink.acting = now_acting
        return extra

    def outcome(self, lang: str | None = None) -> dict[str, Any] | None:
        """How the match ended (a concession included), or ``None``; the reason in ``lang`` when the game gave it
        as a message."""
        if self.record.finished and self.record.outcome is not None:
            stored = self.record.outcome
            if lang is not None and isinstance(stored.get("reason_message"), dict):
                with contextlib.suppress(Exception):
                    return {**stored, "reason": tr(stored["reason_message"], lang)}
            return stored
        outcome = self.match.outcome()
        return None if outcome is None else self._with_resignations(outcome.to_json(lang))

    def _with_resignations(self, outcome: dict[str, Any]) -> dict[str, Any]:
        resigned = [s for s, r in enumerate(self.record.resigned) if r]
        if resigned:
            outcome = {**outcome, "winners": [w for w in outcome["winners"] if w not in resigned],
                       "resigned": resigned}
        return outcome

    def broadcast(self) -> None:
        """Tell every connection here that a fresh frame is due (nothing waits on them)."""
        self.touched = time.monotonic()
        self.generation += 1
        for sink in list(self.sinks):
            sink.changed()

    def push_all(self, message: dict[str, Any]) -> None:
        """Queue one message for every connection here (encoded once)."""
        text = wire.encode(message)
        for sink in list(self.sinks):
            sink.push(text if getattr(sink, "takes_text", False) else message)

    # -- changes (the owner) ---------------------------------------------------------------
    def _rollback(self, length: int) -> None:
        self.unbroken_since = self.version + 1  # a frame may have shown what is taken back: refuse choices made on it
        del self.match.states[length + 1:]
        del self.match.steps[length:]
        del self._turns[length + 1:]

    def _bumped(self) -> None:
        self.record.version += 1
        self.version_seen.set()
        self.version_seen = asyncio.Event()

    async def _commit_from(self, length: int) -> None:
        """Commit the actions from ``length`` on; on failure take them back in memory too."""
        match, record = self.match, self.record
        new = [(s.seat, s.action) for s in match.steps[length:]]
        outcome = self.outcome()
        finished = match.is_over
        notice = self.services.bus.notice({"op": "append", "m": self.id, "v": record.version + 1, "from": length,
                                           "steps": new, "finished": finished, "outcome": outcome})
        try:
            await self.services.run_db(self.services.store.append, self.id, record.version, length, new, outcome,
                                       finished, self.bot_turn(), notice)
        except Exception:
            self._rollback(length)
            raise
        self._bumped()
        if finished:
            record.finished, record.outcome = True, outcome
            self.services.lobby_changed()

    async def act(self, seat: Seat, text: str, step: int | None = None, version: int | None = None) -> int:
        """Validate and apply ``seat``'s action, resolve chance, commit; the new step count.

        ``step`` and ``version`` are those of the frame the action was chosen on (``None``: not said). An action
        chosen at an older step is taken only when nothing its seat could act on changed since
        (:meth:`still_open`); otherwise it is refused, as an action chosen at an older step without ``version`` is.

        Raises :class:`IllegalAction` (the match unchanged) when the game refuses it, and
        :class:`Unavailable` when it could not be stored.
        """
        if self.record.finished:
            raise IllegalAction(M_("the game is over"))
        if not await self.own():
            answer = await self._forward({"kind": "act", "seat": seat, "action": text, "step": step,
                                          "version": version})
            return int(answer["step"])
        async with self.lock:
            match = self.match
            if step is not None and step != len(match.steps) and not self.still_open(seat, step, version):
                raise IllegalAction(M_("the table has changed since you chose: look again and choose anew"))
            if seat not in self.acting():
                if self.over:
                    raise IllegalAction(M_("the game is over"))
                names = [self.match.game.seat_name(self.match.state, s) for s in self.acting()]
                raise IllegalAction(M_("it is not your decision now (waiting for {names})", names=names))
            length = len(match.steps)
            match.apply(text, seat)
            try:
                match.advance()
            except Exception:
                self._rollback(length)
                raise
            await self._guarded(self._commit_from(length))
            done = len(match.steps)
        self.broadcast()
        self.wake_bots()
        return done

    def still_open(self, seat: Seat, step: int, version: int | None) -> bool:
        """Whether an action ``seat`` chose on the frame of ``step`` and ``version`` (an older step) may still be
        taken: this room has seen the history only grow since that frame (:attr:`unbroken_since`), and every step
        since was another seat's decision that left ``seat``'s own decision open and its menu as it was
        (:func:`bouts.server.stale.still_open`). Only the seat's own menus and who took each step are looked at,
        never what another seat chose."""
        if version is None or not self.unbroken_since <= version <= self.version:
            return False
        return stale.still_open(self.match, seat, step)

    async def _guarded(self, write: Any) -> None:
        """Run a write; a version conflict (another process wrote) reloads the room; storage trouble is Unavailable."""
        try:
            await write
        except Conflict:
            self.owner = False
            await self.services.bus.release(self.id)
            self.schedule_reload()
            raise IllegalAction(M_("the table has changed since you chose: look again and choose anew")) from None
        except (IllegalAction, asyncio.CancelledError):
            raise
        except Exception as exc:
            raise Unavailable(str(exc)) from exc

    async def undo(self, seat: Seat) -> int:
        """Take back ``seat``'s last decision when that is fair (``Match.undo``), in memory and in storage."""
        if self.record.finished:
            raise IllegalAction(M_("the game is over"))
        if not await self.own():
            answer = await self._forward({"kind": "undo", "seat": seat})
            return int(answer["step"])
        async with self.lock:
            match = self.match
            if self.over:
                raise IllegalAction(M_("the game is over"))
            before = (list(match.states), list(match.steps))
            match.undo(seat)
            length = len(match.steps)
            notice = self.services.bus.notice({"op": "truncate", "m": self.id, "v": self.version + 1,
                                               "length": length})
            try:
                await self._guarded(self.services.run_db(self.services.store.truncate, self.id, self.version, length,
                                                         self.bot_turn(), notice))
            except Exception:
                match.states[:], match.steps[:] = before
                self.unbroken_since = self.version + 1  # a frame may have shown the undo: refuse choices made on it
                raise
            self._bumped()
            self.epoch += 1
            self.unbroken_since = self.version
        self.broadcast()
        self.wake_bots()
        return length

    async def concede(self, seat: Seat) -> int:
        """``seat`` gives up: recorded as a resignation; the match ends, or (three or more) a bot plays on for it."""
        if self.record.finished:
            raise IllegalAction(M_("the game is over"))
        if not await self.own():
            answer = await self._forward({"kind": "concede", "seat": seat})
            return int(answer["step"])
        async with self.lock:
            record, game = self.record, self.match.game
            if self.over:
                raise IllegalAction(M_("the game is over"))
            if record.resigned[seat]:
                raise IllegalAction(M_("you have already conceded"))
            resigned = [s for s in range(record.seats) if record.resigned[s] or s == seat]
            remaining = [s for s in range(record.seats) if s not in resigned]
            outcome: dict[str, Any] | None = None
            zombie: str | None = None
            cooperative = game.is_cooperative(self.match.state)
            if cooperative or len(remaining) <= 1:
                conceded = M_("{seat} conceded", seat=self.match.game.seat_name(self.match.state, seat))
                outcome = {"winners": [] if cooperative else remaining, "reason": conceded.render(DEFAULT_LANG),
                           "reason_message": {"$message": conceded.to_json()}, "scores": None, "resigned": resigned}
            else:
                zombie = ZOMBIE_AGENT
            kinds = [dict(k) for k in record.seat_kinds]
            if zombie is not None:
                kinds[seat] = {"kind": "bot", "agent": zombie}
            bot_turn = outcome is None and any(kinds[s]["kind"] == "bot" for s in self.acting())
            notice = self.services.bus.notice({"op": "resign", "m": self.id, "v": self.version + 1, "seat": seat,
                                               "outcome": outcome, "zombie": zombie})
            await self._guarded(self.services.run_db(self.services.store.resign, self.id, self.version, seat,
                                                     outcome, zombie, bot_turn, notice))
            self._bumped()
            self._resigned(seat, outcome, zombie)
        self.broadcast()
        self.wake_bots()
        if outcome is not None:
            self.services.lobby_changed()
        return len(self.match.steps)

    def _resigned(self, seat: Seat, outcome: dict[str, Any] | None, zombie: str | None) -> None:
        record = self.record
        record.resigned = [r or s == seat for s, r in enumerate(record.resigned)]
        if zombie is not None:
            record.seat_kinds = [dict(k) for k in record.seat_kinds]
            record.seat_kinds[seat] = {"kind": "bot", "agent": zombie}
        if outcome is not None:
            record.finished, record.outcome = True, outcome

    async def settle(self) -> None:
        """Resolve pending chance steps (a fresh match, or one rebuilt at a chance step) and commit them."""
        async with self.lock:
            length = len(self.match.steps)
            self.match.advance()
            if len(self.match.steps) != length:
                await self._guarded(self._commit_from(length))

    # -- ownership and forwarding ------------------------------------------------------------
    async def own(self) -> bool:
        """Whether this process owns the match now (taking it over when nobody does)."""
        if self.owner:
            return True
        if self.record.finished:
            return False
        if not await self.services.bus.acquire(self.id):
            return False
        await self.take_over()
        return True

    async def take_over(self) -> None:
        """This process has just got the match's lock: catch up from the database, then act as its owner."""
        async with self.lock:
            await self._reload()
            self.owner = True
        try:
            await self.settle()
        except Exception as exc:
            print(f"bouts serve: match {self.id}: {exc!r}", file=sys.stderr)
        self.wake_bots()

    async def _forward(self, request: dict[str, Any]) -> dict[str, Any]:
        """Ask the owning process to make a change; its answer (the change has reached this room too)."""
        bus = self.services.bus
        for _ in range(3):
            answer = await bus.request({"m": self.id, **request}, REQUEST_TIMEOUT)
            if answer is None or answer.get("error") == "not_owner":
                if await self.own():  # the owner is gone (or let go): this process carries on
                    return await self._local(request)
                continue
            if "error" in answer:
                if answer["error"] == "illegal":
                    raise IllegalAction(from_wire(answer.get("message")))
                raise Unavailable(from_wire(answer.get("message")))
            await self.wait_version(int(answer["v"]))
            return {"step": len(self.match.steps), **answer}  # the change itself answers: it has no "step"
        raise Unavailable(M_("the match's server did not answer"))

    async def _local(self, request: dict[str, Any]) -> dict[str, Any]:
        kind, seat = request["kind"], int(request["seat"])
        if kind == "act":
            step = await self.act(seat, str(request["action"]), request.get("step"), request.get("version"))
        elif kind == "undo":
            step = await self.undo(seat)
        elif kind == "concede":
            step = await self.concede(seat)
        else:
            raise IllegalAction(M_("unknown request {kind}", kind=repr(kind)))
        return {"step": step, "v": self.version}

    async def serve(self, request: dict[str, Any]) -> dict[str, Any]:
        """Answer another process's forwarded request (as the owner)."""
        if not self.owner:
            return {"error": "not_owner"}
        try:
            return await self._local(request)
        except ValueError as exc:
            return {"error": "illegal", "message": to_wire(exc)}
        except Unavailable as exc:
            return {"error": "storage", "message": to_wire(exc)}

    async def wait_version(self, version: int, timeout: float = 5.0) -> None:
        """Wait until this room has caught up with ``version`` (reloading if the news does not come)."""
        deadline = time.monotonic() + timeout
        while self.version < version:
            left = deadline - time.monotonic()
            if left <= 0:
                await self.reload()
                return
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.version_seen.wait(), min(left, 1.0))

    # -- following the owner ---------------------------------------------------------------
    def follow(self, message: dict[str, Any]) -> None:
        """Apply a change the owning process committed (or reload when it does not fit)."""
        if self.owner:
            return
        version = int(message.get("v") or 0)
        if version <= self.version:
            return
        op = message.get("op")
        fits = version == self.version + 1 and self.reloading is None
        try:
            if fits and op == "append" and message.get("from") == len(self.match.steps):
                for seat, text in message["steps"]:
                    apply_stored(self.match, int(seat), str(text))
                if message.get("finished"):
                    self.record.finished, self.record.outcome = True, message.get("outcome")
            elif fits and op == "truncate":
                length = int(message["length"])
                self._rollback(length)
                self.epoch += 1
                self.unbroken_since = version
            elif fits and op == "resign":
                self._resigned(int(message["seat"]), message.get("outcome"), message.get("zombie"))
            else:
                self.schedule_reload()
                return
        except Exception:
            self.schedule_reload()
            return
        self._bumped()
        self.broadcast()
        if self.record.finished:
            self.services.room_idle(self)

    def schedule_reload(self) -> None:
        """Reload the match from the database soon (once; again if asked meanwhile)."""
        if self.reloading is not None:
            self.reload_again = True
            return
        self.reloading = asyncio.get_running_loop().create_task(self._reload_loop())

    async def _reload_loop(self) -> None:
        try:
            while True:
                self.reload_again = False
                try:
                    async with self.lock:
                        await self._reload()
                except Exception as exc:
                    print(f"bouts serve: match {self.id}: reload failed: {exc!r}", file=sys.stderr)
                    await asyncio.sleep(1.0)
                    self.reload_again = True
                if not self.reload_again:
                    break
        finally:
            self.reloading = None
        self.broadcast()

    async def reload(self) -> None:
        """Bring the room up to date with the database now."""
        async with self.lock:
            await self._reload()
        self.broadcast()

    async def _reload(self) -> None:
        """Catch up with the stored match: replay what is new, or rebuild if the history was cut (an undo)."""
        record = await self.services.run_db(self.services.store.load, self.id)
        if record is None:
            return
        steps = self.match.steps
        same_prefix = len(record.actions) >= len(steps) and all(
            (s.seat, s.action) == stored for s, stored in zip(steps, record.actions, strict=False))
        if same_prefix:
            for seat, text in record.actions[len(steps):]:
                apply_stored(self.match, seat, text)
        else:
            self.match = rebuild(record)
            self.epoch += 1
        actions, record.actions = record.actions, []
        del actions
        was = self.record.version
        self.record = record
        if record.version != was:
            self.unbroken_since = record.version  # what happened between is not known here (an undo, maybe)
            self.version_seen.set()
            self.version_seen = asyncio.Event()

    # -- chat ---------------------------------------------------------------------------
    async def load_chat(self) -> None:
        """Fetch the stored chat once (the newest lines)."""
        if self.chat_loaded:
            return
        lines = await self.services.run_db(self.services.store.chat, self.id, CHAT_KEPT)
        if not self.chat_loaded:
            known = {line["id"] for line in self.chat}
            for line in lines:
                if line["id"] not in known:
                    self.chat.append(line)
            self.chat = deque(sorted(self.chat, key=lambda line: line["id"]), maxlen=CHAT_KEPT)
            self.chat_loaded = True

    async def say(self, seat: Seat, text: str) -> None:
        """Store and show one chat line from ``seat`` (any process may: chat needs no owner)."""
        line = clean_chat(text)
        if line is None:
            raise IllegalAction(M_("a chat message needs some text"))
        if len(line) > CHAT_MAX_CHARS:
            raise IllegalAction(M_("a chat message has at most {count} characters", count=CHAT_MAX_CHARS))
        bucket = self.chat_buckets.setdefault(seat, Bucket(rate=CHAT_RATE, burst=5))
        if not bucket.take():
            raise PermissionError(M_("too many chat messages: wait a moment"))
        at = time.time()
        payload = {"op": "chat", "m": self.id, "seat": seat, "text": line, "at": at}
        bus = self.services.bus
        try:
            # the notice must name the line's id, which the insert makes: send it after the commit
            number = await self.services.run_db(self.services.store.add_chat, self.id, seat, line, at, None)
        except Exception as exc:
            raise Unavailable(str(exc)) from exc
        entry = {"id": number, "seat": seat, "text": line, "at": at}
        self.heard(entry)
        if bus.multi:
            await bus.publish({**payload, "id": number})

    def heard(self, entry: dict[str, Any]) -> None:
        """A chat line (from here or another process): keep it and show it."""
        if any(line["id"] == entry["id"] for line in self.chat):
            return
        self.chat.append(entry)
        self.push_all({"type": "chat", "messages": [entry]})

    # -- bots ------------------------------------------------------------------------------
    def wake_bots(self) -> None:
        """Start the bot loop if this process owns the match, a bot is to act and none is running."""
        if not self.owner or (self.bot_task is not None and not self.bot_task.done()):
            return
        if self.bot_turn():
            self.bot_task = asyncio.get_running_loop().create_task(self._bots())

    async def _bots(self) -> None:
        """Let bots decide until only people (or nobody) are to act."""
        refused = 0
        while refused < 3 and self.owner:
            match = self.match
            bots = [s for s in self.acting() if self.is_bot(s)]
            if not bots:
                return
            seat, step, version, state = bots[0], len(match.steps), self.version, match.state
            seed = random.Random(f"{self.record.seed}:{step}:{seat}").getrandbits(62)
            try:
                text = await self.services.bots.decide(match.game.info.id, state, seat,
                                                       self.record.seat_kinds[seat]["agent"], seed, self.id)
                # chosen on the table of ``step`` and ``version``, like a person's pick: taken if another seat's
                # sealed pick came first and left this one as it was (:meth:`still_open`), not thought again
                await self.act(seat, text, step, version)
                refused = 0
            except IllegalAction as exc:
                if len(self.match.steps) == step:  # refused on the very table it was shown: a broken bot
                    refused += 1
                    print(f"bouts serve: match {self.id}: bot seat {seat} refused: {exc}", file=sys.stderr)
                # else someone acted or undid meanwhile: look again
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database is away: try again shortly
                print(f"bouts serve: match {self.id}: bot seat {seat}: {exc!r}", file=sys.stderr)
                await asyncio.sleep(1.0)
        if self.over:
            self.services.room_idle(self)
