"""The fixed numbering of actions (``raise_the_sum.encoding``) and its masks.

The numbering is checked three ways: against a brute-force enumeration of
every multiset for small rules (the formula's blocks, sizes and order), by
a round trip over every id of the standard game, and along many seeded
random matches, where the mask must be exactly ``legal_plays`` at every
state (rules R4.2 to R4.8 and R5.4 decide what is legal there).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from properties.strategies import rules_variants, seeds
from raise_the_sum import (
    ALL_CARDS,
    Action,
    Discard,
    GameState,
    NextRound,
    Pass,
    Phase,
    Play,
    Rules,
    apply,
    legal_plays,
    new_game,
    parse_cards,
)
from raise_the_sum.encoding import action_from_id, action_id, legal_ids, legal_mask, num_actions

SMALL = Rules(
    players=2,
    hand_size=3,
    hand_limit=2,
    max_play=3,
    deck=parse_cards("+1 +1 +1 +2 +2 x2 -3 0 +4 +5"),
)


def brute_force(rules: Rules) -> list[Action]:
    """Every action by the blocks' definition, from itertools alone."""
    deck = sorted(rules.deck)

    def multisets(size: int) -> list[tuple[int, ...]]:
        keys = {tuple(c.index for c in combo) for combo in itertools.combinations(deck, size)}
        return sorted(keys)

    out: list[Action] = []
    for size in range(rules.min_play, rules.max_play + 1):
        out += [Play(ALL_CARDS[i] for i in key) for key in multisets(size)]
    most = max(rules.hand_size, rules.hand_limit) + 1 - rules.hand_limit
    for size in range(1, most + 1):
        out += [Discard(ALL_CARDS[i] for i in key) for key in multisets(size)]
    return [*out, Pass(), NextRound()]


def test_standard_game_numbers_75394_plays_23_discards_pass_and_next_round() -> None:
    rules = Rules()
    assert num_actions(rules) == 75_419
    assert action_id(Discard(parse_cards("+1")), rules) == 75_394
    assert action_id(Pass(), rules) == 75_417
    assert action_id(NextRound(), rules) == 75_418
    assert action_from_id(75_393, rules) == Play(parse_cards("0 0 /3 /3 /3"))
    assert action_from_id(75_416, rules) == Discard(parse_cards("0"))


@pytest.mark.parametrize(
    "rules",
    [
        SMALL,
        Rules(
            players=2,
            hand_size=4,
            hand_limit=2,
            min_play=2,
            max_play=3,
            deck=parse_cards("+1 +1 +2 +2 +2 x2 x3 -3 -4 /2 0 0 +6 +7 +8"),
        ),
        Rules(players=2, hand_size=1, hand_limit=1, max_play=1, deck=parse_cards("+1 +2 +3 +4 +5")),
    ],
)
def test_numbering_is_the_documented_blocks_in_order_for_small_rules(rules: Rules) -> None:
    expected = brute_force(rules)
    assert num_actions(rules) == len(expected)
    for number, action in enumerate(expected):
        assert action_from_id(number, rules) == action
        assert action_id(action, rules) == number


def test_every_id_of_the_standard_game_round_trips() -> None:
    rules = Rules()
    seen = set()
    for number in range(num_actions(rules)):
        action = action_from_id(number, rules)
        assert action_id(action, rules) == number
        seen.add(action)
    assert len(seen) == num_actions(rules)
    # The plays come by size, then in card order (rule R1.4), as legal_plays lists them.
    plays = [action_from_id(n, rules) for n in range(75_394)]
    keys = [(len(p.cards), [c.index for c in p.cards]) for p in plays]  # type: ignore[union-attr]
    assert keys == sorted(keys)


def random_states(
    rules: Rules, seed: int, chooser: random.Random, limit: int = 5000
) -> list[GameState]:
    """Every state of one random match (a pass a quarter of the time it is allowed)."""
    state = new_game(rules, seed=seed)
    states = [state]
    for _ in range(limit):
        if state.phase is Phase.MATCH_OVER:
            break
        legal = legal_plays(state)
        action: Action
        if len(legal) > 1 and Pass() in legal and chooser.random() < 0.25:
            action = Pass()
        else:
            action = chooser.choice(legal)
        state = apply(state, action)
        states.append(state)
    return states


