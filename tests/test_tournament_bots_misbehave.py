"""Bots that break their contract in a tournament: they raise, return the wrong shape, hang, or
keep state; each is reported or handled as the tournament's documentation says."""

from __future__ import annotations

import contextlib
import pickle
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import attrs
import pytest

from raise_the_sum import (
    Action,
    IllegalAction,
    Phase,
    Play,
    PlayerView,
    RaiseTheSumError,
    Rng,
    Rules,
    legal_plays,
    new_game,
    observe,
)
from raise_the_sum.bots import GreedyBot, RandomBot
from raise_the_sum.driver import BotError, Table, bot_step
from raise_the_sum.position import from_position
from raise_the_sum.tournament import (
    FALLBACK,
    MatchResult,
    TournamentInterrupted,
    play_match,
    run_tournament,
)

TWO = Rules(players=2)


@attrs.frozen
class Crashing:
    """Raises on its third decision of a match (its hand no longer full)."""

    name: str = "crashing"

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
        if len(view.hand) < TWO.hand_size:
            return broken_helper(view)
        return legal[0], rng


def broken_helper(view: PlayerView) -> tuple[Action, Rng]:
    table: dict[str, tuple[Action, Rng]] = {}
    return table["no such key"]


@attrs.frozen
class Shaped:
    """Returns ``shape(action, rng)`` instead of ``(action, rng)``."""

    kind: str
    name: str = "shaped"

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Rng) -> Any:
        action = legal[0]
        return {
            "bare": action,
            "none": None,
            "no rng": (action, None),
            "list": [action, rng],
            "three": (action, rng, rng),
        }[self.kind]


@attrs.define
class Sleeper:
    """Sleeps for good on its second decision of each match (a fresh copy per match)."""

    name: str = "sleeper"
    decisions: int = 0

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
        self.decisions += 1
        if self.decisions == 2:
            time.sleep(3600)
        return legal[0], rng


@attrs.define
class Spinner:
    """Spins in a Python loop that catches everything, on its second decision of each match."""

    name: str = "spinner"
    decisions: int = 0

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
        self.decisions += 1
        while self.decisions == 2:
            with contextlib.suppress(BaseException):  # it even swallows KeyboardInterrupt
                time.sleep(0.01)
        return legal[0], rng


@attrs.define
class Counter:
    """Keeps state on itself: plays its n-th legal play on its n-th decision of the match."""

    name: str = "counter"
    decisions: int = 0

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
        self.decisions += 1
        return legal[self.decisions % len(legal)], rng


class ClassCounter:
    """Keeps state in its class, which a copy per match does not reset."""

    name = "class counter"
    seen = 0

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
        ClassCounter.seen += 1
        return legal[0], rng


def test_a_bot_that_raises_is_reported_with_match_seeds_seat_and_its_own_traceback() -> None:
    with pytest.raises(BotError) as caught:
        run_tournament([GreedyBot(), Crashing()], 3, seed=11)
    error = caught.value
    assert (error.bot, error.kind, error.seed) == ("crashing", "raised", 11)
    assert (
        error.match == 1
        and error.game_seed == play_match([GreedyBot(), GreedyBot()], TWO, 11, 0).seed
    )
    assert error.seat == 1  # entrant 1 sits at seat 1 in match 1
    assert str(error).startswith("bot 'crashing' at seat 1 raised KeyError: 'no such key' (match 1")
    assert error.bot_traceback is not None
    assert "in broken_helper" in error.bot_traceback and "KeyError" in error.bot_traceback
    assert "driver.py" not in error.bot_traceback  # the bot's own frames only
    # The position the bot saw, in its seat's form: it reads back as that seat's position.
    assert error.position is not None and f"; position: {error.position}" in str(error)
    seen = from_position(error.position)
    assert seen.seat == 1 and len(seen.hands[1]) > 0


def test_a_bot_error_pickles_whole_so_it_comes_back_from_a_worker_as_raised() -> None:
    error = BotError("x", 2, "raised", "raised E: e", bot_traceback="tb").at(
        match=4, seed=1, game_seed=2, position="P"
    )
    back = pickle.loads(pickle.dumps(error))
    assert (str(back), back.bot_traceback, back.match, back.position) == (str(error), "tb", 4, "P")


def test_a_bot_that_raises_is_reported_the_same_from_worker_processes() -> None:
    with pytest.raises(BotError, match=r"bot 'crashing' at seat \d raised KeyError") as caught:
        run_tournament([GreedyBot(), Crashing()], 4, seed=11, jobs=2)
    assert caught.value.bot_traceback and "broken_helper" in caught.value.bot_traceback


@pytest.mark.parametrize(
    ("kind", "shown"),
    [
        ("bare", "returned play "),
        ("none", "returned None;"),
        ("no rng", ", None);"),
        ("list", "returned [Play("),
        ("three", "returned (play "),
    ],
)
def test_a_bot_returning_the_wrong_shape_gets_the_contract_named(kind: str, shown: str) -> None:
    table = Table.start(new_game(TWO, seed=0), [Shaped(kind), GreedyBot()], Rng.from_seed(0))
    with pytest.raises(BotError, match=r"must return a tuple \(action, rng\)") as caught:
        bot_step(table)
    assert caught.value.kind == "shape" and shown in str(caught.value), str(caught.value)
    with pytest.raises(BotError, match=r"choose\(view, legal, rng\) must return a tuple"):
        run_tournament([Shaped(kind), GreedyBot()], 1)


