"""Who is at a table, against the real server: presence, names, leaving, and the turn timer.

Each seat's presence (a socket open), display name and leaving are in the
document's ``seating`` and pushed to every socket of the table as notices;
a table with ``turn_seconds`` acts for a person whose time runs out (rule
R4.15), and a seat that leaves is handed to a bot or forfeited (rule R5.5).
The timer's tests use the shortest time a table may have (5 seconds) and
wait on the pushed document, never on a sleep.
"""

from __future__ import annotations

import asyncio
import datetime
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets.sync.client

from raise_the_sum import Card, Rules, wire
from raise_the_sum.server.service import TableService
from raise_the_sum.server.store import SQLiteStore

from .harness import (
    Server,
    act,
    bearer,
    create,
    document,
    recv,
    recv_document,
    recv_notice,
)
from .test_security import twin_decks

Socket = websockets.sync.client.ClientConnection


def connect(server: Server, table: str, token: str) -> Socket:
    return websockets.sync.client.connect(server.ws_url(table, token), open_timeout=10)


def name(client: httpx.Client, table: str, token: str, value: Any) -> httpx.Response:
    return client.post(f"/api/tables/{table}/name", headers=bearer(token), json={"name": value})


def leave(client: httpx.Client, table: str, token: str, **body: Any) -> httpx.Response:
    return client.post(f"/api/tables/{table}/leave", headers=bearer(token), json=body)


def until(ws: Socket, done: Any, *, most: int = 400) -> dict[str, Any]:
    """The first pushed document for which ``done(document)`` holds (notices skipped)."""
    for _ in range(most):
        value: dict[str, Any] = json.loads(recv_document(ws))
        if "view" in value and done(value):
            return value
    raise AssertionError("no such document came")


def utc(text: str) -> float:
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


# --- presence ---------------------------------------------------------------------------------


def test_a_seat_is_present_while_a_socket_is_open_and_every_socket_hears_the_change(
    still_server: Server,
) -> None:
    with still_server.client() as client:
        table, tokens, _ = create(client, ["human", "riley", "human"])
        doc = document(client, table, tokens[0])
        assert [entry["present"] for entry in doc["seating"]] == [False, None, False]
        assert [entry["kind"] for entry in doc["seating"]] == ["human", "riley", "human"]
        with connect(still_server, table, tokens[0]) as zero:
            first = json.loads(recv(zero))
            assert [entry["present"] for entry in first["seating"]] == [True, None, False]
            with connect(still_server, table, tokens[2]) as two:
                mine = json.loads(recv(two))
                assert [entry["present"] for entry in mine["seating"]] == [True, None, True]
                heard = recv_notice(zero, "presence")
                assert heard == {"notice": "presence", "seat": 2, "present": True}
                with connect(still_server, table, tokens[2]) as again:  # a second socket
                    recv(again)
                seating = document(client, table, tokens[0])["seating"]
                assert seating[2]["present"] is True  # one socket of seat 2 is still open
            heard = recv_notice(zero, "presence")
            assert heard == {"notice": "presence", "seat": 2, "present": False}
            assert document(client, table, tokens[0])["seating"][2]["present"] is False
            assert document(client, table, tokens[0])["version"] == 0  # no action was taken


# --- names ------------------------------------------------------------------------------------


def test_a_name_is_set_when_joining_or_creating_and_shown_to_the_others(
    still_server: Server,
) -> None:
    with still_server.client() as client:
        table, tokens, _ = create(client, ["human", "human"], name="Ann")
        assert document(client, table, tokens[1])["seating"][0]["name"] == "Ann"
        with connect(still_server, table, tokens[0]) as zero:
            recv(zero)
            answer = name(client, table, tokens[1], "Zoe\u0308 O’Neil-2")
            assert answer.status_code == 200
            assert answer.json()["seating"][1]["name"] == "Zoë O’Neil-2"  # NFC
            heard = recv_notice(zero, "name")
            assert heard == {"notice": "name", "seat": 1, "name": "Zoë O’Neil-2"}
        seating = document(client, table, tokens[0])["seating"]
        assert [entry["name"] for entry in seating] == ["Ann", "Zoë O’Neil-2"]


