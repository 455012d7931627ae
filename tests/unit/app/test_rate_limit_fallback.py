"""The rate limiter that counts in the process while its shared limiter cannot answer."""

from __future__ import annotations

import pytest

from designcore.adapters.memory import FixedClock
from designcore.adapters.memory.rate_limit import InMemoryRateLimiter
from designcore.app.rate_limit_fallback import (
    SHARED,
    THIS_PROCESS,
    FallbackRateLimiter,
    rate_limit_mode,
)
from designcore.domain.errors import Unavailable
from designcore.ports.rate_limit import RateDecision


class SwitchableLimiter:
    """An in-memory limiter that raises ``Unavailable`` while ``down``, counting the calls it
    was asked (a shared limiter whose server goes away)."""

    def __init__(self, clock: FixedClock) -> None:
        self.inner = InMemoryRateLimiter(clock)
        self.down = False
        self.asked = 0

    def hit(self, key: str, *, limit: int, window_seconds: int) -> RateDecision:
        self.asked += 1
        if self.down:
            raise Unavailable("no answer", code="rate_limiter_unavailable")
        return self.inner.hit(key, limit=limit, window_seconds=window_seconds)

    def reset(self, key: str) -> None:
        self.asked += 1
        if self.down:
            raise Unavailable("no answer", code="rate_limiter_unavailable")
        self.inner.reset(key)


class Monotonic:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(name="shared")
def fixture_shared(clock: FixedClock) -> SwitchableLimiter:
    """The shared limiter, up until the test takes it down."""
    return SwitchableLimiter(clock)


@pytest.fixture(name="monotonic")
def fixture_monotonic() -> Monotonic:
    """The fallback's own time, moved by hand."""
    return Monotonic()


@pytest.fixture(name="limiter")
def fixture_limiter(
    shared: SwitchableLimiter, clock: FixedClock, monotonic: Monotonic
) -> FallbackRateLimiter:
    """The fallback limiter over ``shared``, asking it again every 5 s while it is down."""
    return FallbackRateLimiter(
        shared, InMemoryRateLimiter(clock), retry_seconds=5, monotonic=monotonic
    )


class TestFallbackRateLimiter:
    def test_the_shared_limiter_is_asked_again_only_after_the_interval(
        self, limiter: FallbackRateLimiter, shared: SwitchableLimiter, monotonic: Monotonic
    ) -> None:
        """While the shared limiter is down it is asked once per retry interval, not once per
        attempt, and the limit is still kept by the process's own counts."""
        shared.down = True
        decisions = [limiter.hit("k", limit=3, window_seconds=60).allowed for _ in range(5)]
        assert ([True, True, True, False, False], 1, THIS_PROCESS) == (
            decisions,
            shared.asked,
            limiter.mode,
        )
        monotonic.now += 5
        shared.down = False
        assert limiter.hit("k", limit=3, window_seconds=60).allowed
        assert (2, SHARED) == (shared.asked, limiter.mode)

    def test_reset_forgets_in_both_and_survives_a_shared_failure(
        self, limiter: FallbackRateLimiter, shared: SwitchableLimiter
    ) -> None:
        """Reset clears the process's counts even when the shared limiter cannot answer."""
        shared.down = True
        for _ in range(2):
            limiter.hit("k", limit=2, window_seconds=60)
        assert not limiter.hit("k", limit=2, window_seconds=60).allowed
        limiter.reset("k")
        assert limiter.hit("k", limit=2, window_seconds=60).allowed

    def test_readiness_names_how_limits_are_counted(
        self, limiter: FallbackRateLimiter, shared: SwitchableLimiter, clock: FixedClock
    ) -> None:
        """Readiness asks the shared limiter once: shared, then this process when it is down;
        a limiter without a fallback is the process's by configuration."""
        assert SHARED == rate_limit_mode(limiter)
        shared.down = True
        assert THIS_PROCESS == rate_limit_mode(limiter)
        assert "process" == rate_limit_mode(InMemoryRateLimiter(clock))
