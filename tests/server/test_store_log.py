"""The store as a log: group commits in a few statements, and tables rebuilt by replay.

The SQLite store writes the commits that arrive together with a few
multi-row statements when every compare-and-set holds, and one by one (each
all or nothing) when one does not. A commit holds each version's seat and
action, not the states or the events: a table loaded from the store replays
its actions from the state stored with it, and gets the same states, events
and documents, byte for byte, as the table that wrote them. A database
written before (a state and the events at every commit) still loads.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import uuid
from pathlib import Path
from typing import Any

import attrs
import pytest

from raise_the_sum import Rules, wire
from raise_the_sum.actions import Action
from raise_the_sum.server import open_store
from raise_the_sum.server import tables as tables_module
from raise_the_sum.server.postgres import PostgresStore
from raise_the_sum.server.service import TableService
from raise_the_sum.server.store import (
    SCHEMA_VERSION,
    Answer,
    Commit,
    NewTable,
    SQLiteStore,
    Store,
    StoredStep,
    StoreError,
)
from raise_the_sum.server.table import catch_up, revive
from raise_the_sum.state import Phase


def _new_table(table_id: str) -> NewTable:
    return NewTable(table_id=table_id, state="s0", setup="{}", extra="{}", token_hashes=())


def _commit(table_id: str, expected: int, count: int = 2, *, answer: str | None = None) -> Commit:
    steps = tuple(
        StoredStep(version, 0, f'{{"a":"{table_id}{version}"}}')
        for version in range(expected + 1, expected + 1 + count)
    )
    kept = None if answer is None else (0, answer, Answer(200, answer.encode()))
    return Commit(table_id, expected, f"e{expected + count}", steps, False, kept)


async def _together(store: Store, commits: list[Commit]) -> list[bool]:
    """Commit ``commits`` in one group: they come while another group's COMMIT is under way.

    The first write (a table's creation) starts a group; the commits, asked
    for in the same turn of the event loop, go together in a group (the next
    one, or the creation's when the writer starts on a later turn).
    """
    blocker = asyncio.ensure_future(store.create(_new_table(f"blocker-{uuid.uuid4().hex}")))
    pending = [asyncio.ensure_future(store.commit(commit)) for commit in commits]
    await blocker
    return list(await asyncio.gather(*pending))


def _spy_on_commit_together(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, bool]]:
    """Each try of the store's multi-row statements, as (commits, held), in a list."""
    together: list[tuple[int, bool]] = []
    original = SQLiteStore._commit_together

    def spy(connection: sqlite3.Connection, jobs: list[Any]) -> bool:
        held = original(connection, jobs)
        together.append((len(jobs), held))
        return held

    monkeypatch.setattr(SQLiteStore, "_commit_together", staticmethod(spy))
    on_postgres = PostgresStore._commit_together

    async def spy_on_postgres(connection: Any, jobs: list[Any]) -> bool:
        held = await on_postgres(connection, jobs)
        together.append((len(jobs), held))
        return held

    monkeypatch.setattr(PostgresStore, "_commit_together", staticmethod(spy_on_postgres))
    return together


def test_a_group_of_commits_at_once_writes_them_all_or_each_one_by_one(
    database: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    together = _spy_on_commit_together(monkeypatch)

    async def scenario() -> None:
        store = open_store(database)
        for name in "abcd":
            await store.create(_new_table(name))
        # All hold: the multi-row statements.
        assert (
            await _together(store, [_commit(n, 0, answer=f"id-{n}") for n in "abcd"]) == [True] * 4
        )
        # One stale compare-and-set (b is at 2, not 0) and one id answered before (c's): only
        # those two fail, and write nothing; the others are written, each whole.
        assert await _together(
            store,
            [
                _commit("a", 2, 3),
                _commit("b", 0, 5),
                _commit("c", 2, answer="id-c"),
                _commit("d", 2, 1, answer="id-d2"),
            ],
        ) == [True, False, False, True]
        # Two commits of one table in one group are applied in order, one by one.
        assert await _together(store, [_commit("b", 2, 1), _commit("b", 3, 1)]) == [True, True]
        assert together == [(4, True), (4, False), (2, False)]
        await store.close()
        reopened = open_store(database)
        loaded = {name: await reopened.load(name) for name in "abcd"}
        await reopened.close()
        versions = {name: table.version for name, table in loaded.items() if table is not None}
        assert versions == {"a": 5, "b": 4, "c": 2, "d": 3}
        for name, table in loaded.items():
            assert table is not None
            assert table.state == "s0"  # the state the table was created with
            assert table.extra == f"e{table.version}"
            assert [step.version for step in table.steps] == list(range(1, table.version + 1))
            assert [json.loads(step.action)["a"] for step in table.steps] == [
                f"{name}{version}" for version in range(1, table.version + 1)
            ]
        assert loaded["c"] is not None and loaded["c"].answered == ((0, "id-c"),)
        assert loaded["d"] is not None and set(loaded["d"].answered) == {(0, "id-d"), (0, "id-d2")}

    asyncio.run(scenario())


#: Layout 1: each step's events were kept (``steps.events``). Such a database is upgraded
#: when opened: the column goes, since the service rebuilds the events by replay.
LAYOUT_1 = """
CREATE TABLE tables (id TEXT PRIMARY KEY, version INTEGER NOT NULL, state TEXT NOT NULL,
    setup TEXT NOT NULL, extra TEXT NOT NULL, over INTEGER NOT NULL,
    touched REAL NOT NULL DEFAULT 0, driven INTEGER NOT NULL DEFAULT 1);
CREATE TABLE steps (table_id TEXT NOT NULL, version INTEGER NOT NULL, seat INTEGER NOT NULL,
    action TEXT NOT NULL, events TEXT NOT NULL, PRIMARY KEY (table_id, version)) WITHOUT ROWID;
CREATE TABLE tokens (hash TEXT PRIMARY KEY, table_id TEXT NOT NULL, seat INTEGER NOT NULL)
    WITHOUT ROWID;
CREATE TABLE answers (table_id TEXT NOT NULL, seat INTEGER NOT NULL, client_id TEXT NOT NULL,
    status INTEGER NOT NULL, body BLOB NOT NULL, UNIQUE (table_id, seat, client_id));
PRAGMA user_version = 1;
"""


def test_a_load_after_a_version_reads_only_the_steps_after_it(database: Path | str) -> None:
    async def scenario() -> None:
        store = open_store(database)
        try:
            await store.create(_new_table("a"))
            assert await store.commit(_commit("a", 0, 3, answer="id-1"))
            assert await store.commit(_commit("a", 3, 2))
            whole = await store.load("a")
            assert whole is not None
            for after in (0, 1, 3, 5):
                part = await store.load("a", after=after)
                assert part is not None
                assert attrs.evolve(part, steps=whole.steps) == whole
                assert part.steps == whole.steps[after:]
            assert await store.load("b", after=2) is None
        finally:
            await store.close()

    asyncio.run(scenario())


def test_a_database_of_a_development_layout_before_numbers_is_refused_in_one_line(
    tmp_path: Path,
) -> None:
    with sqlite3.connect(tmp_path / "tables.db") as made:
        made.executescript(LAYOUT_1.replace("PRAGMA user_version = 1;", ""))
    made.close()
    with pytest.raises(StoreError, match=r"layout 0, made by a development version") as refused:
        SQLiteStore(tmp_path / "tables.db")
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize("layout", ["now", "layout 1"])
def test_a_lone_commit_takes_the_multi_row_statements_and_a_stale_one_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, layout: str
) -> None:
    together = _spy_on_commit_together(monkeypatch)
    if layout != "now":  # the database exists, with its steps' events
        with sqlite3.connect(tmp_path / "tables.db") as made:
            made.executescript(LAYOUT_1)
        made.close()

    async def scenario() -> None:
        store = SQLiteStore(tmp_path / "tables.db")
        (sql,) = store._connection.execute(
            "SELECT sql FROM sqlite_master WHERE name = 'answers'"
        ).fetchone()
        assert "WITHOUT ROWID" not in sql  # refusals can be forgotten oldest first
        columns = [row[1] for row in store._connection.execute("PRAGMA table_info(steps)")]
        assert columns == ["table_id", "version", "seat", "action"]  # upgraded: no events
        await store.create(_new_table("a"))
        assert await store.commit(_commit("a", 0, 2, answer="id-1"))
        assert not await store.commit(_commit("a", 0, 1, answer="id-2"))  # a is at 2: stale
        assert not await store.commit(_commit("a", 2, 1, answer="id-1"))  # id-1 is answered
        assert await store.commit(_commit("a", 2, 1))  # a bots' commit: no answer
        assert together == [(1, True), (1, False), (1, False), (1, True)]
        loaded = await store.load("a")
        kept, unknown = await store.answer("a", 0, "id-1"), await store.answer("a", 0, "id-2")
        await store.close()
        assert loaded is not None
        assert loaded.version == 3 and loaded.extra == "e3" and loaded.answered == ((0, "id-1"),)
        assert [json.loads(step.action)["a"] for step in loaded.steps] == ["a1", "a2", "a3"]
        assert kept == Answer(200, b"id-1") and unknown is None

    asyncio.run(scenario())


def test_a_groups_answers_run_before_the_next_groups_statements(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    happened: list[str] = []
    original = SQLiteStore._group

    def group(store: SQLiteStore) -> None:
        happened.append(f"group of {len(store._pending)}")
        original(store)

    monkeypatch.setattr(SQLiteStore, "_group", group)

    async def scenario() -> None:
        store = SQLiteStore(tmp_path / "tables.db")
        for name in "ab":
            await store.create(_new_table(name))
        happened.clear()

        async def commit(name: str) -> None:
            assert await store.commit(_commit(name, 0, 1))
            happened.append(f"{name} answered")

        # In one turn of the loop: a's group starts at once, b waits for the next one (a
        # group's end is heard on a later turn).
        await asyncio.gather(commit("a"), commit("b"))
        await store.close()
        assert happened == ["group of 1", "a answered", "group of 1", "b answered"]

    asyncio.run(scenario())


async def _played(db: Path, seed: int) -> tuple[TableService, SQLiteStore, str]:
    """A table of a person and two random bots, some actions in (the person's last legal)."""
    store = SQLiteStore(db)
    service = TableService(store, pace=0)
    await service.start()
    created = await service.create(["human", "random", "random"], Rules(players=3), seed=seed)
    table = await service.table(created.table)
    assert table is not None
    for number in range(15):
        while table.automatic():
            await asyncio.sleep(0)
        legal = json.loads(table.document(0, table.version))["legal"]
        if table.state.phase is Phase.MATCH_OVER or not legal:
            break
        action: Action = wire.decode(Action, legal[(number * 7) % len(legal)])
        outcome = await service.act(table, 0, action, table.version, f"id-{number}")
        assert outcome.answer.status == 200
    return service, store, created.table


def test_a_table_loaded_from_the_store_replays_to_the_same_states_events_and_documents(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        service, store, table_id = await _played(tmp_path / "tables.db", 5)
        live = await service.table(table_id)
        assert live is not None and live.version > 15
        stored = await store.load(table_id)
        assert stored is not None
        revived = revive(stored)
        assert revived.state == live.state
        assert revived.version == live.version
        assert revived.seen == live.seen
        assert revived.actions == live.actions
        assert revived.rngs == live.rngs
        for since in (0, live.version // 2, live.version):
            assert revived.document(0, since) == live.document(0, since)
        await service.close()
        await store.close()

    asyncio.run(scenario())


def test_a_table_caught_up_from_a_later_load_equals_the_table_loaded_whole(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        service, store, table_id = await _played(tmp_path / "tables.db", 6)
        stored = await store.load(table_id)
        assert stored is not None and stored.version > 15
        for at in (0, 1, stored.version // 2, stored.version):
            earlier = attrs.evolve(stored, version=at, steps=stored.steps[:at])
            table = revive(earlier)
            later = await store.load(table_id, after=at)  # only the steps it does not have
            assert later is not None and len(later.steps) == stored.version - at
            catch_up(table, later)
            whole = revive(stored)
            assert (table.state, table.version, table.rngs) == (
                whole.state,
                whole.version,
                whole.rngs,
            )
            assert (table.seen, table.actions, table.answered) == (
                whole.seen,
                whole.actions,
                whole.answered,
            )
            for since in (0, at, stored.version):
                assert table.document(0, since) == whole.document(0, since)
        await service.close()
        await store.close()

    asyncio.run(scenario())


def test_a_table_ahead_of_a_store_that_went_back_is_rebuilt_at_the_stores_version(
    tmp_path: Path,
) -> None:
    # A backup restored, or a failover that lost the last commits: the store is behind the
    # table in memory, whose compare-and-sets then fail; catching up rebuilds it whole.
    async def scenario() -> None:
        service, store, table_id = await _played(tmp_path / "tables.db", 7)
        live = await service.table(table_id)
        assert live is not None and live.version > 15
        stored = await store.load(table_id)
        assert stored is not None
        await store.close()
        back = live.version - 5
        with contextlib.closing(sqlite3.connect(tmp_path / "tables.db")) as db, db:
            db.execute("UPDATE tables SET version = ? WHERE id = ?", (back, table_id))
            db.execute("DELETE FROM steps WHERE table_id = ? AND version > ?", (table_id, back))
        again = SQLiteStore(tmp_path / "tables.db")
        service.tables.store = again
        await service.tables.reload(live)
        earlier = revive(attrs.evolve(stored, version=back, steps=stored.steps[:back]))
        assert (live.version, live.state, live.actions) == (back, earlier.state, earlier.actions)
        assert live.seen == earlier.seen
        await service.close()
        await again.close()

    asyncio.run(scenario())


def test_a_stored_table_whose_generators_do_not_fit_its_bots_is_refused_on_loading(
    tmp_path: Path,
) -> None:
    # The driver's table is rebuilt unchecked at every commit (driver.trusted_table), so
    # the parts are checked once, when the table is loaded: a bot's seat needs a generator.
    async def scenario() -> None:
        service, store, table_id = await _played(tmp_path / "tables.db", 3)
        stored = await store.load(table_id)
        assert stored is not None
        extra = json.loads(stored.extra)
        extra["rngs"][1] = None  # seat 1 is a bot
        broken = attrs.evolve(stored, extra=json.dumps(extra))
        with pytest.raises(RuntimeError, match=rf"table {table_id}: .*rngs\[1\]"):
            revive(broken)
        await service.close()
        await store.close()

    asyncio.run(scenario())


def test_a_finished_table_let_go_from_memory_is_loaded_again_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tables_module, "KEEP_FINISHED", 1)

    async def finish(service: TableService, seed: int) -> tuple[str, bytes, dict[int, str]]:
        created = await service.create(["human", "random"], Rules(players=2), seed=seed)
        table, _ = await service.authenticate(created.table, created.tokens[0])  # seat 0 taken
        for number in range(2000):
            while table.automatic():
                await asyncio.sleep(0)
            if table.state.phase is Phase.MATCH_OVER:
                break
            legal = json.loads(table.document(0, table.version))["legal"]
            if not legal:
                await asyncio.sleep(0)
                continue
            action: Action = wire.decode(Action, legal[0])
            await service.act(table, 0, action, table.version, f"id-{number}")
        assert table.state.phase is Phase.MATCH_OVER
        return created.table, table.document(0, 0), created.tokens

    async def scenario() -> None:
        store = SQLiteStore(tmp_path / "tables.db")
        service = TableService(store, pace=0)
        await service.start()
        first, document, tokens = await finish(service, 3)
        assert first in service.tables
        second, _, _ = await finish(service, 4)
        assert first not in service.tables and second in service.tables
        again, seat = await service.authenticate(first, tokens[0])
        assert seat == 0 and again.document(0, 0) == document
        assert again.state.phase is Phase.MATCH_OVER
        await service.close()
        await store.close()

    asyncio.run(scenario())


def test_an_sqlite_database_of_layout_1_is_upgraded_to_hold_the_seating(tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / "tables.db") as connection:
        connection.executescript(LAYOUT_1)
        connection.execute(
            "INSERT INTO tables (id, version, state, setup, extra, over, touched, driven) "
            "VALUES ('old', 0, 's', 'u', 'e', 0, 1.0, 0)"
        )
    connection.close()

    async def scenario() -> None:
        store = SQLiteStore(tmp_path / "tables.db")
        (user_version,) = store._connection.execute("PRAGMA user_version").fetchone()
        assert user_version == SCHEMA_VERSION == 2
        old = await store.load("old")
        assert old is not None and old.seating == "{}" and old.version == 0
        await store.create(attrs.evolve(_new_table("a"), seating='{"names":{"0":"Ann"}}'))
        loaded = await store.load("a")
        await store.close()
        assert loaded is not None and loaded.seating == '{"names":{"0":"Ann"}}'

    asyncio.run(scenario())


def test_the_seating_is_kept_whole_and_written_without_an_action(database: str | Path) -> None:
    async def scenario() -> None:
        store: Store = open_store(database)
        await store.create(attrs.evolve(_new_table("a"), seating='{"names":{"0":"Ann"}}'))
        loaded = await store.load("a")
        assert loaded is not None and loaded.seating == '{"names":{"0":"Ann"}}'
        assert await store.resumable(0) == ("a",)
        await store.seating("a", '{"names":{"0":"Zoë"}}', driven=False)
        await store.seating("nobody", "{}", driven=True)  # no such table: nothing written
        again = await store.load("a")
        assert again is not None and again.seating == '{"names":{"0":"Zoë"}}'
        assert again.version == loaded.version and again.touched == loaded.touched
        assert await store.resumable(0) == ()
        await store.close()

    asyncio.run(scenario())
