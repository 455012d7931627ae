"""DESIGNCORE_DATABASE_READ_URL: the catalogue's reads come from the read replica, writes and
everything else from the primary."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from litestar.testing import TestClient

from designcore.adapters.sqlalchemy import (
    SqlAlchemyTemplateCatalogue,
    create_database_engine,
    migrate,
)
from designcore.app import Container
from designcore.app.http import create_app
from designcore.app.settings import load_settings
from designcore.domain.errors import ValidationFailed
from designcore.domain.pagination import PageRequest
from support import KEY_ENCRYPTION_KEY, make_template

Databases = tuple[sa.Engine, sa.Engine, dict[str, str]]
"""The primary's engine, the replica's, and the settings that name both."""


@pytest.fixture(name="sqlite_databases")
def fixture_sqlite_databases(tmp_path: Path) -> Iterator[Databases]:
    """Two migrated SQLite files: the primary and a stand-in for its replica."""
    urls = [f"sqlite:///{tmp_path / name}.db" for name in ("primary", "replica")]
    engines = [create_database_engine(url) for url in urls]
    for engine in engines:
        migrate(engine)
    yield (
        engines[0],
        engines[1],
        {"DESIGNCORE_DATABASE_URL": urls[0], "DESIGNCORE_DATABASE_READ_URL": urls[1]},
    )
    for engine in engines:
        engine.dispose()


@pytest.fixture(name="postgresql_databases")
def fixture_postgresql_databases(
    postgresql_engine: sa.Engine, postgresql_replica_engine: sa.Engine
) -> Databases:
    """Two migrated PostgreSQL databases: the primary and a stand-in for its replica."""

    def url(engine: sa.Engine) -> str:
        return engine.url.render_as_string(hide_password=False)

    return (
        postgresql_engine,
        postgresql_replica_engine,
        {
            "DESIGNCORE_DATABASE_URL": url(postgresql_engine),
            "DESIGNCORE_DATABASE_READ_URL": url(postgresql_replica_engine),
            "DESIGNCORE_DATABASE_SCHEMA": "designcore_test",
            "DESIGNCORE_KEY_ENCRYPTION_KEY": KEY_ENCRYPTION_KEY,
        },
    )


@pytest.fixture(name="databases", params=["sqlite", "postgresql"])
def fixture_databases(request: pytest.FixtureRequest) -> Databases:
    """The primary and its replica, on each database."""
    return request.getfixturevalue(f"{request.param}_databases")  # type: ignore[no-any-return]


def _names(engine: sa.Engine) -> list[str]:
    with engine.connect() as conn:
        found = conn.execute(sa.text("SELECT name FROM design_templates ORDER BY name"))
        return [str(name) for name in found.scalars()]


def _views(engine: sa.Engine, template_id: str) -> int:
    with engine.connect() as conn:
        found = conn.execute(
            sa.text("SELECT view_count FROM design_templates WHERE id = :id"), {"id": template_id}
        )
        return int(found.scalar_one())


class TestReadReplica:
    def test_catalogue_reads_come_from_the_replica_and_writes_go_to_the_primary(
        self, databases: Databases, make_memory_container: Callable[..., Container]
    ) -> None:
        """With a read URL, home rows, listings, search and a template's details answer the
        replica's catalogue, while adding a template and counting a view change the
        primary's."""
        primary, replica, environment = databases
        shared = make_template(name="Shared Harvest")
        SqlAlchemyTemplateCatalogue(primary).add_many(
            [shared, make_template(name="Primary Harvest")]
        )
        on_replica = make_template(name="Replica Harvest")
        SqlAlchemyTemplateCatalogue(replica).add_many([shared, on_replica])
        container = make_memory_container(**environment, DESIGNCORE_SEED_ON_START="false")
        with TestClient(app=create_app(container=container)) as client:
            home = client.get("/api/v1/templates/home").json()
            listed = client.get("/api/v1/templates", params={"search": "harvest"}).json()
            found = client.get("/api/v1/templates/search", params={"q": "harvest"}).json()
            detail = client.get(f"/api/v1/templates/{on_replica.id}")
        expected = ["Replica Harvest", "Shared Harvest"]
        assert expected == sorted(t["name"] for r in home["rows"] for t in r["templates"])
        assert expected == sorted(t["name"] for t in listed["templates"])
        assert expected == sorted(t["name"] for t in found["templates"])
        assert (200, "Replica Harvest") == (detail.status_code, detail.json()["name"])

        container.catalogue().add(make_template(name="Written Harvest"))
        container.catalogue_service().record_view(shared.id)
        assert ["Primary Harvest", "Shared Harvest", "Written Harvest"] == _names(primary)
        assert ["Replica Harvest", "Shared Harvest"] == _names(replica)
        assert (1, 0) == (_views(primary, shared.id), _views(replica, shared.id))

    def test_without_a_read_url_the_primary_answers_reads(
        self, sqlite_databases: Databases, make_memory_container: Callable[..., Container]
    ) -> None:
        """An empty read URL leaves every catalogue read on the primary."""
        primary, replica, environment = sqlite_databases
        SqlAlchemyTemplateCatalogue(primary).add(make_template(name="Primary Harvest"))
        SqlAlchemyTemplateCatalogue(replica).add(make_template(name="Replica Harvest"))
        container = make_memory_container(
            **{**environment, "DESIGNCORE_DATABASE_READ_URL": ""},
            DESIGNCORE_SEED_ON_START="false",
        )
        found = container.catalogue_service().search("harvest", PageRequest(1, 24))
        assert ["Primary Harvest"] == [t.name for t in found.items]


