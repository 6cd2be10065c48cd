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
from typing import Annotated, Any, Final, Generic, TypeVar

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

from bouts.core.i18n import BOUTS, LANGS, N_, LanguageError, Message, Text

M_ = BOUTS.message
M_n = BOUTS.nmessage


class ContentError(ValueError):
    """A content pack that cannot be loaded; the message says what and where.

    Its argument is a :class:`~bouts.core.i18n.Message`: ``str(error)`` reads it in the current language.
    """


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
        unknown = sorted(str(k) for k in value if k not in (*LANGS, "original"))
        if unknown:
            raise ValueError(M_("unknown language {lang} (choose from {langs})", lang=repr(unknown[0]),
                                langs=list(LANGS)))
        if "original" in value and value["original"] not in LANGS:
            raise ValueError(M_("'original' must be one of {langs}", langs=list(LANGS)))
    else:
        raise ValueError(M_("expected a string or a table of languages ({langs}), not {kind}",
                            langs=list(LANGS), kind=type(value).__name__))
    for text in texts:
        if not isinstance(text, str):
            raise ValueError(M_("each language's text must be a string"))
        if len(text) > MAX_TEXT:
            raise ValueError(M_("text of {length} characters is too long (at most {most})", length=len(text),
                                most=MAX_TEXT))
        if any((ord(ch) < 32 and ch not in "\n") or 0x7F <= ord(ch) < 0xA0 for ch in text):
            raise ValueError(M_("text holds a control character (terminal escape sequences are refused)"))
        if any(0xD800 <= ord(ch) <= 0xDFFF for ch in text):
            raise ValueError(M_("text holds a lone surrogate"))
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
            raise ValueError(M_("give a 'source' or set 'stand_in = true'"))
        if not is_id(self.id):
            raise ValueError(M_("id {id} must be lowercase letters, digits, '_' or '-' ([a-z0-9_-]+)",
                                id=repr(self.id)))
        bilingual = any(len(t.languages) > 1 for t in (self.name, self.text))
        if bilingual and not (self.translated or self.translation_source):
            raise ValueError(M_("a text given in two languages needs 'translated = true' (our translation) or "
                                "'translation_source' (where the translation comes from)"))
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


def _describe(entry: Any, index: int) -> Message:
    name = entry.get("id") if isinstance(entry, dict) else None
    if name:
        return M_("entry #{number} (id '{id}')", number=index + 1, id=str(name))
    return M_("entry #{number}", number=index + 1)


FIELD: Final = N_("field '{field}': {problem}")
"""How a problem of a content field (or a patch's) is shown."""
OPTION: Final = N_("option '{field}': {problem}")
"""How a problem of a game option is shown."""


def numbers_problem(annotation: Any, value: Any, where: str, label: str = FIELD) -> Message | None:
    """The first value in ``value`` that is not a number of the right kind or size for ``annotation``, as
    ``label`` shows it (:data:`FIELD` or :data:`OPTION`).

    TOML's ``true`` is not a number (pydantic would read it as 1), and no number may exceed
    :data:`MAX_NUMBER` in size, so a huge count is refused before anything is built from it.
    """
    found = _number_problem(annotation, value, where)
    if found is None:
        return None
    return Message(label, {"field": found[0], "problem": found[1]})


def _number_problem(annotation: Any, value: Any, where: str) -> tuple[str, Message] | None:
    if isinstance(value, bool):
        kinds = _leaf_types(annotation)
        if (int in kinds or float in kinds) and bool not in kinds:
            return where, M_("{value} is not a number", value=str(value).lower())
        return None
    if isinstance(value, str):
        kinds = _leaf_types(annotation)
        if (int in kinds or float in kinds) and not (kinds & {str, Any}) and not any(
                isinstance(k, type) and issubclass(k, str) for k in kinds):
            return where, M_("{value} is text, not a number (write it without quotes)", value=repr(value))
        return None
    if isinstance(value, int | float):
        if not abs(value) <= MAX_NUMBER:  # also refuses nan
            return where, M_("{value} is out of range (at most {most} in size)", value=str(value), most=MAX_NUMBER)
        return None
    if isinstance(value, dict):
        model = next((k for k in _leaf_types(annotation) if isinstance(k, type) and issubclass(k, BaseModel)), None)
        for key, item in value.items():
            inner = model.model_fields[key].annotation if model and key in model.model_fields else Any
            problem = _number_problem(inner, item, f"{where}.{key}" if where else str(key))
            if problem:
                return problem
        return None
    if isinstance(value, list):
        for index, item in enumerate(value):
            problem = _number_problem(_item_type(annotation, index), item, f"{where}.{index}")
            if problem:
                return problem
    return None


# -- other libraries' messages, in the reader's language --------------------------------------------------

