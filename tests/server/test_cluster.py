"""Several server processes on one PostgreSQL database, each a plain ``raise-the-sum serve``.

* A socket on one process sees an action committed through another (the
  fan-out), and any process gives the same answers: documents, tokens, a
  retried id's first answer.
* One process drives a table's bots (its lease); when it is killed
  (SIGKILL), another takes the table over and the bots carry on.
* A process killed in the middle of writes loses nothing it acknowledged:
  another process answers every acknowledged id with its first answer.
* A seat claimed in the lobby through one process: the other's sockets
  hear the notice, and the invitation it replaced works on neither.
* While PostgreSQL restarts, the processes answer 503 ``unavailable``; then
  they serve again without a restart, sockets hear of commits again and the
  bots carry on.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets.sync.client

from .harness import Server, act, bearer, create, document, recv, run_sql, wait_for_turn
from .postgres_cluster import Cluster

#: Starts a server on the test's database: ``(name, pace)``.
Start = Callable[[str, float], Server]


@pytest.fixture
def pg_db(postgres: Cluster) -> str:
    """A fresh PostgreSQL database for the test's servers."""
    return postgres.new_database()


@pytest.fixture
def start(pg_db: str, tmp_path: Path) -> Iterator[Start]:
    """Start servers on the test's database; each is stopped (or was killed) at the end."""
    servers: list[Server] = []

    def starting(name: str, pace: float) -> Server:
        server = Server(pg_db, pace=pace, log=tmp_path / f"{name}.log").start()
        servers.append(server)
        return server

    yield starting
    for server in servers:
        errors = server.stop()
        assert "Traceback" not in errors, errors


def _version_pushed(ws: websockets.sync.client.ClientConnection, version: int) -> dict[str, Any]:
    """The first document the socket pushes at ``version`` or later."""
    while True:
        doc: dict[str, Any] = json.loads(recv(ws))
        if doc.get("version", -1) >= version:
            return doc


def test_a_socket_on_one_process_sees_an_action_committed_through_another(
    start: Start,
) -> None:
    a, b = start("a", 3600), start("b", 3600)
    with a.client() as on_a, b.client() as on_b:
        table, tokens, _ = create(on_a, ["human", "human"])
        with websockets.sync.client.connect(a.ws_url(table, tokens[1]), open_timeout=10) as ws:
            assert json.loads(recv(ws))["version"] == 0
            doc = document(on_b, table, tokens[0])  # a token issued by A works on B
            answer = act(on_b, table, tokens[0], doc["legal"][0], 0, client_id="first")
            assert answer.status_code == 200, answer.text
            pushed = _version_pushed(ws, 1)
        assert pushed["version"] == 1 and pushed["events"][0]["seat"] == 0
        # Any process gives the same answers: the document, and the id's first answer.
        for client in (on_a, on_b):
            same = client.get(f"/api/tables/{table}", headers=bearer(tokens[1]))
            assert (
                same.content == on_b.get(f"/api/tables/{table}", headers=bearer(tokens[1])).content
            )
            retried = act(client, table, tokens[0], doc["legal"][0], 0, client_id="first")
            assert (retried.status_code, retried.content) == (200, answer.content)
        # An action at A after B's: A is at B's version, and B's socket hears A's commit.
        with websockets.sync.client.connect(b.ws_url(table, tokens[0]), open_timeout=10) as ws:
            assert json.loads(recv(ws))["version"] == 1
            turn = document(on_a, table, tokens[1])
            assert act(on_a, table, tokens[1], turn["legal"][0], 1).status_code == 200
            assert _version_pushed(ws, 2)["version"] == 2


def _moved_past(client: httpx.Client, table: str, token: str, version: int) -> dict[str, Any]:
    """Poll until the table is past ``version`` (the bots acted), then until the seat's turn."""
    deadline = time.monotonic() + 30
    while document(client, table, token)["version"] <= version:
        if time.monotonic() > deadline:
            raise AssertionError(f"the table stayed at version {version}")
        time.sleep(0.01)
    return wait_for_turn(client, table, token)


