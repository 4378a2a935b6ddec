"""The server's garbage collection: old objects frozen each second, a full collection rarely."""

from __future__ import annotations

import asyncio
import gc
import weakref

from raise_the_sum.server.app import GC_THRESHOLDS, collect_garbage


class _Node:
    """A reference cycle's member, to watch when the collector frees it."""

    def __init__(self) -> None:
        self.other: _Node | None = None


def _cycle() -> weakref.ref[_Node]:
    one, two = _Node(), _Node()
    one.other, two.other = two, one
    return weakref.ref(one)


def test_collect_garbage_freezes_old_objects_and_frees_their_cycles_only_at_a_full_collection() -> (
    None
):
    async def scenario() -> None:
        gc.collect()
        before = gc.get_threshold()
        task = asyncio.get_running_loop().create_task(collect_garbage(0.01, 0.25))
        await asyncio.sleep(0)
        assert gc.get_threshold() == GC_THRESHOLDS
        watched = _cycle()  # garbage at once, and not yet collected when the next freeze comes
        await asyncio.sleep(0.05)
        assert gc.get_freeze_count() > 0
        gc.collect()  # a collection leaves frozen objects alone
        assert watched() is not None
        await asyncio.sleep(0.4)  # a full collection has come: it unfroze everything first
        assert watched() is None
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        assert gc.get_threshold() == before
        gc.unfreeze()

    asyncio.run(scenario())
