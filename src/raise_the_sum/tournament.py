"""Tournaments: many seeded matches between bots, seats rotated, with win rates.

:func:`run_tournament` plays ``matches`` matches between a list of bots
(one per seat). Match ``i`` seats entrant ``j`` at seat ``(j + i) mod n``,
so that every entrant opens in turn (rule R3.4 gives seat 0 the first
opening). Each match's seeds come from the tournament seed and the match's
index alone (:func:`match_seeds`), and the results are gathered in index
order, so a tournament gives the same result for any number of worker
processes.

>>> from raise_the_sum.bots import GreedyBot, RandomBot
>>> result = run_tournament([GreedyBot(), RandomBot()], 20, seed=1)
>>> result.matches, sum(result.wins)
(20, 20)
>>> result == run_tournament([GreedyBot(), RandomBot()], 20, seed=1, jobs=2)
True
>>> low, high = result.interval(0)
>>> low <= result.rate(0) <= high
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Final

import attrs

from raise_the_sum.bots.base import Bot
from raise_the_sum.engine import apply, legal_plays, new_game
from raise_the_sum.rng import Rng
from raise_the_sum.rules import Rules
from raise_the_sum.state import Phase
from raise_the_sum.views import observe

__all__ = [
    "MatchRecord",
    "TournamentResult",
    "match_seeds",
    "play_match",
    "run_tournament",
    "wilson_interval",
]

#: The normal quantile of a two-sided 95% interval.
Z95: Final = 1.959963984540054

#: A match longer than this many actions is stopped with an error: bots stuck in a loop.
MAX_ACTIONS: Final = 100_000


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
        raise ValueError(f"wilson_interval: need 0 <= successes <= trials, got {successes}, {trials}")
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
    if type(index) is not int or index < 0:
        raise ValueError(f"match index must be an int >= 0, got {index!r}")
    root = Rng.from_seed(seed)
    game_seed, _ = root.skip(2 * index).next_u64()
    bots_seed, _ = root.skip(2 * index + 1).next_u64()
    return game_seed, Rng(bots_seed)


@attrs.frozen
class MatchRecord:
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


def play_match(bots: Sequence[Bot], rules: Rules, seed: int, index: int = 0) -> MatchRecord:
    """Play match ``index`` of a tournament seeded ``seed``, entrant ``j`` at seat ``(j + index) mod n``.

    Each seat's bot gets its own generator, split in seat order from the
    match's bots generator (:func:`match_seeds`). Raises :class:`ValueError`
    if a bot chooses an action outside ``legal_plays``.

    >>> from raise_the_sum.bots import GreedyBot, RandomBot
    >>> record = play_match([GreedyBot(), RandomBot()], Rules(players=2), seed=3)
    >>> record.points[record.winner], record.rounds == sum(record.points)
    (5, True)
    """
    players = rules.players
    if len(bots) != players:
        raise ValueError(f"bots: {players} seats need {players} bots, got {len(bots)}")
    game_seed, stream = match_seeds(seed, index)
    seats = tuple((s - index) % players for s in range(players))
    rngs: list[Rng] = []
    for _ in range(players):
        rng, stream = stream.split()
        rngs.append(rng)
    state = new_game(rules, seed=game_seed)
    actions = 0
    while state.phase is not Phase.MATCH_OVER:
        if actions >= MAX_ACTIONS:
            raise RuntimeError(f"match {index} (seed {seed}) ran past {MAX_ACTIONS} actions")
        seat = state.current
        legal = legal_plays(state)
        bot = bots[seats[seat]]
        action, rngs[seat] = bot.choose(observe(state, seat), legal, rngs[seat])
        if action not in legal:
            raise ValueError(f"bot {bot.name!r} chose {action}, which is not a legal action")
        state = apply(state, action)
        actions += 1
    points = [0] * players
    for seat, entrant in enumerate(seats):
        points[entrant] = state.points[seat]
    return MatchRecord(
        index=index,
        seed=game_seed,
        seats=seats,
        winner=seats[state.current],
        points=tuple(points),
        rounds=sum(state.points),
        actions=actions,
    )


@attrs.frozen
class TournamentResult:
    """The result of :func:`run_tournament`: wins per entrant, and the matches' lengths."""

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
        """The result as plain JSON-ready data, rates and intervals included."""
        return {
            "seed": self.seed,
            "matches": self.matches,
            "players": len(self.entrants),
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


def _play_chunk(bots: Sequence[Bot], rules: Rules, seed: int, start: int, stop: int) -> list[MatchRecord]:
    return [play_match(bots, rules, seed, index) for index in range(start, stop)]


def run_tournament(
    bots: Sequence[Bot],
    matches: int,
    *,
    seed: int = 0,
    rules: Rules | None = None,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> TournamentResult:
    """Play ``matches`` seeded matches between ``bots``, one per seat, seats rotated.

    ``rules`` defaults to the standard game for ``len(bots)`` players.
    ``jobs`` worker processes share the matches
    (``concurrent.futures.ProcessPoolExecutor``); ``jobs=1`` plays them
    in this process. ``progress``, if given, is called with the number of
    matches finished so far, as they finish. The result depends only on the
    bots, ``matches``, ``seed`` and ``rules``.
    """
    if type(matches) is not int or matches < 0:
        raise ValueError(f"matches must be an int >= 0, got {matches!r}")
    if type(jobs) is not int or jobs < 1:
        raise ValueError(f"jobs must be an int >= 1, got {jobs!r}")
    if type(seed) is not int:
        raise TypeError(f"seed must be an int, got {seed!r}")
    if rules is None:
        if not 2 <= len(bots) <= 4:
            raise ValueError(f"bots: 2 to 4 bots, one per seat, got {len(bots)} (rule R3.1)")
        rules = Rules(players=len(bots))
    if len(bots) != rules.players:
        raise ValueError(f"bots: {rules.players} seats need {rules.players} bots, got {len(bots)}")
    bots = tuple(bots)
    records: list[MatchRecord] = []
    if jobs == 1 or matches <= 1:
        for index in range(matches):
            records.append(play_match(bots, rules, seed, index))
            if progress is not None:
                progress(len(records))
    else:
        size = max(1, min(25, matches // (jobs * 8)))
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            pending: set[Future[list[MatchRecord]]] = {
                pool.submit(_play_chunk, bots, rules, seed, start, min(start + size, matches))
                for start in range(0, matches, size)
            }
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    records.extend(future.result())
                if progress is not None:
                    progress(len(records))
        records.sort(key=lambda record: record.index)
    wins = [0] * len(bots)
    for record in records:
        wins[record.winner] += 1
    return TournamentResult(
        entrants=_labels(bots),
        matches=matches,
        seed=seed,
        wins=tuple(wins),
        rounds=sum(record.rounds for record in records),
        actions=sum(record.actions for record in records),
    )
