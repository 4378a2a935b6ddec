"""``step`` against ``apply`` on the same actions: medians of repeated runs, and their ratio.

Run from the repository root, in the project's virtual environment::

    .venv/bin/python benchmarks/bench_events.py
    .venv/bin/python benchmarks/bench_events.py --repeats 15 --matches 60

The actions are every (state, action) of random matches (4 players, the
standard rules, and a cut-deck 3-player variant that reshuffles and
discards often), each action drawn by the library's own seeded generator,
so two runs measure the same actions. Each run times one pass of ``apply``
over all of them and one pass of ``step``, in alternating order from one
run to the next; each figure is the median over the runs of the mean time
per action. The ratio ``step / apply`` is computed in the same run, so that
it holds on any machine; the target is at most 1.5.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from raise_the_sum import (
    STANDARD_DECK,
    Action,
    GameState,
    Phase,
    Rng,
    Rules,
    apply,
    legal_plays,
    new_game,
    step,
)

#: A variant with hands above the limit and a deck cut to the least size: every kind of event.
VARIANT = Rules(players=3, hand_size=8, hand_limit=6, points_to_win=3, deck=STANDARD_DECK[::2])


def actions_of(rules: Rules, matches: int, seed: int) -> list[tuple[GameState, Action]]:
    """Every (state, action) of ``matches`` random matches under ``rules``."""
    pairs = []
    rng = Rng.from_seed(seed)
    for m in range(matches):
        state = new_game(rules, seed=seed + m)
        while state.phase is not Phase.MATCH_OVER:
            legal = legal_plays(state)
            pick, rng = rng.below(len(legal))
            pairs.append((state, legal[pick]))
            state = apply(state, legal[pick])
    return pairs


def time_pass(
    transition: Callable[[GameState, Action], object], pairs: Sequence[tuple[GameState, Action]]
) -> float:
    """Mean seconds per action of one pass of ``transition`` over ``pairs``."""
    start = time.perf_counter()
    for state, action in pairs:
        transition(state, action)
    return (time.perf_counter() - start) / len(pairs)


def measure(pairs: Sequence[tuple[GameState, Action]], repeats: int) -> tuple[float, float, float]:
    """Median µs per action of ``apply`` and of ``step``, and the median of the runs' ratios."""
    applies, steps, ratios = [], [], []
    for run in range(repeats):
        if run % 2:
            s = time_pass(step, pairs)
            a = time_pass(apply, pairs)
        else:
            a = time_pass(apply, pairs)
            s = time_pass(step, pairs)
        applies.append(a * 1e6)
        steps.append(s * 1e6)
        ratios.append(s / a)
    return statistics.median(applies), statistics.median(steps), statistics.median(ratios)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Benchmark step against apply.")
    parser.add_argument("--repeats", type=int, default=11, help="runs per figure (default 11)")
    parser.add_argument(
        "--matches", type=int, default=30, help="matches per configuration (default 30)"
    )
    args = parser.parse_args(argv)
    lines = [
        f"step against apply: median of {args.repeats} runs over every action of "
        f"{args.matches} random matches per configuration",
        f"Python {platform.python_version()} ({platform.python_implementation()}), "
        f"{platform.machine()}, {platform.system()}",
        "",
        f"{'configuration':<34}  {'actions':>7}  {'apply':>9}  {'step':>9}  {'step/apply':>10}",
    ]
    for name, rules in (
        ("standard, 4 players", Rules()),
        ("cut deck, 3 players, limit 6", VARIANT),
    ):
        pairs = actions_of(rules, args.matches, 20261201)
        a, s, ratio = measure(pairs, args.repeats)
        lines.append(f"{name:<34}  {len(pairs):>7}  {a:>6.2f} µs  {s:>6.2f} µs  {ratio:>9.2f}×")
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
