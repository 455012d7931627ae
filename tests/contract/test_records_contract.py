"""Contracts of SiteSettingsStore and PromptLog: memory, SQLite and PostgreSQL alike."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
import sqlalchemy as sa

from designcore.adapters.memory import InMemoryPromptLog, InMemorySiteSettingsStore
from designcore.adapters.sqlalchemy import SqlAlchemyPromptLog, SqlAlchemySiteSettingsStore
from designcore.domain.records import DesignPrompt, SearchPrompt, SiteSetting
from designcore.ports.prompts import PromptLog
from designcore.ports.settings import SiteSettingsStore
from support import EPOCH

IMPLEMENTATIONS = ["memory", "sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)]


@pytest.fixture(name="settings_store", params=IMPLEMENTATIONS)
def fixture_settings_store(request: pytest.FixtureRequest) -> Iterator[SiteSettingsStore]:
    """Every implementation of the settings port."""
    if request.param == "memory":
        yield InMemorySiteSettingsStore()
        return
    engine: sa.Engine = request.getfixturevalue(f"{request.param}_engine")
    yield SqlAlchemySiteSettingsStore(engine)


@pytest.fixture(name="prompt_log", params=IMPLEMENTATIONS)
def fixture_prompt_log(request: pytest.FixtureRequest) -> Iterator[PromptLog]:
    """Every implementation of the prompt log port."""
    if request.param == "memory":
        yield InMemoryPromptLog()
        return
    engine: sa.Engine = request.getfixturevalue(f"{request.param}_engine")
    yield SqlAlchemyPromptLog(engine)


class TestSiteSettings:
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


class TestPromptLog:
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
