"""Write the game server's JSON Schemas: ``src/raise_the_sum/schemas/server/<name>.json``.

The server's documents (the seat document, the create answer, the check
answer, the error bodies, the request bodies and the WebSocket messages)
each get a schema (draft 2020-12) with the ``$id``
``urn:raise-the-sum:server:1:<name>``. They reuse the library's shipped
schemas (``schemas/<name>.json``, ``$id`` ``urn:raise-the-sum:wire:1:<name>``)
by ``$ref`` to those ``$id``\\ s, so a validator needs both folders in its
registry. Where the server adds a field to a library shape (``explanation``
in a ``played`` event, ``explanation_text`` in a verdict, ``reply_to`` in a
WebSocket answer), the server's schema lists the library shape's fields,
each a ``$ref`` to the library's own definition, and adds its own: the
library's schemas, like its reader, stay closed.

Run from the repository root after changing a shape, or after
``tools/write_schemas.py`` changed the library's:
``.venv/bin/python tools/write_server_schemas.py``.
``tests/server/test_schemas.py`` fails while a shipped file differs from a
fresh build.
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any, Final

from raise_the_sum.bots import BOTS

LIBRARY: Final = Path(__file__).resolve().parent.parent / "src" / "raise_the_sum" / "schemas"
FOLDER: Final = LIBRARY / "server"

#: The ``$id`` prefixes of the library's schemas and of the server's.
LIBRARY_ID: Final = "urn:raise-the-sum:wire:1:"
SERVER_ID: Final = "urn:raise-the-sum:server:1:"

_DIALECT: Final = "https://json-schema.org/draft/2020-12/schema"

#: JavaScript's Number.MAX_SAFE_INTEGER, the format's largest number (as in the library).
_MAX_INT: Final = 2**53 - 1
#: The longest client action id (``server/bodies.py``'s ``MAX_ID``).
_MAX_ID: Final = 128
#: The longest display name (``server/presence.py``'s ``MAX_NAME``).
_MAX_NAME: Final = 24
#: The time per turn a table may have (``server/bodies.py``'s bounds), in seconds.
_TURN_SECONDS: Final = (5, 3600)


def _library(name: str) -> dict[str, Any]:
    """The definition ``name`` of the library's shipped schema file ``name.json``."""
    text = (LIBRARY / f"{name}.json").read_text(encoding="utf-8")
    definition: dict[str, Any] = json.loads(text)["$defs"][name]
    return definition


def _lib(name: str) -> dict[str, str]:
    return {"$ref": LIBRARY_ID + name}


def _server(name: str) -> dict[str, str]:
    return {"$ref": SERVER_ID + name}


def _string(low: int = 0, high: int | None = None) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "string"}
    if low:
        schema["minLength"] = low
    if high is not None:
        schema["maxLength"] = high
    return schema


def _integer(low: int = 0, high: int = _MAX_INT) -> dict[str, Any]:
    return {"type": "integer", "minimum": low, "maximum": high}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


def _closed(
    description: str, properties: dict[str, Any], required: list[str] | None = None
) -> dict[str, Any]:
    return {
        "description": description,
        "type": "object",
        "properties": properties,
        "required": list(properties) if required is None else required,
        "additionalProperties": False,
    }


def _extended(
    base_id: str,
    base: dict[str, Any],
    name: str,
    description: str,
    extra: dict[str, Any],
    required: list[str],
) -> dict[str, Any]:
    """The closed object ``base`` (definition ``name`` of schema ``base_id``) plus ``extra``.

    Each of the base's fields is a ``$ref`` to the base's own definition of
    it; ``required`` are the added fields that must be there.
    """
    pointer = f"{base_id}#/$defs/{name}/properties/"
    properties = {key: {"$ref": pointer + key} for key in base["properties"]}
    return _closed(description, {**properties, **extra}, [*base["required"], *required])


def _extend_library(
    name: str, description: str, extra: dict[str, Any], required: list[str]
) -> dict[str, Any]:
    return _extended(LIBRARY_ID + name, _library(name), name, description, extra, required)


#: A time in UTC, ISO 8601 with milliseconds: ``2026-12-02T10:41:07.250Z``.
_UTC: Final = "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}[.][0-9]{3}Z$"

