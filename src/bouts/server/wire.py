"""The wire format of the socket: JSON objects as UTF-8 text, checked on the way in, encoded fast on the way out."""

from __future__ import annotations

import json
from typing import Any

import msgspec

from bouts.core.i18n import BOUTS, Message
from bouts.server.limits import MAX_MESSAGE_BYTES

M_ = BOUTS.message

_encoder = msgspec.json.Encoder()


def is_clean_text(value: str) -> bool:
    """Whether ``value`` encodes to UTF-8 (no lone surrogates such as ``\\ud800``)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def all_clean(value: Any, depth: int = 0) -> bool:
    """Whether every string in a JSON value (keys too) encodes to UTF-8."""
    if depth > 64:
        return False
    if isinstance(value, str):
        return is_clean_text(value)
    if isinstance(value, dict):
        return all(is_clean_text(str(k)) and all_clean(v, depth + 1) for k, v in value.items())
    if isinstance(value, list):
        return all(all_clean(v, depth + 1) for v in value)
    return True


def encode(message: dict[str, Any]) -> str:
    """One outgoing message as JSON text (an unencodable string is sent as an escape, never raised)."""
    try:
        return _encoder.encode(message).decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError, msgspec.EncodeError, TypeError):
        return json.dumps(message, ensure_ascii=True, separators=(",", ":"), default=str)


def decode(message: Any) -> dict[str, Any] | Message:
    """An incoming ASGI WebSocket message as a JSON object, or the reason it is not one (in the reader's words)."""
    raw = message.get("text")
    if raw is None:
        raw_bytes = message.get("bytes") or b""
        if len(raw_bytes) > MAX_MESSAGE_BYTES:
            return M_("message too large (at most {limit} bytes)", limit=MAX_MESSAGE_BYTES)
        try:
            raw = raw_bytes.decode("utf-8")
        except UnicodeDecodeError:
            return M_("messages must be UTF-8 JSON text")
    if len(raw) > MAX_MESSAGE_BYTES:
        return M_("message too large (at most {limit} bytes)", limit=MAX_MESSAGE_BYTES)
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, RecursionError):
        return M_("not JSON: send an object such as {example}", example='{"type": "act", "action": "..."}')
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        return M_("a message is a JSON object with a \"type\"")
    if not all_clean(data):
        return M_("text must be valid Unicode: this message holds a lone surrogate (such as {example})",
                  example="\\ud800")
    return data
