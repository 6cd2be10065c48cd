"""Keeping the message catalogs whole: extract every message the code uses, update the ``.po`` files, check.

Run ``python -m bouts.core.catalogs update`` after changing messages (``make catalogs`` does it): new messages
are added (English filled in from the message id, Japanese left empty for a translator), unused ones are
dropped, and every file is written sorted so that two branches rarely touch the same lines.
``python -m bouts.core.catalogs check`` (and the test suite) fails on a message without both translations, a
fuzzy entry, an entry nothing uses, or a translation whose ``{placeholders}`` differ from its message id's.

The domains are ``bouts`` (everything outside the games and the browser client), one per game package, and
``web`` (the browser client's JavaScript, whose keyword is ``_``).
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from bouts.core.i18n import LANGS

PACKAGE = Path(__file__).resolve().parent.parent
"""The ``bouts`` package directory."""

PYTHON_KEYWORDS: dict[str, tuple[int | tuple[int, str], ...] | None] = {
    "_": None, "N_": None, "N_n": (1, 2), "M_": None, "_n": (1, 2), "M_n": (1, 2), "_p": ((1, "c"), 2), "gettext": None,
    "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
}
"""The functions whose first argument is a message id: translate now (``_``), mark only (``N_``), a lazy
message (``M_``), plurals (``_n``, ``M_n``, marked only: ``N_n``) and messages with a context (``_p``)."""
JS_KEYWORDS: dict[str, tuple[int | tuple[int, str], ...] | None] = {"_": None, "_n": (1, 2)}
"""The browser client's translate functions."""


@dataclass(frozen=True)
class CatalogDomain:
    """One catalog: where its sources are and where its ``.po`` files go."""

    name: str
    """The domain's name (``bouts``, a game id, ``web``)."""
    source: Path
    """The directory whose files use its messages."""
    locale: Path
    """The directory holding ``<lang>/LC_MESSAGES/<name>.po``."""
    method: str = "python"
    """Babel's extraction method for the sources."""
    skip: tuple[str, ...] = ()
    """Subdirectories of ``source`` that belong to other domains."""

    def po(self, lang: str) -> Path:
        """The ``.po`` file of ``lang``."""
        return self.locale / lang / "LC_MESSAGES" / f"{self.name}.po"


def domains(package: Path = PACKAGE) -> list[CatalogDomain]:
    """Every catalog domain of the package: the interface, each game, the browser client."""
    found = [CatalogDomain("bouts", package, package / "locale", skip=("games", "web"))]
    games = package / "games"
    for game in sorted(p for p in games.iterdir() if (p / "__init__.py").is_file()):
        found.append(CatalogDomain(game.name, game, game / "locale"))
    found.append(CatalogDomain("web", package / "web", package / "web" / "locale", method="javascript"))
    return found


def extract(domain: CatalogDomain) -> Catalog:
    """Every message the domain's sources use, as a Babel catalog (no translations)."""
    catalog = Catalog(domain=domain.name, fuzzy=False)
    if domain.method == "javascript":
        method_map = [("**.js", "javascript")]
        keywords = JS_KEYWORDS
    else:
        method_map = [(f"{sub}/**", "ignore") for sub in domain.skip] + [("**.py", "python")]
        keywords = PYTHON_KEYWORDS

    def keep(path: str) -> bool:
        return not any(path == sub or path.startswith(sub + "/") for sub in domain.skip)

    if not domain.source.is_dir():
        return catalog
    for filename, _lineno, message, comments, context in extract_from_dir(
            str(domain.source), method_map, keywords=keywords, comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True):
        if not keep(filename) or not message:
            continue
        msgid = message if isinstance(message, str) else tuple(m for m in message if m is not None)
        if isinstance(msgid, tuple) and len(msgid) == 1:
            msgid = msgid[0]
        catalog.add(msgid, None, user_comments=comments, context=context)
    return catalog


def read(path: Path, lang: str) -> Catalog:
    """The catalog in ``path`` (an empty one when the file does not exist yet)."""
    if not path.is_file():
        return Catalog(locale=lang)
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def _key(message: Message) -> tuple[str | None, str]:
    ident = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
    return (message.context, ident)


