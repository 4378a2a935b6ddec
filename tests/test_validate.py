"""``validate(state)`` and ``validate(view)``: one bad case for each of their documented checks.

Each case changes one thing in a state (or a view) the engine built and
expects the check that names that thing: its field, its rule and its words.
A state's hands and standing play are checked as soon as it is built. That every
state the engine builds passes is a property in
``tests/properties/test_wire_properties.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings

from properties.strategies import game_states
from raise_the_sum import (
    Attack,
    GameState,
    InvalidState,
    Pass,
    Phase,
    Play,
    PlayerView,
    Rules,
    apply,
    legal_plays,
    new_game,
    observe,
    parse_cards,
    validate,
)

#: ``attrs.evolve`` without its types: the cases below put wrong types in on purpose.
tamper: Any = attrs.evolve


def playing() -> GameState:
    """Seat 1 to reply to seat 0's ``+6 +7 -5`` (13); no one has passed."""
    return apply(new_game(seed=7), Play(parse_cards("+7 +6 -5")))


def discarding() -> GameState:
    """Seat 1 passed holding 8 cards: it must discard one (rule R4.8)."""
    return apply(playing(), Pass())


def round_over() -> GameState:
    """Everyone passed after seat 0's opening: seat 0 won the round."""
    state = playing()
    while state.phase is not Phase.ROUND_OVER:
        state = apply(state, Pass() if state.phase is Phase.PLAY else legal_plays(state)[0])
    return state


def forced_pass() -> GameState:
    """Seat 0 holds fewer cards than min_play and had to pass its opening (rule R4.3)."""
    rules = Rules(players=3, hand_size=1, hand_limit=3, min_play=3, max_play=3)
    return apply(new_game(rules, seed=3), Pass())


def test_every_base_state_is_valid() -> None:
    for make in (playing, discarding, round_over, forced_pass):
        validate(make())
    assert discarding().phase is Phase.DISCARD
    assert forced_pass().passed == {0} and not forced_pass().standing


Case = tuple[str, Callable[[], GameState], str, str]


def swap_hands(state: GameState) -> GameState:
    return attrs.evolve(state, hands=(state.hands[0], state.hands[1][::-1], *state.hands[2:]))


