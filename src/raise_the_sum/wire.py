"""The wire format: every public value as JSON, and back (format version 1).

:func:`encode` turns a library value into a JSON value made only of
``dict``, ``list``, ``str``, ``int``, ``bool`` and ``None``, with a fixed key
order; :func:`decode` is its inverse and checks everything, so that a
front end in any language, a game server or a save file can hand the
library a document and get either a value the rules allow or a
:class:`WireError` that says where (a JSON Pointer) and what was expected.
:func:`dumps` and :func:`loads` do the same with compact UTF-8 JSON text,
and :func:`schema` gives the JSON Schema (draft 2020-12) of each shape.

>>> from raise_the_sum import Play, parse_cards
>>> dumps(Play(parse_cards("x2 +8")))
'{"type":"play","cards":["+8","x2"]}'
>>> loads(Action, '{"type": "play", "cards": ["+8", "x4"]}')
Traceback (most recent call last):
...
raise_the_sum.wire.WireError: /cards/1: expected a card: a Multiply card's value is 2 or 3 (rule R1.6)

The shapes, the checks and the versioning promise are on the documentation's
"Wire format" page. The machinery is written by hand rather than with
``cattrs``: it was measured faster for the hot path (a view with its legal
actions) and it gives the JSON Pointers and the bool-is-not-an-int
strictness directly (see ``benchmarks/bench_wire.py``).
"""  # noqa: E501

from __future__ import annotations

import itertools
import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from importlib import resources
from operator import attrgetter
from types import MappingProxyType
from typing import Any, Final, NoReturn, TypeAlias, TypeVar, cast, overload

from raise_the_sum.actions import Action, Discard, IllegalAction, NextRound, Pass, Play
from raise_the_sum.cards import ALL_CARDS, Card, NotationError
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
from raise_the_sum.rules import Rules
from raise_the_sum.scoring import NO_ATTACK, Attack, Explanation, Step, attack_of, explain, score
from raise_the_sum.state import GameState, InvalidState, Phase, check_table, validate
from raise_the_sum.verdicts import Verdict
from raise_the_sum.views import PlayerView

__all__ = [
    "FORMAT_VERSION",
    "JSON",
    "WireError",
    "decode",
    "dumps",
    "encode",
    "loads",
    "schema",
]

#: A JSON value as :func:`encode` gives it and :func:`decode` takes it.
JSON: TypeAlias = "dict[str, JSON] | list[JSON] | str | int | bool | None"

#: The format version this library writes, and the newest it reads.
FORMAT_VERSION: Final = 1

#: The largest integer the format carries as a number: JavaScript's
#: ``Number.MAX_SAFE_INTEGER``. Seeds and the generator's state, which can be
#: larger, are decimal strings.
MAX_INT: Final = 2**53 - 1

#: The most digits of a seed's decimal string (Python's own limit for int(str)).
_MAX_SEED_DIGITS: Final = 4300

_STATE_FORMAT: Final = "raise-the-sum/state"
_VIEW_FORMAT: Final = "raise-the-sum/view"
_RECORD_FORMAT: Final = "raise-the-sum/record"

T = TypeVar("T")


class WireError(ValueError):
    """A JSON value that is not a valid document of the expected type.

    :attr:`path` is a JSON Pointer (RFC 6901) to the offending place, ``""``
    for the whole document; :attr:`reason` says what was expected there.

    >>> error = WireError("/cards/1", "expected a card, got 5")
    >>> str(error), error.path, error.reason
    ('/cards/1: expected a card, got 5', '/cards/1', 'expected a card, got 5')
    >>> encode(error)
    {'error': 'bad_input', 'path': '/cards/1', 'message': 'expected a card, got 5'}
    """

    #: Where the problem is: a JSON Pointer, ``""`` for the whole document.
    path: str
    #: What was expected there, and what was found.
    reason: str

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path or '(the document)'}: {reason}")
        self.path = path
        self.reason = reason

    def __reduce__(self) -> tuple[type[WireError], tuple[str, str]]:
        return (WireError, (self.path, self.reason))


# -- encoding ------------------------------------------------------------------------------

_CARD_TEXT: Final = tuple(str(card) for card in ALL_CARDS)
_PHASE_NAME: Final = {
    Phase.PLAY: "play",
    Phase.DISCARD: "discard",
    Phase.ROUND_OVER: "round_over",
    Phase.MATCH_OVER: "match_over",
}
_PHASE_BY_NAME: Final = {name: phase for phase, name in _PHASE_NAME.items()}


