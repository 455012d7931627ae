"""Site settings, called on the service directly: defaults, admin-only writes, value checks,
and the record of changes with who made them."""

from __future__ import annotations

from datetime import timedelta

import pytest

from designcore.adapters.memory import FixedClock
from designcore.app import Container
from designcore.app.services.auth import IssuedSession
from designcore.app.services.site_settings import SiteSettingsService
from designcore.domain.errors import NotAllowed, NotFound, ValidationFailed
from designcore.domain.pagination import PageRequest
from designcore.domain.premium import PREMIUM_BUSINESS_MODEL_KEY, Viewer
from designcore.domain.site_settings import (
    COMMUNITY_URL_KEY,
    FOOTER_LINKS_KEY,
    KNOWN_SETTINGS,
    SUPPORT_EMAIL_KEY,
)

ADMIN = Viewer(user_id="u-admin", user_role="admin")
MEMBER = Viewer(user_id="u-member")


@pytest.fixture(name="settings")
def fixture_settings(memory_container: Container) -> SiteSettingsService:
    """The site settings service of the in-memory container."""
    service: SiteSettingsService = memory_container.site_settings()
    return service


class TestReading:
    def test_every_known_setting_has_its_default_before_anyone_stores_one(
        self, settings: SiteSettingsService
    ) -> None:
        """all() answers every known setting in the product's order, each at its default and
        never updated; the premium model is on by default."""
        answered = settings.all()
        assert list(KNOWN_SETTINGS) == [s.setting_key for s in answered]
        assert [k.default for k in KNOWN_SETTINGS.values()] == [s.setting_value for s in answered]
        assert {None} == {s.updated_at for s in answered}
        assert settings.premium_model_enabled()

    def test_an_unknown_key_is_not_found(self, settings: SiteSettingsService) -> None:
        """Reading or writing a key the product does not know is setting_not_found."""
        with pytest.raises(NotFound) as read:
            settings.get("colour_of_the_sky")
        with pytest.raises(NotFound) as written:
            settings.set("colour_of_the_sky", "blue", by=ADMIN)
        assert {"setting_not_found"} == {read.value.code, written.value.code}

    def test_ensure_defaults_stores_only_what_was_never_set(
        self, settings: SiteSettingsService, clock: FixedClock
    ) -> None:
        """ensure_defaults stores the defaults of unset keys and keeps a stored value."""
        settings.set(COMMUNITY_URL_KEY, "https://community.example", by=ADMIN)
        clock.advance(timedelta(hours=1))
        settings.ensure_defaults()
        assert "https://community.example" == settings.get(COMMUNITY_URL_KEY).setting_value
        assert clock.now() == settings.get(SUPPORT_EMAIL_KEY).updated_at
        assert 1 == settings.changes(PageRequest(1, 10), by=ADMIN).total_count


class TestWriting:
    def test_an_admin_change_is_stored_and_recorded(
        self, settings: SiteSettingsService, clock: FixedClock
    ) -> None:
        """A change answers the stored setting with when and by whom, and the record keeps
        the value it replaced (the default the first time)."""
        stored = settings.set(PREMIUM_BUSINESS_MODEL_KEY, False, by=ADMIN)
        assert (False, clock.now(), "u-admin") == (
            stored.setting_value,
            stored.updated_at,
            stored.updated_by,
        )
        assert not settings.premium_model_enabled()
        (change,) = settings.changes(PageRequest(1, 10), by=ADMIN).items
        assert (PREMIUM_BUSINESS_MODEL_KEY, True, False, "u-admin") == (
            change.setting_key,
            change.old_value,
            change.new_value,
            change.changed_by,
        )

    def test_changes_are_newest_first_and_paged(
        self, settings: SiteSettingsService, clock: FixedClock
    ) -> None:
        """Each change is recorded; the record answers newest first, a page at a time."""
        for address in ("a@example.com", "b@example.com", "c@example.com"):
            settings.set(SUPPORT_EMAIL_KEY, address, by=ADMIN)
            clock.advance(timedelta(minutes=1))
        page = settings.changes(PageRequest(1, 2), by=ADMIN)
        assert [("b@example.com", "c@example.com"), ("a@example.com", "b@example.com")] == [
            (c.old_value, c.new_value) for c in page.items
        ]
        assert (3, True) == (page.total_count, page.has_more)

    def test_the_operator_cli_changes_without_a_viewer(self, settings: SiteSettingsService) -> None:
        """by=None (the operator's command line) may change a setting; nobody is named."""
        settings.set(FOOTER_LINKS_KEY, [], by=None)
        (change,) = settings.changes(PageRequest(1, 10), by=ADMIN).items
        assert (None, None) == (change.changed_by, change.changed_by_email)

    def test_the_record_names_the_admins_email(
        self, memory_container: Container, settings: SiteSettingsService, ada: IssuedSession
    ) -> None:
        """A change by an administrator with an account records their e-mail address."""
        settings.set(COMMUNITY_URL_KEY, None, by=Viewer(user_id=ada.user.id, user_role="admin"))
        (change,) = settings.changes(PageRequest(1, 10), by=ADMIN).items
        assert "ada@example.com" == change.changed_by_email

    def test_members_may_neither_change_nor_read_the_record(
        self, settings: SiteSettingsService
    ) -> None:
        """A member's change and a read of the record are admin_only; nothing is stored."""
        with pytest.raises(NotAllowed) as changed:
            settings.set(PREMIUM_BUSINESS_MODEL_KEY, False, by=MEMBER)
        with pytest.raises(NotAllowed) as read:
            settings.changes(PageRequest(1, 10), by=MEMBER)
        assert {"admin_only"} == {changed.value.code, read.value.code}
        assert settings.premium_model_enabled()

    @pytest.mark.parametrize(
        ("key", "value"),
        [
            (PREMIUM_BUSINESS_MODEL_KEY, "yes"),
            (COMMUNITY_URL_KEY, "javascript:alert(1)"),
            (SUPPORT_EMAIL_KEY, "not an address"),
            (FOOTER_LINKS_KEY, "https://example.com"),
        ],
    )
    def test_a_value_the_setting_cannot_hold_is_refused(
        self, settings: SiteSettingsService, key: str, value: object
    ) -> None:
        """A value of the wrong kind is ValidationFailed and changes nothing."""
        before = settings.get(key)
        with pytest.raises(ValidationFailed):
            settings.set(key, value, by=ADMIN)
        assert before == settings.get(key)
        assert 0 == settings.changes(PageRequest(1, 10), by=ADMIN).total_count
