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
"Records" page.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Final, NoReturn

import attrs

from raise_the_sum.actions import (
    Action,
    Discard,
    IllegalAction,
    NextRound,
    Pass,
    Play,
    parse_action,
)
from raise_the_sum.cards import STANDARD_DECK, Card
from raise_the_sum.engine import _check_stacked_deck, apply, new_game
from raise_the_sum.rules import Rules
from raise_the_sum.scoring import explain
from raise_the_sum.state import GameState, Phase

__all__ = ["GAME_TAGS", "MatchRecord", "RecordError", "Tags", "seat_tag"]


class RecordError(ValueError):
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
#: the seed and the stacked deck). A free tag of such a name, in any case, is
#: written in quotes.
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
_TAG_NAME: Final = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")
#: Characters a seat's name is quoted for in the movetext: they mean something there.
_NAME_MARKS: Final = frozenset('{};:"\\')
#: Characters written as ``\u{HEX}`` in quotes: they would break the line or the encoding.
_CONTROL: Final = frozenset(("Cc", "Cs", "Zl", "Zp"))
#: Tags written first, in this order (as PGN's roster); the others follow by name.
_ROSTER: Final = ("Event", "Site", "Date", "Seat0", "Seat1", "Seat2", "Seat3", "Result")


def seat_tag(seat: int) -> str:
    """The tag that holds a seat's name: ``Seat0`` for seat 0.

    >>> seat_tag(1)
    'Seat1'
    """
    return f"Seat{seat}"


def _tag_problem(key: object, value: object) -> str | None:
    """What is wrong with one tag, or None: tags are any str to any str."""
    if not isinstance(key, str):
        return f"tag names are str, got {key!r}"
    if not isinstance(value, str):
        return f"tag {key!r}'s value must be a str, got {value!r}"
    return None


def _tag_order(key: str) -> tuple[int, str]:
    return (_ROSTER.index(key), "") if key in _ROSTER else (len(_ROSTER), key)


class Tags(Mapping[str, str]):
    """A read-only mapping of tag names to values: hashable, equal to any equal mapping.

    Any str may be a tag's name or value; the text notation quotes what
    needs it (:meth:`~raise_the_sum.MatchRecord.to_text`). The tags
    ``Seat0`` to ``Seat3`` name the seats (:func:`seat_tag`). Iteration is in
    a fixed order:
    ``Event``, ``Site``, ``Date``, the seats, ``Result``, then the other tags
    by name.

    >>> tags = Tags({"Seat0": "Ann", "Event": "Club night"})
    >>> list(tags), tags == {"Event": "Club night", "Seat0": "Ann"}, hash(tags) == hash(Tags(tags))
    (['Event', 'Seat0'], True, True)
    >>> Tags({"Round": 3})
    Traceback (most recent call last):
    ...
    TypeError: MatchRecord.tags: tag 'Round''s value must be a str, got 3
    """

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
            problem = _tag_problem(key, value)
            if problem is not None:
                raise TypeError(f"MatchRecord.tags: {problem}")
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
        raise TypeError(f"MatchRecord.actions must be a sequence of actions, got {value!r}") from None
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
        raise TypeError(f"MatchRecord.deck must be None or a sequence of cards, got {value!r}") from None


def _check_rules(instance: MatchRecord, attribute: attrs.Attribute[Rules], value: Rules) -> None:
    if not isinstance(value, Rules):
        raise TypeError(f"MatchRecord.rules must be a Rules, got {value!r}")


