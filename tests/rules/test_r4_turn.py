"""Section R4 of the rulebook: a turn -- the draw, the play or pass, the discard, the order."""

from __future__ import annotations

from itertools import combinations

from raise_the_sum import (
    NO_ATTACK,
    Attack,
    Card,
    Discard,
    NextRound,
    Pass,
    Phase,
    Play,
    Rules,
    apply,
    check,
    legal_plays,
    observe,
    parse_cards,
    score,
)

from .helpers import cards, discard, next_round, pass_, play, refused, table

A = "+1 +1 +1 +1 +2 +2 +2"
B = "+3 +3 +3 +3 +4 +4 +4"
C = "+5 +5 +5 +5 +6 +6 +6"


def _distinct_plays(hand: tuple[Card, ...], low: int, high: int) -> set[tuple[Card, ...]]:
    """Every distinct sub-multiset of ``hand`` with ``low`` to ``high`` cards, computed directly."""
    return {combo for k in range(low, high + 1) for combo in combinations(hand, k)}


# -- R4.1 Draw at the start of every turn --------------------------------------------------


def test_R4_1_the_player_to_act_draws_one_card_at_the_start_of_every_turn() -> None:
    state = table([A, B, C], "+9 +8 +7")
    assert state.hands == (cards(A + " +9"), cards(B), cards(C))  # 8 cards on the first turn
    assert state.deck[:2] == parse_cards("+8 +7")
    size = len(state.deck)
    state = play(state, "+1")
    assert state.current == 1
    assert state.hands[1] == cards(B + " +8")
    assert state.hands[2] == cards(C)
    assert len(state.deck) == size - 1 and state.deck[0] == parse_cards("+7")[0]


def test_R4_1_players_who_passed_are_skipped_and_do_not_draw() -> None:
    state = table([A, B, C], "+9 +8 +7 +6 +9")
    state = play(state, "+1")  # seat 0 opens: 1
    state = discard(pass_(state), "+8")  # seat 1 passes, back to 7 cards
    seat_1 = state.hands[1]
    state = play(state, "+5")  # seat 2 replies: 5
    assert state.current == 0 and parse_cards("+6")[0] in state.hands[0]
    deck_before = state.deck
    assert deck_before[0] == parse_cards("+9")[0]
    hand_2 = state.hands[2]
    state = play(state, "+2 +2 +2")  # seat 0 replies: 6
    assert state.current == 2  # seat 1 is skipped...
    assert state.hands[1] == seat_1  # ...and does not draw
    assert state.hands[2] == cards(" ".join(map(str, hand_2)) + " +9")
    assert state.deck == deck_before[1:]


# -- R4.2 Play 1 to 5 cards from your hand -------------------------------------------------


def test_R4_2_a_play_of_1_to_5_cards_from_the_hand_is_accepted() -> None:
    state = table([A, B, C], "+9")
    assert play(state, "+1").standing == cards("+1")
    assert play(state, "+1 +1 +2 +2 +9").standing == cards("+1 +1 +2 +2 +9")


def test_R4_2_a_card_not_in_the_players_hand_is_refused() -> None:
    state = table([A, B, C], "+9")
    error = refused(state, Play(parse_cards("+3")), "R4.2")  # seat 1 holds +3, seat 0 does not
    assert error.reason == "you do not hold +3"
    error = refused(state, Play(parse_cards("+1 x2")), "R4.2")
    assert error.reason == "you do not hold x2"


def test_R4_2_more_copies_of_a_card_than_the_hand_holds_are_refused() -> None:
    state = table([A, B, C], "+9")
    error = refused(state, Play(parse_cards("+9 +9")), "R4.2")
    assert error.reason == "you hold 1 +9, not 2"
    error = refused(state, Play(parse_cards("+1 +1 +1 +1 +1")), "R4.2")
    assert error.reason == "you hold 4 +1, not 5"


def test_R4_2_too_many_or_too_few_cards_are_refused() -> None:
    state = table([A, B, C], "+9")
    error = refused(state, Play(parse_cards("+1 +1 +1 +1 +2 +2")), "R4.2")
    assert error.reason == "a play is 1 to 5 cards; this one has 6"
    error = refused(state, Play(()), "R4.2")
    assert error.reason == "a play is 1 to 5 cards; this one has 0"


