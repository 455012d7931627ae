"""Fixtures shared by contract modules: the accounts unit of work serves both the accounts and
the payment books suites."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from designcore.adapters.memory import InMemoryAccountsStore
from designcore.adapters.sqlalchemy import SqlAlchemyAccountsStore
from designcore.testing.contracts.accounts import Factory

IMPLEMENTATIONS = ["memory", "sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)]


@pytest.fixture(name="uow_factory", params=IMPLEMENTATIONS)
def fixture_uow_factory(request: pytest.FixtureRequest) -> Factory:
    """A unit-of-work factory of every implementation, over empty accounts."""
    if request.param == "memory":
        return InMemoryAccountsStore().unit_of_work
    engine: sa.Engine = request.getfixturevalue(f"{request.param}_engine")
    return SqlAlchemyAccountsStore(engine).unit_of_work
