"""The rules behind the log: one line per clause id of a game's checklist, in both languages.

A game ships ``clauses.toml`` beside its module, made from its checklist (``rules/<game>.md``)::

    SWP-019 = { en = "Armor absorbs damage from attacks made against its wearer.", ja = "…" }

Events carry the ids of the clauses that produced them (:attr:`bouts.core.events.Event.clauses`); a log line
can then show the rule it applied (:meth:`bouts.core.contract.Game.clauses`).
"""

from __future__ import annotations

import importlib.resources
import re
import tomllib
from collections.abc import Mapping
from types import MappingProxyType

from bouts.core.i18n import LanguageError, Text

CLAUSE_ID = re.compile(r"[A-Z]{2,4}-(?:(?:RUL|EX|DT|[A-Z]{1,3})-)?[A-Z]?\d{2,3}")
"""What a clause id looks like: ``SWP-019``, ``SAO-RUL-04``, ``KAL-EX-02``, ``DGW-M14``."""


class ClauseTableError(ValueError):
    """A clauses.toml that cannot be read."""


def parse_clauses(text: str, where: str = "clauses.toml") -> Mapping[str, Text]:
    """The clause table in ``text``: id -> summary in both languages.

    >>> table = parse_clauses('SWP-019 = { en = "Armor absorbs damage.", ja = "鎧はダメージを吸収する。" }')
    >>> table["SWP-019"].get_text("en")
    'Armor absorbs damage.'
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ClauseTableError(f"{where}: not valid TOML: {exc}") from None
    table: dict[str, Text] = {}
    for key, value in data.items():
        if not CLAUSE_ID.fullmatch(key):
            raise ClauseTableError(f"{where}: {key!r} is not a clause id")
        try:
            table[key] = Text.of(value)
        except LanguageError as exc:
            raise ClauseTableError(f"{where}: {key}: {exc}") from None
    return MappingProxyType(table)


def load_clauses(package: str) -> Mapping[str, Text]:
    """The clause table of the game package ``package`` (empty when it ships none)."""
    try:
        resource = importlib.resources.files(package).joinpath("clauses.toml")
        if not resource.is_file():
            return MappingProxyType({})
        return parse_clauses(resource.read_text(encoding="utf-8"), f"{package}/clauses.toml")
    except (ModuleNotFoundError, FileNotFoundError):
        return MappingProxyType({})
