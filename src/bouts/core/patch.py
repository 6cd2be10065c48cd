"""Changes as data: a small patch over a content pack or a game's options.

A designer's question is a comparison ("what if the Mercenary hit for 2 more?"), so a change is a
value, not an edited copy of a pack. A :class:`Patch` is a list of :class:`Change` s, written one per
line (or separated by ``;``) on the command line or in a small TOML file::

    hero.mercenary.base_damage += 2        # add to a number (also -=, *=)
    servant.artoria.commands.0.power = 4   # set any field, nested fields and list items too
    servant.artoria.skills[1] = "charisma" # swap a card in a list
    card.attack_high -> card.overhead_smash # one copy of a counted card becomes one of another
    options.realistic_parries = true       # an option or house rule (also: toggle options.NAME)
    drop card.feint                        # remove an entry
    add hero.giant = {name = "Giant", life = 60, stand_in = true}

Patches are checked as content is: a change that names a section, entry or field that does not
exist, or that gives a value the schema refuses, raises :class:`PatchError` naming the change. The
patched pack is a new :class:`~bouts.core.content.ContentPack` with its own id, validated entry by
entry against the same schema; the game then indexes it as any pack (cross references checked).

The core knows no game: sections, entries and fields are whatever the pack's schema declares.
"""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from bouts.core.content import ContentPack, Entry, is_id, numbers_problem


class PatchError(ValueError):
    """A patch that cannot be read or applied; the message names the change and why."""


OPTIONS = "options"
"""The first part of a path that names a game option (``options.realistic_parries``); ``option`` also works."""
COUNT = "count"
"""The field a counted card keeps its copies in; ``a -> b`` moves one copy from ``a`` to ``b``."""
MAX_PATCH_BYTES = 100_000
"""The largest patch file read."""
MAX_CHANGES = 200
"""Most changes one patch may hold."""

