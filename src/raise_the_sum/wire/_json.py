"""The one strict JSON reader, for the wire format and the game server's bodies.

:func:`read_json` reads JSON text as the standard library's :func:`json.loads`
does, and refuses what a strict reader must:

* bytes that are not UTF-8;
* ``NaN``, ``Infinity`` and ``-Infinity``, which are not JSON;
* an object with the same key twice (the standard library keeps the last);
* a value nested more than :data:`MAX_DEPTH` deep;
* a string or key that is not valid Unicode (a lone surrogate such as
  ``"\\ud800"``), which no UTF-8 writer could send back.

Each refusal is a :class:`~raise_the_sum.wire.WireError` whose ``path`` is a
JSON Pointer to the place, when there is one.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any, Final, NoReturn

from raise_the_sum.wire._errors import WireError, pointer

__all__ = ["MAX_DEPTH", "read_json"]

#: The deepest nesting :func:`read_json` accepts: objects and lists inside one another.
#: The library's own documents are at most 4 deep.
MAX_DEPTH: Final = 32

# A lone surrogate is a code point from U+D800 to U+DFFF: in the text itself (a
# str may hold one) or written as an escape. A pair of escapes also matches, which
# only sends the reader to look at every string.
_SURROGATE: Final = re.compile("[\ud800-\udfff]|\\\\u[dD][89a-fA-F]")
_RAW_SURROGATE: Final = re.compile("[\ud800-\udfff]")

_TOO_DEEP: Final = "expected JSON text, got one nested too deeply"


class _Repeated(Exception):
    """An object read with a repeated key; :func:`read_json` then finds where."""


class _Members(list[tuple[str, Any]]):
    """An object's members in the order read, repeated keys kept."""


def read_json(text: str | bytes) -> Any:
    """The JSON value of ``text`` (``str`` or UTF-8 ``bytes``), read strictly.

    Objects become ``dict``, arrays ``list``, numbers ``int`` or ``float``.

    >>> read_json('{"type": "play", "cards": ["+8"]}')
    {'type': 'play', 'cards': ['+8']}
    >>> read_json('{"type": "play", "cards": ["+1"], "cards": ["+9"]}')
    Traceback (most recent call last):
    ...
    raise_the_sum.wire.WireError: /cards: expected an object with distinct keys; the key 'cards' appears twice
    >>> read_json('["ok", "\\\\ud800"]')
    Traceback (most recent call last):
    ...
    raise_the_sum.wire.WireError: /1: expected a string of valid Unicode, got a lone surrogate

    Raises :class:`~raise_the_sum.wire.WireError` for text that is not
    strict JSON, and :class:`TypeError` for a value that is not text.
    """  # noqa: E501
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise WireError(
                "", f"expected UTF-8 text: {error.reason} at byte {error.start}"
            ) from None
    if not isinstance(text, str):
        raise TypeError(f"read_json takes a str or bytes, got {type(text).__name__}")
    try:
        value = _parse(text, _distinct)
    except _Repeated:
        _find_repeated(_parse(text, _Members))
    # Cheap tests of the text first: most documents need no walk at all.
    if text.count("[") + text.count("{") > MAX_DEPTH:
        _check_depth(value)
    if (not text.isascii() or "\\u" in text) and _SURROGATE.search(text):
        _find_surrogate(value)
    return value


def _parse(text: str, hook: Any) -> Any:
    try:
        return json.loads(text, parse_constant=_no_constant, object_pairs_hook=hook)
    except json.JSONDecodeError as error:
        raise WireError(
            "", f"expected JSON text: {error.msg} at line {error.lineno} column {error.colno}"
        ) from None
    except RecursionError:
        raise WireError("", _TOO_DEEP) from None
    except ValueError as error:  # a number too long for int(), or NaN and Infinity
        raise WireError("", f"expected JSON text: {error}") from None


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


def _distinct(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    value = dict(pairs)
    if len(value) != len(pairs):
        raise _Repeated
    return value


def _check_depth(value: Any) -> None:
    """Refuse ``value`` if it nests more than :data:`MAX_DEPTH` deep (one level at a time)."""
    level = [value] if type(value) is dict or type(value) is list else []
    for _ in range(MAX_DEPTH):
        inside: list[Any] = []
        for container in level:
            inside.extend(container.values() if type(container) is dict else container)
        level = [item for item in inside if type(item) is dict or type(item) is list]
        if not level:
            return
    raise WireError("", _TOO_DEEP)


def _walk(value: Any) -> Iterator[tuple[str, Any]]:
    """Every value inside ``value`` with its JSON Pointer, in the order of the text."""
    stack: list[tuple[str, Any]] = [("", value)]
    while stack:
        path, node = stack.pop()
        yield path, node
        if type(node) is list:
            stack.extend((f"{path}/{i}", item) for i, item in reversed(list(enumerate(node))))
        elif type(node) is dict or type(node) is _Members:
            members = list(node.items()) if type(node) is dict else node
            stack.extend((pointer(path, key), item) for key, item in reversed(members))


def _find_repeated(value: Any) -> NoReturn:
    for path, node in _walk(value):
        if type(node) is _Members:
            seen: set[str] = set()
            for key, _ in node:
                if key in seen:
                    raise WireError(
                        pointer(path, key),
                        f"expected an object with distinct keys; the key {key!r} appears twice",
                    )
                seen.add(key)
    raise AssertionError("unreachable: no repeated key found")


def _find_surrogate(value: Any) -> None:
    for path, node in _walk(value):
        if type(node) is str and _RAW_SURROGATE.search(node):
            raise WireError(path, "expected a string of valid Unicode, got a lone surrogate")
        if type(node) is dict and any(_RAW_SURROGATE.search(key) for key in node):
            raise WireError(path, "expected keys of valid Unicode, got a lone surrogate")
