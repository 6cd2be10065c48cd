"""Content packs: TOML files validated into frozen records.

A pack is a directory of ``*.toml`` files. Each file holds arrays of tables
named after a section of the game's schema (``[[card]]``, ``[[hero]]``). Every
entry has an ``id``, a ``name`` and either a ``source`` or ``stand_in = true``.
A broken file gets a :class:`ContentError` naming the file, the entry and the
field.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Generic, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    PlainSerializer,
    PlainValidator,
    ValidationError,
    ValidationInfo,
    WithJsonSchema,
    model_validator,
)

from bouts.core.i18n import LANGS, LanguageError, Text


class ContentError(ValueError):
    """A content pack that cannot be loaded; the message says what and where."""


ID_PATTERN = re.compile(r"[a-z0-9_-]+")
"""What an id may be: lowercase letters, digits, ``_`` and ``-`` (ids go into action texts and saves)."""
MAX_NUMBER = 10_000
"""No number in any content pack may exceed this in size: no printed card carries one near it, and a
game's own schema sets the tighter bounds its rulebook justifies (copies per card, life, damage)."""
MAX_FILE_BYTES = 2_000_000
"""The largest content file read (the reference packs are a few kilobytes)."""


def is_id(text: object) -> bool:
    """Whether ``text`` is a valid content id.

    >>> is_id("attack_high"), is_id("Attack High"), is_id("a\tb"), is_id("")
    (True, False, False, False)
    """
    return isinstance(text, str) and ID_PATTERN.fullmatch(text) is not None


MAX_TEXT = 2_000
"""The longest name or rules text a pack may give (in characters, per language)."""


def _to_text(value: Any, info: ValidationInfo) -> Text:
    """A content text: a string in the pack's language (``[pack] lang``, English by default) or a table
    ``{ en = "...", ja = "..." }`` (with ``original = "ja"`` naming the official one when both are given)."""
    lang = (info.context or {}).get("lang", "en") if isinstance(info.context, dict) else "en"
    if isinstance(value, (str, Text)):
        texts = [value.get_text(k) for k in LANGS] if isinstance(value, Text) else [value]
    elif isinstance(value, dict):
        texts = [v for k, v in value.items() if k != "original"]
    else:
        raise ValueError(f"expected a string or a table of languages ({', '.join(LANGS)}), "
                         f"not {type(value).__name__}")
    for text in texts:
        if not isinstance(text, str):
            raise ValueError("each language's text must be a string")
        if len(text) > MAX_TEXT:
            raise ValueError(f"text of {len(text)} characters is too long (at most {MAX_TEXT})")
        if any((ord(ch) < 32 and ch not in "\n") or 0x7F <= ord(ch) < 0xA0 for ch in text):
            raise ValueError("text holds a control character (terminal escape sequences are refused)")
        if any(0xD800 <= ord(ch) <= 0xDFFF for ch in text):
            raise ValueError("text holds a lone surrogate")
    try:
        return Text.of(value, lang)
    except LanguageError as exc:
        raise ValueError(str(exc)) from None


LocalText = Annotated[Text, PlainValidator(_to_text), PlainSerializer(Text.given, return_type=dict),
                      WithJsonSchema({"anyOf": [{"type": "string"},
                                                {"type": "object", "properties": {"en": {"type": "string"},
                                                                                  "ja": {"type": "string"},
                                                                                  "original": {"enum": ["en", "ja"]}},
                                                 "additionalProperties": False}]})]
"""A name or rules text in both languages (:class:`bouts.core.i18n.Text`), as content gives it."""


class Entry(BaseModel):
    """Base of every content record."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    """Stable id used in actions and saves (lowercase, no spaces)."""
    name: LocalText
    """The name printed on the card or sheet, in both languages (the official one marked ``original``)."""
    source: str | None = None
    """Where the fact comes from (rulebook line, public source)."""
    stand_in: bool = False
    """True when bouts designed this entry because the real one is not public."""
    text: LocalText = Text()
    """Rules text as printed (or as designed, for a stand-in), in both languages."""
    translated: bool = False
    """True when the language that is not the original is bouts' own translation."""
    translation_source: str | None = None
    """Where the translation comes from, when a public one exists (e.g. an official English release)."""

    @model_validator(mode="after")
    def _has_provenance(self) -> Entry:
        if not self.stand_in and not self.source:
            raise ValueError("give a 'source' or set 'stand_in = true'")
        if not is_id(self.id):
            raise ValueError(f"id {self.id!r} must be lowercase letters, digits, '_' or '-' ([a-z0-9_-]+)")
        bilingual = any(len(t.languages) > 1 for t in (self.name, self.text))
        if bilingual and not (self.translated or self.translation_source):
            raise ValueError("a text given in two languages needs 'translated = true' (our translation) or "
                             "'translation_source' (where the translation comes from)")
        return self

    @property
    def is_translated(self) -> bool:
        """Whether the name is given in every language."""
        return all(self.name.has(lang) for lang in LANGS)


