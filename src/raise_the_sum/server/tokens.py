"""Seat tokens: made by ``secrets``, kept only as hashes, compared in constant time.

A token is 32 random bytes from ``secrets.token_urlsafe`` (256 bits,
43 URL-safe characters). The server stores only its SHA-256 hex digest, so
a copy of the database gives no one a seat; the digest it computes from a
request is compared with the stored ones by ``hmac.compare_digest``.

>>> token = new_token()
>>> len(token), len(token_hash(token)), token_hash(token) == token_hash(token + "x")
(43, 64, False)
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Final

__all__ = ["MAX_TOKEN_LENGTH", "new_token", "token_hash"]

#: The longest text taken as a token; anything longer is refused before hashing.
MAX_TOKEN_LENGTH: Final = 256


def new_token() -> str:
    """A fresh seat token: ``secrets.token_urlsafe(32)``, 256 bits of randomness."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """The SHA-256 hex digest of ``token`` (UTF-8): what the store keeps."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()
