"""The lobby and invitations, against the real server.

* ``"public": true`` lists a table in ``GET /api/lobby`` with its free human
  seats, a summary of its rules and its age, the newest first, a page at a
  time; a private table never is, and a table leaves once its human seats
  are all taken (a token used, or a seat claimed).
* ``limit`` and ``cursor`` are checked: anything but a number from 1 to 100
  and a cursor the server gave is a 400 naming it.
* A free seat is claimed with ``POST /api/lobby/{table}/seats/{seat}``: a new
  token for it; the invitation, never used, stops working; of two players
  racing for a seat, exactly one wins and the other gets 409 ``seat_taken``.
* An invited seat reads the seed's commitment in its document and, at the
  end, checks the record's seed against it, as the creator does.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import sqlite3
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets.sync.client

from raise_the_sum.server import open_store
from raise_the_sum.server.store import Commit, NewTable, SQLiteStore, StoredStep

from .harness import Server, act, bearer, create, document, recv, wait_for_turn

#: The keys of a table in the lobby, in order.
LISTED = ["table", "seats", "free", "rules", "created_at", "age_seconds"]


@pytest.fixture(scope="module")
def lobby_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server of the lobby tests' own (its lobby holds only theirs), that never moves alone."""
    running = Server(tmp_path_factory.mktemp("lobby") / "tables.db", pace=3600).start()
    yield running
    assert "Traceback" not in running.stop()


def lobby(client: httpx.Client, **params: Any) -> dict[str, Any]:
    answer = client.get("/api/lobby", params=params)
    assert answer.status_code == 200, answer.text
    value: dict[str, Any] = answer.json()
    return value


def everything(client: httpx.Client, limit: int = 100) -> list[dict[str, Any]]:
    """Every table in the lobby, page after page."""
    found: list[dict[str, Any]] = []
    cursor = None
    while True:
        page = lobby(client, limit=limit, **({} if cursor is None else {"cursor": cursor}))
        found += page["tables"]
        cursor = page["next"]
        if cursor is None:
            return found


def listed(client: httpx.Client, table: str) -> dict[str, Any] | None:
    return next((entry for entry in everything(client) if entry["table"] == table), None)


def claim(client: httpx.Client, table: str, seat: int | str) -> httpx.Response:
    return client.post(f"/api/lobby/{table}/seats/{seat}")


def test_a_public_table_is_listed_with_its_free_seats_until_they_are_taken(
    lobby_server: Server,
) -> None:
    with lobby_server.client() as client:
        table, tokens, _ = create(client, ["human", "greedy", "human", "human"], public=True)
        private, _, _ = create(client, ["human", "human"])
        entry = listed(client, table)
        assert entry is not None and listed(client, private) is None
        assert list(entry) == LISTED
        assert entry["seats"] == ["human", "greedy", "human", "human"]
        assert entry["free"] == [0, 2, 3]
        assert entry["rules"]["players"] == 4 and entry["rules"]["deck_size"] == 62
        assert "deck" not in entry["rules"] and entry["age_seconds"] >= 0
        assert entry["created_at"].endswith("Z")
        document(client, table, tokens[0])  # the creator's token: seat 0 is taken
        assert (listed(client, table) or {})["free"] == [2, 3]
        assert claim(client, table, 3).status_code == 201
        assert (listed(client, table) or {})["free"] == [2]
        document(client, table, tokens[2])  # the invitation used: no seat is free
        assert listed(client, table) is None


def test_the_lobby_pages_through_every_table_once_the_newest_first(
    lobby_server: Server,
) -> None:
    with lobby_server.client() as client:
        made = [create(client, ["human", "human"], public=True)[0] for _ in range(7)]
        first = lobby(client, limit=3)
        assert len(first["tables"]) == 3 and first["next"]
        assert [entry["table"] for entry in first["tables"]] == made[::-1][:3]
        walked = [entry["table"] for entry in everything(client, limit=2)]
        assert len(walked) == len(set(walked))
        assert [table for table in walked if table in made] == made[::-1]
        created = [entry["created_at"] for entry in everything(client, limit=3)]
        assert created == sorted(created, reverse=True)
        one = lobby(client, limit=1)
        assert len(one["tables"]) == 1 and one["next"]