OPERATORS = ("+=", "-=", "*=", "=")
"""The assignment operators, longest first (so ``+=`` is not read as ``=``)."""
KINDS = ("set", "add", "subtract", "multiply", "toggle", "drop", "new", "move")
"""What a change does: set a field, add/subtract/multiply a number, toggle a flag, drop or add an entry,
move one copy of a counted card to another."""
_KIND_OF_OPERATOR = {"=": "set", "+=": "add", "-=": "subtract", "*=": "multiply"}
_OPERATOR_OF_KIND = {kind: op for op, kind in _KIND_OF_OPERATOR.items()}
_INDEX = re.compile(r"\[(\d+)\]")
_BARE = re.compile(r"[A-Za-z0-9_\-]+")
_PART = re.compile(r"[A-Za-z0-9_\-]+")


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True)
class Change:
    """One change: what it touches (a path), what it does, and the value it uses.

    >>> Change.parse("hero.mercenary.base_damage += 2")
    Change(path=('hero', 'mercenary', 'base_damage'), kind='add', value=2, target=())
    >>> str(Change.parse("options.realistic_parries=true"))
    'options.realistic_parries = true'
    """

    path: tuple[str, ...]
    """``(section, entry id, field, ...)`` for content, ``("options", name)`` for an option."""
    kind: str
    """One of :data:`KINDS`."""
    value: Any = None
    """The number or value used (JSON-ready); ``None`` for ``toggle``, ``drop`` and ``move``."""
    target: tuple[str, ...] = ()
    """For ``move``: ``(section, entry id)`` that receives the copy."""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise PatchError(f"unknown kind of change '{self.kind}' (known: {', '.join(KINDS)})")

    def __hash__(self) -> int:  # the value may be a list or table: hash the canonical text
        return hash(self.key())

    def key(self) -> str:
        """Canonical text of the change (equal changes, equal keys)."""
        return _canonical([list(self.path), self.kind, self.value, list(self.target)])

    @property
    def is_option(self) -> bool:
        """Whether the change is to a game option."""
        return self.path[0] == OPTIONS

    @property
    def field_path(self) -> str:
        """The dotted path of what changes (``hero.mercenary.base_damage``)."""
        return ".".join(self.path)

    def __str__(self) -> str:
        path = self.field_path
        if self.kind == "toggle":
            return f"toggle {path}"
        if self.kind == "drop":
            return f"drop {path}"
        if self.kind == "move":
            return f"{path} -> {'.'.join(self.target)}"
        if self.kind == "new":
            return f"add {path} = {_canonical(self.value)}"
        return f"{path} {_OPERATOR_OF_KIND[self.kind]} {_canonical(self.value)}"

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form."""
        data: dict[str, Any] = {"path": list(self.path), "kind": self.kind}
        if self.value is not None:
            data["value"] = self.value
        if self.target:
            data["target"] = list(self.target)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Change:
        """Read :meth:`to_json`'s form back (checked: a stored run is read as carefully as a typed one)."""
        try:
            path = tuple(str(p) for p in data["path"])
            change = cls(path, str(data["kind"]), data.get("value"), tuple(str(p) for p in data.get("target", ())))
        except (KeyError, TypeError) as exc:
            raise PatchError(f"not a change: {data!r} ({exc})") from None
        return cls.parse(str(change))

    @classmethod
    def parse(cls, text: str) -> Change:
        """Read one change from its text form (see the module docstring)."""
        line = text.strip()
        if not line:
            raise PatchError("empty change")
        words = line.split(None, 1)
        head = words[0]
        if head == "toggle" and len(words) == 2:
            return cls(_path(words[1], line), "toggle")
        if head == "drop" and len(words) == 2:
            path = _path(words[1], line)
            if len(path) != 2 or path[0] == OPTIONS:
                raise PatchError(f"'{line}': drop names an entry, as section.id (e.g. drop card.feint)")
            return cls(path, "drop")
        if head == "add" and len(words) == 2 and "=" in words[1] and "+=" not in words[1]:
            where, _, raw = words[1].partition("=")
            path = _path(where, line)
            if len(path) != 2 or path[0] == OPTIONS:
                raise PatchError(f"'{line}': add names a new entry, as section.id = {{...}}")
            value = _value(raw, line)
            if not isinstance(value, dict):
                raise PatchError(f"'{line}': a new entry is a table, e.g. {{name = \"Giant\", life = 60}}")
            return cls(path, "new", value)
        if "->" in line and not any(op in line for op in OPERATORS):
            source, _, target = line.partition("->")
            src, dst = _path(source, line), _path(target, line)
            if len(src) != 2 or len(dst) != 2 or OPTIONS in (src[0], dst[0]):
                raise PatchError(f"'{line}': a swap names two counted cards, as section.a -> section.b")
            if src[0] != dst[0]:
                raise PatchError(f"'{line}': a swap stays within one section ({src[0]} is not {dst[0]})")
            if src == dst:
                raise PatchError(f"'{line}': a card cannot be swapped for itself")
            return cls(src, "move", None, dst)
        for op in OPERATORS:
            where, found, raw = line.partition(op)
            if found:
                path = _path(where, line)
                value = _value(raw, line)
                kind = _KIND_OF_OPERATOR[op]
                if kind != "set" and not _is_number(value):
                    raise PatchError(f"'{line}': {op} needs a number, not {_canonical(value)}")
                if path[0] == OPTIONS and len(path) < 2:
                    raise PatchError(f"'{line}': name the option, as options.NAME")
                if path[0] != OPTIONS and len(path) < 3:
                    raise PatchError(f"'{line}': name a field, as section.id.field (e.g. hero.mercenary.life)")
                return cls(path, kind, value)
        raise PatchError(f"'{line}': not a change (write e.g. hero.mercenary.life = 8, card.a -> card.b, "
                         "toggle options.NAME, drop card.ID)")


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _path(text: str, line: str) -> tuple[str, ...]:
    cleaned = _INDEX.sub(r".\1", text.strip())
    parts = tuple(cleaned.split("."))
    if not parts or not all(_PART.fullmatch(p) for p in parts):
        raise PatchError(f"'{line}': '{text.strip()}' is not a path (parts are letters, digits, _ or -, "
                         "joined by '.')")
    if parts[0] == "option":
        parts = (OPTIONS, *parts[1:])
    return parts


def _value(raw: str, line: str) -> Any:
    text = raw.strip()
    if not text:
        raise PatchError(f"'{line}': no value after the operator")
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except (tomllib.TOMLDecodeError, RecursionError):
        pass
    try:
        return json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        pass
    if _BARE.fullmatch(text):
        return text
    raise PatchError(f"'{line}': '{text}' is not a value (a number, true/false, \"text\", [list] or {{table}})")


