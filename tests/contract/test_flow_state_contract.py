"""The FlowStateStore contract: memory, SQLite and PostgreSQL behave the same."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import sqlalchemy as sa

from designcore.adapters.memory.flow_state import InMemoryFlowStateStore
from designcore.adapters.sqlalchemy import SqlAlchemyFlowStateStore
from designcore.ports.oidc import FlowStateStore
from designcore.testing.contracts import FlowStateContract

IMPLEMENTATIONS = ["memory", "sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)]


@pytest.fixture(name="flows", params=IMPLEMENTATIONS)
def fixture_flows(request: pytest.FixtureRequest) -> Iterator[FlowStateStore]:
    """Every implementation of the port, empty."""
    if request.param == "memory":
        yield InMemoryFlowStateStore()
        return
    engine: sa.Engine = request.getfixturevalue(f"{request.param}_engine")
    yield SqlAlchemyFlowStateStore(engine)


class TestFlows(FlowStateContract):
    """The suite of designcore.testing.contracts on each implementation of the port."""
