"""The lobby's page: its time does not grow with the private or finished tables.

Run from the repository root, in the project's virtual environment::

    .venv/bin/python benchmarks/bench_lobby.py

It makes two SQLite stores with the same ``--listed`` public tables, one with
``--few`` other tables (private, or finished) and one with ``--many``, and
times :meth:`SQLiteStore.lobby <raise_the_sum.server.store.SQLiteStore.lobby>`
on each: the first page and a page in the middle (its cursor), ``--limit``
tables a page, the median of ``--repeats`` reads. The page reads one range
of the partial index of the listed tables, so the two columns should match.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

from raise_the_sum.server.store import SQLiteStore

LISTING = json.dumps({"seats": ["human", "human", "riley"], "rules": {"players": 3}})


def fill(path: Path, listed: int, others: int) -> None:
    """A store of ``listed`` public open tables and ``others`` private or finished ones."""

    async def make() -> None:
        await SQLiteStore(path, synchronous="NORMAL").close()  # the layout, made by the store

    asyncio.run(make())
    now = time.time()
    rows = []
    every = (listed + others) // listed  # the listed tables spread among the others
    for number in range(listed + others):
        public = number % every == 0 and number // every < listed
        over = not public and number % 2 == 0
        listing = LISTING if public or number % 3 == 0 else None  # some finished were public
        rows.append(
            (f"t{number:08d}", "{}", "{}", "{}", int(over), now, 0, now - number, listing, public)
        )
    with sqlite3.connect(path) as connection:
        connection.executemany(
            "INSERT INTO tables (id, version, state, setup, extra, over, touched, driven, "
            "created, listing, listed) VALUES (?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )


def timed(path: Path, limit: int, repeats: int) -> tuple[float, float]:
    """The median seconds of the first page, and of a page in the middle."""

    async def run() -> tuple[float, float]:
        store = SQLiteStore(path, synchronous="NORMAL")
        try:
            first = await store.lobby(since=0.0, after=None, limit=limit)
            assert len(first) == limit, "fewer listed tables than a page"
            middle = first[-1]
            times: dict[str, list[float]] = {"first": [], "middle": []}
            for _ in range(repeats):
                for name, after in (("first", None), ("middle", (middle.created, middle.table_id))):
                    start = time.perf_counter()
                    await store.lobby(since=0.0, after=after, limit=limit)
                    times[name].append(time.perf_counter() - start)
            return statistics.median(times["first"]), statistics.median(times["middle"])
        finally:
            await store.close()

    return asyncio.run(run())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--listed", type=int, default=500, help="public open tables")
    parser.add_argument("--few", type=int, default=1_000, help="other tables, the small store")
    parser.add_argument("--many", type=int, default=200_000, help="other tables, the big store")
    parser.add_argument("--limit", type=int, default=20, help="tables a page")
    parser.add_argument("--repeats", type=int, default=200, help="reads timed of each page")
    args = parser.parse_args(argv)
    if args.listed < 2 * args.limit:
        parser.error("--listed: at least two pages (2 x --limit)")
    with tempfile.TemporaryDirectory() as folder:
        results = {}
        for name, others in (("few", args.few), ("many", args.many)):
            path = Path(folder) / f"{name}.db"
            fill(path, args.listed, others)
            results[name] = timed(path, args.limit, args.repeats)
    print(
        f"lobby pages of {args.limit} among {args.listed} listed tables (median of {args.repeats})"
    )
    print(f"{'':>14} {args.few:>12,} others {args.many:>12,} others")
    for index, page in enumerate(("first page", "middle page")):
        few, many = results["few"][index] * 1e6, results["many"][index] * 1e6
        print(f"{page:>14} {few:>15.1f} µs {many:>15.1f} µs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
