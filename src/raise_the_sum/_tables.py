"""Precomputed tables behind ``legal_plays``: sub-multisets and their arithmetic.

Private. A play is keyed by the sorted tuple of its cards' indices (plain
ints hash and compare in C). Each key maps, once computed, to the shared
``Play`` object and the numbers its score needs, so that listing the legal
plays of a hand builds no new object and sorts no cards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import chain, combinations
from operator import itemgetter
from typing import Final, TypeVar

from raise_the_sum.actions import Discard, Play
from raise_the_sum.cards import ALL_CARDS, Card
from raise_the_sum.scoring import Attack, PlayProfile, least_adds_to_beat

# One entry per sub-multiset: (play, its Add sum, its group). The group is
# the product of its Multiply cards, negated when it holds a Zero card: the
# plays of one group need the same Add sum to beat a score (see Needs).
PlayEntry = tuple[Play, int, int]

#: Past this many entries a table is emptied and refilled as needed, so that
#: memory stays bounded whatever the rules (the standard game needs far fewer).
_MAX_ENTRIES: Final = 400_000

_T = TypeVar("_T")
_first: Final = itemgetter(0)

_plays: dict[tuple[int, ...], PlayEntry] = {}
_needs: dict[tuple[int, int, int], Needs] = {}
_discards: dict[tuple[int, ...], Discard] = {}


def _new_play(key: tuple[int, ...]) -> PlayEntry:
    play = object.__new__(Play)
    object.__setattr__(play, "cards", tuple(ALL_CARDS[i] for i in key))
    profile = PlayProfile.of_indices(key)
    mult = profile.multiplier
    entry = (play, profile.adds, -mult if profile.zero else mult)
    if len(_plays) >= _MAX_ENTRIES:
        _plays.clear()
    _plays[key] = entry
    return entry


class Needs(dict[int, int]):
    """Group -> the least Add sum a play of that group needs to beat ``to_beat``.

    Filled on demand, one entry per group met, from
    :func:`~raise_the_sum.scoring.least_adds_to_beat`.
    """

    __slots__ = ("to_beat", "subtract", "divide")

    def __init__(self, to_beat: int, attack: Attack) -> None:
        super().__init__()
        self.to_beat = to_beat
        self.subtract = attack.subtract
        self.divide = attack.divide

    def __missing__(self, group: int) -> int:
        need = least_adds_to_beat(self.to_beat, self.subtract, self.divide, abs(group), group < 0)
        self[group] = need
        return need


def _new_discard(key: tuple[int, ...]) -> Discard:
    discard = object.__new__(Discard)
    object.__setattr__(discard, "cards", tuple(ALL_CARDS[i] for i in key))
    if len(_discards) >= _MAX_ENTRIES:
        _discards.clear()
    _discards[key] = discard
    return discard


def submultisets(hand: tuple[Card, ...], low: int, high: int) -> Iterable[tuple[int, ...]]:
    """Every distinct sub-multiset of a sorted hand with ``low`` to ``high`` cards.

    Each as a sorted tuple of card indices; ordered by size, then
    lexicographically. ``combinations`` of a sorted sequence comes in
    lexicographic order of positions, and the first time each multiset
    appears is its leftmost embedding, so keeping first appearances (what
    ``dict.fromkeys`` does) keeps the multisets in lexicographic order too.
    A hand of distinct cards needs no such pass.
    """
    codes = [card.index for card in hand]
    sizes = range(low, min(high, len(codes)) + 1)
    keys = chain.from_iterable(combinations(codes, k) for k in sizes)
    if len(set(codes)) == len(codes):
        return keys
    return dict.fromkeys(keys)


def _lookup(
    table: dict[tuple[int, ...], _T],
    make: Callable[[tuple[int, ...]], _T],
    keys: Iterable[tuple[int, ...]],
) -> list[_T]:
    """``table[key]`` for every key, making the missing entries."""
    keys = list(keys)
    found: list[_T | None] = list(map(table.get, keys))
    if None in found:
        found = [make(key) if entry is None else entry for key, entry in zip(keys, found)]
    return found  # type: ignore[return-value]


def play_entries(hand: tuple[Card, ...], low: int, high: int) -> list[PlayEntry]:
    """The table entries of every distinct play of ``low`` to ``high`` cards from ``hand``."""
    return _lookup(_plays, _new_play, submultisets(hand, low, high))


def plays(hand: tuple[Card, ...], low: int, high: int) -> tuple[Play, ...]:
    """Every distinct play of ``low`` to ``high`` cards from ``hand``."""
    return tuple(map(_first, play_entries(hand, low, high)))


def replies(
    hand: tuple[Card, ...], low: int, high: int, to_beat: int, attack: Attack
) -> list[Play]:
    """Every distinct play of ``low`` to ``high`` cards from ``hand`` that beats ``to_beat``."""
    key = (to_beat, attack.subtract, attack.divide)
    need = _needs.get(key)
    if need is None:
        if len(_needs) >= _MAX_ENTRIES // 100:
            _needs.clear()
        need = _needs[key] = Needs(to_beat, attack)
    return [play for play, adds, group in play_entries(hand, low, high) if adds >= need[group]]


def discards(hand: tuple[Card, ...], count: int) -> list[Discard]:
    """Every distinct discard of exactly ``count`` cards from ``hand``."""
    return _lookup(_discards, _new_discard, submultisets(hand, count, count))
