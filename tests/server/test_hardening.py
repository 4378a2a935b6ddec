"""The attacks of a hostile or careless client, each against the real server.

Every test here starts ``raise-the-sum serve`` (:class:`~.harness.Server`),
does what an attacker did, and checks that the server refused it clearly and
that other clients did not notice.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets.sync.client
from websockets.exceptions import ConnectionClosed

from raise_the_sum import STANDARD_DECK, wire

from .harness import (
    Server,
    act,
    bearer,
    create,
    document,
    recv,
    recv_document,
    run_sql,
    seated,
    wait_for_turn,
)

#: The body of the attack that took the server down: hands of 32 from the standard deck twice.
HUGE_RULES: dict[str, Any] = {
    "players": 2,
    "hand_size": 32,
    "hand_limit": 32,
    "max_play": 30,
    "deck": [wire.encode(card) for card in STANDARD_DECK * 2],
}

#: Hands of 30 and a limit of 15: 2.76 million discards, even with plays of one card.
OVERFULL_RULES: dict[str, Any] = {
    "players": 2,
    "hand_size": 30,
    "hand_limit": 15,
    "max_play": 1,
    "deck": [wire.encode(card) for card in STANDARD_DECK * 2],
}


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Server]:
    """A server of the test's own at pace 0, with the test options (no create limit)."""
    running = Server(tmp_path / "tables.db", pace=0).start()
    yield running
    running.stop()


def _log_of(server: Server) -> str:
    return server.log.read_text(encoding="utf-8") if server.log.exists() else ""


# --- 1. One request must never take the server down ---------------------------------------------


@pytest.mark.parametrize(
    ("rules", "field"),
    [(HUGE_RULES, "/rules/max_play"), (OVERFULL_RULES, "/rules/hand_limit")],
    ids=["huge-plays", "overfull-discards"],
)
def test_rules_whose_actions_could_exceed_the_limit_are_refused_naming_the_field(
    server: Server, rules: dict[str, Any], field: str
) -> None:
    with server.client() as client:
        answer = client.post("/api/tables", json={"seats": ["random", "human"], "rules": rules})
        assert answer.status_code == 400, answer.text
        body = answer.json()
        assert body["error"] == "too_big" and body["path"] == field
        assert "50,000" in body["message"]
        # The server answers at once, as before.
        table, tokens, _ = create(client, ["human", "random"])
        assert document(client, table, tokens[0])["version"] >= 0


@pytest.mark.parametrize(
    "rules",
    [
        {},
        {"players": 2},
        {"players": 3, "hand_size": 10, "hand_limit": 10, "max_play": 5},
        {"players": 4, "hand_size": 10, "hand_limit": 10, "max_play": 5},
        {"players": 2, "hand_size": 10, "hand_limit": 8, "max_play": 5},
    ],
)
def test_the_standard_game_and_the_variants_people_play_stay_allowed(
    server: Server, rules: dict[str, Any]
) -> None:
    players = rules.get("players", 4)
    seats = ["human"] + ["random"] * (players - 1)
    with server.client() as client:
        answer = client.post("/api/tables", json={"seats": seats, "rules": rules or None})
        assert answer.status_code == 201, answer.text


def test_max_actions_is_a_serve_option(tmp_path: Path) -> None:
    strict = Server(tmp_path / "tables.db", options=("--max-actions", "100")).start()
    try:
        with strict.client() as client:
            answer = client.post("/api/tables", json={"seats": ["human", "random"]})
            assert answer.status_code == 400 and answer.json()["error"] == "too_big"
            small = {"players": 2, "hand_size": 4, "hand_limit": 4, "max_play": 2}
            answer = client.post("/api/tables", json={"seats": ["human", "random"], "rules": small})
            assert answer.status_code == 201, answer.text
    finally:
        strict.stop()


