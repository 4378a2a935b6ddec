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

from collections import Counter
from collections.abc import Sequence
from operator import attrgetter

import attrs

from raise_the_sum import _validate
from raise_the_sum._render import Table, short_repr, table_html
from raise_the_sum.cards import Card
from raise_the_sum.rng import Rng
from raise_the_sum.rules import Rules
from raise_the_sum.scoring import Attack
from raise_the_sum.state import GameState, Phase, is_opening

__all__ = ["PlayerView", "observe", "sample_state"]


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

    #: True when the player to act opens the round: no standing play, no score (rule R4.3).
    #: The same test as :attr:`GameState.opening <raise_the_sum.GameState.opening>`
    #: (``observe(new_game(), 2).opening`` is True).
    opening = property(is_opening)

    @property
    def players(self) -> int:
        """The number of seats, ``rules.players``, as :attr:`GameState.players
        <raise_the_sum.GameState.players>`."""
        return self.rules.players

    @property
    def active(self) -> tuple[int, ...]:
        """The seats still in this round, in seat order, as :attr:`GameState.active
        <raise_the_sum.GameState.active>`.

        >>> from raise_the_sum import Pass, Play, apply, new_game, parse_cards
        >>> state = apply(new_game(seed=7), Play(parse_cards("+7 +6 -5")))
        >>> view = observe(apply(state, Pass()), 0)
        >>> view.players, view.active
        (4, (0, 2, 3))
        """
        return tuple(seat for seat in range(self.rules.players) if seat not in self.passed)

    @property
    def to_act(self) -> bool:
        """True when this seat is the one to act."""
        return self.current == self.seat and self.phase is not Phase.MATCH_OVER

    def _hands(self) -> tuple[tuple[Card, ...] | int, ...]:
        """The seat's own hand, and the size of every other."""
        return tuple(
            self.hand if seat == self.seat else size for seat, size in enumerate(self.hand_sizes)
        )

    def __repr__(self) -> str:
        """The seat's position in the notation, with the discard pile as its size.

        The whole position, to paste, is :func:`to_position(view)
        <raise_the_sum.to_position>`.

        >>> from raise_the_sum import new_game
        >>> observe(new_game(seed=7), 1)
        <PlayerView rts1 1 ?8|+1+3+8+8x2-2-7|?7|?7 - p0 - 0,0,0,0 ?33 ?0>
        """
        return short_repr(self, self.seat, self._hands(), self.deck_size, len(self.discard))

    def _repr_html_(self) -> str:
        """A small HTML table for notebooks: the seat's own cards, in the guide's colours."""
        title = f"seat {self.seat}'s view"
        return table_html(self, title, self._hands(), self.deck_size, len(self.discard))


def observe(state: GameState, seat: int) -> PlayerView:
    """What ``seat`` may know of ``state``.

    Raises :class:`ValueError` for a seat that is not at the table.
    """
    _validate.instance(state, GameState, "state")
    _validate.whole(seat, "seat")
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


def sample_state(view: PlayerView, rng: Rng) -> GameState:
    """A full state consistent with ``view``: the unseen cards dealt at random.

    This is determinization, the first step of a search that cannot see the
    hidden cards. The unseen cards are ``view.rules.deck`` less the seat's
    own hand, the standing play and the discard pile (rule R6.2). They are
    shuffled by ``rng`` (Fisher-Yates, every order equally likely) and dealt
    in order: to the other seats in seat order, as many as each holds
    (``view.hand_sizes``), then the rest, in the shuffled order, as the deck
    (``view.deck_size`` cards). Everything public is copied from the view.
    The sampled state's seed is the next 64-bit output of ``rng`` after the
    shuffle, and its generator ``Rng.from_seed(seed)``, so its reshuffles are
    random too. ``rng`` itself is a value and is not changed: to sample again,
    pass another generator (:meth:`Rng.split <raise_the_sum.Rng.split>`).

    The result is a valid state (``legal_plays`` and ``apply`` work on it),
    and observing it from the view's seat gives the view back:

    >>> from raise_the_sum import Rng, new_game, legal_plays
    >>> view = observe(new_game(seed=7), 1)
    >>> state = sample_state(view, Rng.from_seed(0))
    >>> observe(state, 1) == view, state.hands[1] == view.hand
    (True, True)
    >>> len(legal_plays(state)) > 0
    True

    Raises :class:`ValueError` when the view's counts do not add up to the
    deck, which no view from :func:`observe` does.
    """
    _validate.instance(view, PlayerView, "view")
    _validate.instance(rng, Rng, "rng")
    if view.hand_sizes[view.seat] != len(view.hand):
        raise ValueError(
            f"view: seat {view.seat} holds {len(view.hand)} cards, not "
            f"{view.hand_sizes[view.seat]} (rule R6.2)"
        )
    sizes: list[tuple[Card, ...] | int] = list(view.hand_sizes)
    sizes[view.seat] = view.hand
    hands, deck, _, seed = deal_unseen(
        view.rules, sizes, view.standing, view.deck_size, view.discard, rng
    )
    return whole_state(view, hands, deck, view.discard, seed, Rng.from_seed(seed))


