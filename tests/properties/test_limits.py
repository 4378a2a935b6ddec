"""``limits.action_bound``: an upper bound on the legal actions, from the rules alone.

The bound must hold in every state a game reaches (it is never below
``len(legal_plays(state))``), be reached where the rules allow it (a hand of
different cards), keep every variant a person plays under
``DEFAULT_ACTION_LIMIT``, and put the rules that take a server down far over it.
"""

from __future__ import annotations

import random
from itertools import product

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from raise_the_sum import (
    ALL_CARDS,
    STANDARD_DECK,
    GameState,
    Phase,
    Rules,
    apply,
    legal_plays,
    new_game,
    parse_cards,
)
from raise_the_sum.limits import DEFAULT_ACTION_LIMIT, action_bound

from .strategies import rules_variants, seeds

#: Past this bound a test's game would list too many actions to stay quick.
_LISTABLE = 20_000


def states_of_a_match(rules: Rules, seed: int, steps: int) -> list[GameState]:
    """Up to ``steps`` states of a match where each player takes a random legal action."""
    chooser = random.Random(seed)
    state = new_game(rules, seed=seed)
    states = [state]
    while state.phase is not Phase.MATCH_OVER and len(states) < steps:
        state = apply(state, chooser.choice(legal_plays(state)))
        states.append(state)
    return states