@pytest.mark.parametrize(
    ("params", "path"),
    [
        ({"limit": "0"}, "/limit"),
        ({"limit": "101"}, "/limit"),
        ({"limit": "-1"}, "/limit"),
        ({"limit": "ten"}, "/limit"),
        ({"limit": "1.5"}, "/limit"),
        ({"limit": ""}, "/limit"),
        ({"limit": "99999999999999999999"}, "/limit"),
        ({"limit": ["2", "3"]}, "/limit"),
        ({"cursor": ""}, "/cursor"),
        ({"cursor": "!!!"}, "/cursor"),
        ({"cursor": "abc"}, "/cursor"),
        ({"cursor": base64.urlsafe_b64encode(b"nan~abc").decode()}, "/cursor"),
        ({"cursor": base64.urlsafe_b64encode(b"12.5~a/b").decode()}, "/cursor"),
        ({"cursor": base64.urlsafe_b64encode(b"12.5").decode()}, "/cursor"),
        ({"cursor": base64.urlsafe_b64encode(b"\xff\xfe~x").decode()}, "/cursor"),
        ({"cursor": "A" * 201}, "/cursor"),
        ({"cursor": "é"}, "/cursor"),
    ],
)
def test_a_bad_limit_or_cursor_is_a_400_naming_it(
    lobby_server: Server, params: dict[str, Any], path: str
) -> None:
    with lobby_server.client() as client:
        answer = client.get("/api/lobby", params=params)
        assert answer.status_code == 400, answer.text
        assert answer.json()["error"] == "bad_input" and answer.json()["path"] == path


def test_a_claimed_seat_gets_a_new_token_and_its_invitation_stops_working(
    lobby_server: Server,
) -> None:
    with lobby_server.client() as client:
        answer = client.post("/api/tables", json={"seats": ["human", "human"], "public": True})
        made = answer.json()
        table, invitation = made["table"], made["tokens"]["1"]
        with websockets.sync.client.connect(
            lobby_server.ws_url(table, made["tokens"]["0"])
        ) as host:
            first = json.loads(recv(host))
            assert [entry["taken"] for entry in first["seating"]] == [True, False]
            claimed = claim(client, table, 1)
            assert claimed.status_code == 201, claimed.text
            body = claimed.json()
            assert body["table"] == table and body["seat"] == 1
            assert body["seed_commitment"] == made["seed_commitment"]
            assert json.loads(recv(host)) == {"notice": "taken", "seat": 1}
        doc = document(client, table, body["token"])
        assert doc["view"]["seat"] == 1 and doc["seed_commitment"] == made["seed_commitment"]
        assert [entry["taken"] for entry in doc["seating"]] == [True, True]
        old = client.get(f"/api/tables/{table}", headers=bearer(invitation))
        assert old.status_code == 401 and old.json()["error"] == "unauthorized"
        again = claim(client, table, 1)
        assert again.status_code == 409 and again.json()["error"] == "seat_taken"
        assert again.json()["seat"] == 1


def test_a_seat_whose_invitation_was_used_cannot_be_claimed(lobby_server: Server) -> None:
    with lobby_server.client() as client:
        table, tokens, _ = create(client, ["human", "human", "human"], public=True)
        document(client, table, tokens[1])
        answer = claim(client, table, 1)
        assert answer.status_code == 409 and answer.json()["error"] == "seat_taken"
        assert document(client, table, tokens[1])["view"]["seat"] == 1  # still the friend's
        assert claim(client, table, 2).status_code == 201


def test_two_players_racing_for_a_seat_exactly_one_wins(lobby_server: Server) -> None:
    with lobby_server.client() as client:
        tables = [create(client, ["human", "human"], public=True)[0] for _ in range(8)]
    for table in tables:
        start = threading.Barrier(2)

        def race(table: str = table, start: threading.Barrier = start) -> httpx.Response:
            with lobby_server.client() as own:
                start.wait()
                return claim(own, table, 1)

        with ThreadPoolExecutor(2) as pool:
            answers = list(pool.map(lambda _: race(), range(2)))
        statuses = sorted(answer.status_code for answer in answers)
        assert statuses == [201, 409], [answer.text for answer in answers]
        loser = next(answer for answer in answers if answer.status_code == 409)
        assert loser.json()["error"] == "seat_taken"
        winner = next(answer for answer in answers if answer.status_code == 201)
        with lobby_server.client() as client:
            doc = document(client, table, winner.json()["token"])
            assert doc["view"]["seat"] == 1


