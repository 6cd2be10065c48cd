"""Plain-text helpers for games' text pictures (no screen library: games know no screen).

>>> cell_width("セイバー ok"), escape_markup("[bold] x")
(11, '\\\\[bold] x')
"""

from __future__ import annotations

import unicodedata


def cell_width(text: str) -> int:
    """Terminal columns ``text`` takes: wide (East Asian) characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def escape_markup(text: str) -> str:
    """Make ``text`` safe inside Rich markup: a ``[`` is shown, never read as a style tag."""
    return text.replace("[", "\\[")
