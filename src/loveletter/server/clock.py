"""The server's clock: the wall clock, or one that tests move by hand.

Every instant the server stores or compares (when a player was seen, when a turn
timer runs out, when a mail was sent) comes from its clock, and every wait for such an
instant goes through it, so a test can move a server three days ahead at once and
see what those days do, without sleeping through them.
"""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Protocol

#: The longest a wait on the wall clock sleeps at once: it then looks at the clock
#: again (a computer that slept, a clock set by hand).
LONGEST_NAP = 600.0


class Clock(Protocol):
    """What the server asks of a clock."""

    def now(self) -> float:
        """Seconds since the epoch."""

    async def sleep_until(self, instant: float) -> None:
        """Return once ``now()`` has reached ``instant``."""


class SystemClock:
    """The computer's wall clock."""

    def now(self) -> float:
        """Seconds since the epoch."""
        return time.time()

    async def sleep_until(self, instant: float) -> None:
        """Sleep until the wall clock reaches ``instant``."""
        while (wait := instant - time.time()) > 0:
            await asyncio.sleep(min(wait, LONGEST_NAP))


class ManualClock:
    """A clock that stands still until :meth:`advance` moves it (for tests; safe to
    move from another thread than the server's)."""

    def __init__(self, start: float | None = None) -> None:
        self._now = time.time() if start is None else start
        self._lock = threading.Lock()
        self._sleepers: set[tuple[asyncio.AbstractEventLoop, asyncio.Future[None]]] = set()

    def now(self) -> float:
        """The instant the clock shows."""
        return self._now

    def advance(self, seconds: float) -> None:
        """Move the clock ahead and wake every sleeper, who looks at it again."""
        with self._lock:
            self._now += seconds
            sleepers = list(self._sleepers)
            self._sleepers.clear()
        for loop, woken in sleepers:
            loop.call_soon_threadsafe(_wake, woken)

    async def sleep_until(self, instant: float) -> None:
        """Wait until the clock is moved to ``instant`` or past it."""
        loop = asyncio.get_running_loop()
        while True:
            with self._lock:
                if self._now >= instant:
                    return
                woken: asyncio.Future[None] = loop.create_future()
                sleeper = (loop, woken)
                self._sleepers.add(sleeper)
            try:
                await woken
            finally:
                with self._lock:
                    self._sleepers.discard(sleeper)


def _wake(woken: asyncio.Future[None]) -> None:
    if not woken.done():
        woken.set_result(None)
