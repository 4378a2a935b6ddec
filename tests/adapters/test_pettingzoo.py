"""The PettingZoo environment: PettingZoo's own tests, seeds, rewards, and what a seat sees.

PettingZoo's ``api_test`` and ``seed_test`` run here as they run for
PettingZoo's own environments. Their warning that a dict observation "is not
a NumPy array" is silenced: it is the documented shape of masked
observations (PettingZoo's classic games draw the same warning).
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from raise_the_sum import Phase, Rng, Rules, legal_plays, new_game, observe, sample_state
from raise_the_sum.adapters.features import features
from raise_the_sum.adapters.pettingzoo import RaiseTheSumEnv, env, raw_env
from raise_the_sum.encoding import action_id, legal_mask, num_actions

pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Observation space for each agent probably should be:UserWarning",
)

VARIANTS = [
    Rules(players=2),
    Rules(players=3),
    Rules(),
    Rules(players=3, hand_size=9, hand_limit=7, min_play=2, max_play=3, points_to_win=2),
]


@pytest.mark.parametrize(
    "rules", VARIANTS, ids=lambda r: f"{r.players}p-{r.hand_size}-{r.min_play}"
)
def test_pettingzoo_api_test_passes_over_many_matches(rules: Rules) -> None:
    for wrapped in (env(rules), raw_env(rules)):
        for _ in range(3):  # each api_test plays its cycles until one match ends
            api_test(wrapped, num_cycles=2000)


@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_seed_test_passes(players: int) -> None:
    rules = Rules(players=players)
    seed_test(lambda: env(rules), num_cycles=300)
    seed_test(lambda: raw_env(rules), num_cycles=300)


def play_out(table: Any, chooser: random.Random) -> list[dict[str, float]]:
    """Play one match with random legal actions; the rewards after every step."""
    seen = []
    for _agent in table.agent_iter(100_000):
        observation, _, termination, truncation, _ = table.last()
        if termination or truncation:
            table.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"]).tolist()
        table.step(chooser.choice(legal))
        seen.append(dict(table.rewards))
    return seen


def test_reset_with_a_seed_starts_exactly_new_game_with_that_seed() -> None:
    table = raw_env(Rules(players=3))
    for seed in (0, 7, 2**70, -5):
        table.reset(seed=seed)
        assert table.state == new_game(Rules(players=3), seed=seed)
    wrapped = env()
    wrapped.reset(seed=11)
    assert wrapped.unwrapped.state == new_game(seed=11)


def test_unseeded_resets_after_a_seeded_one_replay() -> None:
    a, b = raw_env(), raw_env()
    a.reset(seed=3)
    b.reset(seed=3)
    a.reset()
    b.reset()
    assert a.state == b.state != new_game(seed=3)


def test_rewards_are_the_match_result_plus_one_and_minus_a_third_at_the_end() -> None:
    table = env()
    table.reset(seed=5)
    history = play_out(table, random.Random(5))
    *before, last = history
    assert all(value == 0.0 for rewards in before for value in rewards.values())
    winner = table.unwrapped.state.current
    assert table.unwrapped.state.phase is Phase.MATCH_OVER
    assert last[f"seat_{winner}"] == 1.0
    assert sorted(last.values()) == pytest.approx([-1 / 3] * 3 + [1.0])
    assert sum(last.values()) == pytest.approx(0.0)
    assert table.agents == []


def test_the_mask_is_legal_mask_and_only_the_seat_to_act_has_one() -> None:
    table = raw_env()
    table.reset(seed=9)
    chooser = random.Random(9)
    for _ in range(200):
        state = table.state
        if state.phase is Phase.MATCH_OVER:
            break
        for seat, agent in enumerate(table.possible_agents):
            mask = table.observe(agent)["action_mask"]
            if seat == state.current:
                assert np.array_equal(mask, legal_mask(state))
            else:
                assert not mask.any()
        assert table.agent_selection == f"seat_{state.current}"
        table.step(action_id(chooser.choice(legal_plays(state)), table.rules))


def test_observation_holds_what_the_seat_may_know_swap_test() -> None:
    """Two states that differ only in what a seat cannot see give it identical bytes."""
    checked = 0
    for seed in (21, 22):
        table = raw_env()
        table.reset(seed=seed)
        chooser = random.Random(seed)
        while table.state.phase is not Phase.MATCH_OVER:
            state = table.state
            for seat, agent in enumerate(table.possible_agents):
                other = sample_state(observe(state, seat), Rng.from_seed(checked * 7 + seat))
                assert (other.hands, other.deck) != (state.hands, state.deck)  # hidden cards moved
                twin = raw_env()
                twin.state = other
                twin._refresh()
                mine, theirs = table.observe(agent), twin.observe(agent)
                assert mine["observation"].tobytes() == theirs["observation"].tobytes()
                assert mine["action_mask"].tobytes() == theirs["action_mask"].tobytes()
                # The observation is the seat's view, and the view alone.
                assert mine["observation"].tolist() == features(observe(state, seat))
            checked += 1
            table.step(action_id(chooser.choice(legal_plays(state)), table.rules))
    assert checked > 150


def test_an_illegal_action_is_refused_by_name_or_ends_the_match_when_wrapped() -> None:
    table = raw_env()
    table.reset(seed=7)
    pass_id = num_actions(table.rules) - 2
    with pytest.raises(ValueError, match=r"action 75417 \(pass\) is not legal for seat_0"):
        table.step(pass_id)  # the opener may not pass (rule R4.3)
    assert table.state == new_game(seed=7)
    with pytest.raises(ValueError, match="None is only for a finished agent"):
        table.step(None)
    wrapped = env()
    wrapped.reset(seed=7)
    wrapped.step(pass_id)  # PettingZoo logs "Illegal move made"
    assert all(wrapped.terminations.values())
    assert wrapped.rewards["seat_0"] == -1


def test_render_ansi_shows_the_table_as_the_seat_to_act_sees_it() -> None:
    table = raw_env(render_mode="ansi")
    table.reset(seed=7)
    text = table.render()
    assert text is not None
    assert "hand +5 +5 +6 +6 +7 -3 -5 -6" in text
    assert "seat 0" in text
    with pytest.warns(UserWarning, match="render_mode='ansi'"):
        assert raw_env().render() is None
    with pytest.raises(ValueError, match="render_mode"):
        raw_env(render_mode="human")
    with pytest.raises(TypeError, match="rules must be a Rules"):
        RaiseTheSumEnv(rules="standard")  # type: ignore[arg-type]


def test_spaces_are_fixed_and_observations_lie_in_them() -> None:
    table = raw_env(Rules(players=2))
    assert table.action_space("seat_0") == gymnasium.spaces.Discrete(num_actions(table.rules))
    assert table.observation_space("seat_1") is table.observation_space("seat_1")
    table.reset(seed=1)
    observation = table.observe("seat_1")
    assert table.observation_space("seat_1").contains(observation)
    assert observation["observation"].dtype == np.float32
