"""The game's screen in colour, drawn by `rich <https://rich.readthedocs.io>`_.

This is the only module of the game that imports ``rich`` (the ``cli``
extra: ``pip install 'raise-the-sum[cli]'``). It maps each style name of
:data:`~raise_the_sum.cli.game.text.STYLES` to colours, cards as coloured
chips (rule R1.5), and reads the player's lines with line editing when the
input is a terminal. When the output is not a terminal, rich writes plain
text, so the game's transcript reads the same as the plain screen's.

>>> import io
>>> from raise_the_sum.cli.game.screen import Prompt, PromptKind
>>> from raise_the_sum.cli.game.text import join, span
>>> out = io.StringIO()
>>> screen = RichScreen(io.StringIO("1 2\\n"), out)
>>> screen.show([join(span("Round 1", "title"))])
>>> screen.ask(Prompt(PromptKind.PLAY, join(span("Your opening › ", "prompt"))))
'1 2'
>>> print(out.getvalue(), end="")
Round 1
Your opening › 1 2
"""

from __future__ import annotations

import re
import sys
from typing import Final, TextIO

from rich.console import Console
from rich.style import Style
from rich.text import Text

from raise_the_sum.cli import is_tty as _is_tty
from raise_the_sum.cli.game.screen import Prompt
from raise_the_sum.cli.game.text import STYLES, Block, Line

__all__ = ["RICH_STYLES", "RichScreen", "to_text"]

#: How each style of :data:`~raise_the_sum.cli.game.text.STYLES` looks.
RICH_STYLES: Final[dict[str, Style]] = {
    "card.add": Style.parse("bold bright_white on blue"),
    "card.multiply": Style.parse("bold black on green"),
    "card.subtract": Style.parse("bold bright_white on red"),
    "card.divide": Style.parse("bold black on yellow"),
    "card.zero": Style.parse("bold bright_white on grey15"),
    "title": Style.parse("bold"),
    "dim": Style.parse("dim"),
    "strong": Style.parse("bold"),
    "you": Style.parse("bold cyan"),
    "opponent": Style.parse("bold magenta"),
    "number": Style.parse("dim"),
    "score": Style.parse("bold"),
    "attack": Style.parse("bold red"),
    "error": Style.parse("bold red"),
    "hint": Style.parse("italic cyan"),
    "win": Style.parse("bold yellow"),
    "prompt": Style.parse("bold"),
}
assert set(RICH_STYLES) == set(STYLES), "every style has a look"

_ANSI: Final = re.compile(r"(\x1b\[[0-9;]*m)")


def to_text(line: Line) -> Text:
    """A line as rich :class:`~rich.text.Text`."""
    text = Text(no_wrap=False, end="")
    for part in line:
        text.append(part.text, RICH_STYLES.get(part.style) if part.style else None)
    return text


class RichScreen:
    """A :class:`~raise_the_sum.cli.game.screen.Screen` drawn by rich on ``out``.

    Lines are read from ``inp``: with Python's line editing (:func:`input`)
    when ``inp`` and ``out`` are the process's own standard streams on a
    terminal, and otherwise line by line, each echoed after its prompt so
    that a transcript shows what was typed.
    """

    def __init__(self, inp: TextIO, out: TextIO) -> None:
        self._inp = inp
        # On a terminal, rich wraps lines at its width; elsewhere (a pipe, a log), not at all.
        self._console = Console(
            file=out, highlight=False, markup=False, emoji=False, soft_wrap=not _is_tty(out)
        )
        self._interactive = (
            inp is sys.stdin and out is sys.stdout and _is_tty(inp) and _is_tty(out)
        )
        if self._interactive:
            try:
                import readline  # noqa: F401  (gives input() line editing and history)
            except ImportError:  # pragma: no cover - not on every platform
                pass

    def show(self, block: Block) -> None:
        """Print each line, wrapped to the terminal's width."""
        for line in block:
            self._console.print(to_text(line), end="\n")

    def ask(self, prompt: Prompt) -> str:
        """Show the prompt and read a line; :class:`EOFError` at the end of input."""
        if self._interactive:
            with self._console.capture() as capture:
                self._console.print(to_text(prompt.text), end="")
            # Tell readline which characters take no room, so editing keeps its place.
            return input(_ANSI.sub("\x01\\1\x02", capture.get()))
        self._console.print(to_text(prompt.text), end="")
        self._console.file.flush()
        line = self._inp.readline()
        if not line:
            self._console.print()
            raise EOFError
        answer = line.rstrip("\r\n")
        self._console.print(Text(answer))
        return answer
