"""The DesignRepository contract: memory, SQLite and PostgreSQL behave the same."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from designcore.adapters.memory import InMemoryDesignRepository
from designcore.adapters.sqlalchemy import SqlAlchemyDesignRepository
from designcore.ports.designs import DesignRepository
from designcore.testing.contracts import DesignsContract

IMPLEMENTATIONS = ["memory", "sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)]


@pytest.fixture(name="designs", params=IMPLEMENTATIONS)
def fixture_designs(request: pytest.FixtureRequest) -> DesignRepository:
    """Every implementation of the port, empty."""
    if request.param == "memory":
        return InMemoryDesignRepository()
    engine: sa.Engine = request.getfixturevalue(f"{request.param}_engine")
    return SqlAlchemyDesignRepository(engine)


class TestDesigns(DesignsContract):
    """The suite of designcore.testing.contracts on each implementation of the port."""
