"""Fan-out: telling every server process that a table changed.

A notice is only ``(table id, version)``: no card, no view. Each process then renders
the views of its own clients from the committed state (reloading it from the
database when another process made the change). Chat lines (players' own words,
never game information) travel the same way to every process's clients of a table.
:class:`LocalHub` serves one process; :class:`RedisHub` carries the notices between
processes by Redis pub/sub, and after losing its subscription (Redis restarted, its
connections killed) subscribes again and catches up: notices sent meanwhile are lost,
so every table this process's clients watch is reloaded from the database.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

log = logging.getLogger(__name__)

Deliver = Callable[[str, int], Coroutine[Any, Any, None]]
#: Delivers one chat line (a JSON-ready dict) to this process's clients of a table.
DeliverChat = Callable[[str, dict[str, Any]], None]
CatchUp = Callable[[], Coroutine[Any, Any, None]]

CHANNEL = "loveletter:tables"
#: Seconds before subscribing again after the subscription was lost, doubled after
#: each failure up to the longest.
RETRY_FIRST = 0.1
RETRY_LONGEST = 5.0
#: Redis connections a process publishes on at most (more notices at once wait).
PUBLISHERS = 16


class Hub(Protocol):
    """Where table changes are announced, and from where they are delivered."""

    @property
    def only_process(self) -> bool:
        """Whether this process is the only one serving the database."""

    async def start(self, deliver: Deliver, catch_up: CatchUp) -> None:
        """Begin delivering every change (this process's and others') to ``deliver``;
        ``catch_up`` after notices may have been lost."""

    async def publish(self, table_id: str, version: int) -> None:
        """Announce that a table reached ``version`` (after the commit)."""

    def listen_chat(self, deliver: DeliverChat) -> None:
        """Deliver every chat line (this process's and others') to ``deliver``."""

    async def publish_chat(self, table_id: str, line: dict[str, Any]) -> None:
        """Send a chat line to every client of the table."""

    async def close(self) -> None:
        """Stop delivering."""


class LocalHub:
    """One process: a change is delivered at once, in the same process."""

    only_process = True

    def __init__(self) -> None:
        self._deliver: Deliver | None = None
        self._chat: DeliverChat | None = None

    async def start(self, deliver: Deliver, catch_up: CatchUp) -> None:
        """Remember where to deliver (nothing is ever lost in between)."""
        self._deliver = deliver

    async def publish(self, table_id: str, version: int) -> None:
        """Deliver the change to this process's clients."""
        if self._deliver is not None:
            await self._deliver(table_id, version)

    def listen_chat(self, deliver: DeliverChat) -> None:
        """Remember where to deliver chat lines."""
        self._chat = deliver

    async def publish_chat(self, table_id: str, line: dict[str, Any]) -> None:
        """Deliver the line to this process's clients."""
        if self._chat is not None:
            self._chat(table_id, line)

    async def close(self) -> None:
        """Nothing to release."""
        self._deliver = None


