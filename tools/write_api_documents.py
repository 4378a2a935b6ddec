"""Write the game server's API documents: OpenAPI 3.1 (HTTP) and AsyncAPI 3 (WebSocket).

``src/raise_the_sum/server/api/openapi.json`` describes every HTTP route,
parameter, body, answer and error of the server, with its limits, and is
served at ``/openapi.json``. ``asyncapi.json`` beside it describes the
WebSocket: the messages each way. Both carry the shipped JSON Schemas
inline, under ``components/schemas``, each named after its file (``wire_view``,
``server_seat_document``): the ``$ref`` of a schema to another's ``$id``
becomes a reference inside the document, so that one file is the whole
contract and any OpenAPI or JSON Schema tool resolves it alone.

Run from the repository root after a schema or a route changed (after
``tools/write_schemas.py`` and ``tools/write_server_schemas.py``):
``.venv/bin/python tools/write_api_documents.py``. ``--check`` says which
file differs from a fresh build and fails; ``tests/server/test_api_documents.py``
runs it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Final

ROOT: Final = Path(__file__).resolve().parent.parent
SCHEMAS: Final = ROOT / "src" / "raise_the_sum" / "schemas"
FOLDER: Final = ROOT / "src" / "raise_the_sum" / "server" / "api"

#: The ``$id`` prefixes of the shipped schemas, and the name prefix of their components.
_PREFIXES: Final = {"urn:raise-the-sum:wire:1:": "wire_", "urn:raise-the-sum:server:1:": "server_"}

#: The largest body the server reads, the longest client id, the largest version.
_MAX_BODY: Final = 64 * 1024
_MAX_ID: Final = 128
_MAX_INT: Final = 2**53 - 1

_VERSION: Final = "1"


def _component(uri: str) -> str:
    for prefix, name in _PREFIXES.items():
        if uri.startswith(prefix):
            return name + uri.removeprefix(prefix)
    raise ValueError(f"not a shipped schema's $id: {uri}")


def _rewrite(value: Any, home: str) -> Any:
    """``value`` with every ``$ref`` pointing inside the document's ``components/schemas``."""
    if isinstance(value, list):
        return [_rewrite(item, home) for item in value]
    if not isinstance(value, dict):
        return value
    out = {}
    for key, item in value.items():
        if key in ("$id", "$schema"):
            continue
        if key == "$ref":
            target, _, pointer = item.partition("#")
            name = home if not target else _component(target)
            out[key] = f"#/components/schemas/{name}{pointer}"
        else:
            out[key] = _rewrite(item, home)
    return out


def _components() -> dict[str, Any]:
    found = {}
    for path in sorted([*SCHEMAS.glob("*.json"), *(SCHEMAS / "server").glob("*.json")]):
        schema = json.loads(path.read_text(encoding="utf-8"))
        name = _component(schema["$id"])
        found[name] = _rewrite(schema, name)
    return found


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _error_statuses() -> dict[str, int]:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import write_server_schemas

        statuses: dict[str, int] = dict(write_server_schemas.ERROR_STATUS)
    finally:
        sys.path.pop(0)
    return statuses


def _errors(*codes: str) -> dict[str, Any]:
    """The answers of these error codes, by status, each the error body's schema."""
    statuses = _error_statuses()
    by_status: dict[int, list[str]] = {}
    for code in codes:
        by_status.setdefault(statuses[code], []).append(code)
    answers = {}
    for status, names in sorted(by_status.items()):
        schema = (
            _ref(f"server_error/$defs/{names[0]}")
            if len(names) == 1
            else {"oneOf": [_ref(f"server_error/$defs/{name}") for name in names]}
        )
        headers = {}
        if status in (429, 503):
            headers["Retry-After"] = {
                "description": "Seconds to wait before trying again.",
                "schema": {"type": "string", "pattern": "^[0-9]+$"},
            }
        answer: dict[str, Any] = {
            "description": ", ".join(names),
            "content": {"application/json": {"schema": schema}},
        }
        if headers:
            answer["headers"] = headers
        answers[str(status)] = answer
    return answers


