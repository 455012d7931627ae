"""The TemplateCatalogue contract: memory, SQLite and PostgreSQL behave the same."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator, Mapping, Sequence
from datetime import timedelta
from pathlib import Path

import attrs
import pytest
import sqlalchemy as sa

from designcore.adapters.memory import InMemoryTemplateCatalogue
from designcore.adapters.sqlalchemy import (
    SqlAlchemyTemplateCatalogue,
    create_database_engine,
    migrate,
)
from designcore.domain.pagination import PageRequest
from designcore.domain.templates import TemplateSummary
from designcore.ports.catalogue import TemplateCatalogue
from designcore.testing.builders import EPOCH, make_template
from designcore.testing.contracts import CatalogueContract

IMPLEMENTATIONS = [
    "memory",
    "sqlite",
    "sqlite, search index",
    pytest.param("postgresql", marks=pytest.mark.postgresql),
    pytest.param("postgresql, search index", marks=pytest.mark.postgresql),
]
"""The SQLAlchemy catalogue searches with its database's full-text index, or with its
in-process search index (rebuilt in the searching thread whenever the catalogue changed)."""


class TestCatalogue(CatalogueContract):
    """The suite of designcore.testing.contracts on each implementation of the port."""

    @pytest.fixture(name="catalogue", params=IMPLEMENTATIONS)
    def fixture_catalogue(self, request: pytest.FixtureRequest) -> Iterator[TemplateCatalogue]:
        """Every implementation of the port, empty."""
        if request.param == "memory":
            yield InMemoryTemplateCatalogue()
            return
        database, _, index = request.param.partition(", ")
        engine: sa.Engine = request.getfixturevalue(f"{database}_engine")
        yield SqlAlchemyTemplateCatalogue(engine, search_index="inline" if index else "off")


def _as_lists(
    rows: Mapping[str, Sequence[TemplateSummary]] | None,
) -> dict[str, list[TemplateSummary]]:
    assert rows is not None
    return {category: list(row) for category, row in rows.items()}


class TestHomeRowsAtOnce:
    """``newest_in_categories_at_once``: SQLite files and PostgreSQL on this machine read on a
    connection of the process's own, without waiting; other databases decline."""

    @pytest.fixture(name="catalogue")
    def fixture_catalogue(self, sqlite_engine: sa.Engine) -> SqlAlchemyTemplateCatalogue:
        return SqlAlchemyTemplateCatalogue(sqlite_engine)

    def test_answers_what_newest_in_categories_answers(
        self, catalogue: SqlAlchemyTemplateCatalogue
    ) -> None:
        """The same rows, in the order asked, ties broken by id, empty categories too."""
        same = make_template(created_at=EPOCH).created_at
        for template in (
            *(make_template(created_at=same) for _ in range(3)),
            *(make_template() for _ in range(4)),
            make_template(category="Logos"),
            make_template(category="Birthdays"),
        ):
            catalogue.add(template)
        categories = ("Logos", "Church", "New Month")
        at_once = _as_lists(catalogue.newest_in_categories_at_once(categories, 5))
        assert list(categories) == list(at_once)
        assert _as_lists(catalogue.newest_in_categories(categories, 5)) == at_once
        assert 5 == len(at_once["Church"])
        assert [] == at_once["New Month"]

    def test_shows_a_replaced_template_at_once(
        self, catalogue: SqlAlchemyTemplateCatalogue
    ) -> None:
        """Writes made through the pool are seen by the next read."""
        template = make_template(tags=("old",))
        catalogue.add(template)
        assert ("old",) == _as_lists(catalogue.newest_in_categories_at_once(("Church",), 5))[
            "Church"
        ][0].tags
        catalogue.replace(attrs.evolve(template, name="Renamed", tags=("new",)))
        catalogue.add(newer := make_template(created_at=template.created_at + timedelta(1)))
        [first, second] = _as_lists(catalogue.newest_in_categories_at_once(("Church",), 5))[
            "Church"
        ]
        assert (newer.id, "Renamed", ("new",)) == (first.id, second.name, second.tags)

    def test_keeps_no_transaction_open(
        self, catalogue: SqlAlchemyTemplateCatalogue, sqlite_engine: sa.Engine
    ) -> None:
        """After a read, a checkpoint can empty the write-ahead log: no snapshot is held."""
        catalogue.add(make_template())
        assert catalogue.newest_in_categories_at_once(("Church",), 5)
        with sqlite_engine.connect() as conn:
            busy, _, _ = conn.execute(sa.text("PRAGMA wal_checkpoint(TRUNCATE)")).one()
        assert 0 == busy
        assert 0 == Path(f"{sqlite_engine.url.database}-wal").stat().st_size

    def test_a_locked_database_declines_and_later_answers(
        self, catalogue: SqlAlchemyTemplateCatalogue, sqlite_engine: sa.Engine
    ) -> None:
        """While another connection holds the database exclusively the read gives None within
        milliseconds (the caller then reads from a worker thread); afterwards it answers."""
        catalogue.add(template := make_template())
        assert catalogue.newest_in_categories_at_once(("Church",), 5)
        sqlite_engine.dispose()  # an exclusive lock needs every other connection closed
        holder = sqlite3.connect(str(sqlite_engine.url.database), isolation_level=None)
        try:
            holder.execute("PRAGMA locking_mode=EXCLUSIVE")
            holder.execute("BEGIN EXCLUSIVE")
            holder.execute("UPDATE design_templates SET name = 'Held' WHERE id = ?", (template.id,))
            started = time.monotonic()
            assert catalogue.newest_in_categories_at_once(("Church",), 5) is None
            assert time.monotonic() - started < 1
            holder.execute("ROLLBACK")
        finally:
            holder.close()
        rows = _as_lists(catalogue.newest_in_categories_at_once(("Church",), 5))
        assert [template.summary()] == rows["Church"]

    def test_declines_for_an_in_memory_database(self) -> None:
        """Another connection to ``:memory:`` would see another, empty database."""
        engine = create_database_engine("sqlite://")
        try:
            migrate(engine)
            assert (
                SqlAlchemyTemplateCatalogue(engine).newest_in_categories_at_once(("Church",), 5)
                is None
            )
        finally:
            engine.dispose()

    @pytest.mark.postgresql
    def test_postgresql_on_this_machine_answers_in_one_statement(
        self, postgresql_engine: sa.Engine
    ) -> None:
        """A PostgreSQL server on loopback is read on the process's own connection too, and
        answers what newest_in_categories answers."""
        catalogue = SqlAlchemyTemplateCatalogue(postgresql_engine)
        for template in (*(make_template() for _ in range(6)), make_template(category="Logos")):
            catalogue.add(template)
        categories = ("Logos", "Church", "New Month")
        at_once = _as_lists(catalogue.newest_in_categories_at_once(categories, 5))
        assert _as_lists(catalogue.newest_in_categories(categories, 5)) == at_once
        assert [1, 5, 0] == [len(at_once[c]) for c in categories]

    def test_postgresql_across_a_network_declines(self) -> None:
        """A database across a network is read from worker threads, never on the event loop
        (no connection is made to find that out)."""
        engine = sa.create_engine("postgresql+psycopg://designcore@db.example:5432/catalogue")
        try:
            catalogue = SqlAlchemyTemplateCatalogue(engine)
            assert catalogue.newest_in_categories_at_once(("Church",), 5) is None
            assert catalogue.search_at_once("praise", PageRequest()) is None
        finally:
            engine.dispose()
