"""Contract of ProblemReportRepository: memory, SQLite and PostgreSQL alike."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import sqlalchemy as sa

from designcore.adapters.memory.problem_reports import InMemoryProblemReportRepository
from designcore.adapters.sqlalchemy.problem_reports import SqlAlchemyProblemReportRepository
from designcore.ports.problem_reports import ProblemReportRepository
from designcore.testing.contracts import ProblemReportsContract

IMPLEMENTATIONS = ["memory", "sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)]


@pytest.fixture(name="reports", params=IMPLEMENTATIONS)
def fixture_reports(request: pytest.FixtureRequest) -> Iterator[ProblemReportRepository]:
    """Every implementation of the problem reports port."""
    if request.param == "memory":
        yield InMemoryProblemReportRepository()
        return
    engine: sa.Engine = request.getfixturevalue(f"{request.param}_engine")
    yield SqlAlchemyProblemReportRepository(engine)


class TestProblemReports(ProblemReportsContract):
    """The suite of designcore.testing.contracts on each implementation of the port."""
