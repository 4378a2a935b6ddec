"""``raise-the-sum replay``: a recorded match, turn by turn, with each play's arithmetic.

    raise-the-sum replay club-night.rts            # the whole table
    raise-the-sum replay club-night.rts --seat 1   # only what seat 1 saw
    raise-the-sum replay club-night.rts --at 3     # the position after 3 actions

The record is the text notation of :meth:`MatchRecord.to_text
<raise_the_sum.MatchRecord.to_text>` (``raise-the-sum play --record FILE``
and ``raise-the-sum simulate --records DIR`` write it), or its JSON form
(:mod:`raise_the_sum.wire`), recognised by a leading ``{``; ``-`` reads
standard input. The whole table shows every hand and every card drawn;
``--seat N`` shows what that seat saw: its own hand and draws, and of the
others only what was played face up (:func:`~raise_the_sum.observe` and
:func:`~raise_the_sum.observe_events`).

Each action is one numbered line; what followed it (a draw, a reshuffle, a
discard to make, a round or the match won) is indented below it. A record
that cannot be read is one line on standard error, with its line and column,
and exit status 2.

``--at N`` prints only the position after the first N actions, one line
in the notation of :mod:`raise_the_sum.position`: the referee's, or with
``--seat`` that seat's. ``check ACTION --position "..."`` judges an action
there.

``--json`` prints the same replay as one JSON document in the wire format
(:func:`replay_document`), for programs: the rules, the seats' names, the
start (the whole :class:`~raise_the_sum.GameState`, or with ``--seat`` that
seat's :class:`~raise_the_sum.PlayerView`) and every step's action and events
(with ``--seat``, the events that seat observed).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import textwrap
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Final, TextIO

from raise_the_sum import (
    Card,
    MatchRecord,
    RecordError,
    explain,
    observe,
    observe_events,
    step,
    to_position,
    wire,
)
from raise_the_sum.cli import UsageError
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

__all__ = ["load_record", "read_text", "register", "render", "replay_document", "run"]

_DESCRIPTION = textwrap.fill(
    "Print a recorded match turn by turn, with the arithmetic of every play: the "
    "whole table, or only what one seat saw (--seat N).",
    width=78,
)

_EPILOG = """\
examples:
  raise-the-sum play --record club.rts          record a match against the bots
  raise-the-sum replay club.rts                 every hand and every draw
  raise-the-sum replay club.rts --seat 0        what seat 0 saw
  raise-the-sum replay club.rts --seat 0 --json the same, as JSON for a program
  raise-the-sum replay club.rts --at 3 --seat 1 seat 1's position after 3 actions
"""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``replay`` subcommand to ``subparsers``."""
    parser = subparsers.add_parser(
        "replay",
        help="a recorded match turn by turn, with each play's arithmetic",
        description=_DESCRIPTION,
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,
    )
    parser.add_argument(
        "file",
        metavar="FILE",
        help="the record: its text notation, or its JSON (starting with '{'); - for stdin",
    )
    parser.add_argument(
        "--seat",
        type=_seat,
        metavar="N",
        help="show only what seat N saw (seats from 0): its own cards, and the table",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="print the replay as one JSON document (the wire format) instead of text",
    )
    parser.add_argument(
        "--at",
        type=_count,
        metavar="N",
        help="print only the position after the first N actions, in the position notation "
        "(the referee's, or with --seat that seat's), to paste into check --position",
    )
    parser.set_defaults(func=run)


