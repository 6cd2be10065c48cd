"""Issue 28, "results you can query": every game in Parquet, read by DuckDB; runs extend without repeating games."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from bouts.cli.main import app
from bouts.sim.paired import Accumulator
from bouts.sim.runner import play_design
from bouts.sim.store import RunStore
from bouts.sim.workbench import Running, compare
from tests.sim.workbench_packs import study, typical_pack

runner = CliRunner()
CHANGE = "hero.squire.base_damage += 2"


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return typical_pack(tmp_path_factory.mktemp("packs"))


def rows(folder: Path, sql: str) -> list[tuple[object, ...]]:
    """``sql`` over the run's Parquet files, by DuckDB directly (not through bouts)."""
    files = sorted(str(p) for p in (folder / "games").glob("*.parquet"))
    connection = duckdb.connect()
    try:
        connection.execute(f"create view games as select * from read_parquet({files!r})")
        return connection.execute(sql).fetchall()
    finally:
        connection.close()


def test_every_game_lands_in_parquet_with_the_variants_parameters_and_duckdb_reads_it(pack: Path,
                                                                                      tmp_path: Path) -> None:
    folder = tmp_path / "run"
    outcome = compare(study(pack, "base", CHANGE, seed=2), 90, folder, running=Running(jobs=2))
    assert rows(folder, "select count(*) from games") == [(90 * 2 * 2,)]  # games x variants x seats
    assert rows(folder, "select count(*) from (select distinct variant, game, seat from games)") == [(360,)]
    assert rows(folder, 'select variant, min("hero.squire.base_damage"), max("hero.squire.base_damage") '
                        "from games group by variant order by variant") == [("baseline", 1, 1), (CHANGE, 3, 3)]
    schema = pq.read_schema(next((folder / "games").glob("*.parquet")))
    assert {"variant", "game", "seed", "seat", "agent", "content", "won", "length", "hero.squire.base_damage"} \
        <= set(schema.names)
    # the report's numbers are the Parquet rows' numbers
    summary = outcome.summary
    for number, variant in enumerate(summary["variants"]):
        stats = {(s["kind"], s["name"]): s for s in variant["stats"]}
        (seat0,), = rows(folder, f"select avg(won::int) from games where variant_index = {number} and seat = 0")
        assert stats[("seat", "0")]["value"] == pytest.approx(seat0)
        (length,), = rows(folder, f"select avg(length) from games where variant_index = {number} and seat = 0")
        assert stats[("length", "")]["value"] == pytest.approx(length)
        by_hero = dict(rows(folder, f"select c, avg(won::int) from games, unnest(content) t(c) "
                                    f"where variant_index = {number} group by c"))
        assert {name: stats[("content", name)]["value"] for kind, name in stats if kind == "content"} == \
            pytest.approx(by_hero)
    # twin games: the same seeds and the same dealt Heroes in both variants
    assert rows(folder, "select count(*) from games a join games b on a.game = b.game and a.seat = b.seat "
                        "and a.variant_index = 0 and b.variant_index = 1 "
                        "where a.seed <> b.seed or a.content <> b.content") == [(0,)]


def test_bouts_results_runs_sql_over_a_run(pack: Path, tmp_path: Path) -> None:
    folder = tmp_path / "run"
    compare(study(pack, "base", CHANGE, seed=3), 30, folder, running=Running(jobs=1))
    result = runner.invoke(app, ["results", str(folder), "select variant, count(*) as n from games group by "
                                                         "variant order by variant", "--csv"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == ["variant,n", "baseline,60", f"{CHANGE},60"]
    described = runner.invoke(app, ["results", str(folder)])
    assert described.exit_code == 0 and "hero.squire.base_damage" in described.stdout
    assert "bouts results" in described.stdout  # an example query to start from
    bad = runner.invoke(app, ["results", str(folder), "select nope from games"])
    assert bad.exit_code == 2 and bad.stderr.startswith("error: the query failed:")
    assert len(bad.stderr.strip().splitlines()) == 1
    missing = runner.invoke(app, ["results", str(tmp_path / "nowhere"), "select 1"])
    assert missing.exit_code == 2 and "no such folder" in missing.stderr


def test_a_run_extends_later_without_repeating_games_and_gives_what_one_run_gives(pack: Path,
                                                                                  tmp_path: Path) -> None:
    design = study(pack, "base", CHANGE, seed=5)
    grown = tmp_path / "grown"
    first = compare(design, 40, grown, running=Running(jobs=2))
    assert first.played == 80
    second = compare(design, 100, grown, running=Running(jobs=1))
    assert (second.had, second.played) == (40, 120)
    assert rows(grown, "select count(*), count(distinct (variant_index, game, seat)) from games") == [(400, 400)]
    at_once = compare(design, 100, tmp_path / "at-once", running=Running(jobs=2))
    assert second.summary == {**at_once.summary}
    columns = "variant_index, game, seat, seed, won, content, length, reward, decisions, reason"
    ordered = f"select {columns} from games order by variant_index, game, seat"
    assert rows(grown, ordered) == rows(tmp_path / "at-once", ordered)
    fewer = compare(design, 40, grown, running=Running(jobs=1))
    assert fewer.played == 0 and fewer.summary == first.summary  # a run's numbers depend on its -n only


def test_an_interrupted_run_keeps_what_finished_and_goes_on_from_there(pack: Path, tmp_path: Path) -> None:
    design = study(pack, "base", CHANGE, seed=6)
    folder = tmp_path / "run"
    store = RunStore(folder, design)
    store.open()
    chunks: list[int] = []
    with pytest.raises(KeyboardInterrupt):
        play_design(design, 200, Accumulator(2), store=store, jobs=1, stop=lambda: len(chunks) >= 5,
                    progress=chunks.append)
    kept = rows(folder, "select variant_index, count(*) from games where seat = 0 group by 1 order by 1")
    assert 0 < sum(count for _, count in kept) < 400
    resumed = compare(design, 200, folder, running=Running(jobs=2))
    assert resumed.played == 400 - sum(count for _, count in kept)
    fresh = compare(design, 200, tmp_path / "fresh", running=Running(jobs=1))
    assert resumed.summary == fresh.summary
    assert rows(folder, "select count(*), count(distinct (variant_index, game, seat)) from games") == [(800, 800)]


def test_files_do_not_depend_on_the_number_of_workers(pack: Path, tmp_path: Path) -> None:
    design = study(pack, "base", CHANGE, seed=7)
    compare(design, 60, tmp_path / "one", running=Running(jobs=1))
    compare(design, 60, tmp_path / "two", running=Running(jobs=2))
    one = sorted((tmp_path / "one" / "games").iterdir())
    two = sorted((tmp_path / "two" / "games").iterdir())
    assert [p.name for p in one] == [p.name for p in two]
    assert [p.read_bytes() for p in one] == [p.read_bytes() for p in two]
    manifest = json.loads((tmp_path / "one" / "run.json").read_text())
    assert manifest["params"] == [{"hero.squire.base_damage": 1}, {"hero.squire.base_damage": 3}]
