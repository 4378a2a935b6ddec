"""Match records: a match as its rules, seed and actions, replayable and readable.

A :class:`MatchRecord` holds what it takes to replay a match exactly: the
rules, the seed, an optional stacked deck and the actions, plus free-form
tags for people (seat names, date, event, result). :meth:`MatchRecord.replay`
gives every state of the match, and :meth:`MatchRecord.to_text` and
:meth:`MatchRecord.from_text` write and read a text notation in the spirit of
chess's PGN, which people can read, annotate and paste into a chat:

>>> from raise_the_sum import Pass, Play, Rules, parse_cards
>>> record = MatchRecord(
...     rules=Rules(players=2, hand_size=6, points_to_win=1),
...     seed=2026,
...     actions=(Play(parse_cards("+9 +7 x2")), Pass()),
...     tags={"Event": "Club night", "Seat0": "Ann", "Seat1": "Bo"},
... )
>>> print(record.to_text(), end="")
[Event "Club night"]
[Seat0 "Ann"]
[Seat1 "Bo"]
[Players "2"]
[HandSize "6"]
[PointsToWin "1"]
[Seed "2026"]
<BLANKLINE>
Round 1
1. Ann: play +7 +9 x2 {(9 + 7) × 2 = 32}
2. Bo: pass {round 1 to Ann; points: Ann 1, Bo 0}
winner: Ann
>>> MatchRecord.from_text(record.to_text()) == record
True
>>> len(record.replay())
3

The notation's grammar, with an example, is on the documentation's
"Records" page. This module holds the record type and its tags; the
notation's writer and strict reader are in ``_notation``, behind
:meth:`MatchRecord.to_text` and :meth:`MatchRecord.from_text`.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from typing import Final

import attrs

from raise_the_sum import _validate
from raise_the_sum.actions import (
    Action,
    Discard,
    IllegalAction,
    NextRound,
    Pass,
    Play,
)
from raise_the_sum.cards import Card
from raise_the_sum.engine import _check_stacked_deck, apply, new_game
from raise_the_sum.errors import RaiseTheSumError
from raise_the_sum.rules import Rules
from raise_the_sum.state import GameState

__all__ = [
    "FREE_TAG_PREFIX",
    "GAME_TAGS",
    "KNOWN_TAGS",
    "MatchRecord",
    "RecordError",
    "Tags",
    "seat_tag",
]


class RecordError(RaiseTheSumError, ValueError):
    """A record that cannot be read or replayed: the message says where and why.

    The message starts with ``line L, column C:`` when the error is at a
    place in a record's text, and names the action's number and the rule it
    breaks when an action is illegal. The same facts are attributes, so that
    a program need not parse the message:

    >>> error = RecordError("a reply must beat 13", line=9, column=10, number=4, rule="R4.4")
    >>> str(error)
    'line 9, column 10: a reply must beat 13'
    >>> error.line, error.column, error.number, error.rule
    (9, 10, 4, 'R4.4')
    """

    #: Why the record is refused, without the place.
    reason: str
    #: The line of the text at fault (1 for the first), or None.
    line: int | None
    #: The column of the text at fault (1 for the first character), or None.
    column: int | None
    #: The number of the action at fault (1 for the first action), or None.
    number: int | None
    #: The identifier of the rule an illegal action breaks, or None.
    rule: str | None

    def __init__(
        self,
        reason: str,
        *,
        line: int | None = None,
        column: int | None = None,
        number: int | None = None,
        rule: str | None = None,
    ) -> None:
        where = f"line {line}, column {column}: " if line is not None else ""
        super().__init__(where + reason)
        self.reason = reason
        self.line = line
        self.column = column
        self.number = number
        self.rule = rule

    def __reduce__(self) -> tuple[object, ...]:
        return (
            _rebuild_error,
            (self.reason, self.line, self.column, self.number, self.rule),
        )


def _rebuild_error(
    reason: str, line: int | None, column: int | None, number: int | None, rule: str | None
) -> RecordError:
    return RecordError(reason, line=line, column=column, number=number, rule=rule)


# -- tags ---------------------------------------------------------------------------------

#: The tag names the text notation uses for the record's own fields (the rules,
#: the seed and the stacked deck). They cannot be free tags.
GAME_TAGS: Final[tuple[str, ...]] = (
    "Players",
    "HandSize",
    "HandLimit",
    "MinPlay",
    "MaxPlay",
    "PointsToWin",
    "FirstPlayer",
    "Deck",
    "Seed",
    "StackedDeck",
)
_RESERVED: Final = frozenset(name.lower() for name in GAME_TAGS)
_RULES_FIELDS: Final = {
    "Players": "players",
    "HandSize": "hand_size",
    "HandLimit": "hand_limit",
    "MinPlay": "min_play",
    "MaxPlay": "max_play",
    "PointsToWin": "points_to_win",
    "FirstPlayer": "first_player",
}
#: A tag's name: a letter, then letters, digits and underscores (the reader finds it in a line).
_TAG_NAME: Final = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_SEAT_TAG: Final = re.compile(r"Seat([0-9]+)\Z")
#: Characters a seat's name may not hold: they have a meaning in the notation.
_NAME_MARKS: Final = frozenset('{};:"')
#: Tags written first, in this order (as PGN's roster); the others follow by name.
_ROSTER: Final = ("Event", "Site", "Date", "Seat0", "Seat1", "Seat2", "Seat3", "Result")

#: The tags a record may hold for people: the roster (the event, the site, the
#: date, the seats' names, the result), a match's number in a tournament, a
#: game server's table, and a note. Any other tag is a free tag, whose name
#: starts with :data:`FREE_TAG_PREFIX`.
KNOWN_TAGS: Final[tuple[str, ...]] = (*_ROSTER, "Match", "Table", "Note")

#: The start of a free tag's name, such as ``X_Coach``: a tag of the user's own.
FREE_TAG_PREFIX: Final = "X_"

# Every tag name a misspelling may be near, by its lower case.
_TAG_BY_LOWER: Final = {name.lower(): name for name in (*KNOWN_TAGS, *GAME_TAGS)}


def seat_tag(seat: int) -> str:
    """The tag that holds a seat's name: ``Seat0`` for seat 0.

    >>> seat_tag(1)
    'Seat1'
    """
    return f"Seat{seat}"


def tag_problem(key: object, value: object) -> tuple[type[Exception], str, str] | None:
    """What is wrong with one tag: (exception type, reason, "name" or "value"), or None."""
    if not isinstance(key, str):
        return TypeError, f"tag names are str, got {key!r}", "name"
    if not _TAG_NAME.fullmatch(key):
        return (
            ValueError,
            (f"tag name {key!r}: letters, digits and _, starting with a letter"),
            "name",
        )
    if key.lower() in _RESERVED:
        return (
            ValueError,
            (f"tag name {key!r} is reserved for the record's own fields ({', '.join(GAME_TAGS)})"),
            "name",
        )
    if not _known(key):
        return ValueError, _unknown(key), "name"
    if not isinstance(value, str):
        return TypeError, f"tag {key}'s value must be a str, got {value!r}", "value"
    for char in value:
        if unicodedata.category(char) in ("Cc", "Cs", "Zl", "Zp"):
            return (
                ValueError,
                (
                    f"tag {key}'s value holds the control character {char!r}: "
                    "a tag is one line of text"
                ),
                "value",
            )
    if _SEAT_TAG.match(key):
        if not value or value != value.strip():
            return (
                ValueError,
                (f"tag {key} is a seat's name: not empty, without spaces around it, got {value!r}"),
                "value",
            )
        marks = sorted(_NAME_MARKS & set(value))
        if marks:
            return (
                ValueError,
                (f"tag {key} is a seat's name and may not hold {' '.join(marks)}, got {value!r}"),
                "value",
            )
    return None


def _known(key: str) -> bool:
    """A known tag, a seat's (any seat: the record checks it against its players), or a free one."""
    return (
        key in KNOWN_TAGS
        or _SEAT_TAG.match(key) is not None
        or (key.startswith(FREE_TAG_PREFIX) and len(key) > len(FREE_TAG_PREFIX))
    )


