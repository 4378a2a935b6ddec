"""Spectators, against the real server: a read-only token that sees what is public.

* The swap test: tables whose states differ only in what no seat shows the
  others (a card in each seat's hand, a card each seat draws, the seed) send
  a spectator the same bytes at every version, over HTTP (with every
  ``since``) and on its socket; the seats see the difference.
* The spectators' document has no hand, no legal actions, and every draw
  without its card; a spectator's token cannot act, check, read a seat's
  document or the record, or open a seat's socket (403 ``read_only``); it
  opens only its own table (401); its socket refuses every message and
  keeps pushing; spectators' sockets per table are limited.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets.exceptions
import websockets.sync.client

from raise_the_sum import Rng, Rules
from raise_the_sum.server.service import TableService
from raise_the_sum.server.store import SQLiteStore

from .harness import Server, act, bearer, document, recv, seated

#: The keys of a spectators' document, in order.
KEYS = [
    "table",
    "version",
    "seat",
    "view",
    "events",
    "seats",
    "seating",
    "seed_commitment",
    "attack_text",
    "next_round_at",
]


def spectator_url(server: Server, table: str, token: str, since: int | None = None) -> str:
    """The WebSocket URL of a table's spectators."""
    query = f"token={token}" + ("" if since is None else f"&since={since}")
    return server.url.replace("http://", "ws://") + f"/api/tables/{table}/spectator/ws?{query}"


def created(client: httpx.Client, seats: list[str], **more: Any) -> dict[str, Any]:
    """The create answer, whole."""
    answer = client.post("/api/tables", json={"seats": seats, **more})
    assert answer.status_code == 201, answer.text
    value: dict[str, Any] = answer.json()
    return value


def watch(client: httpx.Client, table: str, token: str, since: int | None = None) -> bytes:
    """The spectators' document, as sent."""
    params = {} if since is None else {"since": since}
    answer = client.get(f"/api/tables/{table}/spectator", headers=bearer(token), params=params)
    assert answer.status_code == 200, answer.text
    return answer.content


# --- the swap test ---------------------------------------------------------------------------

#: Where each seat's first draw lies in a 2-player deck: 14 cards dealt (seat 0 the even
#: places), then seat 0 draws, then seat 1.
FIRST_DRAWS = (14, 15)


def swapped_decks() -> tuple[list[Any], list[Any]]:
    """Two stacked decks for 2 players that differ only in what the seats hide.

    The second swaps a card dealt to each seat, and the card each seat
    draws first, with cards at the deck's end (not reached in two rounds).
    """
    deck, _ = Rng.from_seed(2027).shuffle(Rules(players=2).deck)
    first = list(deck)
    second = list(first)
    ends = iter(range(len(first) - 1, 0, -1))
    for seat in (0, 1):
        dealt = next(p for p in range(seat, 14, 2) if first[p] != first[-1 - seat])
        for place in (dealt, FIRST_DRAWS[seat]):
            end = next(ends)
            assert first[place] != first[end], "a swap that changes nothing proves nothing"
            second[place], second[end] = second[end], second[place]
    return first, second


@pytest.fixture(scope="module")
def hidden_twins(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Server, list[Any]]]:
    """A server holding three tables: two decks that differ in hidden cards, and a third
    table with the first deck and another seed. Each is ``(id, tokens, spectator token)``."""
    db: Path = tmp_path_factory.mktemp("spectated") / "tables.db"

    async def make() -> list[Any]:
        store = SQLiteStore(db)
        service = TableService(store, pace=3600)
        first, second = swapped_decks()
        made = []
        for seed, deck in ((7, first), (7, second), (8, first)):
            new = await service.create(["human", "human"], Rules(players=2), seed=seed, deck=deck)
            made.append((new.table, new.tokens, new.spectator_token))
        await service.close()
        await store.close()
        return made

    tables = asyncio.run(make())
    print("hidden twins:", [table for table, _, _ in tables])
    running = Server(db, pace=3600).start()
    yield running, tables
    running.stop()


