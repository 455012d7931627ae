"""Contracts of SiteSettingsStore and PromptLog: memory, SQLite and PostgreSQL alike."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import sqlalchemy as sa

from designcore.adapters.memory import InMemoryPromptLog, InMemorySiteSettingsStore
from designcore.adapters.sqlalchemy import SqlAlchemyPromptLog, SqlAlchemySiteSettingsStore
from designcore.ports.prompts import PromptLog
from designcore.ports.settings import SiteSettingsStore
from designcore.testing.contracts import PromptLogContract, SiteSettingsContract

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


class TestSiteSettings(SiteSettingsContract):
    """The suite of designcore.testing.contracts on each implementation of the port."""


class TestPromptLog(PromptLogContract):
    """The suite of designcore.testing.contracts on each implementation of the port."""
