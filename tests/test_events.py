"""``step`` and ``observe_events`` on tables set up card by card: the order of the events.

Each table is dealt from a stacked deck (:func:`tests.rules.helpers.stack`),
so the test knows every card and writes the exact events the rules give.
"""

from __future__ import annotations

import pytest

from raise_the_sum import (
    NO_ATTACK,
    Discard,
    IllegalAction,
    NextRound,
    Pass,
    Phase,
    Play,
    Rules,
    apply,
    legal_plays,
    new_game,
    observe_events,
    parse_cards,
    step,
)
from raise_the_sum.cards import Card
from raise_the_sum.events import (
    Discarded,
    Drew,
    MatchWon,
    MustDiscard,
    Passed,
    Played,
    Reshuffled,
    RoundStarted,
    RoundWon,
)
from rules.helpers import cards, stack


def card(text: str) -> Card:
    return Card.parse(text)


def tiny(points_to_win: int) -> Rules:
    """Two players, two cards each, one-card plays, a six-card deck: reshuffles come fast."""
    return Rules(
        players=2,
        hand_size=2,
        hand_limit=2,
        max_play=1,
        points_to_win=points_to_win,
        deck=parse_cards("+1 +2 +3 +4 +5 +6"),
    )


def test_a_play_before_an_empty_deck_gives_played_reshuffled_drew_r6_1() -> None:
    rules = tiny(points_to_win=2)
    state = new_game(rules, seed=0, deck=stack(rules, ["+1 +3", "+2 +4"], "+5 +6"))
    state, events = step(state, Play(cards("+5")))
    assert events == (Played(0, cards("+5"), 5, NO_ATTACK, None), Drew(1, card("+6")))
    assert state.deck == ()
    after, events = step(state, Play(cards("+6")))
    # Seat 1's play replaces +5, which goes to the pile (R4.6); seat 0 draws from an
    # empty deck, so the pile of one card becomes the deck first (R6.1).
    assert events == (Played(1, cards("+6"), 6, NO_ATTACK, 5), Reshuffled(1), Drew(0, card("+5")))
    assert after == apply(state, Play(cards("+6")))


def test_the_last_pass_gives_passed_then_round_won_then_round_started_r5_1_r5_3() -> None:
    rules = tiny(points_to_win=2)
    state = new_game(rules, seed=0, deck=stack(rules, ["+1 +3", "+2 +4"], "+5 +6"))
    state = apply(apply(state, Play(cards("+5"))), Play(cards("+6")))
    state, events = step(state, Pass())
    assert events == (Passed(0), MustDiscard(0, 1))  # the passer's turn ends with a discard
    state, events = step(state, Discard(cards("+1")))
    assert events == (Discarded(0, cards("+1")), RoundWon(1, 1))  # then the point (R5.1)
    assert state.phase is Phase.ROUND_OVER
    # NextRound: the winner opens and draws first; the deck is empty, so the pile
    # (+1, then the standing +6 that the new round clears) is reshuffled (R5.3, R4.1, R6.1).
    before = state
    state, events = step(state, NextRound())
    drawn = next(c for c in state.hands[1] if c not in before.hands[1])
    assert events == (RoundStarted(1), Reshuffled(2), Drew(1, drawn))
    assert drawn in cards("+1 +6")


def test_the_winning_point_gives_round_won_then_match_won_r5_2() -> None:
    rules = tiny(points_to_win=1)
    state = new_game(rules, seed=0, deck=stack(rules, ["+1 +3", "+2 +4"], "+5 +6"))
    state = apply(apply(state, Play(cards("+5"))), Play(cards("+6")))
    state = apply(state, Pass())
    state, events = step(state, Discard(cards("+3")))
    assert events == (Discarded(0, cards("+3")), RoundWon(1, 1), MatchWon(1, 1))
    assert state.phase is Phase.MATCH_OVER


def test_a_play_above_the_hand_limit_gives_must_discard_and_the_discard_ends_the_turn_r4_8() -> (
    None
):
    rules = Rules(
        players=2,
        hand_size=3,
        hand_limit=2,
        max_play=1,
        deck=parse_cards("+1 +2 +3 +4 +5 +6 +7 +8"),
    )
    state = new_game(rules, seed=0, deck=stack(rules, ["+1 +3 +5", "+2 +4 +6"], "+7 +8"))
    state, events = step(state, Play(cards("+7")))
    assert events == (Played(0, cards("+7"), 7, NO_ATTACK, None), MustDiscard(0, 1))
    assert state.phase is Phase.DISCARD and state.current == 0
    state, events = step(state, Discard(cards("+1")))
    assert events == (Discarded(0, cards("+1")), Drew(1, card("+8")))
    state, events = step(state, Play(cards("+8")))
    assert events == (Played(1, cards("+8"), 8, NO_ATTACK, 7), MustDiscard(1, 1))
    # The discard ends the turn; seat 0 draws from an empty deck, so the pile
    # (+1, the replaced +7, then +2) is shuffled into a deck of 3 first (R6.1).
    before = state
    state, events = step(state, Discard(cards("+2")))
    drawn = next(c for c in state.hands[0] if c not in before.hands[0])
    assert events == (Discarded(1, cards("+2")), Reshuffled(3), Drew(0, drawn))
    assert drawn in cards("+1 +7 +2")


