"""Tests that kill the mutants an outside mutation trial found alive.

Each test names the deliberate bug it catches. ``tools/mutation.py`` makes
these bugs (and more) one at a time and runs the tests that concern them;
``docs/testing.rst`` lists the score and every survivor.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
import pytest

from raise_the_sum import (
    Attack,
    Card,
    IllegalAction,
    Pass,
    Play,
    Rng,
    Rules,
    _memo,
    apply,
    explain,
    legal_plays,
    new_game,
    observe,
    parse_cards,
    sample_state,
)
from raise_the_sum.state import GameState, InvalidState, Phase, validate

NINE = Card.parse("+9")
ONE = Card.parse("+1")


# --- _tables.Needs: the clamp of a need above every Add sum -----------------------------------


def seven_nines_against_sixty_three() -> GameState:
    """Seat 1 to reply to seven +9 (63, no attack), holding seven +9 and a +1, ``max_play=7``.

    Seven +9 add up to 63, the most a code's Add field holds for plays of
    seven cards (6 bits): the need to beat 63, 64, is above every Add sum
    and must stay above seven +9 (a clamp to 63 would list them).
    """
    deck = [NINE] * 14 + [ONE] * 10
    rules = Rules(players=2, max_play=7, deck=deck)
    state = new_game(rules, seed=1, deck=deck)  # seat 0 is dealt seven +9, seat 1 too
    assert state.hands[0] == (ONE,) + (NINE,) * 7
    state = apply(state, Play((NINE,) * 7))
    assert state.current == 1 and state.to_beat == 63
    assert state.hands[1] == (ONE,) + (NINE,) * 7
    return state


def test_a_need_above_every_add_sum_is_not_clamped_to_the_largest_add_sum() -> None:
    state = seven_nines_against_sixty_three()
    # Seven +9 only tie 63 (rule R4.4: ties don't count); six +9 and the +1 make 55.
    assert legal_plays(state) == (Pass(),)


def test_a_need_of_exactly_the_largest_add_sum_is_met_by_it() -> None:
    deck = [NINE] * 14 + [ONE] * 10
    rules = Rules(players=2, max_play=7, deck=deck)
    state = apply(new_game(rules, seed=1, deck=deck), Play((NINE,) * 6 + (ONE,)))
    assert state.to_beat == 55
    plays = {action for action in legal_plays(state) if isinstance(action, Play)}
    assert Play((NINE,) * 7) in plays  # 63 beats 55
    assert Play((NINE,) * 6 + (ONE,)) not in plays  # 55 ties


# --- validate: the order of hands and of the standing play (rule R1.4) --------------------------


def _unchecked(state: GameState, **changes: Any) -> GameState:
    """``state`` with ``changes``, built past the constructor's checks (which refuse an
    unsorted hand too), as the engine builds its states: ``validate`` must refuse it itself."""
    values = {field.name: getattr(state, field.name) for field in attrs.fields(GameState)}
    made: GameState = _memo.maker(GameState)(*{**values, **changes}.values())
    return made


def test_validate_refuses_an_unsorted_hand_naming_it() -> None:
    state = new_game(seed=7)
    hand = state.hands[2]
    assert hand[0] != hand[-1]
    shuffled = _unchecked(state, hands=(*state.hands[:2], hand[::-1], *state.hands[3:]))
    with pytest.raises(InvalidState) as caught:
        validate(shuffled)
    assert (caught.value.where, caught.value.rule) == (("hands", 2), "R1.4")


def test_validate_accepts_a_sorted_hand_with_equal_cards_side_by_side() -> None:
    deck = [NINE] * 14 + [ONE] * 10
    state = new_game(Rules(players=2, max_play=7, deck=deck), seed=1, deck=deck)
    assert state.hands[1] == (NINE,) * 7
    validate(state)


def test_validate_refuses_an_unsorted_standing_play_naming_it() -> None:
    state = apply(new_game(seed=7), Play(parse_cards("+7 +6 -5")))
    assert len(set(state.standing)) == 3
    unsorted = _unchecked(state, standing=state.standing[::-1])
    with pytest.raises(InvalidState) as caught:
        validate(unsorted)
    assert (caught.value.where, caught.value.rule) == (("standing",), "R1.4")


# --- validate: passes before an opening (rule R4.3), at exactly min_play cards ------------------


def passed_before_an_opening(held: int) -> GameState:
    """A 3-seat opening with ``min_play=2`` where seat 2 has passed holding ``held`` cards.

    The cards seat 2 lacks go back on the deck, so that every card is conserved.
    """
    state = new_game(Rules(players=3, min_play=2), seed=11)
    assert state.phase is Phase.PLAY and not state.standing and state.current == 0
    hand = state.hands[2]
    return attrs.evolve(
        state,
        hands=(*state.hands[:2], hand[:held]),
        deck=hand[held:] + state.deck,
        passed=frozenset({2}),
    )


def test_validate_refuses_a_pass_before_an_opening_by_a_seat_holding_exactly_min_play() -> None:
    with pytest.raises(InvalidState) as caught:
        validate(passed_before_an_opening(2))
    assert (caught.value.where, caught.value.rule) == (("passed",), "R4.3")


def test_validate_accepts_a_pass_before_an_opening_by_a_seat_holding_fewer_than_min_play() -> None:
    validate(passed_before_an_opening(1))


# --- sample_state: the view's own hand size ----------------------------------------------------


def test_sample_state_refuses_a_view_whose_own_hand_size_is_not_its_hand() -> None:
    view = observe(new_game(seed=7), 1)
    sizes = list(view.hand_sizes)
    sizes[1] += 1  # the other seats and the deck still add up: only the seat's own count is off
    wrong = attrs.evolve(view, hand_sizes=tuple(sizes))
    with pytest.raises(ValueError, match=r"rule R6\.2"):
        sample_state(wrong, Rng.from_seed(0))


# --- explain: a subtraction equal to the adds -------------------------------------------------


def test_explain_says_a_subtraction_equal_to_the_adds_leaves_zero_not_below_zero() -> None:
    steps = explain(parse_cards("+8 +4"), Attack(subtract=12)).steps
    assert [(step.rule, step.text, step.value) for step in steps][1] == (
        "R2.3",
        "incoming subtraction: 12 − 12 = 0",
        0,
    )


def test_explain_says_a_subtraction_above_the_adds_counts_as_zero() -> None:
    steps = explain(parse_cards("+8 +4"), Attack(subtract=13)).steps
    assert steps[1].text == "incoming subtraction: 12 − 13 is below zero, so it counts as 0"


def test_explain_notes_rounding_only_when_the_division_leaves_a_remainder() -> None:
    exact = explain(parse_cards("+6"), Attack(divide=3)).steps[-1]
    inexact = explain(parse_cards("+7"), Attack(divide=3)).steps[-1]
    assert (exact.rule, exact.text) == ("R2.5", "incoming division: 6 ÷ 3 = 2")
    assert (inexact.rule, inexact.text) == ("R2.5", "incoming division: 7 ÷ 3 = 2 (rounded down)")


# --- apply: the card a refused play names (rule R4.2) ------------------------------------------


@pytest.mark.parametrize(
    ("cards", "reason"),
    [
        ("+2 +9", "you do not hold +9"),  # a card held once, then one not held
        ("+2 x2 x2", "you hold 1 x2, not 2"),  # a card held once, then one held too few times
        ("+2 +2", "you hold 1 +2, not 2"),
    ],
)
def test_a_refused_play_names_the_card_missing_not_one_held_as_often_as_played(
    cards: str, reason: str
) -> None:
    state = new_game(seed=0)
    assert state.hands[0] == parse_cards("+2 +4 +5 x2 x3 -5 -7 /2")
    with pytest.raises(IllegalAction) as refused:
        apply(state, Play(parse_cards(cards)))
    assert (refused.value.rule, refused.value.reason) == ("R4.2", reason)


# --- sample_state: the unseen cards dealt as documented -----------------------------------------


def test_sample_state_deals_the_shuffled_unseen_cards_to_the_other_seats_then_the_deck() -> None:
    """The unseen cards, in card order, shuffled by the generator, dealt in order: to the other
    hands in seat order, then the deck (``sample_state``'s docstring), so a generator gives one
    sample, the same in every version of the library."""
    state = new_game(seed=3)
    view = observe(state, 1)
    rng = Rng.from_seed(5)
    unseen = Counter(state.rules.deck)
    unseen.subtract(view.hand)
    order, _ = rng.shuffle(sorted(unseen.elements(), key=lambda card: card.index))
    sample = sample_state(view, rng)
    start = 0
    for seat in (0, 2, 3):
        size = view.hand_sizes[seat]
        assert sample.hands[seat] == tuple(sorted(order[start : start + size]))
        start += size
    assert sample.hands[1] == view.hand
    assert sample.deck == tuple(order[start:])
