"""The match records' text notation: its writer and its strict reader.

The notation, in the spirit of chess's PGN, is described with its grammar on
the documentation's "Records" page; :meth:`MatchRecord.to_text` and
:meth:`MatchRecord.from_text` are its public entry points.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, Final, NoReturn

import attrs

from raise_the_sum import _validate
from raise_the_sum.actions import Action, IllegalAction, NextRound, Play, parse_action
from raise_the_sum.cards import STANDARD_DECK, Card
from raise_the_sum.engine import apply
from raise_the_sum.errors import cited_rule
from raise_the_sum.records import (
    _RULES_FIELDS,
    _TAG_NAME,
    GAME_TAGS,
    MatchRecord,
    RecordError,
    tag_problem,
)
from raise_the_sum.rules import Rules
from raise_the_sum.scoring import explain
from raise_the_sum.state import GameState, Phase

__all__ = ["read", "write"]


# -- writing ------------------------------------------------------------------------------


def write(record: MatchRecord) -> str:
    """``record`` in the text notation: :meth:`MatchRecord.to_text`."""
    states = record.replay()
    lines = [f'[{key} "{_escape(value)}"]' for key, value in record.tags.items()]
    lines += [f'[{key} "{value}"]' for key, value in _game_tags(record)]
    lines += ["", "Round 1"]
    round_number = 1
    for number, (before, action, after) in enumerate(
        zip(states, record.actions, states[1:], strict=False), 1
    ):
        line = f"{number}. {record.name(before.current)}: {action}"
        notes = []
        if isinstance(action, Play):
            notes.append(str(explain(action.cards, before.attack)))
        if after.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER) and before.phase not in (
            Phase.ROUND_OVER,
            Phase.MATCH_OVER,
        ):
            points = ", ".join(
                f"{name} {score}" for name, score in zip(record.names, after.points, strict=True)
            )
            notes.append(f"round {round_number} to {record.name(after.current)}; points: {points}")
        if notes:
            line += " {" + "; ".join(notes) + "}"
        lines.append(line)
        if isinstance(action, NextRound):
            round_number += 1
            lines += ["", f"Round {round_number}"]
    last = states[-1]
    lines.append(_result(record, last))
    return "\n".join(lines) + "\n"


def _game_tags(record: MatchRecord) -> Iterator[tuple[str, str]]:
    """The game's own tags: the rules that differ from the standard game, the seed, the deck."""
    rules = record.rules
    standard = Rules(players=rules.players)
    for tag, field in _RULES_FIELDS.items():
        value = getattr(rules, field)
        if tag == "Players" or value != getattr(standard, field):
            yield tag, str(value)
    if rules.deck != STANDARD_DECK:
        yield "Deck", " ".join(map(str, rules.deck))
    yield "Seed", str(record.seed)
    if record.deck is not None:
        yield "StackedDeck", " ".join(map(str, record.deck))


def _result(record: MatchRecord, last: GameState) -> str:
    """The result line: ``winner: NAME`` once the match is over, else ``*``."""
    return f"winner: {record.name(last.current)}" if last.phase is Phase.MATCH_OVER else "*"


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


# -- reading ------------------------------------------------------------------------------

_NUMBER: Final = _validate.NUMBER
_SIGNED: Final = _validate.SIGNED
_ROUND: Final = re.compile(r"Round(?:[ \t]+([0-9]+))?[ \t]*\Z")
_ACTION: Final = re.compile(r"([0-9]+)\.")
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


def read(text: str) -> MatchRecord:
    """The record that ``text`` writes in the notation: :meth:`MatchRecord.from_text`."""
    return _Reader(text).read()


