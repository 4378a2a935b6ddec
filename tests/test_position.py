"""The position notation's reader and writer, case by case."""

from __future__ import annotations

import io
import pickle
import re
import shlex
from pathlib import Path

import pytest

from raise_the_sum import (
    STANDARD_DECK,
    Phase,
    Play,
    PositionError,
    Rng,
    Rules,
    apply,
    check,
    from_position,
    legal_plays,
    new_game,
    observe,
    parse_cards,
    to_position,
)
from raise_the_sum.cli import main
from raise_the_sum.position import Position

#: Seat 0 to open in a standard two-player game: its hand, seat 1's 7 cards, the deck.
TWO = "rts1 0 {hand}|?7 - p0 - 0,0 ?{deck} -"


def seat0(hand: str) -> str:
    cards = len(re.findall(r"[+x×\-−/÷][0-9]|0", hand))
    return TWO.format(hand=hand, deck=62 - 7 - cards)


def refused(text: str, **kwargs: Rules) -> PositionError:
    with pytest.raises(PositionError) as caught:
        from_position(text, **kwargs)
    return caught.value


@pytest.mark.parametrize(
    ("hand", "column", "card"),
    [
        ("+9-9-9", 12, "-9"),  # one -9 in the deck
        ("+5+5+5+5+5", 16, "+5"),  # four +5
        ("000", 10, "0"),  # two Zero cards
        ("x3x3x3x3", 14, "x3"),  # three x3
    ],
)
def test_R1_2_more_of_a_card_than_the_deck_holds_is_refused_at_the_card(
    hand: str, column: int, card: str
) -> None:
    error = refused(seat0(hand))
    assert error.rule == "R1.2"
    assert error.column == column
    assert f"holds {STANDARD_DECK.count(parse_cards(card)[0])} {card}" in error.reason


def test_R1_2_the_same_cards_are_read_with_a_deck_that_holds_them() -> None:
    deck = (*STANDARD_DECK, *parse_cards("-9 -9"))
    rules = Rules(players=2, deck=deck)
    position = from_position(TWO.format(hand="+9-9-9", deck=len(deck) - 10), rules=rules)
    assert position.hands[0] == parse_cards("+9 -9 -9")
    text = to_position(position.sample(Rng.from_seed(1)), seat=0)
    assert text.endswith("deck=" + "".join(map(str, sorted(deck))))
    assert from_position(text).rules == rules


def test_R4_8_a_twelve_card_hand_is_refused_at_the_hand() -> None:
    error = refused(seat0("+1+1+2+2+3+3+4+4+5+5+6+6"))
    assert (error.rule, error.column) == ("R4.8", 8)
    assert "at most 8 cards" in error.reason


def test_R6_2_counts_that_do_not_add_up_to_the_deck_are_refused_at_the_deck() -> None:
    error = refused("rts1 0 +9|?7 - p0 - 0,0 ?50 -")
    assert (error.rule, error.column) == ("R6.2", 25)
    assert "hold 58 cards; the deck has 62" in error.reason


def test_a_position_with_its_own_rules_is_read_with_them_and_refuses_rules_beside_it() -> None:
    text = "rts1 0 +9|?3 - p0 - 0,0 ?58 - hand_size=3 points_to_win=2"
    position = from_position(text)
    assert position.rules == Rules(players=2, hand_size=3, points_to_win=2)
    error = refused(text, rules=Rules(players=2))
    assert error.column == 31 and "its own rules (hand_size)" in error.reason


def test_rules_out_of_range_name_the_option_and_their_rule() -> None:
    error = refused("rts1 0 +9|?7 - p0 - 0,0 ?54 - min_play=3 max_play=2")
    assert error.rule == "R3.7"
    assert error.column == 51
    assert error.reason.startswith("Rules.max_play:")


def test_rules_for_another_number_of_players_are_refused() -> None:
    error = refused(seat0("+9"), rules=Rules(players=3))
    assert error.rule == "R3.1" and "for 3 players" in error.reason


