"""Cards: the five kinds, their notation, and the standard deck.

A card is a :class:`Kind` and a value. There are 23 distinct cards (rule R1.1)::

    +1 .. +9   Add        (blue)
    x2  x3     Multiply   (green)
    -1 .. -9   Subtract   (red)
    /2  /3     Divide     (yellow)
    0          Zero       (black)

Cards of the same kind and value are interchangeable (rule R1.3). They sort by
kind (Add, Multiply, Subtract, Divide, Zero), then by value (rule R1.4):

>>> sorted(parse_cards("0 /2 -3 x2 +8 +1"))
[Card.parse('+1'), Card.parse('+8'), Card.parse('x2'), Card.parse('-3'), Card.parse('/2'), Card.parse('0')]

The notation (rule R1.6) is strict, in the manner of python-chess:
:meth:`Card.parse` takes exactly one card written in the canonical ASCII
notation, or with the guide's ``×``, ``÷`` and ``−`` signs, and nothing else.
"""  # noqa: E501

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import Final

import attrs

from raise_the_sum.errors import RaiseTheSumError

__all__ = [
    "ALL_CARDS",
    "STANDARD_DECK",
    "Card",
    "Kind",
    "NotationError",
    "parse_cards",
]


class NotationError(RaiseTheSumError, ValueError):
    """Text that is not a card in the notation of rule R1.6.

    Raised by :meth:`Card.parse` and :func:`parse_cards`. Besides the message,
    it carries what a program needs to report the error without parsing
    words: :attr:`rule` (always ``"R1.6"``), :attr:`text` (the offending
    token, or the whole input when the whole input is at fault, as for an
    empty text) and :attr:`reason` (the message without the token and rule):

    >>> try:
    ...     parse_cards("+8 +10 x2")
    ... except NotationError as error:
    ...     print(error.rule, repr(error.text), error.reason, sep=" | ")
    R1.6 | '+10' | an Add card's value is 1 to 9

    ``str()`` names the token (shortened past 40 characters) and the rule:

    >>> print(NotationError("x4", "a Multiply card's value is 2 or 3"))
    card 'x4': a Multiply card's value is 2 or 3 (rule R1.6)
    """

    #: The rule the text breaks: ``"R1.6"``.
    rule: str
    #: The offending token (the whole input when the whole input is at fault).
    text: str
    #: Why it is not a card, in a player's words, without the token and the rule.
    reason: str

    def __init__(self, text: str, reason: str, rule: str = "R1.6") -> None:
        super().__init__(f"card {_shown(text)}: {reason} (rule {rule})")
        self.rule = rule
        self.text = text
        self.reason = reason

    def __reduce__(self) -> tuple[type[NotationError], tuple[str, str, str]]:
        return (NotationError, (self.text, self.reason, self.rule))


#: Past this many characters, a token is shortened in messages.
_SHOWN_LENGTH: Final = 40


def _shown(text: str) -> str:
    """``repr(text)``, shortened when long, so that a message stays one readable line."""
    if len(text) <= _SHOWN_LENGTH:
        return repr(text)
    return f"{text[: _SHOWN_LENGTH - 8]!r}... ({len(text)} characters)"


class Kind(enum.Enum):
    """The five kinds of card (rule R1.1), in their sort order (rule R1.4)."""

    #: ``+1`` to ``+9``: added to the player's own total.
    ADD = "add"
    #: ``x2``, ``x3``: multiply the player's own total.
    MULTIPLY = "multiply"
    #: ``-1`` to ``-9``: subtracted from the next player's additions.
    SUBTRACT = "subtract"
    #: ``/2``, ``/3``: divide the next player's whole total.
    DIVIDE = "divide"
    #: ``0``: cancels the whole incoming attack for this play.
    ZERO = "zero"

    @property
    def colour(self) -> str:
        """The card colour a front end shows (rule R1.5; presentation only).

        >>> Kind.DIVIDE.colour
        'yellow'
        """
        return _COLOURS[self]

    @property
    def values(self) -> tuple[int, ...]:
        """The values a card of this kind can have (rule R1.1).

        >>> Kind.MULTIPLY.values
        (2, 3)
        >>> Kind.ZERO.values
        (0,)
        """
        return _VALUES[self]


_COLOURS: Final = {
    Kind.ADD: "blue",
    Kind.MULTIPLY: "green",
    Kind.SUBTRACT: "red",
    Kind.DIVIDE: "yellow",
    Kind.ZERO: "black",
}

_VALUES: Final[dict[Kind, tuple[int, ...]]] = {
    Kind.ADD: tuple(range(1, 10)),
    Kind.MULTIPLY: (2, 3),
    Kind.SUBTRACT: tuple(range(1, 10)),
    Kind.DIVIDE: (2, 3),
    Kind.ZERO: (0,),
}

