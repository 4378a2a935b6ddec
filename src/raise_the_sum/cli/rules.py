"""``raise-the-sum rules``: the rulebook, or the rules named by their identifiers.

    raise-the-sum rules                 # every rule, by section
    raise-the-sum rules R4.4 2.5        # these rules, each with a worked example
    raise-the-sum rules 4.4 --doctest   # ... and the doctest that proves it

Each rule shows its identifier, its title, a badge saying where it comes from
(``[guide]``: the game's quick guide; ``[ruling]``: this library decides where
the guide is silent or unclear) and its text, wrapped to a readable width.
A rule named on the command line also shows its worked example in words,
and with ``--doctest`` the code that proves it. Identifiers are read by
:func:`raise_the_sum.rulebook.parse_rule_id`: ``R4.4``, ``r4.4`` and ``4.4``
are the same rule. The rules are :data:`raise_the_sum.rulebook.RULES`.
"""

from __future__ import annotations

import argparse
import itertools
import re
import textwrap
from collections.abc import Iterable, Sequence
from typing import Final, TextIO

from raise_the_sum.rulebook import RULES, SECTIONS, Rule, rule

__all__ = ["WIDTH", "format_rule", "format_rulebook", "register", "run"]

#: The width the text is wrapped to.
WIDTH: Final = 78
_INDENT: Final = " " * 6

_LEGEND: Final = (
    "[guide]: the game's quick guide says so. [ruling]: the guide is silent or "
    "unclear, and this library decides."
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
    lines += _wrap(entry.text, _INDENT, width)
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
    """The rules (default: every rule), grouped under their section titles.

    Worked examples are left out here; ``raise-the-sum rules ID`` shows them.
    The rules' text and titles only:

    >>> from raise_the_sum.rulebook import rule
    >>> print(format_rulebook([rule("R2.7")]))
    Raise the Sum: the rulebook
    <BLANKLINE>
    [guide]: the game's quick guide says so. [ruling]: the guide is silent or
    unclear, and this library decides.
    <BLANKLINE>
    2. The total of a play
    ----------------------
    <BLANKLINE>
    R2.7  A lone card opens at 0  [guide]
          A play of a lone Multiply, Subtract, Divide or Zero card totals 0: it
          has nothing to add up.
    """
    chosen = list(RULES.values() if rules is None else rules)
    lines = ["Raise the Sum: the rulebook", ""]
    lines += _wrap(_LEGEND, width=width)
    section = None
    for entry in chosen:
        if entry.section != section:
            section = entry.section
            heading = f"{section}. {SECTIONS.get(section, f'Section {section}')}"
            lines += ["", heading, "-" * len(heading)]
        lines += ["", format_rule(entry, width, in_words=False)]
    return "\n".join(lines)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``rules`` on parsed ``args``; write to ``out``; return the exit status."""
    chosen: Sequence[Rule] = args.rules
    if chosen:
        text = (format_rule(entry, doctests=args.doctest) for entry in chosen)
        out.write("\n\n".join(text) + "\n")
    else:
        out.write(format_rulebook() + "\n")
    return 0