_REPLY_TO: Final = {
    "description": "The client id of the action this message answers; absent in a push.",
    **_string(1, _MAX_ID),
}


def _error(code: str, description: str, **more: Any) -> dict[str, Any]:
    return _closed(description, {"error": {"const": code}, **more, "message": _string()})


#: The errors the server sends, by code: (HTTP status, definition). ``bad_input`` and
#: ``illegal_action`` are the library's own shapes.
_ERRORS: Final[dict[str, tuple[int, dict[str, Any]]]] = {
    "bad_input": (400, _lib("bad_input")),
    "too_big": (
        400,
        _error(
            "too_big",
            "A body, a value or a request over one of the server's limits; path names the field.",
            path=_library("bad_input")["properties"]["path"],
        ),
    ),
    "unauthorized": (401, _error("unauthorized", "No seat's token, or not this table's.")),
    "forbidden_origin": (
        403,
        _error(
            "forbidden_origin",
            "A page of another origin opened a socket (serve --cors-origin allows an origin).",
        ),
    ),
    "read_only": (
        403,
        _error(
            "read_only",
            "A spectator's token where a seat's is needed: it reads the table, and cannot act.",
        ),
    ),
    "not_found": (404, _error("not_found", "No such table, route or file.")),
    "method_not_allowed": (
        405,
        _error("method_not_allowed", "The route exists, but not with this method."),
    ),
    "timeout": (
        408,
        _error("timeout", "The request, or its body, did not arrive in time."),
    ),
    "stale_version": (
        409,
        _error(
            "stale_version",
            "The action was sent for another version than the table's; version is the table's.",
            version=_integer(0),
        ),
    ),
    "seat_taken": (
        409,
        _error(
            "seat_taken",
            "The seat claimed in the lobby is taken (its token was used, someone claimed it "
            "first, or a bot plays it).",
            seat=_integer(0, 3),
        ),
    ),
    "seat_left": (
        409,
        _error(
            "seat_left",
            "The seat left the table (rule R5.5): its token may read the table, never act.",
        ),
    ),
    "match_not_over": (
        409,
        _error("match_not_over", "The record, with the seed, comes once the match is over."),
    ),
    "archived": (
        410,
        _error("archived", "The table was left unfinished for too long and is archived."),
    ),
    "illegal_action": (422, _lib("illegal_action")),
    "rate_limited": (429, _error("rate_limited", "Too many requests from this client; wait.")),
    "internal": (500, _error("internal", "The server failed; the table is unchanged.")),
    "unavailable": (
        503,
        _error("unavailable", "The server cannot take the request now (its store is away)."),
    ),
}

#: The HTTP status of each error code (for the tests and for an OpenAPI document).
ERROR_STATUS: Final = {code: status for code, (status, _) in _ERRORS.items()}


def _seat_document() -> dict[str, Any]:
    return _closed(
        "What one seat receives: the table's version, the seat's view, its legal actions, "
        "the events it may know since the version it last saw, the seats and the lesson.",
        {
            "table": {"description": "The table's id.", **_string(1)},
            "version": {
                "description": "The table's version: the number of actions applied.",
                **_integer(0),
            },
            "view": _lib("view"),
            "legal": {
                "description": "The seat's legal actions; empty when it is not to act.",
                "type": "array",
                "items": _lib("action"),
            },
            "events": {
                "description": "The seat's events since the version it last saw, oldest first.",
                "type": "array",
                "items": _server("event"),
            },
            "seats": _SEATS,
            "lesson": _nullable({"$ref": "#/$defs/lesson"}),
            "must_discard": {
                "description": "How many cards the seat must discard now (rule R4.8), else 0.",
                **_integer(0),
            },
            "attack_text": {
                "description": "The attack in force on the player to act, in the guide's signs "
                "(such as '−5 ÷2'), or null when there is none.",
                **_nullable(_string(1)),
            },
            "next_round_at": _NEXT_ROUND_AT,
            "legal_scores": {
                "description": "Only when asked for (?scores=1): for each legal action, in the "
                "same order, a play's total and the attack it sends on; null for another action.",
                "type": "array",
                "items": _nullable({"$ref": "#/$defs/legal_score"}),
            },
            "seating": _SEATING,
            "seed_commitment": _COMMITMENT,
            "turn_deadline": {
                "description": "At a table with a time per turn, when the person to act runs "
                "out of time and the server acts for them (rule R4.15): UTC, ISO 8601 with "
                "milliseconds; else null.",
                **_nullable({"type": "string", "pattern": _UTC}),
            },
        },
        ["table", "version", "view", "legal", "events", "seats", "lesson"],
    )


