"""The OpenSpiel game ``python_raise_the_sum``: OpenSpiel's own checks, chance, and what a
player knows.

``pyspiel.random_sim_test`` runs as OpenSpiel runs it for its games. The
checks that OpenSpiel's ``games_sim_test.py`` applies to every registered
Python game (pickling the game and its type; cloning a state before and
after an action; ``serialize_game_and_state`` and pickling of states at every
power of two actions; no legal actions and consistent returns at the end)
are restated here in our own words, over random matches.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from typing import Any

import numpy as np
import pyspiel
import pytest

from raise_the_sum import STANDARD_DECK, Phase, Rules, legal_plays, parse_cards
from raise_the_sum.adapters import openspiel as adapter
from raise_the_sum.adapters.features import features
from raise_the_sum.adapters.openspiel import (
    GAME_TYPE,
    max_game_length,
    rules_from_params,
)
from raise_the_sum.encoding import action_id, legal_ids, num_actions
from raise_the_sum.views import observe

PARAMS: list[dict[str, Any]] = [
    {"players": 2},
    {},
    {"players": 3, "hand_size": 9, "min_play": 2, "max_play": 3, "points_to_win": 2},
    # The least deck rule R3.6 allows for 2 players of 3 cards: reshuffles come often (R6.1).
    {
        "players": 2,
        "hand_size": 3,
        "hand_limit": 3,
        "max_play": 2,
        "points_to_win": 3,
        "deck": "+1 +2 +3 +4 +5 x2 -3 /2 0 +6 +7",
    },
]


def load(params: dict[str, Any]) -> Any:
    return pyspiel.load_game("python_raise_the_sum", params)


@pytest.mark.parametrize("params", PARAMS, ids=str)
def test_pyspiel_random_sim_test_passes(params: dict[str, Any]) -> None:
    sims = 2 if params.get("players", 4) == 4 else 3  # random 4-player matches are long
    pyspiel.random_sim_test(load(params), num_sims=sims, serialize=True, verbose=False)


def sample(state: Any, chooser: random.Random) -> int:
    if state.is_chance_node():
        outcomes, weights = zip(*state.chance_outcomes(), strict=False)
        return int(chooser.choices(outcomes, weights)[0])
    return int(chooser.choice(state.legal_actions()))


@pytest.mark.parametrize("params", PARAMS, ids=str)
def test_openspiel_python_game_checks_pickle_clone_and_serialise(params: dict[str, Any]) -> None:
    game = load(params)
    assert game.min_utility() < game.max_utility()
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    assert pickle.loads(pickle.dumps(game.get_type())) == game.get_type()
    chooser = random.Random(str(params))
    for _ in range(2):
        state = game.new_initial_state()
        steps = 0
        check_at = 1
        while not state.is_terminal():
            steps += 1
            if steps >= check_at:
                text = pyspiel.serialize_game_and_state(game, state)
                game_again, state_again = pyspiel.deserialize_game_and_state(text)
                assert str(game_again) == str(game)
                assert str(state_again) == str(state)
                assert str(pickle.loads(pickle.dumps(state))) == str(state)
                check_at *= 2
            action = sample(state, chooser)
            if state.is_chance_node():
                state.apply_action(action)
                continue
            twin = state.clone()
            assert str(twin) == str(state) and twin.history() == state.history()
            state.apply_action(action)
            twin.apply_action(action)
            assert str(twin) == str(state) and twin.history() == state.history()
        assert len(state.history()) <= game.max_game_length()
        assert state.legal_actions() == []
        returns = state.returns()
        for player in range(game.num_players()):
            assert state.legal_actions(player) == []
            assert state.player_return(player) == returns[player]
            assert game.min_utility() <= returns[player] <= game.max_utility()
        assert sorted(returns)[-1] == 1.0 and sum(returns) == pytest.approx(0.0)
        assert returns[state.table.current] == 1.0


def test_parameters_are_the_rules_fields() -> None:
    assert set(GAME_TYPE.parameter_specification) == {
        "players",
        "hand_size",
        "hand_limit",
        "min_play",
        "max_play",
        "points_to_win",
        "first_player",
        "deck",
    }
    game = load({"players": 3, "max_play": 4, "first_player": 2})
    assert game.rules == Rules(players=3, max_play=4, first_player=2)
    assert game.num_players() == 3
    assert game.num_distinct_actions() == num_actions(game.rules)
    assert game.max_game_length() == max_game_length(game.rules)
    assert rules_from_params({}) == Rules()
    assert rules_from_params({"deck": " ".join(map(str, STANDARD_DECK))}).deck == STANDARD_DECK
    with pytest.raises(ValueError, match="unknown game parameter 'seats'"):
        rules_from_params({"seats": 2})
    with pytest.raises(ValueError, match=r"rule R3\.1"):
        rules_from_params({"players": 5})
    with pytest.raises(TypeError, match="deck: the cards in notation"):
        rules_from_params({"deck": 3})


def test_the_deal_is_chance_one_card_at_a_time_weighted_by_the_deck() -> None:
    game = load({"players": 2})
    rules = game.rules
    state = game.new_initial_state()
    deck = Counter(card.index for card in rules.deck)
    for _k in range(rules.players * rules.hand_size + 1):
        assert state.current_player() == pyspiel.PlayerId.CHANCE
        outcomes = dict(state.chance_outcomes())
        left = sum(deck.values())
        assert outcomes == {i: n / left for i, n in sorted(deck.items()) if n}
        assert sum(outcomes.values()) == pytest.approx(1.0)
        card = max(outcomes)  # any card; take the highest kind left
        state.apply_action(card)
        deck[card] -= 1
    assert state.current_player() == rules.first_player
    assert [len(hand) for hand in state.table.hands] == [8, 7]  # rules R3.3 and R4.1


def test_draws_and_reshuffles_are_chance_over_the_pile_they_come_from() -> None:
    """Every chance node's weights are the draw pile's counts; an empty pile means the discards."""
    game = load(PARAMS[3])
    rules = game.rules
    chooser = random.Random(4)
    reshuffles = draws = 0
    for _ in range(6):
        state = game.new_initial_state()
        previous: Any = None
        while not state.is_terminal():
            table = state.table
            cards = Counter(table.deck) + Counter(table.discard) + Counter(table.standing)
            for hand in table.hands:
                cards += Counter(hand)
            assert cards == Counter(rules.deck)  # rule R6.2, chance nodes included
            if state.is_chance_node():
                pile = Counter(card.index for card in table.deck)
                assert dict(state.chance_outcomes()) == {
                    i: n / len(table.deck) for i, n in sorted(pile.items())
                }
                if previous is not None and not previous.table.deck:
                    # The draw pile was empty: this draw is over the old discard pile (R6.1).
                    reshuffles += 1
                    assert table.discard == ()
                    assert len(table.deck) >= len(previous.table.discard)
                draws += 1
                previous = None
            else:
                previous = state.clone()
            state.apply_action(sample(state, chooser))
    assert reshuffles > 3 and draws > 100


def test_legal_actions_are_legal_plays_in_the_fixed_numbering() -> None:
    game = load({})
    chooser = random.Random(1)
    state = game.new_initial_state()
    while not state.is_terminal():
        if not state.is_chance_node():
            table = state.table
            assert state.legal_actions() == legal_ids(table)
            assert state.legal_actions() == [action_id(a, game.rules) for a in legal_plays(table)]
            other = (state.current_player() + 1) % game.num_players()
            assert state.legal_actions(other) == []
        state.apply_action(sample(state, chooser))
    with pytest.raises(pyspiel.SpielError, match="not a card kind the pile holds"):
        game.new_initial_state().apply_action(75_000)  # a chance node takes card kinds
    with pytest.raises(pyspiel.SpielError, match="not a card kind the pile holds"):
        load({"deck": " ".join(["+1"] * 40)}).new_initial_state().apply_action(3)
    state = game.new_initial_state()
    for card in [0] * 4 + [1] * 4 + [2] * 4 + [3] * 4 + [4] * 4 + [5] * 4 + [6] * 4 + [7]:
        state.apply_action(card)
    with pytest.raises(pyspiel.SpielError, match=r"action 75417 \(pass\) is not legal now"):
        state.apply_action(75_417)  # the opener may not pass (rule R4.3)


def test_information_states_and_observations_hold_only_what_the_player_may_know() -> None:
    """Swap test: deals that differ only in other seats' cards look the same to seat 0."""
    game = load({"players": 3, "points_to_win": 2})
    rules = game.rules
    chooser = random.Random(8)

    def deal(swap: bool) -> Any:
        state = game.new_initial_state()
        kinds = sorted(card.index for card in rules.deck)
        random.Random(3).shuffle(kinds)
        dealt = kinds[: rules.players * rules.hand_size + 1]
        if swap:  # exchange seat 1's first card with seat 2's first card
            dealt[1], dealt[2] = dealt[2], dealt[1]
        for card in dealt:
            state.apply_action(card)
        return state

    a, b = deal(False), deal(True)
    assert a.table.hands[0] == b.table.hands[0]
    assert a.table.hands[1] != b.table.hands[1] and a.table.hands[2] != b.table.hands[2]
    assert_same_for(a, b, 0)
    assert_differs_for(a, b, 1)
    assert_differs_for(a, b, 2)
    while a.current_player() == 0:  # seat 0 opens (and discards, if it must)
        action = sample(a, chooser)
        a.apply_action(action)
        b.apply_action(action)
        assert_same_for(a, b, 0)
    # Seat 1 draws from the same pile in both; give both the same card.
    assert a.is_chance_node() and a.chance_outcomes() == b.chance_outcomes()
    card = a.chance_outcomes()[0][0]
    a.apply_action(card)
    b.apply_action(card)
    assert_same_for(a, b, 0)
    assert_differs_for(a, b, 1)


