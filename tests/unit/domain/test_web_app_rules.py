"""Rules of the web app's settings, problem reports and creator profiles."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from designcore.domain.creators import InvalidCreatorProfile, check_profile, username_key
from designcore.domain.errors import NotAllowed, ValidationFailed
from designcore.domain.problem_reports import (
    ProblemStatus,
    check_screenshot_key,
    new_report,
    set_status,
)
from designcore.domain.site_settings import KNOWN_SETTINGS, check_setting_value
from designcore.domain.storage import BucketPolicy
from support import EPOCH

USERNAME_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"


class TestSiteSettings:
    def test_every_default_may_be_stored(self) -> None:
        """Each known setting's default passes its own check."""
        for setting in KNOWN_SETTINGS.values():
            check_setting_value(setting, setting.default)

    @pytest.mark.parametrize(
        "url",
        [
            "https://www.instagram.com/designcore.ng",
            "https://x.com/designcore",
            "https://www.facebook.com/profile.php?id=123",
        ],
    )
    def test_profile_pages_are_footer_links(self, url: str) -> None:
        """A page on a network's site is a footer link."""
        check_setting_value(KNOWN_SETTINGS["footer_links"], [{"label": "Us", "url": url}])

    @pytest.mark.parametrize(
        "url", ["https://x.com", "https://x.com/", "https://www.instagram.com//", "mailto:a@b.c"]
    )
    def test_home_pages_are_not_footer_links(self, url: str) -> None:
        """A network's bare home page, or no web address, is refused."""
        with pytest.raises(ValidationFailed):
            check_setting_value(KNOWN_SETTINGS["footer_links"], [{"label": "Us", "url": url}])

    def test_premium_switch_takes_only_booleans(self) -> None:
        """ "true", 1 and null are not booleans."""
        for value in ("true", 1, None):
            with pytest.raises(ValidationFailed):
                check_setting_value(KNOWN_SETTINGS["premium_business_model_enabled"], value)


class TestProblemReports:
    def test_resolving_records_who_and_reopening_clears(self) -> None:
        """Resolve sets resolved_at and resolved_by; reopen clears them; the same status is
        no change."""
        report = new_report(
            id="r1",
            user_id="u1",
            user_email="a@b.c",
            description="x",
            page_url="https://designcore.example/",
            screenshot_key=None,
            now=EPOCH,
        )
        resolved = set_status(report, ProblemStatus.RESOLVED, by="admin", now=EPOCH)
        assert (ProblemStatus.RESOLVED, EPOCH, "admin") == (
            resolved.status,
            resolved.resolved_at,
            resolved.resolved_by,
        )
        assert resolved is set_status(resolved, ProblemStatus.RESOLVED, by="other", now=EPOCH)
        reopened = set_status(resolved, ProblemStatus.OPEN, by="admin", now=EPOCH)
        assert (None, None) == (reopened.resolved_at, reopened.resolved_by)

    def test_every_field_issue_at_once(self) -> None:
        """A blank description and a bad address are reported together."""
        with pytest.raises(ValidationFailed) as failed:
            new_report(
                id="r1",
                user_id="u1",
                user_email="",
                description=" ",
                page_url="ftp://x",
                screenshot_key=None,
                now=EPOCH,
            )
        assert ["description", "page_url"] == [i.path for i in failed.value.issues]

    @pytest.mark.parametrize(
        ("page_url", "accepted"),
        [
            ("https://designcore.example/templates?q=church#top", True),
            ("http://127.0.0.1:8000/editor/d1", True),
            ("https://designcore.example", True),
            ("http://LU5KT*", False),
            (" https://designcore.example/", False),
            ("https://designcore.example/a b", False),
            ("https://designcore.example/\n", False),
            ("https://user@designcore.example/", False),
            ("javascript:alert(1)", False),
            ("https://", False),
        ],
    )
    def test_page_urls(self, page_url: str, accepted: bool) -> None:
        """The page address is an http(s) address of a plain host (and port), kept as sent;
        what the API document's pattern refuses, the rule refuses."""
        issues = []
        try:
            report = new_report(
                id="r1",
                user_id="u1",
                user_email="",
                description="x",
                page_url=page_url,
                screenshot_key=None,
                now=EPOCH,
            )
            assert page_url == report.page_url
        except ValidationFailed as failed:
            issues = [issue.path for issue in failed.issues]
        assert ([] if accepted else ["page_url"]) == issues

    def test_screenshot_keys(self) -> None:
        """Only the caller's own folder of a private user bucket is accepted: a screenshot in
        a public bucket would answer anyone who has its address."""
        policy = BucketPolicy()
        assert ("problem-screenshots", "u1/a.png") == check_screenshot_key(
            "problem-screenshots/u1/a.png", "u1", policy
        )
        with pytest.raises(NotAllowed):
            check_screenshot_key("problem-screenshots/u2/a.png", "u1", policy)
        for key in (
            "user-uploads/u1/a.png",
            "template-previews/u1/a.png",
            "problem-screenshots/u1",
            "problem-screenshots/u1/../a.png",
        ):
            with pytest.raises(ValidationFailed):
                check_screenshot_key(key, "u1", policy)


class TestCreatorProfiles:
    @given(st.text(USERNAME_CHARS, min_size=3, max_size=30))
    def test_usernames_of_the_alphabet_are_accepted(self, username: str) -> None:
        """Any 3 to 30 letters, digits, '_' or '-' is a username, compared lowercased."""
        checked = check_profile(username=username, display_name="K", avatar_url=None, bio="")
        assert username == checked[0]
        assert username_key(username) == username_key(username.upper())

    @given(
        st.text(min_size=0, max_size=40).filter(
            lambda s: (
                not (3 <= len(s.strip()) <= 30) or any(c not in USERNAME_CHARS for c in s.strip())
            )
        )
    )
    def test_other_usernames_are_refused(self, username: str) -> None:
        """Anything else is refused as invalid_profile naming username."""
        with pytest.raises(InvalidCreatorProfile) as failed:
            check_profile(username=username, display_name="K", avatar_url=None, bio="")
        assert ["username"] == [i.path for i in failed.value.issues]
