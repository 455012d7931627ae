"""Problem reports: what a signed-in user tells us went wrong, and an admin's resolution."""

from __future__ import annotations

import enum
import re
from datetime import datetime

import attrs

from designcore.domain.errors import FieldIssue, NotAllowed, ValidationFailed
from designcore.domain.storage import BucketPolicy, check_object_name

MAX_DESCRIPTION_LENGTH = 5000
MAX_PAGE_URL_LENGTH = 2000
MAX_SCREENSHOT_KEY_LENGTH = 1100

PAGE_URL_PATTERN = r"https?://[A-Za-z0-9.-]+(?::[0-9]{1,5})?(?:[/?#][^\s]*)?"
"""The address of the page a report comes from, matched whole: http or https, a host name or
IP address (letters, digits, dots, hyphens), an optional port, then any path, query or fragment
without white space."""


class ProblemStatus(enum.Enum):
    """Where a report stands."""

    OPEN = "open"
    RESOLVED = "resolved"


@attrs.frozen(kw_only=True)
class ProblemReport:
    """One report (table ``problem_reports``)."""

    id: str
    user_id: str
    """Who reported it."""
    user_email: str
    """Their e-mail when they reported it, so an admin can answer."""
    description: str
    """What happened, in their words (1 to 5,000 characters)."""
    page_url: str
    """The address of the page they were on."""
    screenshot_key: str | None = None
    """``{bucket}/{path}`` of a screenshot they uploaded to their own folder, if any."""
    status: ProblemStatus = ProblemStatus.OPEN
    created_at: datetime
    updated_at: datetime
    resolved_at: datetime | None = None
    resolved_by: str | None = None
    """The admin who resolved it."""


def _description_issues(description: str) -> list[FieldIssue]:
    if not description.strip():
        return [FieldIssue("description", "must not be blank")]
    if len(description) > MAX_DESCRIPTION_LENGTH:
        return [FieldIssue("description", f"must be at most {MAX_DESCRIPTION_LENGTH} characters")]
    return []


def _page_url_issues(page_url: str) -> list[FieldIssue]:
    if len(page_url) > MAX_PAGE_URL_LENGTH:
        return [FieldIssue("page_url", f"must be at most {MAX_PAGE_URL_LENGTH} characters")]
    if re.fullmatch(PAGE_URL_PATTERN, page_url) is None:
        return [FieldIssue("page_url", "must be the http or https address of the page")]
    return []


SCREENSHOT_BUCKET = "problem-screenshots"
"""The private user bucket the web app uploads screenshots to (any private user bucket will
do)."""


def privately_kept_key(key: str, policy: BucketPolicy) -> str | None:
    """Where a screenshot stored before screenshots were private must move: the same path in
    ``SCREENSHOT_BUCKET``, or ``None`` when ``key`` already names a private bucket's object
    (nothing to move)."""
    bucket, _, path = key.partition("/")
    if bucket in policy.private_buckets or not path:
        return None
    return f"{SCREENSHOT_BUCKET}/{path}"


def check_screenshot_key(key: str, user_id: str, policy: BucketPolicy) -> tuple[str, str]:
    """``(bucket, path)`` of a screenshot key as the upload answered it (``{bucket}/{path}``).

    Raises ``ValidationFailed`` unless it names an object of a private user bucket (a
    screenshot shows someone's screen: only the reporter and administrators may read it, through
    ``GET /api/v1/problem-reports/{id}/screenshot``), ``NotAllowed`` (``not_your_folder``) when
    the object is outside the caller's own ``{user_id}/`` folder."""
    bucket, _, path = key.partition("/")
    issue = FieldIssue(
        "screenshot_key",
        f"must be the Key an upload to your own folder of {SCREENSHOT_BUCKET} answered",
    )
    if len(key) > MAX_SCREENSHOT_KEY_LENGTH or not path:
        raise ValidationFailed((issue,))
    try:
        check_object_name(bucket, path)
    except ValidationFailed:
        raise ValidationFailed((issue,)) from None
    if bucket not in policy.user_buckets or policy.is_public(bucket):
        raise ValidationFailed((issue,))
    folder, _, rest = path.partition("/")
    if not rest:
        raise ValidationFailed((issue,))
    if folder != user_id:
        raise NotAllowed("the screenshot must be in your own folder", code="not_your_folder")
    return bucket, path


def new_report(
    *,
    id: str,
    user_id: str,
    user_email: str,
    description: str,
    page_url: str,
    screenshot_key: str | None,
    now: datetime,
) -> ProblemReport:
    """An open report, its description and page address checked (every issue at once)."""
    issues = [*_description_issues(description), *_page_url_issues(page_url)]
    if issues:
        raise ValidationFailed(issues)
    return ProblemReport(
        id=id,
        user_id=user_id,
        user_email=user_email,
        description=description.strip(),
        page_url=page_url,
        screenshot_key=screenshot_key,
        created_at=now,
        updated_at=now,
    )


def set_status(
    report: ProblemReport, status: ProblemStatus, *, by: str, now: datetime
) -> ProblemReport:
    """The report moved to ``status``: resolving records who and when, reopening clears it;
    setting the status it has changes nothing."""
    if status is report.status:
        return report
    if status is ProblemStatus.RESOLVED:
        return attrs.evolve(report, status=status, updated_at=now, resolved_at=now, resolved_by=by)
    return attrs.evolve(report, status=status, updated_at=now, resolved_at=None, resolved_by=None)
