"""Section R6 of the rulebook: the reshuffle, and every card always in exactly one place."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from raise_the_sum import (
    STANDARD_DECK,
    GameState,
    Pass,
    Phase,
    Rng,
    Rules,
    apply,
    legal_plays,
    new_game,
    parse_cards,
)

from .helpers import cards, discard, every_card, next_round, pass_, play, table

# A ten-card game that empties its deck in two turns: two seats dealt 4, a hand
# limit of 2 (so every turn ends with discards), and plays of one card.
_SMALL = Rules(
    players=2,
    hand_size=4,
    hand_limit=2,
    max_play=1,
    deck=parse_cards("+1 +2 +3 +4 +5 +6 +7 +8 +9 x2"),
)
_SEED = 2024


def _small_table() -> GameState:
    return table(["+1 +2 +3 +4", "+5 +6 +7 +8"], "+9 x2", rules=_SMALL, seed=_SEED)


# -- R6.1 Reshuffling the discard pile ---------------------------------------------------------


def test_R6_1_an_empty_deck_is_refilled_from_the_discard_pile_shuffled_by_the_seeded_generator() -> (  # noqa: E501
    None
):
    state = _small_table()
    state = discard(play(state, "+1"), "+2 +3")  # seat 0 opens +1 and discards to 2
    assert state.deck == ()  # seat 1 has drawn the last card
    assert state.hands[1] == cards("+5 +6 +7 +8 x2")
    state = play(state, "+5")  # seat 1 replaces +1
    assert state.phase is Phase.DISCARD
    pile = state.discard + cards("+6 x2")
    assert pile == parse_cards("+2 +3 +1 +6 x2")
    shuffled, rng = Rng.from_seed(_SEED).shuffle(pile)
    assert shuffled != pile  # this seed really reorders the pile
    state = discard(state, "x2 +6")  # seat 1 ends its turn; seat 0 must draw
    assert state.current == 0
    assert state.discard == ()  # the whole pile became the deck...
    assert state.deck == shuffled[1:]  # ...in the generator's order...
    assert state.hands[0] == cards(f"+4 +9 {shuffled[0]}")  # ...and then the draw was made
    assert state.rng == rng  # the generator moved on for the next one
    assert state.standing == cards("+5")  # the standing play is not reshuffled


def test_R6_1_the_reshuffle_depends_on_the_seed_only_through_the_generator() -> None:
    orders = set()
    for seed in range(8):
        state = table(["+1 +2 +3 +4", "+5 +6 +7 +8"], "+9 x2", rules=_SMALL, seed=seed)
        state = discard(play(discard(play(state, "+1"), "+2 +3"), "+5"), "+6 x2")
        expected, _ = Rng.from_seed(seed).shuffle(parse_cards("+2 +3 +1 +6 x2"))
        assert (expected[0], *state.deck) == expected
        orders.add(expected)
    assert len(orders) > 1


def test_R6_1_and_R5_3_at_a_new_round_the_standing_play_joins_the_pile_before_the_reshuffle() -> (
    None
):
    state = _small_table()
    state = discard(play(state, "+1"), "+2 +3")
    state = pass_(state)  # seat 1 draws the last card and passes
    state = discard(state, "+5 +6 x2")
    assert state.phase is Phase.ROUND_OVER and state.deck == ()
    pile = state.discard + state.standing
    assert pile == parse_cards("+2 +3 +5 +6 x2 +1")
    shuffled, rng = Rng.from_seed(_SEED).shuffle(pile)
    state = next_round(state)
    assert state.deck == shuffled[1:] and state.discard == () and state.rng == rng
    assert state.hands[0] == cards(f"+4 +9 {shuffled[0]}")


# -- R6.2 Every card is somewhere ----------------------------------------------------------------


def _play_out(state: GameState, chooser: random.Random, limit: int = 5000) -> tuple[int, int]:
    """Play a whole match with random legal actions, checking R6.2 after every one.

    Returns (actions taken, reshuffles seen).
    """
    deck = Counter(state.rules.deck)
    reshuffles = 0
    for step in range(limit):
        assert every_card(state) == deck
        assert sum(every_card(state).values()) == len(state.rules.deck)
        if state.phase is Phase.MATCH_OVER:
            return step, reshuffles
        legal = legal_plays(state)
        action = Pass() if Pass() in legal and chooser.random() < 0.15 else chooser.choice(legal)
        after = apply(state, action)
        if after.rng != state.rng:
            reshuffles += 1
        state = after
    raise AssertionError(f"the match did not end in {limit} actions")


@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules(players=2),
        Rules(players=3, deck=STANDARD_DECK[: Rules(players=3).min_deck_size]),
        Rules(
            players=2,
            hand_size=4,
            hand_limit=3,
            max_play=2,
            points_to_win=3,
            deck=STANDARD_DECK[::5][:11],
        ),
        _SMALL,
    ],
    ids=["standard", "two-players", "three-players-smallest-deck", "eleven-cards", "ten-cards"],
)
def test_R6_2_every_card_is_in_exactly_one_place_through_whole_matches(rules: Rules) -> None:
    total_steps = total_reshuffles = 0
    for seed in range(6):
        steps, reshuffles = _play_out(new_game(rules, seed=seed), random.Random(seed))
        total_steps += steps
        total_reshuffles += reshuffles
    assert total_steps > 6 * 5  # whole matches, not a few moves
    if len(rules.deck) < 40:
        assert total_reshuffles > 0  # the small decks exercise the reshuffle too