def _lease_holders(db: str) -> int:
    """How many sessions hold an advisory lock (a table's lease) now."""
    rows = run_sql(db, "SELECT count(DISTINCT pid) FROM pg_locks WHERE locktype = 'advisory'")
    return int(rows[0][0])


def test_the_bots_carry_on_when_the_process_driving_them_is_killed(
    start: Start, pg_db: str
) -> None:
    a, b = start("a", 0.3), start("b", 0.3)  # the bots wait 0.3 s before each action
    with a.client() as on_a, b.client() as on_b:
        table, tokens, _ = create(on_a, ["human", "random", "random"])
        doc = wait_for_turn(on_a, table, tokens[0])
        answer = act(on_a, table, tokens[0], doc["legal"][0], doc["version"])
        assert answer.status_code == 200, answer.text
        deadline = time.monotonic() + 30
        while _lease_holders(pg_db) == 0:  # A takes the lease as its bots are to act
            assert time.monotonic() < deadline, "no process took the table's lease"
            time.sleep(0.01)
        while True:  # the person acts on B, until the bots (A's) are to act
            doc = wait_for_turn(on_b, table, tokens[0])
            answer = act(on_b, table, tokens[0], doc["legal"][0], doc["version"])
            assert answer.status_code == 200, answer.text
            if not answer.json()["legal"]:
                break
        acknowledged = answer.json()["version"]
        a.kill()  # before the bots act (they wait 0.3 s)
        for _ in range(3):  # B takes the table over: the bots act, turn after turn
            doc = _moved_past(on_b, table, tokens[0], acknowledged)
            if doc["view"]["phase"] == "match_over":
                break
            while True:  # the person's turn, until the bots are to act again
                answer = act(on_b, table, tokens[0], doc["legal"][0], doc["version"])
                assert answer.status_code == 200, answer.text
                doc = answer.json()
                if not doc["legal"] or doc["view"]["phase"] == "match_over":
                    break
            acknowledged = doc["version"]
    assert f"table {table}: taken over" in b.log.read_text(encoding="utf-8")


def test_a_process_killed_mid_write_loses_nothing_it_acknowledged(start: Start) -> None:
    a, b = start("a", 0), start("b", 0)
    with a.client() as on_a:
        tables = [create(on_a, ["human", "human"])[:2] for _ in range(6)]
    acknowledged: list[tuple[str, str, dict[str, Any], int, str, bytes]] = []
    enough = threading.Event()

    def play(table: str, token: str, seat: int) -> None:
        with httpx.Client(base_url=a.url, timeout=30) as client:
            number = 0
            while True:
                try:
                    doc = document(client, table, token)
                    if doc["view"]["phase"] == "match_over":
                        return
                    if not doc["legal"]:
                        time.sleep(0.01)  # the other seat's turn: as wait_for_turn polls
                        continue
                    number += 1
                    client_id = f"s{seat}-{number}"
                    answer = act(client, table, token, doc["legal"][0], doc["version"], client_id)
                except (httpx.HTTPError, AssertionError):  # the server is gone
                    return
                if answer.status_code == 200:
                    acknowledged.append(
                        (table, token, doc["legal"][0], doc["version"], client_id, answer.content)
                    )
                    if len(acknowledged) >= 60:
                        enough.set()

    players = [
        threading.Thread(target=play, args=(table, token, seat))
        for table, tokens in tables
        for seat, token in tokens.items()
    ]
    for player in players:
        player.start()
    enough.wait(120)
    a.kill()  # in the middle of the players' writes
    for player in players:
        player.join(60)
    assert len(acknowledged) >= 60
    with b.client() as on_b:
        for table, token, action, version, client_id, content in acknowledged:
            retried = act(on_b, table, token, action, version, client_id)
            assert (retried.status_code, retried.content) == (200, content), client_id
        # And the tables go on, on B: the seat whose turn it is acts.
        for table, tokens in tables:
            deadline = time.monotonic() + 30
            while True:  # a seat's turn (at a pace of 0 the next round comes at once)
                docs = [document(on_b, table, token) for token in tokens.values()]
                if docs[0]["view"]["phase"] == "match_over" or any(d["legal"] for d in docs):
                    break
                assert time.monotonic() < deadline, "no seat's turn came"
                time.sleep(0.01)
            if docs[0]["view"]["phase"] == "match_over":
                continue
            seat = next(seat for seat, doc in enumerate(docs) if doc["legal"])
            doc = docs[seat]
            answer = act(on_b, table, tokens[seat], doc["legal"][0], doc["version"])
            assert answer.status_code == 200, answer.text


