"""Instructions per random match, this tree against a baseline commit (callgrind).

Run from the repository root, in the project's virtual environment, with
valgrind installed::

    .venv/bin/python benchmarks/instructions_match.py --baseline 2cfa66e

Wall-clock ratios move with a shared machine's load; an instruction count
does not. For each tree (this one, and ``--baseline REV`` unpacked with
``git archive``) this runs, under ``valgrind --tool=callgrind`` with
``PYTHONHASHSEED=0``, the same random 4-player matches as
``benchmarks/bench_floor.py`` (a random legal action at every step, from
the library's own generator):

* **fresh process**: matches 0 to N - 1 in a new process, as the floor
  benchmark's match figure times them;
* **long process**: the same, after 100 other matches have warmed the
  engine's tables (``--warm``).

The figure is the instructions of the run with the matches less those of
the same run with none (the interpreter's start and the imports), per
match. Instructions are not time (memory and the garbage collector's
pauses cost more than they count), so the README gives both.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from bench_floor import MATCH_CODE  # the same matches as the floor benchmark's

ROOT = Path(__file__).resolve().parent.parent

CODE = (
    MATCH_CODE
    + r"""
import sys
warm, count = int(sys.argv[1]), int(sys.argv[2])
for seed in range(10_000, 10_000 + warm):
    match(seed)
for seed in range(count):
    match(seed)
"""
)


def instructions(src: Path, warm: int, count: int) -> int:
    """The instructions callgrind counts for one run of ``CODE`` with the library at ``src``."""
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "0"}
    out = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-c",
            CODE,
            str(warm),
            str(count),
        ],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise RuntimeError(f"callgrind printed no count:\n{out.stderr[-2000:]}")
    return int(found.group(1))


def per_match(src: Path, warm: int, count: int) -> float:
    """Instructions per match: the run with ``count`` matches less the run with none."""
    return (instructions(src, warm, count) - instructions(src, warm, 0)) / count


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", metavar="REV", help="also count this commit's library")
    parser.add_argument("--matches", type=int, default=20, help="matches counted (default 20)")
    parser.add_argument("--warm", type=int, default=100, help="matches before a long process's")
    args = parser.parse_args(argv)
    trees = [("this tree", ROOT / "src")]
    with tempfile.TemporaryDirectory() as tmp:
        if args.baseline:
            archive = subprocess.run(
                ["git", "-C", str(ROOT), "archive", args.baseline, "src"],
                capture_output=True,
                check=True,
            )
            subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
            trees.append((args.baseline, Path(tmp) / "src"))
        rows = [
            (name, per_match(src, 0, args.matches), per_match(src, args.warm, args.matches))
            for name, src in trees
        ]
    print(f"instructions per random 4-player match (callgrind, {args.matches} matches)")
    print(f"{'tree':<16}{'fresh process':>16}{'long process':>16}")
    for name, fresh, long in rows:
        print(f"{name:<16}{fresh / 1e6:>15.1f}M{long / 1e6:>15.1f}M")
    if len(rows) == 2:
        (_, fresh, long), (name, old_fresh, old_long) = rows
        print(f"{'ratio to ' + name:<16}{fresh / old_fresh:>15.2f}×{long / old_long:>15.2f}×")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
