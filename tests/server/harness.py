"""Start the real server (``raise-the-sum serve`` in a subprocess) and talk to it.

:class:`Server` runs the installed command line on a free port (``--port 0``;
the URL comes from the line it prints) with a temporary SQLite database,
and can stop it, kill it with SIGKILL, and start it again on the same
database. The helpers below speak the protocol with httpx. Its clients print
the seed of every table they create (pytest shows it when a test fails).

Every answer an httpx client receives, and every message a WebSocket client
receives, is checked against the shipped JSON Schemas on the way in, in
every server test (``contract.validating``, switched on by ``conftest.py``).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import select
import signal
import sqlite3
import subprocess
import sys
import time
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx
import websockets.sync.client

URL = re.compile(r"http://\S+/")

#: The options the test servers start with unless told others: the tests share a server and
#: one client address, so the limits per address are lifted for it (as for a gateway).
TEST_OPTIONS: tuple[str, ...] = ("--limit-exempt", "127.0.0.1")


class Server:
    """The real server, as a subprocess."""

    def __init__(
        self,
        db: Path | str,
        *,
        pace: float = 0.0,
        options: Sequence[str] = TEST_OPTIONS,
        log: Path | None = None,
    ) -> None:
        #: An SQLite file, or a PostgreSQL database's address (then ``log`` is needed).
        self.db = db
        self.pace = pace
        #: More ``serve`` options, such as limits.
        self.options = tuple(options)
        self.process: subprocess.Popen[str] | None = None
        self.url = ""
        #: Where the server's standard error goes (a pipe could fill up and stall it).
        if log is None:
            assert isinstance(db, Path), "a server on PostgreSQL needs a log file"
            log = db.with_name(db.name + ".log")
        self.log = log

    def start(self) -> Server:
        """Start on a free port and wait for the URL it prints."""
        with self.log.open("a", encoding="utf-8") as log:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "raise_the_sum.cli",
                    "serve",
                    "--port",
                    "0",
                    "--db",
                    str(self.db),
                    "--pace",
                    str(self.pace),
                    *self.options,
                ],
                stdout=subprocess.PIPE,
                stderr=log,
                text=True,
                encoding="utf-8",
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )
        assert self.process.stdout is not None
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.process.stdout], [], [], 0.5)
            if ready:
                line = self.process.stdout.readline()
                if match := URL.search(line):
                    self.url = match[0].rstrip("/")
                    return self
            if self.process.poll() is not None:
                break
        self.kill()
        raise AssertionError("the server did not start")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, nothing but what is already committed."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> str:
        """SIGTERM, a clean stop; returns what the server wrote on standard error."""
        assert self.process is not None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()
        return self.log.read_text(encoding="utf-8")

    def client(self) -> httpx.Client:
        """An HTTP client for this server; it prints the seed of each table it creates."""
        return httpx.Client(
            base_url=self.url, timeout=30, event_hooks={"response": [self._print_seed]}
        )

    def _print_seed(self, response: httpx.Response) -> None:
        """After a 201 to ``POST /api/tables``: print the table's seed, for a replay."""
        request = response.request
        if request.method == "POST" and request.url.path == "/api/tables":
            response.read()
            if response.status_code == 201:
                table = response.json()["table"]
                print(f"table {table}: seed {table_seed(self.db, table)}")

    def ws_url(self, table: str, token: str, since: int | None = None) -> str:
        """The WebSocket URL of a seat."""
        query = f"token={token}" + ("" if since is None else f"&since={since}")
        return self.url.replace("http://", "ws://") + f"/api/tables/{table}/ws?{query}"


def recv(ws: websockets.sync.client.ClientConnection) -> str:
    """The next text message of a socket (the server sends only text)."""
    message = ws.recv(timeout=10)
    assert isinstance(message, str), message
    return message


def recv_document(ws: websockets.sync.client.ClientConnection) -> str:
    """The next message of a socket that is not a notice (a document, an answer or an error).

    Notices (``{"notice": ...}``: a seat present or away, a name, a seat
    that left, a timeout) come whenever the table's people change.
    """
    while True:
        message = recv(ws)
        if not message.startswith('{"notice":'):
            return message


