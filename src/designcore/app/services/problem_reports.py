"""Problem reports: a signed-in user reports, administrators read and resolve."""

from __future__ import annotations

import uuid
from collections.abc import Callable

import attrs

from designcore.domain.errors import FieldIssue, NotAllowed, NotFound, ValidationFailed
from designcore.domain.pagination import MAX_PAGE_SIZE, Page, PageRequest
from designcore.domain.premium import Viewer
from designcore.domain.problem_reports import (
    ProblemReport,
    ProblemStatus,
    check_screenshot_key,
    new_report,
    privately_kept_key,
    set_status,
)
from designcore.domain.storage import BucketPolicy
from designcore.ports.clock import Clock
from designcore.ports.problem_reports import ProblemReportRepository
from designcore.ports.storage import Storage, StoredObject


def _new_id() -> str:
    return str(uuid.uuid4())


class ProblemReportService:
    """Stores what users report and lets administrators work through it."""

    def __init__(
        self,
        *,
        reports: ProblemReportRepository,
        storage: Storage,
        policy: BucketPolicy,
        email_of: Callable[[str], str | None],
        clock: Clock,
        new_id: Callable[[], str] = _new_id,
    ) -> None:
        self._reports = reports
        self._storage = storage
        self._policy = policy
        self._email_of = email_of
        self._clock = clock
        self._new_id = new_id

    def report(
        self, viewer: Viewer, *, description: str, page_url: str, screenshot_key: str | None
    ) -> ProblemReport:
        """Store an open report from the caller.

        Raises ``NotAllowed`` (``sign_in_required``) for a visitor, ``ValidationFailed`` for a
        blank or over-long description, a page address that is not an http(s) URL, or a
        screenshot key that names no uploaded object of a private user bucket, ``NotAllowed``
        (``not_your_folder``) for a screenshot outside the caller's own folder.
        """
        if viewer.user_id is None:
            raise NotAllowed("sign in to report a problem", code="sign_in_required")
        report = new_report(
            id=self._new_id(),
            user_id=viewer.user_id,
            user_email=self._email_of(viewer.user_id) or "",
            description=description,
            page_url=page_url,
            screenshot_key=screenshot_key,
            now=self._clock.now(),
        )
        if screenshot_key is not None:
            bucket, path = check_screenshot_key(screenshot_key, viewer.user_id, self._policy)
            if not self._storage.exists(bucket, path):
                raise ValidationFailed(
                    (FieldIssue("screenshot_key", "no uploaded screenshot has this key"),)
                )
        self._reports.add(report)
        return report

    def reports(
        self, viewer: Viewer, request: PageRequest, *, status: ProblemStatus | None = None
    ) -> Page[ProblemReport]:
        """One page of reports, newest first, optionally of one status (administrators only)."""
        self._admin(viewer)
        return self._reports.page(request, status=status)

    def set_status(self, viewer: Viewer, report_id: str, status: ProblemStatus) -> ProblemReport:
        """Resolve or reopen a report (administrators only). Raises ``NotFound``."""
        admin = self._admin(viewer)
        current = self._reports.get(report_id)
        changed = set_status(current, status, by=admin, now=self._clock.now())
        if changed is not current:
            self._reports.update(changed)
        return changed

    def screenshot(self, viewer: Viewer, report_id: str) -> StoredObject:
        """The screenshot of a report, for its reporter and administrators only.

        Raises ``NotAllowed`` (``sign_in_required``) for a visitor, ``NotFound``
        (``problem_report_not_found``) for an unknown report or anyone else's (so nobody learns
        which reports exist), ``NotFound`` (``no_screenshot``) for a report without one."""
        if viewer.user_id is None:
            raise NotAllowed("sign in to see a screenshot", code="sign_in_required")
        report = self._reports.get(report_id)
        if report.user_id != viewer.user_id and not viewer.is_admin:
            raise NotFound(f"no problem report {report_id}", code="problem_report_not_found")
        if report.screenshot_key is None:
            raise NotFound("the report has no screenshot", code="no_screenshot")
        bucket, _, path = report.screenshot_key.partition("/")
        return self._storage.get(bucket, path)

    def make_screenshots_private(self) -> int:
        """Move the screenshots of reports made while they went to a public bucket into
        ``problem-screenshots`` (same path: the reporter's own folder), so only the reporter
        and administrators can read them; answer how many moved. Each move copies, points the
        report at the copy, then deletes the public object, so an interruption loses nothing and
        running again finishes the job. A report whose public object is gone keeps no key."""
        moved = 0
        number = 1
        while True:
            page = self._reports.page(PageRequest(page=number, size=MAX_PAGE_SIZE))
            for report in page.items:
                key = report.screenshot_key
                target = None if key is None else privately_kept_key(key, self._policy)
                if key is None or target is None:
                    continue
                bucket, _, path = key.partition("/")
                try:
                    stored = self._storage.get(bucket, path)
                except NotFound:
                    self._reports.update(attrs.evolve(report, screenshot_key=None))
                    continue
                new_bucket, _, new_path = target.partition("/")
                self._storage.put(new_bucket, new_path, stored.data, stored.content_type)
                self._reports.update(attrs.evolve(report, screenshot_key=target))
                self._storage.delete(bucket, path)
                moved += 1
            if number * MAX_PAGE_SIZE >= page.total_count:
                return moved
            number += 1

    @staticmethod
    def _admin(viewer: Viewer) -> str:
        if viewer.user_id is None or not viewer.is_admin:
            raise NotAllowed("only administrators can read problem reports", code="admin_only")
        return viewer.user_id
