"""The cost of ``legal_mask`` against ``legal_plays``, side by side in one run.

Run from the repository root, in the project's virtual environment::

    .venv/bin/python benchmarks/bench_encoding.py
    .venv/bin/python benchmarks/bench_encoding.py --repeats 5 --matches 20

Three sets of states, all from the library's seeded generator: fresh 8-card
opening hands, fresh 8-card hands facing a random standing play, and every
state of seeded random 4-player matches. For each set, three functions are
timed one call at a time, in turn on each state: ``legal_plays`` (the baseline),
``legal_mask`` (a numpy ``int8`` mask of 75,419; the first call meets the
state's play objects for the first time and looks up their numbers) and
``legal_mask`` again on the same state (the numbers remembered, as in a
search or a learner that meets the same hands again). Each figure is
the median over the states of one run, then the median of ``--repeats`` runs;
``legal_plays`` is called once on each state before the timed calls, so that its
memo of plays is warm for all three. The ratios to ``legal_plays`` are what
holds from one machine to another.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import opening_states, reply_states

from raise_the_sum import GameState, Phase, Rng, apply, legal_plays, new_game
from raise_the_sum.encoding import legal_mask, num_actions


def match_states(seed: int) -> list[GameState]:
    """Every state of one random 4-player match."""
    state = new_game(seed=seed)
    rng = Rng.from_seed(seed ^ 0x5EED)
    states = [state]
    while state.phase is not Phase.MATCH_OVER:
        legal = legal_plays(state)
        pick, rng = rng.below(len(legal))
        state = apply(state, legal[pick])
        states.append(state)
    return states


def median_calls(
    functions: Sequence[Callable[[GameState], object]], states: Sequence[GameState]
) -> list[float]:
    """Median seconds of one call of each function over ``states``, taken in turn per state."""
    times: list[list[float]] = [[] for _ in functions]
    clock = time.perf_counter
    for state in states:
        legal_plays(state)  # warm legal_plays' own memo, so that every function meets it warm
        for function, out in zip(functions, times, strict=False):
            start = clock()
            function(state)
            out.append(clock() - start)
    return [statistics.median(t) for t in times]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Benchmark legal_mask against legal_plays.")
    parser.add_argument("--repeats", type=int, default=7, help="runs per figure (default 7)")
    parser.add_argument("--hands", type=int, default=1000, help="hands per run (default 1000)")
    parser.add_argument("--matches", type=int, default=10, help="matches per run (default 10)")
    args = parser.parse_args(argv)

    rng = Rng.from_seed(20261201)
    legal_mask(new_game(seed=0))  # build the numbering once, outside the timing
    functions: list[tuple[str, Callable[[GameState], object]]] = [
        ("legal_plays", legal_plays),
        ("legal_mask", legal_mask),
        ("legal_mask again", legal_mask),
    ]
    sets: dict[str, Callable[[int], list[GameState]]] = {}

    def openings(run: int) -> list[GameState]:
        nonlocal rng
        states, rng = opening_states(rng, args.hands)
        return states

    def replies(run: int) -> list[GameState]:
        nonlocal rng
        states, rng = reply_states(rng, args.hands)
        return states

    def matches(run: int) -> list[GameState]:
        return [s for m in range(args.matches) for s in match_states(run * 1000 + m)]

    sets = {"8-card opening": openings, "8-card reply": replies, "random 4-player matches": matches}
    print(
        f"legal_mask vs legal_plays: median of {args.repeats} runs "
        f"({args.hands} hands, {args.matches} matches per run); mask length "
        f"{num_actions(new_game(seed=0).rules)}"
    )
    print(f"Python {platform.python_version()}, {platform.machine()}, {platform.system()}")
    print()
    print(f"{'states':<26}{'function':<18}{'median':>10}{'ratio':>8}")
    for label, make in sets.items():
        runs: dict[str, list[float]] = {name: [] for name, _ in functions}
        for run in range(args.repeats):
            states = make(run)
            medians = median_calls([f for _, f in functions], states)
            for (name, _), value in zip(functions, medians, strict=False):
                runs[name].append(value)
        base = statistics.median(runs["legal_plays"])
        for name, _ in functions:
            value = statistics.median(runs[name])
            print(f"{label:<26}{name:<18}{value * 1e6:>8.1f}µs{value / base:>7.2f}×")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
