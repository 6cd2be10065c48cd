"""One client socket and its outgoing queue.

Nothing ever waits on a client's socket but that client's own writer task. Whoever has something
for a connection calls :meth:`Connection.push` (a message) or :meth:`Connection.changed` (the table
changed: a fresh ``state`` frame is due) and returns at once. The writer drains the queue; a state
frame is built only when the writer gets to it, from the room's current state and for this
connection (its seat, its log so far; later its language), so a connection that lags behind gets
one up-to-date frame rather than a backlog, and its queue stays small. A connection whose queue
overflows, or whose socket does not take a message within ``send_timeout`` seconds, is closed.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from bouts.core.i18n import BOUTS, DEFAULT_LANG, Message, normalize_lang, tr
from bouts.server import wire
from bouts.server.limits import Bucket

M_ = BOUTS.message

STATE = object()
"""The queue's marker for "build and send a fresh state frame here"."""

SLOW_CLOSE_CODE = 4008
"""Close code for a connection that did not take its messages in time."""


class Connection:
    """A socket with a bounded outgoing queue drained by its own task."""

    def __init__(self, socket: Any, rate: float, queue_limit: int = 64, send_timeout: float = 10.0,
                 on_close: Callable[[], None] | None = None) -> None:
        self.socket = socket
        self.seat: int | None = None
        self.log_sent = 0
        self.epoch = 0
        self.steps_seen = 0
        self.acting = False
        """Whether this connection's seat was to act in the last frame it was sent (for ``your_turn``)."""
        self.ack_due: int | None = None
        """The step count its own ``act`` or ``concede`` was acknowledged at, for its next state frame (``ack``)."""
        self.holding = False
        """An ``act`` or ``concede`` of this connection is being done: its next state frame waits for the answer,
        so the frame that shows the action also acknowledges it (one message, not two)."""
        self.rules_seen: Any = None
        """What the rules panel it was last sent showed (frames carry the panel only when that changes)."""
        self.away = False
        """Whether the client said its page is hidden (presence ``away``)."""
        self.lang: str | None = None
        """The client's language (from its ``hello``), for texts rendered per connection."""
        self.last_view: dict[str, Any] | None = None
        """The view this connection was last sent (its next frame's ``changed`` is against it)."""
        self.view_serial: int | None = None
        """The room's number for that view: connections with the same one share their next frame."""
        self.takes_text = True
        """Messages may be queued already encoded (one encoding for every connection that gets them)."""
        self.bucket = Bucket(rate=rate, burst=2 * rate)
        self.queue: deque[Any] = deque()
        self.queue_limit = queue_limit
        self.send_timeout = send_timeout
        self.state_due = False
        self.full_due = False
        self.builder: Callable[[Connection, bool], list[dict[str, Any] | str]] | None = None
        """Builds the messages a ``STATE`` marker stands for (set when the connection joins a room)."""
        self.settle: Callable[[], Awaitable[None]] | None = None
        """Waits until what :attr:`builder` would show is settled (the room's :meth:`~bouts.server.room.Room.settled`:
        no change of its match is on its way to storage); awaited before every ``STATE`` is built."""
        self.wake = asyncio.Event()
        self.closed = False
        self.close_reason = ""
        self.on_close = on_close
        self.writer: asyncio.Task[None] | None = None

    # -- producers: never wait ---------------------------------------------------------
    def push(self, message: dict[str, Any] | str) -> None:
        """Queue one message (or its encoded text); a full queue closes the connection (it is not keeping up)."""
        if self.closed:
            return
        if len(self.queue) >= self.queue_limit:
            self.abort(M_("too slow: the connection did not keep up with its messages"))
            return
        self.queue.append(message)
        self.wake.set()

    def changed(self, full: bool = False) -> None:
        """The table changed: queue one fresh ``state`` frame unless one is already waiting.

        ``full``: that frame carries the whole log (a ``sync``), not only what is new.
        """
        self.full_due = self.full_due or full
        if self.closed or self.state_due:
            return
        self.state_due = True
        self.queue.append(STATE)
        self.wake.set()

    def acked(self, step: int) -> None:
        """Its own action was taken (committed): the next state frame says so (``ack``) and goes out now."""
        self.ack_due = step
        self.release()
        self.changed()

    def release(self) -> None:
        """Its action was answered (taken or refused): state frames flow again."""
        self.holding = False
        self.wake.set()

    def words(self, message: Message | str) -> str:
        """A server text in this client's language (``hello``'s ``lang``; English until it says)."""
        return tr(message, normalize_lang(self.lang) or DEFAULT_LANG)

    def error(self, code: str, message: Message | str) -> None:
        """Tell the client what was wrong with its message, in its language."""
        self.push({"type": "error", "code": code, "message": self.words(message)})

    # -- the writer ----------------------------------------------------------------------
    def start(self) -> None:
        """Start the writer task."""
        self.writer = asyncio.get_running_loop().create_task(self._drain())

    async def _drain(self) -> None:
        try:
            while not self.closed:
                await self.wake.wait()
                self.wake.clear()
                while self.queue and not self.closed:
                    item = self.queue.popleft()
                    if item is STATE and self.holding:  # until its own action is answered (see `holding`)
                        self.queue.appendleft(item)
                        break
                    if item is STATE:
                        if self.settle is not None:
                            await self.settle()  # the builder then runs at once: nothing can change in between
                            if self.holding or self.closed:  # its own action was sent meanwhile: answer first
                                self.queue.appendleft(item)
                                break
                        full, self.state_due, self.full_due = self.full_due, False, False
                        messages = self.builder(self, full) if self.builder is not None else []
                    else:
                        messages = [item]
                    for message in messages:
                        await self._send(message)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the socket went away: its own handler cleans up
            self.abort(M_("send failed: {problem}", problem=type(exc).__name__))

    async def _send(self, message: dict[str, Any] | str) -> None:
        text = message if isinstance(message, str) else wire.encode(message)
        try:
            async with asyncio.timeout(self.send_timeout):  # no task per message, as wait_for makes
                await self.socket.send_text(text)
        except TimeoutError:
            seconds = f"{self.send_timeout:g}"
            self.abort(M_("too slow: a message was not taken within {seconds} s", seconds=seconds))

    async def send_now(self, message: dict[str, Any]) -> None:
        """Send before the writer runs (the ``hello`` refusal), bounded by the send timeout."""
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.socket.send_text(wire.encode(message)), self.send_timeout)

    def abort(self, reason: Message | str) -> None:
        """Close the connection without waiting on it (its handler and writer end); ``reason`` goes in the close
        frame, in the client's language."""
        if self.closed:
            return
        self.closed, self.close_reason = True, self.words(reason)
        self.queue.clear()
        self.wake.set()
        if self.on_close is not None:
            self.on_close()

    async def stop(self) -> None:
        """End the writer task (the handler is leaving)."""
        self.closed = True
        self.wake.set()
        if self.writer is not None and self.writer is not asyncio.current_task():
            self.writer.cancel()
            with contextlib.suppress(BaseException):
                await self.writer
