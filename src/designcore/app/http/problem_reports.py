"""``/api/v1/problem-reports``: "Report a Problem" and the admins' list of reports."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

import msgspec
from litestar import Controller, Response, get, patch, post
from litestar.di import NamedDependency
from litestar.params import FromPath, QueryParameter, SkipValidation

from designcore.app.http.api_docs import ANSWERS_FILES
from designcore.app.http.bodies import json_body
from designcore.app.http.dependencies import Me
from designcore.app.http.field_rules import Description, PageUrl
from designcore.app.http.rate_limits import Quota, RateLimited, account_key, retry_after_quotas
from designcore.app.http.schemas import page_fields
from designcore.app.http.templates import Page as PageNumber
from designcore.app.http.templates import Size as PageSize
from designcore.app.services.problem_reports import ProblemReportService
from designcore.domain.errors import NotAllowed
from designcore.domain.pagination import DEFAULT_PAGE_SIZE, PageRequest
from designcore.domain.problem_reports import ProblemReport, ProblemStatus
from designcore.ports.rate_limit import RateLimiter

Reports = NamedDependency[ProblemReportService]
Limiter = NamedDependency[SkipValidation[RateLimiter]]

REPORTS_PER_ACCOUNT = Quota(limit=10, window_seconds=3600)
"""How many reports one account may send in an hour."""
MAX_REPORT_BODY = 16 * 1024
"""A report is a description of at most 5,000 characters and two short strings."""

Status = Literal["open", "resolved"]


class ProblemReportIn(msgspec.Struct, forbid_unknown_fields=True):
    """What the Report a Problem form sends."""

    description: Description
    page_url: PageUrl
    screenshot_key: str | None = None
    """The ``Key`` the storage upload answered (``problem-screenshots/{your id}/…``)."""


class ProblemStatusIn(msgspec.Struct, forbid_unknown_fields=True):
    """An admin's change of a report's status."""

    status: Status


class ProblemReportOut(msgspec.Struct, kw_only=True):
    """One report."""

    id: str
    user_id: str
    user_email: str
    description: Description
    page_url: PageUrl
    screenshot_key: str | None
    screenshot_url: str | None
    """Where the screenshot is served to its reporter and admins (a bearer token), if any."""
    status: Status
    created_at: datetime
    updated_at: datetime
    resolved_at: datetime | None
    resolved_by: str | None

    @classmethod
    def of(cls, report: ProblemReport) -> ProblemReportOut:
        """From the domain."""
        key = report.screenshot_key
        return cls(
            id=report.id,
            user_id=report.user_id,
            user_email=report.user_email,
            description=report.description,
            page_url=report.page_url,
            screenshot_key=key,
            screenshot_url=None
            if key is None
            else f"/api/v1/problem-reports/{report.id}/screenshot",
            status="resolved" if report.status is ProblemStatus.RESOLVED else "open",
            created_at=report.created_at,
            updated_at=report.updated_at,
            resolved_at=report.resolved_at,
            resolved_by=report.resolved_by,
        )


class ProblemReportPageOut(msgspec.Struct, kw_only=True):
    """One page of reports, newest first."""

    items: list[ProblemReportOut]
    total_count: int
    has_more: bool
    current_page: int
    total_pages: int


class ProblemReportController(Controller):
    """``/api/v1/problem-reports``."""

    path = "/api/v1/problem-reports"
    tags = ["problem-reports"]
    request_max_body_size = MAX_REPORT_BODY

    @post(
        "/",
        operation_id="createProblemReport",
        status_code=201,
        sync_to_thread=True,
        dependencies={"report": json_body(ProblemReportIn)},
    )
    def create(
        self,
        problem_reports: Reports,
        viewer: Me,
        limiter: Limiter,
        report: NamedDependency[ProblemReportIn],
    ) -> ProblemReportOut:
        """Report a problem (signed in): what happened, the page's address and optionally a
        screenshot uploaded first to your own folder of ``problem-screenshots`` (a private
        bucket). 429 over 10 an hour
        per account."""
        if viewer.user_id is None:
            raise NotAllowed("sign in to report a problem", code="sign_in_required")
        wait = retry_after_quotas(
            limiter, [(account_key("problem-reports:create", viewer.user_id), REPORTS_PER_ACCOUNT)]
        )
        if wait is not None:
            raise RateLimited(
                wait,
                code="too_many_reports",
                message=f"too many problem reports; try again in {wait} s",
            )
        made = problem_reports.report(
            viewer,
            description=report.description,
            page_url=report.page_url,
            screenshot_key=report.screenshot_key,
        )
        return ProblemReportOut.of(made)

    @get(
        "/{report_id:str}/screenshot",
        operation_id="getProblemReportScreenshot",
        sync_to_thread=True,
        media_type="application/octet-stream",
        opt={ANSWERS_FILES: ("*/*",)},
    )
    def screenshot(
        self, problem_reports: Reports, viewer: Me, report_id: FromPath[str]
    ) -> Response[bytes]:
        """A report's screenshot, for its reporter and admins (401 ``sign_in_required``; 404
        ``problem_report_not_found`` for anyone else, ``no_screenshot`` without one), never
        cached by shared caches."""
        stored = problem_reports.screenshot(viewer, report_id)
        return Response(
            stored.data,
            media_type=stored.content_type,
            headers={
                "Cache-Control": "private, no-store",
                "X-Content-Type-Options": "nosniff",
                "Content-Security-Policy": "default-src 'none'",
            },
        )

    @get("/", operation_id="listProblemReports", sync_to_thread=True)
    def list_reports(
        self,
        problem_reports: Reports,
        viewer: Me,
        page: PageNumber = 1,
        size: PageSize = DEFAULT_PAGE_SIZE,
        status: Annotated[
            Status | None, QueryParameter(description="Only reports of this status.")
        ] = None,
    ) -> ProblemReportPageOut:
        """Reports, newest first, optionally only open or resolved ones (administrators
        only)."""
        found = problem_reports.reports(
            viewer,
            PageRequest(page, size),
            status=None if status is None else ProblemStatus(status),
        )
        return ProblemReportPageOut(
            items=[ProblemReportOut.of(r) for r in found.items], **page_fields(found)
        )

    @patch(
        "/{report_id:str}",
        operation_id="setProblemReportStatus",
        sync_to_thread=True,
        dependencies={"change": json_body(ProblemStatusIn)},
    )
    def set_status(
        self,
        problem_reports: Reports,
        viewer: Me,
        report_id: FromPath[str],
        change: NamedDependency[ProblemStatusIn],
    ) -> ProblemReportOut:
        """Resolve or reopen a report (administrators only); 404 for an unknown id."""
        return ProblemReportOut.of(
            problem_reports.set_status(viewer, report_id, ProblemStatus(change.status))
        )