def _json(description: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


#: The errors any route may answer: its limits, the server's faults.
_ALWAYS: Final = ("timeout", "rate_limited", "unavailable", "internal")

_TABLE: Final = {
    "name": "table",
    "in": "path",
    "required": True,
    "description": "The table's id, as the create answer gave it.",
    "schema": {"type": "string", "minLength": 1, "maxLength": 200},
}
_SINCE: Final = {
    "name": "since",
    "in": "query",
    "required": False,
    "description": "The version the client saw last: the document's events are those since it. "
    "From 0 to the table's version (400 bad_input else); absent: all of them. Given once.",
    "schema": {"type": "string", "pattern": "^[0-9]{1,16}$"},
}
_SCORES: Final = {
    "name": "scores",
    "in": "query",
    "required": False,
    "description": "1: the document also has legal_scores, each legal play's total and the "
    "attack it sends. Given once.",
    "schema": {"type": "string", "enum": ["0", "1"]},
}
_AUTH: Final[list[dict[str, list[str]]]] = [{"seat": []}]
_SPECTATOR: Final[list[dict[str, list[str]]]] = [{"spectator": []}]
_LIMIT: Final = {
    "name": "limit",
    "in": "query",
    "required": False,
    "description": "How many tables at most: 1 to 100 (400 bad_input else); absent: 20. "
    "Given once.",
    "schema": {"type": "string", "pattern": "^[0-9]{1,3}$"},
}
_CURSOR: Final = {
    "name": "cursor",
    "in": "query",
    "required": False,
    "description": "The next of the page before, unchanged (400 bad_input for anything else); "
    "absent: the first page. Given once.",
    "schema": {"type": "string", "minLength": 1, "maxLength": 200},
}
_SEAT: Final = {
    "name": "seat",
    "in": "path",
    "required": True,
    "description": "The seat's number, from 0 (400 bad_input for a seat not at the table).",
    "schema": {"type": "string", "pattern": "^[0-9]{1,2}$"},
}


def _body(name: str, description: str) -> dict[str, Any]:
    return {
        "required": True,
        "description": f"{description} JSON (Content-Type: application/json), UTF-8, at most "
        f"{_MAX_BODY} bytes, without unknown fields, repeated keys, NaN or lone surrogates, "
        "sent within the body timeout.",
        "content": {"application/json": {"schema": _ref(f"server_{name}")}},
    }


def openapi() -> dict[str, Any]:
    """The OpenAPI 3.1 document of the server's HTTP API."""
    seat_errors = ("bad_input", "unauthorized", "read_only", "not_found", "archived", *_ALWAYS)
    paths: dict[str, dict[str, dict[str, Any]]] = {
        "/api/tables": {
            "post": {
                "operationId": "createTable",
                "summary": "Seat a new table.",
                "description": "Human seats get tokens; the others are bots by name. Rules "
                "whose legal actions could pass the server's limit are refused (400 "
                "too_big, naming the field). Each client address may create a burst of "
                "tables, then a few a second (429 rate_limited with Retry-After).",
                "requestBody": _body("create_body", "The seats, the rules, the tutorial."),
                "responses": {
                    "201": _json(
                        "The table's id, its tokens and the seed's commitment.",
                        _ref("server_created"),
                    ),
                    **_errors("bad_input", "too_big", *_ALWAYS),
                },
            }
        },
        "/api/tables/{table}": {
            "get": {
                "operationId": "getDocument",
                "summary": "The seat's document.",
                "parameters": [_TABLE, _SINCE, _SCORES],
                "security": _AUTH,
                "responses": {
                    "200": _json("The seat's document.", _ref("server_seat_document")),
                    **_errors(*seat_errors),
                },
            }
        },
        "/api/tables/{table}/actions": {
            "post": {
                "operationId": "postAction",
                "summary": "Act for the seat; the answer comes once the action is durable.",
                "description": "A client id the seat already posted at this table gets its "
                "first answer again (a refusal is remembered among the seat's latest "
                "refusals only). Then the version (409 stale_version), then the rules (422 "
                "illegal_action).",
                "parameters": [_TABLE],
                "security": _AUTH,
                "requestBody": _body("action_body", "The action, the version, the client id."),
                "responses": {
                    "200": _json("The new document.", _ref("server_seat_document")),
                    **_errors(*seat_errors, "stale_version", "seat_left", "illegal_action"),
                },
            }
        },
        "/api/tables/{table}/check": {
            "post": {
                "operationId": "checkAction",
                "summary": "The verdict on an action for the seat now, acting on nothing.",
                "parameters": [_TABLE],
                "security": _AUTH,
                "requestBody": _body("check_body", "The action to judge."),
                "responses": {
                    "200": _json(
                        "The verdict, with its explanation's line.", _ref("server_check_answer")
                    ),
                    **_errors(*seat_errors),
                },
            }
        },
        "/api/tables/{table}/name": {
            "post": {
                "operationId": "setName",
                "summary": "Give the seat a display name; every socket of the table is told.",
                "description": "The name is public, shown to everyone at the table in the "
                "document's seating and pushed as a name notice; it is never a credential. A "
                "name breaking its rules gets 400 bad_input with path /name; a seat that "
                "left, 409 seat_left.",
                "parameters": [_TABLE],
                "security": _AUTH,
                "requestBody": _body("name_body", "The name."),
                "responses": {
                    "200": _json("The seat's document.", _ref("server_seat_document")),
                    **_errors(*seat_errors, "seat_left"),
                },
            }
        },
        "/api/tables/{table}/leave": {
            "post": {
                "operationId": "leaveTable",
                "summary": "The seat leaves the table (rule R5.5): handed to a bot, or forfeited.",
                "description": "Every socket of the table gets a left notice at once. From "
                "then on the bot (Sam unless named), or for a forfeit the server by rule "
                "R4.15, plays the seat; the token may still read the table, and any action, "
                "name or second leave gets 409 seat_left.",
                "parameters": [_TABLE],
                "security": _AUTH,
                "requestBody": _body("leave_body", "How the seat leaves."),
                "responses": {
                    "200": _json("The seat's document.", _ref("server_seat_document")),
                    **_errors(*seat_errors, "seat_left"),
                },
            }
        },
        "/api/tables/{table}/record": {
            "get": {
                "operationId": "getRecord",
                "summary": "The match record, with the seed, once the match is over.",
                "description": "With a seat's token, or the table's spectators' token.",
                "parameters": [_TABLE],
                "security": [*_AUTH, *_SPECTATOR],
                "responses": {
                    "200": _json("The match record.", _ref("wire_record")),
                    **_errors(*seat_errors, "match_not_over"),
                },
            }
        },
        "/api/tables/{table}/spectator": {
            "get": {
                "operationId": "getSpectatorDocument",
                "summary": "The spectators' document: what is public, read-only.",
                "description": "With the table's spectators' token (the create answer's "
                "spectator_token), never a seat's: no hand, no legal actions, every draw "
                "without its card, nothing of the deck's order or the seed. The socket "
                "/api/tables/{table}/spectator/ws?token=...&since=N pushes it (AsyncAPI). A "
                "spectator's token where a seat's is needed gets 403 read_only.",
                "parameters": [_TABLE, _SINCE],
                "security": _SPECTATOR,
                "responses": {
                    "200": _json("The spectators' document.", _ref("server_spectator_document")),
                    **_errors("bad_input", "unauthorized", "not_found", "archived", *_ALWAYS),
                },
            }
        },
        "/api/lobby": {
            "get": {
                "operationId": "getLobby",
                "summary": "The open public tables with a free human seat, the newest first.",
                "description": "A table created with public: true is listed until its match "
                "is over, it is idle for the archive time, or its human seats are all taken "
                "(a seat is taken once its token was used, or it was claimed here). Paginated: "
                "next is the cursor of the following page, null on the last.",
                "parameters": [_LIMIT, _CURSOR],
                "responses": {
                    "200": _json("A page of the lobby.", _ref("server_lobby")),
                    **_errors("bad_input", *_ALWAYS),
                },
            }
        },
        "/api/lobby/{table}/seats/{seat}": {
            "post": {
                "operationId": "claimSeat",
                "summary": "Take a free seat of a table in the lobby: its new token.",
                "description": "Atomic: of two claims of one seat, exactly one gets 201, the "
                "other 409 seat_taken. The seat's invitation token, never used, stops "
                "working. A table that is not in the lobby (none, private, over) is 404. No body. "
                "Claims count with the address's table creations (429 rate_limited beyond).",
                "parameters": [_TABLE, _SEAT],
                "responses": {
                    "201": _json("The seat's token.", _ref("server_claimed")),
                    **_errors("bad_input", "not_found", "archived", "seat_taken", *_ALWAYS),
                },
            }
        },
        "/openapi.json": {
            "get": {
                "operationId": "getOpenAPI",
                "summary": "This document.",
                "responses": {"200": _json("The OpenAPI document.", {"type": "object"})},
            }
        },
    }
    for operations in paths.values():
        for operation in operations.values():
            operation["responses"].setdefault(
                "405",
                {
                    "description": "method_not_allowed: the route exists, not this method; "
                    "Allow lists the methods.",
                    "headers": {"Allow": {"schema": {"type": "string"}}},
                    "content": {
                        "application/json": {
                            "schema": _ref("server_error/$defs/method_not_allowed")
                        }
                    },
                },
            )
    return {
        "openapi": "3.1.0",
        "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
        "info": {
            "title": "raise-the-sum game server",
            "version": _VERSION,
            "summary": "Tables of Raise the Sum over HTTP and WebSocket, in the wire format.",
            "description": "The WebSocket at /api/tables/{table}/ws?token=...&since=N&scores=1 "
            "is described by the AsyncAPI document shipped beside this one "
            "(raise_the_sum/server/api/asyncapi.json). The docs' Game server page gives the "
            "protocol, the limits and the error codes.",
            "license": {"name": "MIT", "identifier": "MIT"},
        },
        "paths": paths,
        "components": {
            "securitySchemes": {
                "seat": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "A human seat's token, from the create answer or a claim in "
                    "the lobby. Given once.",
                },
                "spectator": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "A table's spectators' token, from the create answer. "
                    "Given once.",
                },
            },
            "schemas": _components(),
        },
    }