@dataclass(frozen=True)
class Patch:
    """A named list of changes; the empty patch is the baseline.

    >>> p = Patch.parse("hero.mercenary.base_damage += 2; options.realistic_parries = true")
    >>> len(p.changes), p.name, p.fields()
    (2, 'hero.mercenary.base_damage += 2; options.realistic_parries = true', ['hero.mercenary.base_damage', \
'options.realistic_parries'])
    """

    changes: tuple[Change, ...] = ()
    """The changes, applied in order."""
    name: str = ""
    """What a report calls this variant (the patch text when not given)."""

    def __post_init__(self) -> None:
        if len(self.changes) > MAX_CHANGES:
            raise PatchError(f"a patch holds at most {MAX_CHANGES} changes, not {len(self.changes)}")
        if not self.name:
            object.__setattr__(self, "name", "; ".join(map(str, self.changes)) or "baseline")

    def key(self) -> str:
        """Canonical text of the changes (the name does not count): equal keys, equal games."""
        return _canonical([json.loads(c.key()) for c in self.changes])

    def digest(self) -> str:
        """A short hash of :meth:`key`."""
        return hashlib.blake2b(self.key().encode(), digest_size=6).hexdigest()

    @property
    def content_changes(self) -> tuple[Change, ...]:
        """The changes to the content pack."""
        return tuple(c for c in self.changes if not c.is_option)

    @property
    def option_changes(self) -> tuple[Change, ...]:
        """The changes to the options."""
        return tuple(c for c in self.changes if c.is_option)

    def fields(self) -> list[str]:
        """Dotted paths of everything the patch changes, in order, without repeats (a swap names both cards'
        ``count``; an added or dropped entry names the entry)."""
        found: list[str] = []
        for change in self.changes:
            if change.kind == "move":
                paths = [f"{change.field_path}.{COUNT}", f"{'.'.join(change.target)}.{COUNT}"]
            else:
                paths = [change.field_path]
            found += [p for p in paths if p not in found]
        return found

    def then(self, other: Patch, name: str = "") -> Patch:
        """This patch followed by ``other``."""
        return Patch(self.changes + other.changes, name)

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"name": self.name, "changes": [c.to_json() for c in self.changes]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Patch:
        """Read :meth:`to_json`'s form back."""
        changes = data.get("changes", ())
        if not isinstance(changes, list):
            raise PatchError("a patch's 'changes' must be a list")
        return cls(tuple(Change.from_json(c) for c in changes), str(data.get("name", "")))

    @classmethod
    def parse(cls, text: str, name: str = "") -> Patch:
        """Changes separated by ``;`` or new lines (``#`` starts a comment)."""
        parts = [p for line in text.splitlines() for p in _split_changes(line)]
        return cls(tuple(Change.parse(p) for p in parts if p.strip()), name)

    @classmethod
    def load(cls, path: str | Path) -> Patch:
        """Read a patch file (TOML; see :func:`patch_from_toml`)."""
        file = Path(path)
        try:
            size = file.stat().st_size
            if size > MAX_PATCH_BYTES:
                raise PatchError(f"{file.name}: {size} bytes is too large for a patch (at most {MAX_PATCH_BYTES})")
            raw = file.read_bytes()
        except OSError as exc:
            raise PatchError(f"{file}: cannot read it: {exc.strerror or exc}") from None
        try:
            data = tomllib.loads(raw.decode("utf-8"))
        except UnicodeDecodeError as exc:
            raise PatchError(f"{file.name}: not UTF-8 text (byte {exc.start})") from None
        except tomllib.TOMLDecodeError as exc:
            raise PatchError(f"{file.name}: not valid TOML: {exc}") from None
        except RecursionError:
            raise PatchError(f"{file.name}: nested too deeply") from None
        try:
            return patch_from_toml(data, default_name=file.stem)
        except PatchError as exc:
            raise PatchError(f"{file.name}: {exc}") from None

    # -- applying ------------------------------------------------------------------------------
    def apply_options(self, options: Mapping[str, Any], known: Iterable[str]) -> dict[str, Any]:
        """``options`` with the option changes applied; ``known``: the game's option names."""
        names = tuple(known)
        result = dict(options)
        for change in self.option_changes:
            result = apply_option_change(result, change, names)
        return result

    def apply_content(self, pack: ContentPack) -> ContentPack:
        """``pack`` with the content changes applied, each changed entry validated by its schema."""
        changes = self.content_changes
        if not changes:
            return pack
        return apply_content_changes(pack, changes)


