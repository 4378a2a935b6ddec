"""Private: the validators that every public entry point shares, each written once.

* :func:`whole` -- "an int, not a bool" (``True`` is an ``int`` to Python,
  never a count or a seat to the library);
* :func:`at_least` -- the same as an attrs validator, with a lower bound;
* :func:`cards` -- "a str is refused (use ``parse_cards``), then every item
  must be a :class:`~raise_the_sum.Card`", read once, so an iterator works;
* :func:`instance` -- "this argument must be a ``GameState``" and the like;
* :data:`NUMBER` and :data:`SIGNED` -- a whole number as the notations and
  the wire format write it: decimal digits, no leading zero (and a minus
  sign for a seed);
* :func:`shown` -- how a bad value appears in an error message: short, and
  never the inside of one of the library's own objects (a ``GameState``
  passed by mistake would otherwise print every seat's hand).

Each raises :class:`TypeError` for a value of the wrong type and
:class:`ValueError` for a value out of range, naming the argument or field.

>>> whole(3, "seat")
3
>>> whole(True, "seat")
Traceback (most recent call last):
...
TypeError: seat must be an int, got True
>>> cards("+8 x2", "cards")
Traceback (most recent call last):
...
TypeError: cards must be Card objects, not the text '+8 x2' (use parse_cards)
"""

from __future__ import annotations

import re
import reprlib
from collections.abc import Callable, Iterable
from typing import Any, Final, TypeVar

import attrs

from raise_the_sum.cards import Card

_T = TypeVar("_T")

_REPR: Final = reprlib.Repr()
_REPR.maxstring = 60
_REPR.maxother = 60
_REPR.maxlist = _REPR.maxtuple = _REPR.maxset = _REPR.maxfrozenset = _REPR.maxdict = 6


#: A whole number as the notations write it: ``0`` or digits without a leading zero.
NUMBER: Final = re.compile(r"(?:0|[1-9][0-9]*)\Z")
#: The same, or a negative one (a seed).
SIGNED: Final = re.compile(r"-?(?:0|[1-9][0-9]*)\Z")


def shown(value: object) -> str:
    """A bad value as an error message shows it: a short repr, or the type of our own objects.

    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxxxxx'"
    >>> from raise_the_sum import new_game, parse_cards
    >>> shown(new_game(seed=1)), shown(parse_cards("+8")[0])
    ('a GameState', "Card.parse('+8')")
    """
    if isinstance(value, Card):
        return repr(value)
    kind = type(value)
    if kind.__module__.startswith("raise_the_sum"):
        return f"a {kind.__name__}"
    try:
        return _REPR.repr(value)
    except Exception:  # a repr that fails is still a bad value, named by its type
        return f"a {kind.__name__}"


def whole(value: object, name: str, *, or_none: bool = False) -> int:
    """``value`` if it is an int (not a bool); else a TypeError naming ``name``."""
    if type(value) is not int:
        wanted = "an int or None" if or_none else "an int"
        raise TypeError(f"{name} must be {wanted}, got {shown(value)}")
    return value


def at_least(low: int, owner: str) -> Callable[[Any, attrs.Attribute[int], int], None]:
    """An attrs validator: an int (not a bool) of ``low`` or more, named ``owner.field``."""

    def check(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        if type(value) is not int:  # the message is built only on the way out
            whole(value, f"{owner}.{attribute.name}")
        if value < low:
            raise ValueError(f"{owner}.{attribute.name} must be {low} or more, got {value}")

    return check


def instance(value: object, kind: type[_T], name: str) -> _T:
    """``value`` if it is a ``kind``; else a TypeError naming ``name`` and the type wanted."""
    if not isinstance(value, kind):
        article = "an" if kind.__name__[0] in "AEIOU" else "a"
        raise TypeError(f"{name} must be {article} {kind.__name__}, got {shown(value)}")
    return value


def cards(value: object, name: str) -> tuple[Card, ...]:
    """The cards of ``value``, read once, in the order given; refused unless all are Cards.

    A str is refused first, pointing at ``parse_cards``; then anything that
    is not iterable; then the first item that is not a :class:`Card`, even
    one that looks like a card (an ``index`` attribute does not make a card).

    >>> from raise_the_sum import parse_cards
    >>> cards(iter(parse_cards("+8 x2")), "cards") == parse_cards("+8 x2")
    True
    >>> cards([parse_cards("+8")[0], 5], "cards")
    Traceback (most recent call last):
    ...
    TypeError: cards must hold Card objects, got 5
    >>> cards(None, "Rules.deck")
    Traceback (most recent call last):
    ...
    TypeError: Rules.deck must be Card objects (a list or tuple of them), got None
    """
    if isinstance(value, str):
        raise TypeError(
            f"{name} must be Card objects, not the text {shown(value)} (use parse_cards)"
        )
    if not isinstance(value, (tuple, list)) and not isinstance(value, Iterable):
        raise TypeError(
            f"{name} must be Card objects (a list or tuple of them), got {shown(value)}"
        )
    held = tuple(value)
    for card in held:
        if not isinstance(card, Card):
            hint = " (use parse_cards)" if isinstance(card, str) else ""
            raise TypeError(f"{name} must hold Card objects, got {shown(card)}{hint}")
    return held
