"""What one seat may know: ``PlayerView`` and ``observe``.

A view holds the public table and the seat's own hand. It holds no other
seat's cards, nothing of the deck's order, and neither the seed nor the
generator, which would reveal that order (rule R3.8). The discard pile is
public: plays are made face up and discards too (rule R4.12).

>>> from raise_the_sum import new_game
>>> view = observe(new_game(seed=7), 1)
>>> view.hand_sizes, view.deck_size, len(view.hand)
((8, 7, 7, 7), 33, 7)
"""

from __future__ import annotations

import attrs

from raise_the_sum.cards import Card
from raise_the_sum.rules import Rules
from raise_the_sum.scoring import Attack
from raise_the_sum.state import GameState, Phase

__all__ = ["PlayerView", "observe"]


@attrs.frozen
class PlayerView:
    """The table as one seat sees it. Frozen, hashable, equal by value."""

    #: The configuration of the game (public).
    rules: Rules
    #: The seat this view belongs to.
    seat: int
    #: What the player to act is doing.
    phase: Phase
    #: The seat to act; in ``ROUND_OVER`` and ``MATCH_OVER``, the round's winner.
    current: int
    #: This seat's own cards, sorted.
    hand: tuple[Card, ...]
    #: How many cards every seat holds.
    hand_sizes: tuple[int, ...]
    #: The score to beat, or None while the round has no standing play.
    to_beat: int | None
    #: The attack facing the player to act.
    attack: Attack
    #: The standing play's cards, sorted; empty when none.
    standing: tuple[Card, ...]
    #: The seat that made the standing play, or None.
    standing_seat: int | None
    #: The seats out of this round.
    passed: frozenset[int]
    #: Every seat's points.
    points: tuple[int, ...]
    #: How many cards are left to draw.
    deck_size: int
    #: The discard pile, oldest first.
    discard: tuple[Card, ...]

    @property
    def to_act(self) -> bool:
        """True when this seat is the one to act."""
        return self.current == self.seat and self.phase is not Phase.MATCH_OVER


def observe(state: GameState, seat: int) -> PlayerView:
    """What ``seat`` may know of ``state``.

    Raises :class:`ValueError` for a seat that is not at the table.
    """
    if not isinstance(state, GameState):
        raise TypeError(f"state must be a GameState, got {state!r}")
    if type(seat) is not int:
        raise TypeError(f"seat must be an int, got {seat!r}")
    if not 0 <= seat < state.rules.players:
        raise ValueError(f"seat: a seat from 0 to {state.rules.players - 1}, got {seat}")
    return PlayerView(
        rules=state.rules,
        seat=seat,
        phase=state.phase,
        current=state.current,
        hand=state.hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        to_beat=state.to_beat,
        attack=state.attack,
        standing=state.standing,
        standing_seat=state.standing_seat,
        passed=state.passed,
        points=state.points,
        deck_size=len(state.deck),
        discard=state.discard,
    )
