"""The designer page: set up a comparison over a reference pack in the browser and watch its plot fill in.

A router of its own (``app.include_router(designer.router)``):

- ``GET /designer``: the page;
- ``GET /api/designer/games``: the games, their seats and options;
- ``GET /api/designer/games/{game}/fields``: every number or flag of the reference pack a change may touch;
- ``POST /api/designer/runs``: start a comparison (the baseline against up to :data:`MAX_VARIANTS` patches);
- ``GET /api/designer/runs/{id}``: its progress and running statistics (the page polls it);
- ``DELETE /api/designer/runs/{id}``: stop it.

A comparison plays in a child process of its own (started fresh, never forked from the server), one at a
time per server, within :data:`MAX_GAMES` games per variant and cheap agents only: the page is a window on
the workbench, not a way to take the server's cores. Its games are not kept (``bouts compare`` keeps them).
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import queue as queues
import secrets
import threading
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import APIRouter, FastAPI, HTTPException, Request
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field

from bouts.core.content import ContentError
from bouts.core.contract import OptionsError
from bouts.core.options import parse_option_text
from bouts.core.patch import PatchError, numeric_fields
from bouts.core.registry import UnknownGame, game_ids, get_game
from bouts.sim.config import SimError
from bouts.sim.variants import Design, Variant, variant_of
from bouts.sim.workbench import compare_live

WEB = Path(__file__).resolve().parent.parent / "web"
MAX_GAMES = 4000
"""Most games per variant a page may ask for."""
MAX_VARIANTS = 6
"""Most variants beside the baseline."""
AGENTS = ("random", "heuristic")
"""The agents a page may seat (cheap ones: no search)."""
KEEP = 20
"""Finished runs remembered (the oldest are forgotten)."""
STOP_SECONDS = 5.0
"""How long a stopped run's process may take to end before it is killed."""

MESSAGES = {
    "busy": "another comparison is running on this server: wait for it, or stop it",
    "unknown_run": "no such comparison (it may have been forgotten: start it again)",
    "no_content": "{game} has no content pack to change",
}
"""What the API says, in one place (for the message catalogs)."""


class RunRequest(BaseModel):
    """A comparison to start."""

    game: str = Field(max_length=64)
    seats: int = Field(ge=1, le=8)
    agent: Literal["random", "heuristic"] = "random"
    """The agent at every seat."""
    variants: list[Annotated[str, Field(max_length=4000)]] = Field(min_length=1, max_length=MAX_VARIANTS)
    """Each variant's changes (``;`` or new lines between them); the baseline, the game unchanged, comes first."""
    games: int = Field(200, ge=10, le=MAX_GAMES)
    """Games per variant."""
    assign: Literal["choose", "random"] = "random"
    """``random``: deal the content uniformly (a design study); ``choose``: the agents choose."""
    options: str = Field("", max_length=2000)
    """Base options, ``name=value,...`` or a JSON object."""
    seed: int = Field(0, ge=0, le=2**31)
    confidence: float = Field(0.95, ge=0.8, le=0.999)


class Run:
    """One comparison in its child process, and the latest snapshot it sent."""

    def __init__(self, design: Design, games: int, confidence: float) -> None:
        context = multiprocessing.get_context("spawn")
        self.queue: Any = context.Queue()
        self.process = context.Process(target=compare_live, args=(design.to_json(), games, confidence, self.queue),
                                       daemon=True)
        self.latest: dict[str, Any] = {"state": "starting", "played": 0, "total": games * len(design.variants)}
        self.started = time.monotonic()
        self.lock = threading.Lock()
        self.process.start()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        """Drain the child's queue (so it never blocks on a full pipe) until it ends."""
        while True:
            try:
                message = self.queue.get(timeout=0.25)
            except queues.Empty:
                if not self.process.is_alive():
                    with self.lock:
                        if self.latest["state"] in ("starting", "running"):
                            self.latest = {**self.latest, "state": "stopped"}
                    return
                continue
            except (EOFError, OSError):
                return
            with self.lock:
                if self.latest["state"] != "stopped":
                    self.latest = {**self.latest, **message}
            if message.get("state") in ("done", "failed"):
                return

    @property
    def running(self) -> bool:
        """Whether the comparison is still playing."""
        with self.lock:
            return self.latest["state"] in ("starting", "running") and self.process.is_alive()

    def snapshot(self) -> dict[str, Any]:
        """The latest progress and statistics."""
        with self.lock:
            return dict(self.latest)

    def stop(self) -> None:
        """End the child process now (the statistics so far stay)."""
        with self.lock:
            if self.latest["state"] in ("starting", "running"):
                self.latest = {**self.latest, "state": "stopped"}
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(STOP_SECONDS)
            if self.process.is_alive():
                self.process.kill()
                self.process.join(STOP_SECONDS)
        self.reader.join(STOP_SECONDS)
        with contextlib.suppress(Exception):
            self.queue.close()