CASES: list[Case] = [
    # 1. Types (R7.2).
    ("rules", lambda: tamper(playing(), rules=None), "R7.2", "GameState.rules: must be a Rules"),
    ("seed", lambda: tamper(playing(), seed=True), "R7.2", "GameState.seed: must be an int"),
    ("rng", lambda: tamper(playing(), rng=5), "R7.2", "GameState.rng: must be an Rng"),
    ("phase", lambda: tamper(playing(), phase="play"), "R7.2", "GameState.phase: must be a Phase"),
    (
        "current",
        lambda: tamper(playing(), current=1.0),
        "R7.2",
        "GameState.current: must be an int",
    ),
    ("hands", lambda: tamper(playing(), hands=[()]), "R7.2", "GameState.hands: must be a tuple"),
    (
        "points",
        lambda: tamper(playing(), points=(0, 0, 0, None)),
        "R7.2",
        "GameState.points: must be",
    ),
    ("to_beat", lambda: tamper(playing(), to_beat="13"), "R7.2", "GameState.to_beat: must be"),
    ("standing", lambda: tamper(playing(), standing=["+7"]), "R7.2", "GameState.standing: must be"),
    (
        "standing_seat",
        lambda: tamper(playing(), standing_seat=False),
        "R7.2",
        "GameState.standing_seat: must be",
    ),
    (
        "passed",
        lambda: tamper(playing(), passed={1}),
        "R7.2",
        "GameState.passed: must be a frozenset",
    ),
    (
        "deck",
        lambda: tamper(playing(), deck=list(playing().deck)),
        "R7.2",
        "GameState.deck: must be",
    ),
    ("discard", lambda: tamper(playing(), discard=None), "R7.2", "GameState.discard: must be"),
    # 2. Seats (R3.1).
    (
        "hand-count",
        lambda: tamper(playing(), hands=playing().hands[:3]),
        "R3.1",
        "GameState.hands: one hand per seat: 4, got 3",
    ),
    (
        "points-count",
        lambda: tamper(playing(), points=(0, 0)),
        "R3.1",
        "GameState.points: one entry per seat: 4, got 2",
    ),
    (
        "current-range",
        lambda: tamper(playing(), current=4),
        "R3.1",
        "GameState.current: a seat from 0 to 3, got 4",
    ),
    (
        "standing-seat-range",
        lambda: tamper(playing(), standing_seat=-1),
        "R3.1",
        "GameState.standing_seat: a seat from 0 to 3 or None, got -1",
    ),
    (
        "passed-range",
        lambda: tamper(playing(), passed=frozenset({9})),
        "R3.1",
        "GameState.passed: seats from 0 to 3, got 9",
    ),
    # 3. Order (R1.4).
    (
        "hand-order",
        lambda: swap_hands(playing()),
        "R1.4",
        "GameState.hands[1]: a hand is kept in card order",
    ),
    (
        "standing-order",
        lambda: tamper(playing(), standing=playing().standing[::-1]),
        "R1.4",
        "GameState.standing: the standing play is kept in card order",
    ),
    # 4. Card conservation (R6.2).
    (
        "extra-card",
        lambda: tamper(playing(), deck=(*playing().deck, *parse_cards("0"))),
        "R6.2",
        "GameState: the hands, the standing play, the deck and the discard pile must hold exactly "
        "the rules' deck; extra 0",
    ),
    ("missing-card", lambda: tamper(playing(), deck=playing().deck[1:]), "R6.2", "; missing "),
    (
        "swapped-card",
        lambda: tamper(playing(), deck=(*playing().deck[1:], *parse_cards("0"))),
        "R6.2",
        "; extra 0; missing ",
    ),
    # 5. Phase and passes.
    (
        "passed-to-act",
        lambda: tamper(playing(), passed=frozenset({1})),
        "R4.9",
        "GameState.current: seat 1 has passed and cannot act this round",
    ),
    (
        "one-left-in-play",
        lambda: tamper(playing(), passed=frozenset({2, 3, 0})),
        "R5.1",
        "GameState.passed: in play, two seats at least are still in",
    ),
    (
        "none-left-discarding",
        lambda: tamper(discarding(), passed=frozenset({0, 1, 2, 3})),
        "R5.1",
        "GameState.passed: one seat at least is still in the round",
    ),
    (
        "round-over-with-two-in",
        lambda: tamper(round_over(), passed=frozenset({1, 2})),
        "R5.1",
        "GameState.passed: when a round is over, every seat but the winner (0) has passed",
    ),
    # Points (R5.1, R5.2).
    (
        "negative-points",
        lambda: tamper(playing(), points=(0, -1, 0, 0)),
        "R5.1",
        "GameState.points[1]: points are 0 or more, got -1",
    ),
    (
        "already-won",
        lambda: tamper(playing(), points=(0, 5, 0, 0)),
        "R5.2",
        "GameState.points[1]: 5 points would have won the match (5 win it)",
    ),
    (
        "match-winner-short",
        lambda: tamper(round_over(), phase=Phase.MATCH_OVER, points=(4, 0, 0, 0)),
        "R5.2",
        "GameState.points[0]: the match's winner has 5 points, got 4",
    ),
    (
        "round-winner-pointless",
        lambda: tamper(round_over(), points=(0, 0, 0, 0)),
        "R5.1",
        "GameState.points[0]: the round's winner has scored its point",
    ),
    # The standing play (R4.6 and others).
    (
        "seat-without-play",
        lambda: tamper(forced_pass(), standing_seat=1),
        "R4.6",
        "GameState.standing_seat: no play stands, so no seat made it",
    ),
    (
        "to-beat-without-play",
        lambda: tamper(forced_pass(), to_beat=0),
        "R4.6",
        "GameState.to_beat: no play stands, so there is no score to beat",
    ),
    (
        "pass-before-an-opening",
        lambda: tamper(
            playing(),
            standing=(),
            standing_seat=None,
            to_beat=None,
            passed=frozenset({3}),
            discard=playing().standing,
        ),
        "R4.3",
        "GameState.passed: no play stands, so seat 3 could not pass: it holds 7 cards",
    ),
    (
        "play-without-seat",
        lambda: tamper(playing(), standing_seat=None),
        "R4.6",
        "GameState.standing_seat: a play stands, so a seat made it",
    ),
    (
        "play-without-score",
        lambda: tamper(playing(), to_beat=None),
        "R4.6",
        "GameState.to_beat: a play stands, so its score is the score to beat",
    ),
    (
        "play-too-long",
        lambda: tamper(playing(), rules=tamper(playing().rules, max_play=2)),
        "R4.2",
        "GameState.standing: a play is 1 to 2 cards, got 3",
    ),
    (
        "turn-back-to-the-standing-seat",
        lambda: tamper(playing(), standing_seat=1),
        "R5.1",
        "GameState.current: seat 1 made the standing play",
    ),
    (
        "standing-seat-passed",
        lambda: tamper(discarding(), passed=frozenset({0, 1})),
        "R4.5",
        "GameState.standing_seat: seat 0 made the standing play, so it has not passed",
    ),
    (
        "winner-did-not-make-the-last-play",
        lambda: tamper(round_over(), standing_seat=2),
        "R4.5",
        "GameState.standing_seat: seat 2 made the standing play, so it has not passed",
    ),
    (
        "to-beat-too-high",
        lambda: tamper(playing(), to_beat=14),
        "R2.5",
        "GameState.to_beat: the standing play totals 0 to 13 whatever the attack it faced, got 14",
    ),
    # Hand sizes (R4.8, R4.1).
    (
        "hand-too-big",
        lambda: tamper(
            playing(),
            hands=(
                playing().hands[0],
                *playing().hands[1:3],
                tuple(sorted(playing().hands[3] + playing().deck[:2])),
            ),
            deck=playing().deck[2:],
        ),
        "R4.8",
        "GameState.hands[3]: a hand holds at most 7 cards here, got 9",
    ),
    (
        "empty-hand-to-act",
        lambda: tamper(
            playing(),
            hands=(playing().hands[0], (), *playing().hands[2:]),
            deck=playing().deck + playing().hands[1],
        ),
        "R4.1",
        "GameState.hands[1]: the seat to act has drawn its turn's card",
    ),
    (
        "discard-under-the-limit",
        lambda: tamper(
            discarding(),
            hands=(discarding().hands[0], discarding().hands[1][1:], *discarding().hands[2:]),
            deck=discarding().deck + discarding().hands[1][:1],
        ),
        "R4.8",
        "GameState.hands[1]: a seat discards only above the hand limit (7), and holds 7",
    ),
]