#: What differs between the tables by design, not by what they hide: the moment a round
#: break ends, and the seed's commitment (its hash: public, and compared on its own).
_DEADLINE = re.compile(rb'"next_round_at":"[^"]*"')
_COMMITMENT = re.compile(rb'"seed_commitment":"[0-9a-f]{64}"')


def _masked(body: bytes, table: str) -> bytes:
    body = body.replace(table.encode(), b"<table>")
    body = _COMMITMENT.sub(b'"seed_commitment":"<hash>"', body)
    return _DEADLINE.sub(b'"next_round_at":"<time>"', body)


def _common(lists: list[list[Any]]) -> Any:
    """The first item of the first list that every list holds."""
    return next(item for item in lists[0] if all(item in other for other in lists[1:]))


def test_tables_differing_only_in_hidden_cards_and_seed_show_a_spectator_the_same_bytes(
    hidden_twins: tuple[Server, list[Any]],
) -> None:
    server, tables = hidden_twins
    ids = [table for table, _, _ in tables]
    with contextlib.ExitStack() as stack:
        client = stack.enter_context(server.client())
        for table, tokens, _ in tables:
            seated(client, table, tokens)
        sockets = [
            stack.enter_context(
                websockets.sync.client.connect(spectator_url(server, table, spectator))
            )
            for table, _, spectator in tables
        ]

        def same(bodies: list[bytes]) -> None:
            masked = [_masked(body, table) for body, table in zip(bodies, ids, strict=True)]
            assert masked[1:] == masked[:-1], bodies[0][:300]
            commitments = [json.loads(body)["seed_commitment"] for body in bodies]
            assert commitments[0] == commitments[1] != commitments[2]  # seed 7, 7, 8

        same([recv(ws).encode() for ws in sockets])  # the first message
        hands = [
            [document(client, t, tok[seat])["view"]["hand"] for t, tok, _ in tables]
            for seat in (0, 1)
        ]
        assert hands[0][0] != hands[0][1] and hands[1][0] != hands[1][1]  # the seats differ
        draws = 0
        rounds = 0
        while rounds < 2:
            docs = [document(client, t, tok[0]) for t, tok, _ in tables]
            version = docs[0]["version"]
            action: dict[str, Any]
            if docs[0]["view"]["phase"] == "round_over":  # the round's winner moves on
                seat, action = docs[0]["view"]["current"], {"type": "next_round"}
                rounds += 1
            else:
                seat = docs[0]["view"]["current"]
                mine = [document(client, t, tok[seat]) for t, tok, _ in tables]
                if mine[0]["view"]["phase"] == "discard":
                    card = _common([doc["view"]["hand"] for doc in mine])
                    action = {"type": "discard", "cards": [card]}
                else:
                    action = _common([doc["legal"] for doc in mine])
            answers = [
                act(client, t, tok[seat], action, version, client_id=f"v{version}")
                for t, tok, _ in tables
            ]
            assert [answer.status_code for answer in answers] == [200] * 3, answers[0].text
            pushed = [recv(ws).encode() for ws in sockets]
            same(pushed)
            events = json.loads(pushed[0])["events"]
            draws += sum(event["type"] == "drew" for event in events)
            assert all(event["card"] is None for event in events if event["type"] == "drew")
            now = version + 1
            for since in (None, 0, now - 1, now):
                same([watch(client, t, spectator, since) for t, _, spectator in tables])
        assert draws >= 2  # both seats drew, differently at each table: hidden from spectators
        hands = [document(client, t, tok[1])["view"]["hand"] for t, tok, _ in tables]
        assert hands[0] != hands[1]  # still different for the seat, never for a spectator


# --- what a spectator sees and may do --------------------------------------------------------


