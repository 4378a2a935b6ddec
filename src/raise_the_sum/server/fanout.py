"""The fan-out: what one server process hears of the others that share its store.

Several server processes may serve the same tables from one database. When
one of them commits a version of a table, the others that hold the table in
memory must catch up, and wake its sockets; a notice pushed to a table's
sockets (``{"notice": ...}``) must reach the sockets held by every process.
:class:`Fanout` is that channel, seen from one process:

- the store announces each commit itself, in the commit's own transaction
  ("table T is at version V"), so that a commit is never made without its
  announcement; the fan-out hears it, and tells its :class:`Listener`
  (:meth:`Listener.moved`);
- the store announces a change of a table's seats (a seat taken, a seat
  claimed with a new token) the same way, heard as :meth:`Listener.seated`;
- :meth:`Fanout.notice` sends a table's notice to the other processes, which
  hear it as :meth:`Listener.noticed`;
- when the fan-out lost its connection to the others and has it back, it
  calls :meth:`Listener.missed`: what was said meanwhile is lost, and the
  listener catches up from the store.

:class:`LocalFanout` is the fan-out of a server alone on its store (SQLite):
there is nobody to hear from, and nothing is sent. The PostgreSQL one,
``PostgresFanout`` in :mod:`raise_the_sum.server.postgres_sharing`, listens
with ``LISTEN`` on a connection of its own.
"""

from __future__ import annotations

import sys
from typing import Protocol

from raise_the_sum.server.leases import Leases, LocalLeases
from raise_the_sum.server.store import Store

__all__ = ["Fanout", "Listener", "LocalFanout", "sharing"]


class Listener(Protocol):
    """What a fan-out tells: the table service of its process."""

    def moved(self, table_id: str, version: int) -> None:
        """Another process (or this one) committed ``table_id`` up to ``version``."""
        ...

    def seated(self, table_id: str) -> None:
        """Another process changed the table's seats (taken, or claimed with a new token)."""
        ...

    def noticed(self, table_id: str, notice: bytes) -> None:
        """Another process pushed ``notice`` (a JSON object) to the table's sockets."""
        ...

    async def missed(self) -> None:
        """The fan-out was cut off and is back: announcements may have been lost; catch up."""
        ...


class Fanout(Protocol):
    """One process's channel to the others that share its store."""

    #: True when other processes may share the store (then the service catches up on
    #: announcements, and checks what a client says it has seen against the store).
    shared: bool

    async def start(self, listener: Listener) -> None:
        """Start hearing the others, telling ``listener``; returns once it listens (or tried)."""
        ...

    def notice(self, table_id: str, notice: bytes) -> None:
        """Send ``notice`` (a JSON object) to the table's sockets in the other processes.

        It returns at once; the notices of one process arrive in the order sent.
        """
        ...

    async def close(self) -> None:
        """Stop hearing and sending."""
        ...


class LocalFanout:
    """The fan-out of a process alone on its store: nobody to hear from, nothing to send.

    >>> LocalFanout().shared
    False
    """

    shared = False

    async def start(self, listener: Listener) -> None:
        """Nothing to hear."""

    def notice(self, table_id: str, notice: bytes) -> None:
        """Nobody to tell: this process's sockets are the table's only ones."""

    async def close(self) -> None:
        """Nothing to stop."""


def sharing(store: Store) -> tuple[Fanout, Leases]:
    """The fan-out and the leases that go with ``store``.

    On a PostgreSQL store, which other processes may share, those of
    :mod:`raise_the_sum.server.postgres_sharing` (each on a connection of
    its own); on any other store, the process is alone: :class:`LocalFanout`
    and :class:`~raise_the_sum.server.leases.LocalLeases`.
    """
    postgres = sys.modules.get("raise_the_sum.server.postgres")
    if postgres is not None and isinstance(store, postgres.PostgresStore):
        from raise_the_sum.server.postgres_sharing import PostgresFanout, PostgresLeases

        return PostgresFanout(store.url), PostgresLeases(store.url)
    return LocalFanout(), LocalLeases()
