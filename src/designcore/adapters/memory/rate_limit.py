"""An in-memory fixed-window rate limiter."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

from designcore.ports.clock import Clock
from designcore.ports.rate_limit import RateDecision

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)
_SWEEP_EVERY = 1024


def _window(now: datetime, window_seconds: int) -> tuple[int, int, int]:
    """The window holding ``now`` as ``(number, end in epoch microseconds, whole seconds
    until the end, rounded up)``; windows are aligned to the Unix epoch."""
    micros = (now - _EPOCH) // _MICROSECOND
    length = window_seconds * 1_000_000
    number = micros // length
    end = (number + 1) * length
    return number, end, -(-(end - micros) // 1_000_000)


def _check_arguments(limit: int, window_seconds: int) -> None:
    if limit < 0:
        raise ValueError(f"limit must not be negative, got {limit}")
    if window_seconds < 1:
        raise ValueError(f"window_seconds must be at least 1, got {window_seconds}")


class InMemoryRateLimiter:
    """Counts attempts per key in fixed, epoch-aligned windows of the injected clock's time.

    Thread-safe; one process only. Counts of finished windows are swept now and then.
    """

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        # key -> (window tag, count, window end in epoch microseconds)
        self._counts: dict[str, tuple[str, int, int]] = {}
        self._hits_since_sweep = 0

    def hit(self, key: str, *, limit: int, window_seconds: int) -> RateDecision:
        """Count one attempt unless ``limit`` were already counted in this window."""
        _check_arguments(limit, window_seconds)
        now = self._clock.now()
        number, end, seconds_left = _window(now, window_seconds)
        tag = f"{window_seconds}:{number}"
        with self._lock:
            self._sweep(now)
            stored = self._counts.get(key)
            count = stored[1] if stored is not None and stored[0] == tag else 0
            if count >= limit:
                return RateDecision(allowed=False, retry_after=seconds_left)
            self._counts[key] = (tag, count + 1, end)
        return RateDecision(allowed=True, retry_after=0)

    def reset(self, key: str) -> None:
        """Forget the attempts counted for ``key``."""
        with self._lock:
            self._counts.pop(key, None)

    def _sweep(self, now: datetime) -> None:
        self._hits_since_sweep += 1
        if self._hits_since_sweep < _SWEEP_EVERY:
            return
        self._hits_since_sweep = 0
        micros = (now - _EPOCH) // _MICROSECOND
        for key in [k for k, (_, _, end) in self._counts.items() if end <= micros]:
            del self._counts[key]
