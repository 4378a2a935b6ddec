"""The game server: tables over HTTP and WebSocket, durable, with seats no one can spoof.

Install the ``web`` extra (Starlette, uvicorn, websockets) and run
``raise-the-sum serve``, or from Python::

    from raise_the_sum.server import serve
    serve(host="127.0.0.1", port=8000, db="raise-the-sum.db", pace=1.0)

The package is layered like the data that flows through it:

* ``raise_the_sum.server.app`` -- the routes (Starlette);
* :mod:`~raise_the_sum.server.bodies` -- strict reading of request bodies;
* ``raise_the_sum.server.service`` -- the table service: the one write
  path (``step``, then a compare-and-set commit), the bots and the pacing;
* :mod:`~raise_the_sum.server.documents` -- the one function that builds
  what a seat receives;
* :mod:`~raise_the_sum.server.store` -- the store interface and its SQLite store;
* :mod:`~raise_the_sum.server.tokens` -- seat tokens, kept as hashes.

The protocol is described on the documentation's "Game server" page.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

from raise_the_sum.server.app import create_app
from raise_the_sum.server.limits import Limits
from raise_the_sum.server.service import TableService, seed_commitment
from raise_the_sum.server.store import (
    SQLiteStore,
    Store,
    StoreError,
    StoreUnavailable,
    is_postgres_url,
)

__all__ = [
    "DEFAULT_DB",
    "Limits",
    "SQLiteStore",
    "Store",
    "StoreError",
    "StoreUnavailable",
    "TableService",
    "create_app",
    "open_store",
    "seed_commitment",
    "serve",
]

#: The database ``raise-the-sum serve`` uses without ``--db``: a file in the current directory.
DEFAULT_DB: Final = "raise-the-sum.db"


def serve(
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | Path = DEFAULT_DB,
    pace: float = 1.0,
    ready: Callable[[str], None] | None = None,
    limits: Limits | None = None,
    forwarded_allow_ips: Sequence[str] = (),
    cors_origins: Sequence[str] = (),
    pool_size: int | None = None,
) -> None:
    """Serve the game on ``host:port`` until interrupted (Ctrl-C or SIGTERM).

    ``port=0`` takes a free port. Once the server accepts connections,
    ``ready`` is called with its URL, such as ``"http://127.0.0.1:8000/"``.
    ``limits`` are the server's :class:`~raise_the_sum.server.limits.Limits`.
    The client address of a request (for the limits per address) is its
    connection's, or the one
    a proxy forwards in ``X-Forwarded-For`` when the proxy's address is in
    ``forwarded_allow_ips`` (``"*"`` trusts every one). ``cors_origins``
    are the origins of pages elsewhere that may call the API (CORS) and open
    its sockets.

    ``db`` is an SQLite file, or a PostgreSQL database's address
    (``postgresql://USER@HOST:PORT/DB``, see :func:`open_store`, with
    ``pool_size`` connections at most).
    The database is opened first: a database that cannot be used raises
    :class:`~raise_the_sum.server.store.StoreError`, whose message is one line naming it.
    """
    import resource
    import sys

    import uvicorn

    from raise_the_sum.server._http import guarded_protocol
    from raise_the_sum.server.bodies import MAX_BODY

    limits = Limits() if limits is None else limits
    store = open_store(db, pool_size=pool_size)
    if not isinstance(store, SQLiteStore):  # reached and its tables made, before serving
        asyncio.run(_probe(db, pool_size))
    # The search bots and the store run on threads. With Python's default 5 ms switch
    # interval, the event loop can wait that long for the GIL after each socket
    # write, and the store's writer as long after each SQLite statement while the loop
    # is busy; a tenth of a millisecond keeps the commits' and the answers' latency down.
    sys.setswitchinterval(0.0001)
    # Each connection is a file descriptor: take all the system allows, as the limits expect.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((host, port))
    listener.listen(2048)
    bound = listener.getsockname()[1]
    shown = f"[{host}]" if family == socket.AF_INET6 else host
    url = f"http://{shown}:{bound}/"
    trusted = tuple(forwarded_allow_ips)
    config = uvicorn.Config(
        create_app(store, pace=pace, limits=limits, cors_origins=cors_origins),
        log_level="warning",
        access_log=False,
        http=guarded_protocol(
            header_timeout=limits.header_timeout,
            per_address=limits.connections_per_address,
            trusted=(*trusted, *limits.exempt),
        ),
        ws="websockets-sansio",
        ws_max_size=MAX_BODY,
        ws_per_message_deflate=False,  # near the clients, compressing costs more than it saves
        lifespan="on",
        backlog=2048,
        limit_concurrency=limits.connections,
        timeout_keep_alive=max(1, round(limits.keep_alive)),
        proxy_headers=bool(trusted),
        forwarded_allow_ips=list(trusted) if trusted else None,
    )
    server = uvicorn.Server(config)

    async def run() -> None:
        task = asyncio.get_running_loop().create_task(server.serve(sockets=[listener]))
        while not server.started and not task.done():
            await asyncio.sleep(0.01)
        if server.started and ready is not None:
            ready(url)
        await task

    with asyncio.Runner(loop_factory=_loop_factory()) as runner:
        runner.run(run())


def open_store(db: str | Path, *, pool_size: int | None = None) -> Store:
    """The store of ``db``: a PostgreSQL database for a ``postgresql://`` address, else a file.

    The PostgreSQL store (the ``postgres`` extra) keeps ``pool_size``
    connections at most (its default when None) and connects on its first
    use; an SQLite file is opened at once. A missing extra or a database that
    cannot be used raises :class:`~raise_the_sum.server.store.StoreError`.
    """
    if not is_postgres_url(db):
        return SQLiteStore(db)
    try:
        from raise_the_sum.server.postgres import PostgresStore
    except ImportError as error:
        raise StoreError(
            f"the PostgreSQL store needs the postgres extra ({error.name} is missing): "
            "pip install 'raise-the-sum[postgres]'"
        ) from None
    if pool_size is None:
        return PostgresStore(str(db))
    return PostgresStore(str(db), pool_size=pool_size)


async def _probe(db: str | Path, pool_size: int | None) -> None:
    """Open the PostgreSQL store once and close it: a StoreError now, not at a request."""
    store = open_store(db, pool_size=pool_size)
    try:
        await store.resumable(0.0)
    finally:
        await store.close()


def _loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's event loop when it is installed (the ``web`` extra has it), else asyncio's."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop
