"""The server's JSON Schemas: shipped, fresh, resolvable, and what the server sends fits them.

The schemas themselves are in ``src/raise_the_sum/schemas/server/`` (written by
``tools/write_server_schemas.py``). Every server test checks what it receives
against them on the way in (``harness.validating``, on for every test by
``conftest.py``); the tests here check the checker, the files, and documents
built in the process over whole matches of every shape.
"""

from __future__ import annotations

import asyncio
import fnmatch
import json
import os
import re
import shutil
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import httpx
import jsonschema
import pytest
import referencing
from hypothesis import given, settings
from hypothesis import strategies as st

from raise_the_sum import Phase, Rules, legal_plays, new_game, wire
from raise_the_sum.actions import Action, Pass, Play
from raise_the_sum.cards import parse_cards
from raise_the_sum.events import Event, step
from raise_the_sum.lessons import tutorial_game
from raise_the_sum.rng import Rng
from raise_the_sum.server.documents import seat_document, seat_events
from raise_the_sum.server.errors import ProtocolError
from raise_the_sum.server.service import TableService
from raise_the_sum.server.store import SQLiteStore
from raise_the_sum.views import PlayerView

from .contract import check_answer, check_message, schema_tool, shipped_schemas, validate

ROOT = Path(__file__).resolve().parents[2]
SERVER_SCHEMAS = ROOT / "src" / "raise_the_sum" / "schemas" / "server"


def test_the_shipped_server_schemas_equal_a_fresh_build() -> None:
    tool = schema_tool()
    built = tool.build()
    assert sorted(path.stem for path in SERVER_SCHEMAS.glob("*.json")) == sorted(built)
    for name, schema in built.items():
        assert (SERVER_SCHEMAS / f"{name}.json").read_text(encoding="utf-8") == tool.text(schema), (
            f"{name}.json is stale: run .venv/bin/python tools/write_server_schemas.py"
        )
    assert tool.main(["--check"]) == 0


def _refs(value: Any) -> list[str]:
    if isinstance(value, dict):
        found = [value["$ref"]] if isinstance(value.get("$ref"), str) else []
        return found + [ref for item in value.values() for ref in _refs(item)]
    if isinstance(value, list):
        return [ref for item in value for ref in _refs(item)]
    return []


def test_every_schema_is_valid_2020_12_and_every_reference_resolves_among_the_shipped_files() -> (
    None
):
    schemas = shipped_schemas()
    server = {uri for uri in schemas if uri.startswith("urn:raise-the-sum:server:1:")}
    assert len(server) == len(list(SERVER_SCHEMAS.glob("*.json")))
    registry: referencing.Registry[Any] = referencing.Registry().with_resources(
        (uri, referencing.jsonschema.DRAFT202012.create_resource(schema))
        for uri, schema in schemas.items()
    )
    for uri in sorted(server):
        schema = schemas[uri]
        jsonschema.Draft202012Validator.check_schema(schema)
        resolver = registry.resolver(base_uri=uri)
        for ref in _refs(schema):
            target = ref if ref.startswith("urn:") else uri + ref
            assert resolver.lookup(target).contents is not None, (uri, ref)


def test_the_package_data_ships_every_schema_file() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["raise_the_sum"]
    package = ROOT / "src" / "raise_the_sum"
    for path in (package / "schemas").rglob("*.json"):
        relative = path.relative_to(package).as_posix()
        assert any(fnmatch.fnmatch(relative, pattern) for pattern in patterns), relative


def test_every_error_code_in_the_server_s_source_has_a_schema_sent_with_its_status() -> None:
    source = "\n".join(
        path.read_text(encoding="utf-8")
        for path in (ROOT / "src" / "raise_the_sum" / "server").glob("*.py")
    )
    sent = set(re.findall(r'ProtocolError\(\s*(\d{3}),\s*"(\w+)"', source))
    sent |= {(status, code) for status, code in re.findall(r'(\d{3}): "(\w+)"', source)}
    named = set(re.findall(r'"error": "(\w+)"', source))  # written as JSON, or in the docs
    assert ("404", "not_found") in sent and "internal" in named  # the scan sees them
    status = schema_tool().ERROR_STATUS
    assert named <= set(status), named - set(status)
    for number, code in sent:
        assert status.get(code) == int(number), f"{code} ({number}) has no schema with its status"


