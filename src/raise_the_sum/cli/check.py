"""``raise-the-sum check``: settle a dispute: is this action legal at this table, and why?

    raise-the-sum check "+8 +4 x2" --hand "+8 +4 x2 -3 /2" --to-beat 5 --against "-2 /3"
    raise-the-sum check pass --hand "+9 +4" --opening
    raise-the-sum check "discard -3" --hand "+1 +2 +3 +4 +5 +6 +7 -3" --discard
    raise-the-sum check "play +9 +8" --record club.rts --at 1
    raise-the-sum check "+9" --position "rts1 1 ?7|+4+9x2-3|?7 +8@0=8 p1 - 0,0,0 ? -"

ACTION is an action as :func:`~raise_the_sum.parse_action` reads it
(``play CARDS``, ``pass``, ``discard CARDS``, ``next round``), or bare cards
for a play: ``"+8 +4 x2"`` is ``play +8 +4 x2``. The table is given on the
command line: the player's hand (``--hand``; a play's or a discard's own
cards when left out), the score to beat and the attack facing them
(``--to-beat``, ``--against``, whose Subtract and Divide cards are the attack,
rule R2.8), or ``--opening`` (no score to beat, the default without
``--to-beat``), or ``--discard`` (the end of a turn above the hand limit,
rule R4.8). Everything else is the standard game between two players, or
the game of ``--rules FILE`` (a :class:`~raise_the_sum.Rules` in JSON, as
:mod:`raise_the_sum.wire` writes it). A table the deck cannot hold (more of a
card than it has, rule R1.2) or a hand above the limit (rule R4.8) is
refused, not judged. Or the table is a position (``--position``: the
notation of :mod:`raise_the_sum.position`, or a file holding it or a JSON
state or view), judged for its seat (any seat to act, for the referee's); or
a recorded match after its first N actions (``--record FILE --at N``;
without ``--at``, after all of them).

It prints the verdict of :func:`~raise_the_sum.check`, the rule that decides
it (its identifier and its words), and for a play its arithmetic, step by
step; ``--json`` prints the encoded :class:`~raise_the_sum.Verdict`
instead (:func:`raise_the_sum.wire.dumps`). The exit status is 0 for a legal
action, 1 for an illegal one, and 2 for bad input (one line on standard
error).
"""

from __future__ import annotations

import argparse
import json
import textwrap
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Final, TextIO

from raise_the_sum import (
    Action,
    Card,
    Discard,
    GameState,
    InvalidState,
    NextRound,
    Pass,
    Phase,
    Play,
    PlayerView,
    Position,
    PositionError,
    Rng,
    Rules,
    Verdict,
    apply,
    check,
    from_position,
    parse_action,
    parse_cards,
    wire,
)
from raise_the_sum.cli import UsageError
from raise_the_sum.cli.explain import _cards, _score, render
from raise_the_sum.cli.replay import load_record, read_text
from raise_the_sum.cli.rules import format_rule
from raise_the_sum.position import first_excess
from raise_the_sum.rulebook import rule
from raise_the_sum.state import check_table

__all__ = [
    "EXIT_ILLEGAL",
    "EXIT_LEGAL",
    "deciding_rule",
    "load_position",
    "parse",
    "register",
    "run",
    "table",
    "then_discard",
]

#: The exit status for a legal action.
EXIT_LEGAL: Final = 0
#: The exit status for an illegal action.
EXIT_ILLEGAL: Final = 1

_DESCRIPTION = textwrap.fill(
    "Judge an action at a table given on the command line, or at a position of a "
    "recorded match: print the verdict, the rule that decides it and the play's "
    "arithmetic. Exit status: 0 legal, 1 illegal, 2 bad input.",
    width=78,
)