def _unknown(key: str) -> str:
    """Why ``key`` is refused: the nearest known tag, and the convention for free tags."""
    near = difflib.get_close_matches(key.lower(), _TAG_BY_LOWER, n=1, cutoff=0.75)
    free = f"a free tag's name starts with {FREE_TAG_PREFIX}, as in {FREE_TAG_PREFIX}{key}"
    if near:
        return f"unknown tag {key}; did you mean {_TAG_BY_LOWER[near[0]]}? ({free})"
    return f"unknown tag {key}: the tags are {', '.join(KNOWN_TAGS)} and the game's own ({free})"


def _tag_order(key: str) -> tuple[int, str]:
    return (_ROSTER.index(key), "") if key in _ROSTER else (len(_ROSTER), key)


class Tags(Mapping[str, str]):
    """A read-only mapping of tag names to values: hashable, equal to any equal mapping.

    Tag names are letters, digits and ``_``, starting with a letter: one of
    :data:`KNOWN_TAGS`, or a free tag's, which starts with
    :data:`FREE_TAG_PREFIX` (``X_Coach``), and never one of :data:`GAME_TAGS`;
    any other name is refused with the nearest known one. Values are one
    line of text. The tags
    ``Seat0`` to ``Seat3`` name the seats (:func:`seat_tag`): such a name is
    not empty, has no spaces around it, and holds none of ``{ } ; : "``.
    Iteration is in a fixed order: ``Event``, ``Site``, ``Date``, the seats,
    ``Result``, then the other tags by name.

    >>> tags = Tags({"Seat0": "Ann", "Event": "Club night"})
    >>> list(tags), tags == {"Event": "Club night", "Seat0": "Ann"}, hash(tags) == hash(Tags(tags))
    (['Event', 'Seat0'], True, True)
    >>> Tags({"Seed": "1"})
    Traceback (most recent call last):
    ...
    ValueError: MatchRecord.tags: tag name 'Seed' is reserved for the record's own fields (Players, HandSize, HandLimit, MinPlay, MaxPlay, PointsToWin, FirstPlayer, Deck, Seed, StackedDeck)
    """  # noqa: E501

    __slots__ = ("_items", "_map")

    _items: tuple[tuple[str, str], ...]
    _map: dict[str, str]

    def __init__(self, tags: Mapping[str, str] | Iterable[tuple[str, str]] = ()) -> None:
        if isinstance(tags, str):
            raise TypeError("MatchRecord.tags must be a mapping of str to str, got a str")
        try:
            pairs = dict(tags)
        except (TypeError, ValueError):
            raise TypeError(
                f"MatchRecord.tags must be a mapping of str to str, got {tags!r}"
            ) from None
        for key, value in pairs.items():
            problem = tag_problem(key, value)
            if problem is not None:
                kind, reason, _ = problem
                raise kind(f"MatchRecord.tags: {reason}")
        items = tuple(sorted(pairs.items(), key=lambda item: _tag_order(item[0])))
        object.__setattr__(self, "_items", items)
        object.__setattr__(self, "_map", dict(items))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Tags are read-only")

    def __getitem__(self, key: str) -> str:
        return self._map[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._map)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(frozenset(self._items))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Tags):
            return self._map == other._map
        if isinstance(other, Mapping):
            return self._map == dict(other.items())
        return NotImplemented

    def __repr__(self) -> str:
        return f"Tags({self._map!r})"

    def __reduce__(self) -> tuple[type[Tags], tuple[dict[str, str]]]:
        return (Tags, (dict(self._map),))


