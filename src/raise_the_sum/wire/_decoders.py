"""The wire format's reader: each type's JSON shape, checked, as a function to the value.

:data:`DECODERS` maps each type (and the unions ``Action`` and ``Event``) to
the function that reads it from a JSON value at a JSON Pointer, raising
:class:`~raise_the_sum.wire.WireError` for anything else; ``wire.decode``
looks the type up there.
"""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter
from collections.abc import Callable, Mapping
from operator import attrgetter
from types import MappingProxyType
from typing import Any, Final, NoReturn, TypeVar, cast

from raise_the_sum import _validate
from raise_the_sum.actions import Action, Discard, IllegalAction, NextRound, Pass, Play
from raise_the_sum.cards import Card, NotationError
from raise_the_sum.errors import cited_rule
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
from raise_the_sum.records import MatchRecord, tag_problem
from raise_the_sum.rng import Rng
from raise_the_sum.rulebook import parse_rule_id
from raise_the_sum.rules import Rules
from raise_the_sum.scoring import NO_ATTACK, Attack, Explanation, Step, explain, score
from raise_the_sum.state import GameState, InvalidState, Phase, validate
from raise_the_sum.verdicts import Verdict
from raise_the_sum.views import PlayerView
from raise_the_sum.wire._encoders import attack_object
from raise_the_sum.wire._errors import WireError, pointer
from raise_the_sum.wire._format import (
    CARD_SPELLINGS,
    FORMAT_VERSION,
    MAX_INT,
    MAX_SEED_DIGITS,
    PHASE_BY_NAME,
    RECORD_FORMAT,
    STATE_FORMAT,
    VIEW_FORMAT,
)

__all__ = ["DECODERS", "EVENT_DECODERS"]

T = TypeVar("T")

_index_of: Final = attrgetter("index")


def _fail(path: str, reason: str, rule: str | None = None) -> NoReturn:
    """Refuse the value at ``path``; a rule, when given, is cited at the reason's end."""
    if rule is None:
        raise WireError(path, reason)
    raise WireError(path, f"{reason} (rule {rule})", rule)