def test_R4_2_the_least_and_most_cards_in_a_play_are_configurable() -> None:
    rules = Rules(players=3, min_play=2, max_play=3)
    state = table([A, B, C], "+9", rules=rules)
    sizes = {len(a.cards) for a in legal_plays(state) if isinstance(a, Play)}
    assert sizes == {2, 3}
    assert (
        refused(state, Play(parse_cards("+9")), "R4.2").reason
        == "a play is 2 to 3 cards; this one has 1"
    )
    assert refused(state, Play(parse_cards("+1 +1 +2 +2")), "R4.2").reason == (
        "a play is 2 to 3 cards; this one has 4"
    )
    assert play(state, "+9 +1").to_beat == 10
    exact = table([A, B, C], "+9", rules=Rules(players=3, min_play=2, max_play=2))
    assert (
        refused(exact, Play(parse_cards("+9")), "R4.2").reason
        == "a play is 2 cards; this one has 1"
    )


# -- R4.3 The opening -------------------------------------------------------------------------


def test_R4_3_the_opener_may_not_pass() -> None:
    state = table([A, B, C], "+9")
    assert state.opening
    error = refused(state, Pass(), "R4.3")
    assert error.reason == "the opener must play: an opening cannot be passed"
    assert Pass() not in legal_plays(state)


def test_R4_3_any_1_to_5_cards_are_a_legal_opening() -> None:
    state = table(["+1 x2 x3 -4 /2 /3 0", B, C], "+9")
    legal = legal_plays(state)
    assert all(isinstance(a, Play) for a in legal)
    assert {a.cards for a in legal if isinstance(a, Play)} == _distinct_plays(state.hands[0], 1, 5)
    assert play(state, "x2 -4 /3 0").to_beat == 0  # an opening may total 0


def test_R4_13_an_opener_with_too_few_cards_must_pass_and_R4_14_the_next_player_opens() -> None:
    rules = Rules(players=3, hand_size=2, min_play=2)
    state = table(["+1 +2", "+3 +4", "+5 +6"], "+7 +8 +9 +1 +2", rules=rules)
    state = play(state, "+1 +2 +7")  # seat 0 plays its whole hand
    state = pass_(pass_(state))  # seats 1 and 2 pass: seat 0 wins the round
    assert state.phase is Phase.ROUND_OVER and state.current == 0
    state = next_round(state)
    assert state.opening and state.current == 0
    assert state.hands[0] == cards("+1")  # fewer cards than the least play
    assert legal_plays(state) == (Pass(),)
    refused(state, Play(parse_cards("+1")), "R4.2")
    state = pass_(state)
    assert state.current == 1 and state.passed == {0}
    assert state.opening and state.to_beat is None  # the next active player opens
    assert state.hands[1] == cards("+3 +4 +8 +2")
    refused(state, Pass(), "R4.3")
    assert play(state, "+8 +4").to_beat == 12


# -- R4.4 Replies must beat the score --------------------------------------------------------------


def test_R4_4_a_tie_does_not_beat_the_score() -> None:
    state = table(["+5 +1 +2 +2 +2 +2 +1", "+6 +3 x2 +7 +4 +4 +4"], "+9 +8")
    state = play(state, "+5 +1")
    assert state.to_beat == 6
    for tie in ("+6", "+3 x2"):
        error = refused(state, Play(parse_cards(tie)), "R4.4")
        assert error.reason == "a reply must beat 6; this play totals 6"
        assert Play(parse_cards(tie)) not in legal_plays(state)
    assert Play(parse_cards("+7")) in legal_plays(state)
    assert play(state, "+7").to_beat == 7


def test_R4_4_a_reply_is_counted_against_the_incoming_attack() -> None:
    state = table(["+5 -1 +2 +2 +2 +2 +1", "+6 +7 +4 +4 +4 +3 +3"], "+9 +8")
    state = play(state, "+5 -1")  # 5, and -1 for the reply
    error = refused(state, Play(parse_cards("+6")), "R4.4")
    assert error.reason == "a reply must beat 5; this play totals 5"
    assert play(state, "+7").to_beat == 6


