"""Section R5 of the rulebook: the end of a round, the brief result, the next round, the match."""

from __future__ import annotations

import pytest

from raise_the_sum import (
    Discard,
    NextRound,
    Pass,
    Phase,
    Play,
    Rules,
    apply,
    legal_plays,
    match_winner,
    observe,
    parse_cards,
    round_winner,
)

from .helpers import cards, discard, next_round, pass_, play, refused, table

A = "+1 +1 +1 +1 +2 +2 +2"
B = "+3 +3 +3 +3 +4 +4 +4"
C = "+5 +5 +5 +5 +6 +6 +6"


# -- R5.1 The last player in scores --------------------------------------------------------


def test_R5_1_the_round_ends_when_only_one_player_has_not_passed() -> None:
    state = table([A, B, C], "+9 +8 +7")
    state = play(state, "+1")
    state = discard(pass_(state), "+8")  # seat 1 passes: two players are still in
    assert state.phase is Phase.PLAY and state.points == (0, 0, 0)
    assert round_winner(state) is None
    state = pass_(state)  # seat 2 passes: only seat 0 is left
    assert state.phase is Phase.DISCARD  # ...but seat 2's turn is not over yet
    state = discard(state, "+7")
    assert state.phase is Phase.ROUND_OVER
    assert state.points == (1, 0, 0)
    assert round_winner(state) == 0


def test_R5_1_the_last_player_in_scores_even_when_a_reply_replaced_the_opening() -> None:
    rules = Rules(players=3, hand_limit=8)
    state = table([A, B, C], "+9 +8 +7 +9", rules=rules)
    state = play(state, "+1")
    state = play(state, "+3")  # seat 1: 3
    state = pass_(state)  # seat 2
    assert state.phase is Phase.PLAY and state.current == 0
    state = pass_(state)  # seat 0
    assert state.phase is Phase.ROUND_OVER
    assert state.points == (0, 1, 0) and round_winner(state) == 1


def test_R4_11_and_R5_1_a_passer_discards_before_the_round_ends() -> None:
    state = table([A, B], "+9 +8")
    state = play(state, "+1")
    state = pass_(state)  # seat 1 passes holding 8: seat 0 is the last in
    assert state.phase is Phase.DISCARD and state.current == 1
    assert state.points == (0, 0)  # not scored until seat 1's turn is over
    assert state.passed == {1}
    refused(state, NextRound(), "R4.8")
    state = discard(state, "+8")
    assert state.phase is Phase.ROUND_OVER
    assert state.points == (1, 0)
    assert state.hands[1] == cards(B)


# -- R5.2 Winning the match ----------------------------------------------------------------


def _one_point_match() -> Rules:
    return Rules(players=3, points_to_win=1)


def test_R5_2_reaching_the_points_to_win_ends_the_match_at_once() -> None:
    state = table([A, B, C], "+9 +8 +7", rules=_one_point_match())
    state = play(state, "+1")
    state = discard(pass_(state), "+8")
    assert match_winner(state) is None
    state = discard(pass_(state), "+7")
    assert state.phase is Phase.MATCH_OVER  # no brief result first
    assert state.points == (1, 0, 0)
    assert match_winner(state) == 0 and round_winner(state) == 0
    assert legal_plays(state) == ()


def test_R5_2_after_the_match_no_action_is_legal() -> None:
    state = table([A, B, C], "+9 +8 +7", rules=_one_point_match())
    state = discard(pass_(discard(pass_(play(state, "+1")), "+8")), "+7")
    assert state.phase is Phase.MATCH_OVER
    for action in (Play(parse_cards("+1")), Pass(), Discard(parse_cards("+1")), NextRound()):
        for seat in (None, 0, 1):
            error = refused(state, action, "R5.2", seat=seat)
            assert error.reason == "the match is over: seat 0 has won it; no action is legal"
    assert not any(observe(state, seat).to_act for seat in range(3))


# -- R5.3 The next round --------------------------------------------------------------------


