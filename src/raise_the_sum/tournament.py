"""Tournaments: many seeded matches between bots, seats rotated, with win rates.

:func:`run_tournament` plays ``matches`` matches between a list of bots,
one per seat; with fewer bots than seats, the last one fills the rest
(:func:`fill_seats`, the rule that ``raise-the-sum simulate`` follows too).
Match ``i`` seats entrant ``j`` at seat ``(j + i) mod n``, so that every
entrant opens in turn (rule R3.4 gives seat 0 the first opening). Each
match is played by the match driver (:mod:`raise_the_sum.driver`), its
seeds drawn from the tournament seed and the match's index alone
(:func:`match_seeds`), and the results are gathered in index order, so a
tournament gives the same result on any :class:`concurrent.futures.Executor`
(worker processes, a Dask cluster through ``Client.get_executor()``) and
for any number of workers.

>>> from raise_the_sum.bots import GreedyBot, RandomBot
>>> result = run_tournament([GreedyBot(), RandomBot()], 20, seed=1)
>>> result.matches, sum(result.wins), result.rules == Rules(players=2)
(20, 20, True)
>>> result == run_tournament([GreedyBot(), RandomBot()], 20, seed=1, jobs=2)
True
>>> low, high = result.interval(0)
>>> low <= result.rate(0) <= high
True

With ``records=True`` the result also holds every match's
:class:`~raise_the_sum.MatchRecord`, which replays it exactly:

>>> result = run_tournament([GreedyBot(), RandomBot()], 2, seed=1, records=True)
>>> record = result.records[1]
>>> record.names, record.replay()[-1].points == result.matches_played[1].seat_points
(('random', 'greedy'), True)
"""

from __future__ import annotations

import copy
import math
import os
import pickle
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from typing import Final

import attrs

from raise_the_sum import _bothost, _validate, wire
from raise_the_sum import records as _records
from raise_the_sum.bots.base import Bot
from raise_the_sum.bots.greedy import GreedyBot
from raise_the_sum.driver import MAX_ACTIONS, BotError, Move, NextRoundBy, Table, run_bots
from raise_the_sum.engine import new_game
from raise_the_sum.position import to_position
from raise_the_sum.rng import Rng
from raise_the_sum.rules import Rules

__all__ = [
    "FALLBACK",
    "MAX_ACTIONS",
    "BotError",
    "MatchResult",
    "TournamentInterrupted",
    "TournamentResult",
    "fill_seats",
    "match_seeds",
    "play_match",
    "run_tournament",
    "wilson_interval",
]

#: The normal quantile of a two-sided 95% interval.
Z95: Final = 1.959963984540054

#: The bot that plays a seat to the end of a match once the seat's own bot has run out of
#: time (``move_seconds``): the greedy bot, which decides in microseconds.
FALLBACK: Final[Bot] = GreedyBot()


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a rate of ``successes`` in ``trials`` (95% by default).

    Unlike the normal approximation it stays within ``[0, 1]`` and behaves
    at rates near 0 and 1:

    >>> low, high = wilson_interval(50, 100)
    >>> round(low, 4), round(high, 4)
    (0.4038, 0.5962)
    >>> wilson_interval(0, 10)[0]
    0.0
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(
            f"wilson_interval: need 0 <= successes <= trials, got {successes}, {trials}"
        )
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def match_seeds(seed: int, index: int) -> tuple[int, Rng]:
    """The seeds of match ``index`` of a tournament seeded ``seed``.

    The game's seed is output ``2 * index`` of ``Rng.from_seed(seed)``, and
    the bots' generators come from output ``2 * index + 1``: each match is
    independent of how many matches come before it or which process plays it.

    >>> game_seed, bots_rng = match_seeds(0, 0)
    >>> game_seed == Rng.from_seed(0).next_u64()[0]
    True
    """
    if _validate.whole(index, "match index") < 0:
        raise ValueError(f"match index must be an int >= 0, got {index!r}")
    root = Rng.from_seed(seed)
    game_seed, _ = root.skip(2 * index).next_u64()
    bots_seed, _ = root.skip(2 * index + 1).next_u64()
    return game_seed, Rng(bots_seed)


