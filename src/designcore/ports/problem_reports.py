"""The problem reports port."""

from __future__ import annotations

from typing import Protocol

from designcore.domain.pagination import Page, PageRequest
from designcore.domain.problem_reports import ProblemReport, ProblemStatus


class ProblemReportRepository(Protocol):
    """Stores problem reports (table ``problem_reports``)."""

    def add(self, report: ProblemReport) -> None:
        """Store a new report. Raises ``Conflict`` when its id exists."""
        ...

    def get(self, report_id: str) -> ProblemReport:
        """A report by id. Raises ``NotFound`` (``problem_report_not_found``)."""
        ...

    def update(self, report: ProblemReport) -> None:
        """Overwrite a report. Raises ``NotFound`` (``problem_report_not_found``)."""
        ...

    def page(
        self, request: PageRequest, *, status: ProblemStatus | None = None
    ) -> Page[ProblemReport]:
        """One page of reports, newest first (ties by id), only those with ``status`` when
        given, with the total count."""
        ...