@pytest.mark.parametrize(
    ("text", "column", "rule", "words"),
    [
        ("", None, "R7.2", "an empty text"),
        ("rts2 0 +9|?7 - p0 - 0,0 ?54 -", 1, "R7.2", "version 2 is not known"),
        ("fen 0 +9|?7 - p0 - 0,0 ?54 -", 1, "R7.2", "starts with rts1"),
        ("rts1 0 +9|?7  - p0 - 0,0 ?54 -", 13, "R7.2", "one space"),
        ("rts1 0 +9|?7 - p0 - 0,0\t?54 -", 24, "R7.2", "one space"),
        ("rts1 0 +9|?7 - p0 - 0,0 ?54", 28, "R7.2", "the discard pile is missing"),
        ("rts1 0 +9|?7 - p0 - 0,0 ?54 - colour=red", 31, "R7.2", "options name=value"),
        ("rts1 0 +9|?7 - p0 - 0,0 ?54 - seed=1 seed=2", 38, "R7.2", "given twice"),
        ("rts1 5 +9|?7 - p0 - 0,0 ?54 -", 6, "R3.1", "a seat from 0 to 1"),
        ("rts1 0 +9|?7|?7|?7|?7 - p0 - 0,0 ?54 -", 8, "R3.1", "2 to 4 seats"),
        ("rts1 0 +9x|?7 - p0 - 0,0 ?54 -", 10, "R1.6", "card 'x'"),
        ("rts1 0 +9x4|?7 - p0 - 0,0 ?54 -", 10, "R1.6", "card 'x4'"),
        ("rts1 0 +97|?7 - p0 - 0,0 ?54 -", 10, "R1.6", "a card starts with"),
        ("rts1 0 |?7 - p0 - 0,0 ?54 -", 8, "R7.2", "write - for no cards"),
        ("rts1 0 +9|?07 - p0 - 0,0 ?54 -", 12, "R7.2", "without leading zeros"),
        ("rts1 0 +9|?7 +8 p0 - 0,0 ?54 -", 14, "R7.2", "the standing play"),
        ("rts1 0 +9|?7 - q0 - 0,0 ?54 -", 16, "R7.2", "the turn"),
        ("rts1 0 +9|?7 - p2 - 0,0 ?54 -", 17, "R3.1", "a seat from 0 to 1"),
        ("rts1 0 +9|?7 - p0 1,1 0,0 ?54 -", 19, "R7.2", "each seat once"),
        ("rts1 0 +9|?7 - p0 - 0,0,0 ?54 -", 21, "R3.1", "one entry per seat"),
        ("rts1 0 +9|?7 - p0 - 0,5 ?54 -", 21, "R5.2", "would have won"),
        ("rts1 0 +9|+8+8+8+8+7+7+7 - p0 - 0,0 ?54 -", 11, "R3.8", "cannot show seat 1's hand"),
        ("rts1 0 ?1|?7 - p0 - 0,0 ?54 -", 8, "R3.1", "shows its own hand"),
        ("rts1 0 +9|?7 - p0 - 0,0 ?54 - seed=3", 31, "R3.8", "does not know the seed"),
        ("rts1 * +9|?7 - p0 - 0,0 ?54 - rng=18446744073709551616", 35, "R3.2", "2**64"),
    ],
)
def test_the_reader_refuses_bad_text_naming_the_column_and_the_rule(
    text: str, column: int | None, rule: str, words: str
) -> None:
    error = refused(text)
    assert error.rule == rule, error
    if column:
        assert error.column == column, error
    assert words in error.reason, error
    assert (
        str(error)
        == (f"column {error.column}: " if error.column else "") + f"{error.reason} (rule {rule})"
    )


def test_R4_9_a_seat_that_has_passed_cannot_be_the_one_to_act() -> None:
    error = refused("rts1 1 ?7|+9+9+9+9+8+8+8+8|?7 +7@2=7 p1 1 0,0,0 ?39 -")
    assert (error.rule, error.column) == ("R4.9", 38)


def test_the_guides_signs_are_read_and_written_back_in_ascii() -> None:
    position = from_position("rts1 0 +8×2−3÷2|?7 - p0 - 0,0 ?51 -")
    assert position.hands[0] == parse_cards("+8 x2 -3 /2")
    assert str(position) == "rts1 0 +8x2-3/2|?7 - p0 - 0,0 ?51 -"


def test_a_hand_is_read_in_any_order_and_written_in_card_order() -> None:
    assert str(from_position(seat0("0-3+8"))) == seat0("+8-30")


