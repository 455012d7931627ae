"""The site settings port."""

from __future__ import annotations

from typing import Protocol

from designcore.domain.records import SiteSetting


class SiteSettingsStore(Protocol):
    """Stores site-wide settings by key."""

    def get(self, key: str) -> SiteSetting | None:
        """The setting, or ``None`` if it was never set."""
        ...

    def put(self, setting: SiteSetting) -> None:
        """Create or overwrite the setting with this key."""
        ...