def _split_changes(line: str) -> list[str]:
    """Split a line at top-level ``;`` (not inside quotes, brackets or braces); ``#`` outside quotes ends it."""
    parts: list[str] = []
    current: list[str] = []
    depth = 0
    quote = ""
    for ch in line:
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            break
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == ";" and depth == 0:
            parts.append("".join(current))
            current = []
            continue
        current.append(ch)
    parts.append("".join(current))
    return [p for p in (p.strip() for p in parts) if p]


PATCH_FILE_KEYS = ("name", "changes", "set", "add", "drop", "new")
"""What a patch file may hold (see :func:`patch_from_toml`)."""


def patch_from_toml(data: Mapping[str, Any], default_name: str = "") -> Patch:
    """A patch from a TOML document::

        name = "Mercenary hits harder"            # optional: what reports call it
        changes = ["hero.mercenary.base_damage += 2", "card.attack_high -> card.overhead_smash"]
        drop = ["card.feint"]

        [set]                                     # plain values, by dotted path
        hero.mercenary.life = 8
        options.realistic_parries = true

        [add]                                     # numbers added (negative to take away)
        card.attack_low.count = -1

        [[new.hero]]                              # whole new entries, as in a content file
        id = "giant"
        name = "The Giant"
        life = 60
        stand_in = true
    """
    unknown = sorted(set(data) - set(PATCH_FILE_KEYS))
    if unknown:
        raise PatchError(f"unknown key '{unknown[0]}' (a patch file holds: {', '.join(PATCH_FILE_KEYS)})")
    name = data.get("name", default_name)
    if not isinstance(name, str):
        raise PatchError("'name' must be text")
    changes: list[Change] = []
    lines = data.get("changes", [])
    if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
        raise PatchError("'changes' must be a list of texts, e.g. [\"hero.mercenary.life = 8\"]")
    for line in lines:
        changes += Patch.parse(line).changes
    for table, kind in (("set", "set"), ("add", "add")):
        values = data.get(table, {})
        if not isinstance(values, dict):
            raise PatchError(f"[{table}] must be a table of dotted paths")
        for path, value in _leaves(values, ()):
            if len(path) < 2:
                raise PatchError(f"[{table}] {'.'.join(path)}: name a field, as section.id.field or options.NAME")
            text = f"{'.'.join(path)} {_OPERATOR_OF_KIND[kind]} {_canonical(value)}"
            changes.append(Change.parse(text))
    drops = data.get("drop", [])
    if not isinstance(drops, list) or not all(isinstance(d, str) for d in drops):
        raise PatchError("'drop' must be a list of entries, e.g. [\"card.feint\"]")
    changes += [Change.parse(f"drop {d}") for d in drops]
    new = data.get("new", {})
    if not isinstance(new, dict):
        raise PatchError("[[new.SECTION]] must be arrays of tables")
    for section, entries in new.items():
        if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
            raise PatchError(f"[[new.{section}]] must be an array of tables")
        for entry in entries:
            ident = entry.get("id")
            if not is_id(ident):
                raise PatchError(f"[[new.{section}]]: each new entry needs an 'id' (lowercase letters, digits, _ -)")
            body = {k: v for k, v in entry.items() if k != "id"}
            changes.append(Change((section, str(ident)), "new", body))
    return Patch(tuple(changes), name)


def _leaves(table: Mapping[str, Any], prefix: tuple[str, ...]) -> Iterable[tuple[tuple[str, ...], Any]]:
    for key, value in table.items():
        path = (*prefix, *_INDEX.sub(r".\1", key).split("."))
        if isinstance(value, dict):
            yield from _leaves(value, path)
        else:
            yield path, value


# -- applying changes ------------------------------------------------------------------------------

def apply_option_change(options: dict[str, Any], change: Change, known: Sequence[str]) -> dict[str, Any]:
    """``options`` with one option change applied (a new dict)."""
    name = change.path[1]
    if name not in known:
        raise PatchError(f"'{change}': no option '{name}' (options: {', '.join(known)})")
    result = dict(options)
    if len(change.path) > 2:
        if name not in result:
            raise PatchError(f"'{change}': option '{name}' has no value here to change a part of; set it whole")
        result[name] = _changed(result[name], change.path[2:], change, f"option '{name}'")
        return result
    if change.kind == "set":
        result[name] = change.value
        return result
    if name not in result:
        verb = "toggle" if change.kind == "toggle" else "change"
        raise PatchError(f"'{change}': option '{name}' has no value given here to {verb} (its default belongs "
                         f"to the game); set it, e.g. options.{name} = ...")
    result[name] = _operate(result[name], change, f"option '{name}'")
    return result