def _describe(value: object) -> str:
    """A short description of a JSON value, for messages."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if type(value) is int:
        if value.bit_length() > 64:
            return f"an integer of {value.bit_length()} bits"
        return str(value)
    if type(value) is float:
        return f"the number {value!r}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:32] + "..."
        return f"the string {shown!r}"
    if type(value) is list:
        return f"a list of {len(value)}"
    if type(value) is dict:
        return "an object"
    return f"a Python {type(value).__name__}"


def _text(value: object, path: str, what: str = "a string") -> str:
    if not isinstance(value, str):
        _fail(path, f"expected {what}, got {_describe(value)}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        _fail(path, f"expected {what} of valid Unicode, got a lone surrogate")
    return value


def _int(value: object, path: str, low: int = 0, high: int = MAX_INT, what: str = "") -> int:
    if type(value) is not int:
        _fail(path, f"expected {what or 'an integer'}, got {_describe(value)}")
    if not low <= value <= high:
        span = f"from {low}" if high == MAX_INT else f"from {low} to {high}"
        _fail(path, f"expected {what or 'an integer'} {span}, got {_describe(value)}")
    return value


def _optional_int(value: object, path: str, low: int = 0, what: str = "") -> int | None:
    if value is None:
        return None
    return _int(value, path, low, MAX_INT, f"{what or 'an integer'} or null")


def _bool(value: object, path: str) -> bool:
    if value is not True and value is not False:
        _fail(path, f"expected true or false, got {_describe(value)}")
    return value


def _list(value: object, path: str, what: str) -> list[object]:
    if type(value) is not list:
        _fail(path, f"expected {what}, got {_describe(value)}")
    return value


def _object(
    value: object, path: str, what: str, required: tuple[str, ...], optional: tuple[str, ...] = ()
) -> dict[str, object]:
    """``value`` as an object with these fields: no unknown one, none missing."""
    if type(value) is not dict:
        _fail(path, f"expected {what}, got {_describe(value)}")
    for key in value:
        if not isinstance(key, str):
            _fail(path, f"expected {what}, whose keys are strings; got the key {_describe(key)}")
        if key not in required and key not in optional:
            fields = ", ".join(repr(name) for name in (*required, *optional))
            _fail(pointer(path, key), f"unknown field {key!r} in {what}; its fields are {fields}")
    for key in required:
        if key not in value:
            _fail(path, f"{what} is missing its field {key!r}")
    return cast(dict[str, object], value)


def _card(value: object, path: str) -> Card:
    if not isinstance(value, str):
        _fail(path, f'expected a card (a string such as "+8"), got {_describe(value)}')
    try:
        return Card.parse(value)
    except NotationError as error:
        _fail(path, f"expected a card: {error.reason}", error.rule)


_CARD_BY_TEXT: Final = {text: Card.parse(text) for text in CARD_SPELLINGS}


def _card_list(value: object, path: str) -> list[Card]:
    items = _list(value, path, "a list of cards")
    try:
        # The common case in one pass; a path is built only for an error.
        return [_CARD_BY_TEXT[item] for item in items]  # type: ignore[index]
    except (KeyError, TypeError):
        for i, item in enumerate(items):
            _card(item, f"{path}/{i}")
        raise AssertionError("unreachable: a card was refused") from None


def _multiset(value: object, path: str) -> tuple[Card, ...]:
    """A list of cards in any order, as a sorted tuple (rule R1.4)."""
    cards = _card_list(value, path)
    cards.sort(key=_index_of)
    return tuple(cards)


def _pile_of(value: object, path: str) -> tuple[Card, ...]:
    """A list of cards in its own order."""
    return tuple(_card_list(value, path))


def _decimal(value: object, path: str, what: str) -> int:
    text = _text(value, path, f"{what} as a decimal string")
    if len(text) > MAX_SEED_DIGITS + 1 or not _DECIMAL.fullmatch(text):
        _fail(
            path,
            f'expected {what} as a decimal string (such as "-12"), got {_describe(value)}',
        )
    return int(text)


_DECIMAL: Final = _validate.SIGNED


def _format(value: dict[str, object], path: str, name: str) -> None:
    if value["format"] != name:
        _fail(
            pointer(path, "format"),
            f"expected the format {name!r}, got {_describe(value['format'])}",
        )
    version = value["version"]
    if type(version) is not int or version < 1:
        _fail(
            pointer(path, "version"), f"expected a format version from 1, got {_describe(version)}"
        )
    if version > FORMAT_VERSION:
        _fail(
            pointer(path, "version"),
            f"this is format version {version}; this library reads up to version {FORMAT_VERSION}",
        )


def _d_attack(value: object, path: str) -> Attack:
    obj = _object(value, path, "an attack", ("subtract", "divide"))
    subtract = _int(obj["subtract"], f"{path}/subtract", 0)
    divide = _int(obj["divide"], f"{path}/divide", 1)
    if subtract == 0 and divide == 1:
        return NO_ATTACK
    return Attack(subtract, divide)


_RULES_FIELDS: Final = (
    "players",
    "hand_size",
    "hand_limit",
    "min_play",
    "max_play",
    "points_to_win",
    "first_player",
    "deck",
)
_DEFAULT_RULES: Final = Rules()


def _d_rules(value: object, path: str) -> Rules:
    obj = _object(value, path, "rules", (), _RULES_FIELDS)
    fields: dict[str, Any] = {}
    for name in _RULES_FIELDS[:-1]:
        if name in obj:
            fields[name] = _int(obj[name], pointer(path, name), 0)
    if "deck" in obj:
        fields["deck"] = _multiset(obj["deck"], f"{path}/deck")
    if not fields:
        return _DEFAULT_RULES
    try:
        return Rules(**fields)
    except ValueError as error:
        message = str(error)
        name = message.split(":", 1)[0].removeprefix("Rules.")
        where = pointer(path, name) if name in _RULES_FIELDS else path
        _fail(where, message.split(": ", 1)[-1])


_ACTION_TYPES: Final = ("play", "pass", "discard", "next_round")


def _d_play(value: object, path: str) -> Play:
    obj = _object(value, path, "a play", ("type", "cards"))
    _type(obj, path, "play")
    return Play(_multiset(obj["cards"], f"{path}/cards"))


def _d_discard(value: object, path: str) -> Discard:
    obj = _object(value, path, "a discard", ("type", "cards"))
    _type(obj, path, "discard")
    return Discard(_multiset(obj["cards"], f"{path}/cards"))


_PASS: Final = Pass()
_NEXT_ROUND: Final = NextRound()


def _d_pass(value: object, path: str) -> Pass:
    _type(_object(value, path, "a pass", ("type",)), path, "pass")
    return _PASS


def _d_next_round(value: object, path: str) -> NextRound:
    _type(_object(value, path, "a next round", ("type",)), path, "next_round")
    return _NEXT_ROUND


def _type(obj: dict[str, object], path: str, name: str) -> None:
    if obj["type"] != name:
        _fail(f"{path}/type", f"expected the type {name!r}, got {_describe(obj['type'])}")


def _by_type(
    value: object, path: str, what: str, decoders: Mapping[str, Callable[[object, str], T]]
) -> T:
    if type(value) is not dict:
        _fail(path, f'expected {what} (an object with a "type"), got {_describe(value)}')
    if "type" not in value:
        _fail(path, f"{what} is missing its field 'type'")
    name = value["type"]
    decoder = decoders.get(name) if isinstance(name, str) else None
    if decoder is None:
        names = ", ".join(repr(n) for n in decoders)
        _fail(f"{path}/type", f"expected the type of {what}: one of {names}; got {_describe(name)}")
    return decoder(value, path)


_ACTION_DECODERS: Final[dict[str, Callable[[object, str], Action]]] = {
    "play": _d_play,
    "pass": _d_pass,
    "discard": _d_discard,
    "next_round": _d_next_round,
}


def _d_action(value: object, path: str) -> Action:
    return _by_type(value, path, "an action", _ACTION_DECODERS)


def _seat(value: object, path: str, players: int = 4) -> int:
    return _int(value, path, 0, players - 1, "a seat")


def _seats(value: object, path: str) -> frozenset[int]:
    items = _list(value, path, "a sorted list of seats")
    seats = [_int(item, f"{path}/{i}", 0, MAX_INT, "a seat") for i, item in enumerate(items)]
    if any(a >= b for a, b in itertools.pairwise(seats)):
        _fail(path, f"expected a sorted list of distinct seats, got {seats}")
    return frozenset(seats)


def _phase(value: object, path: str) -> Phase:
    phase = PHASE_BY_NAME.get(value) if isinstance(value, str) else None
    if phase is None:
        names = ", ".join(repr(n) for n in PHASE_BY_NAME)
        _fail(path, f"expected a phase: one of {names}; got {_describe(value)}")
    return phase


def _ints(value: object, path: str, what: str) -> tuple[int, ...]:
    items = _list(value, path, f"a list of {what}")
    return tuple(_int(item, f"{path}/{i}", 0, MAX_INT, what) for i, item in enumerate(items))


def _problem(error: InvalidState, path: str) -> NoReturn:
    where = path + "".join(f"/{part}" for part in error.where)
    _fail(where, error.reason, error.rule)


_STATE_FIELDS: Final = (
    "format",
    "version",
    "rules",
    "seed",
    "rng",
    "phase",
    "current",
    "hands",
    "points",
    "to_beat",
    "standing",
    "standing_seat",
    "passed",
    "deck",
    "discard",
)


def _d_state(value: object, path: str) -> GameState:
    obj = _object(value, path, "a state", _STATE_FIELDS)
    _format(obj, path, STATE_FORMAT)
    hands = _list(obj["hands"], f"{path}/hands", "a list of hands")
    state = GameState(
        rules=_d_rules(obj["rules"], f"{path}/rules"),
        seed=_decimal(obj["seed"], f"{path}/seed", "a seed"),
        rng=_d_rng(obj["rng"], f"{path}/rng"),
        phase=_phase(obj["phase"], f"{path}/phase"),
        current=_int(obj["current"], f"{path}/current", 0, MAX_INT, "a seat"),
        hands=tuple(_multiset(hand, f"{path}/hands/{i}") for i, hand in enumerate(hands)),
        points=_ints(obj["points"], f"{path}/points", "points"),
        to_beat=_optional_int(obj["to_beat"], f"{path}/to_beat"),
        standing=_multiset(obj["standing"], f"{path}/standing"),
        standing_seat=_optional_int(obj["standing_seat"], f"{path}/standing_seat", 0, "a seat"),
        passed=_seats(obj["passed"], f"{path}/passed"),
        deck=_pile_of(obj["deck"], f"{path}/deck"),
        discard=_pile_of(obj["discard"], f"{path}/discard"),
    )
    try:
        validate(state)
    except InvalidState as error:
        _problem(error, path)
    return state


def _d_rng(value: object, path: str) -> Rng:
    state = _decimal(value, path, "the generator's state")
    if not 0 <= state < 2**64:
        _fail(path, f"expected the generator's state from 0 to 2**64 - 1, got {_describe(value)}")
    return Rng(state)


_VIEW_FIELDS: Final = (
    "format",
    "version",
    "rules",
    "seat",
    "phase",
    "current",
    "hand",
    "hand_sizes",
    "to_beat",
    "attack",
    "standing",
    "standing_seat",
    "passed",
    "points",
    "deck_size",
    "discard",
)


#: Fields a view's document may hold, derived from the others: checked, never needed.
VIEW_DERIVED: Final = ("players", "active")


def _d_view(value: object, path: str) -> PlayerView:
    obj = _object(value, path, "a view", _VIEW_FIELDS, VIEW_DERIVED)
    _format(obj, path, VIEW_FORMAT)
    rules = _d_rules(obj["rules"], f"{path}/rules")
    view = PlayerView(
        rules=rules,
        seat=_seat(obj["seat"], f"{path}/seat", rules.players),
        phase=_phase(obj["phase"], f"{path}/phase"),
        current=_int(obj["current"], f"{path}/current", 0, MAX_INT, "a seat"),
        hand=_multiset(obj["hand"], f"{path}/hand"),
        hand_sizes=_ints(obj["hand_sizes"], f"{path}/hand_sizes", "hand sizes"),
        to_beat=_optional_int(obj["to_beat"], f"{path}/to_beat"),
        attack=_d_attack(obj["attack"], f"{path}/attack"),
        standing=_multiset(obj["standing"], f"{path}/standing"),
        standing_seat=_optional_int(obj["standing_seat"], f"{path}/standing_seat", 0, "a seat"),
        passed=_seats(obj["passed"], f"{path}/passed"),
        points=_ints(obj["points"], f"{path}/points", "points"),
        deck_size=_int(obj["deck_size"], f"{path}/deck_size", 0, MAX_INT, "a deck size"),
        discard=_pile_of(obj["discard"], f"{path}/discard"),
    )
    try:
        validate(view)  # the view's checks, as a state's (rules R3.1, R4.11, R6.2, ...)
    except InvalidState as error:
        _problem(error, path)
    if "players" in obj:
        players = _int(obj["players"], f"{path}/players", 2, 4, "a number of players")
        if players != view.players:
            _fail(f"{path}/players", f"expected {view.players}, the rules' players")
    if "active" in obj:
        active = _seats(obj["active"], f"{path}/active")
        if active != frozenset(view.active):
            _fail(f"{path}/active", f"expected {list(view.active)}, the seats that have not passed")
    return view


def _d_step(value: object, path: str) -> Step:
    obj = _object(value, path, "a step", ("rule", "text", "value"))
    rule = _rule(obj["rule"], f"{path}/rule")
    return Step(rule, _text(obj["text"], f"{path}/text"), _int(obj["value"], f"{path}/value", 0))


def _rule(value: object, path: str) -> str:
    """A rule's id in its canonical form (the rulebook's one grammar, strictly)."""
    text = _text(value, path, "a rule's id")
    try:
        return parse_rule_id(text, strict=True)
    except ValueError:
        _fail(path, f'expected a rule\'s id such as "R4.4", got {_describe(value)}')


_EXPLANATION_FIELDS: Final = (
    "cards",
    "incoming",
    "cancelled",
    "adds",
    "subtract",
    "multipliers",
    "divide",
    "total",
    "outgoing",
    "steps",
)


def _d_explanation(value: object, path: str) -> Explanation:
    obj = _object(value, path, "an explanation", _EXPLANATION_FIELDS)
    steps = _list(obj["steps"], f"{path}/steps", "a list of steps")
    got = Explanation(
        cards=_multiset(obj["cards"], f"{path}/cards"),
        incoming=_d_attack(obj["incoming"], f"{path}/incoming"),
        cancelled=_bool(obj["cancelled"], f"{path}/cancelled"),
        adds=_ints(obj["adds"], f"{path}/adds", "Add values"),
        subtract=_int(obj["subtract"], f"{path}/subtract", 0),
        multipliers=_ints(obj["multipliers"], f"{path}/multipliers", "Multiply values"),
        divide=_int(obj["divide"], f"{path}/divide", 1),
        total=_int(obj["total"], f"{path}/total", 0),
        outgoing=_d_attack(obj["outgoing"], f"{path}/outgoing"),
        steps=tuple(_d_step(step, f"{path}/steps/{i}") for i, step in enumerate(steps)),
    )
    # The numbers follow from the cards and the attack (rules R2.1 to R2.8); the
    # steps' words may change from one release to the next, so they are not compared.
    want = explain(got.cards, got.incoming)
    for name in _EXPLANATION_FIELDS[2:-1]:
        if getattr(got, name) != getattr(want, name):
            _fail(
                f"{path}/{name}",
                f"the {name} of these cards against this attack is {_plain(getattr(want, name))}, "
                f"not {_plain(getattr(got, name))} (rules R2.1 to R2.8)",
            )
    return got


def _plain(value: object) -> str:
    """A field's value as JSON text, for messages."""
    if isinstance(value, Attack):
        return json.dumps(attack_object(value))
    if isinstance(value, tuple):
        return json.dumps(list(value))
    return json.dumps(value)


