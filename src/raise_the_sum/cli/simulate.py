"""``raise-the-sum simulate``: a seeded tournament between bots, with win rates.

    raise-the-sum simulate --bots greedy random random random --matches 2000
    raise-the-sum simulate --bots search cautious --players 4 --jobs 2 --json
    raise-the-sum simulate --bots mybots:Clever greedy --rules variant.json --records runs/
    raise-the-sum simulate --bots search greedy --matches 2000 --scheduler tcp://HOST:8786

Each match seats the bots in the order given, rotated by one seat from each
match to the next, so that every bot opens in turn. With fewer bots than
``--players``, the last bot named fills the empty seats: ``--bots search
cautious --players 4`` is the search bot against three cautious bots (the
library's own rule, :func:`~raise_the_sum.tournament.fill_seats`). A bot is
a name from the library's list, or ``module:Class`` or ``module:factory``
for your own: the class or the factory is called with no arguments and must
give a :class:`~raise_the_sum.bots.Bot`. ``--rules FILE.json`` plays a
variant, the wire format's ``Rules`` document; ``--records DIR`` writes
every match's record (the text notation) into ``DIR``. ``--scheduler``
runs the matches on a Dask cluster (the ``cluster`` extra). The table
gives each bot's wins and win rate, with a 95% confidence interval (Wilson
score), and the mean rounds and actions per match. The same ``--seed``
gives the same table for any ``--jobs`` and on any cluster.

A bot of your own is found from the working folder (it is put first on the
Python path, as ``python -m`` does), gets a fresh copy for each match, and
has ``--move-seconds`` (5 by default, 0 for none) for each decision: it
decides in a process of its own, stopped at the limit, and the greedy bot
then plays its seat to the end of the match. A bot that raises or returns
the wrong shape stops the tournament with a report naming the bot, the
match, its seeds and the seat, and the bot's own traceback (exit status 1).
Each record is written as its match ends. Ctrl-C (exit status 130) or
SIGTERM (143) stops the tournament and its worker processes and prints the
results of the matches that finished.

A progress bar goes to standard error: drawn by ``rich`` when it is
installed (the ``cli`` extra), else a plain counter.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import signal
import sys
import textwrap
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from contextlib import contextmanager
from pathlib import Path
from typing import Final, TextIO

import attrs

from raise_the_sum import Rules
from raise_the_sum.bots import BOTS, Bot, make_bot
from raise_the_sum.cli import EXIT_INTERRUPT, PROG, UsageError, _args
from raise_the_sum.driver import BotError
from raise_the_sum.tournament import (
    MatchResult,
    TournamentInterrupted,
    TournamentResult,
    fill_seats,
    run_tournament,
)

__all__ = [
    "MOVE_SECONDS",
    "bot_spec",
    "describe_rules",
    "register",
    "render",
    "run",
    "seat_bots",
    "write_record",
    "write_records",
]

_DESCRIPTION = textwrap.fill(
    "Play seeded matches between computer players, seats rotated, and print each "
    "one's win rate with a 95% confidence interval.",
    width=78,
)

_EPILOG = f"""\
bots: {", ".join(sorted(BOTS))}

    or module:Class / module:factory for your own bot

examples:
  raise-the-sum simulate --bots greedy random random random --matches 2000
  raise-the-sum simulate --bots search cautious --players 4 --jobs 2
  raise-the-sum simulate --bots riley sam alex --matches 50 --json
  raise-the-sum simulate --bots mybots:Clever greedy --rules variant.json --records runs/
  raise-the-sum simulate --bots search greedy --matches 2000 --scheduler tcp://HOST:8786
