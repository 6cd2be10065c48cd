"""Plain-text helpers for games' text pictures (no screen library: games know no screen).

>>> cell_width("セイバー ok"), escape_markup("[bold] x")
(11, '\\\\[bold] x')
>>> distinct_names(["The Gladiator", "The Duelist", "The Gladiator"])
['The Gladiator (seat 0)', 'The Duelist', 'The Gladiator (seat 2)']
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Sequence


def cell_width(text: str) -> int:
    """Terminal columns ``text`` takes: wide (East Asian) characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def escape_markup(text: str) -> str:
    """Make ``text`` safe inside Rich markup: a ``[`` is shown, never read as a style tag.

    Every string of a game (names, card text, log lines) goes through this before it is
    put between markup of our own. Backslashes before a ``[`` are doubled, and a trailing
    backslash is escaped, so the text cannot escape the markup that follows it.

    >>> escape_markup("[start ·|Q|· right]")
    '\\\\[start ·|Q|· right]'
    """
    text = re.sub(r"(\\*)\[", lambda m: m.group(1) * 2 + "\\[", text)
    if text.endswith("\\"):
        trailing = len(text) - len(text.rstrip("\\"))
        if trailing % 2:
            text += "\\"
    return text


def distinct_names(names: Sequence[str]) -> list[str]:
    """Names that tell seats apart: a name several seats share gets ``(seat N)`` after it.

    Seats are numbered as in the list, from 0. Games use it for every log line, menu
    and table where two seats may have the same Hero or character.
    """
    counts = Counter(names)
    return [f"{name} (seat {seat})" if counts[name] > 1 else name for seat, name in enumerate(names)]
