"""The wire format's four public functions: encode, decode, dumps and loads."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, TypeVar, overload

from raise_the_sum.cards import Card
from raise_the_sum.wire._decoders import DECODERS
from raise_the_sum.wire._encoders import ENCODERS, Encodable, cannot_encode
from raise_the_sum.wire._errors import WireError
from raise_the_sum.wire._format import JSON, for_class
from raise_the_sum.wire._json import read_json

if TYPE_CHECKING:
    # A type form (PEP 747) such as the union Action: decode(Action, ...) is an Action
    # to a type checker. Only type checkers read it, so typing_extensions is no dependency.
    from typing_extensions import TypeForm

__all__ = ["decode", "dumps", "encode", "loads"]

T = TypeVar("T")


@overload
def encode(obj: Card) -> str: ...
@overload
def encode(obj: Encodable) -> dict[str, JSON]: ...
@overload
def encode(obj: object) -> JSON: ...
def encode(obj: object) -> JSON:
    """``obj`` as a JSON value: dicts, lists, strs, ints, bools and None only.

    Covers :class:`~raise_the_sum.Card`, :class:`~raise_the_sum.Attack`,
    :class:`~raise_the_sum.Rules`, the four actions,
    :class:`~raise_the_sum.GameState`, :class:`~raise_the_sum.PlayerView`,
    :class:`~raise_the_sum.Verdict`, :class:`~raise_the_sum.Explanation` and
    its :class:`~raise_the_sum.Step`, every event of
    ``raise_the_sum.events``, ``MatchRecord`` (``raise_the_sum.records``),
    :class:`~raise_the_sum.IllegalAction` and :class:`WireError`. The keys
    come in a fixed order, and equal values give equal JSON.

    >>> from raise_the_sum import Attack, IllegalAction
    >>> encode(Attack(subtract=2, divide=3))
    {'subtract': 2, 'divide': 3}
    >>> encode(IllegalAction("R4.4", "a reply must beat 12; this play totals 12"))
    {'error': 'illegal_action', 'rule': 'R4.4', 'message': 'a reply must beat 12; this play totals 12'}

    Raises :class:`TypeError` for a value of another type.
    """  # noqa: E501
    encoder = ENCODERS.get(type(obj))
    if encoder is None:
        raise TypeError(cannot_encode(obj))
    try:
        return encoder(obj)
    except (AttributeError, IndexError, KeyError, TypeError) as error:
        raise TypeError(
            f"encode: this {type(obj).__name__} holds a value of the wrong type ({error})"
        ) from None


def dumps(obj: object) -> str:
    """``encode(obj)`` as compact JSON text (no spaces; UTF-8 when encoded to bytes).

    >>> from raise_the_sum import Pass
    >>> dumps(Pass())
    '{"type":"pass"}'
    """
    return json.dumps(encode(obj), ensure_ascii=False, separators=(",", ":"), allow_nan=False)


@overload
def decode(cls: type[T], value: object) -> T: ...
@overload
def decode(cls: TypeForm[T], value: object) -> T: ...
@overload
def decode(cls: object, value: object) -> Any: ...
def decode(cls: object, value: object) -> Any:
    """The value of type ``cls`` that ``value`` encodes; the inverse of :func:`encode`.

    ``cls`` is one of the types :func:`encode` covers, or one of the unions
    :data:`~raise_the_sum.Action` (any of the four actions, by its
    ``"type"``) and ``raise_the_sum.events.Event``. Everything is
    checked: the shape, every field's type (``true`` is not a number here),
    every card, and for a state the rules themselves (see
    :func:`~raise_the_sum.validate`). Unknown fields are refused; a missing
    field of :class:`~raise_the_sum.Rules` takes its default.

    >>> from raise_the_sum import Action
    >>> decode(Action, {"type": "discard", "cards": ["x2", "+8"]})
    parse_action('discard +8 x2')
    >>> decode(Action, {"type": "pass", "seat": 2})
    Traceback (most recent call last):
    ...
    raise_the_sum.wire.WireError: /seat: unknown field 'seat' in a pass; its fields are 'type'

    Any JSON value whatever (indeed any Python value) that is not a valid
    document raises :class:`WireError` and nothing else; a ``cls`` that is
    not covered raises :class:`TypeError`.
    """
    decoder = for_class(DECODERS, cls, "decode")
    try:
        return decoder(value, "")
    except RecursionError:
        raise WireError("", "expected a document, got one nested too deeply") from None


@overload
def loads(cls: type[T], text: str | bytes) -> T: ...
@overload
def loads(cls: TypeForm[T], text: str | bytes) -> T: ...
@overload
def loads(cls: object, text: str | bytes) -> Any: ...
def loads(cls: object, text: str | bytes) -> Any:
    """Read JSON text (``str`` or UTF-8 ``bytes``) and :func:`decode` it as ``cls``.

    The text is read by :func:`read_json`, the library's one strict JSON
    reader: text that is not strict JSON raises :class:`WireError` too
    (``NaN`` and ``Infinity`` are not JSON, and no object may hold a key twice):

    >>> from raise_the_sum import Action, Rules
    >>> loads(Rules, '{"players": 2}').players
    2
    >>> loads(Rules, '{"players": 2')
    Traceback (most recent call last):
    ...
    raise_the_sum.wire.WireError: (the document): expected JSON text: Expecting ',' delimiter at line 1 column 14
    >>> loads(Action, '{"type":"play","cards":["+1"],"cards":["+9"]}')
    Traceback (most recent call last):
    ...
    raise_the_sum.wire.WireError: /cards: expected an object with distinct keys; the key 'cards' appears twice
    """  # noqa: E501
    if not isinstance(text, str | bytes | bytearray):
        raise TypeError(f"loads takes a str or bytes, got {type(text).__name__}")
    return decode(cls, read_json(text))