def fill_seats(bots: Sequence[Bot], players: int | None = None) -> tuple[Bot, ...]:
    """One bot per seat: ``bots`` in seat order, the last one repeated to fill ``players`` seats.

    ``players`` defaults to one seat per bot, and at least 2. This is the one
    rule by which both :func:`run_tournament` and ``raise-the-sum simulate``
    fill a table. Raises :class:`ValueError` whose message starts with the
    argument at fault (``bots:`` or ``players:``).

    >>> from raise_the_sum.bots import make_bot
    >>> [bot.name for bot in fill_seats([make_bot("search"), make_bot("greedy")], 4)]
    ['search', 'greedy', 'greedy', 'greedy']
    >>> [bot.name for bot in fill_seats([make_bot("greedy")])]
    ['greedy', 'greedy']
    >>> fill_seats([make_bot("greedy")] * 3, 2)
    Traceback (most recent call last):
    ...
    ValueError: bots: 3 bots for 2 seats; name at most 2
    """
    bots = tuple(bots)
    if not bots:
        raise ValueError("bots: name 1 to 4 bots; the last one fills the empty seats")
    if len(bots) > 4:
        raise ValueError(f"bots: 2 to 4 bots, one per seat, got {len(bots)} (rule R3.1)")
    if players is None:
        players = max(len(bots), 2)
    if not 2 <= _validate.whole(players, "players") <= 4:
        raise ValueError(f"players: 2 to 4 players, got {players!r} (rule R3.1)")
    if len(bots) > players:
        raise ValueError(f"bots: {len(bots)} bots for {players} seats; name at most {players}")
    return (*bots, *[bots[-1]] * (players - len(bots)))


@attrs.frozen
class MatchResult:
    """The outcome of one match, by entrant (the bots' positions in the tournament's list)."""

    #: The match's index in its tournament.
    index: int
    #: The seed the game was dealt with.
    seed: int
    #: ``seats[s]`` is the entrant at seat ``s``.
    seats: tuple[int, ...]
    #: The entrant who won the match.
    winner: int
    #: Each entrant's points at the end.
    points: tuple[int, ...]
    #: Rounds played (every round ends with a point).
    rounds: int
    #: Actions applied: plays, passes, discards and the ``NextRound`` between rounds.
    actions: int
    #: The match's record, when the tournament keeps them (``records=True``), else None.
    record: _records.MatchRecord | None = None
    #: The entrants whose bot ran out of time in this match, in that order: the
    #: :data:`FALLBACK` played their seat to the end (empty without a time limit).
    out_of_time: tuple[int, ...] = ()

    @property
    def number(self) -> int:
        """The match's number as people count, from 1: ``index + 1`` (``match-0001.txt``)."""
        return self.index + 1

    @property
    def seat_points(self) -> tuple[int, ...]:
        """Each seat's points at the end, in seat order."""
        return tuple(self.points[entrant] for entrant in self.seats)


def _tag(name: str) -> str:
    """A bot's name made fit for a seat's tag: the notation's marks and control characters out."""
    cleaned = "".join("_" if ch in '{};:"' or not ch.isprintable() else ch for ch in name).strip()
    return cleaned or "bot"


def _library_bot(bot: Bot) -> bool:
    """True for the library's own bots: frozen values whose work per decision their settings fix."""
    return type(bot).__module__.startswith("raise_the_sum.")


def _fresh(bot: Bot) -> Bot:
    """The bot for one seat of a new match: a fresh copy of a bot of your own.

    The library's bots are frozen values, shared as they are.
    """
    if _library_bot(bot):
        return bot
    try:
        return copy.deepcopy(bot)
    except Exception as error:
        raise ValueError(
            f"bot {bot.name!r}: cannot be copied for a new match "
            f"({type(error).__name__}: {error}); each match gets a fresh copy.deepcopy of a bot"
        ) from None


def _supervised(seated: list[Bot], seconds: float) -> list[Bot]:
    """The seats' bots with every bot of your own moved to a process that can be stopped."""
    ours = {seat: bot for seat, bot in enumerate(seated) if not _library_bot(bot)}
    if not ours:
        return seated
    packed: dict[int, bytes] = {}
    for seat, bot in ours.items():
        try:
            packed[seat] = pickle.dumps(bot)
        except Exception as error:
            raise ValueError(
                f"bot {bot.name!r}: cannot be sent to a process of its own for the time limit "
                f"({type(error).__name__}: {error}); make it picklable, or play without a "
                "time limit (move_seconds=None; --move-seconds 0 on the command line)"
            ) from None
    names = {seat: bot.name for seat, bot in ours.items()}
    _bothost.host()  # started here, so that a failure to start is not taken for the bot's
    return [
        _bothost.Remote(bot.name, seat, seconds, packed, names) if seat in ours else bot  # type: ignore[misc]
        for seat, bot in enumerate(seated)
    ]