def _d_verdict(value: object, path: str) -> Verdict:
    obj = _object(
        value,
        path,
        "a verdict",
        ("action", "legal", "rule", "reason", "total", "explanation", "to_beat"),
    )
    legal = _bool(obj["legal"], f"{path}/legal")
    rule = None if obj["rule"] is None else _rule(obj["rule"], f"{path}/rule")
    reason = None if obj["reason"] is None else _text(obj["reason"], f"{path}/reason")
    if legal and (rule is not None or reason is not None):
        _fail(path, "a legal verdict has a null rule and reason")
    if not legal and (rule is None or reason is None):
        _fail(path, "an illegal verdict has a rule and a reason")
    explanation = obj["explanation"]
    return Verdict(
        action=_d_action(obj["action"], f"{path}/action"),
        legal=legal,
        rule=rule,
        reason=reason,
        total=_optional_int(obj["total"], f"{path}/total"),
        explanation=None
        if explanation is None
        else _d_explanation(explanation, f"{path}/explanation"),
        to_beat=_optional_int(obj["to_beat"], f"{path}/to_beat"),
    )


def _d_record(value: object, path: str) -> MatchRecord:
    obj = _object(
        value,
        path,
        "a match record",
        ("format", "version", "rules", "seed"),
        ("actions", "deck", "tags"),
    )
    _format(obj, path, RECORD_FORMAT)
    rules = _d_rules(obj["rules"], f"{path}/rules")
    actions = _list(obj.get("actions", []), f"{path}/actions", "a list of actions")
    deck = obj.get("deck")
    stacked = None
    if deck is not None:
        stacked = _pile_of(deck, f"{path}/deck")
        if Counter(stacked) != Counter(rules.deck):
            _fail(f"{path}/deck", "expected a reordering of the rules' deck", "R1.2")
    tags = obj.get("tags", {})
    if type(tags) is not dict:
        _fail(f"{path}/tags", f"expected an object of strings, got {_describe(tags)}")
    for key, tag in tags.items():
        _text(key, f"{path}/tags", "tag names as strings")
        _text(tag, pointer(f"{path}/tags", key), "a tag's value as a string")
        problem = tag_problem(key, tag)
        if problem is not None:
            _, reason, where = problem
            _fail(f"{path}/tags" if where == "name" else pointer(f"{path}/tags", key), reason)
    seed = _decimal(obj["seed"], f"{path}/seed", "a seed")
    decoded = tuple(_d_action(a, f"{path}/actions/{i}") for i, a in enumerate(actions))
    try:
        return MatchRecord(
            rules=rules, seed=seed, actions=decoded, deck=stacked, tags=MappingProxyType(dict(tags))
        )
    except ValueError as error:  # what the record checks across its fields (seat tags and players)
        message = str(error)
        field = message.split(":", 1)[0].removeprefix("MatchRecord.")
        where = f"{path}/{field}" if field in ("rules", "seed", "actions", "deck", "tags") else path
        _fail(where, message.split(": ", 1)[-1])


