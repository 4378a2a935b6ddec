"""Reading request bodies: strict JSON, then the protocol's objects, or a 400.

Every refusal here is a :class:`~raise_the_sum.server.errors.ProtocolError`
with status 400 and ``"error": "bad_input"``, whose ``path`` is a JSON
Pointer to the offending place and whose message says what was expected.
Nothing a client sends can raise anything else.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

import attrs

from raise_the_sum import wire
from raise_the_sum.actions import Action
from raise_the_sum.bots import BOTS
from raise_the_sum.rules import Rules
from raise_the_sum.server.errors import bad_input
from raise_the_sum.server.presence import DEFAULT_BOT, FORFEIT, HAND_OVER, check_name

__all__ = [
    "MAX_BODY",
    "ActionBody",
    "CreateBody",
    "LeaveBody",
    "MAX_TURN_SECONDS",
    "MIN_TURN_SECONDS",
    "parse_action_body",
    "parse_check_body",
    "parse_create_body",
    "parse_json",
    "parse_leave_body",
    "parse_name_body",
    "parse_since",
]

#: The largest body accepted, in bytes: 64 KiB.
MAX_BODY: Final = 64 * 1024

#: The largest version a client may send: JSON's safe integers.
MAX_VERSION: Final = 2**53 - 1

#: The longest client action id.
MAX_ID: Final = 128

#: The shortest and the longest time per turn a table may have, in seconds.
MIN_TURN_SECONDS: Final = 5
MAX_TURN_SECONDS: Final = 3600


def parse_json(body: bytes | str) -> Any:
    """The JSON value of a body of at most :data:`MAX_BODY` bytes, read by ``wire.read_json``.

    That reader is the library's strict one: UTF-8, no NaN, no repeated key,
    no deep nesting, no lone surrogate.
    """
    if len(body) > MAX_BODY:
        raise bad_input("", f"the body is over {MAX_BODY} bytes")
    try:
        return wire.read_json(body)
    except wire.WireError as error:
        raise bad_input(error.path, f"the body is not strict JSON: {error.reason}") from None


def _object(
    value: Any, required: tuple[str, ...], optional: tuple[str, ...] = ()
) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise bad_input("", f"expected a JSON object with {', '.join(map(repr, required))}")
    for key in value:
        if key not in required and key not in optional:
            raise bad_input(f"/{_escape(key)}", f"unknown field {key!r}")
    for key in required:
        if key not in value:
            raise bad_input(f"/{key}", f"the field {key!r} is missing")
    return value


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def _decode(cls: Any, value: Any, path: str) -> Any:
    try:
        return wire.decode(cls, value)
    except wire.WireError as error:
        raise bad_input(path + error.path, error.reason) from None


@attrs.frozen
class ActionBody:
    """``{"action": <Action>, "version": N, "id": "<client action id>"}``."""

    #: The action.
    action: Action
    #: The version the client saw.
    version: int
    #: The client's id for this action (retries reuse it).
    id: str


@attrs.frozen
class CreateBody:
    """``{"seats": [...], "rules": <Rules>, "tutorial": true, "public": true,
    "turn_seconds": N, "name": "…"}``, each optional but seats."""

    #: The seat kinds, or None (a tutorial's default).
    seats: tuple[str, ...] | None
    #: The rules, or None (the standard rules for the number of seats).
    rules: Rules | None
    #: True for the guided first hand.
    tutorial: bool
    #: True to list the table in the lobby while a human seat is free.
    public: bool = False
    #: The time for each turn of a person's seat, in seconds, or None (no limit).
    turn_seconds: int | None = None
    #: The display name of the creator's seat (the first human seat), or None.
    name: str | None = None


@attrs.frozen
class LeaveBody:
    """``{"then": "forfeit"}``, or ``{"then": "bot", "bot": "<name>"}`` (rule R5.5)."""

    #: How the seat leaves: ``"bot"`` (handed over) or ``"forfeit"``.
    then: str
    #: The bot that takes a seat handed over (``"sam"`` unless named); None for a forfeit.
    bot: str | None


def parse_action_body(value: Any) -> ActionBody:
    """An action body, fully checked."""
    body = _object(value, ("action", "version", "id"))
    action = _decode(Action, body["action"], "/action")
    version = body["version"]
    if type(version) is not int or not 0 <= version <= MAX_VERSION:
        raise bad_input(
            "/version", f"version: an integer from 0 to {MAX_VERSION}, got {_show(version)}"
        )
    client_id = body["id"]
    if type(client_id) is not str or not 1 <= len(client_id) <= MAX_ID:
        raise bad_input("/id", f"id: a string of 1 to {MAX_ID} characters, got {_show(client_id)}")
    return ActionBody(action, version, client_id)


def parse_check_body(value: Any) -> Action:
    """A check body, ``{"action": <Action>}``: the action."""
    body = _object(value, ("action",))
    action: Action = _decode(Action, body["action"], "/action")
    return action


def parse_create_body(value: Any) -> CreateBody:
    """A create body: ``seats`` (required unless ``tutorial``), ``rules``, ``tutorial``,
    ``public``, ``turn_seconds``, ``name``."""
    optional = ("rules", "tutorial", "public", "turn_seconds", "name")
    if isinstance(value, dict) and value.get("tutorial") is True:
        body = _object(value, (), ("seats", *optional))
    else:
        body = _object(value, ("seats",), optional)
    tutorial = body.get("tutorial", False)
    if type(tutorial) is not bool:
        raise bad_input("/tutorial", f"tutorial: true or false, got {_show(tutorial)}")
    public = body.get("public", False)
    if type(public) is not bool:
        raise bad_input("/public", f"public: true or false, got {_show(public)}")
    if public and tutorial:
        raise bad_input("/public", "a tutorial table is one person's lesson: it cannot be public")
    seats = body.get("seats")
    if "seats" in body:  # given, it is a list (a tutorial may leave it out, not send null)
        if not isinstance(seats, list) or not seats:
            raise bad_input("/seats", f"seats: a list of seat kinds, got {_show(seats)}")
        for number, kind in enumerate(seats):
            if type(kind) is not str:
                raise bad_input(f"/seats/{number}", f"'human' or a bot's name, got {_show(kind)}")
        seats = tuple(seats)
    rules = None if body.get("rules") is None else _decode(Rules, body["rules"], "/rules")
    turn_seconds = body.get("turn_seconds")
    if "turn_seconds" in body and (
        type(turn_seconds) is not int or not MIN_TURN_SECONDS <= turn_seconds <= MAX_TURN_SECONDS
    ):
        raise bad_input(
            "/turn_seconds",
            f"turn_seconds: whole seconds from {MIN_TURN_SECONDS} to {MAX_TURN_SECONDS} for "
            f"each turn (leave it out for no limit), got {_show(turn_seconds)}",
        )
    name = None if "name" not in body else check_name(body["name"])
    return CreateBody(seats, rules, tutorial, public, turn_seconds, name)


def parse_name_body(value: Any) -> str:
    """A name body, ``{"name": "…"}``: the name, checked.

    The rules of a name are :func:`~raise_the_sum.server.presence.check_name`'s.
    """
    body = _object(value, ("name",))
    return check_name(body["name"])


def parse_leave_body(value: Any) -> LeaveBody:
    """A leave body: ``{"then": "forfeit"}`` or ``{"then": "bot", "bot": "<a bot>"}``."""
    body = _object(value, ("then",), ("bot",))
    then = body["then"]
    if then not in (HAND_OVER, FORFEIT):
        raise bad_input("/then", f"then: 'bot' or 'forfeit', got {_show(then)}")
    if then == FORFEIT:
        if "bot" in body:
            raise bad_input("/bot", "bot: only for then 'bot' (a forfeited seat has no bot)")
        return LeaveBody(then, None)
    bot = body.get("bot", DEFAULT_BOT)
    if type(bot) is not str or bot not in BOTS:
        raise bad_input("/bot", f"bot: one of {', '.join(sorted(BOTS))}, got {_show(bot)}")
    return LeaveBody(then, bot)


def parse_since(text: str | None) -> int | None:
    """The ``since`` query parameter: a decimal version, or None when absent.

    Its bounds (0 to the table's version) are checked by the table service.
    """
    if text is None:
        return None
    if not (text.isascii() and text.isdigit()) or len(text) > 16:
        raise bad_input("/since", f"since: a version, 0 or more, got {text[:40]!r}")
    return int(text)


def _show(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."
