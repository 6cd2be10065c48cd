"""Rate and size limits for connections and requests."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

MAX_MESSAGE_BYTES = 4096
"""The largest socket message a client may send."""
MAX_BODY_BYTES = 64 * 1024
"""The largest HTTP request body."""


@dataclass
class Bucket:
    """A token bucket: ``rate`` per second on average, bursts up to ``burst``."""

    rate: float
    burst: float
    tokens: float = -1.0
    stamp: float = field(default_factory=time.monotonic)

    def take(self) -> bool:
        """Spend one token; False when the bucket is empty (the caller refuses the request)."""
        now = time.monotonic()
        if self.tokens < 0:
            self.tokens = self.burst
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class PerClient:
    """One bucket per client address (kept for the busiest few thousand)."""

    def __init__(self, rate: float, burst: float, size: int = 4096) -> None:
        self.rate, self.burst, self.size = rate, burst, size
        self.buckets: dict[str, Bucket] = {}

    def take(self, client: str) -> bool:
        """Spend one of ``client``'s tokens."""
        bucket = self.buckets.get(client)
        if bucket is None:
            if len(self.buckets) >= self.size:
                self.buckets.clear()
            bucket = self.buckets[client] = Bucket(self.rate, self.burst)
        return bucket.take()