def _tags(value: Mapping[str, str] | Iterable[tuple[str, str]]) -> Tags:
    return value if isinstance(value, Tags) else Tags(value)


# -- the record ---------------------------------------------------------------------------

_ACTION_TYPES: Final = (Play, Pass, Discard, NextRound)


def _actions(value: Iterable[Action]) -> tuple[Action, ...]:
    if isinstance(value, (str, bytes)):
        raise TypeError("MatchRecord.actions must be actions (use parse_action for text)")
    try:
        actions = tuple(value)
    except TypeError:
        raise TypeError(
            f"MatchRecord.actions must be a sequence of actions, got {value!r}"
        ) from None
    for number, action in enumerate(actions):
        if type(action) not in _ACTION_TYPES:
            raise TypeError(
                f"MatchRecord.actions[{number}] must be a Play, Pass, Discard or "
                f"NextRound, got {action!r}"
            )
    return actions


def _deck(value: Iterable[Card] | None) -> tuple[Card, ...] | None:
    if value is None:
        return None
    if isinstance(value, (str, bytes)):
        raise TypeError("MatchRecord.deck must be Card objects (use parse_cards for notation)")
    try:
        return tuple(value)
    except TypeError:
        raise TypeError(
            f"MatchRecord.deck must be None or a sequence of cards, got {value!r}"
        ) from None