def _operate(current: Any, change: Change, where: str) -> Any:
    """The new value of a leaf under ``change`` (set, arithmetic, toggle)."""
    if change.kind == "set":
        return change.value
    if change.kind == "toggle":
        if not isinstance(current, bool):
            raise PatchError(f"'{change}': {where} is {_canonical(current)}, not true/false: toggle needs a flag")
        return not current
    if not _is_number(current):
        raise PatchError(f"'{change}': {where} is {_canonical(current)}, not a number")
    value = change.value
    if change.kind == "add":
        result = current + value
    elif change.kind == "subtract":
        result = current - value
    else:
        result = current * value
    if isinstance(result, float) and result.is_integer() and isinstance(current, int):
        result = int(result)
    return result


def _changed(container: Any, path: Sequence[str], change: Change, where: str) -> Any:
    """A copy of ``container`` (dicts and lists, as dumped) with the leaf at ``path`` changed."""
    head, rest = path[0], path[1:]
    if isinstance(container, dict):
        if head not in container:
            keys = ", ".join(map(str, container)) or "none"
            raise PatchError(f"'{change}': {where} has no field '{head}' (fields: {keys})")
        copy = dict(container)
        inner = f"{where}.{head}"
        copy[head] = _changed(copy[head], rest, change, inner) if rest else _operate(copy[head], change, inner)
        return copy
    if isinstance(container, list | tuple):
        if not head.isdigit() or int(head) >= len(container):
            raise PatchError(f"'{change}': {where} is a list of {len(container)}; '{head}' is not one of its "
                             f"positions (0 to {len(container) - 1})")
        items = list(container)
        index = int(head)
        inner = f"{where}[{index}]"
        items[index] = _changed(items[index], rest, change, inner) if rest else _operate(items[index], change, inner)
        return items
    raise PatchError(f"'{change}': {where} is {_canonical(container)}, which has no part '{head}'")


def _section(pack: ContentPack, name: str, change: Change) -> str:
    for candidate in (name, name.removesuffix("s"), name.removesuffix("es")):
        if candidate in pack.sections:
            return candidate
    known = ", ".join(sorted(pack.sections))
    raise PatchError(f"'{change}': no section '{name}' in {pack.game} content (sections: {known})")


def _dump(entry: Entry) -> dict[str, Any]:
    return entry.model_dump(mode="json", exclude_unset=False)


def _validated(model: type[Entry], data: dict[str, Any], change: Change, what: str) -> Entry:
    problem = numbers_problem(model, data, "")
    if problem:
        raise PatchError(f"'{change}': {what}: {problem}")
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(f"field '{'.'.join(map(str, e['loc'])) or '(entry)'}': {e['msg']}" for e in exc.errors())
        raise PatchError(f"'{change}': {what}: {problems}") from None
    except RecursionError:
        raise PatchError(f"'{change}': {what}: nested too deeply") from None


def _fields_of(model: type[BaseModel]) -> list[str]:
    return [name for name in model.model_fields if name not in ("id", "source", "stand_in", "translated",
                                                                "translation_source")]


