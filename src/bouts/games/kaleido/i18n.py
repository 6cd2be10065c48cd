"""Fate/kaleido grail's message catalog (``locale/<lang>/LC_MESSAGES/kaleido.po``) and its translate functions.

``_`` translates now (display code: menus, the table, hints); ``M_`` makes a message translated when shown
(events, errors, outcomes, option help); ``N_`` marks a message id that is translated elsewhere.
"""

from __future__ import annotations

from pathlib import Path

from bouts.core.i18n import N_, Domain, N_n

DOMAIN = Domain("kaleido", Path(__file__).resolve().parent / "locale")
"""The catalog of every sentence Fate/kaleido grail shows."""

_ = DOMAIN.gettext
_n = DOMAIN.ngettext
M_ = DOMAIN.message
M_n = DOMAIN.nmessage

__all__ = ["DOMAIN", "M_", "N_", "M_n", "N_n", "_", "_n"]
