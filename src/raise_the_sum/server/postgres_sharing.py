"""Several server processes on one PostgreSQL database: the fan-out and the leases.

:class:`PostgresFanout` hears, with ``LISTEN`` on a connection of its own,
what :class:`~raise_the_sum.server.postgres.PostgresStore` announces with
``NOTIFY`` in each commit's own transaction (on
:data:`~raise_the_sum.server.postgres.CHANNEL`, ``"v <table> <version>"``; a
seat taken or claimed, ``"s <table>"``): PostgreSQL delivers a notification
when its transaction commits, to every listening session, at once; nothing
polls. It sends the tables' notices
(``"n <sender> <table> <notice>"``) on a second connection, opened on first
use. When the listening connection is lost (PostgreSQL
restarted, failed over, the network), it connects again, listens again, and
tells its listener that announcements were missed.

:class:`PostgresLeases` are session-level advisory locks
(``pg_try_advisory_lock``), one per table, on a connection of their own:
PostgreSQL frees them when that session ends, so when a process dies (even
by SIGKILL, its socket closed by the kernel) its leases are free at once,
and the others take the tables over at their next check. When the
connection is lost, this process holds no lease any more (they were freed
with the session): :meth:`PostgresLeases.holds` says so at once, and its
bots stop before their next commit.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import secrets
from collections.abc import Sequence
from typing import Any, Final

import psycopg

from raise_the_sum.server.fanout import Listener
from raise_the_sum.server.postgres import CHANNEL, DEFAULT_TIMEOUT, describe

__all__ = ["RECONNECT_MOST", "PostgresFanout", "PostgresLeases", "lease_key"]

_log = logging.getLogger("raise_the_sum.server")

#: The longest wait, in seconds, between two attempts to connect again (it doubles from 0.1).
RECONNECT_MOST: Final = 2.0

#: A notification's payload is at most 8000 bytes (PostgreSQL's limit), less the header.
_MOST_NOTICE: Final = 7000


def lease_key(table_id: str) -> int:
    """The advisory lock of a table's lease: a signed 64-bit number from its id.

    >>> lease_key("abc") == lease_key("abc") != lease_key("abd")
    True
    >>> -(2**63) <= lease_key("abc") < 2**63
    True
    """
    digest = hashlib.blake2b(b"lease " + table_id.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


async def _connect(url: str, timeout: float) -> psycopg.AsyncConnection[Any]:
    """A connection of its own; a database that vanished without a word (a cable, a host) is
    noticed within about 16 seconds (TCP keepalives)."""
    return await psycopg.AsyncConnection.connect(
        url,
        autocommit=True,
        connect_timeout=max(1, round(timeout)),
        keepalives=1,
        keepalives_idle=10,
        keepalives_interval=2,
        keepalives_count=3,
    )


def _one_line(error: BaseException) -> str:
    return " ".join(str(error).split()) or type(error).__name__


class PostgresFanout:
    """The fan-out on PostgreSQL: ``LISTEN`` on a connection of its own, and ``NOTIFY``."""

    shared = True

    def __init__(self, url: str, *, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.url = url
        self.name = describe(url)
        self.timeout = timeout
        #: This process's mark on the notices it sends (it skips its own when they come back).
        self.sender = f"{os.getpid()}-{secrets.token_hex(4)}"
        self._listener: Listener | None = None
        self._listening: asyncio.Task[None] | None = None
        self._ready: asyncio.Event | None = None
        self._outbox: asyncio.Queue[tuple[str, bytes]] | None = None
        self._sending: asyncio.Task[None] | None = None

    async def start(self, listener: Listener) -> None:
        """Listen (waiting up to the timeout for the first connection), then keep listening."""
        self._listener = listener
        self._ready = asyncio.Event()
        self._listening = asyncio.get_running_loop().create_task(self._listen())
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(self.timeout):
                await self._ready.wait()

    async def _listen(self) -> None:
        """Listen, tell the listener what comes; after a loss, connect again and catch up."""
        assert self._listener is not None and self._ready is not None
        wait = 0.1
        lost = False  # announcements were missed: catch up once listening again
        while True:
            try:
                async with await _connect(self.url, self.timeout) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    if lost:
                        _log.warning("%s: listening again; catching up", self.name)
                        await self._listener.missed()
                    lost, wait = False, 0.1
                    self._ready.set()
                    async for notification in connection.notifies():
                        self._heard(notification.payload)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the database went away: once a line, then again
                if not lost:
                    _log.error("%s: not listening: %s", self.name, _one_line(error))
                lost = True
            await asyncio.sleep(wait)
            wait = min(wait * 2, RECONNECT_MOST)

    def _heard(self, payload: str) -> None:
        assert self._listener is not None
        kind, _, rest = payload.partition(" ")
        try:
            if kind == "v":
                table_id, _, version = rest.partition(" ")
                self._listener.moved(table_id, int(version))
            elif kind == "s":
                self._listener.seated(rest)
            elif kind == "n":
                sender, _, rest = rest.partition(" ")
                table_id, _, notice = rest.partition(" ")
                if sender != self.sender:
                    self._listener.noticed(table_id, notice.encode())
        except Exception as error:  # one announcement's alone; the others go on
            _log.error("%s: an announcement could not be used: %s", self.name, _one_line(error))

    def notice(self, table_id: str, notice: bytes) -> None:
        """Send ``notice`` to the other processes (in order, on a connection of its own)."""
        if len(notice) > _MOST_NOTICE:
            _log.error("table %s: a notice of %d bytes is too long to share", table_id, len(notice))
            return
        if self._outbox is None:
            self._outbox = asyncio.Queue()
            self._sending = asyncio.get_running_loop().create_task(self._send())
        self._outbox.put_nowait((table_id, notice))

    async def _send(self) -> None:
        assert self._outbox is not None
        connection: psycopg.AsyncConnection[Any] | None = None
        while True:
            table_id, notice = await self._outbox.get()
            batch = [(table_id, notice)]
            while not self._outbox.empty():
                batch.append(self._outbox.get_nowait())
            payloads = [f"n {self.sender} {t} {n.decode()}" for t, n in batch]
            try:
                if connection is None or connection.closed:
                    connection = await _connect(self.url, self.timeout)
                await connection.execute(
                    "SELECT pg_notify(%s, p) FROM unnest(%s::text[]) WITH ORDINALITY AS x(p, n) "
                    "ORDER BY n",
                    (CHANNEL, payloads),
                )
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the others miss these notices; this process's had them
                _log.error("%s: %d notices not shared: %s", self.name, len(batch), _one_line(error))
                if connection is not None:
                    with contextlib.suppress(Exception):
                        await connection.close()
                connection = None

    async def close(self) -> None:
        """Stop listening and sending."""
        for task in (self._listening, self._sending):
            if task is not None:
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task


class PostgresLeases:
    """The leases on PostgreSQL: session-level advisory locks on a connection of their own."""

    shared = True

    def __init__(self, url: str, *, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.url = url
        self.name = describe(url)
        self.timeout = timeout
        self._held: set[str] = set()
        self._connection: psycopg.AsyncConnection[Any] | None = None
        self._lock: asyncio.Lock | None = None
        self._releasing: set[asyncio.Task[None]] = set()

    def holds(self, table_id: str) -> bool:
        """True when this process holds the table's lease, as far as it knows now."""
        return table_id in self._held

    async def _run(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        """Run one statement on the leases' connection; on a lost connection, hold nothing."""
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            try:
                if self._connection is None or self._connection.closed:
                    self._held.clear()  # a new session holds no lock
                    self._connection = await _connect(self.url, self.timeout)
                cursor = await self._connection.execute(sql, params)
                return await cursor.fetchall() if cursor.description else []
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the session is gone, and its locks with it
                if self._held:
                    _log.error(
                        "%s: the leases' connection is lost (%s): %d tables let go",
                        self.name,
                        _one_line(error),
                        len(self._held),
                    )
                self._held.clear()
                if self._connection is not None:
                    with contextlib.suppress(Exception):
                        await self._connection.close()
                self._connection = None
                return []

    async def take(self, table_id: str) -> bool:
        """Take the table's lease unless another process holds it; True when held now."""
        if table_id in self._held:
            return True
        return table_id in await self.take_many([table_id])

    async def take_many(self, table_ids: Sequence[str]) -> tuple[str, ...]:
        """Take, in one statement, every lease that no other process holds; those held now."""
        wanted = {lease_key(t): t for t in table_ids if t not in self._held}
        if wanted:
            rows = await self._run(
                "SELECT k FROM unnest(%s::bigint[]) AS k WHERE pg_try_advisory_lock(k)",
                (list(wanted),),
            )
            self._held.update(wanted[key] for (key,) in rows)
        return tuple(t for t in table_ids if t in self._held)

    async def check(self) -> None:
        """Make sure the leases' connection is alive (else hold nothing, at once)."""
        if self._held:
            await self._run("SELECT 1", ())

    def release(self, table_id: str) -> None:
        """Let go of the table's lease (the unlock is sent at once, on its own task)."""
        if table_id not in self._held:
            return
        self._held.discard(table_id)
        task = asyncio.get_running_loop().create_task(
            self._unlock(lease_key(table_id)), name="release a lease"
        )
        self._releasing.add(task)
        task.add_done_callback(self._releasing.discard)

    async def _unlock(self, key: int) -> None:
        await self._run("SELECT pg_advisory_unlock(%s)", (key,))

    async def close(self) -> None:
        """Let go of every lease: the session ends."""
        for task in list(self._releasing):
            with contextlib.suppress(BaseException):
                await task
        self._held.clear()
        if self._connection is not None:
            with contextlib.suppress(Exception):
                await self._connection.close()
            self._connection = None