def apply_content_changes(pack: ContentPack, changes: Sequence[Change]) -> ContentPack:
    """``pack`` with ``changes`` applied in order: a new pack whose id names the base pack and the changes."""
    sections: dict[str, list[Entry]] = {name: list(entries) for name, entries in pack.sections.items()}
    for change in changes:
        section = _section(pack, change.path[0], change)
        entries = sections[section]
        ids = [e.id for e in entries]
        ident = change.path[1]
        if change.kind == "new":
            if ident in ids:
                raise PatchError(f"'{change}': {section} '{ident}' exists already (change its fields instead)")
            model = _model_of(pack, section, entries, change)
            entries.append(_validated(model, {"id": ident, **change.value}, change, f"new {section} '{ident}'"))
            continue
        if ident not in ids:
            raise PatchError(f"'{change}': no {section} '{ident}' (ids: {', '.join(ids) or 'none'})")
        position = ids.index(ident)
        entry = entries[position]
        model = type(entry)
        if change.kind == "drop":
            del entries[position]
            continue
        if change.kind == "move":
            target = change.target[1]
            if target not in ids:
                raise PatchError(f"'{change}': no {section} '{target}' (ids: {', '.join(ids)})")
            receiver = entries[ids.index(target)]
            for card in (entry, receiver):
                if COUNT not in type(card).model_fields:
                    raise PatchError(f"'{change}': {section} entries have no '{COUNT}' of copies to move; "
                                     f"set a field instead (e.g. a list item: section.id.field.0 = ...)")
            data = _dump(receiver)
            data[COUNT] += 1
            entries[ids.index(target)] = _validated(type(receiver), data, change, f"{section} '{target}'")
            data = _dump(entry)
            if data[COUNT] <= 1:
                del entries[position]
            else:
                data[COUNT] -= 1
                entries[position] = _validated(model, data, change, f"{section} '{ident}'")
            continue
        name = change.path[2]
        if name not in model.model_fields or name == "id":
            raise PatchError(f"'{change}': {section} '{ident}' has no field '{name}' "
                             f"(fields: {', '.join(_fields_of(model))})")
        data = _dump(entry)
        data = _changed(data, change.path[2:], change, f"{section} '{ident}'")
        entries[position] = _validated(model, data, change, f"{section} '{ident}'")
    digest = hashlib.blake2b(_canonical([json.loads(c.key()) for c in changes]).encode(), digest_size=6).hexdigest()
    return ContentPack(game=pack.game, id=f"{pack.id}+patch@{digest}", path=pack.path,
                       sections={k: tuple(v) for k, v in sections.items()})


def _model_of(pack: ContentPack, section: str, entries: Sequence[Entry], change: Change) -> type[Entry]:
    if entries:
        return type(entries[0])
    raise PatchError(f"'{change}': the pack has no {section} entry to take the schema from")


def field_value(pack: ContentPack | None, options: Mapping[str, Any], path: str) -> Any:
    """The value at a dotted path in ``pack`` or ``options`` (``None`` when absent): what a report shows as
    the variant's parameter.

    An entry path (``hero.giant``) gives whether the entry is present.
    """
    parts = _path(path, path)
    if parts[0] == OPTIONS:
        value: Any = options.get(parts[1]) if len(parts) > 1 else None
        rest = parts[2:]
    elif not isinstance(pack, ContentPack):
        return None
    else:
        section = next((c for c in (parts[0], parts[0].removesuffix("s"), parts[0].removesuffix("es"))
                        if c in pack.sections), None)
        if section is None or len(parts) < 2:
            return None
        found = next((e for e in pack.sections[section] if e.id == parts[1]), None)
        if len(parts) == 2:
            return found is not None
        if found is None:
            return None
        value = _dump(found)
        rest = parts[2:]
    for part in rest:
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return None
    return value


@dataclass(frozen=True)
class FieldInfo:
    """A field a designer may change: where it is, its value now, and what kind of value it takes."""

    path: str
    """Dotted path (``hero.mercenary.base_damage``)."""
    value: Any
    """Its value in the pack."""
    kind: str
    """``int``, ``float``, ``bool`` or ``text``."""
    low: float | None = None
    """The least value the schema allows, when it says."""
    high: float | None = None
    """The most value the schema allows, when it says."""
    entry: str = field(default="")
    """The entry's name (as printed), for menus."""


def numeric_fields(pack: ContentPack) -> list[FieldInfo]:
    """Every top-level number or flag of every entry of ``pack``, with its bounds (for a designer's menu)."""
    found: list[FieldInfo] = []
    for section, entries in pack.sections.items():
        for entry in entries:
            model = type(entry)
            for name, info in model.model_fields.items():
                if name in ("stand_in",):
                    continue
                value = getattr(entry, name)
                if isinstance(value, bool):
                    kind = "bool"
                elif isinstance(value, int):
                    kind = "int"
                elif isinstance(value, float):
                    kind = "float"
                else:
                    continue
                low = high = None
                for meta in info.metadata:  # annotated_types.Ge / Le, from Field(ge=..., le=...)
                    if getattr(meta, "ge", None) is not None:
                        low = meta.ge
                    if getattr(meta, "le", None) is not None:
                        high = meta.le
                found.append(FieldInfo(f"{section}.{entry.id}.{name}", value, kind, low, high, entry.name))
    return found