def _seat(text: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise argparse.ArgumentTypeError(f"a seat is a whole number from 0, got {text!r}")
    return int(text)


def _count(text: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise argparse.ArgumentTypeError(f"a number of actions, 0 or more, got {text!r}")
    return int(text)


def read_text(name: str, stdin: TextIO | None = None) -> str:
    """The text of file ``name`` (``-``: ``stdin``); a file that cannot be read is a UsageError."""
    try:
        if name == "-":
            return (sys.stdin if stdin is None else stdin).read()
        return Path(name).read_text(encoding="utf-8")
    except OSError as error:
        raise UsageError(f"{name}: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise UsageError(f"{name}: not UTF-8 text ({error.reason} at byte {error.start})") from None


#: JSON documents that are not records, and what to do with them instead.
_NOT_RECORDS: Final = {
    "raise-the-sum/state": "a game state",
    "raise-the-sum/view": "a seat's view",
}


def load_record(name: str, stdin: TextIO | None = None) -> MatchRecord:
    """Read the record in file ``name`` (``-``: ``stdin``), text notation or JSON.

    Anything that goes wrong is a :class:`~raise_the_sum.cli.UsageError`
    naming the file: it cannot be read, it is not UTF-8, or the record is
    refused (with the line and column, or the JSON Pointer, at fault). A
    JSON state or view is not a record: the error says to give it to
    ``check --position``.
    """
    text = read_text(name, stdin)
    if text.lstrip().startswith("{"):
        found = re.search(r'"format"\s*:\s*"(raise-the-sum/(?:state|view))"', text)
        if found is not None:
            raise UsageError(
                f"{name}: this is {_NOT_RECORDS[found.group(1)]}, not a match record; "
                f"judge an action there with: check ACTION --position {name}"
            )
        try:
            return wire.loads(MatchRecord, text)
        except (TypeError, ValueError) as error:  # WireError, with its JSON Pointer
            raise UsageError(f"{name}: {error}") from None
    try:
        return MatchRecord.from_text(text)
    except RecordError as error:
        raise UsageError(f"{name}: {error}") from None


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(format(card, "u") for card in cards) if cards else "no cards"


def _played(event: Played) -> str:
    """A play's arithmetic: ``9 + 7 + 3 = 19, an opening; sends ÷2 on``."""
    explanation = explain(event.cards, event.faced)
    line = f"{explanation}, " + (
        "an opening" if event.beat is None else f"which beats {event.beat}"
    )
    if not explanation.outgoing.is_none:
        line += f"; sends {explanation.outgoing} on"
    return line


def render(record: MatchRecord, seat: int | None = None) -> Iterator[str]:
    """The match as lines of text: every hand and draw, or what ``seat`` saw.

    A record with an illegal action raises :class:`~raise_the_sum.RecordError`
    (from :meth:`~raise_the_sum.MatchRecord.replay`) before any line is given.

    >>> from raise_the_sum import MatchRecord, Pass, Play, Rules, parse_cards
    >>> record = MatchRecord(Rules(players=2, hand_size=6, points_to_win=1), seed=2026,
    ...                      actions=(Play(parse_cards("+9 +7 x2")), Pass()),
    ...                      tags={"Seat0": "Ann", "Seat1": "Bo"})
    >>> print(*render(record, seat=1), sep="\\n")
    Ann (seat 0), Bo (seat 1): 2 players, 6 cards each, first to 1 point
    As Bo (seat 1) saw it.
    <BLANKLINE>
    Round 1: Ann opens.
      Bo holds +3 +5 +6 +8 −3 ÷2
    1. Ann plays +7 +9 ×2: (9 + 7) × 2 = 32, an opening
         Bo draws +5, and holds +3 +5 +5 +6 +8 −3 ÷2
    2. Bo passes
         Ann wins round 1, and has 1 point
         Ann wins the match with 1 point
    """
    record.replay()
    names = record.names
    rules = record.rules
    yield (
        ", ".join(f"{name} (seat {n})" for n, name in enumerate(names))
        + f": {rules.players} players, {rules.hand_size} cards each, first to "
        f"{rules.points_to_win} point{'s' if rules.points_to_win != 1 else ''}"
        + ("" if seat is not None else f", seed {record.seed}")
        + (", a stacked deck" if record.deck is not None else "")
    )
    for tag, value in record.tags.items():
        if not tag.startswith("Seat"):
            yield f"{tag}: {value}"
    yield f"As {names[seat]} (seat {seat}) saw it." if seat is not None else "The whole table."
    state = record.start()
    yield ""
    yield f"Round 1: {names[state.current]} opens."
    shown = range(rules.players) if seat is None else (seat,)
    for n in shown:
        yield f"  {names[n]} holds {_cards(observe(state, n).hand)}"
    round_number = 1
    for number, action in enumerate(record.actions, 1):
        actor = state.current
        after, events = step(state, action)
        if seat is not None:
            events = observe_events(events, seat)
        for i, event in enumerate(events):
            text = _event(event, names, round_number)
            if isinstance(event, Drew) and (seat is None or event.seat == seat):
                text += f", and holds {_cards(after.hands[event.seat])}"
            if isinstance(event, MustDiscard) and (seat is None or event.seat == seat):
                text += f" of {_cards(after.hands[event.seat])}"
            if i == 0:
                yield (
                    f"{number}. {text}"
                    if not isinstance(event, RoundStarted)
                    else (f"{number}. {names[actor]} starts the next round")
                )
            else:
                yield f"     {text}"
            if isinstance(event, RoundStarted):
                round_number += 1
                yield ""
                yield f"Round {round_number}: {names[event.seat]} opens."
        state = after


def replay_document(record: MatchRecord, seat: int | None = None) -> dict[str, wire.JSON]:
    """The replay as a JSON value in the wire format: what ``--json`` prints.

    Its keys: ``"rules"`` (:class:`~raise_the_sum.Rules`), ``"names"`` (one per
    seat, from the record's tags), ``"tags"``, ``"seat"`` (``seat``, or
    ``null`` for the whole table), ``"start"`` and ``"steps"``. For the whole
    table, ``"start"`` is the :class:`~raise_the_sum.GameState` at the deal and
    ``"seed"`` is there too; for a seat, ``"start"`` is that seat's
    :class:`~raise_the_sum.PlayerView` and nothing it could not see is in the
    document. Each step is ``{"number", "seat", "action", "events"}``: the
    action's number from 1, the seat that took it, the
    :class:`~raise_the_sum.Action` and the :data:`~raise_the_sum.events.Event` list
    that followed (for a seat, :func:`~raise_the_sum.observe_events`).

    A record with an illegal action raises :class:`~raise_the_sum.RecordError`.

    >>> from raise_the_sum import MatchRecord, Pass, Play, Rules, parse_cards
    >>> record = MatchRecord(Rules(players=2, hand_size=6, points_to_win=1), seed=2026,
    ...                      actions=(Play(parse_cards("+9 +7 x2")), Pass()))
    >>> document = replay_document(record, seat=1)
    >>> document["start"]["hand"]
    ['+3', '+5', '+6', '+8', '-3', '/2']
    >>> [event["type"] for event in document["steps"][0]["events"]]
    ['played', 'drew']
    >>> document["steps"][0]["events"][1]
    {'type': 'drew', 'seat': 1, 'card': '+5'}
    >>> "seed" in document, "seed" in replay_document(record)
    (False, True)
    """
    record.replay()
    state = record.start()
    document: dict[str, wire.JSON] = {
        "rules": wire.encode(record.rules),
        "names": list(record.names),
        "tags": dict(record.tags),
        "seat": seat,
    }
    if seat is None:
        document["seed"] = record.seed
        document["start"] = wire.encode(state)
    else:
        document["start"] = wire.encode(observe(state, seat))
    steps: list[wire.JSON] = []
    for number, action in enumerate(record.actions, 1):
        actor = state.current
        state, events = step(state, action)
        if seat is not None:
            events = observe_events(events, seat)
        steps.append(
            {
                "number": number,
                "seat": actor,
                "action": wire.encode(action),
                "events": [wire.encode(event) for event in events],
            }
        )
    document["steps"] = steps
    return document


def _event(event: Event, names: Sequence[str], round_number: int) -> str:
    """One event in words."""
    if isinstance(event, Played):
        return f"{names[event.seat]} plays {_cards(event.cards)}: {_played(event)}"
    if isinstance(event, Passed):
        return f"{names[event.seat]} passes"
    if isinstance(event, Discarded):
        return f"{names[event.seat]} discards {_cards(event.cards)}"
    if isinstance(event, MustDiscard):
        return f"{names[event.seat]} must discard {event.count}"
    if isinstance(event, RoundWon):
        points = f"{event.points} point{'s' if event.points != 1 else ''}"
        return f"{names[event.seat]} wins round {round_number}, and has {points}"
    if isinstance(event, MatchWon):
        return (
            f"{names[event.seat]} wins the match with {event.points}"
            f" point{'s' if event.points != 1 else ''}"
        )
    if isinstance(event, Reshuffled):
        return f"the discard pile is shuffled into a new deck of {event.size} cards"
    if isinstance(event, Drew):
        return f"{names[event.seat]} draws " + (
            "a card" if event.card is None else format(event.card, "u")
        )
    return f"{names[event.seat]} opens round {round_number + 1}"


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``replay`` on parsed ``args``; write to ``out``; return the exit status."""
    record = load_record(args.file)
    seat: int | None = args.seat
    players = record.rules.players
    if seat is not None and seat >= players:
        raise UsageError(f"argument --seat: a seat from 0 to {players - 1}, got {seat}")
    try:
        if args.at is not None:
            if args.json:
                raise UsageError(
                    "argument --at: the position is one line of text; leave out --json"
                )
            states = record.replay()
            count = len(record.actions)
            if args.at > count:
                raise UsageError(
                    f"argument --at: the record has {count} actions; give 0 to {count}, "
                    f"got {args.at}"
                )
            lines = [to_position(states[args.at], seat=seat)]
        elif args.json:
            text = json.dumps(replay_document(record, seat), ensure_ascii=False)
            lines = [text]
        else:
            lines = list(render(record, seat))
    except RecordError as error:
        raise UsageError(f"{args.file}: {error}") from None
    for line in lines:
        out.write(line + "\n")
    return 0
