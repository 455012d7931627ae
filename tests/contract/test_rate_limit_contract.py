"""The RateLimiter contract: in memory and in Redis alike, driven by a fixed clock."""

from __future__ import annotations

import os
import socket
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
import redis
import sqlalchemy as sa
from redis.backoff import NoBackoff
from redis.retry import Retry

from designcore.adapters.memory import FixedClock
from designcore.adapters.memory.rate_limit import InMemoryRateLimiter
from designcore.adapters.redis import RedisRateLimiter
from designcore.adapters.sqlalchemy.rate_limit import SqlAlchemyRateLimiter
from designcore.domain.errors import Unavailable
from designcore.ports.rate_limit import RateLimiter
from designcore.testing.contracts import RateLimiterContract

REDIS_URL = os.environ.get("DESIGNCORE_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
T0 = datetime(2026, 3, 1, 12, 0, 10, tzinfo=UTC)
"""Ten seconds into a minute, so a 60-second window has 50 seconds left."""


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


@pytest.fixture(
    name="rate_limiter",
    params=["memory", "redis", "sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)],
)
def fixture_rate_limiter(request: pytest.FixtureRequest, clock: FixedClock) -> RateLimiter:
    """Every implementation of the rate limiter port, reading ``clock``."""
    if request.param == "memory":
        return InMemoryRateLimiter(clock)
    if request.param in {"sqlite", "postgresql"}:
        engine: sa.Engine = request.getfixturevalue(f"{request.param}_engine")
        return SqlAlchemyRateLimiter(engine, clock)
    limiter: RateLimiter = request.getfixturevalue("redis_limiter")
    return limiter


class TestRateLimiter(RateLimiterContract):
    """The suite of designcore.testing.contracts on each implementation of the port."""


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


class TestSqlAlchemyRateLimiter:
    def test_processes_share_counts(self, sqlite_engine: sa.Engine, clock: FixedClock) -> None:
        """Two limiters on one database count together, as two server workers would."""
        first = SqlAlchemyRateLimiter(sqlite_engine, clock)
        second = SqlAlchemyRateLimiter(sqlite_engine, clock)
        assert first.hit("ip:1", limit=2, window_seconds=60).allowed
        assert second.hit("ip:1", limit=2, window_seconds=60).allowed
        assert not first.hit("ip:1", limit=2, window_seconds=60).allowed
        assert not second.hit("ip:1", limit=2, window_seconds=60).allowed
