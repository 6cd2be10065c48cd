"""Where a comparison or sweep keeps its games: Apache Parquet files, one row per game and seat.

A run's folder holds ``run.json`` (what the run plays: its design, each variant's content pack id and
parameters) and ``games/part-NNNNN.parquet``. Every row carries the variant's name, number and
parameters (one column per changed field, e.g. ``hero.mercenary.base_damage``), so any question is one
SQL query away (:func:`query`, ``bouts results``, over DuckDB).

Files are written whole, under a temporary name, then renamed: a folder never holds half a file, and an
interrupted run keeps every game it finished. Rows are cut into files at fixed game numbers and sorted by
(game, variant, seat), so the same run writes the same bytes whatever the backend or number of workers.
A later run of the same design with more games adds files for the games it lacks and repeats none.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from bouts.sim.config import SimError
from bouts.sim.paired import GameOutcome
from bouts.sim.play import GameRecord
from bouts.sim.report import check_out
from bouts.sim.variants import Design

FORMAT = "bouts-workbench/1"
"""The ``format`` of ``run.json``."""
MANIFEST = "run.json"
GAMES = "games"
ROWS_PER_FILE = 40_000
"""About how many rows a Parquet file holds (the cut falls at a game number that depends on the design only)."""
DUCKDB_MEMORY = "256MB"
"""DuckDB's memory limit when it reads a run back (it spills to disk beyond it): memory stays flat."""

GAME_COLUMNS: tuple[tuple[str, str], ...] = (
    ("run", "string"), ("game_id", "string"), ("variant", "string"), ("variant_index", "int32"),
    ("game", "int64"), ("seed", "int64"), ("seat", "int16"), ("agent", "string"), ("content", "list"),
    ("won", "bool"), ("reward", "float64"), ("winners", "int16"), ("finished", "bool"), ("reason", "string"),
    ("length", "int32"), ("chance_steps", "int32"), ("decisions", "int32"),
)
"""The columns every row has, with their Arrow types (``list``: a list of strings); the variant's parameters
follow."""


def _pyarrow() -> Any:
    import pyarrow

    return pyarrow


def _arrow_type(kind: str) -> Any:
    pa = _pyarrow()
    return {"string": pa.string(), "int16": pa.int16(), "int32": pa.int32(), "int64": pa.int64(),
            "float64": pa.float64(), "bool": pa.bool_(), "list": pa.list_(pa.string())}[kind]


def param_kind(values: Sequence[Any]) -> str:
    """The column type that holds every value: ``bool``, ``int64``, ``float64`` or ``string`` (JSON text).

    >>> param_kind([1, 2, None]), param_kind([1, 2.5]), param_kind([True]), param_kind([[1], "a"])
    ('int64', 'float64', 'bool', 'string')
    """
    present = [v for v in values if v is not None]
    if present and all(isinstance(v, bool) for v in present):
        return "bool"
    if present and all(isinstance(v, int) and not isinstance(v, bool) for v in present):
        return "int64"
    if present and all(isinstance(v, int | float) and not isinstance(v, bool) for v in present):
        return "float64"
    return "string"


def _param_value(value: Any, kind: str) -> Any:
    if value is None:
        return None
    if kind == "string":
        return value if isinstance(value, str) else json.dumps(value, sort_keys=True, ensure_ascii=False)
    if kind == "float64":
        return float(value)
    return value


