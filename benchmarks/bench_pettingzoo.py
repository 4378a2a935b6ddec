"""The PettingZoo environment's speed: PettingZoo's own benchmark, and the env's own step.

Run from the repository root, in the project's virtual environment::

    .venv/bin/python benchmarks/bench_pettingzoo.py
    .venv/bin/python benchmarks/bench_pettingzoo.py --seconds 10 --repeats 5

Three figures, for the standard 4-player game on one core:

* ``performance_benchmark(raw_env())`` and ``performance_benchmark(env())``:
  PettingZoo's own benchmark (``pettingzoo.test.performance_benchmark``),
  which calls ``last()`` and picks a random legal action with
  ``random.choice(np.flatnonzero(mask).tolist())`` at every turn: its figure
  includes that sampler's work on the 75,419-long mask.
* the env's own cost: ``step(action)`` followed by ``last()`` (so the next
  observation and its ``int8`` mask are built), timed per step over seeded
  random matches, with the action chosen from the legal ids outside the
  timing. Reported as the median and mean microseconds and steps per second.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import platform
import re
import statistics
import time
from collections.abc import Sequence

from pettingzoo.test import performance_benchmark

from raise_the_sum import Rng
from raise_the_sum.adapters.pettingzoo import env, raw_env


def pettingzoo_figure(make: object, seconds: float) -> float:
    """Turns per second from ``performance_benchmark`` (it runs about 5 seconds)."""
    del seconds  # the benchmark fixes its own duration
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        performance_benchmark(make())  # type: ignore[operator]
    match = re.search(r"([0-9.]+) turns per second", out.getvalue())
    assert match is not None, out.getvalue()
    return float(match.group(1))


def own_step_costs(seconds: float, seed: int) -> list[float]:
    """Seconds of ``step`` + ``last`` per step, over random matches for ``seconds``."""
    table = raw_env()
    rng = Rng.from_seed(seed)
    times: list[float] = []
    clock = time.perf_counter
    deadline = clock() + seconds
    table.reset(seed=seed)
    table.last()
    while clock() < deadline:
        if table.state.phase.name == "MATCH_OVER":
            table.reset()
            table.last()
        ids = table._ids
        pick, rng = rng.below(len(ids))
        start = clock()
        table.step(ids[pick])
        table.last()
        times.append(clock() - start)
    return times


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Benchmark the PettingZoo environment.")
    parser.add_argument("--repeats", type=int, default=3, help="runs per figure (default 3)")
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds per own-step run")
    args = parser.parse_args(argv)
    raw = [pettingzoo_figure(raw_env, args.seconds) for _ in range(args.repeats)]
    wrapped = [pettingzoo_figure(env, args.seconds) for _ in range(args.repeats)]
    medians, means = [], []
    for run in range(args.repeats):
        times = own_step_costs(args.seconds, run)
        medians.append(statistics.median(times))
        means.append(statistics.fmean(times))
    median, mean = statistics.median(medians), statistics.median(means)
    print(f"PettingZoo env, standard 4-player game: median of {args.repeats} runs")
    print(f"Python {platform.python_version()}, {platform.machine()}, {platform.system()}")
    print()
    print(f"performance_benchmark(raw_env())   {statistics.median(raw):8.0f} turns/s")
    print(f"performance_benchmark(env())       {statistics.median(wrapped):8.0f} turns/s")
    print(f"own step + last(), median          {median * 1e6:8.1f} µs  ({1 / median:.0f} steps/s)")
    print(f"own step + last(), mean            {mean * 1e6:8.1f} µs  ({1 / mean:.0f} steps/s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