def play_match(
    bots: Sequence[Bot],
    rules: Rules,
    seed: int,
    index: int = 0,
    *,
    record: bool = False,
    move_seconds: float | None = None,
    fallback: Bot = FALLBACK,
    fresh: bool = False,
) -> MatchResult:
    """Play match ``index`` of a tournament seeded ``seed``, entrant ``j`` at seat
    ``(j + index) % n``.

    The match is driven by :func:`raise_the_sum.driver.run_bots`, every seat a
    bot and the driver sending ``NextRound()`` between rounds. Each seat's bot
    gets its own generator, split in seat order from the match's bots
    generator (:func:`match_seeds`). With ``fresh``, as :func:`run_tournament`
    plays every match, each seat gets its own fresh copy of a bot of your own
    (``copy.deepcopy``; the library's bots are frozen and shared), so that what
    a bot keeps on itself lasts one match at one seat; without it, the bots
    given play (a bot that records its decisions, for a measurement, keeps
    them). With ``record``, the result holds the match's
    :class:`~raise_the_sum.MatchRecord`, its seats named by the entrants'
    labels.

    With ``move_seconds``, every bot of your own decides in a process of its
    own, stopped when a decision takes longer; the ``fallback`` bot then plays
    that seat to the end of the match, and the result names the entrant in
    :attr:`MatchResult.out_of_time`. The library's bots play in this process:
    their work per decision is fixed by their settings.

    Raises :class:`~raise_the_sum.driver.BotError` (a :class:`ValueError`)
    when a bot raises, returns the wrong shape or chooses an illegal action,
    naming the match's number (``index + 1``) and seeds, and
    :class:`RuntimeError` past :data:`~raise_the_sum.driver.MAX_ACTIONS`
    actions.

    >>> from raise_the_sum.bots import GreedyBot, RandomBot
    >>> result = play_match([GreedyBot(), RandomBot()], Rules(players=2), seed=3)
    >>> result.points[result.winner], result.rounds == sum(result.points)
    (5, True)
    """
    players = rules.players
    if len(bots) != players:
        raise ValueError(f"bots: {players} seats need {players} bots, got {len(bots)}")
    game_seed, stream = match_seeds(seed, index)
    seats = tuple((s - index) % players for s in range(players))
    seated = [_fresh(bots[entrant]) if fresh else bots[entrant] for entrant in seats]
    if move_seconds is not None:
        seated = _supervised(seated, move_seconds)
    table = Table.start(
        new_game(rules, seed=game_seed), seated, stream, next_round=NextRoundBy.DRIVER
    )
    moves: list[Move] = []
    out_of_time: list[int] = []
    now = [table]

    def keep(after: Table, move: Move) -> None:
        now[0] = after
        moves.append(move)

    while True:
        try:
            run_bots(now[0], hook=keep, max_actions=MAX_ACTIONS - len(moves))
            break
        except BotError as error:
            at = now[0]
            if error.kind != "time":  # reported with the position the bot saw, in its form
                position = to_position(at.state, seat=error.seat)
                raise error.at(
                    match=index + 1, seed=seed, game_seed=game_seed, position=position
                ) from error
            out_of_time.append(seats[error.seat])
            bots_now = list(at.bots)
            bots_now[error.seat] = fallback
            now[0] = Table(at.state, bots_now, at.rngs, at.next_round)
        except RuntimeError:
            raise RuntimeError(
                f"match {index + 1} (tournament seed {seed}) ran past {MAX_ACTIONS} actions"
            ) from None
    state = now[0].state
    points = [0] * players
    for seat, entrant in enumerate(seats):
        points[entrant] = state.points[seat]
    kept = None
    if record:
        labels = _labels(bots)
        kept = _records.MatchRecord(
            rules=rules,
            seed=game_seed,
            actions=tuple(move.action for move in moves),
            tags={
                "Event": f"raise-the-sum tournament, seed {seed}",
                **{_records.seat_tag(s): _tag(labels[entrant]) for s, entrant in enumerate(seats)},
                "Result": "-".join(str(p) for p in state.points),
                "Match": str(index + 1),
            },
        )
    return MatchResult(
        index=index,
        seed=game_seed,
        seats=seats,
        winner=seats[state.current],
        points=tuple(points),
        rounds=sum(state.points),
        actions=len(moves),
        record=kept,
        out_of_time=tuple(out_of_time),
    )


