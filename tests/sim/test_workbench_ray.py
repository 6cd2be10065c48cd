"""Issue 28, "scale": a sweep spread over Ray writes the very same Parquet files as the local process pool."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path

import pytest

from bouts.sim.sweep import Sweep, parse_vary
from bouts.sim.variants import Design
from bouts.sim.workbench import Running, compare, sweep
from tests.sim.workbench_packs import study, typical_pack

HAS_RAY = importlib.util.find_spec("ray") is not None
needs_ray = pytest.mark.skipif(not HAS_RAY, reason="Ray is not installed (pip install 'bouts[ray]')")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[object]:
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield ray
    ray.shutdown()


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((folder / "games").glob("*.parquet"))}


@needs_ray
def test_ray_and_the_local_pool_write_identical_parquet_for_the_same_sweep(local_ray: object,
                                                                           tmp_path: Path) -> None:
    grid = Sweep.of(Design("swordplay", ("random", "random"), (), assign="random", seed=8),
                    [parse_vary("hero.mercenary.life=5..8"), parse_vary("options.hand_size=4,5")])
    on_ray = sweep(grid, 30, tmp_path / "ray", running=Running(backend="ray", jobs=2))
    local = sweep(grid, 30, tmp_path / "local", running=Running(jobs=2))
    assert on_ray.played == local.played == 8 * 30
    ray_files, local_files = files(tmp_path / "ray"), files(tmp_path / "local")
    assert ray_files and ray_files == local_files
    assert on_ray.summary == local.summary
    assert (tmp_path / "ray" / "run.json").read_text() == (tmp_path / "local" / "run.json").read_text()


@needs_ray
def test_a_comparison_on_ray_matches_local(local_ray: object, tmp_path: Path) -> None:
    pack = typical_pack(tmp_path)
    design = study(pack, "base", "hero.squire.base_damage += 2", seed=9)
    on_ray = compare(design, 40, tmp_path / "ray", running=Running(backend="ray", jobs=2))
    local = compare(design, 40, tmp_path / "local", running=Running(jobs=1))
    assert files(tmp_path / "ray") == files(tmp_path / "local")
    assert on_ray.summary == local.summary
