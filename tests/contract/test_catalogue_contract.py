"""The TemplateCatalogue contract: memory, SQLite and PostgreSQL behave the same."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import sqlalchemy as sa

from designcore.adapters.memory import InMemoryTemplateCatalogue
from designcore.adapters.sqlalchemy import SqlAlchemyTemplateCatalogue
from designcore.ports.catalogue import TemplateCatalogue
from designcore.testing.contracts import CatalogueContract

IMPLEMENTATIONS = ["memory", "sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)]


class TestCatalogue(CatalogueContract):
    """The suite of designcore.testing.contracts on each implementation of the port."""

    @pytest.fixture(name="catalogue", params=IMPLEMENTATIONS)
    def fixture_catalogue(self, request: pytest.FixtureRequest) -> Iterator[TemplateCatalogue]:
        """Every implementation of the port, empty."""
        if request.param == "memory":
            yield InMemoryTemplateCatalogue()
            return
        engine: sa.Engine = request.getfixturevalue(f"{request.param}_engine")
        yield SqlAlchemyTemplateCatalogue(engine)