def test_R4_4_the_legal_replies_are_exactly_the_plays_that_beat_the_score() -> None:
    state = table(["+4 -2 /2 +1 +1 +1 +1", "+9 +6 x2 x3 -5 /3 0", C], "+2 +3")
    state = play(state, "+4 -2 /2")  # 4 to beat, facing -2 /2
    hand = state.hands[1]
    legal = [a for a in legal_plays(state) if isinstance(a, Play)]
    expected = {p for p in _distinct_plays(hand, 1, 5) if score(p, state.attack) > 4}
    assert {a.cards for a in legal} == expected
    assert len(legal) == len(expected)
    assert legal_plays(state)[-1] == Pass()


# -- R4.5 Passing --------------------------------------------------------------------------------


def test_R4_5_a_player_may_pass_even_when_they_could_beat_the_score() -> None:
    rules = Rules(players=3, hand_limit=8)
    state = table([A, "+9 +9 +9 +3 +3 +3 +3", C], "+8 +8 +7", rules=rules)
    state = play(state, "+1")
    assert Play(parse_cards("+9")) in legal_plays(state)
    assert legal_plays(state)[-1] == Pass()
    hand = state.hands[1]
    state = pass_(state)
    assert state.passed == {1}
    assert state.hands[1] == hand  # the hand is kept
    assert state.current == 2
    state = play(state, "+5")
    state = play(state, "+2 +2 +2")
    assert state.current == 2  # out for the rest of the round


def test_R4_5_a_passer_who_tries_to_act_again_in_the_round_is_told_they_are_out() -> None:
    """The refusal cites R4.5 (you passed), not R4.9 (whose turn it is), for any action."""
    rules = Rules(players=3, hand_limit=8)
    state = table([A, "+9 +9 +9 +3 +3 +3 +3", C], "+8 +8 +7", rules=rules)
    state = pass_(play(state, "+1"))
    assert state.passed == {1} and state.current == 2
    for action in (Play(parse_cards("+9")), Pass(), Discard(parse_cards("+3")), NextRound()):
        error = refused(state, action, "R4.5", seat=1)
        assert error.reason == "seat 1 has passed: it is out of this round until the next one"
        assert check(state, action, seat=1).rule == "R4.5"
    refused(state, Pass(), "R4.9", seat=0)  # still in: only not their turn
    state = play(state, "+5")
    refused(state, Play(parse_cards("+9 +9")), "R4.5", seat=1)


# -- R4.6 A successful reply replaces the standing play --------------------------------------------


def test_R4_6_a_reply_replaces_the_whole_standing_play_and_its_attack() -> None:
    state = table(
        ["+2 x2 -3 +1 +1 +1 +1", "+9 /2 +4 +4 +4 +4 +3", "+8 +8 +5 +5 +5 +5 +6"], "+7 +7 +7"
    )
    state = play(state, "+2 x2 -3")
    assert (state.to_beat, state.attack, state.standing_seat) == (4, Attack(subtract=3), 0)
    state = play(state, "+9 /2")  # 9 - 3 = 6 beats 4
    assert state.standing == cards("+9 /2") and state.standing_seat == 1
    assert (state.to_beat, state.attack) == (6, Attack(divide=2))
    assert state.discard == cards("+2 x2 -3")  # the replaced cards, in card order
    state = play(state, "+8 +8")  # 16 / 2 = 8 beats 6
    assert state.standing == cards("+8 +8") and state.standing_seat == 2
    assert (state.to_beat, state.attack) == (8, NO_ATTACK)  # the new play sends no attack
    assert state.discard == cards("+2 x2 -3") + cards("+9 /2")


# -- R4.7 After a pass, the attack stays -----------------------------------------------------------