def assert_mask_is_legal_plays(state: GameState) -> None:
    rules = state.rules
    legal = legal_plays(state)
    ids = legal_ids(state)
    assert ids == [action_id(a, rules) for a in legal]
    assert ids == sorted(set(ids)), "legal_plays' order is the numbering's order"
    assert [action_from_id(i, rules) for i in ids] == list(legal)
    mask = legal_mask(state)
    assert mask.dtype == np.int8
    assert mask.shape == (num_actions(rules),)
    assert np.flatnonzero(mask).tolist() == ids
    assert set(np.unique(mask).tolist()) <= {0, 1}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_mask_is_exactly_legal_plays_along_random_standard_matches(players: int) -> None:
    chooser = random.Random(players)
    rules = Rules(players=players)
    phases: Counter[Phase] = Counter()
    for seed in range(6):
        for state in random_states(rules, seed, chooser):
            assert_mask_is_legal_plays(state)
            phases[state.phase] += 1
    assert set(phases) == set(Phase), "every phase was met (R4.8 discards, R5.4 next round)"


def test_mask_is_exactly_legal_plays_with_discards_of_several_cards() -> None:
    # Dealt 9 with a limit of 7: the first turn ends with a discard of 3 (rules R3.7, R4.8).
    rules = Rules(players=3, hand_size=9, hand_limit=7, min_play=2, max_play=3, points_to_win=2)
    chooser = random.Random(3)
    sizes: Counter[int] = Counter()
    for seed in range(4):
        for state in random_states(rules, seed, chooser):
            assert_mask_is_legal_plays(state)
            if state.phase is Phase.DISCARD:
                sizes[len(legal_plays(state)[0].cards)] += 1  # type: ignore[union-attr]
    assert 3 in sizes and 1 in sizes


@settings(max_examples=12)
@given(rules=rules_variants(), seed=seeds, choices=st.randoms(use_true_random=False))
def test_mask_is_exactly_legal_plays_for_any_rules(
    rules: Rules, seed: int, choices: random.Random
) -> None:
    for state in random_states(rules, seed, choices, limit=150):
        assert_mask_is_legal_plays(state)


def test_numbering_is_deterministic_and_depends_only_on_the_rules() -> None:
    a = Rules(players=3)
    b = Rules(players=3, deck=tuple(reversed(a.deck)))
    assert a == b and a is not b
    for number in (0, 1234, 50_000, 75_394, 75_418):
        assert action_from_id(number, a) == action_from_id(number, b)
    assert num_actions(Rules(max_play=4)) < num_actions(Rules())


def test_actions_no_rules_allow_have_no_number() -> None:
    rules = Rules()
    with pytest.raises(ValueError, match=r"rule R1\.2"):
        action_id(Play(parse_cards("-1 -1")), rules)
    with pytest.raises(ValueError, match=r"rule R4\.2"):
        action_id(Play(parse_cards("+1 +2 +3 +4 +5 +6")), rules)
    with pytest.raises(ValueError, match=r"rule R4\.2"):
        action_id(Play(()), rules)
    with pytest.raises(ValueError, match=r"rule R4\.8"):
        action_id(Discard(parse_cards("+1 +2")), rules)
    with pytest.raises(ValueError, match="from 0 to 75418, got 75419"):
        action_from_id(75_419, rules)
    with pytest.raises(ValueError, match="got -1"):
        action_from_id(-1, rules)
    with pytest.raises(TypeError, match="number must be an int"):
        action_from_id(True, rules)
    with pytest.raises(TypeError, match="number must be an int"):
        action_from_id("3", rules)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rules must be a Rules"):
        num_actions("standard")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="action must be"):
        action_id("pass", rules)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="state must be a GameState"):
        legal_mask(rules)  # type: ignore[arg-type]
    assert action_from_id(np.int64(75_417), rules) == Pass()  # type: ignore[arg-type]


def test_the_core_imports_no_numpy() -> None:
    import subprocess
    import sys

    code = "import sys; import raise_the_sum, raise_the_sum.encoding; print('numpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_legal_ids_of_a_variant_with_millions_of_numbers_uses_memory_for_what_is_asked() -> None:
    """12.4 million numbered actions: the first legal_ids builds no table of them all."""
    import tracemalloc

    rules = Rules(players=2, hand_size=12, hand_limit=4, max_play=3)
    assert num_actions(rules) > 12_000_000
    state = new_game(rules, seed=3)
    tracemalloc.start()
    try:
        ids = legal_ids(state)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert ids == [action_id(action, rules) for action in legal_plays(state)]
    assert peak < 5_000_000  # bytes: the plays of one hand, not a table of 12 million