def test_the_referees_position_without_the_seed_is_not_a_whole_state() -> None:
    state = new_game(seed=7)
    text = to_position(state).rsplit(" seed=", 1)[0]
    with pytest.raises(PositionError) as caught:
        from_position(text).state()
    assert caught.value.reason.startswith("the position does not hold the seed or the generator")
    sampled = from_position(text).sample(Rng.from_seed(1))
    assert sampled.hands == state.hands and sampled.deck == state.deck


def test_a_seats_position_is_not_a_whole_state_and_views_only_its_own_seat() -> None:
    position = from_position(to_position(new_game(seed=7), seat=1))
    with pytest.raises(PositionError, match="seat 0's hand, seat 2's hand, seat 3's hand, the"):
        position.state()
    with pytest.raises(PositionError, match="does not show seat 2's hand"):
        position.view(2)
    with pytest.raises(PositionError, match="name the seat"):
        from_position(to_position(new_game(seed=7))).view()
    assert from_position(to_position(new_game(seed=7))).view(2) == observe(new_game(seed=7), 2)


def test_a_seat_position_checks_that_seats_action_and_refuses_another_seats() -> None:
    state = apply(new_game(seed=7), Play(parse_cards("+7 +6 -5")))
    sample = from_position(to_position(state, seat=2)).sample(Rng.from_seed(0))
    verdict = check(sample, Play(parse_cards("+9")), seat=2)
    assert (verdict.legal, verdict.rule) == (False, "R4.9")


def test_every_phase_is_written_with_its_letter() -> None:
    state = new_game(Rules(players=2, points_to_win=1), seed=3)
    letters = set()
    while state.phase is not Phase.MATCH_OVER:
        letters.add(to_position(state).split(" ")[4][0])
        state = apply(state, legal_plays(state)[-1])
    letters.add(to_position(state).split(" ")[4][0])
    assert {"p", "m"} <= letters


def test_position_error_pickles_with_its_attributes() -> None:
    error = refused(seat0("+9-9-9"))
    again = pickle.loads(pickle.dumps(error))
    assert (again.reason, again.rule, again.column, str(again)) == (
        error.reason,
        error.rule,
        error.column,
        str(error),
    )


def test_to_position_refuses_a_seat_a_view_or_position_is_not() -> None:
    view = observe(new_game(seed=7), 1)
    with pytest.raises(ValueError, match="seat 1's, not seat 2's"):
        to_position(view, seat=2)
    with pytest.raises(ValueError, match="a seat from 0 to 3, got 4"):
        to_position(new_game(seed=7), seat=4)
    with pytest.raises(TypeError):
        to_position("rts1", seat=None)  # type: ignore[arg-type]
    position = Position.of(view)
    with pytest.raises(ValueError, match="seat 1's, not seat 0's"):
        to_position(position, seat=0)
    with pytest.raises(TypeError, match="from_position takes a str"):
        from_position(b"rts1")  # type: ignore[arg-type]


def test_a_deck_written_as_a_lone_question_mark_is_the_rest_of_the_cards() -> None:
    position = from_position("rts1 1 ?7|+4+9x2-3|?7 +8@0=8 p1 - 0,0,0 ? -")
    assert position.deck == 62 - 7 - 4 - 7 - 1
    assert str(position) == "rts1 1 ?7|+4+9x2-3|?7 +8@0=8 p1 - 0,0,0 ?43 -"
    error = refused("rts1 1 ?30|?30|?7 - p0 - 0,0,0 ? -")
    assert (error.rule, error.column) == ("R6.2", 32)


def test_the_commands_on_the_positions_page_print_what_the_page_shows() -> None:
    page = Path(__file__).resolve().parent.parent / "docs" / "position.rst"
    blocks: list[tuple[str, list[str]]] = []
    for line in page.read_text(encoding="utf-8").splitlines():
        text = line.strip()
        if text.startswith("$ raise-the-sum "):
            blocks.append((text.removeprefix("$ raise-the-sum "), []))
        elif blocks and line.startswith("   ") and text:
            blocks[-1][1].append(text)
        elif blocks and not line.startswith("   ") and text:
            break
    assert len(blocks) == 2
    for command, shown in blocks:
        out, err = io.StringIO(), io.StringIO()
        status = main(shlex.split(command), out=out, err=err)
        assert (status, err.getvalue()) == (0, "")
        printed = [line for line in out.getvalue().splitlines() if line]
        assert printed[: len(shown)] == shown
