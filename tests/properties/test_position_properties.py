"""Properties of the position notation: it round-trips states and views, and hides."""

from __future__ import annotations

import string

from hypothesis import given, settings
from hypothesis import strategies as st

from raise_the_sum import (
    GameState,
    Phase,
    Position,
    PositionError,
    Rng,
    check,
    from_position,
    legal_plays,
    observe,
    sample_state,
    to_position,
)

from .strategies import game_states

rngs = st.integers(min_value=0, max_value=2**64 - 1).map(Rng)


@settings(max_examples=150, deadline=None)
@given(game_states())
def test_the_referee_position_rebuilds_the_exact_state_and_reads_back_to_the_same_text(
    state: GameState,
) -> None:
    text = to_position(state)
    position = from_position(text)
    assert position.state() == state
    assert str(position) == text
    assert "\n" not in text and "  " not in text


@settings(max_examples=150, deadline=None)
@given(game_states(), st.data())
def test_a_seat_position_gives_back_exactly_that_seats_view(
    state: GameState, data: st.DataObject
) -> None:
    seat = data.draw(st.integers(0, state.rules.players - 1))
    text = to_position(state, seat=seat)
    view = observe(state, seat)
    assert to_position(view) == text
    position = from_position(text)
    assert position.seat == seat
    assert position.view() == view
    assert str(position) == text


@settings(max_examples=100, deadline=None)
@given(game_states(), st.data(), rngs)
def test_a_seat_position_is_the_same_for_every_state_the_seat_cannot_tell_apart(
    state: GameState, data: st.DataObject, rng: Rng
) -> None:
    seat = data.draw(st.integers(0, state.rules.players - 1))
    other = sample_state(observe(state, seat), rng)  # other hands, deck and seed
    assert to_position(other, seat=seat) == to_position(state, seat=seat)


@settings(max_examples=100, deadline=None)
@given(game_states(), rngs)
def test_a_sample_of_the_seat_to_acts_position_has_the_same_legal_actions_and_verdicts(
    state: GameState, rng: Rng
) -> None:
    position = from_position(to_position(state, seat=state.current))
    sample = position.sample(rng)
    assert observe(sample, state.current) == observe(state, state.current)
    assert legal_plays(sample) == legal_plays(state)
    for action in legal_plays(state)[:20]:
        assert check(sample, action, seat=state.current) == check(state, action)


@settings(max_examples=60, deadline=None)
@given(game_states(), st.data(), rngs)
def test_a_position_with_sizes_for_the_discard_pile_samples_a_state_that_fits_it(
    state: GameState, data: st.DataObject, rng: Rng
) -> None:
    seat = data.draw(st.integers(0, state.rules.players - 1))
    fields = to_position(state, seat=seat).split(" ")
    fields[8] = f"?{len(state.discard)}"
    position = from_position(" ".join(fields))
    sample = position.sample(rng)
    assert len(sample.discard) == len(state.discard)
    assert sample.hands[seat] == state.hands[seat]
    assert Position.of(sample, seat).hands == position.hands
    if state.phase is not Phase.MATCH_OVER and seat == state.current:
        assert legal_plays(sample) == legal_plays(state)


_ALPHABET = string.digits + "+-x/0?|@=,*- prdm" + "×÷−é\t"


@settings(max_examples=300, deadline=None)
@given(game_states(max_steps=30), st.data())
def test_a_changed_position_is_read_back_to_the_same_text_or_refused_with_a_column_and_a_rule(
    state: GameState, data: st.DataObject
) -> None:
    seat = data.draw(st.one_of(st.none(), st.integers(0, state.rules.players - 1)))
    text = to_position(state, seat=seat)
    at = data.draw(st.integers(0, len(text) - 1))
    edit = data.draw(st.sampled_from(["replace", "insert", "delete"]))
    char = data.draw(st.sampled_from(_ALPHABET))
    if edit == "replace":
        changed = text[:at] + char + text[at + 1 :]
    elif edit == "insert":
        changed = text[:at] + char + text[at:]
    else:
        changed = text[:at] + text[at + 1 :]
    try:
        position = from_position(changed)
    except PositionError as error:
        assert error.rule.startswith("R")
        assert error.column is None or 1 <= error.column <= len(changed) + 1
        return
    assert from_position(str(position)) == position
