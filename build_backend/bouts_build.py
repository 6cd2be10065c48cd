"""The build backend: setuptools, plus mypy (mypyc) in the build requirements when ``BOUTS_COMPILE=1``.

``pip install .`` builds pure Python as before; ``BOUTS_COMPILE=1 pip install .`` asks pip's isolated
build environment for mypy (with the packages the compiled modules' types come from) and ``setup.py``
compiles :data:`setup.COMPILED` with mypyc (``BOUTS_COMPILE=require``: the same, but a build that cannot
compile fails instead of falling back to pure Python). Everything else is setuptools' own backend.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (the whole PEP 517/660 interface)

COMPILE_REQUIRES = ["mypy>=1.10", "mypy_extensions>=1.0", "pydantic>=2.6", "babel>=2.14", "rich>=13.7",
                    "types-setuptools"]
"""What mypyc needs to compile the modules: mypy (it reads the pyproject's config, pydantic plugin included) and the
packages whose types the compiled modules reach through their imports (pydantic, Babel through core.i18n, Rich through
the games' view modules). pip's isolated build environment has nothing else."""


def _compiling() -> bool:
    return os.environ.get("BOUTS_COMPILE", "").lower() in ("1", "true", "yes", "require")


@contextmanager
def _not_compiling() -> Iterator[None]:
    """setuptools runs ``setup.py`` to list requirements (before mypy is installed) and to write metadata
    (which extensions do not change): ``BOUTS_COMPILE_PROBE`` tells it not to compile then."""
    os.environ["BOUTS_COMPILE_PROBE"] = "1"
    try:
        yield
    finally:
        del os.environ["BOUTS_COMPILE_PROBE"]


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    """setuptools' requirements, and mypy's when compiling."""
    extra = COMPILE_REQUIRES if _compiling() else []
    with _not_compiling():
        return [*_setuptools.get_requires_for_build_wheel(config_settings), *extra]


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    """setuptools' requirements, and mypy's when compiling."""
    extra = COMPILE_REQUIRES if _compiling() else []
    with _not_compiling():
        return [*_setuptools.get_requires_for_build_editable(config_settings), *extra]


def _metadata(hook: Callable[..., str]) -> Callable[..., str]:
    def prepare(metadata_directory: str, config_settings: dict[str, Any] | None = None) -> str:
        with _not_compiling():
            return hook(metadata_directory, config_settings)
    prepare.__doc__ = f"setuptools' {hook.__name__}, without compiling."
    return prepare


prepare_metadata_for_build_wheel = _metadata(_setuptools.prepare_metadata_for_build_wheel)
prepare_metadata_for_build_editable = _metadata(_setuptools.prepare_metadata_for_build_editable)
