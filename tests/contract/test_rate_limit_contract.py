"""The RateLimiter contract: in memory and in Redis alike, driven by a fixed clock."""

from __future__ import annotations

import os
import socket
import threading
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

import pytest
import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from designcore.adapters.memory import FixedClock
from designcore.adapters.memory.rate_limit import InMemoryRateLimiter
from designcore.adapters.redis import RedisRateLimiter
from designcore.domain.errors import Unavailable
from designcore.ports.rate_limit import RateDecision, RateLimiter

REDIS_URL = os.environ.get("DESIGNCORE_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
T0 = datetime(2026, 3, 1, 12, 0, 10, tzinfo=UTC)
"""Ten seconds into a minute, so a 60-second window has 50 seconds left."""
ALLOWED = RateDecision(allowed=True, retry_after=0)


def _redis_client() -> redis.Redis | None:
    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1, socket_timeout=5)
    try:
        client.ping()
    except redis.RedisError:
        client.close()
        return None
    return client


@pytest.fixture(name="redis_client", scope="module")
def fixture_redis_client() -> Iterator[redis.Redis]:
    """A client for the test Redis server, or a skip when none is reachable."""
    client = _redis_client()
    if client is None:
        pytest.skip(f"Redis not reachable at {REDIS_URL}")
    yield client
    client.close()


@pytest.fixture(name="clock")
def fixture_clock() -> FixedClock:
    """The clock every limiter under test reads."""
    return FixedClock(T0)


@pytest.fixture(name="redis_prefix")
def fixture_redis_prefix(redis_client: redis.Redis) -> Iterator[str]:
    """A key prefix of this test's own; its keys are deleted afterwards."""
    prefix = f"designcore-test:{uuid.uuid4().hex}:"
    yield prefix
    keys = list(redis_client.scan_iter(match=prefix + "*"))
    if keys:
        redis_client.delete(*keys)


@pytest.fixture(name="redis_limiter")
def fixture_redis_limiter(
    redis_client: redis.Redis, redis_prefix: str, clock: FixedClock
) -> RedisRateLimiter:
    """A Redis limiter under the test's own prefix."""
    return RedisRateLimiter(redis_client, clock, prefix=redis_prefix)


@pytest.fixture(name="rate_limiter", params=["memory", "redis"])
def fixture_rate_limiter(request: pytest.FixtureRequest, clock: FixedClock) -> RateLimiter:
    """Every implementation of the rate limiter port, reading ``clock``."""
    if request.param == "memory":
        return InMemoryRateLimiter(clock)
    limiter: RateLimiter = request.getfixturevalue("redis_limiter")
    return limiter


class TestRateLimiter:
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


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class TestRedisRateLimiter:
    def test_unreachable_server_is_unavailable(self, clock: FixedClock) -> None:
        """Connection errors become Unavailable, for hits and resets alike."""
        client = redis.Redis(
            host="127.0.0.1",
            port=_closed_port(),
            socket_connect_timeout=0.5,
            retry=Retry(NoBackoff(), retries=0),
        )
        limiter = RedisRateLimiter(client, clock, prefix="unreachable:")
        with pytest.raises(Unavailable) as caught:
            limiter.hit("ip:1", limit=1, window_seconds=60)
        assert "rate_limiter_unavailable" == caught.value.code
        with pytest.raises(Unavailable):
            limiter.reset("ip:1")

    def test_processes_share_counts(
        self, redis_client: redis.Redis, redis_prefix: str, clock: FixedClock
    ) -> None:
        """Two limiters on the same server and prefix count together, as two workers would."""
        first = RedisRateLimiter(redis_client, clock, prefix=redis_prefix)
        second = RedisRateLimiter(redis_client, clock, prefix=redis_prefix)
        first.hit("ip:1", limit=2, window_seconds=60)
        second.hit("ip:1", limit=2, window_seconds=60)
        assert not first.hit("ip:1", limit=2, window_seconds=60).allowed

    def test_keys_expire_after_their_window(
        self, redis_client: redis.Redis, redis_prefix: str, clock: FixedClock
    ) -> None:
        """Each counter carries a TTL of the window's remainder plus a second of slack."""
        RedisRateLimiter(redis_client, clock, prefix=redis_prefix).hit(
            "ip:1", limit=2, window_seconds=60
        )
        assert 50 <= redis_client.ttl(redis_prefix + "ip:1") <= 51