def assert_same_for(a: Any, b: Any, player: int) -> None:
    assert a.information_state_string(player) == b.information_state_string(player)
    assert a.observation_string(player) == b.observation_string(player)
    assert np.array_equal(a.observation_tensor(player), b.observation_tensor(player))


def assert_differs_for(a: Any, b: Any, player: int) -> None:
    assert a.information_state_string(player) != b.information_state_string(player)
    assert a.observation_string(player) != b.observation_string(player)


def test_resampled_states_look_the_same_to_the_player_and_deal_the_rest_afresh() -> None:
    game = load({})
    chooser = random.Random(6)
    checked = 0
    sampler = iter(random.Random(9).random() for _ in range(10_000))
    state = game.new_initial_state()
    while not state.is_terminal():
        if not state.is_chance_node():
            player = state.current_player()
            twin = state.resample_from_infostate(player, lambda: next(sampler))
            assert (twin.table.hands, twin.table.deck) != (state.table.hands, state.table.deck)
            assert_same_for(state, twin, player)
            assert twin.legal_actions() == state.legal_actions()
            # Nothing of the real deal survives in the twin's history of the other seats.
            for other in range(game.num_players()):
                if other != player:
                    cards = [
                        line
                        for line in twin.information_state_string(other).splitlines()
                        if line.startswith(f"{other}+")
                    ]
                    assert cards and set(cards) == {f"{other}+?"}
            checked += 1
        state.apply_action(sample(state, chooser))
    assert checked > 40


