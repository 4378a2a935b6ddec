"""``replay`` of a 95-action match, and the text notation both ways, against plain ``apply``.

Run from the repository root, in the project's virtual environment::

    .venv/bin/python benchmarks/bench_records.py
    .venv/bin/python benchmarks/bench_records.py --repeats 31

The match is a seeded 4-player match of the standard game, each action drawn
by the library's own generator among the legal ones, cut at 95 actions, so
two runs measure the same match. The baseline is ``new_game`` and ``apply``
over the same actions, in the same run. Each figure is the median over the
runs; the ratios against the baseline hold on any machine.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections.abc import Callable

from raise_the_sum import Action, MatchRecord, Phase, Rng, Rules, apply, legal_plays, new_game

ACTIONS = 95


def match(seed: int = 2026) -> MatchRecord:
    """A seeded 4-player record of :data:`ACTIONS` actions (seeds tried from ``seed`` on)."""
    while True:
        rules = Rules()
        state = new_game(rules, seed=seed)
        rng = Rng.from_seed(seed)
        actions: list[Action] = []
        while len(actions) < ACTIONS and state.phase is not Phase.MATCH_OVER:
            legal = legal_plays(state)
            index, rng = rng.below(len(legal))
            actions.append(legal[index])
            state = apply(state, legal[index])
        if len(actions) == ACTIONS:
            return MatchRecord(rules, seed, tuple(actions), tags={"Event": "benchmark"})
        seed += 1


def median_seconds(run: Callable[[], object], repeats: int, inner: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(inner):
            run()
        times.append((time.perf_counter() - start) / inner)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--inner", type=int, default=20)
    args = parser.parse_args(argv)
    record = match()
    text = record.to_text()

    def baseline() -> object:
        state = new_game(record.rules, seed=record.seed)
        for action in record.actions:
            state = apply(state, action)
        return state

    figures = {
        "new_game + apply x95 (baseline)": median_seconds(baseline, args.repeats, args.inner),
        "replay()": median_seconds(record.replay, args.repeats, args.inner),
        "to_text()": median_seconds(record.to_text, args.repeats, args.inner),
        "from_text()": median_seconds(
            lambda: MatchRecord.from_text(text), args.repeats, args.inner
        ),
    }
    base = figures["new_game + apply x95 (baseline)"]
    print(
        f"Python {platform.python_version()} on {platform.machine()}; a {ACTIONS}-action "
        f"4-player match, {len(text)} characters of text; median of {args.repeats} runs"
    )
    for name, seconds in figures.items():
        print(f"  {name:<34} {seconds * 1e3:8.3f} ms   {seconds / base:5.2f}x the baseline")


if __name__ == "__main__":
    main(sys.argv[1:])
