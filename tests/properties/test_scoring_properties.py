"""Property tests of the arithmetic of a play: ``score``, ``attack_of`` and ``explain``.

Each test is named after what it proves. The totals are checked against an
independent reference written here from rules R2.1 to R2.5, in exact
rational arithmetic (``fractions.Fraction`` and ``math.floor``), never
against the library's own formula.
"""

from __future__ import annotations

import math
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from raise_the_sum import (
    NO_ATTACK,
    Attack,
    Card,
    Kind,
    attack_of,
    explain,
    parse_cards,
    score,
)
from raise_the_sum.rulebook import RULES
from raise_the_sum.scoring import least_adds_to_beat

from .strategies import attacks, card_lists, cards_of

ZERO = Card(Kind.ZERO, 0)
_OWN = (Kind.ADD, Kind.MULTIPLY, Kind.ZERO)
_ATTACKING = (Kind.SUBTRACT, Kind.DIVIDE)


def _values(cards: list[Card] | tuple[Card, ...], kind: Kind) -> list[int]:
    return [card.value for card in cards if card.kind is kind]


def reference_total(cards: list[Card] | tuple[Card, ...], attack: Attack) -> int:
    """Rules R2.1 to R2.5 as written: floor(max(A - S, 0) * M / D), in exact fractions."""
    adds = sum(_values(cards, Kind.ADD))
    product = math.prod(_values(cards, Kind.MULTIPLY))
    if any(card.kind is Kind.ZERO for card in cards):
        subtract, divide = 0, 1
    else:
        subtract, divide = attack.subtract, attack.divide
    return math.floor(Fraction(max(adds - subtract, 0) * product, divide))


@settings(max_examples=300)
@given(cards=card_lists(max_size=10), attack=attacks(), data=st.data())
def test_R1_3_score_and_attack_of_do_not_depend_on_card_order(
    cards: list[Card], attack: Attack, data: st.DataObject
) -> None:
    shuffled = data.draw(st.permutations(cards), label="permutation")
    assert score(shuffled, attack) == score(cards, attack)
    assert attack_of(shuffled) == attack_of(cards)
    assert explain(shuffled, attack) == explain(cards, attack)
    assert score(reversed(cards), attack) == score(cards, attack)


@settings(max_examples=300)
@given(
    adds=card_lists(max_size=5, of=cards_of(Kind.ADD)),
    multipliers=card_lists(max_size=5, of=cards_of(Kind.MULTIPLY)),
    subtract=st.integers(min_value=0, max_value=50),
)
def test_R2_4_multipliers_stack_to_the_product_of_every_multiplier(
    adds: list[Card], multipliers: list[Card], subtract: int
) -> None:
    product = math.prod(card.value for card in multipliers)
    # Against no attack: the sum of the adds times every multiplier.
    assert score(adds + multipliers) == sum(card.value for card in adds) * product
    # Against a subtraction alone (no division, so no rounding): each multiplier
    # applies to the reduced sum, and the multipliers together act as their product.
    attack = Attack(subtract=subtract)
    assert score(adds + multipliers, attack) == score(adds, attack) * product
    for i in range(len(multipliers)):
        without_one = multipliers[:i] + multipliers[i + 1 :]
        assert score(adds + multipliers, attack) == (
            score(adds + without_one, attack) * multipliers[i].value
        )


def test_R2_4_x2_and_x3_make_x6_and_two_x2_make_x4() -> None:
    assert score(parse_cards("+5 x2 x3")) == score(parse_cards("+5")) * 6 == 30
    assert score(parse_cards("+5 x2 x2")) == 20


@settings(max_examples=300)
@given(cards=card_lists(max_size=12))
def test_R2_8_the_outgoing_attack_adds_subtractions_and_multiplies_divisors(
    cards: list[Card],
) -> None:
    attack = attack_of(cards)
    assert attack.subtract == sum(_values(cards, Kind.SUBTRACT))
    assert attack.divide == math.prod(_values(cards, Kind.DIVIDE))
    assert attack.is_none == (attack == NO_ATTACK)