#: The SHA-256 of the seed's digits, as the create answer gives it.
_COMMITMENT: Final = {
    "description": "The SHA-256, lowercase hex, of the seed's decimal digits (UTF-8): the "
    "record, at the end, shows the seed it commits to.",
    "type": "string",
    "pattern": "^[0-9a-f]{64}$",
}

_SEATS: Final = {
    "description": "Each seat's kind: 'human' or a bot's name.",
    "type": "array",
    "items": _string(1),
    "minItems": 2,
    "maxItems": 4,
}

_NEXT_ROUND_AT: Final = {
    "description": "In the brief result between rounds, when the table moves on by itself "
    "(UTC, ISO 8601 with milliseconds); else null.",
    **_nullable({"type": "string", "pattern": _UTC}),
}

_SEATING: Final = {
    "description": "Each seat, in seat order: its kind, name, presence, whether taken, "
    "whether its player left.",
    "type": "array",
    "items": _server("seat_document#/$defs/seat"),
    "minItems": 2,
    "maxItems": 4,
}


def _seat() -> dict[str, Any]:
    return _closed(
        "One seat of a table, as everyone at it (and its spectators) may know it.",
        {
            "kind": {"description": "'human' or a bot's name.", **_string(1)},
            "name": {
                "description": "The seat's display name, or null. Public, never a credential.",
                **_nullable(_string(1, _MAX_NAME)),
            },
            "present": {
                "description": "A human seat: whether a client of it is connected now; "
                "null for a bot's seat, or when not known.",
                **_nullable({"type": "boolean"}),
            },
            "taken": {
                "description": "A human seat: its token was used, or it was claimed in the "
                "lobby (until then its invitation is open); a bot's seat always is.",
                "type": "boolean",
            },
            "left": {
                "description": "null, or how the seat's player left: 'bot' (a bot plays on) or "
                "'forfeit'.",
                "enum": [None, "bot", "forfeit"],
            },
        },
    )


def _public_view() -> dict[str, Any]:
    view = _library("view")
    private = ("format", "version", "seat", "hand")
    pointer = f"{LIBRARY_ID}view#/$defs/view/properties/"
    properties = {key: {"$ref": pointer + key} for key in view["properties"] if key not in private}
    return _closed(
        "The table as anyone may know it: a seat's view without format, version, seat and hand.",
        properties,
        [key for key in view["required"] if key not in private],
    )


def _spectator_document() -> dict[str, Any]:
    return _closed(
        "What a spectator receives: the table's version, the public view, the events as nobody "
        "at the table sees them (no draw's card), the seats; no hand, no legal actions, "
        "nothing of the deck's order or the seed.",
        {
            "table": {"description": "The table's id.", **_string(1)},
            "version": {
                "description": "The table's version: the number of actions applied.",
                **_integer(0),
            },
            "seat": {"description": "null: a spectator holds no seat.", "type": "null"},
            "view": {"$ref": "#/$defs/public_view"},
            "events": {
                "description": "The events since the version the client last saw, oldest first, "
                "every draw without its card.",
                "type": "array",
                "items": _server("event"),
            },
            "seats": _SEATS,
            "seating": _SEATING,
            "seed_commitment": _COMMITMENT,
            "attack_text": {
                "description": "The attack in force on the player to act, or null.",
                **_nullable(_string(1)),
            },
            "next_round_at": _NEXT_ROUND_AT,
        },
    )


def _lobby_page() -> dict[str, Any]:
    return _closed(
        "A page of the lobby: the open public tables with a free human seat, the newest first.",
        {
            "tables": {"type": "array", "items": {"$ref": "#/$defs/listed"}},
            "next": {
                "description": "The cursor of the next page (GET /api/lobby?cursor=...), or null "
                "on the last page.",
                **_nullable(_string(1)),
            },
        },
    )


