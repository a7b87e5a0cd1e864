"""Group commit: changes of different tables (or finished games' ratings) that arrive
while one transaction is being written are written together in the next one.

Under load most of a commit's cost is the transaction itself (and, on SQLite, the
one writer everybody queues for), not its rows: a few hundred tables moving at once
share a handful of transactions instead of queuing for one each. An idle server
writes each change at once, as before. Each change is still checked alone against
its table's version; a batch that fails is written again change by change, so one
change's failure is its own.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Generic, TypeVar

Change = TypeVar("Change")


class GroupCommit(Generic[Change]):
    """Writes changes in batches: whatever arrived while the last batch was written."""

    def __init__(
        self,
        write_many: Callable[[Sequence[Change]], Awaitable[list[bool]]],
        write_one: Callable[[Change], Awaitable[bool]],
    ) -> None:
        self._write_many = write_many
        self._write_one = write_one
        self._waiting: list[tuple[Change, asyncio.Future[bool]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def commit(self, change: Change) -> bool:
        """Write the change with the others waiting; False if its table moved on."""
        written: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._waiting.append((change, written))
        if self._writer is None:
            self._writer = asyncio.create_task(self._write_waiting())
        return await written

    async def _write_waiting(self) -> None:
        batch: list[tuple[Change, asyncio.Future[bool]]] = []
        try:
            while self._waiting:
                batch, self._waiting = self._waiting, []
                await self._write(batch)
        finally:  # cancelled (the server stops): no caller waits forever
            for _, written in [*batch, *self._waiting]:
                written.cancel()
            self._waiting = []
            self._writer = None

    async def _write(self, batch: list[tuple[Change, asyncio.Future[bool]]]) -> None:
        if len(batch) == 1:
            [(change, written)] = batch
            await _settle(written, self._write_one(change))
            return
        try:
            results = await self._write_many([change for change, _ in batch])
        except Exception:  # nothing of the batch was written: each change alone
            for change, written in batch:
                await _settle(written, self._write_one(change))
            return
        for (_, written), result in zip(batch, results, strict=True):
            if not written.done():  # its caller may have given up waiting
                written.set_result(result)


async def _settle(written: asyncio.Future[bool], outcome: Awaitable[bool]) -> None:
    """Pass the outcome of one write, result or error, to the change's caller."""
    try:
        result = await outcome
    except Exception as error:
        if not written.done():
            written.set_exception(error)
    else:
        if not written.done():
            written.set_result(result)