def recv_notice(ws: websockets.sync.client.ClientConnection, kind: str) -> dict[str, Any]:
    """The next notice of ``kind`` on a socket, skipping the other messages."""
    while True:
        value: dict[str, Any] = json.loads(recv(ws))
        if value.get("notice") == kind:
            return value


def away(client: httpx.Client, table: str, token: str, *, timeout: float = 30) -> dict[str, Any]:
    """Poll until no seat of the table has a socket open (the server saw them close)."""
    deadline = time.monotonic() + timeout
    while True:
        doc = document(client, table, token)
        if not any(entry["present"] for entry in doc["seating"]):
            return doc
        if time.monotonic() > deadline:
            raise AssertionError(f"a seat stays present: {doc['seating']}")
        time.sleep(0.01)


def bearer(token: str) -> dict[str, str]:
    """The header that carries a seat's token."""
    return {"Authorization": f"Bearer {token}"}


def create(client: httpx.Client, seats: list[str], **more: Any) -> tuple[str, dict[int, str], str]:
    """Create a table: its id, its tokens by seat, the seed's commitment."""
    answer = client.post("/api/tables", json={"seats": seats, **more})
    assert answer.status_code == 201, answer.text
    body = answer.json()
    return (
        body["table"],
        {int(seat): token for seat, token in body["tokens"].items()},
        body["seed_commitment"],
    )


def seated(client: httpx.Client, table: str, tokens: dict[int, str]) -> None:
    """Use each seat's token once: every seat is taken, and its invitation with it.

    The seats' documents change when a seat is taken (``seating``), and its
    sockets hear of it (a ``taken`` notice): a test that compares documents
    or counts messages takes the seats first.
    """
    for token in tokens.values():
        document(client, table, token)


def document(
    client: httpx.Client, table: str, token: str, since: int | None = None
) -> dict[str, Any]:
    """The seat's document."""
    params = {} if since is None else {"since": since}
    answer = client.get(f"/api/tables/{table}", headers=bearer(token), params=params)
    assert answer.status_code == 200, answer.text
    value: dict[str, Any] = answer.json()
    return value


def act(
    client: httpx.Client,
    table: str,
    token: str,
    action: dict[str, Any],
    version: int,
    client_id: str | None = None,
) -> httpx.Response:
    """Post an action; the raw answer."""
    body = {"action": action, "version": version, "id": client_id or uuid.uuid4().hex}
    return client.post(f"/api/tables/{table}/actions", headers=bearer(token), json=body)


def wait_for_turn(
    client: httpx.Client, table: str, token: str, *, timeout: float = 30
) -> dict[str, Any]:
    """Poll until the seat has legal actions or the match is over; the document then."""
    deadline = time.monotonic() + timeout
    while True:
        doc = document(client, table, token)
        if doc["legal"] or doc["view"]["phase"] == "match_over":
            return doc
        if time.monotonic() > deadline:
            raise AssertionError(f"no turn came: {json.dumps(doc)[:300]}")
        time.sleep(0.01)


def table_seed(db: Path | str, table: str) -> int | None:
    """The seed of ``table``, read from the server's database (None if it is not there)."""
    if isinstance(db, str):
        import psycopg

        with psycopg.connect(db) as postgres:
            row = postgres.execute("SELECT state FROM tables WHERE id = %s", (table,)).fetchone()
    else:
        with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as connection:
            row = connection.execute("SELECT state FROM tables WHERE id = ?", (table,)).fetchone()
    if row is None:
        return None
    seed: int = json.loads(row[0])["seed"]
    return seed


def run_sql(db: Path | str, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    """Run one statement on the server's database behind its back (``?`` marks the
    parameters, for both stores); the rows it returns."""
    if isinstance(db, str):
        import psycopg

        with psycopg.connect(db, autocommit=True) as postgres:
            cursor = postgres.execute(sql.replace("?", "%s").encode(), params)
            return cursor.fetchall() if cursor.description else []
    with contextlib.closing(sqlite3.connect(db)) as connection, connection:
        return connection.execute(sql, params).fetchall()
