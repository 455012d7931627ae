"""The contract of :class:`~designcore.ports.rate_limit.RateLimiter`.

Subclass :class:`RateLimiterContract` and give it a ``rate_limiter`` fixture: a new limiter of
your adapter reading the suite's ``clock`` fixture (a :class:`~designcore.testing.fakes.
FixedClock` standing at :data:`WINDOW_START`, which the tests move). Windows are fixed and
aligned to the epoch: at ten seconds into a minute a 60-second window has 50 seconds left.
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

from designcore.adapters.memory.clock import FixedClock
from designcore.ports.rate_limit import RateDecision, RateLimiter
from designcore.testing._requires import missing

try:
    import pytest
except ModuleNotFoundError as error:  # pragma: no cover - depends on the installation
    raise missing("pytest", __name__, error) from error

__all__ = ["WINDOW_START", "RateLimiterContract"]

WINDOW_START = datetime(2026, 3, 1, 12, 0, 10, tzinfo=UTC)
"""Where the suite's clock starts: ten seconds into a minute."""


ALLOWED = RateDecision(allowed=True, retry_after=0)


class _RateLimiter:
    def test_allows_up_to_the_limit_then_refuses(
        self, rate_limiter: RateLimiter, clock: FixedClock
    ) -> None:
        """The first `limit` attempts pass; the next is refused until the window ends."""
        decisions = [rate_limiter.hit("ip:1", limit=5, window_seconds=60) for _ in range(6)]
        assert [ALLOWED] * 5 + [RateDecision(allowed=False, retry_after=50)] == decisions

    def test_retry_after_rounds_up(self, rate_limiter: RateLimiter, clock: FixedClock) -> None:
        """Part of a second left counts as a whole second."""
        rate_limiter.hit("ip:1", limit=1, window_seconds=60)
        clock.advance(timedelta(seconds=49, milliseconds=500))
        assert RateDecision(allowed=False, retry_after=1) == rate_limiter.hit(
            "ip:1", limit=1, window_seconds=60
        )

    def test_window_rolls_over(self, rate_limiter: RateLimiter, clock: FixedClock) -> None:
        """When the window ends, the count starts again from zero."""
        for _ in range(3):
            rate_limiter.hit("ip:1", limit=3, window_seconds=60)
        clock.advance(timedelta(seconds=49, microseconds=999_999))
        assert not rate_limiter.hit("ip:1", limit=3, window_seconds=60).allowed
        clock.advance(timedelta(microseconds=1))
        decisions = [rate_limiter.hit("ip:1", limit=3, window_seconds=60) for _ in range(4)]
        assert [ALLOWED] * 3 + [RateDecision(allowed=False, retry_after=60)] == decisions

    def test_refused_attempts_are_not_counted(
        self, rate_limiter: RateLimiter, clock: FixedClock
    ) -> None:
        """Refusals leave the count alone, so a larger limit still has room."""
        for _ in range(2):
            rate_limiter.hit("ip:1", limit=2, window_seconds=60)
        for _ in range(5):
            assert not rate_limiter.hit("ip:1", limit=2, window_seconds=60).allowed
        assert ALLOWED == rate_limiter.hit("ip:1", limit=3, window_seconds=60)

    def test_keys_are_independent(self, rate_limiter: RateLimiter, clock: FixedClock) -> None:
        """Attempts on one key do not use up another's."""
        rate_limiter.hit("email:a@example.com", limit=1, window_seconds=60)
        assert ALLOWED == rate_limiter.hit("email:b@example.com", limit=1, window_seconds=60)

    def test_reset_forgets_attempts(self, rate_limiter: RateLimiter, clock: FixedClock) -> None:
        """After a reset the key starts from zero; resetting an unknown key is harmless."""
        rate_limiter.hit("ip:1", limit=1, window_seconds=60)
        rate_limiter.reset("ip:1")
        rate_limiter.reset("never-seen")
        assert ALLOWED == rate_limiter.hit("ip:1", limit=1, window_seconds=60)

    def test_zero_limit_refuses_everything(
        self, rate_limiter: RateLimiter, clock: FixedClock
    ) -> None:
        """A limit of zero turns the action off."""
        assert RateDecision(allowed=False, retry_after=50) == rate_limiter.hit(
            "ip:1", limit=0, window_seconds=60
        )

    @pytest.mark.parametrize(("limit", "window_seconds"), [(-1, 60), (1, 0), (1, -5)])
    def test_nonsense_arguments(
        self, rate_limiter: RateLimiter, limit: int, window_seconds: int
    ) -> None:
        """A negative limit or a window under a second is a programming error."""
        with pytest.raises(ValueError):
            rate_limiter.hit("ip:1", limit=limit, window_seconds=window_seconds)

    def test_concurrent_hits_never_over_admit(
        self, rate_limiter: RateLimiter, clock: FixedClock
    ) -> None:
        """Fifty simultaneous attempts against a limit of ten admit exactly ten."""
        start = threading.Barrier(50)

        def attempt(_: int) -> bool:
            start.wait()
            return rate_limiter.hit("ip:burst", limit=10, window_seconds=60).allowed

        with ThreadPoolExecutor(max_workers=50) as pool:
            results = list(pool.map(attempt, range(50)))
        assert 10 == sum(results)


class RateLimiterContract(_RateLimiter):
    """Every rule of a rate limiter. A subclass gives it a ``rate_limiter`` fixture reading
    the ``clock`` fixture."""

    @pytest.fixture(name="clock")
    def fixture_clock(self) -> FixedClock:
        """The clock the limiter under test reads, at :data:`WINDOW_START`."""
        return FixedClock(WINDOW_START)