def test_a_postgres_restart_is_a_503_then_every_process_serves_again(
    start: Start, postgres: Cluster
) -> None:
    a, b = start("a", 0.3), start("b", 0.3)
    with a.client() as on_a, b.client() as on_b:
        table, tokens, _ = create(on_a, ["human", "random"])
        doc = wait_for_turn(on_a, table, tokens[0])
        with websockets.sync.client.connect(
            a.ws_url(table, tokens[0], since=doc["version"]), open_timeout=10
        ) as ws:
            recv(ws)
            postgres.stop()
            try:
                down = act(on_b, table, tokens[0], doc["legal"][0], doc["version"], "during")
                assert down.status_code == 503, down.text
                assert down.json()["error"] == "unavailable"
                assert down.headers["Retry-After"] == "5"
            finally:
                postgres.start()
            for _ in range(300):  # a client's retries, as Retry-After asks (shorter here)
                answer = act(on_b, table, tokens[0], doc["legal"][0], doc["version"], "during")
                if answer.status_code != 503:
                    break
                time.sleep(0.2)  # a client's back-off, not a wait for an event
            assert answer.status_code == 200, answer.text
            # A's socket hears B's commit (A listens again), and the bot acts after it.
            assert _version_pushed(ws, answer.json()["version"])["version"] >= doc["version"] + 1
        after = wait_for_turn(on_a, table, tokens[0])
        assert after["version"] > answer.json()["version"] or after["view"]["phase"] == "match_over"


def test_a_seat_claimed_through_one_process_replaces_its_invitation_on_every_process(
    start: Start,
) -> None:
    a, b = start("a", 3600), start("b", 3600)
    with a.client() as on_a, b.client() as on_b:
        made = on_a.post("/api/tables", json={"seats": ["human", "human"], "public": True})
        assert made.status_code == 201, made.text
        table, invitation = made.json()["table"], made.json()["tokens"]["1"]
        with websockets.sync.client.connect(
            a.ws_url(table, made.json()["tokens"]["0"]), open_timeout=10
        ) as host:
            recv(host)
            claimed = on_b.post(f"/api/lobby/{table}/seats/1")
            assert claimed.status_code == 201, claimed.text
            while True:  # the host's socket, on A, hears of B's claim
                message = json.loads(recv(host))
                if "notice" in message:
                    break
            assert message == {"notice": "taken", "seat": 1}
        token = claimed.json()["token"]
        for client in (on_a, on_b):
            old = client.get(f"/api/tables/{table}", headers=bearer(invitation))
            assert old.status_code == 401 and old.json()["error"] == "unauthorized", old.text
            assert document(client, table, token)["view"]["seat"] == 1


def test_an_invitation_used_on_one_process_after_its_seat_was_claimed_on_another_is_refused(
    start: Start,
) -> None:
    # A holds the table (and the invitation) in memory; B's claim has not reached it when the
    # invitation comes: its first use finds the seat taken in the store, and A reads it again.
    a, b = start("a", 3600), start("b", 3600)
    with a.client() as on_a, b.client() as on_b:
        made = on_a.post("/api/tables", json={"seats": ["human", "human"], "public": True})
        table, invitation = made.json()["table"], made.json()["tokens"]["1"]
        claimed = on_b.post(f"/api/lobby/{table}/seats/1")
        assert claimed.status_code == 201, claimed.text
        old = on_a.get(f"/api/tables/{table}", headers=bearer(invitation))
        assert old.status_code == 401 and old.json()["error"] == "unauthorized", old.text
