"""The ``raise-the-sum check`` commands on the disputes page print what the page says.

Each console block on ``docs/disputes.rst`` holds commands (``$ raise-the-sum
check ...``), each followed by lines of its output: the first shown line is
the first line printed, the others follow in order (``...`` stands for lines
left out; blank lines are not shown). The exit status must match the verdict
shown: 0 for legal, 1 for illegal. Some commands read the page's record
``docs/three-seats.rts``, which must be the table its Python deals.
"""

from __future__ import annotations

import io
import shlex
from pathlib import Path

import pytest

from raise_the_sum.cli import main

PAGE = Path(__file__).resolve().parent.parent / "docs" / "disputes.rst"


def commands() -> list[tuple[str, list[str]]]:
    """Every ``$ raise-the-sum`` command on the page, with the output lines shown after it."""
    found: list[tuple[str, list[str]]] = []
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        text = line.strip()
        if text.startswith("$ raise-the-sum "):
            found.append((text.removeprefix("$ raise-the-sum "), []))
        elif found and line.startswith("   ") and text:
            found[-1][1].append(text)
        elif found and not line.startswith("   ") and text:
            found.append(("", []))  # the block is over
    return [(command, shown) for command, shown in found if command]


COMMANDS = commands()


def test_the_page_shows_a_check_command_for_most_disputes() -> None:
    assert len(COMMANDS) >= 25
    assert all(command.startswith("check ") and shown for command, shown in COMMANDS)


@pytest.mark.parametrize(("command", "shown"), COMMANDS, ids=[c for c, _ in COMMANDS])
def test_each_check_command_on_the_disputes_page_prints_what_the_page_shows(
    command: str, shown: list[str]
) -> None:
    out, err = io.StringIO(), io.StringIO()
    status = main(shlex.split(command), out=out, err=err)
    printed = out.getvalue().splitlines()
    assert err.getvalue() == ""
    verdict = next(line for line in shown if line.startswith(("legal", "illegal")))
    assert status == (0 if verdict.startswith("legal") else 1)
    assert printed[0] == shown[0]
    rest = iter(printed[1:])
    for line in shown[1:]:
        if line == "...":
            continue
        assert line in rest, (line, printed)


def test_the_pages_record_is_the_table_its_python_deals() -> None:
    from raise_the_sum import STANDARD_DECK, MatchRecord, Rules, parse_cards

    record = MatchRecord.from_text((PAGE.parent / "three-seats.rts").read_text(encoding="utf-8"))
    hands = ["+8 +4 +1 +1 +1 +1 +2", "+6 x2 +5 +7 +3 +3 +9", "+6 +5 +4 +3 +2 +9 x3"]
    dealt = [parse_cards(hand) for hand in hands]
    top = [hand[i] for i in range(7) for hand in dealt] + list(parse_cards("+2 x2 +7 x3"))
    rest = list(STANDARD_DECK)
    for card in top:
        rest.remove(card)
    assert record.rules == Rules(players=3) and record.deck == tuple(top + rest)
    assert [str(action) for action in record.actions] == [
        "play +4 +8",
        "play +7 x2",
        "pass",
        "discard +2",
        "pass",
        "next round",
    ]
    assert 'table("+8 +4 +1 +1 +1 +1 +2", "+6 x2 +5 +7 +3 +3 +9",' in PAGE.read_text(
        encoding="utf-8"
    )
