"""``raise-the-sum serve``: the game server, and the web game on it.

    raise-the-sum serve
    raise-the-sum serve --port 8080 --db games.db --pace 0.5

It prints the URL it serves on, then serves until Ctrl-C. The tables are
kept in an SQLite database (``--db``), so a restarted server carries on
every match where it was. It needs the ``web`` extra:
``pip install 'raise-the-sum[web]'``.
"""

from __future__ import annotations

import argparse
import math
from typing import TextIO

from raise_the_sum.cli import UsageError

__all__ = ["register", "run"]

#: The database without ``--db`` (as ``raise_the_sum.server.DEFAULT_DB``, which needs the extra).
_DEFAULT_DB = "raise-the-sum.db"


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(
            f"a port from 0 to 65535 (0 picks a free one), got {text!r}"
        )
    return int(text)


def _pace(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and 0 <= value <= 3600):
        raise argparse.ArgumentTypeError(f"seconds from 0 to 3600, got {text!r}")
    return value


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``serve`` subcommand to ``subparsers``."""
    parser = subparsers.add_parser(
        "serve",
        help="the game server and the web game (needs the web extra)",
        description="Serve the game over HTTP and WebSocket: the web game at /, the protocol "
        "under /api/. Prints the URL, then serves until Ctrl-C.",
        allow_abbrev=False,
    )
    parser.add_argument(
        "--host", default="127.0.0.1", help="the address to listen on (default: 127.0.0.1)"
    )
    parser.add_argument(
        "--port", type=_port, default=8000, help="the port (default: 8000; 0 picks a free one)"
    )
    parser.add_argument(
        "--db",
        default=_DEFAULT_DB,
        metavar="PATH",
        help=f"the SQLite database of the tables (default: {_DEFAULT_DB} in the current directory)",
    )
    parser.add_argument(
        "--pace",
        type=_pace,
        default=1.0,
        metavar="SECONDS",
        help="the pause before each bot action and between rounds (default: 1.0; 0 for at once)",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Serve until interrupted; 0 on a clean stop."""
    try:
        from raise_the_sum.server import serve
    except ImportError as error:
        raise UsageError(
            f"the server needs the web extra ({error.name} is missing): "
            "pip install 'raise-the-sum[web]'"
        ) from None

    def ready(url: str) -> None:
        out.write(f"Raise the Sum is served on {url}  (tables in {args.db}; Ctrl-C stops)\n")
        out.flush()

    try:
        serve(host=args.host, port=args.port, db=args.db, pace=args.pace, ready=ready)
    except OSError as error:
        raise UsageError(
            f"cannot serve on {args.host}:{args.port}: {error.strerror or error}"
        ) from None
    return 0
