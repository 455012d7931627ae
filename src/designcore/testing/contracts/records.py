"""The contracts of :class:`~designcore.ports.settings.SiteSettingsStore` (the site's
settings with their history) and :class:`~designcore.ports.prompts.PromptLog` (what people
searched for and asked the designer for).

Subclass :class:`SiteSettingsContract` and give it a ``settings_store`` fixture, or
:class:`PromptLogContract` and give it a ``prompt_log`` fixture, each answering a new, empty
store of your adapter.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from designcore.domain.pagination import PageRequest
from designcore.domain.records import DesignPrompt, SearchPrompt, SiteSetting
from designcore.domain.site_settings import SettingChange
from designcore.ports.prompts import PromptLog
from designcore.ports.settings import SiteSettingsStore
from designcore.testing._requires import missing
from designcore.testing.builders import EPOCH

try:
    import pytest
except ModuleNotFoundError as error:  # pragma: no cover - depends on the installation
    raise missing("pytest", __name__, error) from error

__all__ = ["PromptLogContract", "SiteSettingsContract"]


class _SiteSettings:
    def test_unset_key_is_none(self, settings_store: SiteSettingsStore) -> None:
        """A key never written reads as None."""
        assert settings_store.get("premium_business_model_enabled") is None

    @pytest.mark.parametrize("value", [True, False, 0, "true", None, {"a": [1, 2]}])
    def test_round_trips_json_values_exactly(
        self, settings_store: SiteSettingsStore, value: object
    ) -> None:
        """The stored value comes back with its JSON type (true is not "true" or 1)."""
        setting = SiteSetting(
            setting_key="k", setting_value=value, updated_at=EPOCH, updated_by="u1"
        )
        settings_store.put(setting)
        got = settings_store.get("k")
        assert got is not None
        assert setting == got
        assert type(value) is type(got.setting_value)

    def test_put_overwrites(self, settings_store: SiteSettingsStore) -> None:
        """A second put replaces the first."""
        settings_store.put(SiteSetting(setting_key="k", setting_value=True))
        settings_store.put(SiteSetting(setting_key="k", setting_value=False))
        got = settings_store.get("k")
        assert got is not None
        assert got.setting_value is False

    def test_all_lists_stored_settings_by_key(self, settings_store: SiteSettingsStore) -> None:
        """all() answers every stored setting, by key ascending."""
        settings_store.put(SiteSetting(setting_key="b", setting_value=[1]))
        settings_store.put(SiteSetting(setting_key="a", setting_value=None))
        assert ["a", "b"] == [s.setting_key for s in settings_store.all()]
        assert [None, [1]] == [s.setting_value for s in settings_store.all()]

    def test_change_stores_the_setting_and_records_the_change(
        self, settings_store: SiteSettingsStore
    ) -> None:
        """change() overwrites the setting and records old and new values with an id."""
        setting = SiteSetting(setting_key="k", setting_value=False, updated_at=EPOCH)
        recorded = settings_store.change(setting, _change("k", True, False, EPOCH))
        assert recorded.id is not None
        assert setting == settings_store.get("k")
        page = settings_store.changes(PageRequest(1, 10))
        assert (1, (recorded,)) == (page.total_count, page.items)
        assert (True, False, "u1", "ada@example.com") == (
            recorded.old_value,
            recorded.new_value,
            recorded.changed_by,
            recorded.changed_by_email,
        )

    def test_change_records_the_value_it_replaced(self, settings_store: SiteSettingsStore) -> None:
        """The recorded old value is what was stored at the write, whatever the caller read
        before; with nothing stored, the caller's (the default) is kept."""
        first = settings_store.change(
            SiteSetting(setting_key="k", setting_value=1), _change("k", "default", 1, EPOCH)
        )
        second = settings_store.change(
            SiteSetting(setting_key="k", setting_value=2), _change("k", "stale", 2, EPOCH)
        )
        assert ("default", 1) == (first.old_value, second.old_value)
        assert [1, "default"] == [
            c.old_value for c in settings_store.changes(PageRequest(1, 10)).items
        ]

    def test_changes_page_newest_first(self, settings_store: SiteSettingsStore) -> None:
        """Changes read newest first; at one moment the later recorded comes first; pages cut
        the whole without overlap."""
        for n, at in enumerate([EPOCH, EPOCH + timedelta(hours=2), EPOCH, EPOCH + timedelta(1)]):
            settings_store.change(
                SiteSetting(setting_key="k", setting_value=n), _change("k", None, n, at)
            )
        first = settings_store.changes(PageRequest(1, 3))
        second = settings_store.changes(PageRequest(2, 3))
        assert [3, 1, 2] == [c.new_value for c in first.items]
        assert [0] == [c.new_value for c in second.items]
        assert (4, True, False) == (first.total_count, first.has_more, second.has_more)


def _change(key: str, old: object, new: object, at: datetime) -> SettingChange:
    return SettingChange(
        setting_key=key,
        old_value=old,
        new_value=new,
        changed_by="u1",
        changed_by_email="ada@example.com",
        changed_at=at,
    )


class _PromptLog:
    def test_search_prompts_get_ids_and_read_newest_first(self, prompt_log: PromptLog) -> None:
        """Each stored search prompt gets an id; reads are newest first."""
        first = prompt_log.add_search_prompt(
            SearchPrompt(search_term="church flyer", user_id=None, created_at=EPOCH)
        )
        second = prompt_log.add_search_prompt(
            SearchPrompt(search_term="owambe", user_id="u1", created_at=EPOCH + timedelta(1))
        )
        assert first.id is not None
        assert second.id is not None
        assert first.id != second.id
        assert [second, first] == list(prompt_log.recent_search_prompts(10))
        assert [second] == list(prompt_log.recent_search_prompts(1))

    def test_design_prompts_round_trip(self, prompt_log: PromptLog) -> None:
        """Design prompts keep their category and sub-category (or None)."""
        stored = prompt_log.add_design_prompt(
            DesignPrompt(
                prompt="Flyer for my 60th",
                category="Birthdays",
                sub_category="60th",
                created_at=EPOCH,
            )
        )
        bare = prompt_log.add_design_prompt(DesignPrompt(prompt="Anything", created_at=EPOCH))
        assert [bare, stored] == list(prompt_log.recent_design_prompts(5))


class _SearchTermCounts:
    def test_most_searched_first_within_the_period(self, prompt_log: PromptLog) -> None:
        """Terms are counted over the period only, most searched first, ties by term."""
        for term, minutes in [
            ("flyer", 1),
            ("flyer", 2),
            ("logo", 3),
            ("church", 4),
            ("flyer", -5),
            ("logo", 90),
        ]:
            prompt_log.add_search_prompt(
                SearchPrompt(search_term=term, created_at=EPOCH + timedelta(minutes=minutes))
            )
        counts = prompt_log.search_term_counts(EPOCH, EPOCH + timedelta(minutes=60), 10)
        assert [("flyer", 2), ("church", 1), ("logo", 1)] == list(counts)
        assert [("flyer", 2)] == list(
            prompt_log.search_term_counts(EPOCH, EPOCH + timedelta(minutes=60), 1)
        )


class SiteSettingsContract(_SiteSettings):
    """Every rule of a site settings store. A subclass gives it a ``settings_store`` fixture
    answering a new, empty store."""


class PromptLogContract(_PromptLog, _SearchTermCounts):
    """Every rule of a prompt log. A subclass gives it a ``prompt_log`` fixture answering a new,
    empty log."""
