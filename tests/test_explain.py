"""``explain``: one line in the guide's style for every shape of play, and its steps.

The table pins the wording of each shape of play: no blue
cards, no attack, a zero card, a total floored at zero, several multipliers
or divisors, and the guide's own example.
"""

from __future__ import annotations

import math
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from raise_the_sum import ALL_CARDS, Attack, Card, Kind, explain, parse_cards, score
from raise_the_sum.rulebook import RULES

card_lists = st.lists(st.sampled_from(ALL_CARDS), max_size=8)
attacks = st.builds(Attack, st.integers(0, 40), st.sampled_from([1, 2, 3, 4, 6, 8, 9, 12]))

LINES = [
    # the guide's example (R2.6)
    ("+8 +4 x2", Attack(2, 3), "(8 + 4 − 2) × 2 ÷ 3 = 20 ÷ 3 = 6 (rounded down)"),
    # no attack
    ("+8", Attack(), "8"),
    ("+8 +4", Attack(), "8 + 4 = 12"),
    ("+4 x2 x3", Attack(), "4 × 2 × 3 = 24"),
    ("-4 -3 +5", Attack(), "5"),
    # no blue cards (R2.1, R2.7)
    ("x2", Attack(), "0 × 2 = 0 (no blue cards: the total starts at 0)"),
    ("-3", Attack(), "0 (no blue cards: the total starts at 0)"),
    # a subtraction, and its floor at zero (R2.3)
    ("+8", Attack(subtract=2), "8 − 2 = 6"),
    ("+8 +4", Attack(subtract=2), "8 + 4 − 2 = 10"),
    ("+5", Attack(subtract=7), "5 − 7 → 0 (below zero counts as 0)"),
    ("+3 x2", Attack(subtract=5), "(3 − 5 → 0) × 2 = 0 (below zero counts as 0)"),
    ("+3", Attack(5, 2), "(3 − 5 → 0) ÷ 2 = 0 ÷ 2 = 0 (below zero counts as 0)"),
    # divisions: one, rounded down once, exact or not; stacked divisors (R2.5)
    ("+9", Attack(divide=2), "9 ÷ 2 = 4 (rounded down)"),
    ("+6 x2", Attack(divide=3), "6 × 2 ÷ 3 = 12 ÷ 3 = 4"),
    ("+9 x2", Attack(divide=4), "9 × 2 ÷ 4 = 18 ÷ 4 = 4 (rounded down)"),
    ("+2 +3 x2", Attack(divide=6), "(3 + 2) × 2 ÷ 6 = 10 ÷ 6 = 1 (rounded down)"),
    # the zero card cancels the whole attack, nothing else (R2.2)
    ("+6 0", Attack(2, 3), "6 (the zero card cancels the incoming −2 ÷3)"),
    ("+6 x2 0", Attack(2, 3), "6 × 2 = 12 (the zero card cancels the incoming −2 ÷3)"),
    ("+5 0", Attack(), "5"),
    (
        "x3 0",
        Attack(4, 2),
        "0 × 3 = 0 (no blue cards: the total starts at 0;"
        " the zero card cancels the incoming −4 ÷2)",
    ),
]


@pytest.mark.parametrize(
    ("cards", "attack", "line"), LINES, ids=[c + " vs " + str(a) for c, a, _ in LINES]
)
def test_explain_reads_naturally_in_every_case(cards: str, attack: Attack, line: str) -> None:
    explanation = explain(parse_cards(cards), attack)
    assert str(explanation) == line
    assert explanation.total == score(parse_cards(cards), attack)


def test_explain_steps_cite_their_rules_in_order() -> None:
    steps = explain(parse_cards("+8 +4 x2 x3 0"), Attack(2, 3)).steps
    assert [s.rule for s in steps] == ["R2.1", "R2.2", "R2.4", "R2.4"]
    assert [s.value for s in steps] == [12, 12, 24, 72]
    steps = explain(parse_cards("+3 x2"), Attack(5, 2)).steps
    assert [s.rule for s in steps] == ["R2.1", "R2.3", "R2.4", "R2.5"]
    assert steps[1].text == "incoming subtraction: 3 − 5 is below zero, so it counts as 0"


_TOTAL = re.compile(r"(?:^|= |→ )(\d+)(?: \(.*\))?$")


@given(cards=card_lists, attack=attacks)
def test_explain_line_ends_with_the_total_and_notes_rounding_exactly_when_it_happens(
    cards: list[Card], attack: Attack
) -> None:
    explanation = explain(cards, attack)
    line = str(explanation)
    found = _TOTAL.search(line)
    assert found is not None, line
    assert int(found.group(1)) == score(cards, attack)
    steps = explanation.steps
    assert steps[-1].value == explanation.total
    assert all(step.rule in RULES for step in steps)
    # Rounding happens when the one division leaves a remainder (R2.5), counted here from scratch.
    zero = any(c.kind is Kind.ZERO for c in cards)
    subtract, divide = (0, 1) if zero else (attack.subtract, attack.divide)
    adds = sum(c.value for c in cards if c.kind is Kind.ADD)
    before = max(adds - subtract, 0) * math.prod(c.value for c in cards if c.kind is Kind.MULTIPLY)
    assert ("rounded down" in line) == (before % divide != 0)
    # R2.3: a subtraction past zero is written as its floor, so the line is a true equation.
    assert ("→ 0" in line) == (adds < subtract) == explanation.floored


def test_R2_3_the_floor_is_written_into_the_line_so_it_never_reads_as_a_false_equation() -> None:
    line = str(explain(parse_cards("+4 x3"), Attack(subtract=6)))
    assert line == "(4 − 6 → 0) × 3 = 0 (below zero counts as 0)"
    assert "(4 − 6) × 3 = 0" not in line
    steps = explain(parse_cards("+4 x3"), Attack(subtract=6)).steps
    assert [step.rule for step in steps] == ["R2.1", "R2.3", "R2.4"]