# --- the checker catches what does not fit ----------------------------------------------------


def _answer(method: str, path: str, status: int, body: Any) -> httpx.Response:
    request = httpx.Request(method, "http://testserver" + path)
    return httpx.Response(status, json=body, request=request)


ERRORS: list[dict[str, Any]] = [
    {"error": "bad_input", "path": "/action/cards/0", "message": "expected a card"},
    {"error": "too_big", "path": "/seats", "message": "at most 4 seats"},
    {"error": "unauthorized", "message": "a seat's token is needed"},
    {"error": "forbidden_origin", "message": "pages of 'http://a.example' may not"},
    {"error": "not_found", "message": "there is no table 'x'"},
    {"error": "method_not_allowed", "message": "Method Not Allowed"},
    {"error": "timeout", "message": "the body did not arrive within 10 seconds"},
    {"error": "stale_version", "version": 3, "message": "the table is at version 3"},
    {"error": "match_not_over", "message": "not yet"},
    {"error": "archived", "message": "archived"},
    {"error": "illegal_action", "rule": "R4.4", "message": "a reply must beat 13"},
    {"error": "rate_limited", "message": "wait"},
    {"error": "internal", "message": "the server failed"},
    {"error": "unavailable", "message": "the store is away"},
]


@pytest.mark.parametrize("body", ERRORS, ids=lambda body: str(body["error"]))
def test_each_error_body_fits_with_its_status_and_not_with_another_or_an_extra_field(
    body: dict[str, Any],
) -> None:
    status = schema_tool().ERROR_STATUS[body["error"]]
    check_answer(_answer("GET", "/api/tables/x", status, body))
    check_message(json.dumps({**body, "reply_to": "a1"}), {"a1"})
    with pytest.raises(AssertionError, match="is sent with"):
        check_answer(_answer("GET", "/api/tables/x", 418 if status != 418 else 400, body))
    with pytest.raises(AssertionError, match="does not fit"):
        check_answer(_answer("GET", "/api/tables/x", status, {**body, "secret": 1}))
    with pytest.raises(AssertionError, match="does not fit"):
        check_answer(_answer("GET", "/api/tables/x", status, {"error": body["error"]}))


def test_the_checker_refuses_a_document_with_an_unknown_field_or_a_json_answer_with_no_schema() -> (
    None
):
    doc = json.loads(_documents(new_game(Rules(players=2), seed=3), [], tutorial=False)[0])
    check_answer(_answer("GET", "/api/tables/abc", 200, doc))
    with pytest.raises(AssertionError, match="does not fit"):
        check_answer(_answer("GET", "/api/tables/abc", 200, {**doc, "seed": "7"}))
    with pytest.raises(AssertionError, match="does not fit"):
        hand = {**doc["view"], "hands": [doc["view"]["hand"]]}
        check_answer(_answer("GET", "/api/tables/abc", 200, {**doc, "view": hand}))
    with pytest.raises(AssertionError, match="no schema"):
        check_answer(_answer("GET", "/api/somewhere", 200, {"ok": True}))
    with pytest.raises(AssertionError, match="not JSON"):
        check_answer(httpx.Response(404, text="nope", request=httpx.Request("GET", "http://t/")))