def whole_state(
    public: Table,
    hands: tuple[tuple[Card, ...], ...],
    deck: tuple[Card, ...],
    discard: tuple[Card, ...],
    seed: int,
    rng: Rng,
) -> GameState:
    """The state with ``public``'s public fields and these cards, seed and generator.

    Package-internal: :func:`sample_state`, :meth:`Position.state
    <raise_the_sum.Position.state>` and :meth:`Position.sample
    <raise_the_sum.Position.sample>` fill in what a view or a position does
    not show, then build the state here. The state checks itself.
    """
    return GameState(
        rules=public.rules,
        seed=seed,
        rng=rng,
        phase=Phase(public.phase.value),
        current=public.current,
        hands=hands,
        points=public.points,
        to_beat=public.to_beat,
        standing=public.standing,
        standing_seat=public.standing_seat,
        passed=public.passed,
        deck=deck,
        discard=discard,
    )


def deal_unseen(
    rules: Rules,
    hands: Sequence[tuple[Card, ...] | int],
    standing: tuple[Card, ...],
    deck: tuple[Card, ...] | int,
    discard: tuple[Card, ...] | int,
    rng: Rng,
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[Card, ...], int]:
    """Deal the cards nobody sees at random: the one determinization (package-internal).

    A hand, the deck or the discard pile is either its cards or, when unseen,
    its size. The unseen cards are ``rules.deck`` less every card given
    (rule R6.2), shuffled by ``rng`` and dealt in order: to the unseen hands
    in seat order, then the deck, then the discard pile. Returns the hands,
    the deck, the discard pile and a new seed, the next 64-bit output of
    ``rng`` after the shuffle. Used by :func:`sample_state` and by
    :meth:`Position.sample <raise_the_sum.Position.sample>`.
    """
    unseen = Counter(rules.deck)
    for part in (*hands, standing, deck, discard):
        if not isinstance(part, int):
            unseen.subtract(part)
    if any(count < 0 for count in unseen.values()):
        extra = sorted(card for card, count in unseen.items() if count < 0)
        raise ValueError(
            "view: the hand, standing play and discard pile hold more "
            f"{' '.join(map(str, extra))} than the deck (rule R6.2)"
        )
    hidden = sorted(unseen.elements(), key=_BY_INDEX)
    wanted = sum(part for part in (*hands, deck, discard) if isinstance(part, int))
    if len(hidden) != wanted:
        raise ValueError(
            f"view: {len(hidden)} unseen cards, but the other hands and the deck "
            f"hold {wanted} (rule R6.2)"
        )
    order, rng = rng.shuffle(hidden)
    seed, _ = rng.next_u64()
    start = 0

    def dealt(size: int) -> tuple[Card, ...]:
        nonlocal start
        start += size
        return order[start - size : start]

    dealt_hands = tuple(
        tuple(sorted(dealt(hand), key=_BY_INDEX)) if isinstance(hand, int) else hand
        for hand in hands
    )
    dealt_deck = dealt(deck) if isinstance(deck, int) else deck
    dealt_discard = dealt(discard) if isinstance(discard, int) else discard
    return dealt_hands, dealt_deck, dealt_discard, seed


_BY_INDEX = attrgetter("index")
