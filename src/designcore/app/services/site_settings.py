"""Site settings use cases: reading every setting, admin-only writes, the record of changes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from designcore.domain.errors import NotAllowed, NotFound
from designcore.domain.pagination import Page, PageRequest
from designcore.domain.premium import PREMIUM_BUSINESS_MODEL_KEY, Viewer, premium_model_enabled
from designcore.domain.records import SiteSetting
from designcore.domain.site_settings import (
    KNOWN_SETTINGS,
    KnownSetting,
    SettingChange,
    check_setting_value,
)
from designcore.ports.clock import Clock
from designcore.ports.settings import SiteSettingsStore

DEFAULTS: dict[str, Any] = {key: known.default for key, known in KNOWN_SETTINGS.items()}
"""What each known setting is while nobody has stored it."""


def _no_email(_user_id: str) -> str | None:
    return None


class SiteSettingsService:
    """Reads and changes site-wide settings; every change is recorded with who made it."""

    def __init__(
        self,
        store: SiteSettingsStore,
        clock: Clock,
        email_of: Callable[[str], str | None] = _no_email,
    ) -> None:
        self._store = store
        self._clock = clock
        self._email_of = email_of

    def get(self, key: str) -> SiteSetting:
        """A setting by key, or its default (with no ``updated_at``) while nobody has stored
        it. Raises ``NotFound`` for a key the product does not know."""
        known = self._known(key)
        setting = self._store.get(key)
        return setting or SiteSetting(setting_key=key, setting_value=known.default)

    def all(self) -> Sequence[SiteSetting]:
        """Every known setting, stored or default, in the order Site Settings shows them."""
        stored = {s.setting_key: s for s in self._store.all()}
        return [
            stored.get(key) or SiteSetting(setting_key=key, setting_value=known.default)
            for key, known in KNOWN_SETTINGS.items()
        ]

    def premium_model_enabled(self) -> bool:
        """Whether premium gating applies: the stored value is exactly true, or nothing is
        stored (the default is on)."""
        return premium_model_enabled(self.get(PREMIUM_BUSINESS_MODEL_KEY).setting_value)

    def set(self, key: str, value: Any, *, by: Viewer | None) -> SiteSetting:
        """Change a setting and record the change. ``by`` is the viewer, or ``None`` for the
        operator's CLI.

        Raises ``NotAllowed`` unless the viewer is an admin, ``NotFound`` for an unknown key,
        ``ValidationFailed`` when the value is not one the setting may hold.
        """
        self._admin(by, "only administrators can change site settings")
        known = self._known(key)
        check_setting_value(known, value)
        before = self.get(key)
        now = self._clock.now()
        user_id = None if by is None else by.user_id
        setting = SiteSetting(
            setting_key=key, setting_value=value, updated_at=now, updated_by=user_id
        )
        self._store.change(  # the store records the value it replaces, read in its transaction
            setting,
            SettingChange(
                setting_key=key,
                old_value=before.setting_value,
                new_value=value,
                changed_by=user_id,
                changed_by_email=None if user_id is None else self._email_of(user_id),
                changed_at=now,
            ),
        )
        return setting

    def changes(self, request: PageRequest, *, by: Viewer) -> Page[SettingChange]:
        """The recorded changes, newest first (administrators only)."""
        self._admin(by, "only administrators can read the changes of site settings")
        return self._store.changes(request)

    def ensure_defaults(self) -> None:
        """Store the default of every known setting that was never set, so the table shows
        what applies (reading works the same without it)."""
        for key, value in DEFAULTS.items():
            if self._store.get(key) is None:
                self._store.put(
                    SiteSetting(setting_key=key, setting_value=value, updated_at=self._clock.now())
                )

    @staticmethod
    def _admin(by: Viewer | None, message: str) -> None:
        if by is not None and not by.is_admin:
            raise NotAllowed(message, code="admin_only")

    @staticmethod
    def _known(key: str) -> KnownSetting:
        try:
            return KNOWN_SETTINGS[key]
        except KeyError:
            raise NotFound(f"no site setting {key!r}", code="setting_not_found") from None
