"""The wire format's error: a document that is not valid, and where."""

from __future__ import annotations

from raise_the_sum.errors import RaiseTheSumError

__all__ = ["WireError"]


class WireError(RaiseTheSumError, ValueError):
    """A JSON value that is not a valid document of the expected type.

    :attr:`path` is a JSON Pointer (RFC 6901) to the offending place, ``""``
    for the whole document; :attr:`reason` says what was expected there;
    :attr:`rule` is the rule the value breaks, when the reason cites one
    (the reason then ends with it, as in ``(rule R1.6)``), else None.

    >>> from raise_the_sum.wire import encode
    >>> error = WireError("/cards/1", "expected a card, got 5")
    >>> str(error), error.path, error.reason
    ('/cards/1: expected a card, got 5', '/cards/1', 'expected a card, got 5')
    >>> encode(error)
    {'error': 'bad_input', 'path': '/cards/1', 'message': 'expected a card, got 5'}

    .. attribute:: path
       :type: str

       Where the problem is: a JSON Pointer, ``""`` for the whole document.

    .. attribute:: reason
       :type: str

       What was expected there, and what was found.

    .. attribute:: rule
       :type: str | None

       The identifier of the rule the value breaks, or None.

    >>> from raise_the_sum import Card
    >>> from raise_the_sum.wire import decode
    >>> try:
    ...     decode(Card, "x4")
    ... except WireError as error:
    ...     print(error.rule, "|", error.reason)
    R1.6 | expected a card: a Multiply card's value is 2 or 3 (rule R1.6)
    """

    path: str
    reason: str
    rule: str | None

    def __init__(self, path: str, reason: str, rule: str | None = None) -> None:
        super().__init__(f"{path or '(the document)'}: {reason}")
        self.path = path
        self.reason = reason
        self.rule = rule

    def __reduce__(self) -> tuple[type[WireError], tuple[str, str, str | None]]:
        return (WireError, (self.path, self.reason, self.rule))


# Users meet it as raise_the_sum.wire.WireError (in tracebacks and pickles).
WireError.__module__ = "raise_the_sum.wire"


def pointer(path: str, key: str) -> str:
    """The JSON Pointer of ``key`` inside the object at ``path`` (RFC 6901 escapes).

    >>> pointer("/tags", "a/b~c")
    '/tags/a~1b~0c'
    """
    return f"{path}/{key.replace('~', '~0').replace('/', '~1')}"