def test_R4_7_after_a_pass_the_next_player_faces_the_same_score_and_attack() -> None:
    state = table(["+6 -4 /2 +7 +7 +7 +7", B, "+9 +9 +1 +5 +5 +5 +5"], "+8 +2 +8")
    state = play(state, "+6 -4 /2")
    standing = (state.standing, state.standing_seat, state.to_beat, state.attack)
    state = discard(pass_(state), "+2")
    assert state.current == 2
    assert (state.standing, state.standing_seat, state.to_beat, state.attack) == standing
    assert state.attack == Attack(subtract=4, divide=2)
    error = refused(state, Play(parse_cards("+9")), "R4.4")
    assert error.reason == "a reply must beat 6; this play totals 2"  # (9 - 4) / 2
    error = refused(state, Play(parse_cards("+9 +8")), "R4.4")
    assert error.reason == "a reply must beat 6; this play totals 6"  # (17 - 4) / 2
    assert play(state, "+9 +9").to_beat == 7  # (18 - 4) / 2


# -- R4.8 Keep at most 7 cards ---------------------------------------------------------------------


def test_R4_8_a_player_over_the_limit_discards_down_to_exactly_7_before_the_turn_ends() -> None:
    state = table([A, B, C], "+9 x2 +8")
    state = play(state, "+1")
    state = pass_(state)  # seat 1 passes holding 8 cards
    assert state.phase is Phase.DISCARD and state.current == 1
    assert legal_plays(state) == (
        Discard(parse_cards("+3")),
        Discard(parse_cards("+4")),
        Discard(parse_cards("x2")),
    )
    assert refused(state, Discard(parse_cards("+3 +4")), "R4.8").reason == (
        "you hold 8 cards and keep 7: discard exactly 1, not 2"
    )
    assert refused(state, Discard(()), "R4.8").reason == (
        "you hold 8 cards and keep 7: discard exactly 1, not 0"
    )
    # A card not held is the first thing wrong, before the count: the discard rule, R4.8,
    # not R4.2, which is about plays.
    assert refused(state, Discard(parse_cards("+9")), "R4.8").reason == "you do not hold +9"
    assert refused(state, Discard(parse_cards("x2 x2")), "R4.8").reason == "you hold 1 x2, not 2"
    for action in (Play(parse_cards("+3")), Pass(), NextRound()):
        assert (
            refused(state, action, "R4.8").reason
            == "you hold 8 cards: discard 1 to end your turn with 7"
        )
    state = discard(state, "x2")
    assert state.hands[1] == cards(B)
    assert state.discard == parse_cards("x2")
    assert state.current == 2 and state.phase is Phase.PLAY


def test_R4_8_a_player_still_over_the_limit_after_playing_discards_in_card_order() -> None:
    rules = Rules(players=2, hand_limit=5)
    state = table(["+1 x2 -7 +2 +2 +2 +2", B], "+9 +8", rules=rules)
    state = play(state, "+9")  # 8 - 1 = 7 cards, limit 5
    assert state.phase is Phase.DISCARD
    assert all(len(a.cards) == 2 for a in legal_plays(state) if isinstance(a, Discard))
    state = discard(state, "-7 x2 ")
    assert state.discard == parse_cards("x2 -7")  # in card order
    assert state.standing == cards("+9")  # the play stands
    assert len(state.hands[0]) == 5


def test_R4_8_a_discard_outside_the_end_of_a_turn_is_refused() -> None:
    state = table([A, B, C], "+9")
    error = refused(state, Discard(parse_cards("+9")), "R4.8")
    assert (
        error.reason
        == "discarding comes at the end of a turn, after a play or a pass, and only above 7 cards"
    )


# -- R4.9 Turns go clockwise -----------------------------------------------------------------------


def test_R4_9_the_next_turn_goes_clockwise_to_the_next_seat_that_has_not_passed() -> None:
    state = table([A, B, C, "+7 +7 +7 +7 +8 +8 +8"], "+9 +9 +9 +9 +8 +6")
    order = [state.current]
    state = play(state, "+1")  # seat 0: 1
    order.append(state.current)
    state = discard(pass_(state), "+9")  # seat 1 passes
    order.append(state.current)
    state = play(state, "+5")  # seat 2: 5
    order.append(state.current)
    state = discard(pass_(state), "+9")  # seat 3 passes
    order.append(state.current)
    state = play(state, "+2 +2 +2")  # seat 0: 6
    order.append(state.current)
    state = play(state, "+5 +5")  # seat 2: 10
    order.append(state.current)
    assert order == [0, 1, 2, 3, 0, 2, 0]