"""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``simulate`` subcommand to ``subparsers``."""
    parser = subparsers.add_parser(
        "simulate",
        help="a seeded tournament between bots, with win rates",
        description=_DESCRIPTION,
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,
    )
    parser.add_argument(
        "--bots",
        nargs="+",
        type=bot_spec,
        default=None,
        metavar="BOT",
        help=(
            "the bots, in seat order: names, or module:Class for your own (default: greedy random)"
        ),
    )
    parser.add_argument(
        "--players",
        type=_args.whole_number(2),
        default=None,
        metavar="N",
        help="seats at the table, 2 to 4 (default: one per bot); the last bot fills the rest",
    )
    parser.add_argument(
        "--rules",
        type=_rules_file,
        default=None,
        metavar="FILE.json",
        help="play a variant: a Rules document of the wire format (default: the standard game)",
    )
    parser.add_argument(
        "--records",
        type=Path,
        default=None,
        metavar="DIR",
        help="write every match's record into DIR (created if need be), one file per match",
    )
    parser.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help="run the matches on a Dask cluster, e.g. tcp://HOST:8786 (the cluster extra)",
    )
    parser.add_argument(
        "--matches",
        type=_args.whole_number(1),
        default=100,
        metavar="N",
        help="matches to play (default: 100)",
    )
    parser.add_argument(
        "--seed", type=_args.seed, default=0, metavar="S", help="the tournament's seed (default: 0)"
    )
    parser.add_argument(
        "--jobs",
        type=_args.whole_number(1),
        default=1,
        metavar="J",
        help="worker processes (default: 1); the results do not depend on it",
    )
    parser.add_argument(
        "--move-seconds",
        type=_seconds,
        default=MOVE_SECONDS,
        metavar="S",
        help=(
            f"time limit per decision of a bot of your own (default: {MOVE_SECONDS:g}; "
            "0: none); past it the greedy bot plays its seat to the end of the match"
        ),
    )
    parser.add_argument("--json", action="store_true", help="write the result as JSON")
    parser.add_argument("--no-progress", action="store_true", help="draw no progress bar")
    parser.set_defaults(func=run)


def bot_spec(text: str) -> Bot:
    """A bot from the command line: a library bot's name, or ``module:Class`` / ``module:factory``.

    Found as :func:`~raise_the_sum.bots.make_bot` finds it, with the working
    folder on the Python path first, as ``python -m`` puts it: a module
    ``mybots.py`` in the folder where the command runs is found without
    ``PYTHONPATH``. The class or the factory is called with no arguments;
    what it gives must be a :class:`~raise_the_sum.bots.Bot` (a ``name`` and
    a ``choose``). Raises :class:`argparse.ArgumentTypeError`, one line.

    >>> bot_spec("raise_the_sum.bots:GreedyBot")
    GreedyBot(name='greedy')
    >>> bot_spec("raise_the_sum.bots:nothing")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 'raise_the_sum.bots:nothing': module raise_the_sum.bots has no nothing
    """  # noqa: E501
    if ":" not in text:
        return _args.bot(text)
    _working_folder_on_path()
    try:
        return make_bot(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _working_folder_on_path() -> None:
    """Put the working folder first on ``sys.path`` if it is not there, as ``python -m`` does."""
    here = os.getcwd()
    if not any(entry in ("", ".", here) for entry in sys.path):
        sys.path.insert(0, here)


#: The default time limit per decision of a bot of your own, in seconds (``--move-seconds``).
MOVE_SECONDS: Final = 5.0


def _seconds(text: str) -> float | None:
    """``--move-seconds S``: a number of seconds above 0, or 0 for no limit."""
    return _args.seconds(math.inf, "a number of seconds, 0 for no limit")(text) or None


def _rules_file(text: str) -> Rules:
    """``--rules FILE.json``: the wire format's ``Rules`` document in a file."""
    from raise_the_sum import wire

    try:
        content = Path(text).read_text(encoding="utf-8")
    except (OSError, UnicodeError) as error:
        raise argparse.ArgumentTypeError(f"cannot read {text}: {error}") from None
    try:
        return wire.loads(Rules, content)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"{text}: {error}") from None


def seat_bots(bots: Sequence[Bot], players: int | None) -> tuple[Bot, ...]:
    """One bot per seat, by the library's rule (:func:`~raise_the_sum.tournament.fill_seats`).

    >>> [bot.name for bot in seat_bots([make_bot("search"), make_bot("greedy")], 4)]
    ['search', 'greedy', 'greedy', 'greedy']
    >>> seat_bots([make_bot("greedy")] * 5, None)
    Traceback (most recent call last):
    ...
    raise_the_sum.cli.UsageError: argument --bots: 2 to 4 bots, one per seat, got 5 (rule R3.1)
    """
    try:
        return fill_seats(bots, players)
    except ValueError as error:
        raise UsageError(f"argument --{error}") from None


def write_records(result: TournamentResult, directory: Path) -> list[Path]:
    """Write each match's record, in the text notation, as ``DIR/match-0001.txt`` and on.

    The file's number is the match's number, from 1, as its ``Match`` tag says.
    """
    directory.mkdir(parents=True, exist_ok=True)
    width = _width(result.matches)
    return [write_record(played, directory, width) for played in result.matches_played]


