"""Tournaments: seeded, seats rotated, the same for any number of processes."""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import attrs
import pytest

from raise_the_sum import Action, Pass, PlayerView, Rng, Rules, wire
from raise_the_sum.bots import Bot, CautiousBot, GreedyBot, RandomBot, SearchBot
from raise_the_sum.records import MatchRecord
from raise_the_sum.tournament import (
    MatchResult,
    fill_seats,
    match_seeds,
    play_match,
    run_tournament,
    wilson_interval,
)

FOUR: tuple[Bot, ...] = (GreedyBot(), RandomBot(), CautiousBot(), RandomBot())


def test_a_tournament_gives_the_same_result_with_one_and_two_jobs() -> None:
    one = run_tournament(FOUR, 16, seed=3, jobs=1)
    two = run_tournament(FOUR, 16, seed=3, jobs=2)
    assert one == two
    assert one.entrants == ("greedy", "random", "cautious", "random 2")


def test_a_tournament_with_a_search_bot_is_the_same_with_one_and_two_jobs() -> None:
    bots = (SearchBot(determinizations=2, candidates=3), GreedyBot())
    assert run_tournament(bots, 4, seed=9, jobs=1) == run_tournament(bots, 4, seed=9, jobs=2)


def test_a_different_seed_gives_different_matches() -> None:
    a = [play_match(FOUR, Rules(), seed=1, index=i) for i in range(4)]
    b = [play_match(FOUR, Rules(), seed=2, index=i) for i in range(4)]
    assert [r.seed for r in a] != [r.seed for r in b]


def test_each_match_depends_on_its_index_only_not_on_the_tournament_size() -> None:
    records = [play_match(FOUR, Rules(), seed=5, index=i) for i in range(8)]
    small = run_tournament(FOUR, 4, seed=5)
    large = run_tournament(FOUR, 8, seed=5)
    assert small.wins == tuple(sum(r.winner == e for r in records[:4]) for e in range(4))
    assert large.wins == tuple(sum(r.winner == e for r in records) for e in range(4))
    assert large.rounds == sum(r.rounds for r in records)
    assert large.actions == sum(r.actions for r in records)


def test_R3_4_seats_rotate_so_each_entrant_opens_in_turn() -> None:
    records = [play_match(FOUR, Rules(), seed=0, index=i) for i in range(4)]
    # Seat 0 opens (rule R3.4): the entrant there changes from one match to the next.
    assert [r.seats[0] for r in records] == [0, 3, 2, 1]
    for r in records:
        assert sorted(r.seats) == [0, 1, 2, 3]
        assert [r.seats[(e + r.index) % 4] for e in range(4)] == [0, 1, 2, 3]


def test_a_match_record_adds_up() -> None:
    record = play_match((GreedyBot(), RandomBot()), Rules(players=2), seed=4, index=1)
    assert record.points[record.winner] == 5
    assert record.rounds == sum(record.points)
    assert record.actions >= record.rounds
    assert record.seed == match_seeds(4, 1)[0]


def test_match_seeds_are_the_tournament_generators_outputs() -> None:
    root = Rng.from_seed(77)
    outputs = []
    rng = root
    for _ in range(6):
        x, rng = rng.next_u64()
        outputs.append(x)
    assert [match_seeds(77, i)[0] for i in range(3)] == outputs[0::2]
    assert [match_seeds(77, i)[1] for i in range(3)] == [Rng(x) for x in outputs[1::2]]


def test_wins_add_up_and_every_interval_contains_its_rate() -> None:
    result = run_tournament(FOUR, 24, seed=8)
    assert sum(result.wins) == result.matches == 24
    for i in range(4):
        low, high = result.interval(i)
        assert 0.0 <= low <= result.rate(i) <= high <= 1.0
    assert result.mean_rounds == result.rounds / 24
    assert result.mean_actions == result.actions / 24
    data = result.as_dict()
    assert data["matches"] == 24 and data["mean_rounds"] == result.mean_rounds


def test_greedy_beats_random_heads_up() -> None:
    result = run_tournament((GreedyBot(), RandomBot()), 60, seed=1)
    assert result.interval(0)[0] > 0.5, result


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        # Wilson (1927) intervals at 95%, as published in Newcombe (1998), table I.
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_wilson_interval_matches_published_values(
    successes: int, trials: int, low: float, high: float
) -> None:
    got = wilson_interval(successes, trials)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_interval_refuses_impossible_counts() -> None:
    with pytest.raises(ValueError, match="successes <= trials"):
        wilson_interval(5, 4)


