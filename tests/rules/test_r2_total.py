"""Section R2 of the rulebook: the total of a play and the attack it sends.

The arithmetic is checked with :func:`score` and, where the rule is about play,
at a real table: the opener's cards make the attack, the reply faces it.
"""

from __future__ import annotations

import pytest

from raise_the_sum import (
    NO_ATTACK,
    Attack,
    Card,
    Play,
    attack_of,
    explain,
    legal_plays,
    parse_cards,
    score,
)

from .helpers import cards, play, refused, table

# -- R2.1 Add the blue cards ------------------------------------------------------------


def test_R2_1_the_total_starts_from_the_sum_of_the_add_cards() -> None:
    assert score(parse_cards("+3")) == 3
    assert score(parse_cards("+3 +4 +9")) == 16
    assert score(parse_cards("+9 +9 +9 +9 +9")) == 45


def test_R2_1_without_blue_cards_the_total_starts_at_0() -> None:
    assert score(parse_cards("x2 x3")) == 0
    assert score(parse_cards("x3 0"), Attack(subtract=4)) == 0
    assert explain(parse_cards("x2 x3")).steps[0].text == "no blue cards: the total starts at 0"


def test_R2_1_blue_cards_are_optional_in_an_opening() -> None:
    state = table(["x2 x3 -4 /2 +1 +1 +1", "+2 +2 +2 +2 +3 +3 +3"], "+4")
    state = play(state, "x2 x3 -4 /2")
    assert state.to_beat == 0
    assert state.attack == Attack(subtract=4, divide=2)


# -- R2.2 The Zero card cancels the incoming attack ----------------------------------------


def test_R2_2_a_zero_card_cancels_the_whole_attack_facing_a_real_reply() -> None:
    # Seat 0 opens +5 -3 /2: 5 to beat, and seat 1 faces -3 /2.
    state = table(["+5 -3 /2 +1 +1 +1 +1", "+6 0 -4 +2 +2 +2 +2"], "+3 +3")
    state = play(state, "+5 -3 /2")
    assert (state.to_beat, state.attack) == (5, Attack(subtract=3, divide=2))
    # Without the zero card, +6 is (6 - 3) / 2 = 1: refused.
    error = refused(state, Play(parse_cards("+6")), "R4.4")
    assert error.reason == "a reply must beat 5; this play totals 1"
    # With it, the attack is gone: +6 0 totals 6 and beats 5.
    after = play(state, "+6 0")
    assert after.to_beat == 6
    assert after.standing == cards("+6 0")
    assert after.standing_seat == 1


def test_R2_2_a_zero_card_still_has_to_beat_the_score() -> None:
    state = table(["+5 -3 /2 +7 +7 +7 +7", "+4 +1 0 +2 +2 +2 +2"], "+3 +3")
    state = play(state, "+5 -3 /2")
    error = refused(state, Play(parse_cards("+4 +1 0")), "R4.4")
    assert error.reason == "a reply must beat 5; this play totals 5"


def test_R2_2_a_zero_card_changes_neither_the_plays_own_cards_nor_the_attack_it_sends() -> None:
    state = table(["+5 -3 /2 +1 +1 +1 +1", "+6 0 -4 +2 +2 +2 +2"], "+3 +3")
    state = play(state, "+5 -3 /2")
    after = play(state, "+6 0 -4")
    assert after.to_beat == 6
    assert after.attack == Attack(subtract=4)
    assert attack_of(parse_cards("0")) == NO_ATTACK


def test_R2_2_a_zero_card_cancels_every_stacked_subtraction_and_division() -> None:
    heavy = Attack(subtract=1 + 2 + 3 + 4 + 5, divide=2 * 2 * 3)
    assert score(parse_cards("+9 +8 x3"), heavy) == 0
    assert score(parse_cards("+9 +8 x3 0"), heavy) == 51
    assert score(parse_cards("+9 +8 x3 0"), NO_ATTACK) == 51


# -- R2.3 Incoming subtraction, never below zero ---------------------------------------------


def test_R2_3_the_subtraction_comes_off_the_additions_before_the_multipliers() -> None:
    assert score(parse_cards("+5 x2"), Attack(subtract=3)) == (5 - 3) * 2
    assert score(parse_cards("+5 x2"), Attack(subtract=3)) != 5 * 2 - 3


def test_R2_3_a_total_never_goes_below_zero() -> None:
    assert score(parse_cards("+3 x3"), Attack(subtract=5)) == 0
    assert score(parse_cards("+3 x3"), Attack(subtract=5, divide=2)) == 0
    assert score(parse_cards("x2"), Attack(subtract=9)) == 0
    explained = explain(parse_cards("+3 x3"), Attack(subtract=5))
    assert explained.floored and explained.total == 0


def test_R2_3_a_reply_brought_below_zero_totals_0_and_cannot_beat_an_opening_at_0() -> None:
    state = table(["-5 x2 +1 +1 +1 +1 +2", "+3 x3 +2 +2 +2 +4 +4"], "+5 +5")
    state = play(state, "-5 x2")  # totals 0, sends -5
    error = refused(state, Play(parse_cards("+3 x3")), "R4.4")
    assert error.reason == "a reply must beat 0; this play totals 0"
    assert play(state, "+4 +4").to_beat == 3


# -- R2.4 Multipliers stack --------------------------------------------------------------


def test_R2_4_every_multiplier_applies() -> None:
    assert score(parse_cards("+5 x2 x3")) == 30  # x2 and x3 make x6
    assert score(parse_cards("+5 x2 x2")) == 20  # two x2 make x4
    assert score(parse_cards("+1 x3 x3 x3 x2")) == 54
    assert score(parse_cards("+4 +1 x2"), Attack(subtract=1)) == 8


