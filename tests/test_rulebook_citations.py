"""The tools cite the rule that applies: citations that are right.

* A lone Multiply, Subtract, Divide or Zero card opens at 0 by R2.7, not R2.1.
* Discarding a card you do not hold breaks the discard rule, R4.8, not R4.2 (a rule
  about plays).
* ``check pass`` with 8 cards is legal, and says that the discard of R4.8 follows.
"""

from __future__ import annotations

import io

import pytest

from raise_the_sum import (
    Attack,
    Discard,
    IllegalAction,
    Pass,
    Play,
    apply,
    check,
    explain,
    parse_cards,
)
from raise_the_sum.cli import main
from raise_the_sum.cli.check import table, then_discard
from rules.helpers import table as dealt


def cli(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out=out, err=err)
    assert err.getvalue() == ""
    return status, out.getvalue()


@pytest.mark.parametrize("card", ["x2", "x3", "-9", "/2", "/3", "0"])
def test_R2_7_a_lone_card_of_no_blue_opens_at_0_and_explain_cites_R2_7(card: str) -> None:
    for attack in (Attack(), Attack(subtract=3, divide=2)):
        explanation = explain(parse_cards(card), attack)
        assert explanation.total == 0
        assert explanation.steps[0].rule == "R2.7"
        assert "R2.1" not in [step.rule for step in explanation.steps]


@pytest.mark.parametrize("cards", ["x2 x3", "-4 /2", "+5", "+5 x2", "0 x2"])
def test_R2_1_a_play_of_more_than_one_card_or_a_blue_card_still_starts_by_R2_1(
    cards: str,
) -> None:
    assert explain(parse_cards(cards)).steps[0].rule == "R2.1"


def test_R2_7_explain_and_check_on_the_command_line_cite_R2_7_for_a_lone_x2() -> None:
    status, out = cli("explain", "x2")
    assert status == 0
    assert "  R2.7  no blue cards: the total starts at 0" in out.splitlines()
    assert "R2.1" not in out
    status, out = cli("check", "x2")
    assert status == 0 and "R2.7" in out and "R2.1" not in out


def test_R4_8_discarding_a_card_not_held_cites_the_discard_rule_not_R4_2() -> None:
    state = dealt(["+1 +1 +2 +2 +3 +3 +4", "+5 +5 +6 +6 +7 +7 +8"], "+9 x2")
    state = apply(state, Play(parse_cards("+1")))
    state = apply(state, Pass())  # seat 1 holds 8 cards: it must discard
    for cards in ("-9", "+5 +5 +5"):
        with pytest.raises(IllegalAction) as caught:
            apply(state, Discard(parse_cards(cards)))
        assert caught.value.rule == "R4.8"
        verdict = check(state, Discard(parse_cards(cards)))
        assert (verdict.legal, verdict.rule) == (False, "R4.8")
    # A play of a card not held is still R4.2's.
    opener = dealt(["+1 +1 +2 +2 +3 +3 +4", "+5 +5 +6 +6 +7 +7 +8"], "+9 x2")
    assert check(opener, Play(parse_cards("-9"))).rule == "R4.2"


def test_R4_8_check_discard_of_a_card_not_held_on_the_command_line() -> None:
    status, out = cli("check", "discard +9", "--hand", "+1 +2 +3 +4 +5 +6 +7 -3", "--discard")
    assert status == 1
    lines = out.splitlines()
    assert lines[0] == "illegal (rule R4.8): you do not hold +9"
    assert lines[1].startswith("R4.8  Keep at most 7 cards")
    assert "R4.2" not in out


def test_R4_5_and_R4_8_check_pass_with_8_cards_says_the_discard_follows() -> None:
    status, out = cli("check", "pass", "--hand", "+1 +2 +3 +4 +5 +6 +7 +8", "--to-beat", "30")
    assert status == 0
    lines = out.splitlines()
    assert lines[:2] == [
        "legal",
        "then: you hold 8 cards and keep 7: discard 1 before your turn ends (rule R4.8)",
    ]
    assert lines[2].startswith("R4.5  Passing")


def test_R4_8_no_discard_is_announced_when_the_player_keeps_7_or_fewer() -> None:
    hand = parse_cards("+1 +2 +3 +4 +5 +6 +7 +8")
    state = table(hand, to_beat=5)
    assert then_discard(state, check(state, Play(parse_cards("+8")))) is None  # 7 left
    assert then_discard(state, check(state, Play(parse_cards("+1")))) is None  # illegal
    seven = table(hand[:7], to_beat=5)
    assert then_discard(seven, check(seven, Pass())) is None
    status, out = cli("check", "pass", "--hand", "+1 +2 +3 +4 +5 +6 +7", "--to-beat", "30")
    assert status == 0 and "then:" not in out and "discard" not in out.splitlines()[0]
