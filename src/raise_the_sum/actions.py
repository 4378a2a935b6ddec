"""Actions a player takes, and the error an illegal one raises.

There are four actions (:data:`Action`): :class:`Play` some cards,
:class:`Pass`, :class:`Discard` down to the hand limit at the end of a turn,
and :class:`NextRound` to leave the brief result between rounds. All are
frozen and hashable. A play's or a discard's cards are a multiset (rule
R1.3): they are stored sorted, so the order they are given in never matters.

>>> from raise_the_sum import parse_cards
>>> Play(parse_cards("x2 +8")) == Play(parse_cards("+8 x2"))
True
>>> print(Play(parse_cards("x2 +8")))
play +8 x2
>>> parse_action("discard -3")
parse_action('discard -3')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeAlias

import attrs

from raise_the_sum import _validate
from raise_the_sum.cards import Card, parse_cards
from raise_the_sum.errors import RaiseTheSumError

__all__ = ["Action", "Discard", "IllegalAction", "NextRound", "Pass", "Play", "parse_action"]


def _multiset(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(_validate.cards(cards, "cards")))


@attrs.frozen
class Play:
    """Play these cards (rule R4.2): an opening (R4.3) or a reply (R4.4).

    ``cards`` is stored sorted (rule R1.4).
    """

    #: The cards played, sorted.
    cards: tuple[Card, ...] = attrs.field(converter=_multiset)

    def __str__(self) -> str:
        return "play " + " ".join(map(str, self.cards)) if self.cards else "play (no cards)"

    def __repr__(self) -> str:
        """Short, and it reads back: ``parse_action('play +8 x2')``."""
        return f"parse_action({str(self)!r})" if self.cards else "Play(cards=())"


@attrs.frozen
class Pass:
    """Pass: sit out the rest of the round (rule R4.5)."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Discard:
    """Discard these cards at the end of a turn, down to the hand limit (rule R4.8).

    ``cards`` is stored sorted (rule R1.4).
    """

    #: The cards discarded, sorted.
    cards: tuple[Card, ...] = attrs.field(converter=_multiset)

    def __str__(self) -> str:
        return "discard " + " ".join(map(str, self.cards)) if self.cards else "discard (no cards)"

    def __repr__(self) -> str:
        """Short, and it reads back: ``parse_action('discard -3')``."""
        return f"parse_action({str(self)!r})" if self.cards else "Discard(cards=())"


@attrs.frozen
class NextRound:
    """End the brief result between rounds and start the next round (rule R5.4)."""

    def __str__(self) -> str:
        return "next round"


#: Any action: ``Play | Pass | Discard | NextRound``.
Action: TypeAlias = Play | Pass | Discard | NextRound


def parse_action(text: str) -> Action:
    """Parse an action from the text ``str()`` gives it.

    ``play CARDS``, ``discard CARDS``, ``pass`` or ``next round``; words are
    separated by whitespace and the cards use :func:`~raise_the_sum.parse_cards`.

    >>> parse_action("play +8 x2")
    parse_action('play +8 x2')
    >>> parse_action("play +8 x2").cards
    (Card.parse('+8'), Card.parse('x2'))
    >>> parse_action("pass")
    Pass()
    >>> parse_action("fold")
    Traceback (most recent call last):
    ...
    ValueError: action 'fold': write 'play CARDS', 'pass', 'discard CARDS' or 'next round'
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_action takes a str, got {_validate.shown(text)}")
    words = text.split()
    if words == ["pass"]:
        return Pass()
    if words == ["next", "round"]:
        return NextRound()
    if len(words) > 1 and words[0] == "play":
        return Play(parse_cards(" ".join(words[1:])))
    if len(words) > 1 and words[0] == "discard":
        return Discard(parse_cards(" ".join(words[1:])))
    raise ValueError(
        f"action {text!r}: write 'play CARDS', 'pass', 'discard CARDS' or 'next round'"
    )


class IllegalAction(RaiseTheSumError, ValueError):
    """An action the rules refuse; the state it was tried on is unchanged (rule R7.1).

    ``str()`` gives the reason in a player's words, then the rule:

    >>> err = IllegalAction("R4.4", "a reply must beat 12; this play totals 12")
    >>> str(err)
    'a reply must beat 12; this play totals 12 (rule R4.4)'
    >>> err.rule, err.reason
    ('R4.4', 'a reply must beat 12; this play totals 12')
    """

    #: The identifier of the rule the action breaks, as in :mod:`raise_the_sum.rulebook`.
    rule: str
    #: Why the action is refused, in a player's words.
    reason: str

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"{reason} (rule {rule})")
        self.rule = rule
        self.reason = reason

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[str, str]]:
        return (IllegalAction, (self.rule, self.reason))