class RunStore:
    """A run's folder: its manifest and its Parquet files."""

    def __init__(self, folder: Path | str, design: Design) -> None:
        self.folder = check_out(folder)
        self.design = design
        self.games_dir = self.folder / GAMES
        self.columns = design.columns()
        self.params = [design.params(v) for v in range(len(design.variants))]
        self.kinds = {c: param_kind([p[c] for p in self.params]) for c in self.columns}
        self.run_id = design.digest()
        self._buffer: list[tuple[int, int, GameRecord]] = []

    # -- the manifest ------------------------------------------------------------------------------
    def manifest(self) -> dict[str, Any]:
        """What ``run.json`` holds."""
        return {"format": FORMAT, "run": self.run_id, "design": self.design.to_json(),
                "identity": self.design.identity(), "packs": self.design.pack_ids(),
                "params": [{c: p[c] for c in self.columns} for p in self.params], "columns": self.columns}

    def open(self) -> dict[int, int]:
        """Check the folder holds this run or none (else :class:`SimError`); write the manifest; the games
        each variant has already."""
        path = self.folder / MANIFEST
        mine = self.manifest()
        if path.exists():
            try:
                theirs = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, json.JSONDecodeError) as exc:
                raise SimError(f"{path}: cannot read it ({exc}); use another folder") from None
            if not isinstance(theirs, dict) or theirs.get("format") != FORMAT:
                raise SimError(f"{self.folder} holds something other than a bouts run; use another folder")
            if theirs.get("identity") != mine["identity"]:
                differs = _difference(theirs.get("identity"), mine["identity"])
                raise SimError(f"{self.folder} holds another run ({differs}); use another folder, or the same "
                               "set-up to add games to it")
            if theirs.get("packs") != mine["packs"]:
                raise SimError(f"{self.folder}: the content pack changed since this run began (its games were "
                               "played with other files); use another folder")
        else:
            self.games_dir.mkdir(exist_ok=True)
        self.games_dir.mkdir(exist_ok=True)
        _atomic_json(path, mine)
        return self.counts()

    def files(self) -> list[Path]:
        """The Parquet files written so far, in order."""
        return sorted(self.games_dir.glob("part-*.parquet")) if self.games_dir.is_dir() else []

    def counts(self) -> dict[int, int]:
        """Games each variant has (they are numbered from 0 without gaps; a gap is an error)."""
        files = self.files()
        if not files:
            return {}
        rows = query_rows(self.folder, "select variant_index, count(*), max(game) from games where seat = 0 "
                                       "group by variant_index")
        counts: dict[int, int] = {}
        for variant, count, highest in rows:
            if count != highest + 1:
                raise SimError(f"{self.folder}: variant {variant} lacks some games (it has {count}, numbered up "
                               f"to {highest}); the run cannot be extended: use another folder")
            counts[int(variant)] = int(count)
        return counts

    # -- writing -----------------------------------------------------------------------------------
    def cut(self) -> int:
        """Games per file: files are cut at multiples of this (it depends on the design only)."""
        rows_per_game = len(self.design.variants) * len(self.design.seats)
        return max(1, ROWS_PER_FILE // max(1, rows_per_game))

    def add(self, variant: int, records: Sequence[GameRecord]) -> None:
        """Keep games of ``variant`` until :meth:`flush` writes them."""
        self._buffer += [(record.index, variant, record) for record in records]

    def flush(self, complete_below: int | None = None) -> None:
        """Write the kept games whose file is complete: those below the last multiple of :meth:`cut` that
        every variant has passed (``complete_below``), or all of them (``None``). Each file holds the games
        between two multiples of :meth:`cut`, so the files do not depend on how the games were chunked."""
        cut = self.cut()
        while self._buffer:
            first = min(r[0] for r in self._buffer)
            edge = (first // cut + 1) * cut
            if complete_below is not None and edge > complete_below:
                return
            rows = [r for r in self._buffer if r[0] < edge]
            self._buffer = [r for r in self._buffer if r[0] >= edge]
            rows.sort(key=lambda r: (r[0], r[1]))
            self._write(rows)

    def _write(self, rows: Sequence[tuple[int, int, GameRecord]]) -> None:
        pa = _pyarrow()
        import pyarrow.parquet as pq

        columns: dict[str, list[Any]] = {name: [] for name, _ in GAME_COLUMNS}
        params: dict[str, list[Any]] = {c: [] for c in self.columns}
        game_id = resolve_id(self.design.game)
        for _, variant, record in rows:
            winners = set(record.winners)
            name = self.design.variants[variant].name
            for seat in range(len(record.agents)):
                for column, value in (
                        ("run", self.run_id), ("game_id", game_id), ("variant", name), ("variant_index", variant),
                        ("game", record.index), ("seed", record.seed), ("seat", seat),
                        ("agent", record.agents[seat]),
                        ("content", list(record.content[seat]) if seat < len(record.content) else []),
                        ("won", seat in winners), ("reward", record.returns[seat]),
                        ("winners", len(winners)), ("finished", record.finished), ("reason", record.reason),
                        ("length", record.length), ("chance_steps", record.chance_steps),
                        ("decisions", record.decisions[seat])):
                    columns[column].append(value)
                for column in self.columns:
                    params[column].append(_param_value(self.params[variant][column], self.kinds[column]))
        fields = [pa.field(name, _arrow_type(kind)) for name, kind in GAME_COLUMNS]
        fields += [pa.field(c, _arrow_type(self.kinds[c])) for c in self.columns]
        schema = pa.schema(fields, metadata={"bouts": json.dumps({"format": FORMAT, "run": self.run_id})})
        table = pa.Table.from_pydict({**columns, **params}, schema=schema)
        existing = self.files()
        number = int(existing[-1].stem.removeprefix("part-")) + 1 if existing else 0
        final = self.games_dir / f"part-{number:05d}.parquet"
        temporary = self.games_dir / f".part-{number:05d}.parquet.tmp-{os.getpid()}"
        try:
            pq.write_table(table, temporary, compression="zstd")
            os.replace(temporary, final)
        finally:
            temporary.unlink(missing_ok=True)

    # -- reading back ------------------------------------------------------------------------------
    def outcomes(self, below: int) -> Iterator[tuple[int, int, GameOutcome]]:
        """``(game, variant, outcome)`` of every stored game numbered below ``below``, by game then variant,
        streamed (DuckDB sorts beyond memory on disk)."""
        if not self.files() or below <= 0:
            return
        connection = connect(self.folder)
        try:
            result = connection.execute(
                "select game, variant_index, seat, won, content, length, finished from games "
                "where game < ? order by game, variant_index, seat", [below])
            current: tuple[int, int] | None = None
            won: list[bool] = []
            content: list[tuple[str, ...]] = []
            length, finished = 0, True
            while True:
                batch = result.fetchmany(4096)
                if not batch:
                    break
                for game, variant, _seat, w, c, steps, done in batch:
                    if (game, variant) != current:
                        if current is not None:
                            yield current[0], current[1], GameOutcome(tuple(won), tuple(content), length, finished)
                        current, won, content = (game, variant), [], []
                        length, finished = steps, done
                    won.append(bool(w))
                    content.append(tuple(c or ()))
            if current is not None:
                yield current[0], current[1], GameOutcome(tuple(won), tuple(content), length, finished)
        finally:
            connection.close()


def resolve_id(game: str) -> str:
    """A game's id (for ``module:attribute`` games, the id the game declares)."""
    from bouts.sim.config import resolve_game

    return resolve_game(game).info.id


def _difference(theirs: Any, mine: Mapping[str, Any]) -> str:
    if not isinstance(theirs, dict):
        return "an unreadable set-up"
    for key, value in mine.items():
        if theirs.get(key) != value:
            before, now = json.dumps(theirs.get(key), default=str), json.dumps(value, default=str)
            return f"{key} was {before[:80]}, now {now[:80]}"
    return "another set-up"


def _atomic_json(path: Path, data: Mapping[str, Any]) -> None:
    temporary = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    try:
        temporary.write_text(json.dumps(data, indent=1, default=str) + "\n", encoding="utf-8")
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def read_manifest(folder: Path | str) -> dict[str, Any]:
    """A run folder's ``run.json`` (a :class:`SimError` if it has none)."""
    path = Path(folder) / MANIFEST
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SimError(f"{folder}: no {MANIFEST} here (not a bouts compare or sweep folder)") from None
    except (OSError, json.JSONDecodeError) as exc:
        raise SimError(f"{path}: cannot read it ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SimError(f"{path}: not a bouts run description")
    return data


def parquet_files(folder: Path | str) -> list[Path]:
    """Every Parquet file under ``folder`` (a run folder, or a folder of runs), in order."""
    root = Path(folder)
    if not root.is_dir():
        raise SimError(f"{folder}: no such folder")
    return sorted(p for p in root.rglob("*.parquet") if not p.name.startswith("."))


def connect(folder: Path | str) -> Any:
    """A DuckDB connection with a view ``games`` over every Parquet file under ``folder``."""
    import duckdb

    files = parquet_files(folder)
    if not files:
        raise SimError(f"{folder}: no games here yet (no .parquet files)")
    connection = duckdb.connect(":memory:", config={"memory_limit": DUCKDB_MEMORY, "threads": 2})
    listed = ", ".join("'" + str(p).replace("'", "''") + "'" for p in files)
    connection.execute(f"create view games as select * from read_parquet([{listed}], union_by_name = true)")
    return connection


def query_rows(folder: Path | str, sql: str, parameters: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
    """Every row ``sql`` gives over the ``games`` view of ``folder``."""
    connection = connect(folder)
    try:
        rows: list[tuple[Any, ...]] = connection.execute(sql, list(parameters)).fetchall()
        return rows
    finally:
        connection.close()


def query(folder: Path | str, sql: str, limit: int | None = None) -> tuple[list[str], list[tuple[Any, ...]], bool]:
    """Run ``sql`` over the ``games`` view of ``folder``: its column names, rows (at most ``limit``) and whether
    more rows were left out. A bad query is a :class:`SimError` with DuckDB's message."""
    import duckdb

    connection = connect(folder)
    try:
        try:
            result = connection.execute(sql)
        except duckdb.Error as exc:
            raise SimError(f"the query failed: {str(exc).splitlines()[0]}") from None
        if result.description is None:
            return [], [], False
        names = [d[0] for d in result.description]
        if limit is None:
            return names, result.fetchall(), False
        rows = result.fetchmany(limit + 1)
        return names, rows[:limit], len(rows) > limit
    finally:
        connection.close()