E = TypeVar("E", bound=Entry)


@dataclass(frozen=True)
class ContentPack:
    """A loaded, validated content pack."""

    game: str
    """The game id the pack is for."""
    id: str
    """``<game>:<pack name>@<hash>``: names the exact files, for saves."""
    path: str | None
    """The directory it came from, ``None`` for the reference pack."""
    sections: Mapping[str, tuple[Entry, ...]]
    """Entries by section name, in file order."""

    def entries(self, section: str, kind: type[E]) -> tuple[E, ...]:
        """The entries of ``section``, typed."""
        found = self.sections.get(section, ())
        return tuple(e for e in found if isinstance(e, kind))

    def by_id(self, section: str) -> dict[str, Entry]:
        """The entries of ``section`` keyed by id."""
        return {e.id: e for e in self.sections.get(section, ())}


@dataclass(frozen=True, eq=False)
class PackIndex:
    """Base of a game's catalogue: a pack indexed for play, equal to another when built from the same pack.

    Subclasses are ``@dataclass(frozen=True, eq=False)`` so they keep this equality, which compares
    pack ids instead of every indexed table.
    """

    pack: ContentPack
    """The validated pack the catalogue was built from."""

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and isinstance(other, PackIndex) and other.pack.id == self.pack.id

    def __hash__(self) -> int:
        return hash(self.pack.id)


def _describe(entry: Any, index: int) -> str:
    name = entry.get("id") if isinstance(entry, dict) else None
    return f"entry #{index + 1}" + (f" (id '{name}')" if name else "")


def numbers_problem(annotation: Any, value: Any, where: str) -> str | None:
    """The first value in ``value`` that is not a number of the right kind or size for ``annotation``.

    TOML's ``true`` is not a number (pydantic would read it as 1), and no number may exceed
    :data:`MAX_NUMBER` in size, so a huge count is refused before anything is built from it.
    """
    if isinstance(value, bool):
        kinds = _leaf_types(annotation)
        if (int in kinds or float in kinds) and bool not in kinds:
            return f"field '{where}': {str(value).lower()} is not a number"
        return None
    if isinstance(value, str):
        kinds = _leaf_types(annotation)
        if (int in kinds or float in kinds) and not (kinds & {str, Any}) and not any(
                isinstance(k, type) and issubclass(k, str) for k in kinds):
            return f"field '{where}': {value!r} is text, not a number (write it without quotes)"
        return None
    if isinstance(value, int | float):
        if not abs(value) <= MAX_NUMBER:  # also refuses nan
            return f"field '{where}': {value} is out of range (at most {MAX_NUMBER} in size)"
        return None
    if isinstance(value, dict):
        model = next((k for k in _leaf_types(annotation) if isinstance(k, type) and issubclass(k, BaseModel)), None)
        for key, item in value.items():
            inner = model.model_fields[key].annotation if model and key in model.model_fields else Any
            problem = numbers_problem(inner, item, f"{where}.{key}" if where else str(key))
            if problem:
                return problem
        return None
    if isinstance(value, list):
        for index, item in enumerate(value):
            problem = numbers_problem(_item_type(annotation, index), item, f"{where}.{index}")
            if problem:
                return problem
    return None


def _leaf_types(annotation: Any) -> set[Any]:
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        return set().union(*(_leaf_types(a) for a in typing.get_args(annotation)))
    if origin is typing.Literal:
        return {type(a) for a in typing.get_args(annotation)}
    return {origin or annotation}


def _item_type(annotation: Any, index: int) -> Any:
    candidates = [annotation]
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        candidates = list(typing.get_args(annotation))
    for candidate in candidates:
        origin, args = typing.get_origin(candidate), typing.get_args(candidate)
        if origin in (tuple, list, set, frozenset) and args:
            if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
                return args[index] if index < len(args) else Any
            return args[0]
    return Any


def _read(file: Path) -> bytes:
    """A content file's bytes; every problem reading it is a :class:`ContentError`."""
    if file.is_dir():
        raise ContentError(f"{file.name}: is a directory, not a content file")
    try:
        size = file.stat().st_size
        if size > MAX_FILE_BYTES:
            raise ContentError(f"{file.name}: {size} bytes is too large for a content file "
                               f"(at most {MAX_FILE_BYTES})")
        return file.read_bytes()
    except OSError as exc:
        raise ContentError(f"{file.name}: cannot read it: {exc.strerror or exc}") from None