BAD_NAMES = [
    "",
    " ",
    " Ann",
    "Ann ",
    "A  nn",
    "x" * 25,
    "Ann\u0000",
    "Ann\n",
    "Ann\u200b",  # a zero-width space (a format character)
    "Ann\u202e",  # right-to-left override
    "\u0301Ann",  # starts with a combining mark
    "Ann!",
    "<b>Ann</b>",
    "Ann😀",
    7,
    None,
    ["Ann"],
]


@pytest.mark.parametrize("bad", BAD_NAMES, ids=repr)
def test_a_bad_name_is_refused_naming_name_and_changes_nothing(
    still_server: Server, bad: Any
) -> None:
    with still_server.client() as client:
        table, tokens, _ = create(client, ["human", "human"])
        assert name(client, table, tokens[1], "Bo").status_code == 200
        answer = name(client, table, tokens[1], bad)
        assert answer.status_code == 400, answer.text
        assert answer.json()["error"] == "bad_input" and answer.json()["path"] == "/name"
        assert "name" in answer.json()["message"]
        assert document(client, table, tokens[0])["seating"][1]["name"] == "Bo"
        refused = client.post("/api/tables", json={"seats": ["human", "human"], "name": bad})
        assert refused.status_code == 400 and refused.json()["path"] == "/name"


def test_a_name_body_with_another_field_or_no_token_is_refused(still_server: Server) -> None:
    with still_server.client() as client:
        table, tokens, _ = create(client, ["human", "human"])
        extra = client.post(
            f"/api/tables/{table}/name",
            headers=bearer(tokens[0]),
            json={"name": "Ann", "seat": 1},
        )
        assert extra.status_code == 400 and extra.json()["path"] == "/seat"
        nobody = client.post(f"/api/tables/{table}/name", json={"name": "Ann"})
        assert nobody.status_code == 401
        assert document(client, table, tokens[0])["seating"][0]["name"] is None


# --- leaving ----------------------------------------------------------------------------------


def test_R5_5_a_seat_that_forfeits_is_seen_at_once_and_its_token_can_no_longer_act(
    server: Server,
) -> None:
    with server.client() as client:
        table, tokens, _ = create(client, ["human", "human"])
        with connect(server, table, tokens[0]) as zero:
            opening = json.loads(recv(zero))
            answer = leave(client, table, tokens[1], then="forfeit")
            assert answer.status_code == 200
            assert answer.json()["seating"][1]["left"] == "forfeit"
            heard = recv_notice(zero, "left")
            assert heard == {"notice": "left", "seat": 1, "then": "forfeit", "bot": None}
            # Seat 0 plays; the forfeited seat passes at once (R4.15: a reply may pass).
            played = act(client, table, tokens[0], opening["legal"][0], 0).json()
            assert played["version"] >= 2
            assert {"type": "passed", "seat": 1} in played["events"]
        for refused in (
            act(client, table, tokens[1], {"type": "pass"}, played["version"]),
            name(client, table, tokens[1], "Bo"),
            leave(client, table, tokens[1], then="bot"),
        ):
            assert refused.status_code == 409, refused.text
            assert refused.json()["error"] == "seat_left" and "R5.5" in refused.json()["message"]
        seating = document(client, table, tokens[1])["seating"]  # it may still read
        assert seating[1] == {
            "kind": "human",
            "name": None,
            "present": False,
            "taken": True,
            "left": "forfeit",
        }


