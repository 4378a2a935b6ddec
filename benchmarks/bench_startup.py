"""Start-up time of the game server against the number of tables it need not load.

Run from the repository root, in the project's virtual environment::

    .venv/bin/python benchmarks/bench_startup.py --tables 20000

It makes databases that hold the same 50 tables whose bots are to act
(which the server resumes at start-up) and ``--tables`` more of each kind
it leaves in the store: finished, archived (idle past the archive time) and
waiting for a person. It times :meth:`TableService.start
<raise_the_sum.server.service.TableService.start>` on each (medians of
``--repeats`` fresh services) and prints the times side by side, with their
ratio. Start-up should not grow with the tables it leaves alone.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from raise_the_sum.server.service import TableService
from raise_the_sum.server.store import SQLiteStore

#: The tables whose bots are to act: the same in every database.
RESUMED = 50


async def _make(db: Path, filler: int) -> None:
    store = SQLiteStore(db)
    service = TableService(store, pace=3600)
    await service.start()
    for seed in range(RESUMED):
        await service.create(["random", "human", "random"], seed=seed)
    await service.close()
    await store.close()
    with sqlite3.connect(db) as connection:
        row = connection.execute(
            "SELECT state, setup, extra FROM tables WHERE over = 0 LIMIT 1"
        ).fetchone()
        rows = []
        for number in range(filler):
            rows.append((f"finished-{number}", *row, 1, time.time(), 0))
            rows.append((f"archived-{number}", *row, 0, 0.0, 1))
            rows.append((f"waiting-{number}", *row, 0, time.time(), 0))
        connection.executemany(
            "INSERT INTO tables (id, version, state, setup, extra, over, touched, driven) "
            "VALUES (?, 0, ?, ?, ?, ?, ?, ?)",
            rows,
        )
    connection.close()


async def _start(db: Path) -> float:
    store = SQLiteStore(db)
    service = TableService(store, pace=3600)
    began = time.perf_counter()
    await service.start()
    took = time.perf_counter() - began
    await service.close()
    await store.close()
    return took


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20_000, help="of each kind left alone")
    parser.add_argument("--repeats", type=int, default=7, help="fresh services timed (median)")
    args = parser.parse_args(argv)
    times: dict[int, float] = {}
    with tempfile.TemporaryDirectory() as directory:
        for filler in (0, args.tables):
            db = Path(directory) / f"tables-{filler}.db"
            asyncio.run(_make(db, filler))
            times[filler] = statistics.median(asyncio.run(_start(db)) for _ in range(args.repeats))
    print(f"start-up with {RESUMED} tables to resume (median of {args.repeats}):")
    for filler, took in times.items():
        print(f"  {3 * filler:>7,} tables left alone: {1000 * took:8.1f} ms")
    print(f"  ratio: {times[args.tables] / times[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
