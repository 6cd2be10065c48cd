"""Transcripts of seeded games: every log line each seat reads, kept beside the tests and compared line by line.

A transcript is a seeded random game of one variant (the rules alone: no bot, so a change of a bot's play
leaves it alone) written one JSON line per step and per event:

- a step: who acted and the action's text;
- an event: its kind, its audience (``to``: the seats that see it, or everyone), whether it reveals something
  hidden and whose secret it is, the checklist clauses the table shows as its "why", its data, and its sentence
  in English and in Japanese;
- the end: the outcome.

So a change of what a player reads (in either language), of who may read it, or of the rule a line cites fails
the game's transcript test, which names the first line that differs, the old and the new. A deliberate change
is accepted by writing the transcripts again (``make transcripts``) and reviewing the difference in the commit.
The files are gzip'd JSON lines (``zcat`` reads them).
"""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path
from typing import Any

import bouts
from tests.build.seeded_games import random_game

UPDATE = "BOUTS_UPDATE_TRANSCRIPTS"
"""Set this environment variable to 1 to write the transcripts instead of comparing them."""


def transcript(game_id: str, variant: str, seats: int, seed: int,
               house: dict[str, Any] | None = None) -> list[str]:
    """The JSON lines of one seeded random game of ``variant``, with the options ``house`` on top of the variant's
    (see the module's docstring)."""
    game = bouts.game(game_id)
    options = {**game.variants()[variant].options, **(house or {})}
    state = game.setup(seats, options, None, seed)
    lines: list[str] = []
    for step, (seat, action, state) in enumerate(random_game(game, seats, options, seed)):
        lines.append(_line({"step": step, "seat": seat, "action": str(action)}))
        for event in game.events(state):
            lines.append(_line({
                "kind": event.kind,
                "to": "all" if event.to is None else sorted(event.to),
                "reveals": event.reveals,
                "owner": event.owner,
                "clauses": list(event.clauses),
                "data": event.data,
                "en": event.render("en"),
                "ja": event.render("ja"),
            }))
    outcome = game.outcome(state)
    lines.append(_line({"outcome": None if outcome is None else outcome.to_json()}))
    return lines


def _line(record: dict[str, Any]) -> str:
    return json.dumps(record, sort_keys=True, ensure_ascii=False, default=str)


def check(directory: Path, game_id: str, variant: str, seats: int, seed: int,
          house: dict[str, Any] | None = None) -> None:
    """Compare the game's transcript with the one kept in ``directory`` (write it when :data:`UPDATE` is set).
    ``house``: options on top of the variant's (a house rule that reaches a rare ending), named in the file's name.

    Raises ``AssertionError`` naming the first line that differs, with the kept line and the new one.
    """
    rules = "".join(f"-{key}-{value}" for key, value in sorted((house or {}).items()))
    path = directory / f"{variant}{rules}-{seats}p-seed{seed}.jsonl.gz"
    lines = transcript(game_id, variant, seats, seed, house)
    if os.environ.get(UPDATE) == "1":
        directory.mkdir(parents=True, exist_ok=True)
        with gzip.GzipFile(path, "wb", mtime=0) as out:  # mtime 0: the same game writes the same bytes
            out.write(("\n".join(lines) + "\n").encode())
        return
    assert path.exists(), f"no transcript {path}: write it with `make transcripts` and review it"
    kept = gzip.decompress(path.read_bytes()).decode().splitlines()
    for number, (old, new) in enumerate(zip(kept, lines, strict=False), start=1):
        assert old == new, (f"{path.name} line {number} differs (write the transcripts again if this change is "
                            f"meant, and review the difference)\n kept: {old}\n  now: {new}")
    assert len(kept) == len(lines), f"{path.name}: {len(kept)} lines kept, {len(lines)} now"
