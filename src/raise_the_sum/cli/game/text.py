"""Styled text without a terminal library: spans, lines and blocks.

The game builds everything it shows out of :class:`Span` (some text and the
name of a style), a :data:`Line` of spans, and a :data:`Block` of lines. A
screen decides what a style looks like: the plain screen ignores styles, and
the rich screen (``rich_screen``) maps each name in :data:`STYLES` to colours.

>>> from raise_the_sum import Card
>>> line = join(span("You", "you"), " play ", card_span(Card.parse("x2")))
>>> plain(line)
'You play  ×2 '
>>> line[2].style
'card.multiply'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, TypeAlias

import attrs

from raise_the_sum import Card, Kind

__all__ = [
    "STYLES",
    "Block",
    "Line",
    "Span",
    "card_span",
    "card_text",
    "cards_line",
    "cards_text",
    "join",
    "plain",
    "span",
    "wrap",
]

#: Every style name the game uses, and what it is for.
STYLES: Final = {
    "card.add": "an Add card (blue)",
    "card.multiply": "a Multiply card (green)",
    "card.subtract": "a Subtract card (red)",
    "card.divide": "a Divide card (yellow)",
    "card.zero": "the Zero card (black)",
    "title": "a heading",
    "dim": "secondary text",
    "strong": "emphasis",
    "you": "the player's own name",
    "opponent": "a computer opponent's name",
    "number": "a card's pick number",
    "score": "the score to beat",
    "attack": "an attack",
    "error": "a refusal",
    "hint": "a hint or the tutorial's guidance",
    "win": "a round or match won",
    "prompt": "a prompt",
}


@attrs.frozen
class Span:
    """Some text in one style (a name from :data:`STYLES`; ``""`` for none)."""

    #: The text.
    text: str
    #: The style's name.
    style: str = ""


#: One line of styled text.
Line: TypeAlias = tuple[Span, ...]
#: Some lines, shown together.
Block: TypeAlias = Sequence[Line]


def span(text: str, style: str = "") -> Span:
    """A span of ``text`` in ``style``."""
    return Span(text, style)


def join(*parts: str | Span | Line) -> Line:
    """A line from text, spans and lines, in order; plain text gets no style."""
    out: list[Span] = []
    for part in parts:
        if isinstance(part, str):
            if part:
                out.append(Span(part))
        elif isinstance(part, Span):
            out.append(part)
        else:
            out.extend(part)
    return tuple(out)


def plain(line: Line) -> str:
    """The text of ``line`` without its styles."""
    return "".join(s.text for s in line)


_CARD_STYLES: Final = {
    Kind.ADD: "card.add",
    Kind.MULTIPLY: "card.multiply",
    Kind.SUBTRACT: "card.subtract",
    Kind.DIVIDE: "card.divide",
    Kind.ZERO: "card.zero",
}


def card_text(card: Card) -> str:
    """A card in the guide's signs: ``+8``, ``×2``, ``−3``, ``÷2``, ``0``."""
    return format(card, "u")


def cards_text(cards: Iterable[Card]) -> str:
    """Cards in the guide's signs, separated by spaces."""
    return " ".join(card_text(c) for c in cards)


def card_span(card: Card, width: int = 4) -> Span:
    """A card as a chip of ``width`` characters, styled by its colour (rule R1.5).

    >>> card_span(Card.parse("-3")).text, card_span(Card.parse("0"), 3).text
    (' −3 ', ' 0 ')
    """
    return Span(card_text(card).center(width), _CARD_STYLES[card.kind])


def cards_line(cards: Sequence[Card], width: int = 4) -> Line:
    """Cards as chips separated by a space."""
    parts: list[Span] = []
    for i, card in enumerate(cards):
        if i:
            parts.append(Span(" "))
        parts.append(card_span(card, width))
    return tuple(parts)


def _leading(line: Line) -> int:
    """How many spaces ``line`` starts with."""
    text = plain(line)
    return len(text) - len(text.lstrip(" "))


def wrap(line: Line, width: int | None, indent: int | None = None) -> Block:
    """``line`` broken at spaces into lines of at most ``width`` characters, styles kept.

    Continuation lines are indented by ``indent`` spaces (default: the
    line's own leading spaces plus 2), so a long line never wraps back to
    column 0. A word longer than the room left is cut. ``width=None``:
    ``line`` as it is. Trailing spaces are dropped.

    >>> long = join("  You play ", span("+4 +5 +8", "strong"), " against −12: which beats 4")
    >>> for part in wrap(long, 24):
    ...     print(repr(plain(part)))
    '  You play +4 +5 +8'
    '    against −12: which'
    '    beats 4'
    """
    if width is None or len(plain(line)) <= width:
        return (_rstrip(line),)
    pad = _leading(line) + 2 if indent is None else indent
    pad = min(pad, max(width // 2, 0))
    # Split every span into words and the spaces between them, keeping each piece's style.
    pieces: list[Span] = []
    for part in line:
        token = ""
        for char in part.text:
            if (char == " ") != (token[:1] == " ") and token:
                pieces.append(Span(token, part.style))
                token = ""
            token += char
        if token:
            pieces.append(Span(token, part.style))
    lines: list[list[Span]] = [[]]
    used = 0
    for piece in pieces:
        if piece.text.startswith(" "):
            if used + len(piece.text) > width:
                lines.append([Span(" " * pad)])
                used = pad
                continue
            lines[-1].append(piece)
            used += len(piece.text)
            continue
        text = piece.text
        while used + len(text) > width:
            if used > pad or (used and len(lines) == 1 and used > _leading(line)):
                # Start a new line, dropping the spaces before the break.
                while lines[-1] and lines[-1][-1].text.strip() == "":
                    used -= len(lines[-1].pop().text)
                lines.append([Span(" " * pad)])
                used = pad
                continue
            room = width - used
            lines[-1].append(Span(text[:room], piece.style))
            text = text[room:]
            lines.append([Span(" " * pad)])
            used = pad
        if text:
            lines[-1].append(Span(text, piece.style))
            used += len(text)
    return tuple(_rstrip(tuple(parts)) for parts in lines)


def _rstrip(line: Line) -> Line:
    """``line`` without trailing spaces, except a card chip's own (its colour shows)."""
    parts = list(line)
    while (
        parts
        and not parts[-1].style.startswith("card.")
        and (parts[-1].text.rstrip(" ") != parts[-1].text)
    ):
        last = parts.pop()
        kept = last.text.rstrip(" ")
        if kept:
            parts.append(Span(kept, last.style))
            break
    return tuple(parts)