def load_pack(directory: str | Path, game: str, schema: Mapping[str, type[Entry]],
              *, reference: bool = False, required: tuple[str, ...] = ()) -> ContentPack:
    """Load and validate every ``*.toml`` file in ``directory`` against ``schema``."""
    root = Path(directory)
    try:
        root.stat()
    except OSError as exc:
        if isinstance(exc, FileNotFoundError):
            raise ContentError(f"content directory '{root}' does not exist") from None
        raise ContentError(f"content directory '{root}': {exc.strerror or exc}") from None
    if not root.is_dir():
        raise ContentError(f"content directory '{root}' does not exist (or is not a directory)")
    try:
        files = sorted(root.glob("*.toml"))
    except OSError as exc:
        raise ContentError(f"content directory '{root}': {exc.strerror or exc}") from None
    if not files:
        raise ContentError(f"content directory '{root}' holds no .toml files")
    digest = hashlib.sha256()
    sections: dict[str, list[Entry]] = {name: [] for name in schema}
    seen: dict[tuple[str, str], str] = {}
    pack_name = root.name
    pack_lang = "en"
    for file in files:
        raw = _read(file)
        digest.update(file.name.encode() + b"\0" + raw + b"\0")
        try:
            data = tomllib.loads(raw.decode("utf-8"))
        except UnicodeDecodeError as exc:
            raise ContentError(f"{file.name}: not UTF-8 text (byte {exc.start})") from None
        except tomllib.TOMLDecodeError as exc:
            raise ContentError(f"{file.name}: not valid TOML: {exc}") from None
        except RecursionError:
            raise ContentError(f"{file.name}: nested too deeply") from None
        for section, entries in data.items():
            if section == "pack":
                if isinstance(entries, dict) and isinstance(entries.get("name"), str):
                    pack_name = entries["name"]
                if isinstance(entries, dict) and "lang" in entries:
                    if entries["lang"] not in LANGS:
                        raise ContentError(f"{file.name}: [pack] lang must be one of {', '.join(LANGS)}")
                    pack_lang = entries["lang"]
                continue
            model = schema.get(section)
            if model is None:
                known = ", ".join(sorted(schema))
                raise ContentError(f"{file.name}: unknown section [[{section}]] (known: {known})")
            if not isinstance(entries, list):
                raise ContentError(f"{file.name}: [[{section}]] must be an array of tables")
            for index, entry in enumerate(entries):
                where = f"{file.name}: [[{section}]] {_describe(entry, index)}"
                problem = numbers_problem(model, entry, "")
                if problem:
                    raise ContentError(f"{where}: {problem}")
                try:
                    record = model.model_validate(entry, context={"lang": pack_lang})
                except ValidationError as exc:
                    problems = "; ".join(
                        f"field '{'.'.join(map(str, err['loc'])) or '(entry)'}': {err['msg']}"
                        for err in exc.errors()
                    )
                    raise ContentError(f"{where}: {problems}") from None
                key = (section, record.id)
                if key in seen:
                    raise ContentError(f"{where}: duplicate id '{record.id}' (first in {seen[key]})")
                seen[key] = file.name
                sections[section].append(record)
    for section in required:
        if not sections.get(section):
            raise ContentError(f"content '{root}': no [[{section}]] entries (the game needs at least one)")
    return ContentPack(
        game=game,
        id=f"{game}:{pack_name}@{digest.hexdigest()[:12]}",
        path=None if reference else str(root.resolve()),
        sections={k: tuple(v) for k, v in sections.items()},
    )


C = TypeVar("C")


class Catalogs(Generic[C]):
    """A game's content, indexed for play: the reference pack (loaded once) or a user's directory.

    ``index`` turns a validated pack into the game's own catalogue (``kind``),
    checking what the schema alone cannot (cross references, enough entries).
    """

    def __init__(self, game: str, schema: Mapping[str, type[Entry]], reference: Path,
                 index: Callable[[ContentPack], C], kind: type[C]) -> None:
        self.game, self.schema, self.reference_dir = game, schema, reference
        self.index, self.kind = index, kind
        self._reference: C | None = None

    def reference(self) -> C:
        """The reference pack shipped with bouts."""
        if self._reference is None:
            self._reference = self.index(load_pack(self.reference_dir, self.game, self.schema, reference=True))
        return self._reference

    def load(self, path: str | None) -> C:
        """The reference pack (``path`` None) or the pack in directory ``path``."""
        if path is None:
            return self.reference()
        return self.index(load_pack(path, self.game, self.schema))

    def of(self, content: Any) -> C:
        """The catalogue for ``content``: ``None``, a directory, a loaded pack or a catalogue."""
        if content is None or isinstance(content, str):
            return self.load(content)
        if isinstance(content, self.kind):
            return content
        if isinstance(content, ContentPack):
            return self.index(content)
        raise ContentError(f"not a {self.game} content pack: {content!r}")