def test_observation_tensor_is_the_views_features_and_history_is_perfect_recall() -> None:
    game = load({"players": 2})
    chooser = random.Random(2)
    state = game.new_initial_state()
    lengths: list[list[int]] = [[], []]
    while not state.is_terminal():
        for player in range(2):
            assert state.observation_tensor(player) == pytest.approx(
                features(observe(state.table, player))
            )
            lengths[player].append(len(state.information_state_string(player).splitlines()))
        state.apply_action(sample(state, chooser))
    # Perfect recall: each step adds a line to every player's history.
    for seen in lengths:
        assert seen == list(range(seen[0], seen[0] + len(seen)))
    assert state.table.phase is Phase.MATCH_OVER
    assert game.observation_tensor_size() == len(features(observe(state.table, 0)))


def test_max_game_length_is_the_documented_bound() -> None:
    rules = Rules()
    rounds = 4 * 4 + 1
    assert adapter._most_total(rules) == 486  # +9 +9 x3 x3 x3 = 18 x 27
    assert max_game_length(rules) == 4 * 7 + 1 + rounds * (3 * (486 + 4) + 1)
    small = Rules(
        players=2,
        hand_size=1,
        hand_limit=1,
        max_play=1,
        points_to_win=1,
        deck=parse_cards("+1 +2 +3 +4 +5"),
    )
    assert adapter._most_total(small) == 5
