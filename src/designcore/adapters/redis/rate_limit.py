"""A fixed-window rate limiter in Redis, shared by every process that uses the same server.

Each rate key is one Redis hash, ``<prefix><key>``, holding the window it counts (``w``, the
window length and number computed from the injected clock) and the count (``n``). One Lua
script reads, compares and increments atomically, so concurrent attempts from any number of
processes never over-admit, and a refused attempt changes nothing. Because the window number
comes from the clock rather than from Redis's own TTL, the window follows the injected clock;
``EXPIRE`` only cleans up finished windows. ``reset`` is one ``DEL``.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import redis

from designcore.domain.errors import Unavailable
from designcore.ports.clock import Clock
from designcore.ports.rate_limit import RateDecision

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)
_CLEANUP_SLACK_SECONDS = 1
"""Extra TTL beyond the window's end, for clock skew between app servers and Redis."""

# KEYS[1] the rate key; ARGV[1] the window tag, ARGV[2] the limit, ARGV[3] the TTL in seconds.
# Answers 1 when the attempt is counted, 0 when it is refused (and not counted).
_HIT = """
local stored = redis.call('HMGET', KEYS[1], 'w', 'n')
local count = 0
if stored[1] == ARGV[1] then count = tonumber(stored[2]) or 0 end
if count >= tonumber(ARGV[2]) then return 0 end
redis.call('HSET', KEYS[1], 'w', ARGV[1], 'n', count + 1)
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[3]))
return 1
"""


def _window(now: datetime, window_seconds: int) -> tuple[int, int]:
    """The epoch-aligned window holding ``now``: ``(number, whole seconds until it ends,
    rounded up)``."""
    micros = (now - _EPOCH) // _MICROSECOND
    length = window_seconds * 1_000_000
    number = micros // length
    return number, -(-((number + 1) * length - micros) // 1_000_000)


class RedisRateLimiter:
    """Counts attempts per key in fixed windows of the injected clock's time, in Redis.

    ``prefix`` namespaces the keys (``designcore:rate:``). Any Redis or connection error becomes
    ``Unavailable`` (code ``rate_limiter_unavailable``); whether to fail open or closed is the
    caller's decision.
    """

    def __init__(self, client: redis.Redis, clock: Clock, prefix: str = "designcore:rate:") -> None:
        self._client = client
        self._clock = clock
        self._prefix = prefix
        self._hit = client.register_script(_HIT)

    def hit(self, key: str, *, limit: int, window_seconds: int) -> RateDecision:
        """Count one attempt unless ``limit`` were already counted in this window."""
        if limit < 0:
            raise ValueError(f"limit must not be negative, got {limit}")
        if window_seconds < 1:
            raise ValueError(f"window_seconds must be at least 1, got {window_seconds}")
        number, seconds_left = _window(self._clock.now(), window_seconds)
        try:
            counted = self._hit(
                keys=[self._prefix + key],
                args=[
                    f"{window_seconds}:{number}",
                    limit,
                    seconds_left + _CLEANUP_SLACK_SECONDS,
                ],
            )
        except (redis.RedisError, OSError) as error:
            raise Unavailable(
                f"the rate limiter's Redis did not answer: {error}",
                code="rate_limiter_unavailable",
            ) from None
        if counted == 1:
            return RateDecision(allowed=True, retry_after=0)
        return RateDecision(allowed=False, retry_after=seconds_left)

    def reset(self, key: str) -> None:
        """Forget the attempts counted for ``key``."""
        try:
            self._client.delete(self._prefix + key)
        except (redis.RedisError, OSError) as error:
            raise Unavailable(
                f"the rate limiter's Redis did not answer: {error}",
                code="rate_limiter_unavailable",
            ) from None