_PYDANTIC: Final[dict[str, str]] = {
    "missing": N_("Field required"),
    "extra_forbidden": N_("Extra inputs are not permitted"),
    "int_type": N_("Input should be a valid integer"),
    "int_parsing": N_("Input should be a valid integer, unable to parse string as an integer"),
    "int_from_float": N_("Input should be a valid integer, got a number with a fractional part"),
    "float_type": N_("Input should be a valid number"),
    "float_parsing": N_("Input should be a valid number, unable to parse string as a number"),
    "finite_number": N_("Input should be a finite number"),
    "bool_type": N_("Input should be a valid boolean"),
    "bool_parsing": N_("Input should be a valid boolean, unable to interpret input"),
    "string_type": N_("Input should be a valid string"),
    "string_pattern_mismatch": N_("String should match pattern '{pattern}'"),
    "greater_than": N_("Input should be greater than {gt}"),
    "greater_than_equal": N_("Input should be greater than or equal to {ge}"),
    "less_than": N_("Input should be less than {lt}"),
    "less_than_equal": N_("Input should be less than or equal to {le}"),
    "multiple_of": N_("Input should be a multiple of {multiple_of}"),
    "list_type": N_("Input should be a valid list"),
    "tuple_type": N_("Input should be a valid tuple"),
    "set_type": N_("Input should be a valid set"),
    "dict_type": N_("Input should be a valid dictionary"),
    "model_type": N_("Input should be a valid dictionary or instance of {class_name}"),
    "model_attributes_type": N_("Input should be a valid dictionary or object to extract fields from"),
    "none_required": N_("Input should be None"),
    "literal_error": N_("Input should be {expected}"),
    "enum": N_("Input should be {expected}"),
}
"""pydantic's messages by error type, as message ids (pydantic's own English words)."""
_COLLECTIONS: Final = {"List": N_("List"), "Tuple": N_("Tuple"), "Dictionary": N_("Dictionary"), "Set": N_("Set")}


def _choices(expected: str) -> Message | str:
    """pydantic's ``'a', 'b' or 'c'`` as a list joined the way the language joins one."""
    values = [v for v in re.split(r",\s*|\s+or\s+", expected) if v]
    if len(values) < 2:
        return expected
    return M_("{choices} or {last}", choices=values[:-1], last=values[-1])


def pydantic_problem(error: Mapping[str, Any]) -> Message | str:
    """One of pydantic's errors (an item of ``ValidationError.errors()``), in the current language when shown.

    A message raised by a validator of ours is a :class:`Message` already; an error type we do not know keeps
    pydantic's English text.
    """
    kind = str(error.get("type", ""))
    ctx = dict(error.get("ctx") or {})
    if kind in ("value_error", "assertion_error"):
        cause = ctx.get("error")
        reason = cause.args[0] if isinstance(cause, Exception) and cause.args else str(cause)
        if kind == "assertion_error":
            return M_("Assertion failed, {error}", error=reason)
        return M_("Value error, {error}", error=reason)
    if kind in ("too_short", "too_long"):
        collection = str(ctx.get("field_type", ""))
        args = {"field_type": Message(_COLLECTIONS[collection]) if collection in _COLLECTIONS else collection,
                "actual_length": ctx.get("actual_length")}
        if kind == "too_short":
            return M_n("{field_type} should have at least {count} item after validation, not {actual_length}",
                       "{field_type} should have at least {count} items after validation, not {actual_length}",
                       int(ctx.get("min_length", 0)), **args)
        return M_n("{field_type} should have at most {count} item after validation, not {actual_length}",
                   "{field_type} should have at most {count} items after validation, not {actual_length}",
                   int(ctx.get("max_length", 0)), **args)
    if kind == "string_too_short":
        return M_n("String should have at least {count} character", "String should have at least {count} characters",
                   int(ctx.get("min_length", 0)))
    if kind == "string_too_long":
        return M_n("String should have at most {count} character", "String should have at most {count} characters",
                   int(ctx.get("max_length", 0)))
    msgid = _PYDANTIC.get(kind)
    if msgid is None:
        return str(error.get("msg", kind))
    if "expected" in ctx:
        ctx["expected"] = _choices(str(ctx["expected"]))
    return Message(msgid, {k: v if isinstance(v, (int, float, Message)) else str(v) for k, v in ctx.items()})


def validation_problems(exc: Any, label: str = FIELD, empty: str = "(entry)") -> Message:
    """Every problem of a pydantic ``ValidationError``, each as ``label`` shows it (:data:`FIELD`,
    :data:`OPTION`), joined with semicolons; a field is its dotted path (``empty`` for the whole entry)."""
    problems = [Message(label, {"field": ".".join(map(str, error["loc"])) or empty,
                                "problem": pydantic_problem(error)})
                for error in exc.errors()]
    return join_problems(problems)


