"""The fan-out and the leases on a real PostgreSQL, and what the service does with them.

* A commit is announced to every listener; a notice reaches the others, not
  its sender; a listener cut off (its session terminated) listens again
  and is told that it missed announcements.
* A lease is held by one session at a time, freed by its release or by the
  end of its session; a process whose session was cut off holds none.
* A process that did not hear of a commit catches up when a client says it
  has seen the newer version (``since``, an action's ``version``).
* On SQLite, the process is alone: a local fan-out, and every lease its own.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from raise_the_sum import legal_plays
from raise_the_sum.server.fanout import LocalFanout, sharing
from raise_the_sum.server.leases import LocalLeases
from raise_the_sum.server.postgres import PostgresStore
from raise_the_sum.server.postgres_sharing import PostgresFanout, PostgresLeases
from raise_the_sum.server.service import TableService
from raise_the_sum.server.store import SQLiteStore

from .harness import run_sql
from .postgres_cluster import Cluster


class _Heard:
    """A fan-out's listener that keeps what it hears."""

    def __init__(self) -> None:
        self.moves: asyncio.Queue[tuple[str, int]] = asyncio.Queue()
        self.notices: asyncio.Queue[tuple[str, bytes]] = asyncio.Queue()
        self.missed_count = 0
        self.missed_event = asyncio.Event()

    def moved(self, table_id: str, version: int) -> None:
        self.moves.put_nowait((table_id, version))

    def noticed(self, table_id: str, notice: bytes) -> None:
        self.notices.put_nowait((table_id, notice))

    def seated(self, table_id: str) -> None:
        self.notices.put_nowait((table_id, b"seated"))

    async def missed(self) -> None:
        self.missed_count += 1
        self.missed_event.set()


def _terminate(db: str, query: str) -> int:
    """End the sessions of the database that are running ``query`` (as PostgreSQL shows it)."""
    rows = run_sql(
        db,
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        "WHERE datname = current_database() AND query LIKE ? AND pid != pg_backend_pid()",
        query,
    )
    return len(rows)


def test_a_commit_is_heard_by_every_process_and_a_notice_by_the_others(
    postgres: Cluster,
) -> None:
    db = postgres.new_database()

    async def scenario() -> None:
        store = PostgresStore(db)
        service = TableService(store, pace=3600)
        await service.start()
        first, second = _Heard(), _Heard()
        one, two = PostgresFanout(db), PostgresFanout(db)
        await one.start(first)
        await two.start(second)
        try:
            created = await service.create(["human", "human"], seed=3)
            table = await service.table(created.table)
            assert table is not None
            outcome = await service.act(table, 0, legal_plays(table.state)[0], 0, "first")
            assert outcome.version == 1
            for heard in (first, second):
                assert await asyncio.wait_for(heard.moves.get(), 30) == (created.table, 1)
            one.notice(created.table, b'{"notice":"hello"}')
            assert await asyncio.wait_for(second.notices.get(), 30) == (
                created.table,
                b'{"notice":"hello"}',
            )
            assert first.notices.empty()
            # Cut off: the listener is told, listens again, and hears the next commit.
            assert _terminate(db, "LISTEN%") >= 1
            await asyncio.wait_for(first.missed_event.wait(), 30)
            await asyncio.wait_for(second.missed_event.wait(), 30)
            outcome = await service.act(table, 1, legal_plays(table.state)[0], 1, "next")
            assert outcome.version == 2
            for heard in (first, second):
                assert await asyncio.wait_for(heard.moves.get(), 30) == (created.table, 2)
        finally:
            await one.close()
            await two.close()
            await service.close()
            await store.close()

    asyncio.run(scenario())


def test_a_lease_is_held_by_one_process_until_released_or_its_session_ends(
    postgres: Cluster,
) -> None:
    db = postgres.new_database()

    async def scenario() -> None:
        one, two = PostgresLeases(db), PostgresLeases(db)
        try:
            assert await one.take("t1") and one.holds("t1")
            assert not await two.take("t1") and not two.holds("t1")
            assert await two.take_many(["t1", "t2", "t3"]) == ("t2", "t3")
            assert await one.take_many(["t1", "t2"]) == ("t1",)
            one.release("t1")
            assert not one.holds("t1")
            for _ in range(100):  # the unlock is sent on a task of its own
                if await two.take("t1"):
                    break
                await asyncio.sleep(0.05)
            assert two.holds("t1")
            # Its session cut off, a process holds nothing, and says so once it checks.
            assert _terminate(db, "SELECT k FROM unnest%") + _terminate(db, "SELECT 1") >= 1
            await two.check()
            assert not two.holds("t2")
            assert await one.take_many(["t1", "t2", "t3"]) == ("t1", "t2", "t3")
        finally:
            await one.close()
            await two.close()

    asyncio.run(scenario())


class _Deaf(LocalFanout):
    """A fan-out that hears nothing, though others share the store."""

    shared = True


def test_a_process_that_missed_a_commit_catches_up_on_a_newer_version_said(
    postgres: Cluster,
) -> None:
    db = postgres.new_database()

    async def scenario() -> None:
        store_a, store_b = PostgresStore(db), PostgresStore(db)
        a = TableService(store_a, pace=3600)
        b = TableService(store_b, pace=3600, fanout=_Deaf(), leases=LocalLeases())
        await a.start()
        await b.start()
        try:
            created = await a.create(["human", "human"], seed=4)
            on_a, on_b = await a.table(created.table), await b.table(created.table)
            assert on_a is not None and on_b is not None
            outcome = await a.act(on_a, 0, legal_plays(on_a.state)[0], 0, "first")
            assert outcome.version == 1 and on_b.version == 0  # B did not hear
            document = await b.document(on_b, 1, 1)
            assert on_b.version == 1 and document == await a.document(on_a, 1, 1)
            outcome = await a.act(on_a, 1, legal_plays(on_a.state)[0], 1, "second")
            assert outcome.version == 2 and on_b.version == 1
            third = await b.act(on_b, 0, legal_plays(on_a.state)[0], 2, "third")
            assert third.answer.status == 200 and third.version == 3
        finally:
            await a.close()
            await b.close()
            await store_a.close()
            await store_b.close()

    asyncio.run(scenario())


def test_on_sqlite_the_process_is_alone(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = SQLiteStore(tmp_path / "tables.db")
        try:
            fanout, leases = sharing(store)
            assert isinstance(fanout, LocalFanout) and not fanout.shared
            assert isinstance(leases, LocalLeases) and not leases.shared
            assert await leases.take_many(["a", "b"]) == ("a", "b") and leases.holds("c")
        finally:
            await store.close()

    asyncio.run(scenario())


def test_a_notice_from_another_process_reaches_this_ones_table_and_no_table_is_loaded_for_it(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        store = SQLiteStore(tmp_path / "tables.db")
        service = TableService(store, pace=3600)
        await service.start()
        try:
            created = await service.create(["human", "human"], seed=5)
            table = service.tables.peek(created.table)
            assert table is not None
            service.noticed(created.table, b'{"notice":"x"}')
            service.noticed("not-in-memory", b'{"notice":"y"}')
            assert [notice for _, notice in table.notices] == [b'{"notice":"x"}']
            service.tables.forget(service.tables.live()[0])
            service.moved(created.table, 9)  # not in memory: nothing to catch up
            assert service.tables.peek(created.table) is None
        finally:
            await service.close()
            await store.close()

    asyncio.run(scenario())
