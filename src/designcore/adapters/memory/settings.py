"""An in-memory site settings store."""

from __future__ import annotations

from designcore.domain.records import SiteSetting


class InMemorySiteSettingsStore:
    """Keeps settings in a dict."""

    def __init__(self) -> None:
        self._settings: dict[str, SiteSetting] = {}

    def get(self, key: str) -> SiteSetting | None:
        """The setting, if set."""
        return self._settings.get(key)

    def put(self, setting: SiteSetting) -> None:
        """Create or overwrite."""
        self._settings[setting.setting_key] = setting
