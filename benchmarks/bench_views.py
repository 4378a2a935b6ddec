"""``observe`` and ``sample_state``, this tree against a baseline commit, in the same run.

Run from the repository root, in the project's virtual environment::

    .venv/bin/python benchmarks/bench_views.py --baseline main

The search bot samples a full state from its view many times a decision
(``sample_state``), and a server observes every state for every seat
(``observe``), so a change to the views is timed here. Both trees take the
same states: every state of random 4-player matches (a random legal action
at every step, from the library's own generator), each observed from every
seat, and each view sampled once. Each side runs in a fresh process with
the library found at its ``src``, the two taking turns to go first (see
``bench.py``), timed by CPU time; each figure is the median over the rounds,
and the ratio is this tree over the baseline (below 1.00 is faster).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: One side's run: the per-call CPU seconds of observe and of sample_state, as JSON.
CODE = """
import json, sys, time
from raise_the_sum import Phase, Rng, apply, legal_plays, new_game, observe, sample_state

matches = int(sys.argv[1])
states = []
for seed in range(matches):
    state = new_game(seed=seed)
    rng = Rng.from_seed(seed ^ 0x5EED)
    while state.phase is not Phase.MATCH_OVER:
        states.append(state)
        legal = legal_plays(state)
        pick, rng = rng.below(len(legal))
        state = apply(state, legal[pick])
pairs = [(state, seat) for state in states for seat in range(state.rules.players)]
start = time.process_time()
views = [observe(state, seat) for state, seat in pairs]
observing = (time.process_time() - start) / len(pairs)
deals = [Rng.from_seed(n) for n in range(len(views))]
start = time.process_time()
for view, deal in zip(views, deals):
    sample_state(view, deal)
sampling = (time.process_time() - start) / len(views)
print(json.dumps([observing, sampling]))
"""


def run(src: Path, matches: int) -> tuple[float, float]:
    """Seconds per ``observe`` and per ``sample_state`` call, with the library at ``src``."""
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "0"}
    out = subprocess.run(
        [sys.executable, "-c", CODE, str(matches)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    observing, sampling = json.loads(out.stdout)
    return float(observing), float(sampling)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="observe and sample_state against a commit.")
    parser.add_argument("--baseline", metavar="REV", required=True, help="the commit to compare")
    parser.add_argument("--rounds", type=int, default=7, help="runs of each side (default 7)")
    parser.add_argument("--matches", type=int, default=10, help="matches per run (default 10)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", args.baseline, "src"],
            capture_output=True,
            check=True,
        )
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        sides = [("this tree", ROOT / "src"), (args.baseline, Path(tmp) / "src")]
        runs: dict[str, list[tuple[float, float]]] = {name: [] for name, _ in sides}
        for r in range(args.rounds):
            for name, src in sides if r % 2 == 0 else sides[::-1]:
                runs[name].append(run(src, args.matches))
    now, old = (
        tuple(statistics.median(t[i] for t in runs[name]) for i in range(2)) for name, _ in sides
    )
    print(f"median of {args.rounds} runs of {args.matches} random 4-player matches, CPU time")
    print(f"{'what':<16}{'this tree':>12}{args.baseline:>12}{'ratio':>8}")
    for i, what in enumerate(("observe", "sample_state")):
        print(f"{what:<16}{now[i] * 1e6:>10.2f}µs{old[i] * 1e6:>10.2f}µs{now[i] / old[i]:>7.2f}×")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
