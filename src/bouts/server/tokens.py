"""Seat and spectator tokens: 128+ random bits, stored hashed, compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 24
"""Random bytes per token (192 bits)."""


def new_token() -> str:
    """A fresh URL-safe secret token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def digest(token: str) -> str:
    """The stored form of a token: its SHA-256 (a database dump does not hand out seats)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def matches(token: str, stored: str | None) -> bool:
    """Whether ``token`` is the one whose digest is ``stored``, in constant time."""
    if stored is None:
        return False
    return hmac.compare_digest(digest(token), stored)


def new_match_id() -> str:
    """A short public match id (not a secret)."""
    return secrets.token_hex(8)