_KIND_NAMES: Final = {
    Kind.ADD: "an Add card",
    Kind.MULTIPLY: "a Multiply card",
    Kind.SUBTRACT: "a Subtract card",
    Kind.DIVIDE: "a Divide card",
    Kind.ZERO: "the Zero card",
}

#: (kind, value) -> index in sort order (rule R1.4); 23 entries.
_INDEX: Final[dict[tuple[Kind, int], int]] = {
    key: i for i, key in enumerate((kind, value) for kind in Kind for value in _VALUES[kind])
}

_ASCII_PREFIX: Final = {
    Kind.ADD: "+",
    Kind.MULTIPLY: "x",
    Kind.SUBTRACT: "-",
    Kind.DIVIDE: "/",
}
_UNICODE_PREFIX: Final = {
    Kind.ADD: "+",
    Kind.MULTIPLY: "×",
    Kind.SUBTRACT: "−",
    Kind.DIVIDE: "÷",
}
#: Every sign :meth:`Card.parse` accepts, and the kind it starts.
_SIGNS: Final = {
    "+": Kind.ADD,
    "x": Kind.MULTIPLY,
    "×": Kind.MULTIPLY,
    "-": Kind.SUBTRACT,
    "−": Kind.SUBTRACT,
    "/": Kind.DIVIDE,
    "÷": Kind.DIVIDE,
}


def _check_kind(instance: Card, attribute: attrs.Attribute[Kind], kind: Kind) -> None:
    if not isinstance(kind, Kind):
        raise TypeError(f"Card.kind must be a Kind, got {kind!r}")


