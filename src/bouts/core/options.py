"""Game options: per-game parameters as data, validated by a schema."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Literal, TypeVar  # noqa: F401 (Literal: the doctest of options_form)

from pydantic import BaseModel, ConfigDict, Field, ValidationError  # noqa: F401 (Field: the doctest)

from bouts.core.content import OPTION, json_problem, numbers_problem, validation_problems
from bouts.core.contract import OptionsError
from bouts.core.i18n import BOUTS

M_ = BOUTS.message


class Options(BaseModel):
    """Base of every game's options (frozen, unknown names refused)."""

    model_config = ConfigDict(frozen=True, extra="forbid")


OptionsT = TypeVar("OptionsT", bound=Options)


def validate_options(model: type[OptionsT], given: Mapping[str, Any] | OptionsT | None) -> OptionsT:
    """Validate ``given`` against ``model``; errors name the option."""
    if isinstance(given, model):
        return given
    if given is not None and not isinstance(given, Mapping):
        raise OptionsError(M_("options must be a mapping of names to values, not {kind}", kind=type(given).__name__))
    try:
        problem = numbers_problem(model, dict(given or {}), "", OPTION)
    except RecursionError:
        raise OptionsError(M_("options are nested too deeply")) from None
    if problem:
        raise OptionsError(problem)
    try:
        return model.model_validate(dict(given or {}))
    except RecursionError:
        raise OptionsError(M_("options are nested too deeply")) from None
    except ValidationError as exc:
        raise OptionsError(M_("{problems} (options: {known})", problems=validation_problems(exc, OPTION, "?"),
                              known=list(model.model_fields))) from None


def parse_option_text(text: str | None) -> dict[str, Any]:
    """Read ``key=value,key=value`` (values as JSON when they parse, else text) or a JSON object.

    >>> parse_option_text("mode=solo,realistic_parries=true,heroes=[\\"a\\",\\"b\\"]")
    {'mode': 'solo', 'realistic_parries': True, 'heroes': ['a', 'b']}
    """
    if not text or not text.strip():
        return {}
    text = text.strip()
    if text.startswith("{"):
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            raise OptionsError(M_("options are not valid JSON: {problem}", problem=json_problem(exc))) from None
        except RecursionError:
            raise OptionsError(M_("options are nested too deeply")) from None
        if not isinstance(value, dict):
            raise OptionsError(M_("options must be a JSON object"))
        return value
    result: dict[str, Any] = {}
    for part in _split_top_level(text):
        if "=" not in part:
            raise OptionsError(M_("option '{part}' must look like name=value", part=part))
        key, raw = part.split("=", 1)
        try:
            result[key.strip()] = json.loads(raw)
        except json.JSONDecodeError:
            result[key.strip()] = raw.strip()
        except RecursionError:
            raise OptionsError(M_("option '{name}' is nested too deeply", name=key.strip())) from None
    return result


def _split_top_level(text: str) -> list[str]:
    parts: list[str] = []
    current: list[str] = []
    depth = 0
    for ch in text:
        if ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(ch)
    if current:
        parts.append("".join(current))
    return [p for p in (p.strip() for p in parts) if p]


def in_words(help_text: str) -> str:
    """An option's help as a player reads it in a form: without the checklist clause ids the terminal's
    ``bouts rules`` shows (``DGW-RUL-13: beating only the NPC…`` → ``beating only the NPC…``).

    >>> in_words("DGW-RUL-13: beating only the NPC is contested (default [true]); see SWP-030, SWP-031.")
    'beating only the NPC is contested (default [true]).'
    """
    import re

    from bouts.core.clauses import CLAUSE_ID

    ids = rf"{CLAUSE_ID.pattern}(?:\s*(?:,|/|and|、)\s*{CLAUSE_ID.pattern})*"
    text = re.sub(rf"^\s*{ids}\s*[:：]\s*", "", help_text)
    text = re.sub(rf"[;,]?\s*(?:see\s+)?[(（]?{ids}[)）]?", "", text)
    return re.sub(r"\s{2,}", " ", text).strip()


def options_form(model: type[BaseModel], help_texts: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The options of ``model`` as form controls a lobby can draw: for each option its name, its kind
    (``choice`` with its choices, ``switch``, ``number`` with its bounds, ``list`` or ``text``), whether it
    may be left empty, its default, and its help in the current language.

    >>> class Demo(Options):
    ...     mode: Literal["a", "b"] = "a"
    ...     rounds: int = Field(3, ge=1, le=9)
    >>> [(c["name"], c["kind"], c.get("choices"), c.get("min"), c.get("max")) for c in options_form(Demo, {})]
    [('mode', 'choice', ['a', 'b'], None, None), ('rounds', 'number', None, 1, 9)]
    """
    import types
    import typing

    from bouts.core.i18n import tr

    controls: list[dict[str, Any]] = []
    for name, field in model.model_fields.items():
        annotation = field.annotation
        optional = False
        origin = typing.get_origin(annotation)
        if origin in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(annotation) if a is not type(None)]
            optional = len(args) < len(typing.get_args(annotation))
            annotation = args[0] if len(args) == 1 else annotation
            origin = typing.get_origin(annotation)
        control: dict[str, Any] = {"name": name, "optional": optional,
                                   "default": None if field.default is None else _json_default(field.default),
                                   "help": in_words(tr(help_texts.get(name, "")))}
        if origin is typing.Literal:
            control.update(kind="choice", choices=list(typing.get_args(annotation)))
        elif annotation is bool:
            control["kind"] = "switch"
        elif annotation in (int, float):
            control.update(kind="number", integer=annotation is int)
            for bound in field.metadata:
                for attr, key in (("ge", "min"), ("gt", "min"), ("le", "max"), ("lt", "max")):
                    if getattr(bound, attr, None) is not None:
                        control[key] = getattr(bound, attr)
        elif origin in (tuple, list, dict) or annotation in (tuple, list, dict):
            control["kind"] = "list"
        else:
            control["kind"] = "text"
        controls.append(control)
    return controls


def _json_default(value: Any) -> Any:
    """A default made JSON-ready (tuples as lists)."""
    if isinstance(value, tuple | list):
        return [_json_default(v) for v in value]
    return value
