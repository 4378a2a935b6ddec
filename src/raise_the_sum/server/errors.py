"""The server's refusals, as wire error objects.

Every error a client receives is a JSON object with ``"error"`` and
``"message"``: the library's own ``bad_input`` (with ``"path"``, a JSON
Pointer into the body) and ``illegal_action`` (with ``"rule"``), and the
server's ``too_big`` (400, with ``"path"``), ``unauthorized`` (401),
``not_found`` (404), ``method_not_allowed`` (405), ``timeout`` (408),
``stale_version`` and ``match_not_over`` (409), ``archived`` (410),
``rate_limited`` (429) and ``unavailable`` (503).
"""

from __future__ import annotations

from typing import Any

from raise_the_sum.server._json import dumps

__all__ = ["ProtocolError", "bad_input"]


class ProtocolError(Exception):
    """A request the server refuses: the HTTP status and the error object to send."""

    #: The HTTP status code.
    status: int
    #: The error object, as sent.
    body: dict[str, Any]

    #: HTTP headers to send with it, such as ``Retry-After``.
    headers: dict[str, str]

    def __init__(
        self,
        status: int,
        error: str,
        message: str,
        *,
        headers: dict[str, str] | None = None,
        **more: Any,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.body = {"error": error, **more, "message": message}
        self.headers = {} if headers is None else headers

    def encoded(self) -> bytes:
        """The error object, encoded."""
        return dumps(self.body)


def bad_input(path: str, message: str) -> ProtocolError:
    """A 400 ``bad_input`` for the value at ``path`` (a JSON Pointer), with what was expected."""
    return ProtocolError(400, "bad_input", message, path=path)
