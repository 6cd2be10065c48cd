"""The examples in the core's docstrings run (they document the i18n and table mechanisms)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["bouts.core.i18n", "bouts.core.events", "bouts.core.clauses", "bouts.core.table", "bouts.core.text",
           "bouts.core.options", "bouts.core.catalogs", "bouts.core.actions", "bouts.core.contract",
           "bouts.core.messages", "bouts.core.chance", "bouts.core.decisions"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
