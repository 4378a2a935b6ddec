"""Typed helpers for the rule tests: exact tables from stacked decks.

Every test that is about play sets up the table it needs card by card, with
:func:`table`, instead of relying on the luck of a seed: the hands are dealt
exactly as written, and the deck's next cards are the ``draws`` given.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Sequence

import pytest

from raise_the_sum import (
    Action,
    Card,
    Discard,
    GameState,
    IllegalAction,
    NextRound,
    Pass,
    Phase,
    Play,
    Rules,
    apply,
    legal_plays,
    new_game,
    parse_cards,
)


def cards(text: str) -> tuple[Card, ...]:
    """The cards written in ``text``, sorted (rule R1.4): how hands and plays are kept."""
    return tuple(sorted(parse_cards(text)))


def stack(rules: Rules, hands: Sequence[str], draws: str = "") -> tuple[Card, ...]:
    """A deck order, top card first, that deals exactly ``hands`` then draws ``draws``.

    The deal is one card at a time, seat 0 first (rule R3.3), so card ``k`` of
    the deck goes to seat ``k % players``. Each hand must have
    ``rules.hand_size`` cards. After the deal come ``draws`` (the first is the
    first player's turn-start draw, rule R4.1), then the rest of ``rules.deck``
    in card order. Raises :class:`ValueError` when the cards are not in the deck.
    """
    if len(hands) != rules.players:
        raise ValueError(f"{len(hands)} hands for {rules.players} players")
    dealt = [parse_cards(h) for h in hands]
    for seat, hand in enumerate(dealt):
        if len(hand) != rules.hand_size:
            raise ValueError(f"seat {seat}: {len(hand)} cards, the hand size is {rules.hand_size}")
    order = [dealt[seat][i] for i in range(rules.hand_size) for seat in range(rules.players)]
    order += parse_cards(draws)
    rest = Counter(rules.deck)
    rest.subtract(order)
    if any(n < 0 for n in rest.values()):
        short = sorted(c for c, n in rest.items() if n < 0)
        raise ValueError(f"not enough of {' '.join(map(str, short))} in the deck")
    return tuple(order) + tuple(sorted(rest.elements()))


def table(
    hands: Sequence[str], draws: str = "", *, rules: Rules | None = None, seed: int = 0
) -> GameState:
    """A new game dealt exactly ``hands``, with ``draws`` on top of the deck.

    ``rules`` defaults to the standard rules for ``len(hands)`` players.
    """
    if rules is None:
        rules = Rules(players=len(hands))
    return new_game(rules, seed=seed, deck=stack(rules, hands, draws))


def play(state: GameState, text: str) -> GameState:
    """The state after the player to act plays the cards written in ``text``."""
    return apply(state, Play(parse_cards(text)))


def pass_(state: GameState) -> GameState:
    """The state after the player to act passes."""
    return apply(state, Pass())


def discard(state: GameState, text: str) -> GameState:
    """The state after the player to act discards the cards written in ``text``."""
    return apply(state, Discard(parse_cards(text)))


def next_round(state: GameState) -> GameState:
    """The state after the round's winner ends the brief result (rule R5.4)."""
    return apply(state, NextRound())


def refused(
    state: GameState, action: Action, rule: str, *, seat: int | None = None
) -> IllegalAction:
    """Assert that ``apply`` refuses ``action`` citing ``rule`` and leaves ``state`` as it was.

    Returns the error, so that the caller can check its words.
    """
    saved = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as caught:
        apply(state, action, seat=seat)
    assert caught.value.rule == rule, str(caught.value)
    assert state == saved
    assert str(caught.value) == f"{caught.value.reason} (rule {rule})"
    return caught.value


def every_card(state: GameState) -> Counter[Card]:
    """The multiset of every card on the table: deck, discard pile, hands, standing play."""
    counts: Counter[Card] = Counter(state.deck)
    counts.update(state.discard)
    counts.update(state.standing)
    for hand in state.hands:
        counts.update(hand)
    return counts


def win_round_unopposed(state: GameState) -> GameState:
    """From an opening, play out a round that the opener wins: everyone else passes.

    The opener makes its first legal play (a single card), every other player
    passes, and a player over the hand limit discards its first legal discard
    (rule R4.8). Returns the state at ``ROUND_OVER`` or ``MATCH_OVER``.
    """
    if not state.opening:
        raise ValueError("the round must be at its opening")
    state = apply(state, legal_plays(state)[0])
    while state.phase is Phase.PLAY or state.phase is Phase.DISCARD:
        if state.phase is Phase.DISCARD:
            state = apply(state, legal_plays(state)[0])
        else:
            state = apply(state, Pass())
    return state