#: A table's notice, on every socket of the table (a kind of the server's messages, named).
_NOTICE: Final = {
    "name": "notice",
    "title": "A notice: a change that moves no version (a seat taken, ...)",
    "summary": "Pushed to every socket of the table, seats' and spectators'; the table's next "
    "document shows the change.",
    "contentType": "application/json",
    "payload": {"$ref": "#/components/schemas/server_notice"},
}


def asyncapi() -> dict[str, Any]:
    """The AsyncAPI 3 document of the server's WebSocket."""
    return {
        "asyncapi": "3.0.0",
        "info": {
            "title": "raise-the-sum game server: a seat's WebSocket",
            "version": _VERSION,
            "description": "A seat's socket gets its document at once, then again after "
            "every change of the table (a push, without reply_to). A change at the table that "
            "is no action (a seat taken, present or away, a name, a seat that left, the server "
            "acting for a seat out of time) is pushed to every socket of the table as a notice, "
            '{"notice": kind, ...}. An action sent on it is '
            "answered as POST /api/tables/{table}/actions would answer, with reply_to, the "
            "action's id, first. A message that is not an action gets a bad_input error and "
            "the socket stays open. A refused socket (a bad token, an origin not allowed, "
            "too many sockets) gets the error object, then is closed with code 1008 and the "
            "error's code as the reason.",
            "license": {"name": "MIT"},
        },
        "servers": {
            "local": {
                "host": "127.0.0.1:8000",
                "protocol": "ws",
                "description": "raise-the-sum serve, by default",
            }
        },
        "channels": {
            "seat": {
                "address": "/api/tables/{table}/ws",
                "parameters": {"table": {"description": "The table's id."}},
                "bindings": {
                    "ws": {
                        "query": {
                            "type": "object",
                            "properties": {
                                "token": {"type": "string", "description": "The seat's token."},
                                "since": {"type": "string", "pattern": "^[0-9]{1,16}$"},
                                "scores": {"type": "string", "enum": ["0", "1"]},
                            },
                            "required": ["token"],
                        }
                    }
                },
                "messages": {
                    "fromServer": {
                        "name": "fromServer",
                        "title": "A document or an error",
                        "contentType": "application/json",
                        "payload": _ref("server_socket_server_message"),
                    },
                    "notice": _NOTICE,
                    "fromClient": {
                        "name": "fromClient",
                        "title": "An action, with the version and a client id",
                        "contentType": "application/json",
                        "payload": _ref("server_socket_client_message"),
                    },
                },
            },
            "spectator": {
                "address": "/api/tables/{table}/spectator/ws",
                "description": "A spectator's socket: the spectators' document at once, then "
                "after every change, and the table's notices. Read-only: any message gets a "
                "403 read_only error, and the socket stays open. At most "
                "--max-spectators such sockets per table (429 rate_limited, then closed).",
                "parameters": {"table": {"description": "The table's id."}},
                "bindings": {
                    "ws": {
                        "query": {
                            "type": "object",
                            "properties": {
                                "token": {
                                    "type": "string",
                                    "description": "The table's spectators' token.",
                                },
                                "since": {"type": "string", "pattern": "^[0-9]{1,16}$"},
                            },
                            "required": ["token"],
                        }
                    }
                },
                "messages": {
                    "fromServerToSpectator": {
                        "name": "fromServerToSpectator",
                        "title": "A spectators' document, a notice or an error",
                        "contentType": "application/json",
                        "payload": _ref("server_socket_server_message"),
                    },
                    "notice": _NOTICE,
                },
            },
        },
        "operations": {
            "receiveDocuments": {
                "action": "send",
                "channel": {"$ref": "#/channels/seat"},
                "summary": "The server sends documents, answers and errors.",
                "messages": [
                    {"$ref": "#/channels/seat/messages/fromServer"},
                    {"$ref": "#/channels/seat/messages/notice"},
                ],
            },
            "sendActions": {
                "action": "receive",
                "channel": {"$ref": "#/channels/seat"},
                "summary": "The server receives the seat's actions.",
                "messages": [{"$ref": "#/channels/seat/messages/fromClient"}],
            },
            "receiveSpectatorDocuments": {
                "action": "send",
                "channel": {"$ref": "#/channels/spectator"},
                "summary": "The server sends a spectator documents, notices and errors.",
                "messages": [
                    {"$ref": "#/channels/spectator/messages/fromServerToSpectator"},
                    {"$ref": "#/channels/spectator/messages/notice"},
                ],
            },
        },
        "components": {"schemas": _components()},
    }


def build() -> dict[str, dict[str, Any]]:
    """Both documents, by file name (without ``.json``)."""
    fresh: dict[str, dict[str, Any]] = json.loads(
        json.dumps({"openapi": openapi(), "asyncapi": asyncapi()})
    )
    return fresh


def text(document: dict[str, Any]) -> str:
    """A document's text: two-space indent, UTF-8, a final newline."""
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    """Write the files (``--check``: only say which differ, and fail if any does)."""
    check = "--check" in argv
    stale = []
    for name, document in build().items():
        path = FOLDER / f"{name}.json"
        if not path.is_file() or path.read_text(encoding="utf-8") != text(document):
            stale.append(path)
            if not check:
                FOLDER.mkdir(exist_ok=True)
                path.write_text(text(document), encoding="utf-8")
    if check:
        for path in stale:
            print(f"differs from a fresh build: {path}", file=sys.stderr)
        return 1 if stale else 0
    print(f"wrote {len(stale)} of 2 API documents to {FOLDER}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
