"""Failures stay inside their own request and table: the store's group commit, the bots, the
start-up, and the bots' pace (in process, on a real store: SQLite and PostgreSQL alike)."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from raise_the_sum import driver as match_driver
from raise_the_sum.server import driving as driving_module
from raise_the_sum.server import open_store
from raise_the_sum.server.limits import Limits
from raise_the_sum.server.postgres import SCHEMA_VERSION as POSTGRES_LAYOUT
from raise_the_sum.server.postgres import PostgresStore
from raise_the_sum.server.service import TableService
from raise_the_sum.server.store import (
    Commit,
    NewTable,
    SQLiteStore,
    Store,
    StoredStep,
    StoreError,
    StoreUnavailable,
)
from raise_the_sum.state import Phase

from .harness import run_sql
from .postgres_cluster import Cluster
from .test_store_log import _commit, _new_table, _together


def test_a_commit_that_fails_in_a_group_fails_alone_and_the_rest_is_written(
    database: Path | str,
) -> None:
    """A step whose text the database cannot take (a lone surrogate) is refused; its group
    commits."""

    async def scenario() -> None:
        store = open_store(database)
        for name in "abc":
            await store.create(_new_table(name))
        bad = Commit("b", 0, "e1", (StoredStep(1, 0, '{"a":"\ud800"}'),), False)
        blocker = asyncio.ensure_future(store.create(_new_table("z")))
        pending = [
            asyncio.ensure_future(store.commit(commit))
            for commit in (_commit("a", 0), bad, _commit("c", 0))
        ]
        await blocker
        results = await asyncio.gather(*pending, return_exceptions=True)
        assert results[0] is True and results[2] is True
        assert isinstance(results[1], UnicodeEncodeError)
        loaded = {name: await store.load(name) for name in "abc"}
        await store.close()
        assert {name: table.version for name, table in loaded.items() if table} == {
            "a": 2,
            "b": 0,
            "c": 2,
        }

    asyncio.run(scenario())


def test_groups_still_commit_together_when_every_commit_is_good(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = SQLiteStore(tmp_path / "tables.db")
        for name in "ab":
            await store.create(_new_table(name))
        assert await _together(store, [_commit("a", 0), _commit("b", 0)]) == [True, True]
        await store.close()

    asyncio.run(scenario())


class _Failing:
    """A store whose commits fail (StoreUnavailable) while ``failures`` is above 0."""

    def __init__(self, store: Store, failures: int) -> None:
        self.store = store
        self.failures = failures
        self.failed = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)

    async def commit(self, commit: Commit) -> bool:
        if self.failures > 0:
            self.failures -= 1
            self.failed += 1
            raise StoreUnavailable("the disk is full (a test)", "the disk is full")
        return await self.store.commit(commit)


def test_the_bots_survive_failed_commits_and_carry_on(
    database: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(driving_module, "RETRY_FIRST", 0.01)

    async def scenario() -> None:
        store = _Failing(open_store(database), failures=0)
        service = TableService(store, pace=0)
        await service.start()
        created = await service.create(["random", "human"], seed=5)
        table = await service.table(created.table)
        assert table is not None
        store.failures = 3  # the bots' next three commits fail (the driver has not run yet)
        # Seat 0 is a bot: it opens once the store is back.
        deadline = time.monotonic() + 10
        while table.version == 0 and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        await service.close()
        await store.close()
        assert store.failed == 3 and table.version >= 1

    asyncio.run(scenario())


def test_a_failed_human_commit_is_a_503_with_nothing_changed(database: Path | str) -> None:
    from raise_the_sum.server.errors import ProtocolError

    async def scenario() -> None:
        store = _Failing(open_store(database), failures=0)
        service = TableService(store, pace=3600)
        await service.start()
        created = await service.create(["human", "human"], seed=5)
        table = await service.table(created.table)
        assert table is not None
        from raise_the_sum import legal_plays

        action = legal_plays(table.state)[0]
        store.failures = 1
        with pytest.raises(ProtocolError) as refused:
            await service.act(table, 0, action, 0, "id-1")
        assert refused.value.status == 503 and "the disk is full" in str(refused.value)
        assert table.version == 0
        outcome = await service.act(table, 0, action, 0, "id-1")  # the retry goes through
        assert outcome.answer.status == 200 and table.version == 1
        await service.close()
        await store.close()

    asyncio.run(scenario())


def test_the_bots_act_a_pace_after_their_turn_began_however_long_they_think(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot with nothing to choose and one that searches are seen to act at the same time."""
    pace = 0.5
    think = {"seconds": 0.0}
    original = match_driver.bot_step

    def slow_step(table: match_driver.Table) -> Any:
        time.sleep(think["seconds"])
        return original(table)

    monkeypatch.setattr(match_driver, "bot_step", slow_step)

    async def turn_time(seconds: float) -> float:
        think["seconds"] = seconds
        store = SQLiteStore(tmp_path / f"tables-{seconds}.db")
        service = TableService(store, pace=pace)
        await service.start()
        started = time.monotonic()
        created = await service.create(["random", "human"], seed=3)
        table = await service.table(created.table)
        assert table is not None
        while table.version == 0:
            await asyncio.sleep(0.002)
        took = time.monotonic() - started
        await service.close()
        await store.close()
        return took

    async def scenario() -> tuple[float, float]:
        return await turn_time(0.0), await turn_time(0.3)

    quick, slow = asyncio.run(scenario())
    assert pace <= quick < pace + 0.2 and pace <= slow < pace + 0.2, (quick, slow)