class _Reader:
    """The strict reader of the text notation: one pass, line by line, replaying as it goes."""

    def __init__(self, text: str) -> None:
        self.lines = _strip_comments(text).split("\n")

    def fail(
        self,
        line: int,
        column: int,
        reason: str,
        *,
        number: int | None = None,
        rule: str | None = None,
    ) -> NoReturn:
        """Refuse the text here, with the rule the reason cites (or cite ``rule`` at its end)."""
        if rule is None:
            rule = cited_rule(reason)
        elif cited_rule(reason) != rule:
            reason = f"{reason} (rule {rule})"
        raise RecordError(reason, line=line, column=column, number=number, rule=rule) from None

    def read(self) -> MatchRecord:
        tags: dict[str, _Tag] = {}
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
            if tag.name in tags:
                self.fail(
                    tag.line,
                    tag.name_column,
                    f"tag {tag.name} is given twice (first on line {tags[tag.name].line})",
                )
            tags[tag.name] = tag
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
        match = _TAG_NAME.match(body, 1)
        if match is None:
            self.fail(
                line,
                start + 2,
                'a tag pair is [Name "value"]: a tag name, '
                "letters, digits and _, starting with a letter",
            )
        name = match.group()
        at = match.end()
        spaces = at
        while at < len(body) and body[at] in _BLANKS:
            at += 1
        if at == spaces or at >= len(body) or body[at] != '"':
            self.fail(line, start + at + 1, f"tag {name}: a space, then the value in double quotes")
        value_at = at
        at += 1
        chars: list[str] = []
        while True:
            if at >= len(body):
                self.fail(
                    line,
                    start + value_at + 1,
                    f"tag {name}: the value's double quote is never closed",
                )
            char = body[at]
            if char == '"':
                break
            if char == "\\":
                escaped = body[at + 1] if at + 1 < len(body) else ""
                if escaped not in ('"', "\\"):
                    self.fail(
                        line,
                        start + at + 1,
                        f'tag {name}: write \\" for a double quote and \\\\ for a '
                        "backslash; no other escape",
                    )
                chars.append(escaped)
                at += 2
                continue
            chars.append(char)
            at += 1
        raw = body[value_at + 1 : at]
        at += 1
        while at < len(body) and body[at] in _BLANKS:
            at += 1
        if at >= len(body) or body[at] != "]":
            self.fail(line, start + at + 1, f"tag {name}: close the tag pair with ]")
        if at + 1 != len(body):
            after = len(body) - len(body[at + 1 :].lstrip(_BLANKS))
            self.fail(line, start + after + 1, "one tag pair to a line: nothing may follow the ]")
        return _Tag(name, "".join(chars), raw, line, start + 2, start + value_at + 1)

    def header(self, tags: dict[str, _Tag], index: int) -> MatchRecord:
        """The record's fields from its tag pairs, each error at the tag at fault."""
        fields: dict[str, Any] = {}
        for tag_name, field in _RULES_FIELDS.items():
            tag = tags.get(tag_name)
            if tag is not None:
                fields[field] = self.number(tag, _NUMBER)
        deck_tag = tags.get("Deck")
        if deck_tag is not None:
            fields["deck"] = self.cards(deck_tag)
        try:
            rules = Rules(**fields)
        except (TypeError, ValueError) as error:
            message = str(error)
            named = [
                tags[name]
                for name, field in _RULES_FIELDS.items()
                if name in tags and message.startswith(f"Rules.{field}")
            ]
            if deck_tag is not None and message.startswith("Rules.deck"):
                named.append(deck_tag)
            culprit = (named or [t for t in tags.values() if t.name in _RULES_FIELDS])[0]
            self.fail(culprit.line, culprit.value_column, message)
        seed_tag = tags.get("Seed")
        if seed_tag is None:
            self.fail(
                min(index + 1, len(self.lines)),
                1,
                'the record has no seed: add a tag pair [Seed "N"] before the actions',
            )
        seed = self.number(seed_tag, _SIGNED)
        stacked = tags.get("StackedDeck")
        deck = None if stacked is None else self.cards(stacked)
        free: dict[str, str] = {}
        for tag in tags.values():
            if tag.name in GAME_TAGS:
                continue
            problem = tag_problem(tag.name, tag.value)
            if problem is not None:
                _, reason, part = problem
                self.fail(
                    tag.line, tag.value_column if part == "value" else tag.name_column, reason
                )
            free[tag.name] = tag.value
        try:
            return MatchRecord(rules=rules, seed=seed, deck=deck, tags=free)
        except (TypeError, ValueError) as error:
            message = str(error)
            if stacked is not None and message.startswith("MatchRecord.deck"):
                self.fail(stacked.line, stacked.value_column, message)
            # A seat's name for a seat the rules do not have.
            culprit = next((t for t in tags.values() if f"tag {t.name} " in message), seed_tag)
            self.fail(culprit.line, culprit.name_column, message)

    def number(self, tag: _Tag, pattern: re.Pattern[str]) -> int:
        """A tag's value as a whole number, in canonical digits."""
        if not pattern.match(tag.value) or len(tag.value) > _DIGITS:
            self.fail(
                tag.line,
                tag.value_column,
                f"tag {tag.name}: a whole number in at most {_DIGITS} digits, "
                f"without leading zeros, got {tag.value!r}",
            )
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
                    self.fail(
                        line,
                        start + 1,
                        f"a new round starts only after 'next round' (rule R5.4); "
                        f"this is still round {round_number}",
                    )
                if heading.group(1) != str(round_number):
                    self.fail(
                        line,
                        start + heading.start(1) + 1,
                        f"this is round {round_number}, not round {heading.group(1)}",
                    )
                want_round = False
                continue
            if want_round:
                self.fail(
                    line,
                    start + 1,
                    f"round {round_number} starts here: write 'Round {round_number}' first",
                )
            found = _ACTION.match(body)
            if found is None:
                if body[0].isdigit():
                    self.fail(line, start + 1, f"an action is 'N. NAME: ACTION', got {body!r}")
                over = "over" if state.phase is Phase.MATCH_OVER else "not over"
                self.fail(
                    line,
                    start + 1,
                    f"the match is {over} after {len(actions)} actions: its result is "
                    f"{result!r}, not {body!r}",
                    rule="R5.2",
                )
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
        self.fail(
            len(self.lines),
            1,
            f"{reason} {self.expected_result(header, state)!r} after the last action",
        )

    def step(
        self,
        state: GameState,
        body: str,
        line: int,
        start: int,
        found: re.Match[str],
        number: int,
        names: tuple[str, ...],
    ) -> tuple[Action, GameState]:
        """Read one action line and play it: the action and the state after it."""
        if found.group(1) != str(number):
            self.fail(
                line,
                start + 1,
                f"the actions are numbered in order: this is action {number}, not {found.group(1)}",
                number=number,
            )
        at = found.end()
        if at >= len(body) or body[at] not in _BLANKS:
            self.fail(
                line, start + at + 1, f"action {number}: a space after '{number}.'", number=number
            )
        while body[at] in _BLANKS:
            at += 1
        name = names[state.current]
        if not body.startswith(name + ":", at):
            given = body[at:].partition(":")[0]
            self.fail(
                line,
                start + at + 1,
                f"action {number} is seat {state.current}'s to take ({name}), got {given!r}",
                number=number,
                rule="R4.9",
            )
        at += len(name) + 1
        while at < len(body) and body[at] in _BLANKS:
            at += 1
        action = self.action(body[at:], line, start + at, number)
        try:
            return action, apply(state, action)
        except IllegalAction as error:
            illegal = error
        self.fail(
            line,
            start + at + 1,
            f"action {number} ({name}: {action}): {illegal}",
            number=number,
            rule=illegal.rule,
        )

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
                        self.fail(
                            line, start + word.start() + 1, f"action {number}: {bad}", number=number
                        )
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
