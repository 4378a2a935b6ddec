"""The server's garbage collection: old objects frozen each second, a full collection rarely.

The test counts what the collector does (each freeze, each full collection)
and waits for it, never for a fixed time, so that a loaded machine only
makes it slower. The two halves run with the other half's period out of
reach, so that neither can happen in the other's window.
"""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Callable

import pytest

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
    """Yield to the event loop until ``condition()`` holds (10,000 turns at most, then fail)."""
    for _ in range(10_000):
        if condition():
            return
        await asyncio.sleep(0.001)
    raise AssertionError(f"{what} did not happen")


def _count_freezes(monkeypatch: pytest.MonkeyPatch) -> list[None]:
    """Count the collector's calls of ``gc.freeze`` from now on."""
    freezes: list[None] = []
    freeze = gc.freeze

    def counted() -> None:
        freezes.append(None)
        freeze()

    monkeypatch.setattr(gc, "freeze", counted)
    return freezes


def test_collect_garbage_freezes_old_objects_which_a_collection_then_leaves_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    freezes = _count_freezes(monkeypatch)

    async def scenario() -> None:
        gc.collect()
        before = gc.get_threshold()
        # A full collection an hour away: only freezes happen here.
        task = asyncio.get_running_loop().create_task(collect_garbage(0.001, 3600.0))
        await _until(lambda: len(freezes) == 1, "the freeze at the start")
        assert gc.get_threshold() == GC_THRESHOLDS
        watched = _cycle()  # garbage at once, and not yet collected when the next freeze comes
        await _until(lambda: len(freezes) >= 2, "the next freeze")
        gc.collect()  # a collection leaves frozen objects alone
        assert watched() is not None
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        assert gc.get_threshold() == before
        gc.unfreeze()
        gc.collect()
        assert watched() is None

    asyncio.run(scenario())


def test_collect_garbage_frees_frozen_cycles_at_its_full_collection(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    freezes = _count_freezes(monkeypatch)

    async def scenario() -> None:
        gc.collect()
        watched = _cycle()
        # A full collection at every turn: it unfreezes everything first, then frees it.
        task = asyncio.get_running_loop().create_task(collect_garbage(0.001, 0.0))
        await _until(lambda: len(freezes) == 1, "the freeze at the start")
        gc.collect()
        assert watched() is not None  # frozen at the start
        await _until(lambda: watched() is None, "a full collection")
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        gc.unfreeze()

    asyncio.run(scenario())
