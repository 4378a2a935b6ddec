"""A tournament's speed against a baseline commit: one process, and two worker processes.

Run from the repository root, in the project's virtual environment::

    .venv/bin/python benchmarks/bench_tournament.py --baseline main [--rounds 5] [--matches 300]

This extracts ``src/`` of the baseline revision into a temporary folder and
plays, in fresh processes taking turns to go first, ``--matches`` seeded
4-player matches of the library's bots (greedy, random, cautious, random):
once in one process (CPU time) and once with ``jobs=2`` (wall time, the
pool's start included). Each figure is the median over ``--rounds``, and the
ratio is the working tree's over the baseline's (below 1.00 is faster).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CODE = r"""
import json, sys, time
from raise_the_sum.bots import CautiousBot, GreedyBot, RandomBot
from raise_the_sum.tournament import run_tournament
bots = [GreedyBot(), RandomBot(), CautiousBot(), RandomBot()]
matches = int(sys.argv[1])
run_tournament(bots, 20, seed=9)
cpu = time.process_time()
run_tournament(bots, matches, seed=1)
one = time.process_time() - cpu
wall = time.perf_counter()
run_tournament(bots, matches, seed=1, jobs=2)
two = time.perf_counter() - wall
print(json.dumps([one, two]))
"""


def measure(src: Path, matches: int) -> list[float]:
    done = subprocess.run(
        [sys.executable, "-c", CODE, str(matches)],
        env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    )
    figures: list[float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", required=True, help="a git revision")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--matches", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        archive = Path(folder) / "base.tar"
        subprocess.run(
            ["git", "-C", str(ROOT), "archive", "-o", str(archive), args.baseline, "src"],
            check=True,
        )
        with tarfile.open(archive) as tar:
            tar.extractall(folder, filter="data")
        sides = {"baseline": Path(folder) / "src", "working tree": ROOT / "src"}
        got: dict[str, list[list[float]]] = {side: [] for side in sides}
        for round_ in range(args.rounds):
            order = list(sides) if round_ % 2 == 0 else list(sides)[::-1]
            for side in order:
                got[side].append(measure(sides[side], args.matches))
    medians = {
        side: [statistics.median(run[i] for run in runs) for i in range(2)]
        for side, runs in got.items()
    }
    print(f"{args.matches} matches, {args.rounds} rounds, baseline {args.baseline}")
    for i, what in enumerate(("one process, CPU s", "jobs=2, wall s")):
        base, work = medians["baseline"][i], medians["working tree"][i]
        print(f"{what:20} baseline {base:7.3f}  working tree {work:7.3f}  ratio {work / base:.2f}")


if __name__ == "__main__":
    main()
