"""Precomputed tables behind ``legal_plays``: sub-multisets and their arithmetic.

Private. A play is keyed by the sorted tuple of its cards' indices (plain
ints hash and compare in C). Each key maps, once computed, to the shared
``Play`` object and the numbers its score needs, so that listing the legal
plays of a hand builds no new object and sorts no cards.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain, combinations
from typing import Final

from raise_the_sum.actions import Discard, Play
from raise_the_sum.cards import ALL_CARDS, Card
from raise_the_sum.scoring import _ADD, _MUL, _ZERO_INDEX

# One entry per sub-multiset: (play, adds, multiplier, has_zero).
PlayEntry = tuple[Play, int, int, bool]

#: Past this many entries a table is emptied and refilled as needed, so that
#: memory stays bounded whatever the rules (the standard game needs far fewer).
_MAX_ENTRIES: Final = 400_000

_plays: dict[tuple[int, ...], PlayEntry] = {}
_discards: dict[tuple[int, ...], Discard] = {}


def _new_play(key: tuple[int, ...]) -> PlayEntry:
    play = object.__new__(Play)
    object.__setattr__(play, "cards", tuple(ALL_CARDS[i] for i in key))
    adds = 0
    mult = 1
    for i in key:
        adds += _ADD[i]
        mult *= _MUL[i]
    entry = (play, adds, mult, _ZERO_INDEX in key)
    if len(_plays) >= _MAX_ENTRIES:
        _plays.clear()
    _plays[key] = entry
    return entry


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
    """
    codes = [card.index for card in hand]
    sizes = range(low, min(high, len(codes)) + 1)
    return dict.fromkeys(chain.from_iterable(combinations(codes, k) for k in sizes))


def play_entries(hand: tuple[Card, ...], low: int, high: int) -> list[PlayEntry]:
    """The table entries of every distinct play of ``low`` to ``high`` cards from ``hand``."""
    get = _plays.get
    return [get(key) or _new_play(key) for key in submultisets(hand, low, high)]


def discards(hand: tuple[Card, ...], count: int) -> list[Discard]:
    """Every distinct discard of exactly ``count`` cards from ``hand``."""
    get = _discards.get
    return [get(key) or _new_discard(key) for key in submultisets(hand, count, count)]
