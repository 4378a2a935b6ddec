"""The game's input and output seam: :class:`Screen`, and a plain-text one.

The session shows blocks of styled lines and asks for a line of input; it
never touches a terminal itself. :class:`PlainScreen` reads and writes text
streams and drops the styles, which is what the tests drive; the rich screen
(``rich_screen``) draws the same lines in colour.

>>> import io
>>> from raise_the_sum.cli.game.text import join, span
>>> out = io.StringIO()
>>> screen = PlainScreen(io.StringIO("pass\\n"), out, echo=True)
>>> screen.show([join(span("Round 1", "title"))])
>>> screen.ask(Prompt(PromptKind.PLAY, join("Your play › ")))
'pass'
>>> print(out.getvalue(), end="")
Round 1
Your play › pass
>>> screen.ask(Prompt(PromptKind.PLAY, join("Your play › ")))
Traceback (most recent call last):
...
EOFError
"""

from __future__ import annotations

import enum
from typing import Protocol, TextIO

import attrs

from raise_the_sum.cli.game.text import Block, Line, plain, wrap

__all__ = ["PlainScreen", "Prompt", "PromptKind", "Screen"]


class PromptKind(enum.Enum):
    """What a prompt asks for."""

    #: Play cards or pass (rules R4.2 to R4.5).
    PLAY = "play"
    #: Pick the cards to discard down to the hand limit (rule R4.8).
    DISCARD = "discard"
    #: Enter to leave the brief result and start the next round (rule R5.4).
    ROUND_OVER = "round over"
    #: The match is over: Enter for a fresh match, or quit (rule R5.2).
    MATCH_OVER = "match over"
    #: Confirm a fresh start: y or n.
    CONFIRM = "confirm"


@attrs.frozen
class Prompt:
    """A prompt: what it asks for, and its text."""

    #: What is asked.
    kind: PromptKind
    #: The text shown before the player's input.
    text: Line


class Screen(Protocol):
    """Where the game shows its lines and reads the player's."""

    def show(self, block: Block) -> None:
        """Show some lines."""

    def ask(self, prompt: Prompt) -> str:
        """Show ``prompt`` and return the line typed, without its line end.

        Raises :class:`EOFError` at the end of input, and lets
        :class:`KeyboardInterrupt` through.
        """

    def wait(self, prompt: Prompt, seconds: float) -> str | None:
        """Show ``prompt`` and wait up to ``seconds`` for a line: the line, or None if none came.

        A screen that cannot wait for a person (its input is not a
        terminal) returns None at once, without reading: the game goes on
        by itself, as it does after the pause.
        """


class PlainScreen:
    """A :class:`Screen` on text streams, without styles.

    With ``echo``, each line read is written after its prompt, so that a
    transcript reads as a terminal would show it.
    """

    def __init__(
        self, inp: TextIO, out: TextIO, *, echo: bool = False, width: int | None = None
    ) -> None:
        self._inp = inp
        self._out = out
        self._echo = echo
        self._width = width

    def show(self, block: Block) -> None:
        """Write each line's text, wrapped to ``width`` if given (continuations indented)."""
        for line in block:
            for part in wrap(line, self._width):
                self._out.write(plain(part).rstrip() + "\n")
        self._out.flush()

    def wait(self, prompt: Prompt, seconds: float) -> str | None:
        """Write the prompt and go on at once: scripted input is not a person who waits."""
        self._out.write(plain(prompt.text).rstrip() + "\n")
        self._out.flush()
        return None

    def ask(self, prompt: Prompt) -> str:
        """Write the prompt, read one line; :class:`EOFError` at the end of input."""
        self._out.write(plain(prompt.text))
        self._out.flush()
        line = self._inp.readline()
        if not line:
            self._out.write("\n")
            raise EOFError
        answer = line.rstrip("\r\n")
        if self._echo:
            self._out.write(answer + "\n")
        return answer