@attrs.frozen
class TournamentResult:
    """The result of :func:`run_tournament`: wins per entrant, the matches' lengths, the rules.

    :attr:`matches_played` holds every match's :class:`MatchResult`, in
    index order, each with its record when the tournament keeps them
    (``records=True``).
    """

    #: The entrants' names, in the order given; repeats numbered (``greedy``, ``greedy 2``).
    entrants: tuple[str, ...]
    #: Matches played.
    matches: int
    #: The tournament's seed.
    seed: int
    #: Matches won by each entrant.
    wins: tuple[int, ...]
    #: Rounds played over all matches.
    rounds: int
    #: Actions applied over all matches.
    actions: int
    #: The rules every match was played under.
    rules: Rules = attrs.field(factory=Rules)
    #: Every match's result, in index order, with its record when kept (``records=True``).
    matches_played: tuple[MatchResult, ...] = ()
    #: True when the tournament was stopped (Ctrl-C) before its last match: :attr:`matches`
    #: counts the matches that finished, and :attr:`matches_played` holds them.
    stopped: bool = False

    @property
    def records(self) -> tuple[_records.MatchRecord, ...]:
        """Every match's :class:`~raise_the_sum.MatchRecord`, in index order, when kept."""
        return tuple(m.record for m in self.matches_played if m.record is not None)

    @property
    def out_of_time(self) -> tuple[int, ...]:
        """For each entrant, the matches in which its bot ran out of time (``move_seconds``)."""
        counts = [0] * len(self.entrants)
        for played in self.matches_played:
            for entrant in set(played.out_of_time):
                counts[entrant] += 1
        return tuple(counts)

    def rate(self, entrant: int) -> float:
        """The share of matches ``entrant`` won (0.0 with no matches)."""
        return self.wins[entrant] / self.matches if self.matches else 0.0

    def interval(self, entrant: int) -> tuple[float, float]:
        """The 95% Wilson score interval of ``entrant``'s win rate."""
        return wilson_interval(self.wins[entrant], self.matches)

    @property
    def mean_rounds(self) -> float:
        """Mean rounds per match."""
        return self.rounds / self.matches if self.matches else 0.0

    @property
    def mean_actions(self) -> float:
        """Mean actions per match."""
        return self.actions / self.matches if self.matches else 0.0

    def as_dict(self) -> dict[str, object]:
        """The result as plain JSON-ready data: rates, intervals, the rules in the wire format,
        and every match's result.

        Seeds are decimal strings, as in the wire format: a JSON reader in
        JavaScript would round a 64-bit number. A match's ``seats``, ``winner``
        and ``points`` are by entrant (the index in ``entrants``), and
        ``match`` is its number from 1.

        >>> from raise_the_sum.bots import GreedyBot, RandomBot
        >>> data = run_tournament([GreedyBot(), RandomBot()], 2, seed=1).as_dict()
        >>> data["seed"], data["results"][0]["match"], type(data["results"][0]["seed"])
        ('1', 1, <class 'str'>)
        """
        out_of_time = self.out_of_time
        return {
            "seed": str(self.seed),
            "matches": self.matches,
            "stopped": self.stopped,
            "players": len(self.entrants),
            "rules": wire.encode(self.rules),
            "entrants": [
                {
                    "name": name,
                    "wins": self.wins[i],
                    "rate": self.rate(i),
                    "ci95": list(self.interval(i)),
                    "out_of_time": out_of_time[i],
                }
                for i, name in enumerate(self.entrants)
            ],
            "mean_rounds": self.mean_rounds,
            "mean_actions": self.mean_actions,
            "results": [
                {
                    "match": played.number,
                    "seed": str(played.seed),
                    "seats": list(played.seats),
                    "winner": played.winner,
                    "points": list(played.points),
                    "rounds": played.rounds,
                    "actions": played.actions,
                    "out_of_time": list(played.out_of_time),
                }
                for played in self.matches_played
            ],
        }


