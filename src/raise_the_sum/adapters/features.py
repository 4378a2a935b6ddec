"""What one seat may know, as a flat vector of numbers and as a line of text.

Both adapters describe a seat's :class:`~raise_the_sum.PlayerView` (what
:func:`~raise_the_sum.observe` shows, and nothing else) with these two
functions, so an observation can never hold more than the view does.

The vector has ``78 + 5 * players`` numbers (98 for four players). Seats are
*relative*: position 0 is the observing seat, 1 the next seat clockwise, and
so on, so that a policy learnt in one seat plays in any other.

=========================  ======  =================================================
piece                      length  values
=========================  ======  =================================================
``hand``                   23      copies of each of the 23 distinct cards held (card order)
``standing``               23      copies of each card in the standing play
``discard``                23      copies of each card in the discard pile
``hand_sizes``             n       cards each seat holds
``points``                 n       each seat's points
``passed``                 n       1 for each seat out of this round
``current``                n       1 for the seat to act (the round's winner between rounds)
``standing_seat``          n       1 for the seat that made the standing play
``phase``                  4       1 for the phase: play, discard, round over, match over
``to_beat``                2       1 and the score to beat, or 0 and 0 with no standing play
``attack``                 2       the incoming subtraction and divisor (0 and 1 for none)
``deck_size``              1       cards left to draw
=========================  ======  =================================================

>>> from raise_the_sum import new_game, observe
>>> view = observe(new_game(seed=7), 0)
>>> vector = features(view)
>>> len(vector), len(feature_names(view.rules))
(98, 98)
>>> dict(zip(feature_names(view.rules), vector))["hand_sizes[0]"]
8.0
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from raise_the_sum import _memo
from raise_the_sum.cards import ALL_CARDS
from raise_the_sum.rules import Rules
from raise_the_sum.state import Phase
from raise_the_sum.views import PlayerView

__all__ = ["feature_bounds", "feature_names", "features", "view_text"]

_PHASES: Final = (Phase.PLAY, Phase.DISCARD, Phase.ROUND_OVER, Phase.MATCH_OVER)
_KINDS: Final = len(ALL_CARDS)


def _counts(cards: tuple[object, ...]) -> list[float]:
    out = [0.0] * _KINDS
    for card in cards:
        out[card.index] += 1.0  # type: ignore[attr-defined]
    return out


def features(view: PlayerView) -> list[float]:
    """The view as ``78 + 5 * players`` numbers, in the order of :func:`feature_names`."""
    n = view.rules.players
    me = view.seat
    order = [(me + k) % n for k in range(n)]
    out = _counts(view.hand) + _counts(view.standing) + _counts(view.discard)
    out += [float(view.hand_sizes[s]) for s in order]
    out += [float(view.points[s]) for s in order]
    out += [1.0 if s in view.passed else 0.0 for s in order]
    out += [1.0 if s == view.current else 0.0 for s in order]
    out += [1.0 if s == view.standing_seat else 0.0 for s in order]
    out += [1.0 if view.phase is phase else 0.0 for phase in _PHASES]
    if view.to_beat is None:
        out += [0.0, 0.0]
    else:
        out += [1.0, float(view.to_beat)]
    out += [float(view.attack.subtract), float(view.attack.divide), float(view.deck_size)]
    return out


@lru_cache(maxsize=8)
def feature_names(rules: Rules) -> tuple[str, ...]:
    """The name of each number of :func:`features`, such as ``hand[+8]`` or ``points[1]``."""
    names = [f"{piece}[{card}]" for piece in ("hand", "standing", "discard") for card in ALL_CARDS]
    for piece in ("hand_sizes", "points", "passed", "current", "standing_seat"):
        names += [f"{piece}[{k}]" for k in range(rules.players)]
    names += [f"phase[{phase.value}]" for phase in _PHASES]
    names += ["has_to_beat", "to_beat", "attack_subtract", "attack_divide", "deck_size"]
    return tuple(names)


_memo.register(feature_names.cache_clear)


@lru_cache(maxsize=8)
def feature_bounds(rules: Rules) -> tuple[float, ...]:
    """An upper bound of each number of :func:`features` under ``rules`` (all are at least 0).

    Card counts are bounded by the deck's copies, sizes by the deck, points
    by the points to win. The score to beat, the subtraction and the divisor
    are bounded loosely: the largest ``max_play`` Add values summed, times the
    largest ``max_play`` multipliers, and so on.
    """
    copies = [0.0] * _KINDS
    for card in rules.deck:
        copies[card.index] += 1.0
    deck = float(len(rules.deck))
    n = rules.players
    adds = sorted((c.value for c in rules.deck if c.kind.name == "ADD"), reverse=True)
    mults = sorted((c.value for c in rules.deck if c.kind.name == "MULTIPLY"), reverse=True)
    subs = sorted((c.value for c in rules.deck if c.kind.name == "SUBTRACT"), reverse=True)
    divs = sorted((c.value for c in rules.deck if c.kind.name == "DIVIDE"), reverse=True)
    k = rules.max_play
    most_total = float(sum(adds[:k]))
    for m in mults[:k]:
        most_total *= m
    most_divisor = 1.0
    for d in divs[:k]:
        most_divisor *= d
    out = copies * 3
    out += [deck] * n + [float(rules.points_to_win)] * n + [1.0] * (3 * n) + [1.0] * 4
    out += [1.0, most_total, float(sum(subs[:k])), most_divisor, deck]
    return tuple(out)


_memo.register(feature_bounds.cache_clear)


def view_text(view: PlayerView) -> str:
    """The view as one line of text: equal views give equal lines, and only they.

    >>> from raise_the_sum import new_game, observe
    >>> print(view_text(observe(new_game(seed=7), 2)))
    seat 2 | play | to act 0 | hand +1 +2 +4 +6 +9 x3 /2 | sizes 8 7 7 7 | points 0 0 0 0 | no play | passed - | deck 33 | discard -
    """  # noqa: E501
    parts = [
        f"seat {view.seat}",
        view.phase.value,
        f"to act {view.current}",
        "hand " + (" ".join(map(str, view.hand)) or "-"),
        "sizes " + " ".join(map(str, view.hand_sizes)),
        "points " + " ".join(map(str, view.points)),
    ]
    if view.to_beat is None:
        parts.append("no play")
    else:
        parts.append(
            f"beat {view.to_beat} by seat {view.standing_seat}: "
            + " ".join(map(str, view.standing))
            + f" (attack {view.attack})"
        )
    parts.append("passed " + (" ".join(map(str, sorted(view.passed))) or "-"))
    parts.append(f"deck {view.deck_size}")
    parts.append("discard " + (" ".join(map(str, view.discard)) or "-"))
    return " | ".join(parts)
