"""Messages: a sentence to be, made of a message id and its arguments, translated when someone reads it.

Rules make a message for nearly every event of every step, and a rollout reads none of them, so making one
is only storing its parts: the catalogs, the language and the formatting are reached only when it is shown
(:meth:`Message.render`, in :mod:`bouts.core.i18n`). This module is compiled in the compiled build (a native
class), which :mod:`bouts.core.i18n` cannot be (its :class:`~bouts.core.i18n.Text` subclasses ``str``);
:mod:`bouts.core.i18n` re-exports every name of it (:func:`N_` too), the ones to import.

>>> m = MessageMaker("bouts")("{who} attacks", who="Saber")
>>> m, m.render("en")
(Message('{who} attacks', {'who': 'Saber'}, 'bouts'), 'Saber attacks')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, final


def N_(msgid: str) -> str:
    """Mark ``msgid`` for the catalogs without translating it (it is translated where it is shown).

    Rules call it at nearly every step (a message id passed on to an event), so it is compiled too.
    """
    return msgid


def N_n(singular: str, plural: str) -> str:
    """Mark a message whose form follows its ``count`` argument (``{seat} draws {count} card`` / ``cards``)
    for the catalogs, without translating it: the id is ``singular``, and where it is shown the catalog's
    form for ``count`` is chosen (gettext's ngettext: two forms in English, one in Japanese).

    >>> N_n("{who} draws {count} card", "{who} draws {count} cards")
    '{who} draws {count} card'
    """
    return singular


@final
class Message:
    """A sentence to be: a message id and its arguments, translated when it is shown.

    Arguments are numbers, ids, :class:`~bouts.core.i18n.Text`, other messages, or lists of those (joined as
    the language joins a list). A message is JSON-ready through :meth:`to_json` and equal to another with the
    same parts. Treat it as immutable (games share one message between events).
    """

    __slots__ = ("args", "domain", "msgid", "plural")

    def __init__(self, msgid: str, args: Mapping[str, Any] | None = None, domain: str = "bouts",
                 plural: str | None = None) -> None:
        self.msgid = msgid
        """The English sentence with ``{placeholders}``: the catalog key."""
        self.args: Mapping[str, Any] = args or {}
        """What fills the placeholders."""
        self.domain = domain
        """The catalog that translates it."""
        self.plural = plural
        """The English plural form, for a message chosen by its ``count`` argument."""

    def render(self, lang: str | None = None) -> str:
        """The sentence in ``lang`` (default: the current language)."""
        from bouts.core.i18n import render_message

        return render_message(self, lang)

    def __str__(self) -> str:
        return self.render()

    def __format__(self, spec: str) -> str:
        return format(self.render(), spec)

    def __repr__(self) -> str:
        return f"Message({self.msgid!r}, {dict(self.args)!r}, {self.domain!r})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Message) and other.msgid == self.msgid and other.domain == self.domain
                and dict(other.args) == dict(self.args) and other.plural == self.plural)

    def __hash__(self) -> int:
        return hash((self.msgid, self.domain))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Message, (self.msgid, dict(self.args), self.domain, self.plural))

    def to_json(self) -> dict[str, Any]:
        """``{"msg", "args", "domain"}``: the message without a language (arguments made JSON-ready)."""
        from bouts.core.i18n import _jsonable

        data: dict[str, Any] = {"msg": self.msgid, "args": {k: _jsonable(v) for k, v in self.args.items()},
                                "domain": self.domain}
        if self.plural is not None:
            data["plural"] = self.plural
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Message:
        """The message :meth:`to_json` made (bilingual arguments come back as :class:`~bouts.core.i18n.Text`)."""
        from bouts.core.i18n import _from_jsonable

        args = {k: _from_jsonable(v) for k, v in dict(data.get("args") or {}).items()}
        return Message(str(data["msg"]), args, str(data.get("domain", "bouts")), data.get("plural"))


@final
class MessageMaker:
    """A catalog's ``M_``: ``maker(msgid, **args)`` is ``Message(msgid, args, domain)`` (a domain's
    :attr:`~bouts.core.i18n.Domain.message`), one compiled call where a method and a constructor were two
    interpreted frames."""

    __slots__ = ("domain",)

    def __init__(self, domain: str) -> None:
        self.domain = domain
        """The name of the catalog its messages are translated by."""

    def __call__(self, msgid: str, /, **args: Any) -> Message:
        """``Message(msgid, args, domain)``."""
        return Message(msgid, args, self.domain)

    def plural(self, singular: str, plural: str, count: int, /, **args: Any) -> Message:
        """A message whose form is chosen by ``count`` when shown (given to the format as ``{count}``)."""
        found = dict(args)
        found["count"] = count
        return Message(singular, found, self.domain, plural)

    def __repr__(self) -> str:
        return f"MessageMaker({self.domain!r})"
