"""Site settings use cases: reading the premium switch, admin-only writes."""

from __future__ import annotations

from typing import Any

from designcore.domain.errors import FieldIssue, NotAllowed, NotFound, ValidationFailed
from designcore.domain.premium import (
    PREMIUM_BUSINESS_MODEL_DEFAULT,
    PREMIUM_BUSINESS_MODEL_KEY,
    Viewer,
    premium_model_enabled,
)
from designcore.domain.records import SiteSetting
from designcore.ports.clock import Clock
from designcore.ports.settings import SiteSettingsStore

KNOWN_SETTINGS: dict[str, type] = {PREMIUM_BUSINESS_MODEL_KEY: bool}
"""Settings the product reads, with the JSON type each must hold."""
DEFAULTS: dict[str, Any] = {PREMIUM_BUSINESS_MODEL_KEY: PREMIUM_BUSINESS_MODEL_DEFAULT}
"""What each known setting is while nobody has stored it."""


class SiteSettingsService:
    """Reads and changes site-wide settings."""

    def __init__(self, store: SiteSettingsStore, clock: Clock) -> None:
        self._store = store
        self._clock = clock

    def get(self, key: str) -> SiteSetting:
        """A setting by key, or its default (with no ``updated_at``) while nobody has stored
        it. Raises ``NotFound`` for a key the product does not know."""
        self._check_key(key)
        setting = self._store.get(key)
        return setting or SiteSetting(setting_key=key, setting_value=DEFAULTS[key])

    def premium_model_enabled(self) -> bool:
        """Whether premium gating applies: the stored value is exactly true, or nothing is
        stored (the default is on)."""
        return premium_model_enabled(self.get(PREMIUM_BUSINESS_MODEL_KEY).setting_value)

    def set(self, key: str, value: Any, *, by: Viewer | None) -> SiteSetting:
        """Change a setting. ``by`` is the viewer, or ``None`` for the operator's CLI.

        Raises ``NotAllowed`` unless the viewer is an admin, ``ValidationFailed`` when the
        value has the wrong type.
        """
        if by is not None and not by.is_admin:
            raise NotAllowed("only administrators can change site settings", code="admin_only")
        expected = self._check_key(key)
        if type(value) is not expected:
            raise ValidationFailed(
                (FieldIssue("setting_value", f"must be a JSON {expected.__name__}"),)
            )
        setting = SiteSetting(
            setting_key=key,
            setting_value=value,
            updated_at=self._clock.now(),
            updated_by=None if by is None else by.user_id,
        )
        self._store.put(setting)
        return setting

    def ensure_defaults(self) -> None:
        """Store the default of every known setting that was never set, so the table shows
        what applies (reading works the same without it)."""
        for key, value in DEFAULTS.items():
            if self._store.get(key) is None:
                self._store.put(
                    SiteSetting(setting_key=key, setting_value=value, updated_at=self._clock.now())
                )

    @staticmethod
    def _check_key(key: str) -> type:
        try:
            return KNOWN_SETTINGS[key]
        except KeyError:
            raise NotFound(f"no site setting {key!r}", code="setting_not_found") from None
