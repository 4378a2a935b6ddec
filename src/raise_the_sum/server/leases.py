"""The leases: which server process does a table's own work (its bots, its pace).

When several server processes share one store, each table's bots, its pause
between rounds and its timers are driven by one of them only: the holder of
the table's lease. The store's compare-and-set already keeps two writers
from applying an action twice; the lease keeps the work (a bot's search, a
timer) from being done twice, and keeps two processes from racing at every
turn.

:class:`Leases` is the interface. :meth:`Leases.holds` answers from memory,
at once, so that the driver can ask before each commit; :meth:`Leases.take`
and :meth:`Leases.take_many` ask the others. A lease is let go when the
table is let go of (finished, archived); when the process dies, its leases
are freed with it, and the other processes take the tables over at their
next check (:data:`CHECK_EVERY`).

:class:`LocalLeases` are those of a process alone on its store (SQLite):
every lease is its own. The PostgreSQL ones, ``PostgresLeases`` in
:mod:`raise_the_sum.server.postgres_sharing`, are session-level advisory
locks on a connection of their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol

__all__ = ["CHECK_EVERY", "Leases", "LocalLeases"]

#: Seconds between two checks, by each process, for tables whose server is to act and whose
#: lease nobody holds (its holder died): one query of the store's index of such tables and
#: one of the locks, whatever the number of tables. A table whose holder died is taken over
#: within this time (and a table load).
CHECK_EVERY: Final = 2.0


class Leases(Protocol):
    """The leases of one process: which tables' own work it does."""

    #: True when other processes may hold leases (then tables are checked every
    #: :data:`CHECK_EVERY` seconds, to take over those whose holder died).
    shared: bool

    def holds(self, table_id: str) -> bool:
        """True when this process holds the table's lease now (from memory, at once)."""
        ...

    async def take(self, table_id: str) -> bool:
        """Take the table's lease unless another process holds it; True when held now."""
        ...

    async def take_many(self, table_ids: Sequence[str]) -> tuple[str, ...]:
        """Take the leases that no other process holds, at once; the ids of those held now."""
        ...

    def release(self, table_id: str) -> None:
        """Let go of the table's lease (at once; the others may take it)."""
        ...

    async def check(self) -> None:
        """Make sure the leases held are still held (after a lost connection, none is)."""
        ...

    async def close(self) -> None:
        """Let go of every lease."""
        ...


class LocalLeases:
    """The leases of a process alone on its store: every table's is its own.

    >>> LocalLeases().holds("any table")
    True
    """

    shared = False

    def holds(self, table_id: str) -> bool:
        """Always: nobody else drives."""
        return True

    async def take(self, table_id: str) -> bool:
        """Always held."""
        return True

    async def take_many(self, table_ids: Sequence[str]) -> tuple[str, ...]:
        """Every one."""
        return tuple(table_ids)

    def release(self, table_id: str) -> None:
        """Nothing to let go of."""

    async def check(self) -> None:
        """Nothing can be lost."""

    async def close(self) -> None:
        """Nothing to let go of."""
