"""Problem reports, called on the service directly: who may report, what a report must hold,
whose screenshot it may name, and what administrators (and only they) do with reports."""

from __future__ import annotations

from datetime import timedelta

import attrs
import pytest

from designcore.adapters.memory import FixedClock
from designcore.app import Container
from designcore.app.services.auth import IssuedSession
from designcore.app.services.problem_reports import ProblemReportService
from designcore.domain.errors import NotAllowed, NotFound, ValidationFailed
from designcore.domain.pagination import PageRequest
from designcore.domain.premium import Viewer
from designcore.domain.problem_reports import ProblemStatus

ADMIN = Viewer(user_id="u-admin", user_role="admin")
REPORTER = Viewer(user_id="u-kemi")
VISITOR = Viewer()
PAGE = "https://designcore.example/templates/abc"
PNG = b"\x89PNG\r\n\x1a\n screenshot"


@pytest.fixture(name="reports")
def fixture_reports(memory_container: Container) -> ProblemReportService:
    """The problem report service of the in-memory container."""
    service: ProblemReportService = memory_container.problem_reports()
    return service


def uploaded(container: Container, bucket: str, path: str) -> str:
    """The key an upload of a screenshot to ``bucket``/``path`` answers."""
    container.storage().put(bucket, path, PNG, "image/png")
    return f"{bucket}/{path}"


class TestReporting:
    def test_a_member_reports_an_open_problem(
        self, reports: ProblemReportService, clock: FixedClock
    ) -> None:
        """A report is stored open, with the reporter, the time and the trimmed text."""
        report = reports.report(
            REPORTER, description="  The preview is blank  ", page_url=PAGE, screenshot_key=None
        )
        assert ("u-kemi", ProblemStatus.OPEN, clock.now(), "The preview is blank") == (
            report.user_id,
            report.status,
            report.created_at,
            report.description,
        )
        assert [report] == list(reports.reports(ADMIN, PageRequest(1, 10)).items)

    def test_the_report_carries_the_reporters_email(
        self, memory_container: Container, ada: IssuedSession
    ) -> None:
        """The reporter's address is looked up from their account at the time of reporting."""
        service: ProblemReportService = memory_container.problem_reports()
        report = service.report(
            Viewer(user_id=ada.user.id), description="Broken", page_url=PAGE, screenshot_key=None
        )
        assert "ada@example.com" == report.user_email

    def test_a_visitor_must_sign_in(self, reports: ProblemReportService) -> None:
        """A visitor's report is sign_in_required and nothing is stored."""
        with pytest.raises(NotAllowed) as refused:
            reports.report(VISITOR, description="Broken", page_url=PAGE, screenshot_key=None)
        assert "sign_in_required" == refused.value.code
        assert 0 == reports.reports(ADMIN, PageRequest(1, 10)).total_count

    def test_every_issue_of_the_text_is_named_at_once(self, reports: ProblemReportService) -> None:
        """A blank description and a page address that is not http(s) are both reported."""
        with pytest.raises(ValidationFailed) as refused:
            reports.report(REPORTER, description="   ", page_url="ftp://x", screenshot_key=None)
        assert {"description", "page_url"} == {issue.path for issue in refused.value.issues}

    def test_an_over_long_description_is_refused(self, reports: ProblemReportService) -> None:
        """More than 5,000 characters of description is a validation failure."""
        with pytest.raises(ValidationFailed) as refused:
            reports.report(REPORTER, description="x" * 5001, page_url=PAGE, screenshot_key=None)
        assert ["description"] == [issue.path for issue in refused.value.issues]