def test_a_bot_choosing_an_illegal_action_is_still_a_value_error() -> None:
    @attrs.frozen
    class Foreign:
        name: str = "foreign"

        def choose(self, view: PlayerView, legal: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
            return Play(new_game(seed=99).hands[1][:1]), rng

    table = Table.start(new_game(TWO, seed=0), [Foreign(), GreedyBot()], Rng.from_seed(0))
    with pytest.raises(ValueError, match="which is not a legal action") as caught:
        bot_step(table)
    assert isinstance(caught.value, BotError) and caught.value.kind == "illegal"
    assert isinstance(caught.value, RaiseTheSumError)
    cause = caught.value.__cause__
    assert isinstance(cause, IllegalAction) and caught.value.rule == cause.rule is not None


@pytest.mark.parametrize("bot", [Sleeper(), Spinner()], ids=["sleep", "python loop"])
def test_a_bot_that_hangs_is_stopped_at_the_time_limit_and_the_fallback_plays_its_seat(
    bot: Sleeper | Spinner,
) -> None:
    begun = time.monotonic()
    result = run_tournament([bot, RandomBot()], 2, seed=5, move_seconds=0.5, records=True)
    spent = time.monotonic() - begun
    assert result.matches == 2 and sum(result.wins) == 2
    assert result.out_of_time == (2, 0)
    assert [m.out_of_time for m in result.matches_played] == [(0,), (0,)]
    assert spent < 30, spent  # two stops of 0.5 s and a process start: not an hour
    # From its second decision on, the seat is the fallback's: the greedy bot's choices.
    checked = 0
    for played, record in zip(result.matches_played, result.records, strict=True):
        seat = played.seats.index(0)
        states = record.replay()
        turns = [i for i, state in enumerate(states[:-1]) if state.current == seat]
        for i in turns[1:]:
            state = states[i]
            if state.phase in (Phase.PLAY, Phase.DISCARD):
                legal = legal_plays(state)
                assert record.actions[i] == FALLBACK.choose(observe(state, seat), legal, Rng(0))[0]
                checked += 1
    assert checked > 4
    assert bot.decisions == 0  # each match had a copy: the bot given is untouched


def test_without_a_time_limit_a_bot_of_your_own_plays_in_this_process() -> None:
    result = run_tournament([Counter(), RandomBot()], 3, seed=2)
    assert result.out_of_time == (0, 0)
    assert run_tournament([Counter(), RandomBot()], 3, seed=2, move_seconds=30) == result


def test_a_bot_keeping_state_on_itself_gets_a_fresh_copy_per_match_so_every_executor_agrees() -> (
    None
):
    given = Counter()
    alone = run_tournament([given, RandomBot()], 8, seed=3)
    assert given.decisions == 0  # the bot given is never the one that plays
    assert run_tournament([given, RandomBot()], 8, seed=3, jobs=2) == alone
    with ThreadPoolExecutor(3) as pool:
        assert run_tournament([given, RandomBot()], 8, seed=3, executor=pool) == alone
    # Each match alone is the same as in the tournament: nothing carries over.
    assert play_match([Counter(), RandomBot()], TWO, 3, 5) == alone.matches_played[5]
    assert play_match([given, RandomBot()], TWO, 3, 5, fresh=True) == alone.matches_played[5]
    assert given.decisions == 0


def test_play_match_plays_the_bots_given_unless_told_to_copy_them() -> None:
    # A bot that records its decisions for a measurement keeps them (benchmarks/yardstick.py).
    kept = Counter()
    played = play_match([kept, RandomBot()], TWO, 3, 0)
    assert kept.decisions > 0 and played == play_match([Counter(), RandomBot()], TWO, 3, 0)


def test_state_kept_outside_the_bot_is_not_reset_by_the_copy_per_match() -> None:
    # The documented limit of the contract: a class's (or module's) state lives on in the
    # process from one match to the next, so only a bot pure between matches gives the
    # same results on every executor.
    ClassCounter.seen = 0
    run_tournament([ClassCounter(), RandomBot()], 1, seed=1)
    after_one = ClassCounter.seen
    run_tournament([ClassCounter(), RandomBot()], 1, seed=1)
    assert after_one > 0 and ClassCounter.seen == 2 * after_one  # counted on, not reset


def test_a_time_limit_must_be_a_positive_number_of_seconds() -> None:
    for bad in (0, -1, float("inf"), float("nan"), True, "1"):
        with pytest.raises(ValueError, match="move_seconds must be a number of seconds > 0"):
            run_tournament([GreedyBot()], 1, move_seconds=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_raises_tournament_interrupted_with_the_matches_that_finished(jobs: int) -> None:
    seen: list[int] = []

    def stop_after_three(result: MatchResult) -> None:
        seen.append(result.index)
        if len(seen) == 3:
            raise KeyboardInterrupt

    with pytest.raises(TournamentInterrupted) as caught:
        run_tournament([GreedyBot(), RandomBot()], 40, seed=4, jobs=jobs, on_match=stop_after_three)
    stopped = caught.value
    assert isinstance(stopped, KeyboardInterrupt) and stopped.planned == 40
    result = stopped.result
    assert result.stopped and result.matches == 3 == sum(result.wins)
    assert [m.index for m in result.matches_played] == sorted(seen)
    whole = run_tournament([GreedyBot(), RandomBot()], 40, seed=4)
    assert all(m == whole.matches_played[m.index] for m in result.matches_played)
    assert result.as_dict()["stopped"] is True and not whole.stopped