class TournamentInterrupted(KeyboardInterrupt):
    """Ctrl-C (or the caller's own stop) ended :func:`run_tournament` before its last match.

    A :class:`KeyboardInterrupt`, so that code that knows nothing of it
    still stops; :attr:`result` holds the matches that finished (its
    :attr:`~TournamentResult.stopped` is True), and :attr:`planned` the
    matches asked for. Worker processes that the tournament started are
    stopped before it is raised.
    """

    def __init__(self, result: TournamentResult, planned: int) -> None:
        super().__init__(f"stopped after {result.matches} of {planned} matches")
        #: The matches that finished, as a result.
        self.result = result
        #: The matches the tournament was asked to play.
        self.planned = planned


def _labels(bots: Sequence[Bot]) -> tuple[str, ...]:
    seen: dict[str, int] = {}
    labels = []
    for bot in bots:
        seen[bot.name] = seen.get(bot.name, 0) + 1
        labels.append(bot.name if seen[bot.name] == 1 else f"{bot.name} {seen[bot.name]}")
    return tuple(labels)


def _play_chunk(
    bots: Sequence[Bot],
    rules: Rules,
    seed: int,
    start: int,
    stop: int,
    record: bool,
    move_seconds: float | None,
    fallback: Bot,
) -> list[MatchResult]:
    return [
        play_match(
            bots,
            rules,
            seed,
            index,
            record=record,
            move_seconds=move_seconds,
            fallback=fallback,
            fresh=True,
        )
        for index in range(start, stop)
    ]


#: Seconds between a worker process's looks at whether the tournament's process still runs.
_WATCH_SECONDS: Final = 0.5


