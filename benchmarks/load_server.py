"""Load benchmark of the game server: K concurrent tables for T seconds.

Run from the repository root, in the project's virtual environment::

    .venv/bin/python benchmarks/load_server.py --tables 200 --seconds 30

It starts the real server (``raise-the-sum serve --pace 0`` on a fresh
SQLite database, in a subprocess) and runs ``--tables`` tables at once, each
with one scripted human client on a WebSocket and three random bots on the
server. The human takes a random legal action (the library's ``Rng``, seeded
per table) whenever it is to act, and starts a new table when a match ends,
so that K tables are always in play (between rounds it lets the server move
on by itself, as it does at once at pace 0). It reports:

* acknowledged human actions per second (answers with the new document:
  each is committed before it is sent), and every committed action per
  second, bots' included;
* p50 and p99 of the human's latency, from sending an action to its answer;
* the server's peak memory (``VmHWM`` of its process);
* durability: the server is then killed with SIGKILL, and every
  acknowledged action is looked up in the database at its version.

The target on one server process on the 2-core development machine: 200
tables, at least 500 acknowledged human actions per second, p99 at most
100 ms, every acknowledged action durable.

``--db`` chooses the store: ``sqlite`` (the default: a fresh file),
``postgres`` (a throwaway PostgreSQL cluster that the benchmark starts with
``initdb`` and ``pg_ctl``, as the tests do: as the ``postgres`` user when run
as root), or a ``postgresql://`` address (a fresh database is made there for
each run). ``--processes N`` starts N server processes on the one database
(PostgreSQL only); each table's human talks to one of them, in turn, and
its table is created there. ``--spread`` has each table made on one process (which then drives its
bots) and played on the next (no load balancer's stickiness: every commit
is caught up by the other process). ``--compare`` runs SQLite in one process,
PostgreSQL in one process and PostgreSQL in two, side by side. On
PostgreSQL it also reports the database's CPU time per committed action (the
``postgres`` processes' CPU, read from ``/proc``, when the benchmark started
the cluster), and with two processes or more the fan-out's latency: a probe
table whose two people sit on two processes, from one's answer to the
other's socket receiving the same version.

With ``--abuse`` it runs twice, on fresh databases: once as above, once with
an abusive client beside the honest ones, and prints both side by side. The
abuser comes from another address (127.0.0.2; the honest humans share
127.0.0.1, so the server is started with that address exempt from the limits per
address, as a gateway for many people would be)
and, all at once and as fast as it can: creates tables (refused past its
limit), posts and sends actions whose ids are lone surrogates, posts
refused actions with new ids, holds connections that trickle their heads,
and opens sockets on one seat past the cap.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import gc
import importlib.util
import json
import os
import re
import resource
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson

from raise_the_sum import Rng

URL = re.compile(r"http://\S+/")


#: The seats of the load's tables: a person and three random bots.
HUMAN_AND_BOTS = ("human", "random", "random", "random")

#: The address the abuser connects from (any 127.x.y.z reaches the server on Linux).
ABUSER = "127.0.0.2"


class Database:
    """Where one run's tables live: a fresh SQLite file, or a fresh PostgreSQL database."""

    def __init__(self, kind: str, folder: Path, cluster: Any = None) -> None:
        self.kind = kind
        self.cluster = cluster
        if kind == "sqlite":
            self.address = str(folder / "load.db")
        elif cluster is not None:
            self.address = cluster.new_database()
        else:  # an address given: a fresh database there
            import psycopg

            name = f"load_{os.getpid()}_{int(time.time() * 1000)}"
            with psycopg.connect(kind, autocommit=True) as connection:
                connection.execute(f"CREATE DATABASE {name}")
            base, _, _ = kind.rpartition("/")
            self.address = f"{base}/{name}"

    def rows(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        """Run one query (``?`` marks the parameters) on the database."""
        if self.kind == "sqlite":
            connection = sqlite3.connect(self.address)
            try:
                return connection.execute(sql, params).fetchall()
            finally:
                connection.close()
        import psycopg

        with psycopg.connect(self.address) as postgres:
            return postgres.execute(sql.replace("?", "%s").encode(), params).fetchall()

    def cpu_seconds(self) -> float | None:
        """The database server's CPU time so far (every ``postgres`` process, the ended ones
        included), or None when unknown (SQLite runs in the server; a database elsewhere)."""
        if self.cluster is None:
            return None
        postmaster = int((self.cluster.data / "postmaster.pid").read_text().split()[0])
        fields = _stat(postmaster)
        total = sum(int(fields[index]) for index in (11, 12, 13, 14))  # ended children too
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    child = _stat(int(entry.name))
                except OSError:
                    continue
                if int(child[1]) == postmaster:
                    total += int(child[11]) + int(child[12])
        return total / os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> list[str]:
    """The fields of ``/proc/PID/stat`` after the command's name (the state first)."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def start_server(db: str) -> tuple[subprocess.Popen[str], str]:
    command = os.environ.get(
        "LOAD_SERVER_COMMAND"
    )  # to profile the server: a command taking the db path
    process = subprocess.Popen(
        [*command.split(), str(db)]
        if command
        else [
            sys.executable,
            "-m",
            "raise_the_sum.cli",
            "serve",
            "--port",
            "0",
            "--db",
            str(db),
            "--pace",
            "0",
            # The 200 honest humans share one address: no limit per address applies to it
            # (the abuser, from an address of its own, has the default limits).
            "--limit-exempt",
            "127.0.0.1",
        ],
        stdout=subprocess.PIPE,
        stderr=open(os.environ.get("LOAD_SERVER_LOG", os.devnull), "w"),  # noqa: SIM115
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    match = URL.search(line)
    if match is None:
        process.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return process, match[0].rstrip("/")


class Load:
    """The shared tallies of one run."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.acknowledged: list[tuple[str, int, Any]] = []
        self.refused = 0
        self.matches = 0
        self.measuring = False


async def new_table(url: str, seats: tuple[str, ...] = HUMAN_AND_BOTS) -> dict[str, Any]:
    """``POST /api/tables``: a human and three random bots.

    A plain HTTP/1.1 request on a connection of its own (``Connection:
    close``): an HTTP client library's connection pool, shared by 200
    clients, cost the load client more CPU than everything else it does.
    """
    host, port = url.removeprefix("http://").split(":")
    body = json.dumps({"seats": list(seats)}).encode()
    reader, writer = await asyncio.open_connection(host, int(port))
    try:
        writer.write(
            b"POST /api/tables HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\n"
            b"Content-Length: %d\r\nConnection: close\r\n\r\n%s" % (host.encode(), len(body), body)
        )
        answer = await reader.read(-1)
    finally:
        writer.close()
    head, _, text = answer.partition(b"\r\n\r\n")
    status = head.split(b" ", 2)[1]
    if status != b"201":
        raise RuntimeError(f"POST /api/tables: {head.decode(errors='replace')}")
    created: dict[str, Any] = json.loads(text)
    return created


class RawSocket:
    """A minimal WebSocket client (RFC 6455) on asyncio streams, for the load client.

    It does what the benchmark needs and no more: the opening handshake,
    masked text frames out, unmasked frames in (a ping answered with its
    pong, fragments joined, a close ending the socket). The websockets
    library's client does much more per frame, and the load client shares
    the machine's cores with the server it measures.
    """

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def connect(cls, host: str, port: int, path: str) -> RawSocket:
        reader, writer = await asyncio.open_connection(host, port)
        key = base64.b64encode(os.urandom(16))
        writer.write(
            b"GET %s HTTP/1.1\r\nHost: %s:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            b"Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n"
            % (path.encode(), host.encode(), port, key)
        )
        head = await reader.readuntil(b"\r\n\r\n")
        if head.split(b" ", 2)[1] != b"101":
            writer.close()
            raise RuntimeError(f"WebSocket {path}: {head.decode(errors='replace')}")
        return cls(reader, writer)

    def _frame(self, opcode: int, payload: bytes) -> None:
        size = len(payload)
        if size < 126:
            head = bytes((0x80 | opcode, 0x80 | size))
        elif size < 1 << 16:
            head = bytes((0x80 | opcode, 0x80 | 126)) + size.to_bytes(2, "big")
        else:
            head = bytes((0x80 | opcode, 0x80 | 127)) + size.to_bytes(8, "big")
        mask = os.urandom(4)
        masked = (
            int.from_bytes(payload, "big") ^ int.from_bytes((mask * (size // 4 + 1))[:size], "big")
        ).to_bytes(size, "big")
        self.writer.write(head + mask + masked)

    async def send(self, text: bytes) -> None:
        """Send ``text`` (UTF-8) as one text frame."""
        self._frame(0x1, text)

    async def recv(self) -> bytes:
        """The next message's bytes (a close from the server raises ``ConnectionError``)."""
        parts: list[bytes] = []
        while True:
            first, second = await self.reader.readexactly(2)
            size = second & 0x7F
            if size == 126:
                size = int.from_bytes(await self.reader.readexactly(2), "big")
            elif size == 127:
                size = int.from_bytes(await self.reader.readexactly(8), "big")
            payload = await self.reader.readexactly(size)  # a server's frames are not masked
            opcode = first & 0x0F
            if opcode == 0x9:  # ping
                self._frame(0xA, payload)
            elif opcode == 0x8:
                raise ConnectionError("the server closed the WebSocket")
            elif opcode in (0x0, 0x1, 0x2):
                parts.append(payload)
                if first & 0x80:
                    return b"".join(parts)

    async def close(self) -> None:
        """Send a close frame and close the connection."""
        try:
            self._frame(0x8, (1000).to_bytes(2, "big"))
            await self.writer.drain()
        except ConnectionError:
            pass
        self.writer.close()


async def human(
    url: str, number: int, load: Load, stop: float, think: float, creator: str | None = None
) -> None:
    """One scripted human: play random legal actions, table after table, until ``stop``.

    Before each action it thinks for ``think`` seconds on average (uniformly
    from half to one and a half times that; 0: it acts at once). Its tables
    are created through ``creator`` (``url`` when None), and played through ``url``.
    """
    rng = Rng.from_seed(number)
    host, port = url.removeprefix("http://").split(":")
    sent_actions = 0
    while time.monotonic() < stop:
        created = await new_table(url if creator is None else creator)
        table, token = created["table"], created["tokens"]["0"]
        ws = await RawSocket.connect(host, int(port), f"/api/tables/{table}/ws?token={token}")
        try:
            # The client's own work is kept small (a minimal WebSocket client, orjson, ids
            # from a counter): it shares the machine's cores with the server.
            doc = orjson.loads(await ws.recv())
            while time.monotonic() < stop:
                if doc.get("view", {}).get("phase") == "match_over":
                    load.matches += 1
                    break
                if (
                    not doc.get("legal") or doc["view"]["phase"] == "round_over"
                ):  # the server moves on
                    try:
                        doc = orjson.loads(
                            await asyncio.wait_for(ws.recv(), max(0.1, stop - time.monotonic()))
                        )
                    except TimeoutError:
                        break
                    continue
                action, rng = rng.choice(doc["legal"])
                if think > 0:
                    pause, rng = rng.random()
                    await asyncio.sleep(think * (0.5 + pause))
                sent_actions += 1
                message = orjson.dumps(
                    {"action": action, "version": doc["version"], "id": f"{number}-{sent_actions}"}
                )
                sent = time.perf_counter()
                await ws.send(message)
                answer = orjson.loads(await ws.recv())
                took = time.perf_counter() - sent
                if "error" in answer:
                    load.refused += 1
                    doc = orjson.loads(await ws.recv())
                    continue
                if load.measuring:
                    load.latencies.append(took)
                    # the action made the version after the one sent
                    load.acknowledged.append((table, doc["version"] + 1, action))
                doc = answer  # it may be the seat's turn again (a discard, say)
        finally:
            await ws.close()


class Abuse:
    """What the abuser did, and what it was answered."""

    def __init__(self) -> None:
        self.requests = 0
        self.statuses: dict[str, int] = {}

    def count(self, status: str) -> None:
        self.requests += 1
        self.statuses[status] = self.statuses.get(status, 0) + 1

    def summary(self) -> str:
        answers = ", ".join(f"{key}: {value}" for key, value in sorted(self.statuses.items()))
        return f"{self.requests} ({answers})"


async def _request(host: str, port: int, raw: bytes) -> str:
    """One HTTP request from the abuser's address; the status line's code."""
    reader, writer = await asyncio.open_connection(host, port, local_addr=(ABUSER, 0))
    try:
        writer.write(raw)
        head = await reader.readline()
    finally:
        writer.close()
    parts = head.split(b" ", 2)
    return parts[1].decode() if len(parts) > 1 else "closed"


def _post(host: str, path: str, body: bytes, token: str | None = None) -> bytes:
    auth = b"" if token is None else b"Authorization: Bearer %s\r\n" % token.encode()
    return (
        b"POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\n%s"
        b"Content-Length: %d\r\nConnection: close\r\n\r\n%s"
        % (path.encode(), host.encode(), auth, len(body), body)
    )


async def abuser(url: str, abuse: Abuse, stop: float) -> None:
    """The abusive client: five attacks at once, until ``stop``."""
    host, port_text = url.removeprefix("http://").split(":")
    port = int(port_text)
    table_answer = await _request(
        host, port, _post(host, "/api/tables", b'{"seats": ["human", "random"]}')
    )
    if table_answer != "201":  # the abuser's own table, made through the honest path
        raise RuntimeError(f"the abuser's table: {table_answer}")
    created = await new_table(url)
    table, token = created["table"], created["tokens"]["0"]
    actions = f"/api/tables/{table}/actions"

    async def repeat(make: Any) -> None:
        while time.monotonic() < stop:
            try:
                abuse.count(await make())
            except OSError as error:
                abuse.count(type(error).__name__)

    async def create() -> str:
        return await _request(host, port, _post(host, "/api/tables", b'{"seats": ["human"]}'))

    async def surrogate() -> str:
        body = b'{"action": {"type": "pass"}, "version": 0, "id": "\\ud800"}'
        return await _request(host, port, _post(host, actions, body, token))

    counter = iter(range(10**9))

    async def refused() -> str:
        body = b'{"action": {"type": "pass"}, "version": 999, "id": "r%d"}' % next(counter)
        return await _request(host, port, _post(host, actions, body, token))

    async def sockets() -> str:
        ws = await RawSocket.connect(host, port, f"/api/tables/{table}/ws?token={token}")
        try:
            first = orjson.loads(await ws.recv())
            ws_body = b'{"action": {"type": "pass"}, "version": 0, "id": "\\ud800"}'
            await ws.send(ws_body)
            await ws.recv()
            return str(first.get("error", "socket"))
        finally:
            await ws.close()

    held: list[asyncio.StreamWriter] = []

    async def slowloris() -> str:
        _, writer = await asyncio.open_connection(host, port, local_addr=(ABUSER, 0))
        writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n")
        held.append(writer)
        if len(held) > 300:
            held.pop(0).close()
        await asyncio.sleep(0.01)
        return "trickling"

    try:
        await asyncio.gather(
            *(repeat(attack) for attack in (create, surrogate, refused)),
            repeat(sockets),
            repeat(slowloris),
        )
    finally:
        for writer in held:
            writer.close()


def peak_memory(pid: int) -> int:
    """The process's peak resident memory in bytes (VmHWM)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    return 0


def cpu_seconds(pid: int, thread: int | None = None) -> float:
    """The process's (or one of its threads') user and system CPU time so far, in seconds."""
    stat = f"/proc/{pid}/stat" if thread is None else f"/proc/{pid}/task/{thread}/stat"
    fields = Path(stat).read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def client_cpu_seconds() -> float:
    """This process's (the load client's) user and system CPU time so far, in seconds."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def durable(db: Database, acknowledged: list[tuple[str, int, Any]]) -> tuple[int, int]:
    """How many acknowledged actions the database holds at their version, of how many."""
    stored = {
        (table, version): json.loads(action)
        for table, version, action in db.rows("SELECT table_id, version, action FROM steps")
    }
    found = sum(
        1 for table, version, action in acknowledged if stored.get((table, version)) == action
    )
    return found, len(acknowledged)


async def probe(urls: list[str], delays: list[float], stop: float) -> None:
    """A table of two people on two processes: each one's answer, then the other's push.

    Each delay is from the actor's answer (on its process) to the other
    socket's receiving that version (on the other process, by the fan-out).
    """
    sockets: list[RawSocket] = []
    while time.monotonic() < stop:
        created = await new_table(urls[0], ("human", "human"))
        sockets = []
        for seat, url in enumerate(urls[:2]):
            host, port = url.removeprefix("http://").split(":")
            path = f"/api/tables/{created['table']}/ws?token={created['tokens'][str(seat)]}"
            sockets.append(await RawSocket.connect(host, int(port), path))
        docs = [orjson.loads(await ws.recv()) for ws in sockets]
        try:
            number = 0
            while time.monotonic() < stop and docs[0]["view"]["phase"] != "match_over":
                movers = [
                    seat
                    for seat, doc in enumerate(docs)
                    if doc["legal"] and doc["view"]["phase"] != "round_over"
                ]
                if not movers:  # the server moves on: both sockets hear of it
                    versions = [doc["version"] for doc in docs]
                    target = max(versions) + (1 if min(versions) == max(versions) else 0)
                    for seat, ws in enumerate(sockets):
                        while docs[seat]["version"] < target:
                            docs[seat] = orjson.loads(await ws.recv())
                    continue
                seat = movers[0]
                number += 1
                await sockets[seat].send(
                    orjson.dumps(
                        {
                            "action": docs[seat]["legal"][0],
                            "version": docs[seat]["version"],
                            "id": f"probe-{number}",
                        }
                    )
                )
                while True:
                    answer = orjson.loads(await sockets[seat].recv())
                    if "reply_to" in answer:
                        break
                answered = time.perf_counter()
                if "error" in answer:
                    docs[seat] = orjson.loads(await sockets[seat].recv())
                    continue
                docs[seat] = answer
                other = 1 - seat
                while docs[other]["version"] < answer["version"]:
                    docs[other] = orjson.loads(await sockets[other].recv())
                delays.append(max(0.0, time.perf_counter() - answered))
        finally:
            for ws in sockets:
                await ws.close()


def _percentile(values: list[float], share: float) -> float | None:
    """The value at ``share`` (0.5, 0.99) of the sorted values, in milliseconds, or None."""
    if not values:
        return None
    ordered = sorted(values)
    return round(1000 * ordered[int(share * (len(ordered) - 1))], 1)


async def run(
    tables: int,
    seconds: float,
    warmup: float,
    think: float,
    db: Database,
    abusive: bool = False,
    processes: int = 1,
    spread: int = 0,
) -> dict[str, Any]:
    servers = [start_server(db.address) for _ in range(processes)]
    urls = [url for _, url in servers]
    pids = [process.pid for process, _ in servers]
    load = Load()
    abuse = Abuse()
    delays: list[float] = []
    try:
        begin = time.monotonic()
        stop = begin + warmup + seconds
        clients = [
            asyncio.create_task(
                human(
                    urls[(n + spread) % processes],
                    n,
                    load,
                    stop,
                    think,
                    creator=urls[n % processes],
                )
            )
            for n in range(tables)
        ]
        if abusive:
            clients.append(asyncio.create_task(abuser(urls[0], abuse, stop)))
        if processes > 1:
            clients.append(asyncio.create_task(probe(urls, delays, stop)))
        await asyncio.sleep(warmup)
        load.measuring = True
        delays.clear()
        hook = os.environ.get("LOAD_AT_MEASURE")  # e.g. "callgrind_control -z {pid}"
        if hook:
            subprocess.run(hook.format(pid=pids[0]).split(), check=False)
        versions_before = committed(db)
        cpu_before = sum(cpu_seconds(pid) for pid in pids)
        main_before = sum(cpu_seconds(pid, pid) for pid in pids)  # the event loops' threads
        db_before = db.cpu_seconds()
        client_before = client_cpu_seconds()
        measured_from = time.monotonic()
        await asyncio.gather(*clients)
        elapsed = time.monotonic() - measured_from
        versions_after = committed(db)
        cpu = sum(cpu_seconds(pid) for pid in pids) - cpu_before
        main_cpu = sum(cpu_seconds(pid, pid) for pid in pids) - main_before
        db_after = db.cpu_seconds()
        client_cpu = client_cpu_seconds() - client_before
        memory = max(peak_memory(pid) for pid in pids)
    finally:
        for process, _ in servers:
            process.send_signal(
                signal.SIGINT if os.environ.get("LOAD_SERVER_COMMAND") else signal.SIGKILL
            )
        for process, _ in servers:
            process.wait()
    found, total = durable(db, load.acknowledged)
    latencies = sorted(load.latencies)
    moved = max(1, versions_after - versions_before)
    db_cpu = None if db_before is None or db_after is None else db_after - db_before
    return {
        "store": "SQLite" if db.kind == "sqlite" else "PostgreSQL",
        "server processes": processes,
        "each table played on": "the process that made it" if not spread else "another process",
        "tables": tables,
        "human's think time s (mean)": think,
        "seconds": round(elapsed, 1),
        "acknowledged human actions": total,
        "acknowledged human actions/s": round(total / elapsed, 1),
        "committed actions/s (bots included)": round(
            (versions_after - versions_before) / elapsed, 1
        ),
        "human latency p50 ms": round(1000 * statistics.median(latencies), 1)
        if latencies
        else None,
        "human latency p99 ms": round(1000 * latencies[int(0.99 * (len(latencies) - 1))], 1)
        if latencies
        else None,
        "refused (409/422)": load.refused,
        "matches finished": load.matches,
        "server peak memory MiB": round(memory / 2**20, 1),
        "server CPU (cores busy)": round(cpu / elapsed, 2),
        "server CPU ms per acknowledged human action": round(1000 * cpu / max(1, total), 2),
        "server event loop thread (cores busy)": round(main_cpu / elapsed, 2),
        "event loop thread CPU ms per acknowledged human action": round(
            1000 * main_cpu / max(1, total), 2
        ),
        "server CPU ms per committed action": round(
            1000 * cpu / max(1, versions_after - versions_before), 2
        ),
        "database CPU (cores busy)": "in the server"
        if db_cpu is None
        else round(db_cpu / elapsed, 2),
        "database CPU ms per committed action": "in the server"
        if db_cpu is None
        else round(1000 * db_cpu / moved, 3),
        "fan-out p50 ms (answer to other process's push)": _percentile(delays, 0.5)
        if processes > 1
        else "one process",
        "fan-out p99 ms": _percentile(delays, 0.99) if processes > 1 else "one process",
        "load client CPU (cores busy)": round(client_cpu / elapsed, 2),
        "machine load average (1 min)": os.getloadavg()[0],
        "durable after SIGKILL": f"{found} of {total}",
        "abuser's requests (their answers)": abuse.summary() if abusive else "none",
    }


def committed(db: Database) -> int:
    """Every version committed so far, at every table."""
    return int(db.rows("SELECT COALESCE(SUM(version), 0) FROM tables")[0][0])


def _tests_cluster() -> Any:
    """The tests' throwaway PostgreSQL cluster (tests/server/postgres_cluster.py), as a module."""
    path = Path(__file__).resolve().parent.parent / "tests" / "server" / "postgres_cluster.py"
    spec = importlib.util.spec_from_file_location("postgres_cluster", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200, help="concurrent tables (default 200)")
    parser.add_argument("--seconds", type=float, default=30, help="measured seconds (default 30)")
    parser.add_argument(
        "--warmup", type=float, default=3, help="seconds before measuring (default 3)"
    )
    parser.add_argument(
        "--think",
        type=float,
        default=0,
        help="the human's mean pause before each action, in seconds (default 0: at once)",
    )
    parser.add_argument(
        "--client-gc",
        action="store_true",
        help="leave the load client's garbage collector on (its pauses then count as latency)",
    )
    parser.add_argument(
        "--abuse",
        action="store_true",
        help="run twice, without and with an abusive client beside, and show both",
    )
    parser.add_argument(
        "--db",
        default="sqlite",
        help="the store: sqlite (default), postgres (a throwaway cluster the benchmark "
        "starts), or a postgresql:// address (a fresh database is made there per run)",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="server processes on the one database (PostgreSQL only; default 1)",
    )
    parser.add_argument(
        "--compare",
        action="store_true",
        help="run SQLite in one process, PostgreSQL in one and in two, side by side",
    )
    parser.add_argument(
        "--spread",
        action="store_true",
        help="with several processes: each table is made on one process (whose bots drive "
        "it) and its human plays on the next one (no stickiness)",
    )
    args = parser.parse_args(argv)
    if args.processes > 1 and args.db == "sqlite":
        parser.error("--processes: several processes need PostgreSQL (--db postgres)")
    runs: list[tuple[str, int, bool]] = (
        [("sqlite", 1, False), ("postgres", 1, False), ("postgres", 2, False)]
        if args.compare
        else [(args.db, args.processes, abusive) for abusive in (False, True)]
        if args.abuse
        else [(args.db, args.processes, False)]
    )
    # The client's own collector is off while it runs: its pauses would hold up the answers
    # it reads, and count as the server's latency. It lives well under a minute.
    if not args.client_gc:
        gc.freeze()
        gc.disable()
    results: list[dict[str, Any]] = []
    cluster = None
    try:
        if any(kind == "postgres" for kind, _, _ in runs):
            clusters = _tests_cluster()
            found = clusters.binaries()
            if found is None:
                raise SystemExit("--db postgres: PostgreSQL is not installed")
            cluster = clusters.Cluster(found)
            cluster.start()
        for kind, processes, abusive in runs:
            with tempfile.TemporaryDirectory() as directory:
                database = Database(kind, Path(directory), cluster if kind == "postgres" else None)
                results.append(
                    asyncio.run(
                        run(
                            args.tables,
                            args.seconds,
                            args.warmup,
                            args.think,
                            database,
                            abusive,
                            processes,
                            1 if args.spread and processes > 1 else 0,
                        )
                    )
                )
    finally:
        if cluster is not None:
            cluster.destroy()
        gc.enable()
        gc.unfreeze()
    width = max(map(len, results[0]))
    print(
        f"raise-the-sum server load: {args.tables} tables, "
        "one human on a WebSocket and three random bots each"
    )
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores")
    if args.abuse and not args.compare:
        print(f"{'':<{width}}  {'without the abuser':<20}  with the abuser")
    for key in results[0]:
        print(f"{key:<{width}}  " + "  ".join(f"{r[key]!s:<20}" for r in results).rstrip())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
