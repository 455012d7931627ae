"""Problem reports in ``problem_reports``."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from designcore.adapters.sqlalchemy.mapping import utc, utc_or_none
from designcore.adapters.sqlalchemy.web_tables import PROBLEM_REPORTS
from designcore.domain.errors import Conflict, NotFound
from designcore.domain.pagination import Page, PageRequest
from designcore.domain.problem_reports import ProblemReport, ProblemStatus

_R = PROBLEM_REPORTS.c


def _not_found(report_id: str) -> NotFound:
    return NotFound(f"no problem report {report_id!r}", code="problem_report_not_found")


def _from_domain(report: ProblemReport) -> dict[str, Any]:
    return {
        "id": report.id,
        "user_id": report.user_id,
        "user_email": report.user_email,
        "description": report.description,
        "page_url": report.page_url,
        "screenshot_key": report.screenshot_key,
        "status": report.status.value,
        "created_at": utc(report.created_at),
        "updated_at": utc(report.updated_at),
        "resolved_at": utc_or_none(report.resolved_at),
        "resolved_by": report.resolved_by,
    }


def _to_domain(row: sa.Row[Any]) -> ProblemReport:
    return ProblemReport(
        id=row.id,
        user_id=row.user_id,
        user_email=row.user_email,
        description=row.description,
        page_url=row.page_url,
        screenshot_key=row.screenshot_key,
        status=ProblemStatus(row.status),
        created_at=utc(row.created_at),
        updated_at=utc(row.updated_at),
        resolved_at=utc_or_none(row.resolved_at),
        resolved_by=row.resolved_by,
    )


class SqlAlchemyProblemReportRepository:
    """Each call is its own transaction."""

    def __init__(self, engine: sa.Engine) -> None:
        self._engine = engine

    def add(self, report: ProblemReport) -> None:
        """Store a new report."""
        try:
            with self._engine.begin() as conn:
                conn.execute(PROBLEM_REPORTS.insert().values(**_from_domain(report)))
        except IntegrityError:
            raise Conflict(f"problem report {report.id} exists", code="duplicate_id") from None

    def get(self, report_id: str) -> ProblemReport:
        """A report by id."""
        with self._engine.connect() as conn:
            row = conn.execute(sa.select(PROBLEM_REPORTS).where(_R.id == report_id)).first()
        if row is None:
            raise _not_found(report_id)
        return _to_domain(row)

    def update(self, report: ProblemReport) -> None:
        """Overwrite a report."""
        values = _from_domain(report)
        del values["id"]
        with self._engine.begin() as conn:
            done = conn.execute(PROBLEM_REPORTS.update().where(_R.id == report.id).values(**values))
        if done.rowcount == 0:
            raise _not_found(report.id)

    def page(
        self, request: PageRequest, *, status: ProblemStatus | None = None
    ) -> Page[ProblemReport]:
        """Newest first."""
        where = [] if status is None else [_R.status == status.value]
        with self._engine.connect() as conn:
            total = conn.execute(
                sa.select(sa.func.count()).select_from(PROBLEM_REPORTS).where(*where)
            ).scalar_one()
            rows = conn.execute(
                sa.select(PROBLEM_REPORTS)
                .where(*where)
                .order_by(_R.created_at.desc(), _R.id)
                .limit(request.limit)
                .offset(request.offset)
            ).all()
        return Page.of([_to_domain(row) for row in rows], int(total), request)
