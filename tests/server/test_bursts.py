"""The bots' bursts and the store's commits of several versions.

At a pace of 0 the rule-based bots act on the event loop, and those that
follow a person's action join its commit: each is a version of its own, all
are durable before the answer that shows them, and the answer is the
document a fresh build gives, byte for byte. A search bot's decision runs on
the thread pool instead, so an answer never waits for one. The store
writes a commit's steps all together or not at all.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from raise_the_sum import Phase, Rules, wire
from raise_the_sum.actions import Action
from raise_the_sum.events import Event, Played, step
from raise_the_sum.server import open_store
from raise_the_sum.server.documents import seat_document, seat_events
from raise_the_sum.server.service import THREAD_BOTS, TableService
from raise_the_sum.server.store import Answer, Commit, NewTable, SQLiteStore, StoredStep

from .harness import Server, act, bearer, create, document, wait_for_turn


def _new_table(table_id: str) -> NewTable:
    return NewTable(table_id=table_id, state="{}", setup="{}", extra="{}", token_hashes=())


def _steps(first: int, count: int) -> tuple[StoredStep, ...]:
    return tuple(
        StoredStep(version, version % 2, f'{{"a":{version}}}')
        for version in range(first, first + count)
    )


def test_a_commit_of_several_steps_writes_them_all_at_their_versions_or_none(
    database: Path | str,
) -> None:
    async def scenario() -> None:
        store = open_store(database)
        await store.create(_new_table("t"))
        burst = Commit("t", 0, "e3", steps=_steps(1, 3), over=False)
        assert burst.version == 3
        assert await store.commit(burst)
        # A second writer that computed from version 0 loses the compare-and-set whole.
        assert not await store.commit(Commit("t", 0, "lost", steps=_steps(1, 2), over=False))
        # A burst that answers an id already answered writes nothing either.
        kept = await store.remember("t", 0, "x", Answer(409, b"first"), keep=10)
        answered = Commit("t", 3, "e5", steps=_steps(4, 2), over=False, answer=(0, "x", kept))
        assert not await store.commit(answered)
        await store.close()
        reopened = open_store(database)
        loaded = await reopened.load("t")
        await reopened.close()
        assert loaded is not None
        assert (loaded.version, loaded.state, loaded.extra) == (3, "{}", "e3")
        assert loaded.steps == _steps(1, 3)
        assert loaded.answered == ((0, "x"),)

    asyncio.run(scenario())


@pytest.mark.parametrize("versions", [(), (2, 3), (1, 3), (1, 2, 2)])
def test_a_commit_s_steps_must_be_the_versions_after_the_expected_one(
    versions: tuple[int, ...],
) -> None:
    steps = tuple(StoredStep(version, 0, "{}") for version in versions)
    with pytest.raises(ValueError, match="versions 1 on"):
        Commit("t", 0, "e", steps=steps, over=False)


def test_the_answer_at_a_bot_table_shows_the_bots_burst_each_version_durable(
    tmp_path: Path,
) -> None:
    server = Server(tmp_path / "tables.db", pace=0).start()
    try:
        with server.client() as client:
            table, tokens, _ = create(client, ["human", "random", "greedy", "cautious"])
            doc = wait_for_turn(client, table, tokens[0])
            sent = doc["version"]
            answer = act(client, table, tokens[0], doc["legal"][0], sent)
            assert answer.status_code == 200, answer.text
            after = answer.json()
            # The person's action is version sent + 1; the bots' follow, one version each,
            # up to the person's next turn (or the end of the match).
            assert after["version"] > sent + 1
            assert after["legal"] or after["view"]["phase"] == "match_over"
            assert after["events"][0]["seat"] == 0
            assert {e["seat"] for e in after["events"] if e["type"] in ("played", "passed")} > {0}
            # The answer is what a GET of the same events gives, byte for byte.
            again = client.get(
                f"/api/tables/{table}", headers=bearer(tokens[0]), params={"since": sent}
            )
            assert again.content == answer.content
            per_version = [
                document(client, table, tokens[0], since=v)["events"]
                for v in range(sent, after["version"])
            ]
        server.kill()  # every version the answer showed was committed before it was sent
        server.start()
        with server.client() as client:
            resumed = client.get(
                f"/api/tables/{table}", headers=bearer(tokens[0]), params={"since": sent}
            )
            assert resumed.content == answer.content
            for offset, events in enumerate(per_version):
                since = sent + offset
                assert document(client, table, tokens[0], since=since)["events"] == events
    finally:
        server.stop()


def test_a_search_bot_s_move_is_never_in_the_answer_it_runs_on_the_pool(server: Server) -> None:
    assert {"search", "alex"} <= THREAD_BOTS
    with server.client() as client:
        table, tokens, _ = create(client, ["human", "search"])
        doc = wait_for_turn(client, table, tokens[0])
        if doc["view"]["phase"] == "match_over":
            pytest.skip("the search bot won at once")
        answer = act(client, table, tokens[0], doc["legal"][0], doc["version"])
        assert answer.status_code == 200, answer.text
        after = answer.json()
        moves = [e["seat"] for e in after["events"] if e["type"] in ("played", "passed")]
        assert 1 not in moves  # the search bot had not acted when the answer was sent
        if after["view"]["phase"] == "play" and after["view"]["current"] == 1:
            assert after["version"] == doc["version"] + 1
        # The bot then acts by itself, on the pool.
        later = wait_for_turn(client, table, tokens[0])
        assert later["version"] > after["version"] or later["view"]["phase"] == "match_over"


def test_the_answer_kept_as_a_document_equals_a_fresh_build_byte_for_byte(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = SQLiteStore(tmp_path / "tables.db")
        service = TableService(store, pace=0)
        await service.start()
        created = await service.create(["human", "random", "random"], Rules(players=3), seed=11)
        table = await service.table(created.table)
        assert table is not None
        for number in range(12):
            while table.automatic():
                await asyncio.sleep(0)
            if table.state.phase is Phase.MATCH_OVER:
                break
            legal = json.loads(table.document(0, table.version))["legal"]
            if not legal:
                await asyncio.sleep(0.01)
                continue
            sent = table.version
            before = table.state
            action: Action = wire.decode(Action, legal[-1])
            outcome = await service.act(table, 0, action, sent, f"id-{number}")
            assert outcome.answer.status == 200
            # The full events of each version since ``sent``, from the actions taken.
            steps: list[tuple[Event, ...]] = []
            state = before
            for taken in table.actions[sent:]:
                state, events = step(state, taken)
                steps.append(events)
            assert state == table.state
            fresh = seat_document(
                table=table.table_id,
                version=table.version,
                state=table.state,
                events=[seat_events(events, 0) for events in steps],
                seat=0,
                seats=table.seats,
                tutorial=table.tutorial,
                seating=table.seating(),
            )
            assert outcome.answer.body == fresh
            assert table.document(0, sent) == fresh
            # Each version holds exactly one action's events: the person's play first.
            assert isinstance(steps[0][0], Played) == (legal[-1]["type"] == "play")
            assert len(table.actions) == table.version == len(table.seen[0])
        await service.close()
        await store.close()

    asyncio.run(scenario())