def test_start_up_reads_only_the_tables_whose_bots_are_to_act(database: Path | str) -> None:
    db = database

    async def scenario() -> tuple[str, ...]:
        store = open_store(db)
        now = time.time()
        await store.create(NewTable("waits", "s", "{}", "{}", (), driven=False))
        await store.create(NewTable("bots", "s", "{}", "{}", ()))
        await store.create(NewTable("over", "s", "{}", "{}", (), over=True))
        await store.create(NewTable("old", "s", "{}", "{}", ()))
        run_sql(db, "UPDATE tables SET touched = 0 WHERE id = 'old'")
        found = await store.resumable(now - 60)
        await store.close()
        return found

    assert asyncio.run(scenario()) == ("bots",)
    if isinstance(db, str):  # PostgreSQL: the index is used once scanning the table is costly
        run_sql(db, "ALTER DATABASE " + db.rpartition("/")[2] + " SET enable_seqscan = off")
        plan = " ".join(
            str(row)
            for row in run_sql(
                db, "EXPLAIN SELECT id FROM tables WHERE NOT over AND driven AND touched >= 0"
            )
        )
        assert "tables_resumable" in plan, plan
        return
    with sqlite3.connect(db) as connection:
        plan = " ".join(
            str(row)
            for row in connection.execute(
                "EXPLAIN QUERY PLAN SELECT id FROM tables INDEXED BY tables_resumable "
                "WHERE over = 0 AND driven = 1 AND touched >= 0"
            )
        )
    connection.close()
    assert "tables_resumable" in plan and "SCAN tables" not in plan.replace("USING INDEX", ""), plan


def test_a_database_of_a_newer_layout_or_not_a_database_is_refused_in_one_line(
    tmp_path: Path,
) -> None:
    newer = tmp_path / "newer.db"
    with sqlite3.connect(newer) as connection:
        connection.execute("PRAGMA user_version = 99")
    connection.close()
    with pytest.raises(StoreError, match=r"layout 99.*newer"):
        SQLiteStore(newer)
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"not a database " * 100)
    with pytest.raises(StoreError) as refused:
        SQLiteStore(garbage)
    assert "\n" not in str(refused.value) and str(garbage) in str(refused.value)