_text_of: Final = _CARD_TEXT.__getitem__
_index_of: Final = attrgetter("index")


def _cards(cards: Iterable[Card]) -> list[JSON]:
    """A multiset of cards: written in card order (rule R1.4)."""
    return list(map(_text_of, sorted(map(_index_of, cards))))


def _pile(cards: Iterable[Card]) -> list[JSON]:
    """A pile of cards: written in its own order (also a multiset already sorted)."""
    return list(map(_text_of, map(_index_of, cards)))


def _attack(attack: Attack) -> dict[str, JSON]:
    return {"subtract": attack.subtract, "divide": attack.divide}


# Rules are encoded often (in every view and state) and rarely differ: keep the
# last few encodings, keyed by the object itself (held, so that it is never freed).
_rules_cache: list[tuple[Rules, dict[str, JSON]]] = []


def _rules(rules: Rules) -> dict[str, JSON]:
    for held, cached in _rules_cache:
        if held is rules:
            encoded = cached
            break
    else:
        encoded = {
            "players": rules.players,
            "hand_size": rules.hand_size,
            "hand_limit": rules.hand_limit,
            "min_play": rules.min_play,
            "max_play": rules.max_play,
            "points_to_win": rules.points_to_win,
            "first_player": rules.first_player,
            "deck": _cards(rules.deck),
        }
        _rules_cache.insert(0, (rules, encoded))
        del _rules_cache[8:]
    out = encoded.copy()
    out["deck"] = list(cast(list[JSON], encoded["deck"]))
    return out


# Play and Discard keep their cards sorted (their converter sorts them), so the
# hot path of a view's legal actions writes them as they are.
def _play(action: Play) -> dict[str, JSON]:
    return {"type": "play", "cards": _pile(action.cards)}


def _pass(action: Pass) -> dict[str, JSON]:
    return {"type": "pass"}


def _discard(action: Discard) -> dict[str, JSON]:
    return {"type": "discard", "cards": _pile(action.cards)}


def _next_round(action: NextRound) -> dict[str, JSON]:
    return {"type": "next_round"}


def _state(state: GameState) -> dict[str, JSON]:
    return {
        "format": _STATE_FORMAT,
        "version": FORMAT_VERSION,
        "rules": _rules(state.rules),
        "seed": str(state.seed),
        "rng": str(state.rng.state),
        "phase": _PHASE_NAME[state.phase],
        "current": state.current,
        "hands": [_cards(hand) for hand in state.hands],
        "points": list(state.points),
        "to_beat": state.to_beat,
        "standing": _cards(state.standing),
        "standing_seat": state.standing_seat,
        "passed": list(sorted(state.passed)),  # noqa: C413 (list() types it as JSON)
        "deck": _pile(state.deck),
        "discard": _pile(state.discard),
    }


