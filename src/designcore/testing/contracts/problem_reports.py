"""The contract of :class:`~designcore.ports.problem_reports.ProblemReportRepository`: the
reports users file about the product, for the admins.

Subclass :class:`ProblemReportsContract` and give it a ``reports`` fixture answering a new,
empty repository of your adapter.
"""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

import attrs

from designcore.domain.errors import Conflict, NotFound
from designcore.domain.pagination import PageRequest
from designcore.domain.problem_reports import ProblemReport, ProblemStatus
from designcore.ports.problem_reports import ProblemReportRepository
from designcore.testing._requires import missing
from designcore.testing.builders import EPOCH

try:
    import pytest
except ModuleNotFoundError as error:  # pragma: no cover - depends on the installation
    raise missing("pytest", __name__, error) from error

__all__ = ["ProblemReportsContract"]


def make_report(**overrides: Any) -> ProblemReport:
    fields: dict[str, Any] = {
        "id": str(uuid.uuid4()),
        "user_id": str(uuid.uuid4()),
        "user_email": "ada@example.com",
        "description": "The download button did nothing.",
        "page_url": "https://designcore.example/templates/church",
        "created_at": EPOCH,
        "updated_at": EPOCH,
        **overrides,
    }
    return ProblemReport(**fields)


class _ProblemReports:
    def test_round_trip_of_every_field(self, reports: ProblemReportRepository) -> None:
        """A report with every field set comes back equal."""
        report = make_report(
            screenshot_key="user-uploads/u1/shot.png",
            status=ProblemStatus.RESOLVED,
            resolved_at=EPOCH + timedelta(hours=1),
            resolved_by="admin-1",
            description="ünïcode ✓ " * 10,
        )
        reports.add(report)
        assert report == reports.get(report.id)

    def test_unknown_ids_and_duplicates(self, reports: ProblemReportRepository) -> None:
        """get and update of an unknown id raise NotFound; adding an id twice, Conflict."""
        report = make_report()
        with pytest.raises(NotFound):
            reports.get(report.id)
        with pytest.raises(NotFound):
            reports.update(report)
        reports.add(report)
        with pytest.raises(Conflict):
            reports.add(report)

    def test_update_overwrites(self, reports: ProblemReportRepository) -> None:
        """update stores the new status and resolution."""
        report = make_report()
        reports.add(report)
        resolved = attrs.evolve(
            report, status=ProblemStatus.RESOLVED, resolved_at=EPOCH, resolved_by="a"
        )
        reports.update(resolved)
        assert resolved == reports.get(report.id)

    def test_pages_newest_first_and_filters_by_status(
        self, reports: ProblemReportRepository
    ) -> None:
        """Pages are newest first without overlap; a status filter counts only its own."""
        made = [
            make_report(
                created_at=EPOCH + timedelta(minutes=n),
                status=ProblemStatus.RESOLVED if n % 2 else ProblemStatus.OPEN,
            )
            for n in range(5)
        ]
        for report in made:
            reports.add(report)
        first = reports.page(PageRequest(1, 2))
        rest = reports.page(PageRequest(2, 3))
        assert [made[4], made[3]] == list(first.items)
        assert [made[1], made[0]] == list(rest.items)
        assert (5, True) == (first.total_count, first.has_more)
        resolved = reports.page(PageRequest(1, 10), status=ProblemStatus.RESOLVED)
        assert ([made[3], made[1]], 2) == (list(resolved.items), resolved.total_count)
        opened = reports.page(PageRequest(1, 10), status=ProblemStatus.OPEN)
        assert 3 == opened.total_count


class ProblemReportsContract(_ProblemReports):
    """Every rule of a problem report repository. A subclass gives it a ``reports`` fixture
    answering a new, empty repository."""