def _width(matches: int) -> int:
    return max(4, len(str(matches)))


def write_record(played: MatchResult, directory: Path, width: int = 4) -> Path:
    """Write one match's record as ``DIR/match-NNNN.txt`` (its number from 1, ``width`` digits).

    The record is written whole to a temporary file first, then renamed, so a
    stopped tournament never leaves half a record.
    """
    assert played.record is not None, "the tournament kept its records"
    path = directory / f"match-{played.number:0{width}d}.txt"
    partial = path.with_suffix(".txt.part")
    partial.write_text(played.record.to_text(), encoding="utf-8")
    partial.replace(path)
    return path


def describe_rules(rules: Rules) -> str:
    """The rules played, for a table's heading: the standard game, or what a variant changes.

    >>> describe_rules(Rules(players=3))
    'rules: the standard game'
    >>> describe_rules(Rules(players=3, hand_size=5, points_to_win=3))
    'rules: a variant: hand_size 5, points_to_win 3'
    """
    standard = Rules(players=rules.players)
    if rules == standard:
        return "rules: the standard game"
    changes = [
        f"{field.name} {getattr(rules, field.name)}"
        for field in attrs.fields(Rules)
        if field.name not in ("players", "deck")
        and getattr(rules, field.name) != getattr(standard, field.name)
    ]
    if rules.deck != standard.deck:
        changes.append(f"a deck of {len(rules.deck)} cards")
    return "rules: a variant: " + ", ".join(changes)


def render(result: TournamentResult) -> str:
    """The result as a table, with the mean rounds and actions per match.

    >>> from raise_the_sum.tournament import TournamentResult
    >>> print(render(TournamentResult(("greedy", "random"), 100, 0, (90, 10), 700, 3000,
    ...                               Rules(players=2))))
    2 players, 100 matches, seed 0, seats rotated (parity 50.0%)
    rules: the standard game
    bot     wins  win rate  95% CI
    greedy    90     90.0%  82.6% to 94.5%
    random    10     10.0%   5.5% to 17.4%
    mean rounds per match:  7.0
    mean actions per match: 30.0
    """
    players = len(result.entrants)
    width = max(len("bot"), *(len(name) for name in result.entrants))
    lines = [
        f"{players} players, {result.matches} matches, seed {result.seed}, seats rotated "
        f"(parity {100 / players:.1f}%)",
        describe_rules(result.rules),
        f"{'bot':<{width}}  {'wins':>4}  win rate  95% CI",
    ]
    for i, name in enumerate(result.entrants):
        low, high = result.interval(i)
        lines.append(
            f"{name:<{width}}  {result.wins[i]:>4}  {100 * result.rate(i):>7.1f}%  "
            f"{100 * low:>4.1f}% to {100 * high:.1f}%"
        )
    lines.append(f"mean rounds per match:  {result.mean_rounds:.1f}")
    lines.append(f"mean actions per match: {result.mean_actions:.1f}")
    late = [
        f"{name} in {count} {'match' if count == 1 else 'matches'}"
        for name, count in zip(result.entrants, result.out_of_time, strict=True)
        if count
    ]
    if late:
        lines.append("out of time (the greedy bot played the seat to the end): " + ", ".join(late))
    return "\n".join(lines)


@contextmanager
def _progress(total: int, err: TextIO, enabled: bool) -> Iterator[Callable[[int], None]]:
    """A callback drawing the matches done: a ``rich`` bar if installed, else a plain counter."""
    if not enabled:
        yield lambda done: None
        return
    try:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
    except ImportError:
        step = max(1, total // 20)

        def count(done: int) -> None:
            if done == total or done // step != (done - 1) // step:
                err.write(f"\rmatches: {done}/{total}")
                if done == total:
                    err.write("\n")
                err.flush()

        yield count
        return
    with Progress(
        "matches",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(file=err),
        transient=True,
    ) as bar:
        task = bar.add_task("matches", total=total)
        yield lambda done: bar.update(task, completed=done)


#: Seconds to wait for a Dask scheduler to answer.
CONNECT_TIMEOUT = 10.0


@contextmanager
def _cluster(address: str | None) -> Iterator[Executor | None]:
    """The Dask cluster at ``address`` as an executor, or None to play here."""
    if address is None:
        yield None
        return
    try:
        from dask.distributed import Client
    except ImportError:
        raise UsageError(
            "argument --scheduler: Dask is not installed; pip install 'raise-the-sum[cluster]'"
        ) from None
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT)  # type: ignore[no-untyped-call]
    except (OSError, ValueError, TypeError) as error:
        raise UsageError(f"argument --scheduler: cannot reach {address}: {error}") from None
    with client:
        yield client.get_executor()  # type: ignore[no-untyped-call]


