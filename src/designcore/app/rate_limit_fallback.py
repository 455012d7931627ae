"""Rate limits that outlive their Redis: a shared limiter, and this process's own while it is
away (docs/decisions.md, "Load and faults").

The shared limiter (Redis) counts every process's attempts together. When it cannot answer,
refusing every limited request (sign-in, sign-up, analytics events, payments) would turn a
Redis outage into an outage of the product, and admitting everything would drop the protection
against password guessing and sign-up floods without anyone noticing. So the attempts are
counted by this process alone, in memory, with a warning in the log: each process then admits
up to the limit by itself, so N processes admit at most N times the limit until Redis is back.
The shared limiter is asked again every ``retry_seconds`` (not on every request: a Redis that
does not answer costs its connect timeout each time), and counting goes back to it as soon as
it answers.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from designcore.domain.errors import Unavailable
from designcore.ports.rate_limit import RateDecision, RateLimiter

log = logging.getLogger(__name__)

SHARED = "shared"
"""The limits are counted by the shared limiter, across processes."""
THIS_PROCESS = "this_process"
"""The shared limiter cannot be reached: the limits are counted by this process alone."""


class FallbackRateLimiter:
    """A :class:`~designcore.ports.rate_limit.RateLimiter` that counts in ``shared`` and, while
    ``shared`` raises ``Unavailable``, in ``local`` (this process's own)."""

    def __init__(
        self,
        shared: RateLimiter,
        local: RateLimiter,
        *,
        retry_seconds: float = 5.0,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self._shared = shared
        self._local = local
        self._retry_seconds = retry_seconds
        self._monotonic = monotonic
        self._lock = threading.Lock()
        self._down_until: float | None = None
        """While the shared limiter is thought away: when to ask it again."""

    @property
    def mode(self) -> str:
        """:data:`SHARED` or :data:`THIS_PROCESS` (as of the last attempt)."""
        return SHARED if self._down_until is None else THIS_PROCESS

    def hit(self, key: str, *, limit: int, window_seconds: int) -> RateDecision:
        """Count one attempt in the shared limiter, or in this process's while it is away."""
        if self._ask_shared():
            try:
                decision = self._shared.hit(key, limit=limit, window_seconds=window_seconds)
            except Unavailable as error:
                self._went_away(error)
            else:
                self._came_back()
                return decision
        return self._local.hit(key, limit=limit, window_seconds=window_seconds)

    def reset(self, key: str) -> None:
        """Forget ``key``'s attempts in both limiters (the shared one when it answers)."""
        self._local.reset(key)
        if self._ask_shared():
            try:
                self._shared.reset(key)
            except Unavailable as error:
                self._went_away(error)
            else:
                self._came_back()

    def _ask_shared(self) -> bool:
        with self._lock:
            return self._down_until is None or self._monotonic() >= self._down_until

    def _went_away(self, error: Unavailable) -> None:
        with self._lock:
            first = self._down_until is None
            self._down_until = self._monotonic() + self._retry_seconds
        if first:
            log.warning(
                "rate limits are counted by this process alone until the shared limiter "
                "answers again: %s",
                error.message,
            )

    def _came_back(self) -> None:
        with self._lock:
            was_down = self._down_until is not None
            self._down_until = None
        if was_down:
            log.warning("the shared rate limiter answers again; limits are shared once more")


READINESS_KEY = "readiness:probe"
"""The key the readiness route counts one attempt against, to learn whether the shared limiter
answers (its limit is never reached)."""


def rate_limit_mode(limiter: RateLimiter) -> str:
    """How rate limits are counted now: :data:`SHARED` or :data:`THIS_PROCESS` for a limiter
    with a fallback (asked once, so a Redis that went away is noticed), else ``"process"`` (a
    limiter of one process by configuration, or one of one's own)."""
    if not isinstance(limiter, FallbackRateLimiter):
        return "process"
    limiter.hit(READINESS_KEY, limit=2**31, window_seconds=60)
    return limiter.mode
