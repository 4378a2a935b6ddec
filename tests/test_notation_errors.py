"""``NotationError``: typed notation errors, and bounded work on long input."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from raise_the_sum import Card, NotationError, parse_action, parse_cards


def test_R1_6_card_parse_raises_notation_error_with_rule_text_and_reason() -> None:
    with pytest.raises(NotationError) as caught:
        Card.parse("+10")
    error = caught.value
    assert isinstance(error, ValueError)
    assert (error.rule, error.text, error.reason) == (
        "R1.6",
        "+10",
        "an Add card's value is 1 to 9",
    )
    assert str(error) == "card '+10': an Add card's value is 1 to 9 (rule R1.6)"


def test_R1_6_parse_cards_names_the_offending_token() -> None:
    with pytest.raises(NotationError) as caught:
        parse_cards("+8 x4 +10")
    assert caught.value.text == "x4"
    with pytest.raises(NotationError) as caught:
        parse_action("play +8 y")
    assert caught.value.text == "y"


def test_R1_6_the_whole_input_is_the_text_when_the_whole_input_is_at_fault() -> None:
    with pytest.raises(NotationError) as caught:
        Card.parse("")
    assert (caught.value.text, caught.value.reason) == ("", "empty text is not a card")
    with pytest.raises(NotationError) as caught:
        Card.parse(" +8")
    assert caught.value.text == " +8"


def test_a_notation_error_survives_pickling() -> None:
    error = NotationError("x4", "a Multiply card's value is 2 or 3")
    back = pickle.loads(pickle.dumps(error))
    assert (type(back), str(back), back.text, back.rule) == (
        NotationError,
        str(error),
        "x4",
        "R1.6",
    )


def test_a_long_card_with_a_leading_zero_is_refused_in_words_not_with_int_limits() -> None:
    text = "+0" + "1" * 5000
    with pytest.raises(NotationError) as caught:
        Card.parse(text)
    assert caught.value.text == text
    assert caught.value.reason == "write the value without a leading zero, as in +1"
    assert str(caught.value) == (
        "card '+0111111111111111111111111111111'... (5002 characters): "
        "write the value without a leading zero, as in +1 (rule R1.6)"
    )


def test_a_leading_zero_still_suggests_the_card_meant() -> None:
    with pytest.raises(NotationError, match=r"as in x3 \(rule R1\.6\)"):
        Card.parse("x003")


@given(
    st.text(max_size=30) | st.text(alphabet="+-x/0123456789×÷− ", min_size=1000, max_size=20_000)
)
def test_R1_6_any_text_is_a_card_or_a_short_notation_error(text: str) -> None:
    try:
        Card.parse(text)
    except NotationError as error:
        assert error.text == text
        assert len(str(error)) < 250
        assert str(error).endswith("(rule R1.6)")
