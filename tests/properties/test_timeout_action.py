"""The action taken when time runs out (rule R4.15), and so for a forfeited seat (rule R5.5)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings

from raise_the_sum import (
    Discard,
    NextRound,
    Pass,
    Phase,
    Play,
    apply,
    legal_plays,
    new_game,
    timeout_action,
)
from raise_the_sum.state import GameState

from .strategies import game_states


@settings(max_examples=300, deadline=None)
@given(game_states())
def test_R4_15_the_timeout_action_is_legal_a_pass_when_it_may_else_the_lowest_cards(
    state: GameState,
) -> None:
    legal = legal_plays(state)
    if state.phase is Phase.MATCH_OVER:
        return
    action = timeout_action(legal)
    assert action in legal
    if Pass() in legal:
        assert action == Pass()
    elif state.phase is Phase.ROUND_OVER:
        assert action == NextRound()
    else:
        assert isinstance(action, Play | Discard)
        hand = sorted(state.hands[state.current])
        size = (
            state.rules.min_play
            if state.phase is Phase.PLAY
            else len(hand) - state.rules.hand_limit
        )
        assert Counter(action.cards) == Counter(hand[:size])  # the lowest, in card order


def test_R5_5_a_forfeited_seat_played_by_the_timeout_action_lets_every_match_end() -> None:
    for seed in range(20):
        state = new_game(seed=seed)
        for _ in range(5000):
            if state.phase is Phase.MATCH_OVER:
                break
            legal = legal_plays(state)
            state = apply(state, timeout_action(legal) if state.current == 1 else legal[0])
        assert state.phase is Phase.MATCH_OVER, seed


def test_the_timeout_action_refuses_a_finished_match_naming_the_rule() -> None:
    with pytest.raises(ValueError, match=r"R5\.2"):
        timeout_action(())
