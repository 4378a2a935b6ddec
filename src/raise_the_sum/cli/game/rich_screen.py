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

import contextlib
import re
import select
import sys
from typing import Final, TextIO

from rich.console import Console
from rich.style import Style
from rich.text import Text

from raise_the_sum.cli import is_tty
from raise_the_sum.cli.game.screen import Prompt
from raise_the_sum.cli.game.text import STYLES, Block, Line, wrap

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
        # The screen wraps lines itself (continuations indented), so rich never does.
        self._console = Console(
            file=out, highlight=False, markup=False, emoji=False, soft_wrap=True
        )
        self._terminal = is_tty(out)
        self._interactive = (
            inp is sys.stdin and out is sys.stdout and is_tty(inp) and self._terminal
        )
        if self._interactive:
            with contextlib.suppress(ImportError):  # not on every platform
                import readline  # noqa: F401  (gives input() line editing and history)

    def show(self, block: Block) -> None:
        """Print each line: on a terminal, wrapped to its width with continuations indented;
        elsewhere (a pipe, a log) as one line, without trailing spaces."""
        width = self._console.width if self._terminal else None
        for line in block:
            for part in wrap(line, width):
                text = to_text(part)
                if not self._terminal:
                    text.rstrip()
                self._console.print(text, end="\n")

    def ask(self, prompt: Prompt) -> str:
        """Show the prompt and read a line; :class:`EOFError` at the end of input.

        At the end of input (Ctrl-D) the line is ended first, so that what
        the game says next starts on a line of its own.
        """
        if self._interactive:
            with self._console.capture() as capture:
                self._console.print(to_text(prompt.text), end="")
            # Tell readline which characters take no room, so editing keeps its place.
            try:
                return input(_ANSI.sub("\x01\\1\x02", capture.get()))
            except EOFError:
                self._console.print()
                raise
        self._console.print(to_text(prompt.text), end="")
        self._console.file.flush()
        line = self._inp.readline()
        if not line:
            self._console.print()
            raise EOFError
        answer = line.rstrip("\r\n")
        self._console.print(Text(answer))
        return answer

    def wait(self, prompt: Prompt, seconds: float) -> str | None:
        """On a terminal, wait up to ``seconds`` for a line (Enter skips the wait); else go on.

        Returns the line typed, or None when the time ran out (or the input
        is not a terminal, which is never waited for).
        """
        text = to_text(prompt.text)
        if not self._interactive:
            text.rstrip()
            self._console.print(text)
            return None
        self._console.print(text, end="")
        self._console.file.flush()
        ready, _, _ = select.select([self._inp], [], [], seconds)
        if not ready:
            self._console.print()
            return None
        line = self._inp.readline()
        if not line:
            self._console.print()
            raise EOFError
        return line.rstrip("\r\n")
