"""The game server's group commit: its statements' time with the answers' two table layouts.

Run from the repository root, in the project's virtual environment::

    .venv/bin/python benchmarks/bench_store.py

A group commit's statements (``SQLiteStore._commit_together``: the tables'
versions, the steps, the answers) run on the server's event loop, so their
time is time no other table is served. This writes the same groups, in one
process and in turn, to two databases that differ only in the layout of the
``answers`` table:

* **now**: a rowid table with a ``UNIQUE`` key (the store's own schema): each
  answer, a document of about 1.7 KB, is appended to the table's end, and only
  the index of the keys takes the inserts at random places;
* **before**: ``WITHOUT ROWID``, the rows kept in key order (as the store made
  them before 0.3): two or three answers fill a page, and inserts at random
  places split pages all over the table.

Each group is ``--commits`` commits of distinct tables out of ``--tables``,
each of 1 to 8 versions (a person's action and the bots' after it) and one
answer; the commit itself is ``synchronous=NORMAL``, as the statements are
what is timed, not the disk. It reports the median time of a group's
statements for each layout (after the first fifth of the groups, as the
databases grow) and their ratio.
"""

from __future__ import annotations

import argparse
import random
import secrets
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

from raise_the_sum.server.store import _SCHEMA, Commit, SQLiteStore, StoredStep
from raise_the_sum.server.store import Answer as StoredAnswer

NOW_ANSWERS = """    UNIQUE (table_id, seat, client_id)
);"""
BEFORE_ANSWERS = """    PRIMARY KEY (table_id, seat, client_id)
) WITHOUT ROWID;"""


def schema(layout: str) -> str:
    """The store's schema with the answers laid out as ``layout`` (``now`` or ``before``)."""
    if NOW_ANSWERS not in _SCHEMA:
        raise SystemExit("bench_store: the store's answers table is not the layout expected")
    return _SCHEMA if layout == "now" else _SCHEMA.replace(NOW_ANSWERS, BEFORE_ANSWERS)


def connect(path: Path, layout: str, table_ids: list[str]) -> sqlite3.Connection:
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=NORMAL")
    connection.executescript(schema(layout))
    state = '{"state":"' + "x" * 2500 + '"}'  # about a stored first state's size
    connection.executemany(
        "INSERT INTO tables (id, version, state, setup, extra, over) VALUES (?, 0, ?, ?, ?, 0)",
        [(table_id, state, '{"seats":[]}', '{"rngs":[]}') for table_id in table_ids],
    )
    return connection


def groups(count: int, commits: int, table_ids: list[str], seed: int) -> list[list[Commit]]:
    """``count`` groups of ``commits`` commits each, every table's versions in order."""
    rng = random.Random(seed)
    version = dict.fromkeys(table_ids, 0)
    body = b'{"document":"' + b"d" * 1680 + b'"}'
    made = []
    for _ in range(count):
        group = []
        for table_id in rng.sample(table_ids, commits):
            expected = version[table_id]
            steps = tuple(
                StoredStep(expected + k, k % 4, '{"type":"play","cards":["+3","+5"]}')
                for k in range(1, rng.randint(1, 8) + 1)
            )
            answer = (0, secrets.token_hex(16), StoredAnswer(200, body))
            group.append(Commit(table_id, expected, '{"rngs":[]}', steps, False, answer))
            version[table_id] = expected + len(steps)
        made.append(group)
    return made


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--groups", type=int, default=1500, help="groups (default 1500)")
    parser.add_argument("--commits", type=int, default=12, help="commits a group (default 12)")
    parser.add_argument("--tables", type=int, default=400, help="tables (default 400)")
    args = parser.parse_args(argv)
    table_ids = [secrets.token_urlsafe(9) for _ in range(args.tables)]
    work = groups(args.groups, args.commits, table_ids, seed=1)
    times: dict[str, list[float]] = {"now": [], "before": []}
    with tempfile.TemporaryDirectory() as directory:
        connections = {
            layout: connect(Path(directory) / f"{layout}.db", layout, table_ids) for layout in times
        }
        clock = time.perf_counter
        for group in work:
            jobs = [(lambda connection: None, None, commit) for commit in group]
            for layout, connection in connections.items():  # in turn, the same group
                connection.execute("BEGIN IMMEDIATE")
                start = clock()
                done = SQLiteStore._commit_together(connection, jobs)  # type: ignore[arg-type]
                times[layout].append(clock() - start)
                connection.execute("COMMIT")
                if not done:
                    raise SystemExit(f"bench_store: a compare-and-set failed ({layout})")
        for connection in connections.values():
            connection.close()
    skip = len(work) // 5
    now, before = (statistics.median(times[layout][skip:]) for layout in ("now", "before"))
    print(
        f"group commit statements: {len(work)} groups of {args.commits} commits "
        f"over {args.tables} tables; SQLite {sqlite3.sqlite_version}, Python "
        f"{sys.version.split()[0]}"
    )
    print(f"{'answers rowid + UNIQUE (now)':<40}{now * 1e3:>8.3f} ms")
    print(f"{'answers WITHOUT ROWID (before)':<40}{before * 1e3:>8.3f} ms")
    print(f"{'ratio, now / before':<40}{now / before:>8.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
