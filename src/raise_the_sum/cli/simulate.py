"""``raise-the-sum simulate``: a seeded tournament between bots, with win rates.

    raise-the-sum simulate --bots greedy random random random --matches 2000
    raise-the-sum simulate --bots search cautious --players 4 --jobs 2 --json

Each match seats the bots in the order given, rotated by one seat from each
match to the next, so that every bot opens in turn. With fewer bots than
``--players``, the last bot named fills the empty seats: ``--bots search
cautious --players 4`` is the search bot against three cautious bots. The
table gives each bot's wins and win rate, with a 95% confidence interval
(Wilson score), and the mean rounds and actions per match. The same
``--seed`` gives the same table for any ``--jobs``.

A progress bar goes to standard error: drawn by ``rich`` when it is
installed (the ``cli`` extra), else a plain counter.
"""

from __future__ import annotations

import argparse
import json
import textwrap
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TextIO

from raise_the_sum import Rules
from raise_the_sum.bots import BOTS, Bot, make_bot
from raise_the_sum.cli import UsageError
from raise_the_sum.cli import _args
from raise_the_sum.tournament import TournamentResult, run_tournament

__all__ = ["register", "render", "run", "seat_bots"]

_DESCRIPTION = textwrap.fill(
    "Play seeded matches between computer players, seats rotated, and print each "
    "one's win rate with a 95% confidence interval.",
    width=78,
)

_EPILOG = f"""\
bots: {', '.join(sorted(BOTS))}

examples:
  raise-the-sum simulate --bots greedy random random random --matches 2000
  raise-the-sum simulate --bots search cautious --players 4 --jobs 2
  raise-the-sum simulate --bots riley sam alex --matches 50 --json
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
        "--bots", nargs="+", type=_args.bot, default=None, metavar="BOT",
        help="the bots, in seat order (default: greedy random)",
    )
    parser.add_argument(
        "--players", type=_args.whole_number(2), default=None, metavar="N",
        help="seats at the table, 2 to 4 (default: one per bot); the last bot fills the rest",
    )
    parser.add_argument(
        "--matches", type=_args.whole_number(1), default=100, metavar="N",
        help="matches to play (default: 100)",
    )
    parser.add_argument("--seed", type=_args.seed, default=0, metavar="S", help="the tournament's seed (default: 0)")
    parser.add_argument(
        "--jobs", type=_args.whole_number(1), default=1, metavar="J",
        help="worker processes (default: 1); the results do not depend on it",
    )
    parser.add_argument("--json", action="store_true", help="write the result as JSON")
    parser.add_argument("--no-progress", action="store_true", help="draw no progress bar")
    parser.set_defaults(func=run)


def seat_bots(bots: Sequence[Bot], players: int | None) -> tuple[Bot, ...]:
    """One bot per seat: ``bots``, the last one repeated to fill ``players`` seats.

    >>> [bot.name for bot in seat_bots([make_bot("search"), make_bot("greedy")], 4)]
    ['search', 'greedy', 'greedy', 'greedy']
    >>> seat_bots([make_bot("greedy")] * 5, None)
    Traceback (most recent call last):
    ...
    raise_the_sum.cli.UsageError: argument --bots: 2 to 4 bots, one per seat, got 5 (rule R3.1)
    """
    if len(bots) > 4:
        raise UsageError(f"argument --bots: 2 to 4 bots, one per seat, got {len(bots)} (rule R3.1)")
    if players is None:
        players = max(len(bots), 2)
    if not 2 <= players <= 4:
        raise UsageError(f"argument --players: 2 to 4 players, got {players} (rule R3.1)")
    if len(bots) > players:
        raise UsageError(f"argument --bots: {len(bots)} bots for {players} seats; name at most {players}")
    return (*bots, *[bots[-1]] * (players - len(bots)))


def render(result: TournamentResult) -> str:
    """The result as a table, with the mean rounds and actions per match.

    >>> from raise_the_sum.tournament import TournamentResult
    >>> print(render(TournamentResult(("greedy", "random"), 100, 0, (90, 10), 700, 3000)))
    2 players, 100 matches, seed 0, seats rotated (parity 50.0%)
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
        "matches", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=Console(file=err), transient=True,
    ) as bar:
        task = bar.add_task("matches", total=total)
        yield lambda done: bar.update(task, completed=done)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``simulate`` on parsed ``args``; write to ``out``; return the exit status."""
    names: Sequence[Bot] = args.bots if args.bots is not None else [make_bot("greedy"), make_bot("random")]
    bots = seat_bots(names, args.players)
    with _progress(args.matches, err, not args.no_progress) as progress:
        result = run_tournament(
            bots, args.matches, seed=args.seed, rules=Rules(players=len(bots)),
            jobs=args.jobs, progress=progress,
        )
    if args.json:
        out.write(json.dumps(result.as_dict(), indent=2) + "\n")
    else:
        out.write(render(result) + "\n")
    return 0
