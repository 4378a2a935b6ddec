"""``raise-the-sum play``: play Raise the Sum in the terminal against computer opponents.

    raise-the-sum play                          you against Riley, Sam and Alex
    raise-the-sum play --players 2 --seed 3     you against Riley, a seeded match
    raise-the-sum play --opponents alex greedy  you against Alex and a greedy bot
    raise-the-sum play --tutorial               a guided first hand
    raise-the-sum play --record match.txt       save the match as a record

You sit in the first seat; the opponents follow clockwise, as on the game's
page: You → Riley → Sam → Alex. Pick cards by their number in your hand or
by their notation, pass, ask for a hint, read a rule, start afresh or quit;
type ``help`` at any prompt. The game itself is :mod:`raise_the_sum.cli.game`;
it needs the ``cli`` extra (``rich``), and says how to install it when it is
missing.

After a round's brief result the next round starts by itself after a short
pause (``--round-pause``); Enter skips the wait, and ``--wait-for-enter``
waits for it instead. ``--record FILE`` saves the match as a
:class:`~raise_the_sum.MatchRecord` in its text notation after every action
(a fresh start's match goes to ``FILE`` with ``-2``, ``-3``... before its
suffix), so that ``raise-the-sum replay FILE`` can show it again.
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
from pathlib import Path
from typing import Final, TextIO

from raise_the_sum.bots import BOTS, OPPONENTS, Bot
from raise_the_sum.cli import UsageError, _args, is_tty
from raise_the_sum.lessons import BOTS as TUTORIAL_BOTS
from raise_the_sum.records import MatchRecord

__all__ = ["INSTALL_HINT", "record_path", "register", "run"]

#: What to do when ``rich`` is missing: the one line ``play`` prints, exiting 2.
INSTALL_HINT: Final = (
    "raise-the-sum play needs the terminal extra: pip install 'raise-the-sum[cli]'"
)

#: The page's opponents, in seat order after You (rule R3.1).
DEFAULT_OPPONENTS: Final = ("riley", "sam", "alex")

_EPILOG = (
    """\
examples:
  raise-the-sum play                            you, Riley, Sam and Alex
  raise-the-sum play --players 2 --seed 3       you and Riley, seed 3
  raise-the-sum play --opponents alex greedy    you, Alex and a greedy bot
  raise-the-sum play --tutorial                 a guided first hand
  raise-the-sum play --record match.txt         save the match, to replay it

bots: """
    + ", ".join(sorted(BOTS))
    + """

at the prompt: 1 3 5 or +8 +4 x2 to play, pass, hint, guide, rule R4.4, new,
quit, help
"""
)


#: ``--delay`` and the like: a pause of 0 to 10 seconds.
_delay = _args.seconds(10, "a delay is 0 to 10 seconds")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``play`` subcommand to ``subparsers``."""
    parser = subparsers.add_parser(
        "play",
        help="play the game in the terminal against computer opponents",
        description=textwrap.fill(
            "Play Raise the Sum in the terminal against computer opponents: you sit "
            "first, the opponents follow clockwise; first to 5 points wins.",
            width=78,
        ),
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,
    )
    parser.add_argument(
        "--players",
        type=int,
        choices=(2, 3, 4),
        metavar="N",
        help="players at the table, you included: 2 to 4 (default: 4, or one more "
        "than the opponents named)",
    )
    parser.add_argument(
        "--seed",
        type=_args.seed,
        metavar="N",
        help="the match's seed, to replay it (default: a fresh one, shown at the start)",
    )
    parser.add_argument(
        "--opponents",
        nargs="+",
        type=_args.bot,
        metavar="NAME",
        help="the opponents, in seat order (default: riley sam alex, as many as "
        "--players needs); any bot listed below",
    )
    parser.add_argument(
        "--tutorial",
        action="store_true",
        help="a guided first hand that points out the cards as you go",
    )
    parser.add_argument(
        "--delay",
        type=_delay,
        default=0.6,
        metavar="SECONDS",
        help="a pause before each opponent's action, on a terminal (default 0.6; 0 for none)",
    )
    parser.add_argument(
        "--round-pause",
        type=_delay,
        default=3.0,
        metavar="SECONDS",
        help="after a round's brief result, the next round starts by itself after this "
        "pause; Enter starts it at once (default 3)",
    )
    parser.add_argument(
        "--wait-for-enter",
        action="store_true",
        help="wait for Enter between rounds instead of starting the next one by itself",
    )
    parser.add_argument(
        "--record",
        type=Path,
        metavar="FILE",
        help="save the match as a match record (text notation) in FILE, after every action",
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
            "argument --opponents: at most 3 opponents (2 to 4 players, rule R3.1), "
            f"got {len(named)}"
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

    if args.tutorial and (
        (args.players not in (None, 4))
        or (args.opponents is not None and tuple(b.name for b in args.opponents) != TUTORIAL_BOTS)
    ):
        raise UsageError(
            "--tutorial: the guided first hand is played by 4 players, you against "
            "Riley, Sam and Alex; leave out --players and --opponents"
        )
    opponents = opponents_of(args.players, args.opponents)
    seeds = itertools.count(args.seed) if args.seed is not None else _fresh_seeds()
    source = sys.stdin if inp is None else inp
    if source is None:  # started with its standard input closed: nothing to read
        source = io.StringIO()
    delay: float = args.delay
    pause: Callable[[], None] = (
        (lambda: time.sleep(delay)) if delay > 0 and is_tty(out) else (lambda: None)
    )
    record = _recorder(args.record) if args.record is not None else None
    session = Session(
        RichScreen(source, out),
        opponents,
        seeds=seeds,
        tutorial=args.tutorial,
        pause=pause,
        round_pause=None if args.wait_for_enter else args.round_pause,
        record=record,
    )
    return session.run()


def record_path(path: Path, match: int) -> Path:
    """Where match number ``match`` of a session is saved: ``path``, then ``path``-2, -3...

    >>> path = Path("games/m.txt")
    >>> record_path(path, 1).as_posix(), record_path(path, 3).as_posix()
    ('games/m.txt', 'games/m-3.txt')
    """
    if match == 1:
        return path
    return path.with_name(f"{path.stem}-{match}{path.suffix}")


def _recorder(path: Path) -> Callable[[MatchRecord, int], None]:
    """Save each match's record as text to its file (:func:`record_path`), replacing it."""
    try:
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as error:
        raise UsageError(
            f"argument --record: cannot write {str(path)!r}: {error.strerror}"
        ) from None

    def save(record: MatchRecord, match: int) -> None:
        target = record_path(path, match)
        temporary = target.with_name(target.name + ".tmp")
        temporary.write_text(record.to_text(), encoding="utf-8")
        temporary.replace(target)

    return save