@st.composite
def rules_at_the_deck_limits(draw: st.DrawFn) -> Rules:
    """Rules with a small deck of few kinds, and hands and plays as large as it allows.

    The deck holds 1 to 8 kinds of card, 1 to 9 of each; the hands and the
    plays take what rule R3.6 leaves, so that a seat may hold most of its
    share of the deck and play all of it at once.
    """
    kinds = draw(st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=8, unique=True))
    deck = [card for card in kinds for _ in range(draw(st.integers(1, 9)))]
    players = draw(st.integers(2, 4))
    # players * max(hand_size, hand_limit) + max_play + 1 <= len(deck)  (rule R3.6)
    room = len(deck) - 2
    assume(room >= players)
    most_held = draw(st.integers(1, room // players))
    hand_size = draw(st.sampled_from([most_held, draw(st.integers(1, most_held))]))
    hand_limit = draw(st.sampled_from([most_held, draw(st.integers(1, most_held))]))
    if max(hand_size, hand_limit) < most_held:
        hand_size = most_held
    max_play = draw(st.integers(1, len(deck) - 1 - players * most_held))
    min_play = draw(st.integers(1, max_play))
    return Rules(
        players=players,
        hand_size=hand_size,
        hand_limit=hand_limit,
        min_play=min_play,
        max_play=max_play,
        points_to_win=draw(st.integers(1, 2)),
        deck=deck,
    )


@settings(max_examples=150, deadline=None)
@given(
    rules=st.one_of(st.builds(Rules, players=st.integers(2, 4)), rules_variants()),
    seed=seeds,
)
def test_action_bound_is_at_least_every_legal_list_in_random_matches(
    rules: Rules, seed: int
) -> None:
    bound = action_bound(rules)
    for state in states_of_a_match(rules, seed, steps=200):
        assert len(legal_plays(state)) <= bound, state


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(rules=rules_at_the_deck_limits(), seed=seeds)
def test_action_bound_is_at_least_every_legal_list_at_the_deck_limits(
    rules: Rules, seed: int
) -> None:
    bound = action_bound(rules)
    assume(bound <= _LISTABLE)
    for state in states_of_a_match(rules, seed, steps=120):
        assert len(legal_plays(state)) <= bound, state


@settings(max_examples=60, deadline=None)
@given(
    hand=st.integers(1, 9),
    max_play=st.integers(1, 5),
    data=st.data(),
)
def test_action_bound_is_reached_by_an_opening_hand_of_different_cards(
    hand: int, max_play: int, data: st.DataObject
) -> None:
    """Seat 0 opens holding ``hand + 1`` different cards: every play is distinct.

    With the hand limit at the hand size, a discard is of one card: one of
    the ``hand + 1`` cards of such a hand after a pass. The bound is exactly
    the larger of that and the plays with ``Pass()`` (in a reply).
    """
    min_play = data.draw(st.integers(1, max_play))
    rules = Rules(players=2, hand_size=hand, hand_limit=hand, min_play=min_play, max_play=max_play)
    different = data.draw(st.permutations(sorted(set(STANDARD_DECK))))[: hand + 1]
    rest = list(STANDARD_DECK)
    for card in different:
        rest.remove(card)
    seat_1 = rest[:hand]
    deck = [card for pair in zip(different, seat_1, strict=False) for card in pair]
    deck += [different[hand], *rest[hand:]]
    state = new_game(rules, seed=1, deck=deck)
    assert len(set(state.hands[0])) == hand + 1
    assert action_bound(rules) == max(len(legal_plays(state)) + 1, hand + 1)


def test_action_bound_of_the_standard_game_is_its_largest_reply() -> None:
    """8 different cards: 8 + 28 + 56 + 70 + 56 plays of 1 to 5 cards, and Pass()."""
    assert action_bound(Rules()) == 218 + 1


def test_every_variant_a_person_plays_is_under_the_default_limit() -> None:
    """2 to 4 players, hands and hand limits up to 10, plays of 1 to 5 cards, standard deck."""
    largest = 0
    for players, hand_size, hand_limit, max_play in product(
        range(2, 5), range(1, 11), range(1, 11), range(1, 6)
    ):
        for min_play in range(1, max_play + 1):
            rules = Rules(
                players=players,
                hand_size=hand_size,
                hand_limit=hand_limit,
                min_play=min_play,
                max_play=max_play,
            )
            largest = max(largest, action_bound(rules))
    # 11 different cards in plays of 1 to 5, and Pass().
    assert largest == 11 + 55 + 165 + 330 + 462 + 1
    assert largest < DEFAULT_ACTION_LIMIT


@pytest.mark.parametrize(
    "rules",
    [
        Rules(players=2, hand_size=32, hand_limit=32, max_play=30, deck=STANDARD_DECK * 2),
        Rules(players=2, hand_size=30, hand_limit=15, max_play=1),
    ],
    ids=["hand 32, plays up to 30, the deck twice", "hand 30 kept to 15, plays of 1"],
)
def test_rules_that_take_a_server_down_are_far_over_the_default_limit(rules: Rules) -> None:
    assert action_bound(rules) > 20 * DEFAULT_ACTION_LIMIT


def test_a_hand_of_thirty_kept_to_fifteen_is_bounded_by_its_discards() -> None:
    """Its discards of 16 cards from 31 outnumber its 24 one-card plays by far."""
    rules = Rules(players=2, hand_size=30, hand_limit=15, max_play=1)
    assert action_bound(rules) > 2_760_000


@pytest.mark.parametrize("hand", [300, 1_500, 12_000])
def test_action_bound_of_huge_hands_of_two_kinds_is_close_to_the_most_plays(hand: int) -> None:
    """Hands and plays past the sizes counted one by one are still bounded closely.

    The deck holds ``+1`` cards and two ``x2``. A turn's hand of ``hand + 1``
    cards has at most ``3 * hand`` actions: holding two ``x2``, its plays are
    some ``+1`` with none, one or two ``x2`` (``3 * (hand - 1) + 2`` of them,
    less the empty one), and ``Pass()``.
    """
    rules = Rules(
        players=2,
        hand_size=hand,
        hand_limit=hand,
        max_play=hand,
        deck=parse_cards("+1") * (3 * hand) + parse_cards("x2 x2"),
    )
    most = 3 * hand
    assert most <= action_bound(rules) <= most + 10


def test_plays_larger_than_any_hand_leave_only_pass_and_the_discards() -> None:
    """min_play above the largest hand: every turn is Pass(), then a discard of one card."""
    rules = Rules(
        players=2,
        hand_size=80,
        hand_limit=80,
        min_play=100,
        max_play=100,
        deck=parse_cards("+1 x2") * 200,
    )
    assert action_bound(rules) == 2  # Pass(), or one of the two kinds to discard
    state = new_game(rules, seed=1)
    assert len(legal_plays(state)) == 1
    after = apply(state, legal_plays(state)[0])
    assert len(legal_plays(after)) <= 2


def test_action_bound_refuses_what_is_not_rules() -> None:
    with pytest.raises(TypeError, match="rules"):
        action_bound(4)  # type: ignore[arg-type]
