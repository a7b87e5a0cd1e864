"""The garbage collector of a long-running server: short young collections on the
event loop's clock, their survivors frozen, and a full collection only once the
interpreter's memory has grown.

Python's own schedule collects the young generation after a net count of allocations.
A server frees each table's previous state as it makes the next, so that count grows
slowly while the young objects pile up: each pass then scans most of the working set
and finds almost nothing to free, since reference counting frees nearly all the
server's garbage (at 2,000 tables, with the thresholds raised to 20,000 and 5: passes
of 40-70 ms every second and of 200-400 ms every few seconds). Here the young
generation is collected every ``interval`` seconds, so a pass scans only what the
last fraction of a second made and kept, and what survives is frozen out of every
later pass. Cycles that die once frozen wait for a full collection, made when the
interpreter's memory blocks have grown by ``growth`` since the last one (Python's own
rule for its oldest generation is a quarter; this server makes few cycles, so it
waits for the memory to double) and so has the memory per unit of ``load`` (the
tables and connections held), against the least seen since: a server filling up
with tables holds more memory without holding more garbage, and a full collection
then would scan every table to free nothing (1.5 s at 2,000 tables). A server under
a steady load makes none.

The collector is the process's own: one server per process may use this.
"""

from __future__ import annotations

import asyncio
import gc
import math
import sys
from collections.abc import Callable
from dataclasses import dataclass


def no_load() -> int:
    """The load of a process that does not tell it: memory alone decides."""
    return 0


@dataclass
class Collector:
    """Collects on the running event loop once started; ``collect_young`` and
    ``check_growth`` are its two steps."""

    interval: float
    load: Callable[[], int] = no_load
    growth: float = 1.0
    check_every: float = 30.0
    full_collections: int = 0
    _own_blocks: int = 0  # the process's without load: at start, or fewer if ever fewer
    _blocks_after_full: int = 0
    _least_blocks_per_load: float = math.inf
    _task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Turn Python's own schedule off, freeze what is alive now and collect on the
        running event loop from now on."""
        gc.disable()
        gc.freeze()
        self._own_blocks = self._blocks_after_full = sys.getallocatedblocks()
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        """Stop collecting and give every object back to Python's own schedule."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        gc.unfreeze()
        gc.enable()

    def collect_young(self) -> None:
        """Collect the objects made since the last pass and freeze the survivors."""
        gc.collect(0)
        gc.freeze()

    def check_growth(self) -> bool:
        """Collect everything if the interpreter's memory blocks grew by more than
        ``growth`` since the last full collection, and the blocks per unit of load
        (beyond the process's own: those at start, or fewer if it ever held fewer) by
        as much against the least measured since; whether it did. (Counting the
        frozen objects instead walks all of them: 300 ms at 2,000 tables.)"""
        blocks = sys.getallocatedblocks()
        self._own_blocks = min(self._own_blocks, blocks)
        per_load = self._blocks_per_load(blocks)
        if per_load > 0:  # (none beyond the process's own tells nothing per load)
            self._least_blocks_per_load = min(self._least_blocks_per_load, per_load)
        if blocks <= (1 + self.growth) * self._blocks_after_full:
            return False
        if per_load <= (1 + self.growth) * self._least_blocks_per_load:
            return False
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self._blocks_after_full = sys.getallocatedblocks()
        self._own_blocks = min(self._own_blocks, self._blocks_after_full)
        self._least_blocks_per_load = self._blocks_per_load(self._blocks_after_full) or math.inf
        self.full_collections += 1
        return True

    def _blocks_per_load(self, blocks: int) -> float:
        return (blocks - self._own_blocks) / max(self.load(), 1)

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        next_check = loop.time() + self.check_every
        while True:
            await asyncio.sleep(self.interval)
            self.collect_young()
            if loop.time() >= next_check:
                self.check_growth()
                next_check = loop.time() + self.check_every