@settings(max_examples=200)
@given(first=card_lists(max_size=6), second=card_lists(max_size=6))
def test_R2_8_attacks_stack_subtractions_add_and_divisors_multiply(
    first: list[Card], second: list[Card]
) -> None:
    a, b = attack_of(first), attack_of(second)
    assert attack_of(first + second) == Attack(
        subtract=a.subtract + b.subtract, divide=a.divide * b.divide
    )


def test_R2_8_the_rulebook_examples_of_stacked_attacks() -> None:
    assert attack_of(parse_cards("-4 -3")) == Attack(subtract=7)
    assert attack_of(parse_cards("/2 /3")) == Attack(divide=6)
    assert attack_of(parse_cards("/2 /2")) == Attack(divide=4)
    assert attack_of(parse_cards("+9 x3 0")) == NO_ATTACK


@settings(max_examples=200)
@given(
    own=card_lists(max_size=6, of=cards_of(*_OWN)),
    attacking=card_lists(min_size=1, max_size=6, of=cards_of(*_ATTACKING)),
    attack=attacks(),
)
def test_R2_8_own_subtract_and_divide_cards_never_change_the_players_total(
    own: list[Card], attacking: list[Card], attack: Attack
) -> None:
    assert score(own + attacking, attack) == score(own, attack)


@settings(max_examples=200)
@given(
    own=card_lists(max_size=6, of=cards_of(*_OWN)),
    attacking=card_lists(max_size=6, of=cards_of(*_ATTACKING)),
)
def test_R2_8_add_multiply_and_zero_cards_are_no_part_of_the_outgoing_attack(
    own: list[Card], attacking: list[Card]
) -> None:
    assert attack_of(own + attacking) == attack_of(attacking)
    assert attack_of(own) == NO_ATTACK


@settings(max_examples=500)
@given(cards=card_lists(max_size=10), attack=attacks())
def test_R2_5_one_floor_division_after_subtraction_and_multiplication(
    cards: list[Card], attack: Attack
) -> None:
    assert score(cards, attack) == reference_total(cards, attack)


def _floor_before_multiplying(cards: tuple[Card, ...], attack: Attack) -> int:
    """A wrong reading that rounds at each step: divide (rounding down), then multiply."""
    base = max(sum(_values(cards, Kind.ADD)) - attack.subtract, 0)
    return base // attack.divide * math.prod(_values(cards, Kind.MULTIPLY))


def _round_to_nearest(cards: tuple[Card, ...], attack: Attack) -> int:
    """A wrong reading that rounds the division to the nearest integer."""
    base = max(sum(_values(cards, Kind.ADD)) - attack.subtract, 0)
    return round(Fraction(base * math.prod(_values(cards, Kind.MULTIPLY)), attack.divide))


def test_R2_5_rounding_once_at_the_end_differs_from_rounding_at_each_step() -> None:
    """Over a whole grid of plays and attacks, the engine floors exactly once.

    The engine equals the one-floor reference everywhere, and both wrong
    readings (dividing before multiplying, or rounding to nearest) disagree
    with it somewhere on the grid -- so the grid can tell them apart.
    """
    adds = ["+1", "+5", "+9", "+8 +4", "+9 +9 +7"]
    multipliers = ["", "x2", "x3", "x2 x2", "x2 x3", "x3 x3 x2"]
    attack_grid = [Attack(s, d) for s in (0, 1, 2, 5) for d in (1, 2, 3, 4, 6, 9)]
    stepwise_differs = nearest_differs = 0
    for add in adds:
        for mult in multipliers:
            cards = parse_cards(f"{add} {mult}")
            for attack in attack_grid:
                total = score(cards, attack)
                assert total == reference_total(cards, attack), (cards, attack)
                stepwise_differs += total != _floor_before_multiplying(cards, attack)
                nearest_differs += total != _round_to_nearest(cards, attack)
    assert stepwise_differs > 0
    assert nearest_differs > 0
    # Two witnesses, worked by hand: the guide's example (20 / 3 = 6.67 -> 6, not 7)
    # and +5 x2 against /2 (10 / 2 = 5, where 5 / 2 -> 2, then x2 -> 4).
    guide = (parse_cards("+8 +4 x2"), Attack(subtract=2, divide=3))
    assert score(*guide) == 6 and _round_to_nearest(*guide) == 7
    halved = (parse_cards("+5 x2"), Attack(divide=2))
    assert score(*halved) == 5 and _floor_before_multiplying(*halved) == 4


