"""Authentication, bad input and leaks, against the real server.

* Every read or action needs a seat's token; a token works only for its own
  seat and table; a WebSocket with a wrong token gets no document.
* Random bodies, wrong types, huge numbers, unknown fields, wrong content
  types and truncated JSON each get a 400 ``bad_input``, and nothing changes.
* The swap test: two tables whose states differ only in what seat 0 cannot
  see (a card of seat 1's hand, a card seat 1 draws and the deck's order,
  dealt from stacked decks) send seat 0 byte-identical documents, first
  WebSocket message included, for the same actions; seat 1, who can see the
  difference, gets different ones, and its events show its own draws' cards
  and never seat 0's.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets.exceptions
import websockets.sync.client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from raise_the_sum import Rng, Rules
from raise_the_sum.server import open_store
from raise_the_sum.server.service import TableService

from .harness import Server, act, bearer, create, document, recv

ROUTES = ("", "/record")


# --- authentication --------------------------------------------------------------------------


def test_reading_and_acting_need_the_seat_s_own_token(still_server: Server) -> None:
    with still_server.client() as client:
        table, tokens, _ = create(client, ["human", "human"])
        _, other_tokens, _ = create(client, ["human", "random"])
        doc = document(client, table, tokens[0])
        body = {"action": doc["legal"][0], "version": 0, "id": "a"}
        requests = [
            ("GET", f"/api/tables/{table}", None),
            ("GET", f"/api/tables/{table}/record", None),
            ("POST", f"/api/tables/{table}/actions", body),
            ("POST", f"/api/tables/{table}/check", {"action": doc["legal"][0]}),
        ]
        wrong_headers: list[dict[str, str]] = [
            {},
            {"Authorization": ""},
            {"Authorization": "Bearer"},
            {"Authorization": "Bearer not-a-token"},
            {"Authorization": f"Basic {tokens[0]}"},
            {"Authorization": f"Bearer {tokens[0]}x"},
            {"Authorization": f"Bearer {tokens[0][:-1]}"},
            {"Authorization": "Bearer " + "x" * 10_000},
            bearer(other_tokens[0]),  # a real token, of another table
        ]
        for method, url, json_body in requests:
            for headers in wrong_headers:
                answer = client.request(method, url, headers=headers, json=json_body)
                assert answer.status_code == 401, (method, url, headers, answer.text)
                assert answer.json()["error"] == "unauthorized"
        assert document(client, table, tokens[0]) == doc  # nothing acted


def test_a_token_reads_only_its_own_seat(still_server: Server) -> None:
    with still_server.client() as client:
        table, tokens, _ = create(client, ["human", "human"])
        zero, one = document(client, table, tokens[0]), document(client, table, tokens[1])
        assert zero["view"]["seat"] == 0 and one["view"]["seat"] == 1
        assert zero["legal"] and not one["legal"]
        # Seat 1's token cannot act for seat 0: the action is seat 1's, out of turn.
        answer = act(client, table, tokens[1], zero["legal"][0], 0)
        assert answer.status_code == 422 and answer.json()["rule"] == "R4.9"


def test_an_unknown_table_is_404_for_a_real_token_and_401_without_one(still_server: Server) -> None:
    with still_server.client() as client:
        _, tokens, _ = create(client, ["human", "human"])
        missing = client.get("/api/tables/no-such-table", headers=bearer(tokens[0]))
        assert missing.status_code == 404 and missing.json()["error"] == "not_found"
        assert client.get("/api/tables/no-such-table").status_code == 401
        assert client.get("/api/tables/no-such-table", headers=bearer("guess")).status_code == 401


def _refused(url: str) -> dict[str, object]:
    """The error a refused socket gets before it is closed with 1008; never a document."""
    with websockets.sync.client.connect(url, open_timeout=10) as ws:
        error: dict[str, object] = json.loads(ws.recv(timeout=10))
        with pytest.raises(websockets.exceptions.ConnectionClosed) as closed:
            ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    assert "view" not in error and "legal" not in error
    return error


def test_a_websocket_with_a_wrong_token_gets_no_document(still_server: Server) -> None:
    with still_server.client() as client:
        table, tokens, _ = create(client, ["human", "human"])
        _, other_tokens, _ = create(client, ["human", "human"])
    for token in ("", "wrong", tokens[0] + "x", other_tokens[0]):
        assert _refused(still_server.ws_url(table, token))["error"] == "unauthorized"
    url = still_server.ws_url(table, "x").replace("?token=x", "")
    assert _refused(url)["error"] == "unauthorized"
    assert _refused(still_server.ws_url("no-such", tokens[0]))["error"] == "not_found"
    with websockets.sync.client.connect(
        still_server.ws_url(table, tokens[0]), open_timeout=10
    ) as ws:
        assert json.loads(ws.recv(timeout=10))["view"]["seat"] == 0


# --- bad input -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def seat(still_server: Server) -> Iterator[tuple[httpx.Client, str, str, bytes]]:
    """A table waiting on seat 0, the seat's token, and the seat's document as it stands."""
    with still_server.client() as client:
        table, tokens, _ = create(client, ["human", "human"])
        before = client.get(f"/api/tables/{table}", headers=bearer(tokens[0])).content
        yield client, table, tokens[0], before


def assert_refused_and_unchanged(
    seat: tuple[httpx.Client, str, str, bytes], answer: httpx.Response
) -> None:
    client, table, token, before = seat
    assert answer.status_code == 400, answer.text
    error = answer.json()
    assert error["error"] == "bad_input" and error["message"] and isinstance(error["path"], str)
    assert client.get(f"/api/tables/{table}", headers=bearer(token)).content == before


def post_raw(
    seat: tuple[httpx.Client, str, str, bytes],
    route: str,
    content: bytes,
    content_type: str = "application/json",
) -> httpx.Response:
    client, table, token, _ = seat
    headers = {**bearer(token), "Content-Type": content_type}
    return client.post(f"/api/tables/{table}{route}", headers=headers, content=content)


GOOD = {"action": {"type": "play", "cards": ["+1"]}, "version": 0, "id": "good"}

BAD_BODIES: list[Any] = [
    None,
    0,
    "play",
    [],
    [GOOD],
    {},
    {**GOOD, "extra": 1},  # an unknown field
    {"action": GOOD["action"], "version": 0},  # a missing field
    {**GOOD, "version": "0"},
    {**GOOD, "version": True},
    {**GOOD, "version": 0.0},
    {**GOOD, "version": -1},
    {**GOOD, "version": 10**30},  # huge numbers
    {**GOOD, "version": 2**53},
    {**GOOD, "id": 5},
    {**GOOD, "id": ""},
    {**GOOD, "id": "x" * 129},
    {**GOOD, "id": None},
    {**GOOD, "action": None},
    {**GOOD, "action": {"type": "fold"}},
    {**GOOD, "action": {"type": "play", "cards": ["+10"]}},
    {**GOOD, "action": {"type": "play", "cards": ["+" + "9" * 4000]}},
    {**GOOD, "action": {"type": "play", "cards": "+1"}},
    {**GOOD, "action": {"type": "pass", "cards": []}},  # an unknown field in the action
    {**GOOD, "action": {"type": "play", "cards": [1]}},
]


@pytest.mark.parametrize("body", BAD_BODIES, ids=[json.dumps(b)[:40] for b in BAD_BODIES])
def test_a_malformed_action_body_is_400_and_changes_nothing(
    seat: tuple[httpx.Client, str, str, bytes], body: Any
) -> None:
    assert_refused_and_unchanged(seat, post_raw(seat, "/actions", json.dumps(body).encode()))


RAW_BODIES = [
    b"",
    b"{",
    b'{"action": {"type": "pass"}, "version": 0, "id": "x"',
    b"nul",
    b"NaN",
    b'{"action": {"type": "pass"}, "version": NaN, "id": "x"}',
    b'{"action": {"type": "pass"}, "version": 0, "version": 0, "id": "x"}',  # a repeated key
    b"\xff\xfe{}",
    b"[" * 100_000,
    b"1" * 5000,
    b" " * (64 * 1024 + 1),
    json.dumps({**GOOD, "id": "x" * (70 * 1024)}).encode(),  # over 64 KiB
]


@pytest.mark.parametrize(
    "content", RAW_BODIES, ids=[repr(b[:20]) + str(len(b)) for b in RAW_BODIES]
)
def test_truncated_broken_or_oversized_json_is_400_and_changes_nothing(
    seat: tuple[httpx.Client, str, str, bytes], content: bytes
) -> None:
    for route in ("/actions", "/check"):
        assert_refused_and_unchanged(seat, post_raw(seat, route, content))


@pytest.mark.parametrize(
    "content_type",
    [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
        "",
        "application/jsonx",
    ],
)
def test_a_body_that_is_not_sent_as_json_is_400(
    seat: tuple[httpx.Client, str, str, bytes], content_type: str
) -> None:
    assert_refused_and_unchanged(
        seat, post_raw(seat, "/actions", json.dumps(GOOD).encode(), content_type)
    )


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=JSON | st.fixed_dictionaries({"action": JSON, "version": JSON, "id": JSON}))
def test_random_bodies_are_refused_with_400_and_change_nothing(
    seat: tuple[httpx.Client, str, str, bytes], body: Any
) -> None:
    answer = post_raw(seat, "/actions", json.dumps(body).encode())
    assert_refused_and_unchanged(seat, answer)


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"seats": []},
        {"seats": "human"},
        {"seats": ["human", "dealer"]},
        {"seats": ["random", "random"]},
        {"seats": ["human"]},
        {"seats": ["human"] * 9},
        {"seats": ["human", 1]},
        {"seats": ["human", "human"], "rules": {"players": 3}},
        {"seats": ["human", "human"], "rules": {"colour": 1}},
        {"seats": ["human", "human"], "deck": ["+1"]},
        {"seats": ["human", "human"], "tutorial": "yes"},
    ],
)
def test_a_bad_table_is_refused_with_400(still_server: Server, body: dict[str, Any]) -> None:
    with still_server.client() as client:
        answer = client.post("/api/tables", json=body)
        assert answer.status_code == 400, answer.text
        assert answer.json()["error"] == "bad_input"


# --- the swap test ---------------------------------------------------------------------------


#: Where seat 1's first draw lies in a 2-player deck: 14 cards dealt, then seat 0 draws one.
SEAT_ONE_DRAWS = 15


def twin_decks() -> tuple[list[Any], list[Any]]:
    """Two stacked decks for 2 players, differing only where seat 0 cannot see.

    The second twin swaps a card dealt to seat 1 with the deck's last card,
    and the card seat 1 draws at its first turn with the one before the last
    (neither end card is reached in the test's three rounds).
    """
    rules = Rules(players=2)
    deck, _ = Rng.from_seed(2026).shuffle(rules.deck)
    first = list(deck)
    position = next(p for p in range(1, 14, 2) if first[p] != first[-1])  # a card dealt to seat 1
    assert first[SEAT_ONE_DRAWS] != first[-2]
    second = list(first)
    second[position], second[-1] = second[-1], second[position]
    second[SEAT_ONE_DRAWS], second[-2] = second[-2], second[SEAT_ONE_DRAWS]
    return first, second


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def twins(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Server, list[tuple[str, dict[int, str]]]]]:
    """A server on a database holding the twin tables, made by the table service itself, on
    each store."""
    folder = tmp_path_factory.mktemp("twins")
    db: Path | str = folder / "tables.db"
    if request.param == "postgres":
        db = request.getfixturevalue("postgres").new_database()

    async def make() -> list[tuple[str, dict[int, str]]]:
        store = open_store(db)
        service = TableService(store, pace=3600)
        made = []
        for deck in twin_decks():
            created = await service.create(["human", "human"], Rules(players=2), seed=7, deck=deck)
            made.append((created.table, created.tokens))
        await service.close()
        await store.close()
        return made

    tables = asyncio.run(make())
    print(f"twin tables {tables[0][0]} and {tables[1][0]}: seed 7, stacked decks")
    running = Server(db, pace=3600, log=folder / "server.log").start()
    yield running, tables
    running.stop()


#: A round break's end in a document: a moment, not a card.
_DEADLINE = re.compile(rb'"next_round_at":"[^"]*"')


def common_card(one: list[str], other: list[str]) -> str:
    both = Counter(one) & Counter(other)
    return min(both.elements(), key=one.index)


def test_two_tables_differing_only_in_what_a_seat_cannot_see_send_it_the_same_bytes(
    twins: tuple[Server, list[tuple[str, dict[int, str]]]],
) -> None:
    server, ((a, tokens_a), (b, tokens_b)) = twins
    with contextlib.ExitStack() as stack:
        sockets = [
            stack.enter_context(
                websockets.sync.client.connect(server.ws_url(t, tok[0]), open_timeout=10)
            )
            for t, tok in ((a, tokens_a), (b, tokens_b))
        ]
        play_the_twins(server, a, tokens_a, b, tokens_b, sockets)


def play_the_twins(
    server: Server,
    a: str,
    tokens_a: dict[int, str],
    b: str,
    tokens_b: dict[int, str],
    sockets: list[websockets.sync.client.ClientConnection],
) -> None:
    """Drive both twins with the same actions, comparing every document seat 0 gets."""

    def same(first: bytes, second: bytes) -> None:
        # The table's id and when its round break ends (the moment of its commit) differ.
        def masked(body: bytes, table: str) -> bytes:
            return _DEADLINE.sub(
                b'"next_round_at":"<time>"', body.replace(table.encode(), b"<table>")
            )

        assert masked(first, a) == masked(second, b)

    def seat_zero_documents() -> None:
        for since in (None, 0):
            params = {} if since is None else {"since": since}
            same(
                *(
                    client.get(f"/api/tables/{t}", headers=bearer(tok[0]), params=params).content
                    for t, tok in ((a, tokens_a), (b, tokens_b))
                )
            )
        same(*(recv(ws).encode() for ws in sockets))  # the push of this change

    def both(seat: int, action: dict[str, Any], version: int) -> list[httpx.Response]:
        return [
            act(client, t, tok[seat], action, version, client_id=f"{version}")
            for t, tok in ((a, tokens_a), (b, tokens_b))
        ]

    with server.client() as client:
        same(*(recv(ws).encode() for ws in sockets))  # the first message
        seat_zero_documents_at_start = [
            document(client, t, tok[0]) for t, tok in ((a, tokens_a), (b, tokens_b))
        ]
        assert seat_zero_documents_at_start[0]["view"] == seat_zero_documents_at_start[1]["view"]
        hands = [
            document(client, t, tok[1])["view"]["hand"] for t, tok in ((a, tokens_a), (b, tokens_b))
        ]
        assert hands[0] != hands[1]  # the twins differ, for seat 1
        rounds = 0
        while rounds < 3:
            doc = document(client, a, tokens_a[0])
            version = doc["version"]
            if doc["view"]["phase"] == "round_over":
                answers = both(0, {"type": "next_round"}, version)
                rounds += 1
            elif doc["legal"]:
                answers = both(0, doc["legal"][0], version)
                same(*(answer.content for answer in answers))  # seat 0's own answers
            else:
                ones = [document(client, t, tok[1]) for t, tok in ((a, tokens_a), (b, tokens_b))]
                if ones[0]["view"]["phase"] == "discard":
                    card = common_card(ones[0]["view"]["hand"], ones[1]["view"]["hand"])
                    answers = both(1, {"type": "discard", "cards": [card]}, version)
                else:
                    answers = both(1, {"type": "pass"}, version)
            assert [answer.status_code for answer in answers] == [200, 200], answers[0].text
            seat_zero_documents()
        ones = [
            document(client, t, tok[1])["view"]["hand"] for t, tok in ((a, tokens_a), (b, tokens_b))
        ]
        assert ones[0] != ones[1]  # still different for seat 1, and never for seat 0
        draws = [
            seat_one_draws(document(client, t, tok[1], since=0))
            for t, tok in ((a, tokens_a), (b, tokens_b))
        ]
        # Seat 1 sees its own first draw, which differs between the twins.
        assert draws[0][0] != draws[1][0], draws


def seat_one_draws(doc: dict[str, Any]) -> list[str]:
    """Seat 1's own drawn cards in its document's events; seat 0's draws must have no card."""
    seen: list[str] = []
    for event in doc["events"]:
        if event["type"] == "drew":
            if event["seat"] == 1:
                assert isinstance(event["card"], str), event
                seen.append(event["card"])
            else:
                assert event["card"] is None, event
    assert seen, "seat 1 drew no card"
    return seen
