"""The store: where tables live between requests, behind a small interface.

The table service keeps nothing that a restart needs anywhere else. The
store holds, for each table, its current version, the state it was created
with, each version's step (the seat and its action), the token hashes, and
the first answer to every client action id. A table's first state and its
actions are its match record: the table service replays the steps to
rebuild the rest (the engine is deterministic, as records' replays rely
on).

:class:`Store` is the whole interface: a handful of async methods over
plain text, so that a store need know nothing of the game. Its one
concurrency primitive is :meth:`Store.commit`, a compare-and-set on the
version: it writes version ``N + 1`` only if the table is still at ``N``.
A PostgreSQL store can keep the same contract with
``UPDATE ... WHERE version = N`` inside a transaction, and several server
processes sharing it then never lose a write; none of the callers change.

:class:`SQLiteStore` is the embedded default. It runs SQLite in WAL mode
with ``synchronous=FULL`` and commits the writes that arrive together in one
transaction (a group commit): each write is still all-or-nothing, and a
caller hears back only after the transaction holding its write is on disk.
The statements run on the event loop's thread, which holds the GIL anyway
(they take tens of microseconds); only the ``COMMIT``, the write to disk,
runs on a thread of its own, with the GIL let go, while the next group
gathers. The commits of a group go in a few multi-row
statements when every compare-and-set holds (the common case), else the
transaction starts again with each in a savepoint of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final, Protocol, TypeVar

import attrs

__all__ = [
    "SCHEMA_VERSION",
    "Answer",
    "Commit",
    "Listed",
    "NewTable",
    "SQLiteStore",
    "StoreError",
    "StoreUnavailable",
    "StoredStep",
    "Store",
    "StoredTable",
    "is_postgres_url",
]

T = TypeVar("T")

#: The layout of the database that this store writes (SQLite's ``user_version``). A database
#: of an earlier layout is upgraded when it is opened; one of a later layout is refused.
SCHEMA_VERSION: Final = 2


def is_postgres_url(db: str | Path) -> bool:
    """True when ``db`` names a PostgreSQL database rather than an SQLite file.

    >>> is_postgres_url("postgresql://game@db.example.com:5432/tables")
    True
    >>> is_postgres_url("postgres://game@db.example.com/tables"), is_postgres_url("tables.db")
    (True, False)
    """
    return isinstance(db, str) and db.startswith(("postgresql://", "postgres://"))


class StoreError(Exception):
    """The store cannot be used: the database is missing, unreadable, corrupt or too new.

    The message is one line that names the file and the problem.
    """


class StoreUnavailable(StoreError):
    """A read or a write failed for a reason outside the request (a full disk, an I/O error).

    Nothing of the failed write was kept. The server answers 503 ``unavailable``;
    the same request may succeed later. :attr:`reason` says why in a few words.
    """

    def __init__(self, message: str, reason: str = "the database cannot be used") -> None:
        super().__init__(message)
        #: Why, in a few words a client may read: "the disk is full", "an I/O error", ...
        self.reason = reason


@attrs.frozen
class Answer:
    """The first answer to a client action id: its HTTP status and its body, byte for byte."""

    #: The HTTP status code (200, 409 or 422).
    status: int
    #: The response body, UTF-8 JSON.
    body: bytes


@attrs.frozen
class StoredStep:
    """One version of a table: the action that made it and what happened."""

    #: The version this step produced (the first action makes version 1).
    version: int
    #: The seat that acted.
    seat: int
    #: The action, wire JSON.
    action: str


@attrs.frozen
class NewTable:
    """A table as created: version 0."""

    #: The table's id.
    table_id: str
    #: The state, wire JSON (with the seed and the generator: the store is trusted).
    state: str
    #: What the table was created with and never changes, JSON text (seats, deck, ...).
    setup: str
    #: The service's per-table data that changes with the state (the bots' generators), JSON.
    extra: str
    #: The SHA-256 hex of each human seat's token, by seat.
    token_hashes: tuple[tuple[int, str], ...]
    #: True once the match is over.
    over: bool = False
    #: True when the server acts next (a bot's turn, the pause between rounds, a turn with a
    #: time limit): such a table is resumed at start-up (:meth:`Store.resumable`); the others
    #: wait to be asked for.
    driven: bool = True
    #: For a table listed in the lobby, what the lobby shows of it (public JSON text: the
    #: seats, the rules); None for a private table, which the lobby never lists.
    listing: str | None = None
    #: The table's seating, JSON text: what changes at the table but is not the match (the
    #: seats' names, who left); written again by :meth:`Store.seating`.
    seating: str = "{}"
    #: When the table was created (seconds since the epoch), as the service holds it (a
    #: turn's deadline derives from it); None: when the store writes it.
    touched: float | None = None


@attrs.frozen
class Listed:
    """A table in the lobby (:meth:`Store.lobby`): public, open, with a free human seat."""

    #: The table's id.
    table_id: str
    #: When it was created, in seconds since the epoch.
    created: float
    #: What the lobby shows of it, as created (:attr:`NewTable.listing`).
    listing: str
    #: The seats taken (:meth:`Store.take`, :meth:`Store.claim`), in order.
    taken: tuple[int, ...]


@attrs.frozen
class StoredTable:
    """A table as loaded: its current version, with everything since its creation."""

    #: The table's id.
    table_id: str
    #: The current version (0 before any action).
    version: int
    #: The state the table was created with, wire JSON (the steps replay from it).
    state: str
    #: What the table was created with, JSON text.
    setup: str
    #: The service's per-table data at this version, JSON text.
    extra: str
    #: The SHA-256 hex of each human seat's token, by seat.
    token_hashes: tuple[tuple[int, str], ...]
    #: Every step (after the version :meth:`Store.load` was asked for), the oldest first.
    steps: tuple[StoredStep, ...]
    #: Every client action id answered at the table, as ``(seat, id)``: the answers stay in the
    #: store, to be read (:meth:`Store.answer`) when an id comes again.
    answered: tuple[tuple[int, str], ...] = ()
    #: When the table was created or last committed to, in seconds since the epoch.
    touched: float = 0.0
    #: True once the match is over.
    over: bool = False
    #: The human seats taken: whose token was used, or that were claimed in the lobby.
    taken: tuple[int, ...] = ()
    #: The table's seating, JSON text (see :attr:`NewTable.seating`).
    seating: str = "{}"

    @classmethod
    def of_rows(
        cls,
        table_id: str,
        row: Sequence[Any],
        tokens: Sequence[Sequence[Any]],
        steps: Sequence[Sequence[Any]],
        answered: Sequence[Sequence[Any]],
    ) -> StoredTable:
        """The table from a store's rows, as both stores read them.

        ``row`` is ``(version, state, setup, extra, touched, over, taken, seating)``,
        with ``taken`` a bit mask of the seats (bit ``n`` is seat ``n``); ``tokens``
        are ``(seat, hash)``, ``steps`` ``(version, seat, action)``, oldest
        first, and ``answered`` ``(seat, client id)``.
        """
        return cls(
            table_id=table_id,
            version=row[0],
            state=row[1],
            setup=row[2],
            extra=row[3],
            token_hashes=tuple((seat, digest) for seat, digest in tokens),
            steps=tuple(StoredStep(version, seat, action) for version, seat, action in steps),
            answered=tuple((seat, client_id) for seat, client_id in answered),
            touched=row[4],
            over=bool(row[5]),
            taken=seats_of_mask(row[6]),
            seating=row[7],
        )


@attrs.frozen
class Commit:
    """A write of versions ``expected + 1`` on, applied only if the table is still at ``expected``.

    One commit may hold several steps (a burst of bots' actions): each is a
    version of its own, and they are written all together or not at all.
    """

    #: The table's id.
    table_id: str
    #: The version the step was computed from.
    expected: int
    #: The service's per-table data after the last step, JSON text.
    extra: str
    #: The steps, one or more: versions ``expected + 1``, ``expected + 2``, ... in order.
    steps: tuple[StoredStep, ...] = attrs.field()
    #: True when the match is over after the last step.
    over: bool
    #: The client action the first step answers, as ``(seat, id, answer)``, or None for bots'.
    answer: tuple[int, str, Answer] | None = None
    #: True when the server acts next after this commit (see :attr:`NewTable.driven`).
    driven: bool = True
    #: When the commit was made (seconds since the epoch), as the service holds it (the next
    #: turn's deadline derives from it); None: when the store writes it.
    touched: float | None = None

    @steps.validator
    def _consecutive(self, attribute: object, steps: tuple[StoredStep, ...]) -> None:
        wanted = list(range(self.expected + 1, self.expected + 1 + len(steps)))
        if not steps or [step.version for step in steps] != wanted:
            raise ValueError(f"steps: versions {self.expected + 1} on, in order, at least one")

    @property
    def version(self) -> int:
        """The version after the commit: that of the last step."""
        return self.steps[-1].version


class Store(Protocol):
    """Where tables are kept: the interface every store implements.

    All methods are coroutines. Nothing here knows the game: states, steps
    and settings are text that the table service encodes.
    """

    async def create(self, table: NewTable) -> None:
        """Store a new table at version 0 with its token hashes."""
        ...

    async def load(self, table_id: str, *, after: int = 0) -> StoredTable | None:
        """The table with every step after version ``after`` (all of them by default), or
        None when there is no such table.

        A process that holds the table at version ``after`` reads only the
        steps it does not have.
        """
        ...

    async def commit(self, commit: Commit) -> bool:
        """Write ``commit`` if the table is still at ``commit.expected``: compare-and-set.

        All or nothing: the version, the state (unless None), the steps and
        the answer. False, with
        nothing written, when the version moved on or the client id was
        already answered.
        """
        ...

    async def remember(
        self, table_id: str, seat: int, client_id: str, answer: Answer, *, keep: int
    ) -> Answer:
        """Keep ``answer`` as the first answer to ``client_id`` unless one is kept; the kept one.

        ``answer`` is a refusal. The seat's ``keep`` latest refusals at the
        table are kept; older ones are forgotten, oldest first.
        """
        ...

    async def answer(self, table_id: str, seat: int, client_id: str) -> Answer | None:
        """The first answer to ``client_id`` from ``seat`` at the table, or None."""
        ...

    async def token(self, token_hash: str) -> tuple[str, int] | None:
        """The table and seat a token hash belongs to, or None."""
        ...

    async def seating(self, table_id: str, seating: str, *, driven: bool) -> None:
        """Write the table's seating (JSON text, see :attr:`NewTable.seating`), whole.

        ``driven`` is whether the server acts next now (a seat handed to a
        bot may make it so). The version, the steps and ``touched`` stay as
        they are: a change of seating is no action. Nothing is written for
        a table that does not exist.
        """
        ...

    async def resumable(self, since: float) -> tuple[str, ...]:
        """The ids of the tables to resume at start-up.

        Those whose match is not over, where the server acts next
        (``driven``), created or committed to at ``since`` (seconds since
        the epoch) or later. Its cost grows with the number of such tables
        only, not with the finished, waiting or idle ones.
        """
        ...

    async def take(self, table_id: str, seat: int, humans: tuple[int, ...]) -> bool:
        """Note that ``seat``'s token was used: the seat is taken; True if it was free.

        ``humans`` are the table's human seats: once all of them are taken,
        the table leaves the lobby.
        """
        ...

    async def claim(
        self, table_id: str, seat: int, token_hash: str, humans: tuple[int, ...]
    ) -> bool:
        """Take a free seat of a listed table, with a new token: a compare-and-set.

        All or nothing: if the table is listed (:meth:`lobby`) and ``seat``
        is not taken, the seat is taken, its token hash becomes
        ``token_hash`` (the old token, an invitation never used, stops
        working), and the table leaves the lobby once all ``humans`` are
        taken. False, with nothing written, otherwise: of two claims of
        one seat, exactly one is True.
        """
        ...

    async def lobby(
        self, *, since: float, after: tuple[float, str] | None, limit: int
    ) -> tuple[Listed, ...]:
        """Up to ``limit`` listed tables touched at ``since`` or later, the newest first.

        A table is listed from its creation if it has a listing, until its
        match is over, its human seats are all taken, or it is idle
        (:meth:`unlist`). ``after`` is the ``(created, id)`` of the last
        table of the page before (tables come by ``created`` then ``id``,
        both descending). Its cost grows with the tables listed, never
        with the private or finished ones.
        """
        ...

    async def unlist(self, before: float) -> int:
        """Take the listed tables not touched since ``before`` out of the lobby; how many."""
        ...

    async def close(self) -> None:
        """Finish pending writes and release the store."""
        ...


_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    state TEXT NOT NULL,
    setup TEXT NOT NULL,
    extra TEXT NOT NULL,
    over INTEGER NOT NULL,
    touched REAL NOT NULL DEFAULT 0,
    driven INTEGER NOT NULL DEFAULT 1,
    created REAL NOT NULL DEFAULT 0,
    taken INTEGER NOT NULL DEFAULT 0,
    listing TEXT,
    listed INTEGER NOT NULL DEFAULT 0,
    seating TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS steps (
    table_id TEXT NOT NULL,
    version INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, version)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS tokens (
    hash TEXT PRIMARY KEY,
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS answers (
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    client_id TEXT NOT NULL,
    status INTEGER NOT NULL,
    body BLOB NOT NULL,
    UNIQUE (table_id, seat, client_id)
);
"""

#: The indexes, made once the tables have every column (after an upgrade).
_INDEXES = """
CREATE INDEX IF NOT EXISTS tables_resumable ON tables (touched) WHERE over = 0 AND driven = 1;
CREATE INDEX IF NOT EXISTS tables_lobby ON tables (created DESC, id DESC) WHERE listed = 1;
"""

#: The upgrades from each earlier layout, by the ``user_version`` they start from. Layout 1
#: kept each step's events, which the service now rebuilds by replay, and lacked the lobby's
#: columns (when a table was created, its seats taken, a bit each, its listing and whether
#: it is listed: its tables are private, their seats not yet taken) and the tables'
#: ``seating`` (names, who left), which starts empty.
_UPGRADES: Final = {
    1: """
ALTER TABLE steps DROP COLUMN events;
ALTER TABLE tables ADD COLUMN created REAL NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN taken INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN listing TEXT;
ALTER TABLE tables ADD COLUMN listed INTEGER NOT NULL DEFAULT 0;
UPDATE tables SET created = touched;
ALTER TABLE tables ADD COLUMN seating TEXT NOT NULL DEFAULT '{}';
""",
}

#: The SQLite errors that say the database cannot be used now (the disk, the file), not that
#: the request is wrong, with what a client is told: a request meeting one gets
#: :class:`StoreUnavailable`.
_UNAVAILABLE: Final = {
    "SQLITE_FULL": "the disk is full",
    "SQLITE_IOERR": "the disk failed (an I/O error)",
    "SQLITE_BUSY": "the database is busy",
    "SQLITE_LOCKED": "the database is locked",
    "SQLITE_READONLY": "the database is read-only",
    "SQLITE_CANTOPEN": "the database file cannot be opened",
    "SQLITE_CORRUPT": "the database file is damaged",
    "SQLITE_NOTADB": "the file is not a database",
    "SQLITE_PERM": "the database file may not be written",
}


def _outside(error: BaseException, path: Path) -> BaseException:
    """``error`` as the caller should see it: a failure of the database is StoreUnavailable."""
    name = getattr(error, "sqlite_errorname", None)
    if isinstance(name, str):
        for prefix, reason in _UNAVAILABLE.items():
            if name.startswith(prefix):
                return StoreUnavailable(f"{path}: {error} ({name})", reason)
    return error


# The answers are documents (about 1.7 KB on average): kept in rowid order, each is appended
# to the end of the table, and only the small index of their keys takes the random inserts.
# Stored in key order (WITHOUT ROWID), two or three fit a page, and an insert splits pages
# all over the table: a group's statements take about 1.5 times as long
# (benchmarks/bench_store.py).

#: A job for the writer thread: runs on the connection inside the open transaction.
_Job = Callable[[sqlite3.Connection], Any]

#: The rows one multi-row statement writes at most (well under SQLite's 32,766 parameters).
_ROWS: Final = 400


def _rows(connection: sqlite3.Connection, sql: str, rows: Sequence[tuple[Any, ...]]) -> int:
    """Run ``sql``, its ``{}`` being the rows' ``VALUES``, ``_ROWS`` at a time; rows changed."""
    changed = 0
    for start in range(0, len(rows), _ROWS):
        chunk = rows[start : start + _ROWS]
        marks = "(" + ", ".join("?" * len(chunk[0])) + ")"
        cursor = connection.execute(
            sql.format(", ".join([marks] * len(chunk))), [value for row in chunk for value in row]
        )
        changed += cursor.rowcount
    return changed


def seats_of_mask(mask: int) -> tuple[int, ...]:
    """The seats of a bit mask, in order: bit ``n`` is seat ``n``.

    >>> seats_of_mask(0b1010)
    (1, 3)
    """
    return tuple(seat for seat in range(mask.bit_length()) if mask >> seat & 1)


def mask_of_seats(seats: Sequence[int]) -> int:
    """The bit mask of ``seats`` (:func:`seats_of_mask` the other way)."""
    return sum(1 << seat for seat in set(seats))


def _take(
    db: sqlite3.Connection, table_id: str, seat: int, humans: Sequence[int], where: str
) -> bool:
    """Set ``seat``'s bit in the table's ``taken`` if it is clear (and ``where``); True if so.

    Once every one of ``humans`` is taken, the table is listed no more.
    """
    bit, full = 1 << seat, mask_of_seats(humans)
    cursor = db.execute(
        "UPDATE tables SET taken = taken | ?, "
        "listed = CASE WHEN ((taken | ?) & ?) = ? THEN 0 ELSE listed END "
        f"WHERE id = ? AND (taken & ?) = 0{where}",
        (bit, bit, full, full, table_id, bit),
    )
    return cursor.rowcount == 1


def _settle(results: list[tuple[asyncio.Future[Any], Any, BaseException | None]]) -> None:
    """On the futures' event loop: give each its value or its error (unless it was cancelled).

    Both stores settle their jobs' futures with it.
    """
    for future, value, error in results:
        if future.done():
            continue
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(value)


class SQLiteStore:
    """The embedded store: one SQLite file, WAL mode, group commits written to disk on a thread.

    ``SQLiteStore(path)`` opens (or creates) the database; use it from one
    running event loop (the writes' statements run on it, their ``COMMIT``
    on the writer thread). ``synchronous="FULL"`` (the default) makes each
    commit durable against a power cut; ``"NORMAL"`` only against a crash
    of the process, which is cheaper. Reads run on a second connection, so
    they never wait behind a group commit.
    """

    def __init__(self, path: str | Path, *, synchronous: str = "FULL") -> None:
        if synchronous not in ("FULL", "NORMAL"):
            raise ValueError(f"synchronous: 'FULL' or 'NORMAL', got {synchronous!r}")
        self.path = Path(path)
        self._synchronous = synchronous
        # A write job may carry its Commit, for the batched statements (None: run it alone).
        self._pending: list[tuple[_Job, asyncio.Future[Any], Commit | None]] = []
        self._writing = False  # a group is between its BEGIN and the end of its COMMIT
        # The groups whose statements are done, for the committer thread to COMMIT.
        self._jobs: queue.SimpleQueue[
            tuple[
                asyncio.AbstractEventLoop,
                list[tuple[asyncio.Future[Any], Any, BaseException | None]],
            ]
            | None
        ] = queue.SimpleQueue()
        self._reads: queue.SimpleQueue[tuple[_Job, asyncio.Future[Any], None] | None] = (
            queue.SimpleQueue()
        )
        try:
            self._connection = self._connect()
            self._upgrade(self._connection)
            reading = self._connect()
        except sqlite3.Error as error:
            raise StoreError(f"{self.path}: cannot use the database: {error}") from None
        self._writer = threading.Thread(
            target=self._commit_loop, args=(self._connection,), name="store-writer", daemon=True
        )
        self._reader = threading.Thread(
            target=self._read_loop, args=(reading,), name="store-reader", daemon=True
        )
        self._writer.start()
        self._reader.start()
        self._closed = False

    def _connect(self) -> sqlite3.Connection:
        if self.path.is_dir():
            raise StoreError(f"{self.path}: is a folder, not a database file")
        connection = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute(f"PRAGMA synchronous={self._synchronous}")
        connection.execute("PRAGMA busy_timeout=10000")
        return connection

    def _upgrade(self, connection: sqlite3.Connection) -> None:
        """Make the tables, or bring an earlier layout up to :data:`SCHEMA_VERSION`, at once."""
        connection.execute("BEGIN IMMEDIATE")
        try:
            (layout,) = connection.execute("PRAGMA user_version").fetchone()
            if layout > SCHEMA_VERSION:
                raise StoreError(
                    f"{self.path}: the database has layout {layout}, made by a newer "
                    f"raise-the-sum (this one reads up to layout {SCHEMA_VERSION})"
                )
            existing = connection.execute(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'tables'"
            ).fetchone()[0]
            if existing and layout not in _UPGRADES and layout < SCHEMA_VERSION:
                raise StoreError(
                    f"{self.path}: the database has layout {layout}, made by a development "
                    "version before the first release: start a new database"
                )
            if existing and layout < SCHEMA_VERSION:
                for step in range(layout, SCHEMA_VERSION):
                    for statement in _UPGRADES[step].split(";"):
                        if statement.strip():
                            connection.execute(statement)
            for statement in (_SCHEMA + _INDEXES).split(";"):
                if statement.strip():
                    connection.execute(statement)
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")

    # --- the writes and the two threads -------------------------------------------------------

    @staticmethod
    def _deliver(results: list[tuple[asyncio.Future[Any], Any, BaseException | None]]) -> None:
        """Settle the futures on their event loop: one wake-up of the loop for the whole batch."""
        by_loop: dict[asyncio.AbstractEventLoop, list[Any]] = {}
        for result in results:
            by_loop.setdefault(result[0].get_loop(), []).append(result)
        for loop, batch in by_loop.items():
            loop.call_soon_threadsafe(_settle, batch)

    def _group(self) -> None:
        """On the event loop: run the pending jobs' statements in one transaction, then hand
        its ``COMMIT`` to the writer thread (``_commit_loop``)."""
        batch, self._pending = self._pending, []
        self._writing = True
        connection = self._connection
        results: list[tuple[asyncio.Future[Any], Any, BaseException | None]] = []
        try:
            connection.execute("BEGIN IMMEDIATE")
            commits = [job for job in batch if job[2] is not None]
            others = [job for job in batch if job[2] is None]
            try:
                together = bool(commits) and self._commit_together(connection, commits)
            except Exception:  # one commit's bad data: find it, each job on its own below
                together = False
            if together:
                results += [(future, True, None) for _, future, _ in commits]
            elif commits:  # nothing of it stays: each job on its own, in a savepoint
                connection.execute("ROLLBACK")
                connection.execute("BEGIN IMMEDIATE")
                others = batch
            for number, (run, future, _) in enumerate(others):
                savepoint = f"job{number}"
                connection.execute(f"SAVEPOINT {savepoint}")
                try:
                    value = run(connection)
                except Exception as error:  # this job's alone: the others go on
                    connection.execute(f"ROLLBACK TO {savepoint}")
                    connection.execute(f"RELEASE {savepoint}")
                    results.append((future, None, _outside(error, self.path)))
                else:
                    if value is False:  # a failed compare-and-set writes nothing
                        connection.execute(f"ROLLBACK TO {savepoint}")
                    connection.execute(f"RELEASE {savepoint}")
                    results.append((future, value, None))
        except Exception as error:  # the transaction itself failed (the disk, the file)
            with contextlib.suppress(sqlite3.Error):
                if connection.in_transaction:
                    connection.execute("ROLLBACK")
            failed = _outside(error, self.path)
            self._written([(future, None, failed) for _, future, _ in batch])
            return
        self._jobs.put((asyncio.get_running_loop(), results))

    def _written(
        self, results: list[tuple[asyncio.Future[Any], Any, BaseException | None]]
    ) -> None:
        """On the event loop: a group is on disk (or failed); answer it, start the next one."""
        _settle(results)
        self._writing = False
        if self._pending:  # after the answered tasks have run (they were woken first)
            asyncio.get_running_loop().call_soon(self._next_group)

    def _next_group(self) -> None:
        """On the event loop: start the next group, unless a write started one already."""
        if not self._writing and self._pending:
            self._group()

    def _commit_loop(self, connection: sqlite3.Connection) -> None:
        """The writer thread: each group's ``COMMIT`` (the write to disk, the GIL let go)."""
        while True:
            job = self._jobs.get()
            if job is None:
                break
            loop, results = job
            try:
                connection.execute("COMMIT")
            except Exception as error:  # nothing of the group is on disk: each caller hears so
                with contextlib.suppress(sqlite3.Error):
                    if connection.in_transaction:
                        connection.execute("ROLLBACK")
                failed = _outside(error, self.path)
                results = [(future, None, failed) for future, _, _ in results]
            loop.call_soon_threadsafe(self._written, results)
        connection.close()

    @staticmethod
    def _commit_together(
        connection: sqlite3.Connection,
        jobs: list[tuple[_Job, asyncio.Future[Any], Commit | None]],
    ) -> bool:
        """Write the commits of a group with a few multi-row statements; True if all succeeded.

        The common case, for one commit as for many: three statements (the
        versions, the steps, the answers), where a statement or two per
        commit and a savepoint around each cost more (each statement is a
        call into SQLite that lets go of the GIL). It holds only when every
        compare-and-set succeeds and no answer's id was taken. On False the
        caller rolls the transaction back (this runs first in it, so nothing
        else is lost) and writes the commits one by one, each all or nothing.
        """
        commits = [commit for _, _, commit in jobs if commit is not None]
        if len({commit.table_id for commit in commits}) != len(commits):
            return False  # two commits of one table: in order, one by one
        now = time.time()
        moves = [
            (
                c.table_id,
                c.expected,
                c.version,
                c.extra,
                int(c.over),
                now if c.touched is None else c.touched,
                int(c.driven),
            )
            for c in commits
        ]
        steps = [
            (commit.table_id, step.version, step.seat, step.action)
            for commit in commits
            for step in commit.steps
        ]
        answers = [
            (commit.table_id, *commit.answer[:2], commit.answer[2].status, commit.answer[2].body)
            for commit in commits
            if commit.answer is not None
        ]
        if _rows(
            connection,
            "UPDATE tables SET version = v.column3, extra = v.column4, over = v.column5, "
            "touched = v.column6, driven = v.column7, listed = tables.listed * (1 - v.column5) "
            "FROM (VALUES {}) AS v WHERE tables.id = v.column1 AND tables.version = v.column2",
            moves,
        ) != len(moves):
            return False
        _rows(
            connection,
            "INSERT INTO steps (table_id, version, seat, action) VALUES {}",
            steps,
        )
        return not answers or _rows(
            connection,
            "INSERT OR IGNORE INTO answers (table_id, seat, client_id, status, body) VALUES {}",
            answers,
        ) == len(answers)

    def _read_loop(self, connection: sqlite3.Connection) -> None:
        while True:
            job = self._reads.get()
            if job is None:
                break
            run, future, _ = job
            try:
                value = run(connection)
            except Exception as error:
                self._deliver([(future, None, _outside(error, self.path))])
            else:
                self._deliver([(future, value, None)])
        connection.close()

    async def _write(
        self, run: Callable[[sqlite3.Connection], T], commit: Commit | None = None
    ) -> T:
        if self._closed:
            raise RuntimeError("the store is closed")
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._pending.append((run, future, commit))
        if not self._writing:  # else it joins the next group, once this one's COMMIT is done
            self._group()
        return await future

    async def _read(self, run: Callable[[sqlite3.Connection], T]) -> T:
        if self._closed:
            raise RuntimeError("the store is closed")
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._reads.put((run, future, None))
        return await future

    # --- the interface -----------------------------------------------------------------------

    async def create(self, table: NewTable) -> None:
        """Store a new table at version 0 with its token hashes."""

        def run(db: sqlite3.Connection) -> None:
            now = time.time()
            db.execute(
                "INSERT INTO tables (id, version, state, setup, extra, over, touched, driven, "
                "created, listing, listed, seating) VALUES (?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    table.table_id,
                    table.state,
                    table.setup,
                    table.extra,
                    int(table.over),
                    now if table.touched is None else table.touched,
                    int(table.driven),
                    now if table.touched is None else table.touched,
                    table.listing,
                    int(table.listing is not None and not table.over),
                    table.seating,
                ),
            )
            db.executemany(
                "INSERT INTO tokens (hash, table_id, seat) VALUES (?, ?, ?)",
                [(digest, table.table_id, seat) for seat, digest in table.token_hashes],
            )

        await self._write(run)

    async def load(self, table_id: str, *, after: int = 0) -> StoredTable | None:
        """The table with every step after version ``after``, or None when there is none."""

        def run(db: sqlite3.Connection) -> StoredTable | None:
            db.execute("BEGIN")
            try:
                row = db.execute(
                    "SELECT version, state, setup, extra, touched, over, taken, seating "
                    "FROM tables "
                    "WHERE id = ?",
                    (table_id,),
                ).fetchone()
                if row is None:
                    return None
                tokens = db.execute(
                    "SELECT seat, hash FROM tokens WHERE table_id = ? ORDER BY seat", (table_id,)
                ).fetchall()
                steps = db.execute(
                    "SELECT version, seat, action FROM steps WHERE table_id = ? "
                    "AND version > ? AND version <= ? ORDER BY version",
                    (table_id, after, row[0]),
                ).fetchall()
                answered = db.execute(
                    "SELECT seat, client_id FROM answers WHERE table_id = ?", (table_id,)
                ).fetchall()
            finally:
                db.execute("COMMIT")
            return StoredTable.of_rows(table_id, row, tokens, steps, answered)

        return await self._read(run)

    async def commit(self, commit: Commit) -> bool:
        """Write ``commit`` if the table is still at ``commit.expected``: compare-and-set."""

        def run(db: sqlite3.Connection) -> bool:
            moved = db.execute(
                "UPDATE tables SET version = ?, extra = ?, over = ?, "
                "touched = ?, driven = ?, listed = listed * ? WHERE id = ? AND version = ?",
                (
                    commit.version,
                    commit.extra,
                    int(commit.over),
                    time.time() if commit.touched is None else commit.touched,
                    int(commit.driven),
                    int(not commit.over),
                    commit.table_id,
                    commit.expected,
                ),
            )
            if moved.rowcount != 1:
                return False
            db.executemany(
                "INSERT INTO steps (table_id, version, seat, action) VALUES (?, ?, ?, ?)",
                [(commit.table_id, step.version, step.seat, step.action) for step in commit.steps],
            )
            if commit.answer is not None:
                seat, client_id, answer = commit.answer
                inserted = db.execute(
                    "INSERT OR IGNORE INTO answers (table_id, seat, client_id, status, body) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (commit.table_id, seat, client_id, answer.status, answer.body),
                )
                if inserted.rowcount != 1:
                    return False
            return True

        return await self._write(run, commit)

    async def remember(
        self, table_id: str, seat: int, client_id: str, answer: Answer, *, keep: int
    ) -> Answer:
        """Keep ``answer`` as the first answer to ``client_id`` unless one is kept; the kept one.

        ``answer`` is a refusal. The seat's ``keep`` latest refusals at the
        table are kept; older ones are forgotten, oldest first.
        """

        def run(db: sqlite3.Connection) -> Answer:
            inserted = db.execute(
                "INSERT OR IGNORE INTO answers (table_id, seat, client_id, status, body) "
                "VALUES (?, ?, ?, ?, ?)",
                (table_id, seat, client_id, answer.status, answer.body),
            )
            if inserted.rowcount == 1:
                db.execute(
                    "DELETE FROM answers WHERE rowid IN (SELECT rowid FROM answers "
                    "WHERE table_id = ? AND seat = ? AND status != 200 "
                    "ORDER BY rowid DESC LIMIT -1 OFFSET ?)",
                    (table_id, seat, keep),
                )
            row = db.execute(
                "SELECT status, body FROM answers "
                "WHERE table_id = ? AND seat = ? AND client_id = ?",
                (table_id, seat, client_id),
            ).fetchone()
            return Answer(row[0], bytes(row[1]))

        return await self._write(run)

    async def answer(self, table_id: str, seat: int, client_id: str) -> Answer | None:
        """The first answer to ``client_id`` from ``seat`` at the table, or None."""

        def run(db: sqlite3.Connection) -> Answer | None:
            row = db.execute(
                "SELECT status, body FROM answers "
                "WHERE table_id = ? AND seat = ? AND client_id = ?",
                (table_id, seat, client_id),
            ).fetchone()
            return None if row is None else Answer(row[0], bytes(row[1]))

        return await self._read(run)

    async def token(self, token_hash: str) -> tuple[str, int] | None:
        """The table and seat a token hash belongs to, or None."""

        def run(db: sqlite3.Connection) -> tuple[str, int] | None:
            row = db.execute(
                "SELECT table_id, seat FROM tokens WHERE hash = ?", (token_hash,)
            ).fetchone()
            return None if row is None else (row[0], row[1])

        return await self._read(run)

    async def seating(self, table_id: str, seating: str, *, driven: bool) -> None:
        """Write the table's seating and whether the server acts next (:meth:`Store.seating`)."""

        def run(db: sqlite3.Connection) -> None:
            db.execute(
                "UPDATE tables SET seating = ?, driven = ? WHERE id = ?",
                (seating, int(driven), table_id),
            )

        await self._write(run)

    async def resumable(self, since: float) -> tuple[str, ...]:
        """The ids of the tables to resume at start-up (see :meth:`Store.resumable`)."""

        def run(db: sqlite3.Connection) -> tuple[str, ...]:
            rows = db.execute(
                "SELECT id FROM tables INDEXED BY tables_resumable "
                "WHERE over = 0 AND driven = 1 AND touched >= ?",
                (since,),
            )
            return tuple(row[0] for row in rows)

        return await self._read(run)

    async def take(self, table_id: str, seat: int, humans: tuple[int, ...]) -> bool:
        """Note that ``seat``'s token was used (see :meth:`Store.take`)."""

        def run(db: sqlite3.Connection) -> bool:
            return _take(db, table_id, seat, humans, "")

        return await self._write(run)

    async def claim(
        self, table_id: str, seat: int, token_hash: str, humans: tuple[int, ...]
    ) -> bool:
        """Take a free seat of a listed table, with a new token (see :meth:`Store.claim`)."""

        def run(db: sqlite3.Connection) -> bool:
            if not _take(db, table_id, seat, humans, " AND listed = 1"):
                return False
            db.execute("DELETE FROM tokens WHERE table_id = ? AND seat = ?", (table_id, seat))
            db.execute(
                "INSERT INTO tokens (hash, table_id, seat) VALUES (?, ?, ?)",
                (token_hash, table_id, seat),
            )
            return True

        return await self._write(run)

    async def lobby(
        self, *, since: float, after: tuple[float, str] | None, limit: int
    ) -> tuple[Listed, ...]:
        """The listed tables, the newest first, a page at a time (see :meth:`Store.lobby`)."""

        def run(db: sqlite3.Connection) -> tuple[Listed, ...]:
            created, table_id = (float("inf"), "") if after is None else after
            rows = db.execute(
                "SELECT id, created, listing, taken FROM tables INDEXED BY tables_lobby "
                "WHERE listed = 1 AND (created, id) < (?, ?) AND touched >= ? "
                "ORDER BY created DESC, id DESC LIMIT ?",
                (created, table_id, since, limit),
            )
            return tuple(Listed(row[0], row[1], row[2], seats_of_mask(row[3])) for row in rows)

        return await self._read(run)

    async def unlist(self, before: float) -> int:
        """Take the idle listed tables out of the lobby (see :meth:`Store.unlist`)."""

        def run(db: sqlite3.Connection) -> int:
            cursor = db.execute(
                "UPDATE tables INDEXED BY tables_lobby SET listed = 0 "
                "WHERE listed = 1 AND touched < ?",
                (before,),
            )
            return cursor.rowcount

        return await self._write(run)

    async def close(self) -> None:
        """Finish pending writes and release the store."""
        if self._closed:
            return
        self._closed = True
        while self._writing or self._pending:
            await asyncio.sleep(0.001)
        self._jobs.put(None)
        self._reads.put(None)
        await asyncio.to_thread(self._writer.join)
        await asyncio.to_thread(self._reader.join)