@settings(max_examples=300)
@given(
    rest=card_lists(max_size=6),
    zeros=st.integers(min_value=1, max_value=2),
    attack=attacks(),
)
def test_R2_2_a_play_with_a_zero_card_scores_the_same_against_any_attack_as_against_none(
    rest: list[Card], zeros: int, attack: Attack
) -> None:
    play = rest + [ZERO] * zeros
    assert score(play, attack) == score(play, NO_ATTACK)
    assert score(play, attack) == sum(_values(play, Kind.ADD)) * math.prod(
        _values(play, Kind.MULTIPLY)
    )


@settings(max_examples=300)
@given(cards=card_lists(max_size=8))
def test_R2_2_adding_a_zero_card_changes_neither_the_total_against_no_attack_nor_the_attack(
    cards: list[Card],
) -> None:
    assert score([*cards, ZERO], NO_ATTACK) == score(cards, NO_ATTACK)
    assert attack_of([*cards, ZERO]) == attack_of(cards)


@settings(max_examples=300)
@given(cards=card_lists(max_size=10), attack=attacks())
def test_R2_3_subtraction_floors_at_0_and_a_total_is_never_negative(
    cards: list[Card], attack: Attack
) -> None:
    total = score(cards, attack)
    assert total >= 0
    has_zero = ZERO in cards
    if not has_zero and sum(_values(cards, Kind.ADD)) <= attack.subtract:
        assert total == 0
    assert explain(cards, attack).floored == (
        not has_zero and sum(_values(cards, Kind.ADD)) < attack.subtract
    )


@settings(max_examples=200)
@given(
    cards=card_lists(max_size=8, of=cards_of(Kind.MULTIPLY, Kind.SUBTRACT, Kind.DIVIDE, Kind.ZERO)),
    attack=attacks(),
)
def test_R2_1_and_R2_7_a_play_without_add_cards_totals_0(cards: list[Card], attack: Attack) -> None:
    assert score(cards, attack) == 0


@settings(max_examples=500)
@given(cards=card_lists(max_size=10), attack=attacks())
def test_explain_total_equals_score_and_its_last_step_value_is_the_total(
    cards: list[Card], attack: Attack
) -> None:
    explanation = explain(cards, attack)
    assert explanation.total == score(cards, attack)
    assert explanation.steps[-1].value == explanation.total
    lone = len(cards) == 1 and cards[0].kind is not Kind.ADD
    assert explanation.steps[0].rule == ("R2.7" if lone else "R2.1")
    assert all(step.rule in RULES for step in explanation.steps)
    assert explanation.outgoing == attack_of(cards)
    assert explanation.cards == tuple(sorted(cards))


@given(cards=card_lists(max_size=8), attack=attacks(), to_beat=st.integers(0, 500))
def test_R4_4_the_least_add_sum_to_beat_agrees_with_score(
    cards: list[Card], attack: Attack, to_beat: int
) -> None:
    """``legal_plays`` filters replies by a threshold on the Add sum; it must agree with
    ``score``."""
    adds = sum(c.value for c in cards if c.kind is Kind.ADD)
    multiplier = math.prod(c.value for c in cards if c.kind is Kind.MULTIPLY)
    zero = any(c.kind is Kind.ZERO for c in cards)
    need = least_adds_to_beat(to_beat, attack.subtract, attack.divide, multiplier, zero)
    assert (score(cards, attack) > to_beat) == (adds >= need)