@attrs.frozen
class Cheat:
    """A bot that passes even where it may not."""

    name: str = "cheat"

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
        return Pass(), rng


def test_a_bot_choosing_an_illegal_action_is_reported() -> None:
    with pytest.raises(ValueError, match=r"bot 'cheat' at seat 0 chose pass, which is not a legal"):
        run_tournament((Cheat(), GreedyBot()), 1)


def test_fewer_bots_than_seats_are_filled_by_the_last_as_the_command_line_does() -> None:
    one = run_tournament((GreedyBot(),), 2, seed=1)
    assert one.entrants == ("greedy", "greedy 2") and one.rules == Rules(players=2)
    three = run_tournament((CautiousBot(), GreedyBot()), 3, seed=1, rules=Rules(players=3))
    assert three == run_tournament(
        (CautiousBot(), GreedyBot(), GreedyBot()), 3, seed=1, rules=Rules(players=3)
    )
    assert three.entrants == ("cautious", "greedy", "greedy 2")
    assert fill_seats((CautiousBot(), GreedyBot()), 4) == (CautiousBot(), *[GreedyBot()] * 3)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match=r"bots: 2 to 4 bots, one per seat, got 5 \(rule R3.1\)"):
        run_tournament((GreedyBot(),) * 5, 1)
    with pytest.raises(ValueError, match="bots: 3 bots for 2 seats; name at most 2"):
        run_tournament((GreedyBot(),) * 3, 1, rules=Rules(players=2))
    with pytest.raises(ValueError, match="bots: name 1 to 4 bots"):
        run_tournament((), 1)
    with pytest.raises(ValueError, match=r"players: 2 to 4 players, got 5 \(rule R3.1\)"):
        fill_seats((GreedyBot(),), 5)
    with (
        pytest.raises(ValueError, match="give jobs or an executor, not both"),
        ThreadPoolExecutor(2) as pool,
    ):
        run_tournament(FOUR, 1, jobs=2, executor=pool)
    with pytest.raises(TypeError, match=r"executor must be a concurrent\.futures\.Executor"):
        run_tournament(FOUR, 1, executor="dask")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="matches must be an int >= 0"):
        run_tournament(FOUR, -1)
    with pytest.raises(ValueError, match="jobs must be an int >= 1"):
        run_tournament(FOUR, 1, jobs=0)


def test_progress_is_reported_as_matches_finish() -> None:
    seen: list[int] = []
    run_tournament(FOUR, 5, seed=1, progress=seen.append)
    assert seen == [1, 2, 3, 4, 5]
    seen.clear()
    run_tournament(FOUR, 5, seed=1, jobs=2, progress=seen.append)
    assert seen[-1] == 5 and seen == sorted(seen)


def test_match_results_are_plain_frozen_values() -> None:
    result = play_match(FOUR, Rules(), seed=0)
    assert isinstance(result, MatchResult)
    assert result == play_match(FOUR, Rules(), seed=0)
    assert result.record is None


def test_any_executor_gives_the_same_result_for_any_number_of_workers() -> None:
    alone = run_tournament(FOUR, 9, seed=4, records=True)
    for workers in (1, 3):
        with ThreadPoolExecutor(workers) as pool:
            assert run_tournament(FOUR, 9, seed=4, records=True, executor=pool) == alone
    with ProcessPoolExecutor(2) as pool:
        assert run_tournament(FOUR, 9, seed=4, records=True, executor=pool) == alone


def test_a_tournament_carries_its_rules_and_each_match_s_record_which_replays_it() -> None:
    rules = Rules(players=3, hand_size=5, points_to_win=2)
    result = run_tournament(
        (GreedyBot(), RandomBot(), CautiousBot()), 4, seed=2, rules=rules, records=True
    )
    assert result.rules == rules
    assert wire.decode(Rules, result.as_dict()["rules"]) == rules
    assert len(result.records) == 4 == len(result.matches_played)
    for played, record in zip(result.matches_played, result.records, strict=True):
        assert record.rules == rules and record.seed == played.seed
        assert len(record.actions) == played.actions
        final = record.replay()[-1]
        assert final.points == played.seat_points
        assert record.names == tuple(result.entrants[e] for e in played.seats)
        assert record.tags["Result"] == "-".join(map(str, final.points))
        assert MatchRecord.from_text(record.to_text()) == record
    plain = run_tournament((GreedyBot(), RandomBot(), CautiousBot()), 4, seed=2, rules=rules)
    assert plain.records == () and plain.wins == result.wins
