"""``Rules``: the configuration of a game, and its validation (rules R3.5 to R3.7).

The defaults are the standard game. Every field is checked when a ``Rules`` is
built, and a bad value raises :class:`ValueError` (or :class:`TypeError` for a
value of the wrong type) whose message names the field:

>>> Rules().players, Rules().points_to_win, len(Rules().deck)
(4, 5, 62)
>>> Rules(players=5)
Traceback (most recent call last):
...
ValueError: Rules.players: 2 to 4 players, got 5 (rule R3.1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import attrs

from raise_the_sum import _validate
from raise_the_sum.cards import STANDARD_DECK, Card

__all__ = ["Rules"]


def _deck(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(_validate.cards(cards, "Rules.deck")))


def _deck_repr(deck: tuple[Card, ...]) -> str:
    if deck == STANDARD_DECK:
        return "STANDARD_DECK"
    return f"parse_cards({' '.join(map(str, deck))!r})"


def _int_at_least(
    low: int, rule: str, what: str
) -> Callable[[object, attrs.Attribute[int], int], None]:
    def check(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        _validate.whole(value, f"Rules.{attribute.name}")
        if value < low:
            raise ValueError(f"Rules.{attribute.name}: {what}, got {value} (rule {rule})")

    return check


def _players(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    _validate.whole(value, "Rules.players")
    if not 2 <= value <= 4:
        raise ValueError(f"Rules.players: 2 to 4 players, got {value} (rule R3.1)")


@attrs.frozen
class Rules:
    """The configuration of a game; the defaults are the standard game.

    ``deck`` is a multiset: it is stored sorted (rule R1.4), so two decks with
    the same cards give equal ``Rules``. The whole configuration is checked
    at construction (rules R3.6 and R3.7):

    >>> Rules(min_play=3, max_play=2)
    Traceback (most recent call last):
    ...
    ValueError: Rules.max_play: the most cards in a play must be at least min_play (3), got 2 (rule R3.7)
    """

    #: Seats at the table, 2 to 4 (rule R3.1).
    players: int = attrs.field(default=4, validator=_players)
    #: Cards dealt to each seat (rule R3.3).
    hand_size: int = attrs.field(
        default=7, validator=_int_at_least(1, "R3.7", "each seat is dealt at least 1 card")
    )
    #: Most cards a player may keep at the end of a turn (rule R4.8).
    hand_limit: int = attrs.field(
        default=7, validator=_int_at_least(1, "R3.7", "the hand limit is at least 1")
    )
    #: Least cards in a play (rule R4.2).
    min_play: int = attrs.field(
        default=1, validator=_int_at_least(1, "R3.7", "a play has at least 1 card")
    )
    #: Most cards in a play (rule R4.2).
    max_play: int = attrs.field(default=5)
    #: Points that win the match (rule R3.5).
    points_to_win: int = attrs.field(
        default=5, validator=_int_at_least(1, "R3.7", "the match needs at least 1 point")
    )
    #: The seat that opens the first round (rule R3.4).
    first_player: int = attrs.field(default=0)
    #: The cards of the game (rule R1.2), sorted.
    deck: tuple[Card, ...] = attrs.field(default=STANDARD_DECK, converter=_deck, repr=_deck_repr)

    @max_play.validator
    def _check_max_play(self, attribute: attrs.Attribute[int], value: int) -> None:
        _validate.whole(value, "Rules.max_play")
        if value < self.min_play:
            raise ValueError(
                "Rules.max_play: the most cards in a play must be at least "
                f"min_play ({self.min_play}), got {value} (rule R3.7)"
            )

    @first_player.validator
    def _check_first_player(self, attribute: attrs.Attribute[int], value: int) -> None:
        _validate.whole(value, "Rules.first_player")
        if not 0 <= value < self.players:
            raise ValueError(
                f"Rules.first_player: a seat from 0 to {self.players - 1}, got {value} (rule R3.7)"
            )

    @deck.validator
    def _check_deck(self, attribute: attrs.Attribute[tuple[Card, ...]], value: tuple[Card, ...]) -> None:
        needed = self.min_deck_size
        if len(value) < needed:
            raise ValueError(
                f"Rules.deck: {self.players} players holding up to "
                f"{max(self.hand_size, self.hand_limit)} cards and a play of up to "
                f"{self.max_play} need a deck of at least {needed} cards, "
                f"got {len(value)} (rule R3.6)"
            )

    @property
    def min_deck_size(self) -> int:
        """The fewest cards a deck may hold under these rules (rule R3.6).

        Every hand full, the largest standing play, and one card left to draw:
        ``players * max(hand_size, hand_limit) + max_play + 1``.

        >>> Rules().min_deck_size
        34
        """
        return self.players * max(self.hand_size, self.hand_limit) + self.max_play + 1