def test_R5_5_a_seat_handed_to_a_named_bot_is_played_by_it(server: Server) -> None:
    with server.client() as client:
        table, tokens, _ = create(client, ["human", "human"])
        with connect(server, table, tokens[0]) as zero:
            recv(zero)
            assert leave(client, table, tokens[0], then="bot", bot="greedy").status_code == 200
            assert recv_notice(zero, "left")["bot"] == "greedy"
            # Seat 0 (the opener) is a bot's now: it plays, then seat 1's turn comes.
            after = until(zero, lambda d: d["version"] >= 1)
            assert after["seating"][0]["kind"] == "greedy"
            assert after["seating"][0]["present"] is None
        assert leave(client, table, tokens[1]).status_code == 400  # no then
        doc = document(client, table, tokens[1])
        assert doc["version"] >= 1 and doc["events"][0]["seat"] == 0


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({}, "/then"),
        ({"then": "stay"}, "/then"),
        ({"then": "bot", "bot": "dealer"}, "/bot"),
        ({"then": "bot", "bot": "stand-in"}, "/bot"),
        ({"then": "forfeit", "bot": "sam"}, "/bot"),
        ({"then": "forfeit", "why": "late"}, "/why"),
    ],
)
def test_a_bad_leave_body_is_refused_naming_the_field_and_the_seat_stays(
    still_server: Server, body: dict[str, Any], path: str
) -> None:
    with still_server.client() as client:
        table, tokens, _ = create(client, ["human", "human"])
        answer = leave(client, table, tokens[1], **body)
        assert answer.status_code == 400 and answer.json()["path"] == path, answer.text
        assert document(client, table, tokens[0])["seating"][1]["left"] is None


def test_a_table_where_every_person_left_plays_on_to_its_end(server: Server) -> None:
    with server.client() as client:
        table, tokens, _ = create(client, ["human", "human", "random"])
        with connect(server, table, tokens[0]) as zero:
            recv(zero)
            assert leave(client, table, tokens[1], then="forfeit").status_code == 200
            assert leave(client, table, tokens[0], then="bot", bot="cautious").status_code == 200
            last = until(zero, lambda d: d["view"]["phase"] == "match_over", most=5000)
        assert max(last["view"]["points"]) == Rules(players=3).points_to_win
        record = client.get(f"/api/tables/{table}/record", headers=bearer(tokens[0]))
        assert record.status_code == 200


# --- the turn timer ---------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [4, 3601, 0, -5, 5.5, "10", True, None])
def test_turn_seconds_out_of_range_is_refused_naming_it(server: Server, bad: Any) -> None:
    with server.client() as client:
        answer = client.post("/api/tables", json={"seats": ["human", "human"], "turn_seconds": bad})
        assert answer.status_code == 400, answer.text
        assert answer.json()["path"] == "/turn_seconds"


def test_without_turn_seconds_there_is_no_deadline(server: Server) -> None:
    with server.client() as client:
        table, tokens, _ = create(client, ["human", "human"])
        assert document(client, table, tokens[0])["turn_deadline"] is None


def test_R4_15_a_person_who_never_acts_has_the_timer_act_for_them_at_the_deadline(
    server: Server,
) -> None:
    with server.client() as client:
        table, tokens, _ = create(client, ["human", "human"], turn_seconds=5)
        opening = document(client, table, tokens[0])
        deadline = utc(opening["turn_deadline"])
        assert document(client, table, tokens[1])["turn_deadline"] == opening["turn_deadline"]
        lowest = min(wire.decode(Card, card) for card in opening["view"]["hand"])
        with connect(server, table, tokens[1]) as one:
            recv(one)
            heard = recv_notice(one, "timeout")
            assert heard == {"notice": "timeout", "seat": 0, "did": "play", "version": 1}
            moved = until(one, lambda d: d["version"] >= 1)
            played = moved["events"][0]
            assert played["type"] == "played" and played["seat"] == 0
            assert played["cards"] == [wire.encode(lowest)]  # the opener's lowest card, alone
            # Seat 1 never acts either: its time runs out too, and the table moves on.
            assert utc(moved["turn_deadline"]) >= deadline + 5 - 0.01
            second = recv_notice(one, "timeout")
            assert second["seat"] == 1 and second["did"] == "pass"
        assert document(client, table, tokens[0])["version"] >= 2