def test_R5_3_and_R4_1_the_next_round_clears_the_table_and_the_winner_draws_before_opening() -> (
    None
):
    rules = Rules(players=3, hand_limit=8)
    state = table([A, B, C], "+9 +8 +7 x2 x3", rules=rules)
    state = play(state, "+1")  # seat 0
    state = play(state, "+3")  # seat 1 replaces it
    state = pass_(pass_(state))  # seats 2 and 0 pass: seat 1 wins
    assert state.phase is Phase.ROUND_OVER and state.current == 1
    before = state
    state = next_round(state)
    assert state.phase is Phase.PLAY and state.opening
    assert state.current == 1  # the round's winner opens
    assert state.standing == () and state.standing_seat is None
    assert state.to_beat is None and state.attack.is_none
    assert state.passed == frozenset() and state.active == (0, 1, 2)
    assert state.discard == before.discard + cards("+3")  # the standing play, after the pile
    assert (
        state.hands[0] == before.hands[0] and state.hands[2] == before.hands[2]
    )  # kept, not refilled
    assert state.hands[1] == cards(" ".join(map(str, before.hands[1])) + " x3")  # drew 1 first
    assert state.deck == before.deck[1:]
    assert state.points == before.points == (0, 1, 0)


def test_R5_3_hands_are_never_refilled_between_rounds() -> None:
    rules = Rules(players=2, hand_size=2)
    state = table(["+1 +2", "+4 +5"], "+3 +6 +7", rules=rules)
    state = play(state, "+1 +2 +3")  # seat 0 plays its whole hand
    state = pass_(state)  # seat 1: seat 0 wins
    assert state.phase is Phase.ROUND_OVER and state.hands[0] == ()
    state = next_round(state)
    assert state.hands == (cards("+7"), cards("+4 +5 +6"))


# -- R5.4 The brief result --------------------------------------------------------------------


def test_R5_4_the_brief_result_keeps_the_table_as_it_was() -> None:
    state = table([A, B, C], "+9 +8 +7", rules=Rules(players=3, hand_limit=8))
    state = play(state, "+1 +2")
    state = pass_(state)
    last = pass_(state)
    assert last.phase is Phase.ROUND_OVER
    assert last.current == 0 and round_winner(last) == 0 and match_winner(last) is None
    assert last.standing == state.standing == cards("+1 +2")
    assert last.standing_seat == 0 and last.to_beat == 3
    assert last.passed == {1, 2}
    assert last.hands == state.hands and last.deck == state.deck and last.discard == state.discard
    view = observe(last, 1)
    assert (
        view.phase is Phase.ROUND_OVER and view.standing == cards("+1 +2") and view.passed == {1, 2}
    )


def test_R5_4_only_next_round_ends_the_brief_result() -> None:
    state = table([A, B], "+9 +8")
    state = discard(pass_(play(state, "+1")), "+8")
    assert state.phase is Phase.ROUND_OVER
    assert legal_plays(state) == (NextRound(),)
    for action in (Play(parse_cards("+1")), Pass(), Discard(parse_cards("+1"))):
        error = refused(state, action, "R5.4")
        assert (
            error.reason
            == "the round is over: start the next round (NextRound()) before anyone acts"
        )
    assert next_round(state).phase is Phase.PLAY


def test_R5_4_next_round_during_a_round_is_refused() -> None:
    state = table([A, B], "+9 +8")
    error = refused(state, NextRound(), "R5.4")
    assert error.reason == "the round is still under way: play or pass"
    refused(play(state, "+1"), NextRound(), "R5.4")


@pytest.mark.parametrize("points_to_win", [1, 2])
def test_R5_4_there_is_no_brief_result_when_the_round_wins_the_match(points_to_win: int) -> None:
    rules = Rules(players=2, points_to_win=points_to_win)
    state = table([A, B], "+9 +8 +7 +6", rules=rules)
    phases = []
    while state.phase is not Phase.MATCH_OVER:
        if state.phase is Phase.ROUND_OVER:
            phases.append(state.phase)
            state = apply(state, NextRound())
        else:
            state = apply(state, legal_plays(state)[0] if state.opening else Pass())
            if state.phase is Phase.DISCARD:
                state = apply(state, legal_plays(state)[0])
    assert phases == [Phase.ROUND_OVER] * (points_to_win - 1)
    assert state.points == (points_to_win, 0)