def _d_illegal(value: object, path: str) -> IllegalAction:
    obj = _object(value, path, "an illegal-action error", ("error", "rule", "message"))
    if obj["error"] != "illegal_action":
        _fail(f"{path}/error", f'expected "illegal_action", got {_describe(obj["error"])}')
    rule = _rule(obj["rule"], f"{path}/rule")
    return IllegalAction(rule, _text(obj["message"], f"{path}/message"))


_POINTER: Final = re.compile(r"(?:/(?:[^~/]|~[01])*)*")


def _d_wire_error(value: object, path: str) -> WireError:
    obj = _object(value, path, "a bad-input error", ("error", "path", "message"))
    if obj["error"] != "bad_input":
        _fail(f"{path}/error", f'expected "bad_input", got {_describe(obj["error"])}')
    pointer = _text(obj["path"], f"{path}/path", "a JSON Pointer")
    if not _POINTER.fullmatch(pointer):
        _fail(
            f"{path}/path", f'expected a JSON Pointer such as "/cards/1", got {_describe(pointer)}'
        )
    message = _text(obj["message"], f"{path}/message")
    return WireError(pointer, message, cited_rule(message))


def _d_card(value: object, path: str) -> Card:
    return _card(value, path)


def _event(name: str, fields: tuple[str, ...]) -> Callable[[object, str], dict[str, object]]:
    def read(value: object, path: str) -> dict[str, object]:
        obj = _object(value, path, f"a {name!r} event", ("type", *fields))
        _type(obj, path, name)
        return obj

    return read