def test_an_action_before_the_deadline_starts_the_next_turns_clock(server: Server) -> None:
    with server.client() as client:
        table, tokens, _ = create(client, ["human", "human"], turn_seconds=600)
        opening = document(client, table, tokens[0])
        answer = act(client, table, tokens[0], opening["legal"][0], 0).json()
        assert utc(answer["turn_deadline"]) > utc(opening["turn_deadline"])
        assert answer["turn_deadline"] == document(client, table, tokens[1])["turn_deadline"]


def test_a_restart_resumes_the_turn_timer_and_the_seating_from_the_store(
    database: str | Path, tmp_path: Path
) -> None:
    running = Server(database, pace=0, log=tmp_path / "server.log").start()
    try:
        with running.client() as client:
            table, tokens, _ = create(client, ["human", "human"], turn_seconds=8, name="Ann")
            assert name(client, table, tokens[1], "Bo").status_code == 200
            before = document(client, table, tokens[0])["turn_deadline"]
        running.kill()
        running.start()
        with running.client() as client:
            doc = document(client, table, tokens[0])
            assert doc["turn_deadline"] == before
            assert [entry["name"] for entry in doc["seating"]] == ["Ann", "Bo"]
        with connect(running, table, tokens[1]) as one:
            recv(one)
            moved = until(one, lambda d: d["version"] >= 1)  # the timer acted, after a restart
        assert moved["events"][0]["seat"] == 0
    finally:
        errors = running.stop()
    assert "Traceback" not in errors


# --- nothing of a hand in a notice --------------------------------------------------------------


@pytest.fixture(scope="module")
def twins(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, list[Any]]]:
    """Two tables that differ only in seat 1's cards, made by the table service, at pace 0."""
    db: Path = tmp_path_factory.mktemp("presence-twins") / "tables.db"

    async def make() -> list[tuple[str, dict[int, str]]]:
        store = SQLiteStore(db)
        service = TableService(store, pace=0)
        made = []
        for deck in twin_decks():
            created = await service.create(
                ["human", "human"], Rules(players=2), seed=7, deck=deck, turn_seconds=600
            )
            made.append((created.table, created.tokens))
        await service.close()
        await store.close()
        return made

    tables = asyncio.run(make())
    running = Server(db, pace=0).start()
    yield running, tables
    running.stop()


#: What differs between two tables whatever their cards: their ids, and the moments.
_MOMENT = re.compile(rb'"(table|turn_deadline|next_round_at)":"[^"]*"')


def test_presence_name_and_leave_notices_carry_nothing_of_any_hand(
    twins: tuple[Server, list[Any]],
) -> None:
    """The same changes at two tables differing only in seat 1's cards: seat 0 gets the same
    bytes (notices and documents, the deadlines' moments aside), and no notice names a card."""
    server, tables = twins
    heard: list[list[bytes]] = []
    for table, tokens in tables:
        got: list[bytes] = []
        with server.client() as client, connect(server, table, tokens[0]) as zero:
            got.append(_MOMENT.sub(b"", recv(zero).encode()))
            with connect(server, table, tokens[1]) as one:
                recv(one)
                got.append(json.dumps(recv_notice(zero, "presence")).encode())
                assert name(client, table, tokens[1], "Bo").status_code == 200
                got.append(json.dumps(recv_notice(zero, "name")).encode())
            got.append(json.dumps(recv_notice(zero, "presence")).encode())
            assert leave(client, table, tokens[1], then="forfeit").status_code == 200
            got.append(json.dumps(recv_notice(zero, "left")).encode())
            doc = document(client, table, tokens[0])
            got.append(_MOMENT.sub(b"", json.dumps(doc["seating"]).encode()))
            answer = act(client, table, tokens[0], doc["legal"][0], doc["version"])
            got.append(_MOMENT.sub(b"", answer.content))  # the forfeited seat's pass with it
        heard.append(got)
        for message in got[1:5]:
            assert not re.search(rb'"[+x/-]?[0-9]"', message), message
    assert heard[0] == heard[1]