@pytest.mark.parametrize(("name", "make", "rule", "words"), CASES, ids=[case[0] for case in CASES])
def test_validate_refuses_each_bad_case_naming_the_field_and_the_rule(
    name: str, make: Callable[[], GameState], rule: str, words: str
) -> None:
    with pytest.raises(InvalidState) as caught:
        validate(make())  # a bad hand or standing play is refused already when it is built
    error = caught.value
    assert isinstance(error, ValueError)
    assert error.rule == rule, str(error)
    assert words in str(error)
    assert str(error).endswith(f"(rule {rule})")


def test_a_zero_card_in_the_standing_play_fixes_the_score_to_beat() -> None:
    rules = Rules(
        players=2,
        hand_size=2,
        hand_limit=2,
        max_play=2,
        deck=parse_cards("+1 +2 +3 +4 +5 +6 +7 +8 x2 0"),
    )
    state = new_game(rules, seed=1, deck=parse_cards("+5 +2 0 +3 +1 +4 +6 +7 +8 x2"))
    state = apply(state, Play(parse_cards("+5 0")))
    validate(state)
    assert state.to_beat == 5
    with pytest.raises(InvalidState) as caught:
        validate(attrs.evolve(state, to_beat=4))
    assert str(caught.value) == (
        "GameState.to_beat: the standing play holds the Zero card, which cancels any "
        "attack: it totals 5, not 4 (rule R2.2)"
    )


def test_validate_takes_only_a_state_or_a_view() -> None:
    with pytest.raises(TypeError, match="validate takes a GameState or a PlayerView, got None"):
        validate(None)  # type: ignore[arg-type]


