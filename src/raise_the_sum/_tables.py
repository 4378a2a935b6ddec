"""Precomputed tables behind ``legal_plays``: sub-multisets and their arithmetic.

Private. The work of listing a hand's plays is split into what depends only
on the hand's *shape* and what depends on its cards, and each part is
computed once and kept in a bounded table:

* A hand is read as its distinct cards, in card order, and how many of each
  (its *counts*). A sub-multiset is a *selection*: how many of each distinct
  card it takes.
* The distinct cards are cut in two *halves*, the first ``(m + 1) // 2`` of
  the ``m`` distinct cards and the rest. Every selection of the hand is a
  selection of the left half and one of the right half, so its numbers are
  sums (or, for multipliers, products) of one number from each half.
* A :class:`Shape` (keyed by the counts and the play sizes allowed) holds,
  for every sub-multiset in ``legal_plays``' order, which selection of each
  half it is. Every hand with the same counts shares it, whatever its cards.
* A :class:`Half` (keyed by the half's cards) holds, for every selection of
  that half, its *code*, its Add sum and its group.
* A play (or a discard) is keyed by its code, one int:
  ``sum(1 << (width * card.index))`` over its cards, with ``width`` bits per
  distinct card, enough for the most cards a play may have, so that two
  sub-multisets never share a code. An :class:`Actions` table maps each
  code to the one shared ``Play`` object, made the first time it is asked
  for.

Listing the plays of a hand is then a few passes that run in C (``map`` and
``operator.itemgetter``): pick each sub-multiset's code from the two halves'
lists and add them, then look each code up. Replies also pick the Add sums
and the groups, and look up only the plays whose Add sum reaches what their
group needs.

Every table here is bounded (it empties itself when full, so memory stays
bounded whatever the rules) and safe to share between threads: a lookup is
one dict operation, and an entry is stored only when complete.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from itertools import chain, combinations, compress, repeat
from operator import add, ge, itemgetter, mul
from typing import Final, Generic, TypeVar

from raise_the_sum.actions import Discard, Play
from raise_the_sum.cards import ALL_CARDS, Card
from raise_the_sum.scoring import ADDS, MULTIPLIERS, ZERO_INDEX, least_adds_to_beat

_K = TypeVar("_K")
_V = TypeVar("_V")
_A = TypeVar("_A", Play, Discard)


class BoundedMemo(Generic[_K, _V]):
    """A dict that empties itself rather than grow past ``limit``: bounded, and thread-safe.

    Each entry has a weight (1 unless told), and the weights held never
    pass ``limit``: an entry that would take them past it first empties the
    memo (the simplest bound: the entries in use come back at once). An
    entry heavier than ``limit`` is not kept.

    Lookups (:attr:`get`) are one dict operation, atomic under the GIL, and
    take no lock; :meth:`put` takes a lock, so that the weights stay exact
    when threads store at once. A value is stored only once it is built, so
    a reader never sees a half-made entry; two threads that miss the same
    key both build it, and the last one stored wins (the values are equal).

    >>> memo: BoundedMemo[str, int] = BoundedMemo(limit=3)
    >>> memo.put("a", 1, weight=2); memo.put("b", 2)
    >>> memo.get("a"), len(memo), memo.weight
    (1, 2, 3)
    >>> memo.put("c", 3)          # over the limit: emptied first
    >>> memo.get("a"), memo.get("c"), len(memo), memo.weight
    (None, 3, 1, 1)
    """

    __slots__ = ("_data", "_lock", "get", "limit", "weight")

    def __init__(self, limit: int) -> None:
        #: The most weight held at once.
        self.limit = limit
        #: The weight held now (the sum of the held entries' weights).
        self.weight = 0
        self._data: dict[_K, _V] = {}
        self._lock = threading.Lock()
        #: ``get(key)``: the value stored for ``key``, or None (the dict's own ``get``).
        self.get: Callable[[_K], _V | None] = self._data.get

    def put(self, key: _K, value: _V, weight: int = 1) -> None:
        """Store ``value`` for ``key``, emptying the memo first if it would grow past the limit."""
        if weight > self.limit:
            return
        with self._lock:
            data = self._data
            old = key in data
            if not old and self.weight + weight > self.limit:
                data.clear()
                self.weight = 0
            data[key] = value
            if not old:
                self.weight += weight

    def clear(self) -> None:
        """Forget every entry."""
        with self._lock:
            self._data.clear()
            self.weight = 0

    def __len__(self) -> int:
        return len(self._data)


# -- shapes: where each sub-multiset sits in the two halves ------------------------------------


def _picker(indices: Sequence[int]) -> Callable[[Sequence[int]], Sequence[int]]:
    """A function taking a list to its items at ``indices``, as a tuple (``itemgetter``, in C)."""
    if len(indices) == 1:  # itemgetter of one index gives the item, not a tuple
        return itemgetter(slice(indices[0], indices[0] + 1))
    if not indices:
        return lambda values: ()
    return itemgetter(*indices)


def _sizes(counts: Sequence[int]) -> list[int]:
    """The size of every selection from cards held ``counts`` times, in product order.

    Product order: the first card's count is the most significant digit, and
    each digit counts up from 0, as in ``itertools.product``. So the
    selections come in lexicographic order of their counts.
    """
    sizes = [0]
    for count in counts:
        sizes = [size + taken for size in sizes for taken in range(count + 1)]
    return sizes


class Shape:
    """Where each sub-multiset of a hand of these counts sits in its two halves' lists.

    The sub-multisets come in ``legal_plays``' order: by size, then by their
    sorted cards compared in card order. For two sub-multisets of one size,
    the first is the one that takes more of the first distinct card where
    they differ (more copies of a lower card put a lower card earlier); so
    within a size the order is the selections' counts in descending
    lexicographic order, which is the product order reversed, and the left
    half's selection decides before the right half's.
    """

    __slots__ = ("count", "cut", "left", "right")

    def __init__(self, counts: tuple[int, ...], low: int, high: int) -> None:
        split = (len(counts) + 1) // 2
        left_sizes = _sizes(counts[:split])
        right_sizes = _sizes(counts[split:])
        right_by_size: dict[int, list[int]] = {}
        for index in reversed(range(len(right_sizes))):
            right_by_size.setdefault(right_sizes[index], []).append(index)
        lefts: list[int] = []
        rights: list[int] = []
        for size in range(low, min(high, sum(counts)) + 1):
            for left in reversed(range(len(left_sizes))):
                rest = size - left_sizes[left]
                if rest >= 0 and rest in right_by_size:
                    found = right_by_size[rest]
                    lefts.extend(repeat(left, len(found)))
                    rights.extend(found)
        #: How many cards of the hand go in the left half (its first ``split`` distinct cards).
        self.cut = sum(counts[:split])
        #: How many sub-multisets there are.
        self.count = len(lefts)
        #: The left half's selection of each sub-multiset, picked from a list in product order.
        self.left = _picker(lefts)
        #: The right half's selection of each sub-multiset, likewise.
        self.right = _picker(rights)


class Half:
    """The numbers of every selection from some cards (sorted indices), in product order.

    ``codes`` are the selections' codes (see the module's text), ``adds``
    their Add sums, ``groups`` the product of their Multiply cards, negated
    when they hold a Zero card (see :class:`Needs`): the same per-card
    numbers (:data:`~raise_the_sum.scoring.ADDS`,
    :data:`~raise_the_sum.scoring.MULTIPLIERS`) that
    :class:`~raise_the_sum.scoring.PlayProfile` adds up for one play.
    """

    __slots__ = ("adds", "codes", "groups")

    def __init__(self, indices: tuple[int, ...], width: int) -> None:
        kinds = tuple(dict.fromkeys(indices))
        counts = tuple(map(indices.count, kinds))
        codes, adds, groups = [0], [0], [1]
        for kind, count in zip(kinds, counts, strict=True):
            takes = range(count + 1)
            weight = 1 << (width * kind)
            codes = [code + taken * weight for code in codes for taken in takes]
            add_value = ADDS[kind]
            adds = [total + taken * add_value for total in adds for taken in takes]
            if kind == ZERO_INDEX:  # the Zero card: its sign, once (its multiplier is 1)
                factors = [1] + [-1] * count
            else:
                factors = [MULTIPLIERS[kind] ** taken for taken in takes]
            groups = [group * factor for group in groups for factor in factors]
        #: The code of each selection.
        self.codes = codes
        #: The Add sum of each selection.
        self.adds = adds
        #: The group of each selection (the sign says whether it holds a Zero card).
        self.groups = groups


class Actions(dict[int, _A]):
    """Code -> the one shared ``Play`` (or ``Discard``) of that sub-multiset, made when first asked.

    ``table[code]`` makes the action when the code is missing
    (``__missing__``), so that a list of codes becomes a list of actions in
    one ``map(table.__getitem__, codes)``. Past ``limit`` entries the table
    empties itself first (the actions in use come back at once).

    >>> table = Actions(Play, width=3, limit=10)
    >>> code = 1 << (3 * 7) | 2 << (3 * 0)        # one +8, two +1
    >>> print(table[code])
    play +1 +1 +8
    >>> table[code] is table[code]
    True
    """

    __slots__ = ("chunks", "kind", "limit", "lock", "width")

    #: A code is decoded in two chunks, the cards of index below and from this one.
    SPLIT: Final = 12

    def __init__(self, kind: type[_A], width: int, limit: int) -> None:
        super().__init__()
        #: ``Play`` or ``Discard``.
        self.kind: type[_A] = kind
        #: Bits per distinct card in a code.
        self.width = width
        #: The most entries held.
        self.limit = limit
        self.lock = threading.Lock()
        #: A chunk of a code -> its cards: far fewer chunks than codes, so decoding is two
        #: lookups once the chunks have been met (bounded with the table).
        self.chunks: dict[int, tuple[Card, ...]] = {}

    def _chunk(self, chunk: int, first: int) -> tuple[Card, ...]:
        """The cards of one chunk of a code, whose lowest card has index ``first``."""
        key = chunk << 5 | first  # first is 0 or SPLIT, below 32
        cards = self.chunks.get(key)
        if cards is None:
            width = self.width
            mask = (1 << width) - 1
            found: list[Card] = []
            index = first
            while chunk:  # one step per card index
                found += repeat(ALL_CARDS[index], chunk & mask)
                chunk >>= width
                index += 1
            cards = self.chunks[key] = tuple(found)
        return cards

    def __missing__(self, code: int) -> _A:
        bits = self.width * self.SPLIT
        cards = self._chunk(code & ((1 << bits) - 1), 0) + self._chunk(code >> bits, self.SPLIT)
        # The cards are the library's own, sorted and valid: skip the converter.
        action: _A = object.__new__(self.kind)
        object.__setattr__(action, "cards", cards)
        with self.lock:
            if len(self) >= self.limit:
                self.clear()
                self.chunks.clear()
            self[code] = action
        return action


#: Past these weights a table is emptied and refilled as needed (the standard game needs less).
_MAX_ENTRIES: Final = 400_000
_MAX_SHAPE_ITEMS: Final = 2_000_000

_shapes: BoundedMemo[tuple[tuple[int, ...], int, int], Shape] = BoundedMemo(_MAX_SHAPE_ITEMS)
_halves: BoundedMemo[tuple[int, tuple[int, ...]], Half] = BoundedMemo(_MAX_ENTRIES)
# (kind, width) -> its Actions table: codes of different widths differ in meaning.
_actions: dict[tuple[type[Play] | type[Discard], int], Actions[Play] | Actions[Discard]] = {}


def _table(kind: type[_A], width: int) -> Actions[_A]:
    table = _actions.get((kind, width))
    if table is None:
        table = _actions.setdefault((kind, width), Actions(kind, width, _MAX_ENTRIES))
    return table  # type: ignore[return-value]  # the key's kind is the table's


def _read(indices: tuple[int, ...], low: int, high: int) -> tuple[Shape, Half, Half]:
    """The shape of a sorted hand (by card index) and the tables of its two halves."""
    kinds = tuple(dict.fromkeys(indices))  # the hand is sorted: its distinct cards, in order
    key = (tuple(map(indices.count, kinds)), low, high)
    shape = _shapes.get(key)
    if shape is None:
        shape = Shape(*key)
        _shapes.put(key, shape, weight=shape.count + 1)
    width = high.bit_length()  # at most `high` copies of a card in one sub-multiset
    cut = shape.cut
    left_key = (width, indices[:cut])
    left = _halves.get(left_key)
    if left is None:
        left = Half(indices[:cut], width)
        _halves.put(left_key, left, weight=len(left.codes))
    right_key = (width, indices[cut:])
    right = _halves.get(right_key)
    if right is None:
        right = Half(indices[cut:], width)
        _halves.put(right_key, right, weight=len(right.codes))
    return shape, left, right


def _codes(shape: Shape, left: Half, right: Half) -> map[int]:
    """The code of every sub-multiset, in order."""
    return map(add, shape.left(left.codes), shape.right(right.codes))


class Needs(dict[int, int]):
    """Group -> the least Add sum a play of that group needs to beat ``to_beat``.

    A play's *group* is the product of its Multiply cards, negated when it
    holds a Zero card: the plays of one group need the same Add sum to beat
    a score. Filled on demand, one entry per group met, from
    :func:`~raise_the_sum.scoring.least_adds_to_beat`.
    """

    __slots__ = ("divide", "subtract", "to_beat")

    def __init__(self, to_beat: int, subtract: int, divide: int) -> None:
        super().__init__()
        self.to_beat = to_beat
        self.subtract = subtract
        self.divide = divide

    def __missing__(self, group: int) -> int:
        need = least_adds_to_beat(self.to_beat, self.subtract, self.divide, abs(group), group < 0)
        self[group] = need
        return need


_needs: BoundedMemo[tuple[int, int, int], Needs] = BoundedMemo(_MAX_ENTRIES // 100)


def plays(indices: tuple[int, ...], low: int, high: int) -> tuple[Play, ...]:
    """Every distinct play of ``low`` to ``high`` cards from a hand, in ``legal_plays``' order.

    The hand is given as the sorted indices of its cards (:attr:`Card.index`).
    """
    shape, left, right = _read(indices, low, high)
    table = _table(Play, high.bit_length())
    return tuple(map(table.__getitem__, _codes(shape, left, right)))


def replies(
    indices: tuple[int, ...], low: int, high: int, to_beat: int, subtract: int, divide: int
) -> list[Play]:
    """The plays of :func:`plays` that beat ``to_beat`` facing the attack ``subtract``, ``divide``.

    Only the plays kept are looked up (or made).
    """
    key = (to_beat, subtract, divide)
    need = _needs.get(key)
    if need is None:
        need = Needs(to_beat, subtract, divide)
        _needs.put(key, need)
    shape, left, right = _read(indices, low, high)
    adds = map(add, shape.left(left.adds), shape.right(right.adds))
    groups = map(mul, shape.left(left.groups), shape.right(right.groups))
    beats = map(ge, adds, map(need.__getitem__, groups))
    table = _table(Play, high.bit_length())
    return list(map(table.__getitem__, compress(_codes(shape, left, right), beats)))


def discards(indices: tuple[int, ...], count: int) -> tuple[Discard, ...]:
    """Every distinct discard of exactly ``count`` cards from a hand (sorted indices), in order."""
    shape, left, right = _read(indices, count, count)
    table = _table(Discard, count.bit_length())
    return tuple(map(table.__getitem__, _codes(shape, left, right)))


def submultisets(hand: tuple[int, ...], low: int, high: int) -> list[tuple[int, ...]]:
    """Every distinct sub-multiset of a sorted hand with ``low`` to ``high`` cards (a reference).

    The hand and each sub-multiset as sorted tuples of card indices; ordered
    by size, then lexicographically. ``combinations`` of a sorted sequence
    comes in lexicographic order of positions, and the first time each
    multiset appears is its leftmost embedding, so keeping first appearances
    (what ``dict.fromkeys`` does) keeps the multisets in lexicographic order
    too. The tests hold the tables above to this.
    """
    sizes = range(low, min(high, len(hand)) + 1)
    return list(dict.fromkeys(chain.from_iterable(combinations(hand, k) for k in sizes)))
