"""Precomputed tables behind ``legal_plays``: sub-multisets and their arithmetic.

Private. The work of listing a hand's plays is split into what depends only
on the hand's *shape* and what depends on its cards, and each part is
computed once and kept in a bounded table:

* A hand is read as its distinct cards, in card order, and how many of each
  (its *counts*). A sub-multiset is a *selection*: how many of each distinct
  card it takes.
* The distinct cards are cut in two *halves*, the first ``(m + 1) // 2`` of
  the ``m`` distinct cards and the rest. Every selection of the hand is a
  selection of the left half and one of the right half.
* A :class:`Shape` (keyed by the counts and the play sizes allowed) holds,
  for every sub-multiset in ``legal_plays``' order, which selection of each
  half it is. Every hand with the same counts shares it, whatever its cards.
* A :class:`Half` (keyed by the half's cards) holds two codes for every
  selection of that half, each a sum over its cards, so that a
  sub-multiset's codes are its two halves' codes added: its *id*, which
  names the multiset, and its *code*, which holds what its total depends
  on (its Add sum, its ``x2``, ``x3`` and Zero cards). A half of more than
  one distinct card is itself joined from two smaller, shared halves.
* An :class:`Actions` table maps each id to the one shared ``Play`` (or
  ``Discard``) of that sub-multiset, made the first time it is asked for.
  Sharing the actions keeps the memo of ``legal_plays`` small (references
  only), keeps the garbage collector's work flat in long runs, and lets a
  dict keyed by actions find them by identity.

Listing the plays of a hand is then a few passes that run in C (``map`` and
``operator.itemgetter``): pick each sub-multiset's id from the two halves'
lists and add them, then look each id up. A reply first compares each
sub-multiset's code with the least code its group needs (:class:`Needs`),
and looks up only the plays kept. A hand of at most :data:`SMALL_HAND`
cards keeps its every play with its code (:func:`hand`), and its replies
are those plays filtered (:func:`small_replies`).

The trade, in figures (``benchmarks/bench_search_strength.py``,
``bench_floor.py`` and ``instructions_match.py``; the Performance page has
the runs). Against the plain definition,
:func:`~raise_the_sum.legal_plays_by_definition`, behind the same memo:

* a fresh 8-card opening costs 2.1 times less here and a fresh reply 4.8
  times less; a hand seen before is one lookup either way, about a
  microsecond (1.3 times as long on the plain side, whose key is longer);
* a whole random 4-player match takes 1.8 to 2.4 times less CPU time, and
  2.6 times fewer instructions (3.8 in a long process);
* a search bot given the same CPU time per decision gets 1.6 times more
  samples in the standard 4-player game, and wins 57.0% (52.1% to 61.8%)
  of 400 matches against the same bot on the plain definition at 5 ms a
  decision, the two in alternate seats. In 2-player matches it gets only
  1.2 to 1.3 times more and is not measurably stronger: 50.2% (46.2% to
  54.2%) of 600 at 2 ms, 50.3% (46.3% to 54.3%) at 5 ms.

So the tables stay: they halve the cost of rollouts, learning, tournaments
and the server, and they make a searcher stronger at the standard table.
The property tests hold ``legal_plays`` equal to the definition, order
included.

Every table here is bounded (it empties itself when full, so memory stays
bounded whatever the rules) and safe to share between threads: a lookup is
one dict operation, and an entry is stored only when complete.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Sequence
from itertools import compress, count, repeat
from operator import add, ge, is_, itemgetter, rshift, sub
from typing import Any, Final, TypeVar

from raise_the_sum import _memo
from raise_the_sum._memo import BoundedMemo
from raise_the_sum.actions import Action, Discard, Play
from raise_the_sum.cards import ALL_CARDS, Card
from raise_the_sum.scoring import ADDS, MULTIPLIERS, ZERO_INDEX, least_adds_to_beat

#: The largest value an Add card has: a play of ``high`` cards adds up to at most
#: ``high * _MOST_ADDED``.
_MOST_ADDED: Final = max(ADDS)
#: The Multiply cards' values, each with the field of a code that counts them (fields 1, 2,
#: ...; field 0 is the Add sum), and then the field that counts Zero cards.
_MULTIPLIER_FIELDS: Final = {
    value: field for field, value in enumerate(sorted(set(MULTIPLIERS) - {1}), start=1)
}
_ZERO_FIELD: Final = len(_MULTIPLIER_FIELDS) + 1

_A = TypeVar("_A", Play, Discard)


# -- shapes: where each sub-multiset sits in the two halves ------------------------------------


#: Takes a list to its items at some positions, as a tuple.
_Picker = Callable[[Sequence[Any]], Sequence[Any]]


def _picker(indices: Sequence[int]) -> _Picker:
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
    for held in counts:
        sizes = [size + taken for size in sizes for taken in range(held + 1)]
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

    __slots__ = ("count", "cut", "left", "lefts", "right", "rights")

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
        #: The left half's selection of each sub-multiset: its position in product order.
        self.lefts = lefts
        #: The right half's selection of each sub-multiset, likewise.
        self.rights = rights
        #: Picks the items at :attr:`lefts` from a left half's list, as a tuple.
        self.left = _picker(lefts)
        #: Picks the items at :attr:`rights` from a right half's list, as a tuple.
        self.right = _picker(rights)


class Half:
    """The codes of every selection from some cards (sorted indices), in product order.

    Two codes per selection, each a sum over its cards, so that a whole
    sub-multiset's codes are its left half's plus its right half's:

    * its *id*: ``sum(1 << (id_width * card.index))``, with ``id_width``
      bits per distinct card, enough for the most copies of a card in a
      play, so that two sub-multisets never share an id; an
      :class:`Actions` table maps it to the one shared ``Play``;
    * its *code*: all the arithmetic needs to know of it (rules R2.1 to
      R2.5): its Add sum, how many ``x2`` and ``x3`` cards and how many Zero
      cards it holds, each in a field of ``width`` bits (see
      :func:`card_code`). Subtract and Divide cards are attack cards, which
      do not change the player's own total (rule R2.8), so they add nothing.

    >>> half = Half((0, 0, 7), width=6, id_width=3)            # +1 +1 +8
    >>> half.codes
    [0, 8, 1, 9, 2, 10]
    >>> [" ".join(map(str, cards)) for cards in half.cards[1:]]
    ['+8', '+1', '+1 +8', '+1 +1', '+1 +1 +8']
    """

    __slots__ = ("cards", "codes", "grouped", "ids")

    def __init__(self, indices: tuple[int, ...], width: int, id_width: int) -> None:
        kinds = tuple(dict.fromkeys(indices))
        grouped: bool
        cards: list[tuple[Card, ...]]
        if len(kinds) > 1:
            # Two smaller halves, shared with other hands, joined in C: the first part's
            # selection is the more significant digit of the product order. A half of one
            # distinct card (one of a few dozen, met again and again) is made directly.
            cut = indices.index(kinds[(len(kinds) + 1) // 2])
            first = _half(indices[:cut], width, id_width)
            rest = _half(indices[cut:], width, id_width)
            pick_first, pick_rest = _cross(len(first.codes), len(rest.codes))
            ids = list(map(add, pick_first(first.ids), pick_rest(rest.ids)))
            codes = list(map(add, pick_first(first.codes), pick_rest(rest.codes)))
            cards = list(map(add, pick_first(first.cards), pick_rest(rest.cards)))
            grouped = first.grouped or rest.grouped
        elif kinds:
            kind = kinds[0]
            takes = range(len(indices) + 1)
            card = ALL_CARDS[kind]
            cards = [(card,) * taken for taken in takes]
            one = 1 << (id_width * kind)
            ids = [taken * one for taken in takes]
            step = card_code(kind, width)
            grouped = step >> width != 0
            codes = [taken * step for taken in takes]
        else:
            grouped = False
            ids = [0]
            codes = [0]
            cards = [()]
        #: The id of each selection.
        self.ids: list[int] = ids
        #: The code of each selection.
        self.codes: list[int] = codes
        #: The cards of each selection, sorted (what a new action of it holds).
        self.cards: list[tuple[Card, ...]] = cards
        #: Whether any of the cards has a group (an ``x2``, ``x3`` or Zero card): if not,
        #: every code is its Add sum alone.
        self.grouped: bool = grouped


def _half(indices: tuple[int, ...], width: int, id_width: int) -> Half:
    """The :class:`Half` of these cards (sorted indices), from the bounded table or made."""
    key = (width, id_width, indices)
    half = _halves.get(key)
    if half is None:
        half = Half(indices, width, id_width)
        _halves.put(key, half, weight=len(half.codes))
    return half


def _cross(first: int, rest: int) -> tuple[_Picker, _Picker]:
    """Pickers for every pair of a ``first``-long and a ``rest``-long list, in product order."""
    key = (first, rest)
    pickers = _crosses.get(key)
    if pickers is None:
        pickers = (
            _picker([i for i in range(first) for _ in range(rest)]),
            _picker(list(range(rest)) * first),
        )
        _crosses.put(key, pickers, weight=first * rest)
    return pickers


def card_code(index: int, width: int) -> int:
    """The code of one card (by index): the fields of :class:`Half`'s codes, ``width`` bits each.

    Field 0 holds the Add sum, field 1 the number of ``x2`` cards, field 2
    the number of ``x3`` cards, field 3 the number of Zero cards; a card of
    another kind has code 0. ``width`` must hold the largest of these in a
    play: ``_width(high)`` for plays of at most ``high`` cards.

    >>> from raise_the_sum import Card
    >>> [card_code(Card.parse(t).index, 6) for t in ("+8", "x2", "x3", "0", "-3", "/2")]
    [8, 64, 4096, 262144, 0, 0]
    """
    if index == ZERO_INDEX:
        return 1 << (width * _ZERO_FIELD)
    multiplier = MULTIPLIERS[index]
    if multiplier != 1:
        return 1 << (width * _MULTIPLIER_FIELDS[multiplier])
    return ADDS[index]


def _width(high: int) -> int:
    """Bits per field of a code: enough for the Add sum of ``high`` cards, the largest field."""
    return (_MOST_ADDED * high).bit_length()


class Needs(dict[int, int]):
    """Group -> the least code a play of that group needs to beat ``to_beat`` (rule R4.4).

    A code's *group* is its fields above the Add sum (``code >> width``):
    how many ``x2``, ``x3`` and Zero cards it holds. Every play of a group
    needs the same Add sum to beat a score facing an attack: the least one,
    from :func:`~raise_the_sum.scoring.least_adds_to_beat` (the formula of
    :func:`~raise_the_sum.score` solved for the Add sum). The entry is that
    Add sum with the group's fields above it, ``need + (group << width)``,
    so that a play beats exactly when its code is at least its group's
    entry (its Add sum fits in ``width`` bits). Filled on demand, one entry
    per group met: a handful per attack.

    >>> needs = Needs(to_beat=10, subtract=0, divide=1, width=6)
    >>> needs[0], needs[1]                # no multiplier: 11; one x2: 6, above the group
    (11, 70)
    """

    __slots__ = ("divide", "subtract", "to_beat", "width")

    def __init__(self, to_beat: int, subtract: int, divide: int, width: int) -> None:
        super().__init__()
        self.to_beat = to_beat
        self.subtract = subtract
        self.divide = divide
        self.width = width

    def __missing__(self, group: int) -> int:
        width = self.width
        mask = (1 << width) - 1
        # The group's fields are the code's fields 1, 2, ... moved down by one field.
        multiplier = 1
        for value, field in _MULTIPLIER_FIELDS.items():
            multiplier *= value ** ((group >> (width * (field - 1))) & mask)
        zero = group >> (width * (_ZERO_FIELD - 1)) != 0
        need = least_adds_to_beat(self.to_beat, self.subtract, self.divide, multiplier, zero)
        # A need above what an Add sum can reach stays above every code of the group;
        # a need at or below 0 is met by every one.
        least = (min(max(need, 0), mask + 1)) + (group << width)
        self[group] = least
        return least


class Actions(dict[int, _A]):
    """Id -> the one shared ``Play`` (or ``Discard``) of that sub-multiset.

    :meth:`looked_up` gives the action of each id, and makes (:meth:`filled`)
    the ones missing, from their halves' cards, and keeps them.
    Past ``limit`` entries the table empties itself first (the actions in
    use come back at once).

    >>> table = Actions(Play, limit=10)
    >>> half = Half((0, 0, 7), width=6, id_width=3)              # +1 +1 +8
    >>> found = tuple(table.get(id) for id in half.ids[1:])
    >>> found = table.filled(found, [1, 2, 3, 4, 5], [0] * 5, half, Half((), 6, 3))
    >>> [str(play) for play in found]
    ['play +8', 'play +1', 'play +1 +8', 'play +1 +1', 'play +1 +1 +8']
    >>> table.get(half.ids[3]) is found[2]
    True
    """

    __slots__ = ("kind", "limit", "lock", "make")

    def __init__(self, kind: type[_A], limit: int) -> None:
        super().__init__()
        #: ``Play`` or ``Discard``.
        self.kind: type[_A] = kind
        #: The most entries held.
        self.limit = limit
        self.lock = threading.Lock()
        #: Makes the action of some cards, without the constructor's checks.
        self.make: Callable[[tuple[Card, ...]], _A] = _memo.maker(kind)
        _memo.register(self.clear)

    def looked_up(
        self,
        ids: Iterable[int],
        lefts: Sequence[int],
        rights: Sequence[int],
        left: Half,
        right: Half,
    ) -> tuple[_A, ...]:
        """The action of each id, those met for the first time made (see :meth:`filled`)."""
        found = tuple(map(self.get, ids))
        if None in found:
            return self.filled(found, lefts, rights, left, right)
        return found  # type: ignore[return-value]  # no None in it

    def filled(
        self,
        found: tuple[_A | None, ...],
        lefts: Sequence[int],
        rights: Sequence[int],
        left: Half,
        right: Half,
    ) -> tuple[_A, ...]:
        """``found`` with each None replaced by the action of its selections' cards, made once.

        Item ``i`` of ``found`` is the sub-multiset of the ``lefts[i]``-th
        selection of ``left`` and the ``rights[i]``-th of ``right``. The
        cards are the library's own, sorted and valid, so the converter is
        skipped. The sub-multisets of one list are distinct, so each new
        action is made once; they are stored together at the end, and the
        table empties itself first, under the lock, if they would take it
        past its limit. (Two threads that miss the same id both make it; the
        last one stored stays, and the two are equal.)
        """
        out = list(found)
        made: list[_A] = []
        keys: list[int] = []
        make = self.make
        left_ids, right_ids = left.ids, right.ids
        left_cards, right_cards = left.cards, right.cards
        for i in _missing_positions(found):
            lead = lefts[i]
            rest = rights[i]
            action = make(left_cards[lead] + right_cards[rest])
            keys.append(left_ids[lead] + right_ids[rest])
            made.append(action)
            out[i] = action
        with self.lock:
            if len(self) + len(made) > self.limit:
                self.clear()
            self.update(zip(keys, made, strict=True))
        return tuple(out)  # type: ignore[arg-type]  # every None replaced


def _missing_positions(found: tuple[object, ...]) -> Iterable[int]:
    """The positions of the Nones in ``found``, in order.

    The idiom: ``map(is_, found, repeat(None))`` says for each item whether
    it is None, and ``compress(count(), ...)`` keeps the positions where it
    is; both run in C, with no Python loop over the items found.
    """
    return compress(count(), map(is_, found, repeat(None)))


#: Past these weights a table is emptied and refilled as needed (the standard game needs less).
_MAX_ENTRIES: Final = 400_000
_MAX_SHAPE_ITEMS: Final = 2_000_000

_shapes: BoundedMemo[tuple[tuple[int, ...], int, int], Shape] = BoundedMemo(_MAX_SHAPE_ITEMS)
_halves: BoundedMemo[tuple[int, int, tuple[int, ...]], Half] = BoundedMemo(_MAX_ENTRIES)
_crosses: BoundedMemo[tuple[int, int], tuple[_Picker, _Picker]] = BoundedMemo(_MAX_ENTRIES)


# (kind, id width) -> its Actions table: ids of different widths differ in meaning.
_actions: dict[tuple[type[Play] | type[Discard], int], Actions[Play] | Actions[Discard]] = {}


def _table(kind: type[_A], width: int) -> Actions[_A]:
    table = _actions.get((kind, width))
    if table is None:
        table = _actions.setdefault((kind, width), Actions(kind, _MAX_ENTRIES))
    return table  # type: ignore[return-value]  # the key's kind is the table's


def _read(indices: tuple[int, ...], low: int, high: int) -> tuple[Shape, Half, Half]:
    """The shape of a sorted hand (by card index) and the tables of its two halves."""
    kinds = tuple(dict.fromkeys(indices))  # the hand is sorted: its distinct cards, in order
    key = (tuple(map(indices.count, kinds)), low, high)
    shape = _shapes.get(key)
    if shape is None:
        shape = Shape(*key)
        _shapes.put(key, shape, weight=shape.count + 1)
    cut = shape.cut
    width = _width(high)
    id_width = high.bit_length()  # at most `high` copies of a card in one sub-multiset
    return shape, _half(indices[:cut], width, id_width), _half(indices[cut:], width, id_width)


def _groups(codes: list[int], width: int) -> map[int]:
    """The group of each code (its fields above the Add sum)."""
    return map(rshift, codes, repeat(width))


def _ids(shape: Shape, left: Half, right: Half) -> map[int]:
    """The id of every sub-multiset, in order: its left half's id plus its right half's."""
    return map(add, shape.left(left.ids), shape.right(right.ids))


_needs: BoundedMemo[tuple[int, int, int, int], Needs] = BoundedMemo(_MAX_ENTRIES // 100)


def _needs_for(to_beat: int, subtract: int, divide: int, width: int) -> Needs:
    """The :class:`Needs` of a score to beat facing an attack, from the bounded table or made."""
    key = (to_beat, subtract, divide, width)
    needs = _needs.get(key)
    if needs is None:
        needs = Needs(to_beat, subtract, divide, width)
        _needs.put(key, needs)
    return needs


def plays(indices: tuple[int, ...], low: int, high: int) -> tuple[Play, ...]:
    """Every distinct play of ``low`` to ``high`` cards from a hand, in ``legal_plays``' order.

    The hand is given as the sorted indices of its cards (:attr:`Card.index`).
    """
    return _every(Play, indices, low, high)


def _every(kind: type[_A], indices: tuple[int, ...], low: int, high: int) -> tuple[_A, ...]:
    """The ``kind`` of every sub-multiset of ``low`` to ``high`` cards of a hand, in order."""
    shape, left, right = _read(indices, low, high)
    table = _table(kind, high.bit_length())
    return table.looked_up(_ids(shape, left, right), shape.lefts, shape.rights, left, right)


def replies(
    indices: tuple[int, ...],
    low: int,
    high: int,
    to_beat: int,
    subtract: int,
    divide: int,
    tail: tuple[Action, ...] = (),
) -> tuple[Action, ...]:
    """The plays of :func:`plays` that beat ``to_beat`` facing the attack ``subtract``, ``divide``.

    Only the plays kept are looked up; ``tail`` follows them (``legal_plays`` puts ``Pass()``
    there).
    """
    width = _width(high)
    needs = _needs_for(to_beat, subtract, divide, width)
    shape, left, right = _read(indices, low, high)
    # A sub-multiset beats when its code (its halves' codes added) reaches its group's least
    # code. When one half has no group, the sub-multiset's group is the other half's: that
    # half's selections each give the least code the no-group half must bring (a few, made
    # once), and each sub-multiset is one comparison of two picks, with no sum.
    wanted: Iterable[int]
    if not right.grouped:
        if left.grouped:
            wanted = map(needs.__getitem__, _groups(left.codes, width))
        else:
            wanted = repeat(needs[0])
        kept = list(
            map(ge, shape.right(right.codes), shape.left(list(map(sub, wanted, left.codes))))
        )
    elif not left.grouped:
        wanted = map(needs.__getitem__, _groups(right.codes, width))
        kept = list(
            map(ge, shape.left(left.codes), shape.right(list(map(sub, wanted, right.codes))))
        )
    else:
        codes = list(map(add, shape.left(left.codes), shape.right(right.codes)))
        kept = list(map(ge, codes, map(needs.__getitem__, _groups(codes, width))))
    lefts = list(compress(shape.lefts, kept))
    rights = list(compress(shape.rights, kept))
    table = _table(Play, high.bit_length())
    ids = map(add, map(left.ids.__getitem__, lefts), map(right.ids.__getitem__, rights))
    found = table.looked_up(ids, lefts, rights, left, right)
    return found + tail if tail else found


#: Replies for hands of at most this many cards come from their :func:`hand` entry: every
#: play with its code, filtered, with no memo key and no halves to read. Such hands come back
#: again and again whatever the score to beat (a 3-card hand is one of ~2,300); larger ones
#: seldom do in a match, and a new entry looks up every play, not only the kept ones
#: (callgrind, a random match: 3 is the least instructions cold and warm; 4 costs more cold).
SMALL_HAND: Final = 3

#: A hand's every play, in ``legal_plays``' order, with the code of each and whether any has a
#: group (see :func:`hand`).
HandEntry = tuple[tuple[Play, ...], list[int], bool]

_hands: BoundedMemo[tuple[tuple[int, ...], int, int], HandEntry] = BoundedMemo(_MAX_ENTRIES)


def hand(indices: tuple[int, ...], low: int, high: int) -> HandEntry:
    """Every play of ``low`` to ``high`` cards of a hand, with its code, from the table or made.

    The plays are :func:`plays`' own; item ``i`` of the codes is the code
    (see :class:`Half`) of play ``i``; the flag says whether any code has a
    group. Asked for hands of at most :data:`SMALL_HAND` cards.
    """
    key = (indices, low, high)
    entry = _hands.get(key)
    if entry is None:
        shape, left, right = _read(indices, low, high)
        table = _table(Play, high.bit_length())
        found = table.looked_up(_ids(shape, left, right), shape.lefts, shape.rights, left, right)
        codes = list(map(add, shape.left(left.codes), shape.right(right.codes)))
        entry = (found, codes, left.grouped or right.grouped)
        _hands.put(key, entry, weight=len(found) + 1)
    return entry


def small_replies(
    indices: tuple[int, ...],
    low: int,
    high: int,
    to_beat: int,
    subtract: int,
    divide: int,
    tail: tuple[Action, ...] = (),
) -> tuple[Action, ...]:
    """:func:`replies` for a hand of at most :data:`SMALL_HAND` cards, from its :func:`hand` entry.

    Each play is kept when its code reaches the least code of its group
    (:class:`Needs`), as :func:`replies` keeps them.
    """
    found, codes, grouped = hand(indices, low, high)
    width = _width(high)
    needs = _needs_for(to_beat, subtract, divide, width)
    if grouped:
        kept = map(ge, codes, map(needs.__getitem__, _groups(codes, width)))
    else:
        kept = map(ge, codes, repeat(needs[0]))
    return (*compress(found, kept), *tail)


def discards(indices: tuple[int, ...], count: int) -> tuple[Discard, ...]:
    """Every distinct discard of exactly ``count`` cards from a hand (sorted indices), in order."""
    return _every(Discard, indices, count, count)