def update(domain: CatalogDomain) -> dict[str, int]:
    """Bring the domain's ``.po`` files in line with its sources; returns counts of what changed."""
    template = extract(domain)
    counts = {"messages": 0, "added": 0, "dropped": 0}
    wanted = {_key(m): m for m in template if m.id}
    counts["messages"] = len(wanted)
    for lang in LANGS:
        path = domain.po(lang)
        old = read(path, lang)
        existing = {_key(m): m for m in old if m.id}
        new = Catalog(locale=lang, domain=domain.name, project="bouts", version="", fuzzy=False,
                      copyright_holder="bouts", msgid_bugs_address="")
        for key, message in wanted.items():
            previous = existing.get(key)
            string: str | tuple[str, ...] | list[str] | None
            if previous is not None and previous.id == message.id:
                string = previous.string
            elif lang == "en":
                string = message.id if isinstance(message.id, str) else tuple(message.id)
            else:
                string = "" if isinstance(message.id, str) else tuple("" for _ in range(1))
            if previous is None:
                counts["added"] += 1
            flags = set(previous.flags) if previous is not None else set()
            new.add(message.id, string, context=message.context, user_comments=message.user_comments,
                    flags=flags - {"python-format"})
        counts["dropped"] += sum(1 for key in existing if key not in wanted)
        if not wanted and not path.exists():
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        buffer = io.BytesIO()
        write_po(buffer, new, width=0, no_location=True, sort_output=True, omit_header=False,
                 include_previous=False)
        path.write_bytes(_strip_dates(buffer.getvalue()))
    return counts


def _strip_dates(po: bytes) -> bytes:
    """The ``.po`` text without the creation and revision dates (they change on every run)."""
    return re.sub(rb'"(POT-Creation-Date|PO-Revision-Date): [^"]*\\n"\n', b"", po)


PLACEHOLDER = re.compile(r"(?<!\{)\{([a-zA-Z_][a-zA-Z0-9_]*)(?:![rsa])?(?::[^{}]*)?\}(?!\})")


def placeholders(text: str) -> set[str]:
    """The named ``{placeholders}`` of a message.

    >>> sorted(placeholders("{who} hits {target} for {amount:d} ({{literal}})"))
    ['amount', 'target', 'who']
    """
    return set(PLACEHOLDER.findall(text))


def problems(domain: CatalogDomain) -> Iterator[str]:
    """Everything wrong with the domain's catalogs, one line each."""
    template = extract(domain)
    wanted = {_key(m): m for m in template if m.id}
    for lang in LANGS:
        path = domain.po(lang)
        if not path.is_file():
            if wanted:
                yield f"{domain.name}: {path} is missing ({len(wanted)} messages need it)"
            continue
        catalog = read(path, lang)
        found = {_key(m): m for m in catalog if m.id}
        where = f"{domain.name}/{lang}"
        for key, message in wanted.items():
            entry = found.get(key)
            label = repr(key[1]) + (f" (context {key[0]!r})" if key[0] else "")
            if entry is None:
                yield f"{where}: no entry for {label} (run: make catalogs)"
                continue
            strings = entry.string if isinstance(entry.string, (tuple, list)) else (entry.string,)
            if entry.fuzzy:
                yield f"{where}: {label} is fuzzy"
            if not all(strings):
                yield f"{where}: {label} has no translation"
                continue
            ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
            expected = set().union(*(placeholders(i or "") for i in ids))
            for string in strings:
                got = placeholders(string or "")
                if got - expected:
                    yield f"{where}: {label}: the translation uses {sorted(got - expected)}, unknown to the id"
                if len(ids) == 1 and expected - got:
                    yield f"{where}: {label}: the translation drops {sorted(expected - got)}"
        for key in found:
            if key not in wanted:
                yield f"{where}: {key[1]!r} is used nowhere (run: make catalogs)"


def main(argv: Iterable[str] | None = None) -> int:
    """``update`` or ``check`` every domain (or those named after the verb)."""
    args = list(sys.argv[1:] if argv is None else argv)
    verb = args[0] if args else "check"
    names = set(args[1:])
    selected = [d for d in domains() if not names or d.name in names]
    if verb == "update":
        for domain in selected:
            counts = update(domain)
            print(f"{domain.name}: {counts['messages']} messages, {counts['added']} new, "
                  f"{counts['dropped']} dropped")
        return 0
    if verb == "check":
        found = [line for domain in selected for line in problems(domain)]
        for line in found:
            print(line)
        print(f"{len(found)} problem(s) in {len(selected)} catalog domain(s)")
        return 1 if found else 0
    print("usage: python -m bouts.core.catalogs update|check [DOMAIN ...]")
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