class TestBadReadUrl:
    @pytest.mark.parametrize(
        ("primary", "read_url", "message"),
        [
            ("sqlite:///a.db", "mysql://db/catalogue", "expected a `sqlite:///path.db`"),
            ("sqlite:///a.db", "not a url", "expected a `sqlite:///path.db`"),
            ("sqlite:///a.db", "postgresql+psycopg://db/x", "expected a sqlite URL"),
            ("memory://", "sqlite:///b.db", "a read replica needs a database"),
        ],
    )
    def test_a_malformed_read_url_is_refused_with_the_settings(
        self, primary: str, read_url: str, message: str
    ) -> None:
        """A read URL of another kind of database than the primary, or none, is a settings
        error naming the variable."""
        with pytest.raises(ValidationFailed) as raised:
            load_settings(
                {"DESIGNCORE_DATABASE_URL": primary, "DESIGNCORE_DATABASE_READ_URL": read_url}
            )
        assert [("DESIGNCORE_DATABASE_READ_URL", True)] == [
            (issue.path, message in issue.message) for issue in raised.value.issues
        ]

    def test_a_replica_without_the_catalogue_fails_at_start_up(
        self,
        sqlite_databases: Databases,
        tmp_path: Path,
        make_memory_container: Callable[..., Container],
    ) -> None:
        """A read URL whose database holds no catalogue stops the container being built,
        with the variable and the database's reason in the message."""
        _, _, environment = sqlite_databases
        with pytest.raises(ValidationFailed) as raised:
            make_memory_container(
                **{**environment, "DESIGNCORE_DATABASE_READ_URL": f"sqlite:///{tmp_path}/x.db"}
            )
        assert "DESIGNCORE_DATABASE_READ_URL" == raised.value.issues[0].path
        assert "no such table: design_templates" in raised.value.message

    def test_an_unreachable_replica_fails_at_start_up(
        self,
        postgresql_databases: Databases,
        make_memory_container: Callable[..., Container],
    ) -> None:
        """A read URL of a PostgreSQL server that does not answer stops the container being
        built, naming the variable."""
        _, _, environment = postgresql_databases
        unreachable = "postgresql+psycopg://postgres@127.0.0.1:1/nowhere?connect_timeout=2"
        with pytest.raises(ValidationFailed) as raised:
            make_memory_container(**{**environment, "DESIGNCORE_DATABASE_READ_URL": unreachable})
        assert "DESIGNCORE_DATABASE_READ_URL" == raised.value.issues[0].path
        assert "cannot read the catalogue from the read replica" in raised.value.message
