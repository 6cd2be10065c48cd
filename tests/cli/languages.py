"""Helpers for language tests: which words of a text are English interface words, which characters Japanese."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from html.parser import HTMLParser

JAPANESE = re.compile(r"[\u3001-\u30ff\u3400-\u9fff\uff01-\uff5e]")
"""Japanese punctuation, hiragana, katakana, kanji and full-width forms."""
FILE = re.compile(r"\S*\.(?:html|jsonl|json|csv|png|parquet|toml)\b")
"""File names (ids, not words)."""
OPTION = re.compile(r"--[a-z][a-z-]*")
"""Command-line options (their names are ids)."""
WORD = re.compile(r"[A-Za-z][A-Za-z_']*")

FORMATS = frozenset({"bouts", "Parquet", "JSON", "CSV", "SQL", "DuckDB", "HTML", "PNG", "TOML", "UTF", "ID"})
"""Product and format names, the program's own name and "ID": the same in every language."""


def has_japanese(text: str) -> bool:
    """Whether ``text`` has a Japanese character."""
    return JAPANESE.search(text) is not None


def english_words(text: str, allowed: Iterable[str]) -> list[str]:
    """The words of ``text`` that are English interface words: every run of Latin letters (two or more) that
    is not in ``allowed`` (ids, agent specs, option names) or :data:`FORMATS`, once paths, file names and
    command-line options are left out."""
    known = {word.lower() for word in (*allowed, *FORMATS)}
    kept = []
    for token in text.split():
        if "/" in token or "\\" in token:
            continue  # a path
        token = OPTION.sub(" ", FILE.sub(" ", token))
        kept.append(token)
    found = []
    for word in WORD.findall(" ".join(kept)):
        word = word.strip("'_")
        if len(word) > 1 and word.lower() not in known:
            found.append(word)
    return found


def game_ids(game_id: str) -> set[str]:
    """The ids a game's reports may show: content ids, option names and values, agent kinds."""
    import bouts

    game = bouts.game(game_id)
    ids = {entry.id for entries in game.load_content(None).sections.values() for entry in entries}
    ids |= set(game.options_help()) | {game_id, "random", "heuristic", "ismcts", "local"}
    ids |= {str(choice) for control in game.options_form() for choice in control.get("choices") or ()}
    return id_words(*ids)


def id_words(*texts: str) -> set[str]:
    """Every Latin word of ``texts`` (ids written into a command line, a pack or a change)."""
    return {w.strip("'_") for text in texts for w in WORD.findall(text)} | {
        part for text in texts for part in re.findall(r"[A-Za-z0-9_]+", text)}


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "script"):
            self.skip += 1
        for name, value in attrs:
            if name in ("alt", "title", "aria-label", "placeholder") and value:
                self.parts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script"):
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.parts.append(data)


def page_text(page: str) -> str:
    """What a reader of an HTML page reads: its text, and its images' and controls' descriptions."""
    parser = _Text()
    parser.feed(page)
    return html.unescape(" \n".join(parser.parts))
