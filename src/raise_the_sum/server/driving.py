"""The bots, the pause between rounds and the turn timer: the server's own actions at its tables.

:class:`Driving` runs one task per table while the server is to act there
(a bot's turn, the brief result between rounds, or a person's turn with a
deadline, rule R4.15), and the worker threads
that keep heavy work off the event loop: the search bots' decisions, and
all the rules-engine work of a table whose rules allow many actions.
Its actions go through the service's one write path, the commit it is
given.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Final, TypeVar

from raise_the_sum import driver as match_driver
from raise_the_sum.rng import Rng
from raise_the_sum.server.leases import CHECK_EVERY, Leases, LocalLeases
from raise_the_sum.server.table import Step, Table

__all__ = ["MAX_BURST", "RETRY_FIRST", "RETRY_MOST", "Driving"]

_log = logging.getLogger("raise_the_sum.server")

T = TypeVar("T")

#: The most bots' actions one burst commits at once (at a pace of 0).
MAX_BURST: Final = 64

#: The shortest and the longest wait, in seconds, before the bots try again after a failure
#: (a commit the store could not write, a bot that raised): it doubles from one to the other.
RETRY_FIRST: Final = 0.1
RETRY_MOST: Final = 30.0

#: The service's write path: commit the steps with the bots' generators after them; True
#: when written, False when another writer was first.
WritePath = Callable[[Table, list[Step], tuple[Rng | None, ...]], Awaitable[bool]]


def _failed(table: Table, what: str, error: Exception, wait: float) -> None:
    """Say in one line of the log that ``what`` failed at ``table``, and when it is tried again."""
    reason = " ".join(str(error).split()) or type(error).__name__
    _log.error("table %s: %s failed (%s); trying again in %g s", table.table_id, what, reason, wait)


class Driving:
    """The tasks that take the server's actions at its tables, and the worker threads.

    ``pace`` is the pause, in seconds, before each bot action and between
    rounds; ``commit`` writes the bots' steps; ``reload`` catches a table
    up with the store after a lost compare-and-set or a failure; ``timeout``
    acts for the person whose turn's deadline (given) has come, by the same
    write path.
    """

    def __init__(
        self,
        *,
        pace: float,
        bot_threads: int,
        commit: WritePath,
        reload: Callable[[Table], Awaitable[None]],
        leases: Leases | None = None,
        timeout: Callable[[Table, float], Awaitable[bool]] | None = None,
    ) -> None:
        self.pace = pace
        #: Whose work each table is: a table is driven here only while its lease is held here.
        self.leases: Leases = LocalLeases() if leases is None else leases
        #: When another process last held each table's lease (it is not asked again sooner
        #: than ``CHECK_EVERY`` seconds after: the take-over check asks for all at once).
        self._elsewhere: dict[str, float] = {}
        self._commit = commit
        self._reload = reload
        self._timeout = timeout
        self._executor = ThreadPoolExecutor(max_workers=bot_threads, thread_name_prefix="bot")
        # The rules-engine work of heavy tables: two threads, so that two such tables at most
        # share the GIL with the event loop at once.
        self._engine = ThreadPoolExecutor(max_workers=2, thread_name_prefix="engine")
        self.closing = False

    async def run_engine(self, table: Table, work: Callable[[], T]) -> T:
        """Run rules-engine ``work`` for ``table``: on the event loop, or on a thread if heavy."""
        if not table.heavy:
            return work()
        return await asyncio.get_running_loop().run_in_executor(self._engine, work)

    def kick(self, table: Table) -> None:
        """Start the table's task if the server is to act there (now, or at a deadline).

        A task that waits for a deadline is woken instead, to look again.
        """
        if self.closing:
            return
        if table.driver is not None and not table.driver.done():
            table.nudge.set()
            return
        if table.automatic() or (self._timeout is not None and table.deadline() is not None):
            table.driver = asyncio.get_running_loop().create_task(self._drive(table))

    async def close(self, tables: list[Table]) -> None:
        """Stop the tasks (their next actions are simply not taken) and the thread pools."""
        self.closing = True
        tasks = [t.driver for t in tables if t.driver is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        self._executor.shutdown(wait=True, cancel_futures=True)
        self._engine.shutdown(wait=True, cancel_futures=True)

    async def _drive(self, table: Table) -> None:
        """Take the driver's actions at ``table`` while it is to act (a bot, or the next round).

        The pause of ``pace`` seconds runs from the start of the turn, and the
        bots decide at its start: a bot that finds nothing to choose from and
        one that searches long are seen to act at the same time. A failure (a
        commit the store could not write, a bot that raised) is logged in one
        line and tried again after a wait that doubles from ``RETRY_FIRST`` to
        ``RETRY_MOST`` seconds, the table reloaded from the store first: a table
        whose bots are to act never waits for ever.

        When a person is to act at a table with a time per turn, the task
        waits for the turn's deadline (woken early when the table moves on:
        :meth:`kick`), and then has the action of rule R4.15 taken for them.
        It ends when neither a bot nor a deadline is left to wait for.
        """
        loop = asyncio.get_running_loop()
        if not await self.leased(table):
            return
        wait = RETRY_FIRST
        while not self.closing and self.leases.holds(table.table_id):
            if not table.automatic():
                deadline = table.deadline() if self._timeout is not None else None
                if deadline is None:
                    return
                table.nudge.clear()
                delay = deadline - time.time()
                if delay > 0:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(table.nudge.wait(), delay)
                    continue  # the deadline came, or the table moved on: look again
                try:
                    assert self._timeout is not None
                    await self._timeout(table, deadline)
                    wait = RETRY_FIRST
                    continue
                except asyncio.CancelledError:
                    raise
                except Exception as error:  # the table's alone; the others go on
                    _failed(table, "the action for a seat out of time", error, wait)
            else:
                version = table.version
                started = loop.time()
                try:
                    driven, steps = await self._bots_move(table)
                    if self.pace > 0:
                        await asyncio.sleep(max(0.0, started + self.pace - loop.time()))
                    async with table.lock:
                        if table.version != version:
                            continue
                        if not self.leases.holds(table.table_id):  # lost meanwhile: not ours
                            return
                        if not await self._commit(table, steps, driven.rngs):
                            await self._reload(table)  # another writer was first: catch up
                    wait = RETRY_FIRST
                    continue
                except asyncio.CancelledError:
                    raise
                except Exception as error:  # the table's alone; the others go on
                    _failed(table, "the bots' action", error, wait)
            await asyncio.sleep(wait)
            wait = min(wait * 2, RETRY_MOST)
            with contextlib.suppress(Exception):  # the store may still be failing: next time
                async with table.lock:
                    await self._reload(table)

    async def leased(self, table: Table) -> bool:
        """True when this process holds the table's lease, taking it if nobody holds it.

        A lease another process held is not asked for again before
        ``CHECK_EVERY`` seconds (the service's take-over check asks then).
        """
        table_id = table.table_id
        if self.leases.holds(table_id):
            return True
        loop = asyncio.get_running_loop()
        if loop.time() < self._elsewhere.get(table_id, -CHECK_EVERY) + CHECK_EVERY:
            return False
        if await self.leases.take(table_id):
            self._elsewhere.pop(table_id, None)
            return True
        self._elsewhere[table_id] = loop.time()
        return False

    def forget_elsewhere(self) -> None:
        """Forget the leases met elsewhere longer than ``CHECK_EVERY`` seconds ago."""
        cutoff = asyncio.get_running_loop().time() - CHECK_EVERY
        for table_id, when in list(self._elsewhere.items()):
            if when < cutoff:
                del self._elsewhere[table_id]

    async def _bots_move(self, table: Table) -> tuple[match_driver.Table, list[Step]]:
        """The driver's next actions at ``table``, not yet committed, and its table after them.

        A bot's choice (from its view and the legal actions, with its own
        generator) or NextRound(). A search bot's runs on a worker thread, then
        the rule-based bots' actions that follow (a search bot's waits for the
        next turn), up to MAX_BURST at a pace of 0, else none; those run on the
        event loop, or on a thread at a heavy table.
        """
        driven = table.driven()
        steps: list[Step] = []
        if table.threaded(driven):
            driven, move = await asyncio.get_running_loop().run_in_executor(
                self._executor, match_driver.bot_step, driven
            )
            steps.append((move.seat, move.action, driven.state, move.events))
        limit = MAX_BURST if self.pace == 0 else 1
        driven = await self.run_engine(table, functools.partial(table.burst, driven, steps, limit))
        return driven, steps