def _d_played(value: object, path: str) -> Played:
    obj = _event("played", ("seat", "cards", "total", "faced", "beat"))(value, path)
    cards = _multiset(obj["cards"], f"{path}/cards")
    if not cards:
        _fail(f"{path}/cards", "expected the cards played, got none", "R4.2")
    faced = _d_attack(obj["faced"], f"{path}/faced")
    total = _int(obj["total"], f"{path}/total", 0)
    if total != score(cards, faced):
        _fail(
            f"{path}/total",
            f"these cards total {score(cards, faced)} against this attack, not {total}",
            "R2.5",
        )
    beat = _optional_int(obj["beat"], f"{path}/beat")
    if beat is not None and beat >= total:
        _fail(
            f"{path}/beat",
            f"a reply totals more than the score it beats: {total} > {beat}",
            "R4.4",
        )
    return Played(_seat(obj["seat"], f"{path}/seat"), cards, total, faced, beat)


def _d_passed(value: object, path: str) -> Passed:
    obj = _event("passed", ("seat",))(value, path)
    return Passed(_seat(obj["seat"], f"{path}/seat"))


def _d_must_discard(value: object, path: str) -> MustDiscard:
    obj = _event("must_discard", ("seat", "count"))(value, path)
    return MustDiscard(_seat(obj["seat"], f"{path}/seat"), _int(obj["count"], f"{path}/count", 1))