def test_R4_9_only_the_player_whose_turn_it_is_may_act() -> None:
    state = play(table([A, B, C], "+9 +8"), "+1")
    assert state.current == 1
    for seat in (0, 2):
        error = refused(state, Play(parse_cards("+3")), "R4.9", seat=seat)
        assert error.reason == f"it is seat 1's turn, not seat {seat}'s"
        refused(state, Pass(), "R4.9", seat=seat)
    assert apply(state, Play(parse_cards("+3")), seat=1) == play(state, "+3")
    discarding = pass_(state)
    refused(discarding, Discard(parse_cards("+3")), "R4.9", seat=2)
    assert apply(discarding, Discard(parse_cards("+3")), seat=1) == discard(discarding, "+3")


def test_R4_9_only_the_rounds_winner_may_end_the_brief_result() -> None:
    state = table([A, B], "+9 +8")
    state = discard(pass_(play(state, "+1")), "+8")
    assert state.phase is Phase.ROUND_OVER and state.current == 0
    refused(state, NextRound(), "R4.9", seat=1)
    assert apply(state, NextRound(), seat=0) == next_round(state)


# -- R4.10 Playing your last card ----------------------------------------------------------------


def test_R4_10_a_player_may_play_their_last_card_and_stays_in_the_round() -> None:
    rules = Rules(players=3, hand_size=2)
    state = table(["+1 +2", "+4 +5", "+7 +8"], "+3 +6 +9 +1", rules=rules)
    state = play(state, "+1 +2 +3")
    assert state.hands[0] == ()
    assert state.phase is Phase.PLAY and state.current == 1
    assert state.passed == frozenset() and state.points == (0, 0, 0)
    state = play(state, "+4 +5 +6")  # seat 1 empties its hand too: 15
    state = pass_(state)  # seat 2
    assert state.phase is Phase.PLAY and state.current == 0
    assert state.hands[0] == cards("+1")  # seat 0 draws at its next turn as usual
    state = pass_(state)
    assert state.phase is Phase.ROUND_OVER and state.current == 1  # the last one in wins
    assert state.hands[1] == ()


# -- R4.11 The passer's discard and the attack in force --------------------------------------------


def test_R4_11_a_passer_is_out_at_once_but_discards_on_their_own_turn() -> None:
    state = table([A, B, C], "+9 +8 +7")
    state = play(state, "+2")
    state = pass_(state)
    assert state.phase is Phase.DISCARD
    assert state.current == 1  # still seat 1's turn
    assert state.passed == {1} and state.active == (0, 2)  # but seat 1 is out
    assert state.to_beat == 2 and state.standing_seat == 0
    state = discard(state, "+8")
    assert state.current == 2 and state.phase is Phase.PLAY


def test_R4_11_the_attack_facing_the_player_to_act_is_always_the_standing_plays() -> None:
    state = table(
        ["-2 /3 +6 +1 +1 +1 +1", "+9 +9 +4 +4 +4 +4 +3", "+5 +5 +5 +5 +8 +8 +8"], "+2 +3 +7"
    )
    assert state.attack == NO_ATTACK  # no standing play: no attack
    state = play(state, "+6 -2 /3")
    assert state.attack == Attack(subtract=2, divide=3)
    refused(state, Play(parse_cards("+9 +4 +4 +4")), "R4.4")  # (21 - 2) / 3 = 6 does not beat 6
    state = play(state, "+9 +9 +4 +4")  # (26 - 2) / 3 = 8
    assert state.to_beat == 8 and state.attack == NO_ATTACK
    state = pass_(state)
    state = discard(state, "+7")
    assert state.current == 0 and state.attack == NO_ATTACK  # seat 1's play, not seat 0's own
    for seat in range(3):
        assert observe(state, seat).attack == state.attack


# -- R4.12 Discards are face up ------------------------------------------------------------------


def test_R4_12_every_player_sees_the_whole_discard_pile() -> None:
    state = table([A, B, C], "+9 x3 +7")
    state = play(state, "+1")
    state = discard(pass_(state), "x3")  # seat 1 discards x3
    state = play(state, "+5")  # seat 2 replaces seat 0's +1
    assert state.discard == parse_cards("x3 +1")
    for seat in range(3):
        assert observe(state, seat).discard == parse_cards("x3 +1")
