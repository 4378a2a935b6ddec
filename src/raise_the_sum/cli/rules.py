"""``raise-the-sum rules``: the rulebook, or the rules named by their identifiers.

    raise-the-sum rules             # every rule, by section
    raise-the-sum rules R4.4 R2.5   # these rules, with their worked examples

Each rule shows its identifier, its title, a badge saying where it comes from
(``[guide]``: the game's quick guide; ``[ruling]``: this library decides where
the guide is silent or unclear) and its text, wrapped to a readable width.
The rules are :data:`raise_the_sum.rulebook.RULES`.
"""

from __future__ import annotations

import argparse
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
    """The rule an argument names; ``r4.4`` is ``R4.4``. Unknown: a usage error."""
    key = "R" + text[1:] if text.startswith("r") else text
    try:
        return rule(key)
    except KeyError as error:
        raise argparse.ArgumentTypeError(str(error.args[0])) from None


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``rules`` subcommand to ``subparsers``."""
    first, *_, last = RULES
    parser = subparsers.add_parser(
        "rules",
        help="the rulebook, or the rules named (R4.4 ...)",
        description="Print the rulebook, grouped by section, or the rules named by their "
        f"identifiers ({first} to {last}) with their worked examples. {_LEGEND}",
        allow_abbrev=False,
    )
    parser.add_argument(
        "rules", nargs="*", type=_rule, metavar="RULE",
        help="a rule's identifier, such as R4.4; none: the whole rulebook",
    )
    parser.set_defaults(func=run)


def _wrap(text: str, indent: str = "", width: int = WIDTH) -> list[str]:
    return textwrap.wrap(
        text, width=width, initial_indent=indent, subsequent_indent=indent,
        break_on_hyphens=False,
    )


def format_rule(entry: Rule, width: int = WIDTH, *, examples: bool = True) -> str:
    """One rule: ``id  title  [badge]``, its text wrapped to ``width``, its examples.

    >>> from raise_the_sum.rulebook import rule
    >>> print(format_rule(rule("R4.4"), examples=False))
    R4.4  Replies must beat the score  [guide]
          Every later play must total strictly more than the score to beat,
          counted against the incoming attack. Ties don't count.

    The worked examples (doctests) are shown as written, indented, never
    wrapped; ``examples=False`` leaves them out.
    """
    lines = _wrap(f"{entry.id:<5} {entry.title}  [{entry.source.value}]", width=width)
    lines[1:] = [_INDENT + line for line in lines[1:]]
    lines += _wrap(entry.text, _INDENT, width)
    if examples and entry.examples:
        lines.append(f"{_INDENT}Examples:")
        for number, example in enumerate(entry.examples):
            if number:
                lines.append("")
            body = textwrap.dedent(example).strip("\n")
            lines += [f"{_INDENT}  {line}".rstrip() for line in body.splitlines()]
    return "\n".join(lines)


def format_rulebook(rules: Iterable[Rule] | None = None, width: int = WIDTH) -> str:
    """The rules (default: every rule), grouped under their section titles.

    Worked examples are left out here; ``raise-the-sum rules ID`` shows them.
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
        lines += ["", format_rule(entry, width, examples=False)]
    return "\n".join(lines)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``rules`` on parsed ``args``; write to ``out``; return the exit status."""
    chosen: Sequence[Rule] = args.rules
    if chosen:
        out.write("\n\n".join(format_rule(entry) for entry in chosen) + "\n")
    else:
        out.write(format_rulebook() + "\n")
    return 0
