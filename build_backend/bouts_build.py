"""The build backend: setuptools, plus mypy (mypyc) in the build requirements when ``BOUTS_COMPILE=1``.

``pip install .`` builds pure Python as before; ``BOUTS_COMPILE=1 pip install .`` asks pip's isolated
build environment for mypy (with the packages the compiled modules' types come from) and ``setup.py``
compiles :data:`setup.COMPILED` with mypyc. Everything else is setuptools' own backend.
"""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (the whole PEP 517/660 interface)

COMPILE_REQUIRES = ["mypy>=1.10", "mypy_extensions>=1.0", "pydantic>=2.6", "types-setuptools"]
"""What mypyc needs to compile the modules (mypy reads the pyproject's config, pydantic plugin included)."""


def _compiling() -> bool:
    return os.environ.get("BOUTS_COMPILE", "") in ("1", "true", "yes")


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    """setuptools' requirements, and mypy's when compiling."""
    extra = COMPILE_REQUIRES if _compiling() else []
    return [*_setuptools.get_requires_for_build_wheel(config_settings), *extra]


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    """setuptools' requirements, and mypy's when compiling."""
    extra = COMPILE_REQUIRES if _compiling() else []
    return [*_setuptools.get_requires_for_build_editable(config_settings), *extra]
