"""The contract's edges for front ends elsewhere: CORS, the socket's Origin check, and what a
browser is told when its socket is refused (each against the real server)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import websockets.sync.client
from websockets.exceptions import ConnectionClosed

from .harness import Server, bearer, create, recv

FRONT = "https://front.example"


@pytest.fixture(scope="module")
def cors_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(
        tmp_path_factory.mktemp("cors") / "tables.db",
        pace=3600,
        options=("--create-burst", "1000", "--cors-origin", FRONT),
    ).start()
    yield running
    running.stop()


def test_cors_is_off_unless_an_origin_is_allowed(still_server: Server) -> None:
    with still_server.client() as client:
        answer = client.post(
            "/api/tables", json={"seats": ["human", "human"]}, headers={"Origin": FRONT}
        )
        assert answer.status_code == 201
        assert "access-control-allow-origin" not in answer.headers


def test_an_allowed_origin_gets_cors_headers_and_its_preflight_answered(
    cors_server: Server,
) -> None:
    with cors_server.client() as client:
        preflight = client.options(
            "/api/tables",
            headers={
                "Origin": FRONT,
                "Access-Control-Request-Method": "POST",
                "Access-Control-Request-Headers": "content-type,authorization",
            },
        )
        assert preflight.status_code == 200, preflight.text
        assert preflight.headers["access-control-allow-origin"] == FRONT
        assert "POST" in preflight.headers["access-control-allow-methods"]
        table, tokens, _ = create(client, ["human", "human"])
        answer = client.get(f"/api/tables/{table}", headers={**bearer(tokens[0]), "Origin": FRONT})
        assert answer.status_code == 200
        assert answer.headers["access-control-allow-origin"] == FRONT
        other = client.get(
            f"/api/tables/{table}",
            headers={**bearer(tokens[0]), "Origin": "https://elsewhere.example"},
        )
        assert "access-control-allow-origin" not in other.headers


def test_a_socket_from_a_page_of_another_origin_is_refused_saying_why(
    cors_server: Server,
) -> None:
    with cors_server.client() as client:
        table, tokens, _ = create(client, ["human", "human"])
    url = cors_server.ws_url(table, tokens[0])
    own = cors_server.url  # the server's own page
    for origin in (FRONT, own, None):
        headers = {} if origin is None else {"Origin": origin}
        with websockets.sync.client.connect(url, additional_headers=headers) as ws:
            assert json.loads(recv(ws))["table"] == table, origin
    with websockets.sync.client.connect(
        url, additional_headers={"Origin": "https://elsewhere.example"}
    ) as ws:
        refusal = json.loads(recv(ws))
        assert refusal["error"] == "forbidden_origin" and "cors-origin" in refusal["message"]
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008


def test_a_socket_with_a_bad_token_is_told_so_before_it_closes(
    still_server: Server, tmp_path: Path
) -> None:
    """A browser sees only close codes: an HTTP 403 looked like a dead server (1006)."""
    with still_server.client() as client:
        table, _, _ = create(client, ["human", "human"])
    with websockets.sync.client.connect(still_server.ws_url(table, "not-a-token")) as ws:
        refusal = json.loads(recv(ws))
        assert refusal["error"] == "unauthorized"
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None
        assert (closed.value.rcvd.code, closed.value.rcvd.reason) == (1008, "unauthorized")