@contextmanager
def _sigterm_stops() -> Iterator[list[int]]:
    """While it runs, SIGTERM stops the tournament as Ctrl-C does (its workers ended, the
    results so far kept); the list it gives holds the signal's number once one came."""
    came: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield came
        return

    def stop(number: int, frame: object) -> None:
        came.append(number)
        raise KeyboardInterrupt

    before = signal.signal(signal.SIGTERM, stop)
    try:
        yield came
    finally:
        signal.signal(signal.SIGTERM, before)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``simulate`` on parsed ``args``; write to ``out``; return the exit status.

    Exit status 0; 1 when a bot breaks its contract (the report and the
    bot's traceback on ``err``); 130 after Ctrl-C and 143 after SIGTERM, with
    the results so far on ``out``.
    """
    names: Sequence[Bot] = (
        args.bots if args.bots is not None else [make_bot("greedy"), make_bot("random")]
    )
    rules: Rules | None = args.rules
    if rules is not None and args.players is not None and args.players != rules.players:
        raise UsageError(
            f"argument --players: {args.players} players, but --rules says {rules.players}"
        )
    bots = seat_bots(names, rules.players if rules is not None else args.players)
    if rules is None:
        rules = Rules(players=len(bots))
    if args.scheduler is not None and args.jobs != 1:
        raise UsageError("argument --jobs: give --jobs or --scheduler, not both")
    directory: Path | None = args.records
    if directory is not None:
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise UsageError(f"argument --records: cannot write to {directory}: {error}") from None
    width = _width(args.matches)

    def finished(played: MatchResult) -> None:
        if directory is not None:
            write_record(played, directory, width)

    try:
        with (
            _sigterm_stops() as signals,
            _cluster(args.scheduler) as executor,
            _progress(args.matches, err, not args.no_progress) as progress,
        ):
            result = run_tournament(
                bots,
                args.matches,
                seed=args.seed,
                rules=rules,
                jobs=args.jobs,
                executor=executor,
                progress=progress,
                records=directory is not None,
                move_seconds=args.move_seconds,
                on_match=finished,
            )
    except TournamentInterrupted as stopped:
        result = stopped.result
        why = "SIGTERM" if signals else "Ctrl-C"
        err.write(f"\nstopped by {why} after {result.matches} of {stopped.planned} matches")
        if directory is not None:
            err.write(f"; their records are in {directory}")
        err.write("\n")
        _write_result(result, args.json, out)
        return EXIT_INTERRUPT if not signals else 128 + signals[0]
    except BotError as error:
        err.write(_report(error, directory))
        return 1
    except ValueError as error:  # a bot that cannot be copied or sent to its own process
        raise UsageError(f"argument --bots: {error}") from None
    except OSError as error:
        if directory is None:
            raise
        raise UsageError(f"argument --records: cannot write to {directory}: {error}") from None
    _write_result(result, args.json, out)
    return 0


def _write_result(result: TournamentResult, as_json: bool, out: TextIO) -> None:
    if as_json:
        out.write(json.dumps(result.as_dict(), indent=2) + "\n")
    else:
        out.write(render(result) + "\n")


def _report(error: BotError, directory: Path | None) -> str:
    """What a broken bot's author reads: what went wrong, where, and the bot's traceback."""
    lines = [f"{PROG}: bot {error.bot!r} {error.reason}"]
    if error.match is not None:
        lines.append(
            f"  in match {error.match} (tournament seed {error.seed}, "
            f"game seed {error.game_seed}), at seat {error.seat}"
        )
    else:
        lines.append(f"  at seat {error.seat}")
    if error.position is not None:
        lines.append(f"  position: {error.position}")
    if directory is not None:
        lines.append(f"  the records of the matches that finished are in {directory}")
    if error.bot_traceback:
        lines.append("the bot's traceback:")
        lines.extend("  " + line for line in error.bot_traceback.rstrip("\n").splitlines())
    return "\n".join(lines) + "\n"