def _worker_started(parent: int) -> None:
    """A worker process of the tournament's own pool: Ctrl-C is its parent's to handle, and it
    ends as soon as its parent is gone (even killed), leaving no orphan behind."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(_WATCH_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="raise-the-sum parent watch", daemon=True).start()


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Stop the pool's worker processes now, whatever they are doing, and wait for them."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.join(5)
        if process.is_alive():
            process.kill()
            process.join()


@contextmanager
def _pool(jobs: int, executor: Executor | None) -> Iterator[Executor | None]:
    """The executor to use: the caller's, a process pool of ``jobs`` that we close, or None.

    Our own pool is stopped at once, its workers ended, when the tournament
    stops with an error or Ctrl-C.
    """
    if executor is not None:
        yield executor
    elif jobs > 1:
        pool = ProcessPoolExecutor(
            max_workers=jobs, initializer=_worker_started, initargs=(os.getpid(),)
        )
        try:
            yield pool
        except BaseException:
            _stop_workers(pool)
            raise
        pool.shutdown(wait=True)
    else:
        yield None


def _move_seconds(value: float | None) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < math.inf:
        raise ValueError(f"move_seconds must be a number of seconds > 0, or None, got {value!r}")
    return float(value)


def run_tournament(
    bots: Sequence[Bot],
    matches: int,
    *,
    seed: int = 0,
    rules: Rules | None = None,
    jobs: int = 1,
    executor: Executor | None = None,
    progress: Callable[[int], None] | None = None,
    records: bool = False,
    move_seconds: float | None = None,
    fallback: Bot = FALLBACK,
    on_match: Callable[[MatchResult], None] | None = None,
) -> TournamentResult:
    """Play ``matches`` seeded matches between ``bots``, one per seat, seats rotated.

    The seats are filled by :func:`fill_seats`: with fewer bots than seats
    the last one fills the rest, as on the command line. ``rules`` defaults
    to the standard game for that many players (at least 2).

    The matches run in this process, or on ``executor``: any
    :class:`concurrent.futures.Executor`, such as a
    ``ProcessPoolExecutor`` or a Dask cluster's ``Client.get_executor()``
    (the bots, the rules and this module must then be importable and
    picklable on the workers). ``jobs`` above 1, without an executor, plays
    them on a ``ProcessPoolExecutor`` of that many processes. ``progress``,
    if given, is called with the number of matches finished so far, and
    ``on_match`` with each match's :class:`MatchResult`, in this process as
    each match finishes (to write its record at once). ``records=True``
    keeps every match's record (:attr:`TournamentResult.records`).

    Each match gets a fresh copy of each bot of your own, one per seat
    (:func:`play_match`): what a bot keeps on itself lasts one match. The
    result depends only on the bots, ``matches``, ``seed``, ``rules`` and
    ``records``, never on the executor or the number of workers, as long as
    the bots are pure between matches (a bot that keeps state elsewhere, in
    its class or its module, breaks this) and none runs out of time.

    ``move_seconds`` sets a time limit per decision for the bots of your own:
    each decides in a process of its own, killed when a decision takes
    longer, and the ``fallback`` bot (:data:`FALLBACK`, the greedy bot)
    plays that seat to the end of the match, which is then scored as
    played; :attr:`TournamentResult.out_of_time` counts it. None (the
    default) sets no limit.

    Ctrl-C stops the tournament: the worker processes it started are
    stopped, and :class:`TournamentInterrupted` carries the matches that
    finished. A bot that raises, returns the wrong shape or chooses an
    illegal action stops it with :class:`~raise_the_sum.driver.BotError`,
    naming the match and seeds.
    """
    if _validate.whole(matches, "matches") < 0:
        raise ValueError(f"matches must be an int >= 0, got {matches!r}")
    if _validate.whole(jobs, "jobs") < 1:
        raise ValueError(f"jobs must be an int >= 1, got {jobs!r}")
    _validate.whole(seed, "seed")
    if executor is not None and not isinstance(executor, Executor):
        raise TypeError(f"executor must be a concurrent.futures.Executor, got {executor!r}")
    if executor is not None and jobs != 1:
        raise ValueError("give jobs or an executor, not both: the executor has its own workers")
    if rules is not None and not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules or None, got {rules!r}")
    move_seconds = _move_seconds(move_seconds)
    if not isinstance(fallback, Bot):
        raise TypeError(f"fallback must be a Bot, got {fallback!r}")
    seated = fill_seats(bots, None if rules is None else rules.players)
    if rules is None:
        rules = Rules(players=len(seated))
    results: list[MatchResult] = []

    def finished(result: MatchResult) -> None:
        results.append(result)
        if on_match is not None:
            on_match(result)
        if progress is not None:
            progress(len(results))

    pending: list[Future[list[MatchResult]]] = []
    try:
        with _pool(jobs, executor) as pool:
            if pool is None or matches <= 1:
                for index in range(matches):
                    finished(
                        play_match(
                            seated,
                            rules,
                            seed,
                            index,
                            record=records,
                            move_seconds=move_seconds,
                            fallback=fallback,
                            fresh=True,
                        )
                    )
            else:
                # One match a task on our own pool, so that each match is reported (and its
                # record written) as it finishes; chunks on a cluster, where a task costs more.
                size = 1 if executor is None else max(1, min(25, matches // 64))
                pending = [
                    pool.submit(
                        _play_chunk,
                        seated,
                        rules,
                        seed,
                        start,
                        min(start + size, matches),
                        records,
                        move_seconds,
                        fallback,
                    )
                    for start in range(0, matches, size)
                ]
                for future in as_completed(pending):
                    for result in future.result():
                        finished(result)
    except BaseException as error:
        for future in pending:
            future.cancel()
        if isinstance(error, KeyboardInterrupt) and not isinstance(error, TournamentInterrupted):
            summary = _summary(seated, seed, rules, results, stopped=True)
            raise TournamentInterrupted(summary, matches) from None
        raise
    finally:
        _bothost.close_host()
    return _summary(seated, seed, rules, results, stopped=False)


def _summary(
    seated: Sequence[Bot],
    seed: int,
    rules: Rules,
    results: list[MatchResult],
    *,
    stopped: bool,
) -> TournamentResult:
    """The tournament's result from the matches that finished, put in index order."""
    results = sorted(results, key=lambda result: result.index)
    wins = [0] * len(seated)
    for result in results:
        wins[result.winner] += 1
    return TournamentResult(
        entrants=_labels(seated),
        matches=len(results),
        seed=seed,
        wins=tuple(wins),
        rounds=sum(result.rounds for result in results),
        actions=sum(result.actions for result in results),
        rules=rules,
        matches_played=tuple(results),
        stopped=stopped,
    )
