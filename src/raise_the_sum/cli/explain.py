"""``raise-the-sum explain``: the arithmetic of a play, step by step, each step with its rule.

    raise-the-sum explain "+8 +4 x2" --against "-2 /3" --to-beat 6
    raise-the-sum explain +8 +4 x2 --against -2 /3 --json

The play's cards and the attacking play's cards (``--against``; its attack is
:func:`~raise_the_sum.attack_of` of them, so the whole standing play may be
given) are in the game's notation, quoted together or given one by one;
values that start with ``-`` work as they are (``explain -3``,
``--against -2``, ``--against=-3``), and so do the guide's signs ``×``, ``÷``
and ``−``.
"""

from __future__ import annotations

import argparse
import json
import textwrap
from collections.abc import Sequence
from typing import TextIO

from raise_the_sum import Attack, Card, Explanation, Rules, attack_of, explain, parse_cards
from raise_the_sum.cli import UsageError

__all__ = ["beats", "register", "render", "run", "to_json"]

_DESCRIPTION = textwrap.fill(
    "Explain how a play reaches its total against an attack (rules R2.1 to R2.8), "
    "and with --to-beat whether it beats a score (rule R4.4).",
    width=78,
)

_EPILOG = """\
examples:
  raise-the-sum explain "+8 +4 x2" --against "-2 /3"   the guide's example: 6
  raise-the-sum explain "+6 +6" --to-beat 12           a tie does not beat 12
  raise-the-sum explain "+9 x2 -3"                     your own -3 attacks the next
                                                       player, not your total
"""


def _cards(text: str) -> tuple[Card, ...]:
    """An argument's cards; a bad card is a usage error naming it (rule R1.6)."""
    try:
        return parse_cards(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _score(text: str) -> int:
    """A score to beat: a whole number, 0 or more, in ASCII digits."""
    if not (text.isascii() and text.isdigit()):
        raise argparse.ArgumentTypeError(
            f"a score to beat is a whole number, 0 or more; got {text!r}"
        )
    return int(text)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``explain`` subcommand to ``subparsers``."""
    parser = subparsers.add_parser(
        "explain",
        help="the arithmetic of a play, each step with its rule",
        description=_DESCRIPTION,
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,
    )
    parser.add_argument(
        "cards", nargs="+", type=_cards, metavar="CARDS",
        help="the play's cards, e.g. '+8 +4 x2' (quoted together, or one by one)",
    )
    parser.add_argument(
        "--against", nargs="+", type=_cards, default=[], metavar="CARDS",
        help="the attacking play's cards, e.g. '-2 /3': its Subtract and Divide cards "
        "are the attack (rule R2.8); default: no attack. Put it after the play's cards, "
        "or write --against='-2 /3'",
    )
    parser.add_argument(
        "--to-beat", type=_score, metavar="N",
        help="the score to beat: say whether the play beats it (rule R4.4: a tie does not)",
    )
    parser.add_argument("--json", action="store_true", help="write the explanation as JSON")
    parser.set_defaults(func=run)


def beats(total: int, to_beat: int) -> str:
    """Whether ``total`` beats ``to_beat``, in words, citing rule R4.4.

    >>> beats(7, 6)
    '7 beats 6 (R4.4)'
    >>> beats(6, 6)
    '6 does not beat 6: a tie does not count (R4.4)'
    """
    if total > to_beat:
        return f"{total} beats {to_beat} (R4.4)"
    if total == to_beat:
        return f"{total} does not beat {to_beat}: a tie does not count (R4.4)"
    return f"{total} does not beat {to_beat} (R4.4)"


def render(explanation: Explanation, to_beat: int | None = None) -> str:
    """The explanation as text: the one-line derivation, then each step with its rule.

    >>> from raise_the_sum import Attack, explain, parse_cards
    >>> print(render(explain(parse_cards("+3 x2 -4"), Attack(subtract=5)), to_beat=0))
    (3 − 5 → 0) × 2 = 0 (below zero counts as 0)
    <BLANKLINE>
    play:      +3 ×2 −4
    against:   −5
      R2.1  blue card: 3
      R2.3  incoming subtraction: 3 − 5 is below zero, so it counts as 0
      R2.4  multiply: 0 × 2 = 0
    total:     0
    sends on:  −4 (R2.8)
    to beat:   0: 0 does not beat 0: a tie does not count (R4.4)
    """
    lines = [
        str(explanation),
        "",
        f"play:      {' '.join(format(card, 'u') for card in explanation.cards)}",
        f"against:   {explanation.incoming}",
    ]
    lines += [f"  {step.rule:<5} {step.text}" for step in explanation.steps]
    lines.append(f"total:     {explanation.total}")
    lines.append(f"sends on:  {explanation.outgoing} (R2.8)")
    if to_beat is not None:
        lines.append(f"to beat:   {to_beat}: {beats(explanation.total, to_beat)}")
    return "\n".join(lines)


def _attack(attack: Attack) -> dict[str, int]:
    return {"subtract": attack.subtract, "divide": attack.divide}


def to_json(explanation: Explanation, to_beat: int | None = None) -> dict[str, object]:
    """The explanation as plain data for ``json.dumps``.

    ``cards`` in ASCII notation; ``incoming`` and ``outgoing`` as
    ``{"subtract": S, "divide": D}``; ``steps`` as ``{"rule", "text", "value"}``;
    and with ``to_beat``, ``beats`` (a tie does not, rule R4.4).

    >>> from raise_the_sum import explain, parse_cards
    >>> data = to_json(explain(parse_cards("+6 +6")), to_beat=12)
    >>> data["total"], data["beats"], data["steps"]
    (12, False, [{'rule': 'R2.1', 'text': 'blue cards: 6 + 6 = 12', 'value': 12}])
    """
    data: dict[str, object] = {
        "cards": [str(card) for card in explanation.cards],
        "incoming": _attack(explanation.incoming),
        "line": str(explanation),
        "steps": [
            {"rule": step.rule, "text": step.text, "value": step.value}
            for step in explanation.steps
        ],
        "total": explanation.total,
        "cancelled": explanation.cancelled,
        "floored": explanation.floored,
        "outgoing": _attack(explanation.outgoing),
    }
    if to_beat is not None:
        data["to_beat"] = to_beat
        data["beats"] = explanation.total > to_beat
        data["beats_rule"] = "R4.4"
    return data


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``explain`` on parsed ``args``; write to ``out``; return the exit status."""
    groups: Sequence[tuple[Card, ...]] = args.cards
    cards = tuple(card for group in groups for card in group)
    if not cards:
        raise UsageError("argument CARDS: no cards given; a play is at least 1 card (rule R4.2)")
    rules = Rules()  # the standard game's limits
    if len(cards) > rules.max_play:
        raise UsageError(
            f"argument CARDS: a play is {rules.min_play} to {rules.max_play} cards, "
            f"and this one has {len(cards)} (rule R4.2)"
        )
    against: Sequence[tuple[Card, ...]] = args.against
    attack = attack_of(card for group in against for card in group)
    explanation = explain(cards, attack)
    to_beat: int | None = args.to_beat
    if args.json:
        out.write(json.dumps(to_json(explanation, to_beat), ensure_ascii=False, indent=2) + "\n")
    else:
        out.write(render(explanation, to_beat) + "\n")
    return 0