_EPILOG = """\
examples:
  raise-the-sum check "+8 +4 x2" --hand "+8 +4 x2 -3 /2" --to-beat 5 --against "-2 /3"
  raise-the-sum check "+6 +6" --to-beat 12             a tie does not beat 12
  raise-the-sum check pass --hand "+9 +4" --opening    the opener may not pass
  raise-the-sum check "discard -3" --hand "+1 +2 +3 +4 +5 +6 +7 -3" --discard
  raise-the-sum check "play +9 +8" --record club.rts --at 1 --json
  raise-the-sum check "+9 -9 -9" --rules house-deck.json   a deck with three -9
  raise-the-sum check pass --position "rts1 0 +9+4|?7 - p0 - 0,0 ?53 -"
  raise-the-sum check pass --position state.json           a state saved as JSON
"""

#: The deciding rule of a legal action, by what it is.
_ALLOWED: Final = {
    "opening": "R4.3",
    "reply": "R4.4",
    Pass: "R4.5",
    Discard: "R4.8",
    NextRound: "R5.4",
}


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``check`` subcommand to ``subparsers``."""
    parser = subparsers.add_parser(
        "check",
        help="settle a dispute: is an action legal at a table, and by which rule",
        description=_DESCRIPTION,
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,
    )
    parser.add_argument(
        "action",
        nargs="+",
        metavar="ACTION",
        help="'play CARDS', 'pass', 'discard CARDS', 'next round', or bare cards for a play",
    )
    table = parser.add_argument_group("the table (the standard game, two players)")
    table.add_argument(
        "--hand",
        nargs="+",
        type=_cards,
        metavar="CARDS",
        help="the cards the player holds; default: the action's own cards",
    )
    table.add_argument(
        "--to-beat",
        type=_score,
        metavar="N",
        help="the score a reply must beat (rule R4.4)",
    )
    table.add_argument(
        "--against",
        nargs="+",
        type=_cards,
        metavar="CARDS",
        help="the play that made the score: its Subtract and Divide cards are the attack "
        "(rule R2.8); needs --to-beat",
    )
    table.add_argument(
        "--opening",
        action="store_true",
        help="the player opens the round: no score to beat (rule R4.3); the default",
    )
    table.add_argument(
        "--discard",
        action="store_true",
        help="the end of the player's turn, above the hand limit: they must discard (rule R4.8)",
    )
    table.add_argument(
        "--rules",
        metavar="FILE",
        help='the game\'s rules as JSON, such as {"players": 3, "deck": [...]}, for a '
        "table given here or a position that names none; default: the standard game",
    )
    positioned = parser.add_argument_group("or a position")
    positioned.add_argument(
        "--position",
        metavar="POSITION",
        help="a position in the notation ('rts1 ...'), or a file holding one or a state or "
        "view as JSON (- for stdin)",
    )
    recorded = parser.add_argument_group("or a recorded match")
    recorded.add_argument(
        "--record",
        metavar="FILE",
        help="a match record (text notation or JSON; - for stdin)",
    )
    recorded.add_argument(
        "--at",
        type=_score,
        metavar="N",
        help="the position after the record's first N actions; default: after all of them",
    )
    parser.add_argument("--json", action="store_true", help="print the encoded Verdict as JSON")
    parser.set_defaults(func=run)


def parse(text: str) -> Action:
    """An action from its text, or bare cards for a play.

    >>> parse("+8 +4 x2")
    parse_action('play +4 +8 x2')
    >>> parse("next round")
    NextRound()
    >>> parse("fold")
    Traceback (most recent call last):
    ...
    raise_the_sum.cli.UsageError: argument ACTION: action 'fold': write 'play CARDS', 'pass', 'discard CARDS' or 'next round', or bare cards for a play
    """  # noqa: E501
    words = text.split()
    if words and words[0] in ("play", "discard", "pass", "next"):
        try:
            return parse_action(text)
        except ValueError as error:
            raise UsageError(f"argument ACTION: {error}") from None
    try:
        cards = parse_cards(text)
    except ValueError as error:
        if words and not any(word[0] in "+-x/÷×−0123456789" for word in words):
            raise UsageError(
                f"argument ACTION: action {text!r}: write 'play CARDS', 'pass', "
                "'discard CARDS' or 'next round', or bare cards for a play"
            ) from None
        raise UsageError(f"argument ACTION: {error}") from None
    if not cards:
        raise UsageError("argument ACTION: no action given")
    return Play(cards)


def _joined(groups: Sequence[tuple[Card, ...]] | None) -> tuple[Card, ...] | None:
    return None if groups is None else tuple(card for group in groups for card in group)


def table(
    hand: Sequence[Card],
    *,
    to_beat: int | None = None,
    against: Sequence[Card] = (),
    discard: bool = False,
    rules: Rules | None = None,
) -> GameState:
    """A table where seat 0, to act, holds ``hand``: the standard game for two, or ``rules``.

    With ``to_beat``, seat 1 has made a play that scored it, of the cards
    ``against`` (or of +1, when none are given): its Subtract and Divide
    cards are the attack seat 0 faces. Without it, seat 0 opens. With
    ``discard``, seat 0 is at the end of its turn and must discard down to
    the hand limit (rule R4.8). Every other seat holds as many cards as the
    hand limit, and the rest is the deck.

    >>> from raise_the_sum import Play, check, parse_cards
    >>> state = table(parse_cards("+8 +4 x2 -3 /2"), to_beat=5, against=parse_cards("-2 /3"))
    >>> print(check(state, Play(parse_cards("+8 +4 x2"))))
    legal: (8 + 4 − 2) × 2 ÷ 3 = 20 ÷ 3 = 6 (rounded down), which beats 5

    A table that the deck cannot hold is refused (rule R1.2), and so is a
    hand above the limit (rule R4.8), unless ``rules`` allow them:

    >>> table(parse_cards("+9 -9 -9"))
    Traceback (most recent call last):
    ...
    raise_the_sum.cli.UsageError: argument --hand: the deck holds 1 -9; this table holds 2 (rule R1.2); give a deck that holds them with --rules FILE
    """  # noqa: E501
    if rules is None:
        rules = Rules(players=2)
    if against and to_beat is None:
        raise UsageError(
            "argument --against: the attack comes with a score to beat; give --to-beat"
        )
    limit = rules.hand_limit
    if discard and len(hand) <= limit:
        raise UsageError(
            f"argument --discard: a player discards only above {limit} cards "
            f"(rule R4.8); --hand holds {len(hand)}"
        )
    standing = tuple(sorted(against)) if against else ()
    if to_beat is not None and not standing:
        standing = parse_cards("+1")
    shown = [*hand, *standing]
    found = first_excess(rules.deck, shown)
    if found is not None:
        at, card, held = found
        deck = "the deck" if rules == Rules(players=rules.players) else "the rules' deck"
        raise UsageError(
            f"argument {'--hand' if at < len(hand) else '--against'}: {deck} holds {held} "
            f"{card}; this table holds {held + 1} (rule R1.2); give a deck that holds them "
            "with --rules FILE"
        )
    phase = Phase.DISCARD if discard else Phase.PLAY
    others = rules.players - 1
    try:
        check_table(
            "GameState",
            rules,
            phase,
            0,
            (len(hand), *[0] * others),
            (0,) * rules.players,
            None,
            (),
            None,
            frozenset(),
        )
    except InvalidState as error:
        raise UsageError(
            f"argument --hand: {error.reason} (rule {error.rule}); give other rules with "
            "--rules FILE"
        ) from None
    rest = sorted((Counter(rules.deck) - Counter(shown)).elements())
    if len(rest) < others * limit + 1:
        raise UsageError(
            f"argument --hand: {len(hand)} cards leave too few for the other seats and the deck"
        )
    hands = [tuple(sorted(hand))]
    hands += [tuple(rest[n * limit : (n + 1) * limit]) for n in range(others)]
    return GameState(
        rules=rules,
        seed=0,
        rng=Rng.from_seed(0),
        phase=phase,
        current=0,
        hands=tuple(hands),
        points=(0,) * rules.players,
        to_beat=to_beat,
        standing=standing,
        standing_seat=1 if standing else None,
        passed=frozenset(),
        deck=tuple(rest[others * limit :]),
        discard=(),
    )


def deciding_rule(verdict: Verdict, state: GameState) -> str:
    """The rule that decides ``verdict``: the one broken, or the one that allows the action.

    >>> from raise_the_sum import Pass, check, parse_cards
    >>> state = table(parse_cards("+9 +4"))
    >>> deciding_rule(check(state, Pass()), state), deciding_rule(
    ...     check(state, Play(parse_cards("+9"))), state
    ... )
    ('R4.3', 'R4.3')
    """
    if verdict.rule is not None:
        return verdict.rule
    if isinstance(verdict.action, Play):
        return _ALLOWED["opening" if state.to_beat is None else "reply"]
    return _ALLOWED[type(verdict.action)]


def then_discard(state: GameState, verdict: Verdict) -> str | None:
    """The discard that a legal play or pass leaves to do in the same turn (rule R4.8), or None.

    >>> from raise_the_sum import Pass, check, parse_cards
    >>> state = table(parse_cards("+1 +2 +3 +4 +5 +6 +7 +8"), to_beat=30)
    >>> print(then_discard(state, check(state, Pass())))
    then: you hold 8 cards and keep 7: discard 1 before your turn ends (rule R4.8)
    >>> then_discard(state, check(state, Play(parse_cards("+8 +7 +6 +5 +4"))))  # 3 left
    """
    if not verdict.legal or not isinstance(verdict.action, (Play, Pass)):
        return None
    after = apply(state, verdict.action)
    if after.phase is not Phase.DISCARD:
        return None
    held, keep = len(after.hands[after.current]), after.rules.hand_limit
    return (
        f"then: you hold {held} cards and keep {keep}: discard {held - keep} "
        "before your turn ends (rule R4.8)"
    )


def _situation(state: GameState, who: Callable[[int], str], judged: int | None = None) -> str:
    """The table in words: who is to act, holding what, facing what."""
    seat = state.current
    if state.phase is Phase.MATCH_OVER:
        return f"the match is over, won by {who(seat)}"
    if judged is not None and judged != seat:
        return f"{who(seat)} to act; judging for {who(judged)}, holding " + (
            " ".join(format(card, "u") for card in state.hands[judged]) or "no cards"
        )
    where = f"{who(seat)} to act, holding " + (
        " ".join(format(card, "u") for card in state.hands[seat]) or "no cards"
    )
    if state.phase is Phase.ROUND_OVER:
        where += ", between rounds"
    elif state.phase is Phase.DISCARD:
        where += ", to discard"
    elif state.to_beat is None:
        where += ", to open"
    else:
        attack = "no attack" if state.attack.is_none else state.attack
        where += f", to beat {state.to_beat} against {attack}"
    return where


def _recorded(record_name: str, at: int | None) -> tuple[GameState, str]:
    record = load_record(record_name)
    try:
        states = record.replay()
    except ValueError as error:
        raise UsageError(f"{record_name}: {error}") from None
    count = len(record.actions)
    n = count if at is None else at
    if n > count:
        raise UsageError(
            f"argument --at: the record has {count} actions; give 0 to {count}, got {n}"
        )
    state = states[n]
    where = f"after {n} action{'s' if n != 1 else ''}: " + _situation(
        state, lambda seat: f"{record.name(seat)} (seat {seat})"
    )
    return state, where


def _rules(name: str | None) -> Rules | None:
    """The rules in file ``name`` (JSON), or None."""
    if name is None:
        return None
    try:
        return wire.loads(Rules, read_text(name))
    except (TypeError, ValueError) as error:  # WireError, with its JSON Pointer
        raise UsageError(f"{name}: {error}") from None


def load_position(value: str, rules: Rules | None = None) -> Position:
    """A position from ``--position``: the notation, or a file holding it or a JSON state or view.

    Text that starts with ``rts`` is the notation itself; anything else names
    a file (``-``: standard input). A position that cannot be read is a
    :class:`~raise_the_sum.cli.UsageError` with its column and rule.
    """
    name = None
    text = value
    if not value.strip():
        raise UsageError(
            "argument --position: empty; give a position ('rts1 ...') or a file that holds one"
        )
    if not value.lstrip().startswith("rts"):
        name = value
        text = read_text(value)
    label = "argument --position" if name is None else name
    if text.lstrip().startswith("{"):
        if rules is not None:
            raise UsageError("argument --rules: a JSON state or view holds its own rules")
        try:
            data = json.loads(text)
        except ValueError as error:
            raise UsageError(f"{label}: not JSON: {error}") from None
        kind = data.get("format") if isinstance(data, dict) else None
        cls = _DOCUMENTS.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise UsageError(
                f"{label}: a JSON state or view, whose format is {' or '.join(_DOCUMENTS)}; "
                f"got {kind!r:.40}"
            )
        try:
            return Position.of(wire.decode(cls, data))
        except (TypeError, ValueError) as error:  # WireError, with its JSON Pointer
            raise UsageError(f"{label}: {error}") from None
    try:
        return from_position(text.strip(), rules=rules)
    except PositionError as error:
        raise UsageError(f"{label}: {error}") from None


#: The JSON documents that hold a position, by their ``format``.
_DOCUMENTS: Final[dict[str, type[GameState] | type[PlayerView]]] = {
    "raise-the-sum/state": GameState,
    "raise-the-sum/view": PlayerView,
}


def _positioned(position: Position) -> tuple[GameState, int | None, str]:
    """The state to judge a position in, the seat judged, and the table in words."""
    seat = position.seat
    acting = position.current if seat is None else seat
    if isinstance(position.hands[acting], int) and position.phase is not Phase.MATCH_OVER:
        raise UsageError(
            f"argument --position: the position does not show the hand of seat {acting}, "
            "who is to act; give it to judge an action"
        )
    state = position.sample(Rng.from_seed(0))  # what is unseen does not change a verdict
    return state, seat, _situation(state, lambda n: f"seat {n}", seat)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``check`` on parsed ``args``; write to ``out``; return the exit status."""
    action = parse(" ".join(args.action))
    hand = _joined(args.hand)
    against = _joined(args.against)
    where = None
    seat = None
    given = [
        name
        for name, value in (
            ("--hand", hand),
            ("--to-beat", args.to_beat),
            ("--against", against),
        )
        if value is not None
    ]
    given += [
        name for name, value in (("--opening", args.opening), ("--discard", args.discard)) if value
    ]
    if args.record is not None:
        if args.position is not None:
            raise UsageError("argument --position: give a position or a record, not both")
        if args.rules is not None:
            given.append("--rules")
        if given:
            raise UsageError(
                f"argument --record: the record gives the table; leave out {', '.join(given)}"
            )
        state, where = _recorded(args.record, args.at)
    elif args.position is not None:
        if args.at is not None:
            raise UsageError("argument --at: a position in a record; give --record FILE")
        if given:
            raise UsageError(
                f"argument --position: the position gives the table; leave out {', '.join(given)}"
            )
        state, seat, where = _positioned(load_position(args.position, _rules(args.rules)))
    else:
        if args.at is not None:
            raise UsageError("argument --at: a position in a record; give --record FILE")
        if args.opening and args.to_beat is not None:
            raise UsageError(
                "argument --opening: an opening has no score to beat; leave out --to-beat"
            )
        if hand is None:
            if isinstance(action, (Play, Discard)):
                hand = action.cards
            else:
                raise UsageError(f"argument --hand: say what the player holds, to judge '{action}'")
        state = table(
            hand,
            to_beat=args.to_beat,
            against=against or (),
            discard=args.discard,
            rules=_rules(args.rules),
        )
    verdict = check(state, action, seat=seat)
    status = EXIT_LEGAL if verdict.legal else EXIT_ILLEGAL
    if args.json:
        out.write(wire.dumps(verdict) + "\n")
        return status
    lines = [] if where is None else [where, ""]
    lines.append(str(verdict))
    then = then_discard(state, verdict)
    if then is not None:
        lines.append(then)
    lines.append(format_rule(rule(deciding_rule(verdict, state)), in_words=False))
    if verdict.explanation is not None:
        lines += ["", render(verdict.explanation, verdict.to_beat)]
    out.write("\n".join(lines) + "\n")
    return status
