"""Section R3 of the rulebook: players, the seeded shuffle, the deal and the configuration."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, TypeVar

import pytest

from raise_the_sum import (
    STANDARD_DECK,
    Discard,
    Phase,
    Rng,
    Rules,
    new_game,
    observe,
    parse_cards,
)

from .helpers import (
    cards,
    discard,
    every_card,
    next_round,
    pass_,
    play,
    refused,
    stack,
    table,
    win_round_unopposed,
)

T = TypeVar("T")

_MASK = (1 << 64) - 1


def _splitmix64(seed: int, count: int) -> list[int]:
    """SplitMix64 written out from its published description, independently of ``Rng``."""
    state = seed % (1 << 64)
    out = []
    for _ in range(count):
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        out.append(z ^ (z >> 31))
    return out


def _documented_shuffle(seed: int, items: Sequence[T]) -> list[T]:
    """The shuffle as :mod:`raise_the_sum.rng` documents it: rejection sampling, Fisher-Yates."""
    state = seed % (1 << 64)
    out = list(items)

    def below(n: int) -> int:
        nonlocal state
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = state
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            if x < limit:
                return x % n

    for i in range(len(out) - 1, 0, -1):
        j = below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


# -- R3.1 Two to four players ------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R3_1_two_to_four_players_sit_in_seats_0_to_n_minus_1(players: int) -> None:
    state = new_game(Rules(players=players), seed=31)
    assert state.players == players
    assert len(state.hands) == len(state.points) == players
    assert state.active == tuple(range(players))


@pytest.mark.parametrize("players", [0, 1, 5, 6, -2])
def test_R3_1_a_player_count_outside_2_to_4_is_refused(players: int) -> None:
    with pytest.raises(
        ValueError, match=rf"^Rules\.players: 2 to 4 players, got {players} \(rule R3\.1\)$"
    ):
        Rules(players=players)


def test_R3_1_play_goes_clockwise_in_seat_order() -> None:
    state = table(
        [
            "+1 +1 +1 +1 +2 +2 +2",
            "+3 +3 +3 +3 +4 +4 +4",
            "+5 +5 +5 +5 +6 +6 +6",
            "+7 +7 +7 +7 +8 +8 +8",
        ],
        "+9 +9 +9 +9",
    )
    order = [state.current]
    state = play(state, "+1")
    while state.phase is Phase.PLAY or state.phase is Phase.DISCARD:
        order.append(state.current)
        state = pass_(state) if state.phase is Phase.PLAY else discard(state, "+9")
    assert order == [0, 1, 1, 2, 2, 3, 3]  # each passer discards its 8th card, then on
    assert state.phase is Phase.ROUND_OVER


# -- R3.2 A seeded shuffle -----------------------------------------------------------------


def test_R3_2_the_generator_is_splitmix64() -> None:
    # The published first outputs of SplitMix64 from seed 0.
    reference = [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F, 0xF88BB8A8724C81EC]
    assert _splitmix64(0, 4) == reference
    for seed in (0, 1, 2026, -7, 2**64 + 3):
        rng = Rng.from_seed(seed)
        outputs = []
        for _ in range(20):
            value, rng = rng.next_u64()
            outputs.append(value)
        assert outputs == _splitmix64(seed, 20)


@pytest.mark.parametrize("seed", [0, 1, 7, 2026, -1, 2**70 + 5])
def test_R3_2_a_seeded_game_deals_the_documented_fisher_yates_shuffle(seed: int) -> None:
    rules = Rules()
    order = _documented_shuffle(seed, rules.deck)
    shuffled, rng = Rng.from_seed(seed).shuffle(rules.deck)
    assert list(shuffled) == order
    state = new_game(rules, seed=seed)
    for s in range(4):
        dealt = sorted(order[s:28:4])
        if s == 0:
            dealt = sorted([*dealt, order[28]])
        assert list(state.hands[s]) == dealt
    assert list(state.deck) == order[29:]
    assert state.rng == rng  # the same generator goes on to the reshuffles


def test_R3_2_the_same_seed_gives_the_same_game() -> None:
    assert new_game(seed=99) == new_game(seed=99)
    assert new_game(Rules(players=3), seed=-4) == new_game(Rules(players=3), seed=-4)
    assert new_game(seed=99).hands != new_game(seed=100).hands


# -- R3.3 The deal --------------------------------------------------------------------------


def test_R3_3_cards_are_dealt_one_at_a_time_seat_0_first() -> None:
    rules = Rules(
        players=2,
        hand_size=3,
        hand_limit=3,
        max_play=1,
        deck=parse_cards("+1 +2 +3 +4 +5 +6 +7 +8"),
    )
    state = new_game(rules, seed=0, deck=parse_cards("+1 +2 +3 +4 +5 +6 +7 +8"))
    assert state.hands == (cards("+1 +3 +5 +7"), cards("+2 +4 +6"))  # +7: seat 0's draw
    assert state.deck == parse_cards("+8")


def test_R3_3_three_seats_are_dealt_round_after_round() -> None:
    rules = Rules(
        players=3,
        hand_size=2,
        hand_limit=2,
        max_play=1,
        deck=parse_cards("+1 +2 +3 +4 +5 +6 +7 +8"),
    )
    state = new_game(rules, seed=0, deck=parse_cards("+8 +7 +6 +5 +4 +3 +2 +1"))
    assert state.hands == (cards("+8 +5 +2"), cards("+7 +4"), cards("+6 +3"))
    assert state.deck == parse_cards("+1")


def test_R3_3_each_seat_is_dealt_the_hand_size() -> None:
    for hand_size in (1, 4, 7, 9):
        state = new_game(Rules(players=3, hand_size=hand_size), seed=hand_size)
        assert [len(h) for h in state.hands] == [hand_size + 1, hand_size, hand_size]
        assert len(state.deck) == 62 - 3 * hand_size - 1


# -- R3.4 Who opens the match ------------------------------------------------------------------


def test_R3_4_seat_0_opens_the_first_round_by_default() -> None:
    state = new_game(seed=34)
    assert Rules().first_player == 0
    assert state.current == 0 and state.opening
    assert [len(h) for h in state.hands] == [8, 7, 7, 7]


def test_R3_4_another_first_player_opens_and_draws_but_the_deal_still_starts_at_seat_0() -> None:
    rules = Rules(
        players=3,
        hand_size=2,
        hand_limit=2,
        max_play=1,
        first_player=2,
        deck=parse_cards("+1 +2 +3 +4 +5 +6 +7 +8"),
    )
    state = new_game(rules, seed=0, deck=parse_cards("+1 +2 +3 +4 +5 +6 +7 +8"))
    assert state.current == 2 and state.opening
    assert state.hands == (cards("+1 +4"), cards("+2 +5"), cards("+3 +6 +7"))
    after = play(state, "+7")
    assert after.current == 0  # clockwise from seat 2 wraps to seat 0


# -- R3.5 First to five points ----------------------------------------------------------------


def test_R3_5_the_first_player_to_five_points_wins_the_match() -> None:
    assert Rules().points_to_win == 5
    state = new_game(Rules(players=2), seed=5)
    for round_number in range(1, 5):
        state = win_round_unopposed(state)
        assert state.phase is Phase.ROUND_OVER
        assert state.points == (round_number, 0)
        state = next_round(state)
    state = win_round_unopposed(state)
    assert state.phase is Phase.MATCH_OVER
    assert state.points == (5, 0)


@pytest.mark.parametrize("points", [1, 2, 3])
def test_R3_5_the_points_to_win_are_configurable(points: int) -> None:
    state = new_game(Rules(players=3, points_to_win=points), seed=points)
    for _ in range(points - 1):
        state = next_round(win_round_unopposed(state))
    state = win_round_unopposed(state)
    assert state.phase is Phase.MATCH_OVER
    assert state.points == (points, 0, 0)


# -- R3.6 The deck must be large enough ----------------------------------------------------------


def test_R3_6_the_smallest_deck_is_every_hand_full_the_largest_play_and_one_card() -> None:
    assert Rules().min_deck_size == 4 * 7 + 5 + 1 == 34
    assert Rules(players=2, hand_size=9, hand_limit=7).min_deck_size == 2 * 9 + 5 + 1
    assert Rules(players=2, hand_size=3, hand_limit=8, max_play=2).min_deck_size == 2 * 8 + 2 + 1
    Rules(deck=STANDARD_DECK[:34])  # exactly enough: accepted


def test_R3_6_a_deck_too_small_is_refused_naming_the_rule_and_the_sizes() -> None:
    with pytest.raises(ValueError) as caught:
        Rules(deck=STANDARD_DECK[:33])
    assert str(caught.value) == (
        "Rules.deck: 4 players holding up to 7 cards and a play of up to 5 need a deck "
        "of at least 34 cards, got 33 (rule R3.6)"
    )
    with pytest.raises(
        ValueError,
        match=r"^Rules\.deck: 2 players holding up to 8 cards .* "
        r"at least 19 cards, got 18 \(rule R3\.6\)$",
    ):
        Rules(players=2, hand_size=3, hand_limit=8, max_play=2, deck=STANDARD_DECK[:18])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R3_6_with_the_smallest_deck_every_deal_and_draw_finds_a_card(players: int) -> None:
    rules = Rules(players=players)
    rules = Rules(players=players, deck=STANDARD_DECK[: rules.min_deck_size])
    state = new_game(rules, seed=players)
    for _ in range(3 * 5):  # more rounds than the deck has cards for
        if state.phase is Phase.MATCH_OVER:
            break
        state = win_round_unopposed(state)
        assert every_card(state) == Counter(rules.deck)
        if state.phase is Phase.ROUND_OVER:
            state = next_round(state)
    assert state.phase is Phase.MATCH_OVER


# -- R3.7 The ranges of a configuration ----------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("hand_size", 0, "Rules.hand_size: each seat is dealt at least 1 card, got 0 (rule R3.7)"),
        ("hand_limit", 0, "Rules.hand_limit: the hand limit is at least 1, got 0 (rule R3.7)"),
        ("min_play", 0, "Rules.min_play: a play has at least 1 card, got 0 (rule R3.7)"),
        (
            "max_play",
            0,
            "Rules.max_play: the most cards in a play must be at least min_play (1), got 0"
            " (rule R3.7)",
        ),
        (
            "points_to_win",
            0,
            "Rules.points_to_win: the match needs at least 1 point, got 0 (rule R3.7)",
        ),
        ("first_player", 4, "Rules.first_player: a seat from 0 to 3, got 4 (rule R3.7)"),
        ("first_player", -1, "Rules.first_player: a seat from 0 to 3, got -1 (rule R3.7)"),
    ],
)
def test_R3_7_a_value_out_of_range_is_refused_naming_the_field(
    field: str, value: int, message: str
) -> None:
    config: dict[str, Any] = {field: value}
    with pytest.raises(ValueError) as caught:
        Rules(**config)
    assert str(caught.value) == message


def test_R3_7_the_least_play_may_not_exceed_the_most() -> None:
    with pytest.raises(
        ValueError, match=r"^Rules\.max_play: .*min_play \(3\), got 2 \(rule R3\.7\)$"
    ):
        Rules(min_play=3, max_play=2)
    assert Rules(min_play=3, max_play=3).min_play == 3
    with pytest.raises(ValueError, match=r"^Rules\.first_player: a seat from 0 to 1, got 2"):
        Rules(players=2, first_player=2)


def test_R3_7_the_edges_of_the_ranges_are_accepted() -> None:
    rules = Rules(
        players=2,
        hand_size=1,
        hand_limit=1,
        min_play=1,
        max_play=1,
        points_to_win=1,
        first_player=1,
    )
    state = new_game(rules, seed=1)
    assert state.current == 1
    assert [len(h) for h in state.hands] == [1, 2]


def test_R3_7_a_hand_size_above_the_limit_is_discarded_at_the_end_of_the_first_turn() -> None:
    rules = Rules(players=2, hand_size=9, hand_limit=7)
    state = table(
        ["+1 +1 +1 +1 +2 +2 +2 +2 +3", "+4 +4 +4 +4 +5 +5 +5 +5 +6"], "+9 +8", rules=rules
    )
    assert [len(h) for h in state.hands] == [10, 9]
    state = play(state, "+3")
    assert state.phase is Phase.DISCARD and state.current == 0
    refused(state, Discard(parse_cards("+1")), "R4.8")
    state = discard(state, "+1 +1")
    assert state.hands[0] == cards("+1 +1 +2 +2 +2 +2 +9")
    assert state.current == 1 and len(state.hands[1]) == 10
    state = play(state, "+8")
    assert state.phase is Phase.DISCARD
    state = discard(state, "+4 +4")
    assert [len(h) for h in state.hands] == [8, 7]  # seat 0 has drawn its next turn's card


# -- R3.8 The seed ------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, -1, -(2**80), 2**64, 2**64 - 1, 10**40])
def test_R3_8_the_seed_is_any_integer_and_the_state_records_it(seed: int) -> None:
    state = new_game(seed=seed)
    assert state.seed == seed
    assert new_game(seed=state.seed) == state


def test_R3_8_the_generator_takes_the_seed_modulo_2_to_the_64() -> None:
    assert new_game(seed=-1).hands == new_game(seed=2**64 - 1).hands
    assert new_game(seed=5).hands == new_game(seed=5 + 2**64).hands
    assert new_game(seed=-1).seed == -1  # the seed given is the one recorded


def test_R3_8_a_game_without_a_seed_records_the_seed_it_picked_so_it_can_be_replayed() -> None:
    state = new_game()
    assert type(state.seed) is int
    assert new_game(seed=state.seed) == state


@pytest.mark.parametrize("seed", [1.0, "7", True, b"1"])
def test_R3_8_a_seed_that_is_not_an_int_is_refused(seed: object) -> None:
    with pytest.raises(TypeError, match=r"^seed must be an int or None, got "):
        new_game(seed=seed)  # type: ignore[arg-type]


def test_R3_8_with_a_stacked_deck_the_seed_drives_only_the_reshuffles() -> None:
    rules = Rules(players=3)
    deck = stack(rules, ["+1 +1 +1 +1 +2 +2 +2", "+3 +3 +3 +3 +4 +4 +4", "+5 +5 +5 +5 +6 +6 +6"])
    one = new_game(rules, seed=1, deck=deck)
    two = new_game(rules, seed=2, deck=deck)
    assert (one.hands, one.deck) == (two.hands, two.deck)
    assert one.rng == Rng.from_seed(1) and two.rng == Rng.from_seed(2)
    assert one != two


def test_R3_8_the_seed_and_the_generator_are_hidden_from_every_view() -> None:
    rules = Rules(players=3)
    deck = stack(rules, ["+1 +1 +1 +1 +2 +2 +2", "+3 +3 +3 +3 +4 +4 +4", "+5 +5 +5 +5 +6 +6 +6"])
    one = new_game(rules, seed=12345, deck=deck)
    two = new_game(rules, seed=-(2**90), deck=deck)
    for seat in range(3):
        assert observe(one, seat) == observe(two, seat)
