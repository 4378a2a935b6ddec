"""How many legal actions a game can offer, bounded from its rules alone.

:func:`~raise_the_sum.legal_plays` lists every distinct play of the hand, and a big enough
variant has millions of them: a hand of 30 with a hand limit of 15 has
millions of ways to discard. A program that takes ``Rules`` from others (a
game server, a tournament runner) can refuse such rules before any game
starts. :func:`~raise_the_sum.action_bound` gives an upper bound on the number of legal
actions in any state of a game, computed from the rules without listing
anything, and :data:`~raise_the_sum.DEFAULT_ACTION_LIMIT` is a limit that keeps every variant
a person plays:

>>> from raise_the_sum import Rules
>>> action_bound(Rules())
219
>>> action_bound(Rules(players=2, hand_size=10, hand_limit=10)) <= DEFAULT_ACTION_LIMIT
True
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from math import comb, prod
from operator import attrgetter
from typing import Final

from raise_the_sum import _validate
from raise_the_sum.cards import ALL_CARDS
from raise_the_sum.rules import Rules

__all__ = ["DEFAULT_ACTION_LIMIT", "action_bound"]

#: A limit on :func:`~raise_the_sum.action_bound` that keeps every variant a person plays
#: (2 to 4 players, hands up to 10 cards, plays up to 5) and refuses the rules
#: whose lists of actions take a noticeable time to make.
DEFAULT_ACTION_LIMIT: Final = 50_000

#: Past this many cards in a play or a discard, the bound uses closed forms instead of
#: counting sub-multisets of the deck size by size (which costs this many steps per kind
#: of card).
_EXACT_SIZES: Final = 64

_BY_INDEX: Final = attrgetter("index")


def action_bound(rules: Rules) -> int:
    """An upper bound on the legal actions in any state of a game under ``rules``.

    This is the most that ``len(legal_plays(state))`` can be, for any state
    that a game under these rules reaches. It is computed from the rules and
    the deck's composition, without listing any action, in microseconds for
    the usual rules and in about a millisecond at most.

    It takes the largest hand a seat can hold in its turn, one card more than
    ``max(rules.hand_size, rules.hand_limit)`` (rule R4.1), and adds up, for
    each play size allowed (rule R4.2), the distinct plays of that size: at
    most the ways to choose that many of the hand's cards, and at most the
    distinct multisets of that size the deck holds (rule R1.3). ``Pass()``
    adds one. A turn that ends above the hand limit is followed by a discard
    (rule R4.8), bounded in the same way for each hand above the limit. The
    bound is the larger of the two.

    For the standard game, it is the 218 plays of 8 different cards, and
    ``Pass()``:

    >>> from raise_the_sum import Rules, STANDARD_DECK
    >>> action_bound(Rules())
    219

    A hand of 32 with plays up to 30 is far over :data:`~raise_the_sum.DEFAULT_ACTION_LIMIT`,
    and so is a hand of 30 kept down to 15 cards, even with plays of one card:

    >>> big = Rules(players=2, hand_size=32, hand_limit=32, max_play=30,
    ...             deck=STANDARD_DECK * 2)
    >>> action_bound(big) > 1_000_000_000
    True
    >>> action_bound(Rules(players=2, hand_size=30, hand_limit=15, max_play=1)) > 1_000_000
    True

    A deck with few kinds of card has few distinct plays, whatever the hand:

    >>> from raise_the_sum import parse_cards
    >>> action_bound(Rules(players=2, hand_size=20, hand_limit=20, max_play=20,
    ...                    deck=parse_cards("+1") * 60 + parse_cards("x2") * 2))
    60
    """
    _validate.instance(rules, Rules, "rules")
    hand = max(rules.hand_size, rules.hand_limit) + 1
    counts = _kind_counts(rules)
    largest_play = min(rules.max_play, hand)
    largest_discard = hand - rules.hand_limit
    by_size = _multisets_by_size(counts, min(max(largest_play, largest_discard), _EXACT_SIZES))
    plays = _plays_bound(hand, rules.min_play, largest_play, counts, by_size)
    discards = _discards_bound(hand, rules.hand_limit, counts, by_size)
    return max(plays + 1, discards)


def _kind_counts(rules: Rules) -> list[int]:
    """How many of each distinct card the deck holds, for the cards it holds.

    The deck is sorted (rule R1.4), so each count is two binary searches,
    whatever the deck's length.
    """
    deck = rules.deck
    counts = []
    for card in ALL_CARDS:
        count = bisect_right(deck, card.index, key=_BY_INDEX) - bisect_left(
            deck, card.index, key=_BY_INDEX
        )
        if count:
            counts.append(count)
    return counts


def _multisets_by_size(counts: list[int], largest: int) -> list[int]:
    """``by_size[s]``: the distinct multisets of ``s`` cards the deck holds, for s <= largest.

    The coefficients of the product, over the deck's distinct cards, of
    ``1 + x + ... + x**count`` (each card taken 0 to ``count`` times), cut at
    degree ``largest``. Multiplying by one factor is a running sum over a
    window of ``count + 1`` coefficients.
    """
    by_size = [1] + [0] * largest
    for count in counts:
        window = 0
        product = []
        for size, coefficient in enumerate(by_size):
            window += coefficient
            if size > count:
                window -= by_size[size - count - 1]
            product.append(window)
        by_size = product
    return by_size


def _plays_bound(hand: int, low: int, high: int, counts: list[int], by_size: list[int]) -> int:
    """At most how many distinct plays of ``low`` to ``high`` cards a hand of ``hand`` has."""
    if low > high:  # the least play is more than the hand holds: no play at all
        return 0
    if high < len(by_size):
        return sum(min(comb(hand, size), by_size[size]) for size in range(low, high + 1))
    return _closed_form(hand, low, high, counts)


def _discards_bound(hand: int, limit: int, counts: list[int], by_size: list[int]) -> int:
    """At most how many distinct discards a hand of ``limit + 1`` to ``hand`` cards has.

    A hand of ``limit + excess`` cards discards ``excess`` of them.
    """
    largest = hand - limit
    if largest < len(by_size):
        return max(
            min(comb(limit + excess, excess), by_size[excess]) for excess in range(1, largest + 1)
        )
    return _closed_form(hand, 1, largest, counts)


def _closed_form(hand: int, low: int, high: int, counts: list[int]) -> int:
    """At most how many distinct multisets of ``low`` to ``high`` cards (low >= 1) a hand holds.

    For sizes too many to count one by one: the least of three quick bounds.
    A hand of ``hand`` cards has ``2**hand`` subsets. There are
    ``comb(size + kinds - 1, size)`` multisets of ``size`` cards of the deck's
    ``kinds`` kinds, which add up over the sizes to a difference of two
    binomials. And the deck's multisets, of any size but 0, number the
    product of ``count + 1`` over its kinds, less one.
    """
    kinds = len(counts)
    of_sizes = comb(high + kinds, kinds) - comb(low - 1 + kinds, kinds)
    return min(1 << hand, of_sizes, prod(min(count, hand) + 1 for count in counts) - 1)