def join_problems(problems: list[Message]) -> Message:
    """Several problems in one message, separated as the language separates clauses (``a; b``)."""
    joined = problems[0] if problems else M_("invalid input")
    for problem in problems[1:]:
        joined = M_("{first}; {then}", first=joined, then=problem)
    return joined


_TOML_FIXED: Final = {text: text for text in (
    N_("Invalid statement"), N_("Cannot overwrite a value"), N_("Expected '=' after a key in a key/value pair"),
    N_("Expected ']' at the end of a table declaration"), N_("Expected ']]' at the end of an array declaration"),
    N_("Invalid initial character for a key part"), N_("Unclosed array"), N_("Unclosed inline table"),
    N_("Unescaped '\\' in a string"), N_("Invalid hex value"), N_("Escaped character is not a Unicode scalar value"),
    N_("Unterminated string"), N_("Invalid value"), N_("Invalid date or datetime"))}
_TOML_PATTERNS: Final = (
    (re.compile(r"^Expected (?P<what>.+)$"), N_("Expected {what}")),
    (re.compile(r"^Found invalid character (?P<what>.+)$"), N_("Found invalid character {what}")),
    (re.compile(r"^Illegal character (?P<what>.+)$"), N_("Illegal character {what}")),
    (re.compile(r"^Cannot declare (?P<what>.+) twice$"), N_("Cannot declare {what} twice")),
    (re.compile(r"^Cannot mutate immutable namespace (?P<what>.+)$"), N_("Cannot mutate immutable namespace {what}")),
    (re.compile(r"^Cannot redefine namespace (?P<what>.+)$"), N_("Cannot redefine namespace {what}")),
    (re.compile(r"^Duplicate inline table key (?P<what>.+)$"), N_("Duplicate inline table key {what}")),
)
_TOML_WHERE = re.compile(r"^(?P<text>.*?) \((?:at line (?P<line>\d+), column (?P<column>\d+)|(?P<end>at end of "
                         r"document))\)$", re.DOTALL)


def toml_problem(exc: Exception) -> Message | str:
    """A TOML syntax error (``tomllib.TOMLDecodeError``) in the current language when shown, with its line and
    column; a message we do not know keeps its English text."""
    text = str(exc)
    where = _TOML_WHERE.match(text)
    detail: str = where["text"] if where else text
    problem: Message | str = detail
    if detail in _TOML_FIXED:
        problem = Message(_TOML_FIXED[detail])
    else:
        for pattern, msgid in _TOML_PATTERNS:
            found = pattern.match(detail)
            if found:
                problem = Message(msgid, {"what": found["what"]})
                break
    if where is None:
        return problem
    if where["end"]:
        return M_("{problem} (at end of document)", problem=problem)
    return M_("{problem} (at line {line}, column {column})", problem=problem, line=int(where["line"]),
              column=int(where["column"]))


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
        raise ContentError(M_("{file}: is a directory, not a content file", file=file.name))
    try:
        size = file.stat().st_size
        if size > MAX_FILE_BYTES:
            raise ContentError(M_("{file}: {size} bytes is too large for a content file (at most {most})",
                                  file=file.name, size=size, most=MAX_FILE_BYTES))
        return file.read_bytes()
    except OSError as exc:
        raise ContentError(M_("{file}: cannot read it: {reason}", file=file.name, reason=os_problem(exc))) from None


