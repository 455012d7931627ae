"""Bridges from the container to Litestar's dependency injection (no markers in handlers).

Every route module is a Controller (or a static Router of Controllers) that names what it
needs by these keys; :func:`dependencies` is the one place they are bound to the container.
The annotated names below (``Me``, ``Limiter``, …) are the parameter types handlers use.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import anyio
from litestar import Request
from litestar.di import NamedDependency, Provide
from litestar.params import SkipValidation

from designcore.adapters.paystack.sandbox import PaystackSandbox
from designcore.app.container import Container
from designcore.app.http.answers import AnswerCache
from designcore.app.http.fonts import FontSite, load_font_site
from designcore.app.http.inline_checkout import ScriptBundle
from designcore.app.http.templates import CatalogueReads
from designcore.app.http.web import BuiltWebApp
from designcore.app.media import MediaService
from designcore.app.services import CatalogueService, SiteSettingsService
from designcore.app.services.account import AccountService
from designcore.app.services.analytics import AnalyticsService
from designcore.app.services.auth import AuthService, Caller
from designcore.app.services.calendar import CalendarService
from designcore.app.services.creators import CreatorService
from designcore.app.services.designs import DesignService
from designcore.app.services.exports import ExportService
from designcore.app.services.jobs import JobService
from designcore.app.services.logo_maker import LogoMakerService
from designcore.app.services.payments import PaymentService
from designcore.app.services.photo_editor import PhotoEditorService
from designcore.app.services.problem_reports import ProblemReportService
from designcore.app.services.profiles import ProfileService
from designcore.app.services.prompt_designs import PromptDesignService
from designcore.domain.premium import Viewer
from designcore.ports.health import DatabaseHealth
from designcore.ports.mail import Outbox
from designcore.ports.rate_limit import RateLimiter
from designcore.ports.storage import Storage

Me = NamedDependency[Viewer]
"""The caller (``viewer``): anonymous, or the user of the bearer access token."""
Limiter = NamedDependency[SkipValidation[RateLimiter]]
"""The rate limiter (``limiter``); a Protocol, which Litestar cannot check an instance against."""
Mailbox = NamedDependency[SkipValidation[Outbox]]
"""The local outbox (``outbox``); a Protocol, like the limiter."""
DatabaseCheck = NamedDependency[SkipValidation[DatabaseHealth]]
"""Whether the database answers (``database_health``); a Protocol, like the limiter."""

EXPORT_THREADS = 8
"""Worker threads for downloads, apart from the default pool the other sync handlers use: a
crowd of downloads waiting for a render slot never starves them (health among them)."""


def bearer_token(request: Request[Any, Any, Any]) -> str | None:
    """The token of an ``Authorization: Bearer …`` header, if any."""
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def dependencies(container: Container) -> dict[str, Provide]:
    """Litestar dependencies backed by ``container``, one key per service a route needs."""

    def provide_catalogue() -> CatalogueService:
        return container.catalogue_service()

    def provide_site_settings() -> SiteSettingsService:
        return container.site_settings()

    def provide_storage() -> Storage:
        return container.storage()

    def provide_media() -> MediaService:
        return container.media()

    def provide_profiles() -> ProfileService:
        return container.profiles()

    def provide_account() -> AccountService:
        return container.account()

    def provide_creators() -> CreatorService:
        return container.creators()

    def provide_problem_reports() -> ProblemReportService:
        return container.problem_reports()

    def provide_analytics() -> AnalyticsService:
        return container.analytics_service()

    def provide_limiter() -> RateLimiter:
        return container.rate_limiter()

    def provide_database_health() -> DatabaseHealth:
        return container.database_health()

    answers = AnswerCache(
        container.clock(), timedelta(seconds=container.settings().server.cache_seconds)
    )

    def provide_reads() -> CatalogueReads:
        return CatalogueReads(container.catalogue_service(), answers)

    def provide_viewer(request: Request[Any, Any, Any]) -> Viewer:
        return container.authenticator().viewer_for(bearer_token(request))

    def provide_auth() -> AuthService:
        return container.auth()

    def provide_caller(
        request: Request[Any, Any, Any], auth: NamedDependency[AuthService]
    ) -> Caller:
        return auth.sessions.authenticate(bearer_token(request))

    def provide_outbox() -> Outbox:
        return container.outbox()

    def provide_exports() -> ExportService:
        return container.exports()

    def provide_jobs() -> JobService:
        return container.jobs()

    # Made in the event loop on first use: an anyio limiter belongs to the loop that made it.
    export_threads: list[anyio.CapacityLimiter] = []

    def provide_export_threads() -> anyio.CapacityLimiter:
        if not export_threads:
            export_threads.append(anyio.CapacityLimiter(EXPORT_THREADS))
        return export_threads[0]

    def provide_logo_maker() -> LogoMakerService:
        return container.logo_maker()

    def provide_prompt_designs() -> PromptDesignService:
        return container.prompt_designs()

    def provide_photo_editor() -> PhotoEditorService:
        return container.photo_editor()

    def provide_designs() -> DesignService:
        return container.designs()

    def provide_calendar() -> CalendarService:
        return container.calendar()

    def provide_payments() -> PaymentService:
        return container.payments()

    def provide_sandbox() -> PaystackSandbox:
        return container.paystack_sandbox()

    # Hashed once, when the app is made: every font file the manifest names.
    font_site = load_font_site()

    def provide_font_site() -> FontSite:
        return font_site

    checkout_script = ScriptBundle.of(container.settings())

    def provide_checkout_script() -> ScriptBundle:
        return checkout_script

    # Only asked for when create_app serves a build (``settings.web_dist``).
    web_app = BuiltWebApp(container.settings().web_root)

    def provide_web_app() -> BuiltWebApp:
        return web_app

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
        "database_health": Provide(provide_database_health, sync_to_thread=False),
        "analytics_service": Provide(provide_analytics, sync_to_thread=False),
        "auth": Provide(provide_auth, sync_to_thread=False),
        "caller": Provide(provide_caller, sync_to_thread=True),
        "outbox": Provide(provide_outbox, sync_to_thread=False),
        "exports": Provide(provide_exports, sync_to_thread=False),
        "jobs": Provide(provide_jobs, sync_to_thread=False),
        "export_threads": Provide(provide_export_threads, sync_to_thread=False),
        "logo_maker": Provide(provide_logo_maker, sync_to_thread=False),
        "prompt_designs": Provide(provide_prompt_designs, sync_to_thread=False),
        "photo_editor": Provide(provide_photo_editor, sync_to_thread=False),
        "designs": Provide(provide_designs, sync_to_thread=False),
        "calendar": Provide(provide_calendar, sync_to_thread=False),
        "payments": Provide(provide_payments, sync_to_thread=False),
        "sandbox": Provide(provide_sandbox, sync_to_thread=False),
        "font_site": Provide(provide_font_site, sync_to_thread=False),
        "checkout_script": Provide(provide_checkout_script, sync_to_thread=False),
        "web_app": Provide(provide_web_app, sync_to_thread=False),
    }