def test_a_spectator_s_document_holds_only_what_is_public(still_server: Server) -> None:
    with still_server.client() as client:
        new = created(client, ["human", "human"])
        table, tokens = new["table"], new["tokens"]
        doc = document(client, table, tokens["0"])
        assert act(client, table, tokens["0"], doc["legal"][0], 0).status_code == 200
        seen = json.loads(watch(client, table, new["spectator_token"]))
        assert list(seen) == KEYS
        assert seen["seat"] is None and seen["version"] == 1
        assert "hand" not in seen["view"] and "seat" not in seen["view"]
        mine = document(client, table, tokens["0"])["view"]
        assert seen["view"] == {
            key: value
            for key, value in mine.items()
            if key not in ("format", "version", "seat", "hand")
        }
        assert seen["seed_commitment"] == new["seed_commitment"]
        assert [entry["kind"] for entry in seen["seating"]] == ["human", "human"]
        assert [entry["taken"] for entry in seen["seating"]] == [True, False]
        drew = [event for event in seen["events"] if event["type"] == "drew"]
        assert drew and all(event["card"] is None for event in drew)
        text = json.dumps(seen)
        for secret in ('"hand"', '"legal"', '"seed"'):  # the rules' deck is public
            assert secret not in text


def test_a_spectator_s_token_cannot_act_check_or_read_a_seat_s_things(
    still_server: Server,
) -> None:
    with still_server.client() as client:
        new = created(client, ["human", "human"])
        table, spectator = new["table"], new["spectator_token"]
        doc = document(client, table, new["tokens"]["0"])
        body = {"action": doc["legal"][0], "version": 0, "id": "a"}
        refused = [
            client.get(f"/api/tables/{table}", headers=bearer(spectator)),
            client.post(f"/api/tables/{table}/actions", headers=bearer(spectator), json=body),
            client.post(
                f"/api/tables/{table}/check", headers=bearer(spectator), json={"action": body}
            ),
        ]
        for answer in refused:
            assert answer.status_code == 403, answer.text
            assert answer.json()["error"] == "read_only"
            assert "spectator" in answer.json()["message"]
        with websockets.sync.client.connect(still_server.ws_url(table, spectator)) as ws:
            assert json.loads(recv(ws))["error"] == "read_only"
        assert document(client, table, new["tokens"]["0"])["version"] == 0  # nothing moved
        early = client.get(f"/api/tables/{table}/record", headers=bearer(spectator))
        assert early.status_code == 409 and early.json()["error"] == "match_not_over"


def test_a_spectator_checks_the_record_s_seed_against_the_commitment_at_the_end(
    still_server: Server,
) -> None:
    with still_server.client() as client:
        new = created(client, ["human", "human"], rules={"players": 2, "points_to_win": 1})
        table, tokens = new["table"], new["tokens"]
        while True:
            doc = document(client, table, tokens["0"])
            if doc["view"]["phase"] == "match_over":
                break
            seat = str(doc["view"]["current"])
            mine = document(client, table, tokens[seat])
            choice = mine["legal"][0] if seat == "0" else {"type": "pass"}
            if mine["view"]["phase"] == "discard":
                choice = {"type": "discard", "cards": mine["view"]["hand"][:1]}
            assert act(client, table, tokens[seat], choice, mine["version"]).status_code == 200
        seen = json.loads(watch(client, table, new["spectator_token"]))
        assert seen["view"]["phase"] == "match_over"
        record = client.get(f"/api/tables/{table}/record", headers=bearer(new["spectator_token"]))
        assert record.status_code == 200
        seed = record.json()["seed"]
        assert hashlib.sha256(seed.encode()).hexdigest() == seen["seed_commitment"]
        other = created(client, ["human", "random"])
        wrong = client.get(f"/api/tables/{table}/record", headers=bearer(other["spectator_token"]))
        assert wrong.status_code == 401


def test_a_spectator_s_socket_refuses_messages_and_keeps_pushing(still_server: Server) -> None:
    with still_server.client() as client:
        new = created(client, ["human", "human"])
        table, tokens = new["table"], new["tokens"]
        seated(client, table, {int(seat): token for seat, token in tokens.items()})
        url = spectator_url(still_server, table, new["spectator_token"])
        with websockets.sync.client.connect(url) as ws:
            first = json.loads(recv(ws))
            assert first["version"] == 0 and first["seat"] is None
            doc = document(client, table, tokens["0"])
            ws.send(json.dumps({"action": doc["legal"][0], "version": 0, "id": "sneaky"}))
            refusal = json.loads(recv(ws))
            assert refusal["error"] == "read_only" and "reply_to" not in refusal
            assert document(client, table, tokens["0"])["version"] == 0
            assert act(client, table, tokens["0"], doc["legal"][0], 0).status_code == 200
            pushed = json.loads(recv(ws))
            assert pushed["version"] == 1 and pushed["events"]
            assert pushed["events"][0]["type"] == "played"


