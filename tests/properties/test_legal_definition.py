"""``legal_plays`` is its definition, ``legal_plays_by_definition``, order included.

The definition is the plain statement of which actions are legal (the
distinct sub-multisets of the hand of the allowed sizes, filtered by
``score``); ``legal_plays`` is the fast version. These tests hold the two
equal on random states of random variants, with the memo and tables cold
and warm.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from raise_the_sum import (
    GameState,
    Phase,
    Rules,
    apply,
    legal_plays,
    legal_plays_by_definition,
    new_game,
)

from .strategies import game_states, rules_variants, seeds


@settings(max_examples=300, deadline=None)
@given(state=game_states(max_steps=150))
def test_legal_plays_equals_its_definition_order_included_on_random_states(
    state: GameState,
) -> None:
    assert legal_plays(state) == legal_plays_by_definition(state)


@settings(max_examples=40, deadline=None)
@given(
    rules=st.one_of(st.builds(Rules, players=st.integers(2, 4)), rules_variants()),
    seed=seeds,
)
def test_legal_plays_equals_its_definition_on_every_state_of_random_matches(
    rules: Rules, seed: int
) -> None:
    chooser = random.Random(seed)
    state = new_game(rules, seed=seed)
    phases = set()
    while state.phase is not Phase.MATCH_OVER:
        expected = legal_plays_by_definition(state)
        assert legal_plays(state) == expected
        phases.add(state.phase)
        state = apply(state, chooser.choice(expected))
    assert legal_plays(state) == legal_plays_by_definition(state) == ()
    assert Phase.PLAY in phases
