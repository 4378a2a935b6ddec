"""The search bot's strength at equal time: ``legal_plays`` against its plain definition.

Run from the repository root, in the project's virtual environment::

    .venv/bin/python benchmarks/bench_search_strength.py [--matches 400] [--move-ms 5 20]
    .venv/bin/python benchmarks/bench_search_strength.py --players 4 --move-ms 5

What ``_tables`` buys a searcher, as a win rate. Two copies of the search bot
(:class:`~raise_the_sum.bots.SearchBot` with its default settings) play
matches of the standard game against each other (``--players``, 2 unless
told; with more, the two take alternate seats). Each gets the same
CPU time per decision (``--move-ms``) and samples hidden cards until it is
spent (:meth:`SearchBot.sample <raise_the_sum.bots.SearchBot.sample>`, at
least once), then plays the best option on average:

* **fast**: its simulations list the legal actions with
  :func:`~raise_the_sum.legal_plays` (the memo and ``_tables``);
* **plain**: with :func:`~raise_the_sum.legal_plays_by_definition` behind a
  memo of the same kind, keyed the same way (so a hand seen before costs one
  lookup on both sides; only fresh hands differ).

First, what the search pays for: in this one process, on the same fresh
8-card hands as ``bench_floor.py`` (its ``hands_run``, ``--hands`` of them,
``--repeats`` runs, the two sides in turn), the plain side's time over the
fast side's for a fresh opening, a fresh reply and a hand seen before, and
for a whole random 4-player match (``bench_floor.py``'s, ``--hands`` / 100
of them, CPU time).

The matches come in pairs, the same seed with the two bots in swapped seats,
and each seat's generator comes from the seed. The figure is the fast bot's
share of the matches won (parity is 50%), with a 95% Wilson interval, and the mean number of
samples per decision each side fitted in its time. Time is the process's CPU
time, so a busy machine slows both sides alike.
"""

from __future__ import annotations

import argparse
import math
import platform
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from operator import attrgetter
from typing import Any

import attrs
from bench_floor import MATCH_CODE, hands_run  # the same hands and matches as the floor's

import raise_the_sum
import raise_the_sum.bots.search as search
from raise_the_sum import (
    Action,
    GameState,
    Phase,
    PlayerView,
    Rng,
    Rules,
    apply,
    legal_plays,
    legal_plays_by_definition,
    new_game,
    observe,
)
from raise_the_sum._memo import BoundedMemo, clear_all
from raise_the_sum.bots import SearchBot
from raise_the_sum.tournament import wilson_interval

_INDEX = attrgetter("index")
#: The plain definition's answers, by what they depend on (as ``legal_plays``' own memo).
_PLAIN: BoundedMemo[tuple[object, ...], tuple[Action, ...]] = BoundedMemo(1_000_000)


def plain_legal_plays(state: GameState) -> tuple[Action, ...]:
    """:func:`legal_plays_by_definition` behind a memo: a seen hand costs one lookup."""
    rules = state.rules
    key = (
        state.phase,
        tuple(map(_INDEX, state.hands[state.current])),
        rules.min_play,
        rules.max_play,
        rules.hand_limit,
        state.to_beat,
        tuple(map(_INDEX, state.standing)),
    )
    found = _PLAIN.get(key)
    if found is None:
        found = legal_plays_by_definition(state)
        _PLAIN.put(key, found, weight=len(found) + 1)
    return found


@attrs.frozen
class TimedSearch:
    """The search bot, sampling until ``seconds`` of CPU time are spent, with this engine."""

    name: str
    seconds: float
    engine: Callable[[GameState], tuple[Action, ...]]
    search: SearchBot = SearchBot()  # noqa: RUF009 (a frozen value, safely shared)
    #: Per decision searched: the samples taken (appended to; the benchmark's tally).
    samples: list[int] = attrs.field(factory=list, eq=False)

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
        """As :meth:`SearchBot.choose`, but as many samples as fit in the time."""
        start = time.process_time()
        if len(legal) == 1:
            return legal[0], rng
        if view.phase is Phase.DISCARD:
            return self.search.choose(view, legal, rng)
        # The one place the simulations list legal actions: this side's engine there.
        vars(search)["legal_plays"] = self.engine
        try:
            options = self.search.shortlist(view, legal)
            if len(options) == 1:
                return options[0], rng
            totals = [0.0] * len(options)
            taken = 0
            while taken == 0 or time.process_time() - start < self.seconds:
                results, rng = self.search.sample(view, options, rng)
                totals = [total + result for total, result in zip(totals, results, strict=True)]
                taken += 1
        finally:
            vars(search)["legal_plays"] = legal_plays
        self.samples.append(taken)
        best = max(range(len(options)), key=lambda i: (totals[i], -i))
        return options[best], rng


Engine = Callable[[GameState], tuple[Action, ...]]


@contextmanager
def _using(engine: Engine) -> Iterator[None]:
    """The package's ``legal_plays`` (what the floor's code imports) is ``engine`` meanwhile."""
    vars(raise_the_sum)["legal_plays"] = engine
    try:
        yield
    finally:
        vars(raise_the_sum)["legal_plays"] = legal_plays


