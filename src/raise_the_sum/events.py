"""Events: what happened in one transition, in the order of the rules.

The event classes are frozen attrs classes; :mod:`raise_the_sum.wire`
encodes each with a ``"type"`` key (``"played"``, ``"passed"``, ...).

``step`` and ``observe_events`` are added on top of these classes.
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from raise_the_sum.cards import Card
from raise_the_sum.scoring import Attack

__all__ = [
    "Discarded",
    "Drew",
    "Event",
    "MatchWon",
    "MustDiscard",
    "Passed",
    "Played",
    "Reshuffled",
    "RoundStarted",
    "RoundWon",
]


@attrs.frozen
class Played:
    """``seat`` played ``cards`` for ``total`` against the attack ``faced`` (rules R4.3 to R4.6)."""

    #: The seat that played.
    seat: int
    #: The cards played, sorted (rule R1.4).
    cards: tuple[Card, ...]
    #: The play's total against the attack it faced (rule R2.5).
    total: int
    #: The attack the play faced (rule R4.11); ``Attack()`` for none.
    faced: Attack
    #: The score it beat, or None for an opening (rule R4.3).
    beat: int | None


@attrs.frozen
class Passed:
    """``seat`` passed, and is out for the rest of the round (rule R4.5)."""

    #: The seat that passed.
    seat: int


@attrs.frozen
class MustDiscard:
    """``seat`` holds more than the hand limit and must discard ``count`` cards (rule R4.8)."""

    #: The seat that must discard.
    seat: int
    #: How many cards it must discard.
    count: int


@attrs.frozen
class Discarded:
    """``seat`` discarded ``cards``, face up (rules R4.8 and R4.12)."""

    #: The seat that discarded.
    seat: int
    #: The cards discarded, sorted.
    cards: tuple[Card, ...]


@attrs.frozen
class RoundWon:
    """``seat`` is the last player in and scores the round's point (rule R5.1)."""

    #: The round's winner.
    seat: int
    #: The winner's points now.
    points: int


@attrs.frozen
class MatchWon:
    """``seat`` reached the points to win (rule R5.2); it follows ``RoundWon``."""

    #: The match's winner.
    seat: int
    #: The winner's points.
    points: int


@attrs.frozen
class RoundStarted:
    """A new round began (rule R5.3); ``seat``, the last round's winner, opens it."""

    #: The round's opener: the last round's winner.
    seat: int


@attrs.frozen
class Reshuffled:
    """The discard pile was shuffled into a new deck of ``size`` cards, just before a draw (rule R6.1)."""

    #: The new deck's size.
    size: int


@attrs.frozen
class Drew:
    """``seat`` drew its turn-start card (rule R4.1); ``card`` is None when hidden from the observer."""

    #: The seat that drew.
    seat: int
    #: The card drawn, or None in another seat's observed events.
    card: Card | None


#: Any event.
Event: TypeAlias = Played | Passed | MustDiscard | Discarded | RoundWon | MatchWon | RoundStarted | Reshuffled | Drew