def _view(view: PlayerView) -> dict[str, JSON]:
    return {
        "format": _VIEW_FORMAT,
        "version": FORMAT_VERSION,
        "rules": _rules(view.rules),
        "seat": view.seat,
        "phase": _PHASE_NAME[view.phase],
        "current": view.current,
        "hand": _cards(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "to_beat": view.to_beat,
        "attack": _attack(view.attack),
        "standing": _cards(view.standing),
        "standing_seat": view.standing_seat,
        "passed": list(sorted(view.passed)),  # noqa: C413 (list() types it as JSON)
        "points": list(view.points),
        "deck_size": view.deck_size,
        "discard": _pile(view.discard),
        "players": view.players,
        "active": list(view.active),
    }


def _step(step: Step) -> dict[str, JSON]:
    return {"rule": step.rule, "text": step.text, "value": step.value}


def _explanation(e: Explanation) -> dict[str, JSON]:
    return {
        "cards": _cards(e.cards),
        "incoming": _attack(e.incoming),
        "cancelled": e.cancelled,
        "adds": list(e.adds),
        "subtract": e.subtract,
        "multipliers": list(e.multipliers),
        "divide": e.divide,
        "total": e.total,
        "outgoing": _attack(e.outgoing),
        "steps": [_step(step) for step in e.steps],
    }


def _verdict(v: Verdict) -> dict[str, JSON]:
    return {
        "action": encode(v.action),
        "legal": v.legal,
        "rule": v.rule,
        "reason": v.reason,
        "total": v.total,
        "explanation": None if v.explanation is None else _explanation(v.explanation),
        "to_beat": v.to_beat,
    }


def _record(r: MatchRecord) -> dict[str, JSON]:
    return {
        "format": _RECORD_FORMAT,
        "version": FORMAT_VERSION,
        "rules": _rules(r.rules),
        "seed": str(r.seed),
        "deck": None if r.deck is None else _pile(r.deck),
        "actions": [encode(action) for action in r.actions],
        "tags": {key: r.tags[key] for key in sorted(r.tags)},
    }


def _illegal(error: IllegalAction) -> dict[str, JSON]:
    return {"error": "illegal_action", "rule": error.rule, "message": error.reason}


def _wire_error(error: WireError) -> dict[str, JSON]:
    return {"error": "bad_input", "path": error.path, "message": error.reason}


_ENCODERS: Final[dict[type, Callable[[Any], JSON]]] = {
    Card: lambda card: _CARD_TEXT[card.index],
    Attack: _attack,
    Rules: _rules,
    Play: _play,
    Pass: _pass,
    Discard: _discard,
    NextRound: _next_round,
    GameState: _state,
    PlayerView: _view,
    Step: _step,
    Explanation: _explanation,
    Verdict: _verdict,
    MatchRecord: _record,
    IllegalAction: _illegal,
    WireError: _wire_error,
    Played: lambda e: {
        "type": "played",
        "seat": e.seat,
        "cards": _cards(e.cards),
        "total": e.total,
        "faced": _attack(e.faced),
        "beat": e.beat,
    },
    Passed: lambda e: {"type": "passed", "seat": e.seat},
    MustDiscard: lambda e: {"type": "must_discard", "seat": e.seat, "count": e.count},
    Discarded: lambda e: {"type": "discarded", "seat": e.seat, "cards": _cards(e.cards)},
    RoundWon: lambda e: {"type": "round_won", "seat": e.seat, "points": e.points},
    MatchWon: lambda e: {"type": "match_won", "seat": e.seat, "points": e.points},
    RoundStarted: lambda e: {"type": "round_started", "seat": e.seat},
    Reshuffled: lambda e: {"type": "reshuffled", "size": e.size},
    Drew: lambda e: {
        "type": "drew",
        "seat": e.seat,
        "card": None if e.card is None else _CARD_TEXT[e.card.index],
    },
}


#: The types :func:`encode` writes as a JSON object.
Encodable: TypeAlias = (
    Attack
    | Rules
    | Action
    | GameState
    | PlayerView
    | Step
    | Explanation
    | Verdict
    | MatchRecord
    | IllegalAction
    | WireError
    | Event
)


@overload
def encode(obj: Card) -> str: ...
@overload
def encode(obj: Encodable) -> dict[str, JSON]: ...
@overload
def encode(obj: object) -> JSON: ...
def encode(obj: object) -> JSON:
    """``obj`` as a JSON value: dicts, lists, strs, ints, bools and None only.

    Covers :class:`~raise_the_sum.Card`, :class:`~raise_the_sum.Attack`,
    :class:`~raise_the_sum.Rules`, the four actions,
    :class:`~raise_the_sum.GameState`, :class:`~raise_the_sum.PlayerView`,
    :class:`~raise_the_sum.Verdict`, :class:`~raise_the_sum.Explanation` and
    its :class:`~raise_the_sum.Step`, every event of
    ``raise_the_sum.events``, ``MatchRecord`` (``raise_the_sum.records``),
    :class:`~raise_the_sum.IllegalAction` and :class:`WireError`. The keys
    come in a fixed order, and equal values give equal JSON.

    >>> from raise_the_sum import Attack, IllegalAction
    >>> encode(Attack(subtract=2, divide=3))
    {'subtract': 2, 'divide': 3}
    >>> encode(IllegalAction("R4.4", "a reply must beat 12; this play totals 12"))
    {'error': 'illegal_action', 'rule': 'R4.4', 'message': 'a reply must beat 12; this play totals 12'}

    Raises :class:`TypeError` for a value of another type.
    """  # noqa: E501
    encoder = _ENCODERS.get(type(obj))
    if encoder is None:
        raise TypeError(f"encode: cannot encode a {type(obj).__name__}: {obj!r:.80}")
    try:
        return encoder(obj)
    except (AttributeError, IndexError, KeyError, TypeError) as error:
        raise TypeError(
            f"encode: this {type(obj).__name__} holds a value of the wrong type ({error})"
        ) from None


def dumps(obj: object) -> str:
    """``encode(obj)`` as compact JSON text (no spaces; UTF-8 when encoded to bytes).

    >>> from raise_the_sum import Pass
    >>> dumps(Pass())
    '{"type":"pass"}'
    """
    return json.dumps(encode(obj), ensure_ascii=False, separators=(",", ":"), allow_nan=False)


# -- decoding ------------------------------------------------------------------------------


def _fail(path: str, reason: str) -> NoReturn:
    raise WireError(path, reason)


def _key(path: str, key: str) -> str:
    """The JSON Pointer of ``key`` inside the object at ``path`` (RFC 6901 escapes)."""
    return f"{path}/{key.replace('~', '~0').replace('/', '~1')}"


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
            _fail(_key(path, key), f"unknown field {key!r} in {what}; its fields are {fields}")
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
        _fail(path, f"expected a card: {error.reason} (rule {error.rule})")


#: Every spelling of a card that decode accepts: the ASCII notation and the guide's signs.
_CARD_SPELLINGS: Final = [
    *(str(card) for card in ALL_CARDS),
    *(format(card, "u") for card in ALL_CARDS if format(card, "u") != str(card)),
]
_CARD_BY_TEXT: Final = {text: Card.parse(text) for text in _CARD_SPELLINGS}


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
    if len(text) > _MAX_SEED_DIGITS + 1 or not _DECIMAL.fullmatch(text):
        _fail(
            path,
            f'expected {what} as a decimal string (such as "-12"), got {_describe(value)}',
        )
    return int(text)


_DECIMAL: Final = re.compile(r"-?(?:0|[1-9][0-9]*)")


def _format(value: dict[str, object], path: str, name: str) -> None:
    if value["format"] != name:
        _fail(
            _key(path, "format"), f"expected the format {name!r}, got {_describe(value['format'])}"
        )
    version = value["version"]
    if type(version) is not int or version < 1:
        _fail(_key(path, "version"), f"expected a format version from 1, got {_describe(version)}")
    if version > FORMAT_VERSION:
        _fail(
            _key(path, "version"),
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
            fields[name] = _int(obj[name], _key(path, name), 0)
    if "deck" in obj:
        fields["deck"] = _multiset(obj["deck"], f"{path}/deck")
    if not fields:
        return _DEFAULT_RULES
    try:
        return Rules(**fields)
    except ValueError as error:
        message = str(error)
        name = message.split(":", 1)[0].removeprefix("Rules.")
        where = _key(path, name) if name in _RULES_FIELDS else path
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
    phase = _PHASE_BY_NAME.get(value) if isinstance(value, str) else None
    if phase is None:
        names = ", ".join(repr(n) for n in _PHASE_BY_NAME)
        _fail(path, f"expected a phase: one of {names}; got {_describe(value)}")
    return phase


def _ints(value: object, path: str, what: str) -> tuple[int, ...]:
    items = _list(value, path, f"a list of {what}")
    return tuple(_int(item, f"{path}/{i}", 0, MAX_INT, what) for i, item in enumerate(items))


def _problem(error: InvalidState, path: str) -> NoReturn:
    where = path + "".join(f"/{part}" for part in error.where)
    _fail(where, f"{error.reason} (rule {error.rule})")


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
    _format(obj, path, _STATE_FORMAT)
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
_VIEW_DERIVED: Final = ("players", "active")


def _d_view(value: object, path: str) -> PlayerView:
    obj = _object(value, path, "a view", _VIEW_FIELDS, _VIEW_DERIVED)
    _format(obj, path, _VIEW_FORMAT)
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
        _check_view(view)
    except InvalidState as error:
        _problem(error, path)
    if "players" in obj and obj["players"] != view.players:
        _fail(f"{path}/players", f"expected {view.players}, the rules' players")
    if "active" in obj and obj["active"] != list(view.active):
        _fail(f"{path}/active", f"expected {list(view.active)}, the seats that have not passed")
    return view


def _check_view(view: PlayerView) -> None:
    """What a view must satisfy: the public checks of a state, and its own counts."""
    rules = view.rules
    if len(view.hand_sizes) != rules.players:
        raise InvalidState(
            ("hand_sizes",),
            f"one size per seat: {rules.players}, got {len(view.hand_sizes)}",
            "R3.1",
            "PlayerView",
        )
    if view.hand_sizes[view.seat] != len(view.hand):
        raise InvalidState(
            ("hand_sizes", view.seat),
            f"the seat's own hand holds {len(view.hand)} cards, not {view.hand_sizes[view.seat]}",
            "R6.2",
            "PlayerView",
        )
    check_table(
        "PlayerView",
        rules,
        view.phase,
        view.current,
        view.hand_sizes,
        view.points,
        view.to_beat,
        view.standing,
        view.standing_seat,
        view.passed,
    )
    if view.attack != attack_of(view.standing):
        raise InvalidState(
            ("attack",),
            f"the attack is the standing play's: {attack_of(view.standing)}, not {view.attack}",
            "R4.11",
            "PlayerView",
        )
    seen = Counter(view.hand)
    seen.update(view.standing)
    seen.update(view.discard)
    extra = seen - Counter(rules.deck)
    if extra:
        raise InvalidState(
            (),
            "the hand, the standing play and the discard pile hold cards the deck "
            f"does not: extra {' '.join(map(str, sorted(extra.elements())))}",
            "R6.2",
            "PlayerView",
        )
    counted = sum(view.hand_sizes) + view.deck_size + len(view.standing) + len(view.discard)
    if counted != len(rules.deck):
        raise InvalidState(
            ("deck_size",),
            f"the hands, the deck, the standing play and the discard pile hold {counted} "
            f"cards; the rules' deck has {len(rules.deck)}",
            "R6.2",
            "PlayerView",
        )


def _d_step(value: object, path: str) -> Step:
    obj = _object(value, path, "a step", ("rule", "text", "value"))
    rule = _rule(obj["rule"], f"{path}/rule")
    return Step(rule, _text(obj["text"], f"{path}/text"), _int(obj["value"], f"{path}/value", 0))


_RULE_ID: Final = re.compile(r"R[1-9][0-9]?\.[1-9][0-9]?")


def _rule(value: object, path: str) -> str:
    text = _text(value, path, "a rule's id")
    if not _RULE_ID.fullmatch(text):
        _fail(path, f'expected a rule\'s id such as "R4.4", got {_describe(value)}')
    return text


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
        return json.dumps(_attack(value))
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
    _format(obj, path, _RECORD_FORMAT)
    rules = _d_rules(obj["rules"], f"{path}/rules")
    actions = _list(obj.get("actions", []), f"{path}/actions", "a list of actions")
    deck = obj.get("deck")
    stacked = None
    if deck is not None:
        stacked = _pile_of(deck, f"{path}/deck")
        if Counter(stacked) != Counter(rules.deck):
            _fail(f"{path}/deck", "expected a reordering of the rules' deck (rule R1.2)")
    tags = obj.get("tags", {})
    if type(tags) is not dict:
        _fail(f"{path}/tags", f"expected an object of strings, got {_describe(tags)}")
    for key, tag in tags.items():
        _text(key, f"{path}/tags", "tag names as strings")
        _text(tag, _key(f"{path}/tags", key), "a tag's value as a string")
        problem = tag_problem(key, tag)
        if problem is not None:
            _, reason, where = problem
            _fail(f"{path}/tags" if where == "name" else _key(f"{path}/tags", key), reason)
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
    return WireError(pointer, _text(obj["message"], f"{path}/message"))


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
        _fail(f"{path}/cards", "expected the cards played, got none (rule R4.2)")
    faced = _d_attack(obj["faced"], f"{path}/faced")
    total = _int(obj["total"], f"{path}/total", 0)
    if total != score(cards, faced):
        _fail(
            f"{path}/total",
            f"these cards total {score(cards, faced)} against this attack, not {total} (rule R2.5)",
        )
    beat = _optional_int(obj["beat"], f"{path}/beat")
    if beat is not None and beat >= total:
        _fail(
            f"{path}/beat",
            f"a reply totals more than the score it beats: {total} > {beat} (rule R4.4)",
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
        _fail(f"{path}/cards", "expected the cards discarded, got none (rule R4.8)")
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


_EVENT_DECODERS: Final[dict[str, Callable[[object, str], Event]]] = {
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
    return _by_type(value, path, "an event", _EVENT_DECODERS)


_DECODERS: Final[dict[object, Callable[[object, str], Any]]] = {
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


@overload
def decode(cls: type[T], value: object) -> T: ...
@overload
def decode(cls: object, value: object) -> Any: ...
def decode(cls: object, value: object) -> Any:
    """The value of type ``cls`` that ``value`` encodes; the inverse of :func:`encode`.

    ``cls`` is one of the types :func:`encode` covers, or one of the unions
    :data:`~raise_the_sum.Action` (any of the four actions, by its
    ``"type"``) and ``raise_the_sum.events.Event``. Everything is
    checked: the shape, every field's type (``true`` is not a number here),
    every card, and for a state the rules themselves (see
    :func:`~raise_the_sum.validate`). Unknown fields are refused; a missing
    field of :class:`~raise_the_sum.Rules` takes its default.

    >>> from raise_the_sum import Action
    >>> decode(Action, {"type": "discard", "cards": ["x2", "+8"]})
    Discard(cards=(Card.parse('+8'), Card.parse('x2')))
    >>> decode(Action, {"type": "pass", "seat": 2})
    Traceback (most recent call last):
    ...
    raise_the_sum.wire.WireError: /seat: unknown field 'seat' in a pass; its fields are 'type'

    Any JSON value whatever (indeed any Python value) that is not a valid
    document raises :class:`WireError` and nothing else; a ``cls`` that is
    not covered raises :class:`TypeError`.
    """
    try:
        decoder = _DECODERS.get(cls)
    except TypeError:
        decoder = None
    if decoder is None:
        raise TypeError(f"decode: no wire format for {cls!r}")
    try:
        return decoder(value, "")
    except RecursionError:
        raise WireError("", "expected a document, got one nested too deeply") from None


@overload
def loads(cls: type[T], text: str | bytes) -> T: ...
@overload
def loads(cls: object, text: str | bytes) -> Any: ...
def loads(cls: object, text: str | bytes) -> Any:
    """Read JSON text (``str`` or UTF-8 ``bytes``) and :func:`decode` it as ``cls``.

    Text that is not JSON raises :class:`WireError` too (``NaN`` and
    ``Infinity`` are not JSON):

    >>> loads(Rules, '{"players": 2}').players
    2
    >>> loads(Rules, '{"players": 2')
    Traceback (most recent call last):
    ...
    raise_the_sum.wire.WireError: (the document): expected JSON text: Expecting ',' delimiter at line 1 column 14
    """  # noqa: E501
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise WireError(
                "", f"expected UTF-8 text: {error.reason} at byte {error.start}"
            ) from None
    if not isinstance(text, str):
        raise TypeError(f"loads takes a str or bytes, got {type(text).__name__}")
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise WireError(
            "", f"expected JSON text: {error.msg} at line {error.lineno} column {error.colno}"
        ) from None
    except RecursionError:
        raise WireError("", "expected JSON text, got one nested too deeply") from None
    except ValueError as error:  # a number too long for int(), or NaN and Infinity
        raise WireError("", f"expected JSON text: {error}") from None
    return decode(cls, value)


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


# -- schemas -------------------------------------------------------------------------------

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
    "maxLength": _MAX_SEED_DIGITS + 1,
}
_RULE_SCHEMA: Final = {"type": "string", "pattern": "^R[1-9][0-9]?\\.[1-9][0-9]?$"}

_DEFS: Final[dict[str, dict[str, Any]]] = {
    "card": {
        "description": "A card in its notation (rule R1.6); encode writes the ASCII one.",
        "type": "string",
        "enum": _CARD_SPELLINGS,
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
            "format": {"const": _STATE_FORMAT},
            "version": {"const": FORMAT_VERSION},
            "rules": _ref("rules"),
            "seed": _DECIMAL_SCHEMA,
            "rng": _DECIMAL_SCHEMA,
            "phase": {"enum": list(_PHASE_BY_NAME)},
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
        {
            "format": {"const": _VIEW_FORMAT},
            "version": {"const": FORMAT_VERSION},
            "rules": _ref("rules"),
            "seat": _SEAT,
            "phase": {"enum": list(_PHASE_BY_NAME)},
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
        },
        _VIEW_FIELDS,
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
            "format": {"const": _RECORD_FORMAT},
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
    "oneOf": [_ref(name) for name in _EVENT_DECODERS],
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

    >>> schema(Attack)["$defs"]["attack"]["required"]
    ['subtract', 'divide']
    """
    try:
        name = SCHEMA_NAMES.get(cls)
    except TypeError:
        name = None
    if name is None:
        raise TypeError(f"schema: no wire format for {cls!r}")
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


def shipped_schema(cls: object) -> dict[str, Any]:
    """The schema file shipped in the package for ``cls`` (equal to :func:`schema`)."""
    name = SCHEMA_NAMES[cls]
    text = resources.files("raise_the_sum").joinpath("schemas", f"{name}.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded
