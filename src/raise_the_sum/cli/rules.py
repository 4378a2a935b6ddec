"""``raise-the-sum rules``: the rulebook, or the rules named by their identifiers.

    raise-the-sum rules                 # every rule, by section
    raise-the-sum rules R4.4 2.5        # these rules, each with a worked example
    raise-the-sum rules 4.4 --doctest   # ... and the doctest that proves it
    raise-the-sum rules --sheet > rules.html   # the rules on one printed page

The rulebook starts with its edition (``Rulebook 2, 2026-12``). Each rule
shows its identifier, its title, a badge saying where it comes from
(``[guide]``: the game's quick guide; ``[ruling]``: this library decides where
the guide is silent or unclear) and its text, wrapped to a readable width. In
a rule from the guide, a sentence that is the library's ruling starts with
``[ruling]``. The rules of the table come first; the library's own rules (its
notation, its generator, bad input) follow in their own part.
A rule named on the command line also shows its worked example in words,
and with ``--doctest`` the code that proves it. Identifiers are read by
:func:`raise_the_sum.rulebook.parse_rule_id`: ``R4.4``, ``r4.4`` and ``4.4``
are the same rule. The rules are :data:`raise_the_sum.rulebook.RULES`.
``--sheet`` writes the one-page printable sheet instead, as HTML
(:mod:`raise_the_sum.rulebook_sheet`).
"""

from __future__ import annotations

import argparse
import itertools
import re
import textwrap
from collections.abc import Iterable, Sequence
from typing import Final, TextIO

from raise_the_sum.cli import UsageError
from raise_the_sum.rulebook import EDITION, PARTS, RULES, SECTIONS, Rule, Source, rule
from raise_the_sum.rulebook_sheet import render_sheet

__all__ = ["WIDTH", "format_rule", "format_rulebook", "marked_text", "register", "run"]

#: The width the text is wrapped to.
WIDTH: Final = 78
_INDENT: Final = " " * 6

_LEGEND: Final = (
    "[guide]: the game's quick guide says so. [ruling]: the guide is silent or "
    "unclear, and this library decides; in a rule from the guide, [ruling] marks "
    "each sentence that is the library's."
)


def _rule(text: str) -> Rule:
    """The rule an argument names (``R4.4``, ``r4.4`` or ``4.4``). Unknown: a usage error."""
    try:
        return rule(text)
    except KeyError as error:
        raise argparse.ArgumentTypeError(str(error.args[0])) from None


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``rules`` subcommand to ``subparsers``."""
    first, *_, last = RULES
    parser = subparsers.add_parser(
        "rules",
        help="the rulebook, or the rules named (R4.4 ...)",
        description="Print the rulebook, grouped by section, or the rules named by their "
        f"identifiers ({first} to {last}, or {first[1:]} to {last[1:]}) with a worked "
        f"example of each. {_LEGEND}",
        allow_abbrev=False,
    )
    parser.add_argument(
        "rules",
        nargs="*",
        type=_rule,
        metavar="RULE",
        help="a rule's identifier, such as R4.4, r4.4 or 4.4; none: the whole rulebook",
    )
    parser.add_argument(
        "--doctest",
        action="store_true",
        help="also show each rule's worked examples as code: the doctests that prove them",
    )
    parser.add_argument(
        "--sheet",
        action="store_true",
        help="write the rules on one printable page (A4 or Letter), as HTML, and nothing else",
    )
    parser.set_defaults(func=run)


#: Signs of arithmetic: a line never breaks beside one, so ``8 + 8 + 2 − 5 = 13`` stays whole.
_SIGNS: Final = frozenset({"+", "−", "×", "÷", "=", "→"})
#: A card in the text (``+8``, ``×2``, ``−3``...): a play's cards stay on one line too.
_CARD: Final = re.compile(r"\(?[-+−×x÷/][0-9]\)?[,.:;]?")
_GLUE: Final = "\x00"


def _keep_together(before: str, word: str) -> bool:
    if word in _SIGNS or before in _SIGNS:
        return True
    return bool(_CARD.fullmatch(before) and _CARD.fullmatch(word)) and before[-1] not in ",.:;"


def _wrap(text: str, indent: str = "", width: int = WIDTH) -> list[str]:
    words = text.split(" ")
    glued = words[:1]
    for before, word in itertools.pairwise(words):
        if _keep_together(before, word):
            glued[-1] += _GLUE + word
        else:
            glued.append(word)
    lines = textwrap.wrap(
        " ".join(glued),
        width=width,
        initial_indent=indent,
        subsequent_indent=indent,
        break_on_hyphens=False,
        break_long_words=False,
    )
    return [line.replace(_GLUE, " ") for line in lines]


def marked_text(entry: Rule) -> str:
    """The rule's text, with ``[ruling]`` before each sentence that is a ruling in a guide rule.

    >>> from raise_the_sum.rulebook import rule
    >>> print(marked_text(rule("R4.6"))[-64:])
    next player. [ruling] The replaced cards go to the discard pile.
    >>> marked_text(rule("R4.4")) == rule("R4.4").text
    True
    """
    if entry.source is Source.RULING:
        return entry.text
    return "".join(
        f"[ruling] {piece}" if source is Source.RULING else piece
        for piece, source in entry.provenance()
    )


def format_rule(
    entry: Rule,
    width: int = WIDTH,
    *,
    in_words: bool = True,
    doctests: bool = False,
    examples: bool | None = None,
) -> str:
    """One rule: ``id  title  [badge]``, its text and its worked example, wrapped to ``width``.

    >>> from raise_the_sum.rulebook import rule
    >>> print(format_rule(rule("R4.4")))
    R4.4  Replies must beat the score  [guide]
          Every later play must total strictly more than the score to beat,
          counted against the incoming attack. Ties don't count.
          Example: The score is 13 and you face −5. Your +8 +8 +2 totals
          8 + 8 + 2 − 5 = 13: a tie, which does not beat 13. Adding +1 makes 14,
          which does.

    ``in_words=False`` leaves the worked example out. ``doctests=True`` adds
    the worked examples as code (the doctests that prove the rule), shown as
    written, indented, never wrapped. ``examples`` sets both at once
    (``examples=False``: the rule's text alone).
    """
    if examples is not None:
        in_words = doctests = examples
    lines = _wrap(f"{entry.id:<5} {entry.title}  [{entry.source.value}]", width=width)
    lines[1:] = [_INDENT + line for line in lines[1:]]
    lines += _wrap(marked_text(entry), _INDENT, width)
    if in_words and entry.in_words:
        lines += _wrap(f"Example: {entry.in_words}", _INDENT, width)
    if doctests and entry.examples:
        lines.append(f"{_INDENT}As code (the doctests that prove it):")
        for number, example in enumerate(entry.examples):
            if number:
                lines.append("")
            body = textwrap.dedent(example).strip("\n")
            lines += [f"{_INDENT}  {line}".rstrip() for line in body.splitlines()]
    return "\n".join(lines)


def format_rulebook(rules: Iterable[Rule] | None = None, width: int = WIDTH) -> str:
    """The rules (default: every rule), by part, then under their section titles.

    The first line names the edition. Worked examples are left out here;
    ``raise-the-sum rules ID`` shows them. The rules' text and titles only:

    >>> from raise_the_sum.rulebook import rule
    >>> print(format_rulebook([rule("R2.7"), rule("R1.6")]))  # doctest: +ELLIPSIS
    Raise the Sum: Rulebook 2, 2026-12
    <BLANKLINE>
    [guide]: the game's quick guide says so. [ruling]: the guide is silent or
    unclear, and this library decides; in a rule from the guide, [ruling] marks
    each sentence that is the library's.
    <BLANKLINE>
    Part 1. The game at the table
    =============================
    <BLANKLINE>
    2. The total of a play
    ----------------------
    <BLANKLINE>
    R2.7  A lone card opens at 0  [guide]
          A play of a lone Multiply, Subtract, Divide or Zero card totals 0: it
          has nothing to add up.
    <BLANKLINE>
    Part 2. The library's own rules: notation, generator, bad input
    ===============================================================
    <BLANKLINE>
    1. Cards
    --------
    <BLANKLINE>
    R1.6  Card notation  [ruling]
    ...
    """
    chosen = list(RULES.values() if rules is None else rules)
    lines = [f"Raise the Sum: {EDITION}", ""]
    lines += _wrap(_LEGEND, width=width)
    for number, (part, title) in enumerate(PARTS.items(), start=1):
        in_part = [entry for entry in chosen if entry.part is part]
        if not in_part:
            continue
        heading = f"Part {number}. {title}"
        lines += ["", heading, "=" * len(heading)]
        section = None
        for entry in in_part:
            if entry.section != section:
                section = entry.section
                heading = f"{section}. {SECTIONS.get(section, f'Section {section}')}"
                lines += ["", heading, "-" * len(heading)]
            lines += ["", format_rule(entry, width, in_words=False)]
    return "\n".join(lines)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``rules`` on parsed ``args``; write to ``out``; return the exit status."""
    chosen: Sequence[Rule] = args.rules
    if args.sheet:
        if chosen or args.doctest:
            raise UsageError(
                "argument --sheet: the sheet holds every rule; give no RULE or --doctest"
            )
        out.write(render_sheet())
        return 0
    if chosen:
        text = (format_rule(entry, doctests=args.doctest) for entry in chosen)
        out.write("\n\n".join(text) + "\n")
    else:
        out.write(format_rulebook() + "\n")
    return 0
