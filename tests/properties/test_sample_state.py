"""Properties of ``sample_state``: a determinization is a full state consistent with the view."""

from __future__ import annotations

from collections import Counter
from math import comb

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from raise_the_sum import (
    Card,
    GameState,
    Phase,
    PlayerView,
    Rng,
    apply,
    legal_plays,
    new_game,
    observe,
    sample_state,
)

from .strategies import game_states

rngs = st.integers(min_value=0, max_value=2**64 - 1).map(Rng)


def every_card(state: GameState) -> Counter[object]:
    counts: Counter[object] = Counter(state.deck)
    counts.update(state.discard)
    counts.update(state.standing)
    for hand in state.hands:
        counts.update(hand)
    return counts


@st.composite
def views(draw: st.DrawFn) -> PlayerView:
    state = draw(game_states())
    seat = draw(st.integers(min_value=0, max_value=state.rules.players - 1))
    return observe(state, seat)


@settings(max_examples=150, deadline=None)
@given(views(), rngs)
def test_observing_a_sampled_state_from_the_views_seat_gives_the_view_back(
    view: PlayerView, rng: Rng
) -> None:
    assert observe(sample_state(view, rng), view.seat) == view


@settings(max_examples=150, deadline=None)
@given(views(), rngs)
def test_R6_2_a_sampled_state_holds_every_card_of_the_deck_exactly_once(
    view: PlayerView, rng: Rng
) -> None:
    assert every_card(sample_state(view, rng)) == Counter(view.rules.deck)


@settings(max_examples=100, deadline=None)
@given(game_states(), rngs)
def test_a_sampled_state_gives_the_seat_to_act_the_same_legal_actions_and_apply_accepts_them(
    state: GameState, rng: Rng
) -> None:
    sampled = sample_state(observe(state, state.current), rng)
    legal = legal_plays(sampled)
    assert legal == legal_plays(state)
    for action in legal[:3] + legal[-2:]:
        after = apply(sampled, action)
        assert every_card(after) == Counter(state.rules.deck)


@settings(max_examples=60, deadline=None)
@given(views(), rngs)
def test_a_sample_is_a_function_of_the_view_and_the_generator(view: PlayerView, rng: Rng) -> None:
    assert sample_state(view, rng) == sample_state(view, rng)


@settings(max_examples=60, deadline=None)
@given(views(), rngs)
def test_a_sampled_states_seed_and_generator_come_from_the_given_generator(
    view: PlayerView, rng: Rng
) -> None:
    sampled = sample_state(view, rng)
    assert sampled.rng == Rng.from_seed(sampled.seed)
    hidden = sum(view.hand_sizes) - len(view.hand) + view.deck_size
    _, after_shuffle = rng.shuffle(range(hidden))
    assert sampled.seed == after_shuffle.next_u64()[0]


def test_the_unseen_cards_are_dealt_uniformly_among_the_other_hands_and_the_deck() -> None:
    # Seat 1 at the first turn sees its 7 cards: 55 are unseen, 8 in seat 0's hand, 7 in
    # seat 2's and seat 3's, 33 in the deck. Neither Zero card is in seat 1's hand.
    view = observe(new_game(seed=7), 1)
    zero = Card.parse("0")
    unseen = 55
    assert view.hand.count(zero) == 0 and view.hand_sizes[0] == 8
    samples = 3000
    seat0_has_zero = 0
    zero_on_top = 0
    rng = Rng.from_seed(123)
    for _ in range(samples):
        deal, rng = rng.split()
        state = sample_state(view, deal)
        seat0_has_zero += zero in state.hands[0]
        zero_on_top += state.deck[0] == zero
    # Seat 0's 8 cards hold at least one of the 2 Zero cards: 1 - C(53, 8) / C(55, 8).
    expected = 1 - comb(unseen - 2, 8) / comb(unseen, 8)
    assert abs(seat0_has_zero / samples - expected) < 0.04
    # The deck's top card is a Zero card with probability 2 / 55.
    assert abs(zero_on_top / samples - 2 / unseen) < 0.015


def test_a_view_whose_counts_do_not_add_up_is_refused() -> None:
    view = observe(new_game(seed=7), 1)
    with pytest.raises(
        ValueError, match=r"unseen cards, but the other hands and the deck hold .* \(rule R6.2\)"
    ):
        sample_state(attrs.evolve(view, deck_size=view.deck_size + 1), Rng.from_seed(0))
    with pytest.raises(ValueError, match=r"hold more .* than the deck \(rule R6.2\)"):
        sample_state(attrs.evolve(view, discard=view.rules.deck), Rng.from_seed(0))


def test_sampling_works_in_every_phase() -> None:
    state = new_game(seed=3)
    phases = set()
    while state.phase is not Phase.MATCH_OVER:
        phases.add(state.phase)
        for seat in range(state.players):
            view = observe(state, seat)
            assert observe(sample_state(view, Rng.from_seed(seat)), seat) == view
        legal = legal_plays(state)
        # Even seats pass whenever they may (and then discard), odd seats play one card.
        state = apply(state, legal[-1] if state.current % 2 == 0 else legal[0])
    view = observe(state, 0)
    assert observe(sample_state(view, Rng.from_seed(0)), 0) == view
    assert phases == {Phase.PLAY, Phase.DISCARD, Phase.ROUND_OVER}
