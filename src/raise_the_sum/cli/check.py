"""``raise-the-sum check``: settle a dispute: is this action legal at this table, and why?

    raise-the-sum check "+8 +4 x2" --hand "+8 +4 x2 -3 /2" --to-beat 5 --against "-2 /3"
    raise-the-sum check pass --hand "+9 +4" --opening
    raise-the-sum check "discard -3" --hand "+1 +2 +3 +4 +5 +6 +7 -3" --discard
    raise-the-sum check "play +9 +8" --record club.rts --at 1

ACTION is an action as :func:`~raise_the_sum.parse_action` reads it
(``play CARDS``, ``pass``, ``discard CARDS``, ``next round``), or bare cards
for a play: ``"+8 +4 x2"`` is ``play +8 +4 x2``. The table is given on the
command line: the player's hand (``--hand``; a play's or a discard's own
cards when left out), the score to beat and the attack facing them
(``--to-beat``, ``--against``, whose Subtract and Divide cards are the attack,
rule R2.8), or ``--opening`` (no score to beat, the default without
``--to-beat``), or ``--discard`` (the end of a turn above the hand limit,
rule R4.8). Everything else is the standard game between two players. Or the
table is a recorded match after its first N actions (``--record FILE --at N``;
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
import textwrap
from collections import Counter
from collections.abc import Sequence
from typing import Final, TextIO

from raise_the_sum import (
    STANDARD_DECK,
    Action,
    Card,
    Discard,
    GameState,
    NextRound,
    Pass,
    Phase,
    Play,
    Rng,
    Rules,
    Verdict,
    apply,
    check,
    parse_action,
    parse_cards,
    wire,
)
from raise_the_sum.cli import UsageError
from raise_the_sum.cli.explain import _cards, _score, render
from raise_the_sum.cli.replay import load_record
from raise_the_sum.cli.rules import format_rule
from raise_the_sum.rulebook import rule

__all__ = [
    "EXIT_ILLEGAL",
    "EXIT_LEGAL",
    "deciding_rule",
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
    Play(cards=(Card.parse('+4'), Card.parse('+8'), Card.parse('x2')))
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
) -> GameState:
    """A two-player standard table where seat 0, to act, holds ``hand``.

    With ``to_beat``, seat 1 has made a play that scored it, of the cards
    ``against`` (or of +1, when none are given): its Subtract and Divide
    cards are the attack seat 0 faces. Without it, seat 0 opens. With
    ``discard``, seat 0 is at the end of its turn and must discard down to
    7 (rule R4.8). The other cards are seat 1's hand (7 of them) and the
    deck. A hand that holds more of a card than the standard deck does is
    played with a deck holding those extra cards too.

    >>> from raise_the_sum import Play, check, parse_cards
    >>> state = table(parse_cards("+8 +4 x2 -3 /2"), to_beat=5, against=parse_cards("-2 /3"))
    >>> print(check(state, Play(parse_cards("+8 +4 x2"))))
    legal: (8 + 4 − 2) × 2 ÷ 3 = 20 ÷ 3 = 6 (rounded down), which beats 5
    """
    if against and to_beat is None:
        raise UsageError(
            "argument --against: the attack comes with a score to beat; give --to-beat"
        )
    rules_limit = Rules().hand_limit
    if discard and len(hand) <= rules_limit:
        raise UsageError(
            f"argument --discard: a player discards only above {rules_limit} cards "
            f"(rule R4.8); --hand holds {len(hand)}"
        )
    standing = tuple(sorted(against)) if against else ()
    if to_beat is not None and not standing:
        standing = parse_cards("+1")
    wanted = Counter(hand) + Counter(standing)
    extra = wanted - Counter(STANDARD_DECK)
    cards = [*STANDARD_DECK, *sorted(extra.elements())]
    rest = sorted((Counter(cards) - wanted).elements())
    if len(rest) < rules_limit + 1:
        raise UsageError(
            f"argument --hand: {len(hand)} cards leave too few for the other seat and the deck"
        )
    rules = Rules(players=2, deck=cards)
    return GameState(
        rules=rules,
        seed=0,
        rng=Rng.from_seed(0),
        phase=Phase.DISCARD if discard else Phase.PLAY,
        current=0,
        hands=(tuple(sorted(hand)), tuple(rest[:rules_limit])),
        points=(0, 0),
        to_beat=to_beat,
        standing=standing,
        standing_seat=1 if standing else None,
        passed=frozenset(),
        deck=tuple(rest[rules_limit:]),
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


def _position(record_name: str, at: int | None) -> tuple[GameState, str]:
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
    seat = state.current
    where = f"after {n} action{'s' if n != 1 else ''}: "
    if state.phase is Phase.MATCH_OVER:
        where += f"the match is over, won by {record.name(seat)} (seat {seat})"
    else:
        where += f"{record.name(seat)} (seat {seat}) to act, holding " + (
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
    return state, where


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``check`` on parsed ``args``; write to ``out``; return the exit status."""
    action = parse(" ".join(args.action))
    hand = _joined(args.hand)
    against = _joined(args.against)
    where = None
    if args.record is not None:
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
            name
            for name, value in (("--opening", args.opening), ("--discard", args.discard))
            if value
        ]
        if given:
            raise UsageError(
                f"argument --record: the record gives the table; leave out {', '.join(given)}"
            )
        state, where = _position(args.record, args.at)
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
        state = table(hand, to_beat=args.to_beat, against=against or (), discard=args.discard)
    verdict = check(state, action)
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