def _check_seed(instance: MatchRecord, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise TypeError(f"MatchRecord.seed must be an int, got {value!r}")


def _check_deck(
    instance: MatchRecord, attribute: attrs.Attribute[tuple[Card, ...] | None],
    value: tuple[Card, ...] | None,
) -> None:
    if value is None:
        return
    try:
        _check_stacked_deck(instance.rules, value)
    except (TypeError, ValueError) as error:
        raise type(error)(f"MatchRecord.{error}") from None


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
    >>> MatchRecord(Rules(players=2), actions=["pass"])
    Traceback (most recent call last):
    ...
    TypeError: MatchRecord.actions[0] must be a Play, Pass, Discard or NextRound, got 'pass'
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
    tags: Mapping[str, str] = attrs.field(factory=Tags, converter=_tags)

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
        """
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
        states = self.replay()
        lines = [f"[{_key_text(key)} {_quote(value)}]" for key, value in self.tags.items()]
        lines += [f'[{key} "{value}"]' for key, value in self._game_tags()]
        lines += ["", "Round 1"]
        round_number = 1
        for number, (before, action, after) in enumerate(
            zip(states, self.actions, states[1:]), 1
        ):
            line = f"{number}. {_name_text(self.name(before.current))}: {action}"
            notes = []
            if isinstance(action, Play):
                notes.append(str(explain(action.cards, before.attack)))
            if after.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER) and before.phase not in (
                Phase.ROUND_OVER, Phase.MATCH_OVER
            ):
                names = [_comment_name(self, seat) for seat in range(self.rules.players)]
                points = ", ".join(f"{name} {score}" for name, score in zip(names, after.points))
                notes.append(f"round {round_number} to {names[after.current]}; points: {points}")
            if notes:
                line += " {" + "; ".join(notes) + "}"
            lines.append(line)
            if isinstance(action, NextRound):
                round_number += 1
                lines += ["", f"Round {round_number}"]
        last = states[-1]
        lines.append(_result(self, last))
        return "\n".join(lines) + "\n"

    def _game_tags(self) -> Iterator[tuple[str, str]]:
        rules = self.rules
        standard = Rules(players=rules.players)
        for tag, field in _RULES_FIELDS.items():
            value = getattr(rules, field)
            if tag == "Players" or value != getattr(standard, field):
                yield tag, str(value)
        if rules.deck != STANDARD_DECK:
            yield "Deck", " ".join(map(str, rules.deck))
        yield "Seed", str(self.seed)
        if self.deck is not None:
            yield "StackedDeck", " ".join(map(str, self.deck))

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
        """
        if not isinstance(text, str):
            raise TypeError(f"MatchRecord.from_text takes a str, got {text!r}")
        return _Reader(text).read()


# -- writing ------------------------------------------------------------------------------


def _result(record: MatchRecord, last: GameState) -> str:
    """The result line: ``winner: NAME`` once the match is over, else ``*``."""
    if last.phase is Phase.MATCH_OVER:
        return f"winner: {_name_text(record.name(last.current))}"
    return "*"


def _quote(value: str) -> str:
    r"""``value`` in double quotes: ``\\``, ``\"``, and ``\u{HEX}`` for control characters."""
    out = []
    for char in value:
        if char in '"\\':
            out.append("\\" + char)
        elif unicodedata.category(char) in _CONTROL:
            out.append(f"\\u{{{ord(char):x}}}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def _key_text(key: str) -> str:
    """A free tag's name: bare when it is a plain name no game tag has, else quoted."""
    if _TAG_NAME.match(key) and key.lower() not in _RESERVED:
        return key
    return _quote(key)


def _bare_name(name: str) -> bool:
    return (
        name != ""
        and name == name.strip()
        and not (_NAME_MARKS & set(name))
        and not any(unicodedata.category(char) in _CONTROL for char in name)
    )


def _name_text(name: str) -> str:
    """A seat's name in the movetext: as it is, or quoted when it holds marks or blanks around."""
    return name if _bare_name(name) else _quote(name)


def _comment_name(record: MatchRecord, seat: int) -> str:
    """A seat's name inside a comment: its name, or ``seat N`` when that would end the comment."""
    name = record.name(seat)
    return name if _bare_name(name) else f"seat {seat}"


# -- reading ------------------------------------------------------------------------------

_NUMBER: Final = re.compile(r"(?:0|[1-9][0-9]*)\Z")
_SIGNED: Final = re.compile(r"-?(?:0|[1-9][0-9]*)\Z")
_ROUND: Final = re.compile(r"Round(?:[ \t]+([0-9]+))?[ \t]*\Z")
_ACTION: Final = re.compile(r"([0-9]+)\.")
_NAME: Final = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_UNICODE_ESCAPE: Final = re.compile(r"\\u\{([0-9a-fA-F]{1,6})\}")
_BLANKS: Final = " \t"
#: The most digits a number in a tag may have.
_DIGITS: Final = 100


@attrs.define
class _Tag:
    """A tag pair as read: its name, its value, and where each starts."""

    name: str
    value: str
    raw: str
    line: int
    name_column: int
    value_column: int
    #: True for one of the game's own tags (GAME_TAGS, unquoted).
    game: bool


class _Reader:
    """The strict reader of the text notation: one pass, line by line, replaying as it goes."""

    def __init__(self, text: str) -> None:
        self.lines = _strip_comments(text).split("\n")

    def fail(
        self, line: int, column: int, reason: str, *,
        number: int | None = None, rule: str | None = None,
    ) -> NoReturn:
        raise RecordError(reason, line=line, column=column, number=number, rule=rule) from None

    def read(self) -> MatchRecord:
        tags: dict[tuple[bool, str], _Tag] = {}
        index = 0
        # The tag pairs.
        while index < len(self.lines):
            body, start = self.content(index)
            if body == "":
                index += 1
                continue
            if not body.startswith("["):
                break
            tag = self.tag(index, start, body)
            key = (tag.game, tag.name)
            if key in tags:
                self.fail(
                    tag.line, tag.name_column,
                    f"tag {_key_text(tag.name) if not tag.game else tag.name} is given twice "
                    f"(first on line {tags[key].line})",
                )
            tags[key] = tag
            index += 1
        record = self.header(tags, index)
        return self.movetext(record, index)

    def content(self, index: int) -> tuple[str, int]:
        """Line ``index`` without its surrounding blanks, and the 0-based column it starts at."""
        line = self.lines[index]
        if line.endswith("\r"):
            line = line[:-1]
        body = line.lstrip(_BLANKS)
        return body.rstrip(_BLANKS), len(line) - len(body)

    def tag(self, index: int, start: int, body: str) -> _Tag:
        line = index + 1
        if body[1:2] == '"':
            name, at = self.string(body, 1, line, start, "the tag's name")
            quoted = True
        else:
            match = _NAME.match(body, 1)
            if match is None:
                self.fail(line, start + 2, 'a tag pair is [Name "value"]: a tag name, '
                          'letters, digits and _ starting with a letter, or any name in quotes')
            name, at, quoted = match.group(), match.end(), False
            if name not in GAME_TAGS and name.lower() in _RESERVED:
                self.fail(line, start + 2,
                          f"tag {name}: the game's tag is written "
                          f"{GAME_TAGS[[t.lower() for t in GAME_TAGS].index(name.lower())]}; "
                          f'a free tag of that name is written in quotes, ["{name}" "..."]')
        label = name if not quoted else _quote(name)
        spaces = at
        while at < len(body) and body[at] in _BLANKS:
            at += 1
        if at == spaces or at >= len(body) or body[at] != '"':
            self.fail(line, start + at + 1,
                      f"tag {label}: a space, then the value in double quotes")
        value_at = at
        value, at = self.string(body, at, line, start, f"tag {label}: the value")
        raw = body[value_at + 1 : at - 1]
        while at < len(body) and body[at] in _BLANKS:
            at += 1
        if at >= len(body) or body[at] != "]":
            self.fail(line, start + at + 1, f"tag {label}: close the tag pair with ]")
        if at + 1 != len(body):
            after = len(body) - len(body[at + 1 :].lstrip(_BLANKS))
            self.fail(line, start + after + 1, "one tag pair to a line: nothing may follow the ]")
        game = not quoted and name in GAME_TAGS
        return _Tag(name, value, raw, line, start + 2, start + value_at + 1, game)

    def string(self, body: str, at: int, line: int, start: int, what: str) -> tuple[str, int]:
        r"""The quoted text at ``body[at]`` and the index after it: escapes ``\\``, ``\"``, ``\u{HEX}``."""
        opening = at
        at += 1
        chars: list[str] = []
        while True:
            if at >= len(body):
                self.fail(line, start + opening + 1, f"{what}'s double quote is never closed")
            char = body[at]
            if char == '"':
                return "".join(chars), at + 1
            if char != "\\":
                chars.append(char)
                at += 1
                continue
            escaped = body[at + 1 : at + 2]
            if escaped in ('"', "\\"):
                chars.append(escaped)
                at += 2
                continue
            found = _UNICODE_ESCAPE.match(body, at)
            if found is None or int(found.group(1), 16) > 0x10FFFF:
                self.fail(line, start + at + 1,
                          f'{what}: write \\" for a double quote, \\\\ for a backslash and '
                          "\\u{HEX} for a control character; no other escape")
            chars.append(chr(int(found.group(1), 16)))
            at = found.end()

    def header(self, tags: dict[tuple[bool, str], _Tag], index: int) -> MatchRecord:
        """The record's fields from its tag pairs, each error at the tag at fault."""
        game = {name: tag for (is_game, name), tag in tags.items() if is_game}
        fields: dict[str, Any] = {}
        for tag_name, field in _RULES_FIELDS.items():
            tag = game.get(tag_name)
            if tag is not None:
                fields[field] = self.number(tag, _NUMBER)
        deck_tag = game.get("Deck")
        if deck_tag is not None:
            fields["deck"] = self.cards(deck_tag)
        try:
            rules = Rules(**fields)
        except (TypeError, ValueError) as error:
            message = str(error)
            named = [game[name] for name, field in _RULES_FIELDS.items()
                     if name in game and message.startswith(f"Rules.{field}")]
            if deck_tag is not None and message.startswith("Rules.deck"):
                named.append(deck_tag)
            culprit = (named or [t for t in game.values() if t.name in _RULES_FIELDS])[0]
            self.fail(culprit.line, culprit.value_column, message)
        seed_tag = game.get("Seed")
        if seed_tag is None:
            self.fail(min(index + 1, len(self.lines)), 1,
                      'the record has no seed: add a tag pair [Seed "N"] before the actions')
        seed = self.number(seed_tag, _SIGNED)
        stacked = game.get("StackedDeck")
        deck = None if stacked is None else self.cards(stacked)
        free = {name: tag.value for (is_game, name), tag in tags.items() if not is_game}
        try:
            return MatchRecord(rules=rules, seed=seed, deck=deck, tags=free)
        except (TypeError, ValueError) as error:
            assert stacked is not None, error  # the only field not checked above
            self.fail(stacked.line, stacked.value_column, str(error))

    def number(self, tag: _Tag, pattern: re.Pattern[str]) -> int:
        """A tag's value as a whole number, in canonical digits."""
        if not pattern.match(tag.value) or len(tag.value) > _DIGITS:
            self.fail(tag.line, tag.value_column,
                      f"tag {tag.name}: a whole number in at most {_DIGITS} digits, "
                      f"without leading zeros, got {tag.value!r}")
        return int(tag.value)

    def cards(self, tag: _Tag) -> tuple[Card, ...]:
        """A tag's value as cards, each bad card reported at its column (rule R1.6)."""
        cards = []
        for word in re.finditer(r"\S+", tag.raw):
            try:
                cards.append(Card.parse(word.group()))
            except ValueError as error:
                self.fail(tag.line, tag.value_column + 1 + word.start(), f"tag {tag.name}: {error}")
        if not cards:
            self.fail(tag.line, tag.value_column, f"tag {tag.name}: no cards")
        return tuple(cards)

    def movetext(self, header: MatchRecord, index: int) -> MatchRecord:
        """The rounds and the actions, replayed one by one, then the result."""
        names = header.names
        state = header.start()
        actions: list[Action] = []
        round_number = 1
        want_round = True  # the next line must start a round
        while index < len(self.lines):
            body, start = self.content(index)
            line = index + 1
            index += 1
            if body == "":
                continue
            result = self.expected_result(header, state)
            if body == result and not want_round:
                self.end(index)
                return attrs.evolve(header, actions=tuple(actions))
            if body.startswith("["):
                self.fail(line, start + 1, "tag pairs come before the actions")
            heading = _ROUND.match(body)
            if heading is not None:
                if heading.group(1) is None:
                    self.fail(line, start + 1, f"a round starts with 'Round {round_number}'")
                if not want_round:
                    self.fail(line, start + 1,
                              f"a new round starts only after 'next round' (rule R5.4); "
                              f"this is still round {round_number}")
                if heading.group(1) != str(round_number):
                    self.fail(line, start + heading.start(1) + 1,
                              f"this is round {round_number}, not round {heading.group(1)}")
                want_round = False
                continue
            if want_round:
                self.fail(line, start + 1,
                          f"round {round_number} starts here: write 'Round {round_number}' "
                          "first")
            found = _ACTION.match(body)
            if found is None:
                if body[0].isdigit():
                    self.fail(line, start + 1, f"an action is 'N. NAME: ACTION', got {body!r}")
                over = "over" if state.phase is Phase.MATCH_OVER else "not over"
                self.fail(line, start + 1,
                          f"the match is {over} after {len(actions)} actions: its result is "
                          f"{result!r}, not {body!r}")
            action, state = self.step(state, body, line, start, found, len(actions) + 1, names)
            actions.append(action)
            if isinstance(action, NextRound):
                round_number += 1
                want_round = True
        if want_round and actions:
            reason = f"round {round_number} has begun: write 'Round {round_number}', then"
        elif want_round:
            reason = "the actions start with 'Round 1'; then write"
        else:
            reason = "the record ends without its result: write"
        self.fail(len(self.lines), 1,
                  f"{reason} {self.expected_result(header, state)!r} after the last action")

    def step(
        self, state: GameState, body: str, line: int, start: int, found: re.Match[str],
        number: int, names: tuple[str, ...],
    ) -> tuple[Action, GameState]:
        """Read one action line and play it: the action and the state after it."""
        if found.group(1) != str(number):
            self.fail(line, start + 1,
                      f"the actions are numbered in order: this is action {number}, "
                      f"not {found.group(1)}", number=number)
        at = found.end()
        if at >= len(body) or body[at] not in _BLANKS:
            self.fail(line, start + at + 1, f"action {number}: a space after '{number}.'",
                      number=number)
        while body[at] in _BLANKS:
            at += 1
        name = _name_text(names[state.current])
        if not body.startswith(name + ":", at):
            given = body[at:].partition(":")[0]
            self.fail(line, start + at + 1,
                      f"action {number} is seat {state.current}'s to take ({name}), "
                      f"got {given!r}", number=number)
        at += len(name) + 1
        while at < len(body) and body[at] in _BLANKS:
            at += 1
        action = self.action(body[at:], line, start + at, number)
        try:
            return action, apply(state, action)
        except IllegalAction as error:
            illegal = error
        self.fail(line, start + at + 1, f"action {number} ({name}: {action}): {illegal}",
                  number=number, rule=illegal.rule)

    def action(self, text: str, line: int, start: int, number: int) -> Action:
        """Parse an action's text; a bad card is reported at its column."""
        try:
            return parse_action(text)
        except ValueError as error:
            words = list(re.finditer(r"\S+", text))
            if words and words[0].group() in ("play", "discard"):
                for word in words[1:]:
                    try:
                        Card.parse(word.group())
                    except ValueError as bad:
                        self.fail(line, start + word.start() + 1, f"action {number}: {bad}",
                                  number=number)
            self.fail(line, start + 1, f"action {number}: {error}", number=number)

    def expected_result(self, header: MatchRecord, state: GameState) -> str:
        """The result line the record must end with in ``state``."""
        return _result(header, state)

    def end(self, index: int) -> None:
        """Nothing but blanks and comments may follow the result."""
        while index < len(self.lines):
            rest, column = self.content(index)
            if rest:
                self.fail(index + 1, column + 1, "nothing may follow the result")
            index += 1


def _strip_comments(text: str) -> str:
    """``text`` with each comment blanked out, keeping every other character in its place.

    A comment is ``{...}`` (over several lines, if need be) or ``;`` to the
    end of the line; inside a tag's double quotes neither starts one.
    """
    out = list(text)
    at = 0
    size = len(text)
    line = 1
    line_start = 0
    while at < size:
        char = text[at]
        if char == "\n":
            line += 1
            line_start = at + 1
            at += 1
        elif char == '"':
            at += 1
            while at < size and text[at] not in '"\n':
                at += 2 if text[at] == "\\" and at + 1 < size and text[at + 1] != "\n" else 1
            if at < size and text[at] == '"':
                at += 1
        elif char == "{":
            end = text.find("}", at + 1)
            if end < 0:
                raise RecordError(
                    "this comment is never closed with }", line=line, column=at - line_start + 1
                )
            for i in range(at, end + 1):
                if text[i] == "\n":
                    line += 1
                    line_start = i + 1
                else:
                    out[i] = " "
            at = end + 1
        elif char == ";":
            end = text.find("\n", at)
            end = size if end < 0 else end
            for i in range(at, end):
                out[i] = " "
            at = end
        elif char == "}":
            raise RecordError(
                "a } without the { that opens its comment", line=line, column=at - line_start + 1
            )
        else:
            at += 1
    return "".join(out)
