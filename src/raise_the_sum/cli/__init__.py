"""The ``raise-the-sum`` command line: one module per subcommand.

    raise-the-sum explain "+8 +4 x2" --against "-2 /3" --to-beat 6
    raise-the-sum rules R4.4

Run ``raise-the-sum --help``, or ``python -m raise_the_sum.cli``. The same
works from Python, with the output written to ``out`` (``sys.stdout`` by
default) and the exit status returned:

>>> main(["explain", "+8 +4 x2", "--against", "-2 /3"])
(8 + 4 − 2) × 2 ÷ 3 = 20 ÷ 3 = 6 (rounded down)
<BLANKLINE>
play:      +4 +8 ×2
against:   −2 ÷3
  R2.1  blue cards: 8 + 4 = 12
  R2.3  incoming subtraction: 12 − 2 = 10
  R2.4  multiply: 10 × 2 = 20
  R2.5  incoming division: 20 ÷ 3 = 6 (rounded down)
total:     6
sends on:  none (R2.8)
0

With no command at all, it lists the commands, one line each, and says how
to start playing (:func:`overview`).

Bad input (an unknown card or rule, a bad number, a missing argument) is
one line on ``err``, ``raise-the-sum: error: ...``, and exit status 2; an
interrupt (Ctrl-C) exits with 130. ``--help`` and ``--version`` work as usual.

Each subcommand is a module of this package, named in :data:`SUBCOMMANDS`,
with ``register(subparsers)``: it adds its parser and sets ``func``, the
function that runs it as ``func(args, out, err)`` and returns the exit status.
``explain`` and ``rules`` use only the public ``raise_the_sum`` API and the
standard library; ``play`` adds the bots and the terminal library ``rich``
(the optional extra ``cli``), and ``simulate`` the tournaments, with ``rich``
for its progress bar when it is installed. Nothing in the library imports
this package.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
from collections.abc import Sequence
from typing import Final, NoReturn, Protocol, TextIO, cast

from raise_the_sum import __version__

__all__ = [
    "EXIT_INTERRUPT", "EXIT_USAGE", "PROG", "SUBCOMMANDS", "UsageError", "build_parser", "is_tty",
    "main", "overview",
]

#: The program's name, as the console script is installed.
PROG: Final = "raise-the-sum"

#: The subcommands, each a module ``raise_the_sum.cli.<name>``, in help order.
#: Adding a subcommand is adding its module and its name here.
SUBCOMMANDS: Final[tuple[str, ...]] = (
    "play", "explain", "rules", "check", "replay", "simulate", "serve",
)

#: The exit status for bad input (as argparse uses).
EXIT_USAGE: Final = 2
#: The exit status after an interrupt (Ctrl-C): 128 + SIGINT. The one definition.
EXIT_INTERRUPT: Final = 130

#: How to start playing, as :func:`overview` says it.
START: Final = f"{PROG} play"


def is_tty(stream: TextIO) -> bool:
    """True when ``stream`` is an interactive terminal (False for a pipe, a file or a StringIO).

    The one test of it for the command line: pauses, colours and soft wrapping
    depend on it.

    >>> import io
    >>> is_tty(io.StringIO())
    False
    """
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


class Subcommand(Protocol):
    """What a subcommand module provides."""

    def register(self, subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
        """Add the subcommand's parser to ``subparsers`` and set its ``func``."""


class UsageError(Exception):
    """Bad input on the command line; :func:`main` prints it on one line and exits 2.

    Subcommands raise it (or :meth:`argparse.ArgumentParser.error`, or an
    ``argparse.ArgumentTypeError`` from an argument's ``type``) for input
    that the user must correct.
    """


class _Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose errors are one line, without the usage dump."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    """The whole parser: the program and every subcommand in :data:`SUBCOMMANDS`."""
    parser: argparse.ArgumentParser = _Parser(
        prog=PROG,
        description="Raise the Sum, the card game, on the command line. "
        f"'{PROG} COMMAND --help' gives a command's options.",
        allow_abbrev=False,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(
        title="commands", dest="command", metavar="COMMAND", required=False
    )
    for name in SUBCOMMANDS:
        module = cast(Subcommand, importlib.import_module(f"{__name__}.{name}"))
        module.register(subparsers)
    return parser


def overview(parser: argparse.ArgumentParser | None = None) -> str:
    """What ``raise-the-sum`` alone prints: how to start playing, then each command on one line.

    >>> print(overview())  # doctest: +ELLIPSIS
    raise-the-sum ...: the card game Raise the Sum on the command line.
    <BLANKLINE>
    To start playing:  raise-the-sum play   (the first time: raise-the-sum play --tutorial)
    <BLANKLINE>
    Commands:
      play      ...
      explain   the arithmetic of a play, each step with its rule
      rules     the rulebook, or the rules named (R4.4 ...)
    ...
    'raise-the-sum COMMAND --help' gives a command's options.
    """
    parser = build_parser() if parser is None else parser
    commands: list[tuple[str, str]] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            commands += [(sub.dest, sub.help or "") for sub in action._get_subactions()]
    width = max(len(name) for name, _ in commands) + 2
    lines = [
        f"{PROG} {__version__}: the card game Raise the Sum on the command line.",
        "",
        f"To start playing:  {START}   (the first time: {START} --tutorial)",
        "",
        "Commands:",
        *(f"  {name:<{width}}{text}".rstrip() for name, text in commands),
        "",
        f"'{PROG} COMMAND --help' gives a command's options.",
    ]
    return "\n".join(lines)


def main(
    argv: Sequence[str] | None = None,
    *,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Run the command line on ``argv`` (default ``sys.argv[1:]``); return the exit status.

    Output goes to ``out`` and errors to ``err`` (default: ``sys.stdout``
    and ``sys.stderr``). ``--help`` prints the help and returns 0.
    """
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    try:
        parser = build_parser()
        with contextlib.redirect_stdout(out):  # where argparse writes --help
            try:
                args = parser.parse_args(argv)
            except SystemExit as done:  # --help
                return done.code if isinstance(done.code, int) else 0
        if args.command is None:
            out.write(overview(parser) + "\n")
            return 0
        status: int = args.func(args, out, err)
        out.flush()
        return status
    except UsageError as error:
        message = " ".join(str(error).splitlines())  # always one line
        err.write(f"{PROG}: error: {message}\n")
        return EXIT_USAGE
    except KeyboardInterrupt:
        return EXIT_INTERRUPT
    except BrokenPipeError:
        # The reader went away (raise-the-sum rules | head): stop quietly, and
        # point stdout at devnull so that Python's own flush at exit cannot fail.
        if out is sys.stdout:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return 1
