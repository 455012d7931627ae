"""The site settings port."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from designcore.domain.pagination import Page, PageRequest
from designcore.domain.records import SiteSetting
from designcore.domain.site_settings import SettingChange


class SiteSettingsStore(Protocol):
    """Stores site-wide settings by key, and the record of their changes."""

    def get(self, key: str) -> SiteSetting | None:
        """The setting, or ``None`` if it was never set."""
        ...

    def all(self) -> Sequence[SiteSetting]:
        """Every stored setting, by key ascending."""
        ...

    def put(self, setting: SiteSetting) -> None:
        """Create or overwrite the setting with this key (recording no change)."""
        ...

    def change(self, setting: SiteSetting, change: SettingChange) -> SettingChange:
        """Create or overwrite the setting and record ``change``, together or not at all;
        answer the change as recorded, with its id. Its ``old_value`` is the value stored when
        the write happened (read in the same transaction, so two changes at once each record
        the value the other left); ``change.old_value`` is kept only when nothing was stored."""
        ...

    def changes(self, request: PageRequest) -> Page[SettingChange]:
        """One page of the recorded changes, newest first (``changed_at`` descending, then
        the later recorded first), with the total count."""
        ...
