"""The server's one JSON writer: compact UTF-8, the same bytes as the standard library's.

The documents (:mod:`~raise_the_sum.server.documents`) and the errors
(:mod:`~raise_the_sum.server.errors`) both write with it.
"""

from __future__ import annotations

import json
from typing import Any, Final

import orjson

__all__ = ["dumps", "text"]


def dumps(value: Any) -> bytes:
    """Compact UTF-8 JSON, the server's one encoder for everything it sends.

    The bytes are those of the standard library's ``json`` with
    ``ensure_ascii=False`` and ``separators=(",", ":")``; orjson writes them
    several times faster, and the standard library writes what orjson
    cannot (an integer past 64 bits, a lone surrogate).

    >>> dumps({"seed": 2**70, "text": "× ÷"})
    b'{"seed":1180591620717411303424,"text":"\xc3\x97 \xc3\xb7"}'
    """
    try:
        return orjson.dumps(value)
    except orjson.JSONEncodeError:
        return _ENCODER.encode(value).encode()


#: The one JSON encoder of the documents: compact, UTF-8 (not ASCII escapes).
_ENCODER: Final = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def text(value: Any) -> str:
    """Compact JSON text: what :func:`dumps` and the documents write."""
    try:
        return orjson.dumps(value).decode()
    except orjson.JSONEncodeError:
        return _ENCODER.encode(value)