def _check_value(instance: Card, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise TypeError(f"Card.value must be an int, got {value!r}")
    kind = instance.kind
    if value not in _VALUES[kind]:
        allowed = _VALUES[kind]
        if len(allowed) == 1:
            span = str(allowed[0])
        elif allowed == tuple(range(allowed[0], allowed[-1] + 1)) and len(allowed) > 2:
            span = f"{allowed[0]} to {allowed[-1]}"
        else:
            span = " or ".join(map(str, allowed))
        raise ValueError(
            f"Card.value: {_KIND_NAMES[kind]}'s value is {span}, got {value} (rule R1.1)"
        )


@attrs.frozen(eq=False, order=False, repr=False)
class Card:
    """One card: a :class:`Kind` and a value (rule R1.1).

    Cards are immutable, hashable, equal by kind and value, and ordered by
    kind, then value (rule R1.4). Build them from notation with :meth:`parse`
    or directly; a value out of range is refused, naming the field:

    >>> Card(Kind.ADD, 8) == Card.parse("+8")
    True
    >>> Card(Kind.MULTIPLY, 4)
    Traceback (most recent call last):
    ...
    ValueError: Card.value: a Multiply card's value is 2 or 3, got 4 (rule R1.1)

    ``value`` is 0 for the Zero card.
    """

    #: The card's kind.
    kind: Kind = attrs.field(validator=_check_kind)
    #: The card's value: 1 to 9 (Add, Subtract), 2 or 3 (Multiply, Divide), 0 (Zero).
    value: int = attrs.field(validator=_check_value)
    #: The card's position among the 23 distinct cards in sort order (0 to 22).
    #: Handy as a feature index; equal cards have equal indices.
    index: int = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "index", _INDEX[(self.kind, self.value)])

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse one card from its notation (rule R1.6).

        Takes the canonical ASCII notation (``+8``, ``x2``, ``-3``, ``/2``,
        ``0``) and the guide's signs ``×``, ``÷`` and ``−``. Anything else,
        surrounding spaces included, raises :class:`NotationError` (a
        :class:`ValueError`):

        >>> Card.parse("×3")
        Card.parse('x3')
        >>> Card.parse("+10")
        Traceback (most recent call last):
        ...
        raise_the_sum.cards.NotationError: card '+10': an Add card's value is 1 to 9 (rule R1.6)
        """
        if not isinstance(text, str):
            raise TypeError(f"Card.parse takes a str, got {text!r}")
        card = _BY_TEXT.get(text)
        if card is not None:
            return card
        raise NotationError(text, _parse_reason(text))

    def __str__(self) -> str:
        """The canonical ASCII notation: ``+8``, ``x2``, ``-3``, ``/2``, ``0``."""
        return _ASCII_TEXT[self.index]

    def __repr__(self) -> str:
        return f"Card.parse({_ASCII_TEXT[self.index]!r})"

    def __format__(self, spec: str) -> str:
        """Format with ``""`` (ASCII notation) or ``"u"`` (the guide's signs).

        >>> f"{Card.parse('-3')} {Card.parse('-3'):u} {Card.parse('/2'):u}"
        '-3 −3 ÷2'
        """
        if spec == "":
            return _ASCII_TEXT[self.index]
        if spec == "u":
            return _UNICODE_TEXT[self.index]
        raise ValueError(f"unknown format for a Card: {spec!r} (use '' or 'u')")

    @property
    def colour(self) -> str:
        """The card's colour, as :attr:`Kind.colour` (rule R1.5)."""
        return _COLOURS[self.kind]

    # Equality, hashing and order go through ``index``: one int compare.
    def __eq__(self, other: object) -> bool:
        if other.__class__ is Card:
            return self.index == other.index
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if other.__class__ is Card:
            return self.index != other.index
        return NotImplemented

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        if other.__class__ is Card:
            return self.index < other.index
        return NotImplemented

    def __le__(self, other: Card) -> bool:
        if other.__class__ is Card:
            return self.index <= other.index
        return NotImplemented

    def __gt__(self, other: Card) -> bool:
        if other.__class__ is Card:
            return self.index > other.index
        return NotImplemented

    def __ge__(self, other: Card) -> bool:
        if other.__class__ is Card:
            return self.index >= other.index
        return NotImplemented


def _text(kind: Kind, value: int, prefixes: dict[Kind, str]) -> str:
    return "0" if kind is Kind.ZERO else f"{prefixes[kind]}{value}"


#: The 23 distinct cards, in sort order (rule R1.4); ``ALL_CARDS[c.index] == c``.
ALL_CARDS: Final[tuple[Card, ...]] = tuple(Card(kind, value) for kind, value in _INDEX)

_ASCII_TEXT: Final = tuple(_text(c.kind, c.value, _ASCII_PREFIX) for c in ALL_CARDS)
_UNICODE_TEXT: Final = tuple(_text(c.kind, c.value, _UNICODE_PREFIX) for c in ALL_CARDS)
_BY_TEXT: Final[dict[str, Card]] = {
    **{
        sign + str(c.value): c for c in ALL_CARDS for sign, kind in _SIGNS.items() if kind is c.kind
    },
    "0": ALL_CARDS[-1],
}


def _parse_reason(text: str) -> str:
    """Why ``text`` is not a card, in a player's words (without the token and the rule).

    The work is bounded whatever the text's length: no number is built from
    its digits.
    """
    if text == "":
        return "empty text is not a card"
    if text != text.strip():
        return "remove the spaces around the card"
    kind = _SIGNS.get(text[0])
    if kind is None:
        if text.isascii() and text.isdigit() and set(text) == {"0"}:
            return "the Zero card is written 0"
        if text.isdigit():
            return "a number needs its sign: +n to add, -n to subtract (0 is the Zero card)"
        return "unknown card; write +1..+9, x2, x3, -1..-9, /2, /3 or 0"
    digits = text[1:]
    allowed = _VALUES[kind]
    span = f"{allowed[0]} to {allowed[-1]}" if len(allowed) > 2 else " or ".join(map(str, allowed))
    if digits.isascii() and digits.isdigit():
        if len(digits) > 1 and digits[0] == "0":
            # A leading zero: suggest the card meant, if the rest is a value (no int()
            # of an unbounded string of digits).
            rest = digits.lstrip("0")
            value = int(rest) if len(rest) == 1 and int(rest) in allowed else allowed[0]
            return (
                f"write the value without a leading zero, as in {_text(kind, value, _ASCII_PREFIX)}"
            )
        return f"{_KIND_NAMES[kind]}'s value is {span}"
    return (
        f"{_KIND_NAMES[kind]} is its sign and a value {span}, "
        f"as in {_text(kind, allowed[-1], _ASCII_PREFIX)}"
    )


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse cards separated by whitespace, in the order written (rule R1.6).

    >>> parse_cards("+8 +4 x2")
    (Card.parse('+8'), Card.parse('+4'), Card.parse('x2'))
    >>> parse_cards("")
    ()

    Raises :class:`NotationError` (a :class:`ValueError`) naming the first
    word that is not a card.
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_cards takes a str, got {text!r}")
    return tuple(Card.parse(word) for word in text.split())


def _standard_deck() -> Iterator[Card]:
    counts = {
        Kind.ADD: dict.fromkeys(range(1, 10), 4),
        Kind.MULTIPLY: {2: 5, 3: 3},
        Kind.SUBTRACT: dict.fromkeys(range(1, 10), 1),
        Kind.DIVIDE: {2: 4, 3: 3},
        Kind.ZERO: {0: 2},
    }
    for card in ALL_CARDS:
        for _ in range(counts[card.kind][card.value]):
            yield card


#: The standard 62-card deck (rule R1.2), sorted (rule R1.4): 36 Add (four each
#: of 1 to 9), 8 Multiply (five x2, three x3), 9 Subtract (one each of 1 to 9),
#: 7 Divide (four /2, three /3) and 2 Zero.
STANDARD_DECK: Final[tuple[Card, ...]] = tuple(_standard_deck())
