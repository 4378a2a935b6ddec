"""Hypothesis strategies shared by the property tests: cards, plays, attacks, rules, states.

Every strategy here builds only values the library accepts: cards from the 23
distinct cards (rule R1.1), attacks with a subtraction of 0 or more and a
divisor of 1 or more, ``Rules`` that pass validation (rules R3.6 and R3.7),
and game states reached from :func:`~raise_the_sum.new_game` through legal
actions only.
"""

from __future__ import annotations

import math
import random

from hypothesis import strategies as st

from raise_the_sum import (
    ALL_CARDS,
    STANDARD_DECK,
    Attack,
    Card,
    GameState,
    Kind,
    Phase,
    Rules,
    apply,
    legal_plays,
    new_game,
)

__all__ = [
    "attacks",
    "card_lists",
    "cards",
    "cards_of",
    "divisors",
    "game_states",
    "play_random_actions",
    "rules_variants",
    "seeds",
]

#: Any one of the 23 distinct cards (rule R1.1).
cards: st.SearchStrategy[Card] = st.sampled_from(ALL_CARDS)


def cards_of(*kinds: Kind) -> st.SearchStrategy[Card]:
    """Any card of one of ``kinds``."""
    return st.sampled_from([card for card in ALL_CARDS if card.kind in kinds])


def card_lists(
    min_size: int = 0, max_size: int = 8, of: st.SearchStrategy[Card] = cards
) -> st.SearchStrategy[list[Card]]:
    """Lists of cards (repeats allowed: a play is a multiset), in any order."""
    return st.lists(of, min_size=min_size, max_size=max_size)


#: Divisors as the Divide cards make them (products of 2s and 3s, rule R2.8),
#: and now and then any positive divisor, which ``Attack`` also accepts.
divisors: st.SearchStrategy[int] = st.one_of(
    st.lists(st.sampled_from([2, 3]), max_size=7).map(math.prod),
    st.integers(min_value=1, max_value=10_000),
)


def attacks(max_subtract: int = 60) -> st.SearchStrategy[Attack]:
    """Any incoming attack: a subtraction from 0 and a divisor from :data:`divisors`."""
    return st.builds(
        Attack, subtract=st.integers(min_value=0, max_value=max_subtract), divide=divisors
    )


#: Seeds of every size and sign (rule R3.8: any integer).
seeds: st.SearchStrategy[int] = st.one_of(
    st.integers(min_value=0, max_value=2**16),
    st.integers(min_value=-(2**80), max_value=2**80),
)


@st.composite
def rules_variants(draw: st.DrawFn) -> Rules:
    """Any valid configuration: every ``Rules`` the library accepts, up to equivalence.

    Includes hands dealt above the limit (rule R3.7), plays of at least 2 to
    4 cards (so an opener may be forced to pass, rule R4.3), plays of up to
    one card more than the largest hand (a larger ``max_play`` lists the same
    plays), short matches, any first player, and decks cut down to the least
    size rule R3.6 allows: a part of the standard deck, or any multiset of
    the 23 cards (seven or more +9 among them, which no standard deck holds).
    """
    players = draw(st.integers(min_value=2, max_value=4))
    hand_size = draw(st.integers(min_value=1, max_value=9))
    hand_limit = draw(st.integers(min_value=1, max_value=9))
    largest = max(hand_size, hand_limit) + 1
    min_play = draw(st.integers(min_value=1, max_value=4))
    max_play = draw(st.integers(min_value=min_play, max_value=max(min_play, largest + 1)))
    points_to_win = draw(st.integers(min_value=1, max_value=3))
    first_player = draw(st.integers(min_value=0, max_value=players - 1))
    least = players * max(hand_size, hand_limit) + max_play + 1
    if least <= len(STANDARD_DECK) and draw(st.booleans()):
        size = draw(st.integers(min_value=least, max_value=len(STANDARD_DECK)))
        deck = draw(st.permutations(STANDARD_DECK))[:size]
    else:
        deck = draw(st.lists(cards, min_size=least, max_size=least + 30))
    return Rules(
        players=players,
        hand_size=hand_size,
        hand_limit=hand_limit,
        min_play=min_play,
        max_play=max_play,
        points_to_win=points_to_win,
        first_player=first_player,
        deck=deck,
    )


def play_random_actions(state: GameState, chooser: random.Random, steps: int) -> GameState:
    """Take up to ``steps`` legal actions chosen by ``chooser``; stop at the end of the match."""
    for _ in range(steps):
        if state.phase is Phase.MATCH_OVER:
            break
        state = apply(state, chooser.choice(legal_plays(state)))
    return state


@st.composite
def game_states(
    draw: st.DrawFn, rules: st.SearchStrategy[Rules] | None = None, max_steps: int = 80
) -> GameState:
    """A state reached from a seeded ``new_game`` by up to ``max_steps`` random legal actions.

    ``rules`` defaults to the standard game for 2 to 4 players or a :func:`rules_variants`.
    """
    if rules is None:
        rules = st.one_of(st.builds(Rules, players=st.integers(2, 4)), rules_variants())
    state = new_game(draw(rules), seed=draw(seeds))
    steps = draw(st.integers(min_value=0, max_value=max_steps))
    return play_random_actions(state, draw(st.randoms(use_true_random=False)), steps)
