"""``raise-the-sum guide``: the game's quick guide, in its own words, with the rule ids beside it.

    raise-the-sum guide

The game's page has a one-screen quick guide. This is that text, word for
word, one sentence or card description a line, with the ids of the rules
of this library's rulebook (:mod:`raise_the_sum.rulebook`) that say the same
at length in a column beside it; ``raise-the-sum rules R4.4`` reads one. The
second line names the rulebook's edition those ids belong to. The terminal
game shows the same with ``guide`` at any prompt.

>>> for line in format_guide(width=60).splitlines()[:2]:
...     print(line)
THE QUICK GUIDE
Rule ids from the rulebook of raise-the-sum: Rulebook 2, 2026-12
>>> from raise_the_sum.rulebook import RULES
>>> all(rule_id in RULES for _, ids in QUICK_GUIDE for rule_id in ids)
True
"""

from __future__ import annotations

import argparse
import textwrap
from typing import Final, TextIO

from raise_the_sum.rulebook import EDITION

__all__ = ["QUICK_GUIDE", "TITLE", "format_guide", "register", "run"]

#: The guide's heading, as on the page.
TITLE: Final = "THE QUICK GUIDE"

#: The quick guide: each piece of the page's text, and the rules that say it at length.
QUICK_GUIDE: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("Start with 7 cards.", ("R3.3",)),
    (
        "Draw 1 automatically at the start of every turn, so you have 8 on your first turn.",
        ("R4.1",),
    ),
    ("Play 1–5 cards on every turn, including the opening.", ("R4.2", "R4.3")),
    ("Replies must beat the score. Ties don’t count.", ("R4.4",)),
    ("Every operation can stack within the card limit.", ("R2.4", "R2.8", "R4.2")),
    (
        "A lone multiplier or attack card opens at 0; red and yellow cards affect the "
        "opponent’s reply.",
        ("R2.7", "R2.8"),
    ),
    (
        "+Add · 1–9: Blue cards are optional; without them, your total starts at 0. Add all "
        "your blue cards together first. Selection order doesn’t matter.",
        ("R2.1", "R1.3"),
    ),
    (
        "×Multiply · ×2 or ×3: Multiply your whole total, after incoming subtraction, by every "
        "multiplier you play. ×2 and ×3 together mean ×6.",
        ("R2.4",),
    ),
    (
        "−Subtract · 1–9: Subtract from your opponent’s next addition total, before their "
        "multipliers. Multiple subtraction cards add together: −4 and −3 mean −7.",
        ("R2.3", "R2.8"),
    ),
    (
        "÷Divide · ÷2 or ÷3: Divide their whole next total, after addition, incoming "
        "subtraction, and multiplication. ÷2 and ÷3 together mean ÷6. Two ÷2 cards mean ÷4. "
        "You can combine division and subtraction attacks.",
        ("R2.5", "R2.8"),
    ),
    (
        "0 Zero out · rare: Cancel the entire incoming attack, including every stacked "
        "division and subtraction card.",
        ("R2.2",),
    ),
    (
        "Against −2 and ÷3, playing +8, +4, ×2 gives (8 + 4 − 2) × 2 ÷ 3 = 6 after rounding down.",
        ("R2.6",),
    ),
    (
        "Play clockwise: You → Riley → Sam → Alex (with fewer players, skip the missing seats).",
        ("R3.1", "R4.9"),
    ),
    ("Pass to sit out for the rest of the round.", ("R4.5",)),
    ("The last player still in gets a point.", ("R5.1",)),
    ("After a brief result, everyone rejoins the next round automatically.", ("R5.4", "R5.3")),
    ("Keep unused cards; hands never refill between rounds.", ("R5.3",)),
    (
        "Red and yellow stay with the score to beat. If someone passes, the next active player "
        "faces the same attack.",
        ("R4.7", "R4.11"),
    ),
    ("A successful reply replaces the whole play, including its attack.", ("R4.6",)),
    (
        "A black 0 cancels the incoming attack for your reply, but you still have to beat the "
        "score.",
        ("R2.2",),
    ),
    ("Skipped players do not draw.", ("R4.1",)),
    (
        "The score resets to 0 and all penalties clear. The winner takes the next turn and "
        "draws 1 card before opening.",
        ("R5.3",),
    ),
    ("You may pass even when you can beat the score, to preserve your hand.", ("R4.5",)),
    (
        "Keep at most 7 cards at the end of your turn. You may draw to 8, then play or pass; if "
        "you still have more than 7, choose cards to discard before the turn finishes.",
        ("R4.8",),
    ),
    ("First to 5 points wins.", ("R3.5", "R5.2")),
    ("The discard pile is shuffled back in when the deck runs out.", ("R6.1",)),
)

_WIDTH: Final = 78


def format_guide(width: int = _WIDTH) -> str:
    """The quick guide as text, wrapped to ``width``: the rule ids in a column beside each piece.

    >>> print(format_guide(width=60).splitlines()[3])
    R3.3            Start with 7 cards.
    """
    column = max(len(" ".join(ids)) for _, ids in QUICK_GUIDE) + 2
    lines = [TITLE, f"Rule ids from the rulebook of raise-the-sum: {EDITION}", ""]
    for text, ids in QUICK_GUIDE:
        wrapped = textwrap.wrap(text, width=max(width - column, 20), break_on_hyphens=False)
        lines.append(f"{' '.join(ids):<{column}}{wrapped[0]}")
        lines += [" " * column + more for more in wrapped[1:]]
    lines += ["", "Read a rule at length: raise-the-sum rules R4.4 (in the game: rule R4.4)."]
    return "\n".join(lines)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``guide`` subcommand to ``subparsers``."""
    parser = subparsers.add_parser(
        "guide",
        help="the game's one-screen quick guide, with the rule ids beside it",
        description="Print the game's quick guide in its own words, each piece with the "
        "ids of the rules that say it at length (raise-the-sum rules ID reads one).",
        allow_abbrev=False,
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``guide``: write the quick guide to ``out``; return 0."""
    out.write(format_guide() + "\n")
    return 0