def test_a_hand_built_state_with_a_hand_out_of_order_is_refused_when_built() -> None:
    """The library's functions never see it: legal_plays would list repeated plays."""
    state = playing()
    shuffled = (state.hands[0], state.hands[1][::-1], *state.hands[2:])
    with pytest.raises(InvalidState, match=r"GameState.hands\[1\]: a hand is kept in card order"):
        GameState(
            state.rules,
            state.seed,
            state.rng,
            state.phase,
            state.current,
            shuffled,
            state.points,
            state.to_beat,
            state.standing,
            state.standing_seat,
            state.passed,
            state.deck,
            state.discard,
        )
    with pytest.raises(InvalidState, match=r"GameState.hands: must be a tuple of tuples of Card"):
        tamper(state, hands=(state.hands[0], list(state.hands[1]), *state.hands[2:]))
    with pytest.raises(InvalidState, match=r"GameState.standing: must be a tuple of Card"):
        tamper(state, standing=("+7", "+6"))


def viewing() -> PlayerView:
    """Seat 2's view while seat 1 replies to seat 0's ``+6 +7 -5``."""
    return observe(playing(), 2)


ViewCase = tuple[str, Callable[[], PlayerView], str, str]

VIEW_CASES: list[ViewCase] = [
    (
        "types",
        lambda: tamper(viewing(), hand=list(viewing().hand)),
        "R7.2",
        "PlayerView.hand: must be",
    ),
    ("attack-type", lambda: tamper(viewing(), attack=None), "R7.2", "PlayerView.attack: must be"),
    (
        "size-count",
        lambda: tamper(viewing(), hand_sizes=viewing().hand_sizes[:3]),
        "R3.1",
        "PlayerView.hand_sizes: one size per seat: 4, got 3",
    ),
    (
        "seat",
        lambda: tamper(viewing(), seat=7),
        "R3.1",
        "PlayerView.seat: a seat from 0 to 3, got 7",
    ),
    (
        "own-size",
        lambda: tamper(viewing(), hand=viewing().hand[1:]),
        "R6.2",
        "PlayerView.hand_sizes[2]: the seat's own hand holds 6 cards, not 7",
    ),
    (
        "own-order",
        lambda: tamper(viewing(), hand=viewing().hand[::-1]),
        "R1.4",
        "PlayerView.hand: a hand is kept in card order",
    ),
    (
        "table",
        lambda: tamper(viewing(), passed=frozenset({1})),
        "R4.9",
        "PlayerView.current: seat 1 has passed and cannot act this round",
    ),
    (
        "hand-size",
        lambda: tamper(viewing(), hand_sizes=(7, 20, 7, 7)),
        "R4.8",
        "PlayerView.hand_sizes[1]: a hand holds at most 8 cards here, got 20",
    ),
    (
        "attack",
        lambda: tamper(viewing(), attack=Attack()),
        "R4.11",
        "PlayerView.attack: the attack is the standing play's: −5, not none",
    ),
    (
        "extra-card",
        lambda: tamper(viewing(), discard=parse_cards("-5 -5")),
        "R6.2",
        "PlayerView: the hand, the standing play and the discard pile hold cards the deck "
        "does not: extra -5",
    ),
    (
        "deck-size",
        lambda: tamper(viewing(), deck_size=viewing().deck_size + 1),
        "R6.2",
        "PlayerView.deck_size: the hands, the deck, the standing play and the discard pile hold",
    ),
]


@pytest.mark.parametrize(
    ("name", "make", "rule", "words"), VIEW_CASES, ids=[case[0] for case in VIEW_CASES]
)
def test_validate_refuses_each_bad_view_naming_the_field_and_the_rule(
    name: str, make: Callable[[], PlayerView], rule: str, words: str
) -> None:
    with pytest.raises(InvalidState) as caught:
        validate(make())
    error = caught.value
    assert error.rule == rule, str(error)
    assert words in str(error)
    assert str(error).endswith(f"(rule {rule})")


def test_every_view_of_every_base_state_is_valid() -> None:
    for make in (playing, discarding, round_over, forced_pass):
        state = make()
        for seat in range(state.rules.players):
            validate(observe(state, seat))


@settings(max_examples=100, deadline=None)
@given(state=game_states())
def test_every_state_of_random_matches_and_every_view_of_it_pass_validate(
    state: GameState,
) -> None:
    validate(state)
    for seat in range(state.rules.players):
        validate(observe(state, seat))
