"""Plain-text helpers for games' text pictures (no screen library: games know no screen).

>>> cell_width("セイバー ok"), escape_markup("[bold] x")
(11, '\\\\[bold] x')
>>> [str(n) for n in distinct_names(["The Gladiator", "The Duelist", "The Gladiator"])]
['The Gladiator (seat 1)', 'The Duelist', 'The Gladiator (seat 3)']
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Sequence

from bouts.core.i18n import BOUTS, N_, Text, tr


def cell_width(text: str) -> int:
    """Terminal columns ``text`` takes: wide (East Asian) characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    r"""``text`` safe to print on a terminal: control characters (escape sequences, bidi overrides) are shown
    as ``\x1b``-style escapes instead of acting on the terminal; newlines and tabs stay.

    >>> print(printable("red\x1b[31m text\u202e"))
    red\x1b[31m text\u202e
    """
    return _CONTROL.sub(lambda m: m.group(0).encode("unicode_escape").decode("ascii"), text)


def escape_markup(text: object) -> str:
    """Make ``text`` safe inside Rich markup: a ``[`` is shown, never read as a style tag.

    Every string of a game (names, card text, log lines) goes through this before it is
    put between markup of our own. Backslashes before a ``[`` are doubled, and a trailing
    backslash is escaped, so the text cannot escape the markup that follows it; terminal control
    characters are shown, not obeyed (:func:`printable`). A name in both languages (or a message)
    is first made text in the current language.

    >>> escape_markup("[start ·|Q|· right]")
    '\\\\[start ·|Q|· right]'
    """
    text = printable(text if isinstance(text, str) else tr(text))
    text = re.sub(r"(\\*)\[", lambda m: m.group(1) * 2 + "\\[", text)
    if text.endswith("\\"):
        trailing = len(text) - len(text.rstrip("\\"))
        if trailing % 2:
            text += "\\"
    return text


def distinct_names(names: Sequence[str | Text]) -> list[Text]:
    """Names that tell seats apart, in both languages: a name several seats share gets ``(seat N)`` after it.

    Seats are the list's positions and are printed counted from 1, as the table prints them. Games use it
    for every log line, menu and table where two seats may have the same Hero or character.
    """
    texts = [Text.of(name) for name in names]
    counts = Counter(texts)
    return [Text(**{lang: BOUTS.translate(SEAT_SUFFIX, lang).replace("{name}", text.get_text(lang))
                     .replace("{number}", str(seat + 1)) for lang in text.languages}, original=text.original)
            if counts[text] > 1 else text for seat, text in enumerate(texts)]


SEAT_SUFFIX = N_("{name} (seat {number})")
"""How a name several seats share is told apart."""