def _check_rules(instance: MatchRecord, attribute: attrs.Attribute[Rules], value: Rules) -> None:
    if not isinstance(value, Rules):
        raise TypeError(f"MatchRecord.rules must be a Rules, got {value!r}")


def _check_seed(instance: MatchRecord, attribute: attrs.Attribute[int], value: int) -> None:
    _validate.whole(value, "MatchRecord.seed")


def _check_deck(
    instance: MatchRecord,
    attribute: attrs.Attribute[tuple[Card, ...] | None],
    value: tuple[Card, ...] | None,
) -> None:
    if value is None:
        return
    try:
        _check_stacked_deck(instance.rules, value)
    except (TypeError, ValueError) as error:
        raise type(error)(f"MatchRecord.{error}") from None


def _check_tags(instance: MatchRecord, attribute: attrs.Attribute[Tags], value: Tags) -> None:
    players = instance.rules.players
    for key in value:
        match = _SEAT_TAG.match(key)
        if match and int(match.group(1)) >= players:
            raise ValueError(
                f"MatchRecord.tags: tag {key} names a seat that {players} players do not "
                f"have (seats 0 to {players - 1})"
            )


@attrs.frozen
class MatchRecord:
    """A whole match: enough to replay it exactly, plus tags for people.

    Frozen, hashable and equal by value. Every field is checked when a record
    is built: a value of the wrong type raises :class:`TypeError`, and a bad
    value :class:`ValueError`, each naming the field. Whether the actions
    are legal is what :meth:`replay` finds out.

    ``deck`` is None for a deck shuffled from ``seed``, or the stacked deck
    the match was dealt from, top card first (then the seed drives only the
    reshuffles, as in :func:`~raise_the_sum.new_game`). ``tags`` is a
    read-only :class:`~raise_the_sum.records.Tags` mapping; the tags
    ``Seat0`` to ``Seat3`` name the seats (see :meth:`name`).

    >>> from raise_the_sum import Rules
    >>> MatchRecord(Rules(players=2), seed="7")
    Traceback (most recent call last):
    ...
    TypeError: MatchRecord.seed must be an int, got '7'
    >>> MatchRecord(Rules(players=2), tags={"Seat2": "Cy"})
    Traceback (most recent call last):
    ...
    ValueError: MatchRecord.tags: tag Seat2 names a seat that 2 players do not have (seats 0 to 1)
    """

    #: The rules the match was played under.
    rules: Rules = attrs.field(factory=Rules, validator=_check_rules)
    #: The seed it was dealt with (with ``deck``, the seed drives only the reshuffles).
    seed: int = attrs.field(default=0, validator=_check_seed)
    #: Every action, in order.
    actions: tuple[Action, ...] = attrs.field(default=(), converter=_actions)
    #: The stacked deck it was dealt from, top card first, or None for a shuffled one.
    deck: tuple[Card, ...] | None = attrs.field(
        default=None, converter=_deck, validator=_check_deck
    )
    #: Tags: seat names, date, event, result, and anything else a person adds.
    tags: Mapping[str, str] = attrs.field(factory=Tags, converter=_tags, validator=_check_tags)

    def name(self, seat: int) -> str:
        """The seat's name: its tag ``Seat<seat>``, or ``Seat <seat>`` without one.

        >>> record = MatchRecord(tags={"Seat1": "Riley"})
        >>> record.name(0), record.name(1)
        ('Seat 0', 'Riley')
        """
        return self.tags.get(seat_tag(seat), f"Seat {seat}")

    @property
    def names(self) -> tuple[str, ...]:
        """Every seat's name, in seat order (see :meth:`name`)."""
        return tuple(self.name(seat) for seat in range(self.rules.players))

    def start(self) -> GameState:
        """The first state: the match dealt from ``seed`` (or from ``deck``)."""
        return new_game(self.rules, seed=self.seed, deck=self.deck)

    def replay(self) -> tuple[GameState, ...]:
        """Every state of the match, from the deal to the last action: ``len(actions) + 1``.

        An illegal or out-of-phase action raises :class:`RecordError`, whose
        message names the action's number (1 for the first) and the rule it
        breaks:

        >>> from raise_the_sum import Pass, Rules
        >>> MatchRecord(Rules(players=2), seed=1, actions=(Pass(),)).replay()
        Traceback (most recent call last):
        ...
        raise_the_sum.records.RecordError: action 1 (Seat 0: pass): the opener must play: an opening cannot be passed (rule R4.3)
        """  # noqa: E501
        state = self.start()
        states = [state]
        for number, action in enumerate(self.actions, 1):
            try:
                state = apply(state, action)
            except IllegalAction as error:
                raise RecordError(
                    f"action {number} ({self.name(state.current)}: {action}): {error}",
                    number=number,
                    rule=error.rule,
                ) from None
            states.append(state)
        return tuple(states)

    def to_text(self) -> str:
        """The record in the text notation (see the module and the "Records" page).

        The tags come first, then the game's own tags (``Players`` always,
        the other rules only where they differ from the standard game, then
        ``Seed`` and, for a stacked deck, ``StackedDeck``), then the actions
        round by round, each numbered and shown with its seat's name, then
        the result: ``winner: NAME``, or ``*`` while the match is not over. The
        comments in braces (each play's arithmetic, each round's result) are
        for people; :meth:`from_text` skips them.

        The record is replayed to name the seats, so a record with an
        illegal action raises :class:`RecordError`.
        """
        from raise_the_sum.records._notation import write

        return write(self)

    @classmethod
    def from_text(cls, text: str) -> MatchRecord:
        """Read a record from the text notation; :meth:`to_text` is its inverse.

        The reader is strict: anything that is not the notation, and any
        action the rules refuse, raises :class:`RecordError` with the line
        and the column at fault (and, for an action, its number and the rule
        it breaks):

        >>> MatchRecord.from_text('[Players "2"]\\n[Seed "5"]\\nRound 1\\n1. Seat 0: pass\\n*\\n')
        Traceback (most recent call last):
        ...
        raise_the_sum.records.RecordError: line 4, column 12: action 1 (Seat 0: pass): the opener must play: an opening cannot be passed (rule R4.3)
        """  # noqa: E501
        if not isinstance(text, str):
            raise TypeError(f"MatchRecord.from_text takes a str, got {text!r}")
        from raise_the_sum.records._notation import read

        return read(text)