def test_claims_outside_the_lobby_are_refused_clearly(lobby_server: Server) -> None:
    with lobby_server.client() as client:
        private, _, _ = create(client, ["human", "human"])
        public, _, _ = create(client, ["human", "riley"], public=True)
        refusals = [
            (claim(client, private, 1), 404, "not_found"),
            (claim(client, "no-such-table", 0), 404, "not_found"),
            (claim(client, public, 1), 409, "seat_taken"),  # a bot's seat
            (claim(client, public, 2), 400, "bad_input"),
            (claim(client, public, "one"), 400, "bad_input"),
            (claim(client, public, "-1"), 400, "bad_input"),
            (claim(client, public, "99999"), 400, "bad_input"),
            (client.get(f"/api/lobby/{public}/seats/0"), 405, "method_not_allowed"),
        ]
        for answer, status, error in refusals:
            assert answer.status_code == status, answer.text
            assert answer.json()["error"] == error
            if error == "bad_input":
                assert answer.json()["path"] == "/seat"
        assert "private" not in claim(client, private, 1).text  # nothing said of the table
        assert claim(client, public, 0).status_code == 201


def test_a_public_tutorial_and_a_public_that_is_not_a_boolean_are_refused(
    lobby_server: Server,
) -> None:
    with lobby_server.client() as client:
        for body in (
            {"tutorial": True, "public": True},
            {"seats": ["human", "human"], "public": "yes"},
            {"seats": ["human", "human"], "public": None},
        ):
            answer = client.post("/api/tables", json=body)
            assert answer.status_code == 400 and answer.json()["path"] == "/public", answer.text


def test_the_lobby_respects_the_request_limits(tmp_path: Path) -> None:
    limited = Server(
        tmp_path / "tables.db", pace=3600, options=("--request-burst", "5", "--request-rate", "1")
    ).start()
    try:
        with limited.client() as client:
            statuses = [client.get("/api/lobby").status_code for _ in range(12)]
            assert statuses[:4] == [200] * 4 and statuses[-1] == 429, statuses
            refused = client.post("/api/lobby/x/seats/0")
            assert refused.status_code == 429 and "Retry-After" in refused.headers
    finally:
        assert "Traceback" not in limited.stop()


def test_claims_count_with_the_table_creations_of_an_address(tmp_path: Path) -> None:
    limited = Server(
        tmp_path / "tables.db", pace=3600, options=("--create-burst", "3", "--create-rate", "0.01")
    ).start()
    try:
        with limited.client() as client:
            table, _, _ = create(client, ["human", "human", "human", "human"], public=True)
            answers = [claim(client, table, seat) for seat in (1, 2, 3)]
            assert [answer.status_code for answer in answers] == [201, 201, 429]
            assert answers[-1].json()["error"] == "rate_limited"
            assert "Retry-After" in answers[-1].headers
            assert (listed(client, table) or {})["free"] == [0, 3]  # nothing taken by the 429
    finally:
        assert "Traceback" not in limited.stop()


# --- invitations -----------------------------------------------------------------------------


def test_an_invited_seat_checks_the_record_against_the_seed_commitment(
    still_server: Server,
) -> None:
    rules = {"players": 2, "points_to_win": 1}
    with still_server.client() as client:
        table, tokens, commitment = create(client, ["human", "human"], rules=rules)
        invited = document(client, table, tokens[1])
        assert invited["seed_commitment"] == commitment
        assert "seed" not in invited["view"]
        while True:
            doc = document(client, table, tokens[0])
            if doc["view"]["phase"] in ("round_over", "match_over"):
                break
            seat = doc["view"]["current"]
            mine = document(client, table, tokens[seat])
            choice = mine["legal"][0] if seat == 0 else {"type": "pass"}
            if mine["view"]["phase"] == "discard":
                choice = {"type": "discard", "cards": mine["view"]["hand"][:1]}
            assert act(client, table, tokens[seat], choice, mine["version"]).status_code == 200
        over = wait_for_turn(client, table, tokens[1])
        assert over["view"]["phase"] == "match_over"
        record = client.get(f"/api/tables/{table}/record", headers=bearer(tokens[1]))
        assert record.status_code == 200
        seed = record.json()["seed"]
        assert hashlib.sha256(str(seed).encode()).hexdigest() == commitment