# -- R2.5 One division, rounded down once -----------------------------------------------------


def test_R2_5_the_division_comes_last_and_rounds_down_once() -> None:
    # (7) x 3 / 2 = 21 / 2 = 10; dividing first would give 3 x 3 = 9.
    assert score(parse_cards("+7 x3"), Attack(divide=2)) == 10
    # (9 + 2 - 1) x 2 / 6 = 20 / 6 = 3.
    assert score(parse_cards("+9 +2 x2"), Attack(subtract=1, divide=6)) == 3
    assert score(parse_cards("+9"), Attack(divide=4)) == 2
    assert score(parse_cards("+8"), Attack(divide=4)) == 2
    assert score(parse_cards("+1"), Attack(divide=2)) == 0


def test_R2_5_a_reply_facing_a_divisor_is_judged_on_the_rounded_total() -> None:
    state = table(["+2 +1 /2 +3 +3 +3 +3", "+7 +6 x3 +4 +4 +4 +4"], "+5 +5")
    state = play(state, "+2 +1 /2")  # 3 to beat, /2 incoming
    error = refused(state, Play(parse_cards("+7")), "R4.4")
    assert error.reason == "a reply must beat 3; this play totals 3"  # 7 / 2 = 3.5, rounded down
    assert play(state, "+7 x3").to_beat == 10  # 21 / 2 = 10.5, rounded down


# -- R2.6 The guide's worked example ------------------------------------------------------------


def test_R2_6_the_guides_worked_example_totals_6() -> None:
    attack = Attack(subtract=2, divide=3)
    assert score(parse_cards("+8 +4 x2"), attack) == (8 + 4 - 2) * 2 // 3 == 6
    explained = explain(parse_cards("+8 +4 x2"), attack)
    assert str(explained) == "(8 + 4 − 2) × 2 ÷ 3 = 20 ÷ 3 = 6 (rounded down)"
    assert [step.value for step in explained.steps] == [12, 10, 20, 6]
    assert [step.rule for step in explained.steps] == ["R2.1", "R2.3", "R2.4", "R2.5"]


def test_R2_6_the_guides_worked_example_at_a_real_table() -> None:
    # Seat 0 opens +5 -2 /3 (5 to beat; seat 1 faces -2 and /3).
    state = table(["+5 -2 /3 +1 +1 +1 +1", "+8 +4 x2 +2 +2 +2 +2"], "+3 +3")
    state = play(state, "+5 -2 /3")
    assert state.attack == Attack(subtract=2, divide=3)
    after = play(state, "+8 +4 x2")
    assert after.to_beat == 6
    assert after.standing_seat == 1


# -- R2.7 A lone card opens at 0 ------------------------------------------------------------------


@pytest.mark.parametrize("lone", ["x2", "-3", "/2", "0"])
def test_R2_7_a_lone_non_add_card_totals_0_and_is_a_legal_opening(lone: str) -> None:
    card = Card.parse(lone)
    assert score([card]) == 0
    state = table([f"{lone} +9 +9 +9 +9 +8 +8", "+1 +1 +1 +1 +2 +2 +2"], "+3 +3")
    assert state.opening
    assert Play([card]) in legal_plays(state)
    after = play(state, lone)
    assert after.to_beat == 0
    assert after.standing == (card,)
    assert after.current == 1
    assert Play(parse_cards("+2 +3")) in legal_plays(after)  # 5, then 2 after -3 or /2, beats 0


@pytest.mark.parametrize("lone", ["x3", "-9", "/3", "0"])
def test_R2_7_a_lone_non_add_card_totals_0_whatever_the_attack(lone: str) -> None:
    for attack in (NO_ATTACK, Attack(subtract=4), Attack(divide=6), Attack(3, 2)):
        assert score(parse_cards(lone), attack) == 0


# -- R2.8 The outgoing attack ----------------------------------------------------------------


def test_R2_8_subtractions_add_up_and_divisors_multiply() -> None:
    assert attack_of(parse_cards("-4 -3")) == Attack(subtract=7, divide=1)
    assert attack_of(parse_cards("/2 /3")) == Attack(subtract=0, divide=6)
    assert attack_of(parse_cards("/2 /2")) == Attack(subtract=0, divide=4)
    assert attack_of(parse_cards("-1 -2 /3 /3 +9")) == Attack(subtract=3, divide=9)


def test_R2_8_a_play_without_subtract_or_divide_cards_sends_no_attack() -> None:
    assert attack_of(parse_cards("+9 x2 x3")) == NO_ATTACK
    assert attack_of(parse_cards("0 +4")).is_none
    assert attack_of(()) == NO_ATTACK


def test_R2_8_attack_cards_never_change_the_players_own_total() -> None:
    assert score(parse_cards("+5 -4 -3 /2 /3")) == score(parse_cards("+5")) == 5
    assert score(parse_cards("+5 x2 -9 /3")) == 10


def test_R2_8_the_next_player_faces_the_stacked_attack() -> None:
    state = table(["+2 -4 -3 /2 /2 +1 +1", "+9 +9 +9 +9 +8 +8 +8"], "+3 +3")
    state = play(state, "+2 -4 -3 /2 /2")
    assert state.to_beat == 2
    assert state.attack == Attack(subtract=7, divide=4)
    # (9 + 9 + 8 - 7) / 4 = 19 / 4 = 4, which beats 2; (9 + 9 - 7) / 4 = 2 does not.
    refused(state, Play(parse_cards("+9 +9")), "R4.4")
    assert play(state, "+9 +9 +8").to_beat == 4
