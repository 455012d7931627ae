"""The rate limiter port."""

from __future__ import annotations

from typing import Protocol

import attrs


@attrs.frozen
class RateDecision:
    """The answer to one attempt."""

    allowed: bool
    """Whether the attempt may go ahead."""
    retry_after: int
    """Whole seconds until the next attempt would be allowed (0 when allowed)."""


class RateLimiter(Protocol):
    """Counts attempts per key in a fixed window."""

    def hit(self, key: str, *, limit: int, window_seconds: int) -> RateDecision:
        """Count one attempt for ``key``; refuse it if ``limit`` attempts were already counted
        in the current window. Refused attempts are not counted."""
        ...

    def reset(self, key: str) -> None:
        """Forget every attempt counted for ``key``."""
        ...
