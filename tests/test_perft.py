"""Perft-style tables: how many legal actions, and how many positions, from fixed seeds.

As a chess engine's move generator is checked by counting the positions a
few plies deep (perft), these tables pin down the whole move generation of
the engine -- the deal, the draws, ``legal_plays`` and ``apply`` -- for a
handful of seeds:

* (a) the number of legal actions at each of the first 40 steps of a fixed
  line of play, the first legal action every time;
* (b) the number of distinct positions (distinct ``GameState``) after
  exactly 2 plies of the standard 4-player game, and after exactly 3 plies
  of ``Rules(players=2, max_play=2)``: 3 plies of the standard game run to
  hundreds of thousands of positions (over 20 s for four seeds), while
  this smaller game still reaches, by its third ply, plays, passes,
  discards (rule R4.8) and the end of a round (rules R5.1, R5.4).

The literals were computed once with the engine. They are not merely
self-confirming: every table is recomputed with the library's plain
specification of the legal actions, ``legal_plays_by_definition``, in place
of the fast ``legal_plays``, on the standard game and on random variants;
the counts are also recomputed from an independent brute force that knows
nothing of either -- every sub-multiset of the hand, enumerated with
:mod:`itertools`, offered as a play and as a discard, plus ``Pass()`` and
``NextRound()``, each given to ``apply``, whose accepted results are
counted -- and the first counts are checked by hand (218 is every play of 1
to 5 cards from 8 different cards).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from math import comb

import pytest
from hypothesis import given, settings

from properties.strategies import rules_variants, seeds
from raise_the_sum import (
    Action,
    Card,
    Discard,
    GameState,
    IllegalAction,
    NextRound,
    Pass,
    Phase,
    Play,
    Rules,
    apply,
    legal_plays,
    legal_plays_by_definition,
    new_game,
)

#: A generator of legal actions: the fast one, or the plain specification.
Generator = Callable[[GameState], tuple[Action, ...]]

#: (a) seed -> the number of legal actions at each step, taking the first one each time.
FIRST_ACTION_LINE: dict[int, list[int]] = {
    0: [218, 109, 153, 103, 92, 70, 85, 54, 1, 12, 5, 1, 1, 1, 11, 74, 74, 32, 1, 34,
        1, 6, 16, 8, 1, 1, 15, 1, 6, 40, 17, 1, 1, 1, 31, 1, 74, 27, 9, 43],
    1: [218, 139, 196, 149, 140, 115, 117, 58, 12, 20, 5, 1, 1, 1, 1, 15, 43, 1, 43, 1,
        19, 20, 1, 1, 46, 25, 36, 1, 1, 9, 12, 1, 1, 11, 115, 1, 1, 7, 28, 1],
    7: [119, 131, 184, 115, 99, 83, 146, 27, 12, 19, 1, 1, 1, 1, 31, 208, 74, 32, 17, 103,
        1, 1, 1, 1, 88, 157, 65, 1, 43, 1, 7, 8, 35, 1, 1, 62, 1, 6, 17, 1],
    42: [161, 139, 63, 103, 93, 76, 40, 5, 1, 1, 1, 1, 15, 155, 131, 59, 1, 139, 58, 9,
         83, 1, 1, 1, 119, 100, 1, 13, 97, 1, 8, 1, 1, 119, 100, 20, 1, 57, 1, 8],
}  # fmt: skip

#: (b) seed -> distinct positions after 1 and 2 plies of the standard 4-player game.
STANDARD = Rules()
STANDARD_POSITIONS: dict[int, tuple[int, int]] = {
    0: (218, 6655),
    1: (218, 16643),
    7: (119, 5066),
    42: (161, 2814),
}

#: (b) seed -> distinct positions after 1, 2 and 3 plies of 2 players, plays of 1 or 2 cards.
SMALL = Rules(players=2, max_play=2)
SMALL_POSITIONS: dict[int, tuple[int, int, int]] = {
    0: (36, 248, 2968),
    1: (36, 381, 2567),
    7: (29, 289, 2717),
    42: (36, 135, 1856),
}

#: The seeds whose position counts are recomputed by the brute force (the slower check).
CROSS_CHECKED = [0, 7]


def first_action_line(
    rules: Rules, seed: int, steps: int, generator: Generator = legal_plays
) -> Iterator[GameState]:
    """The first ``steps`` states of the line that always takes the first legal action."""
    state = new_game(rules, seed=seed)
    for _ in range(steps):
        yield state
        actions = generator(state)
        if not actions:
            return
        state = apply(state, actions[0])


def next_layer(
    states: Iterable[GameState], generator: Generator = legal_plays
) -> tuple[set[GameState], int]:
    """The distinct positions one ply on from ``states``, and the number of (state, action)
    pairs."""
    layer: set[GameState] = set()
    pairs = 0
    for state in states:
        for action in generator(state):
            layer.add(apply(state, action))
            pairs += 1
    return layer, pairs


def positions(
    rules: Rules, seed: int, plies: int, generator: Generator = legal_plays
) -> tuple[int, ...]:
    """The number of distinct positions after exactly 1, 2, ..., ``plies`` plies."""
    layer = {new_game(rules, seed=seed)}
    counts = []
    for _ in range(plies):
        layer, pairs = next_layer(layer, generator)
        # Two different legal actions never lead to the same position.
        assert len(layer) == pairs
        counts.append(len(layer))
    return tuple(counts)


# -- the independent brute force --------------------------------------------------------------


def every_submultiset(hand: tuple[Card, ...]) -> Iterator[tuple[Card, ...]]:
    """Every distinct sub-multiset of ``hand``, of every size from 0 (counts chosen per card)."""
    counts = Counter(hand)
    distinct = sorted(counts)
    for taken in itertools.product(*(range(counts[card] + 1) for card in distinct)):
        yield tuple(card for card, k in zip(distinct, taken, strict=True) for _ in range(k))


def accepted_actions(state: GameState) -> list[Action]:
    """Every action ``apply`` accepts, found without ``legal_plays``: all are offered."""
    hand = state.hands[state.current]
    offered: list[Action] = [Pass(), NextRound()]
    for cards in every_submultiset(hand):
        offered += [Play(cards), Discard(cards)]
    accepted = []
    for action in offered:
        try:
            apply(state, action)
        except IllegalAction:
            continue
        accepted.append(action)
    return accepted


def brute_force_positions(rules: Rules, seed: int, plies: int) -> tuple[int, ...]:
    layer = {new_game(rules, seed=seed)}
    counts = []
    for _ in range(plies):
        layer = {apply(state, action) for state in layer for action in accepted_actions(state)}
        counts.append(len(layer))
    return tuple(counts)


# -- the tables -------------------------------------------------------------------------------


def test_the_first_counts_by_hand() -> None:
    """Seed 0 deals seat 0 eight different cards: 218 plays of 1 to 5 of them, no Pass (R4.3)."""
    state = new_game(STANDARD, seed=0)
    hand = state.hands[0]
    assert len(hand) == len(set(hand)) == 8
    assert sum(comb(8, k) for k in range(1, 6)) == 218 == FIRST_ACTION_LINE[0][0]
    assert Pass() not in legal_plays(state)


@pytest.mark.parametrize("seed", sorted(FIRST_ACTION_LINE))
def test_legal_action_counts_along_the_first_action_line(seed: int) -> None:
    counts = [len(legal_plays(s)) for s in first_action_line(STANDARD, seed, 40)]
    assert counts == FIRST_ACTION_LINE[seed]


@pytest.mark.parametrize("seed", sorted(FIRST_ACTION_LINE))
def test_the_first_action_line_counts_agree_with_the_brute_force(seed: int) -> None:
    for state in first_action_line(STANDARD, seed, 40):
        assert sorted(map(str, accepted_actions(state))) == sorted(map(str, legal_plays(state)))


@pytest.mark.parametrize("seed", sorted(STANDARD_POSITIONS))
def test_positions_reachable_in_2_plies_of_the_standard_game(seed: int) -> None:
    assert positions(STANDARD, seed, 2) == STANDARD_POSITIONS[seed]


@pytest.mark.parametrize("seed", sorted(SMALL_POSITIONS))
def test_positions_reachable_in_3_plies_of_2_players_with_plays_of_up_to_2_cards(
    seed: int,
) -> None:
    assert positions(SMALL, seed, 3) == SMALL_POSITIONS[seed]


# -- the same tables from the plain specification ------------------------------------------------


@pytest.mark.parametrize("seed", sorted(FIRST_ACTION_LINE))
def test_the_first_action_line_counts_are_the_specifications(seed: int) -> None:
    line = first_action_line(STANDARD, seed, 40, legal_plays_by_definition)
    assert [len(legal_plays_by_definition(s)) for s in line] == FIRST_ACTION_LINE[seed]


@pytest.mark.parametrize("seed", sorted(STANDARD_POSITIONS))
def test_the_standard_games_position_counts_are_the_specifications(seed: int) -> None:
    assert positions(STANDARD, seed, 2, legal_plays_by_definition) == STANDARD_POSITIONS[seed]


@pytest.mark.parametrize("seed", sorted(SMALL_POSITIONS))
def test_the_small_games_position_counts_are_the_specifications(seed: int) -> None:
    assert positions(SMALL, seed, 3, legal_plays_by_definition) == SMALL_POSITIONS[seed]


@settings(max_examples=25, deadline=None)
@given(rules=rules_variants(), seed=seeds)
def test_perft_of_a_random_variant_is_the_same_with_the_specification(
    rules: Rules, seed: int
) -> None:
    """Two plies from the deal of any variant: the same positions, action for action, whether
    the actions come from ``legal_plays`` or from its specification."""
    fast = slow = {new_game(rules, seed=seed)}
    for _ in range(2):
        fast_pairs = [(state, legal_plays(state)) for state in fast]
        assert all(actions == legal_plays_by_definition(state) for state, actions in fast_pairs)
        fast, fast_count = next_layer(fast)
        slow, slow_count = next_layer(slow, legal_plays_by_definition)
        assert (fast, fast_count) == (slow, slow_count)


@pytest.mark.parametrize("seed", CROSS_CHECKED)
def test_the_position_counts_agree_with_an_independent_brute_force(seed: int) -> None:
    assert brute_force_positions(STANDARD, seed, 2) == STANDARD_POSITIONS[seed]
    assert brute_force_positions(SMALL, seed, 3) == SMALL_POSITIONS[seed]


def test_3_plies_of_the_small_game_reach_discards_and_the_end_of_a_round() -> None:
    layer = {new_game(SMALL, seed=0)}
    for _ in range(3):
        layer, _ = next_layer(layer)
    assert {state.phase for state in layer} == {Phase.PLAY, Phase.DISCARD, Phase.ROUND_OVER}