def test_a_spectator_hears_a_seat_taken_and_the_next_document_shows_it(
    still_server: Server,
) -> None:
    with still_server.client() as client:
        new = created(client, ["human", "human"])
        table, tokens = new["table"], new["tokens"]
        url = spectator_url(still_server, table, new["spectator_token"])
        with websockets.sync.client.connect(url) as ws:
            first = json.loads(recv(ws))
            assert [entry["taken"] for entry in first["seating"]] == [False, False]
            document(client, table, tokens["1"])
            assert json.loads(recv(ws)) == {"notice": "taken", "seat": 1}
            document(client, table, tokens["1"])  # a second use tells nobody again
            document(client, table, tokens["0"])
            assert json.loads(recv(ws)) == {"notice": "taken", "seat": 0}
        seen = json.loads(watch(client, table, new["spectator_token"]))
        assert [entry["taken"] for entry in seen["seating"]] == [True, True]


def test_a_spectator_s_token_opens_only_its_own_table(still_server: Server) -> None:
    with still_server.client() as client:
        one = created(client, ["human", "random"])
        other = created(client, ["human", "random"])
        wrong = [
            (other["table"], one["spectator_token"]),
            (one["table"], one["tokens"]["0"]),  # a seat's token is no spectator's
            (one["table"], "x" * 300),
            (one["table"], None),
        ]
        for table, token in wrong:
            headers = {} if token is None else bearer(token)
            answer = client.get(f"/api/tables/{table}/spectator", headers=headers)
            assert answer.status_code == 401, answer.text
            assert answer.json()["error"] == "unauthorized"
            if token is not None:
                url = spectator_url(still_server, table, token)
                with websockets.sync.client.connect(url) as ws:
                    assert json.loads(recv(ws))["error"] == "unauthorized"
                    with pytest.raises(websockets.exceptions.ConnectionClosed) as closed:
                        ws.recv(timeout=10)
                    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        missing = client.get("/api/tables/nope/spectator", headers=bearer(one["spectator_token"]))
        assert missing.status_code == 404 and missing.json()["error"] == "not_found"


@pytest.mark.parametrize("since", ["-1", "2", "one", "", "99999999999999999999"])
def test_a_spectator_s_since_out_of_bounds_is_400(still_server: Server, since: str) -> None:
    with still_server.client() as client:
        new = created(client, ["human", "human"])
        answer = client.get(
            f"/api/tables/{new['table']}/spectator",
            headers=bearer(new["spectator_token"]),
            params={"since": since},
        )
        assert answer.status_code == 400 and answer.json()["path"] == "/since"


def test_spectators_sockets_per_table_are_limited(tmp_path: Path) -> None:
    limited = Server(
        tmp_path / "tables.db",
        pace=3600,
        options=("--limit-exempt", "127.0.0.1", "--max-spectators", "2"),
    ).start()
    try:
        with limited.client() as client, contextlib.ExitStack() as stack:
            one = created(client, ["human", "human"])
            other = created(client, ["human", "human"])
            url = spectator_url(limited, one["table"], one["spectator_token"])
            for _ in range(2):
                ws = stack.enter_context(websockets.sync.client.connect(url))
                assert json.loads(recv(ws))["seat"] is None
            with websockets.sync.client.connect(url) as third:
                assert json.loads(recv(third))["error"] == "rate_limited"
            # Another table's spectators, and the table's seats, are not counted.
            elsewhere = spectator_url(limited, other["table"], other["spectator_token"])
            with websockets.sync.client.connect(elsewhere) as ws:
                assert json.loads(recv(ws))["seat"] is None
            with websockets.sync.client.connect(
                limited.ws_url(one["table"], one["tokens"]["0"])
            ) as ws:
                assert json.loads(recv(ws))["view"]["seat"] == 0
    finally:
        assert "Traceback" not in limited.stop()