def speeds(hands: int, repeats: int) -> tuple[float, float, float, float]:
    """Plain over fast, medians of ``repeats`` runs: fresh opening, fresh reply, seen, match."""
    engines: tuple[Engine, Engine] = (legal_plays, plain_legal_plays)
    matches: list[Callable[[int], None]] = []
    for engine in engines:
        code: dict[str, Any] = {}
        with _using(engine):
            exec(MATCH_CODE, code)
            hands_run(hands, 998)  # both sides fill their tables first
        matches.append(code["match"])
    ratios: list[tuple[float, float, float, float]] = []
    for r in range(repeats):
        runs: dict[int, tuple[float, ...]] = {}
        for side in (0, 1) if r % 2 == 0 else (1, 0):
            with _using(engines[side]):
                figures = hands_run(hands, 1000 + r)
            start = time.process_time()
            for seed in range(max(hands // 100, 1)):
                matches[side](10_000 * r + seed)
            runs[side] = (*figures, time.process_time() - start)
        fast, plain = runs[0], runs[1]
        ratios.append(
            (plain[1] / fast[1], plain[4] / fast[4], plain[2] / fast[2], plain[5] / fast[5])
        )
    opening, reply, seen, match = (statistics.median(r[i] for r in ratios) for i in range(4))
    return opening, reply, seen, match


def match(bots: Sequence[TimedSearch], seed: int) -> int:
    """Play one match of the standard game, a seat for each bot; the winner's seat."""
    state = new_game(Rules(players=len(bots)), seed=seed)
    rngs = [Rng.from_seed(seed).skip(seat + 1) for seat in range(len(bots))]
    while state.phase is not Phase.MATCH_OVER:
        seat = state.current
        legal = legal_plays(state)
        action, rngs[seat] = bots[seat].choose(observe(state, seat), legal, rngs[seat])
        state = apply(state, action)
    return state.current


def series(milliseconds: float, pairs: int, players: int) -> tuple[int, int, float, float]:
    """``pairs`` pairs of matches at this time per decision: fast's wins, matches, mean samples."""
    fast = TimedSearch("fast", milliseconds / 1000, legal_plays)
    plain = TimedSearch("plain", milliseconds / 1000, plain_legal_plays)
    wins = 0
    for pair in range(pairs):
        seed = 1_000_000 + pair
        for first, second in ((fast, plain), (plain, fast)):
            clear_all()  # both sides start each match from empty memos
            seats = [first if seat % 2 == 0 else second for seat in range(players)]
            wins += seats[match(seats, seed)] is fast
    return wins, 2 * pairs, _mean(fast.samples), _mean(plain.samples)


def _mean(values: Sequence[int]) -> float:
    return sum(values) / len(values) if values else math.nan


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The search bot at equal time, fast or plain.")
    parser.add_argument(
        "--matches", type=int, default=400, help="matches per time budget, even (default 400)"
    )
    parser.add_argument(
        "--move-ms",
        type=float,
        nargs="+",
        default=[5.0, 20.0],
        help="CPU milliseconds per decision, one series each (default 5 20)",
    )
    parser.add_argument(
        "--players", type=int, default=2, choices=(2, 3, 4), help="seats (default 2)"
    )
    parser.add_argument(
        "--hands", type=int, default=2000, help="fresh hands per speed run (default 2000)"
    )
    parser.add_argument("--repeats", type=int, default=5, help="speed runs (default 5)")
    args = parser.parse_args(argv)
    pairs = max(args.matches // 2, 1)
    print(
        f"search bot at equal time, legal_plays (fast) vs legal_plays_by_definition "
        f"behind a memo (plain): {2 * pairs} {args.players}-player matches per budget"
    )
    print(f"Python {platform.python_version()}, {platform.machine()}, {platform.system()}")
    print()
    opening, reply, seen, whole = speeds(args.hands, args.repeats)
    print(f"plain / fast, medians of {args.repeats} runs in turn, {args.hands} fresh hands each:")
    print(f"  fresh 8-card opening {opening:.2f}×, fresh reply {reply:.2f}×, seen hand {seen:.2f}×")
    print(f"  random 4-player match (CPU time) {whole:.2f}×")
    print()
    print(
        f"{'CPU per decision':<18}{'fast wins':>10}{'95% interval':>18}{'samples fast':>14}"
        f"{'plain':>8}{'ratio':>8}"
    )
    for milliseconds in args.move_ms:
        wins, total, fast_samples, plain_samples = series(milliseconds, pairs, args.players)
        low, high = wilson_interval(wins, total)
        print(
            f"{f'{milliseconds:g} ms':<18}{wins / total:>9.1%} "
            f"{f'{low:.1%} to {high:.1%}':>17}{fast_samples:>14.1f}{plain_samples:>8.1f}"
            f"{fast_samples / plain_samples:>7.2f}×"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