class Runs:
    """The comparisons of one server: at most one playing at a time."""

    def __init__(self) -> None:
        self.runs: dict[str, Run] = {}
        self.lock = threading.Lock()

    def start(self, design: Design, games: int, confidence: float) -> str:
        """Start a comparison; its id (a :class:`HTTPException` 409 while another plays)."""
        with self.lock:
            if any(run.running for run in self.runs.values()):
                raise HTTPException(409, MESSAGES["busy"])
            while len(self.runs) >= KEEP:
                oldest = next(iter(self.runs))
                self.runs.pop(oldest).stop()
            ident = secrets.token_urlsafe(12)
            self.runs[ident] = Run(design, games, confidence)
            return ident

    def get(self, ident: str) -> Run:
        """The run with id ``ident`` (404 if unknown)."""
        run = self.runs.get(ident)
        if run is None:
            raise HTTPException(404, MESSAGES["unknown_run"])
        return run

    def close(self) -> None:
        """Stop every run (the server is shutting down)."""
        for run in list(self.runs.values()):
            run.stop()
        self.runs.clear()


def runs_of(app: Any) -> Runs:
    """The app's comparisons (made on first use)."""
    found = getattr(app.state, "designer_runs", None)
    if found is None:
        found = app.state.designer_runs = Runs()
    return found


@contextlib.asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    """Stop every comparison's process when the server stops."""
    try:
        yield
    finally:
        runs_of(app).close()


router = APIRouter(lifespan=lifespan)


@router.get("/designer", include_in_schema=False)
async def designer_page() -> FileResponse:
    """The designer page."""
    return FileResponse(WEB / "designer.html")


@router.get("/api/designer/games")
async def designer_games() -> list[dict[str, Any]]:
    """The games a comparison may play, with their seats and options."""
    listed = []
    for game_id in game_ids():
        game = get_game(game_id)
        info = game.info
        listed.append({"id": info.id, "name": info.name, "min_seats": info.min_seats, "max_seats": info.max_seats,
                       "options": game.options_help(), "content": game.catalogs is not None})
    return listed


@router.get("/api/designer/games/{game_id}/fields")
async def designer_fields(game_id: str) -> list[dict[str, Any]]:
    """Every top-level number or flag of the game's reference pack, with its value and bounds."""
    try:
        game = get_game(game_id)
    except UnknownGame as exc:
        raise HTTPException(404, str(exc)) from None
    if game.catalogs is None:
        return []
    return [{"path": f.path, "value": f.value, "kind": f.kind, "low": f.low, "high": f.high, "entry": f.entry}
            for f in numeric_fields(game.load_content(None))]


@router.post("/api/designer/runs", status_code=201)
async def start_run(body: RunRequest, request: Request) -> dict[str, Any]:
    """Check the comparison (every patch, the seats, the options) and start it."""
    try:
        get_game(body.game)
        variants: list[Variant] = [variant_of("base")]
        for text in body.variants:
            if text.strip().endswith(".toml"):  # no files from the browser: changes only
                raise PatchError(f"'{text.strip()}': write the changes themselves")
            variants.append(variant_of(text))
        design = Design(body.game, (body.agent,) * body.seats, tuple(variants), parse_option_text(body.options),
                        None, body.seed, body.assign)
        design.check()
    except (PatchError, SimError, OptionsError, ContentError, UnknownGame) as exc:
        raise HTTPException(422, str(exc)) from None
    ident = runs_of(request.app).start(design, body.games, body.confidence)
    return {"id": ident, "variants": [v.name for v in variants], "total": body.games * len(variants)}


@router.get("/api/designer/runs/{ident}")
async def run_progress(ident: str, request: Request) -> dict[str, Any]:
    """The comparison's state (``starting``, ``running``, ``done``, ``failed``, ``stopped``), games played and
    its statistics so far."""
    return runs_of(request.app).get(ident).snapshot()


@router.delete("/api/designer/runs/{ident}")
async def stop_run(ident: str, request: Request) -> dict[str, Any]:
    """Stop the comparison; what it had so far."""
    run = runs_of(request.app).get(ident)
    await asyncio.to_thread(run.stop)  # waits for the child process: off the event loop
    return run.snapshot()
