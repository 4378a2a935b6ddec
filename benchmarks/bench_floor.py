"""The enumeration floor and ``legal_plays``, side by side, as ratios (issue 11, section 6).

Run from the repository root, in the project's virtual environment::

    .venv/bin/python benchmarks/bench_floor.py
    .venv/bin/python benchmarks/bench_floor.py --baseline HEAD~1   # matches against a commit

What is measured, in one process, on the same hands:

* **the floor**: the distinct sub-multisets of 1 to 5 cards of a fresh 8-card
  hand, as tuples of ints: ``itertools.combinations`` over the sorted card
  indices, then ``dict.fromkeys`` (no ``Play`` objects, no scoring);
* ``legal_plays`` on the same hands as openings, **fresh** (the first call
  on that hand) and **seen** (the same state again, as rollouts do);
* **whole matches**: random 4-player matches (a random legal action at every
  step). With ``--baseline REV`` the library at commit ``REV`` (``git
  archive``) plays the same seeded matches in a subprocess, runs taken in
  turn with the current tree's, and the ratio of the medians is reported.

Each figure is the median over the hands (or matches) of one run, then the
median of ``--repeats`` runs; the ratios hold from one machine to another.
The targets of the issue: fresh at most 2x the floor, seen at most 0.5x,
and a whole match at most half the previous commit's time.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from itertools import chain, combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MATCHES_CODE = r"""
import json, statistics, sys, time
from raise_the_sum import Phase, Rng, apply, legal_plays, new_game
def match(seed):
    state = new_game(seed=seed)
    rng = Rng.from_seed(seed ^ 0x5EED)
    while state.phase is not Phase.MATCH_OVER:
        legal = legal_plays(state)
        pick, rng = rng.below(len(legal))
        state = apply(state, legal[pick])
first, count = int(sys.argv[1]), int(sys.argv[2])
times = []
for seed in range(first, first + count):
    start = time.perf_counter()
    match(seed)
    times.append(time.perf_counter() - start)
print(json.dumps(statistics.median(times)))
"""


def floor(codes: tuple[int, ...]) -> dict[tuple[int, ...], None]:
    """The enumeration floor: distinct sub-multisets of 1 to 5 cards, as int tuples."""
    return dict.fromkeys(chain.from_iterable(combinations(codes, k) for k in range(1, 6)))


def hands_run(count: int, seed: int) -> tuple[float, float, float]:
    """Median seconds of the floor, ``legal_plays`` fresh and seen, over ``count`` hands."""
    import attrs

    from raise_the_sum import STANDARD_DECK, Rng, legal_plays, new_game

    rng = Rng.from_seed(seed)
    base = new_game(seed=1)
    clock = time.perf_counter
    floors, fresh, seen = [], [], []
    for _ in range(count):
        order, rng = rng.shuffle(range(len(STANDARD_DECK)))
        hand = tuple(sorted(STANDARD_DECK[i] for i in order[:8]))
        state = attrs.evolve(base, hands=(hand, *base.hands[1:]))
        codes = tuple(card.index for card in hand)
        start = clock()
        floor(codes)
        floors.append(clock() - start)
        start = clock()
        legal_plays(state)
        fresh.append(clock() - start)
        start = clock()
        legal_plays(state)
        seen.append(clock() - start)
    return statistics.median(floors), statistics.median(fresh), statistics.median(seen)


def matches_run(src: Path, first: int, count: int) -> float:
    """Median seconds of a random match, with the library found at ``src``."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run(
        [sys.executable, "-c", MATCHES_CODE, str(first), str(count)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    return float(json.loads(out.stdout))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The enumeration floor against legal_plays.")
    parser.add_argument("--repeats", type=int, default=7, help="runs per figure (default 7)")
    parser.add_argument("--hands", type=int, default=2000, help="hands per run (default 2000)")
    parser.add_argument("--matches", type=int, default=20, help="matches per run (default 20)")
    parser.add_argument("--baseline", metavar="REV", help="also time matches at this commit")
    args = parser.parse_args(argv)

    runs = [hands_run(args.hands, 1000 + r) for r in range(args.repeats)]
    floor_s = statistics.median(r[0] for r in runs)
    fresh_s = statistics.median(r[1] for r in runs)
    seen_s = statistics.median(r[2] for r in runs)
    print(f"enumeration floor vs legal_plays: median of {args.repeats} runs of {args.hands} hands")
    print(f"Python {platform.python_version()}, {platform.machine()}, {platform.system()}")
    print()
    print(f"{'what':<38}{'median':>10}{'vs floor':>10}{'target':>8}")
    print(f"{'floor: sub-multisets as int tuples':<38}{floor_s * 1e6:>8.1f}µs{1.0:>9.2f}×")
    print(
        f"{'legal_plays, fresh 8-card opening':<38}{fresh_s * 1e6:>8.1f}µs"
        f"{fresh_s / floor_s:>9.2f}×{'≤ 2×':>8}"
    )
    print(
        f"{'legal_plays, the same hand again':<38}{seen_s * 1e6:>8.1f}µs"
        f"{seen_s / floor_s:>9.2f}×{'≤ 0.5×':>8}"
    )

    current = ROOT / "src"
    if args.baseline:
        with tempfile.TemporaryDirectory() as tmp:
            archive = subprocess.run(
                ["git", "-C", str(ROOT), "archive", args.baseline, "src"],
                capture_output=True,
                check=True,
            )
            subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
            old = Path(tmp) / "src"
            now_runs, old_runs = [], []
            for r in range(args.repeats):
                first = 10_000 * r
                now_runs.append(matches_run(current, first, args.matches))
                old_runs.append(matches_run(old, first, args.matches))
            now_s, old_s = statistics.median(now_runs), statistics.median(old_runs)
        print(f"{'random 4-player match, this tree':<38}{now_s * 1e3:>8.2f}ms")
        print(
            f"{'random 4-player match, ' + args.baseline:<38}{old_s * 1e3:>8.2f}ms{'':>10}{'':>8}"
        )
        print(
            f"{'ratio, this tree / ' + args.baseline:<38}{now_s / old_s:>9.2f}×"
            f"{'':>10}{'≤ 0.5×':>8}"
        )
    else:
        now_s = statistics.median(
            matches_run(current, 10_000 * r, args.matches) for r in range(args.repeats)
        )
        print(
            f"{'random 4-player match':<38}{now_s * 1e3:>8.2f}ms"
            "   (use --baseline REV for the ratio)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
