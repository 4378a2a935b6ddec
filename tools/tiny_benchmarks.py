"""Run every benchmark once, in a tiny mode, so that none rots unnoticed (``.ci/run`` does).

The figures of such a run mean nothing: this checks only that each script
still runs to the end and exits 0. Run from the repository's root::

    .venv/bin/python tools/tiny_benchmarks.py
    .venv/bin/python tools/tiny_benchmarks.py bench_store score_table   # some of them

Every script in ``benchmarks/`` must have its tiny arguments in :data:`TINY`
(a new benchmark without them fails the run). ``instructions_match.py``
needs valgrind; without it, it is reported as not run. ``yardstick_docs.py``
rewrites ``docs/bots.rst``: it runs in a scratch folder holding copies of the
files it reads and writes, so that the repository is left as it was.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"

#: The benchmarks that write into the repository, with the files they read or write there.
WRITERS: dict[str, tuple[str, ...]] = {
    "yardstick_docs.py": ("benchmarks/yardstick.jsonl", "docs/bots.rst"),
}

#: Each benchmark's arguments for one quick run; ``{tmp}`` is a scratch folder.
TINY: dict[str, tuple[str, ...]] = {
    "bench.py": ("--repeats", "1", "--hands", "20", "--matches", "1", "--rounds", "1"),
    "bench_encoding.py": ("--repeats", "1", "--hands", "20", "--matches", "1"),
    "bench_events.py": ("--repeats", "1", "--matches", "1"),
    "bench_floor.py": ("--repeats", "1", "--hands", "20", "--matches", "1", "--warmup", "10"),
    "bench_lobby.py": ("--listed", "40", "--few", "10", "--many", "100", "--repeats", "2"),
    "bench_move_limit.py": ("--decisions", "20", "--repeats", "1"),
    "bench_pettingzoo.py": ("--repeats", "1", "--seconds", "0.2"),
    "bench_records.py": ("--repeats", "1", "--inner", "1"),
    "bench_search_strength.py": (
        ("--matches", "2", "--move-ms", "1", "--hands", "20", "--repeats", "1")
    ),
    "bench_startup.py": ("--tables", "100", "--repeats", "1"),
    "bench_store.py": ("--groups", "5", "--commits", "2", "--tables", "3"),
    "bench_tournament.py": ("--baseline", "HEAD", "--rounds", "1", "--matches", "2"),
    "bench_views.py": ("--baseline", "HEAD", "--rounds", "1", "--matches", "1"),
    "bench_web.py": ("--repeats", "1"),
    "bench_wire.py": ("--states", "5", "--repeats", "1"),
    "instructions_match.py": ("--matches", "1", "--warm", "1"),
    "load_server.py": ("--tables", "2", "--seconds", "1", "--warmup", "0", "--compare"),
    "score_table.py": ("--tiny",),
    "yardstick.py": ("--matches", "1", "--budget", "0.01", "--out", "{tmp}/yardstick.jsonl"),
    "yardstick_docs.py": (),
}


def main(argv: list[str] | None = None) -> int:
    """Run the chosen benchmarks (all by default); 1 if one fails or has no tiny mode."""
    names = sys.argv[1:] if argv is None else argv
    scripts = sorted(path.name for path in BENCHMARKS.glob("*.py"))
    missing = [name for name in scripts if name not in TINY]
    if missing:
        print(f"tiny benchmarks: no tiny arguments for {', '.join(missing)}", file=sys.stderr)
        return 1
    chosen = [name for name in scripts if not names or name.removesuffix(".py") in names]
    failed = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in chosen:
            if name == "instructions_match.py" and shutil.which("valgrind") is None:
                print(f"tiny benchmarks: {name} not run (no valgrind)")
                continue
            arguments = [argument.replace("{tmp}", tmp) for argument in TINY[name]]
            folder = ROOT
            if name in WRITERS:
                folder = Path(tmp) / name.removesuffix(".py")
                for file in WRITERS[name]:
                    (folder / file).parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy(ROOT / file, folder / file)
            start = time.monotonic()
            done = subprocess.run(
                [sys.executable, str(BENCHMARKS / name), *arguments],
                cwd=folder,
                capture_output=True,
                text=True,
                timeout=600,
                check=False,
            )
            took = time.monotonic() - start
            print(f"tiny benchmarks: {name} exit {done.returncode} ({took:.1f} s)", flush=True)
            if done.returncode != 0:
                failed.append(name)
                print(done.stdout[-2000:], done.stderr[-3000:], sep="\n", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
