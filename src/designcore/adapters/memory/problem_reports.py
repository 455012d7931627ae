"""An in-memory problem report repository."""

from __future__ import annotations

import threading

from designcore.domain.errors import Conflict, NotFound
from designcore.domain.pagination import Page, PageRequest
from designcore.domain.problem_reports import ProblemReport, ProblemStatus


def _not_found(report_id: str) -> NotFound:
    return NotFound(f"no problem report {report_id!r}", code="problem_report_not_found")


class InMemoryProblemReportRepository:
    """Keeps reports in a dict by id."""

    def __init__(self) -> None:
        self._reports: dict[str, ProblemReport] = {}
        self._lock = threading.Lock()

    def add(self, report: ProblemReport) -> None:
        """Store a new report."""
        with self._lock:
            if report.id in self._reports:
                raise Conflict(f"problem report {report.id} exists", code="duplicate_id")
            self._reports[report.id] = report

    def get(self, report_id: str) -> ProblemReport:
        """A report by id."""
        try:
            return self._reports[report_id]
        except KeyError:
            raise _not_found(report_id) from None

    def update(self, report: ProblemReport) -> None:
        """Overwrite a report."""
        with self._lock:
            if report.id not in self._reports:
                raise _not_found(report.id)
            self._reports[report.id] = report

    def page(
        self, request: PageRequest, *, status: ProblemStatus | None = None
    ) -> Page[ProblemReport]:
        """Newest first."""
        with self._lock:
            chosen = [r for r in self._reports.values() if status is None or r.status is status]
        chosen.sort(key=lambda r: r.id)
        chosen.sort(key=lambda r: r.created_at, reverse=True)
        return Page.slice(chosen, request)