def test_a_seat_document_s_optional_fields_fit_when_present_and_their_values_are_checked() -> None:
    doc = json.loads(_documents(new_game(Rules(players=2), seed=3), [], tutorial=False)[0])
    scores = [{"total": 8, "attack": {"subtract": 0, "divide": 1}, "attack_text": None}]
    more = {
        "must_discard": 2,
        "attack_text": "−5 ÷2",
        "next_round_at": "2026-12-02T10:41:07.250Z",
        "legal_scores": [*scores, None] * (len(doc["legal"]) // 2),
    }
    validate("server:seat_document", {**doc, **more})
    for wrong in (
        {"must_discard": -1},
        {"attack_text": ""},
        {"next_round_at": "2026-12-02 10:41"},
        {"legal_scores": [{"total": 8}]},
        {"legal_scores": [{**scores[0], "seed": 1}]},
    ):
        with pytest.raises(AssertionError, match="does not fit"):
            validate("server:seat_document", {**doc, **wrong})


def test_a_socket_answer_names_an_id_the_client_sent_and_a_push_names_none() -> None:
    doc = json.loads(_documents(new_game(Rules(players=2), seed=3), [], tutorial=False)[0])
    check_message(json.dumps(doc), set())
    check_message(json.dumps({**doc, "reply_to": "a1"}), {"a1"})
    with pytest.raises(AssertionError, match="is no id sent"):
        check_message(json.dumps({**doc, "reply_to": "a2"}), {"a1"})
    with pytest.raises(AssertionError, match="does not fit"):
        check_message(json.dumps({**doc, "reply_to": ""}), {""})
    with pytest.raises(AssertionError, match="only text"):
        check_message(json.dumps(doc).encode(), set())


def test_the_request_bodies_and_the_client_s_socket_message_have_their_schemas() -> None:
    action = {"action": {"type": "play", "cards": ["+8", "x2"]}, "version": 0, "id": "a1"}
    validate("server:action_body", action)
    validate("server:socket_client_message", action)
    validate("server:check_body", {"action": {"type": "pass"}})
    validate("server:create_body", {"seats": ["human", "riley"], "rules": {"players": 2}})
    validate("server:create_body", {"tutorial": True})
    for bad in (
        {**action, "id": ""},
        {**action, "id": "x" * 129},
        {**action, "version": -1},
        {key: value for key, value in action.items() if key != "id"},
        {**action, "action": {"type": "play", "cards": ["+10"]}},
    ):
        with pytest.raises(AssertionError):
            validate("server:action_body", bad)
    with pytest.raises(AssertionError):
        validate("server:create_body", {"rules": {"players": 2}})  # seats, unless a tutorial
    with pytest.raises(AssertionError):
        validate("server:check_body", {"action": {"type": "pass"}, "version": 1})


# --- documents built in the process -----------------------------------------------------------


def _documents(state: Any, actions: list[Action], *, tutorial: bool) -> list[bytes]:
    """Each seat's document after ``actions``, with every event since the start."""
    steps: list[tuple[Event, ...]] = []
    for action in actions:
        state, events = step(state, action)
        steps.append(events)
    return [
        seat_document(
            table="t1",
            version=len(actions),
            state=state,
            events=[seat_events(events, seat) for events in steps],
            seat=seat,
            seats=["human"] * state.players,
            tutorial=tutorial,
        )
        for seat in range(state.players)
    ]


def _read_with_the_library(doc: dict[str, Any]) -> None:
    """The library's strict reader reads each library part of a document; not the extra fields."""
    wire.decode(PlayerView, doc["view"])
    for action in doc["legal"]:
        wire.decode(Action, action)
    for event in doc["events"]:
        if event["type"] == "played":
            with pytest.raises(wire.WireError, match="explanation"):
                wire.decode(Event, event)
            event = {key: value for key, value in event.items() if key != "explanation"}
        wire.decode(Event, event)


@settings(max_examples=12, deadline=None)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 2**64 - 1),
    moves=st.integers(0, 120),
    pick=st.integers(0, 2**32),
)
def test_every_seat_s_document_in_random_matches_fits_its_schema_and_its_parts_decode_strictly(
    players: int, seed: int, moves: int, pick: int
) -> None:
    state = new_game(Rules(players=players, points_to_win=2), seed=seed)
    rng = Rng.from_seed(pick)
    actions: list[Action] = []
    for _ in range(moves):
        if state.phase is Phase.MATCH_OVER:
            break
        legal = legal_plays(state)
        index, rng = rng.below(len(legal))
        actions.append(legal[index])
        state, _ = step(state, legal[index])
    for text in _documents(
        new_game(Rules(players=players, points_to_win=2), seed=seed), actions, tutorial=False
    ):
        doc = json.loads(text)
        validate("server:seat_document", doc)
        validate("server:socket_server_message", doc)
        _read_with_the_library(doc)


