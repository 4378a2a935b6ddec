"""Benchmarks of the rules engine: medians of repeated runs, with peak memory.

Run from the repository root, in the project's virtual environment::

    .venv/bin/python benchmarks/bench.py            # prints the table
    .venv/bin/python benchmarks/bench.py --write    # also writes benchmarks/latest.txt

Every input is drawn from the library's own seeded generator, so two runs
measure the same hands, attacks and matches. Each figure is the median of
``--repeats`` runs, each run itself the median (or mean, for whole matches)
over its samples; peak memory is measured in a separate pass under
``tracemalloc``, so that tracing does not slow the timed runs.

What is measured:

* ``legal_plays``, opening: a fresh random 8-card hand, no score to beat, so
  every sub-multiset of 1 to 5 cards is a legal play.
* ``legal_plays``, reply: a fresh random 8-card hand facing a random standing
  play (hence a random score and a random attack).
* ``apply``: every action of random 4-player matches, timed one call at a time.
* whole matches: random 4-player matches, a random legal action at every step,
  ``legal_plays`` called at every step.

Against a baseline, in the same run (the figures that a change to the engine
must show: ``apply`` and ``legal_plays`` must not get slower)::

    .venv/bin/python benchmarks/bench.py --against HEAD~3

This extracts ``src/`` of that git revision into a temporary folder and runs
this script alternately on it and on the working tree, ``--rounds`` times
each, in fresh processes, the two taking turns to go first; each figure is
the median over the rounds, and the table gives the ratio (working tree /
baseline: below 1.00 is faster); the baseline must have ``raise_the_sum._memo``.
The alternation, the turns and the CPU clock (``--cpu``, implied by
``--against``: time spent running, not waiting for a shared core) keep a
busy machine from favouring either side: with the same side always second,
the working tree against itself measured 1.17x for ``apply`` and 1.31x for a
match.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path

import attrs

from raise_the_sum import (
    STANDARD_DECK,
    GameState,
    Phase,
    Rng,
    apply,
    legal_plays,
    new_game,
    score,
)
from raise_the_sum._memo import clear_all

#: The clock the timed runs read: wall time, or with ``--cpu`` this process's CPU time.
_clock: Callable[[], float] = time.perf_counter


def sample_hand(rng: Rng, size: int) -> tuple[tuple[int, ...], Rng]:
    """``size`` distinct positions of the standard deck, drawn without replacement."""
    order, rng = rng.shuffle(range(len(STANDARD_DECK)))
    return tuple(order[:size]), rng


def opening_states(rng: Rng, count: int) -> tuple[list[GameState], Rng]:
    """States where seat 0 opens with a fresh random 8-card hand."""
    base = new_game(seed=1)
    states = []
    for _ in range(count):
        picks, rng = sample_hand(rng, 8)
        hand = tuple(sorted(STANDARD_DECK[i] for i in picks))
        states.append(attrs.evolve(base, hands=(hand, *base.hands[1:])))
    return states, rng


def reply_states(rng: Rng, count: int) -> tuple[list[GameState], Rng]:
    """States where seat 1 faces a random standing play with a fresh 8-card hand."""
    base = new_game(seed=1)
    states = []
    for _ in range(count):
        picks, rng = sample_hand(rng, 8 + 5)
        cards = [STANDARD_DECK[i] for i in picks]
        size, rng = rng.below(5)
        standing = tuple(sorted(cards[8 : 8 + size + 1]))
        hand = tuple(sorted(cards[:8]))
        states.append(
            attrs.evolve(
                base,
                current=1,
                hands=(base.hands[0], hand, *base.hands[2:]),
                standing=standing,
                standing_seat=0,
                to_beat=score(standing),
            )
        )
    return states, rng


def random_match(seed: int, on_apply: Callable[[float], None] | None = None) -> int:
    """Play one random 4-player match; return the number of actions."""
    state = new_game(seed=seed)
    rng = Rng.from_seed(seed ^ 0x5EED)
    actions = 0
    while state.phase is not Phase.MATCH_OVER:
        legal = legal_plays(state)
        pick, rng = rng.below(len(legal))
        if on_apply is None:
            state = apply(state, legal[pick])
        else:
            start = _clock()
            state = apply(state, legal[pick])
            on_apply(_clock() - start)
        actions += 1
    return actions


def time_each(states: Sequence[GameState]) -> float:
    """Median seconds of one ``legal_plays`` call over ``states``."""
    times = []
    for state in states:
        start = _clock()
        legal_plays(state)
        times.append(_clock() - start)
    return statistics.median(times)


def peak_kib(run: Callable[[], object]) -> float:
    """Peak traced memory, in KiB, while ``run`` runs."""
    tracemalloc.start()
    tracemalloc.reset_peak()
    run()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 1024


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Benchmark the raise-the-sum engine.")
    parser.add_argument("--repeats", type=int, default=7, help="runs per figure (default 7)")
    parser.add_argument("--hands", type=int, default=2000, help="hands per run (default 2000)")
    parser.add_argument("--matches", type=int, default=40, help="matches per run (default 40)")
    parser.add_argument("--write", action="store_true", help="also write benchmarks/latest.txt")
    parser.add_argument("--cpu", action="store_true", help="time CPU use, not wall time")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--against", metavar="REV", help="compare with the src/ of this git revision"
    )
    parser.add_argument(
        "--rounds", type=int, default=5, help="runs of each side with --against (default 5)"
    )
    args = parser.parse_args(argv)
    if args.against:
        return compare(args)
    global _clock
    if args.cpu:
        _clock = time.process_time

    rng = Rng.from_seed(20261129)
    rows: list[tuple[str, str, str]] = []

    # legal_plays: the first pass meets every hand's plays for the first time
    # (empty tables of Play objects); later passes meet fresh hands with warm
    # tables (a fresh hand is never in legal_plays' own memo).
    clear_all()
    cold_states, rng = opening_states(rng, args.hands)
    cold = time_each(cold_states) * 1e6
    opening_runs, reply_runs = [], []
    for _ in range(args.repeats):
        states, rng = opening_states(rng, args.hands)
        opening_runs.append(time_each(states) * 1e6)
        states, rng = reply_states(rng, args.hands)
        reply_runs.append(time_each(states) * 1e6)
    states, rng = opening_states(rng, args.hands)
    opening_peak = peak_kib(lambda: time_each(states))
    rows.append(("legal_plays, 8-card opening (empty memo)", f"{cold:.1f} µs", "-"))
    rows.append(
        (
            "legal_plays, 8-card opening",
            f"{statistics.median(opening_runs):.1f} µs",
            f"{opening_peak:.0f} KiB",
        )
    )
    states, rng = reply_states(rng, args.hands)
    reply_peak = peak_kib(lambda: time_each(states))
    rows.append(
        (
            "legal_plays, 8-card reply, random attack",
            f"{statistics.median(reply_runs):.1f} µs",
            f"{reply_peak:.0f} KiB",
        )
    )

    apply_runs, match_runs, action_counts = [], [], []
    for repeat in range(args.repeats):
        apply_times: list[float] = []
        match_times = []
        for m in range(args.matches):
            seed = repeat * 100_000 + m
            start = _clock()
            action_counts.append(random_match(seed))
            match_times.append(_clock() - start)
            random_match(seed, apply_times.append)
        apply_runs.append(statistics.median(apply_times) * 1e6)
        match_runs.append(statistics.median(match_times) * 1e3)
    apply_peak = peak_kib(lambda: random_match(7))
    match_ms = statistics.median(match_runs)
    rows.append(
        ("apply, one action", f"{statistics.median(apply_runs):.1f} µs", f"{apply_peak:.0f} KiB")
    )
    rows.append(
        (
            f"random 4-player match (~{statistics.mean(action_counts):.0f} actions)",
            f"{match_ms:.2f} ms",
            f"{apply_peak:.0f} KiB",
        )
    )
    rows.append(("random 4-player matches per second", f"{1000 / match_ms:.0f}", "-"))

    if args.json:
        sys.stdout.write(json.dumps([[name, value] for name, value, _ in rows]) + "\n")
        return 0
    width = max(len(r[0]) for r in rows)
    lines = [
        f"raise-the-sum benchmarks: median of {args.repeats} runs; {args.hands} hands "
        f"and {args.matches} matches per run",
        f"Python {platform.python_version()} ({platform.python_implementation()}), "
        f"{platform.machine()}, {platform.system()}",
        "",
        f"{'what':<{width}}  {'median':>10}  {'peak memory':>11}",
    ]
    lines += [f"{name:<{width}}  {value:>10}  {peak:>11}" for name, value, peak in rows]
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    if args.write:
        Path(__file__).with_name("latest.txt").write_text(text, encoding="utf-8")
    return 0


def _number(figure: str) -> float:
    return float(figure.split()[0])


def compare(args: argparse.Namespace) -> int:
    """Run this script on a baseline revision's src/ and on the working tree, alternately."""
    root = Path(__file__).resolve().parent.parent
    here = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--json",
        "--cpu",
        "--repeats",
        str(args.repeats),
        "--hands",
        str(args.hands),
        "--matches",
        str(args.matches),
    ]
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(
            ["git", "-C", str(root), "archive", args.against, "src"],
            check=True,
            capture_output=True,
        ).stdout
        with tarfile.open(fileobj=__import__("io").BytesIO(archive)) as tar:
            tar.extractall(folder, filter="data")
        sides = {"baseline": str(Path(folder) / "src"), "this tree": str(root / "src")}
        figures: dict[str, list[list[tuple[str, float]]]] = {side: [] for side in sides}
        for round_ in range(args.rounds):
            # The sides take turns going first: on a shared machine, whichever side runs
            # second in every round was measured slower (the same tree against itself, in
            # that order: 1.17x for apply and 1.31x for a match).
            order = list(sides.items())
            for side, path in order if round_ % 2 == 0 else order[::-1]:
                env = {**os.environ, "PYTHONPATH": path}
                out = subprocess.run(here, check=True, capture_output=True, text=True, env=env)
                figures[side].append([(name, _number(v)) for name, v in json.loads(out.stdout)])
    names = [name for name, _ in figures["baseline"][0]]
    width = max(map(len, names))
    lines = [
        f"raise-the-sum benchmarks against {args.against}: CPU time, median of {args.rounds} "
        f"alternating rounds (each a median of {args.repeats} runs)",
        "",
        f"{'what':<{width}}  {'baseline':>10}  {'this tree':>10}  {'ratio':>6}",
    ]
    for i, name in enumerate(names):
        base = statistics.median(run[i][1] for run in figures["baseline"])
        new = statistics.median(run[i][1] for run in figures["this tree"])
        lines.append(f"{name:<{width}}  {base:>10.2f}  {new:>10.2f}  {new / base:>6.2f}")
    lines.append("(µs per call, ms per match, matches per second: for that row, higher is faster)")
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
