"""The PostgreSQL store: the tables of several servers in one database.

:class:`PostgresStore` keeps the :class:`~raise_the_sum.server.store.Store`
contract of the embedded :class:`~raise_the_sum.server.store.SQLiteStore`
on a PostgreSQL server: the compare-and-set is ``UPDATE ... WHERE version =
N`` in a transaction, a client id's first answer is written in the same
transaction as the version it answers, and the writes that arrive together
go in one transaction (a group commit; when one of them fails, the group is
written again with each write in a savepoint of its own, so that a failed
write fails alone). Each commit is announced in its own transaction
(``NOTIFY`` on :data:`CHANNEL`), for the other server processes on the
database. Every connection runs with ``synchronous_commit = on``:
a caller hears back only once PostgreSQL has its transaction in its
write-ahead log on disk, so an acknowledged action survives a crash of the
database server as well as of the game server.

It talks to PostgreSQL through psycopg 3 (async) and a psycopg-pool
connection pool, from the ``postgres`` extra. psycopg rather than asyncpg:
it speaks libpq's connection strings and environment (``PGPASSWORD``,
``~/.pgpass``, ``sslmode``, Unix sockets) as ``psql`` does, its pool
reconnects by itself after the database went away, and its errors carry the
SQLSTATE classes the store maps to "unavailable".

While PostgreSQL cannot be reached (a restart, a failover, the network),
every call raises :class:`~raise_the_sum.server.store.StoreUnavailable`
within :attr:`PostgresStore.timeout` seconds, and the server answers 503
``unavailable``; the pool keeps trying to reconnect, and once the database
is back the same store serves again.

The layout of the tables is versioned: the row of ``raise_the_sum_layout``
holds it, and opening the store creates the tables or upgrades them in one
transaction under an advisory lock, so two servers starting at once on an
empty database make it once.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Final, TypeVar

import psycopg
import psycopg.conninfo
import psycopg_pool

from raise_the_sum.server.store import (
    Answer,
    Commit,
    Listed,
    NewTable,
    StoredTable,
    StoreError,
    StoreUnavailable,
    _settle,
    mask_of_seats,
    seats_of_mask,
)

__all__ = [
    "CHANNEL",
    "DEFAULT_POOL_SIZE",
    "DEFAULT_TIMEOUT",
    "SCHEMA_VERSION",
    "PostgresStore",
    "describe",
]

T = TypeVar("T")

#: The layout of the tables that this store writes (the row of ``raise_the_sum_layout``).
SCHEMA_VERSION: Final = 2

#: The connections a store keeps open at most, unless told otherwise.
DEFAULT_POOL_SIZE: Final = 4

#: The seconds a call waits for a connection before it gives up with StoreUnavailable.
DEFAULT_TIMEOUT: Final = 5.0

#: The channel on which each commit is announced, in its own transaction, as ``"v <table id>
#: <version>"`` (``NOTIFY``), and each change of a table's seats (taken, claimed) as ``"s <table
#: id>"``: the other server processes on the database hear it when the transaction commits,
#: and catch up (:mod:`raise_the_sum.server.postgres_sharing`).
CHANNEL: Final = "raise_the_sum"

#: The advisory lock held while the tables are made or upgraded (any fixed 64-bit number).
_LAYOUT_LOCK: Final = 0x52_54_53_4C_41_59  # "RTSLAY"

_LAYOUT = """
CREATE TABLE IF NOT EXISTS raise_the_sum_layout (
    one BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (one),
    version INTEGER NOT NULL
)
"""

#: The tables and indexes of the current layout, each statement safe to run again.
_SCHEMA: Final = (
    """CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    version BIGINT NOT NULL,
    state TEXT NOT NULL,
    setup TEXT NOT NULL,
    extra TEXT NOT NULL,
    over BOOLEAN NOT NULL,
    touched DOUBLE PRECISION NOT NULL,
    driven BOOLEAN NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    taken BIGINT NOT NULL DEFAULT 0,
    listing TEXT,
    listed BOOLEAN NOT NULL,
    seating TEXT NOT NULL DEFAULT '{}'
)""",
    """CREATE TABLE IF NOT EXISTS steps (
    table_id TEXT NOT NULL,
    version BIGINT NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, version)
)""",
    """CREATE TABLE IF NOT EXISTS tokens (
    hash TEXT PRIMARY KEY,
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL
)""",
    # ``seq`` orders the answers as they came, so that refusals are forgotten oldest first.
    """CREATE TABLE IF NOT EXISTS answers (
    seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    client_id TEXT NOT NULL,
    status INTEGER NOT NULL,
    body BYTEA NOT NULL,
    UNIQUE (table_id, seat, client_id)
)""",
    "CREATE INDEX IF NOT EXISTS tables_resumable ON tables (touched) WHERE NOT over AND driven",
    "CREATE INDEX IF NOT EXISTS tables_lobby ON tables (created DESC, id DESC) WHERE listed",
)

#: The upgrades from each earlier layout, by the version they start from. Layout 1 may lack
#: the lobby's columns (its tables are then private, their seats not yet taken), and lacks the
#: tables' ``seating`` (names, who left), which starts empty.
_UPGRADES: Final[dict[int, tuple[str, ...]]] = {
    1: (
        "ALTER TABLE tables ADD COLUMN IF NOT EXISTS created DOUBLE PRECISION",
        "UPDATE tables SET created = touched WHERE created IS NULL",
        "ALTER TABLE tables ALTER COLUMN created SET NOT NULL",
        "ALTER TABLE tables ADD COLUMN IF NOT EXISTS taken BIGINT NOT NULL DEFAULT 0",
        "ALTER TABLE tables ADD COLUMN IF NOT EXISTS listing TEXT",
        "ALTER TABLE tables ADD COLUMN IF NOT EXISTS listed BOOLEAN NOT NULL DEFAULT FALSE",
        "ALTER TABLE tables ADD COLUMN IF NOT EXISTS seating TEXT NOT NULL DEFAULT '{}'",
    ),
}

#: SQLSTATE codes and classes (their first two characters) that say the database cannot be
#: used now, not that the request is wrong, with what a client is told.
_UNAVAILABLE: Final = {
    "53100": "the database's disk is full",
    "53": "the database is out of resources",
    "08": "the database cannot be reached",
    "57": "the database is shutting down or starting",
    "58": "the database's disk failed (an I/O error)",
    "40": "the database is busy",
    "55P03": "the database is locked",
    "25006": "the database is read-only",
    "XX001": "the database is damaged",
    "XX002": "the database is damaged",
}


def describe(url: str) -> str:
    """The database's address without its password, for messages and logs.

    >>> describe("postgresql://game:secret@db.example.com:5433/tables")
    'postgresql://game@db.example.com:5433/tables'
    """
    try:
        parts = psycopg.conninfo.conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "postgresql://(an address that cannot be read)"
    user = f"{parts['user']}@" if parts.get("user") else ""
    port = f":{parts['port']}" if parts.get("port") else ""
    return f"postgresql://{user}{parts.get('host', '')}{port}/{parts.get('dbname', '')}"


def _one_line(error: BaseException) -> str:
    return " ".join(str(error).split()) or type(error).__name__


def _outside(error: BaseException, name: str) -> BaseException:
    """``error`` as the caller should see it: a failure of the database is StoreUnavailable."""
    if isinstance(error, StoreError):
        return error
    if isinstance(error, psycopg_pool.PoolTimeout):
        return StoreUnavailable(
            f"{name}: no connection to the database: {_one_line(error)}",
            "the database cannot be reached",
        )
    if isinstance(error, psycopg.Error):
        code = error.sqlstate or ""
        for prefix, reason in _UNAVAILABLE.items():
            if code.startswith(prefix):
                return StoreUnavailable(f"{name}: {_one_line(error)} ({code})", reason)
        if isinstance(error, psycopg.OperationalError | psycopg.InterfaceError):
            return StoreUnavailable(f"{name}: {_one_line(error)}", "the database cannot be reached")
    return error


#: A job: runs on a connection (inside the open transaction, for a write).
_Job = Callable[[psycopg.AsyncConnection[Any]], Awaitable[Any]]

#: A job's outcome: its future, its value, or the error it met.
_Result = tuple["asyncio.Future[Any]", Any, "BaseException | None"]


async def _take(
    db: psycopg.AsyncConnection[Any], table_id: str, seat: int, humans: Sequence[int], where: str
) -> bool:
    """Set ``seat``'s bit in the table's ``taken`` if it is clear (and ``where``); True if so.

    Once every one of ``humans`` is taken, the table is listed no more.
    """
    bit, full = 1 << seat, mask_of_seats(humans)
    cursor = await db.execute(
        "UPDATE tables SET taken = taken | %s, "
        "listed = CASE WHEN ((taken | %s) & %s) = %s THEN FALSE ELSE listed END "
        f"WHERE id = %s AND (taken & %s) = 0{where}",
        (bit, bit, full, full, table_id, bit),
    )
    if cursor.rowcount != 1:
        return False
    await _seated(db, table_id)  # a claim's token replaced
    return True


async def _seated(db: psycopg.AsyncConnection[Any], table_id: str) -> None:
    """Tell the other server processes, in this transaction, to read the table's seats again."""
    await db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"s {table_id}"))