def test_a_tutorial_document_with_its_lesson_fits_its_schema() -> None:
    state = tutorial_game(seed=5)
    docs = [json.loads(text) for text in _documents(state, [], tutorial=True)]
    assert docs[0]["lesson"] is not None and docs[0]["lesson"]["text"]
    for doc in docs:
        validate("server:seat_document", doc)


def test_the_service_s_answers_errors_verdicts_and_record_fit_their_schemas(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        store = SQLiteStore(tmp_path / "tables.db")
        service = TableService(store, pace=0)
        await service.start()
        created = await service.create(["human", "human"], Rules(players=2, points_to_win=1))
        validate(
            "server:created",
            {
                "table": created.table,
                "tokens": {str(seat): token for seat, token in created.tokens.items()},
                "seed_commitment": created.seed_commitment,
            },
        )
        table = await service.table(created.table)
        assert table is not None
        with pytest.raises(ProtocolError) as early:
            service.record(table)
        validate("server:error", early.value.body)
        number = 0
        while table.state.phase is not Phase.MATCH_OVER:
            seat = table.state.current
            version = table.version
            for action in (Pass(), Play(parse_cards("0"))):
                validate(
                    "server:check_answer", json.loads(await service.check(table, seat, action))
                )
            stale = await service.act(table, seat, Pass(), version + 5, f"s{number}")
            validate("server:error", json.loads(stale.answer.body))
            legal = legal_plays(table.state)
            outcome = await service.act(
                table, seat, legal[number % len(legal)], version, str(number)
            )
            assert outcome.answer.status == 200
            validate("server:seat_document", json.loads(outcome.answer.body))
            validate("server:seat_document", json.loads(await service.document(table, 1 - seat, 0)))
            number += 1
        illegal = await service.act(table, 0, Pass(), table.version, "late")
        validate("server:error", json.loads(illegal.answer.body))
        validate("wire:record", json.loads(service.record(table)))
        await service.close()
        await store.close()

    asyncio.run(scenario())


# --- the TypeScript declarations ------------------------------------------------------------

TYPESCRIPT = ROOT / "typescript"


def _npm_installed() -> Path:
    """``typescript/node_modules``, installed from the lock file (``npm ci``) when missing."""
    modules = TYPESCRIPT / "node_modules"
    npm = shutil.which("npm")
    assert npm is not None, "npm generates and checks the TypeScript: apt-get install nodejs npm"
    if not (modules / ".package-lock.json").is_file():
        subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund"], cwd=TYPESCRIPT, check=True, timeout=600
        )
    return modules


def _in_typescript(*command: str) -> None:
    """Run ``command`` in ``typescript/`` (installed first); fail with its output unless 0."""
    modules = _npm_installed()
    search = os.pathsep.join([str(modules / ".bin"), os.environ.get("PATH", os.defpath)])
    program = shutil.which(command[0], path=search)
    assert program is not None, f"{command[0]} is neither installed by npm nor on PATH"
    run = subprocess.run(
        [program, *command[1:]],
        cwd=TYPESCRIPT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_typescript_declarations_equal_a_fresh_generation_from_the_schemas() -> None:
    _in_typescript("node", "generate.mjs", "--check")
    declarations = (TYPESCRIPT / "raise-the-sum.d.ts").read_text(encoding="utf-8")
    for name in ("SeatDocument", "ServerPlayed", "ErrorBody", "SocketServerMessage", "View"):
        assert f"export interface {name} " in declarations or f"export type {name} " in declarations


def test_the_typed_example_client_passes_tsc_strict() -> None:
    _in_typescript("tsc", "--noEmit", "--strict", "-p", ".")