#: Rules whose legal actions are a hundred thousand (a hand of 24, plays of up to 8 cards): a
#: list takes a second or more, on a worker thread. The test's server allows them.
HEAVY_RULES: dict[str, Any] = {
    "players": 3,
    "hand_size": 24,
    "hand_limit": 24,
    "max_play": 8,
    "deck": [wire.encode(card) for card in STANDARD_DECK * 2],
}


def _cpu_seconds(pid: int, thread: int | None = None) -> float:
    """A process's (or one of its threads') CPU time so far, from /proc."""
    stat = f"/proc/{pid}/stat" if thread is None else f"/proc/{pid}/task/{thread}/stat"
    fields = Path(stat).read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_a_table_with_long_lists_of_actions_does_not_hold_up_the_others(tmp_path: Path) -> None:
    """The heavy table's lists are made on worker threads: the event loop's thread (the
    process's main thread) spends a small part of the CPU time, and light tables answer."""
    generous = Server(tmp_path / "tables.db", options=("--max-actions", "10000000")).start()
    assert generous.process is not None
    pid = generous.process.pid
    try:
        with generous.client() as client:
            light, light_tokens, _ = create(client, ["human", "human"])
            heavy, heavy_tokens, _ = create(
                client, ["human", "random", "random"], rules=HEAVY_RULES
            )
            doc = wait_for_turn(client, heavy, heavy_tokens[0], timeout=120)
            done = threading.Event()
            main_before, all_before = _cpu_seconds(pid, pid), _cpu_seconds(pid)

            def heavy_play() -> None:
                """Play heavy tables until the server has worked a second (or 80 actions)."""
                nonlocal doc, heavy, heavy_tokens
                with generous.client() as mine:
                    for _ in range(80):
                        if _cpu_seconds(pid) - all_before > 1.0:
                            break
                        if doc["view"]["phase"] == "match_over":
                            heavy, heavy_tokens, _ = create(
                                mine, ["human", "random", "random"], rules=HEAVY_RULES
                            )
                            doc = wait_for_turn(mine, heavy, heavy_tokens[0], timeout=120)
                            continue
                        action = doc["legal"][0]  # a play (Pass comes last)
                        answer = act(mine, heavy, heavy_tokens[0], action, doc["version"])
                        assert answer.status_code == 200, answer.text
                        doc = wait_for_turn(mine, heavy, heavy_tokens[0], timeout=120)
                done.set()

            worker = threading.Thread(target=heavy_play)
            worker.start()
            latencies = []
            while not done.is_set():
                started = time.monotonic()
                document(client, light, light_tokens[0])
                latencies.append(time.monotonic() - started)
                time.sleep(0.01)
            worker.join()
            main = _cpu_seconds(pid, pid) - main_before
            spent = _cpu_seconds(pid) - all_before
        latencies.sort()
        median = latencies[len(latencies) // 2]
        print(
            f"server CPU {spent:.2f} s, of it the event loop's thread {main:.2f} s; "
            f"light GETs: {len(latencies)}, median {median:.3f} s, max {latencies[-1]:.3f} s"
        )
        assert spent > 0.5, spent  # the heavy tables worked
        assert main < 0.5 * spent, (main, spent)  # and not on the event loop (inline: 0.98)
        assert median < 0.25, median
    finally:
        generous.stop()


# --- 2. One client's bad input must never touch another client's table --------------------------

#: Places to put a lone surrogate in each body, as JSON text with ``@`` where it goes.
_SURROGATE_BODIES = [
    ("/api/tables", '{"seats": ["human", "random"], "@": 1}'),
    ("/api/tables", '{"seats": ["human", "@"]}'),
    ("/api/tables", '{"seats": ["human", "random"], "rules": {"@": 2}}'),
    ("/api/tables", '{"seats": ["human", "random"], "rules": {"players": 2, "deck": ["@"]}}'),
    ("/api/tables", '{"@": ["human", "random"]}'),
    ("/api/tables", '"@"'),
    ("ACTIONS", '{"action": {"type": "pass"}, "version": 0, "id": "@"}'),
    ("ACTIONS", '{"action": {"type": "pass"}, "version": 0, "id": "x", "@": 1}'),
    ("ACTIONS", '{"action": {"type": "pass", "@": 1}, "version": 0, "id": "x"}'),
    ("ACTIONS", '{"action": {"type": "@"}, "version": 0, "id": "x"}'),
    ("ACTIONS", '{"action": {"type": "play", "cards": ["@"]}, "version": 0, "id": "x"}'),
    ("ACTIONS", '{"action": {"type": "play", "cards": ["+1", "@"]}, "version": 0, "id": "x"}'),
    ("ACTIONS", '[{"@": "@"}]'),
    ("CHECK", '{"action": {"type": "@"}}'),
    ("CHECK", '{"action": {"type": "play", "cards": ["@"]}}'),
    ("CHECK", '{"@": {"type": "pass"}}'),
    ("CHECK", '{"action": {"type": "pass"}, "@": null}'),
    ("CHECK", '{"action": {"@": "pass"}}'),
]


@pytest.mark.parametrize("surrogate", ["\\ud800", "\\udfff", "x\\udc80y"])
def test_a_lone_surrogate_anywhere_in_a_body_is_refused_with_400(
    server: Server, surrogate: str
) -> None:
    with server.client() as client:
        table, tokens, _ = create(client, ["human", "human"])
        for route, template in _SURROGATE_BODIES:
            path = {
                "ACTIONS": f"/api/tables/{table}/actions",
                "CHECK": f"/api/tables/{table}/check",
            }.get(route, route)
            body = template.replace("@", surrogate)
            answer = client.post(
                path,
                content=body.encode(),
                headers={**bearer(tokens[0]), "Content-Type": "application/json"},
            )
            assert answer.status_code == 400, (path, body, answer.text)
            assert answer.json()["error"] == "bad_input", answer.text
        # The table is as it was.
        assert document(client, table, tokens[0])["version"] == 0


def test_a_lone_surrogate_on_the_socket_is_refused_and_the_socket_stays_open(
    still_server: Server,
) -> None:
    with still_server.client() as client:
        table, tokens, _ = create(client, ["human", "human"])
    with websockets.sync.client.connect(still_server.ws_url(table, tokens[0])) as ws:
        doc = json.loads(recv(ws))
        for template in [
            '{"action": {"type": "pass"}, "version": 0, "id": "@"}',
            '{"action": {"type": "pass"}, "version": 0, "@": "x"}',
            '{"action": {"type": "play", "cards": ["@"]}, "version": 0, "id": "x"}',
            '["@"]',
        ]:
            ws.send(template.replace("@", "\\ud800"))
            refusal = json.loads(recv(ws))
            assert refusal["error"] == "bad_input", refusal
        # Still open: a real action is answered.
        ws.send(json.dumps({"action": doc["legal"][0], "version": 0, "id": "real"}))
        answer = json.loads(recv(ws))
        assert answer["reply_to"] == "real" and answer["version"] >= 1


def test_an_attack_of_bad_ids_leaves_honest_tables_playing(own_server: Server) -> None:
    """The attack that froze 5 of 8 tables: bad ids while others play. No error, no stall."""
    stop = threading.Event()
    errors: list[str] = []
    finished: list[int] = []

    def honest(number: int) -> None:
        with own_server.client() as client:
            table, tokens, _ = create(client, ["human", "random", "random", "random"])
            moves = 0
            while moves < 25:
                doc = wait_for_turn(client, table, tokens[0], timeout=20)
                if doc["view"]["phase"] == "match_over":
                    break
                answer = act(client, table, tokens[0], doc["legal"][-1], doc["version"])
                if answer.status_code != 200:
                    errors.append(answer.text)
                moves += 1
            finished.append(moves)

    def attack() -> None:
        with own_server.client() as client:
            table, tokens, _ = create(client, ["human", "random"])
            body = b'{"action": {"type": "pass"}, "version": 0, "id": "\\ud800"}'
            headers = {**bearer(tokens[0]), "Content-Type": "application/json"}
            with websockets.sync.client.connect(own_server.ws_url(table, tokens[0])) as ws:
                recv(ws)
                while not stop.is_set():
                    client.post(f"/api/tables/{table}/actions", content=body, headers=headers)
                    ws.send(body.decode())
                    recv(ws)

    attacker = threading.Thread(target=attack)
    attacker.start()
    players = [threading.Thread(target=honest, args=(n,)) for n in range(4)]
    for player in players:
        player.start()
    for player in players:
        player.join(120)
    stop.set()
    attacker.join(30)
    assert errors == []
    assert len(finished) == 4 and all(moves > 0 for moves in finished), finished
    assert "Traceback" not in _log_of(own_server)


# --- 3. Limits ----------------------------------------------------------------------------------


def test_table_creation_is_limited_per_address_with_retry_after(tmp_path: Path) -> None:
    rate = 0.5  # after the burst of 20, a table every 2 s
    limited = Server(tmp_path / "tables.db", options=("--create-rate", str(rate))).start()
    try:
        with limited.client() as client:
            started = time.monotonic()
            created = 0
            while True:
                answer = client.post("/api/tables", json={"seats": ["human", "random"]})
                if answer.status_code != 201:
                    break
                created += 1
                assert created <= 100, "no limit"
            refilled = (time.monotonic() - started) * rate
            assert 20 <= created <= 20 + refilled + 1, (created, refilled)
            assert answer.status_code == 429, answer.text
            assert answer.json()["error"] == "rate_limited"
            retry_after = int(answer.headers["Retry-After"])
            assert 1 <= retry_after <= 2
            # A forged X-Forwarded-For does not get a fresh bucket: no proxy is trusted.
            forged = client.post(
                "/api/tables",
                json={"seats": ["human", "random"]},
                headers={"X-Forwarded-For": "203.0.113.9"},
            )
            assert forged.status_code == 429
            time.sleep(retry_after)
            again = client.post("/api/tables", json={"seats": ["human", "random"]})
            assert again.status_code == 201, again.text
    finally:
        limited.stop()


def test_behind_a_trusted_proxy_each_forwarded_address_has_its_own_bucket(tmp_path: Path) -> None:
    proxied = Server(
        tmp_path / "tables.db",
        options=(
            "--create-burst",
            "2",
            "--create-rate",
            "0.01",
            "--forwarded-allow-ips",
            "127.0.0.1",
        ),
    ).start()
    try:
        with proxied.client() as client:

            def post(address: str) -> int:
                forwarded = {"X-Forwarded-For": address}
                body = {"seats": ["human", "random"]}
                return client.post("/api/tables", json=body, headers=forwarded).status_code

            assert [post("198.51.100.1") for _ in range(3)] == [201, 201, 429]
            assert [post("198.51.100.2") for _ in range(3)] == [201, 201, 429]
    finally:
        proxied.stop()


def test_requests_and_socket_messages_are_limited_per_address_and_per_socket(
    tmp_path: Path,
) -> None:
    limited = Server(
        tmp_path / "tables.db",
        pace=3600,
        options=(
            "--request-burst",
            "30",
            "--request-rate",
            "5",
            "--message-burst",
            "5",
            "--message-rate",
            "1",
            "--limit-exempt",
            "127.0.0.2",
        ),
    ).start()
    try:
        with limited.client() as client:
            table, tokens, _ = create(client, ["human", "human"])
            statuses = [
                client.get(f"/api/tables/{table}", headers=bearer(tokens[0])).status_code
                for _ in range(60)
            ]
            assert 25 <= statuses.count(200) <= 40 and statuses[-1] == 429, statuses
            refused = client.get(f"/api/tables/{table}", headers=bearer(tokens[0]))
            assert refused.json()["error"] == "rate_limited" and "Retry-After" in refused.headers
        # An exempt address is not limited.
        host, port = limited.url.removeprefix("http://").rsplit(":", 1)
        exempt = httpx.HTTPTransport(local_address="127.0.0.2")
        with httpx.Client(base_url=f"http://{host}:{port}", transport=exempt) as other:
            answers = [
                other.get(f"/api/tables/{table}", headers=bearer(tokens[1])).status_code
                for _ in range(60)
            ]
            assert answers == [200] * 60
            time.sleep(2)  # the first address's bucket fills again
        with websockets.sync.client.connect(limited.ws_url(table, tokens[0])) as ws:
            recv(ws)
            for number in range(12):
                ws.send(json.dumps({"action": {"type": "pass"}, "version": 99, "id": f"m{number}"}))
            replies = [json.loads(recv(ws)) for _ in range(12)]
            codes = [reply["error"] for reply in replies]
            assert codes.count("stale_version") <= 7 and "rate_limited" in codes, codes
    finally:
        limited.stop()


def test_an_idle_unfinished_table_is_archived_and_answers_410(tmp_path: Path) -> None:
    db = tmp_path / "tables.db"
    options = ("--create-burst", "100", "--archive-after", "2")
    first = Server(db, pace=0, options=options).start()
    try:
        with first.client() as client:
            idle, idle_tokens, _ = create(client, ["human", "random"])
            busy, busy_tokens, _ = create(client, ["human", "random"])
            wait_for_turn(client, idle, idle_tokens[0])
            finished: list[tuple[str, str]] = []
            deadline = time.monotonic() + 2.5
            while time.monotonic() < deadline:  # the busy tables keep acting
                doc = wait_for_turn(client, busy, busy_tokens[0])
                if doc["view"]["phase"] == "match_over":
                    finished.append((busy, busy_tokens[0]))
                    busy, busy_tokens, _ = create(client, ["human", "random"])
                    continue
                act(client, busy, busy_tokens[0], doc["legal"][0], doc["version"])
                time.sleep(0.2)
            time.sleep(1.5)  # the sweep runs every half second at this archive time
            answer = client.get(f"/api/tables/{idle}", headers=bearer(idle_tokens[0]))
            assert answer.status_code == 410, answer.text
            assert answer.json()["error"] == "archived"
            # A finished match is never archived: its record stays.
            for table, token in finished:
                record = client.get(f"/api/tables/{table}/record", headers=bearer(token))
                assert record.status_code == 200, record.text
    finally:
        first.stop()
    second = Server(db, pace=0, options=options).start()  # not loaded at start-up, still 410
    try:
        with second.client() as client:
            answer = client.get(f"/api/tables/{idle}", headers=bearer(idle_tokens[0]))
            assert answer.status_code == 410 and answer.json()["error"] == "archived"
    finally:
        second.stop()


def test_refusals_are_remembered_up_to_the_bound_per_seat_the_oldest_forgotten(
    database: Path | str, tmp_path: Path
) -> None:
    db = database
    bounded = Server(
        db, pace=3600, options=("--refusals-kept", "5"), log=tmp_path / "server.log"
    ).start()
    try:
        with bounded.client() as client:
            table, tokens, _ = create(client, ["human", "human"])
            doc = document(client, table, tokens[0])
            legal = doc["legal"][0]
            for number in range(8):  # stale versions: refused, each with a new id
                answer = act(client, table, tokens[0], legal, 99, client_id=f"r{number}")
                assert answer.status_code == 409
            # The newest is remembered: its retry gets the first answer, not a fresh look.
            again = act(client, table, tokens[0], legal, 0, client_id="r7")
            assert again.status_code == 409
            # The oldest was forgotten: the same id is a new action now.
            fresh = act(client, table, tokens[0], legal, 0, client_id="r0")
            assert fresh.status_code == 200, fresh.text
    finally:
        bounded.stop()
    count = run_sql(db, "SELECT count(*) FROM answers WHERE table_id = ? AND status != 200", table)
    assert count == [(5,)]


def test_sockets_are_capped_per_seat_and_in_all(tmp_path: Path) -> None:
    capped = Server(
        tmp_path / "tables.db",
        pace=3600,
        options=("--max-sockets-per-seat", "2", "--max-sockets", "3", "--create-burst", "100"),
    ).start()
    try:
        with capped.client() as client:
            table, tokens, _ = create(client, ["human", "human"])
            other, other_tokens, _ = create(client, ["human", "human"])
        url = capped.ws_url(table, tokens[0])
        with (
            websockets.sync.client.connect(url) as one,
            websockets.sync.client.connect(url) as two,
        ):
            recv(one), recv(two)
            with websockets.sync.client.connect(url) as three:
                refusal = json.loads(recv(three))
                assert refusal["error"] == "rate_limited", refusal
                with pytest.raises(ConnectionClosed):
                    three.recv(timeout=10)
            with websockets.sync.client.connect(capped.ws_url(table, tokens[1])) as four:
                recv(four)  # the third socket on the server
                with websockets.sync.client.connect(capped.ws_url(other, other_tokens[0])) as five:
                    refusal = json.loads(recv(five))
                    assert refusal["error"] == "unavailable", refusal
        # Closed sockets free their places.
        with websockets.sync.client.connect(url) as again:
            assert json.loads(recv(again))["table"] == table
    finally:
        capped.stop()


def _raw(server: Server, source: str = "127.0.0.1") -> socket.socket:
    host, port = server.url.removeprefix("http://").rsplit(":", 1)
    connection = socket.create_connection((host, int(port)), timeout=10, source_address=(source, 0))
    return connection


def _closed_within(connection: socket.socket, seconds: float) -> bool:
    """True if the server closes ``connection`` within ``seconds`` (reading what it sends)."""
    connection.settimeout(seconds)
    try:
        while connection.recv(4096):
            pass
    except TimeoutError:
        return False
    except OSError:
        return True
    return True


def test_slow_heads_slow_bodies_and_idle_connections_are_timed_out(tmp_path: Path) -> None:
    timed = Server(
        tmp_path / "tables.db",
        options=("--header-timeout", "1", "--body-timeout", "1", "--keep-alive", "1"),
    ).start()
    try:
        silent = _raw(timed)  # sends nothing at all
        trickle = _raw(timed)  # a head, a few bytes at a time, never finished
        trickle.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        assert _closed_within(silent, 5) and _closed_within(trickle, 5)
        slow_body = _raw(timed)
        slow_body.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100\r\n\r\n{"
        )
        slow_body.settimeout(10)
        answer = b""
        while b'"}' not in answer:
            answer += slow_body.recv(4096)
        assert answer.startswith(b"HTTP/1.1 408"), answer
        assert b'"error":"timeout"' in answer
        idle = _raw(timed)  # a whole request, then nothing: kept alive for a second only
        idle.sendall(b"GET /api/tables/x HTTP/1.1\r\nHost: x\r\n\r\n")
        assert _closed_within(idle, 5)
    finally:
        timed.stop()


def test_many_slow_connections_from_one_address_do_not_lock_others_out(
    tmp_path: Path,
) -> None:
    """1,100 trickling connections locked every client out; now those over the cap per
    address are closed at once, and the rest time out."""
    running = Server(tmp_path / "tables.db", options=("--header-timeout", "5")).start()
    held: list[socket.socket] = []
    try:
        for _ in range(300):
            try:
                connection = _raw(running, source="127.0.0.2")
                connection.sendall(b"GET / HTTP/1.1\r\n")
                held.append(connection)
            except OSError:
                pass
        with running.client() as client:  # from 127.0.0.1
            started = time.monotonic()
            table, tokens, _ = create(client, ["human", "random"])
            assert document(client, table, tokens[0])["table"] == table
            assert time.monotonic() - started < 5
        open_ones = sum(not _closed_within(connection, 0.01) for connection in held)
        assert open_ones <= 64, open_ones
    finally:
        for connection in held:
            connection.close()
        running.stop()


# --- 4. Start-up and storage faults --------------------------------------------------------------


def test_a_table_that_cannot_be_replayed_is_set_aside_and_the_others_are_served(
    database: Path | str, tmp_path: Path
) -> None:
    db = database
    first = Server(db, pace=0, log=tmp_path / "first.log").start()
    with first.client() as client:
        broken, broken_tokens, _ = create(client, ["human", "random"])
        fine, fine_tokens, _ = create(client, ["human", "random"])
        for table, token in ((broken, broken_tokens[0]), (fine, fine_tokens[0])):
            doc = wait_for_turn(client, table, token)
            act(client, table, token, doc["legal"][-1], doc["version"])
    first.stop()
    run_sql(  # version 1 of one table: an action it never allowed
        db,
        "UPDATE steps SET action = ? WHERE table_id = ? AND version = 1",
        '{"type":"play","cards":["x3","x3","x3","x3"]}',
        broken,
    )
    second = Server(db, pace=0, log=tmp_path / "second.log").start()
    try:
        with second.client() as client:
            answer = client.get(f"/api/tables/{broken}", headers=bearer(broken_tokens[0]))
            assert answer.status_code == 503, answer.text
            assert answer.json()["error"] == "unavailable" and broken in answer.json()["message"]
            assert document(client, fine, fine_tokens[0])["table"] == fine
        log = _log_of(second)
        lines = [line for line in log.splitlines() if broken in line]
        assert len(lines) == 1 and "set aside" in lines[0], log
        assert "Traceback" not in log
    finally:
        second.stop()


def test_a_stored_table_whose_rules_are_over_the_limit_is_set_aside(tmp_path: Path) -> None:
    """The repro's table, stored by a server that allowed it, never takes a server down."""
    db = tmp_path / "tables.db"
    lax = Server(db, pace=3600, options=("--max-actions", "100000000000")).start()
    with lax.client() as client:  # seat 0 is a person: nothing lists the actions yet
        huge, huge_tokens, _ = create(client, ["human", "random"], rules=HUGE_RULES)
        fine, fine_tokens, _ = create(client, ["human", "random"])
    lax.stop()
    strict = Server(db, pace=0).start()
    try:
        with strict.client() as client:
            answer = client.get(f"/api/tables/{huge}", headers=bearer(huge_tokens[0]))
            assert answer.status_code == 503, answer.text
            assert "legal actions" in answer.json()["message"]
            assert document(client, fine, fine_tokens[0])["table"] == fine
    finally:
        strict.stop()


def _serve_once(db: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "raise_the_sum.cli", "serve", "--port", "0", "--db", str(db)],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_corrupt_database_file_gives_one_line_and_exit_2(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"this is not a database, only words; " * 200)
    done = _serve_once(garbage)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and str(garbage) in lines[0] and "not a database" in lines[0], lines
    folder = tmp_path / "a-folder"
    folder.mkdir()
    done = _serve_once(folder)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A folder on a tmpfs of 600 KiB: a real 'no space left on device'."""
    folder = tmp_path / "small"
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=600k", "tmpfs", str(folder)],
        capture_output=True,
        text=True,
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {mounted.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def test_a_full_disk_answers_503_saying_so_and_the_server_goes_on(small_disk: Path) -> None:
    full = Server(small_disk / "tables.db", pace=3600).start()
    try:
        with full.client() as client:
            statuses: list[int] = []
            refusal = None
            for _ in range(400):
                answer = client.post("/api/tables", json={"seats": ["human", "human"]})
                statuses.append(answer.status_code)
                if answer.status_code != 201:
                    refusal = answer
                    break
            assert refusal is not None, "the disk never filled"
            assert refusal.status_code == 503, refusal.text
            assert refusal.json()["error"] == "unavailable"
            assert "the disk is full" in refusal.json()["message"]
            assert "Retry-After" in refusal.headers
            # The server is still up: reads answer.
            assert client.get("/static/%00").status_code == 404
        assert "Traceback" not in _log_of(full)
    finally:
        full.stop()


def test_clients_hanging_up_mid_body_write_a_line_each_at_most(own_server: Server) -> None:
    before = len(_log_of(own_server))
    for _ in range(200):
        connection = _raw(own_server)
        connection.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b'Content-Length: 1000\r\n\r\n{"seats": '
        )
        connection.close()
    with own_server.client() as client:
        create(client, ["human", "random"])
    time.sleep(0.5)
    grown = _log_of(own_server)[before:]
    assert "Traceback" not in grown
    assert len(grown.splitlines()) <= 200


def test_a_nul_in_a_static_path_is_404_and_a_405_says_allow(server: Server) -> None:
    with server.client() as client:
        for path in ("/static/%00", "/static/app.js%00.png", "/static/" + "a" * 5000):
            answer = client.get(path)
            assert answer.status_code == 404, (path, answer.text)
            assert answer.json()["error"] == "not_found"
        refused = client.delete("/api/tables")
        assert refused.status_code == 405 and refused.headers["Allow"] == "POST"
        assert refused.json()["error"] == "method_not_allowed"
        refused = client.post("/api/tables/x")
        assert refused.status_code == 405 and "GET" in refused.headers["Allow"]


# --- 5. Smaller points --------------------------------------------------------------------------


def test_a_duplicated_token_since_or_authorization_is_refused(still_server: Server) -> None:
    with still_server.client() as client:
        table, tokens, _ = create(client, ["human", "human"])
        path = f"/api/tables/{table}"
        twice = client.get(path, headers=[("Authorization", f"Bearer {tokens[0]}")] * 2)
        assert twice.status_code == 400 and twice.json()["error"] == "bad_input"
        since = client.get(path, params=[("since", "0"), ("since", "1")], headers=bearer(tokens[0]))
        assert since.status_code == 400 and since.json()["path"] == "/since"
    url = still_server.ws_url(table, tokens[0]) + f"&token={tokens[1]}"
    with websockets.sync.client.connect(url) as ws:
        refusal = json.loads(recv(ws))
        assert refusal["error"] == "bad_input" and refusal["path"] == "/token"


def test_pushes_carry_no_reply_to_and_answers_carry_their_id(still_server: Server) -> None:
    with still_server.client() as client:
        table, tokens, _ = create(client, ["human", "human"])
        seated(client, table, tokens)
        with (
            websockets.sync.client.connect(still_server.ws_url(table, tokens[0])) as zero,
            websockets.sync.client.connect(still_server.ws_url(table, tokens[1])) as one,
        ):
            doc = json.loads(recv_document(zero))
            recv_document(one)
            client_id = "id-" + uuid.uuid4().hex
            zero.send(json.dumps({"action": doc["legal"][0], "version": 0, "id": client_id}))
            assert json.loads(recv_document(zero))["reply_to"] == client_id
            pushed = json.loads(recv_document(one))
            assert "reply_to" not in pushed and pushed["version"] == 1


def test_a_sigkill_under_the_new_limits_loses_nothing_acknowledged(
    database: Path | str, tmp_path: Path
) -> None:
    db = database
    running = Server(db, pace=0, log=tmp_path / "server.log").start()
    acknowledged: dict[str, int] = {}
    with running.client() as client:
        tables = [create(client, ["human", "random"]) for _ in range(3)]
        for table, tokens, _ in tables:
            doc = wait_for_turn(client, table, tokens[0])
            answer = act(client, table, tokens[0], doc["legal"][-1], doc["version"])
            assert answer.status_code == 200
            acknowledged[table] = answer.json()["version"]
    running.kill()
    again = Server(db, pace=0, log=tmp_path / "server.log").start()
    try:
        with again.client() as client:
            for table, tokens, _ in tables:
                assert document(client, table, tokens[0])["version"] >= acknowledged[table]
    finally:
        again.stop()
