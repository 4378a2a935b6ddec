"""The wire format's JSON Schemas (draft 2020-12), one per type, and the names of their files."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any, Final

from raise_the_sum.actions import Action, Discard, IllegalAction, NextRound, Pass, Play
from raise_the_sum.cards import Card
from raise_the_sum.events import (
    Discarded,
    Drew,
    Event,
    MatchWon,
    MustDiscard,
    Passed,
    Played,
    Reshuffled,
    RoundStarted,
    RoundWon,
)
from raise_the_sum.records import MatchRecord
from raise_the_sum.rules import Rules
from raise_the_sum.scoring import Attack, Explanation, Step
from raise_the_sum.state import GameState
from raise_the_sum.verdicts import Verdict
from raise_the_sum.views import PlayerView
from raise_the_sum.wire._decoders import EVENT_DECODERS, VIEW_DERIVED
from raise_the_sum.wire._errors import WireError
from raise_the_sum.wire._format import (
    CARD_SPELLINGS,
    FORMAT_VERSION,
    MAX_INT,
    MAX_SEED_DIGITS,
    PHASE_BY_NAME,
    RECORD_FORMAT,
    STATE_FORMAT,
    VIEW_FORMAT,
    for_class,
)

__all__ = ["SCHEMA_NAMES", "schema"]


_SCHEMA_DIALECT: Final = "https://json-schema.org/draft/2020-12/schema"


def _ref(name: str) -> dict[str, Any]:
    return {"$ref": f"#/$defs/{name}"}


def _integer(low: int = 0, high: int = MAX_INT) -> dict[str, Any]:
    return {"type": "integer", "minimum": low, "maximum": high}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


def _closed(
    description: str, properties: dict[str, Any], required: Iterable[str] | None = None
) -> dict[str, Any]:
    return {
        "description": description,
        "type": "object",
        "properties": properties,
        "required": list(properties) if required is None else list(required),
        "additionalProperties": False,
    }


def _typed(name: str, description: str, **fields: Any) -> dict[str, Any]:
    return _closed(description, {"type": {"const": name}, **fields})


_CARDS: Final = {"type": "array", "items": _ref("card")}
_SEAT: Final = _integer(0, 3)
_SEATS: Final = {"type": "array", "items": _SEAT, "uniqueItems": True}
_DECIMAL_SCHEMA: Final = {
    "type": "string",
    "pattern": "^-?(0|[1-9][0-9]*)$",
    "maxLength": MAX_SEED_DIGITS + 1,
}
#: A rule's id as rulebook.parse_rule_id(text, strict=True) accepts it: its canonical
#: form, R then a section and a number of up to 3 digits without leading zeros.
_RULE_SCHEMA: Final = {
    "type": "string",
    "pattern": "^R(0|[1-9][0-9]{0,2})\\.(0|[1-9][0-9]{0,2})$",
}

#: A view's fields; ``players`` and ``active``, derived, are optional (added in format 1).
_VIEW_PROPERTIES: Final[dict[str, Any]] = {
    "format": {"const": VIEW_FORMAT},
    "version": {"const": FORMAT_VERSION},
    "rules": _ref("rules"),
    "seat": _SEAT,
    "phase": {"enum": list(PHASE_BY_NAME)},
    "current": _SEAT,
    "hand": _CARDS,
    "hand_sizes": {"type": "array", "items": _integer(0), "minItems": 2, "maxItems": 4},
    "to_beat": _nullable(_integer(0)),
    "attack": _ref("attack"),
    "standing": _CARDS,
    "standing_seat": _nullable(_SEAT),
    "passed": _SEATS,
    "points": {"type": "array", "items": _integer(0), "minItems": 2, "maxItems": 4},
    "deck_size": _integer(0),
    "discard": _CARDS,
    "players": {"description": "Optional: rules.players.", **_integer(2, 4)},
    "active": {"description": "Optional: the seats that have not passed.", **_SEATS},
}


_DEFS: Final[dict[str, dict[str, Any]]] = {
    "card": {
        "description": "A card in its notation (rule R1.6); encode writes the ASCII one.",
        "type": "string",
        "enum": CARD_SPELLINGS,
    },
    "attack": _closed(
        "An attack: a subtraction and a divisor (rule R2.8).",
        {"subtract": _integer(0), "divide": _integer(1)},
    ),
    "rules": _closed(
        "The configuration of a game; a missing field takes its default.",
        {
            "players": _integer(2, 4),
            "hand_size": _integer(1),
            "hand_limit": _integer(1),
            "min_play": _integer(1),
            "max_play": _integer(1),
            "points_to_win": _integer(1),
            "first_player": _integer(0, 3),
            "deck": _CARDS,
        },
        required=(),
    ),
    "play": _typed("play", "Play these cards (rule R4.2).", cards=_CARDS),
    "pass": _typed("pass", "Pass (rule R4.5)."),
    "discard": _typed("discard", "Discard these cards (rule R4.8).", cards=_CARDS),
    "next_round": _typed("next_round", "Start the next round (rule R5.4)."),
    "action": {
        "description": "Any of the four actions, by its type.",
        "oneOf": [_ref("play"), _ref("pass"), _ref("discard"), _ref("next_round")],
    },
    "state": _closed(
        "The whole table, hidden information included.",
        {
            "format": {"const": STATE_FORMAT},
            "version": {"const": FORMAT_VERSION},
            "rules": _ref("rules"),
            "seed": _DECIMAL_SCHEMA,
            "rng": _DECIMAL_SCHEMA,
            "phase": {"enum": list(PHASE_BY_NAME)},
            "current": _SEAT,
            "hands": {"type": "array", "items": _CARDS, "minItems": 2, "maxItems": 4},
            "points": {"type": "array", "items": _integer(0), "minItems": 2, "maxItems": 4},
            "to_beat": _nullable(_integer(0)),
            "standing": _CARDS,
            "standing_seat": _nullable(_SEAT),
            "passed": _SEATS,
            "deck": _CARDS,
            "discard": _CARDS,
        },
    ),
    "view": _closed(
        "The table as one seat sees it.",
        _VIEW_PROPERTIES,
        [name for name in _VIEW_PROPERTIES if name not in VIEW_DERIVED],
    ),
    "step": _closed(
        "One step of an explanation, citing its rule.",
        {"rule": _RULE_SCHEMA, "text": {"type": "string"}, "value": _integer(0)},
    ),
    "explanation": _closed(
        "How a play reaches its total (rules R2.1 to R2.8).",
        {
            "cards": _CARDS,
            "incoming": _ref("attack"),
            "cancelled": {"type": "boolean"},
            "adds": {"type": "array", "items": _integer(1, 9)},
            "subtract": _integer(0),
            "multipliers": {"type": "array", "items": {"enum": [2, 3]}},
            "divide": _integer(1),
            "total": _integer(0),
            "outgoing": _ref("attack"),
            "steps": {"type": "array", "items": _ref("step")},
        },
    ),
    "verdict": _closed(
        "Whether an action is legal, and why.",
        {
            "action": _ref("action"),
            "legal": {"type": "boolean"},
            "rule": _nullable(_RULE_SCHEMA),
            "reason": _nullable({"type": "string"}),
            "total": _nullable(_integer(0)),
            "explanation": _nullable(_ref("explanation")),
            "to_beat": _nullable(_integer(0)),
        },
    ),
    "record": _closed(
        "A whole match: rules, seed, actions, an optional stacked deck, tags.",
        {
            "format": {"const": RECORD_FORMAT},
            "version": {"const": FORMAT_VERSION},
            "rules": _ref("rules"),
            "seed": _DECIMAL_SCHEMA,
            "deck": _nullable(_CARDS),
            "actions": {"type": "array", "items": _ref("action")},
            "tags": {"type": "object", "additionalProperties": {"type": "string"}},
        },
        required=("format", "version", "rules", "seed"),
    ),
    "illegal_action": _closed(
        "An action the rules refuse: the rule and the reason (rule R7.1).",
        {"error": {"const": "illegal_action"}, "rule": _RULE_SCHEMA, "message": {"type": "string"}},
    ),
    "bad_input": _closed(
        "A document that is not valid: where (a JSON Pointer) and what was expected.",
        {
            "error": {"const": "bad_input"},
            "path": {"type": "string", "pattern": "^(/([^~/]|~[01])*)*$"},
            "message": {"type": "string"},
        },
    ),
    "played": _typed(
        "played",
        "A play (rules R4.3 to R4.6).",
        seat=_SEAT,
        cards={**_CARDS, "minItems": 1},
        total=_integer(0),
        faced=_ref("attack"),
        beat=_nullable(_integer(0)),
    ),
    "passed": _typed("passed", "A pass (rule R4.5).", seat=_SEAT),
    "must_discard": _typed(
        "must_discard",
        "A turn enters the discard phase (rule R4.8).",
        seat=_SEAT,
        count=_integer(1),
    ),
    "discarded": _typed(
        "discarded", "A discard (rule R4.8).", seat=_SEAT, cards={**_CARDS, "minItems": 1}
    ),
    "round_won": _typed(
        "round_won", "The round's point (rule R5.1).", seat=_SEAT, points=_integer(1)
    ),
    "match_won": _typed(
        "match_won", "The match is won (rule R5.2).", seat=_SEAT, points=_integer(1)
    ),
    "round_started": _typed("round_started", "A new round; seat opens it (rule R5.3).", seat=_SEAT),
    "reshuffled": _typed(
        "reshuffled", "The discard pile became the deck (rule R6.1).", size=_integer(1)
    ),
    "drew": _typed(
        "drew",
        "A turn-start draw (rule R4.1); card is null when hidden.",
        seat=_SEAT,
        card=_nullable(_ref("card")),
    ),
}
_DEFS["event"] = {
    "description": "Any event, by its type.",
    "oneOf": [_ref(name) for name in EVENT_DECODERS],
}

#: The schema's name of each type; the shipped file is ``schemas/<name>.json``.
SCHEMA_NAMES: Final[dict[object, str]] = {
    Card: "card",
    Attack: "attack",
    Rules: "rules",
    Play: "play",
    Pass: "pass",
    Discard: "discard",
    NextRound: "next_round",
    Action: "action",
    GameState: "state",
    PlayerView: "view",
    Step: "step",
    Explanation: "explanation",
    Verdict: "verdict",
    MatchRecord: "record",
    IllegalAction: "illegal_action",
    WireError: "bad_input",
    Event: "event",
    Played: "played",
    Passed: "passed",
    MustDiscard: "must_discard",
    Discarded: "discarded",
    RoundWon: "round_won",
    MatchWon: "match_won",
    RoundStarted: "round_started",
    Reshuffled: "reshuffled",
    Drew: "drew",
}


def _uses(name: str, found: set[str]) -> set[str]:
    """``name`` and every definition it refers to, transitively."""
    if name in found:
        return found
    found.add(name)
    for ref in re.findall(r'"#/\$defs/(\w+)"', json.dumps(_DEFS[name])):
        _uses(ref, found)
    return found


def schema(cls: object) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the documents :func:`encode` writes for ``cls``.

    ``cls`` is any type :func:`decode` takes. The schema is self-contained
    (its definitions are under ``$defs``) and is shipped with the package as
    ``raise_the_sum/schemas/<name>.json`` (see :data:`SCHEMA_NAMES`), for
    generating types in other languages. A schema says less than
    :func:`decode` checks (it cannot count cards, say), never more: every
    document :func:`decode` accepts fits it.

    >>> from raise_the_sum import Attack
    >>> schema(Attack)["$defs"]["attack"]["required"]
    ['subtract', 'divide']
    """
    name = for_class(SCHEMA_NAMES, cls, "schema")
    defs = {used: _DEFS[used] for used in sorted(_uses(name, set()))}
    document = {
        "$schema": _SCHEMA_DIALECT,
        "$id": f"urn:raise-the-sum:wire:{FORMAT_VERSION}:{name}",
        "title": f"raise-the-sum {name} (format version {FORMAT_VERSION})",
        "$ref": f"#/$defs/{name}",
        "$defs": defs,
    }
    copy: dict[str, Any] = json.loads(json.dumps(document))
    return copy