def load_pack(directory: str | Path, game: str, schema: Mapping[str, type[Entry]],
              *, reference: bool = False, required: tuple[str, ...] = ()) -> ContentPack:
    """Load and validate every ``*.toml`` file in ``directory`` against ``schema``."""
    root = Path(directory)
    try:
        root.stat()
    except OSError as exc:
        if isinstance(exc, FileNotFoundError):
            raise ContentError(M_("content directory '{path}' does not exist", path=str(root))) from None
        raise ContentError(M_("content directory '{path}': {reason}", path=str(root),
                              reason=os_problem(exc))) from None
    if not root.is_dir():
        raise ContentError(M_("content directory '{path}' does not exist (or is not a directory)", path=str(root)))
    try:
        files = sorted(root.glob("*.toml"))
    except OSError as exc:
        raise ContentError(M_("content directory '{path}': {reason}", path=str(root),
                              reason=os_problem(exc))) from None
    if not files:
        raise ContentError(M_("content directory '{path}' holds no .toml files", path=str(root)))
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
            raise ContentError(M_("{file}: not UTF-8 text (byte {byte})", file=file.name, byte=exc.start)) from None
        except tomllib.TOMLDecodeError as exc:
            raise ContentError(M_("{file}: not valid TOML: {problem}", file=file.name,
                                  problem=toml_problem(exc))) from None
        except RecursionError:
            raise ContentError(M_("{file}: nested too deeply", file=file.name)) from None
        for section, entries in data.items():
            if section == "pack":
                if isinstance(entries, dict) and isinstance(entries.get("name"), str):
                    pack_name = entries["name"]
                if isinstance(entries, dict) and "lang" in entries:
                    if entries["lang"] not in LANGS:
                        raise ContentError(M_("{file}: [pack] lang must be one of {langs}", file=file.name,
                                              langs=list(LANGS)))
                    pack_lang = entries["lang"]
                continue
            model = schema.get(section)
            if model is None:
                raise ContentError(M_("{file}: unknown section [[{section}]] (known: {known})", file=file.name,
                                      section=section, known=sorted(schema)))
            if not isinstance(entries, list):
                raise ContentError(M_("{file}: [[{section}]] must be an array of tables", file=file.name,
                                      section=section))
            for index, entry in enumerate(entries):
                where = M_("{file}: [[{section}]] {entry}", file=file.name, section=section,
                           entry=_describe(entry, index))
                problem = numbers_problem(model, entry, "")
                if problem:
                    raise ContentError(M_("{where}: {problem}", where=where, problem=problem))
                try:
                    record = model.model_validate(entry, context={"lang": pack_lang})
                except ValidationError as exc:
                    raise ContentError(M_("{where}: {problem}", where=where,
                                          problem=validation_problems(exc))) from None
                key = (section, record.id)
                if key in seen:
                    raise ContentError(M_("{where}: duplicate id '{id}' (first in {file})", where=where,
                                          id=record.id, file=seen[key]))
                seen[key] = file.name
                sections[section].append(record)
    for section in required:
        if not sections.get(section):
            raise ContentError(M_("content '{path}': no [[{section}]] entries (the game needs at least one)",
                                  path=str(root), section=section))
    return ContentPack(
        game=game,
        id=f"{game}:{pack_name}@{digest.hexdigest()[:12]}",
        path=None if reference else str(root.resolve()),
        sections={k: tuple(v) for k, v in sections.items()},
    )


_JSON_FIXED: Final = {text: text for text in (
    N_("Expecting value"), N_("Expecting ',' delimiter"), N_("Expecting ':' delimiter"),
    N_("Expecting property name enclosed in double quotes"), N_("Extra data"), N_("Unterminated string starting at"),
    N_("Invalid \\uXXXX escape"), N_("Unexpected UTF-8 BOM (decode using utf-8-sig)"), N_("Invalid \\escape"),
    N_("Invalid control character at"))}
_JSON_PATTERNS: Final = (
    (re.compile(r"^Invalid control character (?P<what>.+) at$"), N_("Invalid control character {what} at")),
    (re.compile(r"^Invalid \\escape: (?P<what>.+)$"), N_("Invalid \\escape: {what}")),
)


def json_problem(exc: Exception) -> Message | str:
    """A JSON syntax error (``json.JSONDecodeError``) in the current language when shown, with where it is; a
    message we do not know keeps its English text."""
    detail = str(getattr(exc, "msg", exc))
    problem: Message | str = detail
    if detail in _JSON_FIXED:
        problem = Message(_JSON_FIXED[detail])
    else:
        for pattern, msgid in _JSON_PATTERNS:
            found = pattern.match(detail)
            if found:
                problem = Message(msgid, {"what": found["what"]})
                break
    if not hasattr(exc, "lineno"):
        return problem
    return M_("{problem}: line {line} column {column} (char {char})", problem=problem,
              line=int(getattr(exc, "lineno", 0)), column=int(getattr(exc, "colno", 0)),
              char=int(getattr(exc, "pos", 0)))

_OS_ERRORS: Final = {
    "ENOENT": N_("No such file or directory"), "EACCES": N_("Permission denied"),
    "EPERM": N_("Operation not permitted"), "EEXIST": N_("File exists"), "ENOTDIR": N_("Not a directory"),
    "EISDIR": N_("Is a directory"), "ENOSPC": N_("No space left on device"), "EROFS": N_("Read-only file system"),
    "ENOTEMPTY": N_("Directory not empty"), "ENAMETOOLONG": N_("File name too long"),
    "ELOOP": N_("Too many levels of symbolic links"), "EDQUOT": N_("Disk quota exceeded"),
    "EIO": N_("Input/output error"), "EMFILE": N_("Too many open files"),
}
"""The operating system's reasons a file cannot be used, by ``errno`` name (its own English words)."""


def os_problem(exc: OSError) -> Message | str:
    """Why a file operation failed (``OSError``), in the current language when shown; an error we do not know
    keeps the system's text."""
    import errno

    name = errno.errorcode.get(exc.errno or 0, "")
    if name in _OS_ERRORS:
        return Message(_OS_ERRORS[name])
    return exc.strerror or str(exc)

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
        raise ContentError(M_("not a {game} content pack: {value}", game=self.game, value=repr(content)[:80]))
