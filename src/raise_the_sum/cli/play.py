"""``raise-the-sum play``: play Raise the Sum in the terminal against computer opponents.

    raise-the-sum play                          you against Riley, Sam and Alex
    raise-the-sum play --players 2 --seed 3     you against Riley, a seeded match
    raise-the-sum play --opponents alex greedy  you against Alex and a greedy bot
    raise-the-sum play --tutorial               a guided first hand

You sit in the first seat; the opponents follow clockwise, as on the game's
page: You → Riley → Sam → Alex. Pick cards by their number in your hand or
by their notation, pass, ask for a hint, read a rule, start afresh or quit;
type ``help`` at any prompt. The game itself is :mod:`raise_the_sum.cli.game`;
it needs the ``cli`` extra (``rich``), and says how to install it when it is
missing.
"""

from __future__ import annotations

import argparse
import io
import itertools
import secrets
import sys
import textwrap
import time
from collections.abc import Callable, Iterator
from typing import Final, TextIO

from raise_the_sum.cli import is_tty as _is_tty
from raise_the_sum.bots import BOTS, OPPONENTS, Bot
from raise_the_sum.cli import UsageError
from raise_the_sum.cli import _args

__all__ = ["INSTALL_HINT", "register", "run"]

#: What to do when ``rich`` is missing: the one line ``play`` prints, exiting 2.
INSTALL_HINT: Final = (
    "raise-the-sum play needs the terminal extra: pip install 'raise-the-sum[cli]'"
)

#: The page's opponents, in seat order after You (rule R3.1).
DEFAULT_OPPONENTS: Final = ("riley", "sam", "alex")

_EPILOG = """\
examples:
  raise-the-sum play                            you, Riley, Sam and Alex
  raise-the-sum play --players 2 --seed 3       you and Riley, seed 3
  raise-the-sum play --opponents alex greedy    you, Alex and a greedy bot
  raise-the-sum play --tutorial                 a guided first hand

bots: """ + ", ".join(sorted(BOTS)) + """

at the prompt: 1 3 5 or +8 +4 x2 to play, pass, hint, rule R4.4, new, quit, help
"""


def _delay(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError(f"a delay is 0 to 10 seconds, got {text!r}")
    return value


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``play`` subcommand to ``subparsers``."""
    parser = subparsers.add_parser(
        "play",
        help="play the game in the terminal against computer opponents",
        description=textwrap.fill(
            "Play Raise the Sum in the terminal against computer opponents: you sit "
            "first, the opponents follow clockwise; first to 5 points wins.", width=78),
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,
    )
    parser.add_argument(
        "--players", type=int, choices=(2, 3, 4), metavar="N",
        help="players at the table, you included: 2 to 4 (default: 4, or one more "
        "than the opponents named)",
    )
    parser.add_argument(
        "--seed", type=_args.seed, metavar="N",
        help="the match's seed, to replay it (default: a fresh one, shown at the start)",
    )
    parser.add_argument(
        "--opponents", nargs="+", type=_args.bot, metavar="NAME",
        help="the opponents, in seat order (default: riley sam alex, as many as "
        "--players needs); any bot listed below",
    )
    parser.add_argument(
        "--tutorial", action="store_true",
        help="a guided first hand that points out the cards as you go",
    )
    parser.add_argument(
        "--delay", type=_delay, default=0.6, metavar="SECONDS",
        help="a pause before each opponent's action, on a terminal (default 0.6; 0 for none)",
    )
    parser.set_defaults(func=run)


def opponents_of(players: int | None, named: list[Bot] | None) -> tuple[Bot, ...]:
    """The opponents for ``--players`` and ``--opponents`` (either may be None).

    >>> from raise_the_sum.bots import make_bot
    >>> [bot.name for bot in opponents_of(3, None)]
    ['riley', 'sam']
    >>> [bot.name for bot in opponents_of(None, [make_bot("greedy")])]
    ['greedy']
    >>> opponents_of(3, [make_bot("alex")])
    Traceback (most recent call last):
    ...
    raise_the_sum.cli.UsageError: --players 3 needs 2 opponents, but --opponents names 1
    """
    if named is None:
        return tuple(OPPONENTS[name] for name in DEFAULT_OPPONENTS[: (players or 4) - 1])
    if len(named) > 3:
        raise UsageError(
            f"argument --opponents: at most 3 opponents (2 to 4 players, rule R3.1), got {len(named)}"
        )
    if players is not None and len(named) != players - 1:
        raise UsageError(
            f"--players {players} needs {players - 1} opponent{'s' if players > 2 else ''}, "
            f"but --opponents names {len(named)}"
        )
    return tuple(named)


def _fresh_seeds() -> Iterator[int]:
    while True:
        yield secrets.randbelow(1_000_000)


def run(args: argparse.Namespace, out: TextIO, err: TextIO, *, inp: TextIO | None = None) -> int:
    """Run ``play`` on parsed ``args``, reading ``inp`` (default ``sys.stdin``).

    Returns 0 after quitting or at the end of input, 130 after Ctrl-C, and 2
    when the ``cli`` extra is not installed.
    """
    try:
        from raise_the_sum.cli.game.rich_screen import RichScreen
    except ImportError:
        err.write(INSTALL_HINT + "\n")
        return 2
    from raise_the_sum.cli.game.session import Session

    opponents = opponents_of(args.players, args.opponents)
    seeds = itertools.count(args.seed) if args.seed is not None else _fresh_seeds()
    source = sys.stdin if inp is None else inp
    if source is None:  # started with its standard input closed: nothing to read
        source = io.StringIO()
    delay: float = args.delay
    pause: Callable[[], None] = (
        (lambda: time.sleep(delay)) if delay > 0 and _is_tty(out) else (lambda: None)
    )
    session = Session(RichScreen(source, out), opponents, seeds=seeds,
                      tutorial=args.tutorial, pause=pause)
    return session.run()