def _d_discarded(value: object, path: str) -> Discarded:
    obj = _event("discarded", ("seat", "cards"))(value, path)
    cards = _multiset(obj["cards"], f"{path}/cards")
    if not cards:
        _fail(f"{path}/cards", "expected the cards discarded, got none", "R4.8")
    return Discarded(_seat(obj["seat"], f"{path}/seat"), cards)


def _d_round_won(value: object, path: str) -> RoundWon:
    obj = _event("round_won", ("seat", "points"))(value, path)
    return RoundWon(_seat(obj["seat"], f"{path}/seat"), _int(obj["points"], f"{path}/points", 1))


def _d_match_won(value: object, path: str) -> MatchWon:
    obj = _event("match_won", ("seat", "points"))(value, path)
    return MatchWon(_seat(obj["seat"], f"{path}/seat"), _int(obj["points"], f"{path}/points", 1))


def _d_round_started(value: object, path: str) -> RoundStarted:
    obj = _event("round_started", ("seat",))(value, path)
    return RoundStarted(_seat(obj["seat"], f"{path}/seat"))


def _d_reshuffled(value: object, path: str) -> Reshuffled:
    obj = _event("reshuffled", ("size",))(value, path)
    return Reshuffled(_int(obj["size"], f"{path}/size", 1))


