"""Fan-out: telling every server process that a table changed.

A notice is only ``(table id, version)``: no card, no view. Each process then renders
the views of its own clients from the committed state (reloading it from the
database when another process made the change). :class:`LocalHub` serves one
process; :class:`RedisHub` carries the notices between processes by Redis pub/sub.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

log = logging.getLogger(__name__)

Deliver = Callable[[str, int], Coroutine[Any, Any, None]]

CHANNEL = "loveletter:tables"


class Hub(Protocol):
    """Where table changes are announced, and from where they are delivered."""

    @property
    def only_process(self) -> bool:
        """Whether this process is the only one serving the database."""

    async def start(self, deliver: Deliver) -> None:
        """Begin delivering every change (this process's and others') to ``deliver``."""

    async def publish(self, table_id: str, version: int) -> None:
        """Announce that a table reached ``version`` (after the commit)."""

    async def close(self) -> None:
        """Stop delivering."""


class LocalHub:
    """One process: a change is delivered at once, in the same process."""

    only_process = True

    def __init__(self) -> None:
        self._deliver: Deliver | None = None

    async def start(self, deliver: Deliver) -> None:
        """Remember where to deliver."""
        self._deliver = deliver

    async def publish(self, table_id: str, version: int) -> None:
        """Deliver the change to this process's clients."""
        if self._deliver is not None:
            await self._deliver(table_id, version)

    async def close(self) -> None:
        """Nothing to release."""
        self._deliver = None


class RedisHub:
    """Several processes: changes go through one Redis pub/sub channel.

    A process delivers its own changes at once and ignores their echo; changes from
    the other processes arrive by the channel.
    """

    only_process = False

    def __init__(self, url: str, channel: str = CHANNEL) -> None:
        from redis.asyncio import Redis

        self._redis: Any = Redis.from_url(url)
        self._channel = channel
        self._origin = secrets.token_hex(8)
        self._deliver: Deliver | None = None
        self._reader: asyncio.Task[None] | None = None
        self._pending: set[asyncio.Task[None]] = set()

    async def start(self, deliver: Deliver) -> None:
        """Subscribe, then listen in the background."""
        self._deliver = deliver
        pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(self._channel)
        self._reader = asyncio.create_task(self._read(pubsub))

    async def _read(self, pubsub: Any) -> None:
        try:
            async for message in pubsub.listen():
                try:
                    notice = json.loads(message["data"])
                    origin, table_id, version = notice["o"], notice["t"], notice["v"]
                except (ValueError, KeyError, TypeError):
                    log.warning("ignored a malformed notice on %s", self._channel)
                    continue
                if origin != self._origin and self._deliver is not None:
                    task = asyncio.create_task(self._deliver(str(table_id), int(version)))
                    self._pending.add(task)
                    task.add_done_callback(self._done)
        finally:
            await pubsub.aclose()

    def _done(self, task: asyncio.Task[None]) -> None:
        self._pending.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("delivering a notice failed", exc_info=task.exception())

    async def publish(self, table_id: str, version: int) -> None:
        """Deliver here at once, and tell the other processes."""
        if self._deliver is not None:
            await self._deliver(table_id, version)
        notice = json.dumps({"o": self._origin, "t": table_id, "v": version})
        await self._redis.publish(self._channel, notice)

    async def close(self) -> None:
        """Stop listening and close the connection."""
        if self._reader is not None:
            self._reader.cancel()
            await asyncio.gather(self._reader, return_exceptions=True)
        for task in list(self._pending):
            task.cancel()
        await self._redis.aclose()


def make_hub(redis_url: str | None) -> Hub:
    """A Redis hub when a URL is given, else the in-process one."""
    return RedisHub(redis_url) if redis_url else LocalHub()
