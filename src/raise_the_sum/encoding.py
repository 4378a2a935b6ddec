"""One fixed numbering of every action the rules can allow, and legal masks.

Learning code needs the same action to have the same number in every
state. This module numbers every action that a :class:`~raise_the_sum.Rules`
can ever allow, from 0 to ``num_actions(rules) - 1``, in four blocks:

1. **the plays**: every multiset of ``min_play`` to ``max_play`` cards that
   ``rules.deck`` can supply, by number of cards, then in the order of
   :func:`~raise_the_sum.legal_plays` (sorted cards compared in card order,
   rule R1.4);
2. **the discards**: every multiset of 1 to
   ``max(hand_size, hand_limit) + 1 - hand_limit`` cards the deck can supply
   (the most a player can ever be asked to discard, rule R4.8), in the same
   order;
3. ``Pass()``;
4. ``NextRound()``.

The standard game has 75,394 plays, 23 discards (one card of each of the
23 distinct cards) and so 75,419 actions:

>>> from raise_the_sum import NextRound, Pass, Play, Rules, parse_cards
>>> rules = Rules()
>>> num_actions(rules)
75419
>>> action_id(Play(parse_cards("+1")), rules), action_id(Pass(), rules)
(0, 75417)
>>> action_from_id(75418, rules)
NextRound()
>>> action_from_id(action_id(Play(parse_cards("+8 +4 x2")), rules), rules)
parse_action('play +4 +8 x2')

**The formula.** Let the deck's distinct cards, in card order, be kinds
``0 .. K-1``, with ``m_j`` copies of kind ``j``. A multiset of cards is a
count vector ``x = (x_0, ..., x_{K-1})`` with ``0 <= x_j <= m_j``; its size is
``k = sum(x)``. Let ``C(j, r)`` be the number of count vectors over kinds
``j .. K-1`` of size ``r``::

    C(K, 0) = 1,  C(K, r) = 0 for r > 0,
    C(j, r) = sum of C(j + 1, r - y) for y = 0 .. min(m_j, r).

Comparing two multisets of the same size by their sorted cards is comparing
their count vectors in *descending* lexicographic order (more copies of the
lowest card comes first), so the rank of ``x`` among the multisets of size
``k`` is::

    rank(x) = sum over j of  sum of C(j + 1, r_j - y) for y = x_j + 1 .. min(m_j, r_j),
    where r_j = k - (x_0 + ... + x_{j-1}) is what is left to choose at kind j.

With ``P(a, b) = C(0, a) + ... + C(0, b)`` (the multisets of ``a`` to ``b``
cards; 0 when ``a > b``) and ``D = max(hand_size, hand_limit) + 1 - hand_limit``:

* a play ``x`` of ``k`` cards is ``P(min_play, k - 1) + rank(x)``;
* a discard ``x`` of ``k`` cards is ``P(min_play, max_play) + P(1, k - 1) + rank(x)``;
* ``Pass()`` is ``P(min_play, max_play) + P(1, D)``, and ``NextRound()`` the next;
* ``num_actions(rules) = P(min_play, max_play) + P(1, D) + 2``.

Within a state the ids of :func:`~raise_the_sum.legal_plays` rise strictly,
because its order is the blocks' order. The numbering depends only on the
rules; it is computed once per ``Rules`` and cached (a few ``Rules`` at a time).

:func:`legal_mask` needs numpy (``pip install 'raise-the-sum[rl]'``); the rest
of the module, like the whole core, needs only attrs.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from operator import attrgetter
from typing import TYPE_CHECKING, Final

import attrs

from raise_the_sum import _memo
from raise_the_sum.actions import Action, Discard, NextRound, Pass, Play
from raise_the_sum.cards import ALL_CARDS, Card
from raise_the_sum.engine import legal_plays
from raise_the_sum.rules import Rules
from raise_the_sum.state import GameState

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np
    import numpy.typing as npt

__all__ = ["action_from_id", "action_id", "legal_ids", "legal_mask", "num_actions"]

_BY_INDEX: Final = attrgetter("index")
_PASS: Final = Pass()
#: The most action objects whose ids are remembered per ``Rules`` before starting afresh.
_MAX_REMEMBERED: Final = 200_000


def _remembered() -> _memo.IdentityMemo[Action, int]:
    return _memo.IdentityMemo(_MAX_REMEMBERED)


_NEXT_ROUND: Final = NextRound()


@attrs.frozen(eq=False)
class _Numbering:
    """The numbering of one ``Rules``: counts, and the blocks' offsets.

    Its memory grows with what is asked, not with the number of actions: an
    id comes from the formula, and the ids of at most ``_MAX_REMEMBERED``
    action objects met are kept.
    """

    #: The card indices of the deck's distinct cards, in card order.
    kinds: tuple[int, ...]
    #: Copies of each kind in the deck.
    copies: tuple[int, ...]
    #: ``table[j][r]`` is C(j, r) of the module's formula.
    table: tuple[tuple[int, ...], ...]
    #: The first id of the plays of each size (index: size), and of the discards.
    play_start: dict[int, int]
    discard_start: dict[int, int]
    #: Ids of Pass() and NextRound().
    pass_id: int
    next_round_id: int
    #: The number of actions.
    size: int
    min_play: int
    max_play: int
    most_discarded: int
    #: The action objects legal_plays shares, and their numbers.
    by_object: _memo.IdentityMemo[Action, int] = attrs.field(factory=_remembered)

    def lookup(self, action: Action) -> int:
        """The id of an action known to be legal under these rules (no checks): the formula."""
        kind = type(action)
        if kind is Play or kind is Discard:
            key = _key(action.cards)  # type: ignore[union-attr]
            starts = self.play_start if kind is Play else self.discard_start
            return starts[len(key)] + self.rank(key)
        return self.pass_id if kind is Pass else self.next_round_id

    def count(self, size: int) -> int:
        """C(0, size): the multisets of ``size`` cards the deck can supply."""
        row = self.table[0]
        return row[size] if 0 <= size < len(row) else 0

    def rank(self, key: tuple[int, ...]) -> int:
        """The rank of the sorted card-index tuple ``key`` among its size (the formula)."""
        counts = Counter(key)
        left = len(key)
        rank = 0
        table = self.table
        for j, (kind, copies) in enumerate(zip(self.kinds, self.copies, strict=False)):
            if left == 0:
                break
            x = counts.get(kind, 0)
            below = table[j + 1]
            for y in range(x + 1, min(copies, left) + 1):
                rank += below[left - y]
            left -= x
        return rank

    def unrank(self, size: int, rank: int) -> tuple[int, ...]:
        """The sorted card-index tuple of ``size`` cards with this rank (the inverse)."""
        out: list[int] = []
        left = size
        table = self.table
        for j, (kind, copies) in enumerate(zip(self.kinds, self.copies, strict=False)):
            below = table[j + 1]
            # Try the most copies first: they come first in the order.
            for y in range(min(copies, left), -1, -1):
                block = below[left - y]
                if rank < block:
                    out.extend([kind] * y)
                    left -= y
                    break
                rank -= block
        return tuple(out)


@lru_cache(maxsize=8)
def _numbering(rules: Rules) -> _Numbering:
    deck = Counter(card.index for card in rules.deck)
    kinds = tuple(sorted(deck))
    copies = tuple(deck[k] for k in kinds)
    top = max(rules.max_play, max(rules.hand_size, rules.hand_limit) + 1 - rules.hand_limit)
    rows: list[tuple[int, ...]] = [(1,) + (0,) * top]
    for m in reversed(copies):
        below = rows[-1]
        rows.append(tuple(sum(below[r - y] for y in range(min(m, r) + 1)) for r in range(top + 1)))
    table = tuple(reversed(rows))
    count = table[0]
    play_start: dict[int, int] = {}
    next_id = 0
    for size in range(rules.min_play, rules.max_play + 1):
        play_start[size] = next_id
        next_id += count[size]
    most_discarded = max(rules.hand_size, rules.hand_limit) + 1 - rules.hand_limit
    discard_start: dict[int, int] = {}
    for size in range(1, most_discarded + 1):
        discard_start[size] = next_id
        next_id += count[size]
    return _Numbering(
        kinds=kinds,
        copies=copies,
        table=table,
        play_start=play_start,
        discard_start=discard_start,
        pass_id=next_id,
        next_round_id=next_id + 1,
        size=next_id + 2,
        min_play=rules.min_play,
        max_play=rules.max_play,
        most_discarded=most_discarded,
    )


_memo.register(_numbering.cache_clear)
# ``Rules`` hashes its whole deck; most callers ask about the same rules object again and again.
_BY_RULES: Final[_memo.IdentityMemo[Rules, _Numbering]] = _memo.IdentityMemo(8)


def _for(rules: Rules) -> _Numbering:
    numbering = _BY_RULES.get(rules)
    if numbering is None:
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, got {rules!r}")
        numbering = _numbering(rules)
        _BY_RULES.put(rules, numbering)
    return numbering


def num_actions(rules: Rules) -> int:
    """How many actions ``rules`` number: the size of every mask (see the module's formula).

    >>> from raise_the_sum import Rules
    >>> num_actions(Rules()), num_actions(Rules(players=2, max_play=1))
    (75419, 48)
    """
    return _for(rules).size


def _key(cards: tuple[Card, ...]) -> tuple[int, ...]:
    return tuple(map(_BY_INDEX, cards))


def action_id(action: Action, rules: Rules) -> int:
    """The number of ``action`` under ``rules``, from 0 to ``num_actions(rules) - 1``.

    Raises :class:`ValueError` for an action the rules can never allow (a
    play of too many cards, cards the deck does not hold, a discard larger
    than any the rules can ask for), naming the rule.

    >>> from raise_the_sum import Discard, Play, Rules, parse_cards
    >>> action_id(Discard(parse_cards("+1")), Rules())
    75394
    >>> action_id(Play(parse_cards("+1 +1 +1 +1 +1")), Rules())
    Traceback (most recent call last):
    ...
    ValueError: action play +1 +1 +1 +1 +1: the deck holds 4 of +1 (rule R1.2)
    """
    numbering = _for(rules)
    kind = type(action)
    if kind is Pass:
        return numbering.pass_id
    if kind is NextRound:
        return numbering.next_round_id
    if kind is not Play and kind is not Discard:
        raise TypeError(f"action must be a Play, Pass, Discard or NextRound, got {action!r}")
    cards = action.cards  # type: ignore[union-attr]
    size = len(cards)
    if kind is Play:
        if not rules.min_play <= size <= rules.max_play:
            raise ValueError(
                f"action {action}: a play is {rules.min_play} to {rules.max_play} cards (rule R4.2)"
            )
        start = numbering.play_start[size]
    else:
        if not 1 <= size <= numbering.most_discarded:
            raise ValueError(
                f"action {action}: these rules never ask for a discard of {size} cards; "
                f"1 to {numbering.most_discarded} (rule R4.8)"
            )
        start = numbering.discard_start[size]
    key = _key(cards)
    held = Counter(key)
    deck = dict(zip(numbering.kinds, numbering.copies, strict=False))
    for index, count in held.items():
        if count > deck.get(index, 0):
            raise ValueError(
                f"action {action}: the deck holds {deck.get(index, 0)} of "
                f"{ALL_CARDS[index]} (rule R1.2)"
            )
    return start + numbering.rank(key)


def action_from_id(number: int, rules: Rules) -> Action:
    """The action numbered ``number`` under ``rules``: the inverse of :func:`action_id`.

    Raises :class:`ValueError` for a number outside ``range(num_actions(rules))``.

    >>> from raise_the_sum import Rules
    >>> print(action_from_id(0, Rules()), "/", action_from_id(75393, Rules()))
    play +1 / play /3 /3 /3 0 0
    """
    if type(number) is not int:
        # numpy integers are welcome; bools are not numbers of actions.
        if isinstance(number, bool) or not hasattr(number, "__index__"):
            raise TypeError(f"number must be an int, got {number!r}")
        number = number.__index__()
    numbering = _for(rules)
    if not 0 <= number < numbering.size:
        raise ValueError(f"number: an action id from 0 to {numbering.size - 1}, got {number}")
    if number == numbering.pass_id:
        return _PASS
    if number == numbering.next_round_id:
        return _NEXT_ROUND
    for starts, make in ((numbering.play_start, Play), (numbering.discard_start, Discard)):
        for size, start in starts.items():
            if start <= number < start + numbering.count(size):
                key = numbering.unrank(size, number - start)
                return make(ALL_CARDS[i] for i in key)
    raise AssertionError(f"unreachable: {number} lies in no block")  # pragma: no cover


def legal_ids(state: GameState) -> list[int]:
    """The ids of ``legal_plays(state)``, in its order, which is ascending.

    >>> from raise_the_sum import new_game
    >>> legal_ids(new_game(seed=7))[:3]
    [4, 5, 6]
    """
    if not isinstance(state, GameState):
        raise TypeError(f"state must be a GameState, got {state!r}")
    numbering = _for(state.rules)
    seen = numbering.by_object
    out: list[int] = []
    for action in legal_plays(state):
        # legal_plays hands out shared action objects: remember each one's number.
        number = seen.get(action)
        if number is None:
            number = numbering.lookup(action)
            seen.put(action, number)
        out.append(number)
    return out


def legal_mask(state: GameState) -> npt.NDArray[np.int8]:
    """The legal actions of ``state`` as a numpy ``int8`` mask of length ``num_actions``.

    ``mask[i]`` is 1 exactly when ``action_from_id(i, state.rules)`` is in
    ``legal_plays(state)``. Needs numpy (the ``rl`` extra), imported here
    so that the core does not depend on it.

    >>> from raise_the_sum import new_game, legal_plays
    >>> state = new_game(seed=7)
    >>> mask = legal_mask(state)
    >>> mask.dtype, len(mask), int(mask.sum()) == len(legal_plays(state))
    (dtype('int8'), 75419, True)
    """
    import numpy as np

    ids = legal_ids(state)
    mask = np.zeros(_for(state.rules).size, dtype=np.int8)
    mask[ids] = 1
    return mask
