"""Private helpers the bots share: what a card is worth keeping, and how hard a play is to beat.

These are judgements, not rules: a bot's personality is in how it weighs
them. Every helper reads only a :class:`~raise_the_sum.PlayerView` and the
legal actions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, NamedTuple

from raise_the_sum.actions import Action, Discard, Play
from raise_the_sum.cards import ALL_CARDS, Card, Kind
from raise_the_sum.scoring import PlayProfile, attack_of
from raise_the_sum.views import PlayerView


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


#: What each of the 23 distinct cards is worth keeping, by card index: an Add
#: card its value, a multiplier a lot, attack cards a little, the Zero card a lot.
KEEP: Final[tuple[float, ...]] = tuple(_keep(card) for card in ALL_CARDS)


def keep_value(cards: Iterable[Card]) -> float:
    """The total :data:`KEEP` value of ``cards``: what playing them gives up."""
    return sum(KEEP[card.index] for card in cards)


class Facts(NamedTuple):
    """What the bots need to know of a play, computed once per play object."""

    #: The play itself (kept so that a cached entry is never mistaken for another play's).
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
        """The play's total facing the attack ``subtract``, ``divide`` (scoring's own arithmetic)."""
        return self.profile.total(subtract, divide)

    def shield(self, subtract: int, divide: int) -> int:
        """How hard the play is to beat, facing that attack: the Add value a plain reply needs.

        Without multipliers or the Zero card, a reply beats a standing total
        ``T`` that sends subtraction ``S`` and divisor ``D`` when its Add sum
        is at least ``(T + 1) * D + S``: the higher, the safer the play.
        """
        return (self.total(subtract, divide) + 1) * self.divide + self.subtract


_FACTS: dict[int, Facts] = {}
_MAX_FACTS: Final = 200_000


def facts(play: Play) -> Facts:
    """The :class:`Facts` of ``play``, cached by object (``legal_plays`` reuses its play objects)."""
    entry = _FACTS.get(id(play))
    if entry is not None and entry.play is play:
        return entry
    cards = play.cards
    sent = attack_of(cards)
    entry = Facts(
        play=play,
        keep=keep_value(cards),
        special=sum(1 for c in cards if c.kind is Kind.ZERO or c.kind is Kind.MULTIPLY),
        profile=PlayProfile.of(cards),
        subtract=sent.subtract,
        divide=sent.divide,
        size=len(cards),
    )
    if len(_FACTS) >= _MAX_FACTS:
        _FACTS.clear()
    _FACTS[id(play)] = entry
    return entry


def weakest_discard(legal: Sequence[Action]) -> Action:
    """The legal discard that gives up the least :data:`KEEP` value (first on ties)."""
    discards = [action for action in legal if isinstance(action, Discard)]
    if not discards:
        return legal[0]
    return min(discards, key=lambda d: keep_value(d.cards))


def opponents_at_match_point(view: PlayerView) -> bool:
    """True when another seat still in the round needs one point to win the match."""
    need = view.rules.points_to_win - 1
    return any(
        points >= need
        for seat, points in enumerate(view.points)
        if seat != view.seat and seat not in view.passed
    )
