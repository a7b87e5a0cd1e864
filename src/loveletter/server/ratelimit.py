"""A token bucket: how many messages one connection may send, and how fast."""

from __future__ import annotations

import time
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
        now = time.monotonic()
        self.tokens = min(float(self.burst), self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False
