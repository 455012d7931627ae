"""Shared fixtures: hypothesis profiles, the PostgreSQL switch, and database engines."""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, settings

from designcore.adapters.memory import FixedClock
from designcore.adapters.sqlalchemy import create_database_engine, migrate
from designcore.app import Container
from designcore.testing import fakes

settings.register_profile("dev", max_examples=50, deadline=None)
settings.register_profile(
    "ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))

POSTGRES_URL = os.environ.get(
    "DESIGNCORE_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)
REQUIRE_POSTGRES = os.environ.get("DESIGNCORE_REQUIRE_POSTGRES") == "1"


def _postgres_reachable() -> bool:
    engine = sa.create_engine(POSTGRES_URL)
    try:
        with engine.connect() as conn:
            conn.execute(sa.text("SELECT 1"))
        return True
    except sa.exc.SQLAlchemyError:
        return False
    finally:
        engine.dispose()


_POSTGRES_UP = _postgres_reachable()


def pytest_sessionstart(session: pytest.Session) -> None:
    if REQUIRE_POSTGRES and not _POSTGRES_UP:
        pytest.exit(f"PostgreSQL is required but not reachable at {POSTGRES_URL}", returncode=3)


_postgres_passed = 0


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    global _postgres_passed
    if report.when == "call" and report.passed and "postgresql" in report.keywords:
        _postgres_passed += 1


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    # Under xdist the controller receives every worker's reports; workers do not judge.
    is_worker = hasattr(session.config, "workerinput")
    if REQUIRE_POSTGRES and exitstatus == 0 and not is_worker and _postgres_passed == 0:
        print("\nno PostgreSQL test passed although DESIGNCORE_REQUIRE_POSTGRES=1")
        session.exitstatus = 1


@pytest.fixture(name="sqlite_engine")
def fixture_sqlite_engine(tmp_path: Path) -> Iterator[sa.Engine]:
    """A migrated SQLite database in a temporary file."""
    engine = create_database_engine(f"sqlite:///{tmp_path / 'test.db'}")
    migrate(engine)
    yield engine
    engine.dispose()


@pytest.fixture(name="postgresql_engine")
def fixture_postgresql_engine() -> Iterator[sa.Engine]:
    """A migrated PostgreSQL schema of its own, dropped afterwards."""
    if not _POSTGRES_UP:
        pytest.skip(f"PostgreSQL not reachable at {POSTGRES_URL}")
    schema = f"t_{uuid.uuid4().hex[:16]}"
    admin = sa.create_engine(POSTGRES_URL)
    with admin.begin() as conn:
        conn.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
    engine = create_database_engine(POSTGRES_URL, schema=schema)
    try:
        migrate(engine)
        yield engine
    finally:
        engine.dispose()
        with admin.begin() as conn:
            conn.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


MEMORY_ENVIRONMENT = fakes.MEMORY_ENVIRONMENT
"""Settings of a container on in-memory adapters with no background work."""

MakeContainer = Callable[..., Container]


@pytest.fixture(name="clock")
def fixture_clock() -> FixedClock:
    """A clock the tests move by hand (2026-01-01 UTC until moved)."""
    return FixedClock()


@pytest.fixture(name="make_memory_container")
def fixture_make_memory_container(clock: FixedClock) -> MakeContainer:
    """Builds containers on in-memory adapters, the ``clock`` fixture and fast Argon2.

    Keyword arguments are extra ``DESIGNCORE_*`` variables:
    ``make_memory_container(DESIGNCORE_AUTH_CONFIRM_EMAIL="true")``.
    """

    def make(**environment: str) -> Container:
        return fakes.memory_container(environment, clock=clock)

    return make


@pytest.fixture(name="memory_container")
def fixture_memory_container(make_memory_container: MakeContainer) -> Container:
    """A container on in-memory adapters with the default settings (see ``MEMORY_ENVIRONMENT``)."""
    return make_memory_container()
