"""The cost of the time limit per decision: a bot of your own asked in this process, and asked
through its own process (``move_seconds``), side by side in one run.

Run from the repository root, in the project's virtual environment::

    .venv/bin/python benchmarks/bench_move_limit.py [--decisions 2000] [--repeats 7]

The decisions are those of seeded random 4-player matches: each one's view,
legal actions and generator, the same for both ways. The bot is a user's
``Opener`` (it plays the first legal action), so that the figure is the
cost of the limit itself: sending the view and the legal actions to the
bot's process and its answer back. Each figure is the median over
``--repeats`` runs of the mean per decision, the two ways taking turns to
go first; the process's start is timed apart (once per worker process and
after each stop, not per decision).
"""

from __future__ import annotations

import argparse
import os
import pickle
import statistics
import time
from collections.abc import Sequence

import attrs

from raise_the_sum import Action, PlayerView, Rng, apply, legal_plays, new_game, observe
from raise_the_sum._bothost import Host, Remote, close_host
from raise_the_sum.bots import Bot, RandomBot
from raise_the_sum.state import Phase


@attrs.frozen
class Opener:
    """A user's bot: plays the first legal action."""

    name: str = "opener"

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
        return legal[0], rng


def decisions(count: int) -> list[tuple[PlayerView, tuple[Action, ...], Rng]]:
    """``count`` decisions from seeded random matches: a view, its legal actions, a generator."""
    found: list[tuple[PlayerView, tuple[Action, ...], Rng]] = []
    rng = Rng.from_seed(2026)
    seed = 0
    while len(found) < count:
        state = new_game(seed=seed)
        seed += 1
        while state.phase is not Phase.MATCH_OVER and len(found) < count:
            legal = legal_plays(state)
            view = observe(state, state.current)
            found.append((view, legal, rng))
            action, rng = RandomBot().choose(view, legal, rng)
            state = apply(state, action)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    cases = decisions(args.decisions)
    bot = Opener()
    packed = {0: pickle.dumps(bot)}
    remote = Remote(bot.name, 0, 60.0, packed, {0: bot.name})
    remote.choose(*cases[0])  # the process started and the bot loaded, before timing
    here: list[float] = []
    there: list[float] = []
    for repeat in range(args.repeats):
        ways: list[tuple[list[float], Bot | Remote]] = [(here, bot), (there, remote)]
        for times, way in ways if repeat % 2 == 0 else ways[::-1]:
            begun = time.perf_counter()
            for view, legal, rng in cases:
                way.choose(view, legal, rng)
            times.append((time.perf_counter() - begun) / len(cases))
    close_host()
    starts = []
    for _ in range(args.repeats):
        begun = time.perf_counter()
        started = Host()
        started.load(packed, {0: bot.name})
        starts.append(time.perf_counter() - begun)
        started.close()
    legal_sizes = [len(legal) for _, legal, _ in cases]
    median_here = statistics.median(here) * 1e6
    median_there = statistics.median(there) * 1e6
    print(
        f"decisions: {len(cases)} (legal actions: median {statistics.median(legal_sizes):g}, "
        f"most {max(legal_sizes)}), repeats: {args.repeats}"
    )
    print(f"in this process:       {median_here:8.1f} us per decision")
    print(f"in its own process:    {median_there:8.1f} us per decision")
    print(f"cost of the limit:     {median_there - median_here:8.1f} us per decision")
    print(f"a new process started: {statistics.median(starts) * 1e3:8.1f} ms (median)")
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