async def _kept_answer(
    db: psycopg.AsyncConnection[Any], table_id: str, seat: int, client_id: str
) -> Answer | None:
    """The first answer to ``client_id`` from ``seat`` at the table, or None."""
    row = await (
        await db.execute(
            "SELECT status, body FROM answers WHERE table_id = %s AND seat = %s AND client_id = %s",
            (table_id, seat, client_id),
        )
    ).fetchone()
    return None if row is None else Answer(row[0], bytes(row[1]))


class PostgresStore:
    """The store on a PostgreSQL server: a pool of connections, group commits, CAS by version.

    ``PostgresStore(url)`` connects lazily, on the first call in the
    running event loop (or on :meth:`open`, which also says at once when the
    database cannot be used, as a :class:`~raise_the_sum.server.store.StoreError`
    whose message is one line). ``url`` is a libpq connection string, such as
    ``postgresql://game@localhost:5432/tables``; a password may come from
    ``PGPASSWORD`` or ``~/.pgpass``. ``pool_size`` is the most connections
    kept open (the writes go through one at a time, as a group; the reads
    share the rest). ``timeout`` is the longest a call waits for a
    connection before it raises
    :class:`~raise_the_sum.server.store.StoreUnavailable`.
    """

    def __init__(
        self, url: str, *, pool_size: int = DEFAULT_POOL_SIZE, timeout: float = DEFAULT_TIMEOUT
    ) -> None:
        if pool_size < 2:
            raise ValueError(f"pool_size: 2 or more (one for the writes), got {pool_size}")
        #: The database's address, as given.
        self.url = url
        #: The database's address without its password.
        self.name = describe(url)
        #: The most connections kept open.
        self.pool_size = pool_size
        #: The seconds a call waits for a connection before it raises StoreUnavailable.
        self.timeout = timeout
        self._pool: psycopg_pool.AsyncConnectionPool[psycopg.AsyncConnection[Any]] | None = None
        self._opening: asyncio.Lock | None = None
        self._pending: list[tuple[_Job, asyncio.Future[Any], Commit | None]] = []
        self._writer: asyncio.Task[None] | None = None
        self._checking: asyncio.Task[None] | None = None
        self._closed = False

    # --- opening and the layout ----------------------------------------------------------------

    async def open(self) -> None:
        """Connect, and make or upgrade the tables; at once when open already.

        Raises :class:`~raise_the_sum.server.store.StoreError` (one line,
        naming the database) when the database cannot be reached or has a
        newer layout.
        """
        if self._closed:
            raise RuntimeError("the store is closed")
        if self._pool is not None:
            return
        if self._opening is None:
            self._opening = asyncio.Lock()
        async with self._opening:
            if self._pool is not None:
                return
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True, connect_timeout=max(1, round(self.timeout))
                ) as connection:
                    await self._upgrade(connection)
            except psycopg.Error as error:
                failed = _outside(error, self.name)
                message = f"{self.name}: cannot use the database: {_one_line(error)}"
                if isinstance(failed, StoreUnavailable):
                    raise StoreUnavailable(message, failed.reason) from None
                raise StoreError(message) from None
            pool: psycopg_pool.AsyncConnectionPool[psycopg.AsyncConnection[Any]] = (
                psycopg_pool.AsyncConnectionPool(
                    self.url,
                    min_size=self.pool_size,
                    max_size=self.pool_size,
                    kwargs={
                        "autocommit": True,
                        "options": "-c synchronous_commit=on",
                        "connect_timeout": max(1, round(self.timeout)),
                        # A database that vanished without a word (a cable, a host) is noticed.
                        "keepalives": 1,
                        "keepalives_idle": 10,
                        "keepalives_interval": 2,
                        "keepalives_count": 3,
                    },
                    timeout=self.timeout,
                    reconnect_timeout=60,
                    name="raise-the-sum",
                    open=False,
                )
            )
            await pool.open(wait=False)
            self._pool = pool

    async def _upgrade(self, connection: psycopg.AsyncConnection[Any]) -> None:
        """Make the tables, or bring an earlier layout up to :data:`SCHEMA_VERSION`, at once."""
        async with connection.transaction():
            await connection.execute("SELECT pg_advisory_xact_lock(%s)", (_LAYOUT_LOCK,))
            await connection.execute(_LAYOUT)
            row = await (
                await connection.execute("SELECT version FROM raise_the_sum_layout")
            ).fetchone()
            layout = 0 if row is None else int(row[0])
            if layout > SCHEMA_VERSION:
                raise StoreError(
                    f"{self.name}: the database has layout {layout}, made by a newer "
                    f"raise-the-sum (this one reads up to layout {SCHEMA_VERSION})"
                )
            if row is not None and layout < SCHEMA_VERSION:
                for step in range(layout, SCHEMA_VERSION):
                    for statement in _UPGRADES[step]:
                        await connection.execute(statement)
            for statement in _SCHEMA:
                await connection.execute(statement)
            await connection.execute(
                "INSERT INTO raise_the_sum_layout (version) VALUES (%s) "
                "ON CONFLICT (one) DO UPDATE SET version = excluded.version",
                (SCHEMA_VERSION,),
            )

    # --- the connections -----------------------------------------------------------------------

    async def _connected(self) -> psycopg_pool.AsyncConnectionPool[psycopg.AsyncConnection[Any]]:
        if self._closed:
            raise RuntimeError("the store is closed")
        if self._pool is None:
            await self.open()
        assert self._pool is not None
        return self._pool

    def _failed(self, error: BaseException) -> BaseException:
        """``error`` for the caller; when the database went away, have the pool check its
        idle connections, so that the calls after this one get fresh ones."""
        failed = _outside(error, self.name)
        if (
            isinstance(failed, StoreUnavailable)
            and self._pool is not None
            and (self._checking is None or self._checking.done())
        ):
            self._checking = asyncio.get_running_loop().create_task(self._pool.check())
        return failed

    async def _read(self, run: Callable[[psycopg.AsyncConnection[Any]], Awaitable[T]]) -> T:
        pool = await self._connected()
        try:
            async with pool.connection() as connection:
                return await run(connection)
        except (psycopg.Error, psycopg_pool.PoolTimeout) as error:
            raise self._failed(error) from None

    async def _write(self, run: _Job, commit: Commit | None = None) -> Any:
        await self._connected()
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._pending.append((run, future, commit))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write_groups())
        return await future

    async def _write_groups(self) -> None:
        """The writer: each group of pending writes in one transaction, until none is left."""
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                results = await self._group(batch)
            except BaseException as error:  # the transaction itself failed: each caller hears
                failed = (
                    self._failed(error)
                    if isinstance(error, Exception)
                    else StoreUnavailable(f"{self.name}: the write was stopped")
                )
                _settle([(future, None, failed) for _, future, _ in batch])
                if not isinstance(error, Exception):
                    raise
            else:
                _settle(results)

    async def _group(
        self, batch: list[tuple[_Job, asyncio.Future[Any], Commit | None]]
    ) -> list[_Result]:
        """Run ``batch`` in one transaction; each job's outcome once it is committed."""
        pool = self._pool
        assert pool is not None  # opened by the first write
        results: list[_Result] = []
        async with pool.connection() as connection, connection.transaction():
            commits = [job for job in batch if job[2] is not None]
            others = [job for job in batch if job[2] is None]
            together = False
            if commits:
                try:
                    async with connection.transaction():
                        together = await self._commit_together(connection, commits)
                        if not together:
                            raise psycopg.Rollback()
                except Exception:  # one commit's bad data: find it, each job on its own below
                    if connection.broken:
                        raise
                    together = False
            if together:
                results += [(future, True, None) for _, future, _ in commits]
            else:
                others = batch
            for run, future, _ in others:
                try:
                    async with connection.transaction():
                        value = await run(connection)
                        if value is False:  # a failed compare-and-set writes nothing
                            raise psycopg.Rollback()
                except Exception as error:  # this job's alone: the others go on
                    if connection.broken:
                        raise
                    results.append((future, None, _outside(error, self.name)))
                else:
                    results.append((future, value, None))
        return results

    @staticmethod
    async def _commit_together(
        connection: psycopg.AsyncConnection[Any],
        jobs: list[tuple[_Job, asyncio.Future[Any], Commit | None]],
    ) -> bool:
        """Write the commits of a group with three statements; True if every one held.

        It holds only when every compare-and-set succeeds and no answer's id
        was taken; on False the caller rolls back to the savepoint around it
        and writes the commits one by one, each all or nothing.
        """
        commits = [commit for _, _, commit in jobs if commit is not None]
        if len({commit.table_id for commit in commits}) != len(commits):
            return False  # two commits of one table: in order, one by one
        now = time.time()
        moved = await connection.execute(
            "UPDATE tables AS t SET version = v.version, "
            "extra = v.extra, over = v.over, touched = v.touched, driven = v.driven, "
            "listed = t.listed AND NOT v.over "
            "FROM unnest(%s::text[], %s::bigint[], %s::bigint[], %s::text[], "
            "%s::boolean[], %s::float8[], %s::boolean[]) "
            "AS v(id, expected, version, extra, over, touched, driven) "
            "WHERE t.id = v.id AND t.version = v.expected",
            (
                [c.table_id for c in commits],
                [c.expected for c in commits],
                [c.version for c in commits],
                [c.extra for c in commits],
                [c.over for c in commits],
                [now if c.touched is None else c.touched for c in commits],
                [c.driven for c in commits],
            ),
        )
        if moved.rowcount != len(commits):
            return False
        steps = [(commit.table_id, step) for commit in commits for step in commit.steps]
        await connection.execute(
            "INSERT INTO steps (table_id, version, seat, action) "
            "SELECT * FROM unnest(%s::text[], %s::bigint[], %s::integer[], %s::text[])",
            (
                [table_id for table_id, _ in steps],
                [step.version for _, step in steps],
                [step.seat for _, step in steps],
                [step.action for _, step in steps],
            ),
        )
        await connection.execute(
            "SELECT pg_notify(%s, 'v ' || id || ' ' || version) "
            "FROM unnest(%s::text[], %s::bigint[]) AS x(id, version)",
            (CHANNEL, [c.table_id for c in commits], [c.version for c in commits]),
        )
        answers = [(c.table_id, *c.answer) for c in commits if c.answer is not None]
        if not answers:
            return True
        inserted = await connection.execute(
            "INSERT INTO answers (table_id, seat, client_id, status, body) "
            "SELECT * FROM unnest(%s::text[], %s::integer[], %s::text[], %s::integer[], "
            "%s::bytea[]) ON CONFLICT DO NOTHING",
            (
                [table_id for table_id, _, _, _ in answers],
                [seat for _, seat, _, _ in answers],
                [client_id for _, _, client_id, _ in answers],
                [answer.status for _, _, _, answer in answers],
                [answer.body for _, _, _, answer in answers],
            ),
        )
        return inserted.rowcount == len(answers)

    # --- the interface -------------------------------------------------------------------------

    async def create(self, table: NewTable) -> None:
        """Store a new table at version 0 with its token hashes."""

        async def run(db: psycopg.AsyncConnection[Any]) -> None:
            now = time.time()
            await db.execute(
                "INSERT INTO tables (id, version, state, setup, extra, over, touched, driven, "
                "created, listing, listed, seating) "
                "VALUES (%s, 0, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                (
                    table.table_id,
                    table.state,
                    table.setup,
                    table.extra,
                    table.over,
                    now if table.touched is None else table.touched,
                    table.driven,
                    now if table.touched is None else table.touched,
                    table.listing,
                    table.listing is not None and not table.over,
                    table.seating,
                ),
            )
            if table.token_hashes:
                await db.execute(
                    "INSERT INTO tokens (hash, table_id, seat) "
                    "SELECT hash, %s, seat FROM unnest(%s::text[], %s::integer[]) AS t(hash, seat)",
                    (
                        table.table_id,
                        [digest for _, digest in table.token_hashes],
                        [seat for seat, _ in table.token_hashes],
                    ),
                )

        await self._write(run)

    async def load(self, table_id: str, *, after: int = 0) -> StoredTable | None:
        """The table with every step after version ``after``, or None when there is none."""

        async def run(db: psycopg.AsyncConnection[Any]) -> StoredTable | None:
            async with db.transaction():
                await db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                row = await (
                    await db.execute(
                        "SELECT version, state, setup, extra, touched, over, taken, seating "
                        "FROM tables WHERE id = %s",
                        (table_id,),
                    )
                ).fetchone()
                if row is None:
                    return None
                tokens = await (
                    await db.execute(
                        "SELECT seat, hash FROM tokens WHERE table_id = %s ORDER BY seat",
                        (table_id,),
                    )
                ).fetchall()
                steps = await (
                    await db.execute(
                        "SELECT version, seat, action FROM steps WHERE table_id = %s "
                        "AND version > %s AND version <= %s ORDER BY version",
                        (table_id, after, row[0]),
                    )
                ).fetchall()
                answered = await (
                    await db.execute(
                        "SELECT seat, client_id FROM answers WHERE table_id = %s", (table_id,)
                    )
                ).fetchall()
            return StoredTable.of_rows(table_id, row, tokens, steps, answered)

        return await self._read(run)

    async def commit(self, commit: Commit) -> bool:
        """Write ``commit`` if the table is still at ``commit.expected``: compare-and-set."""

        async def run(db: psycopg.AsyncConnection[Any]) -> bool:
            moved = await db.execute(
                "UPDATE tables SET version = %s, extra = %s, over = %s, touched = %s, "
                "driven = %s, listed = listed AND NOT over WHERE id = %s AND version = %s",
                (
                    commit.version,
                    commit.extra,
                    commit.over,
                    time.time() if commit.touched is None else commit.touched,
                    commit.driven,
                    commit.table_id,
                    commit.expected,
                ),
            )
            if moved.rowcount != 1:
                return False
            async with db.cursor() as cursor:
                await cursor.executemany(
                    "INSERT INTO steps (table_id, version, seat, action) VALUES (%s, %s, %s, %s)",
                    [
                        (commit.table_id, step.version, step.seat, step.action)
                        for step in commit.steps
                    ],
                )
            if commit.answer is not None:
                seat, client_id, answer = commit.answer
                inserted = await db.execute(
                    "INSERT INTO answers (table_id, seat, client_id, status, body) "
                    "VALUES (%s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
                    (commit.table_id, seat, client_id, answer.status, answer.body),
                )
                if inserted.rowcount != 1:
                    return False
            await db.execute(
                "SELECT pg_notify(%s, %s)", (CHANNEL, f"v {commit.table_id} {commit.version}")
            )
            return True

        return bool(await self._write(run, commit))

    async def remember(
        self, table_id: str, seat: int, client_id: str, answer: Answer, *, keep: int
    ) -> Answer:
        """Keep ``answer`` as the first answer to ``client_id`` unless one is kept; the kept one.

        ``answer`` is a refusal. The seat's ``keep`` latest refusals at the
        table are kept; older ones are forgotten, oldest first.
        """

        async def run(db: psycopg.AsyncConnection[Any]) -> Answer:
            inserted = await db.execute(
                "INSERT INTO answers (table_id, seat, client_id, status, body) "
                "VALUES (%s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
                (table_id, seat, client_id, answer.status, answer.body),
            )
            if inserted.rowcount == 1:
                await db.execute(
                    "DELETE FROM answers WHERE seq IN (SELECT seq FROM answers "
                    "WHERE table_id = %s AND seat = %s AND status != 200 "
                    "ORDER BY seq DESC OFFSET %s)",
                    (table_id, seat, keep),
                )
            kept = await _kept_answer(db, table_id, seat, client_id)
            assert kept is not None  # inserted now, or kept before
            return kept

        kept: Answer = await self._write(run)
        return kept

    async def answer(self, table_id: str, seat: int, client_id: str) -> Answer | None:
        """The first answer to ``client_id`` from ``seat`` at the table, or None."""

        async def run(db: psycopg.AsyncConnection[Any]) -> Answer | None:
            return await _kept_answer(db, table_id, seat, client_id)

        return await self._read(run)

    async def token(self, token_hash: str) -> tuple[str, int] | None:
        """The table and seat a token hash belongs to, or None."""

        async def run(db: psycopg.AsyncConnection[Any]) -> tuple[str, int] | None:
            row = await (
                await db.execute("SELECT table_id, seat FROM tokens WHERE hash = %s", (token_hash,))
            ).fetchone()
            return None if row is None else (row[0], row[1])

        return await self._read(run)

    async def take(self, table_id: str, seat: int, humans: tuple[int, ...]) -> bool:
        """Note that ``seat``'s token was used (see :meth:`Store.take
        <raise_the_sum.server.store.Store.take>`)."""

        async def run(db: psycopg.AsyncConnection[Any]) -> bool:
            return await _take(db, table_id, seat, humans, "")

        taken: bool = await self._write(run)
        return taken

    async def claim(
        self, table_id: str, seat: int, token_hash: str, humans: tuple[int, ...]
    ) -> bool:
        """Take a free seat of a listed table, with a new token (see :meth:`Store.claim
        <raise_the_sum.server.store.Store.claim>`)."""

        async def run(db: psycopg.AsyncConnection[Any]) -> bool:
            if not await _take(db, table_id, seat, humans, " AND listed"):
                return False
            await db.execute(
                "DELETE FROM tokens WHERE table_id = %s AND seat = %s", (table_id, seat)
            )
            await db.execute(
                "INSERT INTO tokens (hash, table_id, seat) VALUES (%s, %s, %s)",
                (token_hash, table_id, seat),
            )
            return True

        claimed: bool = await self._write(run)
        return claimed

    async def lobby(
        self, *, since: float, after: tuple[float, str] | None, limit: int
    ) -> tuple[Listed, ...]:
        """The listed tables, the newest first, a page at a time (see :meth:`Store.lobby
        <raise_the_sum.server.store.Store.lobby>`)."""

        async def run(db: psycopg.AsyncConnection[Any]) -> tuple[Listed, ...]:
            created, table_id = (float("inf"), "") if after is None else after
            rows = await (
                await db.execute(
                    "SELECT id, created, listing, taken FROM tables "
                    "WHERE listed AND (created, id) < (%s, %s) AND touched >= %s "
                    "ORDER BY created DESC, id DESC LIMIT %s",
                    (created, table_id, since, limit),
                )
            ).fetchall()
            return tuple(Listed(row[0], row[1], row[2], seats_of_mask(row[3])) for row in rows)

        return await self._read(run)

    async def unlist(self, before: float) -> int:
        """Take the idle listed tables out of the lobby (see :meth:`Store.unlist
        <raise_the_sum.server.store.Store.unlist>`)."""

        async def run(db: psycopg.AsyncConnection[Any]) -> int:
            cursor = await db.execute(
                "UPDATE tables SET listed = FALSE WHERE listed AND touched < %s", (before,)
            )
            return cursor.rowcount

        unlisted: int = await self._write(run)
        return unlisted

    async def seating(self, table_id: str, seating: str, *, driven: bool) -> None:
        """Write the table's seating and whether the server acts next (see
        :meth:`Store.seating <raise_the_sum.server.store.Store.seating>`)."""

        async def run(db: psycopg.AsyncConnection[Any]) -> None:
            await db.execute(
                "UPDATE tables SET seating = %s, driven = %s WHERE id = %s",
                (seating, driven, table_id),
            )
            await _seated(db, table_id)  # the other processes read the seats again

        await self._write(run)

    async def resumable(self, since: float) -> tuple[str, ...]:
        """The ids of the tables to resume at start-up (see
        :meth:`Store.resumable <raise_the_sum.server.store.Store.resumable>`).

        The query's condition is the partial index ``tables_resumable``'s.
        """

        async def run(db: psycopg.AsyncConnection[Any]) -> tuple[str, ...]:
            rows = await (
                await db.execute(
                    "SELECT id FROM tables WHERE NOT over AND driven AND touched >= %s", (since,)
                )
            ).fetchall()
            return tuple(row[0] for row in rows)

        return await self._read(run)

    async def close(self) -> None:
        """Finish pending writes and release the store."""
        if self._closed:
            return
        self._closed = True
        if self._writer is not None:
            with contextlib.suppress(Exception):
                await self._writer
        if self._checking is not None:
            with contextlib.suppress(Exception):
                await self._checking
        if self._pool is not None:
            await self._pool.close()
