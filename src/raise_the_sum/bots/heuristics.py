"""What every bot author needs: how hard a play is to beat, and what a card is worth keeping.

These are the judgements the library's own bots are built on. They are
not rules: a bot's personality is in how it weighs them. Every helper
reads only what a bot is given, a :class:`~raise_the_sum.PlayerView` and
the legal actions, so a bot of your own may use them freely.

How hard a play is to beat (:func:`shield`): the Add sum a plain reply
needs to beat it.

>>> from raise_the_sum import Attack, Play, parse_cards
>>> shield(Play(parse_cards("+7 +6 -5")))         # total 13, sends on -5
19
>>> shield(Play(parse_cards("+7 +6")), Attack(subtract=5))   # total 8, sends on nothing
9

What a hand gives up when it plays cards (:func:`keep_value`):

>>> keep_value(parse_cards("+8 x2 0"))
26.0

The discard that gives up least (:func:`weakest_discard`), and whether
another seat still in the round needs one point to win the match
(:func:`opponents_at_match_point`):

>>> from raise_the_sum import Discard
>>> print(weakest_discard([Discard(parse_cards("+8")), Discard(parse_cards("-1"))]))
discard -1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, NamedTuple

from raise_the_sum._memo import IdentityMemo
from raise_the_sum.actions import Action, Discard, Play
from raise_the_sum.cards import ALL_CARDS, Card, Kind
from raise_the_sum.scoring import NO_ATTACK, Attack, PlayProfile, sent_by
from raise_the_sum.views import PlayerView

# Facts and facts serve the library's own bots (cached per play object); the public
# helpers below are what a bot of your own needs.
__all__ = [
    "KEEP",
    "keep_value",
    "opponents_at_match_point",
    "shield",
    "weakest_discard",
]


def _keep(card: Card) -> float:
    if card.kind is Kind.ADD:
        return float(card.value)
    if card.kind is Kind.MULTIPLY:
        return 9.0 if card.value == 2 else 13.0
    if card.kind is Kind.SUBTRACT:
        return 0.5 + 0.4 * card.value
    if card.kind is Kind.DIVIDE:
        return 4.0 if card.value == 2 else 5.5
    return 9.0  # the Zero card


#: What each of the 23 distinct cards is worth keeping, by card index
#: (:attr:`Card.index <raise_the_sum.Card.index>`): an Add card its value, ×2 9 and
#: ×3 13, the Zero card 9, a Divide card 4 or 5.5, a Subtract card 0.5 plus 0.4 a point.
KEEP: Final[tuple[float, ...]] = tuple(_keep(card) for card in ALL_CARDS)


def keep_value(cards: Iterable[Card]) -> float:
    """The total :data:`KEEP` value of ``cards``: what playing them gives up.

    >>> from raise_the_sum import parse_cards
    >>> keep_value(parse_cards("+5 -5 /3"))
    13.0
    >>> keep_value([])
    0
    """
    return sum(KEEP[card.index] for card in cards)


class Facts(NamedTuple):
    """What the bots need to know of a play, computed once per play object (:func:`facts`).

    >>> from raise_the_sum import Play, parse_cards
    >>> play = facts(Play(parse_cards("+7 +6 -5")))
    >>> play.keep, play.special, play.subtract, play.divide, play.size
    (15.5, 0, 5, 1, 3)
    >>> play.total(0, 1), play.shield(0, 1)
    (13, 19)
    """

    #: The play itself.
    play: Play
    #: The keep value of its cards (:func:`keep_value`).
    keep: float
    #: How many of its cards are the Zero card or multipliers.
    special: int
    #: Its Add sum, multiplier and Zero card: what its total depends on (rules R2.1 to R2.5).
    profile: PlayProfile
    #: The subtraction it sends on (rule R2.8).
    subtract: int
    #: The divisor it sends on (rule R2.8).
    divide: int
    #: Its number of cards.
    size: int

    def total(self, subtract: int, divide: int) -> int:
        """The total facing the attack ``subtract``, ``divide`` (scoring's own arithmetic)."""
        return self.profile.total(subtract, divide)

    def shield(self, subtract: int, divide: int) -> int:
        """How hard the play is to beat, facing that attack: the Add value a plain reply needs.

        Without multipliers or the Zero card, a reply beats a standing total
        ``T`` that sends subtraction ``S`` and divisor ``D`` when its Add sum
        is at least ``(T + 1) * D + S``: the higher, the safer the play.
        """
        return (self.total(subtract, divide) + 1) * self.divide + self.subtract


_FACTS: Final[IdentityMemo[Play, Facts]] = IdentityMemo(200_000)


def facts(play: Play) -> Facts:
    """The :class:`Facts` of ``play``, cached by object (``legal_plays`` reuses its plays)."""
    entry = _FACTS.get(play)
    if entry is not None:
        return entry
    cards = play.cards
    sent = sent_by(cards)
    entry = Facts(
        play=play,
        keep=keep_value(cards),
        special=sum(1 for c in cards if c.kind is Kind.ZERO or c.kind is Kind.MULTIPLY),
        profile=PlayProfile.of(cards),
        subtract=sent.subtract,
        divide=sent.divide,
        size=len(cards),
    )
    _FACTS.put(play, entry)
    return entry


def shield(play: Play, against: Attack = NO_ATTACK) -> int:
    """How hard ``play`` is to beat: the Add sum a plain reply needs, ``(T + 1) × D + S``.

    ``T`` is the play's total facing the attack ``against`` (the attack it
    answers; none for an opening), and ``S`` and ``D`` are the subtraction
    and divisor it sends on (rule R2.8). A reply without multipliers or the
    Zero card beats it when its Add sum is at least this much (rule R4.4:
    ties do not count). The higher, the safer the play.

    >>> from raise_the_sum import Attack, Play, parse_cards, score
    >>> shield(Play(parse_cards("+9 /2")))     # total 9, divides the reply by 2
    20
    >>> score(parse_cards("+9 +8 +3"), Attack(divide=2))   # a reply of 20 Add: 10 beats 9
    10
    """
    return facts(play).shield(against.subtract, against.divide)


def weakest_discard(legal: Sequence[Action]) -> Action:
    """The legal discard that gives up the least :data:`KEEP` value (first on ties).

    ``legal`` is the legal actions of a seat that must discard (rule R4.8);
    with no discard among them, the first legal action.

    >>> from raise_the_sum import Discard, parse_cards
    >>> print(weakest_discard([Discard(parse_cards("x2")), Discard(parse_cards("+3 -1"))]))
    discard +3 -1
    """
    discards = [action for action in legal if isinstance(action, Discard)]
    if not discards:
        return legal[0]
    return min(discards, key=lambda d: keep_value(d.cards))


def opponents_at_match_point(view: PlayerView) -> bool:
    """True when another seat still in the round needs one point to win the match.

    A round's winner scores one point (rule R5.2), so a seat one point short
    wins the match with this round.

    >>> import attrs
    >>> from raise_the_sum import new_game, observe
    >>> state = new_game(seed=7)                  # 5 points win the match
    >>> opponents_at_match_point(observe(state, 0))
    False
    >>> opponents_at_match_point(observe(attrs.evolve(state, points=(0, 4, 0, 0)), 0))
    True
    >>> opponents_at_match_point(observe(attrs.evolve(state, points=(0, 4, 0, 0)), 1))
    False
    """
    need = view.rules.points_to_win - 1
    return any(
        points >= need
        for seat, points in enumerate(view.points)
        if seat != view.seat and seat not in view.passed
    )