def test_an_archived_table_is_let_go_from_memory_and_answers_410(database: Path | str) -> None:
    from raise_the_sum.server.errors import ProtocolError

    async def scenario() -> None:
        store = open_store(database)
        service = TableService(store, pace=3600, limits=Limits(archive_after=0.4))
        await service.start()
        created = await service.create(["human", "human"], seed=1)
        await asyncio.sleep(0.8)
        with pytest.raises(ProtocolError) as archived:
            await service.table(created.table)
        assert archived.value.status == 410 and archived.value.body["error"] == "archived"
        await service.close()
        await store.close()

    asyncio.run(scenario())


def test_a_finished_table_is_never_archived(database: Path | str) -> None:
    async def scenario() -> None:
        store = open_store(database)
        service = TableService(store, pace=0, limits=Limits(archive_after=0.3))
        await service.start()
        created = await service.create(["human", "random"], seed=2)
        table = await service.table(created.table)
        assert table is not None
        from raise_the_sum import legal_plays

        version = 0
        while table.state.phase is not Phase.MATCH_OVER:
            if table.automatic():
                await asyncio.sleep(0.001)
                continue
            version = table.version
            await service.act(table, 0, legal_plays(table.state)[-1], version, f"a{version}")
        await asyncio.sleep(0.6)
        again = await service.table(created.table)
        assert again is not None and again.state.phase is Phase.MATCH_OVER
        await service.close()
        await store.close()

    asyncio.run(scenario())


def test_a_postgres_database_of_a_newer_layout_is_refused_in_one_line(
    postgres: Cluster,
) -> None:
    url = postgres.new_database()

    async def scenario() -> None:
        first = PostgresStore(url)
        await first.resumable(0.0)  # makes the tables at this layout
        await first.close()
        run_sql(url, "UPDATE raise_the_sum_layout SET version = 99")
        store = PostgresStore(url)
        with pytest.raises(StoreError, match=r"layout 99.*newer") as refused:
            await store.open()
        assert "\n" not in str(refused.value)

    asyncio.run(scenario())


def test_servers_opening_one_empty_postgres_database_at_once_make_its_tables_once(
    postgres: Cluster,
) -> None:
    url = postgres.new_database()

    async def scenario() -> list[tuple[str, ...]]:
        stores = [PostgresStore(url) for _ in range(4)]
        found = await asyncio.gather(*(store.resumable(0.0) for store in stores))
        for store in stores:
            await store.close()
        return found

    assert asyncio.run(scenario()) == [()] * 4
    assert run_sql(url, "SELECT version FROM raise_the_sum_layout") == [(POSTGRES_LAYOUT,)]


def test_a_postgres_database_of_layout_1_is_upgraded_to_hold_the_seating(
    postgres: Cluster,
) -> None:
    url = postgres.new_database()
    for statement in (
        "CREATE TABLE raise_the_sum_layout (one BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (one), "
        "version INTEGER NOT NULL)",
        "INSERT INTO raise_the_sum_layout (version) VALUES (1)",
        "CREATE TABLE tables (id TEXT PRIMARY KEY, version BIGINT NOT NULL, state TEXT NOT NULL, "
        "setup TEXT NOT NULL, extra TEXT NOT NULL, over BOOLEAN NOT NULL, "
        "touched DOUBLE PRECISION NOT NULL, driven BOOLEAN NOT NULL)",
        "INSERT INTO tables VALUES ('old', 0, 's', 'u', 'e', false, 1.0, false)",
    ):
        run_sql(url, statement)

    async def scenario() -> str | None:
        store = PostgresStore(url)
        old = await store.load("old")
        await store.close()
        return None if old is None else old.seating

    assert asyncio.run(scenario()) == "{}"
    assert run_sql(url, "SELECT version FROM raise_the_sum_layout") == [(POSTGRES_LAYOUT,)]


def test_an_unreachable_postgres_database_is_refused_in_one_line_naming_it_without_password(
    postgres: Cluster,
) -> None:
    url = postgres.url("missing").replace("postgres@", "postgres:hunter2@")

    async def scenario() -> None:
        with pytest.raises(StoreError) as refused:
            await PostgresStore(url).open()
        message = str(refused.value)
        assert "\n" not in message and "hunter2" not in message
        assert f"127.0.0.1:{postgres.port}/missing" in message

    asyncio.run(scenario())