def _listed() -> dict[str, Any]:
    rules = _library("rules")
    pointer = f"{LIBRARY_ID}rules#/$defs/rules/properties/"
    summary = {key: {"$ref": pointer + key} for key in rules["properties"] if key != "deck"}
    summary["deck_size"] = _integer(1)
    return _closed(
        "A table in the lobby.",
        {
            "table": {"description": "The table's id.", **_string(1)},
            "seats": _SEATS,
            "free": {
                "description": "The free human seats: POST /api/lobby/{table}/seats/{seat} "
                "takes one.",
                "type": "array",
                "items": _integer(0, 3),
                "minItems": 1,
                "uniqueItems": True,
            },
            "rules": _closed("The rules, but the deck: its size instead.", summary),
            "created_at": {
                "description": "When the table was created (UTC, ISO 8601 with milliseconds).",
                "type": "string",
                "pattern": _UTC,
            },
            "age_seconds": {"description": "Seconds since it was created.", **_integer(0)},
        },
    )


def _events() -> list[dict[str, Any]]:
    """The library's events but ``played``, by ``$ref``, in the library's order."""
    names = [ref["$ref"].rsplit("/", 1)[1] for ref in _library("event")["oneOf"]]
    return [_lib(name) for name in names if name != "played"]


def _schemas() -> dict[str, tuple[str, dict[str, Any]]]:
    """Each schema's name: (title, its ``$defs``); the first definition is the document."""
    errors = {code: definition for code, (_, definition) in _ERRORS.items()}
    answers = {
        f"{code}_answer": (
            copy.deepcopy(definition)
            if "$ref" not in definition
            else _extend_library(code, _library(code)["description"], {}, [])
        )
        for code, definition in errors.items()
    }
    for answer in answers.values():
        answer["properties"]["reply_to"] = _REPLY_TO
    document = _seat_document()
    return {
        "seat_document": (
            "The seat document (GET /api/tables/{table}, an action's answer, a WebSocket push)",
            {
                "seat_document": document,
                "seat": _seat(),
                "lesson": _closed(
                    "What the guide says now, and the cards it points at (tutorial tables).",
                    {"text": _string(), "cards": {"type": "array", "items": _lib("card")}},
                ),
                "legal_score": _closed(
                    "A legal play's total against the attack in force, and the attack it sends on.",
                    {
                        "total": _integer(0),
                        "attack": _lib("attack"),
                        "attack_text": _nullable(_string(1)),
                    },
                ),
            },
        ),
        "spectator_document": (
            "The spectators' document (GET /api/tables/{table}/spectator, a spectator's socket)",
            {"spectator_document": _spectator_document(), "public_view": _public_view()},
        ),
        "lobby": (
            "The answer to GET /api/lobby",
            {"lobby": _lobby_page(), "listed": _listed()},
        ),
        "claimed": (
            "The answer to POST /api/lobby/{table}/seats/{seat} (201)",
            {
                "claimed": _closed(
                    "A seat taken in the lobby: its new token, and the seed's commitment.",
                    {
                        "table": {"description": "The table's id.", **_string(1)},
                        "seat": _integer(0, 3),
                        "token": {"description": "The seat's token.", **_string(1)},
                        "seed_commitment": _COMMITMENT,
                    },
                )
            },
        ),
        "event": (
            "An event in a seat document",
            {
                "event": {
                    "description": "Any event, by its type; a played event has its explanation.",
                    "oneOf": [{"$ref": "#/$defs/played"}, *_events()],
                },
                "played": _extend_library(
                    "played",
                    "A play (rules R4.3 to R4.6), with the one line of its explanation.",
                    {"explanation": _string(1)},
                    ["explanation"],
                ),
            },
        ),
        "create_body": (
            "The body of POST /api/tables",
            {
                "create_body": {
                    **_closed(
                        "A new table: its seats, its rules, and whether it is the guided hand.",
                        {
                            "seats": {
                                "description": "Each seat's kind: 'human' or a bot's name.",
                                "type": "array",
                                "items": {"enum": ["human", *sorted(BOTS)]},
                                "minItems": 1,
                            },
                            "rules": _nullable(_lib("rules")),
                            "tutorial": {"type": "boolean"},
                            "public": {
                                "description": "true: the table is listed in the lobby "
                                "(GET /api/lobby) while a human seat is free. Not with tutorial.",
                                "type": "boolean",
                            },
                            "turn_seconds": {
                                "description": "The time for each turn of a person's seat, in "
                                "seconds (rule R4.15); absent: no limit.",
                                **_integer(*_TURN_SECONDS),
                            },
                            "name": {
                                "description": "The display name of the first human seat (the "
                                "creator's); the rules of a name_body's name.",
                                **_server("name_body#/$defs/display_name"),
                            },
                        },
                        [],
                    ),
                    "if": {"properties": {"tutorial": {"const": True}}, "required": ["tutorial"]},
                    "else": {"required": ["seats"]},
                }
            },
        ),
        "created": (
            "The answer to POST /api/tables (201)",
            {
                "created": _closed(
                    "A new table: its id, one token per human seat, the seed's commitment.",
                    {
                        "table": {"description": "The table's id.", **_string(1)},
                        "tokens": {
                            "description": "Each human seat's token, by seat number.",
                            "type": "object",
                            "propertyNames": {"pattern": "^[0-3]$"},
                            "additionalProperties": _string(1),
                            "minProperties": 1,
                        },
                        "seed_commitment": {
                            "description": "The SHA-256, lowercase hex, of the seed's digits.",
                            "type": "string",
                            "pattern": "^[0-9a-f]{64}$",
                        },
                        "spectator_token": {
                            "description": "The table's read-only token for spectators "
                            "(GET /api/tables/{table}/spectator and its socket).",
                            **_string(1),
                        },
                    },
                    ["table", "tokens", "seed_commitment"],
                )
            },
        ),
        "action_body": (
            "The body of POST /api/tables/{table}/actions, and a WebSocket message to the server",
            {
                "action_body": _closed(
                    "An action for the version the client saw, with the client's id for it.",
                    {
                        "action": _lib("action"),
                        "version": _integer(0),
                        "id": {
                            "description": "The client's id of the action; a retry reuses it.",
                            **_string(1, _MAX_ID),
                        },
                    },
                )
            },
        ),
        "name_body": (
            "The body of POST /api/tables/{table}/name",
            {
                "name_body": _closed(
                    "The seat's display name.", {"name": {"$ref": "#/$defs/display_name"}}
                ),
                "display_name": {
                    "description": f"A display name: 1 to {_MAX_NAME} characters after NFC "
                    "normalisation, of letters and their marks, digits, single spaces between "
                    "words, and - _ . ' ’; public, never a credential.",
                    **_string(1, _MAX_NAME),
                },
            },
        ),
        "leave_body": (
            "The body of POST /api/tables/{table}/leave",
            {
                "leave_body": {
                    "description": "How the seat leaves (rule R5.5): handed over to a bot (Sam "
                    "unless named), or forfeited (the server takes its actions by rule R4.15).",
                    "oneOf": [
                        _closed(
                            "Hand the seat over to a bot.",
                            {
                                "then": {"const": "bot"},
                                "bot": {"enum": sorted(BOTS)},
                            },
                            ["then"],
                        ),
                        _closed("Forfeit.", {"then": {"const": "forfeit"}}),
                    ],
                }
            },
        ),
        "notice": (
            "A notice pushed on every socket of a table: a change that is no action",
            {
                "notice": {
                    "description": "Who is at the table changed (present, named, left, a seat "
                    "taken), or the server acted for a seat whose time ran out; the next "
                    "document shows it too.",
                    "oneOf": [
                        {"$ref": "#/$defs/presence_notice"},
                        {"$ref": "#/$defs/name_notice"},
                        {"$ref": "#/$defs/left_notice"},
                        {"$ref": "#/$defs/timeout_notice"},
                        {"$ref": "#/$defs/taken_notice"},
                    ],
                },
                "taken_notice": _closed(
                    "A human seat was taken: its token was used, or it was claimed in the lobby.",
                    {"notice": {"const": "taken"}, "seat": _integer(0, 3)},
                ),
                "presence_notice": _closed(
                    "A person's seat opened its first socket (present) or closed its last.",
                    {
                        "notice": {"const": "presence"},
                        "seat": _integer(0, 3),
                        "present": {"type": "boolean"},
                    },
                ),
                "name_notice": _closed(
                    "A seat took a display name.",
                    {
                        "notice": {"const": "name"},
                        "seat": _integer(0, 3),
                        "name": _server("name_body#/$defs/display_name"),
                    },
                ),
                "left_notice": _closed(
                    "A person left the table (rule R5.5): handed over to a bot, or forfeited.",
                    {
                        "notice": {"const": "left"},
                        "seat": _integer(0, 3),
                        "then": {"enum": ["bot", "forfeit"]},
                        "bot": {
                            "description": "The bot that plays the seat now; null for a forfeit.",
                            **_nullable({"enum": sorted(BOTS)}),
                        },
                    },
                ),
                "timeout_notice": _closed(
                    "A person's time ran out; the server acted for them (rule R4.15).",
                    {
                        "notice": {"const": "timeout"},
                        "seat": _integer(0, 3),
                        "did": {
                            "description": "What the server did, without the cards.",
                            "enum": ["pass", "play", "discard", "next_round"],
                        },
                        "version": {
                            "description": "The version that action made.",
                            **_integer(1),
                        },
                    },
                ),
            },
        ),
        "check_body": (
            "The body of POST /api/tables/{table}/check",
            {"check_body": _closed("An action to judge.", {"action": _lib("action")})},
        ),
        "check_answer": (
            "The answer to POST /api/tables/{table}/check",
            {
                "check_answer": _extend_library(
                    "verdict",
                    "The verdict, with the one line of its explanation (null without one).",
                    {"explanation_text": _nullable(_string(1))},
                    ["explanation_text"],
                )
            },
        ),
        "error": (
            "An error body, over HTTP or on a WebSocket",
            {
                "error": {
                    "description": "Any error the server sends, by its code.",
                    "oneOf": [{"$ref": f"#/$defs/{code}"} for code in errors],
                },
                **errors,
            },
        ),
        "socket_server_message": (
            "A WebSocket message from the server",
            {
                "socket_server_message": {
                    "description": "A seat document (a push, or an answer with reply_to), "
                    "a spectators' document (on a spectator's socket), an error (an answer "
                    "with reply_to, or a refusal of the socket), or a notice (a change at the "
                    "table that is no action).",
                    "oneOf": [
                        {"$ref": "#/$defs/document_answer"},
                        _server("spectator_document"),
                        _server("notice"),
                        *({"$ref": f"#/$defs/{name}"} for name in answers),
                    ],
                },
                "document_answer": _extended(
                    SERVER_ID + "seat_document",
                    document,
                    "seat_document",
                    "A seat document, with reply_to when it answers the client's action.",
                    {"reply_to": _REPLY_TO},
                    [],
                ),
                **answers,
            },
        ),
        "socket_client_message": (
            "A WebSocket message from the client",
            {"socket_client_message": _server("action_body")},
        ),
    }


