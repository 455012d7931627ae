"""Bridges from the container to Litestar's dependency injection (no markers in handlers)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from litestar import Request
from litestar.di import Provide

from designcore.app.container import Container
from designcore.app.http.answers import AnswerCache
from designcore.app.http.templates import CatalogueReads
from designcore.app.media import MediaService
from designcore.app.services import CatalogueService, SiteSettingsService
from designcore.app.services.account import AccountService
from designcore.app.services.analytics import AnalyticsService
from designcore.app.services.creators import CreatorService
from designcore.app.services.problem_reports import ProblemReportService
from designcore.app.services.profiles import ProfileService
from designcore.domain.premium import Viewer
from designcore.ports.rate_limit import RateLimiter
from designcore.ports.storage import Storage


def bearer_token(request: Request[Any, Any, Any]) -> str | None:
    """The token of an ``Authorization: Bearer …`` header, if any."""
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def dependencies(container: Container) -> dict[str, Provide]:
    """Litestar dependencies backed by ``container``."""

    def provide_catalogue() -> CatalogueService:
        return container.catalogue_service()

    def provide_site_settings() -> SiteSettingsService:
        return container.site_settings()

    def provide_storage() -> Storage:
        storage: Storage = container.storage()
        return storage

    def provide_media() -> MediaService:
        media: MediaService = container.media()
        return media

    def provide_profiles() -> ProfileService:
        return container.profiles()

    def provide_account() -> AccountService:
        return container.account()

    def provide_creators() -> CreatorService:
        return container.creators()

    def provide_problem_reports() -> ProblemReportService:
        return container.problem_reports()

    def provide_analytics() -> AnalyticsService:
        service: AnalyticsService = container.analytics_service()
        return service

    def provide_limiter() -> RateLimiter:
        limiter: RateLimiter = container.rate_limiter()
        return limiter

    answers = AnswerCache(
        container.clock(), timedelta(seconds=container.settings().server.cache_seconds)
    )

    def provide_reads() -> CatalogueReads:
        return CatalogueReads(container.catalogue_service(), answers)

    def provide_viewer(request: Request[Any, Any, Any]) -> Viewer:
        viewer: Viewer = container.authenticator().viewer_for(bearer_token(request))
        return viewer

    return {
        "catalogue": Provide(provide_catalogue, sync_to_thread=False),
        "reads": Provide(provide_reads, sync_to_thread=False),
        "site_settings": Provide(provide_site_settings, sync_to_thread=False),
        "storage": Provide(provide_storage, sync_to_thread=False),
        "media": Provide(provide_media, sync_to_thread=False),
        "viewer": Provide(provide_viewer, sync_to_thread=True),
        "profiles": Provide(provide_profiles, sync_to_thread=False),
        "account": Provide(provide_account, sync_to_thread=False),
        "problem_reports": Provide(provide_problem_reports, sync_to_thread=False),
        "creators": Provide(provide_creators, sync_to_thread=False),
        "limiter": Provide(provide_limiter, sync_to_thread=False),
        "analytics_service": Provide(provide_analytics, sync_to_thread=False),
    }
