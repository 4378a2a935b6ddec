"""The server on PostgreSQL when the database goes away and comes back.

While PostgreSQL is stopped, a request that needs the database is answered
503 ``unavailable`` (never a 500, and within the store's timeout); once it
is started again, the same server process serves again, and an action
retried with its id is applied once.
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from raise_the_sum.server.postgres import DEFAULT_TIMEOUT

from .harness import Server, act, create, document
from .postgres_cluster import Cluster


@pytest.fixture
def pg_server(postgres: Cluster, tmp_path: Path) -> Iterator[Server]:
    """A server of its own on a fresh PostgreSQL database, bots still."""
    server = Server(postgres.new_database(), pace=3600, log=tmp_path / "server.log").start()
    try:
        yield server
    finally:
        errors = server.stop()
        assert "Traceback" not in errors, errors


def test_while_postgres_is_stopped_requests_get_503_then_the_same_server_serves_again(
    postgres: Cluster, pg_server: Server
) -> None:
    with pg_server.client() as client:
        table, tokens, _ = create(client, ["human", "human"])
        doc = document(client, table, tokens[0])
        postgres.stop()
        try:
            for attempt in range(2):
                began = time.monotonic()
                answer = act(client, table, tokens[0], doc["legal"][0], 0, client_id="opening")
                took = time.monotonic() - began
                assert answer.status_code == 503, answer.text
                body = answer.json()
                assert body["error"] == "unavailable" and "database" in body["message"]
                assert answer.headers["Retry-After"] == "5"
                assert took < DEFAULT_TIMEOUT + 5, (attempt, took)
            # A table being played is in the server's memory: reading it needs no database.
            assert document(client, table, tokens[0]) == doc
            created = client.post("/api/tables", json={"seats": ["human", "human"]})
            assert created.status_code == 503 and created.json()["error"] == "unavailable"
        finally:
            postgres.start()
        # Back: the same process serves again (the pool reconnects by itself).
        deadline = time.monotonic() + 60
        while True:
            answer = act(client, table, tokens[0], doc["legal"][0], 0, client_id="opening")
            if answer.status_code == 200 or time.monotonic() > deadline:
                break
            assert answer.status_code == 503, answer.text
            time.sleep(0.2)  # a client's back-off (Retry-After), not a wait for an event
        assert answer.status_code == 200, answer.text
        assert document(client, table, tokens[0])["version"] == 1
        again = act(client, table, tokens[0], doc["legal"][0], 0, client_id="opening")
        assert (again.status_code, again.content) == (200, answer.content)
        create(client, ["human", "human"])


def _serve(db: str, *prelude: str) -> subprocess.CompletedProcess[str]:
    """``raise-the-sum serve --db db`` once, after the Python lines ``prelude``."""
    code = "\n".join(
        [*prelude, "import sys", "from raise_the_sum.cli import main", "sys.exit(main())"]
    )
    return subprocess.run(
        [sys.executable, "-c", code, "serve", "--port", "0", "--db", db],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_an_unreachable_database_at_start_is_one_line_and_exit_2_without_the_password(
    postgres: Cluster,
) -> None:
    wrong = postgres.url("missing").replace("postgres@", "postgres:hunter2@")
    done = _serve(wrong)
    assert done.returncode == 2, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "missing" in done.stderr and "hunter2" not in done.stderr + done.stdout


def test_without_the_postgres_extra_a_postgres_address_is_one_line_naming_the_extra() -> None:
    done = _serve(
        "postgresql://game@localhost/tables", "import sys", "sys.modules['psycopg'] = None"
    )
    assert done.returncode == 2, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "pip install 'raise-the-sum[postgres]'" in done.stderr