class TestScreenshots:
    def test_an_uploaded_screenshot_in_ones_own_folder_is_kept(
        self, reports: ProblemReportService, memory_container: Container
    ) -> None:
        """A screenshot uploaded to the reporter's folder of the private bucket is attached,
        and the reporter and administrators can read it."""
        key = uploaded(memory_container, "problem-screenshots", "u-kemi/shot.png")
        report = reports.report(REPORTER, description="Look", page_url=PAGE, screenshot_key=key)
        assert key == report.screenshot_key
        assert PNG == reports.screenshot(REPORTER, report.id).data
        assert PNG == reports.screenshot(ADMIN, report.id).data

    def test_someone_elses_folder_is_not_yours(
        self, reports: ProblemReportService, memory_container: Container
    ) -> None:
        """A screenshot in another user's folder is not_your_folder."""
        key = uploaded(memory_container, "problem-screenshots", "u-other/shot.png")
        with pytest.raises(NotAllowed) as refused:
            reports.report(REPORTER, description="Look", page_url=PAGE, screenshot_key=key)
        assert "not_your_folder" == refused.value.code

    @pytest.mark.parametrize(
        "key",
        [
            "problem-screenshots/u-kemi/never-uploaded.png",
            "template-assets/u-kemi/shot.png",
            "problem-screenshots/shot.png",
            "problem-screenshots",
        ],
        ids=["not-uploaded", "public-bucket", "no-folder", "no-path"],
    )
    def test_a_key_that_names_no_private_upload_is_refused(
        self, reports: ProblemReportService, key: str
    ) -> None:
        """A key of nothing uploaded, of a public bucket or outside a user folder is a
        validation failure on screenshot_key."""
        with pytest.raises(ValidationFailed) as refused:
            reports.report(REPORTER, description="Look", page_url=PAGE, screenshot_key=key)
        assert ["screenshot_key"] == [issue.path for issue in refused.value.issues]

    def test_only_the_reporter_and_admins_see_a_screenshot(
        self, reports: ProblemReportService, memory_container: Container
    ) -> None:
        """Anyone else is told the report does not exist; a visitor must sign in; a report
        without a screenshot says so."""
        key = uploaded(memory_container, "problem-screenshots", "u-kemi/shot.png")
        report = reports.report(REPORTER, description="Look", page_url=PAGE, screenshot_key=key)
        plain = reports.report(REPORTER, description="No shot", page_url=PAGE, screenshot_key=None)
        with pytest.raises(NotFound) as stranger:
            reports.screenshot(Viewer(user_id="u-other"), report.id)
        with pytest.raises(NotAllowed) as visitor:
            reports.screenshot(VISITOR, report.id)
        with pytest.raises(NotFound) as without:
            reports.screenshot(REPORTER, plain.id)
        assert ("problem_report_not_found", "sign_in_required", "no_screenshot") == (
            stranger.value.code,
            visitor.value.code,
            without.value.code,
        )


class TestAdministration:
    def test_resolving_records_who_and_when_and_reopening_clears_it(
        self, reports: ProblemReportService, clock: FixedClock
    ) -> None:
        """Resolve sets resolved_at and resolved_by; reopening clears both; setting the
        status a report has changes nothing."""
        report = reports.report(REPORTER, description="Bug", page_url=PAGE, screenshot_key=None)
        clock.advance(timedelta(hours=2))
        resolved = reports.set_status(ADMIN, report.id, ProblemStatus.RESOLVED)
        assert (clock.now(), "u-admin") == (resolved.resolved_at, resolved.resolved_by)
        clock.advance(timedelta(hours=1))
        again = reports.set_status(ADMIN, report.id, ProblemStatus.RESOLVED)
        assert resolved.updated_at == again.updated_at
        reopened = reports.set_status(ADMIN, report.id, ProblemStatus.OPEN)
        assert (ProblemStatus.OPEN, None, None) == (
            reopened.status,
            reopened.resolved_at,
            reopened.resolved_by,
        )

    def test_reports_are_newest_first_and_filtered_by_status(
        self, reports: ProblemReportService, clock: FixedClock
    ) -> None:
        """The list is newest first; a status keeps only the reports that have it."""
        made = []
        for text in ("first", "second", "third"):
            made.append(
                reports.report(REPORTER, description=text, page_url=PAGE, screenshot_key=None)
            )
            clock.advance(timedelta(minutes=1))
        reports.set_status(ADMIN, made[1].id, ProblemStatus.RESOLVED)
        everything = reports.reports(ADMIN, PageRequest(1, 10)).items
        open_only = reports.reports(ADMIN, PageRequest(1, 10), status=ProblemStatus.OPEN).items
        assert ["third", "second", "first"] == [r.description for r in everything]
        assert ["third", "first"] == [r.description for r in open_only]

    def test_members_neither_read_nor_resolve(self, reports: ProblemReportService) -> None:
        """Reading the list and changing a status are admin_only for members and visitors."""
        report = reports.report(REPORTER, description="Bug", page_url=PAGE, screenshot_key=None)
        codes = set()
        for viewer in (REPORTER, VISITOR):
            with pytest.raises(NotAllowed) as read:
                reports.reports(viewer, PageRequest(1, 10))
            with pytest.raises(NotAllowed) as changed:
                reports.set_status(viewer, report.id, ProblemStatus.RESOLVED)
            codes |= {read.value.code, changed.value.code}
        assert {"admin_only"} == codes
        assert ProblemStatus.OPEN == reports.reports(ADMIN, PageRequest(1, 1)).items[0].status

    def test_an_unknown_report_is_not_found(self, reports: ProblemReportService) -> None:
        """Changing the status of a report nobody made is NotFound."""
        with pytest.raises(NotFound):
            reports.set_status(ADMIN, "no-such-report", ProblemStatus.RESOLVED)


