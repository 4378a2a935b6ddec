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

import math
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from typing import Final

import attrs

from raise_the_sum import _validate, wire
from raise_the_sum import records as _records
from raise_the_sum.bots.base import Bot
from raise_the_sum.driver import MAX_ACTIONS, NextRoundBy, Table, run_bots
from raise_the_sum.engine import new_game
from raise_the_sum.rng import Rng
from raise_the_sum.rules import Rules

__all__ = [
    "MAX_ACTIONS",
    "MatchRecord",
    "MatchResult",
    "TournamentResult",
    "fill_seats",
    "match_seeds",
    "play_match",
    "run_tournament",
    "wilson_interval",
]

#: The normal quantile of a two-sided 95% interval.
Z95: Final = 1.959963984540054


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

    @property
    def seat_points(self) -> tuple[int, ...]:
        """Each seat's points at the end, in seat order."""
        return tuple(self.points[entrant] for entrant in self.seats)


#: Deprecated: the old name of :class:`MatchResult`, kept so that code using it still
#: runs. It clashed with :class:`raise_the_sum.MatchRecord`, the replayable
#: record of a match, which a tournament's results now carry too.
MatchRecord = MatchResult


def _tag(name: str) -> str:
    """A bot's name made fit for a seat's tag: the notation's marks and control characters out."""
    cleaned = "".join("_" if ch in '{};:"' or not ch.isprintable() else ch for ch in name).strip()
    return cleaned or "bot"


def play_match(
    bots: Sequence[Bot], rules: Rules, seed: int, index: int = 0, *, record: bool = False
) -> MatchResult:
    """Play match ``index`` of a tournament seeded ``seed``, entrant ``j`` at seat
    ``(j + index) % n``.

    The match is driven by :func:`raise_the_sum.driver.run_bots`, every seat a
    bot and the driver sending ``NextRound()`` between rounds. Each seat's bot
    gets its own generator, split in seat order from the match's bots
    generator (:func:`match_seeds`). With ``record``, the result holds the
    match's :class:`~raise_the_sum.MatchRecord`, its seats named by
    the entrants' labels. Raises :class:`ValueError` if a bot chooses an
    illegal action, and :class:`RuntimeError` past
    :data:`~raise_the_sum.driver.MAX_ACTIONS` actions.

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
    table = Table.start(
        new_game(rules, seed=game_seed),
        [bots[entrant] for entrant in seats],
        stream,
        next_round=NextRoundBy.DRIVER,
    )
    try:
        end, moves = run_bots(table)
    except RuntimeError:
        raise RuntimeError(f"match {index} (seed {seed}) ran past {MAX_ACTIONS} actions") from None
    state = end.state
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
                "Match": str(index),
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
    )


@attrs.frozen
class TournamentResult:
    """The result of :func:`run_tournament`: wins per entrant, the matches' lengths, the rules.

    With ``records=True``, :attr:`matches_played` holds every match's
    :class:`MatchResult` with its record, in index order.
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
    #: Every match's result with its record, in index order, when kept (``records=True``).
    matches_played: tuple[MatchResult, ...] = ()

    @property
    def records(self) -> tuple[_records.MatchRecord, ...]:
        """Every match's :class:`~raise_the_sum.MatchRecord`, in index order, when kept."""
        return tuple(m.record for m in self.matches_played if m.record is not None)

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
        """The result as plain JSON-ready data: rates, intervals, and the rules in the wire
        format."""
        return {
            "seed": self.seed,
            "matches": self.matches,
            "players": len(self.entrants),
            "rules": wire.encode(self.rules),
            "entrants": [
                {
                    "name": name,
                    "wins": self.wins[i],
                    "rate": self.rate(i),
                    "ci95": list(self.interval(i)),
                }
                for i, name in enumerate(self.entrants)
            ],
            "mean_rounds": self.mean_rounds,
            "mean_actions": self.mean_actions,
        }


def _labels(bots: Sequence[Bot]) -> tuple[str, ...]:
    seen: dict[str, int] = {}
    labels = []
    for bot in bots:
        seen[bot.name] = seen.get(bot.name, 0) + 1
        labels.append(bot.name if seen[bot.name] == 1 else f"{bot.name} {seen[bot.name]}")
    return tuple(labels)


def _play_chunk(
    bots: Sequence[Bot], rules: Rules, seed: int, start: int, stop: int, record: bool
) -> list[MatchResult]:
    return [play_match(bots, rules, seed, index, record=record) for index in range(start, stop)]


@contextmanager
def _pool(jobs: int, executor: Executor | None) -> Iterator[Executor | None]:
    """The executor to use: the caller's, a process pool of ``jobs`` that we close, or None."""
    if executor is not None:
        yield executor
    elif jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            yield pool
    else:
        yield None


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
    if given, is called with the number of matches finished so far, as they
    finish. ``records=True`` keeps every match's record
    (:attr:`TournamentResult.records`). The result depends only on the
    bots, ``matches``, ``seed``, ``rules`` and ``records``: never on the
    executor or the number of workers.
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
    seated = fill_seats(bots, None if rules is None else rules.players)
    if rules is None:
        rules = Rules(players=len(seated))
    results: list[MatchResult] = []
    with _pool(jobs, executor) as pool:
        if pool is None or matches <= 1:
            for index in range(matches):
                results.append(play_match(seated, rules, seed, index, record=records))
                if progress is not None:
                    progress(len(results))
        else:
            size = max(1, min(25, matches // (jobs * 8 if executor is None else 64)))
            pending: list[Future[list[MatchResult]]] = [
                pool.submit(
                    _play_chunk, seated, rules, seed, start, min(start + size, matches), records
                )
                for start in range(0, matches, size)
            ]
            for future in as_completed(pending):
                results.extend(future.result())
                if progress is not None:
                    progress(len(results))
            results.sort(key=lambda result: result.index)
    wins = [0] * len(seated)
    for result in results:
        wins[result.winner] += 1
    return TournamentResult(
        entrants=_labels(seated),
        matches=matches,
        seed=seed,
        wins=tuple(wins),
        rounds=sum(result.rounds for result in results),
        actions=sum(result.actions for result in results),
        rules=rules,
        matches_played=tuple(results) if records else (),
    )
