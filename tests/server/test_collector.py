"""The server's garbage collector: young passes on the event loop's clock free young
cycles and freeze what survives; cycles that die frozen wait for the interpreter's
memory to double."""

from __future__ import annotations

import asyncio
import gc
import sys
import threading
import weakref
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import httpx

from loveletter.server.collector import Collector

from .harness import ServerThread, fast_settings


class Node:
    """An object in a reference cycle with itself: only the collector frees it."""

    def __init__(self) -> None:
        self.itself = self


def ballast(blocks: int) -> list[list[int]]:
    """About ``blocks`` memory blocks: three each (a list, its array, an int)."""
    return [[index] for index in range(1000, 1000 + blocks // 3)]


def with_collector(test: Callable[[Collector], Coroutine[Any, Any, None]]) -> Callable[[], None]:
    """Run ``test`` on an event loop with a started collector whose own clock does not
    strike during the test: the test takes its steps."""

    def run() -> None:
        async def started() -> None:
            collector = Collector(interval=3600.0, check_every=3600.0)
            collector.start()
            try:
                await test(collector)
            finally:
                await collector.stop()

        asyncio.run(started())
        assert gc.isenabled()
        assert gc.get_freeze_count() == 0

    return run


@with_collector
async def test_starting_turns_python_s_own_schedule_off(collector: Collector) -> None:
    assert not gc.isenabled()
    assert gc.get_freeze_count() > 0


@with_collector
async def test_a_young_pass_frees_a_cycle_that_died_young(collector: Collector) -> None:
    young = weakref.ref(Node())
    assert young() is not None
    collector.collect_young()
    assert young() is None


@with_collector
async def test_a_young_pass_freezes_its_survivors(collector: Collector) -> None:
    frozen = gc.get_freeze_count()
    survivors = [Node() for _ in range(100)]
    collector.collect_young()
    assert gc.get_freeze_count() >= frozen + 100
    assert gc.get_objects(1) == gc.get_objects(2) == []  # no older generation is kept
    del survivors


@with_collector
async def test_a_frozen_cycle_waits_for_the_memory_to_double(
    collector: Collector,
) -> None:
    node = Node()
    frozen = weakref.ref(node)
    collector.collect_young()
    del node
    collector.collect_young()
    assert frozen() is not None  # dead, but frozen out of the young passes
    assert not collector.check_growth()
    assert frozen() is not None
    more = ballast(3 * sys.getallocatedblocks() // 2)  # more blocks than there were
    assert collector.check_growth()
    assert frozen() is None
    assert collector.full_collections == 1
    assert not collector.check_growth()  # measured again from the full collection
    del more


@with_collector
async def test_memory_that_grows_with_the_load_is_not_collected(collector: Collector) -> None:
    at_start = sys.getallocatedblocks()
    load = 100
    collector.load = lambda: load
    node = Node()
    frozen = weakref.ref(node)
    collector.collect_young()
    del node
    first_tables = ballast(3 * at_start // 2)
    assert not collector.check_growth()  # the least memory per table so far
    # Four times the memory beyond the start for four times the load: the memory
    # has doubled, not the memory per table.
    load = 400
    more_tables = ballast(3 * (sys.getallocatedblocks() - at_start))
    assert not collector.check_growth()
    assert frozen() is not None
    # The same memory for the first load again: the memory per table has grown.
    load = 100
    assert collector.check_growth()
    assert frozen() is None
    assert collector.full_collections == 1
    del first_tables, more_tables


def test_memory_below_the_start_is_the_process_own_then() -> None:
    # A server restarted with tables in play, which then end: it holds less than at
    # start; when tables come again, their memory is load, not garbage.
    async def scenario() -> None:
        load = 0
        first_tables = ballast(sys.getallocatedblocks())
        collector = Collector(interval=3600.0, check_every=3600.0, load=lambda: load)
        collector.start()
        try:
            del first_tables
            assert not collector.check_growth()
            load = 100
            tables = ballast(5 * sys.getallocatedblocks())
            assert not collector.check_growth()  # the least memory per table so far
            load = 200
            more = ballast(len(tables) * 3)
            assert not collector.check_growth()
            assert collector.full_collections == 0
            del tables, more
        finally:
            await collector.stop()

    asyncio.run(scenario())


def test_a_server_collects_on_its_clock_and_gives_the_collector_back(tmp_path: Path) -> None:
    settings = fast_settings(f"sqlite:///{tmp_path / 'loveletter.db'}", collect_interval=0.01)
    with ServerThread(settings) as server:
        assert httpx.get(f"{server.url}/api/levels").status_code == 200  # it has started
        assert not gc.isenabled()
        freed = threading.Event()
        weakref.finalize(Node(), freed.set)
        assert freed.wait(10)  # a young pass of the server's clock freed it
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0
