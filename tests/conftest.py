"""Shared fixtures: hypothesis profiles, the PostgreSQL switch, and database engines."""

from __future__ import annotations

import contextlib
import os
import shutil
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


@pytest.fixture(name="sqlite_template", scope="session")
def fixture_sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite database migrated once per test process, for tests to copy (a copy costs
    milliseconds where migrating costs a fifth of a second)."""
    path = tmp_path_factory.mktemp("sqlite-template") / "template.db"
    engine = create_database_engine(f"sqlite:///{path}")
    migrate(engine)
    with engine.connect() as conn:  # everything in the main file, nothing left in the WAL
        conn.execute(sa.text("PRAGMA wal_checkpoint(TRUNCATE)"))
    engine.dispose()
    return path


@pytest.fixture(name="sqlite_engine")
def fixture_sqlite_engine(tmp_path: Path, sqlite_template: Path) -> Iterator[sa.Engine]:
    """A migrated SQLite database in a temporary file of its own (a copy of the template)."""
    path = tmp_path / "test.db"
    shutil.copyfile(sqlite_template, path)
    engine = create_database_engine(f"sqlite:///{path}")
    yield engine
    engine.dispose()


TEST_SCHEMA = "designcore_test"
"""The schema the tables live in inside each test's PostgreSQL database."""


def _database_url(name: str) -> str:
    return sa.make_url(POSTGRES_URL).set(database=name).render_as_string(hide_password=False)


@pytest.fixture(name="postgresql_template", scope="session")
def fixture_postgresql_template() -> Iterator[str]:
    """A PostgreSQL database migrated once per test process (tables in :data:`TEST_SCHEMA`),
    which each test's database is created from: cloning it takes a tenth of the time
    migrating does. Dropped at the end of the session."""
    if not _POSTGRES_UP:
        pytest.skip(f"PostgreSQL not reachable at {POSTGRES_URL}")
    name = f"dc_template_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(POSTGRES_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    try:
        engine = create_database_engine(_database_url(name), schema=TEST_SCHEMA)
        with engine.begin() as conn:
            conn.execute(sa.text(f'CREATE SCHEMA "{TEST_SCHEMA}"'))
        migrate(engine)
        engine.dispose()
        yield name
    finally:
        with admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@contextlib.contextmanager
def _cloned_database(template: str) -> Iterator[sa.Engine]:
    """A migrated PostgreSQL database of its own (a clone of ``template``), dropped after."""
    name = f"dc_test_{uuid.uuid4().hex[:16]}"
    admin = sa.create_engine(POSTGRES_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}" TEMPLATE "{template}" STRATEGY WAL_LOG'))
    engine = create_database_engine(_database_url(name), schema=TEST_SCHEMA)
    try:
        yield engine
    finally:
        engine.dispose()
        with admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(name="postgresql_engine")
def fixture_postgresql_engine(postgresql_template: str) -> Iterator[sa.Engine]:
    """A migrated PostgreSQL database of its own (a clone of the template), dropped afterwards."""
    with _cloned_database(postgresql_template) as engine:
        yield engine


@pytest.fixture(name="postgresql_replica_engine")
def fixture_postgresql_replica_engine(postgresql_template: str) -> Iterator[sa.Engine]:
    """A second migrated PostgreSQL database beside ``postgresql_engine``'s, standing in for
    a read replica whose content differs from the primary's."""
    with _cloned_database(postgresql_template) as engine:
        yield engine


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
