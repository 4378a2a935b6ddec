"""The wire format's constants and names, shared by its writer, reader and schemas."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, TypeAlias, TypeVar

from raise_the_sum.cards import ALL_CARDS
from raise_the_sum.state import Phase

__all__ = [
    "CARD_SPELLINGS",
    "CARD_TEXT",
    "FORMAT_VERSION",
    "JSON",
    "MAX_INT",
    "MAX_SEED_DIGITS",
    "PHASE_BY_NAME",
    "PHASE_NAME",
    "RECORD_FORMAT",
    "STATE_FORMAT",
    "VIEW_FORMAT",
    "for_class",
]

_V = TypeVar("_V")

#: A JSON value as :func:`encode` gives it and :func:`decode` takes it.
JSON: TypeAlias = "dict[str, JSON] | list[JSON] | str | int | bool | None"

#: The format version this library writes, and the newest it reads.
FORMAT_VERSION: Final = 1

#: The largest integer the format carries as a number: JavaScript's
#: ``Number.MAX_SAFE_INTEGER``. Seeds and the generator's state, which can be
#: larger, are decimal strings.
MAX_INT: Final = 2**53 - 1

#: The most digits of a seed's decimal string (Python's own limit for int(str)).
MAX_SEED_DIGITS: Final = 4300

#: The ``"format"`` of each document that names its own.
STATE_FORMAT: Final = "raise-the-sum/state"
VIEW_FORMAT: Final = "raise-the-sum/view"
RECORD_FORMAT: Final = "raise-the-sum/record"

#: Each card's text as written: the ASCII notation (rule R1.6), by card index.
CARD_TEXT: Final = tuple(str(card) for card in ALL_CARDS)

#: Each phase's name in the format.
PHASE_NAME: Final = {
    Phase.PLAY: "play",
    Phase.DISCARD: "discard",
    Phase.ROUND_OVER: "round_over",
    Phase.MATCH_OVER: "match_over",
}
PHASE_BY_NAME: Final = {name: phase for phase, name in PHASE_NAME.items()}

#: Every spelling of a card that decode accepts: the ASCII notation and the guide's signs.
CARD_SPELLINGS: Final = [
    *(str(card) for card in ALL_CARDS),
    *(format(card, "u") for card in ALL_CARDS if format(card, "u") != str(card)),
]


def for_class(table: Mapping[object, _V], cls: object, what: str) -> _V:
    """``table[cls]``: what ``what`` (``decode``, ``schema``) has for ``cls``.

    Raises :class:`TypeError` when ``cls`` has no wire format, unhashable
    values (a list, a dict) included.

    >>> for_class({int: "an int"}, int, "decode")
    'an int'
    >>> for_class({int: "an int"}, [int], "decode")
    Traceback (most recent call last):
    ...
    TypeError: decode: no wire format for [<class 'int'>]
    """
    try:
        found = table.get(cls)
    except TypeError:
        found = None
    if found is None:
        raise TypeError(f"{what}: no wire format for {cls!r}")
    return found