# --- the store: the lobby's index ------------------------------------------------------------


def _new(table_id: str, listing: str | None) -> NewTable:
    return NewTable(
        table_id=table_id,
        state="{}",
        setup="{}",
        extra="{}",
        token_hashes=((0, f"{table_id}-0"), (1, f"{table_id}-1")),
        listing=listing,
    )


def test_the_lobby_lists_open_public_tables_and_a_claim_is_a_compare_and_set(
    database: Path | str,
) -> None:
    listing = json.dumps({"seats": ["human", "human"], "rules": {}})

    async def scenario() -> None:
        store = open_store(database)
        for number in range(30):
            await store.create(_new(f"private{number}", None))
        for number in range(3):
            await store.create(_new(f"public{number}", listing))
        over = Commit(
            table_id="public0",
            expected=0,
            extra="{}",
            steps=(StoredStep(1, 0, "{}"),),
            over=True,
        )
        assert await store.commit(over)
        assert await store.take("public1", 0, (0, 1))
        assert await store.take("public1", 1, (0, 1))  # full: no longer listed
        assert not await store.take("public1", 1, (0, 1))
        found = await store.lobby(since=0.0, after=None, limit=10)
        assert [row.table_id for row in found] == ["public2"]
        assert not await store.claim("public1", 0, "new", (0, 1))  # not listed, taken
        assert await store.claim("public2", 1, "new", (0, 1))
        assert not await store.claim("public2", 1, "newer", (0, 1))
        assert await store.token("new") == ("public2", 1)
        assert await store.token("public2-1") is None
        stored = await store.load("public2")
        assert stored is not None and stored.taken == (1,)
        assert await store.unlist(before=float("inf")) == 1  # idle: out of the lobby
        assert await store.lobby(since=0.0, after=None, limit=10) == ()
        await store.close()

    asyncio.run(scenario())


def test_the_lobby_reads_only_its_index_of_listed_tables(tmp_path: Path) -> None:
    asyncio.run(SQLiteStore(tmp_path / "tables.db").close())  # the tables and their indexes
    with sqlite3.connect(tmp_path / "tables.db") as connection:
        plan = connection.execute(
            "EXPLAIN QUERY PLAN SELECT id, created, listing, taken FROM tables "
            "INDEXED BY tables_lobby WHERE listed = 1 AND (created, id) < (?, ?) "
            "AND touched >= ? ORDER BY created DESC, id DESC LIMIT ?",
            (1e300, "", 0.0, 10),
        ).fetchall()
    details = " | ".join(row[-1] for row in plan)
    # One range search of the index, in its order: no scan of the tables, no sort.
    assert details == "SEARCH tables USING INDEX tables_lobby ((created,id)<(?,?))", details


def test_a_database_of_layout_1_is_upgraded_with_private_tables(tmp_path: Path) -> None:
    db = tmp_path / "tables.db"
    with sqlite3.connect(db) as connection:
        connection.executescript(
            """
            CREATE TABLE tables (id TEXT PRIMARY KEY, version INTEGER NOT NULL,
                state TEXT NOT NULL, setup TEXT NOT NULL, extra TEXT NOT NULL,
                over INTEGER NOT NULL, touched REAL NOT NULL DEFAULT 0,
                driven INTEGER NOT NULL DEFAULT 1);
            CREATE TABLE steps (table_id TEXT NOT NULL, version INTEGER NOT NULL,
                seat INTEGER NOT NULL, action TEXT NOT NULL, events TEXT NOT NULL,
                PRIMARY KEY (table_id, version)) WITHOUT ROWID;
            INSERT INTO tables VALUES ('old', 0, '{}', '{}', '{}', 0, 1234.5, 0);
            PRAGMA user_version = 1;
            """
        )

    async def scenario() -> None:
        store = SQLiteStore(db)
        stored = await store.load("old")
        assert stored is not None and stored.taken == () and stored.touched == 1234.5
        assert await store.lobby(since=0.0, after=None, limit=10) == ()
        await store.close()

    asyncio.run(scenario())
    with sqlite3.connect(db) as connection:
        assert connection.execute("PRAGMA user_version").fetchone() == (2,)
        assert connection.execute("SELECT created FROM tables").fetchone() == (1234.5,)
