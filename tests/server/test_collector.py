"""The server's garbage collection: old objects frozen each second, a full collection rarely.

The test waits for what the collector does (a freeze, a full collection),
never for a fixed time, so that a loaded machine only makes it slower.
"""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Callable

from raise_the_sum.server.app import GC_THRESHOLDS, collect_garbage


class _Node:
    """A reference cycle's member, to watch when the collector frees it."""

    def __init__(self) -> None:
        self.other: _Node | None = None


def _cycle() -> weakref.ref[_Node]:
    one, two = _Node(), _Node()
    one.other, two.other = two, one
    return weakref.ref(one)


async def _until(condition: Callable[[], bool], what: str) -> None:
    """Yield to the event loop until ``condition()`` holds (a minute at most, then fail)."""
    for _ in range(6000):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{what} did not happen within a minute")


def test_collect_garbage_freezes_old_objects_and_frees_their_cycles_only_at_a_full_collection() -> (
    None
):
    async def scenario() -> None:
        gc.collect()
        before = gc.get_threshold()
        task = asyncio.get_running_loop().create_task(collect_garbage(0.01, 0.25))
        await asyncio.sleep(0)
        assert gc.get_threshold() == GC_THRESHOLDS
        frozen = gc.get_freeze_count()  # the task's first freeze, at its start
        watched = _cycle()  # garbage at once, and not yet collected when the next freeze comes
        await _until(lambda: gc.get_freeze_count() > frozen, "the next freeze")
        gc.collect()  # a collection leaves frozen objects alone
        assert watched() is not None
        # A full collection comes (after 0.25 s): it unfreezes everything first, then frees it.
        await _until(lambda: watched() is None, "a full collection")
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        assert gc.get_threshold() == before
        gc.unfreeze()

    asyncio.run(scenario())