def test_a_passer_discards_before_the_round_is_won_and_the_winner_opens_even_if_forced_to_pass_r4_11_r5_3() -> (  # noqa: E501
    None
):
    rules = Rules(
        players=2,
        hand_size=3,
        hand_limit=3,
        min_play=3,
        max_play=3,
        points_to_win=2,
        deck=parse_cards("+1 +2 +3 +4 +5 +6 +7 +8 +9 -3"),
    )
    state = new_game(rules, seed=0, deck=stack(rules, ["+1 +3 +5", "+2 +4 +6"], "+7 +8 +9 -3"))
    state, events = step(state, Play(cards("+3 +5 +7")))
    assert events == (Played(0, cards("+3 +5 +7"), 15, NO_ATTACK, None), Drew(1, card("+8")))
    state, events = step(state, Pass())
    assert events == (Passed(1), MustDiscard(1, 1))  # still seat 1's turn (R4.11)
    state, events = step(state, Discard(cards("+2")))
    assert events == (Discarded(1, cards("+2")), RoundWon(0, 1))  # then the point (R5.1)
    state, events = step(state, NextRound())
    # The round's winner is the opener (the clarification), though with 2 cards
    # against a least play of 3 it must pass at once (R4.3).
    assert events == (RoundStarted(0), Drew(0, card("+9")))
    assert legal_plays(state) == (Pass(),)
    state, events = step(state, Pass())
    assert events == (Passed(0), RoundWon(1, 1))


def test_step_raises_apply_s_errors_and_returns_nothing_r7_1() -> None:
    state = new_game(seed=7)
    with pytest.raises(IllegalAction, match=r"the opener must play.*\(rule R4.3\)"):
        step(state, Pass())
    with pytest.raises(IllegalAction, match=r"it is seat 0's turn, not seat 2's \(rule R4.9\)"):
        step(state, Play(state.hands[0][:1]), seat=2)
    with pytest.raises(TypeError, match="action must be"):
        step(state, "pass")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat: a seat from 0 to 3"):
        step(state, Pass(), seat=4)


def test_observe_events_hides_only_other_seats_draws() -> None:
    rules = tiny(points_to_win=2)
    state = new_game(rules, seed=0, deck=stack(rules, ["+1 +3", "+2 +4"], "+5 +6"))
    _, events = step(state, Play(cards("+5")))
    played = Played(0, cards("+5"), 5, NO_ATTACK, None)
    assert observe_events(events, 0) == (played, Drew(1, None))
    assert observe_events(events, 1) == (played, Drew(1, card("+6")))
    assert observe_events(observe_events(events, 0), 0) == observe_events(events, 0)
    assert observe_events(iter(events), 1) == events


def test_observe_events_refuses_what_is_not_a_seat_or_an_event() -> None:
    with pytest.raises(TypeError, match="seat must be an int"):
        observe_events((), "0")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat: a seat from 0"):
        observe_events((), -1)
    with pytest.raises(TypeError, match="events must hold events"):
        observe_events([Pass()], 0)  # type: ignore[list-item]


def test_every_kind_of_event_happens_in_seeded_variant_matches() -> None:
    """Over a few seeded matches of a cut-deck variant, all nine kinds of event occur."""
    rules = Rules(
        players=3,
        hand_size=6,
        hand_limit=5,
        points_to_win=2,
        deck=parse_cards("+1 +1 +2 +2 +3 +3 +4 +4 +5 +5 +6 +6 +7 +8 +9 x2 x3 -2 -5 /2 /3 0 +9 +7"),
    )
    seen: set[type] = set()
    for seed in range(3):
        state = new_game(rules, seed=seed)
        turn = 0
        while state.phase is not Phase.MATCH_OVER:
            legal = legal_plays(state)
            turn += 1
            action = legal[-1] if turn % 3 == 0 else legal[turn % len(legal)]
            state, events = step(state, action)
            seen.update(type(e) for e in events)
    assert seen == {
        Played,
        Passed,
        MustDiscard,
        Discarded,
        RoundWon,
        MatchWon,
        RoundStarted,
        Reshuffled,
        Drew,
    }
