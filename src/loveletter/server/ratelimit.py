"""Token buckets: how many messages one connection may send, how many tables one
address may create, and how fast; and how many connections one address holds."""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from dataclasses import dataclass, field


@dataclass(slots=True)
class TokenBucket:
    """Holds up to ``burst`` tokens, refilled at ``rate`` per second; a message takes one."""

    rate: float
    burst: int
    tokens: float = field(init=False)
    stamp: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.tokens = float(self.burst)

    def take(self) -> bool:
        """Take one token if there is one."""
        self._refill()
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def full(self) -> bool:
        """Whether the bucket is full again (as good as a new one)."""
        self._refill()
        return self.tokens >= self.burst

    def wait(self) -> float:
        """Seconds until the next token."""
        self._refill()
        return max(0.0, (1.0 - self.tokens) / self.rate) if self.rate > 0 else math.inf

    def _refill(self) -> None:
        now = time.monotonic()
        self.tokens = min(float(self.burst), self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now


class Occupancy:
    """How many connections each address holds, up to ``limit`` each (0: no limit),
    and all of them (``connections``)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._held: dict[str, int] = {}

    @property
    def connections(self) -> int:
        """How many connections all addresses hold."""
        return sum(self._held.values())

    def enter(self, key: str) -> bool:
        """Count one more connection of ``key``; False (and not counted) if it holds
        as many as allowed."""
        held = self._held.get(key, 0)
        if self.limit and held >= self.limit:
            return False
        self._held[key] = held + 1
        return True

    def leave(self, key: str) -> None:
        """One connection of ``key`` ended."""
        held = self._held[key] - 1
        if held:
            self._held[key] = held
        else:
            del self._held[key]


class KeyedBuckets:
    """One token bucket per key (a client's address), at most ``capacity`` of them.

    A full bucket is as good as a new one, so full ones are dropped first when room
    is needed; then the least recently used.
    """

    def __init__(self, rate: float, burst: int, capacity: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.capacity = capacity
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def __len__(self) -> int:
        return len(self._buckets)

    def take(self, key: str) -> float | None:
        """Take one token for ``key``: None if there was one, else the seconds to wait."""
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self.capacity:
                self._make_room()
            bucket = self._buckets[key] = TokenBucket(self.rate, self.burst)
        else:
            self._buckets.move_to_end(key)
        return None if bucket.take() else bucket.wait()

    def _make_room(self) -> None:
        for key in [key for key, bucket in self._buckets.items() if bucket.full()]:
            del self._buckets[key]
        while len(self._buckets) >= self.capacity:
            self._buckets.popitem(last=False)
