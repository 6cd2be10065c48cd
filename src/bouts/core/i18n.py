"""Two languages for every word a player reads: message catalogs, bilingual content text, lazy messages.

Text for people is made at display time, never in the rules: a game emits events and views made of ids,
numbers and :class:`Text` (content names in both languages), and a renderer turns them into sentences in the
reader's language from gettext catalogs (``.po`` files read with Babel). Two seats of one match may read
different languages; the language never enters a state, a save or a replay.

The pieces:

- the **current language** is a context variable (:func:`use_lang`, :func:`current_lang`): a terminal sets it
  once, a server sets it per connection while it builds that connection's frames;
- a :class:`Domain` is one catalog (``bouts`` for the interface, one per game): ``_ = domain.gettext`` translates
  now, ``M_ = domain.message`` makes a :class:`Message` that is translated when it is shown;
- :class:`Text` is a content name or rules text in both languages, JSON-ready as ``{"en": ..., "ja": ...}``;
- :func:`tr` turns any of them (or a ``{"en", "ja"}`` mapping from a view) into a string in a language.

Message ids are the English sentences with named ``{placeholders}`` (the gettext convention), so code reads as
what the player sees; the English catalog may still reword them.

>>> name = Text(en="Saber", ja="セイバー", original="ja")
>>> with use_lang("ja"):
...     f"{name}"
'セイバー'
>>> tr(name, "en"), tr({"en": "Dagger", "ja": "ダガー"}, "ja")
('Saber', 'ダガー')
>>> Message("{who} attacks", {"who": name}, "bouts").render("en")
'Saber attacks'
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar, Token
from pathlib import Path
from typing import Any, ClassVar, Final

from bouts.core.messages import N_ as N_
from bouts.core.messages import Message as Message
from bouts.core.messages import MessageMaker as MessageMaker
from bouts.core.messages import N_n as N_n

LANGS: Final = ("en", "ja")
"""The languages bouts speaks, in catalog order."""
DEFAULT_LANG: Final = "en"
"""The language when nothing says otherwise."""

_current: ContextVar[str] = ContextVar("bouts_lang", default=DEFAULT_LANG)


class LanguageError(ValueError):
    """A language bouts does not speak."""


def normalize_lang(value: str | None) -> str | None:
    """The bouts language a locale or tag names (``ja_JP.UTF-8``, ``en-US``, ``JA``), or ``None``.

    >>> normalize_lang("ja_JP.UTF-8"), normalize_lang("en-GB"), normalize_lang("fr_FR"), normalize_lang("C")
    ('ja', 'en', None, None)
    """
    if not value:
        return None
    code = re.split(r"[-_.@:]", value.strip(), maxsplit=1)[0].lower()
    return code if code in LANGS else None


def check_lang(value: str) -> str:
    """``value`` if it is a language bouts speaks; else :class:`LanguageError` naming the choices."""
    lang = normalize_lang(value)
    if lang is None or lang != value.strip().lower():
        raise LanguageError(f"unknown language {value!r} (choose one of: {', '.join(LANGS)})")
    return lang


def lang_from_env(environ: Mapping[str, str] | None = None) -> str:
    """The language a terminal user asked for: ``BOUTS_LANG``, else the POSIX locale, else English.

    >>> lang_from_env({"LANG": "ja_JP.UTF-8"}), lang_from_env({"BOUTS_LANG": "en", "LANG": "ja_JP"})
    ('ja', 'en')
    """
    env = os.environ if environ is None else environ
    for name in ("BOUTS_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = env.get(name)
        if value:
            found = normalize_lang(value.split(":")[0])
            if found:
                return found
            if name == "BOUTS_LANG":
                continue
            if name in ("LC_ALL", "LC_MESSAGES"):
                return DEFAULT_LANG  # an explicit other locale (fr_FR) means: not Japanese
    return DEFAULT_LANG


def negotiate_lang(accept_language: str | None) -> str:
    """The best of :data:`LANGS` for an HTTP ``Accept-Language`` header (q-values honoured), else English.

    >>> negotiate_lang("fr-CH, ja;q=0.9, en;q=0.8"), negotiate_lang("en-US,en;q=0.9"), negotiate_lang("xx")
    ('ja', 'en', 'en')
    """
    best, best_q = DEFAULT_LANG, -1.0
    for position, part in enumerate((accept_language or "")[:1000].split(",")):
        tag, _, params = part.strip().partition(";")
        lang = normalize_lang(tag)
        if lang is None:
            continue
        q = 1.0
        match = re.search(r"q=([0-9.]+)", params)
        if match:
            try:
                q = float(match.group(1))
            except ValueError:
                q = 0.0
        if q > best_q or (q == best_q and position == 0):
            best, best_q = lang, q
    return best


def current_lang() -> str:
    """The language of the text being made now."""
    return _current.get()


def set_lang(lang: str) -> Token[str]:
    """Make ``lang`` the current language (for the rest of this context); returns a token to reset it."""
    return _current.set(check_lang(lang))


@contextmanager
def use_lang(lang: str) -> Iterator[str]:
    """Make text in ``lang`` inside the block.

    >>> with use_lang("ja"):
    ...     current_lang()
    'ja'
    """
    token = _current.set(check_lang(lang))
    try:
        yield lang
    finally:
        _current.reset(token)


# -- catalogs ---------------------------------------------------------------------------------------------


def _plural_index(lang: str, count: int) -> int:
    """Which plural form ``count`` takes: English has two, Japanese one (gettext's Plural-Forms)."""
    return 0 if lang == "ja" or count == 1 else 1


class Domain:
    """One message catalog: ``<directory>/<lang>/LC_MESSAGES/<name>.po`` for each language.

    The catalogs are read once, on first use, with Babel. A message missing from a game's catalog is looked
    up in the interface catalog (``bouts``), then shown as its English id (the catalog test in the suite makes
    sure that never happens in a release). Fuzzy entries are ignored, as gettext does.
    """

    registry: ClassVar[dict[str, Domain]] = {}

    def __init__(self, name: str, directory: str | Path, fallback: str | None = "bouts") -> None:
        self.name = name
        """The domain's name: ``bouts`` or a game id."""
        self.directory = Path(directory)
        """Where the ``<lang>/LC_MESSAGES/<name>.po`` files live."""
        self.fallback = fallback if fallback != name else None
        """The domain asked when a message is not in this one."""
        self._tables: dict[str, dict[tuple[str | None, str], str | tuple[str, ...]]] = {}
        self.message = MessageMaker(name)
        """``message(msgid, **args)``: a :class:`Message` in this domain, translated when shown, JSON-ready
        meanwhile. Use it for what is made before anyone reads it: events, errors, outcomes, option help
        (a compiled maker: made at every step, read by nobody in a rollout)."""
        Domain.registry[name] = self

    def path(self, lang: str) -> Path:
        """The ``.po`` file of ``lang``."""
        return self.directory / lang / "LC_MESSAGES" / f"{self.name}.po"

    def table(self, lang: str) -> dict[tuple[str | None, str], str | tuple[str, ...]]:
        """Every translated message of ``lang``: (context, id) -> text, or plural forms."""
        found = self._tables.get(lang)
        if found is None:
            found = self._tables[lang] = self._read(lang)
        return found

    def _read(self, lang: str) -> dict[tuple[str | None, str], str | tuple[str, ...]]:
        path = self.path(lang)
        if not path.is_file():
            return {}
        from babel.messages.pofile import read_po

        with path.open("rb") as handle:
            catalog = read_po(handle, locale=lang)
        table: dict[tuple[str | None, str], str | tuple[str, ...]] = {}
        for message in catalog:
            if not message.id or message.fuzzy:
                continue
            key = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
            string = message.string
            if isinstance(string, (tuple, list)):
                if all(string):
                    table[(message.context, key)] = tuple(string)
            elif string:
                table[(message.context, key)] = string
        return table

    def lookup(self, msgid: str, lang: str, context: str | None = None) -> str | tuple[str, ...] | None:
        """The translation of ``msgid`` in ``lang`` here or in the fallback domain, or ``None``."""
        found = self.table(lang).get((context, msgid))
        if found is None and self.fallback is not None:
            other = Domain.registry.get(self.fallback)
            if other is not None:
                return other.lookup(msgid, lang, context)
        return found

    def translate(self, msgid: str, lang: str | None = None, *, context: str | None = None,
                  plural: str | None = None, count: int = 1) -> str:
        """``msgid`` in ``lang`` (default: the current language), unformatted."""
        lang = lang or _current.get()
        found = self.lookup(msgid, lang, context)
        if plural is None:
            if isinstance(found, tuple):  # a plural entry (marked N_n) shown by its id: the form for count
                return found[min(_plural_index(lang, count), len(found) - 1)]
            return found if found is not None else msgid
        if isinstance(found, tuple):
            index = _plural_index(lang, count)
            return found[min(index, len(found) - 1)]
        if isinstance(found, str):
            return found
        return msgid if count == 1 else plural

    def gettext(self, msgid: str, /, **args: Any) -> str:
        """``msgid`` translated into the current language and formatted with ``args`` (each localized).

        Use it in display code (menus, pictures, hints): ``_("Attack {target}", target=name)``.
        """
        lang = _current.get()
        text = self.translate(msgid, lang)
        return format_text(text, args, lang) if args else text

    def pgettext(self, context: str, msgid: str, /, **args: Any) -> str:
        """Like :meth:`gettext`, for a message whose meaning depends on ``context`` (gettext's msgctxt)."""
        lang = _current.get()
        text = self.translate(msgid, lang, context=context)
        return format_text(text, args, lang) if args else text

    def ngettext(self, singular: str, plural: str, count: int, /, **args: Any) -> str:
        """The singular or plural form for ``count`` (given to the format as ``{count}``)."""
        lang = _current.get()
        text = self.translate(singular, lang, plural=plural, count=count)
        return format_text(text, {"count": count, **args}, lang)

    def nmessage(self, singular: str, plural: str, count: int, /, **args: Any) -> Message:
        """A plural :class:`Message`: the form is chosen by ``count`` when shown."""
        return self.message.plural(singular, plural, count, **args)


def domain(name: str) -> Domain:
    """The registered domain ``name`` (``bouts`` is always there)."""
    found = Domain.registry.get(name)
    if found is None:
        raise LanguageError(f"no message catalog named {name!r}")
    return found


# -- text in both languages ---------------------------------------------------------------------------------


class Text(str):
    """A name or rules text in both languages.

    Content gives a name in one language or both. A missing language falls back *visibly*: the original text
    with a marker from the catalogs (``Dagger（未翻訳）``), never a blank. A Text is a ``str`` whose value is the
    English text (else the original), so code that only compares or stores names keeps working; ``str()`` and
    f-strings give the **current** language, :meth:`get_text` a given one, and :meth:`to_json` both, as a view
    carries it (``{"en": ..., "ja": ...}``; renderers pick a language with :func:`tr`).

    >>> t = Text(en="Dagger")
    >>> t.get_text("en"), t.original, t.has("ja"), t == "Dagger"
    ('Dagger', 'en', False, True)
    >>> Text(en="Saber", ja="セイバー", original="ja").to_json()
    {'en': 'Saber', 'ja': 'セイバー'}
    """

    _texts: dict[str, str]
    _given: frozenset[str]
    original: str
    """The language of the official (printed) text; the other one is a translation."""

    def __new__(cls, en: str | None = None, ja: str | None = None, *, original: str | None = None) -> Text:
        """A text given in English, Japanese or both; ``original`` names the official one (default: the one
        given, English when both are)."""
        given = {lang: value for lang, value in (("en", en), ("ja", ja)) if value}
        if not given:
            given = {"en": ""}
        if original is None or original not in given:
            original = next(iter(given))
        self = super().__new__(cls, given.get("en", given[original]))
        self._given = frozenset(given)
        self.original = original
        self._texts = {lang: given[lang] if lang in given else _fallback(given[original], lang) for lang in LANGS}
        return self

    @classmethod
    def of(cls, value: Any, lang: str = DEFAULT_LANG) -> Text:
        """A Text from a string in ``lang``, a ``{"en", "ja"}`` mapping, or a Text."""
        if isinstance(value, Text):
            return value
        if isinstance(value, str):
            return cls(**{lang: value}, original=lang)
        if isinstance(value, Mapping):
            unknown = set(value) - {*LANGS, "original"}
            if unknown:
                raise LanguageError(f"unknown language {sorted(unknown)[0]!r} (choose from {', '.join(LANGS)})")
            texts = {k: v for k, v in value.items() if k in LANGS}
            if not all(isinstance(v, str) for v in texts.values()):
                raise LanguageError("each language's text must be a string")
            original = value.get("original")
            if original is not None and original not in LANGS:
                raise LanguageError(f"'original' must be one of {', '.join(LANGS)}")
            return cls(texts.get("en"), texts.get("ja"), original=original)
        raise LanguageError(f"expected text, not {type(value).__name__}")

    def has(self, lang: str) -> bool:
        """Whether the text was given in ``lang`` (not a visible fallback)."""
        return lang in self._given

    @property
    def languages(self) -> frozenset[str]:
        """The languages the text was given in."""
        return self._given

    def get_text(self, lang: str | None = None) -> str:
        """The text in ``lang`` (default: the current language), with the visible fallback."""
        return self._texts[lang or _current.get()]

    def to_json(self) -> dict[str, str]:
        """Both languages, as views carry a name: ``{"en": ..., "ja": ...}`` (a missing one as its fallback)."""
        return dict(self._texts)

    def given(self) -> dict[str, str]:
        """The languages given and the original, as content writes them: ``{"en": ..., "original": "en"}``."""
        found: dict[str, str] = {lang: self._texts[lang] for lang in LANGS if lang in self._given}
        if len(found) > 1:
            found["original"] = self.original
        return found

    def __str__(self) -> str:
        return self._texts[_current.get()]

    def __format__(self, spec: str) -> str:
        return format(self._texts[_current.get()], spec)

    def __repr__(self) -> str:
        given = ", ".join(f"{k}={self._texts[k]!r}" for k in sorted(self._given))
        return f"Text({given}, original={self.original!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_make_text, ({k: self._texts[k] for k in self._given}, self.original))

    def __deepcopy__(self, memo: dict[int, Any]) -> Text:
        return self

    def __copy__(self) -> Text:
        return self


def _make_text(given: dict[str, str], original: str) -> Text:
    return Text(given.get("en"), given.get("ja"), original=original)


FALLBACK_MARK: Final = N_("{text} (untranslated)")
"""How a text missing in a language is shown: the original with a marker (translated by the ``bouts``
catalog)."""


def _fallback(text: str, lang: str) -> str:
    if not text:
        return text
    return BOUTS.translate(FALLBACK_MARK, lang).replace("{text}", text)


# -- messages -------------------------------------------------------------------------------------------------


def render_message(message: Message, lang: str | None = None) -> str:
    """``message`` in ``lang`` (default: the current language): :meth:`Message.render`."""
    lang = lang or _current.get()
    found = Domain.registry.get(message.domain) or Domain.registry.get("bouts")
    if found is None:
        text = message.msgid
    else:
        count = message.args.get("count", 1)  # chooses the form of a plural message or catalog entry
        text = found.translate(message.msgid, lang, plural=message.plural,
                               count=count if isinstance(count, int) else 1)
    return format_text(text, message.args, lang) if message.args else text


_JSON_LEAVES: Final = frozenset({str, int, float, bool, type(None)})


def jsonable(value: Any) -> Any:
    """``value`` made JSON-ready: a :class:`Text` becomes ``{"en": ..., "ja": ...}``, a :class:`Message` its JSON
    form, tuples lists (a game builds its view with Text names and passes it through this at the end).

    Inside :func:`views_in` it is :func:`localized` instead: the same value already made a string in that language."""
    if type(value) in _JSON_LEAVES:  # most of a view: returned before the isinstance (ABC) checks
        return value
    lang = _view_lang.get()
    if lang is not None:
        return localized(value, lang)
    return _jsonable(value)


def _jsonable(value: Any) -> Any:
    kind = type(value)
    if kind in _JSON_LEAVES:
        return value
    leaves = _JSON_LEAVES
    if kind is dict:  # the plain containers first, their leaves without a call
        return {k if isinstance(k, str) else str(k): v if type(v) in leaves else _jsonable(v)
                for k, v in value.items()}
    if kind is list or kind is tuple:
        return [v if type(v) in leaves else _jsonable(v) for v in value]
    if kind is Text:
        return value.to_json()
    if isinstance(value, Message):
        return {"$message": value.to_json()}
    if isinstance(value, Text):
        return value.to_json()
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {k if isinstance(k, str) else str(k): _jsonable(v) for k, v in value.items()}
    return value


def json_view(view: Mapping[str, Any]) -> dict[str, Any]:
    """A view built with :class:`Text` names, made JSON-ready (see :func:`jsonable`; inside :func:`views_in`, made
    JSON-ready and localized in one pass)."""
    lang = _view_lang.get()
    if lang is not None:
        return {k: localized(v, lang) for k, v in view.items()}
    leaves = _JSON_LEAVES
    return {k: v if type(v) in leaves else _jsonable(v) for k, v in view.items()}


_view_lang: ContextVar[str | None] = ContextVar("bouts_view_lang", default=None)
_NAME_KEYS: Final = frozenset({*LANGS, "original"})


@contextmanager
def views_in(lang: str) -> Iterator[str]:
    """Within this block :func:`json_view` and :func:`jsonable` make views already localized into ``lang`` (see
    :func:`localized`): one pass over a view where JSON then localizing took two (the server's frames)."""
    token = _view_lang.set(lang)
    try:
        yield lang
    finally:
        _view_lang.reset(token)


def localized(value: Any, lang: str) -> Any:
    """``value`` made JSON-ready (:func:`jsonable`) with every name in both languages (``{"en", "ja"}``, a
    :class:`Text`) and every message made a string in ``lang``, in one pass: what a reader in ``lang`` is shown.

    >>> localized({"name": Text(en="Saber", ja="セイバー"), "hp": 3, "tags": (Text(en="a"),)}, "ja")
    {'name': 'セイバー', 'hp': 3, 'tags': ['a（未翻訳）']}
    """
    kind = type(value)
    if kind in _JSON_LEAVES:
        return value
    if kind is Text:
        return value._texts[lang]
    if kind is dict:
        if "$message" in value:
            return tr(_jsonable(value), lang)
        if value and value.keys() <= _NAME_KEYS and all(type(v) is str for v in value.values()):
            return tr(value, lang)
        return {k if type(k) is str else str(k): localized(v, lang) for k, v in value.items()}
    if kind is list or kind is tuple:
        return [localized(v, lang) for v in value]
    if isinstance(value, Message):
        return tr({"$message": value.to_json()}, lang)
    if isinstance(value, Text):
        return value.get_text(lang)
    if isinstance(value, (list, tuple)):
        return [localized(v, lang) for v in value]
    if isinstance(value, Mapping):
        return localized({k if isinstance(k, str) else str(k): v for k, v in value.items()}, lang)
    return value


def _from_jsonable(value: Any) -> Any:
    if isinstance(value, Mapping):
        if "$message" in value:
            return Message.from_json(value["$message"])
        if set(value) <= {*LANGS, "original"} and value:
            return Text.of(value)
        return {k: _from_jsonable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_from_jsonable(v) for v in value]
    return value


_LIST_SEPARATOR: Final = {"en": ", ", "ja": "、"}


def tr(value: Any, lang: str | None = None) -> str:
    """``value`` as text in ``lang`` (default: the current language).

    A :class:`Text`, a ``{"en": ..., "ja": ...}`` mapping (as views carry names), a :class:`Message` (or its
    JSON form), a list (joined as the language joins one), or anything else through ``str``.

    >>> tr(["a", Text(en="b", ja="ビ")], "ja"), tr(3), tr(None)
    ('a、ビ', '3', '')
    """
    lang = lang or _current.get()
    if value is None:
        return ""
    if isinstance(value, Text):
        return value.get_text(lang)
    if isinstance(value, str):
        return value
    if isinstance(value, Message):
        return value.render(lang)
    if isinstance(value, Mapping):
        if "$message" in value:
            return Message.from_json(value["$message"]).render(lang)
        if "msg" in value and "args" in value:
            return Message.from_json(value).render(lang)
        chosen = value.get(lang)
        if isinstance(chosen, str):
            return chosen
        for other in LANGS:
            if isinstance(value.get(other), str):
                return _fallback(value[other], lang)
        return str(dict(value))
    if isinstance(value, (list, tuple)):
        return _LIST_SEPARATOR.get(lang, ", ").join(tr(v, lang) for v in value)
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


class _Localized(dict[str, Any]):
    """Format arguments localized on demand (a placeholder the text does not use costs nothing)."""

    __slots__ = ("lang",)

    def __init__(self, args: Mapping[str, Any], lang: str) -> None:
        super().__init__(args)
        self.lang = lang

    def __getitem__(self, key: str) -> Any:
        value = super().__getitem__(key)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return value
        return tr(value, self.lang)

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def format_text(text: str, args: Mapping[str, Any], lang: str) -> str:
    """``text`` with its ``{placeholders}`` filled from ``args``, each localized into ``lang``.

    A placeholder without an argument is left as written, so a translator's typo shows instead of crashing.
    """
    try:
        return text.format_map(_Localized(args, lang))
    except (ValueError, IndexError, AttributeError, KeyError):
        return text


def bilingual(make: Callable[[], str]) -> Text:
    """The text ``make`` builds, built once in each language: for a view, which carries both and lets each
    reader's renderer choose (rules text derived from a card's numbers, a reason an Item cannot be readied).

    >>> bilingual(lambda: current_lang().upper())
    Text(en='EN', ja='JA', original='en')
    """
    texts: dict[str, str] = {}
    for lang in LANGS:
        token = _current.set(lang)
        try:
            texts[lang] = make()
        finally:
            _current.reset(token)
    return Text(texts["en"], texts["ja"], original="en")


def names_in(values: Sequence[Any], lang: str | None = None) -> list[str]:
    """Each of ``values`` as text in ``lang`` (a helper for tables and menus)."""
    return [tr(v, lang) for v in values]


BOUTS: Final = Domain("bouts", Path(__file__).resolve().parent.parent / "locale", fallback=None)
"""The interface catalog: the command line, the server, the core's own messages."""