def _d_drew(value: object, path: str) -> Drew:
    obj = _event("drew", ("seat", "card"))(value, path)
    card = obj["card"]
    return Drew(
        _seat(obj["seat"], f"{path}/seat"),
        None if card is None else _card(card, f"{path}/card"),
    )


EVENT_DECODERS: Final[dict[str, Callable[[object, str], Event]]] = {
    "played": _d_played,
    "passed": _d_passed,
    "must_discard": _d_must_discard,
    "discarded": _d_discarded,
    "round_won": _d_round_won,
    "match_won": _d_match_won,
    "round_started": _d_round_started,
    "reshuffled": _d_reshuffled,
    "drew": _d_drew,
}


def _d_event(value: object, path: str) -> Event:
    return _by_type(value, path, "an event", EVENT_DECODERS)


DECODERS: Final[dict[object, Callable[[object, str], Any]]] = {
    Card: _d_card,
    Attack: _d_attack,
    Rules: _d_rules,
    Play: _d_play,
    Pass: _d_pass,
    Discard: _d_discard,
    NextRound: _d_next_round,
    Action: _d_action,
    GameState: _d_state,
    PlayerView: _d_view,
    Step: _d_step,
    Explanation: _d_explanation,
    Verdict: _d_verdict,
    MatchRecord: _d_record,
    IllegalAction: _d_illegal,
    WireError: _d_wire_error,
    Event: _d_event,
    Played: _d_played,
    Passed: _d_passed,
    MustDiscard: _d_must_discard,
    Discarded: _d_discarded,
    RoundWon: _d_round_won,
    MatchWon: _d_match_won,
    RoundStarted: _d_round_started,
    Reshuffled: _d_reshuffled,
    Drew: _d_drew,
}
