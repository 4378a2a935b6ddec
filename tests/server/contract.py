"""The contract, checked on the way in: every answer and message a server test receives.

:func:`validating` (on for every server test: ``conftest.py``) checks every
answer an httpx client receives, and every message a WebSocket client
receives, against the shipped JSON Schemas: a test cannot forget to, and a
document the schemas do not describe fails the test that received it.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib.util
import json
import re
from collections.abc import Callable, Iterator
from importlib import resources
from pathlib import Path
from types import ModuleType
from typing import Any, Final

import httpx
import jsonschema
import referencing
import referencing.jsonschema
import websockets.sync.client

from raise_the_sum import wire
from raise_the_sum.actions import Action

#: The repository's tool that writes the server's schemas (it knows each error code's status).
_TOOL: Final = Path(__file__).resolve().parents[2] / "tools" / "write_server_schemas.py"


@functools.cache
def schema_tool() -> ModuleType:
    """``tools/write_server_schemas.py``, imported."""
    spec = importlib.util.spec_from_file_location("write_server_schemas", _TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def shipped_schemas() -> dict[str, dict[str, Any]]:
    """Every schema file the package ships (the library's and the server's), by ``$id``."""
    folder = resources.files("raise_the_sum").joinpath("schemas")
    found: dict[str, dict[str, Any]] = {}
    for place in (folder, folder.joinpath("server")):
        for entry in place.iterdir():
            if entry.name.endswith(".json"):
                loaded: dict[str, Any] = json.loads(entry.read_text(encoding="utf-8"))
                found[loaded["$id"]] = loaded
    return found


@functools.cache
def _registry() -> referencing.Registry[Any]:
    resources_ = [
        (uri, referencing.jsonschema.DRAFT202012.create_resource(schema))
        for uri, schema in shipped_schemas().items()
    ]
    return referencing.Registry().with_resources(resources_)


@functools.cache
def _validator(uri: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator({"$ref": uri}, registry=_registry())


def _urn(uri: str) -> str:
    return uri if uri.startswith("urn:") else "urn:raise-the-sum:" + uri.replace(":", ":1:", 1)


def _schema_check(uri: str, value: Any, where: str) -> None:
    error = jsonschema.exceptions.best_match(_validator(uri).iter_errors(value))
    if error is not None:
        shown = json.dumps(value, ensure_ascii=False)
        raise AssertionError(
            f"{where or 'a document'} does not fit {uri}: {error.message[:300]} "
            f"at {error.json_path} (schema {'/'.join(map(str, error.absolute_schema_path))}); "
            f"the document: {shown[:500]}"
        )


#: Parts of documents found to fit their schema, by schema and JSON text: a document with
#: the events since 0 repeats every earlier one, and the scores of plays repeat.
_FITS: set[tuple[str, str]] = set()


def _cached(uri: str) -> Callable[[Any, str], None]:
    """A check of one item against the schema ``uri``, run once for each distinct item."""
    uri = _urn(uri)

    def check(item: Any, where: str) -> None:
        key = (uri, json.dumps(item, sort_keys=True))
        if key not in _FITS:
            _schema_check(uri, item, where)
            _FITS.add(key)

    return check


def _check_action(action: Any, where: str) -> None:
    """An action, read by the library's reader: stricter than the action schema, and fast.

    (Every document ``wire.decode`` accepts fits its schema: the wire tests hold it. A
    schema validator takes a millisecond an action, and a document may list tens of
    thousands.)
    """
    try:
        wire.decode(Action, action)
    except wire.WireError as error:
        raise AssertionError(f"{where}{error.path}: not an action: {error.reason}") from None


_check_score: Final = _cached("urn:raise-the-sum:server:1:seat_document#/$defs/legal_score")

_DOCUMENT_LISTS: Final[dict[str, Callable[[Any, str], None]]] = {
    "legal": _check_action,
    "events": _cached("server:event"),
    # A play's score, or null for another action.
    "legal_scores": lambda item, where: None if item is None else _check_score(item, where),
}

#: The long lists of documents, checked item by item (``legal``, ``events``, a record's
#: ``actions``), each document then checked by its schema with those lists empty: the same
#: as checking the whole, since each list's items have their own schema and the lists no
#: other constraint.
_LISTS: Final[dict[str, dict[str, Callable[[Any, str], None]]]] = {
    _urn("server:seat_document"): _DOCUMENT_LISTS,
    _urn("server:socket_server_message"): _DOCUMENT_LISTS,
    _urn("server:spectator_document"): {"events": _DOCUMENT_LISTS["events"]},
    _urn("wire:record"): {"actions": _check_action},
}


def validate(uri: str, value: Any, where: str = "") -> None:
    """Fail, naming the schema and the place, unless ``value`` fits the schema ``uri``.

    ``uri`` is a schema's ``$id`` (``urn:raise-the-sum:server:1:seat_document``), or a
    short name: ``server:seat_document``, ``wire:record``.
    """
    uri = _urn(uri)
    lists = _LISTS.get(uri, {})
    if isinstance(value, dict) and any(isinstance(value.get(key), list) for key in lists):
        value = dict(value)
        for key, check in lists.items():
            items = value.get(key)
            if isinstance(items, list):
                for number, item in enumerate(items):
                    check(item, f"{where or 'a document'}: /{key}/{number}")
                value[key] = []
    _schema_check(uri, value, where)


#: The schema of each successful JSON answer, by method and route.
ANSWERS: Final[list[tuple[str, re.Pattern[str], int, str]]] = [
    ("POST", re.compile(r"/api/tables"), 201, "server:created"),
    ("GET", re.compile(r"/api/tables/[^/]+"), 200, "server:seat_document"),
    ("POST", re.compile(r"/api/tables/[^/]+/actions"), 200, "server:seat_document"),
    ("POST", re.compile(r"/api/tables/[^/]+/check"), 200, "server:check_answer"),
    ("GET", re.compile(r"/api/tables/[^/]+/record"), 200, "wire:record"),
    ("GET", re.compile(r"/api/tables/[^/]+/spectator"), 200, "server:spectator_document"),
    ("GET", re.compile(r"/api/lobby"), 200, "server:lobby"),
    ("POST", re.compile(r"/api/lobby/[^/]+/seats/[^/]+"), 201, "server:claimed"),
    ("POST", re.compile(r"/api/tables/[^/]+/name"), 200, "server:seat_document"),
    ("POST", re.compile(r"/api/tables/[^/]+/leave"), 200, "server:seat_document"),
]


#: The answers already checked, by schema and the SHA-256 of their bytes: a client that
#: polls gets the same document again and again, and its check cannot change.
_CHECKED: set[tuple[str, bytes]] = set()


def _schema_of(response: httpx.Response) -> str | None:
    """The schema of an answer: an error's, its route's (:data:`ANSWERS`), or None (not JSON).

    An error (4xx, 5xx) must be JSON; so must any answer under ``/api/``
    but a CORS preflight's (an ``OPTIONS`` request, answered before any
    route, with no document). A JSON answer must have a schema for its route.
    """
    request = response.request
    where = f"the answer {response.status_code} to {request.method} {request.url.path}"
    media = response.headers.get("content-type", "").split(";", 1)[0].strip()
    if media != "application/json":
        preflight = request.method == "OPTIONS"
        assert preflight or response.status_code < 400, f"{where} is not JSON: {media!r}"
        assert preflight or not request.url.path.startswith("/api/"), f"{where} is not JSON"
        return None
    if response.status_code >= 400:
        return "server:error"
    if request.method == "GET" and request.url.path == "/openapi.json":
        return "openapi"  # the shipped document itself (check_answer compares the bytes)
    for method, route, status, schema in ANSWERS:
        if (
            request.method == method
            and route.fullmatch(request.url.path)
            and response.status_code == status
        ):
            return schema
    raise AssertionError(f"{where} is JSON with no schema: add one, and its route to ANSWERS")


def check_answer(response: httpx.Response) -> Any:
    """Fail unless an HTTP answer fits its schema (:func:`_schema_of`); its JSON value, or None.

    An error's code must be one sent with the answer's status.
    """
    schema = _schema_of(response)
    if schema is None:
        return None
    request = response.request
    where = f"the answer {response.status_code} to {request.method} {request.url.path}"
    value = response.json()
    if schema == "openapi":
        from raise_the_sum.server.app import API

        assert response.content == (API / "openapi.json").read_bytes(), where
        return value
    key = (schema, hashlib.sha256(response.content).digest())
    if key not in _CHECKED:
        validate(schema, value, where)
        _CHECKED.add(key)
    if schema == "server:error":
        status = schema_tool().ERROR_STATUS[value["error"]]
        assert response.status_code == status, f"{where}: {value['error']} is sent with {status}"
    return value


def check_message(message: object, sent: set[str]) -> None:
    """Fail unless a WebSocket message from the server fits its schema.

    ``sent`` are the client ids of the actions this client sent on the
    socket: an answer's ``reply_to`` must be one of them.
    """
    assert isinstance(message, str), f"the server sends only text messages, got {message!r}"
    value = json.loads(message)
    validate("server:socket_server_message", value, "a WebSocket message")
    reply_to = value.get("reply_to")
    assert reply_to is None or reply_to in sent, f"reply_to {reply_to!r} is no id sent: {sent}"


@contextlib.contextmanager
def validating() -> Iterator[None]:
    """While open, every httpx answer and WebSocket message received is checked on the way in.

    It wraps ``httpx.Client.send`` (:func:`check_answer`) and the WebSocket
    client's ``recv`` and ``send`` (:func:`check_message`), for every client
    made meanwhile or before.
    """
    connection = websockets.sync.client.ClientConnection
    original_send = httpx.Client.send
    original_recv = connection.recv
    original_ws_send = connection.send
    ids: dict[int, set[str]] = {}

    def send(self: httpx.Client, request: httpx.Request, **more: Any) -> httpx.Response:
        response = original_send(self, request, **more)
        response.read()
        value = check_answer(response)
        if value is not None:  # the test's response.json() is the value checked, parsed once
            parse = response.json

            def parsed(**options: Any) -> Any:
                return parse(**options) if options else value

            response.json = parsed  # type: ignore[method-assign]
        return response

    def recv(self: websockets.sync.client.ClientConnection, *args: Any, **more: Any) -> Any:
        message = original_recv(self, *args, **more)
        check_message(message, ids.get(id(self), set()))
        return message

    def ws_send(self: websockets.sync.client.ClientConnection, message: Any, **more: Any) -> None:
        with contextlib.suppress(ValueError, TypeError, KeyError):
            client_id = json.loads(message)["id"]
            if isinstance(client_id, str):
                ids.setdefault(id(self), set()).add(client_id)
        original_ws_send(self, message, **more)

    httpx.Client.send = send  # type: ignore[method-assign]
    connection.recv = recv  # type: ignore[method-assign, assignment]
    connection.send = ws_send  # type: ignore[method-assign, assignment]
    try:
        yield
    finally:
        httpx.Client.send = original_send  # type: ignore[method-assign]
        connection.recv = original_recv  # type: ignore[method-assign]
        connection.send = original_ws_send  # type: ignore[method-assign]
