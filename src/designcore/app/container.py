"""The composition root: the only place adapters are chosen and built."""

from __future__ import annotations

from pathlib import Path

from dependency_injector import containers, providers
from sqlalchemy import Engine

from designcore.adapters.local_storage import LocalDirectoryStorage
from designcore.adapters.memory import (
    InMemoryPromptLog,
    InMemorySiteSettingsStore,
    InMemoryStorage,
    InMemoryTemplateCatalogue,
    StaticAuthenticator,
    SystemClock,
)
from designcore.adapters.pillow.preview import PillowPreviewRenderer
from designcore.adapters.sqlalchemy import (
    SqlAlchemyPromptLog,
    SqlAlchemySiteSettingsStore,
    SqlAlchemyTemplateCatalogue,
    create_database_engine,
)
from designcore.app.services import CatalogueService, SiteSettingsService
from designcore.app.settings import Settings


def _engine(url: str, schema: str) -> Engine:
    return create_database_engine(url, schema=schema or None)


def _local_storage(root: Path) -> LocalDirectoryStorage:
    return LocalDirectoryStorage(root)


class Container(containers.DeclarativeContainer):
    """Builds every service from :class:`Settings`.

    ``Selector`` providers pick the adapter family from configuration; tests replace parts
    with ``container.<provider>.override(...)``.
    """

    settings = providers.Dependency(instance_of=Settings)

    clock = providers.Singleton(SystemClock)
    engine = providers.Singleton(
        _engine, url=settings.provided.database_url, schema=settings.provided.database.schema
    )

    catalogue = providers.Selector(
        settings.provided.database.backend,
        memory=providers.Singleton(InMemoryTemplateCatalogue),
        sqlalchemy=providers.Singleton(SqlAlchemyTemplateCatalogue, engine=engine),
    )
    site_settings_store = providers.Selector(
        settings.provided.database.backend,
        memory=providers.Singleton(InMemorySiteSettingsStore),
        sqlalchemy=providers.Singleton(SqlAlchemySiteSettingsStore, engine=engine),
    )
    prompt_log = providers.Selector(
        settings.provided.database.backend,
        memory=providers.Singleton(InMemoryPromptLog),
        sqlalchemy=providers.Singleton(SqlAlchemyPromptLog, engine=engine),
    )
    storage = providers.Selector(
        settings.provided.storage.backend,
        memory=providers.Singleton(InMemoryStorage),
        local=providers.Singleton(_local_storage, root=settings.provided.storage_root),
    )
    authenticator = providers.Singleton(StaticAuthenticator)
    preview_renderer = providers.Singleton(PillowPreviewRenderer)

    site_settings = providers.Singleton(SiteSettingsService, store=site_settings_store, clock=clock)
    catalogue_service = providers.Singleton(
        CatalogueService,
        catalogue=catalogue,
        prompts=prompt_log,
        settings=site_settings,
        clock=clock,
    )


def build_container(settings: Settings) -> Container:
    """A container for ``settings``, with its dependencies checked."""
    container = Container(settings=settings)
    container.check_dependencies()
    return container