def _made_when_public(container: Container, reports: ProblemReportService, path: str) -> str:
    """A report stored as the app stored them before screenshots were private: its key names
    an object of the public ``user-uploads`` bucket. Answers the report's id."""
    report = reports.report(REPORTER, description="Old", page_url=PAGE, screenshot_key=None)
    key = uploaded(container, "user-uploads", path)
    container.problem_report_store().update(attrs.evolve(report, screenshot_key=key))
    return report.id


def key_of(container: Container, report_id: str) -> str | None:
    """The screenshot key a report holds now."""
    key: str | None = container.problem_report_store().get(report_id).screenshot_key
    return key


class TestScreenshotsMadePrivate:
    def test_a_public_screenshot_moves_to_the_private_bucket(
        self, reports: ProblemReportService, memory_container: Container
    ) -> None:
        """The bytes move to the same path of problem-screenshots, the report follows them,
        the public copy goes, and a second run has nothing left to do."""
        old = _made_when_public(memory_container, reports, "u-kemi/old.png")
        kept = uploaded(memory_container, "problem-screenshots", "u-kemi/new.png")
        new = reports.report(REPORTER, description="New", page_url=PAGE, screenshot_key=kept)
        storage = memory_container.storage()

        assert (1, 0) == (reports.make_screenshots_private(), reports.make_screenshots_private())
        assert "problem-screenshots/u-kemi/old.png" == key_of(memory_container, old)
        assert kept == key_of(memory_container, new.id)
        assert PNG == storage.get("problem-screenshots", "u-kemi/old.png").data
        assert not storage.exists("user-uploads", "u-kemi/old.png")
        assert PNG == reports.screenshot(REPORTER, old).data

    def test_a_report_whose_public_object_is_gone_keeps_no_key(
        self, reports: ProblemReportService, memory_container: Container
    ) -> None:
        """Nothing to protect: the report no longer points at a public address."""
        old = _made_when_public(memory_container, reports, "u-kemi/gone.png")
        memory_container.storage().delete("user-uploads", "u-kemi/gone.png")

        assert 0 == reports.make_screenshots_private()
        assert None is key_of(memory_container, old)

    def test_every_page_of_reports_is_looked_at(
        self, reports: ProblemReportService, memory_container: Container
    ) -> None:
        """More reports than one page holds: all of them move."""
        ids = [_made_when_public(memory_container, reports, f"u-kemi/{n}.png") for n in range(105)]

        assert 105 == reports.make_screenshots_private()
        assert all(
            str(key_of(memory_container, report_id)).startswith("problem-screenshots/")
            for report_id in ids
        )
