"""An in-memory site settings store."""

from __future__ import annotations

import threading
from collections.abc import Sequence

import attrs

from designcore.domain.pagination import Page, PageRequest
from designcore.domain.records import SiteSetting
from designcore.domain.site_settings import SettingChange


class InMemorySiteSettingsStore:
    """Keeps settings in a dict and changes in a list."""

    def __init__(self) -> None:
        self._settings: dict[str, SiteSetting] = {}
        self._changes: list[SettingChange] = []
        self._lock = threading.Lock()

    def get(self, key: str) -> SiteSetting | None:
        """The setting, if set."""
        return self._settings.get(key)

    def all(self) -> Sequence[SiteSetting]:
        """Every stored setting, by key."""
        return [self._settings[key] for key in sorted(self._settings)]

    def put(self, setting: SiteSetting) -> None:
        """Create or overwrite."""
        self._settings[setting.setting_key] = setting

    def change(self, setting: SiteSetting, change: SettingChange) -> SettingChange:
        """Overwrite and record the change."""
        with self._lock:
            stored = self._settings.get(setting.setting_key)
            old = change.old_value if stored is None else stored.setting_value
            recorded = attrs.evolve(change, id=len(self._changes) + 1, old_value=old)
            self._settings[setting.setting_key] = setting
            self._changes.append(recorded)
            return recorded

    def changes(self, request: PageRequest) -> Page[SettingChange]:
        """Newest first."""
        with self._lock:
            ordered = sorted(self._changes, key=lambda c: (c.changed_at, c.id or 0), reverse=True)
        return Page.slice(ordered, request)
