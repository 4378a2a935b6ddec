"""Events: what happened in one transition, in the order of the rules.

The event classes are frozen attrs classes; ``raise_the_sum.wire``
encodes each with a ``"type"`` key (``"played"``, ``"passed"``, ...).

:func:`~raise_the_sum.step` is :func:`~raise_the_sum.apply` together with the events of
the transition, in the order of the rules; :func:`~raise_the_sum.observe_events` keeps
what one seat may know of them (another seat's draw loses its card).

>>> from raise_the_sum import new_game, parse_cards, Play
>>> state = new_game(seed=7)
>>> after, events = step(state, Play(parse_cards("+7 +6 -5")))
>>> for event in events:
...     print(event)
Played(seat=0, cards=(Card.parse('+6'), Card.parse('+7'), Card.parse('-5')), total=13, faced=Attack(subtract=0, divide=1), beat=None)
Drew(seat=1, card=Card.parse('+4'))
>>> observe_events(events, 2)[-1]
Drew(seat=1, card=None)
"""  # noqa: E501

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeAlias

import attrs

from raise_the_sum import _validate
from raise_the_sum.actions import Action, Discard, Pass, Play
from raise_the_sum.cards import Card
from raise_the_sum.engine import transition
from raise_the_sum.scoring import Attack
from raise_the_sum.state import GameState, Phase

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
    "observe_events",
    "step",
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
    """The discard pile was shuffled into a new deck of ``size`` cards, just before a draw
    (rule R6.1)."""

    #: The new deck's size.
    size: int


@attrs.frozen
class Drew:
    """``seat`` drew its turn-start card (rule R4.1); ``card`` is None when hidden from the
    observer."""

    #: The seat that drew.
    seat: int
    #: The card drawn, or None in another seat's observed events.
    card: Card | None


#: Any event.
Event: TypeAlias = (
    Played
    | Passed
    | MustDiscard
    | Discarded
    | RoundWon
    | MatchWon
    | RoundStarted
    | Reshuffled
    | Drew
)


def step(
    state: GameState, action: Action, *, seat: int | None = None
) -> tuple[GameState, tuple[Event, ...]]:
    """``apply(state, action, seat=seat)``, and what happened, in the order of the rules.

    The new state is exactly :func:`~raise_the_sum.apply`'s, and so are the
    errors: an illegal action raises :class:`~raise_the_sum.IllegalAction`
    and nothing is returned. The events come in this order:

    1. the action itself: :class:`~raise_the_sum.events.Played` (rules R4.3 to R4.6),
       :class:`~raise_the_sum.events.Passed` (R4.5),
       :class:`~raise_the_sum.events.Discarded` (R4.8) or
       :class:`~raise_the_sum.events.RoundStarted` (``NextRound()``, R5.3);
    2. :class:`~raise_the_sum.events.MustDiscard` when the turn enters the discard phase (R4.8),
       and nothing more: the turn is not over;
    3. when the turn ends with one player left in, :class:`~raise_the_sum.events.RoundWon`
       (R5.1), then :class:`~raise_the_sum.events.MatchWon` if that point wins the match (R5.2);
    4. otherwise the next turn's draw: :class:`~raise_the_sum.events.Reshuffled` if the deck was
       empty (R6.1), then :class:`~raise_the_sum.events.Drew` (R4.1).

    The engine reports the card each turn-start draw took; the other events
    come from the states before and after. The events carry every card
    drawn: give each seat :func:`~raise_the_sum.observe_events` of them.

    >>> from raise_the_sum import Rules, new_game, parse_cards, Discard, Pass, Play
    >>> state = new_game(Rules(players=2, points_to_win=1), seed=7)
    >>> state, events = step(state, Play(parse_cards("+7")))
    >>> state, events = step(state, Pass(), seat=1)
    >>> events
    (Passed(seat=1), MustDiscard(seat=1, count=1))
    >>> state, events = step(state, Discard(state.hands[1][:1]), seat=1)
    >>> events[1:]
    (RoundWon(seat=0, points=1), MatchWon(seat=0, points=1))
    """
    after, drawn = transition(state, action, seat=seat)
    actor = state.current
    kind = type(action)
    if kind is Play:
        first: Event = Played(actor, after.standing, after.to_beat, state.attack, state.to_beat)  # type: ignore[arg-type]
    elif kind is Pass:
        first = Passed(actor)
    elif kind is Discard:
        first = Discarded(actor, action.cards)  # type: ignore[union-attr]
    else:
        # NextRound(): the round's winner opens, drawing first (R5.3, R4.1).
        return after, (RoundStarted(actor), *_draw(state, after, drawn))
    phase = after.phase
    if phase is Phase.PLAY:
        return after, (first, *_draw(state, after, drawn))
    if phase is Phase.DISCARD:
        return after, (first, MustDiscard(actor, len(after.hands[actor]) - after.rules.hand_limit))
    winner = after.current
    won = RoundWon(winner, after.points[winner])
    if phase is Phase.MATCH_OVER:
        return after, (first, won, MatchWon(winner, after.points[winner]))
    return after, (first, won)


def _draw(before: GameState, after: GameState, drawn: Card | None) -> tuple[Event, ...]:
    """The turn-start draw that ``after.current`` made, reshuffling first if the deck was empty."""
    drew = Drew(after.current, drawn)
    if before.deck:
        return (drew,)
    return Reshuffled(len(after.deck) + 1), drew


def observe_events(events: Iterable[Event], seat: int) -> tuple[Event, ...]:
    """What ``seat`` may know of ``events``: another seat's draw has ``card=None``.

    Another seat's :class:`~raise_the_sum.events.Drew` loses its card.

    Every other event is public (plays and discards are face up, rule
    R4.12; a reshuffle shows only the new deck's size). ``seat``'s own draws
    keep their cards.

    >>> observe_events([Drew(0, Card.parse("+5")), Drew(1, Card.parse("x2"))], 0)
    (Drew(seat=0, card=Card.parse('+5')), Drew(seat=1, card=None))
    """
    _validate.whole(seat, "seat")
    if seat < 0:
        raise ValueError(f"seat: a seat from 0, got {seat}")
    observed: list[Event] = []
    for event in events:
        if type(event) is Drew and event.seat != seat and event.card is not None:
            event = Drew(event.seat, None)
        elif not isinstance(event, _EVENT_TYPES):
            raise TypeError(f"events must hold events, got {event!r}")
        observed.append(event)
    return tuple(observed)


_EVENT_TYPES = (
    Played,
    Passed,
    MustDiscard,
    Discarded,
    RoundWon,
    MatchWon,
    RoundStarted,
    Reshuffled,
    Drew,
)
