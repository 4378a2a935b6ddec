"""Section R1 of the rulebook: the cards, the deck, card order and the notation."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from raise_the_sum import (
    ALL_CARDS,
    STANDARD_DECK,
    Attack,
    Card,
    Discard,
    Kind,
    Play,
    Rules,
    attack_of,
    new_game,
    parse_action,
    parse_cards,
    score,
)

from .helpers import cards, every_card, play, table

# -- R1.1 Five kinds of card ------------------------------------------------------------


def test_R1_1_there_are_five_kinds_with_the_guides_values() -> None:
    assert [kind.name for kind in Kind] == ["ADD", "MULTIPLY", "SUBTRACT", "DIVIDE", "ZERO"]
    assert Kind.ADD.values == (1, 2, 3, 4, 5, 6, 7, 8, 9)
    assert Kind.MULTIPLY.values == (2, 3)
    assert Kind.SUBTRACT.values == (1, 2, 3, 4, 5, 6, 7, 8, 9)
    assert Kind.DIVIDE.values == (2, 3)
    assert Kind.ZERO.values == (0,)


def test_R1_1_every_kind_and_value_is_a_card_and_there_are_23_distinct_cards() -> None:
    built = [Card(kind, value) for kind in Kind for value in kind.values]
    assert len(built) == len(set(built)) == 23
    assert tuple(built) == ALL_CARDS
    assert [card.index for card in ALL_CARDS] == list(range(23))


@pytest.mark.parametrize(
    ("kind", "value"),
    [
        (Kind.ADD, 0),
        (Kind.ADD, 10),
        (Kind.MULTIPLY, 1),
        (Kind.MULTIPLY, 4),
        (Kind.SUBTRACT, 0),
        (Kind.SUBTRACT, -3),
        (Kind.DIVIDE, 1),
        (Kind.DIVIDE, 6),
        (Kind.ZERO, 1),
    ],
)
def test_R1_1_a_value_outside_the_kinds_values_is_not_a_card(kind: Kind, value: int) -> None:
    with pytest.raises(ValueError, match=r"^Card\.value: .* got -?\d+ \(rule R1\.1\)$"):
        Card(kind, value)


# -- R1.2 The standard deck -------------------------------------------------------------


def test_R1_2_the_standard_deck_is_62_cards_of_the_rulings_composition() -> None:
    counts = Counter(STANDARD_DECK)
    assert len(STANDARD_DECK) == 62
    assert {v: counts[Card(Kind.ADD, v)] for v in range(1, 10)} == dict.fromkeys(range(1, 10), 4)
    assert counts[Card(Kind.MULTIPLY, 2)] == 5
    assert counts[Card(Kind.MULTIPLY, 3)] == 3
    assert {v: counts[Card(Kind.SUBTRACT, v)] for v in range(1, 10)} == dict.fromkeys(
        range(1, 10), 1
    )
    assert counts[Card(Kind.DIVIDE, 2)] == 4
    assert counts[Card(Kind.DIVIDE, 3)] == 3
    assert counts[Card(Kind.ZERO, 0)] == 2
    by_kind = Counter(card.kind for card in STANDARD_DECK)
    assert by_kind == {
        Kind.ADD: 36,
        Kind.MULTIPLY: 8,
        Kind.SUBTRACT: 9,
        Kind.DIVIDE: 7,
        Kind.ZERO: 2,
    }


def test_R1_2_the_standard_game_deals_from_exactly_the_standard_deck() -> None:
    assert Rules().deck == STANDARD_DECK
    assert every_card(new_game(seed=62)) == Counter(STANDARD_DECK)


def test_R1_2_another_deck_can_be_given_through_rules() -> None:
    deck = parse_cards("+1 +2 +3 +4 +5 +6 +7 +8 +9 x2 x3 -1 -2 /2 /3 0") * 2
    rules = Rules(players=2, hand_size=5, hand_limit=5, max_play=3, deck=deck)
    assert Counter(rules.deck) == Counter(deck)
    state = new_game(rules, seed=3)
    assert every_card(state) == Counter(deck)


# -- R1.3 Selection order does not matter ----------------------------------------------


def test_R1_3_a_play_is_the_same_whatever_order_its_cards_are_chosen_in() -> None:
    assert Play(parse_cards("x2 +8")) == Play(parse_cards("+8 x2"))
    assert hash(Play(parse_cards("x2 +8"))) == hash(Play(parse_cards("+8 x2")))
    assert Discard(parse_cards("-3 +1 +1")) == Discard(parse_cards("+1 -3 +1"))
    assert parse_action("play 0 +2 x3") == parse_action("play x3 +2 0")
    assert Play(parse_cards("+8 x2")) != Play(parse_cards("+8 x3"))
    assert Play(parse_cards("+8 +8")) != Play(parse_cards("+8"))


def test_R1_3_playing_the_same_cards_in_another_order_reaches_the_same_state() -> None:
    state = table(["+8 +4 x2 -3 /2 +1 +1", "+9 +9 +9 +9 +2 +2 +2"], "+5")
    assert play(state, "x2 -3 +8") == play(state, "+8 x2 -3") == play(state, "-3 +8 x2")


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=5),
    st.randoms(use_true_random=False),
    st.integers(0, 12),
    st.sampled_from([1, 2, 3, 4, 6, 9]),
)
def test_R1_3_property_the_total_and_the_attack_never_depend_on_card_order(
    hand: list[Card], rnd: random.Random, subtract: int, divide: int
) -> None:
    shuffled = list(hand)
    rnd.shuffle(shuffled)
    attack = Attack(subtract, divide)
    assert score(shuffled, attack) == score(hand, attack)
    assert attack_of(shuffled) == attack_of(hand)
    assert Play(shuffled) == Play(hand)


# -- R1.4 Card order and pile order ----------------------------------------------------


def test_R1_4_cards_sort_by_kind_then_value() -> None:
    assert [str(c) for c in sorted(parse_cards("0 /3 /2 -9 -1 x3 x2 +9 +1"))] == [
        "+1",
        "+9",
        "x2",
        "x3",
        "-1",
        "-9",
        "/2",
        "/3",
        "0",
    ]
    assert (
        Card.parse("+9") < Card.parse("x2") < Card.parse("-1") < Card.parse("/2") < Card.parse("0")
    )
    assert Card.parse("-1") < Card.parse("-9")
    assert sorted(STANDARD_DECK) == list(STANDARD_DECK)


def test_R1_4_hands_plays_and_discards_are_kept_sorted() -> None:
    assert Play(parse_cards("0 x2 +8 -3")).cards == cards("+8 x2 -3 0")
    assert [str(c) for c in Play(parse_cards("0 x2 +8 -3")).cards] == ["+8", "x2", "-3", "0"]
    assert Discard(parse_cards("/2 +1")).cards == (Card.parse("+1"), Card.parse("/2"))
    state = table(["0 /2 -3 x2 +9 +1 +5", "+2 +2 +2 +2 +3 +3 +3"], "+4")
    assert [str(c) for c in state.hands[0]] == ["+1", "+4", "+5", "+9", "x2", "-3", "/2", "0"]
    for hand in state.hands:
        assert list(hand) == sorted(hand)


def test_R1_4_a_replaced_play_goes_onto_the_discard_pile_in_card_order_after_the_pile() -> None:
    state = table(
        ["0 -3 x2 +1 +6 +6 +6", "/2 +9 +9 +7 +7 +7 +7", "+8 +8 +8 +2 +2 +2 +2"], "+5 +4 +3 +3"
    )
    state = play(state, "0 -3 x2 +1")  # opens at (1) x 2 = 2; the play is kept sorted
    assert state.standing == cards("+1 x2 -3 0")
    state = play(state, "/2 +9")  # 9 - 3 = 6 beats 2
    assert state.discard == cards("+1 x2 -3 0")
    state = play(state, "+8 +8")  # 16 / 2 = 8 beats 6
    assert [str(c) for c in state.discard] == ["+1", "x2", "-3", "0", "+9", "/2"]


# -- R1.5 Colours -----------------------------------------------------------------------


def test_R1_5_each_kind_has_its_colour() -> None:
    assert {kind: kind.colour for kind in Kind} == {
        Kind.ADD: "blue",
        Kind.MULTIPLY: "green",
        Kind.SUBTRACT: "red",
        Kind.DIVIDE: "yellow",
        Kind.ZERO: "black",
    }
    for card in ALL_CARDS:
        assert card.colour == card.kind.colour


# -- R1.6 Card notation -----------------------------------------------------------------

_ASCII = [
    "+1",
    "+2",
    "+3",
    "+4",
    "+5",
    "+6",
    "+7",
    "+8",
    "+9",
    "x2",
    "x3",
    "-1",
    "-2",
    "-3",
    "-4",
    "-5",
    "-6",
    "-7",
    "-8",
    "-9",
    "/2",
    "/3",
    "0",
]


def test_R1_6_every_card_round_trips_through_its_ascii_notation() -> None:
    assert [str(card) for card in ALL_CARDS] == _ASCII
    for text, card in zip(_ASCII, ALL_CARDS, strict=True):
        assert Card.parse(text) == card
        assert eval(repr(card), {"Card": Card}) == card


@pytest.mark.parametrize(
    ("text", "ascii"),
    [("×2", "x2"), ("×3", "x3"), ("÷2", "/2"), ("÷3", "/3"), ("−1", "-1"), ("−9", "-9")],
)
def test_R1_6_the_guides_signs_are_accepted(text: str, ascii: str) -> None:
    assert Card.parse(text) == Card.parse(ascii)
    assert format(Card.parse(ascii), "u") == text


def test_R1_6_the_guides_signs_are_accepted_in_lists_and_actions() -> None:
    assert parse_cards("+8 ×2 −3 ÷2") == parse_cards("+8 x2 -3 /2")
    assert parse_action("play +8 ×2") == Play(parse_cards("+8 x2"))


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("+10", "an Add card's value is 1 to 9"),
        ("x4", "a Multiply card's value is 2 or 3"),
        ("/1", "a Divide card's value is 2 or 3"),
        ("-0", "a Subtract card's value is 1 to 9"),
        ("7", "a number needs its sign"),
        ("", "empty text is not a card"),
        (" +8", "remove the spaces around the card"),
        ("+8 ", "remove the spaces around the card"),
        ("x 2", "a Multiply card is its sign and a value 2 or 3"),
        ("X2", "unknown card"),
        ("+", "an Add card is its sign and a value 1 to 9"),
        ("zero", "unknown card"),
    ],
)
def test_R1_6_anything_else_is_not_a_card(text: str, why: str) -> None:
    with pytest.raises(ValueError) as caught:
        Card.parse(text)
    message = str(caught.value)
    assert message.startswith(f"card {text!r}: ")
    assert why in message
    assert message.endswith("(rule R1.6)")


def test_R1_6_a_list_of_cards_is_separated_by_whitespace_and_refuses_the_first_bad_word() -> None:
    assert parse_cards("") == ()
    assert parse_cards("  +8\t x2\n") == (Card.parse("+8"), Card.parse("x2"))
    assert parse_cards("x2 +8") == (Card.parse("x2"), Card.parse("+8"))  # in the order written
    with pytest.raises(ValueError, match=r"card '\+10'.*rule R1\.6"):
        parse_cards("+8 +10 x4")
    with pytest.raises(ValueError, match=r"card '\+8,'"):
        parse_cards("+8, x2")
