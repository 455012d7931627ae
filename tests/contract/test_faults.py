"""The app over HTTP while PostgreSQL or Redis goes away and comes back (docs/decisions.md, "Load
and faults").

Neither shared server is touched: the app reaches it through a :class:`fakes.tcp_proxy.TcpProxy`
that the test cuts (open connections dropped, new ones refused) and restores.
"""

from __future__ import annotations

import logging
import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
import sqlalchemy as sa
from litestar.testing import TestClient
from redis.backoff import NoBackoff
from redis.retry import Retry

from designcore.adapters.argon2 import Argon2PasswordHasher
from designcore.adapters.memory import FixedClock
from designcore.adapters.memory.rate_limit import InMemoryRateLimiter
from designcore.adapters.redis import RedisRateLimiter
from designcore.app import Container, build_container, load_settings
from designcore.app.http import create_app
from designcore.app.rate_limit_fallback import SHARED, THIS_PROCESS, FallbackRateLimiter
from designcore.app.seeding import migrate_database
from designcore.testing.builders import make_template
from fakes.tcp_proxy import TcpProxy
from support import KEY_ENCRYPTION_KEY

PASSWORD = "kolanut-42-Lagos"
REDIS_URL = os.environ.get("DESIGNCORE_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
TEST_SCHEMA = "designcore_test"
"""The schema of the ``postgresql_engine`` fixture's tables (``conftest.TEST_SCHEMA``)."""
UNREACHABLE = "the database cannot be reached at the moment; try again in a moment"

Client = TestClient[Any]


def _free_port() -> int:
    proxy = TcpProxy(1)  # listens on a free port; nothing is ever forwarded
    port = proxy.port
    proxy.close()
    return port


def _container(tmp_path: Path, **variables: str) -> Container:
    container = build_container(
        load_settings(
            {
                "DESIGNCORE_DATA_DIR": str(tmp_path),
                "DESIGNCORE_STORAGE_BACKEND": "memory",
                "DESIGNCORE_WEB_DIST": "/nonexistent",
                "DESIGNCORE_LOG_LEVEL": "WARNING",
                "DESIGNCORE_PERIODIC_TICK_SECONDS": "0",
                "DESIGNCORE_CACHE_SECONDS": "0",
                **variables,
            }
        )
    )
    container.password_hasher.override(Argon2PasswordHasher.for_tests())
    return container


@pytest.fixture(name="database_proxy")
def fixture_database_proxy(
    postgresql_engine: sa.Engine,
) -> Iterator[tuple[TcpProxy, dict[str, str]]]:
    """A migrated PostgreSQL database of the test's own, and a proxy the app reaches it
    through."""
    url = postgresql_engine.url
    with TcpProxy(url.port or 5432) as proxy:
        through = url.set(host="127.0.0.1", port=proxy.port)
        yield (
            proxy,
            {
                "DESIGNCORE_DATABASE_URL": through.render_as_string(hide_password=False),
                "DESIGNCORE_DATABASE_SCHEMA": TEST_SCHEMA,
                "DESIGNCORE_KEY_ENCRYPTION_KEY": KEY_ENCRYPTION_KEY,
                "DESIGNCORE_SEED_ON_START": "false",
            },
        )


@pytest.fixture(name="client")
def fixture_client(
    database_proxy: tuple[TcpProxy, dict[str, str]], tmp_path: Path
) -> Iterator[Client]:
    """The app on that database, with one template, over HTTP."""
    container = _container(tmp_path, **database_proxy[1])
    container.catalogue().add(make_template(name="Youth Conference Flyer"))
    with TestClient(app=create_app(container=container)) as client:
        yield client


def _sign_up(client: Client, email: str) -> Any:
    return client.post("/auth/v1/signup", json={"email": email, "password": PASSWORD})


def _requests(client: Client, token: str, design: dict[str, Any]) -> list[tuple[str, Any]]:
    """What people do: browse, search, open a template, sign in and up, save a design."""
    bearer = {"Authorization": f"Bearer {token}"}
    template = design["source_template_id"]
    saved = {"If-Match": design["etag"], **bearer}
    return [
        ("home", lambda: client.get("/api/v1/templates/home")),
        ("listing", lambda: client.get("/api/v1/templates", params={"limit": 12})),
        ("search", lambda: client.get("/api/v1/templates/search", params={"q": "flyer"})),
        ("template", lambda: client.get(f"/api/v1/templates/{template}")),
        ("categories", lambda: client.get("/api/v1/categories")),
        (
            "sign_in",
            lambda: client.post(
                "/auth/v1/token",
                params={"grant_type": "password"},
                json={"email": "ada@example.com", "password": PASSWORD},
            ),
        ),
        ("my_designs", lambda: client.get("/api/v1/designs", headers=bearer)),
        (
            "save",
            lambda: client.put(
                f"/api/v1/designs/{design['id']}",
                json={"name": "Renamed while away", "document": design["document"]},
                headers=saved,
            ),
        ),
        ("profile", lambda: client.get("/api/v1/profiles/me", headers=bearer)),
    ]


@pytest.mark.postgresql
class TestDatabaseAway:
    def test_requests_are_503_while_away_and_served_again_without_a_restart(
        self, client: Client, database_proxy: tuple[TcpProxy, dict[str, str]]
    ) -> None:
        """With PostgreSQL cut off every request needing it is 503 database_unavailable with
        one clear message (no 500, no driver text), readiness says so while liveness still
        answers; once it is back the same app serves them all again."""
        proxy = database_proxy[0]
        token = _sign_up(client, "ada@example.com").json()["access_token"]
        bearer = {"Authorization": f"Bearer {token}"}
        template = client.get("/api/v1/templates", params={"limit": 1}).json()["templates"][0]
        made = client.post("/api/v1/designs", json={"template_id": template["id"]}, headers=bearer)
        assert 201 == made.status_code, made.text
        loaded = client.get(f"/api/v1/designs/{made.json()['id']}", headers=bearer)
        design = {**loaded.json(), "etag": loaded.headers["etag"]}
        requests = _requests(client, token, design)

        proxy.cut()
        away = {name: ask() for name, ask in requests}
        not_ready = client.get("/api/v1/health/ready")
        alive = client.get("/api/v1/health")
        proxy.restore()
        back = {name: ask() for name, ask in requests}

        statuses = {name: answer.status_code for name, answer in away.items()}
        assert dict.fromkeys(statuses, 503) == statuses
        for name, answer in away.items():
            body = answer.json()
            if name == "sign_in":  # the auth routes answer in GoTrue's shape
                assert ("database_unavailable", UNREACHABLE) == (body["error_code"], body["msg"])
            else:
                assert {"status": 503, "code": "database_unavailable", "message": UNREACHABLE} == (
                    body
                )
        assert (503, "database_unavailable") == (not_ready.status_code, not_ready.json()["code"])
        assert 200 == alive.status_code
        statuses = {name: answer.status_code for name, answer in back.items()}
        assert dict.fromkeys(statuses, 200) == statuses
        assert {"status": "ready", "database": "ok", "rate_limits": "process"} == (
            client.get("/api/v1/health/ready").json()
        )

    def test_a_write_refused_while_away_leaves_nothing_behind(
        self, client: Client, database_proxy: tuple[TcpProxy, dict[str, str]]
    ) -> None:
        """A sign-up refused with 503 while the database is away has stored nothing: the same
        address signs up normally once it is back."""
        proxy = database_proxy[0]
        proxy.cut()
        refused = _sign_up(client, "bola@example.com")
        proxy.restore()
        assert 503 == refused.status_code
        signed_in = client.post(
            "/auth/v1/token",
            params={"grant_type": "password"},
            json={"email": "bola@example.com", "password": PASSWORD},
        )
        assert 400 == signed_in.status_code
        assert 200 == _sign_up(client, "bola@example.com").status_code


class TestRedisAway:
    def test_limits_hold_per_process_when_redis_cannot_be_reached(
        self, tmp_path: Path, caplog: pytest.LogCaptureFixture
    ) -> None:
        """With the rate limiter's Redis on a closed port, sign-ups are neither refused with
        503 nor let through unlimited: the process counts them itself (the limit still gives
        429), logs one warning, and readiness says limits are counted by this process."""
        container = _container(
            tmp_path,
            DESIGNCORE_DATABASE_URL=f"sqlite:///{tmp_path / 'redis-away.db'}",
            DESIGNCORE_RATE_LIMIT_BACKEND="redis",
            DESIGNCORE_REDIS_URL=f"redis://127.0.0.1:{_free_port()}/0",
            DESIGNCORE_AUTH_SIGNUPS_PER_HOUR="2",
        )
        migrate_database(container)
        with (
            caplog.at_level(logging.WARNING, logger="designcore"),
            TestClient(app=create_app(container=container)) as client,
        ):
            answers = [_sign_up(client, f"u{n}@example.com").status_code for n in range(3)]
            ready = client.get("/api/v1/health/ready").json()
        assert [200, 200, 429] == answers
        assert THIS_PROCESS == ready["rate_limits"]
        warnings = [r for r in caplog.records if "counted by this process" in r.getMessage()]
        assert 1 == len(warnings)


@pytest.fixture(name="redis_through_proxy")
def fixture_redis_through_proxy() -> Iterator[tuple[TcpProxy, redis.Redis]]:
    """A client of the test Redis that goes through a proxy (skips when Redis is not up)."""
    url = redis.connection.parse_url(REDIS_URL)
    direct = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1)
    try:
        direct.ping()
    except redis.RedisError:
        pytest.skip(f"Redis not reachable at {REDIS_URL}")
    finally:
        direct.close()
    with TcpProxy(int(url.get("port", 6379))) as proxy:
        client = redis.Redis(
            host="127.0.0.1",
            port=proxy.port,
            db=int(url.get("db", 0)),
            socket_connect_timeout=1,
            socket_timeout=1,
            retry=Retry(NoBackoff(), retries=1),  # as the app's own client
        )
        yield proxy, client
        client.close()


