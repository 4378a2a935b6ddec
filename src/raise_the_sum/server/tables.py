"""The tables in memory: loaded once, let go when finished or idle, set aside when broken.

:class:`Tables` is the service's cache in front of the store. A table is
loaded on first use (one load however many requests wait for it), checked
against the server's limits, and kept. A finished table is let go once
``KEEP_FINISHED`` newer ones are kept (it never changes again, so loading it
again gives the same); an unfinished one idle for longer than the archive
time is let go by :meth:`Tables.sweep` and then answered 410 ``archived``.
A table that cannot be loaded is set aside: its requests get 503, and the
others are served.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict
from typing import Final

from raise_the_sum.server.errors import ProtocolError
from raise_the_sum.server.leases import Leases, LocalLeases
from raise_the_sum.server.limits import Limits
from raise_the_sum.server.seating import check_bound
from raise_the_sum.server.store import Store, StoreUnavailable
from raise_the_sum.server.table import Table, catch_up, revive
from raise_the_sum.state import Phase

__all__ = ["KEEP_FINISHED", "Tables"]

_log = logging.getLogger("raise_the_sum.server")

#: How many finished tables stay in memory: the oldest are let go (the store has them, and
#: loads them again when asked), so that a long-running server's heap, and the garbage
#: collector's pauses, stay bounded.
KEEP_FINISHED: Final = 256


class Tables:
    """The live tables of one server, by id, and the token hashes seen, in front of ``store``."""

    def __init__(
        self, store: Store, limits: Limits, pace: float, leases: Leases | None = None
    ) -> None:
        self.store = store
        #: The leases of the tables' own work: a table let go of, or finished, is let go.
        self.leases: Leases = LocalLeases() if leases is None else leases
        self.limits = limits
        self.pace = pace
        self._tables: dict[str, Table] = {}
        self._finished: OrderedDict[str, None] = OrderedDict()
        self._loading: dict[str, asyncio.Future[Table | None]] = {}
        #: The owner, ``(table id, seat)``, of each token hash met, for tables in memory.
        self.tokens: dict[str, tuple[str, int]] = {}
        #: The tables that could not be loaded, set aside: why, in one line, by id.
        self.set_aside: dict[str, str] = {}

    def __contains__(self, table_id: object) -> bool:
        return table_id in self._tables

    def peek(self, table_id: str) -> Table | None:
        """The table if it is in memory now (never loads it)."""
        return self._tables.get(table_id)

    def live(self) -> list[Table]:
        """The tables in memory now."""
        return list(self._tables.values())

    def add(self, table: Table) -> None:
        """Keep a new table."""
        self._tables[table.table_id] = table
        for seat, digest in table.token_hashes.items():
            self.tokens[digest] = (table.table_id, seat)

    async def get(self, table_id: str) -> Table | None:
        """The live table, loaded from the store on first use; None when there is none.

        Raises :class:`~raise_the_sum.server.errors.ProtocolError` 410
        ``archived`` for a table idle for longer than the archive time, and
        503 ``unavailable`` for a table set aside (it could not be loaded).
        """
        table = self._tables.get(table_id)
        if table is not None:
            return table
        if table_id in self.set_aside:
            raise self._unloadable(table_id)
        loading = self._loading.get(table_id)
        if loading is not None:
            return await asyncio.shield(loading)
        future: asyncio.Future[Table | None] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            table = await self._load(table_id)
            if table is not None:
                self._tables[table_id] = table
                if table.state.phase is Phase.MATCH_OVER:
                    self.finish(table)
            future.set_result(table)
        except BaseException as error:
            future.set_exception(error)
            raise
        finally:
            del self._loading[table_id]
        return table

    async def _load(self, table_id: str) -> Table | None:
        stored = await self.store.load(table_id)
        if stored is None:
            return None
        archived = stored.touched < time.time() - self.limits.archive_after
        if archived and not stored.over:
            raise ProtocolError(
                410,
                "archived",
                f"the table {table_id!r} was archived: no action for "
                f"{self.limits.archive_after:g} seconds",
            )
        try:
            table = revive(stored, pace=self.pace)
            check_bound(table.state.rules, self.limits.max_actions)
        except Exception as error:  # one line in the log; its requests get 503; others go on
            reason = " ".join(str(error).split()) or type(error).__name__
            self.set_aside[table_id] = reason
            _log.error("table %s is set aside: it cannot be loaded: %s", table_id, reason)
            raise self._unloadable(table_id) from None
        return table

    def _unloadable(self, table_id: str) -> ProtocolError:
        return ProtocolError(
            503,
            "unavailable",
            f"the table {table_id!r} cannot be loaded: {self.set_aside[table_id]}",
        )

    async def reload(self, table: Table) -> None:
        """Catch up with the store after a lost compare-and-set (another process wrote).

        Only the steps the table does not have are replayed; a store that
        went back (a backup restored, a failover that lost the last commits)
        has the table rebuilt whole, at the store's version.
        """
        stored = await self.store.load(table.table_id, after=table.version)
        if stored is None:
            return
        caught_up = False
        if stored.version >= table.version:
            with contextlib.suppress(RuntimeError):  # else rebuilt whole, below
                catch_up(table, stored)
                caught_up = True
        if not caught_up:
            stored = await self.store.load(table.table_id)
            if stored is None:
                return
            fresh = revive(stored, pace=self.pace)
            table.state, table.version, table.rngs = fresh.state, fresh.version, fresh.rngs
            table.bots, table.roster = fresh.bots, fresh.roster  # a seat may have left meanwhile
            table.seen, table.actions = fresh.seen, fresh.actions
            table.answered |= fresh.answered
            table.touched = fresh.touched
            table.documents.clear()
        # The seats, as another process may have changed them (taken, claimed with a new token).
        hashes = dict(stored.token_hashes)
        for seat, digest in table.token_hashes.items():
            if hashes.get(seat) != digest:
                self.tokens.pop(digest, None)  # a claimed seat's old token: no more
        table.token_hashes = hashes
        table.taken |= set(stored.taken)
        table.seating_changed()

    def finish(self, table: Table) -> None:
        """Note a finished table; let go of the oldest beyond ``KEEP_FINISHED``.

        A finished table never changes again, so a client still holding the
        one let go sees the same as one loaded again.
        """
        self._finished[table.table_id] = None
        self.leases.release(table.table_id)  # nothing is left to drive
        while len(self._finished) > KEEP_FINISHED:
            oldest, _ = self._finished.popitem(last=False)
            dropped = self._tables.get(oldest)
            if dropped is not None:
                self.forget(dropped)

    def forget(self, table: Table) -> None:
        """Let go of a table in memory (the store keeps it)."""
        self._tables.pop(table.table_id, None)
        self._finished.pop(table.table_id, None)
        self.leases.release(table.table_id)
        for digest in table.token_hashes.values():
            self.tokens.pop(digest, None)

    async def sweep(self) -> None:
        """Let go of the unfinished tables idle for longer than the archive time.

        Such a table is archived: it stays in the store, and a request for
        it gets 410 ``archived``. Runs until cancelled.
        """
        every = min(self.limits.archive_after / 4, 60.0)
        while True:
            await asyncio.sleep(every)
            cutoff = time.time() - self.limits.archive_after
            try:
                await self.store.unlist(cutoff)  # idle tables leave the lobby too
            except StoreUnavailable as error:
                _log.error("the lobby's idle tables stay listed for now: %s", error)
            for table in self.live():
                if (
                    table.touched < cutoff
                    and table.state.phase is not Phase.MATCH_OVER
                    and not table.watchers
                    and not table.lock.locked()
                    and (table.driver is None or table.driver.done())
                ):
                    self.forget(table)