class RedisHub:
    """Several processes: changes go through one Redis pub/sub channel.

    A process delivers its own changes at once and ignores their echo; changes from
    the other processes arrive by the channel. A notice published on a dropped
    connection is sent again on a new one (3 tries, within a second); the subscription
    is never silently renewed (notices sent meanwhile would be missed): its loss
    surfaces, and :meth:`_listen` subscribes again and catches up. Its Redis
    connections are named ``loveletter:PID`` (``CLIENT LIST`` tells the processes apart).
    """

    only_process = False

    def __init__(self, url: str, channel: str = CHANNEL) -> None:
        from redis.asyncio import BlockingConnectionPool, Redis
        from redis.asyncio.retry import Retry
        from redis.backoff import ExponentialBackoff

        name = connection_name(os.getpid())
        pool = BlockingConnectionPool.from_url(  # a burst of notices waits its turn
            url,
            max_connections=PUBLISHERS,
            timeout=10,
            client_name=name,
            retry=Retry(ExponentialBackoff(cap=0.5, base=0.05), 3),
        )
        self._redis: Any = Redis(connection_pool=pool)
        self._subscriber: Any = Redis.from_url(url, client_name=name)
        self._channel = channel
        self._origin = secrets.token_hex(8)
        self._deliver: Deliver | None = None
        self._chat: DeliverChat | None = None
        self._catch_up: CatchUp | None = None
        self._reader: asyncio.Task[None] | None = None
        self._pending: set[asyncio.Task[None]] = set()

    async def start(self, deliver: Deliver, catch_up: CatchUp) -> None:
        """Subscribe, then listen in the background (and subscribe again whenever the
        subscription is lost)."""
        self._deliver, self._catch_up = deliver, catch_up
        pubsub = await self._subscribe()
        self._reader = asyncio.create_task(self._listen(pubsub))

    async def _subscribe(self) -> Any:
        pubsub = self._subscriber.pubsub(ignore_subscribe_messages=True)
        try:
            await pubsub.subscribe(self._channel)
        except BaseException:
            await pubsub.aclose()
            raise
        return pubsub

    async def _listen(self, pubsub: Any) -> None:
        """Read notices; when the subscription is lost, subscribe again (waiting longer
        after each failure), then catch up on what was missed meanwhile."""
        while True:
            try:
                await self._read(pubsub)
                log.warning("the Redis subscription ended; subscribing again")
            except Exception as error:  # a dropped connection, a restarted Redis…
                log.warning("lost the Redis subscription (%s); subscribing again", error)
            finally:
                await asyncio.gather(pubsub.aclose(), return_exceptions=True)
            pause = RETRY_FIRST
            while True:
                await asyncio.sleep(pause)
                try:
                    pubsub = await self._subscribe()
                    break
                except Exception as error:
                    log.warning("Redis is out of reach (%s); trying again", error)
                    pause = min(2 * pause, RETRY_LONGEST)
            log.warning("subscribed to %s again; catching up from the database", self._channel)
            if self._catch_up is not None:
                try:
                    await self._catch_up()
                except Exception:
                    log.exception("catching up after the Redis subscription was lost failed")

    async def _read(self, pubsub: Any) -> None:
        async for message in pubsub.listen():
            try:
                notice = json.loads(message["data"])
                origin, table_id = notice["o"], notice["t"]
                chat, version = notice.get("c"), notice.get("v")
                if not isinstance(chat, dict) and version is None:
                    raise KeyError("v")
            except (ValueError, KeyError, TypeError, AttributeError):
                log.warning("ignored a malformed notice on %s", self._channel)
                continue
            if origin == self._origin:
                continue
            if isinstance(chat, dict):
                if self._chat is not None:
                    self._chat(str(table_id), chat)
            elif self._deliver is not None:
                task = asyncio.create_task(self._deliver(str(table_id), int(version)))
                self._pending.add(task)
                task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._pending.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("delivering a notice failed", exc_info=task.exception())

    async def publish(self, table_id: str, version: int) -> None:
        """Deliver here at once, and tell the other processes (the change is committed:
        if Redis cannot take the notice, it is logged, not raised)."""
        if self._deliver is not None:
            await self._deliver(table_id, version)
        notice = json.dumps({"o": self._origin, "t": table_id, "v": version})
        try:
            await self._redis.publish(self._channel, notice)
        except Exception as error:
            log.error("could not tell the other processes of table %s: %s", table_id, error)

    def listen_chat(self, deliver: DeliverChat) -> None:
        """Remember where to deliver chat lines."""
        self._chat = deliver

    async def publish_chat(self, table_id: str, line: dict[str, Any]) -> None:
        """Deliver here at once, and send the line to the other processes."""
        if self._chat is not None:
            self._chat(table_id, line)
        notice = json.dumps({"o": self._origin, "t": table_id, "c": line})
        try:
            await self._redis.publish(self._channel, notice)
        except Exception as error:
            log.error("could not send a chat line of table %s to the others: %s", table_id, error)

    async def close(self) -> None:
        """Stop listening and close the connection."""
        if self._reader is not None:
            self._reader.cancel()
            await asyncio.gather(self._reader, return_exceptions=True)
        for task in list(self._pending):
            task.cancel()
        await self._redis.aclose(close_connection_pool=True)  # a pool of its own
        await self._subscriber.aclose()


def connection_name(pid: int) -> str:
    """The name of the Redis connections of the server process ``pid``."""
    return f"loveletter:{pid}"


def kill_redis_connections(redis_url: str, pid: int) -> int:
    """CLIENT KILL every Redis connection of the server process ``pid``, as a restart
    of Redis would cut them (the soak benchmark's and the tests' fault); how many."""
    import redis

    client = redis.Redis.from_url(redis_url)
    try:
        ids = [c["id"] for c in client.client_list() if c["name"] == connection_name(pid)]
        for found in ids:
            client.client_kill_filter(_id=found)
        return len(ids)
    finally:
        client.close()


def make_hub(redis_url: str | None) -> Hub:
    """A Redis hub when a URL is given, else the in-process one."""
    return RedisHub(redis_url) if redis_url else LocalHub()