class TestRedisCutMidRun:
    def test_counting_moves_to_the_process_and_back(
        self, redis_through_proxy: tuple[TcpProxy, redis.Redis]
    ) -> None:
        """Cut mid-run, the limiter goes on counting in the process (the limit still refuses);
        restored, it counts in Redis again on the next attempt after the retry interval."""
        proxy, client = redis_through_proxy
        clock = FixedClock()
        prefix = f"designcore-test:{uuid.uuid4().hex}:"
        limiter = FallbackRateLimiter(
            RedisRateLimiter(client, clock, prefix=prefix),
            InMemoryRateLimiter(clock),
            retry_seconds=0,
        )
        try:

            def allowed(key: str) -> bool:
                return limiter.hit(key, limit=2, window_seconds=60).allowed

            assert (True, SHARED) == (allowed("a"), limiter.mode)
            proxy.cut()
            assert [True, True, False] == [allowed("b") for _ in range(3)]
            assert THIS_PROCESS == limiter.mode
            proxy.restore()
            assert [True, True, False] == [allowed("a"), allowed("c"), allowed("a")]
            assert SHARED == limiter.mode
            assert b"2" == client.hget(prefix + "a", "n")
        finally:
            keys = list(client.scan_iter(match=prefix + "*"))
            if keys:
                client.delete(*keys)