def build() -> dict[str, dict[str, Any]]:
    """Every server schema, by file name (without ``.json``)."""
    built = {}
    for name, (title, defs) in _schemas().items():
        built[name] = {
            "$schema": _DIALECT,
            "$id": SERVER_ID + name,
            "title": f"raise-the-sum server: {title}",
            "$ref": f"#/$defs/{name}",
            "$defs": defs,
        }
    fresh: dict[str, dict[str, Any]] = json.loads(json.dumps(built))
    return fresh


def text(schema: dict[str, Any]) -> str:
    """A schema file's text: two-space indent, UTF-8, a final newline."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    """Write the files (``--check``: only say which differ, and fail if any does)."""
    check = "--check" in argv
    built = build()
    stale = []
    for name, schema in built.items():
        path = FOLDER / f"{name}.json"
        if not path.is_file() or path.read_text(encoding="utf-8") != text(schema):
            stale.append(path)
            if not check:
                FOLDER.mkdir(exist_ok=True)
                path.write_text(text(schema), encoding="utf-8")
    extra = sorted(set(FOLDER.glob("*.json")) - {FOLDER / f"{name}.json" for name in built})
    if check:
        for path in [*stale, *extra]:
            print(f"differs from a fresh build: {path}", file=sys.stderr)
        return 1 if stale or extra else 0
    for path in extra:
        path.unlink()
    print(f"wrote {len(stale)} of {len(built)} server schemas to {FOLDER}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
