"""``Phase`` and ``GameState``: the whole table at one moment.

A state is never changed: :func:`~raise_the_sum.apply` returns a new one.
States are frozen, hashable and equal by value, so two games that reach the
same table by the same seed and actions have equal states. Build the first
state with :func:`~raise_the_sum.new_game`.
"""

from __future__ import annotations

import enum

import attrs

from raise_the_sum.cards import Card
from raise_the_sum.rng import Rng
from raise_the_sum.rules import Rules
from raise_the_sum.scoring import Attack, attack_of

__all__ = ["GameState", "Phase"]


class Phase(enum.Enum):
    """What the player to act is doing."""

    #: Play cards or pass (rules R4.2 to R4.5).
    PLAY = "play"
    #: Discard down to the hand limit before the turn ends (rule R4.8).
    DISCARD = "discard"
    #: The brief result between rounds; ``NextRound()`` ends it (rule R5.4).
    ROUND_OVER = "round over"
    #: The match is won; no action is legal (rule R5.2).
    MATCH_OVER = "match over"


def is_opening(phase: Phase, standing: tuple[Card, ...]) -> bool:
    """The one definition of "an opening" (rule R4.3): a play to make, and no standing play.

    Package-internal; read it as :attr:`GameState.opening` or
    :attr:`~raise_the_sum.PlayerView.opening`. While it holds there is no
    score to beat (``to_beat`` is None) and no attack.
    """
    return phase is Phase.PLAY and not standing


@attrs.frozen(cache_hash=True)
class GameState:
    """The whole table: hands, piles, scores, whose turn it is, and the generator.

    This is full information: hands, the order of the deck, the seed and the
    generator are all here. Give a player :func:`~raise_the_sum.observe`
    instead, which shows only what their seat may know.

    The engine builds states; it trusts them and does not re-check them.
    """

    #: The configuration of this game.
    rules: Rules
    #: The seed the game was started with (rule R3.8); hidden information.
    seed: int
    #: The generator's current state, used for the next reshuffle (rule R6.1); hidden.
    rng: Rng = attrs.field(repr=False)
    #: What the player to act is doing.
    phase: Phase
    #: The seat to act; in ``ROUND_OVER`` and ``MATCH_OVER``, the round's winner.
    current: int
    #: Each seat's hand, sorted (rule R1.4).
    hands: tuple[tuple[Card, ...], ...]
    #: Each seat's points.
    points: tuple[int, ...]
    #: The score a reply must beat (rule R4.4); None while the round has no standing play.
    to_beat: int | None
    #: The standing play's cards, sorted; empty when there is none (rule R4.6).
    standing: tuple[Card, ...]
    #: The seat that made the standing play, or None.
    standing_seat: int | None
    #: The seats out of this round (rule R4.5).
    passed: frozenset[int]
    #: The cards left to draw, next draw first; hidden.
    deck: tuple[Card, ...] = attrs.field(repr=False)
    #: The discard pile, oldest first (rule R1.4); face up (rule R4.12).
    discard: tuple[Card, ...]

    @property
    def attack(self) -> Attack:
        """The attack facing the player to act: the standing play's (rule R4.11).

        ``Attack()`` when there is no standing play.
        """
        return attack_of(self.standing)

    @property
    def players(self) -> int:
        """The number of seats, ``rules.players``."""
        return self.rules.players

    @property
    def opening(self) -> bool:
        """True when the player to act opens the round: no standing play, no score (rule R4.3).

        The one test of "is this an opening"; :attr:`PlayerView.opening
        <raise_the_sum.PlayerView.opening>` is the same for a seat's view.
        """
        return is_opening(self.phase, self.standing)

    @property
    def active(self) -> tuple[int, ...]:
        """The seats still in this round, in seat order."""
        return tuple(s for s in range(self.rules.players) if s not in self.passed)
