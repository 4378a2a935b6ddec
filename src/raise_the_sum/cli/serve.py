"""``raise-the-sum serve``: the game server, and the web game on it.

    raise-the-sum serve
    raise-the-sum serve --port 8080 --db games.db --pace 0.5
    raise-the-sum serve --db postgresql://game@localhost:5432/tables

It prints the URL it serves on, then serves until Ctrl-C. The tables are
kept in an SQLite database (``--db``, a file), or in PostgreSQL when
``--db`` is a ``postgresql://`` address (the ``postgres`` extra), so a
restarted server carries on every match where it was. It needs the ``web``
extra: ``pip install 'raise-the-sum[web]'``.

The server's limits (what one client may ask of it, how long it waits) have
defaults that no person playing meets, and an option each; the "Game server"
page lists them.
"""

from __future__ import annotations

import argparse
import math
import urllib.parse
from typing import TextIO

from raise_the_sum.cli import UsageError

__all__ = ["register", "run"]

#: The database without ``--db`` (as ``raise_the_sum.server.DEFAULT_DB``, which needs the extra).
_DEFAULT_DB = "raise-the-sum.db"

#: The options of the server's limits: (option, field of ``Limits``, kind, what it is).
#: Their defaults are ``raise_the_sum.server.limits.Limits``' (that module needs the extra).
_LIMITS: tuple[tuple[str, str, type, str], ...] = (
    ("--max-actions", "max_actions", int, "most legal actions a new table's rules may allow"),
    ("--request-burst", "request_burst", int, "requests one address may make at once"),
    ("--request-rate", "request_rate", float, "requests per second one address may make after"),
    ("--message-burst", "message_burst", int, "messages one socket may send at once"),
    ("--message-rate", "message_rate", float, "messages per second one socket may send after"),
    ("--create-burst", "create_burst", int, "tables one address may create at once"),
    ("--create-rate", "create_rate", float, "tables per second one address may create after"),
    ("--archive-after", "archive_after", float, "seconds without an action before archiving"),
    ("--refusals-kept", "refusals_kept", int, "refused actions remembered per seat"),
    ("--max-sockets-per-seat", "sockets_per_seat", int, "WebSockets open at once on a seat"),
    ("--max-sockets", "sockets", int, "WebSockets open at once on the server"),
    (
        "--max-connections-per-address",
        "connections_per_address",
        int,
        "connections open at once from one address",
    ),
    ("--max-connections", "connections", int, "connections open at once on the server"),
    ("--header-timeout", "header_timeout", float, "seconds to send a request's head"),
    ("--body-timeout", "body_timeout", float, "seconds to send a request's body"),
    ("--keep-alive", "keep_alive", float, "seconds an idle HTTP connection stays open"),
)


def _positive(kind: type) -> argparse._ActionType:
    def read(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            value = math.nan
        if not (math.isfinite(value) and value > 0):
            noun = "a whole number" if kind is int else "a number"
            raise argparse.ArgumentTypeError(f"{noun} above 0, got {text!r}")
        return value  # type: ignore[no-any-return]

    return read


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(
            f"a port from 0 to 65535 (0 picks a free one), got {text!r}"
        )
    return int(text)


def _pool_size(text: str) -> int:
    if not text.isdigit() or int(text) < 2:
        raise argparse.ArgumentTypeError(
            f"a whole number of 2 or more (one connection for the writes), got {text!r}"
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


def _shown(db: str) -> str:
    """``db`` as printed: a database address without its password.

    >>> _shown("postgresql://game:secret@localhost:5432/tables")
    'postgresql://game@localhost:5432/tables'
    >>> _shown("games.db")
    'games.db'
    """
    parts = urllib.parse.urlsplit(db)
    if not parts.scheme.startswith("postgres") or parts.password is None:
        return db
    host = parts.netloc.rpartition("@")[2]
    return urllib.parse.urlunsplit(parts._replace(netloc=f"{parts.username}@{host}"))


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
        help="the SQLite database of the tables, or a PostgreSQL database's address "
        f"postgresql://USER@HOST:PORT/DB (default: {_DEFAULT_DB} in the current directory)",
    )
    parser.add_argument(
        "--db-pool",
        type=_pool_size,
        default=None,
        metavar="N",
        help="with PostgreSQL: the connections kept open at most, 2 or more (default: 4)",
    )
    parser.add_argument(
        "--pace",
        type=_pace,
        default=1.0,
        metavar="SECONDS",
        help="the pause before each bot action and between rounds (default: 1.0; 0 for at once)",
    )
    parser.add_argument(
        "--forwarded-allow-ips",
        metavar="ADDRESSES",
        default="",
        help="the proxies trusted to give the client's address in X-Forwarded-For, "
        "comma-separated, or '*' (default: none)",
    )
    parser.add_argument(
        "--limit-exempt",
        metavar="ADDRESSES",
        default="",
        help="client addresses no limit per address applies to, comma-separated (a gateway "
        "that speaks for many people, a load test's client; default: none)",
    )
    parser.add_argument(
        "--cors-origin",
        metavar="ORIGIN",
        action="append",
        default=[],
        help="an origin (such as https://example.com) whose pages may call the API and open "
        "its sockets; repeat for more, '*' for any (default: only the server's own page)",
    )
    limits = parser.add_argument_group(
        "limits", "what one client may ask of the server (the defaults are on the server page)"
    )
    for option, field, kind, what in _LIMITS:
        limits.add_argument(option, dest=field, type=_positive(kind), metavar="N", help=what)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Serve until interrupted; 0 on a clean stop."""
    try:
        from raise_the_sum.server import Limits, StoreError, serve
    except ImportError as error:
        raise UsageError(
            f"the server needs the web extra ({error.name} is missing): "
            "pip install 'raise-the-sum[web]'"
        ) from None

    def ready(url: str) -> None:
        out.write(
            f"Raise the Sum is served on {url}  (tables in {_shown(args.db)}; Ctrl-C stops)\n"
        )
        out.flush()

    given = {field: getattr(args, field) for _, field, _, _ in _LIMITS}
    exempt = [address.strip() for address in args.limit_exempt.split(",") if address.strip()]
    limits = Limits(
        **{field: value for field, value in given.items() if value is not None}, exempt=exempt
    )
    proxies = [address.strip() for address in args.forwarded_allow_ips.split(",")]
    try:
        serve(
            host=args.host,
            port=args.port,
            db=args.db,
            pace=args.pace,
            ready=ready,
            limits=limits,
            forwarded_allow_ips=[address for address in proxies if address],
            cors_origins=args.cors_origin,
            pool_size=args.db_pool,
        )
    except StoreError as error:
        raise UsageError(str(error)) from None
    except OSError as error:
        raise UsageError(
            f"cannot serve on {args.host}:{args.port}: {error.strerror or error}"
        ) from None
    return 0
